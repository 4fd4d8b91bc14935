//! The canonical JSON layout of our files: pretty at the top, one square (edge, flag, placement)
//! per line, keys in declared order, so saving the same model twice gives the same bytes. And the
//! check serde_json lacks: a key given twice in one object is an error, not a silent overwrite.

use super::error::{ErrorKind, LoadError, shown};
use super::locate::line_col;
use serde_json::Value;
use std::borrow::Cow;
use std::collections::HashSet;

/// The keys of one object, decoded only when written with escapes: a list while they are few (an
/// object of a tile or a course has a handful, which a list finds faster than hashing them and
/// allocating a set for every object), a set beyond, so an object of a million keys in a hostile
/// file is still checked in one pass.
enum Keys<'a> {
    Few(Vec<Cow<'a, str>>),
    Many(HashSet<Cow<'a, str>>),
}

/// The most keys kept in a list.
const FEW: usize = 16;

impl<'a> Keys<'a> {
    fn contains(&self, key: &str) -> bool {
        match self {
            Keys::Few(list) => list.iter().any(|k| k == key),
            Keys::Many(set) => set.contains(key),
        }
    }

    fn insert(&mut self, key: Cow<'a, str>) {
        match self {
            Keys::Few(list) if list.len() < FEW => list.push(key),
            Keys::Few(list) => {
                let mut set: HashSet<Cow<'a, str>> = list.drain(..).collect();
                set.insert(key);
                *self = Keys::Many(set);
            }
            Keys::Many(set) => {
                set.insert(key);
            }
        }
    }
}

/// Finds the first key given twice in one object of `text`, which must already be known to be
/// JSON (serde_json parsed it): the reader would keep one of the two values without a word. The
/// scan is one pass without recursion; it keeps the keys of the objects still open, no more.
pub fn check_duplicate_keys(file: &str, text: &str) -> Result<(), LoadError> {
    // One entry per open object or array: the keys seen so far (None for an array) and
    // whether the next string is a key.
    let mut open: Vec<(Option<Keys>, bool)> = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' => open.push((Some(Keys::Few(Vec::new())), true)),
            b'[' => open.push((None, false)),
            b'}' | b']' => {
                open.pop();
            }
            b',' => {
                if let Some((Some(_), expect_key)) = open.last_mut() {
                    *expect_key = true;
                }
            }
            b':' => {
                if let Some((_, expect_key)) = open.last_mut() {
                    *expect_key = false;
                }
            }
            b'"' => {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    // An escape takes the next byte with it (so `\\"` does not end the string).
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                let end = i.min(bytes.len() - 1);
                if let Some((Some(keys), true)) = open.last_mut() {
                    let raw = text.get(start + 1..end).unwrap_or("");
                    // A key spelled with escapes is decoded, so `"a"` and `"\\u0061"` are one key.
                    let key = if raw.contains('\\') {
                        Cow::Owned(
                            serde_json::from_str::<String>(text.get(start..=end).unwrap_or(""))
                                .unwrap_or_default(),
                        )
                    } else {
                        Cow::Borrowed(raw)
                    };
                    if keys.contains(&key) {
                        return Err(duplicate(file, text, start, &key));
                    }
                    keys.insert(key);
                }
            }
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

fn duplicate(file: &str, text: &str, at: usize, key: &str) -> LoadError {
    let (line, column) = line_col(text, at);
    LoadError {
        file: file.to_string(),
        line,
        column,
        message: format!(
            "the field `{}` is given twice in the same object: only one value can count",
            shown(key)
        ),
        kind: ErrorKind::Unreadable,
    }
}

/// Writes `value` in the canonical layout, ending with a newline.
pub fn to_canonical_string(value: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, value, 0);
    out.push('\n');
    out
}

/// A value is "nested" when it holds an object inside an array somewhere below it: such values
/// are spread over several lines; everything else fits on one line.
fn is_nested(value: &Value) -> bool {
    match value {
        Value::Array(items) => items
            .iter()
            .any(|v| matches!(v, Value::Object(_)) || is_nested(v)),
        Value::Object(map) => map.values().any(is_nested),
        _ => false,
    }
}

fn write_value(out: &mut String, value: &Value, indent: usize) {
    match value {
        Value::Object(map) if indent == 0 || is_nested(value) => {
            if map.is_empty() {
                out.push_str("{}");
                return;
            }
            write_spread(out, indent, ('{', '}'), map.iter(), |out, (key, v)| {
                write_scalar(out, &Value::String(key.clone()));
                out.push_str(": ");
                write_value(out, v, indent + 2);
            });
        }
        Value::Array(items) if is_nested(value) => {
            write_spread(out, indent, ('[', ']'), items.iter(), |out, v| {
                write_value(out, v, indent + 2);
            });
        }
        _ => write_compact(out, value),
    }
}

/// An object or array spread over lines: the opening bracket, each member on its own line indented
/// one step deeper with a comma after all but the last, the closing bracket at `indent`.
fn write_spread<T>(
    out: &mut String,
    indent: usize,
    (open, close): (char, char),
    members: impl ExactSizeIterator<Item = T>,
    mut write_member: impl FnMut(&mut String, T),
) {
    out.push(open);
    out.push('\n');
    let count = members.len();
    for (i, member) in members.enumerate() {
        push_indent(out, indent + 2);
        write_member(out, member);
        if i + 1 < count {
            out.push(',');
        }
        out.push('\n');
    }
    push_indent(out, indent);
    out.push(close);
}

fn write_compact(out: &mut String, value: &Value) {
    match value {
        Value::Object(map) => {
            out.push('{');
            for (i, (key, v)) in map.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_scalar(out, &Value::String(key.clone()));
                out.push_str(": ");
                write_compact(out, v);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_compact(out, v);
            }
            out.push(']');
        }
        scalar => write_scalar(out, scalar),
    }
}

