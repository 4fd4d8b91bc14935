//! The engine oracle's own search for tests/analysis_line_oracle.rs: a plain breadth-first search
//! over full states of a lone robot, each register phase asked of the engine
//! (`Game::run_lone_phase`), the game's turn-end rules (repairs, locks, 10 destroys) applied as
//! RULINGS.md states them, with no dominance: only states that are the same in every way that
//! can change what follows are merged.

use factory_floor::engine::steps::CARDS;
use factory_floor::engine::{Event, Factory, Game, RobotSetup, Settings};
use factory_floor::geom::{Facing, Square};
use factory_floor::model::Course;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::Arc;

/// A small multiplicative hasher (as rustc's FxHash, mixed at the end): the searches hash millions of states, and
/// the standard one spends most of their time. A state hashes as one packed number.
#[derive(Default, Clone, Copy)]
pub struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(u64::from(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    fn write_u128(&mut self, n: u128) {
        self.add(n as u64);
        self.add((n >> 64) as u64);
    }
    /// Mixed once more (murmur3's finaliser): the table picks buckets by the low bits, which a
    /// product alone fills from the low bits of its input only.
    fn finish(&self) -> u64 {
        let mut x = self.0;
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        x ^ (x >> 33)
    }
}

impl Fx {
    fn add(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<Fx>>;
type FxSet<K> = HashSet<K, BuildHasherDefault<Fx>>;

/// No card: a register not locked, or a card played that cannot matter any more.
const NONE: u8 = u8::MAX;

/// Damage that destroys a robot (RULINGS.md, Damage: "10 destroys").
const DEADLY: u8 = 10;

/// The register phases of a turn.
const PHASES: u8 = 5;

/// One full state of the lone robot between two register phases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Full {
    /// Flags touched so far.
    flags: u8,
    square: Square,
    facing: Facing,
    /// The register phase about to be played, 1-5.
    phase: u8,
    damage: u8,
    /// Per register (0-based) of this turn: the card locked in it from last turn, or `NONE`.
    locked: [u8; 5],
    /// Per register of this turn already played: its card, or `NONE` where no end of this turn
    /// the robot can still reach has the damage that would lock that register (`Oracle::forget`).
    played: [u8; 5],
    /// Typical hand only: the cards of each kind of `CARDS` played from this turn's hand.
    hand: [u8; 7],
    /// Typical hand only: the damage the robot had when this turn's hand was dealt.
    dealt: u8,
}

impl Full {
    /// The robot on `square` facing `facing` before register 1 of the first turn: no flag, no
    /// damage, no lock, no card played.
    fn start(square: Square, facing: Facing) -> Full {
        Full {
            flags: 0,
            square,
            facing,
            phase: 1,
            damage: 0,
            locked: [NONE; 5],
            played: [NONE; 5],
            hand: [0; 7],
            dealt: 0,
        }
    }
}

impl Hash for Full {
    /// Every field, packed (equal states hash equal; the fields fit in their bits on the
    /// courses here, and a clash would only cost time, as `Eq` compares the fields).
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut k = u128::from(self.flags);
        k = (k << 8) | u128::from(self.square.x as u8);
        k = (k << 8) | u128::from(self.square.y as u8);
        k = (k << 2) | self.facing.index() as u128;
        k = (k << 3) | u128::from(self.phase);
        k = (k << 4) | u128::from(self.damage);
        for c in self.locked.iter().chain(&self.played) {
            k = (k << 3) | u128::from(*c & 7);
        }
        for h in &self.hand {
            k = (k << 3) | u128::from(*h & 7);
        }
        k = (k << 4) | u128::from(self.dealt);
        state.write_u128(k);
    }
}

/// Which lines the search may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lines {
    /// Any cards in any turn.
    Whole,
    /// Only programs a typical hand allows (`caps`, as `validate::hands::typical_caps` gives).
    Typical,
}

/// How registers lock in a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Locks {
    /// As the rules say: from 5 damage at a turn's end, with the cards that were in them.
    Kept,
    /// Only lines no turn of which ends with 5 damage or more: no register ever locks.
    Never,
    /// Not a rule: damage locks nothing (to find the courses where locks change the best line).
    Ignored,
}

