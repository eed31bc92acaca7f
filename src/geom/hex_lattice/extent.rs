//! Where on the image the grid is printed, when it is not the whole of it: a printed scenario
//! sheet, a rulebook page or a scan with a wide margin holds the map in one part and text,
//! legends and paper around it. Measured over the whole page, that text outweighs the grid,
//! so the finder asks where a proposed lattice's hexagons are seen: the line image is cut into
//! tiles of a few hexes a side, each tile's fold is matched against the hexagon on its own,
//! and the largest connected patch of tiles that see it is the part the grid is printed on.
//! The finder then measures the grid again on that part alone.

use super::fold::{Region, best_match, bins_for, fold};
use super::gray::Lines;
use super::lattice::{Lattice, V2};

/// Hexes along a tile's side.
const TILE_HEXES: f64 = 4.0;
/// A tile whose fold matches a hexagon at least this well sees the grid (the refinement's
/// regions use the same bar).
const TILE_MIN_SCORE: f64 = 0.25;
/// Hexes along a tile's side once the lattice is measured: finer, to say where the grid ends.
const MEASURED_TILE_HEXES: f64 = 2.5;
/// A tile matching the grid measured at least this well shows it printed there.
const MEASURED_MIN_SCORE: f64 = 0.35;
/// The fewest tiles of a patch worth measuring again (a map of some eight hexes a side).
const MIN_TILES: usize = 4;
/// A patch covering more of the image than this gains nothing over the whole image.
const MOST_OF_THE_IMAGE: f64 = 0.8;

/// The part of `lines` on which `lat`'s hexagons are seen, grown by half a tile on every side
/// so the grid's edge hexes are whole in it, with the sum of its tiles' matches; `None` when
/// no patch is large enough or when the patch is most of the image. A patch joins tiles of one
/// polarity only: a grid is printed in one ink, and text matched by chance is dark in one
/// tile and light in the next.
pub(super) fn printed_part(lines: &Lines, lat: &Lattice) -> Option<(Region, f64)> {
    let (part, total) = patch(lines, lat, TILE_HEXES, TILE_MIN_SCORE, None)?;
    let share = ((part.x1 - part.x0) * (part.y1 - part.y0)) as f64
        / (lines.width * lines.height).max(1) as f64;
    (share <= MOST_OF_THE_IMAGE).then_some((part, total))
}

/// Where the grid measured (`lat`, its lines of polarity `ink`) is printed on `lines`, the
/// part it was measured on: its hexagons matched by a tile at [`MEASURED_MIN_SCORE`], a
/// stricter bar than the search's, as the lattice is now exact and text no longer passes.
///
/// The tiles say roughly where: a tile half on the map and half on the paper below it may
/// pass. The edge is then found hex by hex ([`printed_hexes`]) near the tiles, so the part
/// ends where the last printed hexes end, not up to a tile beyond them.
pub(super) fn where_printed(lines: &Lines, lat: &Lattice, ink: f64) -> Option<Printed> {
    let (tiles, _) = patch(
        lines,
        lat,
        MEASURED_TILE_HEXES,
        MEASURED_MIN_SCORE,
        Some(ink),
    )?;
    let reach = (lat.across() * MEASURED_TILE_HEXES).round() as usize;
    let near = Region {
        x0: tiles.x0.saturating_sub(reach),
        y0: tiles.y0.saturating_sub(reach),
        x1: (tiles.x1 + reach).min(lines.width),
        y1: (tiles.y1 + reach).min(lines.height),
    };
    Some(printed_hexes(lines, lat, ink, near).unwrap_or_else(|| {
        let corners = [
            (tiles.x0, tiles.y0),
            (tiles.x1, tiles.y0),
            (tiles.x0, tiles.y1),
            (tiles.x1, tiles.y1),
        ]
        .map(|(x, y)| V2::new(x as f64, y as f64));
        Printed {
            bounds: tiles,
            along: along_grid(lat, &corners),
        }
    }))
}

