//! The one-layer-per-element convention: a layer's name says what its tiles are, and a tile's id
//! within its tileset picks the variant (docs/tiled.md has the table).

use super::read::Prop;
use super::typed::TypedElement;
use crate::model::course::MAX_FLAG;

/// The one-layer-per-element convention: what a layer's name says its tiles are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayerKind {
    Floor,
    Hole,
    Wall,
    Laser,
    Conveyor,
    FastConveyor,
    Pusher,
    Gear,
    Repair,
    Flag,
    Start,
}

impl LayerKind {
    /// Layer names are compared in lower case with spaces, dashes and underscores removed.
    pub fn from_name(name: &str) -> Option<LayerKind> {
        let key: String = name
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .flat_map(char::to_lowercase)
            .collect();
        Some(match key.as_str() {
            "floor" | "ground" | "board" | "background" => LayerKind::Floor,
            "hole" | "holes" | "pit" | "pits" => LayerKind::Hole,
            "wall" | "walls" => LayerKind::Wall,
            "laser" | "lasers" => LayerKind::Laser,
            "conveyor" | "conveyors" | "conveyorbelt" | "conveyorbelts" | "belt" | "belts" => {
                LayerKind::Conveyor
            }
            "fastconveyorbelt"
            | "fastconveyorbelts"
            | "fastconveyor"
            | "expressconveyor"
            | "expressconveyorbelt"
            | "expressbelt"
            | "expressbelts" => LayerKind::FastConveyor,
            "pusher" | "pushers" => LayerKind::Pusher,
            "gear" | "gears" | "rotator" | "rotators" => LayerKind::Gear,
            "repair" | "repairs" | "repairsite" | "repairsites" | "wrench" | "wrenches" => {
                LayerKind::Repair
            }
            "flag" | "flags" | "checkpoint" | "checkpoints" => LayerKind::Flag,
            "startpositions" | "startposition" | "start" | "starts" | "spawn" | "spawns" => {
                LayerKind::Start
            }
            _ => return None,
        })
    }

    /// The id table (docs/tiled.md): a tile's id within its tileset picks the variant; every
    /// picture is drawn facing north and turned by the flip bits like any other tile.
    pub fn element(self, id: u32) -> Option<TypedElement> {
        let e = |class: &str, props: Vec<(&str, Prop)>| {
            Some(TypedElement {
                class: class.to_string(),
                props: props.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
            })
        };
        let belt = |express: bool| -> Option<TypedElement> {
            let (turn, crossroad) = match id {
                0 => (0, false),
                1 => (90, false),
                2 => (-90, false),
                3 => (90, true),
                4 => (-90, true),
                5 => (180, true),
                _ => return None,
            };
            e(
                "belt",
                vec![
                    ("express", Prop::Bool(express)),
                    ("direction_out", Prop::Int(turn)),
                    ("crossroad", Prop::Bool(crossroad)),
                ],
            )
        };
        match self {
            LayerKind::Floor => e("ground", vec![]),
            LayerKind::Hole => e("hole", vec![]),
            LayerKind::Wall if id == 0 => e("wall", vec![]),
            LayerKind::Laser if id < 6 => e(
                "laser",
                vec![
                    ("laser_strength", Prop::Int(i64::from(id % 3) + 1)),
                    ("start", Prop::Bool(id < 3)),
                ],
            ),
            LayerKind::Conveyor => belt(false),
            LayerKind::FastConveyor => belt(true),
            LayerKind::Pusher if id < 2 => {
                e("pusher", vec![("register", Prop::Int(1 - i64::from(id)))])
            }
            LayerKind::Gear if id < 2 => e(
                "gear",
                vec![("move_direction", Prop::Int(if id == 0 { 90 } else { -90 }))],
            ),
            LayerKind::Repair if id < 2 => {
                e("repair", vec![("wrenches", Prop::Int(i64::from(id) + 1))])
            }
            LayerKind::Flag if id < MAX_FLAG => {
                e("flag", vec![("number", Prop::Int(i64::from(id) + 1))])
            }
            LayerKind::Start if id < 8 => {
                e("start", vec![("number", Prop::Int(i64::from(id) + 1))])
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layer_names_ignore_case_and_separators() {
        assert_eq!(
            LayerKind::from_name("Fast Conveyor_Belt"),
            Some(LayerKind::FastConveyor)
        );
        assert_eq!(
            LayerKind::from_name("StartPositions"),
            Some(LayerKind::Start)
        );
        assert_eq!(LayerKind::from_name("Vrstva dlaždic 1"), None);
    }
}
