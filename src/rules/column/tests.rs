//! One test per rule of R1, on hand-built tables.

use super::*;
use crate::edit::ops::outcome;
use crate::edit::{Document, Edit};
use crate::geom::{Formation, Point, point_in_polygon, segment_hits_polygon};
use crate::model::*;
use crate::rules::dice::Prob;

/// 1" round bases, so depths are easy to count: a rank is 1" deep, ranks 0.1" apart.
const BASE_MM: f32 = 25.4;
const FIGURE_GAP: f32 = 0.1;

struct Table {
    s: Scenario,
    blue: SideId,
    red: SideId,
}

fn table() -> Table {
    let mut s = Scenario::new_table("column test");
    s.rules = RuleOptions::new(Ruleset::ColumnOfMarch);
    let (blue, red) = (s.sides[0].id, s.sides[1].id);
    Table { s, blue, red }
}

/// A unit of `figures` on 1" bases, off table until placed.
fn unit(
    s: &mut Scenario,
    side: SideId,
    name: &str,
    figures: u16,
    mv: u8,
    discipline: u8,
) -> UnitId {
    let id = UnitId(s.alloc());
    let models: Vec<Model> = (0..figures)
        .map(|_| Model {
            id: ModelId(s.alloc()),
            base: Base::Round {
                diameter_mm: BASE_MM,
            },
            pos: Point::ZERO,
            facing_deg: 0.0,
        })
        .collect();
    s.units.push(Unit {
        stats: Stats {
            mv,
            discipline,
            ..Stats::default()
        },
        strength: Strength::full(figures),
        models,
        ..Unit::new(id, name, side, UnitKind::Infantry)
    });
    id
}

/// Depth of `n` figures `w` abreast on 1" bases.
fn depth(n: u16, w: u8) -> f32 {
    let ranks = n.div_ceil(w as u16) as f32;
    ranks + (ranks - 1.0) * FIGURE_GAP
}

/// Draws `id` up facing `facing` with its front centre at `front`.
fn form(s: &mut Scenario, id: UnitId, front: Point, facing: f32, width: u8) {
    let u = s.unit_mut(id).expect("unit");
    let n = u.models.len();
    let f = Formation {
        centre: Point::ZERO,
        facing_deg: facing,
        frontage: width as usize,
        base_width_in: 1.0,
        base_depth_in: 1.0,
        gap_in: FIGURE_GAP,
    }
    .with_front_at(front, n);
    for (m, c) in u.models.iter_mut().zip(f.centres(n)) {
        m.pos = c;
        m.facing_deg = facing;
    }
}

/// A column entering at the south edge at `x`, heading north: units of `(figures, width)`,
/// each Mv 6 and Discipline 7; the first `on_table` stand in single file `gap` apart with the
/// lead's front `lead_in` inches up the table, the rest wait off table.
fn column(
    t: &mut Table,
    x: f32,
    units: &[(u16, u8)],
    on_table: usize,
    lead_in: f32,
    gap: f32,
) -> (ColumnId, Vec<UnitId>) {
    let mut ids = Vec::new();
    let mut members = Vec::new();
    let entry = Point::new(x, 48.0);
    let lead_front = Point::new(x, 48.0 - lead_in);
    let mut front = lead_front;
    for (i, &(n, w)) in units.iter().enumerate() {
        let id = unit(&mut t.s, t.blue, &format!("U{i}"), n, 6, 7);
        if i < on_table {
            form(&mut t.s, id, front, 0.0, w);
            t.s.unit_mut(id).expect("unit").position = Position::Table;
        } else {
            // Off table the figures stand anywhere: the column queues them itself.
            form(&mut t.s, id, Point::new(x, 60.0 + i as f32 * 10.0), 0.0, w);
        }
        front.y += depth(n, w) + gap;
        ids.push(id);
        members.push(ColumnMember {
            unit: id,
            width_figures: w,
        });
    }
    let id = ColumnId(t.s.alloc());
    let route = if on_table > 0 {
        vec![entry, lead_front]
    } else {
        vec![entry]
    };
    t.s.columns.push(Column {
        id,
        name: "The Column".into(),
        side: t.blue,
        entry: EntryPoint {
            edge: Edge::South,
            along_in: x,
            heading_deg: 0.0,
        },
        members,
        on_table_at_start: StartCount::Count(on_table as u8),
        state: ColumnState::Formed,
        route: route.clone(),
        last_action: Some(ColumnAction::Move {
            distance_in: lead_in,
            route,
        }),
    });
    assert!(t.s.validate().is_empty(), "{:?}", t.s.validate());
    (id, ids)
}

fn mv(distance: f32) -> Activation {
    Activation::Ordered(Order::Move {
        distance_in: distance,
        route: None,
    })
}

fn mv_along(distance: f32, route: &[(f32, f32)]) -> Activation {
    Activation::Ordered(Order::Move {
        distance_in: distance,
        route: Some(route.iter().map(|&(x, y)| Point::new(x, y)).collect()),
    })
}

fn unit_move(pv: &ColumnPreview, id: UnitId) -> &UnitMove {
    pv.units
        .iter()
        .find(|u| u.unit == id)
        .expect("unit in preview")
}

fn commit(s: &Scenario, pv: &ColumnPreview) -> Scenario {
    let mut doc = Document::new(s.clone(), None);
    doc.apply("column", outcome::column(pv.outcome(s).expect("legal")))
        .expect("edits apply");
    doc.scenario().clone()
}

fn close(a: Point, b: Point) -> bool {
    a.distance(b) < 1e-3
}

fn terrain(
    s: &mut Scenario,
    name: &str,
    kind: TerrainKind,
    f: impl FnOnce(&mut TerrainType),
) -> TerrainId {
    let id = TerrainId(s.alloc());
    let mut t = TerrainType::open(id, name, Colour::rgb(90, 120, 60));
    t.kind = kind;
    f(&mut t);
    s.terrain_types.push(t);
    id
}

fn piece(s: &mut Scenario, name: &str, terrain: TerrainId, shape: PieceShape) -> PieceId {
    let id = PieceId(s.alloc());
    s.pieces.push(TerrainPiece {
        id,
        name: name.into(),
        terrain,
        shape,
    });
    id
}

