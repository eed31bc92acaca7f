//! `check` finds each kind of problem it claims to find, and names the item.

use hexx::Hex;
use sandtable::geom::Point;
use sandtable::model::*;
use sandtable::rules::check::{Severity, check, has_errors};
use sandtable::samples;

fn unit(s: &mut Scenario, side: usize, name: &str, models: &[(f32, f32)]) -> UnitId {
    let id = UnitId(s.alloc());
    let side = s.sides[side].id;
    let mut u = Unit {
        strength: Strength::full(models.len().max(1) as u16),
        position: if models.is_empty() {
            Position::OffMap
        } else {
            Position::Table
        },
        ..Unit::new(id, name, side, UnitKind::Infantry)
    };
    for (x, y) in models {
        let mid = ModelId(s.alloc());
        u.models.push(Model {
            id: mid,
            base: Base::Round { diameter_mm: 25.4 },
            pos: Point::new(*x, *y),
            facing_deg: 0.0,
        });
    }
    s.units.push(u);
    id
}

fn hex_unit(s: &mut Scenario, side: usize, name: &str, hex: Hex) -> UnitId {
    let id = unit(s, side, name, &[]);
    let u = s.unit_mut(id).expect("unit");
    u.position = Position::Hex { hex, facing: 0 };
    id
}

fn messages(s: &Scenario) -> Vec<String> {
    check(s).iter().map(|p| p.to_string()).collect()
}

fn assert_error(s: &Scenario, item: ItemRef, needle: &str) {
    let problems = check(s);
    assert!(
        problems
            .iter()
            .any(|p| p.severity == Severity::Error && p.item == item && p.message.contains(needle)),
        "no error on {item} containing '{needle}' in {problems:#?}"
    );
    assert!(has_errors(&problems));
}

#[test]
fn a_sound_scenario_has_no_problems() {
    let mut s = Scenario::new_table("ok");
    unit(&mut s, 0, "A", &[(10.0, 10.0), (11.5, 10.0)]);
    assert_eq!(messages(&s), Vec::<String>::new());
}

#[test]
fn structural_breaks_are_errors() {
    let mut s = Scenario::new_table("t");
    let id = unit(&mut s, 0, "A", &[(10.0, 10.0)]);
    s.unit_mut(id).expect("unit").side = SideId(999);
    assert_error(&s, ItemRef::Unit(id), "side #999 does not exist");
}

#[test]
fn ruleset_must_match_the_map() {
    let mut s = Scenario::new_table("t");
    s.rules.ruleset = Ruleset::HexCommands;
    assert_error(&s, ItemRef::Map, "need a hex map");
    let mut h = Scenario::new_hex("h");
    h.rules.ruleset = Ruleset::Orders;
    assert_error(&h, ItemRef::Map, "free-measure ruleset");
}

#[test]
fn terrain_pieces_must_match_their_kind() {
    let mut s = Scenario::new_table("t");
    let clear = s.terrain_types[0].id;
    let id = PieceId(s.alloc());
    s.pieces.push(TerrainPiece {
        id,
        name: "Lane".into(),
        terrain: clear,
        shape: PieceShape::Polyline {
            points: vec![Point::new(1.0, 1.0), Point::new(5.0, 1.0)],
            width_in: 1.0,
        },
    });
    assert_error(&s, ItemRef::Piece(id), "drawn as a line");
}

#[test]
fn models_must_match_strength() {
    let mut s = Scenario::new_table("t");
    let id = unit(&mut s, 0, "A", &[(10.0, 10.0), (12.0, 10.0)]);
    s.unit_mut(id).expect("unit").strength.current = 1;
    assert_error(
        &s,
        ItemRef::Unit(id),
        "2 models on the table but a current strength of 1",
    );
}

#[test]
fn models_off_the_table_are_errors() {
    let mut s = Scenario::new_table("t");
    let id = unit(&mut s, 0, "A", &[(71.8, 10.0)]);
    let m = s.unit(id).expect("unit").models[0].id;
    assert_error(&s, ItemRef::Model(id, m), "off the table");
}

