//! The editor's rule previews driven through accessible labels with egui_kittest: select a
//! unit, open its preview from the Rules panel, hover a refused place and read why, drag a ghost to a
//! legal and an illegal place, commit and undo. The expected answers come from the engines.

use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use sandtable::geom::Point;
use sandtable::model::*;
use sandtable::rules::hex_commands::HexRules;
use sandtable::rules::m42::{self, MoveType};
use sandtable::rules::morale::TestKind;
use sandtable::scene::layout;

#[path = "common/harness.rs"]
mod harness;
use harness::{Editor, editor, sample};

impl Editor {
    fn label_with(&self, text: &str) -> String {
        // A label keeps its text as its value (AccessKit's Role::Label).
        let n = self.h.get_by_label_contains(text);
        n.value()
            .or_else(|| n.accesskit_node().label())
            .unwrap_or_default()
    }

    /// Picks a preview in the Rules panel: opens its list, then clicks the entry.
    fn preview(&mut self, mode: &str) {
        self.click("Preview");
        self.click(mode);
    }

    fn undo(&mut self) {
        self.h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        self.h.run();
    }
}

/// A Winceby unit with both a legal and a refused hex, with one of each and the reason.
fn winceby_case(s: &Scenario) -> (UnitId, hexx::Hex, hexx::Hex, String) {
    let mut rules = HexRules::new(s).expect("hex rules");
    for u in s
        .units
        .iter()
        .filter(|u| u.is_combat_unit() && u.hex().is_some())
    {
        let Ok(p) = rules.preview(u.id, None) else {
            continue;
        };
        let legal = p.legal().map(|v| v.hex).find(|h| *h != p.start);
        let refused = p
            .rejected()
            .find(|(v, _)| v.hex != p.start)
            .map(|(v, r)| (v.hex, r.to_string()));
        if let (Some(l), Some((r, why))) = (legal, refused) {
            return (u.id, l, r, why);
        }
    }
    panic!("Winceby has a unit with legal and refused hexes");
}

#[test]
fn winceby_preview_hover_ghost_commit_and_undo() {
    let s = sample("winceby");
    let (unit, legal, refused, why) = winceby_case(&s);
    let l = layout(s.map.as_hex().expect("hex"));
    let (start, _) = s.unit(unit).and_then(|u| u.hex()).expect("on the map");
    let mut e = editor(s.clone());
    e.click_map(l.hex_to_world_pos(start));
    assert_eq!(e.app().selection, vec![ItemRef::Unit(unit)]);
    let name = s.unit(unit).expect("unit").name.clone();
    assert!(
        e.shows(&name) && e.h.query_by_label("Preview").is_some(),
        "the Rules panel offers the unit's previews"
    );
    e.preview("Moves under its command");
    // The bar reads the engine's lines; the inspector shows the traced command.
    assert!(e.shows("Traced: "));
    // Hovering a refused hex says why, in the engine's words.
    e.hover_map(l.hex_to_world_pos(refused));
    let text = e.label_with("refused: ");
    assert!(text.contains(&why), "{text} / {why}");
    // Hovering a legal hex gives its path cost.
    e.hover_map(l.hex_to_world_pos(legal));
    assert!(e.label_with("legal: ").contains(" MP of "));
    // A ghost dropped on a refused hex moves nothing and says why.
    let before = e.s().clone();
    e.drag_map(l.hex_to_world_pos(start), l.hex_to_world_pos(refused));
    assert_eq!(e.s(), &before);
    let status = &e.app().status;
    assert!(
        status.starts_with("Not moved: ") && !status.contains("refused: ") && status.contains(&why),
        "{status}"
    );
    // On a legal hex it commits as one undoable step.
    e.drag_map(l.hex_to_world_pos(start), l.hex_to_world_pos(legal));
    assert_eq!(
        e.s().unit(unit).and_then(|u| u.hex()).map(|h| h.0),
        Some(legal)
    );
    assert!(e.app().doc.is_dirty());
    e.undo();
    assert_eq!(e.s(), &before);
}

