//! The inspector, driven through the real editor by its accessible labels: editing fields with
//! validation as you type, one undo step per gesture, columns, leaders, zones of control and the
//! scenario settings. After every applied edit the scenario still validates.

use egui::{Key, Modifiers};
use egui_kittest::kittest::{By, Queryable};
use sandtable::edit::Edit;
use sandtable::edit::ops::create::{Template, place_unit};
use sandtable::geom::Point;
use sandtable::model::*;
use sandtable::samples;

#[path = "common/harness.rs"]
mod harness;
use harness::{Editor, Setup, editor_with, sample};

/// An editor in a window large enough for the inspector's longest forms.
fn inspector(s: Scenario) -> Editor {
    editor_with(
        s,
        Setup {
            size: [1600.0, 1000.0],
            ..Setup::default()
        },
    )
}

impl Editor {
    fn select(&mut self, item: ItemRef) {
        self.h.state_mut().selection = vec![item];
        self.h.run();
    }

    /// Runs the frames an input needs, then checks the scenario is still sound.
    fn settle(&mut self) {
        self.h.run();
        assert_eq!(self.s().validate(), vec![], "the scenario validates");
    }

    /// Clicks a widget through AccessKit, then checks the scenario is still sound.
    fn click_and_settle(&mut self, label: &str) {
        self.h.get_by_label(label).click_accesskit();
        self.settle();
    }

    /// Replaces the text of the field named `label` with `text`.
    fn type_into(&mut self, label: &str, text: &str) {
        self.h.get_by_label(label).focus();
        self.h.run();
        self.h.key_press_modifiers(Modifiers::COMMAND, Key::A);
        self.h.run();
        self.h.get_by_label(label).type_text(text);
        self.settle();
    }

    /// Sets the number of the drag value named `label`.
    fn set_number(&mut self, label: &str, v: f64) {
        self.h.get_by_label(label).set_value_accesskit(v);
        self.settle();
    }

    /// Picks `option` from the combo box named `label`.
    fn pick(&mut self, label: &str, option: &str) {
        // The combo box itself (a heading elsewhere may carry the same words, e.g. "Side").
        let by = By::new().label(label).role(egui::Role::ComboBox);
        self.h.get(by).click_accesskit();
        self.settle();
        // The open list is drawn last (the same name may also be elsewhere, e.g. the palette).
        let item = self.h.get_all_by_label(option).last().expect("option");
        item.click_accesskit();
        self.settle();
    }

    fn undo(&mut self) {
        self.h.key_press(Key::Escape);
        self.h.run();
        self.h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        self.settle();
    }

    fn steps(&self) -> usize {
        self.app().doc.history().1
    }
}

fn first_unit(s: &Scenario, pred: impl Fn(&Unit) -> bool) -> Unit {
    s.units.iter().find(|u| pred(u)).expect("a unit").clone()
}

#[test]
fn typing_a_unit_name_is_one_undo_step() {
    let mut e = inspector(sample("winceby"));
    let u = first_unit(e.s(), |u| !u.is_leader());
    e.select(ItemRef::Unit(u.id));
    e.type_into("Name", "Lincolnshire");
    e.h.get_by_label("Name").type_text(" Horse");
    e.settle();
    assert_eq!(e.s().unit(u.id).expect("unit").name, "Lincolnshire Horse");
    assert_eq!(e.steps(), 1, "typing in one field is one step");
    // Leaving the field and coming back to it is a second gesture.
    e.h.key_press(Key::Escape);
    e.h.run();
    e.type_into("Name", "Eastern Association Horse");
    assert_eq!(e.steps(), 2, "a second visit is a second step");
    e.undo();
    assert_eq!(e.s().unit(u.id).expect("unit").name, "Lincolnshire Horse");
    e.undo();
    assert_eq!(e.s().unit(u.id).expect("unit").name, u.name);
}

