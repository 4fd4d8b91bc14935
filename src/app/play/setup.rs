//! The new-game setup of the play view: who drives each robot, the options they start with, the
//! seed, the lives rule, the turn cap, option cards on or off, and Start.

use super::PlayView;
use super::labels::{lives_text, robot_colour};
use super::session::{Controller, MAX_PLAYERS};
use crate::bots::BotKind;
use crate::model::LivesRule;
use egui::{RichText, Ui};

impl PlayView {
    pub(super) fn setup_ui(&mut self, ui: &mut Ui) {
        egui::CollapsingHeader::new("New game")
            .default_open(true)
            .show(ui, |ui| {
                let mut remove = None;
                for (i, c) in self.setup.robots.iter_mut().enumerate() {
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(format!("Robot {}", i + 1)).color(robot_colour(i)));
                        for option in Controller::ALL {
                            ui.selectable_value(c, option, option.name()).on_hover_text(
                                match option {
                                    Controller::You => {
                                        format!("You program robot {} by clicking cards", i + 1)
                                    }
                                    Controller::Bot(k) => {
                                        format!("Robot {} is a {} bot", i + 1, k.name())
                                    }
                                },
                            );
                        }
                        if self.setup.options {
                            start_options_ui(ui, &mut self.setup.start_options, i);
                        }
                        if ui
                            .small_button("x")
                            .on_hover_text(format!("Remove robot {}", i + 1))
                            .clicked()
                        {
                            remove = Some(i);
                        }
                    });
                }
                if let Some(i) = remove
                    && self.setup.robots.len() > 1
                {
                    self.setup.robots.remove(i);
                    if i < self.setup.start_options.len() {
                        self.setup.start_options.remove(i);
                    }
                }
                if self.setup.robots.len() < MAX_PLAYERS
                    && ui
                        .button("Add robot")
                        .on_hover_text("Add a robot to the game (8 at most)")
                        .clicked()
                {
                    self.setup.robots.push(Controller::Bot(BotKind::Greedy));
                }
                egui::Grid::new("play_setup").num_columns(2).show(ui, |ui| {
                    let l = ui.label("Seed");
                    ui.add(egui::DragValue::new(&mut self.setup.seed))
                        .labelled_by(l.id)
                        .on_hover_text("Shuffles the deck and seeds the random bots");
                    ui.end_row();
                    let l = ui.label("Lives");
                    egui::ComboBox::from_id_salt("lives_rule")
                        .selected_text(lives_text(self.setup.lives))
                        .show_ui(ui, |ui| {
                            for rule in [
                                LivesRule::Standard,
                                LivesRule::Optional,
                                LivesRule::Fixed(1),
                                LivesRule::Fixed(2),
                                LivesRule::Fixed(4),
                                LivesRule::Fixed(5),
                            ] {
                                ui.selectable_value(&mut self.setup.lives, rule, lives_text(rule));
                            }
                        })
                        .response
                        .labelled_by(l.id);
                    ui.end_row();
                    let l = ui.label("Turn cap");
                    ui.add(egui::DragValue::new(&mut self.setup.turn_cap).range(1..=1000))
                        .labelled_by(l.id)
                        .on_hover_text("The game ends after this many turns");
                    ui.end_row();
                });
                ui.checkbox(&mut self.setup.options, "Option cards")
                    .on_hover_text(
                        "Play with option cards (1994 rules): drawn on double wrenches, given up \
                         for damage. Off, no robot draws or holds one",
                    );
                if ui
                    .button("Start")
                    .on_hover_text("Start a new game with these robots")
                    .clicked()
                {
                    self.start();
                }
                if let Some(e) = &self.error {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                }
            });
    }
}

/// The options robot `i` starts with, as a menu of checkboxes (a designer trying a course with
/// them).
fn start_options_ui(ui: &mut Ui, start: &mut Vec<crate::engine::OptionSet>, i: usize) {
    if start.len() <= i {
        start.resize(i + 1, crate::engine::OptionSet::EMPTY);
    }
    let held = &mut start[i];
    let text = if held.is_empty() {
        "options".to_string()
    } else {
        format!("options: {}", held.len())
    };
    ui.menu_button(text, |ui| {
        ui.label(format!("Robot {} starts with", i + 1));
        for o in crate::engine::OptionCard::ALL {
            let mut on = held.contains(o);
            if ui
                .checkbox(&mut on, o.name())
                .on_hover_text(o.rule_text())
                .changed()
            {
                if on {
                    held.insert(o);
                } else {
                    held.remove(o);
                }
            }
        }
    })
    .response
    .on_hover_text(format!("Option cards robot {} starts the game with", i + 1));
}
