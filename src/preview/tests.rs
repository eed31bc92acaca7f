//! Previews on the sample scenarios, against the engines they read.

use super::*;
use crate::edit::Document;
use crate::edit::ops::outcome;
use crate::geom::Point;
use crate::model::*;
use crate::rules::hex_commands::HexRules;
use crate::rules::m42::MoveType;
use crate::rules::m42::{self, Options};
use crate::rules::orders::OrderRequest;
use crate::rules::orders::{self, Action};
use crate::scene::layout;

fn sample(name: &str) -> Scenario {
    crate::samples::named(name)
}

fn unit(s: &Scenario, name: &str) -> UnitId {
    s.find_unit(name)
        .unwrap_or_else(|| panic!("no unit {name}"))
        .id
}

fn open(s: &Scenario, name: &str, mode: Choice) -> Overlay {
    compute(s, &Request::new(unit(s, name), mode)).expect("preview")
}

fn leader_pos(s: &Scenario, name: &str) -> Point {
    s.unit(unit(s, name))
        .and_then(|u| u.leader())
        .expect("a leader model")
        .pos
}

/// Points on a lattice of `step` inches within `r` of `c`.
fn around(c: Point, r: f32, step: f32) -> Vec<Point> {
    let n = (r / step) as i32;
    let mut v = Vec::new();
    for y in -n..=n {
        for x in -n..=n {
            let p = c + Point::new(x as f32 * step, y as f32 * step);
            if p.distance(c) <= r {
                v.push(p);
            }
        }
    }
    v
}

#[test]
fn hex_hover_says_what_the_engine_says_for_every_hex() {
    let s = sample("winceby");
    let name = "Manchester's Regiment of Horse";
    let o = open(&s, name, Choice::HexMove(None));
    let engine = HexRules::new(&s)
        .expect("hex rules")
        .preview(unit(&s, name), None)
        .expect("engine preview");
    let probe = o.hex_preview().expect("a hex probe");
    assert_eq!(probe.hexes.len(), engine.hexes.len());
    let layout = layout(s.map.as_hex().expect("hex map"));
    let (mut legal, mut refused) = (0, 0);
    for v in &engine.hexes {
        if v.hex == engine.start {
            continue;
        }
        let h = o
            .hover(&s, layout.hex_to_world_pos(v.hex))
            .expect("every reached hex answers");
        match &v.reason {
            None => {
                legal += 1;
                assert_eq!(h.legal, Some(true), "{}", h.text);
                assert!(h.text.starts_with("legal: "), "{}", h.text);
                assert!(h.text.contains(&format!("{} MP", v.cost)), "{}", h.text);
            }
            Some(r) => {
                refused += 1;
                assert_eq!(h.legal, Some(false), "{}", h.text);
                assert!(h.text.contains(&r.to_string()), "{} / {r}", h.text);
            }
        }
        // The drawn route ends at the hex hovered.
        if let Some(last) = h.path.last() {
            assert!(last.distance(layout.hex_to_world_pos(v.hex)) < 1e-3);
        }
    }
    // Manchester's Horse starts in the dragoons' zone and must charge: it may not simply move
    // away, so every hex it reaches is refused with the engine's reason.
    assert_eq!(legal, 0);
    assert_eq!(
        refused,
        engine
            .rejected()
            .filter(|(v, _)| v.hex != engine.start)
            .count()
    );
    assert!(refused > 0);
}

