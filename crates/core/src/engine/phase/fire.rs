//! Step 5 of a register phase (RULINGS.md, Lasers): board lasers and robot lasers fire together
//! and the damage is added after every beam; the options that change a robot's laser (Double-
//! Barreled, High-Power and Rear-Firing Lasers, Fire Control) and the weapons that replace it
//! (Pressor and Tractor Beams, Mini Howitzer, Scrambler, Radio Control) act here.

use crate::engine::event::{DiscardReason, Event, PushedBy, RobotId, Shooter};
use crate::engine::factory::acts;
use crate::engine::game::{Game, MAX_ROBOTS, NOWHERE, REGISTERS};
use crate::engine::options::{FireMode, OptionCard};
use crate::engine::robot::{Robot, bits};
use crate::geom::{Facing, Square};

/// The most flags, each with a die at most.
const MAX_FLAG: usize = crate::model::course::MAX_FLAG as usize;

/// A weapon hit or Fire Control hit of the fire step, resolved after the step's damage.
#[derive(Clone, Copy, Debug)]
struct Effect {
    shooter: u8,
    target: u8,
    option: OptionCard,
    /// The direction the shot travelled.
    dir: Facing,
    /// Fire Control: the points that got through shields.
    points: u8,
    /// Fire Control: lock registers rather than destroy options.
    lock: bool,
}

/// The fire step's option effects, without allocating.
struct Effects {
    list: [Option<Effect>; 2 * MAX_ROBOTS],
    len: usize,
}

impl Effects {
    fn new() -> Effects {
        Effects {
            list: [None; 2 * MAX_ROBOTS],
            len: 0,
        }
    }

    fn push(&mut self, e: Effect) {
        if self.len < self.list.len() {
            self.list[self.len] = Some(e);
            self.len += 1;
        }
    }
}

