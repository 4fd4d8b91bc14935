//! The line search under the real game's constraints (issue 17 item 2), over the engine's table of
//! single-card steps (`engine::steps::StepTable`): damage accumulates along a line and 10 destroys
//! the robot, which ends that line; from 5 damage registers lock with the cards that were in them
//! (damage 5 locks register 5, ... 9 locks all five; RULINGS.md, Damage); repairs come at the end
//! of each turn (one point per wrench, a flag is one wrench; RULINGS.md, End of turn), which is
//! also when the archive moves (it matters only to a destroyed robot, and a line that destroys
//! its robot is not taken). With `typical` set, a turn's program, locked registers included, may
//! hold no more of a card kind than a typical 9-card hand, and its cards from the hand no more
//! than a typical hand of their number (`hands::typical_caps`, `Searcher::typical_allows`).
//!
//! States are (flags touched, square, facing, register phase, damage, the cards locked in this
//! turn's registers still to play, and when `typical` the cards used this turn and the damage the
//! hand was dealt at). A state is dropped when the same state with no more damage, or the same
//! square, facing and register with no lock, no cards used and no more damage, was reached
//! before, or under a typical hand the same state with no more damage and a turn that can still
//! play every card it can (`used.rs`): less damage never hurts (fewer locks, further from 10),
//! nor does a hand that may play more. Breadth-first on register phases, so the first arrival is
//! the fewest registers. The cards a lock keeps are the ones the line reaching the state first played this
//! turn (`State::turn`); another line reaching the same state in the same register with other
//! cards is not followed separately, which matters only when the turn ends with 5 or more damage.

use super::bounds::{Bounds, NEVER, Returns};
use super::hands;
use super::hurt::Hurt;
use super::lives::Lives;
use super::moving::Timeline;
use super::progress::Progress;
use crate::engine::steps::{CARDS, NO_STEP, PHASES, StepTable, damage_of, node_of};
use std::sync::{Arc, Mutex, OnceLock};

mod lazy;
mod packing;
mod paged;
mod passes;
mod seen;
mod stack;
mod used;
mod visits;
use lazy::{LazyPreds, RELEASE_STATES};
pub(super) use passes::Aim;
use passes::{Dropped, Within};
pub(super) use seen::Seen;
pub(super) use stack::StateStack;
pub(super) use visits::{Visit, Visits};

/// A card slot with no card remembered.
pub(super) const FREE: u8 = 7;

/// The bits of a node in `State::timed_key`: every node of the largest board the format allows
/// (`MAX_OFFSET` + `MAX_TILE_SIDE` squares a side, four facings) fits them.
const TIMED_NODE_BITS: u32 = 27;

const _: () = {
    let side = (crate::model::course::MAX_OFFSET + crate::model::MAX_TILE_SIDE) as u64;
    assert!(side * side * 4 <= 1 << TIMED_NODE_BITS);
};

/// One search state, unpacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
    /// Flags touched so far.
    pub layer: u8,
    /// `cell * 4 + facing`.
    pub node: u32,
    /// The register phase about to be played, 0-4.
    pub phase: u8,
    pub damage: u8,
    /// Per register from `phase` on: the card locked in it this turn, or `FREE`.
    pub cards: [u8; 5],
    /// The cards played this turn, register 1 first (`FREE` for those still to play): what a
    /// lock at the end of the turn keeps. Not part of the state's identity.
    pub turn: [u8; 5],
    /// Cards of each kind of `CARDS` played this turn, locked registers included (`typical`
    /// only; in a turn with no lock, raised to what is left of a cap when no more can be used).
    pub used: [u8; 7],
    /// Damage when this turn's hand was dealt, which sets its size (`typical` only).
    pub dealt: u8,
    /// Under moving flags, the turn in the flags' timeline (`moving.rs`); 0 otherwise.
    pub tick: u16,
    /// Where a destroyed robot returns (`lives.rs`; 0 when no destruction is followed): a cell,
    /// or the number of cells plus a flag's index for an archive riding a moving flag.
    pub archive: u32,
    /// Destructions on the line so far.
    pub deaths: u8,
    /// Destroyed this turn: off the board until the turn ends, then back on `node` (the
    /// archive, facing as chosen) with `damage` (the return's).
    pub dead: bool,
}

