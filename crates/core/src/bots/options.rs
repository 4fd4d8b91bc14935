//! How the sample robots use option cards (issue 8): a sensible standing policy (take an option on
//! a double wrench when undamaged, give up an option rather than a life), the Shield towards the
//! likeliest shooter, the Flywheel's best spare card, a damaging weapon when one is held, and for
//! the planner the movement options its play-outs show to help. Every choice is legal by
//! construction; `submit` falls back to no options if the engine refuses one all the same.

use crate::engine::{
    Card, CardKind, Choices, Exchange, Game, OptionCard, Policy, RegisterSet, Side, WrenchChoice,
};

/// The standing policy every sample robot plays: RULINGS.md's double-wrench default and option
/// exchange only for the point that would destroy the robot.
pub fn bot_policy() -> Policy {
    Policy {
        exchange: Exchange::WhenFatal,
        double_wrench: WrenchChoice::Default,
        keep: [OptionCard::SuperiorArchiveCopy, OptionCard::AblativeCoat]
            .into_iter()
            .collect(),
    }
}

/// Plain option choices for robot `id` programming `cards`: the policy, the Shield, the Flywheel
/// and a weapon. Movement options are left off (the distance maps assume plain cards).
pub fn basic_choices(game: &Game, id: usize, cards: &[Card]) -> Choices {
    let mut c = Choices {
        policy: bot_policy(),
        ..Choices::default()
    };
    let Some(r) = game.robot(id) else {
        return c;
    };
    if !r.is_active() || r.powered_down {
        return c;
    }
    let has = |o| r.options.contains(o);
    if has(OptionCard::Shield) {
        c.shield = Some(shield_side(game, id));
    }
    if has(OptionCard::Flywheel) {
        // The fastest spare move is the most useful card to hold on to.
        c.flywheel = game
            .hand(id)
            .iter()
            .filter(|k| !cards.contains(k))
            .max_by_key(|k| (k.kind.distance(), k.priority))
            .copied();
    }
    // Weapons that hurt or disrupt the target; the beams that only move it are left alone.
    let weapons = [OptionCard::MiniHowitzer, OptionCard::Scrambler];
    c.weapon = weapons.into_iter().find(|&w| {
        has(w) && (w != OptionCard::MiniHowitzer || r.howitzer < OptionCard::HOWITZER_SHOTS)
    });
    if has(OptionCard::FireControl) {
        // Options are worth more to a robot than a point of damage.
        c.fire_control = crate::engine::FireMode::DestroyOption;
    }
    c
}

/// The side, relative to the robot's facing now, from which the most other robots could shoot it:
/// robots in its row or column facing it. Front when none does.
fn shield_side(game: &Game, id: usize) -> Side {
    let Some(me) = game.robot(id) else {
        return Side::Front;
    };
    let mut count = [0u32; 4];
    for (j, o) in game.robots().iter().enumerate() {
        if j == id || !o.is_active() || o.is_virtual {
            continue;
        }
        for (k, side) in Side::ALL.into_iter().enumerate() {
            let dir = side.toward(me.facing);
            let (dx, dy) = dir.delta();
            let (ox, oy) = (o.square.x - me.square.x, o.square.y - me.square.y);
            let in_line = (dx == 0 && ox == 0 && oy.signum() == dy)
                || (dy == 0 && oy == 0 && ox.signum() == dx);
            if in_line && o.facing == dir.opposite() {
                count[k] += 1;
            }
        }
    }
    let best = (0..4).max_by_key(|&k| (count[k], k == 0)).unwrap_or(0);
    Side::ALL[best]
}

/// Movement-option variants of `base` worth trying for `cards`, one change each: switching the
/// Gyroscopic Stabilizer on, braking a Move 1, a Move 4 or a Back Up 2.
pub fn movement_variants(game: &Game, id: usize, cards: &[Card], base: &Choices) -> Vec<Choices> {
    let Some(r) = game.robot(id) else {
        return Vec::new();
    };
    let has = |o| r.options.contains(o);
    let mut out = Vec::new();
    if has(OptionCard::GyroscopicStabilizer) {
        out.push(Choices {
            gyroscopic_stabilizer: true,
            ..*base
        });
    }
    for (k, card) in cards.iter().enumerate() {
        let reg = k as u8 + 1;
        let one = |set: RegisterSet| {
            let mut s = set;
            s.insert(reg);
            s
        };
        match card.kind {
            CardKind::Move1 if has(OptionCard::Brakes) => out.push(Choices {
                brakes: one(base.brakes),
                ..*base
            }),
            CardKind::Move3 if has(OptionCard::FourthGear) => out.push(Choices {
                fourth_gear: one(base.fourth_gear),
                ..*base
            }),
            CardKind::BackUp if has(OptionCard::ReverseGears) => out.push(Choices {
                reverse_gears: one(base.reverse_gears),
                ..*base
            }),
            _ => {}
        }
    }
    out
}
