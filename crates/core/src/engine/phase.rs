//! One register phase, in the order of RULINGS.md ("One register phase, in order"): reveal, robots
//! move by priority, board elements (belts, pushers, gears, crushers), fire, touch. Each element's
//! rule is its own function so expansion elements slot in beside them.

use super::card::{Card, CardKind};
use super::event::{DestroyCause, Event, OptionSource, PushedBy, RobotId, RotateCause, Shooter};
use super::game::{Game, MAX_ROBOTS, Stage, Status};
use super::options::Effects;
use crate::geom::{Facing, Square, Turn};
use crate::model::FlowKind;

/// A small fixed list of robot indices: the phase works without allocating.
#[derive(Clone, Copy)]
pub(super) struct Ids {
    ids: [u8; MAX_ROBOTS],
    len: usize,
}

impl Ids {
    pub(super) const fn new() -> Ids {
        Ids {
            ids: [0; MAX_ROBOTS],
            len: 0,
        }
    }

    pub(super) fn push(&mut self, i: usize) {
        if self.len < MAX_ROBOTS {
            self.ids[self.len] = i as u8;
            self.len += 1;
        }
    }

    pub(super) fn as_slice(&self) -> &[u8] {
        &self.ids[..self.len]
    }
}

fn bit(kind: FlowKind) -> u8 {
    1 << (kind as u8)
}

/// Belt steps of RULINGS.md step 4: a (gold first square), b (express; gold second),
/// c (every belt), d (currents and rivers).
const GOLD_STEP: u8 = 1 << (FlowKind::Gold as u8);
const EXPRESS_STEP: u8 = (1 << (FlowKind::Express as u8)) | (1 << (FlowKind::Gold as u8));
const ALL_BELTS_STEP: u8 = (1 << (FlowKind::Belt as u8))
    | (1 << (FlowKind::Express as u8))
    | (1 << (FlowKind::Gold as u8));
const CURRENT_STEP: u8 = (1 << (FlowKind::Current as u8)) | (1 << (FlowKind::River as u8));

impl Game {
    /// Runs the next register phase (1 after programming, up to 5). Does nothing at other times.
    pub fn run_phase(&mut self, events: &mut Vec<Event>) {
        let phase = match self.stage {
            Stage::Programming => 1,
            Stage::Phase(n) if n < 5 => n + 1,
            _ => return,
        };
        events.push(Event::PhaseStarted { phase });
        self.randomizers(phase, events);
        // Abort Switch and Conditional Program change cards before the reveal (options/mod.rs).
        self.options_before_reveal(phase, events);
        let order = self.priority_order(phase);
        self.reveal(&order, phase, events);
        self.robots_move(&order, phase, events);
        self.repeaters(&order, phase, events);
        self.belt_step(GOLD_STEP, phase, events);
        self.belt_step(EXPRESS_STEP, phase, events);
        self.belt_step(ALL_BELTS_STEP, phase, events);
        self.belt_step(CURRENT_STEP, phase, events);
        self.pushers(phase, events);
        self.gears(events);
        self.crushers(phase, events);
        self.fire(phase, events);
        self.touch(&order, events);
        self.chop_shops(&order, phase, events);
        self.stage = Stage::Phase(phase);
        if self.all_done() {
            self.stage = Stage::Over;
            events.push(Event::GameOver { turn: self.turn });
        }
    }

    /// The card robot `i` plays in `phase`, if it plays one.
    fn card_for(&self, i: usize, phase: u8) -> Option<Card> {
        let r = &self.robots[i];
        if !r.is_active() || r.powered_down {
            return None;
        }
        // Radio Control may have given the robot another robot's program (options/mod.rs).
        self.register_card(i, phase)
    }

    /// Robots with a card this phase, highest priority first; equal priorities (scenarios only)
    /// go in robot-list order (RULINGS.md, Fine points). Robots without a card follow, in list
    /// order, so the touch step lists finishers by priority too.
    fn priority_order(&self, phase: u8) -> Ids {
        let mut keyed: [(i32, u8); MAX_ROBOTS] = [(0, 0); MAX_ROBOTS];
        let n = self.robots.len().min(MAX_ROBOTS);
        for (i, k) in keyed.iter_mut().enumerate().take(n) {
            let p = self
                .card_for(i, phase)
                .map_or(-1, |c| i32::from(c.priority));
            *k = (-p, i as u8);
        }
        keyed[..n].sort_unstable();
        let mut ids = Ids::new();
        for k in &keyed[..n] {
            ids.push(usize::from(k.1));
        }
        ids
    }

