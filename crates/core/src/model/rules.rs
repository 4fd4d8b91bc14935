//! The rules a course is played under: the 1994 edition plus any set of house rules (seed 003
//! section 8, and the variants community courses are written for), each with its parameters.
//! `HouseRule` names every rule once; the `--rule NAME[=VALUE]` flag, the README's list and the
//! window read that one list.

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use std::fmt;
use strum::{EnumIter, IntoEnumIterator};

/// The highest flag number a course may use.
pub const MAX_FLAG: u32 = 32;

/// The rules edition a course is written for. Only the 1994 classic rules exist so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub enum RulesEdition {
    #[default]
    #[serde(rename = "classic-1994")]
    Classic1994,
}

/// The edition and the house rules in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Rules {
    pub edition: RulesEdition,
    pub house: HouseRules,
}

impl From<RulesEdition> for Rules {
    /// An edition's rules with no house rule.
    fn from(edition: RulesEdition) -> Rules {
        Rules {
            edition,
            house: HouseRules::default(),
        }
    }
}

impl Rules {
    /// Whether these are the plain 1994 rules, with no house rule.
    pub fn is_classic(&self) -> bool {
        self.house == HouseRules::default()
    }
}

impl fmt::Display for Rules {
    /// "1994 rules" or "1994 rules + infinite lives, laser damage x2": what every command and
    /// panel prints as the rules in force.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("1994 rules")?;
        let in_force = self.house.in_force();
        for (i, (rule, value)) in in_force.iter().enumerate() {
            f.write_str(if i == 0 { " + " } else { ", " })?;
            f.write_str(rule.label())?;
            if let Some(v) = value {
                write!(f, " {v}")?;
            }
        }
        Ok(())
    }
}

/// Seconds a player has to program under the Three Minute Rule unless the rule says otherwise.
pub const THREE_MINUTES: u32 = 180;
/// Points of damage a die takes under the Dice Rule unless the rule says otherwise (a six-sided die).
pub const DIE_POINTS: u8 = 6;

/// RoboRally Cubed (seed 003 section 8.1): the floor is the inside or the outside of a cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CubeSide {
    /// Lasers cross a board edge to the first row across it.
    Inside,
    /// Lasers do not cross board edges.
    Outside,
}

/// Moving flags: what happens to an archive set on a flag when the flag moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ArchiveOnFlag {
    /// The archive marker rides with the flag.
    Moves,
    /// The archive marker stays on the square where the flag was touched.
    Stays,
}

/// The Dice Rule's blockades: points of damage each flag's die takes, by flag number
/// (0: no die on that flag).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct DicePoints(pub [u8; MAX_FLAG as usize]);

impl DicePoints {
    /// Every flag `1..=MAX_FLAG` with a die of `points`.
    pub fn all(points: u8) -> DicePoints {
        DicePoints([points; MAX_FLAG as usize])
    }
    /// The die's points on flag `number`, if it has one.
    pub fn on_flag(&self, number: u32) -> Option<u8> {
        let i = usize::try_from(number.checked_sub(1)?).ok()?;
        self.0.get(i).copied().filter(|&p| p > 0)
    }
    /// Sets (or with 0 removes) the die on flag `number`; false when the number is out of range.
    pub fn set(&mut self, number: u32, points: u8) -> bool {
        match number
            .checked_sub(1)
            .and_then(|i| self.0.get_mut(i as usize))
        {
            Some(slot) => {
                *slot = points;
                true
            }
            None => false,
        }
    }
}

impl Serialize for DicePoints {
    /// A map from flag number (as text, JSON's keys) to points: `{"1": 6, "3": 4}`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let map: BTreeMap<String, u8> = (1..=MAX_FLAG)
            .filter_map(|n| self.on_flag(n).map(|p| (n.to_string(), p)))
            .collect();
        map.serialize(s)
    }
}

