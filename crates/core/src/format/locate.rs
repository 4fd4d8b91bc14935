//! Finds where a value sits in a JSON text, so that a problem found after parsing (a square outside
//! its tile, a flag numbered 0) is reported with a line and column like a syntax error.

use std::fmt;

/// One step into a JSON document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathSeg {
    Key(String),
    Index(usize),
}

/// A path from the document root to a value, such as `squares[3].at`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JsonPath(pub Vec<PathSeg>);

impl JsonPath {
    pub fn root() -> JsonPath {
        JsonPath(Vec::new())
    }

    pub fn key(&self, k: &str) -> JsonPath {
        let mut p = self.clone();
        p.0.push(PathSeg::Key(k.to_string()));
        p
    }

    pub fn index(&self, i: usize) -> JsonPath {
        let mut p = self.clone();
        p.0.push(PathSeg::Index(i));
        p
    }
}

impl fmt::Display for JsonPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, seg) in self.0.iter().enumerate() {
            match seg {
                PathSeg::Key(k) if i == 0 => write!(f, "{k}")?,
                PathSeg::Key(k) => write!(f, ".{k}")?,
                PathSeg::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}

/// The 1-based line and column where the value at `path` starts in `text`, or of the deepest part
/// of the path that exists. `text` is expected to be valid JSON (it has been parsed already).
pub fn locate(text: &str, path: &JsonPath) -> (usize, usize) {
    let mut scanner = Scanner {
        bytes: text.as_bytes(),
        pos: 0,
    };
    scanner.skip_ws();
    let mut best = scanner.pos;
    scanner.find(&path.0, &mut best);
    line_col(text, best)
}

/// 1-based line and column (in characters) of byte offset `pos`.
pub fn line_col(text: &str, pos: usize) -> (usize, usize) {
    let pos = pos.min(text.len());
    let before = &text.as_bytes()[..pos];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let column = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count()
        + 1;
    (line, column)
}

struct Scanner<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    /// At the start of a value: walk into it along `path`, recording the deepest start found.
    fn find(&mut self, path: &[PathSeg], best: &mut usize) {
        *best = self.pos;
        let Some(seg) = path.first() else { return };
        match (self.peek(), seg) {
            (Some(b'{'), PathSeg::Key(want)) => {
                self.pos += 1;
                loop {
                    self.skip_ws();
                    if self.peek() != Some(b'"') {
                        return;
                    }
                    let key = self.string();
                    self.skip_ws();
                    if self.peek() != Some(b':') {
                        return;
                    }
                    self.pos += 1;
                    self.skip_ws();
                    if key == *want {
                        self.find(&path[1..], best);
                        return;
                    }
                    if !self.skip_member() {
                        return;
                    }
                }
            }
            (Some(b'['), PathSeg::Index(want)) => {
                self.pos += 1;
                let mut i = 0;
                loop {
                    self.skip_ws();
                    if matches!(self.peek(), None | Some(b']')) {
                        return;
                    }
                    if i == *want {
                        self.find(&path[1..], best);
                        return;
                    }
                    if !self.skip_member() {
                        return;
                    }
                    i += 1;
                }
            }
            _ => {}
        }
    }

    /// Skips the value of an object or array member and the comma after it; false when no comma
    /// follows (the end of the object or array, or a broken text), so the walk stops there.
    fn skip_member(&mut self) -> bool {
        self.skip_value();
        self.skip_ws();
        if self.peek() != Some(b',') {
            return false;
        }
        self.pos += 1;
        true
    }

    /// Reads a string starting at its opening quote; returns its raw contents.
    fn string(&mut self) -> String {
        self.pos += 1;
        let start = self.pos;
        while let Some(b) = self.peek() {
            match b {
                b'\\' => self.pos += 2,
                b'"' => break,
                _ => self.pos += 1,
            }
        }
        let end = self.pos.min(self.bytes.len());
        self.pos += 1;
        String::from_utf8_lossy(&self.bytes[start..end]).into_owned()
    }

    fn skip_value(&mut self) {
        match self.peek() {
            Some(b'"') => {
                self.string();
            }
            Some(b'{' | b'[') => {
                // Depth counting is enough: strings are skipped whole, so brackets inside them do
                // not count.
                let mut depth = 0usize;
                while let Some(b) = self.peek() {
                    match b {
                        b'"' => {
                            self.string();
                            continue;
                        }
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' => {
                            depth -= 1;
                            if depth == 0 {
                                self.pos += 1;
                                return;
                            }
                        }
                        _ => {}
                    }
                    self.pos += 1;
                }
            }
            _ => {
                while let Some(b) = self.peek() {
                    if matches!(b, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r') {
                        break;
                    }
                    self.pos += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_nested_values_by_path() {
        let text = "{\n  \"a\": \"x]{\",\n  \"squares\": [\n    {\"at\": [0, 1]},\n    {\"at\": [5, 9]}\n  ]\n}\n";
        let path = JsonPath::root().key("squares").index(1).key("at");
        assert_eq!(locate(text, &path), (5, 12));
        assert_eq!(path.to_string(), "squares[1].at");
        // A path that runs out points at the deepest part that exists.
        let missing = JsonPath::root().key("squares").index(7);
        assert_eq!(locate(text, &missing).0, 3);
    }
}
