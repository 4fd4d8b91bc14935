//! Files as bytes: reading a capped amount of UTF-8 text from regular files only, and the one
//! write routine of the program, a save that never leaves a half-written or lost file.

use super::error::{ErrorKind, LoadError, io_error};
use super::locate;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

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

/// Reads a file as text, refusing anything larger than `MAX_FILE_BYTES` without reading it all,
/// and anything that is not a regular file (a named pipe would block the reader for ever, a
/// device never ends) without waiting on it.
pub fn read_text(path: &Path) -> Result<String, LoadError> {
    let file = path.display().to_string();
    let f = open_regular(path).map_err(|e| io_error(&file, e))?;
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

/// Opens `path` for reading if it is a regular file. The open itself does not block on a pipe
/// (O_NONBLOCK); the check is made on the opened file, so a swap after a first look is caught too.
fn open_regular(path: &Path) -> Result<File, String> {
    let first = fs::metadata(path).map_err(|e| format!("cannot open: {e}"))?;
    let cannot = |m: String| format!("cannot read: {m}");
    not_special(&first.file_type()).map_err(cannot)?;
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let f = options
        .open(path)
        .map_err(|e| format!("cannot open: {e}"))?;
    let meta = f.metadata().map_err(|e| format!("cannot open: {e}"))?;
    not_special(&meta.file_type()).map_err(cannot)?;
    Ok(f)
}

/// `Err` with a message unless `kind` is a regular file.
fn not_special(kind: &fs::FileType) -> Result<(), String> {
    if kind.is_file() {
        Ok(())
    } else if kind.is_dir() {
        Err("this is a folder, not a file".to_string())
    } else {
        Err(
            "this is a device, a named pipe or a socket, not a regular file: it is not read"
                .to_string(),
        )
    }
}

/// Saves `contents` to `path` so that the old file or the new one is there at every moment:
/// written to a fresh temporary file (random name, created exclusively) in the same folder,
/// flushed to disk, given the old file's permissions, renamed over the target, and the folder
/// flushed. A symbolic link is followed and the file it names replaced, the link kept (as vim and
/// Tiled do). Folders, devices, pipes and sockets are refused, never replaced. On an error no
/// temporary file is left behind.
pub fn save_atomic(path: &Path, contents: impl AsRef<[u8]>) -> io::Result<()> {
    save_atomic_with(path, |f| f.write_all(contents.as_ref()))
}

/// `save_atomic` for contents written piece by piece: `write` fills the temporary file; if it
/// fails, the temporary file is removed and the target left as it was.
pub fn save_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let target = follow_links(path)?;
    let old = match fs::metadata(&target) {
        Ok(m) => {
            not_special(&m.file_type())
                .map_err(|m| io::Error::new(io::ErrorKind::InvalidInput, m))?;
            Some(m)
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    let dir = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".to_string());
    let (tmp, mut f) = create_temp(&dir, &name, old.is_some())?;
    let written = (|| {
        write(&mut f)?;
        if let Some(old) = &old {
            keep_owner_and_mode(&f, old)?;
        }
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, &target)
    })();
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    sync_dir(&dir)
}

/// The file a chain of symbolic links ends at (the path itself when it is no link). A link to a
/// file that does not exist yet names the file to create.
fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    // The kernel's own limit on links followed in one lookup.
    for _ in 0..40 {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = fs::read_link(&p)?;
                p = if to.is_absolute() {
                    to
                } else {
                    p.parent().unwrap_or(Path::new("")).join(to)
                };
            }
            _ => return Ok(p),
        }
    }
    Err(io::Error::other(
        "too many symbolic links in a row (a loop?)",
    ))
}

/// A new temporary file beside the target, named `.NAME.RANDOM.tmp` and created with O_EXCL, so
/// no other program's file (or link planted under a guessed name) is ever opened. It starts
/// readable by its owner only when it replaces a file whose mode is copied later; a new file gets
/// the usual mode less the umask.
fn create_temp(dir: &Path, name: &str, replaces: bool) -> io::Result<(PathBuf, File)> {
    let mut last = None;
    for attempt in 0..16u32 {
        let tmp = dir.join(format!(".{name}.{:016x}.tmp", random_word(attempt)));
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(if replaces { 0o600 } else { 0o666 });
        }
        #[cfg(not(unix))]
        let _ = replaces;
        match options.open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no free temporary file name")))
}

/// 64 unpredictable bits: the standard library seeds `RandomState` from the operating system.
fn random_word(attempt: u32) -> u64 {
    use std::hash::BuildHasher;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    std::collections::hash_map::RandomState::new().hash_one((nanos, std::process::id(), attempt))
}

/// Gives the new file the old one's permissions (and owner, where we may).
fn keep_owner_and_mode(f: &File, old: &fs::Metadata) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        // Only root may give a file away; for anyone else the owner is already theirs.
        let _ = std::os::unix::fs::fchown(f, Some(old.uid()), Some(old.gid()));
    }
    f.set_permissions(old.permissions())
}

/// Flushes the folder, so the rename itself survives a power cut.
fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        match File::open(dir).and_then(|d| d.sync_all()) {
            // Some file systems cannot flush a folder; the rename is done all the same.
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::InvalidInput | io::ErrorKind::Unsupported
                ) =>
            {
                Ok(())
            }
            other => other,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

/// Whether two paths name the same file (links followed); false when either does not exist.
pub fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(ma), Ok(mb)) = (fs::metadata(a), fs::metadata(b)) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        ma.dev() == mb.dev() && ma.ino() == mb.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = (ma, mb);
        fs::canonicalize(a).ok() == fs::canonicalize(b).ok()
    }
}

/// `Err` with a message when `output` is one of the files a command reads: writing it would
/// destroy the input before (or while) it is used. Commands made to rewrite their input do not ask.
pub fn refuse_input_as_output(output: &Path, inputs: &[&Path]) -> Result<(), String> {
    match inputs.iter().find(|i| same_file(output, i)) {
        Some(input) => Err(format!(
            "{}: cannot write: this is the input file {}; it is left unchanged (write the output to another file)",
            output.display(),
            input.display()
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
#[path = "files_tests.rs"]
mod tests;
