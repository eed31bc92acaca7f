//! How big a scenario may be. Scenario files come from strangers, and every command and the
//! editor work on whatever loads; these limits are what keeps the work of any one of them bounded
//! (memory, time, output), so each is checked before anything walks the scenario.
//!
//! Each limit is far above what a real scenario needs (the reason is beside it) and is documented
//! in `docs/cli.md` ("Limits"). Loading refuses a file that breaks one, naming the limit and the
//! item; the editor's edits stay inside them.

use super::game::{
    Action, ColumnOrder, MAX_FOLLOW_UP_ROLLS, MAX_LOG_ENTRIES, MAX_REASONS, MAX_ROUTE_POINTS,
    MAX_UNDO_UNITS, TestDice,
};
use super::invalid::Invalid;
use super::*;

/// Hexes on a hex map: a 200 x 200 rectangle. The largest board wargames print about 10,000
/// hexes over several map sheets.
pub const MAX_HEXES: usize = 40_000;
/// A table side, in inches (about 83 feet; club tables are rarely over 30 feet).
pub const MAX_TABLE_IN: f32 = 1000.0;
/// How far any point in table inches (a vertex, a model, a route, an objective) may lie from
/// the table's north-west corner, in either direction: terrain may run off the table, but not
/// without end.
pub const MAX_COORD_IN: f32 = 2.0 * MAX_TABLE_IN;
/// Sides (armies, players).
pub const MAX_SIDES: usize = 16;
/// Rows of the terrain table.
pub const MAX_TERRAIN_TYPES: usize = 256;
/// Units, leaders included. A large battle fields a few hundred.
pub const MAX_UNITS: usize = 5_000;
/// Models (figures and stands) of all units together; a very large battle at one figure to
/// twenty men has under 10,000.
pub const MAX_MODELS: usize = 20_000;
/// A unit's starting strength and its models: the largest battalions field about 60 figures.
pub const MAX_STRENGTH: u16 = 1_000;
/// Terrain pieces on the table.
pub const MAX_PIECES: usize = 5_000;
/// Vertices of one shape (a terrain piece, a zone, a column's route): a river traced a vertex
/// every tenth of an inch along 80 feet.
pub const MAX_SHAPE_VERTICES: usize = 10_000;
/// Vertices of all shapes together.
pub const MAX_TOTAL_VERTICES: usize = 100_000;
/// Columns, deployment zones, objectives, reinforcements and map labels, each.
pub const MAX_ITEMS: usize = 1_000;
/// A name, title or author, in characters.
pub const MAX_NAME_CHARS: usize = 200;
/// An objective's notes, in characters.
pub const MAX_NOTE_CHARS: usize = 2_000;
/// The scenario's description and designer's notes, in bytes (about 30 printed pages).
pub const MAX_TEXT_BYTES: usize = 64 << 10;
/// The most a scenario's stacking limit may allow in one hex (more counters than fit a hex
/// legibly).
pub const MAX_STACKING: u8 = 12;
/// A side's briefing, in bytes (about four printed pages: a side's orders, not a book; sixteen
/// sides' briefings stay within a sheet's pages).
pub const MAX_BRIEFING_BYTES: usize = 8 << 10;
/// Leaders in one chain of superiors (army, wing, division, brigade, ... rarely beyond 6).
pub const MAX_CHAIN_DEPTH: usize = 16;
/// Movement points of a unit on the hex map (R5 units have 3 to 9; a leader may have a few
/// more). With the +2 of a Charge, a preview then reaches under 2,000 hexes.
pub const MAX_MP: u8 = 24;
/// Distances a unit's statistics give in inches (move, awareness, rout), each.
pub const MAX_STAT_IN: u8 = 100;
/// Memory a background image may take decoded, at four bytes a pixel: 400 MB. A scan is kept
/// at its own resolution (a 22 x 34 inch map at 300 dpi is 67 megapixels); the editor shows
/// it through a tile pyramid and a true-scale print uses every pixel.
pub const MAX_BACKGROUND_DECODED_BYTES: u64 = 400_000_000;
/// Pixels of a background image: what [`MAX_BACKGROUND_DECODED_BYTES`] holds, 100 megapixels.
pub const MAX_BACKGROUND_PIXELS: u64 = MAX_BACKGROUND_DECODED_BYTES / 4;
/// The longest side of a background image, pixels (a 100-megapixel image 5:1 long).
pub const MAX_BACKGROUND_SIDE_PX: u32 = 25_000;
/// Encoded bytes of a background image: a 100-megapixel JPEG scan is a third of it.
pub const MAX_BACKGROUND_BYTES: usize = 128 << 20;
/// How far a calibrated image may be turned: scans are straightened by a few degrees at most,
/// and a larger turn is a mistaken click.
pub const MAX_PLACEMENT_ROTATION_DEG: f32 = 15.0;
/// How far from the image's corner a calibrated image's origin may lie, in image pixels.
pub const MAX_PLACEMENT_ORIGIN_PX: f32 = 1_000_000.0;