/// One register of a line the oracle found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Register {
    pub phase: u8,
    /// The card's kind.
    pub card: factory_floor::engine::CardKind,
    pub square: Square,
    pub facing: Facing,
    /// Damage taken in the phase.
    pub damage: u8,
    /// Damage after it (after the turn's repairs in phase 5).
    pub total: u8,
    pub locked: bool,
    /// The damage this turn's hand was dealt at (a typical hand's line; 0 otherwise).
    pub dealt: u8,
}

/// The best finish of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Best {
    /// The fewest registers to the last flag.
    pub registers: u32,
    /// The least damage the robot has after the last register among the lines of that many
    /// registers (after the turn's repairs when the last register is a turn's fifth, as
    /// `Step::total` reads).
    pub damage: u8,
    /// Among those lines (fewest registers, then least damage), the least and the most damage
    /// taken along the line (every point taken, repairs not subtracted: `Solution::damage`).
    pub taken: (u32, u32),
    /// The least damage taken among all lines of `registers`, whatever they end with.
    pub least_taken: u32,
    /// One line of `registers` ending with `damage`, first register first.
    pub line: Vec<Register>,
}

/// A search that would visit more full states than its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge;

/// What the searches met on the way: that the course exercises what the oracle checks.
#[derive(Clone, Copy, Debug, Default)]
pub struct Seen {
    /// Steps not taken because the 10th point of damage destroyed the robot.
    pub tenth_point: usize,
    /// Turns begun with a locked register.
    pub locked_turns: usize,
    /// Turn ends where a repair took damage off.
    pub repairs: usize,
    /// Full states the searches visited.
    pub states: usize,
}

/// Where one register phase leaves the robot: its square, facing and the damage it took.
type Stepped = (Square, Facing, u8);

/// The oracle over one course: the engine, its answers so far, the flags and the wrenches.
pub struct Oracle {
    game: Game,
    events: Vec<Event>,
    /// The engine's answer for (square, facing, card index, phase): where the robot ends and the
    /// damage it took, or `None` when it is destroyed (a pit, the board's edge). A lone robot's
    /// phase depends on nothing else, so each is asked once: the cache saves time, no more.
    steps: FxMap<(Square, Facing, u8, u8), Option<Stepped>>,
    /// The most damage a robot can take from (square, facing, phase) to the end of the turn.
    gains: FxMap<(Square, Facing, u8), u8>,
    flags: Vec<Square>,
    /// Repair points at the end of a turn on each square: one per wrench, a flag one
    /// (RULINGS.md, End of turn).
    wrenches: HashMap<Square, u8>,
    caps: [[u8; 7]; 10],
    pub seen: Seen,
}

impl Oracle {
    /// The oracle for `course` (one embedded tile, a 1994 start), with a typical hand's `caps`.
    pub fn new(course: &Course, caps: [[u8; 7]; 10]) -> Oracle {
        let factory = Arc::new(Factory::new(course.compile(&Vec::new())));
        let setup = RobotSetup::new("solo", Square::new(0, 0), Facing::N);
        let Ok(game) = Game::new(Arc::clone(&factory), &[setup], Settings::default(), 0) else {
            panic!("{}: no game", course.name)
        };
        let flags: Vec<Square> = course.flags_in_order().iter().map(|f| f.at).collect();
        let mut wrenches = HashMap::new();
        for tile in &course.embedded {
            for s in tile.all_squares() {
                if let Some(w) = tile.square(s).and_then(|q| q.repair) {
                    wrenches.insert(s, w.get());
                }
            }
        }
        for &f in &flags {
            let w = wrenches.entry(f).or_insert(0);
            *w = (*w).max(1);
        }
        Oracle {
            game,
            events: Vec::new(),
            steps: FxMap::default(),
            gains: FxMap::default(),
            flags,
            wrenches,
            caps,
            seen: Seen::default(),
        }
    }

    /// The engine's register phase `phase` for the lone robot playing `CARDS[card]`.
    fn step(&mut self, square: Square, facing: Facing, card: u8, phase: u8) -> Option<Stepped> {
        let key = (square, facing, card, phase);
        if let Some(&out) = self.steps.get(&key) {
            return out;
        }
        let out = self
            .game
            .run_lone_phase(
                square,
                facing,
                Some(CARDS[usize::from(card)]),
                phase,
                &mut self.events,
            )
            .filter(|o| !o.destroyed)
            .map(|o| (o.square, o.facing, o.damage));
        self.steps.insert(key, out);
        out
    }

