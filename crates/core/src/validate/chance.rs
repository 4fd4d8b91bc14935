//! Flags that only luck reaches (issue 17 item 4): the solver never plans on a card a randomizer
//! or freak teleporter leaves to chance (`SquareSpec::leaves_to_chance`), so a flag behind one
//! reads as unreachable though a robot gets there by luck. This search adds those steps, each
//! with the chance of each outcome sampled from the engine's own register phase
//! (a randomizer's card by its share of the deck, each played through `Game::run_lone_card` and
//! `Game::run_lone_phase`; a freak teleporter's square sampled from the engine's own draw), and finds the
//! most likely line: its chance gives the expected number of tries. Damage is not counted here.

use super::hands;
use crate::engine::steps::{CARDS, NO_STEP, PHASES, StepTable, after};
use crate::engine::{Event, Game, RobotSetup, Settings};
use crate::geom::Facing;
use crate::model::Device;
use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap};
use std::sync::Arc;

/// Engine phases run per chance step to estimate its outcomes.
const SAMPLES: u32 = 96;

/// The most likely way to touch every flag: per flag (flag 1 first) the chance of the most
/// likely line that touches it and the ones before, `None` for a flag no line reaches even by
/// luck.
///
/// Dijkstra on -ln(chance), one layer of flags touched at a time: a line never goes back a
/// layer, so once every state of a layer is settled, the steps onto its flag are the next
/// layer's seeds, each with its least cost. Two layers' costs are held, not one per flag (on
/// the largest board with 8 flags that was 147 MB, and the run's peak).
pub(super) fn best_chances(
    table: &StepTable,
    flags: &[usize],
    start: usize,
    facings: &[Facing],
) -> Vec<Option<f64>> {
    let n = flags.len();
    let chance = chance_steps(table);
    let states = table.states();
    // The cells with a step left to chance: the map is asked only there (hashing every state
    // took a third of the time).
    let mut lucky_cell = vec![false; table.cells()];
    for &state in chance.keys() {
        lucky_cell[state / (4 * PHASES)] = true;
    }
    let mut reached = vec![None; n];
    // This layer's least cost of each table state, and the next layer's as its seeds arrive.
    let mut best = vec![f64::INFINITY; states];
    let mut next = vec![f64::INFINITY; states];
    let mut seeds: Vec<usize> = Vec::new();
    for f in facings {
        let s = (start * 4 + f.index()) * PHASES;
        next[s] = 0.0;
        seeds.push(s);
    }
    let mut heap = BinaryHeap::new();
    for (layer, &flag) in flags.iter().enumerate() {
        if seeds.is_empty() {
            break;
        }
        std::mem::swap(&mut best, &mut next);
        next.fill(f64::INFINITY);
        for s in seeds.drain(..) {
            heap.push(Entry(best[s], s));
        }
        let mut arrived: Option<f64> = None;
        // The states reached at the cost being settled, by steps no luck takes (cost 0): no
        // state still to come costs less, so they are settled at once, without the heap (most
        // states are, and the heap took most of the time).
        let mut settled: Vec<usize> = Vec::new();
        while let Some(Entry(cost, first)) = heap.pop() {
            if cost > best[first] {
                continue;
            }
            settled.push(first);
            while let Some(state) = settled.pop() {
                let sure = table
                    .next_nodes(state)
                    .into_iter()
                    .filter(|&to| to != NO_STEP)
                    .map(|to| (to, 0.0));
                let lucky = lucky_cell[state / (4 * PHASES)]
                    .then(|| chance.get(&state))
                    .flatten()
                    .into_iter()
                    .flatten();
                for (to, c) in sure.chain(lucky.map(|&(to, p)| (to, -p.ln()))) {
                    let target = after(state, to);
                    let total = cost + c;
                    if (to / 4) as usize == flag {
                        // Onto the flag: a seed of the next layer.
                        if total < next[target] {
                            if next[target] == f64::INFINITY {
                                seeds.push(target);
                            }
                            next[target] = total;
                            arrived = Some(arrived.map_or(total, |a| a.min(total)));
                        }
                    } else if total < best[target] {
                        best[target] = total;
                        if total == cost {
                            settled.push(target);
                        } else {
                            heap.push(Entry(total, target));
                        }
                    }
                }
            }
        }
        reached[layer] = arrived;
    }
    reached.into_iter().map(|r| r.map(|c| (-c).exp())).collect()
}