#[test]
fn winceby_leader_span_marks_units_in_and_out_of_command() {
    let s = sample("winceby");
    let cromwell = s.find_unit("Oliver Cromwell").expect("Cromwell").clone();
    let l = layout(s.map.as_hex().expect("hex"));
    let mut e = editor(s);
    e.click_map(l.hex_to_world_pos(cromwell.hex().expect("on the map").0));
    e.preview("Command span");
    let o =
        e.h.state_mut()
            .preview_overlay()
            .expect("open")
            .as_ref()
            .expect("span");
    let mark = o.marks.first().expect("units marked").clone();
    e.hover_map(mark.at);
    assert!(e.shows(&mark.text), "{}", mark.text);
}

/// Points within `r` of `c` on a lattice.
fn around(c: Point, r: f32, step: f32) -> Vec<Point> {
    let n = (r / step) as i32;
    (-n..=n)
        .flat_map(|y| (-n..=n).map(move |x| c + Point::new(x as f32, y as f32) * step))
        .filter(|p| p.distance(c) <= r)
        .collect()
}

#[test]
fn patrol_advance_ghost_places_followers_then_commits_and_undoes() {
    let s = sample("patrol");
    let u = s.find_unit("1st Rifle Section").expect("section").clone();
    let leader = u.leader().expect("leader").pos;
    let check =
        |p: Point| m42::check_destination(&s, u.id, MoveType::Advance, None, p).expect("check");
    // A refused place a player would try: within 6" but not allowed, and a legal one 4" away.
    let refused = around(leader, 5.5, 0.5)
        .into_iter()
        .filter(|p| p.distance(leader) > 1.5)
        .find(|p| check(*p).verdict.is_err())
        .expect("somewhere refused within 6\"");
    let why = check(refused).verdict.expect_err("refused").to_string();
    let legal = around(leader, 4.5, 0.5)
        .into_iter()
        .filter(|p| p.distance(leader) > 3.5)
        .find(|p| check(*p).verdict.is_ok())
        .expect("somewhere legal 4\" away");
    let mut e = editor(s.clone());
    e.click_map(leader);
    assert_eq!(e.app().selection, vec![ItemRef::Unit(u.id)]);
    e.preview("Advance");
    e.hover_map(refused);
    let text = e.label_with("cannot end here: ");
    assert!(text.contains(&why), "{text} / {why}");
    e.hover_map(leader + Point::new(20.0, 0.0));
    assert!(e.shows("too far: "));
    let before = e.s().clone();
    e.drag_map(leader, refused);
    assert_eq!(e.s(), &before);
    assert!(
        e.app().status.starts_with("Not moved: "),
        "{}",
        e.app().status
    );
    assert!(e.shows("Not moved: "));
    e.drag_map(leader, legal);
    // The leader landed: the followers wait in a legal formation for Enter, and the refused
    // drop's notice has gone with it.
    assert_eq!(e.s(), &before, "nothing is committed before Enter");
    assert!(e.shows("drag the followers into place"));
    assert!(
        !e.shows("Not moved: "),
        "the refusal outlived the leader's placing"
    );
    e.key(Key::Enter);
    let after = e.s().unit(u.id).expect("unit").clone();
    let moved = after.leader().expect("leader").pos;
    assert!(moved.distance(legal) < 0.3, "{moved:?} vs {legal:?}");
    assert!(e.s().validate().is_empty());
    assert!(
        after
            .models
            .iter()
            .zip(&u.models)
            .filter(|(a, b)| a.pos != b.pos)
            .count()
            > 1,
        "followers moved with the leader"
    );
    assert_eq!(e.app().doc.history().1, 1, "one undo step");
    e.undo();
    assert_eq!(e.s(), &before);
}

/// The patrol's 1st Rifle Section under its Advance preview, its leader dragged 4" to a legal
/// place: the move waits for its followers. With the scenario as it was.
fn patrol_move_waiting_for_followers() -> (Editor, Scenario) {
    let s = sample("patrol");
    let u = s.find_unit("1st Rifle Section").expect("section").clone();
    let leader = u.leader().expect("leader").pos;
    let legal = advance_to(&s, &u, 4.5, |p| p.distance(leader) > 3.5);
    let mut e = editor(s.clone());
    e.click_map(leader);
    e.preview("Advance");
    e.drag_map(leader, legal);
    assert!(e.shows("drag the followers into place"));
    (e, s)
}