impl<'de> Deserialize<'de> for DicePoints {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let map = BTreeMap::<String, u8>::deserialize(d)?;
        let mut dice = DicePoints::default();
        for (key, points) in map {
            // Written as the flag's number is: "1", never "01" or "+1", which would be a second
            // key for the same flag, one of them dropped without a word.
            let number: u32 = key
                .parse()
                .ok()
                .filter(|n: &u32| n.to_string() == key)
                .ok_or_else(|| {
                    serde::de::Error::custom(format!(
                        "\"{key}\" is not a flag number (1 to {MAX_FLAG}, written in plain digits)"
                    ))
                })?;
            if points == 0 || !dice.set(number, points) {
                return Err(serde::de::Error::custom(format!(
                    "a die on flag {key} with {points} points: flags are 1 to {MAX_FLAG}, points 1 to 255"
                )));
            }
        }
        Ok(dice)
    }
}

impl JsonSchema for DicePoints {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "DicePoints".into()
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        <BTreeMap<String, u8>>::json_schema(generator)
    }
}

/// The option cards each robot starts with: `deal` drawn, `keep` of them kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StartOptions {
    pub deal: u8,
    pub keep: u8,
}

/// Team races: robot `i` (in player order, from 0) is in team `i % count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Teams {
    pub count: u8,
    /// "One touches, all touch": a flag touched by one robot counts for every robot of its team.
    #[serde(default, skip_serializing_if = "is_false")]
    pub one_touches_all_touch: bool,
    /// "Any wins, all win": the team of the first robot to finish wins with it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub any_wins_all_win: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The house rules in force; the default is none (the plain 1994 rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct HouseRules {
    #[serde(default, skip_serializing_if = "is_false")]
    pub one_free_life: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub infinite_lives: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub one_free_option: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub secret_options: bool,
    /// Seconds to program.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub three_minute_rule: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<DicePoints>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub installing_options: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_sit_and_spin: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub robo_arena: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cubed: Option<CubeSide>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moving_flags: Option<ArchiveOnFlag>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_power_down: bool,
    /// Every point of laser damage multiplied by this (2 or more).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub laser_damage: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_options: Option<StartOptions>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teams: Option<Teams>,
}

/// Every house rule by name: what `--rule` takes, the README lists and the composer shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumIter)]
pub enum HouseRule {
    OneFreeLife,
    InfiniteLives,
    OneFreeOption,
    SecretOptions,
    ThreeMinuteRule,
    Dice,
    InstallingOptions,
    NoSitAndSpin,
    RoboArena,
    Cubed,
    MovingFlags,
    NoPowerDown,
    LaserDamage,
    StartOptions,
    Teams,
    TeamTouch,
    TeamWin,
}

