//! Accuracy of the reach field and the exact path against analytic geodesics.

use super::*;
use crate::geom::Point;
use crate::model::*;

/// An empty 72 x 48 table with, optionally, one enemy model on a round base of
/// `enemy_base_mm`. Movers use 25.4 mm bases (radius 0.5").
pub(crate) fn table_with_enemy(enemy: Option<(Point, f32)>) -> (Scenario, SideId) {
    let mut s = Scenario::new_table("reach");
    let (blue, red) = (s.sides[0].id, s.sides[1].id);
    if let Some((pos, base)) = enemy {
        let id = UnitId(s.alloc());
        let mid = ModelId(s.alloc());
        s.units.push(Unit {
            position: Position::Table,
            models: vec![Model {
                id: mid,
                base: Base::Round { diameter_mm: base },
                pos,
                facing_deg: 0.0,
            }],
            leader_model: Some(mid),
            ..Unit::new(id, "Enemy", red, UnitKind::Infantry)
        });
    }
    (s, blue)
}

/// Adds a square piece of a new terrain type (`name`, set up by `kind`) centred at `c` with
/// half-side `half`.
fn add_square(
    s: &mut Scenario,
    name: &str,
    kind: impl Fn(&mut TerrainType),
    c: Point,
    half: f32,
) -> PieceId {
    let terrain = TerrainId(s.alloc());
    let mut t = TerrainType::open(terrain, name, Colour::rgb(0, 0, 200));
    kind(&mut t);
    s.terrain_types.push(t);
    let id = PieceId(s.alloc());
    s.pieces.push(TerrainPiece {
        id,
        name: name.into(),
        terrain,
        shape: PieceShape::Polygon(vec![
            c + Point::new(-half, -half),
            c + Point::new(half, -half),
            c + Point::new(half, half),
            c + Point::new(-half, half),
        ]),
    });
    id
}

/// Shortest distance from `s` to `p` around a disk of radius `r` at `c` (config space).
pub(crate) fn geodesic_around_disk(s: Point, p: Point, c: Point, r: f32) -> f32 {
    let (ds, dp) = (s.distance(c), p.distance(c));
    if crate::geom::point_segment_distance(c, s, p) >= r {
        return s.distance(p);
    }
    let angle = (s - c).angle_to(p - c).abs();
    let arc = angle - (r / ds).acos() - (r / dp).acos();
    (ds * ds - r * r).sqrt() + (dp * dp - r * r).sqrt() + r * arc.max(0.0)
}

#[test]
fn open_ground_boundary_is_a_circle_within_a_tenth_of_an_inch() {
    let (s, blue) = table_with_enemy(None);
    let board = Board::new(&s, blue, 0.5);
    let start = Point::new(36.0, 24.0);
    let region = region(&board, start, 12.0, Avoid::standard());
    let outline = region.outline();
    assert_eq!(outline.len(), 1, "one closed boundary");
    let mut worst: f32 = 0.0;
    for p in &outline[0] {
        worst = worst.max((p.distance(start) - 12.0).abs());
    }
    assert!(worst < 0.1, "worst deviation {worst}");
    // In fact it is far better: the lattice samples exact Euclidean distances.
    assert!(worst < 0.01, "worst deviation {worst}");
    let area = region.area();
    let exact = std::f32::consts::PI * 144.0;
    assert!(
        (area - exact).abs() / exact < 0.01,
        "area {area} vs {exact}"
    );
}

/// A reach region reports its real area, the area of the region drawn: a 6" move on open
/// ground is a 6" disc, 113.1 sq in, not the 110.25 of its inside lattice nodes counted.
#[test]
fn region_area_is_the_area_drawn_not_a_count_of_lattice_nodes() {
    let (s, blue) = table_with_enemy(None);
    let board = Board::new(&s, blue, 0.5);
    // Off the lattice and on it: the answer must not depend on where the start falls.
    for start in [Point::new(36.0, 24.0), Point::new(36.27, 24.13)] {
        let area = region(&board, start, 6.0, Avoid::standard()).area();
        let exact = std::f32::consts::PI * 36.0;
        // The drawn outline's chords cut the circle by a hair: within 0.2%.
        assert!(
            (area - exact).abs() < exact * 0.002,
            "area {area} vs {exact}"
        );
    }
}