fn pts(v: &[(f32, f32)]) -> Vec<Point> {
    v.iter().map(|&(x, y)| Point::new(x, y)).collect()
}

#[test]
fn r1_width_table() {
    assert_eq!(allowed_widths(1), Some(1..=2));
    assert_eq!(allowed_widths(6), Some(1..=2));
    assert_eq!(allowed_widths(7), Some(2..=3));
    assert_eq!(allowed_widths(12), Some(2..=3));
    assert_eq!(allowed_widths(13), Some(3..=4));
    assert_eq!(allowed_widths(16), Some(3..=4));
    assert_eq!(allowed_widths(17), None);
    assert_eq!(allowed_widths(0), None);
    let mut t = table();
    let (col, ids) = column(&mut t, 30.0, &[(12, 4), (17, 4), (16, 3)], 3, 30.0, 1.0);
    let problems = deployment_problems(&t.s, t.s.column(col).expect("column"));
    assert!(problems.iter().any(|p| matches!(p,
        DeploymentProblem::Width { unit, allowed: (2, 3), .. } if *unit == ids[0])));
    assert!(problems.iter().any(|p| matches!(p,
        DeploymentProblem::TooLarge { unit, figures: 17, .. } if *unit == ids[1])));
    assert!(!problems.iter().any(|p| p.unit() == ids[2]));
    assert!(problems[0].to_string().contains("must be 2 or 3 wide"));
}

#[test]
fn r1_width_problem_counts_one_figure_in_the_singular() {
    let p = DeploymentProblem::Width {
        unit: UnitId(1),
        name: "Naval Brigade".into(),
        figures: 8,
        width: 1,
        allowed: (2, 3),
    };
    assert_eq!(
        p.to_string(),
        "'Naval Brigade' marches 1 figure wide; a unit of 8 figures must be 2 or 3 wide (R1)"
    );
}

#[test]
fn r1_deployment_single_file_within_two_inches() {
    let mut t = table();
    let (col, ids) = column(&mut t, 30.0, &[(6, 2), (6, 2), (6, 2)], 3, 30.0, 2.5);
    let problems = deployment_problems(&t.s, t.s.column(col).expect("column"));
    let gaps: Vec<_> = problems
        .iter()
        .filter_map(|p| match p {
            DeploymentProblem::Gap { unit, gap_in, .. } => Some((*unit, *gap_in)),
            _ => None,
        })
        .collect();
    assert_eq!(gaps.len(), 2);
    assert_eq!(gaps[0].0, ids[1]);
    assert!((gaps[0].1 - 2.5).abs() < 1e-3);
    // 2" exactly is fine, and so is a unit standing beside... no: beside is not single file.
    let mut t = table();
    let (col, ids) = column(&mut t, 30.0, &[(6, 2), (6, 2)], 2, 30.0, 2.0);
    assert!(deployment_problems(&t.s, t.s.column(col).expect("column")).is_empty());
    form(&mut t.s, ids[1], Point::new(32.5, 18.0), 0.0, 2);
    let problems = deployment_problems(&t.s, t.s.column(col).expect("column"));
    assert!(
        problems.iter().any(|p| matches!(p,
            DeploymentProblem::NotSingleFile { unit, .. } if *unit == ids[1])),
        "{problems:?}"
    );
}

#[test]
fn r1_d3_units_on_table_each_one_third() {
    let mut t = table();
    let (col, ids) = column(
        &mut t,
        30.0,
        &[(6, 2), (6, 2), (6, 2), (6, 2)],
        2,
        20.0,
        1.0,
    );
    let c =
        t.s.columns
            .iter_mut()
            .find(|c| c.id == col)
            .expect("column");
    c.on_table_at_start = StartCount::D3;
    let outcomes = start_outcomes(c);
    assert_eq!(outcomes.len(), 3);
    for (k, o) in outcomes.iter().enumerate() {
        assert_eq!(o.roll, Some(k as u8 + 1));
        assert_eq!(o.p, Prob::ratio(1, 3));
        assert_eq!(o.on_table, ids[..=k].to_vec());
        assert_eq!(o.off_table, ids[k + 1..].to_vec());
    }
    c.on_table_at_start = StartCount::Count(2);
    let fixed = start_outcomes(c);
    assert_eq!(fixed.len(), 1);
    assert_eq!(
        (fixed[0].roll, fixed[0].count, fixed[0].p),
        (None, 2, Prob::ONE)
    );
    // A two-unit column: a roll of 3 puts both on.
    c.members.truncate(2);
    c.on_table_at_start = StartCount::D3;
    let small = start_outcomes(c);
    assert_eq!(small[2].count, 2);
    assert!(small[2].off_table.is_empty());
}

#[test]
fn r1_order_tested_against_lead_discipline() {
    let mut t = table();
    let (col, ids) = column(&mut t, 30.0, &[(6, 2), (6, 2)], 2, 20.0, 1.0);
    t.s.unit_mut(ids[0]).expect("lead").stats.discipline = 6;
    t.s.unit_mut(ids[1]).expect("second").stats.discipline = 9;
    let pv = preview(&t.s, col, mv(6.0)).expect("preview");
    assert_eq!(pv.order_test.unit, ids[0]);
    assert_eq!(pv.order_test.discipline, 6);
    assert_eq!(pv.order_test.p_pass, Prob::ratio(26, 36));
    assert_eq!(pv.order_test.p_fail, Prob::ratio(10, 36));
    for (d, p) in [
        (2, Prob::ONE),
        (7, Prob::ratio(21, 36)),
        (12, Prob::ratio(1, 36)),
        (13, Prob::ZERO),
    ] {
        t.s.unit_mut(ids[0]).expect("lead").stats.discipline = d;
        let pv = preview(&t.s, col, mv(1.0)).expect("preview");
        assert_eq!(pv.order_test.p_pass, p, "discipline {d}");
    }
    // Once the lead has marched off, the next unit leads and is tested.
    t.s.unit_mut(ids[0]).expect("lead").position = Position::Exited;
    let pv = preview(&t.s, col, mv(1.0)).expect("preview");
    assert_eq!((pv.order_test.unit, pv.order_test.discipline), (ids[1], 9));
}