#[test]
fn hex_ghost_is_legal_only_where_the_engine_allows_and_faces_the_last_step() {
    let s = sample("winceby");
    let l = layout(s.map.as_hex().expect("hex map"));
    let mut checked = (0, 0);
    for u in s
        .units
        .iter()
        .filter(|u| u.is_combat_unit() && u.hex().is_some())
    {
        let Ok(o) = compute(&s, &Request::new(u.id, Choice::HexMove(None))) else {
            continue;
        };
        let p = o.hex_preview().expect("probe").clone();
        if let Some(v) = p.legal().find(|v| v.hex != p.start) {
            let g = o.ghost(&s, l.hex_to_world_pos(v.hex)).expect("ghost");
            assert!(g.legal, "{}: {}", u.name, g.text);
            let (hex, facing) = g.unit.hex().expect("on the map");
            assert_eq!(hex, v.hex);
            let path = p.path(v.hex).expect("path");
            if path.len() >= 2 {
                let d = path[path.len() - 2]
                    .neighbor_direction(path[path.len() - 1])
                    .expect("adjacent steps");
                assert_eq!(facing, d.index());
            }
            checked.0 += 1;
        }
        if let Some((v, _)) = p.rejected().next() {
            let g = o.ghost(&s, l.hex_to_world_pos(v.hex)).expect("ghost");
            assert!(!g.legal, "{}: {}", u.name, g.text);
            checked.1 += 1;
        }
        // Dropping it back where it stands is no move.
        let g = o.ghost(&s, l.hex_to_world_pos(p.start)).expect("ghost");
        assert!(!g.legal);
    }
    assert!(checked.0 >= 3 && checked.1 >= 3, "{checked:?}");
}

#[test]
fn hex_span_marks_every_unit_of_the_force_in_or_out_of_command() {
    let s = sample("winceby");
    let leaders: Vec<&Unit> = s
        .units
        .iter()
        .filter(|u| u.is_leader() && u.hex().is_some())
        .collect();
    assert!(!leaders.is_empty());
    let mut marks = 0;
    for l in leaders {
        let o = compute(&s, &Request::new(l.id, Choice::HexSpan)).expect("span");
        assert!(!o.items.is_empty(), "{} draws his span", l.name);
        for m in &o.marks {
            let h = o.hover(&s, m.at).expect("a mark answers hovering");
            assert_eq!(h.text, m.text);
            assert_eq!(h.legal, None);
            assert!(
                h.text.contains("in command") || h.text.contains("out of command"),
                "{}",
                h.text
            );
            marks += 1;
        }
    }
    assert!(marks > 0);
}

#[test]
fn m42_hover_agrees_with_the_full_preview_destination() {
    let s = sample("patrol");
    let name = "1st Rifle Section";
    let id = unit(&s, name);
    let o = open(&s, name, Choice::M42(MoveType::Advance));
    let start = leader_pos(&s, name);
    let (mut legal, mut refused, mut far) = (0, 0, 0);
    for p in around(start, 9.0, 1.5) {
        let h = o.hover(&s, p).expect("a verdict");
        if h.text.starts_with("too far") {
            far += 1;
            assert_eq!(h.legal, Some(false));
            continue;
        }
        let full = m42::preview(
            &s,
            id,
            MoveType::Advance,
            Options {
                leader: None,
                to: Some(p),
            },
        )
        .expect("preview")
        .destination
        .expect("a destination was asked");
        let cheap = m42::check_destination(&s, id, MoveType::Advance, None, p).expect("check");
        assert_eq!(cheap.verdict.is_ok(), full.verdict.is_ok(), "at {p:?}");
        assert_eq!(cheap.assault, full.assault);
        match &full.verdict {
            Ok(route) => {
                legal += 1;
                assert_eq!(h.legal, Some(true), "{}", h.text);
                assert!(route.length_in <= 6.0 + 1e-3);
                assert!(h.path.last().expect("route").distance(p) < 0.02);
            }
            Err(why) => {
                refused += 1;
                assert_eq!(h.legal, Some(false));
                assert_eq!(h.text, format!("cannot end here: {why}"));
            }
        }
    }
    assert!(
        legal > 10 && refused > 0 && far > 0,
        "{legal} {refused} {far}"
    );
}

#[test]
fn m42_refused_move_says_why_everywhere() {
    let s = sample("patrol");
    let o = open(&s, "Gruppe Vogel", Choice::M42(MoveType::AtTheDouble));
    let c = choices(&s, unit(&s, "Gruppe Vogel"));
    let refused = c
        .iter()
        .find(|c| c.choice == Choice::M42(MoveType::AtTheDouble))
        .and_then(|c| c.refused.as_ref().map(ToString::to_string))
        .expect("At the Double is refused");
    let h = o
        .hover(&s, leader_pos(&s, "Gruppe Vogel") + Point::new(1.0, 0.0))
        .expect("verdict");
    assert_eq!(h.legal, Some(false));
    assert!(h.text.contains(&refused), "{} / {refused}", h.text);
    assert!(o.lines.iter().any(|l| l.tone == Tone::Bad));
}

