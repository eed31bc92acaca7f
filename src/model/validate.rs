//! Structural invariants: what must hold for the rest of the program to read a scenario
//! without surprises. Loading refuses a file that breaks them; every edit keeps them.

use super::id_table::IdTable;
use super::invalid::Invalid;
use super::limits::{
    self, MAX_BRIEFING_BYTES, MAX_HEXES, MAX_NAME_CHARS, MAX_NOTE_CHARS, MAX_TABLE_IN,
};
use super::*;
use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

struct Checker<'a> {
    s: &'a Scenario,
    out: Vec<Invalid>,
    /// Every ID met so far, and the item holding it.
    seen: IdTable<ItemRef>,
    /// Each unit's place in `s.units` by its ID, so references resolve in constant time
    /// however many units there are.
    units: IdTable<usize>,
}

impl<'a> Checker<'a> {
    fn fail(&mut self, item: ItemRef, message: impl Into<String>) {
        self.out.push(Invalid {
            item,
            message: message.into(),
        });
    }

    fn id(&mut self, item: ItemRef, id: u32) {
        if id >= self.s.next_id {
            self.fail(
                item,
                format!("ID {id} is not below next_id {}", self.s.next_id),
            );
        }
        if let Some(first) = self.seen.insert(id, item) {
            // Two items of one kind with one ID are both named by that ID: say "two models of
            // unit #4", not "model #5 of unit #4 ... also used by model #5 of unit #4".
            let message = if first == item {
                format!("ID {id} is given to two {}", item.kind_plural())
            } else {
                format!("ID {id} is also used by {first}")
            };
            self.fail(item, message);
        }
    }

    /// A name, title or author.
    fn text(&mut self, item: ItemRef, what: &str, text: &str) {
        limits::check_chars(&mut self.out, item, what, text, MAX_NAME_CHARS);
    }

    fn point(&mut self, item: ItemRef, what: &str, p: Point) {
        if !p.is_finite() {
            self.fail(item, format!("{what} is not a finite point"));
        } else if !limits::point_in_bounds(p) {
            self.fail(
                item,
                format!(
                    "{what} ({}, {}) is over {}\" from the table's corner (limit of coordinates)",
                    p.x,
                    p.y,
                    limits::MAX_COORD_IN
                ),
            );
        }
    }

    fn unit(&self, id: UnitId) -> Option<&'a Unit> {
        self.units.get(id.0).map(|i| &self.s.units[i])
    }

    fn number(&mut self, item: ItemRef, what: &str, v: f32, min: f32, max: f32) {
        if !v.is_finite() || v < min || v > max {
            self.fail(item, format!("{what} is {v}, outside {min}..={max}"));
        }
    }
}

use crate::geom::Point;

impl Scenario {
    /// Every broken invariant, in a stable order; empty when the scenario is sound.
    pub fn validate(&self) -> Vec<Invalid> {
        self.validate_parts(true, true, None)
    }

    /// [`Scenario::validate`] without the checks of the hex map's cells (each hex's terrain,
    /// the hexsides), for a caller that knows they passed and that nothing they read (the
    /// map, the terrain types) has changed since: an edit of a unit on a 40,000-hex map.
    pub fn validate_except_map_cells(&self) -> Vec<Invalid> {
        self.validate_parts(false, true, None)
    }

    /// [`Scenario::validate_except_map_cells`] for a position one play on from a sound one
    /// whose game had begun: play changes only the units, columns, turn and game, never the
    /// game's starting position nor the map, terrain and pieces it stands on, so the start (a
    /// whole scenario, map included) is not checked again. What play changed is checked as
    /// in full.
    pub fn validate_played(&self) -> Vec<Invalid> {
        self.validate_parts(false, false, None)
    }

    /// [`Scenario::validate`], leaving out the map's cells unless `map_cells` and the game's
    /// starting position unless `game_start`: for a caller that knows which of them passed and
    /// that nothing they read has changed since. After an edit of a state whose units all
    /// passed (`passed`), a unit still the very one `passed` holds at its place
    /// (`Units::same_at`) is not checked again on its own (its name, numbers, models' bases and
    /// places); what it shares with the rest (its IDs, its side, the leaders it names, its
    /// place on this map) is. Moving one unit of 5,000 then checks one unit's fields, not 5,000.
    pub fn validate_after(
        &self,
        map_cells: bool,
        game_start: bool,
        passed: Option<&Units>,
    ) -> Vec<Invalid> {
        self.validate_parts(map_cells, game_start, passed)
    }