    /// The most damage any cards can deal from `phase` (1-5) on to the end of the turn, over
    /// the engine's steps (capped at 10: more destroys).
    fn gain(&mut self, square: Square, facing: Facing, phase: u8) -> u8 {
        if phase > PHASES {
            return 0;
        }
        if let Some(&g) = self.gains.get(&(square, facing, phase)) {
            return g;
        }
        let mut most = 0u8;
        for k in 0..CARDS.len() as u8 {
            if let Some((s, f, d)) = self.step(square, facing, k, phase) {
                let later = self.gain(s, f, phase + 1);
                most = most.max(d.saturating_add(later).min(DEADLY));
            }
        }
        self.gains.insert((square, facing, phase), most);
        most
    }

    /// Forgets the cards played in registers that no end of this turn can lock: register r
    /// (0-based) locks when the turn ends with 9 - r damage or more (RULINGS.md, Damage: 5
    /// locks register 5, ... 9 all five), and the turn can end with at most the damage now plus
    /// the most the rest of the turn can deal. Two states that differ only there have the same
    /// future, so this merges nothing that a dominance would.
    fn forget(&mut self, s: &mut Full) {
        let most = s
            .damage
            .saturating_add(self.gain(s.square, s.facing, s.phase));
        for r in 0..usize::from(s.phase - 1) {
            if usize::from(most) + r < 9 {
                s.played[r] = NONE;
            }
        }
    }

    /// The fewest registers from `start` (any facing, phase 1, no damage) to the last flag and
    /// the least damage among them, over `lines`, with registers locking as `locks` says. `None` when no line finishes;
    /// `Err` when the search would visit more than `budget` full states.
    pub fn best(
        &mut self,
        start: Square,
        lines: Lines,
        locks: Locks,
        budget: usize,
    ) -> Result<Option<Best>, TooLarge> {
        let goal = self.flags.len() as u8;
        let mut seen: FxSet<Full> = FxSet::default();
        // This level's states, each with the least and most damage taken on the way.
        let mut level: FxMap<Full, (u32, u32)> = FxMap::default();
        for facing in Facing::ALL {
            let s = Full::start(start, facing);
            seen.insert(s);
            level.insert(s, (0, 0));
        }
        let mut registers = 0u32;
        let mut next_out = Vec::new();
        // Each state's first parent, the card from it and the damage taken: to give a line.
        let mut parents: FxMap<Full, (Full, u8, u8)> = FxMap::default();
        while !level.is_empty() {
            registers += 1;
            let mut next: FxMap<Full, (u32, u32)> = FxMap::default();
            // (damage at the end, least taken, most taken) of each finish.
            let mut finishes: Vec<(u8, u32, u32)> = Vec::new();
            // The first finish with the least damage at its end: (before, after, card, hurt).
            let mut first: Option<(Full, Full, u8, u8)> = None;
            for (s, (lo, hi)) in level {
                self.successors(&s, lines, locks, goal, &mut next_out);
                for &(n, hurt, done, card) in &next_out {
                    let (lo, hi) = (lo + u32::from(hurt), hi + u32::from(hurt));
                    if let Some(end) = done {
                        if first.is_none_or(|f| end < f.1.damage) {
                            first = Some((s, n, card, hurt));
                        }
                        finishes.push((end, lo, hi));
                        continue;
                    }
                    if seen.contains(&n) {
                        continue;
                    }
                    next.entry(n)
                        .and_modify(|t| *t = (t.0.min(lo), t.1.max(hi)))
                        .or_insert_with(|| {
                            parents.insert(n, (s, card, hurt));
                            (lo, hi)
                        });
                }
            }
            if let Some(damage) = finishes.iter().map(|f| f.0).min() {
                let best = finishes.iter().filter(|f| f.0 == damage);
                let taken = (
                    best.clone().map(|f| f.1).min().unwrap_or(0),
                    best.map(|f| f.2).max().unwrap_or(0),
                );
                let least_taken = finishes.iter().map(|f| f.1).min().unwrap_or(0);
                let mut line = Vec::new();
                if let Some((before, after, card, hurt)) = first {
                    let mut step = Some((before, after, card, hurt));
                    while let Some((p, c, k, h)) = step {
                        line.push(Register {
                            phase: p.phase,
                            card: CARDS[usize::from(k)].kind,
                            square: c.square,
                            facing: c.facing,
                            damage: h,
                            total: c.damage,
                            locked: p.locked[usize::from(p.phase - 1)] != NONE,
                            dealt: p.dealt,
                        });
                        step = parents.get(&p).map(|&(pp, k, h)| (pp, p, k, h));
                    }
                    line.reverse();
                }
                return Ok(Some(Best {
                    registers,
                    damage,
                    taken,
                    least_taken,
                    line,
                }));
            }
            seen.extend(next.keys().copied());
            self.seen.states += next.len();
            if seen.len() > budget {
                return Err(TooLarge);
            }
            level = next;
        }
        Ok(None)
    }