#[test]
fn m42_ghost_then_followers_make_one_valid_edit() {
    let s = sample("patrol");
    let name = "1st Rifle Section";
    let id = unit(&s, name);
    let o = open(&s, name, Choice::M42(MoveType::Advance));
    let start = leader_pos(&s, name);
    let to = around(start, 5.0, 1.0)
        .into_iter()
        .filter(|p| p.distance(start) > 3.0)
        .find(|p| o.ghost(&s, *p).is_some_and(|g| g.legal))
        .expect("somewhere legal 3-5\" away");
    let g = o.ghost(&s, to).expect("ghost");
    let pending = o.place_followers(&s, &g).expect("a section has followers");
    assert_eq!(pending.unit.id, id);
    assert!(
        pending.problems(&s).is_empty(),
        "{:?}",
        pending.problems(&s)
    );
    // Pulling a follower far outside its landing region is refused with the rule.
    let f = pending.followers[0].model;
    let mut moved = pending.clone();
    let err = moved
        .move_follower(&s, f, start + Point::new(30.0, 0.0))
        .expect_err("30\" away is out of reach");
    assert!(!err.to_string().is_empty());
    assert_eq!(moved.unit, pending.unit, "a refused drag changes nothing");
    // Committing is one undoable edit that leaves the scenario valid.
    let mut doc = Document::new(s.clone(), None);
    doc.apply(&pending.label, outcome::unit(pending.unit.clone()))
        .expect("commit");
    assert!(doc.scenario().validate().is_empty());
    let after = doc.scenario().unit(id).expect("unit");
    assert_eq!(after.leader().expect("leader").pos, to);
    assert!(doc.undo().is_some());
    assert_eq!(doc.scenario().unit(id), s.unit(id));
}

#[test]
fn m42_leader_region_holds_the_legal_ghosts() {
    let s = sample("patrol");
    let name = "1st Rifle Section";
    let id = unit(&s, name);
    let region = table::leader_region(&s, id, MoveType::Advance).expect("region");
    let o = open(&s, name, Choice::M42(MoveType::Advance));
    let start = leader_pos(&s, name);
    let mut agree = 0;
    for p in around(start, 7.0, 0.7) {
        let Some(e) = region.excess_at(p) else {
            continue;
        };
        // Away from the region's edge the drawn region and the destination check agree.
        if e.abs() < 0.15 {
            continue;
        }
        let g = o.ghost(&s, p).expect("ghost");
        if g.text.contains("base") || g.text.contains("overlap") {
            continue; // ending on another base: the region is about reach, not bases
        }
        assert_eq!(g.legal, e <= 0.0, "at {p:?}: {} (excess {e})", g.text);
        agree += 1;
    }
    assert!(agree > 50, "{agree}");
}

#[test]
fn orders_hover_agrees_with_the_full_preview_destination() {
    let s = sample("skirmish");
    let name = "The Bowery Boys";
    let id = unit(&s, name);
    let o = open(&s, name, Choice::Orders(Action::AtTheDouble));
    let start = leader_pos(&s, name);
    let (mut legal, mut refused) = (0, 0);
    for p in around(start, 14.0, 2.0) {
        let Some(h) = o.hover(&s, p) else { continue };
        if h.text.starts_with("too far") {
            continue;
        }
        let full = orders::preview(&s, OrderRequest::new(id, Action::AtTheDouble).to(p))
            .expect("preview")
            .destination
            .expect("asked");
        let cheap = orders::check_destination(&s, OrderRequest::new(id, Action::AtTheDouble).to(p))
            .expect("check")
            .expect("asked");
        assert_eq!(cheap.legal, full.legal, "at {p:?}");
        assert_eq!(
            cheap.reason.as_ref().map(|r| &r.text),
            full.reason.as_ref().map(|r| &r.text)
        );
        assert_eq!(h.legal, Some(full.legal), "{}", h.text);
        if full.legal {
            legal += 1;
        } else {
            refused += 1;
            let why = full.reason.expect("a refusal says why").text;
            assert!(h.text.contains(&why), "{} / {why}", h.text);
        }
    }
    assert!(legal > 5 && refused > 0, "{legal} {refused}");
}

