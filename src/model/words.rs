//! Counted nouns in the words a player reads: "1 hex", "7 hexes", never "1 hexes" or "hex(es)";
//! and a turn in degrees as a reader writes it ("+0.00°", never "-0.00°").

/// `n` and the noun that goes with it.
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The possessive of a name: "Cromwell's", but "Sikh Pioneers'" for a plural name in s.
pub fn possessive(name: &str) -> String {
    if name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// A turn in degrees with its sign and two decimals; a turn that rounds to nothing is
/// "+0.00°", not "-0.00°".
pub fn degrees(d: f64) -> String {
    let r = (d * 100.0).round() / 100.0;
    format!("{:+.2}°", if r == 0.0 { 0.0 } else { r })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_that_rounds_to_nothing_has_no_minus() {
        assert_eq!(degrees(-0.001), "+0.00°");
        assert_eq!(degrees(-0.004999), "+0.00°");
        assert_eq!(degrees(-0.006), "-0.01°");
        assert_eq!(degrees(7.04), "+7.04°");
    }

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1u32, "hex", "hexes"), "1 hex");
        assert_eq!(count(0u32, "hex", "hexes"), "0 hexes");
        assert_eq!(count(7u16, "figure", "figures"), "7 figures");
    }

    #[test]
    fn a_name_ending_in_s_takes_an_apostrophe_alone() {
        assert_eq!(possessive("Sikh Pioneers"), "Sikh Pioneers'");
        assert_eq!(possessive("Cromwell"), "Cromwell's");
    }
}
