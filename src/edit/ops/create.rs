//! New items as the palette drops them: units from templates placed in a formation that
//! respects their bases, terrain pieces, zones, objectives, entry points. Pure functions that
//! return edits, so they are tested without a window.

use crate::edit::Edit;
use crate::geom::{Formation, Point};
use crate::model::*;
use hexx::Hex;

/// The unit types a designer drags from the palette.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Template {
    Infantry,
    Cavalry,
    Dragoons,
    Artillery,
    Elephant,
    Wagon,
    Leader,
}

impl Template {
    pub const ALL: [Template; 7] = [
        Template::Infantry,
        Template::Cavalry,
        Template::Dragoons,
        Template::Artillery,
        Template::Elephant,
        Template::Wagon,
        Template::Leader,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Template::Infantry => "Infantry",
            Template::Cavalry => "Cavalry",
            Template::Dragoons => "Dragoons",
            Template::Artillery => "Artillery",
            Template::Elephant => "Elephant",
            Template::Wagon => "Wagon",
            Template::Leader => "Leader",
        }
    }

    /// The template a unit of this kind is made from.
    pub fn of_kind(tag: KindTag) -> Template {
        match tag {
            KindTag::Infantry => Template::Infantry,
            KindTag::Cavalry => Template::Cavalry,
            KindTag::Dragoons => Template::Dragoons,
            KindTag::Artillery => Template::Artillery,
            KindTag::Elephant => Template::Elephant,
            KindTag::Wagon => Template::Wagon,
            KindTag::Leader => Template::Leader,
        }
    }

    fn kind(self) -> UnitKind {
        match self {
            Template::Infantry => UnitKind::Infantry,
            Template::Cavalry => UnitKind::Cavalry,
            Template::Dragoons => UnitKind::Dragoons,
            Template::Artillery => UnitKind::Artillery {
                class: GunClass::Light,
                draught: Draught::Foot,
                hit_points: 3,
            },
            Template::Elephant => UnitKind::Elephant,
            Template::Wagon => UnitKind::Wagon,
            Template::Leader => UnitKind::Leader,
        }
    }

    /// Models (figures or stands) a new unit of this type gets under `ruleset`, with their base
    /// and how many stand abreast.
    fn models(self, ruleset: Ruleset) -> (u16, Base, usize) {
        let round = |d: f32| Base::Round { diameter_mm: d };
        let rect = |w: f32, d: f32| Base::Rect {
            width_mm: w,
            depth_mm: d,
        };
        match (self, ruleset) {
            (Template::Infantry, Ruleset::ColumnOfMarch) => (12, round(25.0), 6),
            (Template::Infantry, Ruleset::M42) => (10, round(25.0), 5),
            (Template::Infantry, _) => (8, round(25.0), 4),
            (Template::Cavalry | Template::Dragoons, Ruleset::ColumnOfMarch) => {
                (8, rect(25.0, 50.0), 4)
            }
            (Template::Cavalry | Template::Dragoons, _) => (4, rect(40.0, 40.0), 4),
            (Template::Artillery, _) => (1, rect(40.0, 40.0), 1),
            (Template::Elephant, _) => (1, rect(50.0, 50.0), 1),
            (Template::Wagon, _) => (1, rect(40.0, 60.0), 1),
            (Template::Leader, _) => (1, round(30.0), 1),
        }
    }

    fn stats(self) -> Stats {
        let mounted = matches!(
            self,
            Template::Cavalry | Template::Dragoons | Template::Leader
        );
        Stats {
            mv: if mounted { 12 } else { 6 },
            ld: 4,
            discipline: 7,
            rof: 1,
            aw: 18,
            bs: 4,
            ev: 4,
            to: 3,
            mp: if mounted { 8 } else { 4 },
            rout_in: if mounted { 18 } else { 12 },
        }
    }
}