#[cfg(test)]
impl State {
    /// For tests: on node 0 of layer 0 before register phase 1, undamaged, with no lock, no cards
    /// played and nothing of the timeline or lives rules.
    pub(in crate::validate) fn plain() -> State {
        State {
            layer: 0,
            node: 0,
            phase: 0,
            damage: 0,
            cards: [FREE; 5],
            turn: [FREE; 5],
            used: [0; 7],
            dealt: 0,
            tick: 0,
            archive: 0,
            deaths: 0,
            dead: false,
        }
    }
}

impl State {
    /// Its lower bound in `bounds` (`bounds.rs`). A destroyed robot, off the board until the
    /// turn ends, plays the rest of the turn's registers (`PHASES - phase`), then goes on from
    /// its archive (`node`) in register phase 1.
    pub fn bound(&self, bounds: &Bounds) -> u32 {
        if self.dead {
            let back = bounds.of(self.layer, self.node, 0, &[FREE; 5]);
            return match back {
                NEVER => NEVER,
                b => b.saturating_add((PHASES - usize::from(self.phase)) as u32),
            };
        }
        bounds.of(self.layer, self.node, self.phase, &self.turn)
    }

    /// Its identity with its damage in the low four bits, without the cards used this turn: a
    /// typical hand's dominance test compares those (`used.rs`), and other searches use none.
    #[inline]
    fn key(&self) -> u128 {
        let mut k = u128::from(self.node);
        k |= u128::from(self.phase) << 32;
        k |= u128::from(self.layer) << 35;
        for (i, c) in self.cards.iter().enumerate().skip(usize::from(self.phase)) {
            k |= u128::from(*c) << (43 + 3 * i);
        }
        k |= u128::from(self.dealt) << 79;
        k |= u128::from(self.tick) << 83;
        k |= u128::from(self.archive & 0x3_ffff) << 99;
        k |= u128::from(self.deaths.min(1)) << 117;
        k |= u128::from(self.dead) << 118;
        (k << 4) | u128::from(self.damage)
    }

    /// `key` as a search whose states have a turn, an archive or lives (`Seen::timed`) keeps it:
    /// the same fields, those of the lives and the archive before the locked cards, so that a
    /// state under a lives rule with no lock keeps a key under 58 bits (`TIMED_NODE_BITS` of
    /// node, 3 of register, 8 of layer, 2 of lives, 18 of archive) and goes to `Seen`'s table of
    /// 8 bytes a slot, not its 16-byte one (the arrivals search on the largest board under One
    /// Free Life: 4 million states). At most 93 bits, 97 with the damage's four.
    #[inline]
    fn timed_key(&self) -> u128 {
        debug_assert!(self.node < 1 << TIMED_NODE_BITS);
        let mut k = u128::from(self.node);
        k |= u128::from(self.phase) << TIMED_NODE_BITS;
        k |= u128::from(self.layer) << (TIMED_NODE_BITS + 3);
        k |= u128::from(self.dead) << (TIMED_NODE_BITS + 11);
        k |= u128::from(self.deaths.min(1)) << (TIMED_NODE_BITS + 12);
        k |= u128::from(self.archive & 0x3_ffff) << (TIMED_NODE_BITS + 13);
        // A register with no lock (`FREE`) as 0, so that a state with none has no bits here.
        for (i, c) in self.cards.iter().enumerate().skip(usize::from(self.phase)) {
            k |= u128::from(*c ^ FREE) << (TIMED_NODE_BITS + 31 + 3 * i as u32);
        }
        k |= u128::from(self.dealt) << (TIMED_NODE_BITS + 46);
        k |= u128::from(self.tick) << (TIMED_NODE_BITS + 50);
        (k << 4) | u128::from(self.damage)
    }
}

/// What the search may do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Options {
    /// Only programs a typical hand allows (`hands::typical_caps`).
    pub typical: bool,
    /// Run on after the first finish until every state is reached (for per-leg minima).
    pub exhaustive: bool,
    /// Give up after this many states (`0`: no limit).
    pub budget: usize,
}

/// The outcome of a search.
pub(super) struct Outcome {
    pub visits: Visits,
    /// The first finish (fewest registers, then least damage): the last visit before the final
    /// step, the card, and the node and damage it ends on.
    pub finish: Option<(u32, u8, u32, u8)>,
    /// The budget ran out before the search did.
    pub gave_up: bool,
    /// No line to the goal has fewer registers: what the bounded passes proved before the
    /// budget ran out (`passes.rs`; 0 when nothing was proved).
    pub at_least: u32,
}