    /// The fewest registers from `start` to the last flag when damage is not counted (any
    /// facing, phase 1): no line when this has none, and a quick measure of a course's size.
    pub fn relaxed(&mut self, start: Square) -> Option<u32> {
        let goal = self.flags.len() as u8;
        let mut seen: FxSet<(u8, Square, Facing, u8)> = FxSet::default();
        let mut level: Vec<(u8, Square, Facing, u8)> =
            Facing::ALL.iter().map(|&f| (0, start, f, 1)).collect();
        seen.extend(level.iter().copied());
        let mut registers = 0;
        while !level.is_empty() {
            registers += 1;
            let mut next = Vec::new();
            for (flags, square, facing, phase) in level {
                for k in 0..CARDS.len() as u8 {
                    let Some((sq, f, _)) = self.step(square, facing, k, phase) else {
                        continue;
                    };
                    let flags = flags + u8::from(self.flags.get(usize::from(flags)) == Some(&sq));
                    if flags == goal {
                        return Some(registers);
                    }
                    let n = (flags, sq, f, phase % PHASES + 1);
                    if seen.insert(n) {
                        next.push(n);
                    }
                }
            }
            level = next;
        }
        None
    }

    /// The states one register phase after `s`, each with the damage taken in the phase, the
    /// damage the robot ends with when it touches the last flag, and the card played.
    fn successors(
        &mut self,
        s: &Full,
        lines: Lines,
        locks: Locks,
        goal: u8,
        out: &mut Vec<(Full, u8, Option<u8>, u8)>,
    ) {
        out.clear();
        let r = usize::from(s.phase - 1);
        let typical = lines == Lines::Typical;
        for k in 0..CARDS.len() as u8 {
            let locked = s.locked[r] != NONE;
            if locked && s.locked[r] != k {
                continue;
            }
            let ki = usize::from(k);
            // A typical hand: the whole program, locked registers included, within a 9-card
            // hand's caps, and the cards from the hand within the dealt hand's.
            let locked_k = s.locked.iter().filter(|&&c| c == k).count() as u8;
            if typical
                && (s.hand[ki] + locked_k + u8::from(!locked) > self.caps[0][ki]
                    || (!locked && s.hand[ki] + 1 > self.caps[usize::from(s.dealt)][ki]))
            {
                continue;
            }
            let Some((square, facing, hurt)) = self.step(s.square, s.facing, k, s.phase) else {
                continue;
            };
            let damage = s.damage + hurt;
            if damage >= DEADLY {
                self.seen.tenth_point += 1;
                continue;
            }
            let mut n = *s;
            n.square = square;
            n.facing = facing;
            n.damage = damage;
            n.played[r] = k;
            if typical && !locked {
                n.hand[ki] += 1;
            }
            // Step 6: a robot ending the phase on the flag it needs next touches it.
            if self.flags.get(usize::from(s.flags)) == Some(&square) {
                n.flags += 1;
            }
            let end_of_turn = s.phase == PHASES;
            if end_of_turn {
                let repair = self
                    .wrenches
                    .get(&square)
                    .copied()
                    .unwrap_or(0)
                    .min(n.damage);
                n.damage -= repair;
                if repair > 0 {
                    self.seen.repairs += 1;
                }
            }
            if n.flags == goal {
                out.push((n, hurt, Some(n.damage), k));
                continue;
            }
            if end_of_turn {
                if locks == Locks::Never && n.damage >= 5 {
                    continue;
                }
                self.next_turn(&mut n, typical, locks == Locks::Ignored);
            } else {
                n.phase += 1;
                self.forget(&mut n);
            }
            out.push((n, hurt, None, k));
        }
    }