/// Whether a robot can stand anywhere a card is left to chance (a randomizer, or a freak
/// teleporter): on a board with none, no line needs luck and `best_chances` has nothing to add
/// (every flag's chance is 1 or none), so it is not searched (on the largest board with 32 flags
/// and one walled in, 32 searches of 2 million states).
pub(super) fn any_left_to_chance(table: &StepTable) -> bool {
    let factory = table.factory();
    (0..table.cells())
        .filter(|&c| table.is_standable(c))
        .any(|c| {
            factory
                .board()
                .spec(factory.square_of(c))
                .is_some_and(|q| q.leaves_to_chance(true) || q.leaves_to_chance(false))
        })
}

/// For every table state whose card is left to chance, the nodes it may end on with their
/// chances (outcomes that destroy the robot are left out, so the chances may sum below 1).
fn chance_steps(table: &StepTable) -> HashMap<usize, Vec<(u32, f64)>> {
    let mut out = HashMap::new();
    let factory = table.factory_arc();
    let Some(first) = (0..table.cells()).find(|&c| table.is_standable(c)) else {
        return out;
    };
    let setup = RobotSetup::new("solo", factory.square_of(first), Facing::N);
    let Ok(mut game) = Game::new(Arc::clone(factory), &[setup], Settings::default(), 17) else {
        return out;
    };
    let mut events: Vec<Event> = Vec::new();
    for c in (0..table.cells()).filter(|&c| table.is_standable(c)) {
        let square = factory.square_of(c);
        let Some(spec) = factory.board().spec(square) else {
            continue;
        };
        for facing in Facing::ALL {
            for phase in 1..=PHASES as u8 {
                let state = (c * 4 + facing.index()) * PHASES + usize::from(phase - 1);
                let mut list: Vec<(u32, f64)> = Vec::new();
                if spec.device == Some(Device::Randomizer) {
                    // Whatever card is in the register, a card drawn from the deck is played
                    // (seed 001, Randomizers): each kind with its share of the 84 cards.
                    for card in CARDS {
                        let share =
                            f64::from(hands::deck_count(card.kind)) / f64::from(hands::DECK);
                        let Some((to, faced, fell, _)) =
                            game.run_lone_card(square, facing, card, phase, &mut events)
                        else {
                            continue;
                        };
                        if fell {
                            continue;
                        }
                        let Some(o) = game.run_lone_phase(to, faced, None, phase, &mut events)
                        else {
                            continue;
                        };
                        if let (false, Some(at)) = (o.destroyed, factory.index(o.square)) {
                            list.push(((at * 4 + o.facing.index()) as u32, share));
                        }
                    }
                }
                for card in CARDS {
                    if spec.device == Some(Device::Randomizer)
                        || !spec.leaves_to_chance(card.kind.is_movement())
                    {
                        continue;
                    }
                    // A freak teleporter draws the square: sampled from the engine's own draw.
                    let mut outcomes: HashMap<u32, u32> = HashMap::new();
                    for _ in 0..SAMPLES {
                        let Some(o) =
                            game.run_lone_phase(square, facing, Some(card), phase, &mut events)
                        else {
                            continue;
                        };
                        if o.destroyed {
                            continue;
                        }
                        if let Some(to) = factory.index(o.square) {
                            *outcomes
                                .entry((to * 4 + o.facing.index()) as u32)
                                .or_default() += 1;
                        }
                    }
                    list.extend(
                        outcomes
                            .into_iter()
                            .map(|(to, count)| (to, f64::from(count) / f64::from(SAMPLES))),
                    );
                }
                if !list.is_empty() {
                    out.insert(state, list);
                }
            }
        }
    }
    out
}

/// A heap entry ordered by least cost first.
struct Entry(f64, usize);