#[test]
fn orders_followers_keep_formation_and_commit_valid() {
    let s = sample("skirmish");
    let name = "The Bowery Boys";
    let id = unit(&s, name);
    let o = open(&s, name, Choice::Orders(Action::Advance));
    let start = leader_pos(&s, name);
    let to = around(start, 4.0, 0.5)
        .into_iter()
        .filter(|p| p.distance(start) > 2.0)
        .find(|p| o.ghost(&s, *p).is_some_and(|g| g.legal))
        .expect("somewhere legal 2-4\" away");
    let g = o.ghost(&s, to).expect("ghost");
    let pending = o.place_followers(&s, &g).expect("a gang has followers");
    assert!(
        pending.problems(&s).is_empty(),
        "{:?}",
        pending.problems(&s)
    );
    let mut doc = Document::new(s.clone(), None);
    doc.apply(&pending.label, outcome::unit(pending.unit.clone()))
        .expect("commit");
    assert!(doc.scenario().validate().is_empty());
    assert_eq!(
        doc.scenario()
            .unit(id)
            .and_then(|u| u.leader())
            .map(|m| m.pos),
        Some(to)
    );
}

#[test]
fn column_move_edits_apply_and_march_the_column() {
    let s = sample("bakambo");
    let column = s.columns.first().expect("a column");
    let lead = column.members.first().expect("a lead unit").unit;
    let before = s.unit(lead).expect("lead").clone();
    let o = compute(
        &s,
        &Request::new(lead, Choice::Column(column.id, ColumnChoice::Move)),
    )
    .expect("column preview");
    assert!(!o.lines.is_empty());
    let edits = outcome::column(
        o.column_outcome(&s)
            .expect("a column preview has an outcome")
            .expect("the move is legal"),
    );
    let mut doc = Document::new(s.clone(), None);
    doc.apply("Column: Move", edits).expect("apply");
    assert!(doc.scenario().validate().is_empty());
    assert_ne!(doc.scenario().unit(lead), Some(&before), "the lead moved");
}

#[test]
fn sight_line_names_what_blocks_it() {
    let s = sample("skirmish");
    let a = leader_pos(&s, "Inspector Bucket");
    let b = leader_pos(&s, "Jack Sheppard");
    let line = sight::sight_line(&s, a, b).expect("a table");
    assert!(!line.clear);
    assert!(line.text.contains("Pike's Farm"), "{}", line.text);
    assert!(
        line.text
            .starts_with("Inspector Bucket cannot see Jack Sheppard")
    );
    assert!(!line.items.is_empty());
    assert!(sight::sight_line(&sample("winceby"), a, b).is_none());
}

#[test]
fn choices_follow_the_ruleset_and_say_what_is_refused() {
    let s = sample("winceby");
    let cromwell = unit(&s, "Oliver Cromwell");
    let c = choices(&s, cromwell);
    assert_eq!(c.first().map(|c| c.choice), Some(Choice::HexSpan));
    assert!(c.iter().any(|c| c.choice == Choice::HexMove(None)));
    let s = sample("patrol");
    let c = choices(&s, unit(&s, "MG 34 Team"));
    let advance = c
        .iter()
        .find(|c| c.choice == Choice::M42(MoveType::Advance))
        .expect("offered");
    assert!(advance.refused.is_some());
    let dig = c
        .iter()
        .find(|c| c.choice == Choice::M42(MoveType::DigIn))
        .expect("offered");
    assert!(dig.refused.is_none());
    assert!(compute(&s, &Request::new(UnitId(9999), Choice::HexSpan)).is_err());
}

