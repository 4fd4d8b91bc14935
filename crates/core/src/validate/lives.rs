//! One Free Life and Infinite Lives in the solver (issue 18 item 4; seed 003 section 8.4): how
//! many destructions a line may take and the damage a robot returns with. Under the 1994 rules a
//! destruction ends the line (the solver's model: a line that loses a life is no way to the flag);
//! under One Free Life one destruction costs no life and its return takes no damage ("the first
//! restore is done without receiving any damage", as the engine plays it in `Game::reenter`);
//! under Infinite Lives any number of destructions, each robot "still returned to the archive"
//! with 2 damage (seed 000, Withdrawing an Archive Copy; RULINGS.md, Start of the next turn).

use crate::engine::game::REENTRY_DAMAGE;
use crate::model::HouseRules;

/// The destructions a line may take and how the robot returns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Lives {
    /// Destructions a line may take: 0 under the 1994 rules, 1 under One Free Life, `u8::MAX`
    /// (no limit) under Infinite Lives.
    pub allowed: u8,
    /// The first return takes no damage (One Free Life).
    pub free_first: bool,
}

impl Lives {
    /// The lives rules in force.
    pub fn under(house: &HouseRules) -> Lives {
        Lives {
            allowed: if house.infinite_lives {
                u8::MAX
            } else {
                u8::from(house.one_free_life)
            },
            free_first: house.one_free_life,
        }
    }

    /// Whether a line may take a destruction at all (the search then follows the archive).
    pub fn modelled(&self) -> bool {
        self.allowed > 0
    }

    /// Whether a line with `deaths` destructions so far may take one more.
    pub fn may_die(&self, deaths: u8) -> bool {
        self.allowed == u8::MAX || deaths < self.allowed
    }

    /// The damage a robot returns with after its `deaths`-th destruction (1 for the first).
    pub fn return_damage(&self, deaths: u8) -> u8 {
        if self.free_first && deaths <= 1 {
            0
        } else {
            REENTRY_DAMAGE
        }
    }

    /// What of the destructions so far tells two states apart: nothing under Infinite Lives
    /// alone (every return is the same), whether the free life is spent otherwise.
    pub fn key(&self, deaths: u8) -> u8 {
        if self.allowed == u8::MAX && !self.free_first {
            0
        } else {
            deaths.min(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lives_under_each_rule_seed_003_section_8_4() {
        let mut house = HouseRules::default();
        let plain = Lives::under(&house);
        assert!(!plain.modelled());
        assert!(!plain.may_die(0));
        house.one_free_life = true;
        let free = Lives::under(&house);
        assert!(free.may_die(0) && !free.may_die(1));
        assert_eq!(free.return_damage(1), 0);
        house.one_free_life = false;
        house.infinite_lives = true;
        let infinite = Lives::under(&house);
        assert!(infinite.may_die(0) && infinite.may_die(200));
        assert_eq!(infinite.return_damage(1), REENTRY_DAMAGE);
        assert_eq!(infinite.key(5), 0);
        house.one_free_life = true;
        let both = Lives::under(&house);
        assert_eq!((both.return_damage(1), both.return_damage(2)), (0, 2));
        assert_eq!(both.key(3), 1);
    }
}