#[test]
fn r1_orders_are_stand_to_or_move() {
    let mut t = table();
    let (col, _) = column(&mut t, 30.0, &[(6, 2), (6, 2)], 2, 20.0, 1.0);
    let pv = preview(&t.s, col, Activation::Ordered(Order::StandTo)).expect("preview");
    assert_eq!(pv.movement, Movement::StandTo);
    assert_eq!(pv.moved_in, 0.0);
    for um in &pv.units {
        let u = t.s.unit(um.unit).expect("unit");
        assert_eq!(um.to, um.from);
        for (pm, m) in um.models.iter().zip(&u.models) {
            assert_eq!((pm.id, pm.pos), (m.id, m.pos));
        }
    }
    let edits = outcome::column(pv.outcome(&t.s).expect("legal"));
    assert_eq!(edits.len(), 1, "only the column's last action changes");
    let after = commit(&t.s, &pv);
    assert_eq!(
        after.column(col).expect("column").last_action,
        Some(ColumnAction::StandTo)
    );
    let pv = preview(&t.s, col, mv(4.0)).expect("preview");
    assert_eq!(pv.movement, Movement::Move);
    assert_eq!(pv.moved_in, 4.0);
}

#[test]
fn r1_move_capped_at_lead_allowance() {
    let mut t = table();
    let (col, ids) = column(&mut t, 30.0, &[(6, 2), (6, 2)], 2, 20.0, 1.0);
    t.s.unit_mut(ids[1]).expect("slow").stats.mv = 3;
    assert!(matches!(
        preview(&t.s, col, mv(6.5)),
        Err(ColumnError::BeyondAllowance { allowance, .. }) if allowance == 6.0
    ));
    assert!(matches!(
        preview(&t.s, col, mv(-1.0)),
        Err(ColumnError::BadDistance(_))
    ));
    let pv = preview(&t.s, col, mv(6.0)).expect("preview");
    // The slow unit keeps up: every unit moves as far as the lead.
    assert!(pv.units.iter().all(|u| u.moved_in == 6.0));
    assert!(close(
        unit_move(&pv, ids[1]).front,
        Point::new(30.0, 28.0 + depth(6, 2) + 1.0 - 6.0)
    ));
}

#[test]
fn r1_trailing_units_follow_the_leader() {
    let mut t = table();
    let (col, ids) = column(&mut t, 30.0, &[(6, 2), (6, 2), (6, 2)], 3, 20.0, 1.0);
    let d = depth(6, 2);
    let before: Vec<Vec<Point>> = ids
        .iter()
        .map(|id| {
            t.s.unit(*id)
                .expect("unit")
                .models
                .iter()
                .map(|m| m.pos)
                .collect()
        })
        .collect();
    // North 4" to (30, 24), then east.
    let pv = preview(&t.s, col, mv_along(6.0, &[(30.0, 24.0), (40.0, 24.0)])).expect("preview");
    assert_eq!(pv.route_kind, RouteKind::Drawn);
    assert!(close(
        *pv.route.last().expect("route"),
        Point::new(32.0, 24.0)
    ));
    let s0 = [20.0, 20.0 - d - 1.0, 20.0 - 2.0 * (d + 1.0)];
    for (k, id) in ids.iter().enumerate() {
        let um = unit_move(&pv, *id);
        assert_eq!(um.moved_in, 6.0);
        assert!((um.along_route_in - (s0[k] + 6.0)).abs() < 1e-4);
        // Each keeps its formation: distances between its figures are unchanged.
        for i in 0..um.models.len() {
            for j in i + 1..um.models.len() {
                let a = before[k][i].distance(before[k][j]);
                let b = um.models[i].pos.distance(um.models[j].pos);
                assert!((a - b).abs() < 1e-3);
            }
        }
    }
    // The lead wheels round the corner; the others are still on the first leg. Straddling a
    // square corner it cuts across, and the unit behind is told it crowds it.
    assert!(close(unit_move(&pv, ids[0]).front, Point::new(32.0, 24.0)));
    assert!(
        pv.warnings
            .iter()
            .any(|w| matches!(w, Warning::Crowded { unit, .. } if *unit == ids[1])),
        "{:?}",
        pv.warnings
    );
    assert!(unit_move(&pv, ids[0]).facing_deg > 30.0);
    assert!(close(
        unit_move(&pv, ids[1]).front,
        Point::new(30.0, 28.0 + d + 1.0 - 6.0)
    ));
    assert_eq!(unit_move(&pv, ids[1]).facing_deg, 0.0);
    // Next turn, straight on: east along the new heading, and the second unit turns the same
    // corner the lead turned.
    let s1 = commit(&t.s, &pv);
    let pv = preview(&s1, col, mv(6.0)).expect("preview");
    assert_eq!(pv.route_kind, RouteKind::StraightOn);
    assert!(close(unit_move(&pv, ids[0]).front, Point::new(38.0, 24.0)));
    assert!((unit_move(&pv, ids[0]).facing_deg - 90.0).abs() < 1e-3);
    let second = unit_move(&pv, ids[1]);
    assert!((second.along_route_in - (s0[1] + 12.0)).abs() < 1e-3);
    assert!(close(
        second.front,
        Point::new(30.0 + (s0[1] + 12.0 - 24.0), 24.0)
    ));
    assert!(pv.column_break.is_none(), "{:?}", pv.column_break);
    assert!(pv.legal);
}