    /// Step 1: every robot's card for this phase is revealed.
    fn reveal(&mut self, order: &Ids, phase: u8, events: &mut Vec<Event>) {
        for &i in order.as_slice() {
            if let Some(card) = self.card_for(usize::from(i), phase) {
                events.push(Event::CardRevealed {
                    robot: i,
                    register: phase,
                    card,
                });
            }
        }
    }

    /// Step 2: robots act one at a time, highest priority first; a robot destroyed or removed
    /// before its turn does nothing.
    fn robots_move(&mut self, order: &Ids, phase: u8, events: &mut Vec<Event>) {
        for &i in order.as_slice() {
            let i = usize::from(i);
            let Some(card) = self.card_for(i, phase) else {
                continue;
            };
            self.execute(i, card, phase, events);
            self.dual_rotate(i, phase, events);
        }
    }

    /// After the Robots Move segment: robots on a repeater play their movement card again, in
    /// priority order, round after round while one is on a repeater (seed 001, Repeaters). A robot
    /// repeats from a square only once per phase, so a robot a wall holds on a repeater does not
    /// repeat for ever (docs/rules.md); rounds are capped at `MAX_REPEATS` besides.
    fn repeaters(&mut self, order: &Ids, phase: u8, events: &mut Vec<Event>) {
        const MAX_REPEATS: usize = 16;
        let mut repeated_from = [None::<Square>; MAX_ROBOTS];
        for _ in 0..MAX_REPEATS {
            let mut any = false;
            for &i in order.as_slice() {
                let i = usize::from(i);
                let Some(card) = self.card_for(i, phase) else {
                    continue;
                };
                let here = self.robots[i].square;
                if !card.kind.is_movement()
                    || !self.robots[i].is_active()
                    || !self.factory.cell(here).repeater
                    || repeated_from[i] == Some(here)
                {
                    continue;
                }
                repeated_from[i] = Some(here);
                any = true;
                self.execute(i, card, phase, events);
            }
            if !any {
                return;
            }
        }
    }

    /// Robot `i`'s card and then its repeats, as step 2 and the repeaters do to a lone robot.
    pub(super) fn execute_alone(
        &mut self,
        i: usize,
        card: Card,
        phase: u8,
        events: &mut Vec<Event>,
    ) {
        self.execute(i, card, phase, events);
        let mut only = Ids::new();
        only.push(i);
        self.repeaters(&only, phase, events);
    }

    pub(super) fn execute(&mut self, i: usize, card: Card, phase: u8, events: &mut Vec<Event>) {
        // Slime: from it only Move 2 and Move 3 are executed; every other card is ignored
        // (seed 001, Slime).
        if self.factory.cell(self.robots[i].square).slime
            && !matches!(card.kind, CardKind::Move2 | CardKind::Move3)
        {
            return;
        }
        match card.kind {
            CardKind::Left => self.rotate(i, Turn::Left, RotateCause::Card, events),
            CardKind::Right => self.rotate(i, Turn::Right, RotateCause::Card, events),
            CardKind::UTurn => self.rotate(i, Turn::UTurn, RotateCause::Card, events),
            // A robot on an active maglock cannot move: its movement card is ignored (seed 001,
            // MagLocks).
            CardKind::BackUp | CardKind::Move1 | CardKind::Move2 | CardKind::Move3
                if self.locked(i, phase) => {}
            CardKind::BackUp | CardKind::Move1 | CardKind::Move2 | CardKind::Move3 => {
                // Brakes, Fourth Gear, Reverse Gears and Crab Legs change the move (options).
                let (dir, distance) = self.card_motion(i, card, phase, events);
                // Water, teleporters, gates, oil and the rest: `Game::move_card`.
                let start = self.robots[i].square;
                self.move_card(i, distance, dir, phase, events);
                // A robot that fails to leave an active flamer under its movement card takes 1
                // (seed 001, Flamers). Rotation cards, and a Move 1 braked to Move 0, do not try
                // to leave (docs/rules.md).
                if distance > 0
                    && self.robots[i].is_active()
                    && self.robots[i].square == start
                    && self.factory.cell(start).flamer.contains(phase)
                {
                    self.add_damage(i, 1, events);
                }
            }
        }
    }

