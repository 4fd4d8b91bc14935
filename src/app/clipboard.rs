//! The window's clipboard (issue 19): squares copied from a tile, or tiles placed on a course,
//! shared by every document of the window and mirrored to the system clipboard as the JSON of a
//! tile or course file, so that a second window (or a text editor) can take them too.

use crate::format::{Document, course_to_string, document_from_str, tile_to_string};
use crate::geom::Square;
use crate::model::{Course, Tile, TilePlacement};

/// What Copy or Cut took.
#[derive(Clone, Debug, PartialEq)]
pub enum Clip {
    /// A rectangle of a tile's squares with the edges anchored on them, as a small tile.
    Squares(Tile),
    /// Placed tiles, the north-west corner of the group at (0, 0), with the course's own tiles
    /// they name (so they paste into another course whole).
    Placements {
        placements: Vec<TilePlacement>,
        embedded: Vec<Tile>,
    },
}

impl Clip {
    /// Placed tiles of `course`, moved so the group's north-west corner is at (0, 0).
    pub fn of_placements(course: &Course, indices: &[usize]) -> Option<Clip> {
        let chosen: Vec<TilePlacement> = indices
            .iter()
            .filter_map(|&i| course.placements.get(i).cloned())
            .collect();
        let min_x = chosen.iter().map(|p| p.at.x).min()?;
        let min_y = chosen.iter().map(|p| p.at.y).min()?;
        let placements: Vec<TilePlacement> = chosen
            .into_iter()
            .map(|p| TilePlacement {
                at: p.at.offset(-min_x, -min_y),
                ..p
            })
            .collect();
        let embedded = course
            .embedded
            .iter()
            .filter(|t| placements.iter().any(|p| p.tile == t.id))
            .cloned()
            .collect();
        Some(Clip::Placements {
            placements,
            embedded,
        })
    }

    /// The clip as the text of a tile file (squares) or of a course file (placed tiles).
    pub fn to_json(&self) -> String {
        match self {
            Clip::Squares(tile) if tile.name.trim().is_empty() => {
                // A tile file needs a name.
                let mut named = tile.clone();
                named.name = "Clipboard".to_string();
                tile_to_string(&named)
            }
            Clip::Squares(tile) => tile_to_string(tile),
            Clip::Placements {
                placements,
                embedded,
            } => {
                let mut course = crate::app::state::document::new_course();
                course.name = "Clipboard".to_string();
                course.placements = placements.clone();
                course.embedded = embedded.clone();
                course_to_string(&course)
            }
        }
    }

    /// Reads what another window (or this one) put on the system clipboard. Text that is not a
    /// tile or course file is no clip: the window keeps its own.
    pub fn from_json(text: &str) -> Option<Clip> {
        if !text.trim_start().starts_with('{') {
            return None;
        }
        match document_from_str("clipboard", text).ok()? {
            Document::Tile(tile) => Some(Clip::Squares(tile)),
            Document::Course(course) => (!course.placements.is_empty()).then(|| {
                let indices: Vec<usize> = (0..course.placements.len()).collect();
                Clip::of_placements(&course, &indices)
            })?,
        }
    }

    /// Adds the clip's placed tiles to `course` with the group's north-west corner on `at`, and
    /// the course's own tiles they need that it does not have yet. Returns the new indices.
    pub fn paste_placements(&self, course: &mut Course, at: Square) -> Vec<usize> {
        let Clip::Placements {
            placements,
            embedded,
        } = self
        else {
            return Vec::new();
        };
        for t in embedded {
            if !course.embedded.iter().any(|e| e.id == t.id) {
                course.embedded.push(t.clone());
            }
        }
        let mut added = Vec::new();
        for p in placements {
            if course.placements.len() >= crate::model::course::MAX_PLACEMENTS {
                break;
            }
            added.push(course.placements.len());
            course.placements.push(TilePlacement {
                at: Square::new((p.at.x + at.x).max(0), (p.at.y + at.y).max(0)),
                ..p.clone()
            });
        }
        added
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Rotation;
    use crate::model::{Floor, SquareSpec};

    #[test]
    fn squares_go_through_the_system_clipboard_as_a_tile_file() {
        let mut tile = Tile::new("clipboard", 2, 1);
        tile.name = "Clipboard".to_string();
        tile.set_square(
            Square::new(1, 0),
            SquareSpec {
                floor: Some(Floor::Pit),
                ..SquareSpec::default()
            },
        );
        let clip = Clip::Squares(tile);
        let text = clip.to_json();
        assert!(text.contains("\"pit\"") || text.to_lowercase().contains("pit"));
        assert_eq!(Clip::from_json(&text), Some(clip));
        assert_eq!(Clip::from_json("just some words"), None);
        assert_eq!(Clip::from_json("{\"not\": \"a tile\"}"), None);
    }

    #[test]
    fn placed_tiles_go_through_as_a_course_and_paste_at_a_square() {
        let mut course = crate::app::state::document::new_course();
        course.placements = vec![
            TilePlacement {
                tile: "yard".to_string(),
                at: Square::new(12, 4),
                rotation: Rotation::R90,
            },
            TilePlacement {
                tile: "dock".to_string(),
                at: Square::new(0, 0),
                rotation: Rotation::R0,
            },
        ];
        let clip = Clip::of_placements(&course, &[0]).expect("one placement");
        let back = Clip::from_json(&clip.to_json()).expect("a course file");
        assert_eq!(back, clip);
        let added = back.paste_placements(&mut course, Square::new(3, 5));
        assert_eq!(added, vec![2]);
        assert_eq!(course.placements[2].at, Square::new(3, 5));
        assert_eq!(course.placements[2].rotation, Rotation::R90);
        assert_eq!(course.placements[2].tile, "yard");
    }
}