/// Counts one list against its limit; the message names both.
fn list(out: &mut Vec<Invalid>, item: ItemRef, what: &str, len: usize, limit: usize) -> bool {
    if len > limit {
        out.push(Invalid {
            item,
            message: format!(
                "has {} {what}, over the limit of {}",
                thousands(len),
                thousands(limit)
            ),
        });
        return false;
    }
    true
}

/// `12345` as `12,345`, as the limits are written in the documentation.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The lists of a scenario against their limits, before anything walks them. When this finds
/// a list over its limit, validation stops there, so refusing a hostile file costs no more than
/// counting.
pub fn check_counts(s: &Scenario) -> Vec<Invalid> {
    let mut out = Vec::new();
    let o = &mut out;
    let sc = ItemRef::Scenario;
    list(o, sc, "sides", s.sides.len(), MAX_SIDES);
    list(
        o,
        sc,
        "terrain types",
        s.terrain_types.len(),
        MAX_TERRAIN_TYPES,
    );
    list(o, sc, "terrain pieces", s.pieces.len(), MAX_PIECES);
    list(o, sc, "units", s.units.len(), MAX_UNITS);
    list(o, sc, "columns", s.columns.len(), MAX_ITEMS);
    list(o, sc, "deployment zones", s.zones.len(), MAX_ITEMS);
    list(o, sc, "objectives", s.objectives.len(), MAX_ITEMS);
    list(o, sc, "reinforcements", s.reinforcements.len(), MAX_ITEMS);
    list(o, sc, "map labels", s.labels.len(), MAX_ITEMS);
    if !o.is_empty() {
        return out;
    }
    let models: usize = s.units.iter().map(|u| u.models.len()).sum();
    list(o, sc, "models", models, MAX_MODELS);
    let kinds = KindTag::ALL.len();
    list(
        o,
        sc,
        "kinds exempt from ZOC",
        s.rules.zoc.exempt_kinds.len(),
        kinds,
    );
    if let Map::Hex(h) = &s.map {
        // Each edge is stored once: three per hex, and the outer edges of the border hexes.
        let edges = 3 * MAX_HEXES + 6 * 1_000;
        list(o, ItemRef::Map, "hexside entries", h.hexsides.len(), edges);
        list(
            o,
            ItemRef::Map,
            "terrain entries",
            h.terrain.len(),
            MAX_HEXES,
        );
    }
    let members: usize = s.columns.iter().map(|c| c.members.len()).sum();
    list(o, sc, "column places in all", members, MAX_UNITS);
    let arrivals: usize = s.reinforcements.iter().map(|r| r.units.len()).sum();
    list(
        o,
        sc,
        "units arriving as reinforcements in all",
        arrivals,
        MAX_UNITS,
    );
    let zone_hexes: usize = s
        .zones
        .iter()
        .map(|z| match &z.area {
            ZoneArea::Hexes(h) => h.len(),
            ZoneArea::Polygon(_) => 0,
        })
        .sum();
    list(o, sc, "zone hexes in all", zone_hexes, 4 * MAX_HEXES);
    let mut vertices = 0usize;
    let mut shape = |o: &mut Vec<Invalid>, item: ItemRef, what: &str, n: usize| {
        vertices += n;
        list(o, item, what, n, MAX_SHAPE_VERTICES);
    };
    for p in &s.pieces {
        shape(o, ItemRef::Piece(p.id), "vertices", p.shape.points().len());
    }
    for z in &s.zones {
        match &z.area {
            ZoneArea::Polygon(points) => shape(o, ItemRef::Zone(z.id), "vertices", points.len()),
            ZoneArea::Hexes(hexes) => {
                list(o, ItemRef::Zone(z.id), "hexes", hexes.len(), MAX_HEXES);
            }
        }
    }
    for c in &s.columns {
        let item = ItemRef::Column(c.id);
        shape(o, item, "route points", c.route.len());
        if let Some(ColumnAction::Move { route, .. }) = &c.last_action {
            shape(o, item, "points in its last move", route.len());
        }
        list(o, item, "members", c.members.len(), MAX_UNITS);
    }
    list(o, sc, "vertices in all", vertices, MAX_TOTAL_VERTICES);
    for r in &s.reinforcements {
        list(
            o,
            ItemRef::Reinforcement(r.id),
            "units",
            r.units.len(),
            MAX_UNITS,
        );
    }
    for u in &s.units {
        let item = ItemRef::Unit(u.id);
        list(o, item, "models", u.models.len(), MAX_STRENGTH as usize);
        list(o, item, "special rules", u.special.len(), 5);
    }
    game_counts(s, o);
    out
}