fn write_scalar(out: &mut String, value: &Value) {
    // Serialising a scalar Value cannot fail; fall back to null rather than panic.
    out.push_str(&serde_json::to_string(value).unwrap_or_else(|_| "null".to_string()));
}

fn push_indent(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_given_twice_is_found_with_its_line_and_column() {
        let e = check_duplicate_keys(
            "f.json",
            "{\"a\": 1,\n \"b\": {\"a\": [1, {\"a\": 2}]},\n \"a\": 3}",
        );
        assert_eq!(e.as_ref().err().map(|e| (e.line, e.column)), Some((3, 2)));
        assert!(
            e.err()
                .is_some_and(|e| e.message.contains("`a` is given twice"))
        );
        // The same key in different objects, and a key spelled with an escape.
        assert!(check_duplicate_keys("f.json", "[{\"a\": 1}, {\"a\": 1}]").is_ok());
        assert!(check_duplicate_keys("f.json", "{\"a\": 1, \"\\u0061\": 2}").is_err());
        assert!(check_duplicate_keys("f.json", "{\"a\\\"\": \"a\", \"x\": \"a\"}").is_ok());
    }

    #[test]
    fn a_key_given_twice_among_more_keys_than_a_list_keeps_is_found() {
        // Past `FEW` keys an object's keys are kept in a set: the same answers either side.
        let object = |keys: &[String]| {
            let fields: Vec<String> = keys.iter().map(|k| format!("\"{k}\": 1")).collect();
            format!("{{{}}}", fields.join(", "))
        };
        let mut keys: Vec<String> = (0..3 * FEW).map(|i| format!("k{i}")).collect();
        assert!(check_duplicate_keys("f.json", &object(&keys)).is_ok());
        for again in [0, FEW - 1, FEW, 2 * FEW] {
            keys.push(format!("k{again}"));
            let e = check_duplicate_keys("f.json", &object(&keys));
            let said = format!("`k{again}` is given twice");
            assert!(
                e.err().is_some_and(|e| e.message.contains(&said)),
                "{again}"
            );
            keys.pop();
        }
    }

    #[test]
    fn list_of_objects_is_one_per_line() {
        let v: Value = serde_json::from_str(
            r#"{"a": 1, "squares": [{"at": [0, 1], "gear": "cw"}, {"at": [2, 2]}], "p": {"min": 2}}"#,
        )
        .unwrap_or_default();
        assert_eq!(
            to_canonical_string(&v),
            "{\n  \"a\": 1,\n  \"squares\": [\n    {\"at\": [0, 1], \"gear\": \"cw\"},\n    {\"at\": [2, 2]}\n  ],\n  \"p\": {\"min\": 2}\n}\n"
        );
    }
}