#[test]
fn an_empty_name_is_refused_with_its_reason() {
    let mut e = inspector(sample("winceby"));
    let u = first_unit(e.s(), |u| !u.is_leader());
    e.select(ItemRef::Unit(u.id));
    e.h.get_by_label("Name").focus();
    e.h.run();
    e.h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    e.h.key_press(Key::Backspace);
    e.settle();
    assert!(e.shows("A unit needs a name"));
    assert_eq!(e.s().unit(u.id).expect("unit").name, u.name);
    assert_eq!(e.steps(), 0, "nothing applied");
    e.h.get_by_label("Name").type_text("Newark Reformadoes");
    e.settle();
    assert!(!e.shows("A unit needs a name"));
    assert_eq!(e.s().unit(u.id).expect("unit").name, "Newark Reformadoes");
}

#[test]
fn strength_is_checked_against_the_start_and_models_follow_it() {
    let mut e = inspector(sample("bakambo"));
    let s = e.s().clone();
    let u = first_unit(&s, |u| {
        u.on_table() && u.strength.current == 12 && s.column_of(u.id).is_none()
    });
    e.select(ItemRef::Unit(u.id));
    e.set_number("Current strength", 20.0);
    assert!(e.shows("cannot be above the starting strength (12)"));
    assert_eq!(e.s().unit(u.id).expect("unit").strength.current, 12);
    e.set_number("Current strength", 9.0);
    let now = e.s().unit(u.id).expect("unit").clone();
    assert_eq!(now.strength.current, 9);
    assert_eq!(now.models.len(), 9, "the models follow the strength");
    // Back to full strength: new models stand clear of every other base.
    e.set_number("Current strength", 12.0);
    let problems = sandtable::rules::check::check(e.s());
    assert!(
        problems.iter().all(|p| !p.message.contains("overlap")),
        "{problems:#?}"
    );
    assert_eq!(e.s().unit(u.id).expect("unit").models.len(), 12);
}

#[test]
fn building_a_column_adds_reorders_and_checks_widths() {
    let mut s = samples::by_name("bakambo")
        .expect("sample")
        .load()
        .expect("the sample loads");
    let side = s.columns[0].side;
    let col = s.columns[0].id;
    let Some(Edit::PutUnit(new)) =
        place_unit(&s, Template::Infantry, side, Point::new(40.0, 30.0), 0.0)
    else {
        panic!("a unit")
    };
    let new_id = new.id;
    let new_name = new.name.clone();
    s.units.push(*new);
    s.next_id = s.next_id.max(new_id.0 + 100);
    let mut e = inspector(s);
    e.select(ItemRef::Column(col));
    let before: Vec<UnitId> = e.s().columns[0].members.iter().map(|m| m.unit).collect();
    let option = format!("{new_name} ({new_id})");
    e.pick("Add unit", &option);
    let members =
        |e: &Editor| -> Vec<UnitId> { e.s().columns[0].members.iter().map(|m| m.unit).collect() };
    assert_eq!(members(&e).last(), Some(&new_id));
    assert_eq!(members(&e).len(), before.len() + 1);
    // Up one place: it now marches before the old tail.
    e.click_and_settle(&format!("{option}: Move up"));
    let order = members(&e);
    assert_eq!(order[order.len() - 2], new_id);
    assert_eq!(order[order.len() - 1], before[before.len() - 1]);
    // A width outside the R1 table is shown with its reason and not applied.
    let lead = e.s().unit(before[0]).expect("lead").clone();
    let width = format!("{} ({}): Width", lead.name, lead.id);
    e.set_number(&width, 4.0);
    assert!(e.shows("a unit of 12 marches 2 or 3 wide (R1)"));
    assert_eq!(e.s().columns[0].members[0].width_figures, 2);
    e.set_number(&width, 3.0);
    assert_eq!(e.s().columns[0].members[0].width_figures, 3);
    // Units on table: a number, checked against the members.
    e.pick("Units on table at start", "A number");
    e.set_number("Number on table", 9.0);
    assert!(e.shows("the column has only 6 units"));
    e.set_number("Number on table", 2.0);
    assert_eq!(e.s().columns[0].on_table_at_start, StartCount::Count(2));
    // Each of those gestures is one step: undo them all in order.
    e.undo();
    e.undo();
    e.undo();
    e.undo();
    assert_eq!(members(&e), [before.clone(), vec![new_id]].concat());
    e.undo();
    assert_eq!(members(&e), before);
}

