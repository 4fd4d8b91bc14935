//! The JSON side of Tiled: errors that point at a path in the text, classes, custom properties and
//! tilesets (embedded in a map or in a `.json`/`.tsj` file).

use super::raw::{Prop, Props, RawTile, RawTileset, unreadable};
use crate::format::error::LoadError;
use crate::format::locate::{JsonPath, locate};
use serde_json::Value;

/// The file a JSON value came from, so that errors name it with a line and column.
pub(super) struct JsonDoc<'a> {
    pub(super) file: &'a str,
    pub(super) text: &'a str,
}

impl JsonDoc<'_> {
    pub(super) fn err(&self, path: &JsonPath, message: impl Into<String>) -> LoadError {
        unreadable(self.file, locate(self.text, path), message)
    }

    pub(super) fn int(&self, v: &Value, path: &JsonPath, key: &str) -> Result<i64, LoadError> {
        v.get(key)
            .and_then(Value::as_i64)
            .ok_or_else(|| self.err(&path.key(key), format!("\"{key}\" must be a whole number")))
    }
}

pub(super) fn str_of<'v>(v: &'v Value, key: &str) -> &'v str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

/// The class of a tile or object. Tiled 1.9 wrote it as "class"; before and since 1.10 it is "type".
pub(super) fn json_class(v: &Value) -> &str {
    if v.get("class").is_some() {
        str_of(v, "class")
    } else {
        str_of(v, "type")
    }
}

/// Custom properties: the list form of Tiled 1.2 and later, or the older object form.
pub(super) fn json_props(v: &Value) -> Props {
    let mut props = Props::new();
    match v.get("properties") {
        Some(Value::Array(list)) => {
            for p in list {
                let name = str_of(p, "name").to_string();
                if let Some(value) = p.get("value").and_then(json_prop) {
                    props.insert(name, value);
                }
            }
        }
        Some(Value::Object(obj)) => {
            for (name, value) in obj {
                if let Some(value) = json_prop(value) {
                    props.insert(name.clone(), value);
                }
            }
        }
        _ => {}
    }
    props
}

fn json_prop(v: &Value) -> Option<Prop> {
    match v {
        Value::Bool(b) => Some(Prop::Bool(*b)),
        Value::Number(n) => n
            .as_i64()
            .map(Prop::Int)
            .or_else(|| n.as_f64().map(Prop::Float)),
        Value::String(s) => Some(Prop::Text(s.clone())),
        _ => None,
    }
}

pub(super) fn json_tileset(
    doc: &JsonDoc,
    ts: &Value,
    path: &JsonPath,
) -> Result<RawTileset, LoadError> {
    let mut found = std::collections::BTreeMap::new();
    if let Some(tiles) = ts.get("tiles").and_then(Value::as_array) {
        for (i, t) in tiles.iter().enumerate() {
            let Some(id) = t.get("id").and_then(Value::as_u64) else {
                return Err(doc.err(
                    &path.key("tiles").index(i).key("id"),
                    "a tileset tile needs a whole-number \"id\"",
                ));
            };
            let id = u32::try_from(id).map_err(|_| {
                doc.err(
                    &path.key("tiles").index(i).key("id"),
                    "tile id out of range",
                )
            })?;
            found.insert(
                id,
                RawTile {
                    class: json_class(t).to_string(),
                    props: json_props(t),
                },
            );
        }
    }
    // Tiled before 1.2: properties by tile id in "tileproperties".
    if let Some(Value::Object(by_id)) = ts.get("tileproperties") {
        for (id, props) in by_id {
            if let Ok(id) = id.parse::<u32>() {
                let entry = found.entry(id).or_default();
                if let Value::Object(obj) = props {
                    for (name, value) in obj {
                        if let Some(value) = json_prop(value) {
                            entry.props.insert(name.clone(), value);
                        }
                    }
                }
            }
        }
    }
    Ok(RawTileset {
        firstgid: 0,
        tiles: std::sync::Arc::new(found),
    })
}
