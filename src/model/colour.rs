//! Colours as the designer sees them: `#rrggbb` in JSON, four bytes in the binary file.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// An sRGB colour with alpha.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Colour {
    pub r: u8,
    pub g: u8,
    pub b: u8,
    pub a: u8,
}

impl Colour {
    pub const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Self { r, g, b, a: 255 }
    }

    pub const fn rgba(r: u8, g: u8, b: u8, a: u8) -> Self {
        Self { r, g, b, a }
    }

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa` (the `#` is optional).
    pub fn parse(text: &str) -> Option<Self> {
        let hex = text.trim().trim_start_matches('#');
        let byte = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
        match hex.len() {
            3 => {
                let nib = |i: usize| {
                    u8::from_str_radix(hex.get(i..i + 1)?, 16)
                        .ok()
                        .map(|v| v * 17)
                };
                Some(Self::rgb(nib(0)?, nib(1)?, nib(2)?))
            }
            6 => Some(Self::rgb(byte(0)?, byte(2)?, byte(4)?)),
            8 => Some(Self::rgba(byte(0)?, byte(2)?, byte(4)?, byte(6)?)),
            _ => None,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.a == 255 {
            write!(f, "#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
        } else {
            write!(
                f,
                "#{:02x}{:02x}{:02x}{:02x}",
                self.r, self.g, self.b, self.a
            )
        }
    }
}

impl Serialize for Colour {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            s.collect_str(self)
        } else {
            [self.r, self.g, self.b, self.a].serialize(s)
        }
    }
}

impl<'de> Deserialize<'de> for Colour {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if d.is_human_readable() {
            let text = String::deserialize(d)?;
            Colour::parse(&text).ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "`{text}` is not a colour (expected #rrggbb or #rrggbbaa)"
                ))
            })
        } else {
            let [r, g, b, a] = <[u8; 4]>::deserialize(d)?;
            Ok(Colour { r, g, b, a })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_hex_colours() {
        assert_eq!(
            Colour::parse("#336699"),
            Some(Colour::rgb(0x33, 0x66, 0x99))
        );
        assert_eq!(Colour::parse("fff"), Some(Colour::rgb(255, 255, 255)));
        assert_eq!(
            Colour::parse("#11223344"),
            Some(Colour::rgba(0x11, 0x22, 0x33, 0x44))
        );
        assert_eq!(Colour::parse("#12345"), None);
        assert_eq!(Colour::parse("#zz0000"), None);
        assert_eq!(Colour::parse("#é0000"), None);
        assert_eq!(Colour::rgb(1, 2, 255).to_string(), "#0102ff");
    }
}
