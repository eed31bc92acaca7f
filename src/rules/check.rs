//! `sandtable check`: everything a designer should fix before a scenario is played.
//!
//! Structural breaks (from `Scenario::validate`) come first; then the game-level checks:
//! ruleset against map, models against strength, bases off the table or overlapping, units in
//! impassable ground, column formation (R1), deployment outside zones, reinforcements, stacking.

use super::column::deployment_problems;
use crate::geom::{Footprint, Point, point_in_polygon};
use crate::model::*;
use foldhash::{HashMap, HashMapExt, HashSet};
use serde::Serialize;
use std::fmt;

/// How bad a problem is: errors make `check` exit 1 and block play; warnings are advice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

/// One finding, naming the item the editor should select.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    pub severity: Severity,
    /// In JSON: `item`, and `item_text` as the report names it.
    #[serde(flatten, serialize_with = "item_with_text")]
    pub item: ItemRef,
    pub message: String,
}

fn item_with_text<S: serde::Serializer>(item: &ItemRef, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(Some(2))?;
    map.serialize_entry("item", item)?;
    map.serialize_entry("item_text", &item.to_string())?;
    map.end()
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{sev}: {}: {}", self.item, self.message)
    }
}

/// Tolerance for touching bases and edges, in inches: the one contact tolerance of the rules.
const EPS: f32 = super::measure::CONTACT_SLACK_IN;

struct Out(Vec<Problem>);

impl Out {
    fn error(&mut self, item: ItemRef, message: impl Into<String>) {
        self.0.push(Problem {
            severity: Severity::Error,
            item,
            message: message.into(),
        });
    }
    fn warn(&mut self, item: ItemRef, message: impl Into<String>) {
        self.0.push(Problem {
            severity: Severity::Warning,
            item,
            message: message.into(),
        });
    }
}

/// All problems of a scenario, errors first, then in item order.
pub fn check(s: &Scenario) -> Vec<Problem> {
    let mut out = Out(Vec::new());
    for inv in s.validate() {
        out.error(inv.item, inv.message);
    }
    if out.0.is_empty() {
        check_ruleset(s, &mut out);
        check_pieces(s, &mut out);
        check_units(s, &mut out);
        check_overlaps(s, &mut out);
        check_columns(s, &mut out);
        check_deployment(s, &mut out);
        check_places(s, &mut out);
    }
    out.0
        .sort_by(|a, b| (a.severity, a.item, &a.message).cmp(&(b.severity, b.item, &b.message)));
    out.0
}

/// All problems of a scenario as loaded: [`check`]'s, and what loading mended that still
/// shows (a leader link set aside is an error until one is chosen, a raised `next_id` a
/// warning), in the same order.
pub fn check_mended(s: &Scenario, repairs: &[Repair]) -> Vec<Problem> {
    let mut out = check(s);
    out.extend(repairs.iter().filter(|r| r.pending(s)).map(|r| Problem {
        severity: if r.is_error() {
            Severity::Error
        } else {
            Severity::Warning
        },
        item: r.item(),
        message: r.to_string(),
    }));
    out.sort_by(|a, b| (a.severity, a.item, &a.message).cmp(&(b.severity, b.item, &b.message)));
    out
}

/// Whether any problem is an error.
pub fn has_errors(problems: &[Problem]) -> bool {
    problems.iter().any(|p| p.severity == Severity::Error)
}

fn check_ruleset(s: &Scenario, out: &mut Out) {
    let hex_rules = s.rules.ruleset.needs_hex_map();
    if hex_rules && !s.map.is_hex() {
        out.error(
            ItemRef::Map,
            "hex commands (R5) need a hex map, but the map is a table",
        );
    }
    if !hex_rules && s.map.is_hex() {
        out.error(
            ItemRef::Map,
            format!(
                "{:?} is a free-measure ruleset, but the map is a hex map",
                s.rules.ruleset
            ),
        );
    }
}

fn check_pieces(s: &Scenario, out: &mut Out) {
    for p in &s.pieces {
        let Some(t) = s.terrain(p.terrain) else {
            continue;
        };
        let item = ItemRef::Piece(p.id);
        match (&p.shape, t.kind) {
            (PieceShape::Polygon(_), TerrainKind::Linear | TerrainKind::Road) => out.error(
                item,
                format!(
                    "'{}' is drawn as an area but {} is a line terrain",
                    p.name, t.name
                ),
            ),
            (PieceShape::Polyline { .. }, TerrainKind::Area) => out.error(
                item,
                format!(
                    "'{}' is drawn as a line but {} is an area terrain",
                    p.name, t.name
                ),
            ),
            _ => {}
        }
        if let Map::Table(table) = &s.map
            && p.shape.points().iter().any(|pt| !on_table(table, *pt, 0.0))
        {
            out.warn(item, format!("'{}' extends beyond the table edge", p.name));
        }
    }
}

