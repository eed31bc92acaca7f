//! Where on the image the grid is printed, when it is not the whole of it: a printed scenario
//! sheet, a rulebook page or a scan with a wide margin holds the map in one part and text,
//! legends and paper around it. Measured over the whole page, that text outweighs the grid,
//! so the finder asks where a proposed lattice's hexagons are seen: the line image is cut into
//! tiles of a few hexes a side, each tile's fold is matched against the hexagon on its own,
//! and the largest connected patch of tiles that see it is the part the grid is printed on.
//! The finder then measures the grid again on that part alone.

use super::fold::{Region, best_match, bins_for, fold};
use super::gray::Lines;
use super::lattice::Lattice;

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
pub(super) fn where_printed(lines: &Lines, lat: &Lattice, ink: f64) -> Option<Region> {
    patch(
        lines,
        lat,
        MEASURED_TILE_HEXES,
        MEASURED_MIN_SCORE,
        Some(ink),
    )
    .map(|(r, _)| r)
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
            largest_patch(&marked, nx, ny)
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

/// The tiles (indices into the `nx` by `ny` grid) of the largest patch of marked tiles
/// joined by their sides.
fn largest_patch(marked: &[bool], nx: usize, ny: usize) -> Option<Vec<usize>> {
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
            let (i, j) = (k % nx, k / nx);
            let around = [
                (i > 0).then(|| k - 1),
                (i + 1 < nx).then(|| k + 1),
                (j > 0).then(|| k - nx),
                (j + 1 < ny).then(|| k + nx),
            ];
            for n in around.into_iter().flatten() {
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
        let mut p = largest_patch(&marked, 4, 3).expect("a patch");
        p.sort_unstable();
        assert_eq!(p, vec![0, 1, 4]);
        assert!(largest_patch(&[false; 6], 3, 2).is_none());
    }
}
