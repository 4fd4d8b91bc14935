//! Option cards in the play view (issue 8): the options each robot holds in the robot panel, and
//! the controls with which "you" make a turn's option choices and standing policy. The controls
//! only fill `Choices`; whether they are legal is the engine's answer (`Game::program_with`).

use super::labels::card_text;
use crate::engine::{
    Card, CardKind, Choices, Exchange, FireMode, Game, OptionCard, Placed, RegisterSet, Side,
    Sidestep, WrenchChoice,
};
use crate::geom::Turn;
use egui::{RichText, Ui};

/// The options robot `id` holds, one per line with its rule as hover text, the Ablative Coat's
/// points and the Mini Howitzer's shots left, and the card its Flywheel keeps.
pub fn robot_options_ui(ui: &mut Ui, game: &Game, id: usize) {
    let Some(r) = game.robot(id) else {
        return;
    };
    let held = game.options(id);
    if held.is_empty() && game.kept_card(id).is_none() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("options");
        for o in held.iter() {
            let text = match o {
                OptionCard::AblativeCoat => format!(
                    "{} ({} left)",
                    o.name(),
                    OptionCard::ABLATIVE_POINTS.saturating_sub(r.ablative)
                ),
                OptionCard::MiniHowitzer => format!(
                    "{} ({} shots left)",
                    o.name(),
                    OptionCard::HOWITZER_SHOTS.saturating_sub(r.howitzer)
                ),
                _ => o.name().to_string(),
            };
            ui.label(RichText::new(text).italics())
                .on_hover_text(o.rule_text());
        }
    });
    if let Some(card) = game.kept_card(id) {
        ui.label(format!("Flywheel keeps {} for next turn", card_text(card)));
    }
}

/// What the person asked for besides changing the choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChoicesAction {
    None,
    /// Recompile before programming (`Session::recompile`).
    Recompile,
}