#[test]
fn r1_off_table_units_enter_at_the_entry_point() {
    let mut t = table();
    let (col, ids) = column(&mut t, 30.0, &[(6, 2), (6, 2), (6, 2)], 1, 5.0, 1.0);
    let d = depth(6, 2);
    // The second unit waits 1" behind the lead's rear, the third 1" behind it.
    let pv = preview(&t.s, col, mv(2.0)).expect("preview");
    assert!(pv.entering.is_empty(), "not yet room: {:?}", pv.entering);
    assert_eq!(unit_move(&pv, ids[1]).to, UnitEnd::OffTable);
    let pv = preview(&t.s, col, mv(3.0)).expect("preview");
    assert_eq!(pv.entering, vec![ids[1]]);
    let second = unit_move(&pv, ids[1]);
    assert_eq!(
        (second.from, second.to),
        (UnitEnd::OffTable, UnitEnd::Table)
    );
    // It comes on at the entry point, drawn up two abreast, facing the entry heading.
    let expect_front = 5.0 - d - 1.0 + 3.0;
    assert!(close(second.front, Point::new(30.0, 48.0 - expect_front)));
    assert_eq!(second.facing_deg, 0.0);
    assert!(
        second
            .models
            .iter()
            .all(|m| (m.pos.x - 30.0).abs() < 0.6 && m.pos.y < 47.5)
    );
    assert_eq!(unit_move(&pv, ids[2]).to, UnitEnd::OffTable);
    let s1 = commit(&t.s, &pv);
    assert!(
        crate::rules::check::check(&s1)
            .iter()
            .all(|p| p.severity != crate::rules::check::Severity::Error)
    );
    assert_eq!(s1.unit(ids[1]).expect("unit").position, Position::Table);
    // A column with nobody on the table yet: the lead comes on first.
    let mut t = table();
    let (col, ids) = column(&mut t, 20.0, &[(4, 2), (4, 2)], 0, 0.0, 1.0);
    let pv = preview(&t.s, col, mv(1.0)).expect("preview");
    assert!(pv.entering.is_empty());
    let pv = preview(&t.s, col, mv(6.0)).expect("preview");
    assert!(close(unit_move(&pv, ids[0]).front, Point::new(20.0, 42.0)));
    // Four figures two abreast are 2.1" deep: after 6" both have room.
    assert_eq!(pv.entering, vec![ids[0], ids[1]]);
}

#[test]
fn r1_units_leaving_the_table_are_exited_and_the_rest_march_on() {
    let mut t = table();
    let (col, ids) = column(&mut t, 30.0, &[(6, 2), (6, 2)], 2, 46.0, 1.0);
    t.s.unit_mut(ids[1]).expect("second").stats.discipline = 5;
    let pv = preview(&t.s, col, mv(3.0)).expect("preview");
    assert_eq!(pv.exiting, vec![ids[0]]);
    assert_eq!(unit_move(&pv, ids[0]).to, UnitEnd::Exited);
    assert_eq!(unit_move(&pv, ids[1]).to, UnitEnd::Table);
    let s1 = commit(&t.s, &pv);
    assert_eq!(s1.unit(ids[0]).expect("lead").position, Position::Exited);
    // Next turn the second unit leads, is tested, and follows the route off the table.
    let pv = preview(&s1, col, mv(6.0)).expect("preview");
    assert_eq!(pv.lead, ids[1]);
    assert_eq!(pv.order_test.discipline, 5);
    assert_eq!(pv.route_kind, RouteKind::FollowsRoute);
    assert_eq!(pv.exiting, vec![ids[1]]);
    let s2 = commit(&s1, &pv);
    assert!(matches!(
        preview(&s2, col, mv(1.0)),
        Err(ColumnError::NoUnits(_))
    ));
}

#[test]
fn r1_column_may_not_pass_through_another_unit() {
    let mut t = table();
    let (col, ids) = column(&mut t, 30.0, &[(6, 2), (6, 2)], 2, 20.0, 1.0);
    let friend = unit(&mut t.s, t.blue, "Friend", 1, 6, 7);
    form(&mut t.s, friend, Point::new(30.5, 24.0), 90.0, 1);
    t.s.unit_mut(friend).expect("friend").position = Position::Table;
    let pv = preview(&t.s, col, mv(6.0)).expect("preview");
    assert!(!pv.legal);
    assert!(pv.illegal.iter().any(|i| matches!(i,
        Illegal::PassesThrough { unit, other, .. } if *unit == ids[0] && *other == friend)));
    assert!(pv.outcome(&t.s).is_err());
    // Beside the route is fine.
    form(&mut t.s, friend, Point::new(33.0, 24.0), 90.0, 1);
    assert!(preview(&t.s, col, mv(6.0)).expect("preview").legal);
    // Nor may another unit pass through the column: see
    // `r1_other_units_go_round_a_formed_column_not_through_it`.
}

#[test]
fn r1_failed_order_repeats_last_successful_action() {
    let mut t = table();
    let (col, ids) = column(&mut t, 30.0, &[(6, 2), (6, 2)], 2, 20.0, 1.0);
    t.s.unit_mut(ids[0]).expect("lead").stats.mv = 5;
    let c =
        t.s.columns
            .iter_mut()
            .find(|c| c.id == col)
            .expect("column");
    c.last_action = Some(ColumnAction::StandTo);
    let pv = preview(&t.s, col, Activation::Failed).expect("preview");
    assert_eq!(pv.movement, Movement::StandTo);
    assert!(pv.failed_order);
    let c =
        t.s.columns
            .iter_mut()
            .find(|c| c.id == col)
            .expect("column");
    c.last_action = Some(ColumnAction::Move {
        distance_in: 2.0,
        route: vec![],
    });
    // A move becomes the lead's full allowance, straight on over open ground.
    let pv = preview(&t.s, col, Activation::Failed).expect("preview");
    assert_eq!((pv.movement, pv.moved_in), (Movement::Move, 5.0));
    assert_eq!(pv.route_kind, RouteKind::StraightOn);
    assert!(close(unit_move(&pv, ids[0]).front, Point::new(30.0, 23.0)));
    // The repeat does not change the last successful action.
    let s1 = commit(&t.s, &pv);
    assert_eq!(
        s1.column(col).expect("column").last_action,
        t.s.column(col).expect("column").last_action
    );
    // At the start of a game the column is taken to be moving on.
    let c =
        t.s.columns
            .iter_mut()
            .find(|c| c.id == col)
            .expect("column");
    c.last_action = None;
    assert_eq!(
        preview(&t.s, col, Activation::Failed)
            .expect("preview")
            .moved_in,
        5.0
    );
}

