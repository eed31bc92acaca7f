//! Texts on the map never lie over one another: with any rule preview of any unit of the five
//! samples open, the names of places, zones and columns, the units' names, the hex numbers and
//! the preview's own labels each keep a place of their own on the canvas; and opening a preview
//! takes no unit's name away, and no unit's name lies on another unit. A stack shows every
//! name; a lone base is named zoomed out.

use egui::{Rect, Shape};
use egui_kittest::kittest::Queryable;
use sandtable::app::command::Command;
use sandtable::model::*;
use sandtable::preview;

#[path = "common/harness.rs"]
mod harness;
use harness::{Editor, editor, sample};

/// The texts painted on the map canvas in the last frame, with their screen rectangles.
fn map_texts(e: &Editor) -> Vec<(String, Rect)> {
    let canvas = e.h.get_by_label("Map canvas").rect();
    fn walk(shape: &Shape, out: &mut Vec<(String, Rect)>) {
        match shape {
            Shape::Text(t) => out.push((t.galley.text().to_string(), t.visual_bounding_rect())),
            Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for c in &e.h.output().shapes {
        if c.clip_rect == canvas {
            walk(&c.shape, &mut out);
        }
    }
    out.retain(|(text, r)| !text.trim().is_empty() && canvas.intersects(*r));
    out
}

/// The first pair of texts that overlap (by more than a sliver of anti-aliasing).
fn overlapping(texts: &[(String, Rect)]) -> Option<String> {
    for (i, (a, ra)) in texts.iter().enumerate() {
        for (b, rb) in &texts[i + 1..] {
            let o = ra.intersect(*rb);
            if o.width() > 0.5 && o.height() > 0.5 {
                return Some(format!("{a:?} at {ra:?} and {b:?} at {rb:?}"));
            }
        }
    }
    None
}

/// The first of the map's names (an objective's, a zone's, a column's) among `texts` that lies
/// across a unit's counter or base as the editor draws them: over it, and not inside it.
fn name_across_a_unit(e: &Editor, texts: &[(String, Rect)]) -> Option<String> {
    let s = e.s();
    let names: std::collections::HashSet<&str> = s
        .objectives
        .iter()
        .map(|o| o.name.as_str())
        .chain(s.zones.iter().map(|z| z.name.as_str()))
        .chain(s.columns.iter().map(|c| c.name.as_str()))
        .filter(|n| !n.trim().is_empty())
        .collect();
    let view = &e.app().view;
    let bodies: Vec<Rect> = sandtable::scene::unit_boxes(s, &sandtable::scene::Style::default())
        .into_iter()
        .map(|b| Rect::from_two_pos(view.to_screen(b.min), view.to_screen(b.max)))
        .collect();
    texts
        .iter()
        .filter(|(t, _)| names.contains(t.as_str()))
        .find_map(|(t, r)| {
            let body = bodies
                .iter()
                .find(|b| b.shrink(0.5).intersects(*r) && !b.expand(1.0).contains_rect(*r))?;
            Some(format!("{t:?} at {r:?} across the unit at {body:?}"))
        })
}

/// The units' names among `texts` (a stack's label holds one a line), as the map writes them.
fn unit_names(e: &Editor, texts: &[(String, Rect)]) -> std::collections::BTreeSet<String> {
    let s = e.s();
    let names: std::collections::HashSet<String> = s
        .units
        .iter()
        .flat_map(|u| [u.name.clone(), u.name.replace(" Regiment of ", " ")])
        .collect();
    texts
        .iter()
        .flat_map(|(t, _)| t.lines().map(str::to_string).collect::<Vec<_>>())
        .filter(|l| names.contains(l))
        .collect()
}

/// The first unit name among `texts` lying on a unit's counter or base, or on an objective's
/// star (a point and a half in from its edge, as the labels keep clear of their own).
fn unit_name_on_a_unit(e: &Editor, texts: &[(String, Rect)]) -> Option<String> {
    let view = &e.app().view;
    let style = sandtable::scene::Style::default();
    let bodies: Vec<Rect> = sandtable::scene::unit_boxes(e.s(), &style)
        .into_iter()
        .chain(sandtable::scene::objective_boxes(e.s(), &style))
        .map(|b| Rect::from_two_pos(view.to_screen(b.min), view.to_screen(b.max)).shrink(1.5))
        .collect();
    let named = unit_names(e, texts);
    texts
        .iter()
        .filter(|(t, _)| t.lines().any(|l| named.contains(l)))
        .find_map(|(t, r)| {
            let body = bodies.iter().find(|b| b.intersects(*r))?;
            Some(format!("{t:?} at {r:?} on the unit at {body:?}"))
        })
}

/// On a table, the first of the preview's texts (the texts not on the map before it opened)
/// lying on a unit's base or across the selected unit's frame, drawn under them both.
fn preview_text_on_a_base(
    e: &Editor,
    selected: UnitId,
    before: &std::collections::HashSet<String>,
    texts: &[(String, Rect)],
) -> Option<String> {
    if e.s().map.is_hex() {
        return None;
    }
    let view = &e.app().view;
    let boxes = sandtable::scene::unit_boxes_by_id(e.s(), &sandtable::scene::Style::default());
    let screen = |b: &sandtable::geom::Aabb| {
        Rect::from_two_pos(view.to_screen(b.min), view.to_screen(b.max))
    };
    // The frame stands 5 points out from the unit's bases, 2.5 points wide.
    let frame = boxes
        .iter()
        .filter(|(id, _)| *id == selected)
        .fold(Rect::NOTHING, |r, (_, b)| r.union(screen(b)))
        .expand(7.5);
    texts
        .iter()
        .filter(|(t, _)| !before.contains(t))
        .find_map(|(t, r)| {
            if frame.is_positive() && frame.intersects(*r) {
                return Some(format!(
                    "{t:?} at {r:?} across the selection's frame {frame:?}"
                ));
            }
            let (id, b) = boxes
                .iter()
                .find(|(_, b)| screen(b).shrink(0.5).intersects(*r))?;
            Some(format!("{t:?} at {r:?} on unit {id}'s base at {b:?}"))
        })
}

fn perform(e: &mut Editor, c: Command) {
    let ctx = e.h.ctx.clone();
    e.h.state_mut().perform(&ctx, c);
    e.h.run();
    e.h.run();
}

#[test]
fn no_text_on_the_map_lies_over_another_with_any_preview_open() {
    let mut looked = 0;
    for name in ["bakambo", "winceby", "rearguard", "patrol", "skirmish"] {
        let s = sample(name);
        let mut e = editor(s.clone());
        if let Some(clash) = overlapping(&map_texts(&e)) {
            panic!("{name}, no preview: {clash}");
        }
        if let Some(clash) = unit_name_on_a_unit(&e, &map_texts(&e)) {
            panic!("{name}, no preview: {clash}");
        }
        // Every unit on the map with a preview the rules allow, a dozen a sample at most.
        let units: Vec<UnitId> = s
            .units
            .iter()
            .filter(|u| u.in_play() && (u.hex().is_some() || u.on_table()))
            .map(|u| u.id)
            .take(12)
            .collect();
        for u in units {
            e.h.state_mut().selection = vec![ItemRef::Unit(u)];
            e.h.run();
            let before: std::collections::HashSet<String> =
                map_texts(&e).into_iter().map(|(t, _)| t).collect();
            let named = unit_names(&e, &map_texts(&e));
            for c in preview::choices(e.s(), u)
                .into_iter()
                .filter(|c| c.refused.is_none())
            {
                perform(&mut e, Command::OpenPreview(c.choice));
                let texts = map_texts(&e);
                if let Some(clash) = overlapping(&texts) {
                    panic!("{name}, unit {u}, preview {:?}: {clash}", c.choice);
                }
                if let Some(clash) = name_across_a_unit(&e, &texts) {
                    panic!("{name}, unit {u}, preview {:?}: {clash}", c.choice);
                }
                if let Some(clash) = unit_name_on_a_unit(&e, &texts) {
                    panic!("{name}, unit {u}, preview {:?}: {clash}", c.choice);
                }
                if let Some(clash) = preview_text_on_a_base(&e, u, &before, &texts) {
                    panic!("{name}, unit {u}, preview {:?}: {clash}", c.choice);
                }
                let now = unit_names(&e, &texts);
                let lost: Vec<_> = named.difference(&now).collect();
                assert!(
                    lost.is_empty(),
                    "{name}, unit {u}, preview {:?}: names lost {lost:?}",
                    c.choice
                );
                looked += 1;
            }
            perform(&mut e, Command::ClosePreview);
        }
    }
    assert!(looked > 20, "only {looked} previews looked at");
}

#[test]
fn a_name_of_the_map_gives_way_to_a_counter_moved_under_it() {
    // Winceby: Cromwell's Regiment of Horse moved to 1309, beside the village objective, whose
    // name hangs below its star across that hex.
    let before = sample("winceby");
    let mut s = before.clone();
    let hex = s
        .map
        .as_hex()
        .and_then(|h| h.hex_of_label("1309"))
        .expect("hex 1309");
    let unit = s
        .units
        .iter_mut()
        .find(|u| u.name == "Cromwell's Regiment of Horse")
        .expect("Cromwell's Horse");
    let id = unit.id;
    let facing = unit.hex().map_or(0, |(_, f)| f);
    unit.position = Position::Hex { hex, facing };
    let village = "Winceby village";
    let mut e = editor(s);
    e.h.state_mut().selection = vec![ItemRef::Unit(id)];
    // Centred on the unit, close enough for its name; then closer still.
    perform(&mut e, Command::CentreOn(id));
    let counter = {
        let boxes = sandtable::scene::unit_boxes(e.s(), &sandtable::scene::Style::default());
        let i = e
            .s()
            .units
            .iter()
            .filter(|u| u.in_play())
            .position(|u| u.id == id);
        boxes[i.expect("in play")]
    };
    for step in 0..3 {
        if step > 0 {
            perform(&mut e, Command::Zoom(1.25));
        }
        // The same view of the scenario as it was: there the village's name is drawn, across
        // the hex the counter now stands in.
        let mut e0 = editor(before.clone());
        e0.h.state_mut().view = e.app().view;
        e0.h.run();
        let view = &e.app().view;
        let body = Rect::from_two_pos(view.to_screen(counter.min), view.to_screen(counter.max));
        let name = map_texts(&e0)
            .into_iter()
            .find(|(t, _)| t == village)
            .map(|(_, r)| r)
            .expect("the village's name, where it is clear");
        assert!(
            name.intersects(body),
            "zoom step {step}: the name {name:?} would lie across the counter {body:?}"
        );
        let texts = map_texts(&e);
        assert!(
            texts.iter().any(|(t, _)| t == "6"),
            "zoom step {step}: the counter's own strength still shows: {texts:?}"
        );
        if let Some(clash) = name_across_a_unit(&e, &texts) {
            panic!("zoom step {step}: {clash}");
        }
    }
}

/// Two units stacked on one hex are both named, a line each, under the stack.
#[test]
fn a_stack_on_a_hex_shows_every_units_name() {
    let (s, ids, _) = harness::winceby_stack(2);
    let mut e = editor(s);
    perform(&mut e, Command::CentreOn(ids[0]));
    let names = unit_names(&e, &map_texts(&e));
    for id in ids {
        let n = e
            .s()
            .unit(id)
            .expect("unit")
            .name
            .replace(" Regiment of ", " ");
        assert!(names.contains(&n), "{n} missing from {names:?}");
    }
}

/// A unit of a single base keeps its name on a table fitted in the window at about 8 points
/// to the inch (zoom 9% of the printed size).
#[test]
fn a_lone_base_is_named_on_a_table_zoomed_out_to_fit() {
    let s = sample("skirmish");
    let lone = s
        .units
        .iter()
        .find(|u| u.on_table() && u.in_play() && u.models.len() == 1)
        .expect("a single-model unit")
        .clone();
    let mut e = editor(s);
    perform(&mut e, Command::CentreOn(lone.id));
    let zoom = e.app().view.zoom;
    perform(&mut e, Command::Zoom(8.2 / zoom));
    assert!((e.app().view.zoom - 8.2).abs() < 0.01);
    let names = unit_names(&e, &map_texts(&e));
    assert!(
        names.contains(&lone.name),
        "{} missing from {names:?}",
        lone.name
    );
}

/// Zoomed in on Winceby's centre, where counters stand in neighbouring hexes, no unit's name
/// hangs over another unit's counter: each goes above its counter, or is left out.
/// No unit's name lies on another unit's counter, nor on an objective's star, at the zooms
/// from the sample's own to four steps in.
#[test]
fn no_units_name_lies_on_another_units_counter_or_an_objectives_star() {
    let s = sample("winceby");
    let id = s
        .find_unit("Manchester's Regiment of Horse")
        .or_else(|| s.units.iter().find(|u| u.is_combat_unit()))
        .expect("a unit")
        .id;
    let mut e = editor(s);
    perform(&mut e, Command::CentreOn(id));
    let mut named = 0;
    for step in 0..4 {
        if step > 0 {
            perform(&mut e, Command::Zoom(1.25));
        }
        let texts = map_texts(&e);
        named = named.max(unit_names(&e, &texts).len());
        if let Some(clash) = unit_name_on_a_unit(&e, &texts) {
            panic!("zoom step {step}: {clash}");
        }
    }
    assert!(named >= 4, "units are named at these zooms ({named})");
}

/// Where counters crowd (Winceby's dragoons beside Cromwell's horse), every unit whose counter
/// is in view keeps its name: a label whose places below and above are taken hangs to one side
/// or beside its counter, and one at the canvas's edge slides into view, rather than being left
/// out. Nothing overlaps while they do.
#[test]
fn every_unit_in_view_keeps_its_name_where_counters_crowd() {
    let s = sample("winceby");
    let dragoons = s
        .units
        .iter()
        .find(|u| u.name.contains("Dragoons") && u.hex().is_some())
        .expect("Winceby's dragoons")
        .id;
    let mut e = editor(s);
    perform(&mut e, Command::CentreOn(dragoons));
    let canvas = e.h.get_by_label("Map canvas").rect();
    for step in 0..4 {
        if step > 0 {
            perform(&mut e, Command::Zoom(1.25));
        }
        let texts = map_texts(&e);
        let named = unit_names(&e, &texts);
        let view = &e.app().view;
        let s = e.s();
        let boxes = sandtable::scene::unit_boxes(s, &sandtable::scene::Style::default());
        let on_map = s.units.iter().filter(|u| u.in_play() && u.hex().is_some());
        for (u, b) in on_map.zip(boxes) {
            let r = Rect::from_two_pos(view.to_screen(b.min), view.to_screen(b.max));
            if !canvas.contains_rect(r) {
                continue;
            }
            let short = u.name.replace(" Regiment of ", " ");
            assert!(
                named.contains(&short),
                "zoom step {step} ({:.1}): {short} is in view but not named; named {named:?}",
                view.zoom
            );
        }
        if let Some(clash) = overlapping(&texts) {
            panic!("zoom step {step}: {clash}");
        }
        if let Some(clash) = unit_name_on_a_unit(&e, &texts) {
            panic!("zoom step {step}: {clash}");
        }
    }
}

/// Zoomed out and in from the fitted view, step by step, the map's texts still keep a place
/// each and no unit's name lies on a unit: the labels are placed for the zoom shown, not only
/// for the first.
#[test]
fn no_text_on_the_map_lies_over_another_at_any_zoom() {
    for name in ["bakambo", "winceby", "rearguard", "patrol", "skirmish"] {
        for (factor, steps) in [(0.8_f32, 4), (1.25, 4)] {
            let mut e = editor(sample(name));
            for step in 1..=steps {
                perform(&mut e, Command::Zoom(factor));
                let texts = map_texts(&e);
                let zoom = e.app().view.zoom;
                if let Some(clash) = overlapping(&texts) {
                    panic!("{name}, zoom x{factor} {step} times ({zoom:.2} pt a unit): {clash}");
                }
                if let Some(clash) = unit_name_on_a_unit(&e, &texts) {
                    panic!("{name}, zoom x{factor} {step} times ({zoom:.2} pt a unit): {clash}");
                }
            }
        }
    }
}

/// On the free-measure samples fitted in the window, in Edit and in Play, every unit on the
/// table is named: a unit in a crowd (Patrol's Gruppe Krause, a ring of models round the field
/// wall's name) finds a place beside, to one side of or a line beyond its bases.
#[test]
fn every_unit_on_a_table_sample_is_named_fitted_in_the_window() {
    for name in ["bakambo", "patrol", "skirmish"] {
        let s = sample(name);
        let mut e = editor(s.clone());
        for playing in [false, true] {
            if playing {
                perform(&mut e, Command::ToggleActivity);
            }
            let named = unit_names(&e, &map_texts(&e));
            for u in s.units.iter().filter(|u| u.on_table() && u.in_play()) {
                assert!(
                    named.contains(&u.name),
                    "{name}{}: {} is not named; named: {named:?}",
                    if playing { " in Play" } else { "" },
                    u.name
                );
            }
        }
    }
}