/// The game's lists against their limits.
fn game_counts(s: &Scenario, out: &mut Vec<Invalid>) {
    let Some(g) = s.game.as_deref() else { return };
    let item = ItemRef::Game;
    let before = out.len();
    list(out, item, "log entries", g.log.len(), MAX_LOG_ENTRIES);
    list(out, item, "units marked as acted", g.acted.len(), MAX_UNITS);
    list(
        out,
        item,
        "units in its starting position",
        g.start.units.len(),
        MAX_UNITS,
    );
    list(
        out,
        item,
        "columns in its starting position",
        g.start.columns.len(),
        MAX_ITEMS,
    );
    if out.len() > before {
        return;
    }
    let models: usize = g.start.units.iter().map(|u| u.models.len()).sum();
    list(
        out,
        item,
        "models in its starting position",
        models,
        MAX_MODELS,
    );
    let mut referee_models = 0usize;
    let (mut undo_units, mut undo_models, mut undo_acted) = (0usize, 0usize, 0usize);
    for e in &g.log {
        undo_units += e.undo.units.len();
        undo_models += e.undo.units.iter().map(|u| u.models.len()).sum::<usize>();
        undo_acted += e.undo.acted.len();
    }
    list(
        out,
        item,
        "units in its undo records in all",
        undo_units,
        MAX_UNDO_UNITS,
    );
    list(
        out,
        item,
        "models in its undo records in all",
        undo_models,
        10 * MAX_MODELS,
    );
    list(
        out,
        item,
        "acted units in its undo records in all",
        undo_acted,
        MAX_UNDO_UNITS,
    );
    if out.len() > before {
        return;
    }
    for (i, e) in g.log.iter().enumerate() {
        let item = ItemRef::LogEntry(i as u32 + 1);
        list(out, item, "reasons", e.reasons.len(), MAX_REASONS);
        list(out, item, "path points", e.path.len(), MAX_ROUTE_POINTS);
        match &e.action {
            Action::Move { followers, .. } => {
                list(out, item, "placed followers", followers.len(), MAX_MODELS);
            }
            Action::Column {
                order: ColumnOrder::Move { route, .. },
                ..
            } => {
                list(out, item, "route points", route.len(), MAX_ROUTE_POINTS);
            }
            Action::Test {
                dice: TestDice::Roll { follow_up, .. },
                ..
            } => {
                list(
                    out,
                    item,
                    "follow-up rolls",
                    follow_up.len(),
                    MAX_FOLLOW_UP_ROLLS,
                );
            }
            Action::Referee { unit, .. } => referee_models += unit.models.len(),
            _ => {}
        }
    }
    list(
        out,
        ItemRef::Game,
        "models in referee overrides in all",
        referee_models,
        MAX_MODELS,
    );
}

