//! What happened, step by step: every phase of the engine reports events that a viewer animates
//! and a person reads as a log line (`Event::describe`). Replays compare these bit for bit.

use super::card::Card;
use super::options::OptionCard;
use crate::geom::{Facing, Square};
use serde::Serialize;

/// A robot, by its index in the game's robot list.
pub type RobotId = u8;

/// Why a robot was destroyed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DestroyCause {
    /// Fell into a pit, drain or open trap door.
    Pit,
    /// Went off an open board edge (or into a hole between tiles).
    Edge,
    /// Took its tenth point of damage.
    Damage,
    Crusher,
}

impl DestroyCause {
    fn words(self) -> &'static str {
        match self {
            DestroyCause::Pit => "fell into a pit",
            DestroyCause::Edge => "went off the edge of the board",
            DestroyCause::Damage => "took 10 damage",
            DestroyCause::Crusher => "was crushed",
        }
    }
}

/// What turned a robot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RotateCause {
    Card,
    Belt,
    Gear,
    /// Came out of a gate, facing away from it (seed 001, Gates).
    Gate,
    /// Crossed a board edge of a cube: the same heading on the cube, turned on the net (seed
    /// 003 section 8.1, RoboRally Cubed).
    CubeEdge,
}

/// What pushed a robot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PushedBy {
    Robot(RobotId),
    Pusher,
    /// A fan-created repulsor's beam (seed 001, Repulsors).
    Repulsor,
    /// A Grand Prix repulsor field the robot moved or was pushed into (seed 001).
    RepulsorField,
}

/// What moved a robot to a square that is not next to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Transport {
    Teleporter,
    FreakTeleporter,
    Portal,
    Gate,
}

impl Transport {
    fn words(self) -> &'static str {
        match self {
            Transport::Teleporter => "a teleporter",
            Transport::FreakTeleporter => "a freak teleporter",
            Transport::Portal => "a portal",
            Transport::Gate => "a gate",
        }
    }
}

/// Who fired a shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Shooter {
    /// A board laser on the wall of this square.
    Board,
    Robot(RobotId),
}

/// Why a robot's damage went down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RepairCause {
    /// A repair site or a flag at the end of the turn.
    Site,
    /// Damage discarded at the start of a powered-down turn.
    PowerDown,
}

/// Where an option card was drawn (seed 000: double-wrench sites; seed 001: radioactive waste and
/// chop shops).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OptionSource {
    DoubleWrench,
    Waste,
    ChopShop,
    /// Dealt as the game starts (One Free Option, start options: docs/rules.md, House rules).
    GameStart,
}

impl OptionSource {
    fn words(self) -> &'static str {
        match self {
            OptionSource::DoubleWrench => "on the double-wrench site",
            OptionSource::Waste => "from the radioactive waste",
            OptionSource::ChopShop => "at the chop shop",
            OptionSource::GameStart => "as the game starts",
        }
    }
}

/// Why a robot lost an option card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DiscardReason {
    /// Option exchange: discarded to avoid a point of damage (seed 000).
    Exchange,
    /// Lost on destruction (seed 000, Destruction).
    Destroyed,
    /// Spent: the Ablative Coat's 3 points or the Mini Howitzer's 5 shots.
    UsedUp,
    /// Destroyed by another robot's Fire Control.
    FireControl,
    /// Dealt at the start but not kept (start options: deal N, keep K).
    NotKept,
}

