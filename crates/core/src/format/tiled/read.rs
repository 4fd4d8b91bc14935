//! Reads Tiled maps (JSON `.json`/`.tmj` and XML `.tmx`) and their tilesets (embedded, or external
//! `.json`/`.tsj`/`.tsx` files beside the map) into one plain form, with layer data decoded from
//! CSV or base64 (zlib or gzip compressed). Sizes are bounded before anything is allocated.

use super::super::locate::{JsonPath, line_col, locate};
use super::super::{ErrorKind, LoadError, read_text, syntax_error};
use crate::model::MAX_TILE_SIDE;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// The most layers a map may have (group layers count their children).
const MAX_LAYERS: usize = 256;
/// The most tilesets a map may use.
const MAX_TILESETS: usize = 256;
/// The deepest nesting of group layers, or of XML elements, that is read.
const MAX_DEPTH: usize = 32;
/// The most objects of object layers that are listed.
const MAX_OBJECTS: usize = 10_000;

/// A custom property value.
#[derive(Clone, Debug, PartialEq)]
pub enum Prop {
    Bool(bool),
    Int(i64),
    Float(f64),
    Text(String),
}

pub type Props = BTreeMap<String, Prop>;

/// A tile of a tileset that carries a class (`type` or `class`) or properties.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RawTile {
    pub class: String,
    pub props: Props,
}

#[derive(Clone, Debug, Default)]
pub struct RawTileset {
    pub firstgid: u32,
    /// Local tile id to its class and properties.
    pub tiles: BTreeMap<u32, RawTile>,
}

#[derive(Clone, Debug)]
pub struct RawLayer {
    pub name: String,
    /// One global tile id per square, row by row, flip bits included.
    pub gids: Vec<u32>,
}

/// An object of an object layer: not part of either convention, listed so it is not lost silently.
#[derive(Clone, Debug)]
pub struct RawObject {
    pub layer: String,
    pub name: String,
    pub class: String,
    pub x: f64,
    pub y: f64,
}

#[derive(Clone, Debug, Default)]
pub struct RawMap {
    pub width: i32,
    pub height: i32,
    pub tile_width: f64,
    pub tile_height: f64,
    pub layers: Vec<RawLayer>,
    pub tilesets: Vec<RawTileset>,
    pub properties: Props,
    pub objects: Vec<RawObject>,
    /// Layers read but not imported (image layers), by name.
    pub skipped_layers: Vec<String>,
}

fn unreadable(file: &str, (line, column): (usize, usize), message: impl Into<String>) -> LoadError {
    LoadError {
        file: file.to_string(),
        line,
        column,
        message: message.into(),
        kind: ErrorKind::Unreadable,
    }
}

/// Reads a map file, JSON or TMX by its first non-blank character.
pub fn read_map(path: &Path) -> Result<RawMap, LoadError> {
    let text = read_text(path)?;
    let file = path.display().to_string();
    let dir = path.parent().unwrap_or(Path::new("."));
    if text.trim_start().starts_with('<') {
        tmx_map(&file, &text, dir)
    } else {
        json_map(&file, &text, dir)
    }
}

/// Reads a map from text; `dir` is where external tilesets are looked for.
pub fn read_map_str(file: &str, text: &str, dir: &Path) -> Result<RawMap, LoadError> {
    if text.trim_start().starts_with('<') {
        tmx_map(file, text, dir)
    } else {
        json_map(file, text, dir)
    }
}

/// Checks the map's size against what a tile can hold, before any layer is read.
fn check_size(width: i64, height: i64) -> Result<(i32, i32), String> {
    let max = i64::from(MAX_TILE_SIDE);
    if !(1..=max).contains(&width) || !(1..=max).contains(&height) {
        return Err(format!(
            "the map is {width} x {height} squares: factory-floor imports maps of 1 to {max} squares a side (one tile)"
        ));
    }
    Ok((width as i32, height as i32))
}

/// Only square grids can be imported.
fn check_orientation(orientation: &str) -> Result<(), String> {
    if orientation == "orthogonal" {
        Ok(())
    } else {
        Err(format!(
            "the map's orientation is \"{}\": only orthogonal maps have square grids",
            short(orientation)
        ))
    }
}

