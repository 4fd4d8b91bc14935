//! How robots move and turn: one square of a movement card with the robots it pushes, pushes that
//! are not the robot's own move, a whole movement card with the expansion elements that act on it
//! square by square, and rotation. The register phase (`phase/`) calls these where its steps say.
//!
//! Layers, top to bottom: `card` (a movement card, square by square) uses `step` (one square of
//! the robot's own move, and turning) uses `push` (push chains, shoves and where pushed robots
//! land).

mod card;
mod push;
mod step;
