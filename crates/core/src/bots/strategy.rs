//! The three sample robots and the one way they hand a program to the engine (`submit`), which
//! never lets an illegal program through (RULINGS.md: legal programs only).

use super::map::{FlagMaps, UNREACHABLE};
use super::options::{basic_choices, movement_variants};
use crate::engine::{Card, CardKind, Choices, Event, Game, Rng, Stage, Status};
use crate::geom::Facing;
use std::sync::Arc;

/// A bot's program for one turn: cards for the unlocked registers, in order, whether it
/// announces a power down, and its option choices (issue 8).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Choice {
    pub cards: Vec<Card>,
    pub power_down: bool,
    pub options: Choices,
}

/// A strategy that programs one robot.
pub trait Bot: Send {
    fn name(&self) -> &'static str;
    /// Chooses a program for robot `id` from its hand while the game is programming.
    fn choose(&mut self, game: &Game, id: usize) -> Choice;
    /// For a destroyed robot about to re-enter: its facing and whether it enters powered down
    /// (RULINGS.md, Fine points: the controller chooses). `None` keeps the engine's default.
    fn reentry(&mut self, _game: &Game, _id: usize) -> Option<(Facing, bool)> {
        None
    }
}

/// The sample robots by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BotKind {
    Random,
    Greedy,
    Planner,
}

impl BotKind {
    pub const ALL: [BotKind; 3] = [BotKind::Random, BotKind::Greedy, BotKind::Planner];

    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
            BotKind::Planner => "planner",
        }
    }

    pub fn from_name(name: &str) -> Option<BotKind> {
        BotKind::ALL.into_iter().find(|k| k.name() == name.trim())
    }

    /// A bot of this kind; `seed` drives the random bot's choices.
    pub fn make(self, maps: &Arc<FlagMaps>, seed: u64) -> Box<dyn Bot> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            // A RoboArena has no flags: the bots that steer fight instead (seed 003 section 8.5).
            BotKind::Greedy | BotKind::Planner if maps.flag_count() == 0 => {
                Box::new(Fighter(Arc::clone(maps)))
            }
            BotKind::Greedy => Box::new(GreedyBot::new(Arc::clone(maps))),
            BotKind::Planner => Box::new(PlannerBot::new(Arc::clone(maps))),
        }
    }
}

/// Parses `planner,greedy,random`: one bot per robot, 1 to 8 of them (seed 000: 8 players).
pub fn parse_bots(list: &str) -> Result<Vec<BotKind>, String> {
    let mut bots = Vec::new();
    for word in list.split(',') {
        let Some(kind) = BotKind::from_name(word) else {
            return Err(format!(
                "\"{}\" is not a bot: use random, greedy or planner",
                word.trim()
            ));
        };
        bots.push(kind);
    }
    if bots.len() > 8 {
        return Err(format!(
            "{} bots: a game holds 1 to 8 robots (seed 000)",
            bots.len()
        ));
    }
    Ok(bots)
}

/// Hands robot `id`'s choice to `Game::program_with`. When the engine refuses it, the robot plays
/// the first cards of its hand with no option choices instead (always legal) and `true` is
/// returned, so tests can count refusals. Robots that are not programming (powered down, off the board) are left alone.
pub fn submit(game: &mut Game, id: usize, choice: &Choice, events: &mut Vec<Event>) -> bool {
    if game.stage() != Stage::Programming {
        return false;
    }
    let Some(r) = game.robot(id).copied() else {
        return false;
    };
    if !r.is_active() || r.powered_down {
        return false;
    }
    if game
        .program_with(
            id,
            &choice.cards,
            choice.power_down,
            &choice.options,
            events,
        )
        .is_ok()
    {
        return false;
    }
    let n = unlocked(game, id);
    let fallback: Vec<Card> = game.hand(id).iter().take(n).copied().collect();
    // The first cards of the hand fill the unlocked registers: the engine accepts that program.
    let _ = game.program(id, &fallback, false, events);
    true
}

/// How many cards robot `id` programs this turn: one per unlocked register, as far as its hand
/// goes (RULINGS.md: legal programs).
fn unlocked(game: &Game, id: usize) -> usize {
    game.program_size(id)
}

/// In a RoboArena (no flags) the steering bots fight (`bots::fight`, seed 003 section 8.5).
struct Fighter(Arc<FlagMaps>);