#[test]
fn a_superior_that_would_make_a_loop_is_refused() {
    let mut e = inspector(sample("winceby"));
    let s = e.s().clone();
    let sub = first_unit(&s, |u| u.leadership.is_some_and(|l| l.superior.is_some()));
    let top = s
        .unit(sub.leadership.and_then(|l| l.superior).expect("superior"))
        .expect("top")
        .clone();
    e.select(ItemRef::Unit(top.id));
    e.pick("Superior", &format!("{} ({})", sub.name, sub.id));
    assert!(e.shows("would make a loop"));
    assert_eq!(e.s().unit(top.id).expect("top").leadership, top.leadership);
    // A subordinate's command chit and span are set through their combos and fields.
    e.select(ItemRef::Unit(sub.id));
    e.pick("Command chit", "Stand");
    e.set_number("Command span (hexes)", 5.0);
    let l = e
        .s()
        .unit(sub.id)
        .and_then(|u| u.leadership)
        .expect("leader");
    assert_eq!((l.command, l.span), (Command::Stand, 5));
}

#[test]
fn zoc_switches_options_and_shading() {
    let mut e = inspector(sample("winceby"));
    let u = first_unit(e.s(), |u| u.exerts_zoc && !u.is_leader());
    e.select(ItemRef::Unit(u.id));
    e.click_and_settle("Exerts ZOC");
    assert!(!e.s().unit(u.id).expect("unit").exerts_zoc);
    e.select(ItemRef::Scenario);
    e.click_and_settle("Only the three hexes in front");
    assert!(e.s().rules.zoc.front_only);
    e.click_and_settle("No ZOC: cavalry");
    assert!(e.s().rules.zoc.exempt_kinds.contains(&KindTag::Cavalry));
    let royalists = e.s().sides[1].clone();
    e.pick("Shade the ZOC of", &royalists.name);
    assert_eq!(e.app().settings.zoc_side, Some(royalists.id));
    assert!(!sandtable::scene::overlay::zoc(e.s(), royalists.id).is_empty());
}

#[test]
fn sides_and_terrain_types_are_added_edited_and_removed() {
    let mut e = inspector(sample("winceby"));
    e.select(ItemRef::Scenario);
    e.click_and_settle("Add side");
    let side = e.s().sides.last().expect("side").clone();
    let prefix = format!("Side {}", side.id);
    e.type_into(&format!("{prefix}: Name"), "Lincolnshire Trained Bands");
    assert_eq!(
        e.s().side(side.id).expect("side").name,
        "Lincolnshire Trained Bands"
    );
    // Its colour is picked from the map colours (or typed as #rrggbb).
    e.click_and_settle(&format!("{prefix}: Colour"));
    e.click_and_settle("Colour #5e7f4f");
    assert_eq!(
        e.s().side(side.id).expect("side").colour,
        Colour::rgb(0x5e, 0x7f, 0x4f)
    );
    e.h.key_press(Key::Escape);
    e.settle();
    e.pick(&format!("{prefix}: Home edge"), "West");
    assert_eq!(
        e.s().side(side.id).expect("side").home_edge,
        Some(Edge::West)
    );
    e.click_and_settle(&format!("{prefix}: Remove side"));
    assert!(e.s().side(side.id).is_none());

    e.click_and_settle("Terrain table (6)");
    e.click_and_settle("Add terrain type");
    let t = e.s().terrain_types.last().expect("type").clone();
    let prefix = format!("Terrain {}", t.id);
    e.click_and_settle(&format!("{prefix}: Difficult"));
    e.set_number(&format!("{prefix}: MP to enter"), 0.0);
    assert!(e.shows("entering a hex costs at least 1 MP"));
    e.set_number(&format!("{prefix}: MP to enter"), 3.0);
    let now = e.s().terrain(t.id).expect("type").clone();
    assert!(now.difficult);
    assert_eq!(now.hex_cost, HexCost::Mp(3));
}