fn on_table(t: &TableMap, p: Point, margin: f32) -> bool {
    p.x >= -margin - EPS
        && p.y >= -margin - EPS
        && p.x <= t.width_in + margin + EPS
        && p.y <= t.height_in + margin + EPS
}

fn check_units(s: &Scenario, out: &mut Out) {
    // Terrain only: the side and the mover's size do not change what is impassable.
    let terrain = crate::rules::reach::Board::terrain_only(s);
    // The combat units found on each hex so far.
    let mut on_hex: HashMap<(i32, i32), Vec<UnitId>> = HashMap::new();
    let per_hex = usize::from(s.rules.units_per_hex());
    for u in &s.units {
        let item = ItemRef::Unit(u.id);
        if u.strength.start == 0 {
            out.error(
                item,
                format!("'{}' starts with no stands or figures", u.name),
            );
        }
        // A battery (artillery) may be several gun models and is still one single stand under
        // R4; an elephant or a wagon is always one stand.
        if s.rules.morale_tests && u.kind.is_always_one_stand() && u.strength.start > 1 {
            out.warn(
                item,
                format!(
                    "'{}' is a {} unit, always a single stand, but starts with {} stands",
                    u.name,
                    u.kind.tag(),
                    u.strength.start
                ),
            );
        }
        if !u.in_play() && matches!(u.position, Position::Table | Position::Hex { .. }) {
            out.warn(
                item,
                format!("'{}' has been removed but is still on the map", u.name),
            );
        }
        if let Some(l) = &u.leadership
            && l.span == 0
            && s.map.is_hex()
        {
            out.warn(item, format!("leader '{}' has a command span of 0", u.name));
        }
        if s.rules.ruleset == Ruleset::HexCommands && u.is_combat_unit() && u.commander.is_none() {
            out.warn(
                item,
                format!(
                    "'{}' has no commander: it will always be out of command",
                    u.name
                ),
            );
        }
        match u.position {
            Position::Table => {
                if u.models.len() != u.strength.current as usize {
                    out.error(
                        item,
                        format!(
                            "'{}' has {} models on the table but a current strength of {}",
                            u.name,
                            u.models.len(),
                            u.strength.current
                        ),
                    );
                }
                if let Map::Table(t) = &s.map {
                    for m in &u.models {
                        let fp = m.footprint();
                        let r = fp.bounding_radius();
                        let inside = match fp {
                            Footprint::Rect { corners, .. } => {
                                corners.iter().all(|c| on_table(t, *c, 0.0))
                            }
                            Footprint::Circle { centre, .. } => {
                                on_table(t, centre - Point::splat(r), 0.0)
                                    && on_table(t, centre + Point::splat(r), 0.0)
                            }
                        };
                        if !inside {
                            out.error(
                                ItemRef::Model(u.id, m.id),
                                format!(
                                    "a model of '{}' at ({:.2}, {:.2}) is off the table",
                                    u.name, m.pos.x, m.pos.y
                                ),
                            );
                        }
                        // The rules' own footprint test: a base partly in impassable
                        // ground is refused as a destination, so it is a problem here.
                        if let Some(piece) = terrain
                            .impassable_under(m.pos, fp.bounding_radius())
                            .and_then(|p| s.piece(p))
                        {
                            out.error(
                                ItemRef::Model(u.id, m.id),
                                format!(
                                    "a model of '{}' stands in impassable '{}' (its base reaches into it)",
                                    u.name, piece.name
                                ),
                            );
                        }
                    }
                }
            }
            Position::Hex { hex, .. } => {
                if let Map::Hex(h) = &s.map
                    && h.grid().contains(hex)
                    && !h.is_playable(hex)
                {
                    out.error(
                        item,
                        format!(
                            "'{}' stands in half hex {}, cut by the map's edge, which this \
                             scenario does not let units use",
                            u.name,
                            h.label(hex)
                        ),
                    );
                }
                if let Map::Hex(h) = &s.map
                    && let Some(t) = h.terrain_at(hex).and_then(|t| s.terrain(t))
                    && t.hex_cost == HexCost::Impassable
                {
                    out.error(
                        item,
                        format!("'{}' stands in impassable {}", u.name, t.name),
                    );
                }
                if u.is_combat_unit() && u.in_play() {
                    let here = on_hex.entry((hex.x, hex.y)).or_default();
                    // Worded only for a message: most hexes hold one unit.
                    let at = || match &s.map {
                        Map::Hex(h) => format!("hex {}", h.label(hex)),
                        Map::Table(_) => format!("hex ({}, {})", hex.x, hex.y),
                    };
                    let name = |id: UnitId| {
                        s.unit(id)
                            .map_or(format!("unit {id}"), |o| format!("'{}'", o.name))
                    };
                    let enemy = here
                        .iter()
                        .find(|o| s.unit(**o).is_some_and(|o| o.side != u.side));
                    if let Some(&e) = enemy {
                        out.error(
                            item,
                            format!("'{}' shares {} with the enemy's {}", u.name, at(), name(e)),
                        );
                    } else if here.len() >= per_hex {
                        let others: Vec<String> = here.iter().map(|o| name(*o)).collect();
                        let limit = if per_hex == 1 {
                            "one unit a hex".to_string()
                        } else {
                            format!("the scenario's limit of {per_hex} units a hex")
                        };
                        out.error(
                            item,
                            format!(
                                "'{}' shares {} with {}, over {limit}",
                                u.name,
                                at(),
                                others.join(" and ")
                            ),
                        );
                    }
                    here.push(u.id);
                }
            }
            // Off the table a unit still carries its figures (a column's units come on with
            // them): they must agree with its strength just as on the table.
            Position::OffMap => {
                if s.map.as_table().is_some() && u.models.len() != u.strength.current as usize {
                    out.error(
                        item,
                        format!(
                            "'{}' has {} models off the table but a current strength of {}",
                            u.name,
                            u.models.len(),
                            u.strength.current
                        ),
                    );
                }
            }
            Position::Exited => {}
        }
    }
}