/// A place within `radius` of `u`'s leader where M42 lets him end an Advance, kept by `keep`.
fn advance_to(s: &Scenario, u: &Unit, radius: f32, keep: impl Fn(Point) -> bool) -> Point {
    let leader = u.leader().expect("leader").pos;
    around(leader, radius, 0.5)
        .into_iter()
        .filter(|p| keep(*p))
        .find(|p| {
            m42::check_destination(s, u.id, MoveType::Advance, None, *p)
                .is_some_and(|d| d.verdict.is_ok())
        })
        .expect("a legal place")
}

/// With the leader placed, the real models are the followers to drag: grabbing one where it
/// still stands places that follower (the leader stays put), and dragging the real leader
/// again to a refused place keeps the move waiting as it was. The placed leader carries his
/// star at his new place.
#[test]
fn patrol_real_models_drag_as_followers_and_a_refused_leader_drop_keeps_his_placement() {
    let (mut e, s) = patrol_move_waiting_for_followers();
    let waiting = e.app().pending_move().expect("waiting").clone();
    let placed_leader = waiting.unit.model(waiting.leader).expect("leader").pos;
    let real = s.unit(waiting.unit.id).expect("unit").clone();
    let placed_at = |p: Point| {
        waiting
            .unit
            .models
            .iter()
            .any(|m| m.footprint().signed_distance_to_point(p) <= 0.1)
    };
    // A follower whose real base is clear of every base as placed, and a free spot it may
    // stand at near the leader's new place.
    let (model, from, to) = waiting
        .followers
        .iter()
        .filter_map(|f| {
            let from = real.model(f.model)?.pos;
            if placed_at(from) {
                return None;
            }
            let to = around(placed_leader, 2.5, 0.25).into_iter().find(|p| {
                p.distance(placed_leader) > 1.2
                    && waiting.check(&s, f.model, *p).is_ok()
                    && waiting
                        .unit
                        .models
                        .iter()
                        .all(|m| m.id == f.model || m.pos.distance(*p) > 1.2)
            })?;
            Some((f.model, from, to))
        })
        .next()
        .expect("a follower standing clear of the placed move");
    // Dragged far out of its landing region first: refused, and said.
    e.drag_map(from, placed_leader + Point::new(25.0, 0.0));
    assert!(e.shows("Follower not moved"), "{}", e.app().status);
    e.drag_map(from, to);
    assert!(
        !e.shows("Follower not moved"),
        "the refusal no longer holds once the follower is placed"
    );
    let now = e.app().pending_move().expect("still waiting").clone();
    assert_eq!(e.s(), &s, "nothing committed");
    assert!(
        now.unit.model(model).expect("follower").pos.distance(to) < 0.3,
        "the real model dragged places that follower: {}",
        e.app().status
    );
    assert_eq!(
        now.unit.model(now.leader).expect("leader").pos,
        placed_leader,
        "the leader stays where he was placed"
    );
    // The real leader dragged to a refused place: refused, and the waiting move is kept.
    let leader = real.leader().expect("leader").pos;
    e.drag_map(leader, leader + Point::new(20.0, 0.0));
    assert!(
        e.app().status.starts_with("Not moved: ")
            && e.app().status.contains("stays where he was placed"),
        "{}",
        e.app().status
    );
    let kept = e.app().pending_move().expect("the move still waits");
    assert_eq!(
        kept.unit.model(kept.leader).expect("leader").pos,
        placed_leader
    );
    assert!(kept.unit.model(model).expect("follower").pos.distance(to) < 0.3);
    assert!(e.shows("drag the followers into place"));
    // The gold star marks the leader's new place among the waiting move's shapes.
    let star = kept.items(&s).into_iter().any(|i| {
        matches!(i, sandtable::scene::Item::Convex { ref points, .. }
            if points.len() == 10
                && points.iter().all(|p| p.distance(placed_leader) < 1.0))
    });
    assert!(star, "the placed leader carries his star");
    // Where a model of the move leaves from, its real base is veiled: the placed follower's
    // and the leader's.
    let veiled = |at: Point| {
        let leaving = Some(sandtable::preview::LEAVING);
        kept.items(&s).into_iter().any(|i| match i {
            sandtable::scene::Item::Circle { centre, fill, .. } => {
                fill == leaving && centre.distance(at) < 0.01
            }
            sandtable::scene::Item::Convex { fill, points, .. } => {
                fill == leaving && points.iter().all(|p| p.distance(at) < 1.0)
            }
            _ => false,
        })
    };
    assert!(veiled(from), "the placed follower's old place is veiled");
    assert!(veiled(leader), "the leader's old place is veiled");
    e.key(Key::Enter);
    let after = e.s().unit(real.id).expect("unit");
    assert!(after.leader().expect("leader").pos.distance(placed_leader) < 0.01);
    assert!(after.model(model).expect("follower").pos.distance(to) < 0.3);
}

