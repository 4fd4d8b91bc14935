//! The sample robots' strategy in a RoboArena (seed 003 section 8.5: no flags, the object is to
//! eliminate all of the other robots): steer to a square in line with the nearest other robot,
//! facing it, and fire. Programs are walked on the engine's single-card steps (`FlagMaps::step`),
//! as the racing bots walk them towards flags.

use super::careful::hand_by_kind;
use super::map::FlagMaps;
use super::options::basic_choices;
use super::strategy::{Bot, Choice};
use crate::engine::{Card, CardKind, Game};
use crate::geom::{Facing, Square};
use std::sync::Arc;

/// Score of a program that destroys the robot: never chosen while another is left.
const DEAD: i64 = i64::MAX / 2;
/// What one register ending with an opponent in the robot's line of fire is worth, in squares.
const SHOT: i64 = 8;

/// A bot's view for hunting the nearest other robot.
struct FightBot {
    maps: Arc<FlagMaps>,
}

impl FightBot {
    fn new(maps: Arc<FlagMaps>) -> FightBot {
        FightBot { maps }
    }

    /// Whether a robot on `s` facing `f` has one of `targets` in its line of fire: in line ahead,
    /// no further than its beam runs before a wall or the board's edge.
    fn in_line(&self, s: Square, f: Facing, targets: &[Square]) -> bool {
        let run = i64::from(self.maps.factory().beam_run(s, f));
        let (ux, uy) = f.delta();
        targets.iter().any(|t| {
            let (dx, dy) = (t.x - s.x, t.y - s.y);
            let d = i64::from(dx * ux + dy * uy);
            dx * uy - dy * ux == 0 && d >= 1 && d <= run
        })
    }

    /// Squares to the nearest target (as the crow flies along the grid).
    fn nearest(s: Square, targets: &[Square]) -> i64 {
        targets
            .iter()
            .map(|t| i64::from((t.x - s.x).abs() + (t.y - s.y).abs()))
            .min()
            .unwrap_or(0)
    }
}

/// The best program so far while every program the hand allows is walked.
struct Hunt<'a> {
    bot: &'a FightBot,
    targets: &'a [Square],
    by_kind: Vec<Vec<Card>>,
    used: Vec<usize>,
    seq: Vec<Card>,
    locked: Vec<Option<CardKind>>,
    n: usize,
    best: Option<(i64, Vec<Card>)>,
}

impl Hunt<'_> {
    /// Walks one more register from `state`; `score` so far (lower is better).
    fn dfs(&mut self, state: Option<u32>, score: i64) {
        if self.seq.len() == self.n {
            let mut end = state;
            let mut score = score;
            for k in self.locked.clone() {
                (end, score) = self.walk(end, score, k);
            }
            let total = match end {
                Some(s) => score + FightBot::nearest(self.bot.maps.square_of(s), self.targets),
                None => DEAD,
            };
            if self.best.as_ref().is_none_or(|(b, _)| total < *b) {
                self.best = Some((total, self.seq.clone()));
            }
            return;
        }
        for k in 0..CardKind::ALL.len() {
            let Some(&card) = self.by_kind[k].get(self.used[k]) else {
                continue;
            };
            self.used[k] += 1;
            self.seq.push(card);
            let (next, s) = self.walk(state, score, Some(card.kind));
            self.dfs(next, s);
            self.seq.pop();
            self.used[k] -= 1;
        }
    }

    /// One register: where the card takes the robot, and a shot if it then faces a target.
    fn walk(&self, state: Option<u32>, score: i64, kind: Option<CardKind>) -> (Option<u32>, i64) {
        let Some(state) = state else {
            return (None, DEAD);
        };
        let next = match kind {
            Some(k) => self.bot.maps.step(state, k),
            None => Some(state),
        };
        let Some(next) = next else {
            return (None, DEAD);
        };
        let square = self.bot.maps.square_of(next);
        let facing = Facing::from_index(next as usize % 4);
        let shot = if self.bot.in_line(square, facing, self.targets) {
            SHOT
        } else {
            0
        };
        (Some(next), score - shot)
    }
}

/// The program that ends the most registers with a target in robot `id`'s line of fire and
/// the robot nearest the others; the first cards of the hand when nothing is left to hunt.
pub fn program(maps: &Arc<FlagMaps>, game: &Game, id: usize) -> Vec<Card> {
    FightBot::new(Arc::clone(maps)).choose(game, id)
}

impl FightBot {
    fn choose(&self, game: &Game, id: usize) -> Vec<Card> {
        let Some(r) = game.robot(id).copied() else {
            return Vec::new();
        };
        let targets: Vec<Square> = game
            .robots()
            .iter()
            .enumerate()
            .filter(|(j, o)| *j != id && o.is_active() && !o.is_virtual)
            .map(|(_, o)| o.square)
            .collect();
        let n = game.program_size(id);
        let by_kind = hand_by_kind(game, id);
        let mut hunt = Hunt {
            bot: self,
            targets: &targets,
            by_kind,
            used: vec![0; CardKind::ALL.len()],
            seq: Vec::with_capacity(5),
            locked: (n..5).map(|reg| r.registers[reg].map(|c| c.kind)).collect(),
            n,
            best: None,
        };
        let start = self.maps.state(r.square, r.facing);
        hunt.dfs(start, 0);
        hunt.best
            .map(|(_, c)| c)
            .unwrap_or_else(|| game.hand(id).iter().take(n).copied().collect())
    }
}

/// In a RoboArena (no flags) the steering bots fight (seed 003 section 8.5).
pub struct Fighter(pub Arc<FlagMaps>);

impl Bot for Fighter {
    fn name(&self) -> &'static str {
        "fight"
    }

    fn choose(&mut self, game: &Game, id: usize) -> Choice {
        let cards = program(&self.0, game, id);
        let options = basic_choices(game, id, &cards);
        Choice {
            cards,
            power_down: false,
            options,
        }
    }
}