impl Game {
    /// Step 5: board lasers and robot lasers together; damage is added after every beam is traced,
    /// so a robot destroyed here still fires (RULINGS.md, One register phase, step 5).
    pub(super) fn fire(&mut self, phase: u8, events: &mut Vec<Event>) {
        let n = self.robots.len().min(MAX_ROBOTS);
        let mut damage = [0u8; MAX_ROBOTS];
        // Power-Down Shield: the directions each robot has blocked a point from this step.
        let mut guard = [0u8; MAX_ROBOTS];
        // Squares that burn a robot ending the phase on or beside them, all in the fire step
        // (seed 001): flamers, lava pits and eruptions, radioactive waste, radiation in phase 5.
        // (Only robots standing on such squares: `at_acts` is 0 for a robot off the board.)
        if self.stands_on(acts::BURN) {
            for (j, d) in damage.iter_mut().enumerate().take(n) {
                if self.at_acts[j] & acts::BURN == 0 {
                    continue;
                }
                *d = d.saturating_add(self.factory.fire_burn(self.robots[j].square, phase));
            }
        }
        // Board lasers: the first square in line holding any robot; every robot there is hit.
        // The beams were traced once with the board (`Factory::laser_crossings`): only the beams
        // crossing an occupied square are looked at, nearest the mount first on each beam, so the
        // step costs the same on any size of board (issue 21).
        let mut hits = std::mem::take(&mut self.beam_hits);
        hits.clear();
        if self.stands_on(acts::LASER) {
            for i in 0..n {
                // A robot off the board, or where no beam crosses, stops none; each occupied
                // square once (the hits are sorted below, so which robot adds it does not matter).
                let c = self.at_cell[i];
                if self.at_acts[i] & acts::LASER == 0 || self.at_cell[..i].contains(&c) {
                    continue;
                }
                let c = c as usize;
                for x in self.factory.laser_crossings(c) {
                    hits.push((x.line, x.pos, c as u32));
                }
            }
        }
        // Dice stop board beams as a robot does and take their damage (seed 003 section 8.2).
        let mut die_damage = [0u8; MAX_FLAG];
        if let Some(f) = &self.flags {
            for k in (0..f.count).filter(|&k| f.die[k] > 0) {
                if let Some(c) = self.factory.index(f.at[k]) {
                    for x in self.factory.laser_crossings(c) {
                        hits.push((x.line, x.pos, c as u32));
                    }
                }
            }
        }
        // Only when a beam meets something: the factory is shared, and holding it apart lets
        // shields act on the robots mid-loop.
        if !hits.is_empty() {
            let factory = std::sync::Arc::clone(&self.factory);
            // Laser order, and on each beam the occupied square nearest its mount first.
            hits.sort_unstable();
            let mut last = None;
            for &(line, _, c) in &hits {
                if last == Some(line) {
                    continue;
                }
                last = Some(line);
                let laser = &factory.lasers()[line as usize];
                if let Some(n) = self.die_hit(factory.square_of(c as usize)) {
                    let d = &mut die_damage[usize::from(n) - 1];
                    *d = d.saturating_add(laser.beams);
                    continue;
                }
                for j in bits(self.robots_at(c as usize)) {
                    events.push(Event::Shot {
                        robot: j as RobotId,
                        shooter: Shooter::Board,
                        from: laser.mount,
                        to: factory.square_of(c as usize),
                        beams: laser.beams,
                    });
                    // Shields block points from their side (damage.rs, `shielded`).
                    let through =
                        self.shielded(j, laser.beams, laser.direction, None, &mut guard[j], events);
                    damage[j] = damage[j].saturating_add(through);
                }
            }
        }
        hits.clear();
        self.beam_hits = hits;
        // Robot lasers: real, powered-up robots fire forward from the next square at the first
        // real robot in line; options change the beams and fire weapons (`robot_lasers` below).
        // Only a robot with options makes an effect: a plain game never fills the list.
        let mut effects = None;
        self.robot_lasers(
            &mut damage,
            &mut guard,
            &mut die_damage,
            &mut effects,
            events,
        );
        // Laser damage x N (docs/rules.md, House rules): every point board and robot lasers
        // put through, multiplied once here.
        let times = self.settings.house.laser_damage.unwrap_or(1);
        if damage != [0; MAX_ROBOTS] {
            for (j, &d) in damage.iter().enumerate().take(n) {
                if d > 0 {
                    self.take_damage(j, d.saturating_mul(times), events);
                }
            }
        }
        if self.flags.is_some() {
            for (k, &d) in die_damage.iter().enumerate() {
                self.damage_die(k as u8 + 1, d, events);
            }
        }
        if let Some(effects) = effects {
            self.fire_effects(&effects, phase, events);
        }
    }

    /// Robot lasers (RULINGS.md, Lasers) with the options that change them: each real,
    /// powered-up robot fires forward at the first real robot in line; the Double-Barreled Laser
    /// does 2, the High-Power Laser goes through one wall or robot, the Rear-Firing Laser also
    /// fires backwards (1 damage, no other option), and a weapon option fires instead of the main
    /// laser. Damage is added to `damage`; weapon and Fire Control hits go to `effects`.
    fn robot_lasers(
        &mut self,
        damage: &mut [u8; MAX_ROBOTS],
        guard: &mut [u8; MAX_ROBOTS],
        dice: &mut [u8; MAX_FLAG],
        effects: &mut Option<Effects>,
        events: &mut Vec<Event>,
    ) {
        let n = self.robots.len().min(MAX_ROBOTS);
        // No robot moves while the lasers fire.
        let lines = Lines::of(&self.robots);
        for i in 0..n {
            let r = self.robots[i];
            if !r.is_active() || r.is_virtual || r.powered_down {
                continue;
            }
            if r.options.is_empty() {
                // The common case, kept cheap: one plain beam.
                self.plain_shot(i, r.facing, &lines, damage, guard, dice, events);
                continue;
            }
            let effects = effects.get_or_insert_with(Effects::new);
            let c = self.opt.choices[i];
            let weapon = c.weapon.filter(|&w| {
                self.usable(i, w)
                    && (w != OptionCard::MiniHowitzer || r.howitzer < OptionCard::HOWITZER_SHOTS)
            });
            let main = Beam {
                points: if self.usable(i, OptionCard::DoubleBarreledLaser) {
                    2
                } else {
                    1
                },
                pierce: self.usable(i, OptionCard::HighPowerLaser),
                weapon,
                fire_control: (c.fire_control != FireMode::Damage
                    && self.usable(i, OptionCard::FireControl))
                .then_some(c.fire_control),
            };
            self.trace(i, r.facing, main, damage, guard, dice, effects, events);
            if self.usable(i, OptionCard::RearFiringLaser) {
                let rear = Beam {
                    points: 1,
                    pierce: false,
                    weapon: None,
                    fire_control: None,
                };
                self.trace(
                    i,
                    r.facing.opposite(),
                    rear,
                    damage,
                    guard,
                    dice,
                    effects,
                    events,
                );
            }
        }
    }

