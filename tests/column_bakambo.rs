//! R1 on the Bakambo sample: what a player of "Up the Bakambo" expects from Wilkinson's column,
//! through the library and through the command line.

use sandtable::edit::Document;
use sandtable::edit::ops::outcome;
use sandtable::geom::{Point, point_in_polygon, polyline_distance};
use sandtable::model::*;
use sandtable::rules::check::{Severity, check};
use sandtable::rules::column::{
    self, Activation, BreakCause, ColumnPreview, Movement, Order, RouteKind, UnitEnd, Warning,
};
use sandtable::rules::dice::Prob;
use sandtable::samples;

#[path = "common/binary.rs"]
mod binary;
use binary::{sandtable, saves, stdout};

fn bakambo() -> Scenario {
    samples::by_name("bakambo")
        .expect("sample")
        .load()
        .expect("the sample loads")
}

fn column_id(s: &Scenario) -> ColumnId {
    s.find_column("Wilkinson's Column").expect("column").id
}

fn unit(s: &Scenario, name: &str) -> UnitId {
    s.find_unit(name).expect(name).id
}

fn ordered(distance: f32, route: Option<Vec<Point>>) -> Activation {
    Activation::Ordered(Order::Move {
        distance_in: distance,
        route,
    })
}

fn commit(s: &Scenario, pv: &ColumnPreview) -> Scenario {
    let mut doc = Document::new(s.clone(), None);
    doc.apply("column", outcome::column(pv.outcome(s).expect("legal")))
        .expect("edits apply");
    doc.scenario().clone()
}

fn errors(s: &Scenario) -> Vec<String> {
    check(s)
        .into_iter()
        .filter(|p| p.severity == Severity::Error)
        .map(|p| p.to_string())
        .collect()
}

fn piece<'a>(s: &'a Scenario, name: &str) -> &'a TerrainPiece {
    s.pieces.iter().find(|p| p.name == name).expect(name)
}

#[test]
fn orders_are_tested_against_the_sikh_pioneers() {
    let s = bakambo();
    let pv = column::preview(&s, column_id(&s), ordered(6.0, None)).expect("preview");
    assert_eq!(pv.order_test.unit, unit(&s, "Sikh Pioneers"));
    assert_eq!(pv.order_test.discipline, 6);
    assert_eq!(pv.order_test.p_pass, Prob::ratio(13, 18));
    assert_eq!(pv.allowance_in, 6.0);
}

#[test]
fn d3_units_start_on_the_table_and_the_sample_shows_a_two() {
    let s = bakambo();
    let col = s.column(column_id(&s)).expect("column");
    let outcomes = column::start_outcomes(col);
    assert_eq!(outcomes.len(), 3);
    assert!(outcomes.iter().all(|o| o.p == Prob::ratio(1, 3)));
    let on_table: Vec<UnitId> = col
        .members
        .iter()
        .map(|m| m.unit)
        .filter(|u| s.unit(*u).expect("unit").on_table())
        .collect();
    assert_eq!(outcomes[1].on_table, on_table);
    assert_eq!(
        outcomes[1].on_table,
        vec![unit(&s, "Sikh Pioneers"), unit(&s, "Naval Brigade")]
    );
    assert!(
        column::deployment_problems(&s, col).is_empty(),
        "the sample is set up by the rules"
    );
}

#[test]
fn a_six_inch_march_brings_the_askaris_on_at_the_entry_point() {
    let s = bakambo();
    let pv = column::preview(&s, column_id(&s), ordered(6.0, None)).expect("preview");
    assert_eq!(pv.movement, Movement::Move);
    assert!(pv.legal && pv.warnings.is_empty() && pv.column_break.is_none());
    assert!(pv.units.iter().all(|u| u.moved_in == 6.0));
    let askaris = unit(&s, "Zanzibari Askaris");
    assert_eq!(pv.entering, vec![askaris]);
    let a = pv
        .units
        .iter()
        .find(|u| u.unit == askaris)
        .expect("askaris");
    // Three abreast on the track, just in from the south edge, facing north.
    assert!((a.front.x - 24.0).abs() < 1e-3 && a.front.y > 40.0 && a.front.y < 44.0);
    assert_eq!(a.facing_deg, 0.0);
    assert!(a.models.iter().all(|m| m.pos.y < 48.0 - 0.49));
    for name in ["Porters", "Gardner Gun"] {
        let u = pv.units.iter().find(|u| u.name == name).expect(name);
        assert_eq!(u.to, UnitEnd::OffTable, "{name} still waits");
    }
    let s1 = commit(&s, &pv);
    assert_eq!(errors(&s1), Vec::<String>::new());
    assert_eq!(s1.unit(askaris).expect("askaris").position, Position::Table);
}

