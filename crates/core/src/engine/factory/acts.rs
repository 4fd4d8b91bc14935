//! Bits of `Factory::acts`: what a square does to a robot standing on it, one bit for each step
//! of a register phase that acts on robots where they stand. `Game` keeps the bits of each
//! robot's square, so a step no robot stands in reach of is skipped whole and a step's loop
//! reads one word per robot instead of the square's whole record (issue 21).

use super::Factory;

/// Bit `1 << FlowKind as u8`: a belt, express or gold belt, current or river (step 4a-d).
pub const FLOW: u32 = 0x1f;
/// A gear (step 4f).
pub const GEAR: u32 = 1 << 5;
/// A crusher or a trap door, active in some phase (step 4g).
pub const CRUSH: u32 = 1 << 6;
/// A pusher on one of its walls or a repulsor's beam crossing it (step 4e).
pub const PUSH: u32 = 1 << 7;
/// A randomizer (step 1).
pub const RANDOMIZER: u32 = 1 << 8;
/// A repeater (after step 2).
pub const REPEATER: u32 = 1 << 9;
/// The fire step burns a robot here in some phase (`Factory::fire_burn`, step 5).
pub const BURN: u32 = 1 << 10;
/// A board laser's beam crosses the square (step 5).
pub const LASER: u32 = 1 << 11;
/// A flag as the board prints it, a repair site, radioactive waste or a chop shop (step 6).
pub const TOUCH: u32 = 1 << 12;
/// A move leaves the square plainly: no gate, ramp or ledge on it (step 2).
pub const PLAIN_EXIT: u32 = 1 << 13;
/// A move enters the square plainly: on the board, and no pit, drain, trap door, flamer,
/// lava pit, maglock or portal on it (step 2).
pub const PLAIN_ENTRY: u32 = 1 << 14;
/// A movement card starts plainly here: no slime, maglock, teleporter, freak teleporter,
/// water, current, oil slick or flamer on the square (step 2).
pub const PLAIN_START: u32 = 1 << 15;

impl Factory {
    /// The `acts` bits of cell `c`, worked out from its record.
    pub(super) fn acts_of(&self, c: usize) -> u32 {
        let cell = self.cells[c];
        if !cell.on_board {
            return 0;
        }
        let bit = |on: bool, b: u32| if on { b } else { 0 };
        let burns = self.burns[c * 5..c * 5 + 5].iter().any(|&b| b > 0);
        cell.flow.map_or(0, |f| 1 << (f.kind as u32))
            | bit(cell.gear.is_some(), GEAR)
            | bit(
                !cell.crusher.is_empty() || !cell.trap_door.is_empty(),
                CRUSH,
            )
            | bit(
                cell.pushers.iter().any(|p| !p.is_empty())
                    || !self.repulsor_crossings.at(c).is_empty(),
                PUSH,
            )
            | bit(cell.randomizer, RANDOMIZER)
            | bit(cell.repeater, REPEATER)
            | bit(burns, BURN)
            | bit(!self.laser_crossings.at(c).is_empty(), LASER)
            | bit(
                cell.flag > 0 || cell.wrenches > 0 || cell.waste || cell.chop_shop,
                TOUCH,
            )
            | bit(
                cell.gates == 0 && cell.ramp.is_none() && cell.ledge_drops == 0,
                PLAIN_EXIT,
            )
            | bit(
                !cell.hole
                    && cell.trap_door.is_empty()
                    && cell.flamer.is_empty()
                    && !cell.lava
                    && cell.maglock.is_empty()
                    && !cell.portal,
                PLAIN_ENTRY,
            )
            | bit(
                !cell.slime
                    && cell.maglock.is_empty()
                    && !cell.teleporter
                    && !cell.freak_teleporter
                    && !cell.water
                    && !cell.oil
                    && cell.flamer.is_empty(),
                PLAIN_START,
            )
    }
}
