//! The careful walk (issue 17 item 5): every program a robot can make from its hand, walked through
//! the distance maps' table of lone-robot steps with the damage the board's lasers deal on the way,
//! so a program that ends in a pit, off the board or at 10 damage is known deadly without running
//! the engine, and the rest are ranked by the cards they leave to the next flag and their damage.

use super::map::{FlagMaps, UNREACHABLE};
use crate::engine::game::{DESTROYING_DAMAGE, REENTRY_DAMAGE};
use crate::engine::{Card, CardKind, Game};
use crate::geom::Facing;

/// The score of a program that destroys the robot: worse than every program that does not.
pub const DEAD_SCORE: u32 = u32::MAX / 2;

/// Where a lone robot is, by the map: its state, the flags it has touched and its damage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walker {
    pub state: u32,
    pub flags: u8,
    pub damage: u8,
}

/// Score of a walker: 0 finished; otherwise 1000 per flag still to touch plus the cards to the
/// next one. Lower is better; `None` (destroyed) is `DEAD_SCORE`.
pub fn map_score(maps: &FlagMaps, w: Option<Walker>) -> u32 {
    let Some(w) = w else { return DEAD_SCORE };
    let total = maps.flag_count();
    if w.flags >= total {
        return 0;
    }
    let d = maps.distance(w.flags + 1, w.state);
    let d = if d == UNREACHABLE { 900 } else { u32::from(d) };
    u32::from(total - w.flags) * 1000 + d
}

/// What damage costs in cards: each point shrinks the hand; from 5 on it locks registers.
pub fn damage_cost(damage: u8) -> u32 {
    let d = u32::from(damage);
    d + 3 * d.saturating_sub(4)
}

/// What being destroyed costs besides where the robot re-enters: a turn's cards and the re-entry
/// damage (seed 000, Destroyed robots: back on the archive with 2 damage).
pub fn death_cost() -> u32 {
    12 + damage_cost(REENTRY_DAMAGE)
}

/// The score of a walk's end: the map's, plus what its damage costs.
pub fn walk_score(maps: &FlagMaps, w: Option<Walker>) -> u32 {
    match w {
        Some(w) if w.flags < maps.flag_count() => {
            map_score(maps, Some(w)).saturating_add(damage_cost(w.damage))
        }
        _ => map_score(maps, w),
    }
}

/// One card played by a lone robot: `None` when the step destroys it (a pit, the edge, a square
/// deadly in some phase, or the 10th point of damage). A robot that has touched every flag stays.
pub fn walk(maps: &FlagMaps, w: Walker, kind: Option<CardKind>) -> Option<Walker> {
    let Some(kind) = kind else { return Some(w) };
    if w.flags >= maps.flag_count() {
        return Some(w);
    }
    let (state, hurt) = maps.step_hurt(w.state, kind)?;
    let damage = w.damage.saturating_add(hurt);
    if damage >= DESTROYING_DAMAGE {
        return None;
    }
    let flags = if maps.flag_square(w.flags + 1) == Some(maps.square_of(state)) {
        w.flags + 1
    } else {
        w.flags
    };
    Some(Walker {
        state,
        flags,
        damage,
    })
}

/// Robot `id`'s hand by card kind (`CardKind::ALL` order), each kind's cards highest priority
/// first: a move acts sooner on a high card.
pub fn hand_by_kind(game: &Game, id: usize) -> Vec<Vec<Card>> {
    let mut by_kind: Vec<Vec<Card>> = vec![Vec::new(); CardKind::ALL.len()];
    for &c in game.hand(id) {
        if let Some(k) = CardKind::ALL.iter().position(|&k| k == c.kind) {
            by_kind[k].push(c);
        }
    }
    for cards in &mut by_kind {
        cards.sort_unstable_by_key(|c| std::cmp::Reverse(c.priority));
    }
    by_kind
}

/// Every distinct sequence of card kinds robot `id` can program from its hand, its locked
/// registers played after them, walked on the map; the best `keep` of them, best first (ties in
/// the order found), each with its walk score and the cards that play it. Deadly programs score
/// `DEAD_SCORE`, so they come last and only when too few programs are safe.
pub fn ranked_programs(
    maps: &FlagMaps,
    game: &Game,
    id: usize,
    keep: usize,
) -> Vec<(u32, Vec<Card>)> {
    let Some(r) = game.robot(id) else {
        return Vec::new();
    };
    let n = game.program_size(id);
    let Some(state) = maps.state(r.square, r.facing) else {
        return Vec::new();
    };
    let by_kind = hand_by_kind(game, id);
    let locked: Vec<Option<CardKind>> =
        (n..5).map(|reg| r.registers[reg].map(|c| c.kind)).collect();
    let mut search = Search {
        maps,
        by_kind: &by_kind,
        used: vec![0; CardKind::ALL.len()],
        seq: Vec::with_capacity(5),
        locked: &locked,
        n,
        keep,
        best: Vec::with_capacity(keep + 1),
    };
    search.dfs(Some(Walker {
        state,
        flags: r.flags,
        damage: r.damage,
    }));
    search.best
}

struct Search<'a> {
    maps: &'a FlagMaps,
    by_kind: &'a [Vec<Card>],
    used: Vec<usize>,
    seq: Vec<Card>,
    locked: &'a [Option<CardKind>],
    n: usize,
    keep: usize,
    best: Vec<(u32, Vec<Card>)>,
}

impl Search<'_> {
    /// Whether the list is full of programs better than any that destroys the robot: a walk
    /// already destroyed cannot enter it, so its cards need not be tried.
    fn full_of_safe(&self) -> bool {
        self.best.len() >= self.keep && self.best.last().is_some_and(|b| b.0 < DEAD_SCORE)
    }

    fn dfs(&mut self, w: Option<Walker>) {
        if w.is_none() && self.full_of_safe() {
            return;
        }
        if self.seq.len() == self.n {
            let mut end = w;
            for &k in self.locked {
                end = end.and_then(|w| walk(self.maps, w, k));
            }
            let score = walk_score(self.maps, end);
            // Ties keep the earlier find; the list stays sorted and short.
            let at = self.best.partition_point(|(s, _)| *s <= score);
            if at < self.keep {
                self.best.insert(at, (score, self.seq.clone()));
                self.best.truncate(self.keep);
            }
            return;
        }
        for k in 0..CardKind::ALL.len() {
            let Some(&card) = self.by_kind[k].get(self.used[k]) else {
                continue;
            };
            self.used[k] += 1;
            self.seq.push(card);
            let next = w.and_then(|w| walk(self.maps, w, Some(card.kind)));
            self.dfs(next);
            self.seq.pop();
            self.used[k] -= 1;
        }
    }
}

/// Re-entry facing towards the next flag, powered up.
pub fn facing_choice(maps: &FlagMaps, game: &Game, id: usize) -> Option<(Facing, bool)> {
    let r = game.robot(id)?;
    let flag = (r.flags + 1).min(maps.flag_count());
    Some((maps.best_facing(r.archive, flag)?, false))
}
