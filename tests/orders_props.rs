//! Properties of R3 previews on random small tables: every legal destination is within the
//! allowance along a real path that keeps the 2" clearance from enemies (checked with the exact
//! path search), the proposed-destination check agrees with the regions, orderly landing
//! regions stay within their radius off blocked ground, and previews are deterministic and
//! leave the scenario unchanged.

use proptest::prelude::*;
use sandtable::geom::Point;
use sandtable::model::*;
use sandtable::rules::orders::{self, Action, Area, ModelMode, OrderRequest, OrdersPreview};
use sandtable::rules::reach::{self, Avoid, Board, Prepared};

#[derive(Clone, Debug)]
struct Layout {
    wood: (f32, f32),
    hedge: (f32, f32, f32),
    hill: (f32, f32),
    pond: (f32, f32),
    enemy: (f32, f32),
    unit: (f32, f32),
    spread: Vec<(f32, f32)>,
    action: usize,
}

fn layout() -> impl Strategy<Value = Layout> {
    let xy = || (4.0f32..32.0, 4.0f32..32.0);
    (
        (xy(), (2.0f32..30.0, 2.0f32..30.0, 4.0f32..14.0), xy(), xy()),
        (xy(), xy()),
        prop::collection::vec((-9.0f32..9.0, -9.0f32..9.0), 0..5),
        0usize..5,
    )
        .prop_map(
            |((wood, hedge, hill, pond), (enemy, unit), spread, action)| Layout {
                wood,
                hedge,
                hill,
                pond,
                enemy,
                unit,
                spread,
                action,
            },
        )
}

const ACTIONS: [Action; 5] = [
    Action::OpenFire,
    Action::Advance,
    Action::Rally,
    Action::AtTheDouble,
    Action::FallBack,
];

fn terrain(
    s: &mut Scenario,
    name: &str,
    kind: TerrainKind,
    f: impl Fn(&mut TerrainType),
) -> TerrainId {
    let id = TerrainId(s.alloc());
    let mut t = TerrainType::open(id, name, Colour::rgb(80, 120, 60));
    t.kind = kind;
    f(&mut t);
    s.terrain_types.push(t);
    id
}

fn square(c: (f32, f32), half: f32) -> PieceShape {
    PieceShape::Polygon(vec![
        Point::new(c.0 - half, c.1 - half),
        Point::new(c.0 + half, c.1 - half),
        Point::new(c.0 + half, c.1 + half),
        Point::new(c.0 - half, c.1 + half),
    ])
}

fn add_piece(s: &mut Scenario, name: &str, terrain: TerrainId, shape: PieceShape) {
    let id = PieceId(s.alloc());
    s.pieces.push(TerrainPiece {
        id,
        name: name.into(),
        terrain,
        shape,
    });
}

fn add_unit(s: &mut Scenario, side: SideId, name: &str, points: &[Point]) -> UnitId {
    let id = UnitId(s.alloc());
    let models: Vec<Model> = points
        .iter()
        .map(|p| Model {
            id: ModelId(s.alloc()),
            base: Base::Round { diameter_mm: 25.0 },
            pos: *p,
            facing_deg: 0.0,
        })
        .collect();
    let n = models.len() as u16;
    s.units.push(Unit {
        stats: Stats {
            mv: 6,
            ld: 7,
            rof: 2,
            aw: 18,
            ev: 3,
            to: 3,
            ..Stats::default()
        },
        strength: Strength::full(n),
        position: Position::Table,
        leader_model: models.first().map(|m| m.id),
        models,
        ..Unit::new(id, name, side, UnitKind::Infantry)
    });
    id
}

/// A 36" table with a wood, a hedge, a bare hill, a pond, an enemy pair and our unit.
fn build(l: &Layout) -> (Scenario, UnitId) {
    let mut s = Scenario::new_table("props");
    s.map = Map::Table(TableMap {
        width_in: 36.0,
        height_in: 36.0,
    });
    s.rules = RuleOptions::new(Ruleset::Orders);
    let (blue, red) = (s.sides[0].id, s.sides[1].id);
    let woods = terrain(&mut s, "Woods", TerrainKind::Area, |t| {
        t.difficult = true;
        t.blocks_sight = true;
        t.conceals = true;
    });
    add_piece(&mut s, "Wood", woods, square(l.wood, 3.0));
    let hedges = terrain(&mut s, "Hedge", TerrainKind::Linear, |t| {
        t.blocks_sight = true
    });
    add_piece(
        &mut s,
        "Hedge",
        hedges,
        PieceShape::Polyline {
            points: vec![
                Point::new(l.hedge.0, l.hedge.1),
                Point::new(l.hedge.0 + l.hedge.2, l.hedge.1 + 1.0),
            ],
            width_in: 0.5,
        },
    );
    let hills = terrain(&mut s, "Bare hill", TerrainKind::Area, |t| {
        t.bare_hill = true
    });
    add_piece(&mut s, "Knoll", hills, square(l.hill, 4.0));
    let ponds = terrain(&mut s, "Pond", TerrainKind::Area, |t| t.impassable = true);
    add_piece(&mut s, "Pond", ponds, square(l.pond, 1.5));
    let e = Point::new(l.enemy.0, l.enemy.1);
    add_unit(&mut s, red, "Enemy", &[e, e + Point::new(1.5, 0.0)]);
    let start = Point::new(l.unit.0, l.unit.1);
    let mut pts = vec![start];
    for (dx, dy) in &l.spread {
        pts.push((start + Point::new(*dx, *dy)).clamp(Point::splat(1.0), Point::splat(35.0)));
    }
    let u = add_unit(&mut s, blue, "Ours", &pts);
    if ACTIONS[l.action] == Action::FallBack {
        let unit = s.unit_mut(u).expect("unit");
        unit.state.failed_ld_check = true;
        unit.strength.start = unit.strength.current * 3;
    }
    (s, u)
}