#[test]
fn boundary_around_a_round_obstacle_follows_the_geodesic() {
    // Enemy on a 40 mm base 6" east of the start: the mover's centre must stay
    // 0.787 + 2 + 0.5 from the enemy's centre.
    let c = Point::new(42.0, 24.0);
    let (s, blue) = table_with_enemy(Some((c, 40.0)));
    let board = Board::new(&s, blue, 0.5);
    let start = Point::new(36.0, 24.0);
    let r = 40.0 / 25.4 / 2.0 + 2.0 + 0.5;
    let region = region(&board, start, 12.0, Avoid::standard());
    let mut worst: f32 = 0.0;
    let mut behind = 0;
    for line in region.outline() {
        for p in line {
            if p.distance(c) < r + 0.5 {
                continue; // the obstacle's own edge, not the allowance boundary
            }
            let g = geodesic_around_disk(start, p, c, r);
            worst = worst.max((g - 12.0).abs());
            if crate::geom::point_segment_distance(c, start, p) < r {
                behind += 1;
            }
        }
    }
    assert!(
        behind > 10,
        "the boundary wraps behind the obstacle ({behind} points)"
    );
    assert!(worst < 0.1, "worst deviation from the geodesic {worst}");
}

#[test]
fn exact_path_matches_the_analytic_geodesic() {
    let c = Point::new(42.0, 24.0);
    let (s, blue) = table_with_enemy(Some((c, 40.0)));
    let board = Board::new(&s, blue, 0.5);
    let start = Point::new(36.0, 24.0);
    let r = 40.0 / 25.4 / 2.0 + 2.0 + 0.5;
    for goal in [
        Point::new(48.0, 24.0),
        Point::new(47.0, 26.0),
        Point::new(44.0, 20.0),
        Point::new(30.0, 30.0),
    ] {
        let path = path_to(&board, start, goal, 30.0, Avoid::standard()).expect("reachable");
        let g = geodesic_around_disk(start, goal, c, r);
        assert!(
            (path.length - g).abs() < 0.03,
            "{goal}: {} vs {g}",
            path.length
        );
        assert_eq!(path.points.first(), Some(&start));
        assert_eq!(path.points.last(), Some(&goal));
    }
}