/// The values of one unit against their limits.
pub(super) fn check_unit(u: &Unit, out: &mut Vec<Invalid>) {
    let item = ItemRef::Unit(u.id);
    if u.strength.start > MAX_STRENGTH {
        out.push(Invalid {
            item,
            message: format!(
                "starts with {} stands or figures, over the limit of {}",
                u.strength.start,
                thousands(MAX_STRENGTH as usize)
            ),
        });
    }
    if u.stats.mp > MAX_MP {
        out.push(Invalid {
            item,
            message: format!("has {} MP, over the limit of {MAX_MP}", u.stats.mp),
        });
    }
    for (what, v) in [
        ("move", u.stats.mv),
        ("awareness range", u.stats.aw),
        ("rout distance", u.stats.rout_in),
    ] {
        if v > MAX_STAT_IN {
            out.push(Invalid {
                item,
                message: format!("has a {what} of {v}\", over the limit of {MAX_STAT_IN}\""),
            });
        }
    }
}

/// A name, title or author against [`MAX_NAME_CHARS`], or a note against [`MAX_NOTE_CHARS`].
pub(super) fn check_chars(
    out: &mut Vec<Invalid>,
    item: ItemRef,
    what: &str,
    text: &str,
    limit: usize,
) {
    // Counting stops past the limit, so a 1 MB name costs no more than a long one.
    if text.len() > limit && text.chars().nth(limit).is_some() {
        out.push(Invalid {
            item,
            message: format!(
                "{what} is {} characters long, over the limit of {}",
                thousands(text.chars().count()),
                thousands(limit)
            ),
        });
    }
}

/// Long text (the description, the designer's notes, a side's briefing) against its limit
/// in bytes.
pub(super) fn check_text(
    out: &mut Vec<Invalid>,
    item: ItemRef,
    what: &str,
    text: &str,
    limit: usize,
) {
    if text.len() > limit {
        out.push(Invalid {
            item,
            message: format!(
                "{what} is {} bytes long, over the limit of {} KiB",
                thousands(text.len()),
                limit >> 10
            ),
        });
    }
}

/// A background's stated size against [`MAX_BACKGROUND_PIXELS`] and [`MAX_BACKGROUND_BYTES`]
/// (loading also checks the image's own header agrees).
pub(super) fn check_background(bg: &Background, out: &mut Vec<Invalid>) {
    let pixels = u64::from(bg.width_px) * u64::from(bg.height_px);
    if pixels > MAX_BACKGROUND_PIXELS {
        out.push(Invalid {
            item: ItemRef::Map,
            message: format!(
                "the background image is {} x {} pixels, over the limit of {} megapixels ({} MB \
                 decoded)",
                bg.width_px,
                bg.height_px,
                MAX_BACKGROUND_PIXELS / 1_000_000,
                MAX_BACKGROUND_DECODED_BYTES / 1_000_000
            ),
        });
    }
    if bg.encoded.len() > MAX_BACKGROUND_BYTES {
        out.push(Invalid {
            item: ItemRef::Map,
            message: format!(
                "the background image is {} bytes, over the limit of {} MiB",
                thousands(bg.encoded.len()),
                MAX_BACKGROUND_BYTES >> 20
            ),
        });
    }
}

/// A point in table inches: finite and within [`MAX_COORD_IN`] of the table's corner.
pub fn point_in_bounds(p: crate::geom::Point) -> bool {
    p.is_finite() && p.x.abs() <= MAX_COORD_IN && p.y.abs() <= MAX_COORD_IN
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_groups_digits() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(40_000), "40,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