    fn rotate(&mut self, i: usize, turn: Turn, cause: RotateCause, events: &mut Vec<Event>) {
        // A switched-on Gyroscopic Stabilizer holds the facing against belts and gears.
        if self.stabilized(i, cause, events) {
            return;
        }
        let from = self.robots[i].facing;
        let to = from.turned(turn);
        self.robots[i].facing = to;
        events.push(Event::Rotated {
            robot: i as RobotId,
            from,
            to,
            cause,
        });
    }

    pub(super) fn fall_cause(&self, s: Square) -> DestroyCause {
        if self.factory.is_on_board(s) {
            DestroyCause::Pit
        } else {
            DestroyCause::Edge
        }
    }

    /// The real robots in a line ahead of `from` going `dir` that a push would move, nearest
    /// first; `None` when a wall stops any of them (RULINGS.md, Robots and other robots).
    pub(super) fn push_chain(&self, from: Square, dir: Facing) -> Option<Ids> {
        let mut chain = Ids::new();
        let mut at = from.step(dir);
        while let Some(j) = self.real_robot_on(at) {
            if self.factory.blocks_move(at, dir) || chain.len == MAX_ROBOTS {
                return None;
            }
            chain.push(j);
            at = at.step(dir);
        }
        Some(chain)
    }

    /// Whether robot `i` can go one square `dir`, by its card or pushed: the real robots it would push
    /// (none for a virtual robot), or `None` with a `Blocked` event when a wall stops it or the chain
    /// (running into a spiked side hurts: seed 001, Spiked Walls) or an active maglock holds a robot
    /// of the chain (seed 001, MagLocks).
    pub(super) fn way_ahead(
        &mut self,
        i: usize,
        dir: Facing,
        phase: u8,
        events: &mut Vec<Event>,
    ) -> Option<Ids> {
        let from = self.robots[i].square;
        let blocked = Event::Blocked {
            robot: i as RobotId,
            at: from,
            toward: dir,
        };
        if self.factory.blocks_move(from, dir) {
            events.push(blocked);
            if self.factory.spiked(from, dir) {
                self.add_damage(i, 1, events);
            }
            return None;
        }
        let chain = if self.robots[i].is_virtual {
            Some(Ids::new())
        } else {
            self.push_chain(from, dir)
        };
        let Some(chain) = chain else {
            events.push(blocked);
            self.spike_chain_end(from, dir, events);
            return None;
        };
        // A robot on an active maglock cannot be pushed: the chain stops as at a wall.
        if chain
            .as_slice()
            .iter()
            .any(|&j| self.locked(usize::from(j), phase))
        {
            events.push(blocked);
            return None;
        }
        Some(chain)
    }

    /// One square of a movement card: the mover goes one square, pushing the real robots ahead of
    /// it (virtual robots push no one and pass through others). A wall stops the mover, or the
    /// whole chain, and the rest of the move is lost; a pit or open edge destroys at once.
    /// Returns whether the mover may go on.
    pub(super) fn step(
        &mut self,
        i: usize,
        dir: Facing,
        phase: u8,
        events: &mut Vec<Event>,
    ) -> bool {
        let from = self.robots[i].square;
        let Some(chain) = self.way_ahead(i, dir, phase, events) else {
            return false;
        };
        let to = from.step(dir);
        self.relocate(i, to);
        events.push(Event::Moved {
            robot: i as RobotId,
            from,
            to,
        });
        for &j in chain.as_slice() {
            let j = usize::from(j);
            let jf = self.robots[j].square;
            let jt = jf.step(dir);
            self.relocate(j, jt);
            events.push(Event::Pushed {
                robot: j as RobotId,
                by: PushedBy::Robot(i as RobotId),
                from: jf,
                to: jt,
            });
        }
        // Pushed robots move in the Robots Move segment too (docs/rules.md).
        self.land_pushed(&chain, dir, phase, events);
        self.ramming(i, chain.as_slice(), events);
        if self.factory.is_hole(to, phase) {
            self.destroy(i, self.fall_cause(to), events);
            return false;
        }
        if !self.ledge_drop(i, from, dir, events) {
            return false;
        }
        // Moving onto or through an active flamer or a lava pit: 1 damage each (seed 001).
        let burn = self.factory.entry_burn(to, phase);
        if burn > 0 {
            self.add_damage(i, burn, events);
            if !self.robots[i].is_active() {
                return false;
            }
        }
        // Passing onto or over an active maglock ends the movement there (seed 001, MagLocks).
        !self.locked(i, phase)
    }