    fn validate_parts(
        &self,
        map_cells: bool,
        game_start: bool,
        passed: Option<&Units>,
    ) -> Vec<Invalid> {
        let counts = limits::check_counts(self);
        if !counts.is_empty() {
            return counts;
        }
        // Every unit and model has an ID, as have the few other items.
        let items =
            self.units.len() + self.units.iter().map(|u| u.models.len()).sum::<usize>() + 64;
        let mut units = IdTable::new(self.units.len(), self.next_id);
        for (i, u) in self.units.iter().enumerate() {
            units.insert(u.id.0, i);
        }
        let mut c = Checker {
            s: self,
            out: Vec::new(),
            seen: IdTable::new(items, self.next_id),
            units,
        };
        let s = self;
        c.text(ItemRef::Scenario, "title", &s.meta.title);
        c.text(ItemRef::Scenario, "author", &s.meta.author);
        let long = limits::MAX_TEXT_BYTES;
        let description = &s.meta.description;
        limits::check_text(
            &mut c.out,
            ItemRef::Scenario,
            "description",
            description,
            long,
        );
        let notes = &s.meta.designer_notes;
        limits::check_text(&mut c.out, ItemRef::Scenario, "designer notes", notes, long);

        let sides: HashSet<SideId> = s.sides.iter().map(|x| x.id).collect();
        for side in &s.sides {
            let item = ItemRef::Side(side.id);
            c.id(item, side.id.0);
            c.text(item, "name", &side.name);
            let briefing = &side.briefing;
            limits::check_text(&mut c.out, item, "briefing", briefing, MAX_BRIEFING_BYTES);
        }

        let terrains: HashSet<TerrainId> = s.terrain_types.iter().map(|t| t.id).collect();
        if s.terrain_types.is_empty() {
            c.fail(ItemRef::Scenario, "the terrain table is empty");
        }
        for t in &s.terrain_types {
            let item = ItemRef::Terrain(t.id);
            c.id(item, t.id.0);
            c.text(item, "name", &t.name);
            if t.hex_cost == HexCost::Mp(0) {
                c.fail(item, "hex movement cost must be at least 1 MP");
            }
        }

        validate_map(&mut c, &terrains, map_cells);

        for p in &s.pieces {
            let item = ItemRef::Piece(p.id);
            c.id(item, p.id.0);
            c.text(item, "name", &p.name);
            if !terrains.contains(&p.terrain) {
                c.fail(item, format!("terrain type {} does not exist", p.terrain));
            }
            match &p.shape {
                PieceShape::Polygon(points) => {
                    if points.len() < 3 {
                        c.fail(
                            item,
                            format!("a polygon needs 3 vertices, has {}", points.len()),
                        );
                    }
                }
                PieceShape::Polyline { points, width_in } => {
                    if points.len() < 2 {
                        c.fail(
                            item,
                            format!("a line needs 2 vertices, has {}", points.len()),
                        );
                    }
                    c.number(item, "width", *width_in, 0.01, 100.0);
                }
            }
            for (i, pt) in p.shape.points().iter().enumerate() {
                c.point(item, &format!("vertex {i}"), *pt);
            }
        }

        validate_units(&mut c, &sides, passed);

        let mut in_column: HashMap<UnitId, ColumnId> = HashMap::new();
        for col in &s.columns {
            let item = ItemRef::Column(col.id);
            c.id(item, col.id.0);
            c.text(item, "name", &col.name);
            if !sides.contains(&col.side) {
                c.fail(item, format!("side {} does not exist", col.side));
            }
            c.number(
                item,
                "entry position",
                col.entry.along_in,
                0.0,
                MAX_TABLE_IN,
            );
            c.number(item, "heading", col.entry.heading_deg, -360.0, 720.0);
            for m in &col.members {
                match c.unit(m.unit) {
                    None => c.fail(item, format!("member unit {} does not exist", m.unit)),
                    Some(u) if u.side != col.side => c.fail(
                        item,
                        format!("member {} '{}' belongs to another side", u.id, u.name),
                    ),
                    Some(_) => {}
                }
                if let Some(other) = in_column.insert(m.unit, col.id) {
                    c.fail(
                        item,
                        format!("unit {} is already in column {other}", m.unit),
                    );
                }
            }
            for (i, p) in col.route.iter().enumerate() {
                c.point(item, &format!("route point {i}"), *p);
            }
            if let Some(ColumnAction::Move { distance_in, route }) = &col.last_action {
                c.number(
                    item,
                    "last move distance",
                    *distance_in,
                    0.0,
                    MAX_TABLE_IN * 4.0,
                );
                for (i, p) in route.iter().enumerate() {
                    c.point(item, &format!("last route point {i}"), *p);
                }
            }
        }

        for z in &s.zones {
            let item = ItemRef::Zone(z.id);
            c.id(item, z.id.0);
            c.text(item, "name", &z.name);
            if !sides.contains(&z.side) {
                c.fail(item, format!("side {} does not exist", z.side));
            }
            if let ZoneArea::Polygon(points) = &z.area {
                if points.len() < 3 {
                    c.fail(
                        item,
                        format!("a zone needs 3 vertices, has {}", points.len()),
                    );
                }
                for (i, p) in points.iter().enumerate() {
                    c.point(item, &format!("vertex {i}"), *p);
                }
            }
        }

        for o in &s.objectives {
            let item = ItemRef::Objective(o.id);
            c.id(item, o.id.0);
            c.text(item, "name", &o.name);
            limits::check_chars(&mut c.out, item, "notes", &o.notes, MAX_NOTE_CHARS);
            if let Place::Table(p) = o.place {
                c.point(item, "position", p);
            }
            if o.side_points.len() > s.sides.len() {
                c.fail(
                    item,
                    format!(
                        "it gives points to {} sides; the scenario has {}",
                        o.side_points.len(),
                        s.sides.len()
                    ),
                );
            } else {
                for (i, p) in o.side_points.iter().enumerate() {
                    if !sides.contains(&p.side) {
                        c.fail(
                            item,
                            format!("its points name side {}, which does not exist", p.side),
                        );
                    } else if o.side_points[..i].iter().any(|q| q.side == p.side) {
                        c.fail(item, format!("its points name side {} twice", p.side));
                    }
                }
            }
        }
        if let Some(n) = s.rules.stacking
            && !(1..=limits::MAX_STACKING).contains(&n)
        {
            c.fail(
                ItemRef::Scenario,
                format!(
                    "the stacking limit is {n} units a hex; it must be 1 to {}",
                    limits::MAX_STACKING
                ),
            );
        }
        if let Some(v) = &s.rules.victory {
            c.number(
                ItemRef::Scenario,
                "victory holding distance",
                v.hold_within_in,
                0.0,
                super::victory::MAX_HOLD_WITHIN_IN,
            );
            if v.last_turn == Some(0) {
                c.fail(
                    ItemRef::Scenario,
                    "the victory conditions' last turn is 0: turns count from 1",
                );
            }
        }

        for (k, l) in s.labels.iter().enumerate() {
            let what = format!(
                "map label {} ('{}')",
                k + 1,
                l.text.chars().take(40).collect::<String>()
            );
            c.text(ItemRef::Map, &what, &l.text);
            if l.text.trim().is_empty() {
                c.fail(ItemRef::Map, format!("map label {} has no text", k + 1));
            }
            if let Place::Table(p) = l.place {
                c.point(ItemRef::Map, &what, p);
            }
        }

        for r in &s.reinforcements {
            let item = ItemRef::Reinforcement(r.id);
            c.id(item, r.id.0);
            if !sides.contains(&r.side) {
                c.fail(item, format!("side {} does not exist", r.side));
            }
            for u in &r.units {
                if c.unit(*u).is_none() {
                    c.fail(item, format!("unit {u} does not exist"));
                }
            }
            if let Place::Table(p) = r.entry {
                c.point(item, "entry", p);
            }
        }

        if let Some(bg) = &s.background {
            c.number(ItemRef::Map, "background opacity", bg.opacity, 0.0, 1.0);
            if let Some(p) = bg.placement {
                validate_placement(&mut c, &p);
            }
            limits::check_background(bg, &mut c.out);
        }
        if c.out.is_empty() {
            c.out.extend(super::game_check::check(s, game_start));
        }
        c.out
    }
}