const INFINITE_MAP: &str = "this is an infinite map: make it fixed-size in Tiled (Map > Map Properties > Infinite) before importing";
const CHUNKED_LAYER: &str =
    "this layer is stored in chunks (an infinite map): make the map fixed-size in Tiled first";
const GID_RANGE: &str = "a tile id is a whole number from 0 to 4294967295";

/// A tile layer whose `key` (width or height) is `v` where the map's is `want`.
fn layer_size(name: &str, key: &str, v: i64, want: i32) -> String {
    format!(
        "layer \"{}\" has {key} {v}, but the map's is {want}: layers must cover the map",
        short(name)
    )
}

/// A tile layer that lists `listed` squares where the map has `count`.
fn layer_count(name: &str, listed: usize, count: usize) -> String {
    format!(
        "layer \"{}\" lists {listed} squares, but the map has {count}",
        short(name)
    )
}

// ---------------------------------------------------------------- layer data

/// Decodes one layer's data text (CSV or base64, maybe compressed) into `count` global ids.
pub fn decode_data(
    text: &str,
    encoding: &str,
    compression: &str,
    count: usize,
) -> Result<Vec<u32>, String> {
    match encoding {
        "csv" => decode_csv(text, count),
        "base64" => {
            if !matches!(compression, "" | "zlib" | "gzip") {
                return Err(if compression == "zstd" {
                    "zstd-compressed layer data is not supported: save the map in Tiled with zlib, gzip or no compression".to_string()
                } else {
                    format!(
                        "unknown layer compression \"{}\": expected zlib, gzip or none",
                        short(compression)
                    )
                });
            }
            let bytes = base64_decode(text)?;
            let limit = count * 4;
            let raw = match compression {
                "" => bytes,
                "zlib" => miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(&bytes, limit)
                    .map_err(|e| inflate_error("zlib", &e))?,
                "gzip" => {
                    let body = gzip_body(&bytes)?;
                    miniz_oxide::inflate::decompress_to_vec_with_limit(body, limit)
                        .map_err(|e| inflate_error("gzip", &e))?
                }
                _ => bytes,
            };
            if raw.len() != limit {
                return Err(format!(
                    "the layer data holds {} bytes once decoded, but a {count}-square layer needs {limit} (4 per square)",
                    raw.len()
                ));
            }
            Ok(raw
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect())
        }
        other => Err(format!(
            "unknown layer encoding \"{}\": expected csv or base64",
            short(other)
        )),
    }
}

fn inflate_error(what: &str, e: &miniz_oxide::inflate::DecompressError) -> String {
    if e.status == miniz_oxide::inflate::TINFLStatus::HasMoreOutput {
        format!("the {what}-compressed layer data unpacks to more than the layer's squares need")
    } else {
        format!(
            "the {what}-compressed layer data is damaged ({:?})",
            e.status
        )
    }
}

/// The deflate stream inside a gzip member (RFC 1952): the header is skipped, the trailer ignored.
fn gzip_body(bytes: &[u8]) -> Result<&[u8], String> {
    let bad = || "the gzip-compressed layer data has a damaged header".to_string();
    if bytes.len() < 18 || bytes[0] != 0x1f || bytes[1] != 0x8b || bytes[2] != 8 {
        return Err(bad());
    }
    let flags = bytes[3];
    let mut pos = 10;
    if flags & 4 != 0 {
        let len = bytes
            .get(pos..pos + 2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]) as usize)
            .ok_or_else(bad)?;
        pos += 2 + len;
    }
    for bit in [8u8, 16] {
        if flags & bit != 0 {
            let end = bytes
                .get(pos..)
                .and_then(|b| b.iter().position(|&c| c == 0))
                .ok_or_else(bad)?;
            pos += end + 1;
        }
    }
    if flags & 2 != 0 {
        pos += 2;
    }
    bytes.get(pos..).ok_or_else(bad)
}