#[test]
fn r1_failed_order_follows_the_road() {
    let mut t = table();
    let road = terrain(&mut t.s, "Road", TerrainKind::Road, |_| {});
    let track = piece(
        &mut t.s,
        "The road",
        road,
        PieceShape::Polyline {
            points: pts(&[(30.0, 48.0), (30.0, 30.0), (40.0, 20.0), (40.0, 0.0)]),
            width_in: 2.0,
        },
    );
    let (col, ids) = column(&mut t, 30.0, &[(6, 2), (6, 2)], 2, 15.0, 1.0);
    let pv = preview(&t.s, col, Activation::Failed).expect("preview");
    assert_eq!(
        pv.route_kind,
        RouteKind::Road {
            piece: track,
            name: "The road".into()
        }
    );
    assert!((pv.moved_in - 6.0).abs() < 1e-4);
    // 3" up to the bend, then 3" along the diagonal.
    let end = Point::new(30.0, 30.0) + Point::new(1.0, -1.0).normalize() * 3.0;
    assert!(
        close(*pv.route.last().expect("route"), end),
        "{:?}",
        pv.route
    );
    assert!(close(unit_move(&pv, ids[0]).front, end));
    // Off the road it would have gone straight on.
    let (col2, ids2) = column(&mut t, 10.0, &[(6, 2)], 1, 15.0, 1.0);
    let pv = preview(&t.s, col2, Activation::Failed).expect("preview");
    assert_eq!(pv.route_kind, RouteKind::StraightOn);
    assert!(close(unit_move(&pv, ids2[0]).front, Point::new(10.0, 27.0)));
}

#[test]
fn r1_failed_order_detours_around_difficult_terrain() {
    let mut t = table();
    let wood = terrain(&mut t.s, "Wood", TerrainKind::Area, |t| t.difficult = true);
    let square = pts(&[(28.0, 20.0), (32.0, 20.0), (32.0, 24.0), (28.0, 24.0)]);
    let wood_piece = piece(&mut t.s, "Copse", wood, PieceShape::Polygon(square));
    let (col, ids) = column(&mut t, 30.0, &[(6, 2), (6, 2)], 2, 20.0, 1.0);
    let pv = preview(&t.s, col, Activation::Failed).expect("preview");
    match &pv.route_kind {
        RouteKind::Detour { around } => assert_eq!(around[0].id, wood_piece.0),
        other => panic!("{other:?}"),
    }
    assert!((pv.moved_in - 6.0).abs() < 1e-4);
    let len = track::polyline_length(&pv.route);
    assert!((len - 6.0).abs() < 1e-3, "the full allowance: {len}");
    // No leg of the route enters the wood (shrunk a hair: the path may graze its edge).
    let inner = pts(&[
        (28.05, 20.05),
        (31.95, 20.05),
        (31.95, 23.95),
        (28.05, 23.95),
    ]);
    for w in pv.route.windows(2) {
        assert!(!segment_hits_polygon(w[0], w[1], &inner), "{:?}", pv.route);
    }
    assert!(!point_in_polygon(unit_move(&pv, ids[0]).front, &inner));
    // Ordered straight on, the column goes through: only a failed order detours.
    let pv = preview(&t.s, col, mv(6.0)).expect("preview");
    assert_eq!(pv.route_kind, RouteKind::StraightOn);
    assert!(close(unit_move(&pv, ids[0]).front, Point::new(30.0, 22.0)));
}

/// 000: a failed order moves the column "avoiding areas of difficult terrain and obstacles if
/// possible". A figure is in terrain when its base's centre is (docs/rules.md), so the detour
/// keeps every figure of a 3-wide unit out of the bog, not only the column's centre line.
#[test]
fn r1_failed_order_detour_keeps_every_figure_out_of_difficult_ground() {
    let mut t = table();
    let bog = terrain(&mut t.s, "Bog", TerrainKind::Area, |t| t.difficult = true);
    let square = pts(&[(28.0, 20.0), (32.0, 20.0), (32.0, 24.0), (28.0, 24.0)]);
    let bog_piece = piece(
        &mut t.s,
        "Black bog",
        bog,
        PieceShape::Polygon(square.clone()),
    );
    let (col, ids) = column(&mut t, 30.0, &[(9, 3), (9, 3)], 2, 20.0, 1.0);
    let pv = preview(&t.s, col, Activation::Failed).expect("preview");
    match &pv.route_kind {
        RouteKind::Detour { around } => assert_eq!(around[0].id, bog_piece.0),
        other => panic!("{other:?}"),
    }
    for id in &ids {
        for m in &unit_move(&pv, *id).models {
            assert!(
                !point_in_polygon(m.pos, &square),
                "a figure of {id} ends in the bog at {:?}; route {:?}",
                m.pos,
                pv.route
            );
        }
    }
    // The lead still goes its full allowance.
    assert!((pv.moved_in - 6.0).abs() < 1e-4);
}