    /// Robot `i` stands on a maglock active in `phase`.
    pub(super) fn locked(&self, i: usize, phase: u8) -> bool {
        self.factory
            .cell(self.robots[i].square)
            .maglock
            .contains(phase)
    }

    /// Robot `j` just went from `from` towards `dir`: crossing a ledge from the upper level to the
    /// lower it lands and takes 2 (seed 001, Ledges), by card, push, belt or pusher alike.
    /// Returns whether it is still on the board.
    pub(super) fn ledge_drop(
        &mut self,
        j: usize,
        from: Square,
        dir: Facing,
        events: &mut Vec<Event>,
    ) -> bool {
        if self.factory.drops(from, dir) {
            self.add_damage(j, 2, events);
        }
        self.robots[j].is_active()
    }

    /// A push from `from` towards `dir` failed on a wall: the robot of the chain against that
    /// wall was pushed into it, and takes 1 if it is spiked on its side (seed 001, Spiked Walls).
    pub(super) fn spike_chain_end(&mut self, from: Square, dir: Facing, events: &mut Vec<Event>) {
        let mut at = from.step(dir);
        while let Some(j) = self.real_robot_on(at) {
            if self.factory.blocks_move(at, dir) {
                if self.factory.spiked(at, dir) {
                    self.add_damage(j, 1, events);
                }
                return;
            }
            at = at.step(dir);
        }
    }

    /// One belt movement for the flow kinds in `kinds` (RULINGS.md, Belts): every robot on such a
    /// flow is carried one square at the same time. Belts never push: a robot whose destination
    /// holds a robot that stays put stays too (and so on back along a queue); two robots carried
    /// onto one square, or head-on into each other's squares, both stay; a closed loop turns.
    /// Walls stop belt moves. Virtual robots take part in none of these conflicts.
    fn belt_step(&mut self, kinds: u8, phase: u8, events: &mut Vec<Event>) {
        let n = self.robots.len().min(MAX_ROBOTS);
        let mut dest = [Square::default(); MAX_ROBOTS];
        let mut dir = [Facing::N; MAX_ROBOTS];
        let mut moving: u16 = 0;
        for i in 0..n {
            let r = self.robots[i];
            if !r.is_active() {
                continue;
            }
            let Some(flow) = self.factory.cell(r.square).flow else {
                continue;
            };
            if kinds & bit(flow.kind) == 0 {
                continue;
            }
            if self.factory.blocks_move(r.square, flow.out) {
                events.push(Event::Blocked {
                    robot: i as RobotId,
                    at: r.square,
                    toward: flow.out,
                });
                continue;
            }
            dest[i] = r.square.step(flow.out);
            dir[i] = flow.out;
            moving |= 1 << i;
        }
        if moving == 0 {
            return;
        }
        // Cancel conflicting moves until none is left; cancelling only ever adds robots that stay
        // put, so this ends within n rounds.
        let mut stopped: u16 = 0;
        loop {
            let mut cancel: u16 = 0;
            for i in bits(moving) {
                if self.robots[i].is_virtual {
                    continue;
                }
                let d = dest[i];
                let here = self.robots[i].square;
                for j in bits(moving) {
                    if j == i || self.robots[j].is_virtual {
                        continue;
                    }
                    if dest[j] == d || (dest[j] == here && self.robots[j].square == d) {
                        cancel |= 1 << i;
                    }
                }
                if let Some(k) = self.real_robot_on(d)
                    && moving & (1 << k) == 0
                {
                    cancel |= 1 << i;
                }
            }
            if cancel == 0 {
                break;
            }
            moving &= !cancel;
            stopped |= cancel;
        }
        for i in bits(stopped) {
            events.push(Event::Blocked {
                robot: i as RobotId,
                at: self.robots[i].square,
                toward: dir[i],
            });
        }
        let sources: [Option<FlowKind>; MAX_ROBOTS] = std::array::from_fn(|i| {
            (i < n)
                .then(|| {
                    self.factory
                        .cell(self.robots[i].square)
                        .flow
                        .map(|f| f.kind)
                })
                .flatten()
        });
        for i in bits(moving) {
            let from = self.robots[i].square;
            self.relocate(i, dest[i]);
            events.push(Event::BeltMoved {
                robot: i as RobotId,
                from,
                to: dest[i],
            });
        }
        for i in bits(moving) {
            let at = dest[i];
            if self.factory.is_hole(at, phase) {
                self.destroy(i, self.fall_cause(at), events);
                continue;
            }
            if !self.ledge_drop(i, at.step(dir[i].opposite()), dir[i], events) {
                continue;
            }
            // A molten-metal river burns every robot it moves (seed 001, Molten Metal River).
            if sources[i] == Some(FlowKind::River) {
                self.add_damage(i, 1, events);
                if !self.robots[i].is_active() {
                    continue;
                }
            }
            // Only a belt-carried robot entering through a side entry the art shows is turned
            // (RULINGS.md, Belts; FAQ 7.2 for express onto a normal turning belt).
            if let (Some(src), Some(flow)) = (sources[i], self.factory.cell(at).flow)
                && same_family(src, flow.kind)
                && let Some(turn) = flow.turn_on_entry(dir[i].opposite())
            {
                self.rotate(i, turn, RotateCause::Belt, events);
            }
        }
    }