impl Bot for Fighter {
    fn name(&self) -> &'static str {
        "fight"
    }

    fn choose(&mut self, game: &Game, id: usize) -> Choice {
        let cards = super::fight::program(&self.0, game, id);
        let options = basic_choices(game, id, &cards);
        Choice {
            cards,
            power_down: false,
            options,
        }
    }
}

/// Any legal program, drawn with its own seeded generator.
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Rng::new(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, game: &Game, id: usize) -> Choice {
        let cards = game.random_program(id, &mut self.rng);
        let damaged = game.robot(id).is_some_and(|r| r.damage >= 3);
        let options = game.random_choices(id, &cards, &mut self.rng);
        Choice {
            cards,
            power_down: damaged && self.rng.below(4) == 0,
            options,
        }
    }

    fn reentry(&mut self, _game: &Game, _id: usize) -> Option<(Facing, bool)> {
        Some((Facing::from_index(self.rng.below(4) as usize), false))
    }
}

/// Where a lone robot is, by the map: its state and the flags it has touched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Walker {
    state: u32,
    flags: u8,
}

/// Score of a walker: 0 finished; otherwise 1000 per flag still to touch plus the cards to the
/// next one. Lower is better.
fn map_score(maps: &FlagMaps, w: Option<Walker>) -> u32 {
    let Some(w) = w else { return DEAD_SCORE };
    let total = maps.flag_count();
    if w.flags >= total {
        return 0;
    }
    let d = maps.distance(w.flags + 1, w.state);
    let d = if d == UNREACHABLE { 900 } else { u32::from(d) };
    u32::from(total - w.flags) * 1000 + d
}

const DEAD_SCORE: u32 = u32::MAX / 2;

fn walk(maps: &FlagMaps, w: Walker, kind: Option<CardKind>) -> Option<Walker> {
    let Some(kind) = kind else { return Some(w) };
    if w.flags >= maps.flag_count() {
        return Some(w);
    }
    let state = maps.step(w.state, kind)?;
    let flags = if maps.flag_square(w.flags + 1) == Some(maps.square_of(state)) {
        w.flags + 1
    } else {
        w.flags
    };
    Some(Walker { state, flags })
}