/// Up to `n` nodes inside an area, spread evenly over its lattice.
fn sample(a: &Area, n: usize) -> Vec<Point> {
    let inside: Vec<usize> = a
        .region
        .excess
        .iter()
        .enumerate()
        .filter(|(_, e)| **e <= 0.0)
        .map(|(i, _)| i)
        .collect();
    let stride = (inside.len() / n).max(1);
    inside
        .iter()
        .step_by(stride)
        .map(|&i| a.region.window.point(i))
        .collect()
}

/// A node inside a movement region is reachable along a legal path within the allowance
/// (under the disorderly cap: uncapped clear of terrain, or within the cap).
fn reachable(
    board: &Board,
    from: Point,
    to: Point,
    allowance: f32,
    cap: Option<(f32, Option<PieceId>)>,
) -> bool {
    const TOL: f32 = orders::MEASURE_TOLERANCE_IN;
    match cap {
        None => reach::path_to(board, from, to, allowance + TOL, Avoid::standard()).is_ok(),
        Some((cap, hill)) => {
            let avoid = Avoid {
                area: true,
                linear: true,
                except: hill,
                ..Avoid::standard()
            };
            reach::path_to(board, from, to, cap + TOL, Avoid::standard()).is_ok()
                || reach::path_to(board, from, to, allowance + TOL, avoid).is_ok()
        }
    }
}

fn check_regions(s: &Scenario, u: UnitId, pv: &OrdersPreview) -> Result<(), TestCaseError> {
    let unit = s.unit(u).expect("unit");
    let board = Board::new(s, unit.side, 25.0 / 25.4 / 2.0);
    let mut moving = Vec::new();
    if let Some(l) = &pv.leader
        && let Some(a) = &l.region
    {
        moving.push((l.from, l.allowance_in, l.cap.clone(), a, ModelMode::Leads));
    }
    for m in &pv.models {
        if let Some(a) = &m.region {
            moving.push((m.from, m.allowance_in, m.cap.clone(), a, m.mode));
        }
        if let Some(a) = &m.away {
            moving.push((m.from, m.allowance_in, None, a, m.mode));
        }
    }
    let fall_back_forced = pv
        .fall_back
        .as_ref()
        .is_some_and(|f| f.branch == orders::FallBackBranch::MustMove);
    for (from, allowance, cap, area, mode) in moving {
        // A model that starts within 2" of an enemy may move away through that zone.
        let clear = clear_start(&board, from);
        for q in sample(area, 12) {
            prop_assert!(!clear || clear_start(&board, q), "{q} is blocked");
            if mode == ModelMode::Placed {
                let leader = pv.leader.as_ref().expect("leader").end;
                prop_assert!(q.distance(leader) <= allowance + 1.0 + 0.01, "{q}");
                continue;
            }
            let cap = cap
                .as_ref()
                .map(|c| (c.cap_in, c.bare_hill.as_ref().map(|h| h.id)));
            let allowance = if fall_back_forced { 12.0 } else { allowance };
            prop_assert!(
                reachable(&board, from, q, allowance, cap),
                "{mode:?} from {from} to {q} within {allowance}"
            );
        }
    }
    Ok(())
}

/// Whether a point is legal ground for a model, clear of the 2" around enemies.
fn clear_start(board: &Board, start: Point) -> bool {
    Prepared::new(board, Point::new(-1000.0, -1000.0), Avoid::standard(), 0.0)
        .point_blocked(start)
        .is_none()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn every_legal_destination_is_reachable_along_a_legal_path(l in layout()) {
        let (s, u) = build(&l);
        let action = ACTIONS[l.action];
        let pv = orders::preview(&s, OrderRequest::new(u, action)).expect("preview");
        check_regions(&s, u, &pv)?;
    }

    #[test]
    fn the_destination_check_agrees_with_the_leader_region(
        mut l in layout(),
        pick in prop::sample::select(vec![Action::OpenFire, Action::Advance, Action::AtTheDouble]),
    ) {
        // The actions whose leader chooses a destination.
        l.action = ACTIONS.iter().position(|a| *a == pick).expect("an action");
        let (s, u) = build(&l);
        let action = ACTIONS[l.action];
        let pv = orders::preview(&s, OrderRequest::new(u, action)).expect("preview");
        let region = pv.leader.as_ref().and_then(|x| x.region.as_ref()).expect("region");
        for q in sample(region, 8) {
            let pv = orders::preview(&s, OrderRequest::new(u, action).to(q)).expect("preview");
            let d = pv.destination.as_ref().expect("checked");
            prop_assert!(d.legal, "{q}: {:?}", d.reason);
            let len = d.path.as_ref().expect("path").length_in;
            prop_assert!(len <= d.allowance_in + 0.01, "{q}: {len} > {}", d.allowance_in);
        }
    }

    #[test]
    fn previews_are_deterministic_and_leave_the_scenario_unchanged(l in layout()) {
        let (s, u) = build(&l);
        let before = s.clone();
        let action = ACTIONS[l.action];
        let to = Point::new(l.unit.0 + 3.0, l.unit.1 - 2.0);
        let a = orders::preview(&s, OrderRequest::new(u, action).to(to)).map(|p| serde_json::to_string(&p).expect("json"));
        let b = orders::preview(&s, OrderRequest::new(u, action).to(to)).map(|p| serde_json::to_string(&p).expect("json"));
        prop_assert_eq!(a, b);
        prop_assert_eq!(&s, &before);
    }
}
