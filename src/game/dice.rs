//! The game's dice: SplitMix64, a tiny, well-known generator (Steele, Lea and Flood, 2014; the
//! seeder of Java's `SplittableRandom` and of xoshiro) whose whole state is one `u64`. That
//! state is saved in the game, so the next roll after loading a file is the roll the sender
//! would have made, and a replay of the log draws every app roll again and can check it.
//!
//! Written by hand rather than taken from a crate: the state must be stored in the file and
//! stay readable by every later version, so the algorithm is fixed here, in ten lines, and not
//! left to a crate's version (`fastrand`, already in the build, does not promise a stable
//! stream across releases). Dice are drawn without modulo bias by the multiply-shift method.

use crate::model::game::Dice;
use crate::rules::engine::{Roller, dice_text, typed};

/// The generator: its state is the `u64` saved in `Game::dice`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// One die, 1 to 6, each equally likely (multiply-shift: the top bits of a 64 x 3 bit
    /// product, whose bias is below 2^-61).
    pub fn d6(&mut self) -> u8 {
        ((u128::from(self.next_u64()) * 6) >> 64) as u8 + 1
    }

    /// `n` dice.
    pub fn roll(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.d6()).collect()
    }
}

/// A seed for a new game, from the scenario's content and the wall clock's nanoseconds as the
/// caller gives them (the game itself reads no clock).
pub fn seed_from(salt: u64) -> u64 {
    SplitMix64(salt).next_u64()
}

/// The dice of a roll as used: the app's roll drawn from `rng`, a logged app roll drawn again
/// and checked, or a typed total checked against the dice's range. Returns the dice to log and
/// the total.
pub fn take(rng: &mut SplitMix64, dice: &Dice, n: usize) -> Result<(Dice, u8), String> {
    match dice {
        Dice::App => {
            let d = rng.roll(n);
            let total = d.iter().sum();
            Ok((Dice::Rolled(d), total))
        }
        Dice::Rolled(logged) => {
            let d = rng.roll(n);
            if *logged != d {
                return Err(format!(
                    "the log's app roll {} is not what the game's dice give here ({})",
                    dice_text(logged),
                    dice_text(&d)
                ));
            }
            let total = d.iter().sum();
            Ok((Dice::Rolled(d), total))
        }
        Dice::Typed(t) => typed(*t, n).map(|t| (Dice::Typed(t), t)),
    }
}

/// The game's dice give every roll the rules ask for.
impl Roller for SplitMix64 {
    fn take(&mut self, asked: &Dice, n: usize) -> Result<(Dice, u8), String> {
        take(self, asked, n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference stream of SplitMix64 from seed 1234567 (as published with the algorithm's
    /// C reference implementation), so the dice of a saved game never change.
    #[test]
    fn splitmix64_follows_the_reference_stream() {
        let mut r = SplitMix64(1_234_567);
        assert_eq!(r.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(r.next_u64(), 3_203_168_211_198_807_973);
        assert_eq!(r.next_u64(), 9_817_491_932_198_370_423);
    }

    #[test]
    fn dice_are_fair_over_many_rolls() {
        let mut r = SplitMix64(42);
        let mut count = [0u32; 6];
        for _ in 0..60_000 {
            count[usize::from(r.d6() - 1)] += 1;
        }
        for c in count {
            assert!((9_500..10_500).contains(&c), "{count:?}");
        }
    }

    #[test]
    fn a_typed_roll_outside_its_dice_is_refused_with_the_range() {
        let mut r = SplitMix64(1);
        let e = take(&mut r, &Dice::Typed(13), 2).expect_err("13 on 2D6");
        assert_eq!(e, "a roll of 13 is impossible on 2D6: it gives 2 to 12");
        assert_eq!(take(&mut r, &Dice::Typed(12), 2), Ok((Dice::Typed(12), 12)));
        assert_eq!(r, SplitMix64(1), "a typed roll leaves the generator alone");
    }

    #[test]
    fn a_logged_app_roll_replays_only_from_the_same_state() {
        let mut a = SplitMix64(7);
        let (logged, total) = take(&mut a, &Dice::App, 2).expect("rolled");
        let mut b = SplitMix64(7);
        assert_eq!(take(&mut b, &logged, 2), Ok((logged.clone(), total)));
        let mut c = SplitMix64(8);
        assert!(take(&mut c, &logged, 2).is_err());
    }
}