#[test]
fn failed_orders_march_the_column_up_the_track_through_the_ford_and_off_the_north_edge() {
    let mut s = bakambo();
    let id = column_id(&s);
    let track = piece(&s, "Bakambo track").clone();
    let PieceShape::Polyline { points, .. } = &track.shape else {
        panic!("the track is a line");
    };
    let points = points.clone();
    let mut exits = Vec::new();
    for turn in 1..=20 {
        let pv = match column::preview(&s, id, Activation::Failed) {
            Ok(pv) => pv,
            Err(column::ColumnError::NoUnits(_)) => break,
            Err(e) => panic!("turn {turn}: {e}"),
        };
        // The lead keeps to the track (or the route of those ahead of it), never flagged:
        // the stream is crossed at the ford.
        assert!(
            matches!(
                pv.route_kind,
                RouteKind::Road { .. } | RouteKind::FollowsRoute
            ),
            "turn {turn}: {}",
            pv.route_kind
        );
        assert!(pv.warnings.is_empty(), "turn {turn}: {:?}", pv.warnings);
        assert!(pv.legal && pv.column_break.is_none(), "turn {turn}");
        for p in &pv.route {
            if p.y >= 0.0 {
                assert!(polyline_distance(*p, &points) < 0.01, "turn {turn}: {p}");
            }
        }
        exits.extend(pv.exiting.iter().map(|u| (turn, *u)));
        s = commit(&s, &pv);
        assert_eq!(errors(&s), Vec::<String>::new(), "turn {turn}");
    }
    // The Sikhs march off the north edge on turn 6 and the gun, last, on turn 11.
    assert_eq!(exits.first(), Some(&(6, unit(&s, "Sikh Pioneers"))));
    assert_eq!(exits.last(), Some(&(11, unit(&s, "Gardner Gun"))));
    assert_eq!(exits.len(), 5);
}

#[test]
fn off_the_track_a_failed_order_makes_for_the_ford_rather_than_wade_the_stream() {
    let s = bakambo();
    let id = column_id(&s);
    // Ordered north-east off the track, towards the stream east of the ford.
    let pv =
        column::preview(&s, id, ordered(5.0, Some(vec![Point::new(28.0, 30.0)]))).expect("preview");
    let s1 = commit(&s, &pv);
    let pv = column::preview(&s1, id, Activation::Failed).expect("preview");
    match &pv.route_kind {
        RouteKind::Detour { around } => assert_eq!(around[0].name, "Kisenga stream (east)"),
        other => panic!("{other}"),
    }
    assert!(
        !pv.warnings
            .iter()
            .any(|w| matches!(w, Warning::LikelyToBreak { .. }))
    );
    let ford = piece(&s, "Kisenga ford").shape.points().to_vec();
    assert!(pv.route.iter().any(|p| point_in_polygon(*p, &ford)));
    assert!((pv.moved_in - 6.0).abs() < 1e-3);
    // Ordered straight across instead, it wades the stream: only a failed order is flagged.
    let pv = column::preview(&s1, id, ordered(6.0, None)).expect("preview");
    assert!(
        pv.warnings
            .iter()
            .all(|w| !matches!(w, Warning::LikelyToBreak { .. }))
    );
}

#[test]
fn a_pinned_naval_brigade_breaks_the_column_and_the_rest_test() {
    let mut s = bakambo();
    let id = column_id(&s);
    let naval = unit(&s, "Naval Brigade");
    s.unit_mut(naval).expect("naval").state.pinned = true;
    let b = column::break_now(&s, id).expect("column").expect("breaks");
    assert!(matches!(&b.causes[..], [BreakCause::Pinned { unit, .. }] if *unit == naval));
    let tested: Vec<&str> = b.pin_tests.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        tested,
        [
            "Sikh Pioneers",
            "Zanzibari Askaris",
            "Porters",
            "Gardner Gun"
        ]
    );
    let pv = column::preview(&s, id, ordered(6.0, None)).expect("preview");
    assert_eq!(pv.movement, Movement::Break);
    let s1 = commit(&s, &pv);
    assert_eq!(s1.column(id).expect("column").state, ColumnState::Broken);
    // After the break the Askaris may try to come on at the entry point.
    let e = column::entry(&s1, id, None, None).expect("entry");
    assert_eq!(e.name, "Zanzibari Askaris");
    assert_eq!(e.test.p_pass, Prob::ratio(7, 12));
}