/// A model the order leaves behind (out of the command radius, and within 12" of the enemy so
/// it may not regroup) is not one to drag: a press on it with the move waiting says why, and
/// the leader keeps his placement.
#[test]
fn patrol_a_press_on_a_model_left_out_of_command_says_why() {
    let mut s = sample("patrol");
    let u = s.find_unit("1st Rifle Section").expect("section").clone();
    let leader = u.leader().expect("leader").pos;
    // One rifleman strays 9" toward the enemy to the north, out of the 6" command radius
    // (R2's M42) and within 12" of the Germans.
    let stray = u
        .models
        .iter()
        .rev()
        .find(|m| Some(m.id) != u.leader().map(|l| l.id))
        .expect("a rifleman")
        .id;
    let away = leader + Point::new(0.0, -9.0);
    if let Some(m) = s
        .units
        .iter_mut()
        .find(|x| x.id == u.id)
        .and_then(|x| x.models.iter_mut().find(|m| m.id == stray))
    {
        m.pos = away;
    }
    let legal = advance_to(&s, &u, 3.5, |p| {
        p.distance(leader) > 2.5 && p.distance(away) > 8.0
    });
    let mut e = editor(s.clone());
    e.click_map(leader);
    e.preview("Advance");
    e.drag_map(leader, legal);
    let waiting = e.app().pending_move().expect("the move waits").clone();
    assert!(
        waiting.followers.iter().all(|f| f.model != stray),
        "the stray does not follow"
    );
    e.drag_map(away, away + Point::new(1.0, 1.0));
    assert!(
        e.app()
            .status
            .starts_with(&format!("Model {stray} stays where it stands: "))
            && e.app().status.contains("command"),
        "{}",
        e.app().status
    );
    let kept = e.app().pending_move().expect("the move still waits");
    assert_eq!(
        kept.unit.model(kept.leader).expect("leader").pos,
        waiting.unit.model(waiting.leader).expect("leader").pos,
        "the leader keeps his placement"
    );
    assert_eq!(e.s(), &s);
}

/// A drag that starts on open ground with a move waiting keeps the move (it would otherwise
/// start a box selection and drop the move half placed) and says what may be dragged.
#[test]
fn patrol_a_drag_on_open_ground_keeps_the_waiting_move() {
    let (mut e, s) = patrol_move_waiting_for_followers();
    let waiting = e.app().pending_move().expect("waiting").clone();
    let leader = waiting.unit.model(waiting.leader).expect("leader").pos;
    // Ground with no unit within 3" (a zone or the bare table), nor a model of the move.
    let empty = (0..12)
        .flat_map(|i| (0..8).map(move |j| Point::new(3.0 + 6.0 * i as f32, 3.0 + 6.0 * j as f32)))
        .find(|p| {
            !matches!(
                sandtable::app::hit::hit(&s, *p, 3.0),
                Some(ItemRef::Unit(_) | ItemRef::Model(..))
            ) && waiting.unit.models.iter().all(|m| m.pos.distance(*p) > 3.0)
        })
        .expect("open ground");
    e.drag_map(empty, empty + Point::new(6.0, -4.0));
    let kept = e.app().pending_move().expect("the move still waits");
    assert_eq!(
        kept.unit.model(kept.leader).expect("leader").pos,
        leader,
        "the leader keeps his placement"
    );
    assert!(!e.app().selection.is_empty(), "the unit stays selected");
    assert!(
        e.app().status.contains("A move is waiting"),
        "{}",
        e.app().status
    );
}

#[test]
fn patrol_escape_cancels_the_waiting_move() {
    let (mut e, s) = patrol_move_waiting_for_followers();
    e.key(Key::Escape);
    assert!(!e.shows("drag the followers into place"));
    e.key(Key::Enter);
    assert_eq!(e.s(), &s);
}

