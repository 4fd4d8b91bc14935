//! The canonical JSON layout of our files: pretty at the top, one square (edge, flag, placement)
//! per line, keys in declared order, so saving the same model twice gives the same bytes.

use serde_json::Value;

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