#[test]
fn reinforcements_are_added_and_given_units() {
    let mut e = inspector(sample("winceby"));
    e.select(ItemRef::Scenario);
    e.click_and_settle(&format!("Reinforcements ({})", e.s().reinforcements.len()));
    let before = e.s().reinforcements.len();
    e.click_and_settle("Add reinforcement");
    assert_eq!(e.s().reinforcements.len(), before + 1);
    let r = e.s().reinforcements.last().expect("added").clone();
    assert_eq!(e.app().selection, vec![ItemRef::Reinforcement(r.id)]);
    let u = first_unit(e.s(), |u| {
        u.side == r.side && !e.s().reinforcements.iter().any(|x| x.units.contains(&u.id))
    });
    e.pick("Add unit", &format!("{} ({})", u.name, u.id));
    e.set_number("Arrives on turn", 4.0);
    let now = e
        .s()
        .reinforcements
        .iter()
        .find(|x| x.id == r.id)
        .expect("reinforcement")
        .clone();
    assert_eq!(now.units, vec![u.id]);
    assert_eq!(now.turn, 4);
}

/// A name is put on the map from the scenario's Map labels, typed and moved to a hex by its
/// printed label; a reinforcement's entry is then picked by that name.
#[test]
fn a_map_label_is_added_named_placed_and_picked_as_an_entry() {
    let mut e = inspector(sample("winceby"));
    e.select(ItemRef::Scenario);
    let before = e.s().labels.len();
    e.click_and_settle(&format!("Map labels ({before})"));
    e.click_and_settle("Add label");
    assert_eq!(e.s().labels.len(), before + 1);
    let k = before + 1;
    e.type_into(&format!("Map label {k}: Text"), "Snipe Dales");
    e.type_into(&format!("Map label {k}: Hex"), "0101");
    e.h.key_press(Key::Enter);
    e.settle();
    let m = e.s().map.as_hex().expect("hex").clone();
    let label = e.s().labels.last().expect("label").clone();
    assert_eq!(label.text, "Snipe Dales");
    assert_eq!(
        label.place,
        Place::Hex(m.hex_of_label("0101").expect("hex"))
    );
    let r = e.s().reinforcements[0].clone();
    e.select(ItemRef::Reinforcement(r.id));
    e.pick("Entry by name", "Snipe Dales");
    let now = e
        .s()
        .reinforcements
        .iter()
        .find(|x| x.id == r.id)
        .expect("group")
        .clone();
    assert_eq!(now.entry, label.place);
    // The order of battle writes the entry by the label's name.
    let rows = sandtable::edit::ops::oob_table::oob_rows(e.s());
    assert!(
        rows.iter()
            .any(|row| row.last().is_some_and(|at| at.ends_with("at Snipe Dales"))),
        "{rows:?}"
    );
}