/// Overlapping bases: each model that overlaps another is reported once, naming one it
/// overlaps. Candidates come from a uniform grid; a model stops looking at its first overlap, so
/// a pile of models on one spot costs its size, not its square, and the report grows with the
/// models, not the pairs.
fn check_overlaps(s: &Scenario, out: &mut Out) {
    let models: Vec<(&Unit, &Model, Footprint)> = s
        .units
        .iter()
        .filter(|u| u.on_table() && u.in_play())
        .flat_map(|u| u.models.iter().map(move |m| (u, m, m.footprint())))
        .collect();
    for (i, (j, depth)) in overlap_witnesses(&models).into_iter().enumerate() {
        let Some(j) = j else {
            continue;
        };
        let (ua, ma, _) = &models[i];
        let (ub, mb, _) = &models[j];
        let what = if ua.id == ub.id {
            format!("two models of '{}' overlap ({depth:.2}\")", ua.name)
        } else {
            format!(
                "a model of '{}' overlaps a model of '{}' ({depth:.2}\")",
                ua.name, ub.name
            )
        };
        out.error(
            ItemRef::Model(ua.id, ma.id),
            format!("{what}; the other is {}", mb.id),
        );
    }
}

/// For each footprint, one other it overlaps (by index) and by how much, in inches.
///
/// The grid's cell is the 90th percentile of the bases' sizes, so nine bases in ten touch at
/// most four cells; bases over eight cells across are kept apart and tested against every
/// other, which costs little because there are few of them. Every base without an overlap yet
/// tests its candidates until it finds one; a pair found marks both.
fn overlap_witnesses(models: &[(&Unit, &Model, Footprint)]) -> Vec<(Option<usize>, f32)> {
    let n = models.len();
    let mut found: Vec<(Option<usize>, f32)> = vec![(None, 0.0); n];
    if n < 2 {
        return found;
    }
    let mut sizes: Vec<f32> = models
        .iter()
        .map(|(_, _, fp)| 2.0 * fp.bounding_radius())
        .collect();
    let p90 = (n * 9 / 10).min(n - 1);
    let cell = sizes.select_nth_unstable_by(p90, f32::total_cmp).1.max(0.5);
    let cell_of = |p: Point| ((p.x / cell).floor() as i32, (p.y / cell).floor() as i32);
    let span = |fp: &Footprint| {
        let r = fp.bounding_radius();
        (
            cell_of(fp.centre() - Point::splat(r)),
            cell_of(fp.centre() + Point::splat(r)),
        )
    };
    let mut grid: HashMap<(i32, i32), Vec<usize>> = HashMap::new();
    let mut giants = Vec::new();
    let mut giant = vec![false; n];
    for (i, (_, _, fp)) in models.iter().enumerate() {
        if fp.bounding_radius() * 2.0 > 8.0 * cell {
            giants.push(i);
            giant[i] = true;
            continue;
        }
        let (lo, hi) = span(fp);
        for cx in lo.0..=hi.0 {
            for cy in lo.1..=hi.1 {
                grid.entry((cx, cy)).or_default().push(i);
            }
        }
    }
    let test = |i: usize, j: usize, found: &mut Vec<(Option<usize>, f32)>| {
        if i == j {
            return false;
        }
        let d = models[i].2.separation(&models[j].2);
        if d >= -EPS {
            return false;
        }
        for (a, b) in [(i, j), (j, i)] {
            if found[a].0.is_none() {
                found[a] = (Some(b), -d);
            }
        }
        true
    };
    for i in 0..n {
        if found[i].0.is_some() {
            continue;
        }
        let fp = &models[i].2;
        if giant[i] {
            // A giant against every base.
            for j in 0..n {
                if test(i, j, &mut found) {
                    break;
                }
            }
            continue;
        }
        let (lo, hi) = span(fp);
        'cells: for cx in lo.0..=hi.0 {
            for cy in lo.1..=hi.1 {
                for &j in grid.get(&(cx, cy)).into_iter().flatten() {
                    if test(i, j, &mut found) {
                        break 'cells;
                    }
                }
            }
        }
        if found[i].0.is_none() {
            for &j in &giants {
                if test(i, j, &mut found) {
                    break;
                }
            }
        }
    }
    found
}

