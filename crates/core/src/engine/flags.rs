//! Flags as game state, under the two house rules that change them (docs/rules.md, House rules):
//! moving flags, which belts and pushers carry (the Factory's flag squares stay the flags' start
//! squares), and the Dice Rule's blockades (seed 003 section 8.2: a die on a flag is a wall on all
//! four sides that lasers shoot away): the state, and where a flag goes in each step of a phase.
//! A plain game has no `FlagState` at all; the rules that read it are `flag_rules.rs`.

use super::factory::Factory;
use super::robot::MAX_ROBOTS;
use crate::geom::{Facing, Square};
use crate::model::course::MAX_FLAG;
use crate::model::rules::ArchiveOnFlag;
use crate::model::{FlowKind, HouseRules};

/// The most flags a game tracks (a course holds no more).
const FLAGS: usize = MAX_FLAG as usize;

/// Where each flag stands now and what is left of its die.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct FlagState {
    /// Moving flags, and what an archive on a moving flag does; `None`: flags stay put.
    pub moving: Option<ArchiveOnFlag>,
    /// How many flags the board has.
    pub count: usize,
    /// Each flag's square now, flag 1 first.
    pub at: [Square; FLAGS],
    /// Points of damage each flag's die can still take (0: no die, or shot away).
    pub die: [u8; FLAGS],
    /// The flag each robot's archive marker sits on (0: none), for archives that move with
    /// their flag.
    pub archive_on: [u8; MAX_ROBOTS],
}

impl FlagState {
    /// The state a game on `flags` (flag 1 first) starts in under `house`; `None` when no rule in
    /// force changes a flag.
    pub fn new(flags: &[Square], house: &HouseRules) -> Option<Box<FlagState>> {
        if house.moving_flags.is_none() && house.dice.is_none() {
            return None;
        }
        let mut state = FlagState {
            moving: house.moving_flags,
            count: flags.len().min(FLAGS),
            at: [Square::default(); FLAGS],
            die: [0; FLAGS],
            archive_on: [0; MAX_ROBOTS],
        };
        for (k, &s) in flags.iter().take(FLAGS).enumerate() {
            state.at[k] = s;
            state.die[k] = house
                .dice
                .and_then(|d| d.on_flag(k as u32 + 1))
                .unwrap_or(0);
        }
        Some(Box::new(state))
    }

    /// The flag (1-based) whose die stands on `s`, if a die still stands there.
    pub fn die_on(&self, s: Square) -> Option<u8> {
        (0..self.count)
            .find(|&k| self.die[k] > 0 && self.at[k] == s)
            .map(|k| k as u8 + 1)
    }
}

/// Where a flag on `at` goes in a belt step moving the flow kinds in `kinds` (a bit per
/// `FlowKind`), if that flow carries it and no wall stops it.
pub(crate) fn belt_dest(factory: &Factory, at: Square, kinds: u8) -> Option<Square> {
    let flow = factory.cell(at).flow?;
    (kinds & (1 << (flow.kind as u8)) != 0 && !factory.blocks_move(at, flow.out))
        .then(|| at.step(flow.out))
}

/// Where a pusher active in `phase` on the flag's square `at` pushes it, if one does and no wall
/// stops it.
pub(crate) fn pusher_dest(factory: &Factory, at: Square, phase: u8) -> Option<Square> {
    let cell = factory.cell(at);
    let dir = Facing::ALL
        .into_iter()
        .find(|s| cell.pushers[s.index()].contains(phase))
        .map(Facing::opposite)?;
    (!factory.blocks_move(at, dir)).then(|| at.step(dir))
}

/// Where flag `k` (0-based) carried to `to` in `phase` ends: there, or back on its start square
/// when `to` is off the board or a hole (and then `true`).
pub(crate) fn landing(factory: &Factory, k: usize, to: Square, phase: u8) -> (Square, bool) {
    if factory.is_hole(to, phase) {
        (factory.flags().get(k).copied().unwrap_or(to), true)
    } else {
        (to, false)
    }
}

/// The belt steps of a register phase in order (gold, express, every belt, currents), as
/// `FlowKind` bit sets: the same four steps `phase/belts.rs` runs.
pub(crate) const BELT_STEPS: [u8; 4] = [
    1 << (FlowKind::Gold as u8),
    (1 << (FlowKind::Express as u8)) | (1 << (FlowKind::Gold as u8)),
    (1 << (FlowKind::Belt as u8))
        | (1 << (FlowKind::Express as u8))
        | (1 << (FlowKind::Gold as u8)),
    (1 << (FlowKind::Current as u8)) | (1 << (FlowKind::River as u8)),
];

/// Moves flags standing on `at` (flag 1 first) through register phase `phase` as a game under
/// moving flags does: the four belt steps, then pushers. No robot ever stops a flag, so this is
/// the whole of a flag's motion: the solver plans against it (validate/moving.rs).
pub fn flags_through_phase(factory: &Factory, at: &mut [Square], phase: u8) {
    for kinds in BELT_STEPS {
        for (k, s) in at.iter_mut().enumerate() {
            if let Some(to) = belt_dest(factory, *s, kinds) {
                *s = landing(factory, k, to, phase).0;
            }
        }
    }
    for (k, s) in at.iter_mut().enumerate() {
        if let Some(to) = pusher_dest(factory, *s, phase) {
            *s = landing(factory, k, to, phase).0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::rules::DicePoints;

    #[test]
    fn a_plain_game_keeps_no_flag_state_seed_003_section_8_2() {
        let flags = [Square::new(1, 1)];
        assert!(FlagState::new(&flags, &HouseRules::default()).is_none());
        let house = HouseRules {
            dice: Some(DicePoints::all(3)),
            ..HouseRules::default()
        };
        let Some(state) = FlagState::new(&flags, &house) else {
            panic!("the Dice Rule keeps flag state")
        };
        assert_eq!(state.die_on(Square::new(1, 1)), Some(1));
        assert_eq!(state.die_on(Square::new(0, 1)), None);
    }
}