/// Refused places are hatched lightly, never washed over the map: the full shade is kept apart
/// for the toggle, and hovering one shows that place in full.
#[test]
fn refused_hexes_are_hatched_and_shaded_in_full_only_on_request() {
    let s = sample("winceby");
    let name = "Cromwell's Regiment of Horse";
    let o = open(&s, name, Choice::HexMove(None));
    let fills = |items: &[crate::scene::Item], c: Colour| {
        items.iter().any(|i| match i {
            crate::scene::Item::Mesh(m) => m.colours.contains(&c),
            _ => false,
        })
    };
    assert!(fills(&o.items, draw::LEGAL), "legal hexes are filled");
    assert!(
        fills(&o.items, draw::REJECTED_HATCH),
        "refused hexes are hatched"
    );
    assert!(!fills(&o.items, draw::REJECTED), "no full shade by default");
    assert!(
        fills(&o.refused, draw::REJECTED),
        "the full shade is there to ask for"
    );
    let probe = o.hex_preview().expect("a hex probe");
    let l = layout(s.map.as_hex().expect("hex"));
    // A refused hex with nothing else to say (no unit or mark there).
    let hover = probe
        .rejected()
        .filter_map(|(v, _)| o.hover(&s, l.hex_to_world_pos(v.hex)))
        .find(|h| h.legal == Some(false))
        .expect("a refused hex answered as refused");
    assert!(matches!(
        hover.items().first(),
        Some(crate::scene::Item::Line { stroke, closed: true, .. })
            if stroke.colour == draw::REJECTED_EDGE
    ));
}

#[test]
fn hatching_stays_inside_its_polygon() {
    let square = [
        Point::new(0.0, 0.0),
        Point::new(4.0, 0.0),
        Point::new(4.0, 4.0),
        Point::new(0.0, 4.0),
    ];
    let mut m = crate::scene::Mesh::default();
    draw::hatch_convex(&mut m, &square, 1.0, 0.01, draw::REJECTED_HATCH);
    assert!(!m.positions.is_empty());
    for p in &m.positions {
        assert!(
            (-0.02..=4.02).contains(&p.x) && (-0.02..=4.02).contains(&p.y),
            "{p:?}"
        );
    }
}

/// R5 (004): a leader under a charge chit may change early to Muster without the trigger's
/// losses, and his span preview says so instead of "trigger not met".
#[test]
fn r5_a_charging_leader_is_told_muster_is_open_not_that_the_trigger_is_unmet() {
    let mut s = sample("winceby");
    let leader = s
        .units
        .iter()
        .find(|u| u.leadership.is_some())
        .expect("a leader")
        .id;
    for (chit, open) in [(Command::Charge1, true), (Command::Reserve, false)] {
        if let Some(l) = s
            .units
            .iter_mut()
            .find(|u| u.id == leader)
            .and_then(|u| u.leadership.as_mut())
        {
            l.command = chit;
        }
        let o = compute(&s, &Request::new(leader, Choice::HexSpan)).expect("span preview");
        let said = |t: &str| o.lines.iter().any(|l| l.text.contains(t));
        assert_eq!(
            said("Muster open: a charge may end early"),
            open,
            "{chit:?}"
        );
        assert_eq!(said("Muster trigger"), !open, "{chit:?}");
    }
}

/// Bakambo's column, ordered to move straight on: its preview.
fn bakambo_column_move() -> Overlay {
    let s = sample("bakambo");
    let column = s.columns.first().expect("a column");
    let lead = column.members.first().expect("a lead unit").unit;
    compute(
        &s,
        &Request::new(lead, Choice::Column(column.id, ColumnChoice::Move)),
    )
    .expect("column preview")
}