impl DiscardReason {
    fn words(self) -> &'static str {
        match self {
            DiscardReason::Exchange => "to avoid a point of damage",
            DiscardReason::Destroyed => "as it is destroyed",
            DiscardReason::UsedUp => "as it is used up",
            DiscardReason::FireControl => "to a Fire Control hit",
            DiscardReason::NotKept => "as one it does not keep of those dealt",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    TurnStarted {
        turn: u32,
    },
    Dealt {
        robot: RobotId,
        cards: u8,
    },
    PowerDownAnnounced {
        robot: RobotId,
    },
    PhaseStarted {
        phase: u8,
    },
    CardRevealed {
        robot: RobotId,
        register: u8,
        card: Card,
    },
    /// A randomizer replaced the card in the register with one from the deck (seed 001).
    CardReplaced {
        robot: RobotId,
        register: u8,
        from: Card,
        to: Card,
    },
    /// A teleporter, freak teleporter, portal or gate moved the robot.
    Teleported {
        robot: RobotId,
        by: Transport,
        from: Square,
        to: Square,
    },
    Moved {
        robot: RobotId,
        from: Square,
        to: Square,
    },
    Pushed {
        robot: RobotId,
        by: PushedBy,
        from: Square,
        to: Square,
    },
    Rotated {
        robot: RobotId,
        from: Facing,
        to: Facing,
        cause: RotateCause,
    },
    BeltMoved {
        robot: RobotId,
        from: Square,
        to: Square,
    },
    /// A move, push, belt ride or pusher push that did not happen (wall or another robot).
    Blocked {
        robot: RobotId,
        at: Square,
        toward: Facing,
    },
    Shot {
        robot: RobotId,
        shooter: Shooter,
        from: Square,
        to: Square,
        beams: u8,
    },
    Damaged {
        robot: RobotId,
        amount: u8,
        total: u8,
    },
    Destroyed {
        robot: RobotId,
        at: Square,
        cause: DestroyCause,
        lives_left: u8,
    },
    Eliminated {
        robot: RobotId,
    },
    /// The robot drew an option card (issue 8).
    OptionDrawn {
        robot: RobotId,
        at: Square,
        option: OptionCard,
        source: OptionSource,
    },
    /// An option acted: `target` is the robot a weapon or Ramming Gear acted on.
    OptionUsed {
        robot: RobotId,
        option: OptionCard,
        target: Option<RobotId>,
    },
    OptionDiscarded {
        robot: RobotId,
        option: OptionCard,
        reason: DiscardReason,
    },
    /// Damage the option kept from the robot (a shield, the Ablative Coat, option exchange).
    DamagePrevented {
        robot: RobotId,
        amount: u8,
        option: OptionCard,
    },
    Touched {
        robot: RobotId,
        flag: u8,
    },
    ArchiveSet {
        robot: RobotId,
        at: Square,
    },
    Finished {
        robot: RobotId,
        place: u8,
    },
    Repaired {
        robot: RobotId,
        amount: u8,
        total: u8,
        cause: RepairCause,
    },
    PoweredDown {
        robot: RobotId,
    },
    PoweredUp {
        robot: RobotId,
    },
    BecameReal {
        robot: RobotId,
    },
    Reentered {
        robot: RobotId,
        at: Square,
        facing: Facing,
        is_virtual: bool,
    },
    GameOver {
        turn: u32,
    },
    /// Moving flags: a belt or pusher carried the flag one square (docs/rules.md, Moving flags).
    FlagMoved {
        flag: u8,
        from: Square,
        to: Square,
    },
    /// Moving flags: the flag was carried off the board or into a pit and went back to its start
    /// square (docs/rules.md, Moving flags).
    FlagReturned {
        flag: u8,
        from: Square,
        to: Square,
    },
    /// The Dice Rule: lasers hit the die on the flag (seed 003 section 8.4).
    DieDamaged {
        flag: u8,
        amount: u8,
        left: u8,
    },
    /// The Dice Rule: the die took its last point and is removed; the flag can be touched.
    DieDestroyed {
        flag: u8,
        at: Square,
    },
}

impl Event {
    /// The robot the event is about, if any.
    pub fn robot(&self) -> Option<RobotId> {
        use Event::*;
        match *self {
            TurnStarted { .. }
            | PhaseStarted { .. }
            | GameOver { .. }
            | FlagMoved { .. }
            | FlagReturned { .. }
            | DieDamaged { .. }
            | DieDestroyed { .. } => None,
            Dealt { robot, .. }
            | PowerDownAnnounced { robot }
            | CardRevealed { robot, .. }
            | CardReplaced { robot, .. }
            | Teleported { robot, .. }
            | Moved { robot, .. }
            | Pushed { robot, .. }
            | Rotated { robot, .. }
            | BeltMoved { robot, .. }
            | Blocked { robot, .. }
            | Shot { robot, .. }
            | Damaged { robot, .. }
            | Destroyed { robot, .. }
            | Eliminated { robot }
            | OptionDrawn { robot, .. }
            | OptionUsed { robot, .. }
            | OptionDiscarded { robot, .. }
            | DamagePrevented { robot, .. }
            | Touched { robot, .. }
            | ArchiveSet { robot, .. }
            | Finished { robot, .. }
            | Repaired { robot, .. }
            | PoweredDown { robot }
            | PoweredUp { robot }
            | BecameReal { robot }
            | Reentered { robot, .. } => Some(robot),
        }
    }

    /// Secret Options (seed 003 section 8.4): options are "kept face-down until used". The
    /// robot and option this event turns face up: an option that acted (`OptionUsed`) or kept
    /// damage off (`DamagePrevented`); every other event reveals none.
    pub fn reveals_option(&self) -> Option<(usize, OptionCard)> {
        match self {
            Event::OptionUsed { robot, option, .. }
            | Event::DamagePrevented { robot, option, .. } => Some((usize::from(*robot), *option)),
            _ => None,
        }
    }

