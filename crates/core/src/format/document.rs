//! A tile or a course, whichever a file holds; and the rules of the loader a document in the
//! editor may break, put right before saving so that whatever the editor saves, it can open.

use super::course::course_from_sniffed;
use super::error::LoadError;
use super::files::read_text;
use super::header::{TILE_FORMAT, sniff};
use super::tile::{check_id, tile_from_sniffed};
use crate::model::course::{MAX_FLAG, MAX_OFFSET};
use crate::model::{Course, Tile};
use std::path::Path;

/// What a file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Document {
    Tile(crate::model::Tile),
    Course(crate::model::Course),
}

/// Parses a tile or course from text. `file` is only used in messages. The header is read once:
/// the readers of each kind take it as read.
pub fn document_from_str(file: &str, text: &str) -> Result<Document, LoadError> {
    match sniff(file, text)? {
        TILE_FORMAT => tile_from_sniffed(file, text).map(Document::Tile),
        _ => course_from_sniffed(file, text).map(Document::Course),
    }
}

/// Loads a tile or course file.
pub fn load_document(path: &Path) -> Result<Document, LoadError> {
    let text = read_text(path)?;
    document_from_str(&path.display().to_string(), &text)
}

/// A tile id made from `name`: lower-case letters, digits and dashes, as tile ids are.
pub fn id_from_name(name: &str) -> String {
    let mut id = String::new();
    for c in name.trim().chars().flat_map(char::to_lowercase) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            id.push(c);
        } else if !id.is_empty() && !id.ends_with('-') {
            id.push('-');
        }
    }
    // Leave room for a "-NN" suffix within the 64 characters an id may have.
    id.truncate(56);
    let id = id.trim_end_matches('-').to_string();
    if id.is_empty() {
        "tile".to_string()
    } else {
        id
    }
}

/// Puts right what in `tile` the loader would refuse (a name left empty, an id typed with
/// characters ids do not use), and says for each which rule it was and what was done.
pub fn fix_tile_for_save(tile: &mut Tile) -> Vec<String> {
    let mut warnings = Vec::new();
    if check_id(&tile.id).is_err() {
        let id = id_from_name(&tile.id);
        warnings.push(format!(
            "tile id \"{}\" breaks the rule \"ids are 1 to 64 lower-case letters, digits and dashes\": saved as \"{id}\"",
            tile.id.escape_debug()
        ));
        tile.id = id;
    }
    if tile.name.trim().is_empty() {
        warnings.push(format!(
            "the tile broke the rule \"a tile needs a name\": saved with the name \"{}\"",
            tile.id
        ));
        tile.name = tile.id.clone();
    }
    warnings
}

/// Puts right what in `course` the loader would refuse (an empty name, more players at least
/// than at most, a tile or flag beyond the furthest square a file may name, more flags than may
/// be numbered), and says for each which rule it was and what was done.
pub fn fix_course_for_save(course: &mut Course) -> Vec<String> {
    let mut warnings = Vec::new();
    if course.name.trim().is_empty() {
        warnings.push(
            "the course broke the rule \"a course needs a name\": saved as \"Untitled course\""
                .to_string(),
        );
        course.name = "Untitled course".to_string();
    }
    let players = &mut course.players;
    let (min, max) = (players.min.clamp(1, 8), players.max.clamp(1, 8));
    if (min, max) != (players.min, players.max) || min > max {
        let (lo, hi) = (min.min(max), min.max(max));
        warnings.push(format!(
            "players {} to {} broke the rule \"1 to 8 players, the fewest no more than the most\": saved as {lo} to {hi}",
            players.min, players.max
        ));
        players.min = lo;
        players.max = hi;
    }
    if let crate::model::LivesRule::Fixed(n) = course.lives
        && !(1..=9).contains(&n)
    {
        let fixed = n.clamp(1, 9);
        warnings.push(format!(
            "{n} lives broke the rule \"a fixed number of lives is 1 to 9\": saved as {fixed}"
        ));
        course.lives = crate::model::LivesRule::Fixed(fixed);
    }
    for p in &mut course.placements {
        // The same repair as the embedded tile's id gets, so a placement still finds its tile.
        if check_id(&p.tile).is_err() {
            let id = id_from_name(&p.tile);
            warnings.push(format!(
                "a placement names tile \"{}\", breaking the rule \"ids are 1 to 64 lower-case letters, digits and dashes\": saved as \"{id}\"",
                p.tile.escape_debug()
            ));
            p.tile = id;
        }
        let at = p.at;
        p.at.x = p.at.x.clamp(0, MAX_OFFSET);
        p.at.y = p.at.y.clamp(0, MAX_OFFSET);
        if at != p.at {
            warnings.push(format!(
                "tile \"{}\" at {at} broke the rule \"tiles are placed 0 to {MAX_OFFSET} squares from the corner\": saved at {}",
                p.tile, p.at
            ));
        }
    }
    let board_max = MAX_OFFSET + crate::model::MAX_TILE_SIDE - 1;
    let mut flags_moved = 0;
    for f in &mut course.flags {
        let at = f.at;
        f.at.x = f.at.x.clamp(0, board_max);
        f.at.y = f.at.y.clamp(0, board_max);
        flags_moved += usize::from(at != f.at);
        f.number = f.number.clamp(1, MAX_FLAG);
    }
    if flags_moved > 0 {
        warnings.push(format!(
            "{flags_moved} flag(s) broke the rule \"flags stand within {board_max} squares of the corner\": moved to the edge"
        ));
    }
    if course.flags.len() > MAX_FLAG as usize {
        warnings.push(format!(
            "{} flags broke the rule \"flags are numbered 1 to {MAX_FLAG}\": flags after {MAX_FLAG} were left out of the file",
            course.flags.len()
        ));
        course.flags.truncate(MAX_FLAG as usize);
    }
    if let crate::model::StartRule::Archive(s) = &mut course.start {
        let at = *s;
        s.x = s.x.clamp(0, board_max);
        s.y = s.y.clamp(0, board_max);
        if at != *s {
            warnings.push(format!(
                "the start {at} broke the rule \"the start is on the course\": saved at {s}"
            ));
        }
    }
    for t in &mut course.embedded {
        warnings.extend(fix_tile_for_save(t));
    }
    warnings
}
