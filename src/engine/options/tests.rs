//! Unit tests of the option cards, one per rule.