/// Every panel of the inspector, every section open: the harness refuses any input without an
/// accessible name when it settles, and the dock keeps its width.
#[test]
fn every_control_of_every_panel_has_an_accessible_name() {
    for sample in samples::ALL {
        let mut e = inspector(sample.load().expect("the sample loads"));
        let s = e.s().clone();
        let mut items = vec![ItemRef::Scenario];
        let kinds = [
            s.units.iter().find(|u| !u.is_leader()),
            s.units.iter().find(|u| u.is_leader()),
            s.units
                .iter()
                .find(|u| matches!(u.kind, UnitKind::Artillery { .. })),
        ];
        items.extend(kinds.iter().flatten().map(|u| ItemRef::Unit(u.id)));
        if let Some(u) = s.units.iter().find(|u| !u.models.is_empty()) {
            items.push(ItemRef::Model(u.id, u.models[0].id));
        }
        items.extend(s.pieces.iter().take(2).map(|p| ItemRef::Piece(p.id)));
        items.extend(s.zones.first().map(|z| ItemRef::Zone(z.id)));
        items.extend(s.objectives.first().map(|o| ItemRef::Objective(o.id)));
        items.extend(s.columns.first().map(|c| ItemRef::Column(c.id)));
        items.extend(
            s.reinforcements
                .first()
                .map(|r| ItemRef::Reinforcement(r.id)),
        );
        let dock = |e: &Editor| {
            e.h.get_by_label("Rules and inspector divider")
                .rect()
                .width()
        };
        let width = dock(&e);
        for item in items {
            e.select(item);
            e.click_and_settle("Expand all");
            // Every section open fits the dock: it never widens it.
            assert!(
                (dock(&e) - width).abs() < 0.5,
                "{} {item}: the dock went from {width} to {} points wide",
                sample.name,
                dock(&e)
            );
            let inside_a_closed_section = match item {
                ItemRef::Scenario => Some("Routers stay on the table"),
                ItemRef::Unit(_) => Some("Hits taken"),
                ItemRef::Column(_) => Some("Clear route and last order"),
                _ => None,
            };
            if let Some(label) = inside_a_closed_section {
                assert!(e.shows(label), "{} {item}: {label}", sample.name);
            }
            assert!(
                e.h.query_by_label("The selected item no longer exists.")
                    .is_none(),
                "{} {item}",
                sample.name
            );
        }
    }
}

#[test]
fn dragging_a_member_row_reorders_the_column() {
    let mut e = inspector(sample("bakambo"));
    let c = e.s().columns[0].clone();
    e.select(ItemRef::Column(c.id));
    let name = |id: UnitId| e.s().unit(id).expect("unit").name.clone();
    let (first, second) = (name(c.members[0].unit), name(c.members[1].unit));
    // The march order well inside the window, above the inspector's lower edge.
    e.h.get_by_label(&second).scroll_to_me();
    e.h.run();
    let from =
        e.h.get_all_by_label("≡")
            .next()
            .expect("a drag handle")
            .rect()
            .center();
    // Drop on the lower half of the second row: the lead falls in behind it.
    let row = e.h.get_by_label(&second).rect();
    let to = egui::pos2(row.center().x, row.center().y + row.height() * 0.3);
    e.h.hover_at(from);
    e.h.run();
    e.h.drag_at(from);
    e.h.run();
    for k in 1..=10 {
        let t = k as f32 / 10.0;
        e.h.hover_at(from + (to - from) * t);
        e.h.step();
    }
    e.h.drop_at(to);
    e.settle();
    let order: Vec<UnitId> = e.s().columns[0].members.iter().map(|m| m.unit).collect();
    assert_eq!(order[0], c.members[1].unit, "{second} leads");
    assert_eq!(order[1], c.members[0].unit, "{first} follows");
    assert_eq!(order.len(), c.members.len());
    assert_eq!(e.steps(), 1, "one drag, one step");
}