#[test]
fn models_in_impassable_terrain_are_errors() {
    let mut s = Scenario::new_table("t");
    let lake = TerrainId(s.alloc());
    let mut t = TerrainType::open(lake, "Lake", Colour::rgb(0, 0, 255));
    t.impassable = true;
    s.terrain_types.push(t);
    let pid = PieceId(s.alloc());
    s.pieces.push(TerrainPiece {
        id: pid,
        name: "Mere".into(),
        terrain: lake,
        shape: PieceShape::Polygon(vec![
            Point::new(5.0, 5.0),
            Point::new(15.0, 5.0),
            Point::new(15.0, 15.0),
            Point::new(5.0, 15.0),
        ]),
    });
    let id = unit(&mut s, 0, "Swimmers", &[(10.0, 10.0)]);
    let m = s.unit(id).expect("unit").models[0].id;
    assert_error(&s, ItemRef::Model(id, m), "impassable 'Mere'");
}

#[test]
fn overlapping_bases_are_errors_within_and_across_units() {
    let mut s = Scenario::new_table("t");
    let a = unit(&mut s, 0, "A", &[(10.0, 10.0), (10.5, 10.0)]);
    let b = unit(&mut s, 1, "B", &[(20.0, 20.0)]);
    let c = unit(&mut s, 1, "C", &[(20.9, 20.0)]);
    let problems = messages(&s);
    assert!(
        problems
            .iter()
            .any(|p| p.contains("two models of 'A' overlap")),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.contains("'B' overlaps a model of 'C'")),
        "{problems:?}"
    );
    // Touching bases are fine.
    let mut t = Scenario::new_table("touch");
    unit(&mut t, 0, "A", &[(10.0, 10.0), (11.0, 10.0)]);
    assert_eq!(messages(&t), Vec::<String>::new());
    let _ = (a, b, c);
}

#[test]
fn overlap_check_scales_to_thousands_of_models() {
    let s = generate::crowded_table(5000, 10, 1);
    // The generator lays units out independently; some overlap. The check must finish and
    // report overlaps as model errors.
    let problems = check(&s);
    assert!(
        problems
            .iter()
            .all(|p| matches!(p.item, ItemRef::Model(..) | ItemRef::Piece(..)))
    );
}

#[test]
fn hex_stacking_and_impassable_hexes_are_errors() {
    let mut s = Scenario::new_hex("h");
    let lake = TerrainId(s.alloc());
    let mut t = TerrainType::open(lake, "Lake", Colour::rgb(0, 0, 255));
    t.hex_cost = HexCost::Impassable;
    s.terrain_types.push(t);
    let wet = Hex::new(3, 3);
    if let Map::Hex(h) = &mut s.map {
        let i = h.grid().index_of(wet).expect("on map");
        h.terrain[i] = lake;
    }
    hex_unit(&mut s, 0, "A", Hex::new(1, 1));
    let b = hex_unit(&mut s, 0, "B", Hex::new(1, 1));
    let c = hex_unit(&mut s, 1, "C", wet);
    assert_error(
        &s,
        ItemRef::Unit(b),
        "'B' shares hex 0203 with 'A', over one unit a hex",
    );
    assert_error(&s, ItemRef::Unit(c), "impassable Lake");
}

/// Stacking on a hex map: one combat unit a hex (R5's reading) unless the scenario allows
/// more; an enemy's hex is never shared, and leaders are not counted.
#[test]
fn hex_stacking_follows_the_scenarios_limit_per_hex() {
    let mut s = Scenario::new_hex("h");
    let at = Hex::new(1, 1);
    hex_unit(&mut s, 0, "A", at);
    let b = hex_unit(&mut s, 0, "B", at);
    let c = hex_unit(&mut s, 0, "C", at);
    let shares = |s: &Scenario| -> Vec<String> {
        messages(s)
            .into_iter()
            .filter(|m| m.contains("shares"))
            .collect()
    };
    assert_error(
        &s,
        ItemRef::Unit(b),
        "'B' shares hex 0203 with 'A', over one unit a hex",
    );
    s.rules.stacking = Some(2);
    assert_error(
        &s,
        ItemRef::Unit(c),
        "'C' shares hex 0203 with 'A' and 'B', over the scenario's limit of 2 units a hex",
    );
    assert_eq!(shares(&s).len(), 1, "{:?}", shares(&s));
    s.rules.stacking = Some(3);
    assert!(shares(&s).is_empty(), "{:?}", shares(&s));
    let e = hex_unit(&mut s, 1, "E", at);
    assert_error(
        &s,
        ItemRef::Unit(e),
        "'E' shares hex 0203 with the enemy's 'A'",
    );
    s.rules.stacking = Some(0);
    assert!(
        s.validate()
            .iter()
            .any(|p| p.message.contains("stacking limit is 0 units a hex")),
        "refused as invalid"
    );
}