/// A calibrated image: a sane scale, a small turn and an origin near the image.
fn validate_placement(c: &mut Checker, p: &ImagePlacement) {
    use crate::model::limits::{MAX_PLACEMENT_ORIGIN_PX, MAX_PLACEMENT_ROTATION_DEG};
    c.number(
        ItemRef::Map,
        "background image's pixels per map unit",
        p.px_per_unit,
        0.01,
        100_000.0,
    );
    c.number(
        ItemRef::Map,
        "background image's rotation (degrees)",
        p.rotation_deg,
        -MAX_PLACEMENT_ROTATION_DEG,
        MAX_PLACEMENT_ROTATION_DEG,
    );
    for (axis, v) in ["x", "y"].iter().zip(p.origin_px) {
        c.number(
            ItemRef::Map,
            &format!("background image's origin {axis} (pixels)"),
            v,
            -MAX_PLACEMENT_ORIGIN_PX,
            MAX_PLACEMENT_ORIGIN_PX,
        );
    }
}

/// The map's invariants; with `cells`, those of each hex and hexside too.
fn validate_map(c: &mut Checker, terrains: &HashSet<TerrainId>, cells: bool) {
    match &c.s.map {
        Map::Table(t) => {
            c.number(ItemRef::Map, "table width", t.width_in, 1.0, MAX_TABLE_IN);
            c.number(ItemRef::Map, "table height", t.height_in, 1.0, MAX_TABLE_IN);
        }
        Map::Hex(h) => {
            c.number(ItemRef::Map, "hex size", h.hex_size_mm, 1.0, 500.0);
            if let Some(p) = h.labels.problem() {
                c.fail(ItemRef::Map, p);
            }
            if h.edge != HexEdge::Whole && !matches!(h.shape, HexShape::Rectangle { .. }) {
                c.fail(
                    ItemRef::Map,
                    "only a rectangle map's edge can run through its hexes (this map is a hexagon)",
                );
            }
            let grid = h.grid();
            let expected = match h.shape {
                HexShape::Rectangle { columns, rows, .. } => columns as u64 * rows as u64,
                HexShape::Hexagon { radius } => {
                    let r = radius as u64;
                    r.saturating_mul(r + 1).saturating_mul(3).saturating_add(1)
                }
            };
            if expected == 0 {
                c.fail(ItemRef::Map, "the map has no hexes");
                return;
            }
            if expected > MAX_HEXES as u64 {
                c.fail(
                    ItemRef::Map,
                    format!(
                        "the map has {} hexes, over the limit of {}",
                        limits::thousands(usize::try_from(expected).unwrap_or(usize::MAX)),
                        limits::thousands(MAX_HEXES)
                    ),
                );
                return;
            }
            if !cells {
                return;
            }
            if h.terrain.len() != grid.len() {
                c.fail(
                    ItemRef::Map,
                    format!(
                        "the map has {} hexes but terrain for {}",
                        grid.len(),
                        h.terrain.len()
                    ),
                );
            }
            // Runs of hexes share a terrain: the last known one is tested first, so a 40,000-hex
            // map costs a few lookups per run rather than one hash per hex.
            let mut known = None;
            let mut bad: Vec<TerrainId> = h
                .terrain
                .iter()
                .filter(|t| {
                    if known == Some(**t) {
                        return false;
                    }
                    let ok = terrains.contains(t);
                    if ok {
                        known = Some(**t);
                    }
                    !ok
                })
                .copied()
                .collect();
            bad.sort();
            bad.dedup();
            for t in bad {
                c.fail(
                    ItemRef::Map,
                    format!("hexes use terrain type {t}, which does not exist"),
                );
            }
            let mut seen = HashSet::new();
            for side in &h.hexsides {
                let item = ItemRef::Hex(side.hex.x, side.hex.y);
                if side.direction >= 3 {
                    c.fail(
                        item,
                        format!(
                            "hexside direction {} is not canonical (0..3)",
                            side.direction
                        ),
                    );
                }
                let other = side
                    .hex
                    .neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[(side.direction % 6) as usize]);
                if !grid.contains(side.hex) && !grid.contains(other) {
                    c.fail(item, "hexside is off the map");
                }
                if side.features.is_empty() {
                    c.fail(item, "hexside entry has no features");
                }
                if !seen.insert((side.hex, side.direction)) {
                    c.fail(item, format!("hexside {} is listed twice", side.direction));
                }
            }
        }
    }
}