impl PartialEq for Entry {
    fn eq(&self, other: &Entry) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Entry {}
impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Entry) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Entry {
    fn cmp(&self, other: &Entry) -> Ordering {
        other.0.total_cmp(&self.0).then(other.1.cmp(&self.1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Factory, Rng};
    use crate::geom::Square;
    use crate::model::{Board, SquareSpec, Tile};
    use crate::validate::solver_tests::random_square;

    /// The chances as one Dijkstra over every layer at once (how they were found before the
    /// layers were searched one at a time): the reference.
    fn reference(
        table: &StepTable,
        flags: &[usize],
        start: usize,
        facings: &[Facing],
    ) -> Vec<Option<f64>> {
        let n = flags.len();
        let chance = chance_steps(table);
        let states = table.states();
        let mut best = vec![f64::INFINITY; (n + 1) * states];
        let mut heap = BinaryHeap::new();
        for f in facings {
            let s = (start * 4 + f.index()) * PHASES;
            best[s] = 0.0;
            heap.push(Entry(0.0, s));
        }
        let mut reached = vec![None; n];
        while let Some(Entry(cost, ls)) = heap.pop() {
            let (layer, state) = (ls / states, ls % states);
            if cost > best[ls] || layer == n {
                continue;
            }
            let mut edges: Vec<(u32, f64)> = table
                .next_nodes(state)
                .into_iter()
                .filter(|&to| to != NO_STEP)
                .map(|to| (to, 0.0))
                .collect();
            if let Some(outs) = chance.get(&state) {
                edges.extend(outs.iter().map(|&(to, p)| (to, -p.ln())));
            }
            for (to, c) in edges {
                let next_layer = layer + usize::from((to / 4) as usize == flags[layer]);
                let target =
                    next_layer * states + to as usize * PHASES + (state % PHASES + 1) % PHASES;
                let total = cost + c;
                if total < best[target] {
                    best[target] = total;
                    if next_layer > layer && reached[layer].is_none_or(|r: f64| total < r) {
                        reached[layer] = Some(total);
                    }
                    heap.push(Entry(total, target));
                }
            }
        }
        reached.into_iter().map(|r| r.map(|c| (-c).exp())).collect()
    }

    #[test]
    fn the_chances_searched_a_layer_at_a_time_are_the_whole_searchs_seed_001_randomizer() {
        let (mut lucky, mut none) = (0, 0);
        for seed in 0..40 {
            let mut rng = Rng::new(seed);
            // Narrow boards with many pits, randomizers and freak teleporters: some flags only
            // luck reaches, some not even luck.
            let (wide, high) = (10, 3);
            let mut t = Tile::new("luck", wide, high);
            for y in 0..high {
                for x in 0..wide {
                    let (mut spec, _) = random_square(&mut rng, 6);
                    match rng.below(5) {
                        0 => spec.device = Some(Device::Randomizer),
                        1 => spec.device = Some(Device::FreakTeleporter),
                        _ => {}
                    }
                    if spec.floor.is_some() && spec.device.is_some() {
                        spec = SquareSpec::default();
                    }
                    t.set_square(Square::new(x, y), spec);
                }
            }
            let mut squares: Vec<Square> = Vec::new();
            while squares.len() < 4 {
                let s = Square::new(rng.below(wide as u64) as i32, rng.below(high as u64) as i32);
                if !squares.contains(&s) {
                    t.set_square(s, SquareSpec::default());
                    squares.push(s);
                }
            }
            let factory = Arc::new(Factory::new(Board::from_tile(&t, &squares[1..])));
            let Some(table) = StepTable::new(Arc::clone(&factory)) else {
                panic!("seed {seed}: no table")
            };
            let cell = |s: Square| factory.index(s).unwrap_or(0);
            let flags: Vec<usize> = squares[1..].iter().map(|&s| cell(s)).collect();
            let start = cell(squares[0]);
            let facings = [Facing::E, Facing::S];
            let got = best_chances(&table, &flags, start, &facings);
            assert_eq!(
                got,
                reference(&table, &flags, start, &facings),
                "seed {seed}"
            );
            lucky += got.iter().flatten().filter(|&&c| c < 1.0).count();
            none += got.iter().filter(|c| c.is_none()).count();
        }
        assert!(lucky > 5 && none > 1, "lucky {lucky}, none {none}");
    }
}