fn column_scenario(figures: &[usize], width: u8, gap: f32) -> (Scenario, Vec<UnitId>, ColumnId) {
    let mut s = Scenario::new_table("col");
    s.rules.ruleset = Ruleset::ColumnOfMarch;
    let mut ids = Vec::new();
    let mut y = 10.0;
    for (k, n) in figures.iter().enumerate() {
        let rows = n.div_ceil(width as usize);
        let models: Vec<(f32, f32)> = (0..*n)
            .map(|i| {
                (
                    30.0 + (i % width as usize) as f32,
                    y + (i / width as usize) as f32,
                )
            })
            .collect();
        ids.push(unit(&mut s, 0, &format!("U{k}"), &models));
        y += rows as f32 - 1.0 + 1.0 + gap;
    }
    let cid = ColumnId(s.alloc());
    let side = s.sides[0].id;
    s.columns.push(Column {
        id: cid,
        name: "Column".into(),
        side,
        entry: EntryPoint {
            edge: Edge::South,
            along_in: 30.0,
            heading_deg: 0.0,
        },
        members: ids
            .iter()
            .map(|u| ColumnMember {
                unit: *u,
                width_figures: width,
            })
            .collect(),
        on_table_at_start: StartCount::D3,
        state: ColumnState::Formed,
        route: vec![],
        last_action: None,
    });
    (s, ids, cid)
}

#[test]
fn r1_column_widths_and_size_limit() {
    let (s, _, _) = column_scenario(&[12, 12], 2, 1.0);
    assert_eq!(messages(&s), Vec::<String>::new());
    let (s, ids, _) = column_scenario(&[12], 4, 1.0);
    assert_error(
        &s,
        ItemRef::Unit(ids[0]),
        "a unit of 12 figures must be 2 or 3 wide",
    );
    let (s, ids, _) = column_scenario(&[17], 4, 1.0);
    assert_error(&s, ItemRef::Unit(ids[0]), "cannot march in column");
}

#[test]
fn r1_column_gap_over_two_inches() {
    let (s, ids, _) = column_scenario(&[6, 6], 2, 2.5);
    assert_error(&s, ItemRef::Unit(ids[1]), "2.50\" behind 'U0'");
    let (s, _, _) = column_scenario(&[6, 6], 2, 1.9);
    assert!(!has_errors(&check(&s)));
}

#[test]
fn r1_column_order_entry_and_counts() {
    let (mut s, ids, cid) = column_scenario(&[6, 6, 6], 2, 1.0);
    // The middle unit has not entered, but the last one is on the table.
    s.unit_mut(ids[1]).expect("u").position = Position::OffMap;
    assert_error(
        &s,
        ItemRef::Unit(ids[2]),
        "behind a unit that has not entered",
    );
    let col = s.columns.iter_mut().find(|c| c.id == cid).expect("column");
    col.entry.along_in = 80.0;
    col.on_table_at_start = StartCount::Count(5);
    assert_error(&s, ItemRef::Column(cid), "only 72.00\" long");
    assert_error(&s, ItemRef::Column(cid), "5 units should start on table");
}

#[test]
fn deployment_outside_zones_is_an_error_at_the_start_only() {
    let mut s = Scenario::new_table("t");
    let zid = ZoneId(s.alloc());
    let side = s.sides[0].id;
    s.zones.push(DeploymentZone {
        id: zid,
        name: "South".into(),
        side,
        area: ZoneArea::Polygon(vec![
            Point::new(0.0, 36.0),
            Point::new(72.0, 36.0),
            Point::new(72.0, 48.0),
            Point::new(0.0, 48.0),
        ]),
    });
    let inside = unit(&mut s, 0, "In", &[(10.0, 40.0)]);
    let outside = unit(&mut s, 0, "Out", &[(10.0, 20.0)]);
    let other_side = unit(&mut s, 1, "Enemy", &[(10.0, 10.0)]);
    let problems = check(&s);
    assert_error(
        &s,
        ItemRef::Unit(outside),
        "outside its side's deployment zones",
    );
    assert!(
        !problems
            .iter()
            .any(|p| p.item == ItemRef::Unit(inside) || p.item == ItemRef::Unit(other_side))
    );
    s.turn = 2;
    assert!(!has_errors(&check(&s)));
}

