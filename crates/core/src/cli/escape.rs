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

/// JSON text (`serde_json`'s) with every character `Escaped` would rewrite written as a JSON
/// escape (`\u202e`; a pair of them past U+FFFF) instead: the same JSON, in which `Escaped`
/// finds nothing to rewrite. Without it a name holding a bidi mark or a C1 control came out as
/// `\u{202e}`, which no JSON reader takes. Such characters only occur inside strings (serde_json
/// writes its own whitespace as spaces and line breaks, and escapes the C0 controls itself).
pub fn json_safe(json: &str) -> std::borrow::Cow<'_, str> {
    if !json.chars().any(unsafe_char) {
        return std::borrow::Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if unsafe_char(c) {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_with_bidi_marks_and_c1_controls_stays_json_that_reads_back_the_same() {
        let name = "a\u{202e}evil\u{202c} \u{200f}\u{5e9}\u{9b}31m\u{7f}\u{1b}[2J\u{2066}\ttab";
        let Ok(json) = serde_json::to_string_pretty(&serde_json::json!({ "course": name })) else {
            panic!("serialises")
        };
        let safe = json_safe(&json);
        assert!(!safe.chars().any(unsafe_char), "{safe}");
        // What `Escaped` then writes is the same text, and reads back as the name.
        let mut out = Escaped(Vec::new());
        assert!(write!(out, "{safe}").is_ok());
        let written = String::from_utf8_lossy(&out.0).into_owned();
        assert_eq!(written, safe);
        let back: serde_json::Value = match serde_json::from_str(&written) {
            Ok(v) => v,
            Err(e) => panic!("{e}: {written}"),
        };
        assert_eq!(back["course"].as_str(), Some(name));
        // Plain JSON passes through untouched.
        assert!(matches!(
            json_safe("{\n  \"a\": 1\n}"),
            std::borrow::Cow::Borrowed(_)
        ));
    }

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
