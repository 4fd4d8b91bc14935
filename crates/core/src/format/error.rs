//! Why a file could not be used, with the file, line and column: our errors, and serde_json's
//! messages reworded in the words of the file formats.

use super::locate::{self, JsonPath};
use std::borrow::Cow;
use std::fmt;

/// Why a file could not be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The file could not be read as JSON of our formats at all (I/O, encoding, syntax, types).
    Unreadable,
    /// The file is well-formed but describes something the model does not allow.
    Invalid,
}

/// A problem with a file, with the place in it where the problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
    pub kind: ErrorKind,
}

impl fmt::Display for LoadError {
    /// One line: a file name or a message quoting a hostile file cannot move the cursor, change
    /// colours or start a new line on the terminal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (file, message) = (escape_control(&self.file), escape_control(&self.message));
        if self.line == 0 {
            write!(f, "{file}: {message}")
        } else {
            write!(f, "{file}:{}:{}: {message}", self.line, self.column)
        }
    }
}

/// Whether `c` changes how text around it shows rather than showing itself: a control character
/// (C0, DEL, C1, line breaks included) or a bidirectional formatting mark, which can make a line
/// read in another order than it is written (U+202E turns the rest of a line around).
pub fn unseen(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

/// `text` safe to print: every character that is `unseen` is written as an escape such as
/// `\u{1b}` or `\n`, so a name from a file never reaches a terminal raw, nor adds a line to a
/// report.
pub fn escape_control(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unseen) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unseen(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The start of a value from a file, for a message: at most 40 characters, escaped.
pub fn shown(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(40).collect();
    let more = if chars.next().is_some() { "..." } else { "" };
    format!("{}{more}", escape_control(&head))
}

impl std::error::Error for LoadError {}

/// A problem found after parsing, at a path in the document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    pub path: JsonPath,
    pub message: String,
}

impl Invalid {
    pub fn new(path: JsonPath, message: impl Into<String>) -> Invalid {
        Invalid {
            path,
            message: message.into(),
        }
    }

    pub(crate) fn into_load_error(self, file: &str, text: &str) -> LoadError {
        let (line, column) = locate::locate(text, &self.path);
        LoadError {
            file: file.to_string(),
            line,
            column,
            message: self.message,
            kind: ErrorKind::Invalid,
        }
    }
}

pub(super) fn io_error(file: &str, message: String) -> LoadError {
    LoadError {
        file: file.to_string(),
        line: 0,
        column: 0,
        message,
        kind: ErrorKind::Unreadable,
    }
}

/// The prefixes of the messages serde itself writes for data errors. Any other data error comes from
/// our own readers (a phase 6, a laser with 4 beams, a rotation of 45): a value the model refuses.
const SERDE_DATA_PREFIXES: [&str; 7] = [
    "invalid type",
    "invalid value",
    "invalid length",
    "unknown variant",
    "unknown field",
    "missing field",
    "duplicate field",
];

/// Turns a serde_json error in `text` into our error, in words a designer can follow.
pub(crate) fn syntax_error(file: &str, text: &str, err: &serde_json::Error) -> LoadError {
    let raw = err.to_string();
    // serde_json appends " at line L column C"; we print the position ourselves.
    let message = raw
        .rsplit_once(" at line ")
        .map_or(raw.as_str(), |(m, _)| m);
    // A value our own readers refuse is a broken rule (exit 1), like a width of 0; everything
    // else serde reports means the text is not a tile or course at all (exit 2).
    // A whole number too large or small for its field (laser damage 256 in a byte) is a value
    // out of range like laser damage 255, which our readers refuse: exit 1 for both.
    let out_of_range = message.starts_with("invalid value: integer");
    let kind = if err.is_data()
        && (out_of_range || !SERDE_DATA_PREFIXES.iter().any(|p| message.starts_with(p)))
    {
        ErrorKind::Invalid
    } else {
        ErrorKind::Unreadable
    };
    LoadError {
        file: file.to_string(),
        line: err.line(),
        // serde_json counts the position before a line's first character as column 0.
        column: err.column().max(1),
        message: match unexpected_here(text, err) {
            Some(why) if message == "expected value" => why.to_string(),
            _ => plain_words(&shorten_quoted(message)),
        },
        kind,
    }
}

/// serde_json says only "expected value" where a list or object ends after a comma, where a number
/// starts with `+` or `.`, and where text is in single quotes: the character it stopped at tells
/// which, so the message can say what to change.
fn unexpected_here(text: &str, err: &serde_json::Error) -> Option<&'static str> {
    let (line, column) = (err.line(), err.column());
    // serde_json counts lines from 1 and a line's bytes from 1.
    let start: usize = text
        .split('\n')
        .take(line.checked_sub(1)?)
        .map(|l| l.len() + 1)
        .sum();
    let at = start.checked_add(column.checked_sub(1)?)?;
    let before = text.get(..at)?;
    match text.get(at..)?.chars().next()? {
        ']' | '}' if before.trim_end().ends_with(',') => Some(TRAILING_COMMA),
        '+' | '.' => Some(INVALID_NUMBER),
        '\'' => Some("text must be in double quotes, not single quotes"),
        _ => None,
    }
}

const TRAILING_COMMA: &str =
    "a comma after the last item: JSON allows no comma before a closing `]` or `}`";
const INVALID_NUMBER: &str = "this is not a number JSON reads: write digits, with an optional leading `-`, a decimal point with digits after it and an exponent (no `+`, no leading zeros, no hexadecimal)";

