//! The element palette of the tile editor: every element, grouped as the Factory Floor Guide
//! (seed 001) groups them, searchable, each swatch drawn by the board renderer and named, the
//! element's rule as hover text; and the tool buttons above it.

use super::tools::{Brush, paint_at};
use crate::app::canvas::paint::paint_scene;
use crate::app::command::{Command, Tool};
use crate::model::{Board, ElementGroup, ElementKind, Placement, Tile};
use crate::render::{Scene, SceneOptions, build_scene};
use egui::emath::RectTransform;
use egui::{Pos2, Rect, Sense, Ui, Vec2};
use strum::IntoEnumIterator;

/// The side of a swatch, in points.
const SWATCH: f32 = 28.0;

/// One scene per element, drawn once: a one-square board holding the element.
pub struct Swatches {
    scenes: Vec<(ElementKind, Scene)>,
}

impl Default for Swatches {
    fn default() -> Self {
        Swatches::new()
    }
}

impl Swatches {
    pub fn new() -> Swatches {
        let scenes = ElementKind::ALL
            .iter()
            .map(|&kind| {
                let mut tile = Tile::new("swatch", 1, 1);
                // Edge elements on the north edge, so a laser's beam crosses the square.
                let y = match kind.placement() {
                    Placement::Edge => 0.05,
                    Placement::Square => 0.5,
                };
                let brush = Brush {
                    kind,
                    facing: crate::geom::Facing::E,
                };
                paint_at(&mut tile, 0.5, y, brush);
                let board = Board::from_tile(&tile, &[]);
                (kind, build_scene(&board, &SceneOptions::default()))
            })
            .collect();
        Swatches { scenes }
    }

    pub fn scene(&self, kind: ElementKind) -> Option<&Scene> {
        self.scenes.iter().find(|(k, _)| *k == kind).map(|(_, s)| s)
    }
}

/// Draws a swatch of `kind` at `rect`.
pub fn paint_swatch(ui: &Ui, swatches: &Swatches, kind: ElementKind, rect: Rect) {
    if let Some(scene) = swatches.scene(kind) {
        let t = RectTransform::from_to(Rect::from_min_size(Pos2::ZERO, Vec2::splat(1.0)), rect);
        paint_scene(&ui.painter_at(rect), scene, t);
    }
}

/// Whether `kind` matches a search text (by name, group or rule words).
pub fn matches_search(kind: ElementKind, search: &str) -> bool {
    let search = search.trim().to_lowercase();
    search.is_empty()
        || kind.name().to_lowercase().contains(&search)
        || kind.group().name().to_lowercase().contains(&search)
}

/// The tool buttons and the palette. Returns what the user chose.
pub fn palette_ui(
    ui: &mut Ui,
    swatches: &Swatches,
    search: &mut String,
    tool: Tool,
    brush: Brush,
) -> Vec<Command> {
    let mut commands = Vec::new();
    ui.horizontal_wrapped(|ui| {
        for t in Tool::iter() {
            if ui
                .selectable_label(tool == t, t.text())
                .on_hover_text(t.action().tooltip_with_shortcut(ui.ctx()))
                .clicked()
            {
                commands.push(Command::Tool(t));
            }
        }
    });
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(Vec2::splat(SWATCH), Sense::hover());
        paint_swatch(ui, swatches, brush.kind, rect);
        ui.label(format!(
            "{}, facing {}",
            brush.kind.name(),
            brush.facing.name()
        ))
        .on_hover_text(
            "The element about to be placed. R turns it when the pointer is not on an element.",
        );
    });
    ui.horizontal(|ui| {
        let label = ui.label("Search");
        ui.add(
            egui::TextEdit::singleline(search)
                .hint_text("name or set")
                .desired_width(f32::INFINITY),
        )
        .labelled_by(label.id)
        .on_hover_text("Find an element by name or set");
    });
    // The palette scrolls in part of the panel, so the inspector below it stays in view.
    egui::ScrollArea::vertical()
        .id_salt("palette")
        .max_height((ui.available_height() * 0.55).max(120.0))
        .show(ui, |ui| {
            for group in ElementGroup::ALL {
                let kinds: Vec<ElementKind> = ElementKind::ALL
                    .iter()
                    .copied()
                    .filter(|k| k.group() == group && matches_search(*k, search))
                    .collect();
                if kinds.is_empty() {
                    continue;
                }
                egui::CollapsingHeader::new(group.name())
                    .default_open(true)
                    .show(ui, |ui| {
                        for kind in kinds {
                            ui.horizontal(|ui| {
                                let (rect, swatch) =
                                    ui.allocate_exact_size(Vec2::splat(SWATCH), Sense::click());
                                swatch.widget_info(|| {
                                    egui::WidgetInfo::labeled(
                                        egui::Role::Button,
                                        true,
                                        format!("{} swatch", kind.name()),
                                    )
                                });
                                paint_swatch(ui, swatches, kind, rect);
                                let label = ui
                                    .selectable_label(brush.kind == kind, kind.name())
                                    .on_hover_text(kind.rule());
                                if swatch.on_hover_text(kind.rule()).clicked() || label.clicked() {
                                    commands.push(Command::Brush(kind));
                                }
                            });
                        }
                    });
            }
        });
    commands
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_element_has_a_drawn_swatch() {
        let swatches = Swatches::new();
        let blank = build_scene(
            &Board::from_tile(&Tile::new("blank", 1, 1), &[]),
            &SceneOptions::default(),
        );
        for kind in ElementKind::ALL {
            let scene = swatches.scene(kind).expect("a swatch");
            assert_ne!(scene, &blank, "{kind:?} draws something over open floor");
        }
    }

    #[test]
    fn search_finds_by_name_and_by_set() {
        assert!(matches_search(ElementKind::ExpressBelt, "express"));
        assert!(matches_search(ElementKind::Flamer, "crash"));
        assert!(!matches_search(ElementKind::Pit, "belt"));
    }
}