fn decode_csv(text: &str, count: usize) -> Result<Vec<u32>, String> {
    let mut out = Vec::with_capacity(count);
    for (i, item) in text.split(',').enumerate() {
        let item = item.trim();
        if item.is_empty() && i >= count {
            continue;
        }
        if out.len() == count {
            return Err(format!(
                "the layer lists more than {count} squares: the map has {count}"
            ));
        }
        let gid: u32 = item.parse().map_err(|_| {
            format!(
                "\"{}\" at position {} of the layer data is not a tile id",
                short(item),
                i + 1
            )
        })?;
        out.push(gid);
    }
    if out.len() != count {
        return Err(format!(
            "the layer lists {} squares, but the map has {count}",
            out.len()
        ));
    }
    Ok(out)
}

/// Standard base64 (RFC 4648), whitespace ignored.
fn base64_decode(text: &str) -> Result<Vec<u8>, String> {
    fn value(c: u8) -> Option<u32> {
        match c {
            b'A'..=b'Z' => Some(u32::from(c - b'A')),
            b'a'..=b'z' => Some(u32::from(c - b'a') + 26),
            b'0'..=b'9' => Some(u32::from(c - b'0') + 52),
            b'+' => Some(62),
            b'/' => Some(63),
            _ => None,
        }
    }
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let (mut acc, mut bits) = (0u32, 0u32);
    let mut padding = false;
    for c in text.bytes() {
        if c.is_ascii_whitespace() {
            continue;
        }
        if c == b'=' {
            padding = true;
            continue;
        }
        let Some(v) = value(c).filter(|_| !padding) else {
            return Err(format!(
                "the layer data is not base64: it has the character {:?}",
                char::from(c)
            ));
        };
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Ok(out)
}

/// The start of a long value, for messages.
fn short(s: &str) -> String {
    if s.chars().count() > 40 {
        format!("{}...", s.chars().take(40).collect::<String>())
    } else {
        s.to_string()
    }
}

// ---------------------------------------------------------------- JSON

struct JsonDoc<'a> {
    file: &'a str,
    text: &'a str,
}

impl JsonDoc<'_> {
    fn err(&self, path: &JsonPath, message: impl Into<String>) -> LoadError {
        unreadable(self.file, locate(self.text, path), message)
    }

    fn int(&self, v: &Value, path: &JsonPath, key: &str) -> Result<i64, LoadError> {
        v.get(key)
            .and_then(Value::as_i64)
            .ok_or_else(|| self.err(&path.key(key), format!("\"{key}\" must be a whole number")))
    }
}

fn str_of<'v>(v: &'v Value, key: &str) -> &'v str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

/// The class of a tile or object. Tiled 1.9 wrote it as "class"; before and since 1.10 it is "type".
fn json_class(v: &Value) -> &str {
    if v.get("class").is_some() {
        str_of(v, "class")
    } else {
        str_of(v, "type")
    }
}

fn json_map(file: &str, text: &str, dir: &Path) -> Result<RawMap, LoadError> {
    let doc = JsonDoc { file, text };
    let root: Value = serde_json::from_str(text).map_err(|e| syntax_error(file, &e))?;
    let top = JsonPath::root();
    if !root.is_object() || root.get("layers").is_none() {
        return Err(doc.err(
            &top,
            "this is not a Tiled map: a Tiled JSON map is an object with \"layers\" and \"tilesets\"",
        ));
    }
    check_orientation(str_of(&root, "orientation"))
        .map_err(|m| doc.err(&top.key("orientation"), m))?;
    if root.get("infinite").and_then(Value::as_bool) == Some(true) {
        return Err(doc.err(&top.key("infinite"), INFINITE_MAP));
    }
    let (w, h) = (
        doc.int(&root, &top, "width")?,
        doc.int(&root, &top, "height")?,
    );
    let (width, height) = check_size(w, h).map_err(|m| doc.err(&top.key("width"), m))?;
    let mut map = RawMap {
        width,
        height,
        tile_width: root.get("tilewidth").and_then(Value::as_f64).unwrap_or(1.0),
        tile_height: root
            .get("tileheight")
            .and_then(Value::as_f64)
            .unwrap_or(1.0),
        properties: json_props(&root),
        ..RawMap::default()
    };
    json_layers(&doc, &root, &top, &mut map, 0)?;
    let sets = root.get("tilesets").and_then(Value::as_array);
    for (i, ts) in sets.into_iter().flatten().enumerate() {
        let here = top.key("tilesets").index(i);
        if i >= MAX_TILESETS {
            return Err(doc.err(
                &here,
                format!("more than {MAX_TILESETS} tilesets: no board needs that many"),
            ));
        }
        let firstgid = doc.int(ts, &here, "firstgid")?;
        let firstgid = u32::try_from(firstgid)
            .ok()
            .filter(|&g| g >= 1)
            .ok_or_else(|| doc.err(&here.key("firstgid"), "\"firstgid\" must be 1 or more"))?;
        let mut set = match ts.get("source").and_then(Value::as_str) {
            Some(source) => external_tileset(&dir.join(source))?,
            None => json_tileset(&doc, ts, &here)?,
        };
        set.firstgid = firstgid;
        map.tilesets.push(set);
    }
    Ok(map)
}

