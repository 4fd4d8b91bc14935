//! Start options for a person (docs/rules.md, "start options, deal N keep K"): the option cards
//! "you" are dealt as the game starts, each named with its rule, and the K of them to keep,
//! picked before the first program. The race deals and keeps them (`race::StartDeal`).

use super::PlayView;
use super::labels::robot_colour;
use crate::engine::OptionSet;
use crate::race::StartDeal;
use egui::{RichText, Ui};

impl PlayView {
    /// The start options of "you" robot `id`: the cards dealt to pick from, or the pick made.
    pub(super) fn start_options_ui(
        &mut self,
        ui: &mut Ui,
        id: usize,
        name: &str,
        deal: &StartDeal,
        picked: Option<OptionSet>,
    ) {
        ui.horizontal(|ui| {
            ui.label(RichText::new(name).color(robot_colour(id)).strong());
            ui.label(format!(
                "is dealt {} start option card(s): keep {} (click a card to pick it)",
                deal.dealt.len(),
                deal.keep
            ));
        });
        if let Some(kept) = picked {
            let mut change = false;
            ui.horizontal_wrapped(|ui| {
                ui.label("Keeps:");
                for o in kept.iter() {
                    ui.label(RichText::new(o.name()).italics())
                        .on_hover_text(o.rule_text());
                }
                change = ui
                    .button("Change start options")
                    .on_hover_text("Take the pick back to pick again")
                    .clicked();
                ui.label("(Next phase starts the game)");
            });
            if change && let Some(s) = self.session.as_mut() {
                s.clear_start_options(id);
            }
            return;
        }
        // A pick of cards no longer dealt (another game) is forgotten.
        let mut pick = self.start_pick;
        for o in pick.iter() {
            if !deal.dealt.contains(&o) {
                pick.remove(o);
            }
        }
        for &o in &deal.dealt {
            let on = pick.contains(o);
            if ui
                .selectable_label(on, RichText::new(o.name()).strong())
                .on_hover_text("Keep this option card (click again to give it back)")
                .clicked()
            {
                if on {
                    pick.remove(o);
                } else {
                    pick.insert(o);
                }
            }
            ui.indent(("start_option_text", o.name()), |ui| {
                ui.label(RichText::new(o.rule_text()).weak());
            });
        }
        self.start_pick = pick;
        let mut keep = false;
        ui.horizontal(|ui| {
            keep = ui
                .add_enabled(
                    pick.len() == deal.keep,
                    egui::Button::new("Keep these options"),
                )
                .on_hover_text("Keep the cards picked; the others go back to the option deck")
                .clicked();
            ui.label(format!("{} of {} picked", pick.len(), deal.keep));
            if let Some(v) = &self.draft.verdict {
                ui.colored_label(ui.visuals().error_fg_color, v);
            }
        });
        if keep && let Some(s) = self.session.as_mut() {
            match s.set_start_options(id, pick) {
                Ok(()) => {
                    self.start_pick = OptionSet::EMPTY;
                    self.draft.verdict = None;
                }
                Err(e) => self.draft.verdict = Some(format!("Refused: {e}")),
            }
        }
    }
}