fn check_columns(s: &Scenario, out: &mut Out) {
    for col in &s.columns {
        let item = ItemRef::Column(col.id);
        let Map::Table(t) = &s.map else {
            out.error(
                item,
                format!("column '{}' needs a free-measure table", col.name),
            );
            continue;
        };
        let edge_len = match col.entry.edge {
            Edge::North | Edge::South => t.width_in,
            Edge::East | Edge::West => t.height_in,
        };
        if col.entry.along_in > edge_len + EPS {
            out.error(
                item,
                format!(
                    "entry point is {:.2}\" along the {:?} edge, which is only {:.2}\" long",
                    col.entry.along_in, col.entry.edge, edge_len
                ),
            );
        }
        if col.members.is_empty() {
            out.warn(item, format!("column '{}' has no units", col.name));
        }
        if let StartCount::Count(n) = col.on_table_at_start
            && n as usize > col.members.len()
        {
            out.error(
                item,
                format!(
                    "{n} units should start on table but the column has {}",
                    col.members.len()
                ),
            );
        }
        for p in deployment_problems(s, col) {
            let item = ItemRef::Unit(p.unit());
            if p.is_error() {
                out.error(item, p.to_string());
            } else {
                out.warn(item, p.to_string());
            }
        }
    }
}

/// Units must be set up in their side's zones (at the start of the game only: once a game has
/// played anything, or after turn 1, they stand where play put them). Column members and
/// reinforcements enter elsewhere.
fn check_deployment(s: &Scenario, out: &mut Out) {
    if s.turn > 1 || s.game.as_ref().is_some_and(|g| !g.log.is_empty()) {
        return;
    }
    let entering: HashSet<UnitId> = s
        .columns
        .iter()
        .flat_map(|c| c.members.iter().map(|m| m.unit))
        .chain(
            s.reinforcements
                .iter()
                .flat_map(|r| r.units.iter().copied()),
        )
        .collect();
    // Each zone's hexes as a set, so a unit's hex is looked up, not searched for.
    let hex_sets: HashMap<ZoneId, HashSet<hexx::Hex>> = s
        .zones
        .iter()
        .filter_map(|z| match &z.area {
            ZoneArea::Hexes(hexes) => Some((z.id, hexes.iter().copied().collect())),
            ZoneArea::Polygon(_) => None,
        })
        .collect();
    for u in &s.units {
        if entering.contains(&u.id) {
            continue;
        }
        let zones: Vec<&DeploymentZone> = s.zones.iter().filter(|z| z.side == u.side).collect();
        if zones.is_empty() {
            continue;
        }
        let inside = |p: Place| {
            zones.iter().any(|z| match (&z.area, p) {
                (ZoneArea::Polygon(poly), Place::Table(pt)) => point_in_polygon(pt, poly),
                (ZoneArea::Hexes(_), Place::Hex(h)) => {
                    hex_sets.get(&z.id).is_some_and(|set| set.contains(&h))
                }
                _ => false,
            })
        };
        let outside = match u.position {
            Position::Table => u.models.iter().any(|m| !inside(Place::Table(m.pos))),
            Position::Hex { hex, .. } => !inside(Place::Hex(hex)),
            _ => false,
        };
        if outside {
            out.error(
                ItemRef::Unit(u.id),
                format!(
                    "'{}' is deployed outside its side's deployment zones",
                    u.name
                ),
            );
        }
    }
}