fn json_layers(
    doc: &JsonDoc,
    parent: &Value,
    path: &JsonPath,
    map: &mut RawMap,
    depth: usize,
) -> Result<(), LoadError> {
    let Some(layers) = parent.get("layers").and_then(Value::as_array) else {
        return Err(doc.err(&path.key("layers"), "\"layers\" must be a list"));
    };
    if depth > MAX_DEPTH {
        return Err(doc.err(path, "group layers are nested too deeply"));
    }
    let count = map.width as usize * map.height as usize;
    for (i, layer) in layers.iter().enumerate() {
        let here = path.key("layers").index(i);
        let name = str_of(layer, "name").to_string();
        match str_of(layer, "type") {
            "tilelayer" => {
                if map.layers.len() >= MAX_LAYERS {
                    return Err(doc.err(&here, format!("more than {MAX_LAYERS} tile layers")));
                }
                for key in ["width", "height"] {
                    let want = if key == "width" {
                        map.width
                    } else {
                        map.height
                    };
                    if let Some(v) = layer.get(key).and_then(Value::as_i64)
                        && v != i64::from(want)
                    {
                        return Err(doc.err(&here.key(key), layer_size(&name, key, v, want)));
                    }
                }
                if layer.get("chunks").is_some() {
                    return Err(doc.err(&here.key("chunks"), CHUNKED_LAYER));
                }
                let data_path = here.key("data");
                let gids = match layer.get("data") {
                    Some(Value::Array(items)) => {
                        if items.len() != count {
                            return Err(doc.err(&data_path, layer_count(&name, items.len(), count)));
                        }
                        let mut gids = Vec::with_capacity(count);
                        for (k, item) in items.iter().enumerate() {
                            let gid = item.as_u64().and_then(|g| u32::try_from(g).ok());
                            let Some(gid) = gid else {
                                return Err(doc.err(&data_path.index(k), GID_RANGE));
                            };
                            gids.push(gid);
                        }
                        gids
                    }
                    Some(Value::String(s)) => decode_data(
                        s,
                        layer
                            .get("encoding")
                            .and_then(Value::as_str)
                            .unwrap_or("base64"),
                        str_of(layer, "compression"),
                        count,
                    )
                    .map_err(|m| doc.err(&data_path, format!("layer \"{}\": {m}", short(&name))))?,
                    _ => {
                        return Err(doc.err(
                            &data_path,
                            "a tile layer's \"data\" is a list of tile ids or a base64 string",
                        ));
                    }
                };
                map.layers.push(RawLayer { name, gids });
            }
            "group" => json_layers(doc, layer, &here, map, depth + 1)?,
            "objectgroup" => {
                for obj in layer
                    .get("objects")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    if map.objects.len() >= MAX_OBJECTS {
                        break;
                    }
                    map.objects.push(RawObject {
                        layer: name.clone(),
                        name: str_of(obj, "name").to_string(),
                        class: json_class(obj).to_string(),
                        x: obj.get("x").and_then(Value::as_f64).unwrap_or(0.0),
                        y: obj.get("y").and_then(Value::as_f64).unwrap_or(0.0),
                    });
                }
            }
            _ => map.skipped_layers.push(name),
        }
    }
    Ok(())
}

