//! The inspector of the tile editor: edits what is on the selected square and on its edges (the
//! phases as five toggles, laser beams, colours, wrenches, level, facing).

use crate::geom::{Facing, Square};
use crate::model::{
    Barrier, Beams, Colour, Device, EdgeSpec, Floor, Level, Mount, Phases, Spin, StartNumber, Tile,
    Wrenches,
};
use egui::Ui;

/// Five toggles for the register phases 1 to 5. Returns whether they changed.
fn phases_ui(ui: &mut Ui, label: &str, phases: &mut Phases) -> bool {
    let mut changed = false;
    ui.horizontal(|ui| {
        ui.label(label);
        for p in 1..=5u8 {
            let on = phases.contains(p);
            if ui
                .selectable_label(on, p.to_string())
                .on_hover_text(format!("Active in register phase {p}"))
                .clicked()
            {
                *phases = phases.toggled(p);
                changed = true;
            }
        }
    });
    changed
}

fn facing_ui(ui: &mut Ui, label: &str, facing: &mut Facing) -> bool {
    let mut changed = false;
    ui.horizontal(|ui| {
        ui.label(label);
        for f in Facing::ALL {
            if ui
                .selectable_label(*facing == f, f.name())
                .on_hover_text(format!("{label} {}", f.name()))
                .clicked()
            {
                *facing = f;
                changed = true;
            }
        }
    });
    changed
}

fn colour_ui(ui: &mut Ui, colour: &mut Colour) -> bool {
    let mut changed = false;
    egui::ComboBox::from_label("Colour")
        .selected_text(colour.name())
        .show_ui(ui, |ui| {
            for c in Colour::ALL {
                changed |= ui.selectable_value(colour, c, c.name()).changed();
            }
        });
    changed
}

fn count_ui(ui: &mut Ui, label: &str, value: &mut u8, range: std::ops::RangeInclusive<u8>) -> bool {
    let mut changed = false;
    ui.horizontal(|ui| {
        ui.label(label);
        for n in range {
            if ui.selectable_label(*value == n, n.to_string()).clicked() {
                *value = n;
                changed = true;
            }
        }
    });
    changed
}

/// Edits square `square` of `tile`. Returns whether anything changed.
pub fn inspector_ui(ui: &mut Ui, tile: &mut Tile, square: Square) -> bool {
    let Some(&old) = tile.square(square) else {
        ui.weak("Click a square to inspect it.");
        return false;
    };
    let mut spec = old;
    ui.strong(format!("Square {square}"));
    let mut upper = spec.level == Level::Upper;
    if ui
        .checkbox(&mut upper, "Upper level")
        .on_hover_text("Armed & Dangerous: the raised level that ramps and ledges lead to")
        .changed()
    {
        spec.level = if upper { Level::Upper } else { Level::Lower };
    }
    if spec.is_open_floor() {
        ui.weak("Open floor");
    }
    if let Some(floor) = &mut spec.floor {
        match floor {
            Floor::LavaPit(p) => {
                phases_ui(ui, "Lava erupts in", p);
            }
            Floor::TrapDoor(p) => {
                phases_ui(ui, "Trap door open in", p);
            }
            _ => {}
        }
    }
    if let Some(flow) = &mut spec.flow {
        let before = flow.out;
        if facing_ui(ui, "Runs", &mut flow.out) {
            flow.entries = flow.entries.without(flow.out);
            if flow.entries.contains(before.opposite()) || flow.entries.is_empty() {
                flow.entries = flow
                    .entries
                    .without(before.opposite())
                    .with(flow.out.opposite());
            }
        }
    }
    if let Some(spin) = &mut spec.gear {
        ui.horizontal(|ui| {
            ui.label("Gear turns");
            ui.selectable_value(spin, Spin::Cw, "clockwise");
            ui.selectable_value(spin, Spin::Ccw, "counter-clockwise");
        });
    }
    if let Some(p) = &mut spec.crusher {
        phases_ui(ui, "Crusher in", p);
    }
    if let Some(w) = &mut spec.repair {
        let mut n = w.get();
        if count_ui(ui, "Wrenches", &mut n, Wrenches::MIN..=Wrenches::MAX)
            && let Some(new) = Wrenches::new(n)
        {
            *w = new;
        }
    }
    if let Some(start) = &mut spec.start {
        let mut n = start.number.get();
        if count_ui(ui, "Start", &mut n, StartNumber::MIN..=StartNumber::MAX)
            && let Some(new) = StartNumber::new(n)
        {
            start.number = new;
        }
        facing_ui(ui, "Facing", &mut start.facing);
    }
    if let Some(device) = &mut spec.device {
        match device {
            Device::Ramp(up) => {
                facing_ui(ui, "Up towards", up);
            }
            Device::Portal(c) => {
                colour_ui(ui, c);
            }
            Device::Maglock(p) => {
                phases_ui(ui, "Locks in", p);
            }
            _ => {}
        }
    }
    let mut changed = spec != old;
    if changed {
        tile.set_square(square, spec);
    }
    for side in Facing::ALL {
        let old_edge = tile.edge(square, side);
        if old_edge.is_empty() {
            continue;
        }
        let mut edge: EdgeSpec = old_edge;
        ui.separator();
        ui.label(format!("{} side", side.name()));
        if let Some(Barrier::Gate(c)) = &mut edge.barrier {
            colour_ui(ui, c);
        }
        match &mut edge.mount {
            Some(Mount::Laser(beams)) => {
                let mut n = beams.get();
                if count_ui(ui, "Laser beams", &mut n, Beams::MIN..=Beams::MAX)
                    && let Some(new) = Beams::new(n)
                {
                    *beams = new;
                }
            }
            Some(Mount::Pusher(p)) => {
                phases_ui(ui, "Pusher in", p);
            }
            Some(Mount::Flamer(p)) => {
                phases_ui(ui, "Flamer in", p);
            }
            Some(Mount::Repulsor(p)) => {
                phases_ui(ui, "Repulsor in", p);
            }
            None => {}
        }
        for kind in edge.kinds() {
            ui.weak(kind.name());
        }
        if edge != old_edge {
            tile.set_edge(square, side, edge);
            changed = true;
        }
    }
    changed
}