/// A unit of `template` for `side`, with fresh IDs from `next` (advanced past them).
pub fn new_unit(s: &Scenario, template: Template, side: SideId, next: &mut u32) -> Unit {
    let mut id = || {
        let v = *next;
        *next += 1;
        v
    };
    let n_same = s
        .units
        .iter()
        .filter(|u| u.kind.tag() == template.kind().tag())
        .count();
    let (count, base, _) = template.models(s.rules.ruleset);
    let unit_id = UnitId(id());
    let models: Vec<Model> = (0..count)
        .map(|_| Model {
            id: ModelId(id()),
            base,
            pos: Point::ZERO,
            facing_deg: 0.0,
        })
        .collect();
    let hex = s.map.is_hex();
    Unit {
        stats: template.stats(),
        strength: Strength::full(if hex {
            if template == Template::Leader { 1 } else { 4 }
        } else {
            count
        }),
        leader_model: if hex {
            None
        } else {
            models.first().map(|m| m.id)
        },
        models: if hex { Vec::new() } else { models },
        leadership: (template == Template::Leader).then_some(Leadership {
            command: Command::Advance,
            span: 3,
            superior: None,
            bonus: 1,
            rerolls: 1,
            rerolls_used: 0,
        }),
        exerts_zoc: template != Template::Leader,
        ..Unit::new(
            unit_id,
            format!("{} {}", template.name(), n_same + 1),
            side,
            template.kind(),
        )
    }
}

/// Places a new unit of `template` at `at` (map units): on the table its models stand in ranks
/// facing `facing_deg` (bases touching, never overlapping); on a hex map it takes the hex under
/// `at`. `None` when `at` is off the map.
pub fn place_unit(
    s: &Scenario,
    template: Template,
    side: SideId,
    at: Point,
    facing_deg: f32,
) -> Option<Edit> {
    let mut next = s.next_id;
    let u = new_unit(s, template, side, &mut next);
    let frontage = template.models(s.rules.ruleset).2;
    stand_at(s, u, at, facing_deg, frontage).map(|u| Edit::PutUnit(Box::new(u)))
}

/// Places a unit that waits off the map (a reinforcement, a column's tail) at `at`, facing
/// `facing_deg`, as a new unit would stand: the edit, or `None` when `at` is off the map or
/// the unit is already on it.
pub fn place_off_map_unit(s: &Scenario, unit: UnitId, at: Point, facing_deg: f32) -> Option<Edit> {
    let u = s.unit(unit)?;
    if matches!(u.position, Position::Table | Position::Hex { .. }) {
        return None;
    }
    // A unit of a column (R1) stands as wide as its column records, so `check` finds it where
    // the column says; any other in ranks about as wide as they are deep, as the palette's
    // units stand.
    let recorded = s
        .column_of(unit)
        .and_then(|c| c.members.iter().find(|m| m.unit == unit))
        .map(|m| m.width_figures as usize)
        .filter(|w| *w > 0);
    let frontage =
        recorded.unwrap_or_else(|| (u.models.len() as f32).sqrt().ceil().max(1.0) as usize);
    stand_at(s, u.clone(), at, facing_deg, frontage).map(|u| Edit::PutUnit(Box::new(u)))
}

/// `u` standing at `at`: on the hex under it, or its models in ranks `frontage` wide.
fn stand_at(
    s: &Scenario,
    mut u: Unit,
    at: Point,
    facing_deg: f32,
    frontage: usize,
) -> Option<Unit> {
    match &s.map {
        Map::Hex(h) => {
            let hex = h.layout().world_pos_to_hex(at);
            if !h.grid().contains(hex) {
                return None;
            }
            let facing =
                hexx::EdgeDirection::from_angle_degrees(90.0 - facing_deg, h.orientation.to_hexx())
                    .index();
            u.position = Position::Hex { hex, facing };
        }
        Map::Table(t) => {
            if at.x < 0.0 || at.y < 0.0 || at.x > t.width_in || at.y > t.height_in {
                return None;
            }
            let first = u.models.first()?;
            let (w, d) = match first.base {
                Base::Round { diameter_mm } => (diameter_mm / 25.4, diameter_mm / 25.4),
                Base::Rect { width_mm, depth_mm } => (width_mm / 25.4, depth_mm / 25.4),
            };
            let f = Formation {
                centre: at,
                facing_deg,
                frontage,
                base_width_in: w,
                base_depth_in: d,
                gap_in: 0.05,
            };
            let n = u.models.len();
            for (m, p) in u.models.iter_mut().zip(f.centres(n)) {
                m.pos = p;
                m.facing_deg = facing_deg;
            }
            u.position = Position::Table;
        }
    }
    Some(u)
}