#[test]
fn attacking_the_sikhs_in_column_gives_plus_one_to_fire_and_six_figures_in_melee() {
    let s = bakambo();
    let c = column::attack_on(&s, unit(&s, "Sikh Pioneers")).expect("in column");
    assert_eq!((c.fire_modifier, c.figures, c.melee_figures), (1, 12, 6));
    assert_eq!(c.melee_pin_tests.len(), 4);
    assert!(column::attack_on(&s, unit(&s, "Porters")).is_none());
    assert!(column::attack_on(&s, unit(&s, "Slaver Riflemen")).is_none());
}

#[test]
fn ordering_the_naval_brigade_out_breaks_the_column_without_pin_tests() {
    let s = bakambo();
    let id = column_id(&s);
    let vb = column::voluntary_break(&s, id, unit(&s, "Naval Brigade")).expect("may try");
    assert!(vb.pin_tests.is_empty());
    assert_eq!(vb.test.p_pass, Prob::ratio(13, 18));
    assert_eq!(
        vb.on_fail.route_kind,
        RouteKind::Road {
            piece: piece(&s, "Bakambo track").id,
            name: "Bakambo track".into()
        }
    );
}

// The command line, run as a player would.

fn save() -> String {
    saves("bakambo.sandtable")
}

#[test]
fn cli_column_text_and_json() {
    let file = save();
    let out = sandtable(&[
        "column",
        &file,
        "--column",
        "Wilkinson's Column",
        "--distance",
        "6",
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    assert!(text.contains("passes 13/18 (72.2%)"), "{text}");
    assert!(text.contains("'Zanzibari Askaris'"), "{text}");
    assert!(text.contains("comes on at the entry point"), "{text}");
    assert!(text.contains("Entering: 'Zanzibari Askaris'"), "{text}");
    assert!(text.contains("6 of 12"), "{text}");
    let out = sandtable(&[
        "column",
        &file,
        "--column",
        "Wilkinson's Column",
        "--distance",
        "6",
        "--failed-order",
        "--json",
    ]);
    assert!(out.status.success(), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["state"], "Formed");
    assert_eq!(v["failed_order"], true);
    assert_eq!(v["route_kind"]["kind"], "road");
    assert_eq!(v["route_kind"]["name"], "Bakambo track");
    assert_eq!(v["order_test"]["p_pass"]["fraction"], "13/18");
    assert_eq!(v["units"].as_array().map(Vec::len), Some(5));
    assert_eq!(v["units"][2]["to"], "table");
    assert_eq!(v["legal"], true);
    assert_eq!(v["break"], serde_json::Value::Null);
    assert_eq!(v["start"].as_array().map(Vec::len), Some(3));
    // Beyond the lead's Mv: refused with the reason, exit 2.
    let out = sandtable(&[
        "column",
        &file,
        "--column",
        "Wilkinson's Column",
        "--distance",
        "7",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("at most 6"));
}

#[test]
fn cli_moves_for_a_unit_in_column_and_one_on_its_own() {
    let file = save();
    let out = sandtable(&["moves", &file, "--unit", "Naval Brigade"]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    assert!(text.contains("moves with its column"), "{text}");
    assert!(text.contains("sandtable column"), "{text}");
    let out = sandtable(&[
        "moves",
        &file,
        "--unit",
        "Arab Musketeers",
        "--to",
        "57,19",
        "--json",
    ]);
    assert!(out.status.success(), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["column"], serde_json::Value::Null);
    assert_eq!(v["reach"]["allowance_in"], 6.0);
    assert_eq!(v["to"]["legal"], true);
    assert!(
        v["reach"]["outline"]
            .as_array()
            .is_some_and(|o| !o.is_empty())
    );
    let out = sandtable(&["moves", &file, "--unit", "Arab Musketeers", "--to", "45,21"]);
    assert!(stdout(&out).contains("impassable 'Kopje'"));
}

/// R1, a unit on its own: the slavers march in no column, so each moves as a block, its leader
/// (or first model) up to its Mv along a legal route; the Naval Brigade marches in the formed
/// column and moves only with it; a pinned unit does not move.
#[test]
fn r1_a_slaver_unit_outside_the_column_moves_on_its_own_as_a_block() {
    let mut s = bakambo();
    let id = unit(&s, "Arab Musketeers");
    let u = s.unit(id).expect("musketeers").clone();
    let mv = column::alone(&s, &u).expect("the musketeers move on their own");
    assert_eq!(mv.allowance_in, 6.0);
    let goal = Point::new(57.0, 19.0);
    let path = mv.path_to(goal).expect("a legal route east");
    assert!(path.length >= mv.from.distance(goal) - 1e-3 && path.length <= 6.0);
    let moved = mv.moved(&u, goal);
    for (a, b) in u.models.iter().zip(&moved.models) {
        let shift = b.pos - a.pos;
        assert!(
            (shift.x - (goal.x - mv.from.x)).abs() < 1e-4
                && (shift.y - (goal.y - mv.from.y)).abs() < 1e-4,
            "model {} moved {shift:?}, not with the block",
            a.id
        );
    }
    let kopje = mv
        .path_to(Point::new(45.0, 21.0))
        .expect_err("the kopje is impassable");
    assert!(
        mv.unreachable_text(&s, kopje)
            .contains("impassable 'Kopje'"),
        "{}",
        mv.unreachable_text(&s, kopje)
    );
    // No model may end on another unit's base: the musketeers' measured model set down on one
    // of the Ruga-Ruga is refused, by the route's answer and by the region alike.
    let ruga = unit(&s, "Nyamwezi Ruga-Ruga");
    let on_ruga = s.unit(ruga).expect("ruga").models[0].pos;
    assert!(
        mv.from.distance(on_ruga) < 6.0,
        "within reach but for the base"
    );
    let refused = mv.path_to(on_ruga).expect_err("a base of the Ruga-Ruga");
    assert_eq!(refused, column::AloneRefusal::Overlaps(ruga));
    assert!(
        mv.unreachable_text(&s, refused)
            .contains("overlapping 'Nyamwezi Ruga-Ruga'")
    );
    assert!(!mv.region().contains(on_ruga));
    assert!(mv.region().contains(goal));
    let naval = s.unit(unit(&s, "Naval Brigade")).expect("naval").clone();
    assert_eq!(
        column::alone(&s, &naval).err(),
        Some(column::CannotMoveAlone::InFormedColumn(
            "Wilkinson's Column".into()
        ))
    );
    s.unit_mut(id).expect("musketeers").state.pinned = true;
    let pinned = s.unit(id).expect("musketeers");
    assert_eq!(
        column::alone(&s, pinned).err(),
        Some(column::CannotMoveAlone::Pinned)
    );
}

/// R1, after a break: a unit of the broken column already on the table acts on its own (its
/// move is the first choice offered), while one still off table may only try to come on at the
/// entry point; a slaver unit's usual choice is its move on its own.
#[test]
fn r1_after_a_break_the_units_on_the_table_are_offered_a_move_on_their_own() {
    use sandtable::preview::{self, Choice, ColumnChoice};
    let mut s = bakambo();
    let slavers = preview::choices(&s, unit(&s, "Arab Musketeers"));
    assert_eq!(
        slavers.first().map(|c| (c.choice, c.refused.is_none())),
        Some((Choice::Alone, true))
    );
    let naval = unit(&s, "Naval Brigade");
    assert!(
        !preview::choices(&s, naval)
            .iter()
            .any(|c| c.choice == Choice::Alone),
        "a formed column's unit moves only with its column"
    );
    let c = column_id(&s);
    s.columns
        .iter_mut()
        .for_each(|x| x.state = ColumnState::Broken);
    let offered = preview::choices(&s, naval);
    assert_eq!(
        offered.first().map(|c| (c.choice, c.refused.is_none())),
        Some((Choice::Alone, true))
    );
    let porters = unit(&s, "Porters");
    let waiting = preview::choices(&s, porters);
    assert!(!waiting.iter().any(|c| c.choice == Choice::Alone));
    assert!(waiting.iter().any(
        |o| o.choice == Choice::Column(c, ColumnChoice::Enter(porters)) && o.refused.is_none()
    ));
}