impl Outcome {
    /// No search: nothing reached, no finish.
    pub fn empty() -> Outcome {
        Outcome {
            visits: Visits::new(visits::Fields {
                typical: false,
                lives: false,
            }),
            finish: None,
            gave_up: false,
            at_least: 0,
        }
    }
}

/// The constant parts of a search: the table, the flags as cells, the wrenches of each cell and
/// the typical hand.
pub(super) struct Searcher<'a> {
    pub table: &'a StepTable,
    /// The flags' cells (their start squares under moving flags).
    pub flags: Vec<usize>,
    /// Under moving flags, where the flags are at each phase (`moving.rs`).
    pub timeline: Option<Timeline>,
    wrenches: Vec<u8>,
    caps: [[u8; 7]; 10],
    /// Asked to stop: a search under way gives up (as when out of budget).
    pub progress: Option<&'a Progress>,
    /// Every table state's predecessors (the trap squares, the bounds), built when read: a
    /// large table's are freed while the searches that do not read them run (`lazy.rs`).
    pub preds: LazyPreds<'a>,
    /// The relaxed registers from every state to the last flag (`bounds.rs`).
    pub bounds: Bounds,
    /// Laser damage x N (docs/rules.md, House rules): the table's damage (board lasers, all a
    /// lone robot is hit by) counts this many times; 1 under the plain rules.
    laser_times: u8,
    /// The destructions a line may take (`lives.rs`).
    lives: Lives,
    /// An archive set on a moving flag rides with it.
    archive_moves: bool,
    /// The bounds that know damage (`hurt.rs`), computed the first time a search needs them;
    /// `None` inside when they would be too large or the validation was cancelled.
    hurt: OnceLock<Option<Hurt>>,
    /// Under One Free Life and Infinite Lives, where a destroyed robot may return, which the
    /// bounds know (`Searcher::returning_to`); `None` otherwise.
    returns: Option<Returns>,
    /// The most values the typical hand's bounds may take (`passes::MOST_TYPICAL_VALUES`).
    typical_cap: usize,
    /// The typical hand's bounds (`Searcher::typical_bounds`), built where a second thread is
    /// free beside the line's search, and freed once the typical-hand search is done.
    typical: Mutex<TypicalBounds>,
}

/// Where the typical hand's bounds stand (`Searcher::typical_bounds`).
pub(super) enum TypicalBounds {
    Unbuilt,
    Built(Arc<Bounds>),
    /// Their build was told to stop.
    Stopped,
}