/// Where the grid is printed: the upright bounds on the image, and the bounds along the grid's
/// own axes (`[u0, v0, u1, v1]`, pixels along `a1` and across it), which follow a map printed
/// turned on the page where the upright bounds take in a corner of paper each side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Printed {
    pub bounds: Region,
    pub along: [f64; 4],
}

/// The grid's axes: `a1`'s direction and the one a right angle from it.
pub(super) fn axes(lat: &Lattice) -> (V2, V2) {
    let u = lat.a1 * (1.0 / lat.across());
    (u, u.turned(90.0))
}

/// The bounds of `points` along the grid's axes.
fn along_grid(lat: &Lattice, points: &[V2]) -> [f64; 4] {
    let (u, v) = axes(lat);
    let mut b = [f64::MAX, f64::MAX, f64::MIN, f64::MIN];
    for p in points {
        let (pu, pv) = (p.dot(u), p.dot(v));
        b = [b[0].min(pu), b[1].min(pv), b[2].max(pu), b[3].max(pv)];
    }
    b
}

/// Points sampled along each side of a hexagon, between its corners (not on them, where
/// neighbouring sides meet and any line is dark).
const SIDE_SAMPLES: [f64; 5] = [0.2, 0.35, 0.5, 0.65, 0.8];
/// A side is printed when this many of its samples are dark, and as many darker than the
/// paper a few pixels either side: a line along the side, not a margin's bar, a frame line or
/// words it crosses.
const SIDE_INKED: usize = 3;
/// A hexagon is printed when this many of its six sides are. A hex of the paper just past the
/// map shares at most three with the map's edge hexes; a map's hex under a stream along one
/// side still has five (a hex that loses more, under a counter, leaves a hole in the patch,
/// whose bounds its printed neighbours still give).
const HEX_SIDES_INKED: usize = 5;
/// A sample is on a line when it is this share of the strong lines' darkness.
const ON_A_LINE: f32 = 0.3;
/// How far either side of a hexagon's side a sample is compared with, pixels: off a printed
/// line, still on whatever ink a line merely crosses.
const ACROSS_THE_SIDE_PX: f64 = 3.5;
/// A hexagon's six sides, each sampled at [`SIDE_SAMPLES`]: the darkness on the side, and
/// how much darker the side is than a few pixels either side of it.
type HexSides = [[(f32, f32); 5]; 6];
/// The fewest printed hexes worth saying the grid ends at.
const MIN_PRINTED_HEXES: usize = 12;