    /// The start of the next turn after a turn ended (repairs done) in `n`: registers lock with
    /// the cards played in them (damage 5 locks register 5, ... 9 all five), a typical hand is
    /// dealt at the damage now.
    /// With `ignored` nothing locks (what the best line would be if locks were not a rule).
    fn next_turn(&mut self, n: &mut Full, typical: bool, ignored: bool) {
        for r in 0..usize::from(PHASES) {
            n.locked[r] = if !ignored && usize::from(n.damage) + r >= 9 {
                assert_ne!(n.played[r], NONE, "a lock's card was forgotten: {n:?}");
                n.played[r]
            } else {
                NONE
            };
        }
        if n.locked.iter().any(|&c| c != NONE) {
            self.seen.locked_turns += 1;
        }
        n.played = [NONE; 5];
        n.phase = 1;
        n.hand = [0; 7];
        n.dealt = if typical { n.damage } else { 0 };
    }
}

/// A step of a line as the solver prints it (`validate::Step`), for `Oracle::replay`.
pub struct Played {
    pub phase: u8,
    /// Index into `CARDS`.
    pub card: u8,
    pub square: Square,
    pub facing: Facing,
    pub damage: u8,
    pub total: u8,
    pub locked: bool,
}

impl Oracle {
    /// Plays `line` from `start` facing `facing` through the engine and the turn-end rules as
    /// `best` does, and checks every register against it: its phase, whether it is locked and
    /// with which card, where the engine leaves the robot and the damage it takes and has. The
    /// line's (registers, damage at the end, damage taken), or what is wrong.
    pub fn replay(
        &mut self,
        start: Square,
        facing: Facing,
        line: &[Played],
    ) -> Result<(u32, u8, u32), String> {
        let mut s = Full::start(start, facing);
        let mut taken = 0u32;
        // The replay's locked turns are not the searches' (`Seen`).
        let seen = self.seen;
        let out = self.replay_from(&mut s, &mut taken, line);
        self.seen = seen;
        out.map(|()| (line.len() as u32, s.damage, taken))
    }

    fn replay_from(
        &mut self,
        s: &mut Full,
        taken: &mut u32,
        line: &[Played],
    ) -> Result<(), String> {
        for (i, p) in line.iter().enumerate() {
            let r = usize::from(s.phase - 1);
            let at = format!("register {} (phase {})", i + 1, s.phase);
            if p.phase != s.phase {
                return Err(format!("{at}: printed as phase {}", p.phase));
            }
            if p.locked != (s.locked[r] != NONE) || (p.locked && p.card != s.locked[r]) {
                return Err(format!(
                    "{at}: locked {} card {}, the rules lock {:?}",
                    p.locked, p.card, s.locked
                ));
            }
            let Some((square, facing, hurt)) = self.step(s.square, s.facing, p.card, s.phase)
            else {
                return Err(format!("{at}: the engine destroys the robot"));
            };
            if (square, facing, hurt) != (p.square, p.facing, p.damage) {
                return Err(format!(
                    "{at}: the engine ends on {square} {facing:?} with {hurt} damage, the line on {} {:?} with {}",
                    p.square, p.facing, p.damage
                ));
            }
            *taken += u32::from(hurt);
            s.square = square;
            s.facing = facing;
            s.damage += hurt;
            s.played[r] = p.card;
            if s.damage >= DEADLY {
                return Err(format!("{at}: the 10th point of damage destroys the robot"));
            }
            if self.flags.get(usize::from(s.flags)) == Some(&square) {
                s.flags += 1;
            }
            if s.phase == PHASES {
                s.damage -= self
                    .wrenches
                    .get(&square)
                    .copied()
                    .unwrap_or(0)
                    .min(s.damage);
                self.next_turn(s, false, false);
            } else {
                s.phase += 1;
            }
            if p.total != s.damage {
                return Err(format!(
                    "{at}: total {} printed, {} by the rules",
                    p.total, s.damage
                ));
            }
        }
        if usize::from(s.flags) != self.flags.len() {
            return Err(format!(
                "the line touches {} of {} flags",
                s.flags,
                self.flags.len()
            ));
        }
        Ok(())
    }
}