#[test]
fn too_far_and_blocked_destinations_say_why() {
    let c = Point::new(42.0, 24.0);
    let (s, blue) = table_with_enemy(Some((c, 25.4)));
    let board = Board::new(&s, blue, 0.5);
    let start = Point::new(36.0, 24.0);
    match path_to(
        &board,
        start,
        Point::new(36.0, 38.0),
        12.0,
        Avoid::standard(),
    ) {
        Err(Unreachable::TooFar { length }) => assert!((length - 14.0).abs() < 1e-3),
        other => panic!("{other:?}"),
    }
    match path_to(
        &board,
        start,
        Point::new(40.0, 24.0),
        12.0,
        Avoid::standard(),
    ) {
        Err(Unreachable::Blocked(Blocker::Enemy(..))) => {}
        other => panic!("{other:?}"),
    }
    match path_to(
        &board,
        start,
        Point::new(71.9, 24.0),
        50.0,
        Avoid::standard(),
    ) {
        Err(Unreachable::Blocked(Blocker::TableEdge)) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn assault_lets_bases_close_to_contact() {
    let c = Point::new(42.0, 24.0);
    let (s, blue) = table_with_enemy(Some((c, 25.4)));
    let board = Board::new(&s, blue, 0.5);
    let start = Point::new(36.0, 24.0);
    let contact = Point::new(42.0 - 1.001, 24.0);
    let assault = Avoid {
        enemy_gap: 0.0,
        ..Avoid::standard()
    };
    let path = path_to(&board, start, contact, 12.0, assault).expect("assault reaches contact");
    assert!((path.length - 4.999).abs() < 1e-3);
    assert!(path_to(&board, start, contact, 12.0, Avoid::standard()).is_err());
}

/// A square impassable pond (both windings) between the start and the far side: the path
/// bends at two of its grown corners.
#[test]
fn paths_bend_around_polygon_corners_in_either_winding() {
    for clockwise in [false, true] {
        let (mut s, blue) = table_with_enemy(None);
        let pond = TerrainId(s.alloc());
        let mut t = TerrainType::open(pond, "Pond", Colour::rgb(0, 0, 200));
        t.impassable = true;
        s.terrain_types.push(t);
        let mut square = vec![
            Point::new(40.0, 20.0),
            Point::new(44.0, 20.0),
            Point::new(44.0, 28.0),
            Point::new(40.0, 28.0),
        ];
        if clockwise {
            square.reverse();
        }
        let id = PieceId(s.alloc());
        s.pieces.push(TerrainPiece {
            id,
            name: "Pond".into(),
            terrain: pond,
            shape: PieceShape::Polygon(square),
        });
        let board = Board::new(&s, blue, 0.5);
        let start = Point::new(36.0, 24.0);
        let goal = Point::new(48.0, 24.0);
        // Around the top: to (39.5, 19.5), along to (44.5, 19.5), down to the goal, with the
        // corners rounded by the 0.5" clearance (arcs shorter than their chords' sum).
        let path = path_to(&board, start, goal, 30.0, Avoid::standard()).expect("around the pond");
        let sharp = 2.0 * (3.5f32.hypot(4.5)) + 5.0;
        assert!(
            path.length < sharp && path.length > sharp - 0.3,
            "{}: {}",
            clockwise,
            path.length
        );
        assert!(path.points.len() >= 4);
        // The field agrees with the exact path at the goal.
        let region = region(&board, start, 20.0, Avoid::standard());
        let e = region.excess_at(goal).expect("sampled");
        assert!(
            (e + 20.0 - path.length).abs() < 0.05,
            "field {} vs exact {}",
            e + 20.0,
            path.length
        );
    }
}

/// A start just outside an obstacle's clearance (a model that ended its last move at the edge
/// of the 2" zone, or hard against a pond) still gets the shortest path, as the field does.
#[test]
fn exact_path_from_a_start_hard_against_a_clearance_matches_the_field() {
    // Against an enemy's 2" zone, 0.001" outside it.
    let c = Point::new(42.0, 24.0);
    let (s, blue) = table_with_enemy(Some((c, 25.4)));
    let board = Board::new(&s, blue, 0.5);
    let r = 0.5 + 2.0 + 0.5;
    let start = c + Point::new(-0.34, 0.94).normalize() * (r + 0.001);
    let goal = Point::new(38.5, 21.0);
    let path = path_to(&board, start, goal, 12.0, Avoid::standard()).expect("reachable");
    let g = geodesic_around_disk(start, goal, c, r);
    assert!((path.length - g).abs() < 0.05, "{} vs {g}", path.length);
    let field = region(&board, start, 12.0, Avoid::standard());
    let e = field.excess_at(goal).expect("sampled");
    assert!(
        (e + 12.0 - path.length).abs() < 0.05,
        "field {} path {} geo {g}",
        e + 12.0,
        path.length
    );

    // Against the corner of an impassable square, 0.003" outside its clearance.
    let (mut s, blue) = table_with_enemy(None);
    let impassable = |t: &mut TerrainType| t.impassable = true;
    add_square(&mut s, "Pond", impassable, Point::new(23.5, 18.5), 1.5);
    let board = Board::new(&s, blue, 0.5);
    let start = Point::new(22.0, 17.0) + Point::new(-0.14, -0.98).normalize() * 0.503;
    let goal = Point::new(26.0, 19.0);
    let path = path_to(&board, start, goal, 12.0, Avoid::standard()).expect("around the pond");
    // Along the pond's north side 0.5" out, round its north-east corner, down to the goal.
    let corner = Point::new(25.0, 17.0);
    let to_goal = goal - corner;
    let tangent = (to_goal.length_squared() - 0.25).sqrt();
    let turn = to_goal.y.atan2(to_goal.x) - (0.5 / to_goal.length()).acos();
    let geodesic = start.distance(Point::new(25.0, 16.5))
        + 0.5 * (turn + std::f32::consts::FRAC_PI_2)
        + tangent;
    assert!(
        (path.length - geodesic).abs() < 0.05,
        "exact {} vs {geodesic}",
        path.length
    );
    // The field is an upper bound, a little looser here.
    let field = region(&board, start, 12.0, Avoid::standard());
    let e = field.excess_at(goal).expect("sampled") + 12.0;
    assert!(
        e >= path.length - 0.01 && e < path.length + 0.2,
        "field {e}"
    );
}

/// The exact path from `start` to `goal` within `allowance`, after checking that the reach
/// field takes the goal in and that the path is no longer than the field says (within
/// `slack`): the two tools must agree on what a model may reach.
fn exact_within_the_field(
    board: &Board,
    (start, goal): (Point, Point),
    allowance: f32,
    avoid: Avoid,
    slack: f32,
) -> exact::Path {
    let field = region(board, start, allowance, avoid);
    let e = field.excess_at(goal).expect("sampled") + allowance;
    assert!(e <= allowance, "the field reaches {goal}: {e}");
    let path = path_to(board, start, goal, allowance, avoid).expect("within the allowance");
    assert!(
        path.length <= e + slack,
        "exact {} vs field {e}",
        path.length
    );
    path
}

/// A start hard against the rounded corner of an impassable square's clearance, between the
/// arc and the chord of corners that stands in for it, sees the next corner along the edge: the
/// shortest path goes that way, no longer than the field's (a unit touching a pond, 6" from a
/// point just past the pond's far side, may go there).
#[test]
fn exact_path_from_inside_a_corner_chord_is_no_longer_than_the_field() {
    let (mut s, blue) = table_with_enemy(None);
    let impassable = |t: &mut TerrainType| t.impassable = true;
    add_square(
        &mut s,
        "Pond",
        impassable,
        Point::new(20.954_025, 7.286_619),
        1.5,
    );
    let board = Board::new(&s, blue, 25.0 / 25.4 / 2.0);
    let start = Point::new(22.595_274, 5.605_857);
    let goal = Point::new(23.5, 11.5);
    let path = exact_within_the_field(&board, (start, goal), 6.0, Avoid::standard(), 1e-4);
    // Round the pond's corner clearance, then straight down its east side: never shorter than
    // the straight line the pond is in the way of.
    assert!(path.length >= start.distance(goal), "{}", path.length);
    assert!(path.points.len() > 2, "{:?}", path.points);
}

/// Where a knoll's corner and an enemy's 2" zone all but meet, a move that keeps out of
/// area terrain (R3 At the Double! at full allowance) still threads the gap between them: the
/// corner of the knoll stands inside the ring of corners that stands for the enemy's zone, and
/// the path leaves it along that ring. The exact path is as short as the field says.
#[test]
fn exact_path_threads_a_gap_where_two_clearances_nearly_meet() {
    let mover = 25.0 / 25.4 / 2.0;
    let (mut s, blue) = table_with_enemy(Some((Point::new(19.828_491, 20.080_276), 25.0)));
    let c = Point::new(13.493_522, 25.949_984);
    add_square(&mut s, "Knoll", |t| t.bare_hill = true, c, 4.0);
    let board = Board::new(&s, blue, mover);
    let knoll_corner = c + Point::new(4.0, -4.0);
    let zone = 25.0 / 25.4 / 2.0 + ENEMY_CLEARANCE_IN + mover;
    let gap = knoll_corner.distance(Point::new(19.828_491, 20.080_276)) - zone;
    assert!(gap > 0.0 && gap < 0.01, "the gap is {gap}\"");
    let avoid = Avoid {
        area: true,
        ..Avoid::standard()
    };
    let start = Point::new(17.669_912, 25.988_49);
    let goal = Point::new(15.0, 14.5);
    let path = exact_within_the_field(&board, (start, goal), 12.0, avoid, 1e-3);
    assert!(
        path.points.iter().any(|p| p.distance(knoll_corner) < 0.01),
        "round the knoll's corner: {:?}",
        path.points
    );
}

/// Where a pond's clearance and an enemy's 2" zone leave a gap of a few thousandths of an
/// inch, a move threads it along the pond's edge: the enemy's corners in the gap are held by
/// the pond's clearance, so the path bends at the pond's own corners, round the enemy (not
/// tangent to the pond's ring). The exact path is as short as the field says.
#[test]
fn exact_path_threads_a_gap_bending_at_the_other_obstacles_corners() {
    let mover = 25.0 / 25.4 / 2.0;
    let enemy = Point::new(24.752_354, 21.016_905);
    let (mut s, blue) = table_with_enemy(Some((enemy, 25.0)));
    let c = Point::new(26.064_941, 25.999_36);
    add_square(&mut s, "Pond", |t| t.impassable = true, c, 1.5);
    let board = Board::new(&s, blue, mover);
    // The enemy's zone tops out just under the pond's clearance.
    let top = enemy.y + 25.0 / 25.4 / 2.0 + ENEMY_CLEARANCE_IN + mover;
    let gap = (c.y - 1.5 - mover) - top;
    assert!(gap > 0.0 && gap < 0.01, "the gap is {gap}\"");
    let start = Point::new(31.114_58, 22.265_572);
    for goal in [Point::new(20.5, 25.5), Point::new(20.5, 24.5)] {
        let path = exact_within_the_field(&board, (start, goal), 12.0, Avoid::standard(), 1e-3);
        assert!(
            path.points
                .iter()
                .any(|p| p.y > top && p.y < c.y - 1.5 - mover && p.x < enemy.x),
            "through the gap: {:?}",
            path.points
        );
    }
}

/// Random points around `centre`, from a fixed seed.
fn scatter(centre: Point, radius: f32, n: usize) -> Vec<Point> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut unit = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 40) as f32 / (1u64 << 24) as f32
    };
    (0..n)
        .map(|_| centre + Point::new(unit() * 2.0 - 1.0, unit() * 2.0 - 1.0) * radius)
        .collect()
}

