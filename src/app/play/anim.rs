//! Animates one timeline step from the engine's events: robot poses before and after each beat
//! (a card move with its pushes, a belt or pusher or gear step, the laser volley, a destruction,
//! a re-entry, a teleport), interpolated in between. The engine's state after the step is the truth the last
//! beat ends on; no rule is applied here.

use crate::engine::{Event, Game, PushedBy, RotateCause, Shooter};
use crate::geom::{Facing, Square};
use egui::Pos2;
use std::f32::consts::FRAC_PI_2;

/// Where a robot is drawn: the centre of its square (board units), its heading (radians
/// clockwise from north), how visible it is, and whether it is virtual.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    pub pos: Pos2,
    pub angle: f32,
    pub alpha: f32,
    pub is_virtual: bool,
}

/// The centre of a square in board units.
pub fn centre(s: Square) -> Pos2 {
    Pos2::new(s.x as f32 + 0.5, s.y as f32 + 0.5)
}

fn angle_of(f: Facing) -> f32 {
    f.index() as f32 * FRAC_PI_2
}

/// The poses of every robot of `game`: robots off the board are invisible.
pub fn poses_of(game: &Game) -> Vec<Pose> {
    game.robots()
        .iter()
        .map(|r| Pose {
            pos: centre(r.square),
            angle: angle_of(r.facing),
            alpha: if r.is_active() { 1.0 } else { 0.0 },
            is_virtual: r.is_virtual,
        })
        .collect()
}

/// What kind of beat events are gathered in: events of one kind happen together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BeatKind {
    /// A robot's card move, with the robots it pushes.
    Card(u8),
    Belt,
    Pusher,
    Gear,
    /// Pushes back by Grand Prix repulsor fields (seed 001), after the move into them.
    Field,
    /// Teleporters, portals and gates: the robot fades out and in again where it lands.
    Teleport,
    Lasers,
    Vanish,
    Appear,
}

/// A laser shot drawn during its beat, from the shooter's square to the target's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShotLine {
    pub from: Pos2,
    pub to: Pos2,
    pub by_robot: bool,
}

#[derive(Clone, Debug)]
struct Beat {
    kind: BeatKind,
    after: Vec<Pose>,
    shots: Vec<ShotLine>,
    moved: Vec<u8>,
    /// Robots that jump in this beat (fade out, then in at the new square) instead of sliding.
    jumps: Vec<u8>,
}

/// The beats of one step.
#[derive(Clone, Debug)]
pub struct Animation {
    start: Vec<Pose>,
    beats: Vec<Beat>,
    /// For each event of the step, the beat it ends (events that move nothing end the beat
    /// before them; those before any beat end "beat 0" at the start).
    event_end: Vec<usize>,
}

