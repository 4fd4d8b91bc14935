//! What one square and one square edge hold, slot by slot (`SquareSpec`, `EdgeSpec`): the
//! catalogue entries present and the model's rule of which elements may share a square.

use super::{Barrier, Flow, Spin};
use super::{Device, ElementKind, Floor, FlowKind, Level, Mount, Phases, StartSquare, Wrenches};
use crate::geom::Rotation;

/// Everything on one square, slot by slot. The empty spec is open floor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct SquareSpec {
    pub level: Level,
    pub floor: Option<Floor>,
    pub flow: Option<Flow>,
    pub gear: Option<Spin>,
    pub crusher: Option<Phases>,
    pub repair: Option<Wrenches>,
    pub start: Option<StartSquare>,
    pub device: Option<Device>,
}

impl SquareSpec {
    pub fn is_open_floor(&self) -> bool {
        *self == SquareSpec::default()
    }

    /// The square turned with its tile.
    pub fn rotated(self, r: Rotation) -> SquareSpec {
        SquareSpec {
            flow: self.flow.map(|f| f.rotated(r)),
            start: self.start.map(|s| StartSquare {
                facing: s.facing.rotated(r),
                ..s
            }),
            device: self.device.map(|d| d.rotated(r)),
            ..self
        }
    }

    /// The catalogue entries present on this square, in catalogue order.
    pub fn kinds(&self) -> Vec<ElementKind> {
        let mut kinds = Vec::new();
        if let Some(floor) = self.floor {
            kinds.push(match floor {
                Floor::Pit => ElementKind::Pit,
                Floor::Drain => ElementKind::Drain,
                Floor::RadioactiveDrain => ElementKind::RadioactiveDrain,
                Floor::Water => ElementKind::Water,
                Floor::Slime => ElementKind::Slime,
                Floor::OilSlick => ElementKind::OilSlick,
                Floor::LavaPit(_) => ElementKind::LavaPit,
                Floor::TrapDoor(_) => ElementKind::TrapDoor,
            });
        }
        if let Some(flow) = self.flow {
            kinds.push(match flow.kind {
                FlowKind::Belt => ElementKind::Belt,
                FlowKind::Express => ElementKind::ExpressBelt,
                FlowKind::Gold => ElementKind::GoldBelt,
                FlowKind::Current => ElementKind::Current,
                FlowKind::River => ElementKind::MoltenRiver,
            });
        }
        if self.gear.is_some() {
            kinds.push(ElementKind::Gear);
        }
        if self.crusher.is_some() {
            kinds.push(ElementKind::Crusher);
        }
        if self.repair.is_some() {
            kinds.push(ElementKind::RepairSite);
        }
        if self.start.is_some() {
            kinds.push(ElementKind::StartSquare);
        }
        if let Some(device) = self.device {
            kinds.push(match device {
                Device::Randomizer => ElementKind::Randomizer,
                Device::Teleporter => ElementKind::Teleporter,
                Device::Ramp(_) => ElementKind::Ramp,
                Device::Portal(_) => ElementKind::Portal,
                Device::RepulsorField => ElementKind::RepulsorField,
                Device::ChopShop => ElementKind::ChopShop,
                Device::Radiation => ElementKind::Radiation,
                Device::RadioactiveWaste => ElementKind::RadioactiveWaste,
                Device::Maglock(_) => ElementKind::Maglock,
                Device::Repeater => ElementKind::Repeater,
                Device::FreakTeleporter => ElementKind::FreakTeleporter,
            });
        }
        if self.level == Level::Upper {
            kinds.push(ElementKind::UpperLevel);
        }
        kinds
    }