/// A game's moves are not deployment: in turn 1 of Bakambo the Arab Musketeers march south out
/// of the slavers' country under the rules, and the scenario has no deployment error for it.
#[test]
fn a_unit_moved_in_play_in_turn_one_is_not_deployed_outside_its_zones() {
    use sandtable::game;
    use sandtable::model::game::{Action, Phase};
    let base = samples::by_name("bakambo")
        .expect("sample")
        .load()
        .expect("the sample loads");
    let slavers = base.sides[1].id;
    let mut s = base.clone();
    for _ in 0..4 {
        let st = game::stage(&s);
        if s.game.is_some() && st.phase == Phase::Movement && st.side == Some(slavers) {
            break;
        }
        s = game::play(&s, Action::EndPhase, 5)
            .expect("the next phase")
            .scenario;
    }
    assert_eq!(s.turn, 1, "still the first turn");
    let id = s.find_unit("Arab Musketeers").expect("musketeers").id;
    let from = s.unit(id).expect("musketeers").models[0].pos;
    let to = from + Point::new(0.0, 4.0);
    let played = game::play(
        &s,
        Action::Move {
            unit: id,
            order: None,
            to: Some(Place::Table(to)),
            followers: Vec::new(),
        },
        5,
    )
    .expect("a legal move south")
    .scenario;
    let zone = played
        .zones
        .iter()
        .find(|z| z.side == slavers)
        .expect("the slavers' zone");
    let ZoneArea::Polygon(poly) = &zone.area else {
        panic!("a table zone");
    };
    let moved = played.unit(id).expect("musketeers");
    assert!(
        moved
            .models
            .iter()
            .any(|m| !sandtable::geom::point_in_polygon(m.pos, poly)),
        "the move leaves the zone"
    );
    let deployment = |s: &Scenario| {
        check(s)
            .into_iter()
            .any(|p| p.item == ItemRef::Unit(id) && p.message.contains("deployment zones"))
    };
    assert!(!deployment(&played), "{:?}", check(&played));
    // Set there by hand before any play, it is a deployment error.
    let mut set_up = base.clone();
    *set_up.unit_mut(id).expect("musketeers") = moved.clone();
    assert!(deployment(&set_up));
}

#[test]
fn hex_deployment_zones_objectives_and_reinforcements() {
    let mut s = Scenario::new_hex("h");
    let side = s.sides[0].id;
    let zid = ZoneId(s.alloc());
    s.zones.push(DeploymentZone {
        id: zid,
        name: "West".into(),
        side,
        area: ZoneArea::Hexes(vec![Hex::new(0, 0), Hex::new(-50, 0)]),
    });
    let out = hex_unit(&mut s, 0, "Wanderer", Hex::new(5, 0));
    let oid = ObjectiveId(s.alloc());
    s.objectives.push(Objective {
        id: oid,
        name: "Far hill".into(),
        place: Place::Hex(Hex::new(90, 90)),
        value: 1,
        notes: String::new(),
        held: Holding::default(),
        side_points: Vec::new(),
    });
    let early = hex_unit(&mut s, 0, "Early", Hex::new(0, 0));
    let rid = ReinforcementId(s.alloc());
    s.reinforcements.push(Reinforcement {
        id: rid,
        turn: 3,
        side,
        units: vec![early],
        entry: Place::Hex(Hex::new(0, 0)),
    });
    assert_error(
        &s,
        ItemRef::Unit(out),
        "outside its side's deployment zones",
    );
    assert_error(&s, ItemRef::Zone(zid), "off the map");
    assert_error(&s, ItemRef::Objective(oid), "off the map");
    assert_error(
        &s,
        ItemRef::Reinforcement(rid),
        "arrives on turn 3 but is already on the map",
    );
}