/// Checks each unit; one that is the very one `passed` holds at its place passed its own
/// checks before and is checked only against the rest (see `Scenario::validate_after`).
fn validate_units(c: &mut Checker, sides: &HashSet<SideId>, passed: Option<&Units>) {
    let s = c.s;
    for (i, u) in s.units.iter().enumerate() {
        let item = ItemRef::Unit(u.id);
        let known = passed.is_some_and(|p| s.units.same_at(p, i));
        c.id(item, u.id.0);
        if !known {
            c.text(item, "name", &u.name);
            limits::check_unit(u, &mut c.out);
        }
        if !sides.contains(&u.side) {
            c.fail(item, format!("side {} does not exist", u.side));
        }
        if known {
            for m in &u.models {
                c.id(ItemRef::Model(u.id, m.id), m.id.0);
            }
        } else {
            own_checks(c, u);
        }
        if let Some(l) = &u.leadership
            && let Some(sup) = l.superior
        {
            leader_ref(c, item, u, sup, "superior");
        }
        if let Some(cmd) = u.commander {
            leader_ref(c, item, u, cmd, "commander");
        }
        if let Some(att) = u.attached_leader {
            leader_ref(c, item, u, att, "attached leader");
        }
        match u.position {
            Position::Hex { hex, facing } => match &s.map {
                Map::Hex(h) => {
                    if !h.grid().contains(hex) {
                        c.fail(
                            item,
                            format!("stands on hex {}, off the map", h.hex_name(hex)),
                        );
                    }
                    if facing >= 6 {
                        c.fail(
                            item,
                            format!("facing {facing} is not a hex direction (0..6)"),
                        );
                    }
                }
                Map::Table(_) => c.fail(item, "placed on a hex, but the map is a table"),
            },
            Position::Table => {
                if s.map.is_hex() {
                    c.fail(item, "placed on the table, but the map is a hex map");
                }
            }
            Position::OffMap | Position::Exited => {}
        }
    }
    superior_chains(c);
}