/// The option controls for "you" robot `id` programming `registers` (all five, locked ones with
/// their cards) from `hand`: only the options it holds, and the per-register ones only where the
/// register holds the card they act on. Then the standing policy.
pub fn choices_ui(
    ui: &mut Ui,
    game: &Game,
    id: usize,
    registers: &[Option<Card>; 5],
    choices: &mut Choices,
) -> ChoicesAction {
    let held = game.options(id);
    let has = |o| held.contains(o);
    let mut action = ChoicesAction::None;
    let hand = game.hand(id);
    // Cards of the hand not in a register: the Flywheel, Conditional Program and Dual Processor
    // take theirs from these (the engine checks they are spare and each used once).
    let spare: Vec<Card> = hand
        .iter()
        .copied()
        .filter(|c| !registers.contains(&Some(*c)))
        .collect();
    let kind = |r: u8| registers[usize::from(r) - 1].map(|c| c.kind);
    if !held.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label("Options:");
            if has(OptionCard::Recompile)
                && ui
                    .button("Recompile now")
                    .on_hover_text(OptionCard::Recompile.rule_text())
                    .clicked()
            {
                action = ChoicesAction::Recompile;
            }
            if has(OptionCard::Shield) {
                ui.label("Shield side")
                    .on_hover_text(OptionCard::Shield.rule_text());
                for side in Side::ALL {
                    let name = side_name(side);
                    ui.selectable_value(&mut choices.shield, Some(side), name)
                        .on_hover_text(format!("The Shield protects the robot's {name} side"));
                }
            }
            if has(OptionCard::GyroscopicStabilizer) {
                ui.checkbox(
                    &mut choices.gyroscopic_stabilizer,
                    "Gyroscopic Stabilizer on",
                )
                .on_hover_text(OptionCard::GyroscopicStabilizer.rule_text());
            }
            let weapons: Vec<OptionCard> = OptionCard::WEAPONS
                .into_iter()
                .filter(|&o| has(o))
                .collect();
            if !weapons.is_empty() {
                let text = choices.weapon.map_or("main laser", OptionCard::name);
                let l = ui.label("Fire");
                egui::ComboBox::from_id_salt(("option_choice", "Fire"))
                    .selected_text(text)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut choices.weapon, None, "main laser");
                        for w in weapons {
                            ui.selectable_value(&mut choices.weapon, Some(w), w.name())
                                .on_hover_text(w.rule_text());
                        }
                    })
                    .response
                    .labelled_by(l.id);
            }
            if has(OptionCard::FireControl) {
                let l = ui.label("Fire Control");
                egui::ComboBox::from_id_salt(("option_choice", "Fire Control"))
                    .selected_text(fire_mode_name(choices.fire_control))
                    .show_ui(ui, |ui| {
                        for m in [
                            FireMode::Damage,
                            FireMode::DestroyOption,
                            FireMode::LockRegister,
                        ] {
                            ui.selectable_value(&mut choices.fire_control, m, fire_mode_name(m));
                        }
                    })
                    .response
                    .labelled_by(l.id)
                    .on_hover_text(OptionCard::FireControl.rule_text());
            }
            if has(OptionCard::AbortSwitch) {
                let text = choices
                    .abort_switch
                    .map_or("not used".to_string(), |r| format!("from R{r}"));
                let l = ui.label("Abort Switch");
                egui::ComboBox::from_id_salt(("option_choice", "Abort Switch"))
                    .selected_text(text)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut choices.abort_switch, None, "not used");
                        for r in 1..=5u8 {
                            ui.selectable_value(
                                &mut choices.abort_switch,
                                Some(r),
                                format!("from R{r}"),
                            );
                        }
                    })
                    .response
                    .labelled_by(l.id)
                    .on_hover_text(OptionCard::AbortSwitch.rule_text());
            }
            if has(OptionCard::Flywheel) {
                let text = choices.flywheel.map_or("no card".to_string(), card_text);
                let l = ui.label("Flywheel keeps");
                egui::ComboBox::from_id_salt(("option_choice", "Flywheel keeps"))
                    .selected_text(text)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut choices.flywheel, None, "no card");
                        for &c in &spare {
                            ui.selectable_value(&mut choices.flywheel, Some(c), card_text(c));
                        }
                    })
                    .response
                    .labelled_by(l.id)
                    .on_hover_text(OptionCard::Flywheel.rule_text());
            }
        });
        ui.horizontal_wrapped(|ui| {
            for (option, needs, text) in [
                (OptionCard::Brakes, CardKind::Move1, "Move 0 (Brakes)"),
                (
                    OptionCard::FourthGear,
                    CardKind::Move3,
                    "Move 4 (Fourth Gear)",
                ),
                (
                    OptionCard::ReverseGears,
                    CardKind::BackUp,
                    "back 2 (Reverse Gears)",
                ),
            ] {
                if !has(option) {
                    continue;
                }
                let set = match option {
                    OptionCard::Brakes => &mut choices.brakes,
                    OptionCard::FourthGear => &mut choices.fourth_gear,
                    _ => &mut choices.reverse_gears,
                };
                // A box ticked stays shown after its card left, so it can be unticked (the
                // engine refuses it until then).
                let shown = *set;
                for r in (1..=5u8).filter(|&r| kind(r) == Some(needs) || shown.contains(r)) {
                    let mut on = set.contains(r);
                    if ui
                        .checkbox(&mut on, format!("R{r}: {text}"))
                        .on_hover_text(option.rule_text())
                        .changed()
                    {
                        *set = toggled(*set, r, on);
                    }
                }
            }
            if has(OptionCard::CrabLegs) {
                let rotate_beside = |r: u8| {
                    [r.checked_sub(1), Some(r + 1)]
                        .into_iter()
                        .flatten()
                        .filter(|n| (1..=5).contains(n))
                        .any(|n| matches!(kind(n), Some(CardKind::Left | CardKind::Right)))
                };
                let chosen = choices.crab_legs.map(|s| s.register);
                for r in (1..=5u8).filter(|&r| {
                    (kind(r) == Some(CardKind::Move1) && rotate_beside(r)) || chosen == Some(r)
                }) {
                    let current = choices
                        .crab_legs
                        .filter(|s| s.register == r)
                        .map(|s| s.side);
                    let mut side = current;
                    let l = ui.label(format!("R{r}: Crab Legs"));
                    egui::ComboBox::from_id_salt(("option_choice", format!("R{r}: Crab Legs")))
                        .selected_text(turn_name(side))
                        .show_ui(ui, |ui| {
                            for t in [None, Some(Turn::Left), Some(Turn::Right)] {
                                ui.selectable_value(&mut side, t, turn_name(t));
                            }
                        })
                        .response
                        .labelled_by(l.id)
                        .on_hover_text(OptionCard::CrabLegs.rule_text());
                    if side != current {
                        choices.crab_legs = side.map(|side| Sidestep { register: r, side });
                    }
                }
            }
        });
        for (option, label) in [
            (OptionCard::ConditionalProgram, "Conditional Program"),
            (OptionCard::DualProcessor, "Dual Processor"),
        ] {
            if !has(option) {
                continue;
            }
            let slot = match option {
                OptionCard::ConditionalProgram => &mut choices.conditional_program,
                _ => &mut choices.dual_processor,
            };
            ui.horizontal(|ui| placed_ui(ui, label, option, &spare, slot));
        }
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Policy:");
        let exchange = &mut choices.policy.exchange;
        let l = ui.label("Option exchange");
        egui::ComboBox::from_id_salt(("option_choice", "Option exchange"))
            .selected_text(exchange_name(*exchange))
            .show_ui(ui, |ui| {
                for e in [Exchange::Never, Exchange::WhenFatal, Exchange::Always] {
                    ui.selectable_value(exchange, e, exchange_name(e));
                }
            })
            .response
            .labelled_by(l.id)
            .on_hover_text("When the robot gives up an option to avoid a point of damage");
        let wrench = &mut choices.policy.double_wrench;
        let l = ui.label("Double wrench");
        egui::ComboBox::from_id_salt(("option_choice", "Double wrench"))
            .selected_text(wrench_name(*wrench))
            .show_ui(ui, |ui| {
                for w in [
                    WrenchChoice::Default,
                    WrenchChoice::Repair,
                    WrenchChoice::Option,
                ] {
                    ui.selectable_value(wrench, w, wrench_name(w));
                }
            })
            .response
            .labelled_by(l.id)
            .on_hover_text(
                "Ending a turn on a double wrench: repair 2 damage or draw an option (1994 rules)",
            );
    });
    action
}