#[test]
fn a_column_on_a_hex_map_is_an_error() {
    let mut s = Scenario::new_hex("h");
    let cid = ColumnId(s.alloc());
    let side = s.sides[0].id;
    s.columns.push(Column {
        id: cid,
        name: "Lost column".into(),
        side,
        entry: EntryPoint {
            edge: Edge::West,
            along_in: 1.0,
            heading_deg: 90.0,
        },
        members: vec![],
        on_table_at_start: StartCount::Count(0),
        state: ColumnState::Formed,
        route: vec![],
        last_action: None,
    });
    assert_error(&s, ItemRef::Column(cid), "needs a free-measure table");
}

/// Bakambo's Sikh Pioneers: 12 figures standing in six ranks of two, recorded 2 wide.
fn pioneers(s: &Scenario) -> (ColumnId, UnitId) {
    let u = s.find_unit("Sikh Pioneers").expect("pioneers");
    let col = s.column_of(u.id).expect("in column");
    (col.id, u.id)
}

#[test]
fn r1_a_unit_in_column_must_stand_as_wide_as_its_column_records() {
    let mut s = samples::by_name("bakambo")
        .expect("sample")
        .load()
        .expect("the sample loads");
    let (col, unit) = pioneers(&s);
    let width = |s: &mut Scenario, w: u8| {
        let c = s.columns.iter_mut().find(|c| c.id == col).expect("column");
        let m = c
            .members
            .iter_mut()
            .find(|m| m.unit == unit)
            .expect("member");
        m.width_figures = w;
    };
    let about_width = |s: &Scenario| {
        check(s)
            .into_iter()
            .filter(|p| p.item == ItemRef::Unit(unit) && p.message.contains("wide"))
            .collect::<Vec<_>>()
    };
    assert_eq!(about_width(&s), vec![], "2 wide as recorded");
    // 3 is allowed for 12 figures by the width table, but they stand 2 wide.
    width(&mut s, 3);
    assert_error(
        &s,
        ItemRef::Unit(unit),
        "stands 2 figures wide but its column records 3",
    );
    assert_eq!(about_width(&s).len(), 1);
}

#[test]
fn an_off_table_unit_whose_models_and_strength_disagree_is_an_error() {
    let mut s = samples::by_name("bakambo")
        .expect("sample")
        .load()
        .expect("the sample loads");
    let id = s.find_unit("Zanzibari Askaris").expect("askaris").id;
    let u = s.unit_mut(id).expect("unit");
    assert_eq!(u.position, Position::OffMap);
    assert_eq!(u.models.len(), 12);
    u.strength.current = 10;
    assert_error(
        &s,
        ItemRef::Unit(id),
        "has 12 models off the table but a current strength of 10",
    );
}

/// R4 (001): a battery is one artillery unit of one or more gun models ("2 models representing a
/// 6 gun battery") and tests as one single stand, so `check` accepts it; elephants and wagons
/// "are always represented by single stands", so more than one is still a warning.
#[test]
fn r4_battery_of_several_gun_models_is_one_single_stand_unit() {
    let mut s = Scenario::new_table("t");
    s.rules.morale_tests = true;
    let guns = unit(&mut s, 0, "Two-gun battery", &[(10.0, 10.0), (12.0, 10.0)]);
    s.unit_mut(guns).expect("unit").kind = UnitKind::Artillery {
        class: GunClass::Light,
        draught: Draught::Horse,
        hit_points: 3,
    };
    assert!(
        check(&s).iter().all(|p| p.item != ItemRef::Unit(guns)),
        "{:#?}",
        check(&s)
    );
    let jumbo = unit(&mut s, 0, "Two elephants", &[(20.0, 10.0), (23.0, 10.0)]);
    s.unit_mut(jumbo).expect("unit").kind = UnitKind::Elephant;
    let problems = check(&s);
    assert!(
        problems.iter().any(|p| p.severity == Severity::Warning
            && p.item == ItemRef::Unit(jumbo)
            && p.message.contains("always a single stand")),
        "{problems:#?}"
    );
}