impl HouseRule {
    /// The rule's name in files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            HouseRule::OneFreeLife => "one-free-life",
            HouseRule::InfiniteLives => "infinite-lives",
            HouseRule::OneFreeOption => "one-free-option",
            HouseRule::SecretOptions => "secret-options",
            HouseRule::ThreeMinuteRule => "three-minute-rule",
            HouseRule::Dice => "dice",
            HouseRule::InstallingOptions => "installing-options",
            HouseRule::NoSitAndSpin => "no-sit-and-spin",
            HouseRule::RoboArena => "robo-arena",
            HouseRule::Cubed => "cubed",
            HouseRule::MovingFlags => "moving-flags",
            HouseRule::NoPowerDown => "no-power-down",
            HouseRule::LaserDamage => "laser-damage",
            HouseRule::StartOptions => "start-options",
            HouseRule::Teams => "teams",
            HouseRule::TeamTouch => "team-touch",
            HouseRule::TeamWin => "team-win",
        }
    }

    /// The rule in user words, as panels and reports list it.
    pub fn label(self) -> &'static str {
        match self {
            HouseRule::OneFreeLife => "One Free Life",
            HouseRule::InfiniteLives => "Infinite Lives",
            HouseRule::OneFreeOption => "One Free Option",
            HouseRule::SecretOptions => "Secret Options",
            HouseRule::ThreeMinuteRule => "Three Minute Rule",
            HouseRule::Dice => "Dice Rule",
            HouseRule::InstallingOptions => "Installing Options",
            HouseRule::NoSitAndSpin => "No Sit-And-Spin",
            HouseRule::RoboArena => "RoboArena",
            HouseRule::Cubed => "RoboRally Cubed",
            HouseRule::MovingFlags => "moving flags",
            HouseRule::NoPowerDown => "no power down",
            HouseRule::LaserDamage => "laser damage",
            HouseRule::StartOptions => "start options",
            HouseRule::Teams => "teams",
            HouseRule::TeamTouch => "one touches, all touch",
            HouseRule::TeamWin => "any wins, all win",
        }
    }

    /// The value `--rule` takes, if any, as the help shows it.
    pub fn value_hint(self) -> Option<&'static str> {
        match self {
            HouseRule::ThreeMinuteRule => Some("SECONDS (default 180)"),
            HouseRule::Dice => Some("POINTS (default 6, a die on every flag)"),
            HouseRule::Cubed => Some("inside|outside (default inside)"),
            HouseRule::MovingFlags => Some("archive-moves|archive-stays (default archive-moves)"),
            HouseRule::LaserDamage => Some("N (2 or more)"),
            HouseRule::StartOptions => Some("N or N:K (deal N, keep K; default K = N)"),
            HouseRule::Teams => Some("N (2 to 4 teams)"),
            _ => None,
        }
    }

    pub fn from_name(name: &str) -> Option<HouseRule> {
        HouseRule::iter().find(|r| r.name() == name)
    }

    /// Every rule's name, comma-separated: the list an unknown name's message gives.
    pub fn known_names() -> String {
        HouseRule::iter()
            .map(HouseRule::name)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl HouseRules {
    /// The rules in force with their parameter as text, in `HouseRule` order.
    pub fn in_force(&self) -> Vec<(HouseRule, Option<String>)> {
        HouseRule::iter()
            .filter_map(|r| {
                let value = match r {
                    HouseRule::OneFreeLife => self.one_free_life.then_some(None),
                    HouseRule::InfiniteLives => self.infinite_lives.then_some(None),
                    HouseRule::OneFreeOption => self.one_free_option.then_some(None),
                    HouseRule::SecretOptions => self.secret_options.then_some(None),
                    HouseRule::ThreeMinuteRule => {
                        self.three_minute_rule.map(|s| Some(format!("({s} s)")))
                    }
                    HouseRule::Dice => self.dice.map(|d| {
                        let on: Vec<String> = (1..=MAX_FLAG)
                            .filter_map(|n| d.on_flag(n).map(|p| format!("flag {n}: {p}")))
                            .collect();
                        (!on.is_empty()).then(|| format!("({})", on.join(", ")))
                    }),
                    HouseRule::InstallingOptions => self.installing_options.then_some(None),
                    HouseRule::NoSitAndSpin => self.no_sit_and_spin.then_some(None),
                    HouseRule::RoboArena => self.robo_arena.then_some(None),
                    HouseRule::Cubed => self.cubed.map(|c| {
                        Some(match c {
                            CubeSide::Inside => "(inside)".to_string(),
                            CubeSide::Outside => "(outside)".to_string(),
                        })
                    }),
                    HouseRule::MovingFlags => self.moving_flags.map(|a| {
                        Some(match a {
                            ArchiveOnFlag::Moves => "(archives move)".to_string(),
                            ArchiveOnFlag::Stays => "(archives stay)".to_string(),
                        })
                    }),
                    HouseRule::NoPowerDown => self.no_power_down.then_some(None),
                    HouseRule::LaserDamage => self.laser_damage.map(|n| Some(format!("x{n}"))),
                    HouseRule::StartOptions => self
                        .start_options
                        .map(|s| Some(format!("(deal {}, keep {})", s.deal, s.keep))),
                    HouseRule::Teams => self.teams.map(|t| Some(t.count.to_string())),
                    HouseRule::TeamTouch => self
                        .teams
                        .is_some_and(|t| t.one_touches_all_touch)
                        .then_some(None),
                    HouseRule::TeamWin => self
                        .teams
                        .is_some_and(|t| t.any_wins_all_win)
                        .then_some(None),
                };
                value.map(|v| (r, v))
            })
            .collect()
    }

    /// Applies one `--rule NAME[=VALUE]`. `NAME=off` switches a rule the course sets off.
    /// Unknown names and bad values are errors that say what is known or expected.
    pub fn apply(&mut self, spec: &str) -> Result<(), String> {
        let (name, value) = match spec.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (spec.trim(), None),
        };
        let rule = HouseRule::from_name(name).ok_or_else(|| {
            format!(
                "unknown rule \"{name}\": the known rules are {}",
                HouseRule::known_names()
            )
        })?;
        let off = value == Some("off");
        let number = |lo: u32, hi: u32, default: Option<u32>| -> Result<u32, String> {
            match value {
                None => default
                    .ok_or_else(|| format!("the rule {name} needs a value: --rule {name}=VALUE")),
                Some(v) => v
                    .parse::<u32>()
                    .ok()
                    .filter(|n| (lo..=hi).contains(n))
                    .ok_or_else(|| {
                        format!("the value of {name} must be a number from {lo} to {hi}")
                    }),
            }
        };
        let flag = |v: Option<&str>| -> Result<bool, String> {
            match v {
                None | Some("on") => Ok(true),
                Some("off") => Ok(false),
                Some(v) => Err(format!("{name} takes no value (or \"off\"), not \"{v}\"")),
            }
        };
        match rule {
            HouseRule::OneFreeLife => self.one_free_life = flag(value)?,
            HouseRule::InfiniteLives => self.infinite_lives = flag(value)?,
            HouseRule::OneFreeOption => self.one_free_option = flag(value)?,
            HouseRule::SecretOptions => self.secret_options = flag(value)?,
            HouseRule::InstallingOptions => self.installing_options = flag(value)?,
            HouseRule::NoSitAndSpin => self.no_sit_and_spin = flag(value)?,
            HouseRule::RoboArena => self.robo_arena = flag(value)?,
            HouseRule::NoPowerDown => self.no_power_down = flag(value)?,
            HouseRule::ThreeMinuteRule if off => self.three_minute_rule = None,
            HouseRule::ThreeMinuteRule => {
                self.three_minute_rule = Some(number(5, 3600, Some(THREE_MINUTES))?)
            }
            HouseRule::Dice if off => self.dice = None,
            HouseRule::Dice => {
                let points = number(1, 99, Some(u32::from(DIE_POINTS)))?;
                self.dice = Some(DicePoints::all(points as u8));
            }
            HouseRule::Cubed if off => self.cubed = None,
            HouseRule::Cubed => {
                self.cubed = Some(match value {
                    None | Some("inside") => CubeSide::Inside,
                    Some("outside") => CubeSide::Outside,
                    Some(v) => {
                        return Err(format!(
                            "--rule cubed={v}: the floor is \"inside\" or \"outside\" the cube"
                        ));
                    }
                })
            }
            HouseRule::MovingFlags if off => self.moving_flags = None,
            HouseRule::MovingFlags => {
                self.moving_flags = Some(match value {
                    None | Some("archive-moves") => ArchiveOnFlag::Moves,
                    Some("archive-stays") => ArchiveOnFlag::Stays,
                    Some(v) => {
                        return Err(format!(
                            "--rule moving-flags={v}: the value is archive-moves or archive-stays"
                        ));
                    }
                })
            }
            HouseRule::LaserDamage if off => self.laser_damage = None,
            HouseRule::LaserDamage => self.laser_damage = Some(number(2, 10, None)? as u8),
            HouseRule::StartOptions if off => self.start_options = None,
            HouseRule::StartOptions => {
                let v = value.ok_or_else(|| {
                    "the rule start-options needs a value: --rule start-options=N or N:K"
                        .to_string()
                })?;
                let bad = || {
                    format!(
                        "--rule start-options={v}: deal N option cards (1 to 8) and keep K (1 to N): N or N:K"
                    )
                };
                let (deal, keep) = match v.split_once(':') {
                    Some((d, k)) => (d.parse::<u8>(), k.parse::<u8>()),
                    None => (v.parse::<u8>(), v.parse::<u8>()),
                };
                let (deal, keep) = (deal.map_err(|_| bad())?, keep.map_err(|_| bad())?);
                if !(1..=8).contains(&deal) || !(1..=deal).contains(&keep) {
                    return Err(bad());
                }
                self.start_options = Some(StartOptions { deal, keep });
            }
            HouseRule::Teams if off => self.teams = None,
            HouseRule::Teams => {
                let count = number(2, 4, None)? as u8;
                let old = self.teams;
                self.teams = Some(Teams {
                    count,
                    one_touches_all_touch: old.is_some_and(|t| t.one_touches_all_touch),
                    any_wins_all_win: old.is_some_and(|t| t.any_wins_all_win),
                });
            }
            HouseRule::TeamTouch | HouseRule::TeamWin => {
                let on = flag(value)?;
                let teams = self.teams.as_mut().ok_or_else(|| {
                    format!("the rule {name} needs teams first: --rule teams=N --rule {name}")
                })?;
                if rule == HouseRule::TeamTouch {
                    teams.one_touches_all_touch = on;
                } else {
                    teams.any_wins_all_win = on;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_name_is_accepted_by_apply_and_shows_as_in_force() {
        for rule in HouseRule::iter() {
            let mut house = HouseRules::default();
            if matches!(rule, HouseRule::TeamTouch | HouseRule::TeamWin) {
                house.apply("teams=2").expect("teams=2");
            }
            let spec = match rule {
                HouseRule::LaserDamage => "laser-damage=2".to_string(),
                HouseRule::StartOptions => "start-options=3:1".to_string(),
                HouseRule::Teams => "teams=2".to_string(),
                r => r.name().to_string(),
            };
            house.apply(&spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
            assert!(
                house.in_force().iter().any(|(r, _)| *r == rule),
                "{spec} is not shown in force"
            );
        }
    }

    #[test]
    fn an_unknown_rule_lists_the_known_ones() {
        let e = HouseRules::default()
            .apply("double-lasers")
            .expect_err("unknown");
        assert!(e.contains("unknown rule \"double-lasers\""), "{e}");
        for rule in HouseRule::iter() {
            assert!(e.contains(rule.name()), "{e} misses {}", rule.name());
        }
    }

    #[test]
    fn bad_values_are_refused_with_the_expected_form() {
        let mut h = HouseRules::default();
        assert!(h.apply("laser-damage").is_err());
        assert!(h.apply("laser-damage=1").is_err());
        assert!(h.apply("start-options=2:3").is_err());
        assert!(h.apply("team-touch").is_err());
        assert!(h.apply("cubed=sideways").is_err());
        assert!(h.apply("infinite-lives=7").is_err());
        assert_eq!(h, HouseRules::default());
        h.apply("dice=4").expect("dice=4");
        assert_eq!(h.dice.and_then(|d| d.on_flag(3)), Some(4));
        h.apply("dice=off").expect("dice=off");
        assert_eq!(h.dice, None);
    }

    #[test]
    fn house_rules_round_trip_through_json() {
        let mut h = HouseRules::default();
        for spec in [
            "infinite-lives",
            "moving-flags=archive-stays",
            "laser-damage=3",
            "teams=2",
            "team-win",
            "three-minute-rule=90",
        ] {
            h.apply(spec).expect(spec);
        }
        let mut dice = DicePoints::default();
        dice.set(2, 4);
        h.dice = Some(dice);
        let text = serde_json::to_string(&h).expect("serialises");
        assert!(text.contains("\"dice\":{\"2\":4}"), "{text}");
        let back: HouseRules = serde_json::from_str(&text).expect("parses");
        assert_eq!(back, h);
        assert!(serde_json::from_str::<HouseRules>("{\"dice\":{\"0\":4}}").is_err());
        assert!(serde_json::from_str::<HouseRules>("{\"double-lasers\":true}").is_err());
    }

    #[test]
    fn the_rules_in_force_read_in_user_words() {
        let mut r = Rules::default();
        assert_eq!(r.to_string(), "1994 rules");
        r.house.apply("infinite-lives").expect("rule");
        r.house.apply("laser-damage=2").expect("rule");
        assert_eq!(
            r.to_string(),
            "1994 rules + Infinite Lives, laser damage x2"
        );
    }
}