    /// One plain beam of robot `i` going `dir` (1 point, through nothing, no weapon): `trace`
    /// for the beam most robots fire, without the cases an option makes.
    #[allow(clippy::too_many_arguments)]
    fn plain_shot(
        &mut self,
        i: usize,
        dir: Facing,
        lines: &Lines,
        damage: &mut [u8; MAX_ROBOTS],
        guard: &mut [u8; MAX_ROBOTS],
        dice: &mut [u8; MAX_FLAG],
        events: &mut Vec<Event>,
    ) {
        let from = self.robots[i].square;
        // No other robot on its row or column: nothing to look for (but across a cube's edge).
        let line = lines.through(from, dir, 1 << i);
        let robot = if line == 0 && self.factory.cube().is_none() {
            None
        } else {
            self.nearest_in_line(from, dir, line)
        };
        // A die nearer than that robot stops the beam (seed 003 section 8.2).
        if self.flags.is_some()
            && let Some((n, _)) = self
                .first_die_in_line(from, dir)
                .filter(|&(_, d)| robot.is_none_or(|(_, s)| d < distance(from, s)))
        {
            hit_die(dice, n, &PLAIN_BEAM);
            return;
        }
        let Some((j, hit)) = robot else {
            return;
        };
        events.push(Event::Shot {
            robot: j as RobotId,
            shooter: Shooter::Robot(i as RobotId),
            from,
            to: hit,
            beams: PLAIN_BEAM.points,
        });
        let mut pierce = false;
        let through = self.shielded(
            j,
            PLAIN_BEAM.points,
            dir,
            Some((i, &mut pierce)),
            &mut guard[j],
            events,
        );
        damage[j] = damage[j].saturating_add(through);
    }

