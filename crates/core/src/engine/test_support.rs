//! Helpers shared by the engine's unit tests: small floors built square by square (`Floorplan` for
//! the base rules, `Plan` for the option cards), scripted turns and short names.

use crate::engine::{
    Card, CardKind, Choices, Event, Factory, Game, OptionCard, OptionSet, RegisterSet, RobotSetup,
    Settings, Status,
};
use crate::geom::Facing::S;
use crate::geom::{Facing, Sides, Square};
use crate::model::{
    Barrier, Beams, Board, Device, EdgeSpec, Floor, Flow, FlowKind, Mount, Phases, Spin,
    SquareSpec, Tile, Wrenches,
};
use std::sync::Arc;

pub(super) fn sq(x: i32, y: i32) -> Square {
    Square::new(x, y)
}

pub(super) fn card(kind: CardKind, priority: u16) -> Card {
    Card::new(kind, priority)
}

/// A small test floor, built square by square.
pub(super) struct Floorplan(pub(super) Tile);

impl Floorplan {
    pub(super) fn new(w: i32, h: i32) -> Floorplan {
        Floorplan(Tile::new("t", w, h))
    }
    pub(super) fn spec(mut self, x: i32, y: i32, spec: SquareSpec) -> Self {
        self.0.set_square(sq(x, y), spec);
        self
    }
    pub(super) fn pit(self, x: i32, y: i32) -> Self {
        self.spec(
            x,
            y,
            SquareSpec {
                floor: Some(Floor::Pit),
                ..SquareSpec::default()
            },
        )
    }
    pub(super) fn flow(
        self,
        x: i32,
        y: i32,
        kind: FlowKind,
        out: Facing,
        entries: &[Facing],
    ) -> Self {
        self.spec(
            x,
            y,
            SquareSpec {
                flow: Some(Flow {
                    kind,
                    out,
                    entries: entries.iter().copied().collect::<Sides>(),
                }),
                ..SquareSpec::default()
            },
        )
    }
    pub(super) fn belt(self, x: i32, y: i32, out: Facing) -> Self {
        self.flow(x, y, FlowKind::Belt, out, &[out.opposite()])
    }
    pub(super) fn gear(self, x: i32, y: i32, spin: Spin) -> Self {
        self.spec(
            x,
            y,
            SquareSpec {
                gear: Some(spin),
                ..SquareSpec::default()
            },
        )
    }
    pub(super) fn repair(self, x: i32, y: i32, n: u8) -> Self {
        self.spec(
            x,
            y,
            SquareSpec {
                repair: Wrenches::new(n),
                ..SquareSpec::default()
            },
        )
    }
    pub(super) fn edge(
        mut self,
        x: i32,
        y: i32,
        side: Facing,
        barrier: Option<Barrier>,
        mount: Option<Mount>,
    ) -> Self {
        self.0.set_edge(sq(x, y), side, EdgeSpec { barrier, mount });
        self
    }
    pub(super) fn wall(self, x: i32, y: i32, side: Facing) -> Self {
        self.edge(x, y, side, Some(Barrier::Plain), None)
    }
    pub(super) fn laser(self, x: i32, y: i32, side: Facing, beams: u8) -> Self {
        self.edge(
            x,
            y,
            side,
            Some(Barrier::Plain),
            Beams::new(beams).map(Mount::Laser),
        )
    }
    pub(super) fn pusher(self, x: i32, y: i32, side: Facing, phases: &[u8]) -> Self {
        self.edge(
            x,
            y,
            side,
            Some(Barrier::Plain),
            Phases::from_list(phases).map(Mount::Pusher),
        )
    }
    pub(super) fn game(self, flags: &[Square], robots: &[(&str, Square, Facing)]) -> Game {
        let board = Board::from_tile(&self.0, flags);
        let setups: Vec<RobotSetup> = robots
            .iter()
            .map(|(n, s, f)| RobotSetup::new(*n, *s, *f))
            .collect();
        match Game::new(
            Arc::new(Factory::new(board)),
            &setups,
            Settings::default(),
            1,
        ) {
            Ok(g) => g,
            Err(e) => panic!("test setup: {e}"),
        }
    }
}

impl Floorplan {
    pub(super) fn floor(self, x: i32, y: i32, floor: Floor) -> Self {
        self.spec(
            x,
            y,
            SquareSpec {
                floor: Some(floor),
                ..SquareSpec::default()
            },
        )
    }
    pub(super) fn device(self, x: i32, y: i32, device: crate::model::Device) -> Self {
        self.spec(
            x,
            y,
            SquareSpec {
                device: Some(device),
                ..SquareSpec::default()
            },
        )
    }
    pub(super) fn gate(self, x: i32, y: i32, side: Facing, colour: crate::model::Colour) -> Self {
        self.edge(x, y, side, Some(Barrier::Gate(colour)), None)
    }
}

/// Runs `phases` register phases with the given registers (robot index, cards).
pub(super) fn run(game: &mut Game, regs: &[(usize, &[Card])], phases: u8) -> Vec<Event> {
    let mut events = Vec::new();
    game.begin_scripted_turn(&mut events);
    for (i, cards) in regs {
        let mut r = [None; 5];
        for (k, c) in cards.iter().enumerate() {
            r[k] = Some(*c);
        }
        game.set_registers(*i, r);
    }
    for _ in 0..phases {
        game.run_phase(&mut events);
    }
    events
}

