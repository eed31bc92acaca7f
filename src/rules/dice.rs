//! Exact dice odds: D3, D6, 2D6 and 3D6 as distributions of exact fractions, and the D6 test
//! "roll N+ with modifiers, a natural 6 always passes, a natural 1 always fails" with at most
//! one re-roll.
//!
//! The players roll the dice; the engine only counts. Probabilities are reduced fractions over
//! `u64` ([`Prob`]), never floating point; [`Prob::percent_tenths`] and [`Prob::percent_text`]
//! give the rounded percentage for display. R4 (morale and rally) uses the D6 test and the
//! 2D6/3D6 distances; R1 uses [`Dice::TwoD6`] against Discipline (`p_at_least`).

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Mul};

/// A probability as a reduced fraction `num / den` with `0 <= num <= den` and `den > 0`.
///
/// Every probability in the rules has a denominator that divides a small power of 6, so `u64`
/// is ample; arithmetic runs in `u128` and reduces before narrowing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Prob {
    num: u64,
    den: u64,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Prob {
    pub const ZERO: Prob = Prob { num: 0, den: 1 };
    pub const ONE: Prob = Prob { num: 1, den: 1 };

    /// `num / den`, reduced and clamped to 0..=1. A zero denominator gives zero.
    pub fn ratio(num: u64, den: u64) -> Prob {
        Prob::from_wide(num as u128, den as u128)
    }

    fn from_wide(num: u128, den: u128) -> Prob {
        if den == 0 || num == 0 {
            return Prob::ZERO;
        }
        if num >= den {
            return Prob::ONE;
        }
        let g = gcd(num, den);
        let (mut n, mut d) = (num / g, den / g);
        // Never reached by dice of this engine; keeps the type total instead of panicking.
        while d > u64::MAX as u128 {
            n >>= 1;
            d >>= 1;
        }
        Prob {
            num: n as u64,
            den: d as u64,
        }
    }

    pub fn num(self) -> u64 {
        self.num
    }

    pub fn den(self) -> u64 {
        self.den
    }

    /// `1 - p`.
    pub fn complement(self) -> Prob {
        Prob::ratio(self.den - self.num, self.den)
    }

    /// The chance that at least one of two independent tries with chance `self` succeeds:
    /// `1 - (1 - p)^2`, the pass chance of a test with one re-roll taken after a failure.
    pub fn with_one_retry(self) -> Prob {
        let miss = self.complement();
        (miss * miss).complement()
    }

    /// The percentage in tenths of a percent, rounded half up (1/3 → 333, i.e. 33.3%).
    pub fn percent_tenths(self) -> u64 {
        let n = self.num as u128 * 1000 + self.den as u128 / 2;
        (n / self.den as u128) as u64
    }

    /// The percentage for display, one decimal: `"33.3%"`.
    pub fn percent_text(self) -> String {
        let t = self.percent_tenths();
        format!("{}.{}%", t / 10, t % 10)
    }
}

impl Add for Prob {
    type Output = Prob;
    /// Sum of the chances of two exclusive events (saturates at 1).
    fn add(self, o: Prob) -> Prob {
        let (a, b, c, d) = (
            self.num as u128,
            self.den as u128,
            o.num as u128,
            o.den as u128,
        );
        Prob::from_wide(a * d + c * b, b * d)
    }
}

impl Mul for Prob {
    type Output = Prob;
    /// Chance of two independent events both happening.
    fn mul(self, o: Prob) -> Prob {
        Prob::from_wide(
            self.num as u128 * o.num as u128,
            self.den as u128 * o.den as u128,
        )
    }
}

impl std::iter::Sum for Prob {
    fn sum<I: Iterator<Item = Prob>>(iter: I) -> Prob {
        iter.fold(Prob::ZERO, |a, b| a + b)
    }
}

