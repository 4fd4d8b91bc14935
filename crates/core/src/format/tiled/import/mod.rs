//! Turns a read map into a course: each tile becomes an element by its class and properties, or by
//! its layer's name and tile id; what cannot be mapped becomes a `Note`.

mod element;
mod finish;
mod importer;

pub use importer::Note;

use super::layers::LayerKind;
use super::read::{RawMap, short};
use super::typed::{Orient, TypedElement};
use crate::geom::Square;
use crate::model::{Course, Tile};
use importer::{Ctx, Importer, MAX_NOTES};
use std::collections::BTreeMap;

/// The course a map becomes, with everything that could not be mapped.
pub fn import_map(map: &RawMap, stem: &str) -> (Course, Vec<Note>) {
    let id = tile_id(stem);
    let mut imp = Importer {
        tile: Tile::new(id.clone(), map.width, map.height),
        flags: BTreeMap::new(),
        notes: Vec::new(),
        left_off: 0,
        beams: Vec::new(),
    };
    for layer in &map.layers {
        let by_name = LayerKind::from_name(&layer.name);
        for (i, &raw) in layer.gids.iter().enumerate() {
            if raw & 0x0fff_ffff == 0 {
                continue;
            }
            let at = Square::new(i as i32 % map.width, i as i32 / map.width);
            let orient = Orient::from_gid(raw);
            let gid = raw & 0x0fff_ffff;
            let tile = map
                .tilesets
                .iter()
                .filter(|t| t.firstgid <= gid)
                .max_by_key(|t| t.firstgid)
                .map(|t| (gid - t.firstgid, t.tiles.get(&(gid - t.firstgid))));
            let ctx = Ctx {
                layer: &layer.name,
                at,
                gid,
                class: "",
            };
            let Some((local, info)) = tile else {
                imp.note(ctx.note("this tile id belongs to no tileset of the map"));
                continue;
            };
            let typed = info.filter(|t| !t.class.trim().is_empty());
            let by_id: TypedElement;
            let (class, props) = match (typed, by_name) {
                (Some(t), _) => (t.class.as_str(), &t.props),
                (None, Some(kind)) => match kind.element(local) {
                    Some(t) => {
                        by_id = t;
                        (by_id.class.as_str(), &by_id.props)
                    }
                    None => {
                        imp.note(ctx.note(format!(
                            "tile id {local} is not in the id table of a \"{}\" layer (docs/tiled.md)",
                            short(&layer.name)
                        )));
                        continue;
                    }
                },
                (None, None) => {
                    imp.note(ctx.note(
                        "the tile has no class (type) and the layer's name is not an element name: nothing says what it is",
                    ));
                    continue;
                }
            };
            let ctx = Ctx { class, ..ctx };
            imp.element(&ctx, orient, class, props);
        }
    }
    for obj in &map.objects {
        let at = Square::new(
            (obj.x / map.tile_width.max(1.0)).floor() as i32,
            (obj.y / map.tile_height.max(1.0)).floor() as i32,
        );
        imp.note(Note {
            layer: obj.layer.clone(),
            at: Some(at),
            gid: None,
            what: format!("object \"{}\" {}", short(&obj.name), short(&obj.class)),
            why: "objects are not part of either map convention; only tile layers are imported"
                .to_string(),
        });
    }
    for name in &map.skipped_layers {
        imp.note(Note {
            layer: short(name),
            at: None,
            gid: None,
            what: "image layer".to_string(),
            why: "a picture, not squares: not imported".to_string(),
        });
    }
    imp.check_beams();
    imp.turn_starts_inwards();
    let course = imp.course(map, stem, id);
    if imp.left_off > 0 {
        imp.notes.push(Note {
            layer: String::new(),
            at: None,
            gid: None,
            what: String::new(),
            why: format!(
                "and {} more square(s) that could not be mapped, not listed (only the first {MAX_NOTES} are)",
                imp.left_off
            ),
        });
    }
    (course, imp.notes)
}

/// A tile id from a file name: lower-case letters, digits and dashes.
fn tile_id(stem: &str) -> String {
    let mut id = String::new();
    for c in stem.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            id.push(c);
        } else if !id.ends_with('-') && !id.is_empty() {
            id.push('-');
        }
    }
    let id: String = id.trim_end_matches('-').chars().take(64).collect();
    let id = id.trim_end_matches('-').to_string();
    if id.is_empty() {
        "imported".to_string()
    } else {
        id
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_ids_come_from_file_names() {
        assert_eq!(tile_id("belt_map"), "belt-map");
        assert_eq!(tile_id("  Über Map 2 "), "ber-map-2");
        assert_eq!(tile_id("___"), "imported");
    }
}
