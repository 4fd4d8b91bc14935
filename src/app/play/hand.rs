//! The "you" robot's hand and registers while it programs: cards clicked or dragged into the
//! registers, the option choices beside them, power down, and the engine's answer to Submit.

use super::choices_ui::{self, ChoicesAction};
use super::labels::{card_text, robot_colour};
use super::session::Controller;
use super::{Draft, PlayView};
use crate::engine::{Card, Choices, Stage, Status};
use egui::{RichText, Ui, Vec2};

impl PlayView {
    /// The "you" robot's hand and registers while it programs.
    pub(super) fn hand_ui(&mut self, ui: &mut Ui) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let yous: Vec<usize> = s
            .controllers()
            .iter()
            .enumerate()
            .filter(|(_, c)| **c == Controller::You)
            .map(|(i, _)| i)
            .collect();
        if yous.is_empty() {
            return;
        }
        ui.separator();
        if yous.len() > 1 {
            ui.horizontal(|ui| {
                ui.label("Your robot:");
                for &i in &yous {
                    if ui
                        .selectable_label(self.you == i, s.game().names()[i].as_str())
                        .on_hover_text("Show this robot's hand")
                        .clicked()
                    {
                        self.you = i;
                    }
                }
            });
        }
        let id = self.you;
        let game = s.game();
        let Some(robot) = game.robot(id).copied() else {
            return;
        };
        let name = game.names()[id].clone();
        let unlocked = game.program_size(id);
        let stale = self
            .draft
            .registers
            .iter()
            .flatten()
            .any(|c| !game.hand(id).contains(c));
        if (self.draft.registers.len() != unlocked || stale) && s.program_of(id).is_none() {
            self.draft = Draft {
                registers: vec![None; unlocked],
                ..Draft::default()
            };
        }
        let programming = s.at_end() && s.needs_program(id);
        if let Some(deal) = s.start_deal(id) {
            let picked = s.start_options_of(id);
            self.start_options_ui(ui, id, &name, &deal, picked);
            return;
        }
        if s.can_choose_reentry(id) {
            let (mut facing, mut down) = s.reentry_of(id).unwrap_or((robot.facing, false));
            let before = (facing, down);
            ui.horizontal(|ui| {
                ui.label(RichText::new(&name).color(robot_colour(id)).strong());
                ui.label(format!("re-enters on its archive {} facing", robot.archive));
                for f in crate::geom::Facing::ALL {
                    ui.selectable_value(&mut facing, f, f.to_string())
                        .on_hover_text(
                            "The way it faces as it re-enters (RULINGS.md, Fine points)",
                        );
                }
                // No power down (docs/rules.md, House rules): the control is hidden.
                if !game.settings.house.no_power_down {
                    ui.checkbox(&mut down, "powered down").on_hover_text(
                        "Re-enter powered down: no cards this turn, damage repaired",
                    );
                }
            });
            if (facing, down) != before
                && let Some(s) = self.session.as_mut()
            {
                s.set_reentry(id, facing, down);
            }
            return;
        }
        if !programming {
            ui.horizontal(|ui| {
                ui.label(RichText::new(&name).color(robot_colour(id)).strong());
                let why = match robot.status {
                    Status::Destroyed => "is destroyed and re-enters next turn",
                    Status::Eliminated => "is out of the game",
                    Status::Finished => "has finished",
                    Status::Active if robot.powered_down => "is powered down this turn",
                    Status::Active if game.stage() == Stage::Programming && !s.at_end() => {
                        "programmed this turn (see the next steps)"
                    }
                    Status::Active if matches!(game.stage(), Stage::BetweenTurns) => {
                        "is dealt its cards as the next turn begins (Next phase)"
                    }
                    Status::Active if game.is_over() => "is done: the game is over",
                    Status::Active => "is running its program",
                };
                ui.label(why);
            });
            return;
        }
        if let Some(choice) = s.program_of(id).cloned() {
            let mut change = false;
            ui.horizontal(|ui| {
                ui.label(RichText::new(&name).color(robot_colour(id)).strong());
                ui.label("Program accepted:");
                for c in &choice.cards {
                    ui.label(RichText::new(card_text(*c)).monospace());
                }
                if choice.power_down {
                    ui.label("and a power down next turn");
                }
                change = ui
                    .button("Change program")
                    .on_hover_text("Take the program back to change it")
                    .clicked();
            });
            if change && let Some(s) = self.session.as_mut() {
                s.clear_program(id);
            }
            return;
        }
        let hand = game.hand(id).to_vec();
        let mut submit = None;
        let late = game.settings.house.three_minute_rule.is_some_and(|limit| {
            let stamp = (game.turn(), s.steps().len());
            three_minute_timer(ui, &mut self.timer, limit, stamp, s.clock().now_ms())
        });
        let draft_before = self.draft.registers.clone();
        ui.horizontal(|ui| {
            ui.label(RichText::new(&name).color(robot_colour(id)).strong());
            ui.label(format!(
                "damage {}: {} card(s) dealt, {} register(s) to fill",
                robot.damage,
                hand.len(),
                unlocked
            ));
        });
        ui.horizontal(|ui| {
            ui.label("Registers:");
            for r in 0..5 {
                if r >= unlocked {
                    let card = robot.registers[r].map_or("no card".to_string(), card_text);
                    ui.add_enabled(
                        false,
                        egui::Button::new(format!("R{}: locked {card}", r + 1)),
                    )
                    .on_disabled_hover_text(
                        "Locked by damage: it plays the same card again (1994 rules, Locked Registers)",
                    );
                    continue;
                }
                let text = match self.draft.registers.get(r).copied().flatten() {
                    Some(c) => format!("R{}: {}", r + 1, card_text(c)),
                    None => format!("R{}: empty", r + 1),
                };
                let slot = ui
                    .add(egui::Button::new(text).min_size(Vec2::new(120.0, 28.0)))
                    .on_hover_text("Click to take the card out; drop a card here");
                if slot.clicked()
                    && let Some(reg) = self.draft.registers.get_mut(r)
                {
                    *reg = None;
                }
                if let Some(card) = slot.dnd_release_payload::<Card>() {
                    for reg in self.draft.registers.iter_mut() {
                        if *reg == Some(*card) {
                            *reg = None;
                        }
                    }
                    if let Some(reg) = self.draft.registers.get_mut(r) {
                        *reg = Some(*card);
                    }
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("Hand:");
            for (k, &card) in hand.iter().enumerate() {
                let used = self.draft.registers.contains(&Some(card));
                let button = ui
                    .add_enabled(
                        !used,
                        egui::Button::new(card_text(card)).sense(egui::Sense::click_and_drag()),
                    )
                    .on_hover_text(
                        "Click to put it in the first empty register, or drag it onto one",
                    );
                button.dnd_set_drag_payload(card);
                if button.dragged()
                    && let Some(p) = ui.ctx().pointer_interact_pos()
                {
                    // The card follows the pointer while it is dragged.
                    egui::Area::new(egui::Id::unique(("dragged_card", k)))
                        .order(egui::Order::Tooltip)
                        .fixed_pos(p + Vec2::new(8.0, 8.0))
                        .interactable(false)
                        .show(ui.ctx(), |ui| {
                            egui::Frame::popup(ui.style()).show(ui, |ui| {
                                ui.label(card_text(card));
                            });
                        });
                }
                let clicked = button.clicked();
                if clicked && let Some(slot) = self.draft.registers.iter_mut().find(|r| r.is_none())
                {
                    *slot = Some(card);
                }
            }
        });
        // The option choices beside the registers: all five registers, the locked ones included.
        let mut in_registers = robot.registers;
        for (r, slot) in in_registers.iter_mut().enumerate().take(unlocked) {
            *slot = self.draft.registers.get(r).copied().flatten();
        }
        let mut choices = self.draft.choices.unwrap_or(Choices {
            policy: game.choices(id).policy,
            ..Choices::default()
        });
        let before = choices;
        let action = if game.settings.options {
            choices_ui::choices_ui(ui, game, id, &in_registers, &mut choices)
        } else {
            ChoicesAction::None
        };
        if choices != before {
            self.draft.choices = Some(choices);
        }
        ui.horizontal(|ui| {
            if !game.settings.house.no_power_down {
                ui.add_enabled(
                    robot.damage > 0,
                    egui::Checkbox::new(&mut self.draft.power_down, "Power down next turn"),
                )
                .on_hover_text("Announce a power down: next turn the robot repairs all its damage");
            }
            let full = self.draft.registers.iter().all(Option::is_some);
            if ui
                .add_enabled(full, egui::Button::new("Submit program"))
                .on_hover_text("Hand the program to the engine")
                .clicked()
            {
                let cards: Vec<Card> = self.draft.registers.iter().flatten().copied().collect();
                submit = Some((cards, self.draft.power_down, choices));
            }
            if ui
                .button("Clear")
                .on_hover_text("Take every card back")
                .clicked()
            {
                self.draft.registers.iter_mut().for_each(|r| *r = None);
            }
            if let Some(v) = &self.draft.verdict {
                ui.colored_label(ui.visuals().error_fg_color, v);
            }
        });
        // Time is up (seed 003 section 8.4): the empty registers get random unplayed cards,
        // the shown robot's placed cards kept; every other "you" robot still programming is
        // late too (one countdown for the table).
        let mut late_others = Vec::new();
        if late && submit.is_none() {
            let cards = s.complete_program(id, &self.draft.registers);
            submit = Some((cards, false, policy_only(game, id)));
            late_others = s
                .waiting_for()
                .into_iter()
                .filter(|&o| o != id)
                .map(|o| (o, s.complete_program(o, &[]), policy_only(game, o)))
                .collect();
        }
        if self.draft.registers != draft_before {
            // The registers row was drawn before the hand changed it: draw it again.
            ui.ctx().request_repaint();
        }
        if action == ChoicesAction::Recompile
            && let Some(s) = self.session.as_mut()
        {
            // A new hand: the draft starts again (the hand check above empties it next frame).
            if let Err(e) = s.recompile(id) {
                self.draft.verdict = Some(format!("The engine refused: {e}"));
            }
            return;
        }
        let mut go_on = false;
        if let Some((cards, down, choices)) = submit
            && let Some(s) = self.session.as_mut()
        {
            // Recompile is its own button, run before programming.
            let choices = Choices {
                recompile: false,
                ..choices
            };
            match s.set_program(id, &cards, down, &choices) {
                Ok(()) => {
                    self.draft = Draft {
                        registers: vec![None; unlocked],
                        ..Draft::default()
                    };
                }
                Err(e) => self.draft.verdict = Some(format!("The engine refused: {e}")),
            }
            if late {
                for (o, cards, choices) in &late_others {
                    // A random program from the hand is one the engine takes.
                    let _ = s.set_program(*o, cards, false, choices);
                }
                go_on = s.can_step_forward();
            }
        }
        if go_on {
            // The turn goes on without waiting for a click.
            let now = ui.input(|i| i.time);
            self.step_forward(now);
        }
    }
}

/// No option choices for this turn, robot `id`'s standing policy kept: a late program's choices.
fn policy_only(game: &crate::engine::Game, id: usize) -> Choices {
    Choices {
        policy: game.choices(id).policy,
        ..Choices::default()
    }
}

/// The Three Minute Rule's countdown for people programming (seed 003 section 8.4), `limit`
/// seconds from when this programming step (`stamp`: the turn and the timeline's length, which
/// stay while the race waits for programs) first shows, on the race's clock (`now_ms`; tests
/// move it). `timer` keeps the step timed and when it started. True when the time is up.
fn three_minute_timer(
    ui: &mut Ui,
    timer: &mut Option<((u32, usize), u64)>,
    limit: u32,
    stamp: (u32, usize),
    now_ms: u64,
) -> bool {
    let start = match *timer {
        Some((s, t)) if s == stamp => t,
        _ => {
            *timer = Some((stamp, now_ms));
            now_ms
        }
    };
    let left_ms = (u64::from(limit) * 1000).saturating_sub(now_ms.saturating_sub(start));
    let left = left_ms.div_ceil(1000);
    let text = RichText::new(format!("Time to program: {}:{:02}", left / 60, left % 60)).strong();
    let text = if left <= 10 {
        text.color(ui.visuals().error_fg_color)
    } else {
        text
    };
    ui.label(text).on_hover_text(
        "Three Minute Rule: when the time runs out, the empty registers get random cards from the unplayed ones",
    );
    ui.ctx()
        .request_repaint_after(std::time::Duration::from_millis(250));
    left_ms == 0
}
