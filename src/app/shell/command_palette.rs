//! The command palette (Ctrl+Shift+P): a small window with a text field. Typing filters the
//! actions by label (`Action::matching`), Up and Down choose, Enter runs the chosen one, Escape
//! closes; each row shows the label and the shortcut.

use crate::app::command::Action;
use egui::{Context, Key, Modifiers};

/// The palette's state: open or not, what was typed, which row is chosen.
#[derive(Default)]
pub struct CommandPalette {
    open: bool,
    query: String,
    /// The row chosen with Up and Down, among the actions matching the query.
    chosen: usize,
    /// Set when the palette opens: its text field takes the keyboard.
    focus: bool,
}

impl CommandPalette {
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Opens the palette afresh (empty field, first row chosen), or closes it.
    pub fn toggle(&mut self) {
        if self.open {
            self.open = false;
        } else {
            *self = CommandPalette {
                open: true,
                focus: true,
                ..CommandPalette::default()
            };
        }
    }

    /// Draws the palette while it is open. Returns the action to run, once chosen.
    pub fn ui(&mut self, ctx: &Context) -> Option<Action> {
        if !self.open {
            return None;
        }
        // Taken before the text field sees them: a one-line field would give up the keyboard
        // on Enter, and Up and Down choose rows here.
        let (up, down, enter, escape) = ctx.input_mut(|i| {
            (
                i.consume_key(Modifiers::NONE, Key::ArrowUp),
                i.consume_key(Modifiers::NONE, Key::ArrowDown),
                i.consume_key(Modifiers::NONE, Key::Enter),
                i.consume_key(Modifiers::NONE, Key::Escape),
            )
        });
        if escape {
            self.open = false;
            return None;
        }
        let mut run = None;
        let mut open = true;
        egui::Window::new("Command palette")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, [0.0, 48.0])
            .show(ctx, |ui| {
                let label = ui.label("Find a command");
                let field = ui
                    .add(
                        egui::TextEdit::singleline(&mut self.query)
                            .hint_text("part of its name")
                            .desired_width(340.0),
                    )
                    .labelled_by(label.id)
                    .on_hover_text("Type part of a command's name: Up and Down choose, Enter runs it, Escape closes");
                if self.focus {
                    field.request_focus();
                    self.focus = false;
                }
                if field.changed() {
                    self.chosen = 0;
                }
                let matches = Action::matching(&self.query);
                let last = matches.len().saturating_sub(1);
                if down {
                    self.chosen = (self.chosen + 1).min(last);
                }
                if up {
                    self.chosen = self.chosen.saturating_sub(1);
                }
                self.chosen = self.chosen.min(last);
                if enter {
                    run = matches.get(self.chosen).copied();
                }
                if matches.is_empty() {
                    ui.weak("No command has that in its name.");
                }
                egui::ScrollArea::vertical()
                    .max_height(320.0)
                    .show(ui, |ui| {
                        for (row, action) in matches.iter().enumerate() {
                            let mut button = egui::Button::selectable(row == self.chosen, action.text())
                                .min_size(egui::vec2(340.0, 0.0));
                            if let Some(s) = action.shortcuts().first() {
                                button = button.shortcut_text(ctx.format_shortcut(s));
                            }
                            let response = ui.add(button).on_hover_text(action.tooltip());
                            if (up || down) && row == self.chosen {
                                response.scroll_to_me(None);
                            }
                            if response.clicked() {
                                run = Some(*action);
                            }
                        }
                    });
            });
        if run.is_some() || !open {
            self.open = false;
        }
        run
    }
}
