//! Whole maps, JSON or TMX: the map's checks, its tile layers (groups included), object layers and
//! tilesets, embedded or in their own files beside the map.

use super::data::decode_data;
use super::json::{JsonDoc, json_class, json_props, json_tileset, str_of};
use super::raw::{
    CHUNKED_LAYER, GID_RANGE, INFINITE_MAP, MAX_DEPTH, MAX_LAYERS, MAX_OBJECTS, MAX_TILESETS,
    RawLayer, RawMap, RawObject, RawTile, RawTileset, check_orientation, check_size, layer_count,
    layer_size, short, unreadable,
};
use super::xml::{XmlDoc, XmlNode, tsx_tileset, xml_props, xml_tree};
use crate::format::error::{LoadError, syntax_error};
use crate::format::files::{MAX_FILE_BYTES, read_text};
use crate::format::json::check_duplicate_keys;
use crate::format::locate::JsonPath;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Reads a map file, JSON or TMX by its first non-blank character.
pub fn read_map(path: &Path) -> Result<RawMap, LoadError> {
    let text = read_text(path)?;
    let dir = path.parent().unwrap_or(Path::new("."));
    read_map_str(&path.display().to_string(), &text, dir)
}

/// Reads a map from text; `dir` is where external tilesets are looked for.
pub fn read_map_str(file: &str, text: &str, dir: &Path) -> Result<RawMap, LoadError> {
    if text.trim_start().starts_with('<') {
        tmx_map(file, text, dir)
    } else {
        json_map(file, text, dir)
    }
}

fn json_map(file: &str, text: &str, dir: &Path) -> Result<RawMap, LoadError> {
    let doc = JsonDoc { file, text };
    let mut includes = Includes::default();
    let root: Value = serde_json::from_str(text).map_err(|e| syntax_error(file, text, &e))?;
    check_duplicate_keys(file, text)?;
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
            Some(source) => includes.tileset(&dir.join(source))?,
            None => json_tileset(&doc, ts, &here)?,
        };
        set.firstgid = firstgid;
        map.tilesets.push(set);
    }
    map.includes = includes.paths;
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
                        layer: short(&name),
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

/// The tileset files a map names, each read once however often it is named, and together no
/// larger than one file may be: a map naming one 8 MiB tileset 256 times reads 8 MiB, not 2 GiB.
#[derive(Default)]
struct Includes {
    read: HashMap<PathBuf, Arc<BTreeMap<u32, RawTile>>>,
    bytes: u64,
    paths: Vec<PathBuf>,
}

impl Includes {
    /// A tileset in its own file, JSON or TSX, named by the map relative to the map's folder.
    fn tileset(&mut self, path: &Path) -> Result<RawTileset, LoadError> {
        let key = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        if let Some(tiles) = self.read.get(&key) {
            return Ok(RawTileset {
                firstgid: 0,
                tiles: Arc::clone(tiles),
            });
        }
        let text = read_text(path)?;
        self.bytes += text.len() as u64;
        if self.bytes > MAX_FILE_BYTES {
            return Err(unreadable(
                &path.display().to_string(),
                (0, 0),
                format!(
                    "the map's tileset files together are larger than {} MiB, far more than any board needs",
                    MAX_FILE_BYTES / (1024 * 1024)
                ),
            ));
        }
        let set = external_tileset(path, &text)?;
        self.read.insert(key, Arc::clone(&set.tiles));
        self.paths.push(path.to_path_buf());
        Ok(set)
    }
}

fn external_tileset(path: &Path, text: &str) -> Result<RawTileset, LoadError> {
    let file = path.display().to_string();
    if text.trim_start().starts_with('<') {
        let root = xml_tree(&file, text)?;
        let doc = XmlDoc { file: &file, text };
        if root.name != "tileset" {
            return Err(doc.err(&root, "this is not a Tiled tileset (no <tileset> element)"));
        }
        tsx_tileset(&doc, &root)
    } else {
        let doc = JsonDoc { file: &file, text };
        let root: Value = serde_json::from_str(text).map_err(|e| syntax_error(&file, text, &e))?;
        check_duplicate_keys(&file, text)?;
        if !root.is_object() {
            return Err(doc.err(&JsonPath::root(), "a Tiled tileset is a JSON object"));
        }
        json_tileset(&doc, &root, &JsonPath::root())
    }
}

fn tmx_map(file: &str, text: &str, dir: &Path) -> Result<RawMap, LoadError> {
    let doc = XmlDoc { file, text };
    let mut includes = Includes::default();
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
            Some(source) => includes.tileset(&dir.join(source))?,
            None => tsx_tileset(&doc, ts)?,
        };
        set.firstgid = firstgid;
        map.tilesets.push(set);
    }
    map.includes = includes.paths;
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
                        layer: short(&name),
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