    /// Adds `amount` damage to robot `i` at once (element damage outside the fire step's batch),
    /// destroying it at 10.
    pub(super) fn add_damage(&mut self, i: usize, amount: u8, events: &mut Vec<Event>) {
        // Options may absorb it (Ablative Coat, option exchange: options/mod.rs).
        self.take_damage(i, amount, events);
    }

    /// Step 4e: active pushers push the robot on their square one square away from the wall, all
    /// at the same time; each pushed robot may push a chain. A chain that meets a wall, or two
    /// pushes that would move one robot or end on one square, leave the robots of those pushes
    /// where they are (RULINGS.md, Fine points).
    fn pushers(&mut self, phase: u8, events: &mut Vec<Event>) {
        let n = self.robots.len().min(MAX_ROBOTS);
        // Each push: the pushed robot, its direction, and the chain ahead of it.
        let mut pushes: [(u8, Facing, Ids); MAX_ROBOTS] = [(0, Facing::N, Ids::new()); MAX_ROBOTS];
        // Who pushes each: a pusher or a repulsor's beam (seed 001, Repulsors: "at the same time
        // as normal pushers").
        let mut causes = [PushedBy::Pusher; MAX_ROBOTS];
        let mut count = 0;
        for i in 0..n {
            let r = self.robots[i];
            if !r.is_active() {
                continue;
            }
            let cell = self.factory.cell(r.square);
            let pusher = Facing::ALL
                .into_iter()
                .find(|s| cell.pushers[s.index()].contains(phase))
                .map(Facing::opposite);
            // A pusher and a repulsor pushing one robot the same way push it once; pushes in two
            // ways leave it where it is (docs/rules.md, Repulsors).
            let (dir, cause) = match (pusher, self.repulsor_push(i, phase)) {
                (None, None) => continue,
                (Some(d), None) => (d, PushedBy::Pusher),
                (Some(d), Some(Some(e))) if d == e => (d, PushedBy::Pusher),
                (None, Some(Some(e))) => (e, PushedBy::Repulsor),
                (p, Some(_)) => {
                    events.push(Event::Blocked {
                        robot: i as RobotId,
                        at: r.square,
                        toward: p.unwrap_or(r.facing),
                    });
                    continue;
                }
            };
            let chain = if self.factory.blocks_move(r.square, dir) {
                None
            } else if r.is_virtual {
                Some(Ids::new())
            } else {
                self.push_chain(r.square, dir)
            };
            match chain {
                Some(chain) => {
                    pushes[count] = (i as u8, dir, chain);
                    causes[count] = cause;
                    count += 1;
                }
                None => {
                    events.push(Event::Blocked {
                        robot: i as RobotId,
                        at: r.square,
                        toward: dir,
                    });
                    // Pushed into the spiked side of a spiked wall: 1 (seed 001, Spiked Walls).
                    if !self.factory.blocks_move(r.square, dir) {
                        self.spike_chain_end(r.square, dir, events);
                    } else if self.factory.spiked(r.square, dir) {
                        self.add_damage(i, 1, events);
                    }
                }
            }
        }
        if count == 0 {
            return;
        }
        // Which real robots each push moves, and the squares they end on.
        let mut cancelled = [false; MAX_ROBOTS];
        for a in 0..count {
            for b in (a + 1)..count {
                if self.pushes_conflict(&pushes[a], &pushes[b]) {
                    cancelled[a] = true;
                    cancelled[b] = true;
                }
            }
        }
        let mut moved = Ids::new();
        let mut moved_dirs = [Facing::N; MAX_ROBOTS];
        for (k, (p, dir, chain)) in pushes.iter().enumerate().take(count) {
            let p = usize::from(*p);
            if cancelled[k] {
                events.push(Event::Blocked {
                    robot: p as RobotId,
                    at: self.robots[p].square,
                    toward: *dir,
                });
                continue;
            }
            let from = self.robots[p].square;
            // Move the far end of the chain first so each robot steps into a vacated square.
            for &j in chain.as_slice().iter().rev() {
                let j = usize::from(j);
                let jf = self.robots[j].square;
                self.relocate(j, jf.step(*dir));
                moved_dirs[moved.len.min(MAX_ROBOTS - 1)] = *dir;
                moved.push(j);
            }
            self.relocate(p, from.step(*dir));
            moved_dirs[moved.len.min(MAX_ROBOTS - 1)] = *dir;
            moved.push(p);
            events.push(Event::Pushed {
                robot: p as RobotId,
                by: causes[k],
                from,
                to: from.step(*dir),
            });
            for &j in chain.as_slice() {
                let j = usize::from(j);
                let to = self.robots[j].square;
                events.push(Event::Pushed {
                    robot: j as RobotId,
                    by: PushedBy::Robot(p as RobotId),
                    from: to.step(dir.opposite()),
                    to,
                });
            }
        }
        for (k, &j) in moved.as_slice().iter().enumerate() {
            let j = usize::from(j);
            let s = self.robots[j].square;
            if self.factory.is_hole(s, phase) {
                self.destroy(j, self.fall_cause(s), events);
            } else {
                let dir = moved_dirs[k];
                self.ledge_drop(j, s.step(dir.opposite()), dir, events);
            }
        }
    }