/// Undo with a move waiting for its followers takes back that move (the last thing done), not
/// the edit before it; the scenario is as it was and nothing is left to commit.
#[test]
fn patrol_undo_takes_back_the_waiting_move_first() {
    let (mut e, s) = patrol_move_waiting_for_followers();
    e.undo();
    assert!(!e.shows("drag the followers into place"));
    assert!(
        e.app().status.contains("waiting for its followers"),
        "{}",
        e.app().status
    );
    assert_eq!(e.s(), &s);
    e.key(Key::Enter);
    assert_eq!(e.s(), &s, "nothing left to commit");
}

#[test]
fn line_of_sight_tool_names_what_blocks_it() {
    let s = sample("skirmish");
    let a = s
        .find_unit("Inspector Bucket")
        .and_then(|u| u.leader())
        .expect("a")
        .pos;
    let b = s
        .find_unit("Jack Sheppard")
        .and_then(|u| u.leader())
        .expect("b")
        .pos;
    let mut e = editor(s);
    e.click("Line of sight");
    e.drag_map(a, b);
    assert!(e.shows("Inspector Bucket cannot see Jack Sheppard"));
    assert!(e.label_with("cannot see").contains("Pike's Farm"));
}

#[test]
fn odds_panel_applies_a_rolled_rally_as_one_undoable_step() {
    let mut s = sample("rearguard");
    // An unsteady unit to rally.
    let id = s
        .units
        .iter()
        .find(|u| u.is_combat_unit() && u.on_table())
        .expect("a unit")
        .id;
    if let Some(u) = s.units.iter_mut().find(|u| u.id == id) {
        u.state.morale = Morale::Unsteady;
    }
    let mut e = editor(s.clone());
    e.h.state_mut().selection = vec![ItemRef::Unit(id)];
    e.h.run();
    // The Rules panel shows the tests' odds at once.
    assert!(e.shows("Rally test: needs "));
    assert!(e.shows(" on a D6: "));
    // No roll is made until one is typed: the field is empty and Apply waits for it.
    let apply = e.h.get_by_label("Apply the rally test");
    assert!(apply.accesskit_node().is_disabled(), "Apply before a roll");
    apply.click_accesskit();
    e.h.run();
    assert!(e.s() == &s, "nothing applied before a roll was typed");
    assert_eq!(
        e.h.get_all_by_label("Roll")
            .last()
            .expect("a roll field")
            .accesskit_node()
            .numeric_value(),
        Some(0.0),
        "the roll field opens empty"
    );
    // Roll a 5 (the 44th rallies on 5+) and apply it; the button may sit below the fold of
    // the panel's scroll area.
    e.h.get_all_by_label("Roll")
        .last()
        .expect("a roll field")
        .set_value_accesskit(5.0);
    e.h.run();
    e.h.get_by_label("Apply the rally test").click_accesskit();
    e.h.run();
    assert_eq!(
        e.s().unit(id).map(|u| u.state.morale),
        Some(Morale::GoodOrder),
        "{}",
        e.app().status
    );
    assert!(
        e.app().status.starts_with("Rally test: "),
        "{}",
        e.app().status
    );
    assert_eq!(e.app().doc.history().1, 1, "one undo step");
    // The Rules panel says what was applied, with the die rolled.
    assert!(e.shows("Applied: Rally test"), "{}", e.app().status);
    assert!(e.shows("(typed 5)"), "the panel names the die as typed");
    // How it was worked out is folded under the result, not a dump above the next test.
    assert!(e.shows("How the test was worked out"));
    assert!(!e.shows("• start number"), "the working is folded away");
    e.undo();
    assert_eq!(e.s(), &s);
    assert!(
        !e.shows("Applied: "),
        "an undone test is no longer shown as applied"
    );
    // A 4 fails: the unit stays unsteady, and the test is still one step in the history.
    assert!(e.h.state_mut().apply_test(
        id,
        TestKind::Rally,
        sandtable::rules::morale::Resolution::Roll {
            first: 4,
            reroll: None
        }
    ));
    assert_eq!(
        e.s().unit(id).map(|u| u.state.morale),
        Some(Morale::Unsteady)
    );
    assert!(e.app().status.contains("fails"), "{}", e.app().status);
}

