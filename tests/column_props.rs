//! Property tests of R1 column moves on generated columns and routes: every unit moves the same
//! distance along the same line, keeping its order and its spacing; previews are deterministic
//! and never change the scenario; committing and reading back gives the same places.

use proptest::prelude::*;
use sandtable::edit::Document;
use sandtable::edit::ops::outcome;
use sandtable::geom::{Formation, Point, bearing_vec};
use sandtable::model::*;
use sandtable::rules::column::{self, Activation, ColumnPreview, Order, UnitEnd};

#[derive(Debug, Clone)]
struct Plan {
    /// (figures, width) per unit, lead first.
    units: Vec<(u16, u8)>,
    on_table: usize,
    lead_in: f32,
    gap: f32,
    /// Legs after the lead's front: (turn in degrees from the previous heading, length).
    legs: Vec<(f32, f32)>,
    distance: f32,
}

fn unit_spec() -> impl Strategy<Value = (u16, u8)> {
    (1u16..=16, any::<bool>()).prop_map(|(n, wide)| {
        let range = column::allowed_widths(n).expect("1-16 figures march");
        (n, if wide { *range.end() } else { *range.start() })
    })
}

fn plan() -> impl Strategy<Value = Plan> {
    (
        prop::collection::vec(unit_spec(), 1..=6),
        0usize..=6,
        8.0f32..30.0,
        0.1f32..1.8,
        prop::collection::vec((-50.0f32..50.0, 1.0f32..6.0), 0..=4),
        0.0f32..=6.0,
    )
        .prop_map(|(units, on_table, lead_in, gap, legs, distance)| Plan {
            on_table: on_table.min(units.len()),
            units,
            lead_in,
            gap,
            legs,
            distance,
        })
}

/// Builds the column: entry at (36, 48) heading north; units on 20 mm bases in ranks 0.1"
/// apart; the first `on_table` (as many as fit) on the table in single file.
fn build(p: &Plan) -> (Scenario, ColumnId, Option<Vec<Point>>) {
    let mut s = Scenario::new_table("column property");
    s.rules = RuleOptions::new(Ruleset::ColumnOfMarch);
    let side = s.sides[0].id;
    let entry = Point::new(36.0, 48.0);
    let lead_front = Point::new(36.0, 48.0 - p.lead_in);
    let mut front = lead_front;
    let mut members = Vec::new();
    let mut on = 0;
    for (i, &(n, w)) in p.units.iter().enumerate() {
        let id = UnitId(s.alloc());
        let base = Base::Round { diameter_mm: 20.0 };
        let f = Formation {
            centre: Point::ZERO,
            facing_deg: 0.0,
            frontage: w as usize,
            base_width_in: 20.0 / 25.4,
            base_depth_in: 20.0 / 25.4,
            gap_in: 0.1,
        }
        .with_front_at(front, n as usize);
        let (_, depth) = f.size_in(n as usize);
        let fits = front.y + depth <= 48.0;
        let placed = i < p.on_table && fits && on == i;
        if placed {
            on += 1;
        }
        let models = f
            .centres(n as usize)
            .into_iter()
            .map(|c| Model {
                id: ModelId(s.alloc()),
                base,
                pos: c,
                facing_deg: 0.0,
            })
            .collect();
        s.units.push(Unit {
            stats: Stats {
                mv: 6,
                discipline: 7,
                ..Stats::default()
            },
            strength: Strength::full(n),
            position: if placed {
                Position::Table
            } else {
                Position::OffMap
            },
            models,
            ..Unit::new(id, format!("U{i}"), side, UnitKind::Infantry)
        });
        members.push(ColumnMember {
            unit: id,
            width_figures: w,
        });
        front.y += depth + p.gap;
    }
    let id = ColumnId(s.alloc());
    let route = if on > 0 {
        vec![entry, lead_front]
    } else {
        vec![entry]
    };
    s.columns.push(Column {
        id,
        name: "C".into(),
        side,
        entry: EntryPoint {
            edge: Edge::South,
            along_in: 36.0,
            heading_deg: 0.0,
        },
        members,
        on_table_at_start: StartCount::D3,
        state: ColumnState::Formed,
        route,
        last_action: None,
    });
    let start = if on > 0 { lead_front } else { entry };
    let mut heading = 0.0f32;
    let mut at = start;
    let legs: Vec<Point> = p
        .legs
        .iter()
        .map(|&(turn, len)| {
            heading += turn;
            at += bearing_vec(heading) * len;
            at
        })
        .collect();
    (s, id, (!legs.is_empty()).then_some(legs))
}