/// A column move names each unit beside its bases, clear of every base where the column ends
/// (at the unit's front, the names lay over its models and the next unit's).
#[test]
fn column_move_names_stand_clear_of_every_base() {
    let o = bakambo_column_move();
    let bases: Vec<crate::geom::Footprint> = o
        .items
        .iter()
        .filter_map(|i| match i {
            crate::scene::Item::Circle {
                centre,
                radius,
                fill: Some(f),
                ..
            } if [draw::LEGAL, draw::REJECTED].contains(f) => {
                Some(crate::geom::Footprint::Circle {
                    centre: *centre,
                    radius: *radius,
                })
            }
            _ => None,
        })
        .collect();
    let names: Vec<(String, crate::geom::Point)> = o
        .items
        .iter()
        .filter_map(|i| match i {
            crate::scene::Item::Text { text, pos, .. } => Some((text.clone(), *pos)),
            _ => None,
        })
        .collect();
    assert!(!names.is_empty() && !bases.is_empty());
    for (name, at) in names {
        for b in &bases {
            assert!(
                b.signed_distance_to_point(at) > 0.2,
                "{name} hangs from {at:?}, on a base at {b:?}"
            );
        }
    }
}

/// The units a column move leaves off the table all wait at the entry point: one label there
/// names every one of them, in column order (one label each stacked on one spot, and all but
/// one or two were crowded out on screen).
#[test]
fn column_move_names_every_unit_left_off_the_table_in_one_label() {
    let o = bakambo_column_move();
    let texts: Vec<&str> = o
        .items
        .iter()
        .filter_map(|i| match i {
            crate::scene::Item::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    let waiting: Vec<&&str> = texts
        .iter()
        .filter(|t| t.starts_with("Still off the table: "))
        .collect();
    assert_eq!(waiting.len(), 1, "{texts:?}");
    let porters = waiting[0].find("Porters").expect("the porters are named");
    let gun = waiting[0].find("Gardner Gun").expect("the gun is named");
    assert!(porters < gun, "in column order: {}", waiting[0]);
    assert!(
        !texts.iter().any(|t| t.ends_with(". Porters")),
        "no second label of its own: {texts:?}"
    );
}

/// M42, a section's move waiting for its followers: the leader's line runs from where he stands
/// to his new place; followers at the engine's suggestion are dashed until the player places
/// them; one put back where it stood, out of coherency with the moved section, is left behind
/// and ringed.
#[test]
fn m42_waiting_followers_show_placed_suggested_and_left_behind() {
    use crate::scene::Item;
    let s = sample("patrol");
    let name = "1st Rifle Section";
    let o = open(&s, name, Choice::M42(MoveType::Advance));
    let start = leader_pos(&s, name);
    let to = around(start, 5.0, 1.0)
        .into_iter()
        .filter(|p| p.distance(start) > 4.0)
        .find(|p| o.ghost(&s, *p).is_some_and(|g| g.legal))
        .expect("somewhere legal 4-5\" away");
    let g = o.ghost(&s, to).expect("ghost");
    let mut pending = o.place_followers(&s, &g).expect("a section has followers");
    let dashed = |p: &super::Pending, m: ModelId| {
        let at = p.unit.model(m).expect("model").pos;
        p.items(&s).iter().any(|i| match i {
            Item::Circle {
                centre,
                stroke: Some(st),
                fill: Some(_),
                ..
            } => *centre == at && st.dash.is_some(),
            _ => false,
        })
    };
    let leader_line = pending.items(&s).iter().any(|i| {
        matches!(i, Item::Line { points, .. } if points.first() == Some(&start) && points.last() == Some(&to))
    });
    assert!(leader_line, "the leader's line from where he stands");
    let f = pending.followers[0].model;
    assert!(pending.placed.is_empty());
    assert!(dashed(&pending, f), "a suggested place is dashed");
    let here = pending.unit.model(f).expect("model").pos;
    pending
        .move_follower(&s, f, here)
        .expect("its suggested place is legal");
    assert_eq!(pending.placed, vec![f]);
    assert!(!dashed(&pending, f), "a placed follower is solid");
    assert!(pending.left_behind(&s).is_empty());
    // Put back where it stood, 4" and more behind the section: left behind.
    let was = s
        .unit(pending.unit.id)
        .and_then(|u| u.model(f))
        .expect("model")
        .pos;
    if let Some(m) = pending.unit.models.iter_mut().find(|m| m.id == f) {
        m.pos = was;
    }
    assert_eq!(pending.left_behind(&s), vec![f]);
    assert!(
        pending
            .items(&s)
            .iter()
            .any(|i| matches!(i, Item::Text { text, .. } if text == "left behind"))
    );
}