/// 000: "Units in a column may not pass through or be passed through by another unit". The
/// column's bases are obstacles to every other unit's path and reach, like impassable ground,
/// and a route round them is legal.
#[test]
fn r1_other_units_go_round_a_formed_column_not_through_it() {
    use crate::rules::reach::{self, Avoid, Board, Unreachable};
    let mut t = table();
    // A column of two 6-figure units 2 wide, half an inch apart, the lead's front 20" up
    // from the south edge at x = 30: it stands from y = 28 to about y = 35, x 28.95 to 31.05.
    let (col, ids) = column(&mut t, 30.0, &[(6, 2), (6, 2)], 2, 20.0, 0.5);
    let friend = unit(&mut t.s, t.blue, "Friend", 1, 12, 7);
    form(&mut t.s, friend, Point::new(25.0, 29.0), 90.0, 1);
    t.s.unit_mut(friend).expect("friend").position = Position::Table;
    let f = t.s.unit(friend).expect("friend").models[0];
    let board = Board::new(&t.s, t.blue, reach::mover_radius(&f));
    // Straight east (10") runs through the column's lead; the path goes round its head
    // instead, legal within the allowance.
    let goal = Point::new(f.pos.x + 10.0, f.pos.y);
    let path = reach::path_to(&board, f.pos, goal, 12.0, Avoid::standard()).expect("round");
    assert!(path.length > 10.3 && path.length <= 12.0, "{}", path.length);
    let column_feet: Vec<crate::geom::Footprint> = ids
        .iter()
        .flat_map(|id| {
            t.s.unit(*id)
                .expect("unit")
                .models
                .iter()
                .map(Model::footprint)
        })
        .collect();
    for w in path.points.windows(2) {
        for k in 0..=20 {
            let p = w[0].lerp(w[1], k as f32 / 20.0);
            let me = Model { pos: p, ..f }.footprint();
            assert!(
                column_feet.iter().all(|c| me.separation(c) > -0.02),
                "passes through the column at {p:?}"
            );
        }
    }
    // With the straight distance as allowance the place beyond is out of reach, and the
    // ground under the column's bases is never in the reach region.
    assert!(matches!(
        reach::path_to(&board, f.pos, goal, 10.2, Avoid::standard()),
        Err(Unreachable::TooFar { .. })
    ));
    let region = reach::region(&board, f.pos, 8.0, Avoid::standard());
    for fp in &column_feet {
        assert!(!region.contains(fp.centre()), "{:?}", fp.centre());
    }
    assert!(matches!(
        reach::path_to(
            &board,
            f.pos,
            column_feet[0].centre(),
            12.0,
            Avoid::standard()
        ),
        Err(Unreachable::Blocked(reach::Blocker::Column(..)))
    ));
    // The column's own bases are not in its own way.
    let own = Board::for_column(
        &t.s,
        t.s.column(col).expect("column"),
        reach::mover_radius(&f),
    );
    assert!(reach::path_to(&own, f.pos, goal, 10.2, Avoid::standard()).is_ok());
}

#[test]
fn r1_failed_order_crossing_an_obstacle_is_likely_to_break() {
    let mut t = table();
    let wall = terrain(&mut t.s, "Wall", TerrainKind::Linear, |_| {});
    let wall_piece = piece(
        &mut t.s,
        "Long wall",
        wall,
        PieceShape::Polyline {
            points: pts(&[(0.0, 25.0), (72.0, 25.0)]),
            width_in: 0.5,
        },
    );
    let (col, ids) = column(&mut t, 30.0, &[(6, 2), (6, 2), (6, 2)], 2, 20.0, 1.0);
    let pv = preview(&t.s, col, Activation::Failed).expect("preview");
    assert!(
        matches!(&pv.route_kind, RouteKind::NoDetour { through } if through[0].id == wall_piece.0)
    );
    let warning = pv
        .warnings
        .iter()
        .find_map(|w| match w {
            Warning::LikelyToBreak {
                piece,
                units,
                pin_tests,
                ..
            } => Some((*piece, units.clone(), pin_tests.clone())),
            _ => None,
        })
        .expect("likely to break");
    assert_eq!(warning.0, wall_piece);
    assert_eq!(warning.1, vec![ids[0]]);
    assert_eq!(warning.2.len(), 3, "every unit would take a pin test");
    // Queued right behind, the third unit comes on with this move: it tests on the table.
    assert!(pv.entering.contains(&ids[2]) && !warning.2[2].off_table);
    // Likely, not certain: the column is still formed after the move.
    assert!(pv.column_break.is_none());
    // An order that passes crosses it without the flag.
    let pv = preview(&t.s, col, mv(6.0)).expect("preview");
    assert!(pv.warnings.is_empty(), "{:?}", pv.warnings);
}

#[test]
fn r1_gap_over_two_inches_breaks_with_pin_tests() {
    let mut t = table();
    let (col, ids) = column(
        &mut t,
        30.0,
        &[(6, 2), (6, 2), (6, 2), (6, 2)],
        3,
        20.0,
        1.0,
    );
    // Open a 2.5" gap behind the lead.
    let shift = 1.5;
    for m in &mut t.s.unit_mut(ids[1]).expect("unit").models {
        m.pos.y += shift;
    }
    for m in &mut t.s.unit_mut(ids[2]).expect("unit").models {
        m.pos.y += shift;
    }
    let b = break_now(&t.s, col).expect("column").expect("breaks");
    assert_eq!(b.when, BreakWhen::Now);
    assert!(matches!(&b.causes[..],
        [BreakCause::Gap { ahead, unit, gap_in, .. }] if *ahead == ids[0] && *unit == ids[1] && (gap_in - 2.5).abs() < 1e-3));
    let tested: Vec<UnitId> = b.pin_tests.iter().map(|p| p.unit).collect();
    assert_eq!(tested, ids, "every unit of the column, off table too");
    assert!(b.pin_tests[3].off_table);
    let pv = preview(&t.s, col, mv(6.0)).expect("preview");
    assert_eq!(pv.movement, Movement::Break);
    assert_eq!(pv.moved_in, 0.0);
    let s1 = commit(&t.s, &pv);
    assert_eq!(s1.column(col).expect("column").state, ColumnState::Broken);
    assert!(
        b.to_string()
            .contains("pin tests for U0, U1, U2, U3 (off table)")
    );
    // 2" exactly holds.
    for m in &mut t.s.unit_mut(ids[1]).expect("unit").models {
        m.pos.y -= 0.5;
    }
    for m in &mut t.s.unit_mut(ids[2]).expect("unit").models {
        m.pos.y -= 0.5;
    }
    assert!(break_now(&t.s, col).expect("column").is_none());
}

#[test]
fn r1_unit_charged_in_melee_breaks_with_pin_tests_for_the_others() {
    let mut t = table();
    let (col, ids) = column(&mut t, 30.0, &[(6, 2), (6, 2), (6, 2)], 3, 20.0, 1.0);
    t.s.unit_mut(ids[1]).expect("unit").state.charged = true;
    let b = break_now(&t.s, col).expect("column").expect("breaks");
    assert!(matches!(&b.causes[..], [BreakCause::Charged { unit, .. }] if *unit == ids[1]));
    let tested: Vec<UnitId> = b.pin_tests.iter().map(|p| p.unit).collect();
    assert_eq!(tested, vec![ids[0], ids[2]]);
}