/// Custom properties: the list form of Tiled 1.2 and later, or the older object form.
fn json_props(v: &Value) -> Props {
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

fn json_tileset(doc: &JsonDoc, ts: &Value, path: &JsonPath) -> Result<RawTileset, LoadError> {
    let mut set = RawTileset::default();
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
            set.tiles.insert(
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
                let entry = set.tiles.entry(id).or_default();
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
    Ok(set)
}

/// A tileset in its own file, JSON or TSX, named by the map relative to the map's folder.
fn external_tileset(path: &Path) -> Result<RawTileset, LoadError> {
    let text = read_text(path)?;
    let file = path.display().to_string();
    if text.trim_start().starts_with('<') {
        let root = xml_tree(&file, &text)?;
        let doc = XmlDoc {
            file: &file,
            text: &text,
        };
        if root.name != "tileset" {
            return Err(doc.err(&root, "this is not a Tiled tileset (no <tileset> element)"));
        }
        tsx_tileset(&doc, &root)
    } else {
        let doc = JsonDoc {
            file: &file,
            text: &text,
        };
        let root: Value = serde_json::from_str(&text).map_err(|e| syntax_error(&file, &e))?;
        if !root.is_object() {
            return Err(doc.err(&JsonPath::root(), "a Tiled tileset is a JSON object"));
        }
        json_tileset(&doc, &root, &JsonPath::root())
    }
}

// ---------------------------------------------------------------- XML

/// An XML element with its attributes, child elements, text, and where it starts in the file.
#[derive(Debug, Default)]
pub struct XmlNode {
    pub name: String,
    pub attrs: Vec<(String, String)>,
    pub children: Vec<XmlNode>,
    pub text: String,
    pub pos: usize,
}

impl XmlNode {
    fn attr(&self, key: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The class of a tile or object: "class" as Tiled 1.9 wrote it, else "type".
    fn class(&self) -> &str {
        self.attr("class")
            .or_else(|| self.attr("type"))
            .unwrap_or("")
    }

    fn children<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a XmlNode> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }
}

struct XmlDoc<'a> {
    file: &'a str,
    text: &'a str,
}

impl XmlDoc<'_> {
    fn err(&self, node: &XmlNode, message: impl Into<String>) -> LoadError {
        unreadable(self.file, line_col(self.text, node.pos), message)
    }

    fn int(&self, node: &XmlNode, key: &str) -> Result<i64, LoadError> {
        node.attr(key)
            .and_then(|v| v.trim().parse().ok())
            .ok_or_else(|| {
                self.err(
                    node,
                    format!("<{}> needs a whole-number \"{key}\"", node.name),
                )
            })
    }
}