impl Animation {
    /// The beats that take `before` to the state after `events`.
    pub fn new(before: &Game, events: &[Event]) -> Animation {
        let start = poses_of(before);
        let mut beats: Vec<Beat> = Vec::new();
        let mut event_end = Vec::with_capacity(events.len());
        let mut poses = start.clone();
        for e in events {
            let robot = e.robot().map(usize::from);
            let (kind, joins) = match *e {
                Event::Moved { robot, .. } => (BeatKind::Card(robot), false),
                Event::Pushed {
                    by: PushedBy::Robot(p),
                    ..
                } => (BeatKind::Card(p), true),
                // Pushers and repulsor beams push in the same step (seed 001, Repulsors).
                Event::Pushed {
                    by: PushedBy::Pusher | PushedBy::Repulsor,
                    ..
                } => (BeatKind::Pusher, true),
                Event::Pushed {
                    by: PushedBy::RepulsorField,
                    ..
                } => (BeatKind::Field, true),
                Event::Teleported { .. } => (BeatKind::Teleport, true),
                Event::BeltMoved { .. } => (BeatKind::Belt, true),
                Event::Rotated { robot, cause, .. } => match cause {
                    RotateCause::Card => (BeatKind::Card(robot), false),
                    // A turning belt turns the robot it carried there, in the same beat.
                    RotateCause::Belt => (BeatKind::Belt, true),
                    RotateCause::Gear => (BeatKind::Gear, true),
                    // A gate turns the robot it lets through as it comes out: part of the jump.
                    RotateCause::Gate => (BeatKind::Teleport, true),
                    // Crossing a board edge of a cube turns the robot on the net as it moves.
                    RotateCause::CubeEdge => (BeatKind::Card(robot), false),
                },
                Event::Shot { .. } => (BeatKind::Lasers, true),
                Event::Destroyed { .. } | Event::Finished { .. } => (BeatKind::Vanish, true),
                Event::Reentered { .. } => (BeatKind::Appear, true),
                // Events that move no robot, listed so that a new kind of event has to be
                // placed here or in a beat (no silent slide).
                Event::TurnStarted { .. }
                | Event::Dealt { .. }
                | Event::PowerDownAnnounced { .. }
                | Event::PhaseStarted { .. }
                | Event::CardRevealed { .. }
                | Event::CardReplaced { .. }
                | Event::Blocked { .. }
                | Event::Damaged { .. }
                | Event::Eliminated { .. }
                | Event::OptionDrawn { .. }
                | Event::OptionUsed { .. }
                | Event::OptionDiscarded { .. }
                | Event::DamagePrevented { .. }
                | Event::Touched { .. }
                | Event::ArchiveSet { .. }
                | Event::Repaired { .. }
                | Event::PoweredDown { .. }
                | Event::PoweredUp { .. }
                | Event::BecameReal { .. }
                | Event::GameOver { .. }
                // Flags and dice are drawn where the game has them now (board.rs).
                | Event::FlagMoved { .. }
                | Event::FlagReturned { .. }
                | Event::DieDamaged { .. }
                | Event::DieDestroyed { .. } => {
                    if let (Event::BecameReal { .. }, Some(i)) = (e, robot)
                        && let Some(p) = poses.get_mut(i)
                    {
                        p.is_virtual = false;
                    }
                    event_end.push(beats.len());
                    continue;
                }
            };
            let robot_u8 = e.robot().unwrap_or(0);
            let rides_again = matches!(kind, BeatKind::Belt | BeatKind::Pusher | BeatKind::Field)
                && beats.last().is_some_and(|b| b.moved.contains(&robot_u8))
                && !matches!(e, Event::Rotated { .. });
            let same = beats.last().is_some_and(|b| b.kind == kind);
            if !(joins && same) || rides_again {
                beats.push(Beat {
                    kind,
                    after: poses.clone(),
                    shots: Vec::new(),
                    moved: Vec::new(),
                    jumps: Vec::new(),
                });
            }
            let Some(beat) = beats.last_mut() else {
                continue;
            };
            if let Some(i) = robot
                && let Some(p) = poses.get_mut(i)
            {
                match *e {
                    Event::Moved { to, .. }
                    | Event::Pushed { to, .. }
                    | Event::BeltMoved { to, .. } => p.pos = centre(to),
                    Event::Teleported { to, .. } => {
                        p.pos = centre(to);
                        beat.jumps.push(robot_u8);
                    }
                    Event::Rotated { from, to, .. } => {
                        // Quarter turns clockwise, 3 being one counter-clockwise.
                        let quarters = (to.index() + 4 - from.index()) % 4;
                        let delta = if quarters == 3 { -1.0 } else { quarters as f32 };
                        p.angle += delta * FRAC_PI_2;
                    }
                    Event::Shot {
                        shooter, from, to, ..
                    } => beat.shots.push(ShotLine {
                        from: centre(from),
                        to: centre(to),
                        by_robot: matches!(shooter, Shooter::Robot(_)),
                    }),
                    Event::Destroyed { .. } | Event::Finished { .. } => p.alpha = 0.0,
                    Event::Reentered {
                        at,
                        facing,
                        is_virtual,
                        ..
                    } => {
                        // It appears where it re-enters: no slide from where it was lost.
                        if let Some(b) = beat.after.get_mut(i) {
                            b.pos = centre(at);
                            b.angle = angle_of(facing);
                        }
                        p.pos = centre(at);
                        p.angle = angle_of(facing);
                        p.alpha = 1.0;
                        p.is_virtual = is_virtual;
                    }
                    _ => {}
                }
                beat.moved.push(robot_u8);
            }
            // `after` holds the poses at the beat's start until the loop is over (below).
            event_end.push(beats.len());
        }
        // Each beat was opened with the poses at its start in `after`; the poses at its end are
        // the start of the next one, and the last ends where the events leave the robots.
        let mut starts: Vec<Vec<Pose>> = beats.iter().map(|b| b.after.clone()).collect();
        starts.push(poses);
        for (k, b) in beats.iter_mut().enumerate() {
            b.after = starts[k + 1].clone();
        }
        Animation {
            start,
            beats,
            event_end,
        }
    }