/// How far inland a reinforcement's entry (on the map) lies, when it is not at an edge: the
/// hex's name, or the point's distance from the nearest edge (more than an inch).
fn inland_entry(s: &Scenario, entry: Place) -> Option<String> {
    match (&s.map, entry) {
        (Map::Hex(h), Place::Hex(hex)) => {
            let grid = h.grid();
            let edge = hex.all_neighbors().iter().any(|n| !grid.contains(*n));
            (!edge).then(|| format!("hex {}", h.hex_name(hex)))
        }
        (Map::Table(t), Place::Table(p)) => {
            let d = p.x.min(p.y).min(t.width_in - p.x).min(t.height_in - p.y);
            (d > 1.0).then(|| format!("{:.1},{:.1}, {d:.1}\" from the nearest edge", p.x, p.y))
        }
        _ => None,
    }
}

fn check_places(s: &Scenario, out: &mut Out) {
    let place_ok = |p: Place| match (&s.map, p) {
        (Map::Table(t), Place::Table(pt)) => on_table(t, pt, 0.0),
        (Map::Hex(h), Place::Hex(hex)) => h.grid().contains(hex),
        _ => false,
    };
    for o in &s.objectives {
        if !place_ok(o.place) {
            out.error(
                ItemRef::Objective(o.id),
                format!("objective '{}' is off the map", o.name),
            );
        }
    }
    for z in &s.zones {
        let item = ItemRef::Zone(z.id);
        match (&z.area, &s.map) {
            (ZoneArea::Hexes(hexes), Map::Hex(h)) => {
                if let Some(bad) = hexes.iter().find(|x| !h.grid().contains(**x)) {
                    out.error(
                        item,
                        format!(
                            "zone '{}' includes hex {}, off the map",
                            z.name,
                            h.hex_name(*bad)
                        ),
                    );
                }
            }
            (ZoneArea::Polygon(pts), Map::Table(t)) => {
                if pts.iter().any(|p| !on_table(t, *p, 0.0)) {
                    out.warn(item, format!("zone '{}' extends beyond the table", z.name));
                }
            }
            _ => out.error(
                item,
                format!("zone '{}' does not match the kind of map", z.name),
            ),
        }
    }
    let units: HashMap<UnitId, &Unit> = s.units.iter().map(|u| (u.id, u)).collect();
    for r in &s.reinforcements {
        let item = ItemRef::Reinforcement(r.id);
        if !place_ok(r.entry) {
            out.error(
                item,
                format!("reinforcement of turn {} enters off the map", r.turn),
            );
        } else if let Some(why) = inland_entry(s, r.entry) {
            out.warn(
                item,
                format!(
                    "reinforcement of turn {} enters at {why}, not at an edge of the map: \
                     reinforcements march on from an edge",
                    r.turn
                ),
            );
        }
        let waiting: Vec<&str> = r
            .units
            .iter()
            .filter_map(|id| units.get(id))
            .filter(|u| u.position == Position::OffMap)
            .map(|u| u.name.as_str())
            .collect();
        if r.turn < s.turn && !waiting.is_empty() {
            out.warn(
                item,
                format!(
                    "reinforcement of turn {} is past due: the scenario is at turn {} and {} \
                     not arrived (give the group turn {} or later, or set the units on the map)",
                    r.turn,
                    s.turn,
                    match waiting.as_slice() {
                        [one] => format!("'{one}' has"),
                        many => format!("{} units have", many.len()),
                    },
                    s.turn
                ),
            );
        }
        for id in &r.units {
            if let Some(u) = units.get(id) {
                if u.side != r.side {
                    out.error(item, format!("'{}' arrives with the other side", u.name));
                }
                if r.turn > s.turn && matches!(u.position, Position::Table | Position::Hex { .. }) {
                    out.error(
                        item,
                        format!(
                            "'{}' arrives on turn {} but is already on the map",
                            u.name, r.turn
                        ),
                    );
                }
            }
        }
    }
}