    /// One beam of robot `i` going `dir`.
    #[allow(clippy::too_many_arguments)]
    fn trace(
        &mut self,
        i: usize,
        dir: Facing,
        beam: Beam,
        damage: &mut [u8; MAX_ROBOTS],
        guard: &mut [u8; MAX_ROBOTS],
        dice: &mut [u8; MAX_FLAG],
        effects: &mut Effects,
        events: &mut Vec<Event>,
    ) {
        let from = self.robots[i].square;
        let mut at = from;
        let mut pierce = beam.pierce;
        // The way the beam travels where it hits: turned by a cube's fold it crossed.
        let mut way = dir;
        loop {
            let j = if pierce {
                if self.factory.blocks_beam(at, dir) {
                    pierce = false;
                    self.option_used(i, OptionCard::HighPowerLaser, events);
                }
                if self.factory.at_cube_edge(at, dir) {
                    // A cube's board edge: the first row across on the inside, then no further.
                    let Some(across) = self.factory.beam_across(at, dir) else {
                        break;
                    };
                    if let Some(n) = self.die_hit(across) {
                        hit_die(dice, n, &beam);
                        break;
                    }
                    if let Some(j) = self.real_robot_on(across) {
                        way = self.factory.next(at, dir).1;
                        at = across;
                        pierce = false;
                        j
                    } else {
                        break;
                    }
                } else {
                    at = at.step(dir);
                    if !self.factory.is_on_board(at) {
                        break;
                    }
                    if let Some(n) = self.die_hit(at) {
                        hit_die(dice, n, &beam);
                        break;
                    }
                    let Some(j) = self.real_robot_on(at) else {
                        continue;
                    };
                    j
                }
            } else {
                // A beam that goes through nothing stops at its first real robot: found among
                // the robots from the beam's run (traced once with the board), not square by
                // square.
                let robot = self.first_real_robot_in_line(at, dir);
                // A die nearer than that robot stops the beam (seed 003 section 8.2).
                if self.flags.is_some()
                    && let Some((n, _)) = self
                        .first_die_in_line(at, dir)
                        .filter(|&(_, d)| robot.is_none_or(|(_, s)| d < distance(at, s)))
                {
                    hit_die(dice, n, &beam);
                    break;
                }
                let Some((j, hit)) = robot else {
                    break;
                };
                if self.factory.cube().is_some() {
                    way = self.beam_way(at, dir, hit);
                }
                at = hit;
                j
            };
            if let Some(w) = beam.weapon {
                events.push(Event::OptionUsed {
                    robot: i as RobotId,
                    option: w,
                    target: Some(j as RobotId),
                });
                if w == OptionCard::MiniHowitzer {
                    self.robots[i].howitzer += 1;
                    damage[j] = damage[j].saturating_add(1);
                }
                effects.push(Effect {
                    shooter: i as u8,
                    target: j as u8,
                    option: w,
                    dir: way,
                    points: 0,
                    lock: false,
                });
                break;
            }
            events.push(Event::Shot {
                robot: j as RobotId,
                shooter: Shooter::Robot(i as RobotId),
                from,
                to: at,
                beams: beam.points,
            });
            let through = self.shielded(
                j,
                beam.points,
                way,
                Some((i, &mut pierce)),
                &mut guard[j],
                events,
            );
            if let Some(mode) = beam.fire_control
                && through > 0
            {
                effects.push(Effect {
                    shooter: i as u8,
                    target: j as u8,
                    option: OptionCard::FireControl,
                    dir: way,
                    points: through,
                    lock: mode == FireMode::LockRegister,
                });
            } else {
                damage[j] = damage[j].saturating_add(through);
            }
            if !pierce {
                break;
            }
            pierce = false;
            self.option_used(i, OptionCard::HighPowerLaser, events);
        }
    }

    /// The nearest real robot standing in line from `at` towards `dir` within the squares a beam
    /// crosses from there (`Factory::beam_run`), and its square: what walking the beam square by
    /// square finds (`Game::real_robot_on` on each).
    fn first_real_robot_in_line(&self, at: Square, dir: Facing) -> Option<(usize, Square)> {
        self.nearest_in_line(at, dir, Lines::of(&self.robots).through(at, dir, 0))
    }

    /// `first_real_robot_in_line` among the robots in `line` (a bit set: those on the beam's row
    /// or column): the nearest in range, the first robot in the list on a tie.
    fn nearest_in_line(&self, at: Square, dir: Facing, line: u16) -> Option<(usize, Square)> {
        let run = i64::from(self.factory.beam_run(at, dir));
        let (ux, uy) = dir.delta();
        let mut best: Option<(i64, usize)> = None;
        // A beam a wall stops at once meets no robot on this board.
        let line = if run > 0 { line } else { 0 };
        for k in bits(line) {
            let r = &self.robots[k];
            let d = i64::from((r.square.x - at.x) * ux + (r.square.y - at.y) * uy);
            if r.is_virtual || d < 1 || d > run || best.is_some_and(|(b, _)| b <= d) {
                continue;
            }
            // Standing on the board (`robots_on(r.square)` holds `k`).
            if self.at_cell[k] != NOWHERE {
                best = Some((d, k));
            }
        }
        if best.is_none() && self.factory.cube().is_some() {
            return self.first_row_across(at, dir, run);
        }
        best.map(|(_, k)| (k, self.robots[k].square))
    }

    /// RoboRally Cubed: the way a beam from `at` towards `dir` travels on `hit`, the robot
    /// `first_real_robot_in_line` found: `dir` in line on this board, else turned as the fold
    /// to the first row across turns it (seed 003 section 8.1).
    fn beam_way(&self, at: Square, dir: Facing, hit: Square) -> Facing {
        let run = self.factory.beam_run(at, dir) as i32;
        let (ux, uy) = dir.delta();
        let (dx, dy) = (hit.x - at.x, hit.y - at.y);
        if dx * uy - dy * ux == 0 && (1..=run).contains(&(dx * ux + dy * uy)) {
            return dir;
        }
        self.factory
            .next(Square::new(at.x + ux * run, at.y + uy * run), dir)
            .1
    }