pub(super) fn at(game: &Game, i: usize) -> Square {
    game.robots()[i].square
}

pub(super) fn status(game: &Game, i: usize) -> Status {
    game.robots()[i].status
}

pub(super) fn two_robot_game(seed: u64) -> Game {
    let board = Board::from_tile(&Tile::new("t", 12, 12), &[sq(11, 11)]);
    let setups = vec![
        RobotSetup::new("a", sq(2, 2), S),
        RobotSetup::new("b", sq(8, 2), S),
    ];
    match Game::new(
        Arc::new(Factory::new(board)),
        &setups,
        Settings::default(),
        seed,
    ) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    }
}

pub(super) fn floor_spec(floor: Floor) -> SquareSpec {
    SquareSpec {
        floor: Some(floor),
        ..SquareSpec::default()
    }
}

pub(super) fn device_spec(device: crate::model::Device) -> SquareSpec {
    SquareSpec {
        device: Some(device),
        ..SquareSpec::default()
    }
}

pub(super) fn c(kind: CardKind, priority: u16) -> Card {
    Card::new(kind, priority)
}

/// A small test floor.
pub(super) struct Plan(pub(super) Tile);

impl Plan {
    pub(super) fn new(w: i32, h: i32) -> Plan {
        Plan(Tile::new("t", w, h))
    }
    pub(super) fn spec(mut self, x: i32, y: i32, spec: SquareSpec) -> Plan {
        self.0.set_square(sq(x, y), spec);
        self
    }
    pub(super) fn pit(self, x: i32, y: i32) -> Plan {
        let spec = SquareSpec {
            floor: Some(Floor::Pit),
            ..SquareSpec::default()
        };
        self.spec(x, y, spec)
    }
    pub(super) fn repair(self, x: i32, y: i32, n: u8) -> Plan {
        let spec = SquareSpec {
            repair: Wrenches::new(n),
            ..SquareSpec::default()
        };
        self.spec(x, y, spec)
    }
    pub(super) fn gear(self, x: i32, y: i32) -> Plan {
        let spec = SquareSpec {
            gear: Some(Spin::Cw),
            ..SquareSpec::default()
        };
        self.spec(x, y, spec)
    }
    pub(super) fn waste(self, x: i32, y: i32) -> Plan {
        let spec = SquareSpec {
            device: Some(Device::RadioactiveWaste),
            ..SquareSpec::default()
        };
        self.spec(x, y, spec)
    }
    pub(super) fn wall(mut self, x: i32, y: i32, side: Facing) -> Plan {
        let edge = EdgeSpec {
            barrier: Some(Barrier::Plain),
            mount: None,
        };
        self.0.set_edge(sq(x, y), side, edge);
        self
    }
    pub(super) fn laser(mut self, x: i32, y: i32, side: Facing, beams: u8) -> Plan {
        let edge = EdgeSpec {
            barrier: Some(Barrier::Plain),
            mount: Beams::new(beams).map(Mount::Laser),
        };
        self.0.set_edge(sq(x, y), side, edge);
        self
    }
    pub(super) fn game(
        self,
        flags: &[Square],
        robots: &[(&str, Square, Facing, &[OptionCard])],
    ) -> Game {
        self.game_with(flags, robots, Settings::default(), |_| {})
    }
    pub(super) fn game_with(
        self,
        flags: &[Square],
        robots: &[(&str, Square, Facing, &[OptionCard])],
        settings: Settings,
        tweak: impl Fn(&mut Vec<RobotSetup>),
    ) -> Game {
        let board = Board::from_tile(&self.0, flags);
        let mut setups: Vec<RobotSetup> = robots
            .iter()
            .map(|(n, s, f, o)| RobotSetup {
                options: o.iter().copied().collect(),
                ..RobotSetup::new(*n, *s, *f)
            })
            .collect();
        tweak(&mut setups);
        match Game::new(Arc::new(Factory::new(board)), &setups, settings, 1) {
            Ok(g) => g,
            Err(e) => panic!("test setup: {e}"),
        }
    }
}

/// A scripted turn: registers and choices set, `phases` phases run.
pub(super) fn script(
    g: &mut Game,
    regs: &[(usize, &[Option<Card>])],
    choices: &[(usize, Choices)],
    phases: u8,
) -> Vec<Event> {
    let mut ev = Vec::new();
    g.begin_scripted_turn(&mut ev);
    for (i, cards) in regs {
        let mut r = [None; 5];
        for (k, card) in cards.iter().enumerate() {
            r[k] = *card;
        }
        g.set_registers(*i, r);
    }
    for (i, ch) in choices {
        if let Err(e) = g.set_choices(*i, ch) {
            panic!("test choices refused: {e}");
        }
    }
    for _ in 0..phases {
        g.run_phase(&mut ev);
    }
    ev
}

pub(super) fn robot(g: &Game, i: usize) -> crate::engine::game::Robot {
    g.robots()[i]
}

pub(super) fn set(list: &[OptionCard]) -> OptionSet {
    list.iter().copied().collect()
}

pub(super) fn registers(list: &[u8]) -> RegisterSet {
    let mut s = RegisterSet::default();
    for &r in list {
        s.insert(r);
    }
    s
}