#[test]
fn r1_pinned_unit_breaks_with_pin_tests() {
    let mut t = table();
    let (col, ids) = column(&mut t, 30.0, &[(6, 2), (6, 2), (6, 2)], 2, 20.0, 1.0);
    t.s.unit_mut(ids[0]).expect("unit").state.pinned = true;
    let b = break_now(&t.s, col).expect("column").expect("breaks");
    assert!(matches!(&b.causes[..], [BreakCause::Pinned { unit, .. }] if *unit == ids[0]));
    let tested: Vec<UnitId> = b.pin_tests.iter().map(|p| p.unit).collect();
    assert_eq!(
        tested,
        vec![ids[1], ids[2]],
        "the pinned unit needs no test"
    );
    let pv = preview(&t.s, col, Activation::Failed).expect("preview");
    assert_eq!(pv.movement, Movement::Break);
    assert_eq!(pv.column_break.as_ref().map(|b| b.pin_tests.len()), Some(2));
}

#[test]
fn r1_voluntary_break_no_pin_tests() {
    let mut t = table();
    let (col, ids) = column(&mut t, 30.0, &[(6, 2), (6, 2), (6, 2)], 2, 20.0, 1.0);
    t.s.unit_mut(ids[1]).expect("unit").stats.discipline = 8;
    let vb = voluntary_break(&t.s, col, ids[1]).expect("may try");
    assert_eq!(vb.test.unit, ids[1]);
    assert_eq!(vb.test.p_pass, Prob::ratio(15, 36));
    assert!(vb.pin_tests.is_empty());
    let edits = outcome::column(vb.outcome_on_pass(&t.s));
    assert!(matches!(&edits[..], [Edit::PutColumn(c)] if c.state == ColumnState::Broken));
    // Failing, the column stays formed and repeats its last action.
    assert!(vb.on_fail.failed_order);
    assert_eq!(vb.on_fail.movement, Movement::Move);
    assert!(vb.on_fail.column_break.is_none());
    assert!(
        outcome::column(vb.on_fail.outcome(&t.s).expect("legal"))
            .iter()
            .all(|e| !matches!(e, Edit::PutColumn(c) if c.state == ColumnState::Broken))
    );
    assert!(matches!(
        voluntary_break(&t.s, col, ids[2]),
        Err(ColumnError::NotOnTable(_))
    ));
}

#[test]
fn r1_broken_column_never_reforms() {
    let mut t = table();
    let (col, ids) = column(&mut t, 30.0, &[(6, 2), (6, 2)], 2, 20.0, 1.0);
    t.s.unit_mut(ids[1]).expect("unit").state.pinned = true;
    let pv = preview(&t.s, col, mv(3.0)).expect("preview");
    let mut s1 = commit(&t.s, &pv);
    // The pin lifts and the units still stand in a perfect column: it stays broken.
    s1.unit_mut(ids[1]).expect("unit").state.pinned = false;
    assert_eq!(s1.column(col).expect("column").state, ColumnState::Broken);
    assert!(matches!(
        preview(&s1, col, mv(3.0)),
        Err(ColumnError::Broken(_))
    ));
    assert!(matches!(
        preview(&s1, col, Activation::Failed),
        Err(ColumnError::Broken(_))
    ));
    assert_eq!(break_now(&s1, col).expect("column"), None);
    assert!(attack_on(&s1, ids[0]).is_none(), "no longer in column");
    assert!(matches!(
        voluntary_break(&s1, col, ids[0]),
        Err(ColumnError::Broken(_))
    ));
}

#[test]
fn r1_after_a_break_one_unit_per_turn_enters_at_the_entry_point() {
    let mut t = table();
    let (col, ids) = column(
        &mut t,
        30.0,
        &[(6, 2), (6, 2), (12, 3), (6, 2)],
        2,
        20.0,
        1.0,
    );
    t.s.unit_mut(ids[2]).expect("unit").stats.discipline = 6;
    assert!(matches!(
        entry(&t.s, col, None, None),
        Err(ColumnError::NotBroken(_))
    ));
    t.s.columns[0].state = ColumnState::Broken;
    let e = entry(&t.s, col, None, None).expect("entry");
    assert_eq!(e.unit, ids[2]);
    let candidates: Vec<UnitId> = e.candidates.iter().map(|c| c.unit).collect();
    assert_eq!(candidates, vec![ids[2], ids[3]]);
    assert_eq!(e.test.p_pass, Prob::ratio(26, 36));
    // In ranks three wide, at the entry point, facing in, its front 6" (its Mv) in.
    assert!(close(e.front, Point::new(30.0, 42.0)));
    assert_eq!(e.facing_deg, 0.0);
    assert!(
        e.models
            .iter()
            .all(|m| m.pos.y < 47.5 && (m.pos.x - 30.0).abs() < 1.2)
    );
    let s1 = {
        let mut doc = Document::new(t.s.clone(), None);
        doc.apply("enter", outcome::column(e.outcome(&t.s).expect("legal")))
            .expect("apply");
        doc.scenario().clone()
    };
    assert_eq!(s1.unit(ids[2]).expect("unit").position, Position::Table);
    // A unit deeper than its move is placed with its rear on the edge.
    let e = entry(&t.s, col, Some(ids[3]), Some(1.0)).expect("entry");
    assert!(close(e.front, Point::new(30.0, 48.0 - depth(6, 2) - 1e-3)));
    assert!(matches!(
        entry(&t.s, col, None, Some(7.0)),
        Err(ColumnError::BeyondAllowance { .. })
    ));
    // Something standing on the entry point blocks it.
    let blocker = unit(&mut t.s, t.red, "Ambush", 1, 6, 7);
    form(&mut t.s, blocker, Point::new(30.0, 45.0), 180.0, 1);
    t.s.unit_mut(blocker).expect("unit").position = Position::Table;
    let e = entry(&t.s, col, None, None).expect("entry");
    assert!(!e.legal);
}

