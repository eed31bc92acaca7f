//! Colours for the terrain types an import makes when the tiles give none: by what the name
//! says where it says something (woods green, water blue), else, and whenever that colour is
//! already taken or too like one taken, the next of a sequence of muted colours whose hues turn
//! by the golden angle, so every terrain of a map gets a colour of its own and a sheet's legend
//! never shows two terrains alike.

use crate::model::Colour;

/// How far apart two colours must look to count as different on a map legend (the "redmean"
/// distance, about 765 between black and white).
const APART: f32 = 60.0;

/// The colours already given, so each new one differs from them.
#[derive(Default)]
pub(crate) struct Colours {
    used: Vec<Colour>,
}

impl Colours {
    /// Records a colour the file itself gives a terrain.
    pub fn take(&mut self, c: Colour) {
        self.used.push(c);
    }

    /// A colour for a terrain named `name` with none of its own, unlike every colour given.
    pub fn for_name(&mut self, name: &str) -> Colour {
        let colour = match by_name(name) {
            Some(c) if self.nearest(c) >= APART => c,
            _ => self.generated(),
        };
        self.used.push(colour);
        colour
    }

    /// How close `c` comes to a colour already given.
    fn nearest(&self, c: Colour) -> f32 {
        self.used
            .iter()
            .map(|u| distance(c, *u))
            .fold(f32::INFINITY, f32::min)
    }

    /// The first of the sequence far enough from every colour given; when a map has so many
    /// terrains that none is, the one farthest from them (never one already given).
    fn generated(&self) -> Colour {
        let mut best: Option<(f32, Colour)> = None;
        for k in 0..512 {
            let c = sequence(k);
            let d = self.nearest(c);
            if d >= APART {
                return c;
            }
            if d > 0.0 && best.is_none_or(|(bd, _)| d > bd) {
                best = Some((d, c));
            }
        }
        best.map_or(sequence(0), |(_, c)| c)
    }
}

pub use crate::model::{COMMON_TERRAIN, fitting_colour as by_name};

/// The `k`th colour of the sequence: hue turned by the golden angle each step, in three
/// lightnesses and two saturations, muted like ground on a map.
fn sequence(k: usize) -> Colour {
    let hue = (k as f32 * 137.507_76) % 360.0;
    let lightness = [0.68, 0.52, 0.80][k % 3];
    let saturation = [0.42, 0.30][(k / 3) % 2];
    hsl(hue, saturation, lightness)
}

fn hsl(h: f32, s: f32, l: f32) -> Colour {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let x = c * (1.0 - ((h / 60.0) % 2.0 - 1.0).abs());
    let m = l - c / 2.0;
    let (r, g, b) = match (h / 60.0) as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let byte = |v: f32| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    Colour::rgb(byte(r), byte(g), byte(b))
}

/// How far apart two colours look, roughly: the "redmean" weighted distance in RGB.
fn distance(a: Colour, b: Colour) -> f32 {
    let rm = (f32::from(a.r) + f32::from(b.r)) / 2.0;
    let d = |x: u8, y: u8| f32::from(x) - f32::from(y);
    let (dr, dg, db) = (d(a.r, b.r), d(a.g, b.g), d(a.b, b.b));
    ((2.0 + rm / 256.0) * dr * dr + 4.0 * dg * dg + (2.0 + (255.0 - rm) / 256.0) * db * db).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_terrain_of_a_large_map_gets_a_colour_of_its_own() {
        let mut colours = Colours::default();
        let given: Vec<Colour> = (0..256)
            .map(|i| colours.for_name(&format!("Terrain {i}")))
            .collect();
        for (i, a) in given.iter().enumerate() {
            for b in &given[..i] {
                assert_ne!(a, b, "terrain {i}");
            }
        }
        // The first dozen, as a small map has, are clearly apart.
        for (i, a) in given[..12].iter().enumerate() {
            for b in &given[..i] {
                assert!(distance(*a, *b) >= APART, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn names_that_suggest_the_same_colour_still_differ() {
        let mut colours = Colours::default();
        let light = colours.for_name("Light woods");
        let heavy = colours.for_name("Heavy woods");
        assert_eq!(light, Colour::rgb(0x4f, 0x7a, 0x3a));
        assert!(distance(light, heavy) >= APART, "{light:?} {heavy:?}");
    }
}