    /// The flag whose die stands on `s` (Dice Rule), if any.
    fn die_hit(&self, s: Square) -> Option<u8> {
        self.flags.as_ref().and_then(|f| f.die_on(s))
    }

    /// The nearest die in line from `at` towards `dir` within the squares a beam crosses from
    /// there, and how far it is.
    fn first_die_in_line(&self, at: Square, dir: Facing) -> Option<(u8, i32)> {
        let f = self.flags.as_ref()?;
        let run = i64::from(self.factory.beam_run(at, dir));
        let (ux, uy) = dir.delta();
        (0..f.count)
            .filter(|&k| f.die[k] > 0)
            .filter_map(|k| {
                let (dx, dy) = (f.at[k].x - at.x, f.at[k].y - at.y);
                let d = dx * ux + dy * uy;
                (dx * uy - dy * ux == 0 && d >= 1 && i64::from(d) <= run)
                    .then_some((k as u8 + 1, d))
            })
            .min_by_key(|&(_, d)| d)
    }

    /// RoboRally Cubed, inside: a beam that reached a board edge `run` squares from `at` goes on
    /// to the first row across it and no further (seed 003 section 8.1); the real robot there.
    fn first_row_across(&self, at: Square, dir: Facing, run: i64) -> Option<(usize, Square)> {
        let (dx, dy) = dir.delta();
        let run = run as i32;
        let end = Square::new(at.x + dx * run, at.y + dy * run);
        if !self.factory.at_cube_edge(end, dir) {
            return None;
        }
        let across = self.factory.beam_across(end, dir)?;
        self.real_robot_on(across).map(|k| (k, across))
    }

    /// After the fire step's damage: weapon hits (Pressor and Tractor Beams, Mini Howitzer
    /// pushes, Scrambler, Radio Control) and Fire Control hits, in shooter order, on targets the
    /// step did not destroy. A Mini Howitzer that has fired its 5th shot is discarded.
    fn fire_effects(&mut self, effects: &Effects, phase: u8, events: &mut Vec<Event>) {
        for e in effects.list[..effects.len].iter().flatten() {
            let (i, j) = (usize::from(e.shooter), usize::from(e.target));
            if self.robots[j].is_active() {
                match e.option {
                    OptionCard::PressorBeam | OptionCard::MiniHowitzer => {
                        self.weapon_push(j, e.dir, i, phase, events);
                    }
                    OptionCard::TractorBeam => {
                        // Pulled towards the shooter, unless it is already beside it.
                        let beside = self.factory.next(self.robots[j].square, e.dir.opposite()).0
                            == self.robots[i].square;
                        if !beside {
                            self.weapon_push(j, e.dir.opposite(), i, phase, events);
                        }
                    }
                    OptionCard::Scrambler => {
                        let next = usize::from(phase);
                        if next < REGISTERS && !self.robots[j].is_locked(next) {
                            self.replace_register(j, next);
                        }
                    }
                    OptionCard::RadioControl => {
                        self.opt.radio[j] = Some(e.shooter);
                        self.opt.radioed |= 1 << j;
                    }
                    OptionCard::FireControl => self.fire_control(i, j, e.points, e.lock, events),
                    _ => {}
                }
            }
            if e.option == OptionCard::MiniHowitzer
                && self.robots[i].howitzer >= OptionCard::HOWITZER_SHOTS
            {
                self.discard_option(i, OptionCard::MiniHowitzer, DiscardReason::UsedUp, events);
            }
        }
    }