/// Parses XML text into a tree of elements.
fn xml_tree(file: &str, text: &str) -> Result<XmlNode, LoadError> {
    use quick_xml::events::{BytesStart, Event};
    let mut reader = quick_xml::Reader::from_str(text);
    let mut stack: Vec<XmlNode> = vec![XmlNode::default()];
    let at = |pos: u64| line_col(text, pos as usize);
    let start = |e: &BytesStart, pos: u64| -> Result<XmlNode, LoadError> {
        let mut node = XmlNode {
            name: String::from_utf8_lossy(e.local_name().as_ref()).into_owned(),
            pos: pos as usize,
            ..XmlNode::default()
        };
        for attr in e.attributes() {
            let attr =
                attr.map_err(|err| unreadable(file, at(pos), format!("bad XML attribute: {err}")))?;
            let key = String::from_utf8_lossy(attr.key.local_name().as_ref()).into_owned();
            let value = attr
                .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                .map_err(|err| {
                    unreadable(file, at(pos), format!("bad XML attribute value: {err}"))
                })?;
            node.attrs.push((key, value.into_owned()));
        }
        Ok(node)
    };
    loop {
        let pos = reader.buffer_position();
        let event = reader.read_event().map_err(|e| {
            unreadable(
                file,
                at(reader.error_position()),
                format!("this is not well-formed XML: {e}"),
            )
        })?;
        match event {
            Event::Start(e) => {
                if stack.len() > MAX_DEPTH {
                    return Err(unreadable(file, at(pos), "the XML is nested too deeply"));
                }
                stack.push(start(&e, pos)?);
            }
            Event::Empty(e) => {
                let node = start(&e, pos)?;
                if let Some(top) = stack.last_mut() {
                    top.children.push(node);
                }
            }
            Event::End(_) => {
                let Some(node) = stack.pop() else {
                    return Err(unreadable(file, at(pos), "an end tag without a start tag"));
                };
                let Some(parent) = stack.last_mut() else {
                    return Err(unreadable(file, at(pos), "an end tag without a start tag"));
                };
                parent.children.push(node);
            }
            Event::Text(t) => {
                if let (Some(top), Ok(s)) = (stack.last_mut(), t.decode()) {
                    top.text.push_str(&s);
                }
            }
            Event::CData(t) => {
                if let Some(top) = stack.last_mut() {
                    top.text.push_str(&String::from_utf8_lossy(&t));
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if stack.len() != 1 {
        return Err(unreadable(
            file,
            at(text.len() as u64),
            "the XML ends before every element is closed: it looks truncated",
        ));
    }
    let mut doc = stack.pop().unwrap_or_default();
    match doc.children.len() {
        1 => Ok(doc.children.remove(0)),
        _ => Err(unreadable(
            file,
            (1, 1),
            "expected one root element (<map> or <tileset>)",
        )),
    }
}

fn xml_props(node: &XmlNode) -> Props {
    let mut props = Props::new();
    for list in node.children("properties") {
        for p in list.children("property") {
            let Some(name) = p.attr("name") else { continue };
            let raw = p.attr("value").map_or(p.text.as_str(), |v| v).trim();
            let value = match p.attr("type").unwrap_or("string") {
                "bool" => match raw {
                    "true" => Prop::Bool(true),
                    "false" => Prop::Bool(false),
                    _ => Prop::Text(raw.to_string()),
                },
                "int" => raw
                    .parse()
                    .map(Prop::Int)
                    .unwrap_or_else(|_| Prop::Text(raw.to_string())),
                "float" => raw
                    .parse()
                    .map(Prop::Float)
                    .unwrap_or_else(|_| Prop::Text(raw.to_string())),
                _ => Prop::Text(raw.to_string()),
            };
            props.insert(name.to_string(), value);
        }
    }
    props
}

fn tsx_tileset(doc: &XmlDoc, node: &XmlNode) -> Result<RawTileset, LoadError> {
    let mut set = RawTileset::default();
    for t in node.children("tile") {
        let id = doc.int(t, "id")?;
        let id = u32::try_from(id).map_err(|_| doc.err(t, "tile id out of range"))?;
        set.tiles.insert(
            id,
            RawTile {
                class: t.class().to_string(),
                props: xml_props(t),
            },
        );
    }
    Ok(set)
}

fn tmx_map(file: &str, text: &str, dir: &Path) -> Result<RawMap, LoadError> {
    let doc = XmlDoc { file, text };
    let root = xml_tree(file, text)?;
    if root.name != "map" {
        return Err(doc.err(
            &root,
            "this is not a Tiled map: a TMX file has a <map> element",
        ));
    }
    check_orientation(root.attr("orientation").unwrap_or("")).map_err(|m| doc.err(&root, m))?;
    if root.attr("infinite") == Some("1") {
        return Err(doc.err(&root, INFINITE_MAP));
    }
    let (width, height) = check_size(doc.int(&root, "width")?, doc.int(&root, "height")?)
        .map_err(|m| doc.err(&root, m))?;
    let mut map = RawMap {
        width,
        height,
        tile_width: root
            .attr("tilewidth")
            .and_then(|v| v.parse().ok())
            .unwrap_or(1.0),
        tile_height: root
            .attr("tileheight")
            .and_then(|v| v.parse().ok())
            .unwrap_or(1.0),
        properties: xml_props(&root),
        ..RawMap::default()
    };
    tmx_layers(&doc, &root, &mut map)?;
    for (i, ts) in root.children("tileset").enumerate() {
        if i >= MAX_TILESETS {
            return Err(doc.err(ts, format!("more than {MAX_TILESETS} tilesets")));
        }
        let firstgid = u32::try_from(doc.int(ts, "firstgid")?)
            .ok()
            .filter(|&g| g >= 1)
            .ok_or_else(|| doc.err(ts, "\"firstgid\" must be 1 or more"))?;
        let mut set = match ts.attr("source") {
            Some(source) => external_tileset(&dir.join(source))?,
            None => tsx_tileset(&doc, ts)?,
        };
        set.firstgid = firstgid;
        map.tilesets.push(set);
    }
    Ok(map)
}

fn tmx_layers(doc: &XmlDoc, parent: &XmlNode, map: &mut RawMap) -> Result<(), LoadError> {
    let count = map.width as usize * map.height as usize;
    for node in &parent.children {
        let name = node.attr("name").unwrap_or("").to_string();
        match node.name.as_str() {
            "layer" => {
                if map.layers.len() >= MAX_LAYERS {
                    return Err(doc.err(node, format!("more than {MAX_LAYERS} tile layers")));
                }
                for (key, want) in [("width", map.width), ("height", map.height)] {
                    if let Some(v) = node.attr(key).and_then(|v| v.parse::<i64>().ok())
                        && v != i64::from(want)
                    {
                        return Err(doc.err(node, layer_size(&name, key, v, want)));
                    }
                }
                let Some(data) = node.children("data").next() else {
                    return Err(doc.err(node, format!("layer \"{}\" has no <data>", short(&name))));
                };
                if data.children("chunk").next().is_some() {
                    return Err(doc.err(data, CHUNKED_LAYER));
                }
                let gids = match data.attr("encoding") {
                    None => {
                        // The oldest form: one <tile gid=".."/> per square.
                        let tiles: Vec<&XmlNode> = data.children("tile").collect();
                        if tiles.len() != count {
                            return Err(doc.err(data, layer_count(&name, tiles.len(), count)));
                        }
                        let mut gids = Vec::with_capacity(count);
                        for t in tiles {
                            let gid = match t.attr("gid") {
                                None => 0,
                                Some(g) => {
                                    g.trim().parse::<u32>().map_err(|_| doc.err(t, GID_RANGE))?
                                }
                            };
                            gids.push(gid);
                        }
                        gids
                    }
                    Some(encoding) => decode_data(
                        &data.text,
                        encoding,
                        data.attr("compression").unwrap_or(""),
                        count,
                    )
                    .map_err(|m| doc.err(data, format!("layer \"{}\": {m}", short(&name))))?,
                };
                map.layers.push(RawLayer { name, gids });
            }
            "group" => tmx_layers(doc, node, map)?,
            "objectgroup" => {
                for obj in node.children("object") {
                    if map.objects.len() >= MAX_OBJECTS {
                        break;
                    }
                    map.objects.push(RawObject {
                        layer: name.clone(),
                        name: obj.attr("name").unwrap_or("").to_string(),
                        class: obj.class().to_string(),
                        x: obj.attr("x").and_then(|v| v.parse().ok()).unwrap_or(0.0),
                        y: obj.attr("y").and_then(|v| v.parse().ok()).unwrap_or(0.0),
                    });
                }
            }
            "imagelayer" => map.skipped_layers.push(name),
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_decodes_with_and_without_padding() {
        assert_eq!(base64_decode("AQAAAA==").ok(), Some(vec![1, 0, 0, 0]));
        assert_eq!(base64_decode(" TWFu\n").ok(), Some(b"Man".to_vec()));
        assert!(base64_decode("A*AA").is_err());
    }

    #[test]
    fn csv_counts_must_match_the_map() {
        assert_eq!(decode_csv("1,2,\n3,4\n", 4).ok(), Some(vec![1, 2, 3, 4]));
        assert!(decode_csv("1,2,3", 4).is_err());
        assert!(decode_csv("1,2,3,4,5", 4).is_err());
        assert!(decode_csv("1,x,3,4", 4).is_err());
    }

    #[test]
    fn a_zlib_bomb_is_stopped_at_the_layer_size() {
        let big = vec![0u8; 1 << 20];
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(&big, 6);
        let text = base64_encode(&packed);
        let err = decode_data(&text, "base64", "zlib", 16).err();
        assert!(err.is_some_and(|e| e.contains("more than")));
    }

    fn base64_encode(bytes: &[u8]) -> String {
        const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let mut out = String::new();
        for chunk in bytes.chunks(3) {
            let b = [
                chunk[0],
                *chunk.get(1).unwrap_or(&0),
                *chunk.get(2).unwrap_or(&0),
            ];
            let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
            for i in 0..4 {
                if i <= chunk.len() {
                    out.push(A[(n >> (18 - 6 * i) & 63) as usize] as char);
                } else {
                    out.push('=');
                }
            }
        }
        out
    }
}