    /// Two pushes conflict when they move a common real robot or end real robots on one square.
    fn pushes_conflict(&self, a: &(u8, Facing, Ids), b: &(u8, Facing, Ids)) -> bool {
        let members = |p: &(u8, Facing, Ids)| {
            let mut v = Ids::new();
            v.push(usize::from(p.0));
            for &j in p.2.as_slice() {
                v.push(usize::from(j));
            }
            v
        };
        let (ma, mb) = (members(a), members(b));
        for &x in ma.as_slice() {
            let rx = &self.robots[usize::from(x)];
            if rx.is_virtual {
                continue;
            }
            for &y in mb.as_slice() {
                let ry = &self.robots[usize::from(y)];
                if ry.is_virtual {
                    continue;
                }
                if x == y || rx.square.step(a.1) == ry.square.step(b.1) {
                    return true;
                }
            }
        }
        false
    }

    /// Step 4f: gears turn every robot on them 90 degrees in their direction.
    fn gears(&mut self, events: &mut Vec<Event>) {
        for i in 0..self.robots.len().min(MAX_ROBOTS) {
            if !self.robots[i].is_active() {
                continue;
            }
            if let Some(spin) = self.factory.cell(self.robots[i].square).gear {
                self.rotate(i, spin.turn(), RotateCause::Gear, events);
            }
        }
    }

    /// Step 4g: crushers active this phase destroy the robot under them; so do trap doors.
    fn crushers(&mut self, phase: u8, events: &mut Vec<Event>) {
        for i in 0..self.robots.len().min(MAX_ROBOTS) {
            if !self.robots[i].is_active() {
                continue;
            }
            let cell = self.factory.cell(self.robots[i].square);
            if cell.crusher.contains(phase) {
                self.destroy(i, DestroyCause::Crusher, events);
            } else if cell.trap_door.contains(phase) {
                self.destroy(i, DestroyCause::Pit, events);
            }
        }
    }

