//! Small pictures of the library's tiles for the library list: each tile is drawn once through the
//! render scene (the picture the canvas and the PNG export show) into an egui texture, and drawn
//! again only when the tile changes (saved over, reloaded).

use crate::format::Library;
use crate::model::{Board, Tile};
use crate::render::png::rasterise;
use crate::render::{SceneOptions, build_scene};
use std::collections::HashMap;

/// Pixels per square of a thumbnail: a 12 x 12 tile is 96 pixels a side, sharp at the size the
/// list shows it on a high-density screen too.
pub const PIXELS_PER_SQUARE: u32 = 8;

/// How many thumbnails are drawn in one frame, so opening a folder of tiles never stalls a frame
/// for long; the rest follow in the next frames.
const PER_FRAME: usize = 4;

/// One tile's picture and the tile it shows, to tell when it is out of date.
struct Thumbnail {
    tile: Tile,
    /// `None` when the tile cannot be drawn (no squares); the list shows its name alone.
    texture: Option<egui::TextureHandle>,
}

/// The thumbnails of the library's tiles, by tile id.
#[derive(Default)]
pub struct Thumbnails {
    cache: HashMap<String, Thumbnail>,
}

impl Thumbnails {
    /// Draws the thumbnails that are missing or out of date (a few per frame) and forgets those
    /// of tiles no longer in the library.
    pub fn update(&mut self, ctx: &egui::Context, library: &Library) {
        self.cache
            .retain(|id, _| library.tiles.iter().any(|t| &t.tile.id == id));
        let mut drawn = 0;
        for entry in &library.tiles {
            let tile = &entry.tile;
            if self.cache.get(&tile.id).is_some_and(|t| t.tile == *tile) {
                continue;
            }
            if drawn == PER_FRAME {
                ctx.request_repaint();
                break;
            }
            drawn += 1;
            let texture = picture(tile).ok().map(|image| {
                ctx.load_texture(
                    format!("thumbnail {}", tile.id),
                    image,
                    egui::TextureOptions::LINEAR,
                )
            });
            self.cache.insert(
                tile.id.clone(),
                Thumbnail {
                    tile: tile.clone(),
                    texture,
                },
            );
        }
    }

    /// The picture of the library tile `id`, once drawn.
    pub fn get(&self, id: &str) -> Option<&egui::TextureHandle> {
        self.cache.get(id).and_then(|t| t.texture.as_ref())
    }

    /// Whether the thumbnail of `id` shows `tile` as it is now.
    pub fn is_current(&self, id: &str, tile: &Tile) -> bool {
        self.cache
            .get(id)
            .is_some_and(|t| t.tile == *tile && t.texture.is_some())
    }
}

/// The tile drawn alone, without grid or overlays, as RGBA pixels.
pub fn picture(tile: &Tile) -> Result<egui::ColorImage, String> {
    let board = Board::from_tile(tile, &[]);
    let scene = build_scene(&board, &SceneOptions::default());
    let (w, h, pixels) = rasterise(&scene, PIXELS_PER_SQUARE)?;
    Ok(egui::ColorImage::from_rgba_unmultiplied(
        [w as usize, h as usize],
        &pixels,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Square;
    use crate::model::{Floor, SquareSpec};

    #[test]
    fn a_thumbnail_is_the_tile_at_eight_pixels_a_square_and_shows_its_pits() {
        let mut tile = Tile::new("t", 3, 2);
        let Ok(plain) = picture(&tile) else {
            panic!("a 3 x 2 tile draws");
        };
        assert_eq!(plain.size, [24, 16]);
        tile.set_square(
            Square::new(1, 1),
            SquareSpec {
                floor: Some(Floor::Pit),
                ..SquareSpec::default()
            },
        );
        let Ok(pit) = picture(&tile) else {
            panic!("a 3 x 2 tile draws");
        };
        // The middle of square (1, 1) is dark in the pit picture and not in the plain one.
        let at = |img: &egui::ColorImage| img.pixels[12 * 24 + 12];
        let lum = |c: egui::Color32| u32::from(c.r()) + u32::from(c.g()) + u32::from(c.b());
        assert!(
            lum(at(&pit)) + 150 < lum(at(&plain)),
            "{:?} {:?}",
            at(&pit),
            at(&plain)
        );
    }
}