/// The bounds of the largest patch of hexes of `lat` within `area` whose sides are printed
/// (in ink `ink`), their corners included; `None` when too few are.
fn printed_hexes(lines: &Lines, lat: &Lattice, ink: f64, area: Region) -> Option<Printed> {
    let across = lat.across();
    if across.is_nan() || across < 4.0 {
        return None;
    }
    let (w, h) = (lines.width as isize, lines.height as isize);
    // The darkest of the 3 x 3 pixels about a point, towards the grid's ink: a sample a
    // pixel off the line still finds it.
    let value = |p: V2| -> f32 {
        let (x, y) = (p.x.round() as isize, p.y.round() as isize);
        let mut best = f32::NEG_INFINITY;
        for dy in -1..=1 {
            for dx in -1..=1 {
                let (xx, yy) = (x + dx, y + dy);
                if xx >= 0 && yy >= 0 && xx < w && yy < h {
                    let v = lines.values[yy as usize * lines.width + xx as usize] * ink as f32;
                    best = best.max(v);
                }
            }
        }
        best
    };
    let corner = |k: i32| lat.a1.turned(30.0 + 60.0 * f64::from(k)) * (1.0 / 3f64.sqrt());
    let corners: Vec<V2> = (0..6).map(corner).collect();
    // The lattice points whose centres lie in the area.
    let (mut m0, mut m1, mut n0, mut n1) = (i64::MAX, i64::MIN, i64::MAX, i64::MIN);
    for (x, y) in [
        (area.x0, area.y0),
        (area.x1, area.y0),
        (area.x0, area.y1),
        (area.x1, area.y1),
    ] {
        let (m, n) = lat.coords(V2::new(x as f64, y as f64));
        (m0, m1) = (m0.min(m.floor() as i64), m1.max(m.ceil() as i64));
        (n0, n1) = (n0.min(n.floor() as i64), n1.max(n.ceil() as i64));
    }
    let (cols, rows) = ((m1 - m0 + 1) as usize, (n1 - n0 + 1) as usize);
    // An area a few tiles across holds some hundreds of hexes; more is no sheet's map.
    if cols.saturating_mul(rows) > 1 << 20 {
        return None;
    }
    let inside = |c: V2| {
        c.x >= area.x0 as f64
            && c.y >= area.y0 as f64
            && c.x < area.x1 as f64
            && c.y < area.y1 as f64
    };
    // Every hex's samples.
    let mut samples: Vec<Option<HexSides>> = vec![None; cols * rows];
    for j in 0..rows {
        for i in 0..cols {
            let c = lat.point((m0 + i as i64) as f64, (n0 + j as i64) as f64);
            if !inside(c) {
                continue;
            }
            let mut sides = [[(0f32, 0f32); 5]; 6];
            for (k, side) in sides.iter_mut().enumerate() {
                let (a, b) = (c + corners[k], c + corners[(k + 1) % 6]);
                let along = b - a;
                let off = along.turned(90.0) * (ACROSS_THE_SIDE_PX / along.length());
                for (v, t) in side.iter_mut().zip(SIDE_SAMPLES) {
                    // A line along the side, not a patch of ink it crosses (a margin's bar, a
                    // frame line, words): dark on the side and not a few pixels either side.
                    let p = a + along * t;
                    let beside = value(p + off).max(value(p - off)).max(0.0);
                    *v = (value(p), value(p) - beside);
                }
            }
            samples[j * cols + i] = Some(sides);
        }
    }
    // The strong lines' darkness: the upper fifth of every sample.
    let mut all: Vec<f32> = samples
        .iter()
        .flatten()
        .flatten()
        .flatten()
        .map(|(on, _)| *on)
        .collect();
    if all.is_empty() {
        return None;
    }
    let at = all.len() * 4 / 5;
    let (_, strong, _) = all.select_nth_unstable_by(at, f32::total_cmp);
    let bar = *strong * ON_A_LINE;
    if bar.is_nan() || bar <= 0.0 {
        return None;
    }
    let printed: Vec<bool> = samples
        .iter()
        .map(|hex| {
            hex.is_some_and(|sides| {
                let inked = sides
                    .iter()
                    .filter(|side| {
                        let on = side.iter().filter(|(on, _)| *on >= bar).count();
                        let along = side.iter().filter(|(_, along)| *along >= bar).count();
                        on >= SIDE_INKED && along >= SIDE_INKED
                    })
                    .count();
                inked >= HEX_SIDES_INKED
            })
        })
        .collect();
    let patch = largest_patch(&printed, cols, rows, &HEX_STEPS)?;
    if patch.len() < MIN_PRINTED_HEXES {
        return None;
    }
    let mut points = Vec::with_capacity(patch.len() * 6);
    for k in patch {
        let c = lat.point(
            (m0 + (k % cols) as i64) as f64,
            (n0 + (k / cols) as i64) as f64,
        );
        points.extend(corners.iter().map(|d| c + *d));
    }
    let [u0, v0, u1, v1] = along_grid(lat, &points);
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for p in &points {
        (x0, y0, x1, y1) = (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y));
    }
    // A pixel's grace each side, so the edge hexes' corners are within.
    Some(Printed {
        bounds: Region {
            x0: (x0 - 1.0).max(0.0).floor() as usize,
            y0: (y0 - 1.0).max(0.0).floor() as usize,
            x1: ((x1 + 2.0).ceil() as usize).min(lines.width),
            y1: ((y1 + 2.0).ceil() as usize).min(lines.height),
        },
        along: [u0 - 1.0, v0 - 1.0, u1 + 1.0, v1 + 1.0],
    })
}