impl<'a> Searcher<'a> {
    /// A searcher for `flags` on `table` under the house rules it models (`house`): laser
    /// damage x N, One Free Life and Infinite Lives (`lives.rs`), and moving flags (`timeline`,
    /// with an archive that rides on its flag or not).
    pub fn new(
        table: &'a StepTable,
        flags: Vec<usize>,
        timeline: Option<Timeline>,
        house: &crate::model::HouseRules,
    ) -> Searcher<'a> {
        let factory = table.factory();
        // A moving flag's repair is not counted: the line plans with no more repairs than it
        // gets (a robot ending a turn on a flag away from its start would get one more).
        let moving = timeline.is_some();
        let wrenches = (0..table.cells())
            .map(|c| {
                let cell = factory.cell_at(c);
                cell.wrenches.max(u8::from(cell.flag > 0 && !moving))
            })
            .collect();
        let preds = LazyPreds::new(table);
        let lives = Lives::under(house);
        // The bounds assume flags that stay put: under moving flags they are off and every
        // search is whole (`Bounds::off`). They know no return to the archive either: a line
        // through a destruction may be shorter than they say, so under a lives rule every
        // search is whole too, unless `returning_to` builds bounds that know it (not built
        // here first: on the largest board with 32 flags they take seconds).
        let returning = !moving && lives.modelled();
        let bounds = if moving || returning {
            Bounds::off()
        } else {
            Bounds::new(table, &preds.get(), &flags, 0, flags.len())
        };
        let hurt = OnceLock::new();
        if crate::validate::hurt::values(table, flags.len()) > crate::validate::hurt::MOST_VALUES
            && table.states() >= RELEASE_STATES
        {
            // No search reads the predecessors, now that the bounds are built, unless it
            // builds the bounds that know damage, which are too large here (`Hurt::new` would
            // say so): the line searches run without them, and the trap squares and the legs'
            // bounds build them again. Kept for `returning_to`, which reads them next and
            // then frees them.
            let _ = hurt.set(None);
            if !returning {
                preds.release();
            }
        }
        Searcher {
            table,
            flags,
            timeline,
            preds,
            bounds,
            wrenches,
            caps: hands::typical_caps(),
            progress: None,
            laser_times: house.laser_damage.unwrap_or(1).max(1),
            lives,
            archive_moves: house.moving_flags == Some(crate::model::rules::ArchiveOnFlag::Moves),
            hurt,
            returns: None,
            typical_cap: passes::MOST_TYPICAL_VALUES,
            typical: Mutex::new(TypicalBounds::Unbuilt),
        }
    }

    /// The bounds towards flag `leg + 1` (0-based `leg`) for the layer `leg` alone (off when
    /// the searcher's are).
    pub fn leg_bounds(&self, leg: usize) -> Bounds {
        if self.bounds.is_off() {
            Bounds::off()
        } else {
            let returns = self.returns.as_ref();
            let preds = self.preds.get();
            Bounds::returning(self.table, &preds, &self.flags, leg, leg + 1, returns)
        }
    }

    /// Whether a state's turn or archive tells it apart from the same square, facing and
    /// register (moving flags, lives rules): then every state is hashed (`Seen`).
    pub fn timed(&self) -> bool {
        self.timeline.is_some() || self.lives.modelled()
    }

    /// Whether `s`, with flags touched, stands on the flag it touched last: its square, or under
    /// moving flags the step that led to it touched the flag (`touched`), which may stand
    /// elsewhere at other times.
    pub fn on_flag(&self, s: &State, touched: bool) -> bool {
        match (&self.timeline, usize::from(s.layer).checked_sub(1)) {
            (_, None) => false,
            (None, Some(k)) => self.flags.get(k) == Some(&((s.node / 4) as usize)),
            (Some(_), Some(_)) => touched,
        }
    }

    /// The most states one search may visit (`Progress::budget`).
    pub fn budget(&self) -> usize {
        self.progress
            .map_or(super::progress::STATE_BUDGET, Progress::budget)
    }

    /// Whether the validation was cancelled.
    pub fn cancelled(&self) -> bool {
        self.progress.is_some_and(Progress::is_cancelled)
    }

    /// Under One Free Life or Infinite Lives, bounds after all, in the relaxed game where
    /// a robot may be destroyed and return to its archive (`bounds::Returns`): one of `starts`
    /// (the cells the searches start from), or a flag or repair site (`Searcher::site`). Off
    /// under moving flags, as without lives. The typical hand's own bounds and the bounds that
    /// know damage have no such game: the typical-hand search takes these too
    /// (`Searcher::typical_line`), and no search brings in the others (`Searcher::hurt_bounds`).
    pub fn returning_to(mut self, starts: &[usize]) -> Searcher<'a> {
        if !self.lives.modelled() || self.timeline.is_some() {
            return self;
        }
        let sites = (0..self.table.cells()).filter(|&c| self.wrenches[c] > 0);
        let returns = Returns::to(self.table, starts.iter().copied(), sites);
        let goal = self.flags.len();
        self.bounds = Bounds::returning(
            self.table,
            &self.preds.get(),
            &self.flags,
            0,
            goal,
            Some(&returns),
        );
        self.returns = Some(returns);
        // As in `new`: nothing reads them while the line searches run.
        self.preds.release_if_large();
        self
    }

    /// Whether the bounds know a destroyed robot's return (`returning_to`).
    pub fn returns(&self) -> bool {
        self.returns.is_some()
    }

    /// The table state of a search state.
    pub fn table_state(s: &State) -> usize {
        s.node as usize * PHASES + usize::from(s.phase)
    }

    /// The states one register phase after `s`, with the card played and whether it touched
    /// the flag `s` needs next. Layers are not capped: a caller stops at the last flag.
    pub fn successors(&self, s: &State, opts: Options, out: &mut Vec<(State, u8, bool)>) {
        out.clear();
        let ts = Searcher::table_state(s);
        let p = usize::from(s.phase);
        if s.dead {
            // Off the board: the phase passes with nothing to play (its register is lost).
            out.push((self.pass(s, opts, *s), 0, false));
            return;
        }
        // Slot `p` holds a card at this point only when register p + 1 is locked this turn.
        let locked = s.cards[p] != FREE;
        // What every card played here shares: the cards locked in later registers (a typical
        // hand counts them), whether the turn has no lock, the flag the state needs next.
        let mut later = [0u8; 7];
        for &c in &s.cards[p + 1..] {
            if let Some(n) = later.get_mut(usize::from(c)) {
                *n += 1;
            }
        }
        let unlocked = s.cards.iter().all(|&c| c == FREE);
        let flag = self.flag_cell(usize::from(s.layer), s.tick, p);
        // A typical hand's turn with no lock: only what is left of each cap up to the registers
        // still to play after this one tells two turns apart (more can never be used), so the
        // cards used are raised to it.
        let floor = (opts.typical && unlocked).then(|| {
            let caps = &self.caps[usize::from(s.dealt)];
            let remaining = (PHASES - 1 - p) as u8;
            let mut floor = [0u8; 7];
            for (f, (&cap, &program)) in floor.iter_mut().zip(caps.iter().zip(&self.caps[0])) {
                *f = cap.min(program).saturating_sub(remaining);
            }
            floor
        });
        let mut raised = s.used;
        if let Some(f) = &floor {
            for (u, &f) in raised.iter_mut().zip(f) {
                *u = (*u).max(f);
            }
        }
        for (k, &step) in self.table.steps(ts).iter().enumerate() {
            let (to, hurt) = (node_of(step), damage_of(step));
            if locked && usize::from(s.cards[p]) != k {
                continue;
            }
            if opts.typical && !self.typical_allows(s, k, locked, later[k]) {
                continue;
            }
            let damage = s
                .damage
                .saturating_add(hurt.saturating_mul(self.laser_times));
            // Destroyed: by the 10th point of damage, or in a pit, off the board or crushed.
            let destroyed = if to == NO_STEP {
                self.table.destroys(ts, k)
            } else {
                damage >= 10
            };
            if destroyed && self.lives.may_die(s.deaths) {
                self.destruction(s, opts, k as u8, out);
            }
            if to == NO_STEP || destroyed {
                continue;
            }
            let mut n = *s;
            n.node = to;
            n.damage = damage;
            n.turn[p] = k as u8;
            if opts.typical {
                match &floor {
                    Some(f) => {
                        n.used = raised;
                        n.used[k] = (s.used[k] + 1).max(f[k]);
                    }
                    None => n.used[k] += 1,
                }
            }
            let cell = (to / 4) as usize;
            let touched = flag == Some(cell);
            if touched {
                n.layer += 1;
            }
            if self.lives.modelled()
                && let Some(site) = self.site(cell, s.tick, p)
            {
                // A flag or repair site the phase ends on is the archive (RULINGS.md, step 6).
                n.archive = site;
            }
            if p + 1 == PHASES {
                // End of turn: repairs, then the next turn's locks (RULINGS.md, Damage).
                n.damage -= self.wrenches[cell].min(n.damage);
                // Register r + 1 locks at damage 10 - (r + 1) or more, keeping its card.
                for r in 0..PHASES {
                    n.cards[r] = if usize::from(n.damage) >= 9 - r {
                        n.turn[r]
                    } else {
                        FREE
                    };
                }
                n.turn = [FREE; 5];
                n.used = [0; 7];
                n.dealt = if opts.typical { n.damage } else { 0 };
                n.phase = 0;
                if let Some(t) = &self.timeline {
                    n.tick = t.next_turn(n.tick);
                }
            } else {
                n.phase += 1;
            }
            out.push((n, k as u8, touched));
        }
    }

    /// Whether a typical hand's line may play card `k` in `s`'s register: the turn's program,
    /// its locked registers included, holds no more of a kind than a typical 9-card hand
    /// (`caps[0]`: a program a typical hand allows), and its cards from the hand no more than a
    /// typical hand of their number (`caps[dealt]`). `s.used` counts the cards played this turn;
    /// the locked registers are the last ones (RULINGS.md, Damage), so while a card comes from
    /// the hand no locked card has been played yet, and the locked ones still to play are in
    /// `s.cards` (`later` of them of kind `k`).
    fn typical_allows(&self, s: &State, k: usize, locked: bool, later: u8) -> bool {
        let program = self.caps[0][k];
        if locked {
            return s.used[k] < program;
        }
        s.used[k] < self.caps[usize::from(s.dealt)][k] && s.used[k] + 1 + later <= program
    }

    /// Whether card `k` (index into `CARDS`) played in `s` destroys the robot: it falls, leaves
    /// the board or is crushed, or the phase brings its damage to 10.
    pub fn destroys(&self, s: &State, k: usize) -> bool {
        let ts = Searcher::table_state(s);
        match self.table.steps(ts).get(k) {
            Some(&NO_STEP) => self.table.destroys(ts, k),
            Some(&step) => {
                let hurt = damage_of(step);
                s.damage
                    .saturating_add(hurt.saturating_mul(self.laser_times))
                    >= 10
            }
            None => false,
        }
    }

    /// The states after `s`'s robot is destroyed playing card `card`: one per facing it may
    /// return with (the player chooses; RULINGS.md, Re-entry), off the board until the turn
    /// ends, then on its archive with the return's damage and no lock (seed 000, Withdrawing an
    /// Archive Copy). A moving flag's archive returns where the flag stands at the turn's end.
    fn destruction(&self, s: &State, opts: Options, card: u8, out: &mut Vec<(State, u8, bool)>) {
        let cells = self.table.cells() as u32;
        let cell = if s.archive < cells {
            Some(s.archive as usize)
        } else {
            self.flag_cell((s.archive - cells) as usize, s.tick, PHASES - 1)
        };
        let Some(cell) = cell else {
            return;
        };
        let deaths = s.deaths.saturating_add(1);
        debug_assert!(self.lives.may_die(s.deaths));
        for facing in 0..4 {
            let dead = State {
                node: (cell * 4 + facing) as u32,
                damage: self.lives.return_damage(deaths),
                cards: [FREE; 5],
                turn: [FREE; 5],
                used: [0; 7],
                dealt: 0,
                // What the return damage and the lives left depend on (`Lives::key`); the
                // archive stays, riding its flag if it did.
                deaths: self.lives.key(deaths),
                dead: true,
                ..*s
            };
            out.push((self.pass(s, opts, dead), card, false));
        }
    }

    /// `dead` one phase after `s`: still off the board, or back on its archive when the turn
    /// has ended.
    fn pass(&self, s: &State, opts: Options, mut dead: State) -> State {
        if usize::from(s.phase) + 1 < PHASES {
            dead.phase = s.phase + 1;
            return dead;
        }
        dead.dead = false;
        dead.phase = 0;
        dead.dealt = if opts.typical { dead.damage } else { 0 };
        if let Some(t) = &self.timeline {
            dead.tick = t.next_turn(s.tick);
        }
        dead
    }

    /// The archive a robot ending register phase `phase` (0-based) of timeline turn `tick` on
    /// `cell` takes, if it is a flag or repair site there.
    fn site(&self, cell: usize, tick: u16, phase: usize) -> Option<u32> {
        if self.timeline.is_some()
            && let Some(k) =
                (0..self.flags.len()).find(|&k| self.flag_cell(k, tick, phase) == Some(cell))
        {
            return Some(if self.archive_moves {
                (self.table.cells() + k) as u32
            } else {
                cell as u32
            });
        }
        (self.wrenches[cell] > 0).then_some(cell as u32)
    }

    /// Breadth-first from `seeds` until the layer `goal` is reached (or, when exhaustive, every
    /// state is). Seeds are all at level 0.
    pub fn search(&self, seeds: &[State], goal: u8, opts: Options) -> Outcome {
        self.search_within(seeds, goal, opts, None).0
    }

    /// `search`, dropping states whose level plus bound exceeds the limit; also what it dropped
    /// that could still finish (`Dropped`).
    fn search_within(
        &self,
        seeds: &[State],
        goal: u8,
        opts: Options,
        limit: Option<Within<'_>>,
    ) -> (Outcome, Dropped) {
        // A typical hand's states need 4 bytes more a visit, and those of a timed search 4 more.
        let fields = visits::Fields {
            typical: opts.typical,
            lives: self.timed(),
        };
        let mut visits = Visits::packed_from(fields, visits::PACK_FROM);
        let mut seen = Seen::new(
            self.table.states() / PHASES,
            usize::from(goal),
            self.timed(),
        );
        if opts.typical {
            seen = seen.with_caps(&self.caps);
        }
        let mut dropped = Dropped::default();
        // Whether a state `level` registers in is beyond the limit (noting the drop).
        let mut beyond = |s: &State, level: u32| match &limit {
            Some(w) => {
                let b = Within::bound_of(w.bounds, w.hurt, s);
                if b == NEVER {
                    return true;
                }
                let f = level.saturating_add(b);
                let over = f > w.limit;
                if over {
                    dropped.note(f, w.limit);
                }
                over
            }
            None => false,
        };
        for s in seeds {
            if beyond(s, 0) || !seen.admit(s) {
                continue;
            }
            visits.push(Visit {
                state: *s,
                level: 0,
                parent: u32::MAX,
                card: 0,
            });
        }
        let mut finish: Option<(u32, u8, u32, u8)> = None;
        let mut finish_level = u32::MAX;
        let mut next = Vec::new();
        let mut head = 0;
        let mut gave_up = false;
        // The head's level, moved on as the head passes each level's start.
        let mut level = 0;
        while head < visits.len() {
            level = visits.level_from(head, level);
            let state = visits.state(head as u32);
            if level >= finish_level && !opts.exhaustive {
                break;
            }
            if (opts.budget > 0 && visits.len() > opts.budget)
                || visits.full()
                || (head % 4096 == 0 && self.cancelled())
            {
                gave_up = true;
                break;
            }
            self.successors(&state, opts, &mut next);
            for &(n, card, _) in &next {
                if n.layer >= goal {
                    if level < finish_level
                        && finish.is_none_or(|f| level + 1 < finish_level || n.damage < f.3)
                    {
                        finish_level = level + 1;
                        finish = Some((head as u32, card, n.node, n.damage));
                    }
                    continue;
                }
                if beyond(&n, level + 1) || !seen.admit(&n) {
                    continue;
                }
                visits.push(Visit {
                    state: n,
                    level: level + 1,
                    parent: head as u32,
                    card,
                });
            }
            head += 1;
        }
        let outcome = Outcome {
            visits,
            finish,
            gave_up,
            at_least: 0,
        };
        (outcome, dropped)
    }

    /// The seed states of a start: each facing, phase 1, `damage`, no locks.
    pub fn seeds(&self, cell: usize, facings: &[usize], damage: u8) -> Vec<State> {
        facings
            .iter()
            .map(|&f| State {
                layer: 0,
                node: (cell * 4 + f) as u32,
                phase: 0,
                damage,
                cards: [FREE; 5],
                turn: [FREE; 5],
                used: [0; 7],
                dealt: damage,
                tick: 0,
                archive: if self.lives.modelled() {
                    cell as u32
                } else {
                    0
                },
                deaths: 0,
                dead: false,
            })
            .collect()
    }

    /// The cell flag `flag` (0-based) stands on at the end of register phase `phase` (0-based)
    /// in timeline turn `tick`: its own square unless flags move.
    pub fn flag_cell(&self, flag: usize, tick: u16, phase: usize) -> Option<usize> {
        match &self.timeline {
            None => self.flags.get(flag).copied(),
            Some(t) => t.cell(tick, phase, flag),
        }
    }

    /// The timeline turn `turns` turns after the first.
    pub fn tick_after(&self, turns: usize) -> u16 {
        let mut tick = 0;
        if let Some(t) = &self.timeline {
            for _ in 0..turns {
                tick = t.next_turn(tick);
            }
        }
        tick
    }

    /// The steps from seed to visit `at`: (visit index after the step, card), first step first.
    pub fn path(visits: &Visits, at: u32) -> Vec<(u32, u8)> {
        let mut out = Vec::new();
        let mut i = at;
        while let Some(v) = visits.get(i as usize) {
            if v.parent == u32::MAX {
                break;
            }
            out.push((i, v.card));
            i = v.parent;
        }
        out.reverse();
        out
    }

    /// The seed a path starts from.
    pub fn seed_of(visits: &Visits, at: u32) -> u32 {
        let mut i = at;
        while let Some(v) = visits.get(i as usize) {
            if v.parent == u32::MAX {
                return i;
            }
            i = v.parent;
        }
        i
    }

    /// Whether a card kind index names a card (not `FREE`).
    pub fn card(k: u8) -> Option<usize> {
        (usize::from(k) < CARDS.len()).then_some(usize::from(k))
    }
}
