//! Every setup rule the validator checks, by id: its severity and what it checks with its source.
//! The rule functions are in rules.rs (and arena.rs, cube.rs, dice.rs for the house rules).

use super::Severity;

/// Every rule: id, severity, and what it checks with its source.
pub const RULES: &[(&str, Severity, &str)] = &[
    (
        "no-tiles",
        Severity::Error,
        "a course places at least one tile",
    ),
    (
        "unknown-tile",
        Severity::Error,
        "every placed tile exists in the library or the course",
    ),
    ("tile-overlap", Severity::Error, "tiles do not overlap"),
    (
        "tiles-not-connected",
        Severity::Error,
        "tiles join edge to edge into one board",
    ),
    (
        "conflicting-walls",
        Severity::Warning,
        "adjacent walls between boards count as one wall (Factory Floor Guide, Walls): two tiles should agree on it",
    ),
    (
        "cube-does-not-fold",
        Severity::Error,
        "under RoboRally Cubed the six boards fold into a cube (1995 FAQ section 8.1)",
    ),
    (
        "arena-start-unreachable",
        Severity::Error,
        "in a RoboArena every start can reach every other start (1995 FAQ section 8.5)",
    ),
    (
        "arena-with-flags",
        Severity::Error,
        "a RoboArena has no flags (1995 FAQ section 8.5): with the rule on, flags contradict it",
    ),
    (
        "arena-start-boxed-in",
        Severity::Warning,
        "in a RoboArena no start is walled in on three sides (1995 FAQ section 8.5)",
    ),
    (
        "no-flags",
        Severity::Error,
        "a course has at least one flag (1994 rules, Set Up)",
    ),
    (
        "flag-numbering",
        Severity::Error,
        "flags are numbered 1..n without gaps (RULINGS.md, Setup rules)",
    ),
    (
        "flag-duplicate",
        Severity::Error,
        "each flag number is used once (RULINGS.md, Setup rules)",
    ),
    ("flag-off-board", Severity::Error, "flags stand on a tile"),
    (
        "flag-on-pit",
        Severity::Error,
        "no flag on or over a pit (FAQ 7.1)",
    ),
    (
        "flag-on-belt",
        Severity::Error,
        "no flag on a conveyor belt of any kind (FAQ 7.1)",
    ),
    (
        "flag-on-pusher",
        Severity::Error,
        "no flag on a pusher's square (FAQ 7.1)",
    ),
    (
        "flag-under-crusher",
        Severity::Error,
        "no flag under a crusher (FAQ 7.1)",
    ),
    (
        "flag-in-wall-corner",
        Severity::Error,
        "no flag in a corner of two or more walls (FAQ 7.1)",
    ),
    (
        "flag-unreachable",
        Severity::Error,
        "every flag can be reached, in order, from the start by a lone robot playing legal cards (RULINGS.md, Setup rules)",
    ),
    (
        "solver-undecided",
        Severity::Warning,
        "the solver's search stopped at its budget of states before it could tell whether every flag can be reached (docs/validation.md, Speed, progress and Cancel)",
    ),
    (
        "flags-share-tile",
        Severity::Advice,
        "one flag per tile is advice, not a rule (RULINGS.md)",
    ),
    (
        "tile-without-flag",
        Severity::Advice,
        "a tile without a flag is seldom visited (RULINGS.md)",
    ),
    (
        "start-off-board",
        Severity::Error,
        "the start square is on a tile",
    ),
    (
        "start-not-archive",
        Severity::Error,
        "a 1994 start is an archive site: a repair site (1994 rules, Set Up; RULINGS.md)",
    ),
    (
        "start-not-on-first-tile",
        Severity::Error,
        "a 1994 start is on the first tile (RULINGS.md)",
    ),
    (
        "start-numbering",
        Severity::Error,
        "numbered start squares are 1..8 without gaps or duplicates (RULINGS.md)",
    ),
    (
        "start-not-open-floor",
        Severity::Error,
        "a numbered start square is open floor (RULINGS.md)",
    ),
    (
        "start-facing-out",
        Severity::Error,
        "a numbered start square faces into the course",
    ),
    (
        "not-enough-starts",
        Severity::Error,
        "one numbered start square per robot of the player range (RULINGS.md)",
    ),
    (
        "mount-without-wall",
        Severity::Warning,
        "lasers, pushers, flamers and repulsors are mounted on walls (Factory Floor Guide)",
    ),
    (
        "belt-into-wall",
        Severity::Warning,
        "a belt or current that runs into a wall carries nobody anywhere",
    ),
    (
        "belt-off-board",
        Severity::Warning,
        "a belt or current that runs off the board destroys robots (Factory Floor Guide, Pits)",
    ),
    (
        "unpaired-portal",
        Severity::Error,
        "portals pair by colour (Factory Floor Guide, Portals; RULINGS.md)",
    ),
    (
        "unpaired-gate",
        Severity::Error,
        "gates pair by colour (Factory Floor Guide, Gates; RULINGS.md)",
    ),
    (
        "phased-never-active",
        Severity::Warning,
        "a phased element acts in the phases shown on it (Factory Floor Guide)",
    ),
    (
        "ramp-without-ledge",
        Severity::Warning,
        "ramps lead between levels separated by ledges (Factory Floor Guide, Ramps)",
    ),
    (
        "flags-on-one-square",
        Severity::Error,
        "each flag has its own square: a robot touches one flag per register phase (RULINGS.md, Setup rules)",
    ),
    (
        "level-mismatch",
        Severity::Error,
        "ramps and ledges fit the levels around them across the course (Armed & Dangerous: a ledge's anchor is the upper level, a ramp leads up)",
    ),
    (
        "flag-by-chance",
        Severity::Warning,
        "a flag only a randomizer or freak teleporter gets a robot to depends on chance (Factory Floor Guide)",
    ),
    (
        "dice-blockade",
        Severity::Advice,
        "under the Dice Rule, each blockaded flag with its die's points and what can shoot it away; the solver assumes it shot away (1995 FAQ section 8.2)",
    ),
    (
        "dice-out-of-reach",
        Severity::Error,
        "under the Dice Rule, something can shoot each die away: a board laser or a square in a clear line a robot reaches (1995 FAQ section 8.2)",
    ),
    (
        "lives",
        Severity::Advice,
        "lives per robot under the course's rule (Dutch rules summary; RULINGS.md, Damage, lives and winning)",
    ),
];