#[test]
fn a_hex_map_is_reshaped_from_a_draft_in_one_step() {
    let mut e = inspector(sample("winceby"));
    e.select(ItemRef::Scenario);
    let HexShape::Rectangle { columns, rows, .. } = e.s().map.as_hex().expect("hex").shape else {
        panic!("a rectangle")
    };
    let button = e.h.get_by_label("Reshape map").rect();
    e.set_number("Columns", (columns + 2) as f64);
    assert_eq!(e.steps(), 0, "only the draft changed");
    // The button stays where it was when the draft began: the line under it changes, not it.
    let ready = e.h.get_by_label("Reshape map").rect();
    assert!(
        (ready.top() - button.top()).abs() < 0.5,
        "the button moved from {button:?} to {ready:?}"
    );
    e.click_and_settle("Reshape map");
    let h = e.s().map.as_hex().expect("hex");
    assert_eq!(h.terrain.len(), ((columns + 2) * rows) as usize);
    assert_eq!(e.steps(), 1);
    e.undo();
    assert_eq!(
        e.s().map.as_hex().expect("hex").terrain.len(),
        (columns * rows) as usize
    );
    // The hex size is live, and checked.
    e.set_number("Hex size (mm across the flats)", 900.0);
    assert!(e.shows("hexes are 1 to 500 mm across"));
    e.set_number("Hex size (mm across the flats)", 30.0);
    assert_eq!(e.s().map.as_hex().expect("hex").hex_size_mm, 30.0);
}

#[test]
fn pieces_zones_objectives_and_models_are_edited_in_place() {
    let mut e = inspector(sample("bakambo"));
    let s = e.s().clone();
    let line = s
        .pieces
        .iter()
        .find(|p| matches!(p.shape, PieceShape::Polyline { .. }))
        .expect("a line piece")
        .clone();
    e.select(ItemRef::Piece(line.id));
    e.set_number("Width (in)", 3.5);
    let PieceShape::Polyline { width_in, .. } = e.s().piece(line.id).expect("piece").shape else {
        panic!("still a line")
    };
    assert_eq!(width_in, 3.5);

    let o = s.objectives[0].clone();
    e.select(ItemRef::Objective(o.id));
    e.type_into("Name", "Slaver stockade");
    e.set_number("Value", 5.0);
    let now = &e.s().objectives[0];
    assert_eq!((now.name.as_str(), now.value), ("Slaver stockade", 5));

    let z = s.zones[0].clone();
    let other = s
        .sides
        .iter()
        .find(|x| x.id != z.side)
        .expect("side")
        .clone();
    e.select(ItemRef::Zone(z.id));
    e.pick("Side", &other.name);
    assert_eq!(e.s().zones[0].side, other.id);

    let u = first_unit(&s, |u| u.on_table() && u.models.len() > 1);
    let m = u.models[1];
    e.select(ItemRef::Model(u.id, m.id));
    e.set_number("Facing (°)", 90.0);
    e.click_and_settle("Leads the unit");
    let now = e.s().unit(u.id).expect("unit");
    assert_eq!(now.model(m.id).expect("model").facing_deg, 90.0);
    assert_eq!(now.leader_model, Some(m.id));
}