/// The largest patch of tiles matching `lat`'s hexagon at `min_score` (of polarity `ink`, or
/// either), grown by half a tile, with the sum of its tiles' matches.
fn patch(
    lines: &Lines,
    lat: &Lattice,
    hexes: f64,
    min_score: f64,
    ink: Option<f64>,
) -> Option<(Region, f64)> {
    let side = (lat.across() * hexes).round() as usize;
    if side == 0 {
        return None;
    }
    let (nx, ny) = (lines.width / side, lines.height / side);
    if nx * ny < MIN_TILES {
        return None;
    }
    let bins = bins_for(lat.across());
    let scores: Vec<f64> = (0..nx * ny)
        .map(|k| {
            let (i, j) = (k % nx, k / nx);
            let tile = Region {
                x0: i * side,
                y0: j * side,
                x1: (i + 1) * side,
                y1: (j + 1) * side,
            };
            best_match(&fold(lines, lat, tile, bins), lat, 1.0, None)
                .map_or(0.0, |m| m.score * m.ink)
        })
        .collect();
    let total = |patch: &[usize]| patch.iter().map(|k| scores[*k].abs()).sum::<f64>();
    let inks: &[f64] = match ink {
        Some(i) if i < 0.0 => &[-1.0],
        Some(_) => &[1.0],
        None => &[1.0, -1.0],
    };
    let patch = inks
        .iter()
        .filter_map(|ink| {
            let marked: Vec<bool> = scores.iter().map(|s| s * ink >= min_score).collect();
            largest_patch(&marked, nx, ny, &TILE_STEPS)
        })
        .max_by(|a, b| total(a).total_cmp(&total(b)))?;
    if patch.len() < MIN_TILES {
        return None;
    }
    let (mut i0, mut j0, mut i1, mut j1) = (nx, ny, 0, 0);
    for k in &patch {
        let (i, j) = (k % nx, k / nx);
        (i0, j0, i1, j1) = (i0.min(i), j0.min(j), i1.max(i + 1), j1.max(j + 1));
    }
    let half = side / 2;
    let part = Region {
        x0: (i0 * side).saturating_sub(half),
        y0: (j0 * side).saturating_sub(half),
        x1: (i1 * side + half).min(lines.width),
        y1: (j1 * side + half).min(lines.height),
    };
    Some((part, total(&patch)))
}

/// Neighbours of a tile: the four it shares a side with.
const TILE_STEPS: [(isize, isize); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// Neighbours of a hex on a block of lattice points (`m` along a row, `n` down the rows):
/// the six of the lattice.
const HEX_STEPS: [(isize, isize); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

/// The cells (indices into the `nx` by `ny` grid) of the largest patch of marked cells
/// joined by `steps`.
fn largest_patch(
    marked: &[bool],
    nx: usize,
    ny: usize,
    steps: &[(isize, isize)],
) -> Option<Vec<usize>> {
    let mut visited = vec![false; marked.len()];
    let mut best: Option<Vec<usize>> = None;
    for start in 0..marked.len() {
        if !marked[start] || visited[start] {
            continue;
        }
        visited[start] = true;
        let mut patch = vec![start];
        let mut next = 0;
        while next < patch.len() {
            let k = patch[next];
            next += 1;
            let (i, j) = ((k % nx) as isize, (k / nx) as isize);
            for (di, dj) in steps {
                let (a, b) = (i + di, j + dj);
                if a < 0 || b < 0 || a >= nx as isize || b >= ny as isize {
                    continue;
                }
                let n = b as usize * nx + a as usize;
                if marked[n] && !visited[n] {
                    visited[n] = true;
                    patch.push(n);
                }
            }
        }
        if best.as_ref().is_none_or(|b| patch.len() > b.len()) {
            best = Some(patch);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_patch_joins_tiles_by_their_sides_only() {
        // 4 x 3: a patch of three on the left, a diagonal pair on the right.
        #[rustfmt::skip]
        let marked = [
            true,  true,  false, true,
            true,  false, false, false,
            false, false, true,  false,
        ];
        let mut p = largest_patch(&marked, 4, 3, &TILE_STEPS).expect("a patch");
        p.sort_unstable();
        assert_eq!(p, vec![0, 1, 4]);
        assert!(largest_patch(&[false; 6], 3, 2, &TILE_STEPS).is_none());
    }
}