/// Every distinct sequence of card kinds the robot can program, scored on the map; the best
/// `keep` of them, best first, each with the cards that play it.
fn ranked_programs(maps: &FlagMaps, game: &Game, id: usize, keep: usize) -> Vec<(u32, Vec<Card>)> {
    let Some(r) = game.robot(id) else {
        return Vec::new();
    };
    let n = unlocked(game, id);
    let Some(state) = maps.state(r.square, r.facing) else {
        return Vec::new();
    };
    // Per kind, the hand's cards, highest priority first: a move acts sooner on a high card.
    let mut by_kind: Vec<Vec<Card>> = vec![Vec::new(); CardKind::ALL.len()];
    for &c in game.hand(id) {
        if let Some(k) = CardKind::ALL.iter().position(|&k| k == c.kind) {
            by_kind[k].push(c);
        }
    }
    for cards in &mut by_kind {
        cards.sort_unstable_by_key(|c| std::cmp::Reverse(c.priority));
    }
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
        best: Vec::new(),
    };
    search.dfs(Some(Walker {
        state,
        flags: r.flags,
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
    fn dfs(&mut self, w: Option<Walker>) {
        if self.seq.len() == self.n {
            let mut end = w;
            for &k in self.locked {
                end = end.and_then(|w| walk(self.maps, w, k));
            }
            let score = map_score(self.maps, end);
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
fn facing_choice(maps: &FlagMaps, game: &Game, id: usize) -> Option<(Facing, bool)> {
    let r = game.robot(id)?;
    let flag = (r.flags + 1).min(maps.flag_count());
    Some((maps.best_facing(r.archive, flag)?, false))
}

/// The program that ends nearest the next flag on the distance map, as if the robot were alone
/// on the board. It never powers down.
pub struct GreedyBot {
    maps: Arc<FlagMaps>,
}

impl GreedyBot {
    pub fn new(maps: Arc<FlagMaps>) -> GreedyBot {
        GreedyBot { maps }
    }
}

impl Bot for GreedyBot {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(&mut self, game: &Game, id: usize) -> Choice {
        let best = ranked_programs(&self.maps, game, id, 1);
        let cards = best.into_iter().next().map(|(_, c)| c).unwrap_or_default();
        let options = basic_choices(game, id, &cards);
        Choice {
            cards,
            power_down: false,
            options,
        }
    }

    fn reentry(&mut self, game: &Game, id: usize) -> Option<(Facing, bool)> {
        facing_choice(&self.maps, game, id)
    }
}

/// How many of the map's best programs the planner plays out in the engine.
const PLANNER_BEAM: usize = 24;

/// Plays the map's best programs out in the engine (the whole turn, every phase, the other
/// robots' locked registers, lasers and pushers as they act) and keeps the one whose end state
/// is best by the map, damage and deaths. It powers down when the turn leaves it badly damaged.
pub struct PlannerBot {
    maps: Arc<FlagMaps>,
}

impl PlannerBot {
    pub fn new(maps: Arc<FlagMaps>) -> PlannerBot {
        PlannerBot { maps }
    }

    /// The end of the turn for robot `id` after `cards`, scored: lower is better.
    fn play_out(
        &self,
        game: &Game,
        id: usize,
        cards: &[Card],
        choices: &Choices,
    ) -> Option<(u32, u8)> {
        let mut sim = game.clone();
        let mut events = Vec::new();
        sim.program_with(id, cards, false, choices, &mut events)
            .ok()?;
        let mut risk = 0;
        for _ in 0..5 {
            if matches!(sim.stage(), Stage::Over) {
                break;
            }
            sim.run_phase(&mut events);
            events.clear();
            risk += push_risk(&sim, id);
        }
        let r = sim.robot(id)?;
        let maps = &self.maps;
        let score = match r.status {
            Status::Finished => 0,
            Status::Eliminated => DEAD_SCORE,
            Status::Destroyed => {
                // Back on the archive next turn with 2 damage, facing the best way.
                let flag = (r.flags + 1).min(maps.flag_count());
                let at = maps
                    .best_facing(r.archive, flag)
                    .and_then(|f| maps.state(r.archive, f));
                let w = at.map(|state| Walker {
                    state,
                    flags: r.flags,
                });
                map_score(maps, w).saturating_add(12 + damage_cost(2))
            }
            Status::Active => {
                let w = maps.state(r.square, r.facing).map(|state| Walker {
                    state,
                    flags: r.flags,
                });
                map_score(maps, w).saturating_add(damage_cost(r.damage))
            }
        };
        Some((score.saturating_add(risk), r.damage))
    }
}

/// The other robots are planned as if they stood still, but they move and push: ending a phase
/// beside a pit or an open edge with another robot within three squares costs 2 cards.
fn push_risk(game: &Game, id: usize) -> u32 {
    let Some(r) = game.robot(id).filter(|r| r.is_active()) else {
        return 0;
    };
    let board = game.factory().board();
    let exposed = Facing::ALL
        .into_iter()
        .any(|f| !board.is_standable(r.square.step(f)));
    let crowded = game.robots().iter().enumerate().any(|(j, o)| {
        j != id
            && o.is_active()
            && (o.square.x - r.square.x).abs() + (o.square.y - r.square.y).abs() <= 3
    });
    if exposed && crowded { 2 } else { 0 }
}

/// What damage costs in cards: each point shrinks the hand; from 5 on it locks registers.
fn damage_cost(damage: u8) -> u32 {
    let d = u32::from(damage);
    d + 3 * d.saturating_sub(4)
}

impl Bot for PlannerBot {
    fn name(&self) -> &'static str {
        "planner"
    }

    fn choose(&mut self, game: &Game, id: usize) -> Choice {
        let candidates = ranked_programs(&self.maps, game, id, PLANNER_BEAM);
        let mut best: Option<(u32, u8, Vec<Card>, Choices)> = None;
        for (_, cards) in candidates {
            let options = basic_choices(game, id, &cards);
            let Some((score, damage)) = self.play_out(game, id, &cards, &options) else {
                continue;
            };
            if best.as_ref().is_none_or(|b| score < b.0) {
                best = Some((score, damage, cards, options));
            }
        }
        let Some((mut score, mut end_damage, cards, mut options)) = best else {
            return Choice::default();
        };
        // Movement options, one change at a time, kept when the play-out improves (issue 8).
        for variant in movement_variants(game, id, &cards, &options) {
            let Some((s, d)) = self.play_out(game, id, &cards, &variant) else {
                continue;
            };
            if s < score {
                (score, end_damage, options) = (s, d, variant);
            }
        }
        let now = game.robot(id).map_or(0, |r| r.damage);
        // A turn powered down costs about five cards of progress; heavy damage costs more.
        let power_down = now > 0 && score != 0 && end_damage >= 5;
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