#[test]
fn a_unit_shows_only_the_fields_its_scenarios_rules_read() {
    // R5 on a hex map: movement points, never inches; "mounted" only for dragoons.
    let mut e = inspector(sample("winceby"));
    let foot = first_unit(e.s(), |u| matches!(u.kind, UnitKind::Infantry));
    e.select(ItemRef::Unit(foot.id));
    e.click_and_settle("Expand all");
    assert!(e.h.query_by_label("Movement points").is_some());
    for other in [
        "Move (in)",
        "Ballistic skill",
        "Rate of fire",
        "Mounted (dragoons)",
        "Limbered (artillery)",
        "Pinned",
        "Failed Ld check",
        "Swarm",
        "Combat tactics",
        "Pistols",
        "One-handed weapons",
    ] {
        assert!(
            e.h.query_by_label(other).is_none(),
            "{other} shown for infantry under R5"
        );
    }
    // Elite is R4's re-roll: offered exactly when the scenario takes morale tests.
    assert_eq!(
        e.h.query_by_label("Elite").is_some(),
        e.s().rules.morale_tests,
        "Elite"
    );
    if let Some(d) = e
        .s()
        .units
        .iter()
        .find(|u| matches!(u.kind, UnitKind::Dragoons))
        .map(|u| u.id)
    {
        e.select(ItemRef::Unit(d));
        e.click_and_settle("Expand all");
        assert!(e.h.query_by_label("Mounted (dragoons)").is_some());
    }
    // A leader under R5 with R4 off: his chit, span and superior; no morale bonus, no
    // re-rolls and no attached leader, which only R4's tests read.
    assert!(!e.s().rules.morale_tests, "Winceby plays without R4");
    let leader = first_unit(e.s(), |u| u.leadership.is_some());
    e.select(ItemRef::Unit(leader.id));
    e.click_and_settle("Expand all");
    for read in ["Command chit", "Command span (hexes)", "Superior"] {
        assert!(e.h.query_by_label(read).is_some(), "{read} missing");
    }
    // His chain is his superior: no commander beside it.
    for unread in [
        "Morale bonus",
        "Re-rolls",
        "Re-rolls used",
        "Attached leader",
        "Commander",
    ] {
        assert!(
            e.h.query_by_label(unread).is_none(),
            "{unread} shown with R4 off"
        );
    }
    // A free-measure table: inches, not movement points.
    for name in ["rearguard", "bakambo"] {
        let mut e = inspector(sample(name));
        let u = first_unit(e.s(), |u| u.is_combat_unit());
        e.select(ItemRef::Unit(u.id));
        e.click_and_settle("Expand all");
        assert!(e.h.query_by_label("Move (in)").is_some(), "{name}");
        assert!(e.h.query_by_label("Movement points").is_none(), "{name}");
        assert!(e.h.query_by_label("Mounted (dragoons)").is_none(), "{name}");
    }
}

/// After "Collapse all" a section's header is the user's again: a click opens it.
#[test]
fn after_collapse_all_a_click_on_a_sections_header_opens_it() {
    let mut e = inspector(sample("winceby"));
    let u = first_unit(e.s(), |u| !u.is_leader());
    e.select(ItemRef::Unit(u.id));
    e.click_and_settle("Collapse all");
    assert!(e.h.query_by_label("Starting strength").is_none(), "shut");
    e.click_and_settle("Strength");
    assert!(
        e.h.query_by_label("Starting strength").is_some(),
        "the header opens its section"
    );
    e.click_and_settle("Expand all");
    assert!(
        e.h.query_by_label("Movement points").is_some(),
        "every section open"
    );
}

/// Victory conditions are authored in the inspector: kept score on, a last turn, points for the
/// enemy's losses (Scenario > Victory), an objective's points to one side and how it is held.
#[test]
fn victory_conditions_are_set_in_the_inspector() {
    let mut s = sample("winceby");
    s.rules.victory = None;
    for o in &mut s.objectives {
        o.held = Holding::Occupied;
        o.side_points.clear();
    }
    let mut e = inspector(s.clone());
    e.h.state_mut().selection.clear();
    e.h.run();
    e.click_and_settle("Victory");
    e.click_and_settle("Keep score (victory conditions)");
    let v = e.s().rules.victory.clone().expect("victory conditions");
    assert_eq!(
        v.last_turn,
        Some(s.turn + 9),
        "ten turns from now by default"
    );
    e.set_number("Last turn", 12.0);
    e.set_number("VP per enemy unit routed or removed", 2.0);
    let v = e.s().rules.victory.clone().expect("victory conditions");
    assert_eq!((v.last_turn, v.per_unit_lost), (Some(12), 2));
    assert!(e.shows("The game ends after turn 12; the side with more points wins."));
    let village = s.objectives[0].clone();
    let royalists = s.sides[1].clone();
    e.select(ItemRef::Objective(village.id));
    e.set_number(&format!("VP to {}", royalists.name), 5.0);
    e.pick("Held", "last occupied");
    let o = e.s().objectives[0].clone();
    assert_eq!(o.points_for(royalists.id), 5);
    assert_eq!(
        o.points_for(s.sides[0].id),
        village.value,
        "the other side: its value"
    );
    assert_eq!(o.held, Holding::LastOccupied);
    // One undo step per field.
    e.undo();
    assert_eq!(e.s().objectives[0].held, Holding::Occupied);
}

