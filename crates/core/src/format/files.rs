//! Files as bytes: reading a capped amount of UTF-8 text, and saving so that a crash never leaves
//! a half-written file.

use super::error::{ErrorKind, LoadError, io_error};
use super::locate;
use std::io::{Read, Write};
use std::path::Path;

/// Files larger than this are refused before they are read: no tile or course comes near it.
pub const MAX_FILE_BYTES: u64 = 8 * 1024 * 1024;

/// Decodes file bytes as UTF-8, reporting the line and column of the first bad byte.
pub fn decode_utf8(file: &str, bytes: Vec<u8>) -> Result<String, LoadError> {
    String::from_utf8(bytes).map_err(|e| {
        let pos = e.utf8_error().valid_up_to();
        let bytes = e.into_bytes();
        let (line, column) = locate::line_col(&String::from_utf8_lossy(&bytes[..pos]), pos);
        LoadError {
            file: file.to_string(),
            line,
            column,
            message: "the file is not UTF-8 text: tiles and courses are UTF-8 JSON".to_string(),
            kind: ErrorKind::Unreadable,
        }
    })
}

/// Reads a file as text, refusing anything larger than `MAX_FILE_BYTES` without reading it all.
pub fn read_text(path: &Path) -> Result<String, LoadError> {
    let file = path.display().to_string();
    let f = std::fs::File::open(path).map_err(|e| io_error(&file, format!("cannot open: {e}")))?;
    let mut bytes = Vec::new();
    f.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io_error(&file, format!("cannot read: {e}")))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(io_error(
            &file,
            format!(
                "the file is larger than {} MiB, far more than any tile or course",
                MAX_FILE_BYTES / (1024 * 1024)
            ),
        ));
    }
    decode_utf8(&file, bytes)
}

/// Writes `contents` next to `path` and renames it into place, so that a crash mid-save never
/// leaves a half-written file where the user's work was.
pub fn save_atomic(path: &Path, contents: impl AsRef<[u8]>) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".to_string());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(contents.as_ref())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
