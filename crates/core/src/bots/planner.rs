//! The planner (issue 6), careful since issue 17 item 5: it ranks every program of its hand by the
//! careful walk (`careful`), plays the best few out in the engine against the board as it stands
//! (the other robots' unknown programs taken once as standing still and once as the moves the map
//! makes likeliest, their locked registers as they are) and never takes a program that destroys it
//! when one that does not was found (issue 21 item 2: a handful of play-outs a decision, not a
//! clone of the game for each of 24 candidates).

use super::careful::{
    DEAD_SCORE, Walker, damage_cost, death_cost, facing_choice, map_score, ranked_programs, walk,
    walk_score,
};
use super::map::FlagMaps;
use super::options::{basic_choices, movement_variants};
use super::strategy::{Bot, Choice};
use crate::engine::steps::CARDS;
use crate::engine::{Card, Choices, Event, Game, Robot, Stage, Status};
use crate::geom::Facing;
use std::sync::Arc;

/// How many of the walk's best programs the planner may play out in the engine: enough to find a
/// safe one when the walk's best are deadly in a way the lone-robot table cannot see (a pusher
/// of a later phase, another robot in the way).
const PLANNER_BEAM: usize = 24;

/// Programs played out once one of them has survived: the walk's best few. The walk ranks by the
/// same map the play-out scores with, so the few ahead hold the engine's best nearly always.
const CHECKS: usize = 4;

/// How a program's turn ends for the robot: lower keys are better, and any turn the robot
/// survives is better than any that destroys it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Outcome {
    dead: bool,
    /// Destroyed when the others play their likely programs (`planning_games`).
    at_risk: bool,
    score: u32,
    damage: u8,
}

/// Plays the walk's best programs out in the engine (the whole turn, every phase, lasers and
/// pushers as they act, the other robots with their locked registers and unknown programs) and
/// keeps the one that ends best: alive first, then alive against the others' likely moves, then by
/// the map, damage and the risk of being pushed. It powers down when the turn leaves it badly
/// damaged.
pub struct PlannerBot {
    maps: Arc<FlagMaps>,
}

impl PlannerBot {
    pub fn new(maps: Arc<FlagMaps>) -> PlannerBot {
        PlannerBot { maps }
    }

    /// A program played out in both planning games (`planning_games`): dead when it destroys the
    /// robot with the others standing still (its own doing), scored by the mean of the two ends,
    /// so a program that the others' likely moves turn deadly is worth less.
    fn judge(
        &self,
        bases: &[Game; 2],
        id: usize,
        cards: &[Card],
        choices: &Choices,
        events: &mut Vec<Event>,
    ) -> Option<Outcome> {
        let idle = self.play_out(&bases[0], id, cards, choices, events)?;
        let likely = self.play_out(&bases[1], id, cards, choices, events)?;
        let mean = (u64::from(idle.score) + u64::from(likely.score)) / 2;
        Some(Outcome {
            at_risk: likely.dead,
            score: u32::try_from(mean).unwrap_or(DEAD_SCORE),
            ..idle
        })
    }

    /// The end of the turn for robot `id` after `cards`, played on `base` (the game with the
    /// other robots' programs unknown), scored.
    fn play_out(
        &self,
        base: &Game,
        id: usize,
        cards: &[Card],
        choices: &Choices,
        events: &mut Vec<Event>,
    ) -> Option<Outcome> {
        let mut sim = base.clone();
        events.clear();
        sim.program_with(id, cards, false, choices, events).ok()?;
        let mut risk = 0;
        for _ in 0..5 {
            if matches!(sim.stage(), Stage::Over) {
                break;
            }
            events.clear();
            sim.run_phase(events);
            risk += push_risk(&sim, id);
        }
        let r = sim.robot(id)?;
        let maps = &self.maps;
        let (dead, score) = match r.status {
            Status::Finished => (false, 0),
            Status::Eliminated => (true, DEAD_SCORE),
            Status::Destroyed => {
                // Back on the archive next turn with 2 damage, facing the best way.
                let flag = (r.flags + 1).min(maps.flag_count());
                let at = maps
                    .best_facing(r.archive, flag)
                    .and_then(|f| maps.state(r.archive, f));
                let w = at.map(|state| Walker {
                    state,
                    flags: r.flags,
                    damage: 0,
                });
                (true, map_score(maps, w).saturating_add(death_cost()))
            }
            Status::Active => {
                let w = maps.state(r.square, r.facing).map(|state| Walker {
                    state,
                    flags: r.flags,
                    damage: 0,
                });
                let score = map_score(maps, w).saturating_add(damage_cost(r.damage));
                (false, score)
            }
        };
        Some(Outcome {
            dead,
            at_risk: dead,
            score: score.saturating_add(risk),
            damage: r.damage,
        })
    }
}

