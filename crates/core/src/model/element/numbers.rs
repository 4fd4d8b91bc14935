//! Small checked numbers the elements carry, which files write as plain numbers: the register
//! phases a phased element acts in, laser beams, wrenches and start numbers.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The register phases (1 to 5) in which a phased element (pusher, crusher, flamer, trap door,
/// maglock, repulsor, lava eruption) is active. Files write it as a sorted list, `[2, 4]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Phases(u8);

impl Phases {
    pub const NONE: Phases = Phases(0);
    pub const ALL: Phases = Phases(0b11111);

    /// Phases from a list of phase numbers; `None` if any number is outside 1..=5.
    pub fn from_list(list: &[u8]) -> Option<Phases> {
        list.iter().try_fold(Phases::NONE, |acc, &p| {
            (1..=5).contains(&p).then(|| acc.with(p))
        })
    }

    pub const fn contains(self, phase: u8) -> bool {
        phase >= 1 && phase <= 5 && self.0 & (1 << (phase - 1)) != 0
    }

    pub const fn with(self, phase: u8) -> Phases {
        Phases(self.0 | 1 << (phase - 1))
    }

    pub const fn without(self, phase: u8) -> Phases {
        Phases(self.0 & !(1 << (phase - 1)))
    }

    pub const fn toggled(self, phase: u8) -> Phases {
        Phases(self.0 ^ 1 << (phase - 1))
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = u8> {
        (1..=5).filter(move |&p| self.contains(p))
    }

    /// "1 3 5", as printed on the element.
    pub fn label(self) -> String {
        self.iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl Serialize for Phases {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Phases {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let list = Vec::<i64>::deserialize(d)?;
        let mut phases = Phases::NONE;
        for p in list {
            if !(1..=5).contains(&p) {
                return Err(D::Error::custom(format!(
                    "phase {p} does not exist: register phases are numbered 1 to 5"
                )));
            }
            let p = p as u8;
            if phases.contains(p) {
                return Err(D::Error::custom(format!("phase {p} is listed twice")));
            }
            phases = phases.with(p);
        }
        Ok(phases)
    }
}

impl JsonSchema for Phases {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Phases".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "The register phases (1-5) in which the element is active.",
            "type": "array",
            "items": { "type": "integer", "minimum": 1, "maximum": 5 },
            "uniqueItems": true,
            "maxItems": 5
        })
    }
}

/// Generates a small integer newtype that files write as a plain number, checked on load.
macro_rules! bounded_number {
    ($(#[$doc:meta])* $name:ident, $min:expr, $max:expr, $what:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(u8);

        impl $name {
            pub const MIN: u8 = $min;
            pub const MAX: u8 = $max;

            pub fn new(n: u8) -> Option<Self> {
                ($min..=$max).contains(&n).then_some($name(n))
            }

            pub const fn get(self) -> u8 {
                self.0
            }
        }

        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_u8(self.0)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let n = i64::deserialize(d)?;
                u8::try_from(n).ok().and_then($name::new).ok_or_else(|| {
                    serde::de::Error::custom(format!(
                        "{} {} is out of range: it must be {} to {}",
                        $what, n, $min, $max
                    ))
                })
            }
        }

        impl JsonSchema for $name {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($name).into()
            }
            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                schemars::json_schema!({
                    "description": $what,
                    "type": "integer",
                    "minimum": $min,
                    "maximum": $max
                })
            }
        }
    };
}

bounded_number!(
    /// How many beams a board laser fires (1 to 3); each beam does 1 damage.
    Beams, 1, 3, "the number of laser beams"
);
bounded_number!(
    /// How many wrenches a repair site shows (1 or 2).
    Wrenches, 1, 2, "the number of wrenches"
);
bounded_number!(
    /// The number printed on a start square (1 to 8).
    StartNumber, 1, 8, "the start number"
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases_reject_numbers_outside_one_to_five() {
        assert!(serde_json::from_str::<Phases>("[0]").is_err());
        assert!(serde_json::from_str::<Phases>("[6]").is_err());
        assert!(serde_json::from_str::<Phases>("[2, 2]").is_err());
        let p: Phases = serde_json::from_str("[4, 2]").unwrap_or_default();
        assert_eq!(p.label(), "2 4");
    }
}
