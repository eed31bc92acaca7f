//! Where an action's dice come from. The rules say how many D6 each roll of an action takes;
//! a [`Roller`] gives them: the game's own generator (saved in the file, so a replay draws
//! the same numbers) or the roll a player typed. The rules never draw a number themselves.

use crate::model::game::Dice;

/// Gives the dice a roll takes.
pub trait Roller {
    /// `n` D6 for a roll asked for as `asked` (rolled by the game, a logged roll drawn again,
    /// or a typed total): the dice as the log keeps them, and their total.
    fn take(&mut self, asked: &Dice, n: usize) -> Result<(Dice, u8), String>;
}

/// Typed rolls only: an answer carried out in the editor outside a game, whose dice the
/// player rolled at the table (or with the panel's own Roll button) and typed.
pub struct TypedOnly;

impl Roller for TypedOnly {
    fn take(&mut self, asked: &Dice, n: usize) -> Result<(Dice, u8), String> {
        match asked {
            Dice::Typed(t) => typed(*t, n).map(|t| (Dice::Typed(t), t)),
            _ => Err(format!(
                "no dice are rolled outside a game: type the {} rolled",
                name(n)
            )),
        }
    }
}

/// A typed total of `n` D6, checked against what the dice can show.
pub fn typed(total: u8, n: usize) -> Result<u8, String> {
    let (lo, hi) = (n as u8, 6 * n as u8);
    if (lo..=hi).contains(&total) {
        Ok(total)
    } else {
        Err(format!(
            "a roll of {total} is impossible on {}: it gives {lo} to {hi}",
            name(n)
        ))
    }
}

/// `D6`, `2D6`, `3D6`.
pub fn name(n: usize) -> String {
    if n == 1 {
        "D6".into()
    } else {
        format!("{n}D6")
    }
}

/// `4 + 3` for rolled dice.
pub fn dice_text(d: &[u8]) -> String {
    d.iter().map(u8::to_string).collect::<Vec<_>>().join(" + ")
}

/// How a logged roll reads: "rolled 4 + 3 = 7" or "typed 7".
pub fn roll_text(d: &Dice) -> String {
    match d {
        Dice::App => "to roll".into(),
        Dice::Rolled(v) if v.len() == 1 => format!("rolled {}", v[0]),
        Dice::Rolled(v) => format!(
            "rolled {} = {}",
            dice_text(v),
            v.iter().map(|x| u32::from(*x)).sum::<u32>()
        ),
        Dice::Typed(t) => format!("typed {t}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_roll_outside_its_dice_is_refused_with_the_range() {
        assert_eq!(
            TypedOnly.take(&Dice::Typed(13), 2),
            Err("a roll of 13 is impossible on 2D6: it gives 2 to 12".to_string())
        );
        assert_eq!(
            TypedOnly.take(&Dice::Typed(12), 2),
            Ok((Dice::Typed(12), 12))
        );
    }

    #[test]
    fn outside_a_game_the_dice_must_be_typed() {
        let e = TypedOnly.take(&Dice::App, 1).expect_err("no generator");
        assert!(e.contains("type the D6"), "{e}");
    }
}
