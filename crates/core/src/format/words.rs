//! Counts in user words: "1 register", "2 registers", never "1 registers".

/// `n` and `noun` (a noun whose plural adds "s"), singular for exactly one.
pub fn count(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1u32, "register"), "1 register");
        assert_eq!(count(0u32, "register"), "0 registers");
        assert_eq!(count(2u8, "death"), "2 deaths");
        assert_eq!(count(u64::MAX, "robot"), format!("{} robots", u64::MAX));
    }
}