    /// Fire Control (FAQ 7.3: "When scoring damage, you may: lock register, destroy option, or
    /// do normal damage"): each point that would be damage either destroys one of the target's
    /// options, its most valued first (the shooter chooses), or locks one more of its registers
    /// with a lock chit and no damage ("Use an inverted damage chit to designate a locked register
    /// without damage"). An Ablative Coat takes points as a shield would (FAQ 7.3) first; points
    /// with nothing left to destroy or lock are damage.
    fn fire_control(
        &mut self,
        i: usize,
        j: usize,
        points: u8,
        lock: bool,
        events: &mut Vec<Event>,
    ) {
        for _ in 0..points {
            if !self.robots[j].is_active() {
                return;
            }
            let r = self.robots[j];
            let coat = self.usable(j, OptionCard::AblativeCoat);
            let best = r.options.iter().max_by_key(|o| o.keep_value());
            if coat {
                self.take_damage(j, 1, events);
            } else if lock && r.locked_count() < REGISTERS {
                self.robots[j].lock_chits += 1;
                events.push(Event::OptionUsed {
                    robot: i as RobotId,
                    option: OptionCard::FireControl,
                    target: Some(j as RobotId),
                });
            } else if let (false, Some(o)) = (lock, best) {
                self.discard_option(j, o, DiscardReason::FireControl, events);
            } else {
                self.take_damage(j, 1, events);
            }
        }
    }

    /// A weapon pushes robot `j` one square `dir`, with the robots ahead of it, as any push that is
    /// not the robot's own move (RULINGS.md, Robots and other robots; docs/rules.md, Weapons).
    fn weapon_push(
        &mut self,
        j: usize,
        dir: Facing,
        by: usize,
        phase: u8,
        events: &mut Vec<Event>,
    ) {
        self.shove(j, dir, PushedBy::Robot(by as RobotId), phase, events);
    }
}

/// Squares from `a` to `b` along a line.
fn distance(a: Square, b: Square) -> i32 {
    (b.x - a.x).abs() + (b.y - a.y).abs()
}

/// A robot's beam hits a die: its points are damage; a weapon's shot does nothing to a die.
fn hit_die(dice: &mut [u8; MAX_FLAG], n: u8, beam: &Beam) {
    if beam.weapon.is_none() {
        let d = &mut dice[usize::from(n) - 1];
        *d = d.saturating_add(beam.points);
    }
}

/// The robots' columns and rows, and the robots by column and by row hashed into `LINES`
/// buckets: the robots on a beam's row or column are those of one bucket that are on it, most
/// often the shooter alone (issue 21).
struct Lines {
    xs: [i32; MAX_ROBOTS],
    ys: [i32; MAX_ROBOTS],
    /// Bit `k` of `by_x[x % LINES]`: robot `k` stands in a column `x'` with `x' % LINES == x % LINES`.
    by_x: [u16; LINES],
    by_y: [u16; LINES],
}

/// Buckets of `Lines` (a power of two).
const LINES: usize = 16;

impl Lines {
    fn of(robots: &[Robot]) -> Lines {
        let mut lines = Lines {
            xs: [0; MAX_ROBOTS],
            ys: [0; MAX_ROBOTS],
            by_x: [0; LINES],
            by_y: [0; LINES],
        };
        for (k, r) in robots.iter().enumerate().take(MAX_ROBOTS) {
            lines.xs[k] = r.square.x;
            lines.ys[k] = r.square.y;
            lines.by_x[r.square.x as usize % LINES] |= 1 << k;
            lines.by_y[r.square.y as usize % LINES] |= 1 << k;
        }
        lines
    }

    /// The robots on the row (a beam going east or west) or column of `at`, as a bit set, but
    /// those of `but` (the shooter: most often no other robot is left to look at).
    fn through(&self, at: Square, dir: Facing, but: u16) -> u16 {
        let (key, lane, near) = if matches!(dir, Facing::E | Facing::W) {
            (at.y, &self.ys, self.by_y[at.y as usize % LINES])
        } else {
            (at.x, &self.xs, self.by_x[at.x as usize % LINES])
        };
        let mut on = 0u16;
        for k in bits(near & !but) {
            on |= u16::from(lane[k] == key) << k;
        }
        on
    }
}

/// A robot's main laser with no option to change it.
const PLAIN_BEAM: Beam = Beam {
    points: 1,
    pierce: false,
    weapon: None,
    fire_control: None,
};

/// What one robot laser beam carries.
#[derive(Clone, Copy)]
struct Beam {
    points: u8,
    pierce: bool,
    weapon: Option<OptionCard>,
    /// Fire Control's mode, when it replaces damage.
    fire_control: Option<FireMode>,
}

#[cfg(test)]
mod tests;