/// A unit's checks of its own fields (its strength, its models' places and bases, its leader
/// model and leadership), which read nothing else of the scenario; its models' IDs are taken
/// here too.
fn own_checks(c: &mut Checker, u: &Unit) {
    let item = ItemRef::Unit(u.id);
    if u.strength.current > u.strength.start {
        c.fail(
            item,
            format!(
                "current strength {} exceeds starting strength {}",
                u.strength.current, u.strength.start
            ),
        );
    }
    for m in &u.models {
        let mi = ItemRef::Model(u.id, m.id);
        c.id(mi, m.id.0);
        c.point(mi, "position", m.pos);
        c.number(mi, "facing", m.facing_deg, -360.0, 720.0);
        match m.base {
            Base::Round { diameter_mm } => c.number(mi, "base diameter", diameter_mm, 1.0, 1000.0),
            Base::Rect { width_mm, depth_mm } => {
                c.number(mi, "base width", width_mm, 1.0, 1000.0);
                c.number(mi, "base depth", depth_mm, 1.0, 1000.0);
            }
        }
    }
    if let Some(lm) = u.leader_model
        && u.model(lm).is_none()
    {
        c.fail(item, format!("leader model {lm} is not one of its models"));
    }
    match (u.kind == UnitKind::Leader, &u.leadership) {
        (true, None) => c.fail(item, "a leader needs command, span and superior"),
        (false, Some(_)) => c.fail(item, "only leaders carry a command"),
        _ => {}
    }
    if let Some(l) = &u.leadership
        && l.rerolls_used > l.rerolls
    {
        c.fail(
            item,
            format!("used {} of {} re-rolls", l.rerolls_used, l.rerolls),
        );
    }
}