impl PartialOrd for Prob {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Prob {
    fn cmp(&self, o: &Self) -> Ordering {
        (self.num as u128 * o.den as u128).cmp(&(o.num as u128 * self.den as u128))
    }
}

impl fmt::Display for Prob {
    /// `0`, `1` or `num/den`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.num == 0 || self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

/// A finite distribution over whole numbers (dice totals, inches): values ascending, each
/// with a non-zero exact probability, summing to one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dist {
    outcomes: Vec<(u32, Prob)>,
}

impl Dist {
    /// Always `value`.
    pub fn constant(value: u32) -> Dist {
        Dist {
            outcomes: vec![(value, Prob::ONE)],
        }
    }

    /// Each of `lo..=hi` equally likely (a die). An empty range gives the constant `lo`.
    pub fn uniform(lo: u32, hi: u32) -> Dist {
        if hi < lo {
            return Dist::constant(lo);
        }
        let n = (hi - lo + 1) as u64;
        Dist {
            outcomes: (lo..=hi).map(|v| (v, Prob::ratio(1, n))).collect(),
        }
    }

    /// The distribution of the sum of two independent values.
    pub fn plus(&self, other: &Dist) -> Dist {
        let mut acc: Vec<(u32, Prob)> = Vec::new();
        for &(a, pa) in &self.outcomes {
            for &(b, pb) in &other.outcomes {
                let v = a + b;
                let p = pa * pb;
                match acc.iter_mut().find(|(x, _)| *x == v) {
                    Some(slot) => slot.1 = slot.1 + p,
                    None => acc.push((v, p)),
                }
            }
        }
        acc.sort_by_key(|(v, _)| *v);
        Dist { outcomes: acc }
    }

    /// Values ascending, each with its probability.
    pub fn outcomes(&self) -> &[(u32, Prob)] {
        &self.outcomes
    }

    pub fn min(&self) -> u32 {
        self.outcomes.first().map_or(0, |o| o.0)
    }

    pub fn max(&self) -> u32 {
        self.outcomes.last().map_or(0, |o| o.0)
    }

    /// Sum of all probabilities (one, for every distribution this module builds).
    pub fn total(&self) -> Prob {
        self.outcomes.iter().map(|o| o.1).sum()
    }

    pub fn p_eq(&self, v: u32) -> Prob {
        self.outcomes.iter().filter(|o| o.0 == v).map(|o| o.1).sum()
    }

    /// P(value >= v): e.g. a 2D6 order test against Discipline `v` (R1).
    pub fn p_at_least(&self, v: u32) -> Prob {
        self.outcomes.iter().filter(|o| o.0 >= v).map(|o| o.1).sum()
    }

    pub fn p_at_most(&self, v: u32) -> Prob {
        self.outcomes.iter().filter(|o| o.0 <= v).map(|o| o.1).sum()
    }
}

/// The dice the rules roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dice {
    D3,
    D6,
    TwoD6,
    ThreeD6,
}

impl Dice {
    pub const ALL: [Dice; 4] = [Dice::D3, Dice::D6, Dice::TwoD6, Dice::ThreeD6];

    /// How many six-sided dice are summed (a D3 is one die, halved up).
    pub fn count(self) -> u32 {
        match self {
            Dice::D3 | Dice::D6 => 1,
            Dice::TwoD6 => 2,
            Dice::ThreeD6 => 3,
        }
    }

    /// The exact distribution of the total.
    pub fn dist(self) -> Dist {
        match self {
            Dice::D3 => Dist::uniform(1, 3),
            Dice::D6 => Dist::uniform(1, 6),
            Dice::TwoD6 => Dist::uniform(1, 6).plus(&Dist::uniform(1, 6)),
            Dice::ThreeD6 => Dist::uniform(1, 6)
                .plus(&Dist::uniform(1, 6))
                .plus(&Dist::uniform(1, 6)),
        }
    }

    pub fn min(self) -> u32 {
        self.count()
    }