/// The name a new piece of `t` takes: the terrain's name and a number ("Wood 3").
fn piece_name(s: &Scenario, t: &TerrainType) -> String {
    let n = s.pieces.iter().filter(|p| p.terrain == t.id).count() + 1;
    format!("{} {n}", t.name)
}

/// How wide a new line piece of `t` is drawn, in inches: a road wider than a wall or hedge.
fn line_width_in(t: &TerrainType) -> f32 {
    if t.kind == TerrainKind::Road {
        1.5
    } else {
        0.5
    }
}

/// A new piece of `terrain` through the points drawn: an area (at least three points) or a
/// line (at least two), by the terrain's kind; or why the drawing is not a piece yet.
pub fn draw_piece(s: &Scenario, terrain: TerrainId, points: Vec<Point>) -> Result<Edit, String> {
    let t = s
        .terrain(terrain)
        .ok_or_else(|| format!("{} does not exist", ItemRef::Terrain(terrain)))?;
    let area = t.kind == TerrainKind::Area;
    let need = if area { 3 } else { 2 };
    if points.len() < need {
        let what = if area { "area" } else { "line" };
        return Err(format!("A {what} needs at least {need} points"));
    }
    let shape = if area {
        PieceShape::Polygon(points)
    } else {
        PieceShape::Polyline {
            points,
            width_in: line_width_in(t),
        }
    };
    Ok(Edit::PutPiece(Box::new(TerrainPiece {
        id: PieceId(s.next_id),
        name: piece_name(s, t),
        terrain,
        shape,
    })))
}

/// The item an edit from this module creates, to select it once it is applied.
pub fn created(e: &Edit) -> Option<ItemRef> {
    match e {
        Edit::PutUnit(u) => Some(ItemRef::Unit(u.id)),
        Edit::PutPiece(p) => Some(ItemRef::Piece(p.id)),
        Edit::PutObjective(o) => Some(ItemRef::Objective(o.id)),
        Edit::PutZone(z) => Some(ItemRef::Zone(z.id)),
        Edit::PutColumn(c) => Some(ItemRef::Column(c.id)),
        _ => None,
    }
}

/// A new area piece of `terrain`: a rounded blob 6" across on the table.
pub fn place_area(s: &Scenario, terrain: TerrainId, at: Point) -> Option<Edit> {
    let t = s.terrain(terrain)?;
    let id = PieceId(s.next_id);
    let shape = match t.kind {
        TerrainKind::Area => PieceShape::Polygon(
            (0..12)
                .map(|k| {
                    let a = k as f32 * std::f32::consts::TAU / 12.0;
                    let r = if k % 2 == 0 { 3.0 } else { 2.6 };
                    at + Point::new(a.cos(), a.sin()) * r
                })
                .collect(),
        ),
        TerrainKind::Linear | TerrainKind::Road => PieceShape::Polyline {
            points: vec![at - Point::new(3.0, 0.0), at + Point::new(3.0, 0.0)],
            width_in: line_width_in(t),
        },
    };
    Some(Edit::PutPiece(Box::new(TerrainPiece {
        id,
        name: piece_name(s, t),
        terrain,
        shape,
    })))
}

/// A new objective at `at`.
pub fn place_objective(s: &Scenario, at: Point) -> Option<Edit> {
    let place = match &s.map {
        Map::Hex(h) => {
            let hex = h.layout().world_pos_to_hex(at);
            h.grid().contains(hex).then_some(Place::Hex(hex))?
        }
        Map::Table(_) => Place::Table(at),
    };
    Some(Edit::PutObjective(Box::new(Objective {
        id: ObjectiveId(s.next_id),
        name: format!("Objective {}", s.objectives.len() + 1),
        place,
        value: 1,
        notes: String::new(),
        held: Holding::default(),
        side_points: Vec::new(),
    })))
}