/// A card from the spare cards and the register it goes with (Conditional Program, Dual
/// Processor).
fn placed_ui(
    ui: &mut Ui,
    label: &str,
    option: OptionCard,
    spare: &[Card],
    slot: &mut Option<Placed>,
) {
    let mut card = slot.map(|p| p.card);
    let register = slot.map_or(1, |p| p.register);
    let l = ui.label(label);
    egui::ComboBox::from_id_salt(("option_choice", label))
        .selected_text(card.map_or("not used".to_string(), card_text))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut card, None, "not used");
            for &c in spare {
                ui.selectable_value(&mut card, Some(c), card_text(c));
            }
        })
        .response
        .labelled_by(l.id)
        .on_hover_text(option.rule_text());
    let mut register = register;
    if card.is_some() {
        let l = ui.label(format!("{label} register"));
        egui::ComboBox::from_id_salt(("option_choice", format!("{label} register")))
            .selected_text(format!("R{register}"))
            .show_ui(ui, |ui| {
                for r in 1..=5u8 {
                    ui.selectable_value(&mut register, r, format!("R{r}"));
                }
            })
            .response
            .labelled_by(l.id);
    }
    *slot = card.map(|card| Placed { register, card });
}

fn toggled(mut set: RegisterSet, r: u8, on: bool) -> RegisterSet {
    if on {
        set.insert(r);
    } else {
        set = RegisterSet(set.0 & !(1 << (r - 1)));
    }
    set
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Front => "front",
        Side::Right => "right",
        Side::Back => "back",
        Side::Left => "left",
    }
}

fn turn_name(t: Option<Turn>) -> &'static str {
    match t {
        None => "no sidestep",
        Some(Turn::Left) => "sidestep left",
        Some(Turn::Right) => "sidestep right",
        Some(Turn::UTurn) => "no sidestep",
    }
}

fn fire_mode_name(m: FireMode) -> &'static str {
    match m {
        FireMode::Damage => "damage",
        FireMode::DestroyOption => "destroy an option",
        FireMode::LockRegister => "lock a register",
    }
}

fn exchange_name(e: Exchange) -> &'static str {
    match e {
        Exchange::Never => "never",
        Exchange::WhenFatal => "when fatal",
        Exchange::Always => "always",
    }
}

fn wrench_name(w: WrenchChoice) -> &'static str {
    match w {
        WrenchChoice::Default => "repair if damaged",
        WrenchChoice::Repair => "repair",
        WrenchChoice::Option => "option card",
    }
}