/// The quick tests (the view by direction, the grid's bounding circles, the point test
/// without square roots) answer exactly as testing every obstacle of the busy benchmark table
/// does, whatever a move must avoid.
#[test]
fn quick_line_and_point_tests_agree_with_every_obstacle() {
    let s = crate::model::generate::crowded_table(600, 60, 7);
    let side = s.sides[0].id;
    let board = Board::new(&s, side, 0.5);
    let everything = Avoid {
        area: true,
        linear: true,
        difficult: true,
        ..Avoid::standard()
    };
    let mut lines = 0;
    for avoid in [Avoid::standard(), everything] {
        for start in scatter(Point::new(36.0, 24.0), 20.0, 12) {
            let mut prep = Prepared::new(&board, start, avoid, 12.0);
            let view = prep.view(start, 12.0);
            let truth = |prep: &Prepared, a: Point, b: Point| {
                board.obstacles().any(|(i, o)| {
                    let cl = prep.clearance(i);
                    cl > 0.0 && o.blocks(a, b, cl)
                })
            };
            for p in scatter(start, 8.0, 300) {
                if !board.on_table(p) || p.distance(start) > 12.0 {
                    continue;
                }
                let held = board.obstacles().find(|(i, o)| {
                    let cl = prep.clearance(*i);
                    cl > 0.0 && o.shape.distance_to_point(p) < cl
                });
                assert_eq!(prep.point_blocked(p).is_some(), held.is_some(), "point {p}");
                let blocked = truth(&prep, start, p);
                assert_eq!(view.blocked(&prep, p).is_some(), blocked, "{start} to {p}");
                assert_eq!(
                    prep.segment_blocked(start, p).is_some(),
                    blocked,
                    "{start} to {p}"
                );
                lines += 1;
            }
        }
    }
    assert!(lines > 3000, "{lines} lines tested");
}