/// A new deployment zone for `side` around `at`: a 24" x 12" rectangle on the table, or the
/// hexes within two steps on a hex map.
pub fn place_zone(s: &Scenario, side: SideId, at: Point) -> Option<Edit> {
    let area = match &s.map {
        Map::Hex(h) => {
            let centre = h.layout().world_pos_to_hex(at);
            let grid = h.grid();
            let hexes: Vec<Hex> = centre.range(2).filter(|x| grid.contains(*x)).collect();
            if hexes.is_empty() {
                return None;
            }
            ZoneArea::Hexes(hexes)
        }
        Map::Table(t) => {
            let half = Point::new(12.0, 6.0);
            let lo = (at - half).max(Point::ZERO);
            let hi = (at + half).min(Point::new(t.width_in, t.height_in));
            ZoneArea::Polygon(vec![lo, Point::new(hi.x, lo.y), hi, Point::new(lo.x, hi.y)])
        }
    };
    let name = s
        .side(side)
        .map_or("Deployment".into(), |x| format!("{} deployment", x.name));
    Some(Edit::PutZone(Box::new(DeploymentZone {
        id: ZoneId(s.next_id),
        name,
        side,
        area,
    })))
}

/// A new column entering at the table edge nearest `at`.
pub fn place_entry(s: &Scenario, side: SideId, at: Point) -> Option<Edit> {
    let Map::Table(t) = &s.map else { return None };
    let (edge, along) = super::selection::nearest_edge(t, at);
    Some(Edit::PutColumn(Box::new(Column {
        id: ColumnId(s.next_id),
        name: format!("Column {}", s.columns.len() + 1),
        side,
        entry: EntryPoint {
            edge,
            along_in: along,
            heading_deg: edge.inward_bearing_deg(),
        },
        members: Vec::new(),
        on_table_at_start: StartCount::D3,
        state: ColumnState::Formed,
        route: Vec::new(),
        last_action: None,
    })))
}

/// Colours for new terrain types: muted ground, vegetation and water tones that read on a map
/// under strong side colours and stay apart from each other, in the order they are offered.
pub const TERRAIN_COLOURS: [Colour; 12] = [
    Colour::rgb(0xc8, 0xb2, 0x73), // wheat
    Colour::rgb(0x5e, 0x7f, 0x4f), // dense wood
    Colour::rgb(0x9d, 0xb8, 0xc7), // marsh water
    Colour::rgb(0xa6, 0x7c, 0x52), // ploughed earth
    Colour::rgb(0xb8, 0xa9, 0xc9), // heath
    Colour::rgb(0x8f, 0xa6, 0x6b), // scrub
    Colour::rgb(0x7f, 0x8c, 0x8d), // rock
    Colour::rgb(0xd9, 0xc9, 0xa3), // sand
    Colour::rgb(0x6b, 0x8e, 0x8e), // moor
    Colour::rgb(0xc9, 0x8f, 0x6b), // clay
    Colour::rgb(0x8c, 0x6e, 0x54), // mud
    Colour::rgb(0xa9, 0xc2, 0x8f), // meadow
];

/// How far apart two colours look, roughly: the "redmean" weighted distance in RGB.
fn colour_distance(a: Colour, b: Colour) -> f32 {
    let rm = (f32::from(a.r) + f32::from(b.r)) / 2.0;
    let d = |x: u8, y: u8| f32::from(x) - f32::from(y);
    let (dr, dg, db) = (d(a.r, b.r), d(a.g, b.g), d(a.b, b.b));
    ((2.0 + rm / 256.0) * dr * dr + 4.0 * dg * dg + (2.0 + (255.0 - rm) / 256.0) * db * db).sqrt()
}

/// A terrain type renamed: a colour the editor gave it (one of [`TERRAIN_COLOURS`]) turns to
/// the one the new name suggests ("Woods" green, "Town" grey), while a colour the designer
/// chose stays.
pub fn renamed_terrain(t: &TerrainType, name: String) -> TerrainType {
    let colour = match crate::model::fitting_colour(&name) {
        Some(c) if TERRAIN_COLOURS.contains(&t.colour) => c,
        _ => t.colour,
    };
    TerrainType {
        name,
        colour,
        ..t.clone()
    }
}