/// Every chain of superiors must end, within [`limits::MAX_CHAIN_DEPTH`] leaders. Each leader's
/// depth is worked out once and remembered, so a long chain costs its length, not its square.
fn superior_chains(c: &mut Checker) {
    #[derive(Clone, Copy, PartialEq)]
    enum Depth {
        Unknown,
        Walking,
        Known(usize),
        Loops,
    }
    let s = c.s;
    let index = &c.units;
    let superior = |i: usize| {
        s.units[i]
            .leadership
            .and_then(|l| l.superior)
            .and_then(|id| index.get(id.0))
    };
    let mut depth = vec![Depth::Unknown; s.units.len()];
    let mut path = Vec::new();
    for start in 0..s.units.len() {
        // Walk up to a leader whose depth is known (or to the top), then fill the path in.
        let mut cur = Some(start);
        let mut end = Depth::Known(0);
        while let Some(i) = cur {
            match depth[i] {
                Depth::Unknown => {
                    depth[i] = Depth::Walking;
                    path.push(i);
                    cur = superior(i);
                }
                Depth::Walking | Depth::Loops => {
                    end = Depth::Loops;
                    break;
                }
                known => {
                    end = known;
                    break;
                }
            }
        }
        while let Some(i) = path.pop() {
            end = match end {
                Depth::Known(d) => Depth::Known(d + 1),
                other => other,
            };
            depth[i] = end;
        }
    }
    for (u, d) in s.units.iter().zip(&depth) {
        let has_superior = u.leadership.and_then(|l| l.superior).is_some();
        match *d {
            Depth::Loops if has_superior => c.fail(
                ItemRef::Unit(u.id),
                "its chain of superiors loops back on itself",
            ),
            Depth::Known(n) if n > limits::MAX_CHAIN_DEPTH => c.fail(
                ItemRef::Unit(u.id),
                format!(
                    "its chain of superiors is {n} leaders long, over the limit of {}",
                    limits::MAX_CHAIN_DEPTH
                ),
            ),
            _ => {}
        }
    }
}

fn leader_ref(c: &mut Checker, item: ItemRef, u: &Unit, target: UnitId, what: &str) {
    match c.unit(target) {
        None => c.fail(item, format!("{what} {target} does not exist")),
        Some(l) if !l.is_leader() => c.fail(
            item,
            format!("{what} {target} '{}' is not a leader", l.name),
        ),
        Some(l) if l.side != u.side => c.fail(
            item,
            format!("{what} {target} '{}' is on another side", l.name),
        ),
        Some(_) if target == u.id => c.fail(item, format!("is its own {what}")),
        Some(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_map_cells_are_left_out_only_when_asked_and_nothing_else_is() {
        let mut s = crate::model::generate::hex_battlefield(6, 0.0, 2, 1);
        if let Map::Hex(h) = &mut s.map {
            h.terrain[3] = TerrainId(9_999);
        }
        s.meta.title = "x".repeat(MAX_NAME_CHARS + 1);
        let all = s.validate();
        let without = s.validate_except_map_cells();
        let cell = |v: &[Invalid]| v.iter().any(|p| p.message.contains("does not exist"));
        let title = |v: &[Invalid]| v.iter().any(|p| p.message.contains("title"));
        assert!(cell(&all) && title(&all), "{all:?}");
        assert!(!cell(&without) && title(&without), "{without:?}");
        assert_eq!(all.len(), without.len() + 1);
    }

    #[test]
    fn a_new_scenario_is_valid() {
        assert_eq!(Scenario::new_table("t").validate(), vec![]);
        assert_eq!(Scenario::new_hex("h").validate(), vec![]);
    }

    #[test]
    fn duplicate_ids_and_dangling_references_are_named() {
        let mut s = Scenario::new_hex("h");
        if let Map::Hex(h) = &mut s.map {
            h.terrain.pop();
        }
        s.sides[1].id = s.sides[0].id;
        let last = s.terrain_types.len() - 1;
        s.terrain_types[last].id = TerrainId(s.sides[0].id.0);
        let problems = s.validate();
        let text: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
        // Two sides with one ID: the kind, not the same side twice.
        let side = format!("side {}", s.sides[0].id);
        assert!(
            text.iter()
                .any(|t| t == &format!("{side}: ID {} is given to two sides", s.sides[0].id.0)),
            "{text:?}"
        );
        // An item of another kind with that ID names the first holder.
        assert!(
            text.iter()
                .any(|t| t.contains(&format!("is also used by {side}"))),
            "{text:?}"
        );
        assert!(
            text.iter().any(|t| t.contains("terrain for 299")),
            "{text:?}"
        );
    }
}