/// Cuts every `quoted` part of a serde message to its first 40 characters: serde quotes the
/// unknown field or value whole, and a hostile file can make that megabytes long.
fn shorten_quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(1024));
    for (i, part) in text.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        let quoted = i % 2 == 1;
        if quoted && part.chars().count() > 40 {
            out.extend(part.chars().take(40));
            out.push_str("...");
        } else {
            out.push_str(part);
        }
    }
    out
}

/// Rewrites serde_json's messages, which speak of Rust types, in the words of the file format.
fn plain_words(text: &str) -> String {
    if let Some(rest) = text.strip_prefix("unknown field ") {
        let field = rest.split(',').next().unwrap_or(rest);
        let expected = rest.split_once("expected ").map(|(_, e)| e).unwrap_or("");
        return format!(
            "unknown field {field}: this field is not part of the format (allowed here: {expected})"
        );
    }
    if let Some(rest) = text.strip_prefix("unknown variant ") {
        let (value, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        return format!("{value} is not a value this field takes: expected {expected}");
    }
    if let Some(rest) = text.strip_prefix("missing field ") {
        return format!("missing field {rest}: this field is required");
    }
    if let Some(rest) = text.strip_prefix("duplicate field ") {
        return format!("the field {rest} is given twice in the same object");
    }
    if let Some(rest) = text.strip_prefix("invalid type: ") {
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        return format!(
            "found {} where {} was expected",
            found_words(found),
            expected_words(expected)
        );
    }
    if let Some(rest) = text.strip_prefix("invalid value: ") {
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        return format!(
            "{} is out of range here: expected {}",
            found_words(found),
            expected_words(expected)
        );
    }
    if let Some(rest) = text.strip_prefix("invalid length ") {
        let (count, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        return format!(
            "this list has {count} item(s), but {} was expected",
            expected_words(expected)
        );
    }
    if text.starts_with("EOF while parsing") {
        return format!("the file ends too early ({text}): it looks truncated");
    }
    if text.starts_with("recursion limit exceeded") {
        return "the JSON is nested too deeply to be a tile or course".to_string();
    }
    if text.starts_with("control character") {
        return "a line break or control character inside a string: is a closing quote missing?"
            .to_string();
    }
    match text {
        "expected value" => {
            "this is not JSON: expected a value here (an object {...}, a list [...], \"text\", a number, true, false or null)".to_string()
        }
        "expected `,` or `}`" => {
            "expected `,` or `}`: is a comma missing between two fields, or a closing brace?"
                .to_string()
        }
        "expected `,` or `]`" => {
            "expected `,` or `]`: is a comma missing between two items, or a closing bracket?"
                .to_string()
        }
        "key must be a string" => "a field name must be written in double quotes".to_string(),
        "trailing comma" => TRAILING_COMMA.to_string(),
        "number out of range" => {
            "this number is too large to read: no field of a tile or course takes a number near this size"
                .to_string()
        }
        "invalid number" => INVALID_NUMBER.to_string(),
        "expected `:`" => "expected `:` between a field name and its value".to_string(),
        "expected ident" => {
            "expected true, false or null here: is text missing its double quotes?".to_string()
        }
        "invalid escape" => {
            "a backslash in text starts no JSON escape: write `\\\\` for a backslash, `\\\"` for a quote"
                .to_string()
        }
        "invalid unicode code point" | "lone leading surrogate in hex escape" | "unexpected end of hex escape" => {
            format!("{text}: a `\\u` escape in text must be four hexadecimal digits naming a character")
        }
        "trailing characters" => {
            "there is more text after the end of the JSON object: only one object per file"
                .to_string()
        }
        _ => text.to_string(),
    }
}

/// serde's description of a value it did not expect (`floating point `2.5``), in format words.
fn found_words(found: &str) -> String {
    let unquote = |s: &str| s.trim_matches('`').to_string();
    if let Some(n) = found
        .strip_prefix("floating point ")
        .or_else(|| found.strip_prefix("integer "))
    {
        format!("the number {}", unquote(n))
    } else if let Some(s) = found.strip_prefix("string ") {
        // serde quotes the whole string; a hostile file can make it megabytes long.
        if s.chars().count() > 42 {
            format!("the text {}...\"", s.chars().take(41).collect::<String>())
        } else {
            format!("the text {s}")
        }
    } else if let Some(b) = found.strip_prefix("boolean ") {
        unquote(b)
    } else {
        match found {
            "sequence" => "a list".to_string(),
            "map" => "an object".to_string(),
            other => other.to_string(),
        }
    }
}

/// serde's description of what it expected (`i64`, `struct TileFile`), in format words.
fn expected_words(expected: &str) -> String {
    match expected {
        "u8" => "a whole number from 0 to 255".to_string(),
        "u16" => "a whole number from 0 to 65535".to_string(),
        "u32" => "a whole number from 0 to 4294967295".to_string(),
        "i32" => "a whole number from -2147483648 to 2147483647".to_string(),
        "i64" | "u64" => "a whole number".to_string(),
        "a string" => "text in double quotes".to_string(),
        "a sequence" => "a list [...]".to_string(),
        "a boolean" => "true or false".to_string(),
        "an array of length 2" => "a list of 2 numbers, [x, y],".to_string(),
        other if other.starts_with("struct ") || other.starts_with("a map") => {
            "an object {...}".to_string()
        }
        other if other.starts_with("enum ") => "one of the names this field takes".to_string(),
        other => other.to_string(),
    }
}
