//! The event log of the play view: a heading per step and a line per event; a click shows the
//! game after that step or at the moment of that event.

use super::PlayView;
use egui::{RichText, Ui};

impl PlayView {
    pub(super) fn log_ui(&mut self, ui: &mut Ui) {
        ui.heading("Event log");
        let Some(s) = self.session.as_ref() else {
            ui.weak("No game yet.");
            return;
        };
        // Rows: a heading per step, then its events; made again only when the timeline changes.
        if self.log_rows.0 != s.revision() {
            let rows = s
                .steps()
                .iter()
                .enumerate()
                .skip(1)
                .flat_map(|(k, st)| {
                    std::iter::once((k, None))
                        .chain((0..st.events.len()).map(move |e| (k, Some(e))))
                })
                .collect();
            self.log_rows = (s.revision(), rows);
        }
        let rows = &self.log_rows.1;
        let cursor = s.cursor();
        let mut clicked = None;
        // The height of a selectable label, so `show_rows` places every row where it is drawn.
        let row_height = (ui.text_style_height(&egui::TextStyle::Body)
            + 2.0 * ui.spacing().button_padding.y)
            .max(ui.spacing().interact_size.y);
        let mut area = egui::ScrollArea::vertical().auto_shrink([false, false]);
        // When the timeline moves, the log scrolls to the step shown (or the event picked).
        let target = self.picked.unwrap_or((cursor, usize::MAX));
        if self.log_target != Some(target) {
            self.log_target = Some(target);
            let row = rows
                .iter()
                .position(|&(k, e)| k == target.0 && e.is_none_or(|e| e == target.1))
                .unwrap_or(rows.len());
            let spacing = ui.spacing().item_spacing.y;
            let offset = (row as f32 - 3.0).max(0.0) * (row_height + spacing);
            area = area.vertical_scroll_offset(offset);
        }
        area.show_rows(ui, row_height, rows.len(), |ui, range| {
            // One line per row (long lines are cut; the tooltip has them whole).
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
            for &(k, e) in &rows[range] {
                let st = &s.steps()[k];
                match e {
                    None => {
                        let mut text = RichText::new(st.kind.label()).strong();
                        if k > cursor {
                            text = text.weak();
                        }
                        if ui
                            .selectable_label(k == cursor && self.picked.is_none(), text)
                            .on_hover_text("Show the game after this step")
                            .clicked()
                        {
                            clicked = Some((k, None));
                        }
                    }
                    Some(e) => {
                        let line = st.lines.get(e).map_or("", String::as_str);
                        let mut text = RichText::new(format!("  {line}"));
                        if k > cursor {
                            text = text.weak();
                        }
                        if ui
                            .selectable_label(self.picked == Some((k, e)), text)
                            .on_hover_text(format!("{line}: click to show the moment it happened"))
                            .clicked()
                        {
                            clicked = Some((k, Some(e)));
                        }
                    }
                }
            }
        });
        match clicked {
            Some((k, Some(e))) => self.jump_to_event(k, e),
            Some((k, None)) => self.seek(k),
            None => return,
        }
        // The row clicked is in view already: the log stays where it is.
        let shown = self.session.as_ref().map_or(0, |s| s.cursor());
        self.log_target = Some(self.picked.unwrap_or((shown, usize::MAX)));
    }
}