fn commit(s: &Scenario, pv: &ColumnPreview) -> Scenario {
    let mut doc = Document::new(s.clone(), None);
    doc.apply("move", outcome::column(pv.outcome(s).expect("legal")))
        .expect("applies");
    doc.scenario().clone()
}

fn stand(s: &Scenario, id: ColumnId) -> ColumnPreview {
    column::preview(s, id, Activation::Ordered(Order::StandTo)).expect("stand to")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_unit_moves_the_same_distance_keeping_order_and_spacing(p in plan()) {
        let (s, id, route) = build(&p);
        let before = stand(&s, id);
        let act = Activation::Ordered(Order::Move { distance_in: p.distance, route });
        let pv = column::preview(&s, id, act).expect("preview");
        prop_assert!(pv.legal, "{:?}", pv.illegal);
        prop_assert_eq!(pv.units.len(), before.units.len());
        for (a, b) in before.units.iter().zip(&pv.units) {
            prop_assert_eq!(a.unit, b.unit);
            prop_assert_eq!(b.moved_in, pv.moved_in);
            prop_assert!((b.along_route_in - a.along_route_in - pv.moved_in).abs() < 1e-3,
                "{} moved {} along the route, not {}", b.name, b.along_route_in - a.along_route_in, pv.moved_in);
        }
        // Order and spacing along the route are kept.
        for w in pv.units.windows(2) {
            prop_assert!(w[1].along_route_in < w[0].along_route_in);
        }
        for (x, y) in before.units.windows(2).zip(pv.units.windows(2)) {
            let gap_before = x[0].along_route_in - x[1].along_route_in;
            let gap_after = y[0].along_route_in - y[1].along_route_in;
            prop_assert!((gap_before - gap_after).abs() < 1e-3);
        }
        // Spacing never opens up: a formed column does not break by marching.
        prop_assert!(pv.column_break.is_none(), "{:?}", pv.column_break);
        // Committed and read back, every unit stands where the preview put it.
        let s1 = commit(&s, &pv);
        prop_assert!(s1.validate().is_empty());
        if pv.units.iter().any(|u| u.to != UnitEnd::Exited) {
            let again = stand(&s1, id);
            let kept: Vec<_> = pv.units.iter().filter(|u| u.to != UnitEnd::Exited).collect();
            prop_assert_eq!(again.units.len(), kept.len());
            for (a, b) in kept.iter().zip(&again.units) {
                prop_assert_eq!(a.unit, b.unit);
                prop_assert!((a.along_route_in - b.along_route_in).abs() < 0.01,
                    "{} read back at {} instead of {}", a.name, b.along_route_in, a.along_route_in);
                if a.to == UnitEnd::Table {
                    prop_assert_eq!(b.from, UnitEnd::Table);
                    for (ma, mb) in a.models.iter().zip(&b.models) {
                        prop_assert_eq!(ma.id, mb.id);
                        prop_assert!(ma.pos.distance(mb.pos) < 1e-4);
                    }
                }
            }
        }
    }

    #[test]
    fn previews_are_deterministic_and_leave_the_scenario_unchanged(p in plan(), failed in any::<bool>()) {
        let (s, id, route) = build(&p);
        let copy = s.clone();
        let act = if failed {
            Activation::Failed
        } else {
            Activation::Ordered(Order::Move { distance_in: p.distance, route })
        };
        let a = column::preview(&s, id, act.clone()).expect("preview");
        let b = column::preview(&s, id, act).expect("preview");
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(serde_json::to_string(&a).expect("json"), serde_json::to_string(&b).expect("json"));
        prop_assert_eq!(&s, &copy);
        if failed {
            prop_assert!((a.moved_in - 6.0).abs() < 1e-3, "a failed order moves the full allowance");
        }
    }
}
