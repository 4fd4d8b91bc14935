//! The sample robots by name (`random`, `greedy`, `planner`): making one, and reading a list of
//! them from the command line.

use super::fight::Fighter;
use super::map::FlagMaps;
use super::planner::PlannerBot;
use super::strategy::{Bot, GreedyBot, RandomBot};
use std::sync::Arc;

/// The sample robots by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BotKind {
    Random,
    Greedy,
    Planner,
}

impl BotKind {
    pub const ALL: [BotKind; 3] = [BotKind::Random, BotKind::Greedy, BotKind::Planner];

    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
            BotKind::Planner => "planner",
        }
    }

    pub fn from_name(name: &str) -> Option<BotKind> {
        BotKind::ALL.into_iter().find(|k| k.name() == name.trim())
    }

    /// A bot of this kind; `seed` drives the random bot's choices.
    pub fn make(self, maps: &Arc<FlagMaps>, seed: u64) -> Box<dyn Bot> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            // A RoboArena has no flags: the bots that steer fight instead (seed 003 section 8.5).
            BotKind::Greedy | BotKind::Planner if maps.flag_count() == 0 => {
                Box::new(Fighter(Arc::clone(maps)))
            }
            BotKind::Greedy => Box::new(GreedyBot::new(Arc::clone(maps))),
            BotKind::Planner => Box::new(PlannerBot::new(Arc::clone(maps))),
        }
    }
}

/// Parses `planner,greedy,random`: one bot per robot, 1 to 8 of them (seed 000: 8 players).
pub fn parse_bots(list: &str) -> Result<Vec<BotKind>, String> {
    let mut bots = Vec::new();
    for word in list.split(',') {
        let Some(kind) = BotKind::from_name(word) else {
            return Err(format!(
                "\"{}\" is not a bot: use random, greedy or planner",
                word.trim()
            ));
        };
        bots.push(kind);
    }
    if bots.len() > 8 {
        return Err(format!(
            "{} bots: a game holds 1 to 8 robots (1994 rules)",
            bots.len()
        ));
    }
    Ok(bots)
}