#[test]
fn bakambo_column_route_is_drawn_by_clicks_and_the_order_carried_out() {
    let s = sample("bakambo");
    let column = s.columns.first().expect("a column").clone();
    let lead = column.members.first().expect("a lead").unit;
    let mut e = editor(s.clone());
    e.h.state_mut().selection = vec![ItemRef::Unit(lead)];
    e.h.run();
    e.preview("Column: Move");
    assert!(e.shows("Route: 0 points drawn"));
    // A click on open ground adds a route point; Undo point takes it back.
    e.click_map(Point::new(70.0, 2.0));
    assert!(e.shows("Route: 1 point drawn"), "{}", e.app().status);
    e.click("Undo point");
    assert!(e.shows("Route: 0 points drawn"));
    // A click on a unit outside the column adds a point there too: the route may pass any
    // unit, and the column's preview stays open.
    let other = s
        .units
        .iter()
        .find(|u| s.column_of(u.id).is_none() && u.on_table())
        .expect("a unit outside the column");
    let at = other.models[0].pos;
    e.click_map(at);
    assert!(e.shows("Route: 1 point drawn"), "{}", e.app().status);
    assert_eq!(
        e.app().selection,
        vec![ItemRef::Unit(lead)],
        "still the column's lead"
    );
    e.click("Undo point");
    // Just beyond the table's edge a click aims the column off it; far out in the canvas's
    // margin a click is no route point (it deselects, as anywhere off the map).
    e.click_map(Point::new(24.0, -1.0));
    assert!(e.shows("Route: 1 point drawn"), "{}", e.app().status);
    e.click("Undo point");
    e.click_map(Point::new(30.0, 60.0));
    assert!(
        !e.shows("Route: 1 point drawn"),
        "a click 12\" below the table drew a route point"
    );
    assert!(
        e.app().selection.is_empty(),
        "the canvas took it: it deselects"
    );
    e.h.state_mut().selection = vec![ItemRef::Unit(lead)];
    e.h.run();
    e.preview("Column: Move");
    // The order test is rolled (the dice shown) or typed, then carried out.
    e.click("Roll");
    assert!(e.h.query_by_label_contains("rolled ").is_some());
    e.click("Carry out the order");
    assert!(e.s() != &s, "the column marched: {}", e.app().status);
    assert!(e.s().validate().is_empty());
    e.undo();
    assert!(e.s() == &s);
    // At or above the lead's Discipline the order passes; below it the order fails and the
    // column repeats its last action, each as the rules say.
    let needed = sandtable::rules::column::preview(
        &s,
        column.id,
        sandtable::rules::column::Activation::Failed,
    )
    .expect("preview")
    .order_test
    .discipline;
    let ctx = e.h.ctx.clone();
    for (roll, says) in [(needed, "passed"), (needed - 1, "failed")] {
        e.h.state_mut()
            .perform(&ctx, sandtable::app::command::Command::March(Some(roll)));
        let (history, _) = e.app().doc.history();
        let last = history.last().copied().unwrap_or_default().to_string();
        assert!(last.contains(says), "{roll}: {last}");
        let want = sandtable::rules::column::carry_out(
            &s,
            column.id,
            sandtable::rules::column::Order::Move {
                distance_in: f32::from(s.unit(lead).expect("lead").stats.mv),
                route: None,
            },
            roll,
        )
        .expect("carried")
        .outcome
        .expect("legal");
        let mut expected = s.clone();
        for edit in sandtable::edit::ops::outcome::column(want) {
            edit.apply(&mut expected).expect("applies");
        }
        assert_eq!(e.s(), &expected, "{roll}");
        e.undo();
    }
}

/// Hovering a unit shows its card: who it is, whose side, and whom it traces command to.
#[test]
fn hovering_a_unit_shows_its_card() {
    let s = sample("winceby");
    let u = s
        .units
        .iter()
        .find(|u| u.is_combat_unit() && u.hex().is_some() && u.commander.is_some())
        .expect("a unit under a commander")
        .clone();
    let l = layout(s.map.as_hex().expect("hex"));
    let side = s.side(u.side).expect("side").name.clone();
    let mut e = editor(s);
    e.hover_map(l.hex_to_world_pos(u.hex().expect("on a hex").0));
    assert!(e.shows(&u.name));
    assert!(e.shows(&format!("{side} · ")));
    assert!(e.shows("Traces command: uses "));
}
