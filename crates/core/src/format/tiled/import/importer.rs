//! The course being built while a map is imported: the tile, its flags, the notes, and the one
//! way an element is put on a square or an edge (the first one drawn wins, the rest are noted).

use crate::format::tiled::read::short;
use crate::geom::{Facing, Square};
use crate::model::{Barrier, Device, EdgeSpec, Floor, Mount, SquareSpec, Tile};
use std::collections::BTreeMap;
use std::fmt;

/// Something in the map that the import could not carry over, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The layer it is drawn on (empty when it concerns the map as a whole).
    pub layer: String,
    pub at: Option<Square>,
    /// The global tile id, flip bits removed.
    pub gid: Option<u32>,
    /// The tile's class (type), or what the note is about.
    pub what: String,
    pub why: String,
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.layer.is_empty() {
            write!(f, "layer \"{}\", ", self.layer)?;
        }
        if let Some(at) = self.at {
            write!(f, "square {at}, ")?;
        }
        if let Some(gid) = self.gid {
            write!(f, "gid {gid}, ")?;
        }
        if !self.what.is_empty() {
            write!(f, "{}: ", self.what)?;
        }
        f.write_str(&self.why)
    }
}

/// Where a map element came from, for notes.
pub(super) struct Ctx<'a> {
    pub(super) layer: &'a str,
    pub(super) at: Square,
    pub(super) gid: u32,
    pub(super) class: &'a str,
}

impl Ctx<'_> {
    /// A note about this square. The layer's name and the class are quoted by their start
    /// (escaped): a name of megabytes would otherwise be copied into every note.
    pub(super) fn note(&self, why: impl Into<String>) -> Note {
        Note {
            layer: short(self.layer),
            at: Some(self.at),
            gid: Some(self.gid),
            what: short(self.class),
            why: why.into(),
        }
    }
}

/// A laser beam square as the map draws it (roboprojekt draws every square of a beam).
pub(super) struct DrawnBeam {
    pub(super) at: Square,
    pub(super) horizontal: bool,
    pub(super) layer: String,
    pub(super) gid: u32,
}

/// The tile being filled, the flags found so far, the notes and the beam squares as drawn.
pub(super) struct Importer {
    pub(super) tile: Tile,
    pub(super) flags: BTreeMap<u32, Square>,
    pub(super) notes: Vec<Note>,
    /// Notes past `MAX_NOTES`, counted, not kept.
    pub(super) left_off: usize,
    pub(super) beams: Vec<DrawnBeam>,
}

/// The most notes an import keeps: a 64 x 64 map of 256 layers could otherwise make a million,
/// and no one reads past the first screenful.
pub const MAX_NOTES: usize = 1000;

impl Importer {
    /// Keeps a note, or counts it once `MAX_NOTES` are kept.
    pub(super) fn note(&mut self, note: Note) {
        if self.notes.len() < MAX_NOTES {
            self.notes.push(note);
        } else {
            self.left_off += 1;
        }
    }

    pub(super) fn floor(&mut self, ctx: &Ctx, floor: Floor) {
        self.put(ctx, "a floor", |s| &mut s.floor, floor);
    }

    pub(super) fn device(&mut self, ctx: &Ctx, device: Device) {
        self.put(ctx, "a device", |s| &mut s.device, device);
    }

    /// Puts `value` in one slot of a square, unless the slot is taken or the square's sharing rule
    /// refuses it: then the first element drawn (lower layer) stays and this one is noted.
    pub(super) fn put<T: Copy + PartialEq>(
        &mut self,
        ctx: &Ctx,
        what: &str,
        slot: fn(&mut SquareSpec) -> &mut Option<T>,
        value: T,
    ) {
        let Some(spec) = self.tile.square(ctx.at).copied() else {
            return;
        };
        let mut new = spec;
        let held = slot(&mut new);
        match *held {
            Some(v) if v == value => return,
            Some(_) => {
                self.note(ctx.note(format!(
                    "the square already holds {what} from a lower layer: kept that one"
                )));
                return;
            }
            None => *held = Some(value),
        }
        if let Some(problem) = new.sharing_problem() {
            self.note(ctx.note(format!(
                "dropped: {problem} (the lower layer's element is kept)"
            )));
            return;
        }
        self.tile.set_square(ctx.at, new);
    }

    pub(super) fn barrier(&mut self, ctx: &Ctx, side: Facing, barrier: Barrier) {
        if let Some((b, anchor)) = self.tile.barrier(ctx.at, side) {
            // The same wall drawn from both squares is one wall.
            if b != barrier || (b != Barrier::Plain && anchor != ctx.at) {
                self.note(ctx.note(format!(
                    "the {side} edge already has another wall, drawn from {anchor}: kept that one"
                )));
            }
            return;
        }
        let mut edge = self.tile.edge(ctx.at, side);
        edge.barrier = Some(barrier);
        self.tile.set_edge(ctx.at, side, edge);
    }

    pub(super) fn mount(&mut self, ctx: &Ctx, side: Facing, mount: Mount) {
        let mut edge: EdgeSpec = self.tile.edge(ctx.at, side);
        match edge.mount {
            Some(m) if m == mount => {}
            Some(_) => self.note(ctx.note(format!(
                "the {side} side already carries another mount: kept that one"
            ))),
            None => {
                edge.mount = Some(mount);
                self.tile.set_edge(ctx.at, side, edge);
            }
        }
    }
}