    pub fn max(self) -> u32 {
        match self {
            Dice::D3 => 3,
            d => 6 * d.count(),
        }
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dice::D3 => "D3",
            Dice::D6 => "D6",
            Dice::TwoD6 => "2D6",
            Dice::ThreeD6 => "3D6",
        })
    }
}

/// A D6 test: roll one die, add `modifier`, pass at or above `target`; a natural 6 always
/// passes and a natural 1 always fails. At most one re-roll, taken only after a failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct D6Test {
    pub target: i32,
    pub modifier: i32,
}

impl D6Test {
    pub fn new(target: i32, modifier: i32) -> D6Test {
        D6Test { target, modifier }
    }

    /// The lowest natural roll that passes, 2..=6 ("needs 5+"). 6 also when the modified
    /// total could never reach the target (only the natural 6 passes); 2 when every roll
    /// but the natural 1 would.
    pub fn needed(self) -> u8 {
        (self.target.saturating_sub(self.modifier)).clamp(2, 6) as u8
    }

    /// Whether a natural roll of `natural` (1..=6) passes.
    pub fn passes(self, natural: u8) -> bool {
        match natural {
            6 => true,
            0 | 1 => false,
            n => i32::from(n) + self.modifier >= self.target,
        }
    }

    /// P(pass) on one roll.
    pub fn p_pass(self) -> Prob {
        Prob::ratio(u64::from(7 - self.needed()), 6)
    }