/// The wheel over a box of long text not being typed in scrolls the inspector (the pointer
/// passes over it on the way down), not the box.
#[test]
fn the_wheel_over_a_long_text_box_not_typed_in_scrolls_the_inspector() {
    let mut s = sample("winceby");
    s.meta.description = (1..=40)
        .map(|i| format!("Line {i} of a long description."))
        .collect::<Vec<_>>()
        .join("\n");
    let mut e = inspector(s);
    e.h.state_mut().selection.clear();
    e.h.run();
    let boxes = || By::new().role(egui::Role::MultilineTextInput);
    let first = |e: &Editor| e.h.get_all(boxes()).next().expect("the description").rect();
    // The designer's notes' box, below it, moves only when the inspector scrolls.
    let next = |e: &Editor| e.h.get_all(boxes()).nth(1).expect("the notes").rect();
    let before = next(&e);
    // The box shows its first lines (its text runs on below, scrolled inside it).
    let b = first(&e);
    e.h.hover_at(egui::pos2(b.center().x, b.top() + 40.0));
    e.h.run();
    // Three notches: less than the box's own text could take.
    for _ in 0..3 {
        e.h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -60.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Unknown,
            modifiers: egui::Modifiers::NONE,
        });
        e.h.run();
    }
    for _ in 0..20 {
        e.h.run();
    }
    let after = next(&e);
    assert!(
        after.top() < before.top() - 50.0,
        "the inspector scrolled: the next box went from {before:?} to {after:?}"
    );
}

/// A side's briefing is typed into its box under Scenario > Sides like the description: kept
/// as it is typed, one undo step for the typing; "Units per hex" under Rules sets a hex map's
/// stacking limit, one being R5's own reading.
#[test]
fn a_sides_briefing_and_the_stacking_limit_are_set_in_the_inspector() {
    let s = sample("winceby");
    let royalists = s.sides[1].id;
    let mut e = inspector(s);
    e.h.state_mut().selection.clear();
    e.h.run();
    let steps = e.steps();
    assert_eq!(e.h.get_all_by_label("Briefing").count(), 2, "one a side");
    // The boxes of long text in order: the description, the designer's notes, then each
    // side's briefing.
    let boxes = || By::new().role(egui::Role::MultilineTextInput);
    assert_eq!(e.h.get_all(boxes()).count(), 4);
    e.h.get_all(boxes())
        .nth(3)
        .expect("the Royalists' box")
        .focus();
    e.h.run();
    e.h.get_all(boxes())
        .nth(3)
        .expect("the Royalists' box")
        .type_text("Hold the bridge.");
    e.settle();
    let briefing = |e: &Editor| e.s().side(royalists).expect("side").briefing.clone();
    assert_eq!(briefing(&e), "Hold the bridge.");
    assert_eq!(
        e.s().side(e.s().sides[0].id).expect("side").briefing,
        "",
        "the other side's is untouched"
    );
    assert_eq!(e.steps(), steps + 1, "one undo step for the typing");
    e.set_number("Units per hex", 3.0);
    assert_eq!(e.s().rules.stacking, Some(3));
    assert_eq!(e.s().rules.units_per_hex(), 3);
    e.undo();
    assert_eq!(e.s().rules.stacking, None, "undone");
    assert_eq!(
        briefing(&e),
        "Hold the bridge.",
        "the briefing is its own step"
    );
    e.set_number("Units per hex", 2.0);
    assert_eq!(e.s().rules.stacking, Some(2));
    e.set_number("Units per hex", 1.0);
    assert_eq!(e.s().rules.stacking, None, "one is R5's reading");
}