    /// One log line, naming robots by `names` (indexed by robot id).
    pub fn describe(&self, names: &[String]) -> String {
        let name = |r: RobotId| {
            names
                .get(usize::from(r))
                .cloned()
                .unwrap_or_else(|| format!("robot {}", r + 1))
        };
        use Event::*;
        match *self {
            TurnStarted { turn } => format!("Turn {turn} begins"),
            Dealt { robot, cards } => format!("{} is dealt {cards} card(s)", name(robot)),
            PowerDownAnnounced { robot } => {
                format!("{} announces a power down for next turn", name(robot))
            }
            PhaseStarted { phase } => format!("Register phase {phase}"),
            CardRevealed {
                robot,
                register,
                card,
            } => format!(
                "{} reveals {} ({}) in register {register}",
                name(robot),
                card.kind.name(),
                card.priority
            ),
            CardReplaced {
                robot,
                register,
                from,
                to,
            } => format!(
                "A randomizer replaces {}'s {} ({}) in register {register} with {} ({})",
                name(robot),
                from.kind.name(),
                from.priority,
                to.kind.name(),
                to.priority
            ),
            Teleported {
                robot,
                by,
                from,
                to,
            } => format!("{} takes {} from {from} to {to}", name(robot), by.words()),
            Moved { robot, from, to } => format!("{} moves from {from} to {to}", name(robot)),
            Pushed {
                robot,
                by,
                from,
                to,
            } => match by {
                PushedBy::Robot(p) => {
                    format!("{} pushes {} from {from} to {to}", name(p), name(robot))
                }
                PushedBy::Pusher => {
                    format!("A pusher pushes {} from {from} to {to}", name(robot))
                }
                PushedBy::Repulsor => {
                    format!("A repulsor pushes {} from {from} to {to}", name(robot))
                }
                PushedBy::RepulsorField => {
                    format!(
                        "A repulsor field pushes {} from {from} to {to}",
                        name(robot)
                    )
                }
            },
            Rotated {
                robot,
                from,
                to,
                cause,
            } => {
                let by = match cause {
                    RotateCause::Card => "",
                    RotateCause::Belt => " on a turning belt",
                    RotateCause::Gear => " on a gear",
                    RotateCause::Gate => " coming out of a gate",
                    RotateCause::CubeEdge => " crossing onto another side of the cube",
                };
                format!("{} turns from {from} to {to}{by}", name(robot))
            }
            BeltMoved { robot, from, to } => {
                format!("A belt carries {} from {from} to {to}", name(robot))
            }
            Blocked { robot, at, toward } => {
                format!("{} is blocked at {at} going {toward}", name(robot))
            }
            Shot {
                robot,
                shooter,
                from,
                to,
                beams,
            } => {
                let who = match shooter {
                    Shooter::Board => format!("A board laser at {from}"),
                    Shooter::Robot(r) => format!("{}'s laser from {from}", name(r)),
                };
                format!(
                    "{who} hits {} at {to} ({beams} beam{})",
                    name(robot),
                    if beams == 1 { "" } else { "s" }
                )
            }
            Damaged {
                robot,
                amount,
                total,
            } => format!("{} takes {amount} damage ({total} in all)", name(robot)),
            Destroyed {
                robot,
                at,
                cause,
                lives_left,
            } => format!(
                "{} {} at {at} and is destroyed ({lives_left} li{} left)",
                name(robot),
                cause.words(),
                if lives_left == 1 { "fe" } else { "ves" }
            ),
            Eliminated { robot } => format!("{} has no lives left and is out", name(robot)),
            OptionDrawn {
                robot,
                at,
                option,
                source,
            } => format!(
                "{} draws the option {option} {} at {at}",
                name(robot),
                source.words()
            ),
            OptionUsed {
                robot,
                option,
                target,
            } => match target {
                Some(t) => format!("{} uses its {option} on {}", name(robot), name(t)),
                None => format!("{} uses its {option}", name(robot)),
            },
            OptionDiscarded {
                robot,
                option,
                reason,
            } => format!(
                "{} loses its option {option} {}",
                name(robot),
                reason.words()
            ),
            DamagePrevented {
                robot,
                amount,
                option,
            } => format!("{}'s {option} prevents {amount} damage", name(robot)),
            Touched { robot, flag } => format!("{} touches flag {flag}", name(robot)),
            ArchiveSet { robot, at } => format!("{}'s archive is now {at}", name(robot)),
            Finished { robot, place } => {
                format!("{} has touched the last flag: place {place}", name(robot))
            }
            Repaired {
                robot,
                amount,
                total,
                cause,
            } => match cause {
                RepairCause::Site => {
                    format!("{} repairs {amount} damage ({total} left)", name(robot))
                }
                RepairCause::PowerDown => format!(
                    "{} is powered down and discards {amount} damage",
                    name(robot)
                ),
            },
            PoweredDown { robot } => format!("{} is powered down", name(robot)),
            PoweredUp { robot } => format!("{} powers up", name(robot)),
            BecameReal { robot } => {
                format!("{} is alone on its square and becomes real", name(robot))
            }
            Reentered {
                robot,
                at,
                facing,
                is_virtual,
            } => format!(
                "{} re-enters at {at} facing {facing}{}",
                name(robot),
                if is_virtual { ", virtual" } else { "" }
            ),
            GameOver { turn } => format!("The game is over after turn {turn}"),
            FlagMoved { flag, from, to } => format!("Flag {flag} is carried from {from} to {to}"),
            FlagReturned { flag, from, to } => {
                format!("Flag {flag} is carried off the floor from {from} and goes back to {to}")
            }
            DieDamaged { flag, amount, left } => format!(
                "The die on flag {flag} takes {amount} damage ({left} point{} left)",
                if left == 1 { "" } else { "s" }
            ),
            DieDestroyed { flag, at } => {
                format!("The die on flag {flag} at {at} is destroyed: the flag is free")
            }
        }
    }
}

#[cfg(test)]
mod tests;