    /// How many beats the step has.
    pub fn beats(&self) -> usize {
        self.beats.len()
    }

    /// The progress (0 to 1) at which event `index` of the step is shown happening.
    pub fn progress_after_event(&self, index: usize) -> f32 {
        let n = self.beats.len().max(1) as f32;
        // The middle of the event's beat: the move under way, the laser at its brightest.
        self.event_end
            .get(index)
            .map_or(1.0, |&b| if b == 0 { 0.0 } else { (b as f32 - 0.5) / n })
    }

    /// The poses at `t` (0 to 1 over the whole step) and the laser shots visible then, with
    /// their strength (0 to 1).
    pub fn at(&self, t: f32) -> (Vec<Pose>, Vec<(ShotLine, f32)>) {
        if self.beats.is_empty() {
            return (self.start.clone(), Vec::new());
        }
        if t >= 1.0
            && let Some(last) = self.beats.last()
        {
            return (last.after.clone(), Vec::new());
        }
        let n = self.beats.len() as f32;
        let x = (t.clamp(0.0, 1.0) * n).min(n - 1e-4);
        let k = x.floor() as usize;
        let u = x - k as f32;
        let from = if k == 0 {
            &self.start
        } else {
            &self.beats[k - 1].after
        };
        let beat = &self.beats[k];
        let eased = u * u * (3.0 - 2.0 * u);
        let poses = from
            .iter()
            .zip(&beat.after)
            .enumerate()
            .map(|(i, (a, b))| {
                if beat.jumps.iter().any(|&j| usize::from(j) == i) {
                    // A teleport: gone from the first square by the middle of the beat, back
                    // on the second by its end; never drawn in between.
                    let (p, fade) = if u < 0.5 {
                        (a, 1.0 - 2.0 * u)
                    } else {
                        (b, 2.0 * u - 1.0)
                    };
                    return Pose {
                        alpha: p.alpha * fade,
                        ..*p
                    };
                }
                // A robot that was off the board fades in where it enters, without sliding.
                let (pos, angle) = if a.alpha == 0.0 {
                    (b.pos, b.angle)
                } else {
                    (a.pos, a.angle)
                };
                Pose {
                    pos: pos + (b.pos - pos) * eased,
                    angle: angle + (b.angle - angle) * eased,
                    alpha: a.alpha + (b.alpha - a.alpha) * eased,
                    is_virtual: if u < 0.5 { a.is_virtual } else { b.is_virtual },
                }
            })
            .collect();
        let strength = (u * std::f32::consts::PI).sin();
        let shots = beat.shots.iter().map(|s| (*s, strength)).collect();
        (poses, shots)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::app::play::session::{PlaySetup, Session};
    use crate::bots::Arena;
    use crate::engine::Transport;
    use crate::format::Library;
    use std::sync::Arc;

    #[test]
    fn the_centre_of_a_square_is_half_a_square_in() {
        assert_eq!(centre(Square::new(2, 3)), Pos2::new(2.5, 3.5));
    }

    fn sample_game() -> Game {
        let lib = Library::builtin();
        let Some(crate::app::command::Entry::Course(i)) = crate::app::sample_entry(&lib) else {
            panic!("no sample course");
        };
        let arena = Arc::new(Arena::new(&lib.courses[i].course, &lib).expect("compiles"));
        let s = Session::new(arena, &PlaySetup::default(), 4).expect("a game");
        s.game().clone()
    }

    /// A teleport (seed 001: teleporters, portals, gates) is a jump: the robot fades out where
    /// it was and in where it lands, is never drawn between the two, and ends its beat on the
    /// square the event names, turned as a gate turns it.
    #[test]
    fn a_teleport_jumps_to_its_square_at_the_end_of_its_beat_without_sliding() {
        let game = sample_game();
        let from = game.robots()[0].square;
        let facing = game.robots()[0].facing;
        let to = Square::new(from.x + 3, from.y + 2);
        let events = [
            Event::Teleported {
                robot: 0,
                by: Transport::Gate,
                from,
                to,
            },
            Event::Rotated {
                robot: 0,
                from: facing,
                to: facing.right(),
                cause: RotateCause::Gate,
            },
        ];
        let anim = Animation::new(&game, &events);
        assert_eq!(anim.beats(), 1, "the gate's turn is part of the jump");
        for k in 0..=20 {
            let (poses, _) = anim.at(k as f32 / 20.0);
            let p = poses[0];
            assert!(
                p.pos == centre(from) || p.pos == centre(to),
                "drawn between the squares at {k}/20: {:?}",
                p.pos
            );
        }
        let (early, _) = anim.at(0.2);
        assert_eq!(early[0].pos, centre(from));
        assert!(early[0].alpha > 0.1 && early[0].alpha < 1.0, "fading out");
        let (middle, _) = anim.at(0.5);
        assert!(middle[0].alpha < 0.05, "gone in the middle of the jump");
        let (late, _) = anim.at(0.8);
        assert_eq!(late[0].pos, centre(to));
        let (end, _) = anim.at(1.0);
        assert_eq!(end[0].pos, centre(to));
        assert!(end[0].alpha > 0.99);
        let quarter = (end[0].angle / FRAC_PI_2).round() as i32;
        assert_eq!(quarter.rem_euclid(4) as usize, facing.right().index());
        // The other robot stays where it is.
        assert_eq!(end[1].pos, centre(game.robots()[1].square));
    }

    /// Repulsor beams and repulsor fields push (seed 001, Repulsors, Repulsor Fields): the robot
    /// slides to the square the push names, as a pusher's push does.
    #[test]
    fn repulsor_pushes_slide_the_robot_like_pushers() {
        let game = sample_game();
        let from = game.robots()[1].square;
        for by in [PushedBy::Repulsor, PushedBy::RepulsorField] {
            let to = from.step(Facing::N);
            let events = [Event::Pushed {
                robot: 1,
                by,
                from,
                to,
            }];
            let anim = Animation::new(&game, &events);
            assert_eq!(anim.beats(), 1, "{by:?}");
            let (half, _) = anim.at(0.5);
            assert!(half[1].pos.y < centre(from).y && half[1].pos.y > centre(to).y);
            let (end, _) = anim.at(1.0);
            assert_eq!(end[1].pos, centre(to), "{by:?}");
        }
    }

    /// Every step of three turns animates from the state before it to the engine's state after
    /// it: robots on the board end on their squares and facings, robots off it end invisible.
    #[test]
    fn each_step_starts_on_the_state_before_and_ends_on_the_engines_state_after() {
        let lib = Library::builtin();
        let Some(crate::app::command::Entry::Course(i)) = crate::app::sample_entry(&lib) else {
            panic!("no sample course");
        };
        let arena = Arc::new(Arena::new(&lib.courses[i].course, &lib).expect("compiles"));
        let mut s = Session::new(arena, &PlaySetup::default(), 4).expect("a game");
        for _ in 0..3 {
            s.step_turn();
        }
        let mut moving_beats = 0;
        for k in 1..s.steps().len() {
            let (before, after) = (&s.steps()[k - 1], &s.steps()[k]);
            let anim = Animation::new(&before.game, &after.events);
            let (first, _) = anim.at(0.0);
            let (last, _) = anim.at(1.0);
            for (i, r) in after.game.robots().iter().enumerate() {
                if before.game.robots()[i].is_active() {
                    assert_eq!(first[i].pos, centre(before.game.robots()[i].square));
                }
                if r.is_active() {
                    assert_eq!(last[i].pos, centre(r.square), "step {k} robot {i}");
                    let quarter = (last[i].angle / FRAC_PI_2).round() as i32;
                    assert_eq!(quarter.rem_euclid(4) as usize, r.facing.index(), "step {k}");
                    assert!(last[i].alpha > 0.99);
                } else {
                    assert!(last[i].alpha < 0.01, "a robot off the board is not drawn");
                }
            }
            if after
                .events
                .iter()
                .any(|e| matches!(e, Event::Moved { .. }))
            {
                assert!(anim.beats() > 0);
                moving_beats += 1;
            }
        }
        assert!(moving_beats > 0, "robots moved in three turns");
    }
}