    /// The model's rule of which elements may share a square. `None` when this square is allowed;
    /// otherwise a sentence saying what clashes.
    ///
    /// A square has one "occupant" at most: a non-open floor, a flow, a gear, a repair site, a start
    /// square or a device. Two exceptions: a current runs on water, and a crusher stands over a
    /// conveyor belt (or over open floor) as on the published boards.
    pub fn sharing_problem(&self) -> Option<String> {
        let mut occupants: Vec<ElementKind> = self.kinds();
        occupants.retain(|k| !matches!(k, ElementKind::Crusher | ElementKind::UpperLevel));
        let current_on_water = self.floor == Some(Floor::Water)
            && self.flow.is_some_and(|f| f.kind == FlowKind::Current);
        if occupants.len() > 1 && !(occupants.len() == 2 && current_on_water) {
            return Some(format!(
                "{} cannot share a square with {}",
                occupants[0].article_name(),
                occupants[1].article_name()
            ));
        }
        if self.crusher.is_some()
            && let Some(other) = occupants.first()
            && !matches!(
                other,
                ElementKind::Belt | ElementKind::ExpressBelt | ElementKind::GoldBelt
            )
        {
            return Some(format!(
                "a crusher stands over open floor or a conveyor belt, not over {}",
                other.article_name()
            ));
        }
        if let Some(flow) = self.flow
            && flow.entries.contains(flow.out)
        {
            return Some(format!(
                "a {} cannot be fed from the side it runs out of ({})",
                flow_noun(flow.kind),
                flow.out.name()
            ));
        }
        None
    }
}

fn flow_noun(kind: FlowKind) -> &'static str {
    match kind {
        FlowKind::Belt => "conveyor belt",
        FlowKind::Express => "express belt",
        FlowKind::Gold => "gold belt",
        FlowKind::Current => "current",
        FlowKind::River => "molten-metal river",
    }
}

/// Everything on one side of one square: a barrier on the edge, and a device mounted on that side
/// of the edge acting into the square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct EdgeSpec {
    pub barrier: Option<Barrier>,
    pub mount: Option<Mount>,
}

impl EdgeSpec {
    pub fn is_empty(&self) -> bool {
        self.barrier.is_none() && self.mount.is_none()
    }

    pub fn kinds(&self) -> Vec<ElementKind> {
        let mut kinds = Vec::new();
        if let Some(b) = self.barrier {
            kinds.push(match b {
                Barrier::Plain => ElementKind::Wall,
                Barrier::OneWay => ElementKind::OneWayWall,
                Barrier::Spiked => ElementKind::SpikedWall,
                Barrier::Ledge => ElementKind::Ledge,
                Barrier::Gate(_) => ElementKind::Gate,
            });
        }
        if let Some(m) = self.mount {
            kinds.push(match m {
                Mount::Laser(_) => ElementKind::Laser,
                Mount::Pusher(_) => ElementKind::Pusher,
                Mount::Flamer(_) => ElementKind::Flamer,
                Mount::Repulsor(_) => ElementKind::Repulsor,
            });
        }
        kinds
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Facing;

    #[test]
    fn a_pit_shares_its_square_with_nothing() {
        let spec = SquareSpec {
            floor: Some(Floor::Pit),
            gear: Some(Spin::Cw),
            ..SquareSpec::default()
        };
        assert_eq!(
            spec.sharing_problem().as_deref(),
            Some("a pit cannot share a square with a gear")
        );
    }

    #[test]
    fn crushers_stand_over_belts_and_currents_run_on_water() {
        let crusher_on_belt = SquareSpec {
            flow: Some(Flow::straight(FlowKind::Express, Facing::S)),
            crusher: Some(Phases::from_list(&[2, 4]).unwrap_or_default()),
            ..SquareSpec::default()
        };
        assert_eq!(crusher_on_belt.sharing_problem(), None);
        let crusher_on_gear = SquareSpec {
            gear: Some(Spin::Ccw),
            crusher: Some(Phases::ALL),
            ..SquareSpec::default()
        };
        assert!(crusher_on_gear.sharing_problem().is_some());
        let current = SquareSpec {
            floor: Some(Floor::Water),
            flow: Some(Flow::straight(FlowKind::Current, Facing::W)),
            ..SquareSpec::default()
        };
        assert_eq!(current.sharing_problem(), None);
    }
}