#[test]
fn r1_column_fire_plus_one_melee_half_figures() {
    let mut t = table();
    let (col, ids) = column(&mut t, 30.0, &[(13, 3), (7, 2), (1, 1)], 2, 20.0, 1.0);
    let c = attack_on(&t.s, ids[0]).expect("in column");
    assert_eq!((c.fire_modifier, c.figures, c.melee_figures), (1, 13, 6));
    let tested: Vec<UnitId> = c.melee_pin_tests.iter().map(|p| p.unit).collect();
    assert_eq!(tested, vec![ids[1], ids[2]]);
    assert_eq!(attack_on(&t.s, ids[1]).expect("in column").melee_figures, 3);
    assert!(
        attack_on(&t.s, ids[2]).is_none(),
        "off table, not attackable"
    );
    let loner = unit(&mut t.s, t.blue, "Loner", 6, 6, 7);
    assert!(attack_on(&t.s, loner).is_none());
    assert_eq!(combat::melee_figures(1), 0);
    assert!(c.to_string().contains("+1 firing value"));
    assert!(c.to_string().contains("6 of its 13 figures"));
    // The preview lists them for the units on table after the move: the third, queued right
    // behind, comes on with it.
    let pv = preview(&t.s, col, Activation::Ordered(Order::StandTo)).expect("preview");
    let listed: Vec<UnitId> = pv.combat.iter().map(|c| c.unit).collect();
    assert_eq!(listed, vec![ids[0], ids[1]]);
    let pv = preview(&t.s, col, mv(2.0)).expect("preview");
    assert_eq!(pv.entering, vec![ids[2]]);
    let listed: Vec<UnitId> = pv.combat.iter().map(|c| c.unit).collect();
    assert_eq!(listed, ids);
}

#[test]
fn r1_commit_is_one_undoable_step() {
    let mut t = table();
    let (col, _) = column(&mut t, 30.0, &[(6, 2), (6, 2), (6, 2)], 2, 10.0, 1.0);
    let pv = preview(&t.s, col, mv(6.0)).expect("preview");
    let edits = outcome::column(pv.outcome(&t.s).expect("legal"));
    assert!(edits.iter().any(|e| matches!(e, Edit::PutColumn(_))));
    let mut doc = Document::new(t.s.clone(), None);
    doc.apply("column move", edits).expect("apply");
    assert_ne!(doc.scenario(), &t.s);
    assert!(doc.scenario().validate().is_empty());
    let after = doc.scenario().clone();
    assert_eq!(doc.undo().as_deref(), Some("column move"));
    assert_eq!(doc.scenario(), &t.s);
    doc.redo();
    assert_eq!(doc.scenario(), &after);
    // The route grows by the lead's move and the last action is recorded.
    let c = after.column(col).expect("column");
    assert!(close(
        *c.route.last().expect("route"),
        Point::new(30.0, 32.0)
    ));
    assert!(
        matches!(&c.last_action, Some(ColumnAction::Move { distance_in, .. }) if *distance_in == 6.0)
    );
}

#[test]
fn r1_put_column_apply_then_undo_restores() {
    let mut t = table();
    let (col, _) = column(&mut t, 30.0, &[(6, 2)], 1, 10.0, 1.0);
    let mut c = t.s.column(col).expect("column").clone();
    c.state = ColumnState::Broken;
    c.name = "Renamed".into();
    let mut doc = Document::new(t.s.clone(), None);
    doc.apply("put column", vec![Edit::PutColumn(Box::new(c.clone()))])
        .expect("apply");
    assert_eq!(doc.scenario().column(col), Some(&c));
    doc.undo();
    assert_eq!(doc.scenario(), &t.s);
}

#[test]
fn r1_route_shorter_than_the_distance_stops_at_its_end() {
    let mut t = table();
    let (col, ids) = column(&mut t, 30.0, &[(6, 2)], 1, 20.0, 1.0);
    let pv = preview(&t.s, col, mv_along(6.0, &[(30.0, 25.0)])).expect("preview");
    assert!((pv.moved_in - 3.0).abs() < 1e-4);
    assert!(
        pv.warnings
            .iter()
            .any(|w| matches!(w, Warning::RouteShort { .. }))
    );
    assert!(close(unit_move(&pv, ids[0]).front, Point::new(30.0, 25.0)));
}

#[test]
fn r1_route_into_impassable_terrain_is_illegal() {
    let mut t = table();
    let lake = terrain(&mut t.s, "Lake", TerrainKind::Area, |t| t.impassable = true);
    piece(
        &mut t.s,
        "Mere",
        lake,
        PieceShape::Polygon(pts(&[
            (26.0, 20.0),
            (34.0, 20.0),
            (34.0, 24.0),
            (26.0, 24.0),
        ])),
    );
    let (col, _) = column(&mut t, 30.0, &[(6, 2)], 1, 20.0, 1.0);
    let pv = preview(&t.s, col, mv(6.0)).expect("preview");
    assert!(matches!(&pv.illegal[..], [Illegal::Impassable { name, .. }] if name == "Mere"));
    // A failed order walks round it (impassable ground is never crossed).
    let pv = preview(&t.s, col, Activation::Failed).expect("preview");
    assert!(pv.legal, "{:?}", pv.illegal);
}

#[test]
fn r1_previews_are_deterministic_and_leave_the_scenario_unchanged() {
    let mut t = table();
    let wood = terrain(&mut t.s, "Wood", TerrainKind::Area, |t| t.difficult = true);
    piece(
        &mut t.s,
        "Copse",
        wood,
        PieceShape::Polygon(pts(&[
            (28.0, 20.0),
            (32.0, 20.0),
            (32.0, 24.0),
            (28.0, 24.0),
        ])),
    );
    let (col, ids) = column(&mut t, 30.0, &[(6, 2), (12, 3), (16, 4)], 2, 20.0, 1.0);
    let before = t.s.clone();
    for act in [
        mv(6.0),
        Activation::Failed,
        Activation::Ordered(Order::StandTo),
    ] {
        let a = preview(&t.s, col, act.clone()).expect("preview");
        let b = preview(&t.s, col, act).expect("preview");
        assert_eq!(a, b);
        let ja = serde_json::to_string(&a).expect("json");
        assert_eq!(ja, serde_json::to_string(&b).expect("json"));
    }
    let _ = voluntary_break(&t.s, col, ids[0]).expect("voluntary");
    let _ = attack_on(&t.s, ids[0]);
    assert_eq!(t.s, before);
}