/// `check` and the rules read impassable ground by one footprint test: a base partly in an
/// impassable pond (its centre just outside) is a problem in `check` and a destination the
/// move preview refuses; a base clear of it is neither.
#[test]
fn impassable_ground_keeps_the_whole_base_out_in_check_and_in_the_rules() {
    use sandtable::rules::orders::{self, Action, OrderRequest};
    let mut s = Scenario::new_table("t");
    s.rules.ruleset = Ruleset::Orders;
    let water = TerrainId(s.alloc());
    let mut t = TerrainType::open(water, "Water", Colour::rgb(0, 0, 255));
    t.impassable = true;
    s.terrain_types.push(t);
    let pond = PieceId(s.alloc());
    s.pieces.push(TerrainPiece {
        id: pond,
        name: "Mill pond".into(),
        terrain: water,
        shape: PieceShape::Polygon(vec![
            Point::new(20.0, 20.0),
            Point::new(30.0, 20.0),
            Point::new(30.0, 30.0),
            Point::new(20.0, 30.0),
        ]),
    });
    // 1" bases (radius 0.5"): centres 0.3" and 0.6" west of the pond's edge.
    let wader = unit(&mut s, 0, "Waders", &[(19.7, 25.0)]);
    let dry = unit(&mut s, 0, "Dry feet", &[(19.4, 22.0)]);
    let m = s.unit(wader).expect("unit").models[0].id;
    assert_error(&s, ItemRef::Model(wader, m), "impassable 'Mill pond'");
    assert!(
        check(&s)
            .iter()
            .all(|p| p.item != ItemRef::Unit(dry)
                && !matches!(p.item, ItemRef::Model(u, _) if u == dry)),
        "{:#?}",
        check(&s)
    );
    // The rules refuse the wader's spot as a destination and accept the dry one.
    let s_moves = {
        let mut s2 = s.clone();
        let u = s2.unit_mut(wader).expect("unit");
        u.models[0].pos = Point::new(10.0, 25.0);
        u.leader_model = Some(m);
        u.stats.mv = 12;
        s2
    };
    let at = |p: Point| {
        orders::preview(&s_moves, OrderRequest::new(wader, Action::Advance).to(p))
            .expect("preview")
            .destination
            .expect("checked")
    };
    let wet = at(Point::new(19.7, 25.0));
    assert!(!wet.legal);
    let why = wet.reason.as_ref().expect("a reason").text.clone();
    assert!(why.contains("Mill pond, which is impassable"), "{why}");
    assert!(at(Point::new(19.4, 25.0)).legal);
}

fn assert_warning(s: &Scenario, item: ItemRef, needle: &str) {
    let problems = check(s);
    assert!(
        problems.iter().any(|p| p.severity == Severity::Warning
            && p.item == item
            && p.message.contains(needle)),
        "no warning on {item} containing '{needle}' in {problems:#?}"
    );
}

/// A reinforcement marches on from an edge: one entering inland is warned of (the hex named);
/// one whose turn has passed while its units still wait off the map is past due.
#[test]
fn a_reinforcement_entering_inland_or_past_due_is_warned_of() {
    let mut s = Scenario::new_hex("h");
    let side = s.sides[0].id;
    let grid = s.map.as_hex().expect("hex").grid();
    let edge = grid
        .hexes()
        .find(|h| h.all_neighbors().iter().any(|n| !grid.contains(*n)))
        .expect("an edge hex");
    let inland = grid
        .hexes()
        .find(|h| h.all_neighbors().iter().all(|n| grid.contains(*n)))
        .expect("an inland hex");
    let waiting = unit(&mut s, 0, "Waiting", &[]);
    s.unit_mut(waiting).expect("unit").position = Position::OffMap;
    let rid = ReinforcementId(s.alloc());
    s.reinforcements.push(Reinforcement {
        id: rid,
        turn: 2,
        side,
        units: vec![waiting],
        entry: Place::Hex(edge),
    });
    let said = |s: &Scenario| {
        check(s)
            .into_iter()
            .filter(|p| p.item == ItemRef::Reinforcement(rid))
            .count()
    };
    assert_eq!(said(&s), 0, "{:#?}", check(&s));
    s.reinforcements[0].entry = Place::Hex(inland);
    let name = s.map.as_hex().expect("hex").hex_name(inland);
    assert_warning(
        &s,
        ItemRef::Reinforcement(rid),
        &format!("enters at hex {name}, not at an edge of the map"),
    );
    s.reinforcements[0].entry = Place::Hex(edge);
    s.turn = 3;
    assert_warning(
        &s,
        ItemRef::Reinforcement(rid),
        "reinforcement of turn 2 is past due: the scenario is at turn 3 and 'Waiting' has not arrived",
    );
    assert!(!has_errors(&check(&s)), "a warning, not an error");
}