/// A new terrain type for the palette's "Add terrain": the next free ID, a name no other type
/// has ("New terrain", "New terrain 2", …) and a colour of [`TERRAIN_COLOURS`] unlike every
/// side's (so a wood is never mistaken for a side) and, while there are any, every terrain's.
pub fn new_terrain(s: &Scenario) -> TerrainType {
    let sides: Vec<Colour> = s.sides.iter().map(|x| x.colour).collect();
    let terrains: Vec<Colour> = s.terrain_types.iter().map(|t| t.colour).collect();
    let nearest = |c: Colour, of: &[Colour]| {
        of.iter()
            .map(|t| colour_distance(c, *t))
            .fold(f32::INFINITY, f32::min)
    };
    // Colours clear of every side's; of those the first clear of every terrain's too, else
    // the one least like any terrain (the first of equals).
    const CLEAR: f32 = 120.0;
    let unlike_sides: Vec<Colour> = TERRAIN_COLOURS
        .iter()
        .copied()
        .filter(|c| nearest(*c, &sides) >= CLEAR)
        .collect();
    let pool = if unlike_sides.is_empty() {
        TERRAIN_COLOURS.to_vec()
    } else {
        unlike_sides
    };
    let colour = pool
        .iter()
        .copied()
        .find(|c| nearest(*c, &terrains) >= CLEAR)
        .or_else(|| {
            pool.iter()
                .copied()
                .rev()
                .max_by(|a, b| nearest(*a, &terrains).total_cmp(&nearest(*b, &terrains)))
        })
        .unwrap_or(TERRAIN_COLOURS[0]);
    let name = (1..)
        .map(|k| {
            if k == 1 {
                "New terrain".to_string()
            } else {
                format!("New terrain {k}")
            }
        })
        .find(|n| !s.terrain_types.iter().any(|t| &t.name == n))
        .unwrap_or_default();
    TerrainType::open(TerrainId(s.next_id), &name, colour)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::Document;

    #[test]
    fn r1_an_off_table_column_unit_placed_on_the_table_stands_as_wide_as_its_column_records() {
        let s = crate::samples::named("bakambo");
        let u = s.find_unit("Zanzibari Askaris").expect("askaris");
        assert_eq!(u.position, Position::OffMap);
        let width = s
            .column_of(u.id)
            .and_then(|c| c.members.iter().find(|m| m.unit == u.id))
            .expect("a column member")
            .width_figures;
        let mut doc = Document::new(s.clone(), None);
        let edit = place_off_map_unit(&s, u.id, Point::new(50.0, 30.0), 0.0).expect("placed");
        doc.apply("Place", vec![edit]).expect("applies");
        let about = |p: &crate::rules::check::Problem| {
            matches!(p.item, ItemRef::Unit(x) if x == u.id) && p.message.contains("wide")
        };
        let problems = crate::rules::check::check(doc.scenario());
        assert!(
            !problems.iter().any(about),
            "{width} wide as recorded: {problems:#?}"
        );
    }

    #[test]
    fn dropped_units_stand_in_ranks_without_overlap_and_validate() {
        for ruleset in [Ruleset::ColumnOfMarch, Ruleset::M42, Ruleset::Orders] {
            let mut s = Scenario::new_table("t");
            s.rules.ruleset = ruleset;
            let side = s.sides[0].id;
            let mut doc = Document::new(s, None);
            for (k, t) in Template::ALL.iter().enumerate() {
                let at = Point::new(10.0 + 9.0 * k as f32, 20.0);
                let e = place_unit(doc.scenario(), *t, side, at, 0.0).expect("on the table");
                doc.apply("Add unit", vec![e]).expect("valid");
            }
            let problems = crate::rules::check::check(doc.scenario());
            let overlaps: Vec<_> = problems
                .iter()
                .filter(|p| p.message.contains("overlap"))
                .collect();
            assert!(overlaps.is_empty(), "{overlaps:#?}");
            assert_eq!(doc.scenario().units.len(), 7);
        }
    }

    #[test]
    fn hex_drops_take_the_hex_under_the_cursor() {
        let s = Scenario::new_hex("h");
        let h = s.map.as_hex().expect("hex");
        let target = Hex::new(3, 2);
        let at = h.layout().hex_to_world_pos(target);
        let Some(Edit::PutUnit(u)) = place_unit(&s, Template::Cavalry, s.sides[1].id, at, 90.0)
        else {
            panic!("placed")
        };
        assert_eq!(u.hex().map(|x| x.0), Some(target));
        assert!(
            place_unit(
                &s,
                Template::Cavalry,
                s.sides[1].id,
                Point::new(-500.0, 0.0),
                0.0
            )
            .is_none()
        );
    }

    #[test]
    fn a_new_terrain_type_takes_a_colour_unlike_every_side_and_terrain() {
        let mut doc = Document::new(Scenario::new_table("t"), None);
        for k in 0..TERRAIN_COLOURS.len() + 2 {
            let t = new_terrain(doc.scenario());
            let s = doc.scenario();
            assert!(
                s.sides
                    .iter()
                    .all(|x| colour_distance(x.colour, t.colour) >= 120.0),
                "{k}: {:?} is like a side's colour",
                t.colour
            );
            if k < 3 {
                assert!(
                    !s.terrain_types.iter().any(|x| x.colour == t.colour),
                    "{k}: {:?} is taken",
                    t.colour
                );
            }
            assert!(!s.terrain_types.iter().any(|x| x.name == t.name));
            doc.apply("Add terrain", vec![Edit::PutTerrain(t)])
                .expect("valid");
        }
        let names: Vec<&str> = doc
            .scenario()
            .terrain_types
            .iter()
            .map(|t| t.name.as_str())
            .collect();
        assert!(names.contains(&"New terrain") && names.contains(&"New terrain 2"));
    }

    #[test]
    fn markers_and_pieces_validate() {
        let mut doc = Document::new(Scenario::new_table("t"), None);
        let wood = TerrainId(doc.scenario().next_id);
        let mut t = TerrainType::open(wood, "Wood", Colour::rgb(40, 120, 40));
        t.difficult = true;
        doc.apply("Terrain", vec![Edit::PutTerrain(t)])
            .expect("valid");
        let side = doc.scenario().sides[0].id;
        let at = Point::new(20.0, 20.0);
        // Each new item takes the next free ID, so each is made after the previous is applied.
        type Maker = fn(&Scenario, TerrainId, SideId, Point) -> Option<Edit>;
        let makers: [Maker; 4] = [
            |s, t, _, at| place_area(s, t, at),
            |s, _, _, at| place_objective(s, at),
            |s, _, side, at| place_zone(s, side, at),
            |s, _, side, at| place_entry(s, side, at),
        ];
        for make in makers {
            let e = make(doc.scenario(), wood, side, at).expect("made");
            doc.apply("Add", vec![e]).expect("valid");
        }
        let s = doc.scenario();
        assert_eq!(
            (
                s.pieces.len(),
                s.objectives.len(),
                s.zones.len(),
                s.columns.len()
            ),
            (1, 1, 1, 1)
        );
        assert_eq!(s.validate(), vec![]);
    }

    #[test]
    fn a_new_terrain_named_like_common_ground_takes_its_colour_unless_one_was_chosen() {
        let s = Scenario::new_table("t");
        let t = new_terrain(&s);
        let woods = renamed_terrain(&t, "Woods".into());
        assert_eq!(Some(woods.colour), crate::model::fitting_colour("Woods"));
        let town = renamed_terrain(&t, "Gettysburg town".into());
        assert_eq!(Some(town.colour), crate::model::fitting_colour("town"));
        // A name that says nothing keeps the colour; so does a colour the designer chose.
        assert_eq!(renamed_terrain(&t, "Zone B".into()).colour, t.colour);
        let chosen = TerrainType {
            colour: Colour::rgb(1, 2, 3),
            ..t.clone()
        };
        assert_eq!(
            renamed_terrain(&chosen, "Woods".into()).colour,
            chosen.colour
        );
    }
}
