//! What the commands print to a terminal: text from files (names, descriptions, layer names) may
//! hold control characters, and a raw escape sequence could move the cursor, recolour or retitle
//! the terminal. Every command's standard output goes through `Escaped`.

use std::io::{self, Write};

/// Passes text through with every control character written as an escape (`\u{1b}`), except the
/// line breaks and tabs the commands write themselves.
pub struct Escaped<W: Write>(pub W);

fn unsafe_char(c: char) -> bool {
    crate::format::unseen(c) && !matches!(c, '\n' | '\t')
}

impl<W: Write> Write for Escaped<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        // Formatting writes whole `str` pieces, so a buffer never ends inside a character.
        let text = String::from_utf8_lossy(buf);
        if !text.chars().any(unsafe_char) {
            self.0.write_all(buf)?;
            return Ok(buf.len());
        }
        let mut shown = String::with_capacity(buf.len() + 16);
        for c in text.chars() {
            if unsafe_char(c) {
                shown.extend(c.escape_default());
            } else {
                shown.push(c);
            }
        }
        self.0.write_all(shown.as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_line_breaks_kept() {
        let mut out = Escaped(Vec::new());
        let written = writeln!(out, "name \u{1b}[2J\u{7}\r\u{9b}31m\tend");
        assert!(written.is_ok());
        assert_eq!(
            String::from_utf8_lossy(&out.0),
            "name \\u{1b}[2J\\u{7}\\r\\u{9b}31m\tend\n"
        );
        // A bidi override would show the rest of the line turned round.
        let mut out = Escaped(Vec::new());
        assert!(write!(out, "a\u{202e}b\u{2066}c").is_ok());
        assert_eq!(String::from_utf8_lossy(&out.0), "a\\u{202e}b\\u{2066}c");
    }
}
