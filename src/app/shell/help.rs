//! The help window (F1): every action of every menu with its shortcuts and what it does, read
//! from the one action list; the pointer gestures that are not actions; and every element with
//! its ruling sentence (issue 22 item 3). It scrolls, and a search field narrows all three.

use crate::app::command::{Action, Menu};
use crate::model::ElementKind;
use egui::{Context, Ui};
use strum::IntoEnumIterator;

/// The pointer gestures: where, what, which buttons, what they do.
const GESTURES: [(&str, &str, &str, &str); 7] = [
    ("Tile", "Erase", "Right button", "Erase with any tool"),
    (
        "Tile",
        "Rotate",
        "Alt+wheel",
        "Turn the element or tile under the pointer",
    ),
    (
        "Board",
        "Zoom",
        "Wheel or Ctrl+wheel",
        "Zoom about the pointer",
    ),
    ("Board", "Pan", "Middle-drag", "Move the view"),
    (
        "Board",
        "Pan",
        "Space+drag",
        "Move the view with the primary button",
    ),
    (
        "Course",
        "Edit tile",
        "Double-click",
        "Open the placed tile in the tile editor",
    ),
    (
        "Course",
        "Tile menu",
        "Right button",
        "Edit or remove the placed tile",
    ),
];

/// The help window's state.
#[derive(Default)]
pub struct Help {
    pub open: bool,
    search: String,
    /// Set when the window opens: its search field takes the keyboard, so F1 then typing finds.
    focus: bool,
}

/// Whether any of `texts` holds `search` (already lower case), ignoring case.
fn matches(search: &str, texts: &[&str]) -> bool {
    search.is_empty() || texts.iter().any(|t| t.to_lowercase().contains(search))
}

impl Help {
    pub fn toggle(&mut self) {
        self.open = !self.open;
        self.focus = self.open;
    }

    /// Draws the window while it is open.
    pub fn window(&mut self, ctx: &Context) {
        let mut open = self.open;
        egui::Window::new("Keyboard shortcuts")
            .open(&mut open)
            .resizable(true)
            .default_size([760.0, 560.0])
            .max_height(ctx.content_rect().height() - 80.0)
            .show(ctx, |ui| self.contents_ui(ui));
        self.open = open;
    }

    fn contents_ui(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let label = ui.label("Search");
            let field = ui
                .add(
                    egui::TextEdit::singleline(&mut self.search)
                        .hint_text("a command, key or element")
                        .desired_width(280.0),
                )
                .labelled_by(label.id)
                .on_hover_text("Show only the commands, gestures and elements that hold this text");
            if self.focus {
                field.request_focus();
                self.focus = false;
            }
        });
        let search = self.search.trim().to_lowercase();
        let ctx = ui.ctx().clone();
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.heading("Commands");
                egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                    for menu in Menu::iter() {
                        for action in Action::iter().filter(|a| a.menu() == menu) {
                            let keys = action
                                .shortcuts()
                                .iter()
                                .map(|s| ctx.format_shortcut(s))
                                .collect::<Vec<_>>()
                                .join(", ");
                            let texts = [menu.text(), action.text(), &keys, action.tooltip()];
                            if !matches(&search, &texts) {
                                continue;
                            }
                            ui.label(menu.text());
                            ui.label(action.text());
                            ui.monospace(keys);
                            ui.weak(action.tooltip());
                            ui.end_row();
                        }
                    }
                    for (place, what, keys, does) in GESTURES {
                        if !matches(&search, &[place, what, keys, does]) {
                            continue;
                        }
                        ui.label(place);
                        ui.label(what);
                        ui.monospace(keys);
                        ui.weak(does);
                        ui.end_row();
                    }
                });
                ui.separator();
                ui.heading("Elements and their rules");
                // A name, then its ruling across the window's width (a grid column would wrap
                // it a word a line).
                for kind in ElementKind::iter() {
                    let texts = [kind.name(), kind.group().name(), kind.rule()];
                    if !matches(&search, &texts) {
                        continue;
                    }
                    ui.strong(format!("{} ({})", kind.name(), kind.group().name()));
                    ui.add(egui::Label::new(kind.rule()).wrap());
                    ui.add_space(4.0);
                }
            });
    }
}