    /// Step 5: board lasers and robot lasers together; damage is added after every beam is traced,
    /// so a robot destroyed here still fires (RULINGS.md, One register phase, step 5).
    fn fire(&mut self, phase: u8, events: &mut Vec<Event>) {
        let n = self.robots.len().min(MAX_ROBOTS);
        let mut damage = [0u8; MAX_ROBOTS];
        // Power-Down Shield: the directions each robot has blocked a point from this step.
        let mut guard = [0u8; MAX_ROBOTS];
        // Squares that burn a robot ending the phase on or beside them, all in the fire step
        // (seed 001): flamers, lava pits and eruptions, radioactive waste, radiation in phase 5.
        for (j, d) in damage.iter_mut().enumerate().take(n) {
            let r = &self.robots[j];
            if !r.is_active() {
                continue;
            }
            *d = d.saturating_add(self.factory.fire_burn(r.square, phase));
        }
        // Board lasers: the first square in line holding any robot; every robot there is hit.
        // The factory is shared: holding it apart lets shields act on the robots mid-loop.
        let factory = std::sync::Arc::clone(&self.factory);
        for laser in factory.lasers() {
            for &c in &laser.cells {
                let here = self.occupancy[c as usize];
                if here == 0 {
                    continue;
                }
                for j in bits(here) {
                    events.push(Event::Shot {
                        robot: j as RobotId,
                        shooter: Shooter::Board,
                        from: laser.mount,
                        to: self.factory.square_of(c as usize),
                        beams: laser.beams,
                    });
                    // Shields block points from their side (options/mod.rs).
                    let through =
                        self.shielded(j, laser.beams, laser.direction, None, &mut guard[j], events);
                    damage[j] = damage[j].saturating_add(through);
                }
                break;
            }
        }
        // Robot lasers: real, powered-up robots fire forward from the next square at the first
        // real robot in line; options change the beams and fire weapons (options/mod.rs).
        let mut effects = Effects::new();
        self.robot_lasers(&mut damage, &mut guard, &mut effects, events);
        for (j, &d) in damage.iter().enumerate().take(n) {
            self.take_damage(j, d, events);
        }
        self.fire_effects(&effects, phase, events);
    }

    /// Step 6: surviving powered-up robots touch the flag they need next and make flags and repair
    /// sites their archive; a robot touching the last flag finishes and leaves the board. Robots
    /// finishing in one phase share the place, listed by this phase's card priority.
    fn touch(&mut self, order: &Ids, events: &mut Vec<Event>) {
        let flag_count = self.factory.flag_count();
        let place = self.finishers + 1;
        let mut finished = Ids::new();
        for &i in order.as_slice() {
            let i = usize::from(i);
            let r = self.robots[i];
            if !r.is_active() || r.powered_down {
                continue;
            }
            // The Mechanical Arm touches a site in reach (options/mod.rs).
            let site = self.touch_square(i);
            let cell = self.factory.cell(site);
            if site != r.square && (cell.flag == r.flags + 1 || r.archive != site) {
                events.push(Event::OptionUsed {
                    robot: i as RobotId,
                    option: super::options::OptionCard::MechanicalArm,
                    target: None,
                });
            }
            if cell.flag > 0 && cell.flag == r.flags + 1 {
                self.robots[i].flags += 1;
                events.push(Event::Touched {
                    robot: i as RobotId,
                    flag: cell.flag,
                });
                if cell.flag == flag_count {
                    finished.push(i);
                }
            }
            if self.factory.cell(r.square).waste {
                // The option draw of radioactive waste is in the Touch Checkpoints segment
                // (seed 001, Radioactive Waste).
                self.draw_option(i, OptionSource::Waste, events);
            }
            if (cell.flag > 0 || cell.wrenches > 0) && r.archive != site {
                self.robots[i].archive = site;
                events.push(Event::ArchiveSet {
                    robot: i as RobotId,
                    at: site,
                });
            }
        }
        for &i in finished.as_slice() {
            let i = usize::from(i);
            self.vacate(i);
            self.robots[i].status = Status::Finished;
            self.robots[i].place = Some(place);
            self.finishers += 1;
            events.push(Event::Finished {
                robot: i as RobotId,
                place,
            });
        }
    }
}

/// Belt-carried robots turn on belts; current- and river-carried robots on their own kind.
fn same_family(a: FlowKind, b: FlowKind) -> bool {
    (a.is_belt() && b.is_belt()) || a == b
}

/// The indices of the set bits of `mask`, lowest first.
fn bits(mask: u16) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(i)
    })
}
