//! The course composer's Rules section (issue 18 item 1): the rules in force in user words, and
//! every house rule of `HouseRule::iter()` with a checkbox and its parameter. Edits change the
//! course like any other property edit, so they are undone the same way.

use crate::model::rules::{ArchiveOnFlag, CubeSide};
use crate::model::{HouseRule, HouseRules, Rules};
use egui::Ui;
use strum::IntoEnumIterator;

/// Shows the section; true when the rules changed.
pub fn show(ui: &mut Ui, rules: &mut Rules) -> bool {
    let mut changed = false;
    ui.separator();
    // Folded by default: a short header (a long one would widen the side panel), the rules in
    // force in a wrapped line under it, the list when opened.
    let count = rules.house.in_force().len();
    let header = match count {
        0 => "Rules: 1994".to_string(),
        1 => "Rules: 1994 + 1 house rule".to_string(),
        n => format!("Rules: 1994 + {n} house rules"),
    };
    if count > 0 {
        ui.weak(rules.to_string());
    }
    egui::CollapsingHeader::new(header)
        .id_salt("course-rules")
        .default_open(false)
        .show(ui, |ui| {
            for rule in HouseRule::iter() {
                ui.horizontal(|ui| changed |= row(ui, &mut rules.house, rule));
            }
        });
    changed
}

/// The `--rule` spec that switches `rule` on with its usual parameter.
fn switch_on(rule: HouseRule) -> String {
    match rule {
        HouseRule::LaserDamage => "laser-damage=2".to_string(),
        HouseRule::StartOptions => "start-options=3:1".to_string(),
        HouseRule::Teams => "teams=2".to_string(),
        r => r.name().to_string(),
    }
}

/// One rule's checkbox and, when it is on, its parameter.
fn row(ui: &mut Ui, house: &mut HouseRules, rule: HouseRule) -> bool {
    let was_on = house.in_force().iter().any(|(r, _)| *r == rule);
    let mut on = was_on;
    // A team rule needs teams first (it is a parameter of the teams).
    let enabled =
        !matches!(rule, HouseRule::TeamTouch | HouseRule::TeamWin) || house.teams.is_some();
    let mut changed = false;
    let hint = rule.value_hint().map_or_else(
        || format!("--rule {}", rule.name()),
        |v| format!("--rule {}={v}", rule.name()),
    );
    if ui
        .add_enabled(enabled, egui::Checkbox::new(&mut on, rule.label()))
        .on_hover_text(hint)
        .changed()
    {
        let spec = if on {
            switch_on(rule)
        } else {
            format!("{}=off", rule.name())
        };
        changed |= house.apply(&spec).is_ok();
    }
    if on {
        changed |= parameter(ui, house, rule);
    }
    changed
}

/// The parameter of a rule that is on.
fn parameter(ui: &mut Ui, house: &mut HouseRules, rule: HouseRule) -> bool {
    let mut changed = false;
    match rule {
        HouseRule::ThreeMinuteRule => {
            if let Some(s) = house.three_minute_rule.as_mut() {
                changed |= ui
                    .add(egui::DragValue::new(s).range(5..=3600).suffix(" s"))
                    .on_hover_text("Seconds to program")
                    .changed();
            }
        }
        HouseRule::LaserDamage => {
            if let Some(n) = house.laser_damage.as_mut() {
                changed |= ui
                    .add(egui::DragValue::new(n).range(2..=10).prefix("x"))
                    .on_hover_text("Every laser point counts this many times")
                    .changed();
            }
        }
        HouseRule::StartOptions => {
            if let Some(s) = house.start_options.as_mut() {
                ui.label("deal");
                changed |= ui
                    .add(egui::DragValue::new(&mut s.deal).range(1..=8))
                    .changed();
                ui.label("keep");
                changed |= ui
                    .add(egui::DragValue::new(&mut s.keep).range(1..=s.deal))
                    .changed();
                s.keep = s.keep.min(s.deal);
            }
        }
        HouseRule::Teams => {
            if let Some(t) = house.teams.as_mut() {
                changed |= ui
                    .add(
                        egui::DragValue::new(&mut t.count)
                            .range(2..=4)
                            .suffix(" teams"),
                    )
                    .on_hover_text("Robot i races in team i mod N")
                    .changed();
            }
        }
        HouseRule::Cubed => {
            if let Some(side) = house.cubed.as_mut() {
                for (value, label) in [(CubeSide::Inside, "inside"), (CubeSide::Outside, "outside")]
                {
                    if ui.selectable_label(*side == value, label).clicked() && *side != value {
                        *side = value;
                        changed = true;
                    }
                }
            }
        }
        HouseRule::MovingFlags => {
            if let Some(a) = house.moving_flags.as_mut() {
                for (value, label) in [
                    (ArchiveOnFlag::Moves, "archive moves"),
                    (ArchiveOnFlag::Stays, "archive stays"),
                ] {
                    if ui.selectable_label(*a == value, label).clicked() && *a != value {
                        *a = value;
                        changed = true;
                    }
                }
            }
        }
        _ => {}
    }
    changed
}