/// The game robot `id` plans on, once with the other robots' programs unknown and once with
/// the programs they would most likely make. Every other robot that programs this turn has its
/// locked registers as they are; its unlocked ones are empty in the first game (it stands still)
/// and in the second hold the cards that take it fastest to its next flag by the map, as if its
/// hand held every card (`likely_registers`). Programs other robots have already handed in are
/// never read: a person at the table does not see them either.
fn planning_games(maps: &FlagMaps, game: &Game, id: usize) -> [Game; 2] {
    let mut idle = game.clone();
    let mut likely = game.clone();
    for (j, r) in game.robots().iter().enumerate() {
        if j == id || !r.is_active() || r.powered_down {
            continue;
        }
        let mut registers = r.registers;
        for (k, slot) in registers.iter_mut().enumerate() {
            if !r.is_locked(k) {
                *slot = None;
            }
        }
        idle.set_registers(j, registers);
        likely.set_registers(j, likely_registers(maps, r));
    }
    [idle, likely]
}

/// Robot `r`'s registers if it plays, in each unlocked register, the card that brings it closest
/// to its next flag on the map (any card: its hand is unknown), each with the step table's
/// priority for that kind.
fn likely_registers(maps: &FlagMaps, r: &Robot) -> [Option<Card>; 5] {
    let mut registers = r.registers;
    let mut w = maps.state(r.square, r.facing).map(|state| Walker {
        state,
        flags: r.flags,
        damage: r.damage,
    });
    for (k, slot) in registers.iter_mut().enumerate() {
        if r.is_locked(k) {
            w = w.and_then(|x| walk(maps, x, slot.map(|c| c.kind)));
            continue;
        }
        let Some(now) = w else {
            *slot = None;
            continue;
        };
        let best = CARDS
            .iter()
            .filter_map(|c| walk(maps, now, Some(c.kind)).map(|n| (c, n)))
            .min_by_key(|(_, n)| walk_score(maps, Some(*n)));
        *slot = best.map(|(c, _)| *c);
        w = best.map(|(_, n)| n);
    }
    registers
}

/// What one push that would destroy the robot costs, in cards.
const PUSH_RISK: u32 = 4;

/// The other robots are planned as if they stood still, but they move and push (RULINGS.md,
/// Pushing). Robot `id` is at risk where it stands when a pit, drain or the edge lies one to three
/// squares on in some direction with no wall before it, and another real robot stands behind it
/// in that line close enough for a Move 3 to reach it and push it there: each such robot costs
/// `PUSH_RISK`. Virtual robots do not push (RULINGS.md, Virtual robots).
fn push_risk(game: &Game, id: usize) -> u32 {
    let Some(r) = game.robot(id).filter(|r| r.is_active() && !r.is_virtual) else {
        return 0;
    };
    let factory = game.factory();
    let board = factory.board();
    let mut risk = 0;
    for dir in Facing::ALL {
        // How far a push in `dir` has to carry the robot to destroy it.
        let mut fatal = None;
        let mut s = r.square;
        for k in 1..=3 {
            if factory.blocks_move(s, dir) {
                break;
            }
            s = s.step(dir);
            if !board.is_standable(s) {
                fatal = Some(k);
                break;
            }
        }
        let Some(k) = fatal else { continue };
        // A Move 3 from `d` squares behind pushes the robot `4 - d` squares.
        let mut s = r.square;
        let back = dir.opposite();
        for _ in 1..=(4 - k) {
            if factory.blocks_move(s, back) {
                break;
            }
            s = s.step(back);
            if game.real_robot_on(s).is_some_and(|j| j != id) {
                risk += PUSH_RISK;
                break;
            }
        }
    }
    risk
}

impl Bot for PlannerBot {
    fn name(&self) -> &'static str {
        "planner"
    }

    fn choose(&mut self, game: &Game, id: usize) -> Choice {
        let candidates = ranked_programs(&self.maps, game, id, PLANNER_BEAM);
        let bases = planning_games(&self.maps, game, id);
        let mut events = Vec::with_capacity(64);
        let mut best: Option<(Outcome, Vec<Card>, Choices)> = None;
        let mut survived = 0;
        for (walked, cards) in candidates {
            // Enough play-outs: a few survivors, or a survivor and only deadly walks left.
            if survived >= CHECKS || (survived > 0 && walked >= DEAD_SCORE) {
                break;
            }
            let options = basic_choices(game, id, &cards);
            let Some(out) = self.judge(&bases, id, &cards, &options, &mut events) else {
                continue;
            };
            survived += usize::from(!out.dead);
            if best.as_ref().is_none_or(|b| out < b.0) {
                best = Some((out, cards, options));
            }
        }
        let Some((mut out, cards, mut options)) = best else {
            return Choice::default();
        };
        // Movement options, one change at a time, kept when the play-out improves (issue 8).
        for variant in movement_variants(game, id, &cards, &options) {
            let Some(o) = self.judge(&bases, id, &cards, &variant, &mut events) else {
                continue;
            };
            if o < out {
                (out, options) = (o, variant);
            }
        }
        let now = game.robot(id).map_or(0, |r| r.damage);
        // A turn powered down costs about five cards of progress; heavy damage costs more.
        let power_down = now > 0 && out.score != 0 && out.damage >= 5;
        Choice {
            cards,
            power_down,
            options,
        }
    }

    fn reentry(&mut self, game: &Game, id: usize) -> Option<(Facing, bool)> {
        facing_choice(&self.maps, game, id)
    }
}