    /// P(pass) when a failed first roll is re-rolled once: `p + (1 - p) p`.
    pub fn p_pass_with_reroll(self) -> Prob {
        self.p_pass().with_one_retry()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every way `n` six-sided dice can fall, as totals; brute force for the checks below.
    fn all_throws(n: u32) -> Vec<u32> {
        let mut totals = vec![0u32];
        for _ in 0..n {
            totals = totals
                .iter()
                .flat_map(|t| (1..=6).map(move |d| t + d))
                .collect();
        }
        totals
    }

    fn brute(dice: Dice) -> Vec<(u32, Prob)> {
        let throws: Vec<u32> = match dice {
            Dice::D3 => all_throws(1).iter().map(|d| d.div_ceil(2)).collect(),
            d => all_throws(d.count()),
        };
        let n = throws.len() as u64;
        let mut values: Vec<u32> = throws.clone();
        values.sort();
        values.dedup();
        values
            .into_iter()
            .map(|v| {
                (
                    v,
                    Prob::ratio(throws.iter().filter(|t| **t == v).count() as u64, n),
                )
            })
            .collect()
    }

    #[test]
    fn fractions_reduce_and_print() {
        assert_eq!(Prob::ratio(2, 6), Prob::ratio(1, 3));
        assert_eq!(Prob::ratio(2, 6).to_string(), "1/3");
        assert_eq!(Prob::ratio(0, 6).to_string(), "0");
        assert_eq!(Prob::ratio(6, 6).to_string(), "1");
        assert_eq!(Prob::ratio(1, 3).percent_text(), "33.3%");
        assert_eq!(Prob::ratio(2, 3).percent_text(), "66.7%");
        assert_eq!(Prob::ratio(1, 6).percent_text(), "16.7%");
        assert_eq!(Prob::ONE.percent_text(), "100.0%");
        assert_eq!(Prob::ratio(1, 3) + Prob::ratio(1, 6), Prob::ratio(1, 2));
        assert_eq!(Prob::ratio(1, 3) * Prob::ratio(1, 2), Prob::ratio(1, 6));
        assert!(Prob::ratio(1, 3) < Prob::ratio(1, 2));
        assert_eq!(Prob::ratio(1, 0), Prob::ZERO);
    }

    #[test]
    fn known_distributions() {
        let two = Dice::TwoD6.dist();
        assert_eq!(two.p_eq(7), Prob::ratio(1, 6));
        assert_eq!(two.p_eq(2), Prob::ratio(1, 36));
        assert_eq!(two.p_at_least(8), Prob::ratio(15, 36));
        let three = Dice::ThreeD6.dist();
        assert_eq!(three.p_eq(10), Prob::ratio(27, 216));
        assert_eq!(three.p_at_least(3), Prob::ONE);
        assert_eq!(three.p_at_least(19), Prob::ZERO);
        assert_eq!(Dice::D3.dist().p_eq(2), Prob::ratio(1, 3));
        assert_eq!((three.min(), three.max()), (3, 18));
    }

    #[test]
    fn every_dice_distribution_sums_to_one_and_matches_brute_force() {
        for dice in Dice::ALL {
            let d = dice.dist();
            assert_eq!(d.total(), Prob::ONE, "{dice}");
            assert_eq!(d.outcomes(), brute(dice).as_slice(), "{dice}");
            assert_eq!((d.min(), d.max()), (dice.min(), dice.max()), "{dice}");
        }
    }

    #[test]
    fn natural_six_passes_and_natural_one_fails() {
        let hopeless = D6Test::new(3, -5);
        assert_eq!(hopeless.needed(), 6);
        assert!(hopeless.passes(6));
        assert_eq!(hopeless.p_pass(), Prob::ratio(1, 6));
        let sure = D6Test::new(3, 5);
        assert_eq!(sure.needed(), 2);
        assert!(!sure.passes(1));
        assert_eq!(sure.p_pass(), Prob::ratio(5, 6));
        assert_eq!(D6Test::new(3, -2).p_pass_with_reroll(), Prob::ratio(5, 9));
    }

    proptest! {
        /// The closed form agrees with enumerating every natural roll (and every pair of rolls
        /// for the re-roll), and a re-roll never lowers the odds.
        #[test]
        fn d6_test_agrees_with_enumeration(target in -3i32..12, modifier in -8i32..8) {
            let t = D6Test::new(target, modifier);
            let passing = (1..=6u8).filter(|n| t.passes(*n)).count() as u64;
            prop_assert_eq!(t.p_pass(), Prob::ratio(passing, 6));
            prop_assert!((1..=6u8).all(|n| t.passes(n) == (n >= t.needed())));
            let pairs = (1..=6u8)
                .flat_map(|a| (1..=6u8).map(move |b| (a, b)))
                .filter(|(a, b)| t.passes(*a) || t.passes(*b))
                .count() as u64;
            prop_assert_eq!(t.p_pass_with_reroll(), Prob::ratio(pairs, 36));
            prop_assert!(t.p_pass_with_reroll() >= t.p_pass());
            prop_assert_eq!(t.p_pass() + t.p_pass().complement(), Prob::ONE);
        }

        #[test]
        fn at_least_and_at_most_partition_every_distribution(v in 0u32..20, which in 0usize..4) {
            let d = Dice::ALL[which].dist();
            prop_assert_eq!(d.p_at_least(v + 1) + d.p_at_most(v), Prob::ONE);
            let brute = brute(Dice::ALL[which]);
            let expect: Prob = brute.iter().filter(|o| o.0 >= v).map(|o| o.1).sum();
            prop_assert_eq!(d.p_at_least(v), expect);
        }

        #[test]
        fn fraction_arithmetic_is_exact(a in 0u64..50, b in 1u64..50, c in 0u64..50, d in 1u64..50) {
            let (x, y) = (Prob::ratio(a.min(b), b), Prob::ratio(c.min(d), d));
            // Cross-multiplied comparison with the unreduced sum.
            let s = x + y;
            let num = (a.min(b) * d + c.min(d) * b).min(b * d);
            prop_assert_eq!(s, Prob::ratio(num, b * d));
            prop_assert_eq!(x * y, Prob::ratio(a.min(b) * c.min(d), b * d));
            prop_assert!(s >= x && s >= y);
        }
    }
}
