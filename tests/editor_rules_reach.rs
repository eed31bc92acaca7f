//! The rules the editor reaches besides a unit's own move, driven through accessible labels with
//! egui_kittest: R1's voluntary break and the unit coming on after a break, R5's reinforcement
//! coming onto the map and the reaction charge at a check point of an enemy cavalry move. The
//! expected answers come from the engines.

use egui::Modifiers;
use egui_kittest::kittest::{NodeT, Queryable};
use hexx::Hex;
use sandtable::app::command::Command;
use sandtable::geom::Point;
use sandtable::model::*;
use sandtable::preview::Choice;
use sandtable::rules::column;
use sandtable::rules::hex_commands::{self, HexRules};
use sandtable::scene::layout;

#[path = "common/harness.rs"]
mod harness;
use harness::{Editor, editor, sample};

impl Editor {
    fn select(&mut self, unit: UnitId) {
        self.h.state_mut().selection = vec![ItemRef::Unit(unit)];
        self.h.run();
    }

    fn label_with(&self, text: &str) -> String {
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

    fn perform(&mut self, c: Command) {
        let ctx = self.h.ctx.clone();
        self.h.state_mut().perform(&ctx, c);
        self.h.run();
    }

    fn undo(&mut self) {
        self.h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
        self.h.run();
    }

    fn last_step(&self) -> String {
        let (history, _) = self.app().doc.history();
        history.last().copied().unwrap_or_default().to_string()
    }
}

fn unit(s: &Scenario, name: &str) -> UnitId {
    s.find_unit(name).expect("unit").id
}

#[test]
fn r1_voluntary_break_in_the_editor_previews_both_outcomes_and_gives_the_order() {
    let s = sample("bakambo");
    let col = s.columns[0].id;
    let naval = unit(&s, "Naval Brigade");
    let vb = column::voluntary_break(&s, col, naval).expect("may try");
    let mut e = editor(s.clone());
    e.select(naval);
    e.preview("Column: voluntary break (order Naval Brigade)");
    assert!(e.shows("voluntary break: an order to Naval Brigade"));
    assert!(e.label_with("voluntary break: ").contains("pass 13/18"));
    assert!(e.shows("with no pin tests"));
    assert!(e.shows("the formation holds and the column repeats its last successful action"));
    // The failed outcome is drawn: the column's failed-order move.
    assert!(e.shows(&format!(
        "failed order: repeats {}",
        vb.on_fail.last_action.unwrap_or("the move on")
    )));
    // A 7, at or above the Brigade's Discipline of 6: the column breaks.
    e.h.get_by_label("Order test, 2D6:")
        .set_value_accesskit(7.0);
    e.h.run();
    e.click("Give the order");
    assert_eq!(
        e.s().column(col).map(|c| c.state),
        Some(ColumnState::Broken),
        "{}",
        e.app().status
    );
    assert!(e.last_step().contains("passed"), "{}", e.last_step());
    assert_eq!(e.s().units, s.units, "nobody moves, nobody tests");
    e.undo();
    assert_eq!(e.s(), &s);
    // Below it the formation holds and the column repeats its last action.
    e.preview("Column: voluntary break (order Naval Brigade)");
    e.perform(Command::March(Some(vb.test.discipline - 1)));
    let mut expected = s.clone();
    for edit in sandtable::edit::ops::outcome::column(vb.on_fail.outcome(&s).expect("legal")) {
        edit.apply(&mut expected).expect("applies");
    }
    assert_eq!(e.s(), &expected);
    assert_eq!(
        e.s().column(col).map(|c| c.state),
        Some(ColumnState::Formed)
    );
    assert!(
        e.last_step().contains("voluntary break failed"),
        "{}",
        e.last_step()
    );
}

#[test]
fn r1_after_a_break_the_editor_offers_each_off_table_unit_to_come_on() {
    let mut s = sample("bakambo");
    s.columns[0].state = ColumnState::Broken;
    let col = s.columns[0].id;
    // The units on the table have marched on, clear of the entry point.
    let members: Vec<UnitId> = s.columns[0].members.iter().map(|m| m.unit).collect();
    for u in s
        .units
        .iter_mut()
        .filter(|u| members.contains(&u.id) && u.on_table())
    {
        for m in &mut u.models {
            m.pos.y -= 15.0;
        }
    }
    let porters = unit(&s, "Porters");
    let mut e = editor(s.clone());
    e.select(porters);
    e.click("Preview");
    for name in ["Zanzibari Askaris", "Porters", "Gardner Gun"] {
        assert!(e.shows(&format!("Column: bring on {name}")), "{name}");
    }
    e.click("Column: bring on Porters");
    assert!(e.shows("Porters tries to come on at the entry point"));
    assert!(e.label_with("also waiting").contains("Zanzibari Askaris"));
    let entry = column::entry(&s, col, Some(porters), None).expect("entry");
    assert!(entry.legal, "{:?}", entry.illegal);
    // A roll below its Discipline: it stays off the table this turn.
    e.perform(Command::March(Some(entry.test.discipline - 1)));
    assert_eq!(e.s(), &s);
    assert!(
        e.app().status.contains("stays off table"),
        "{}",
        e.app().status
    );
    // At or above: it comes on at the entry point, where the preview drew it.
    e.perform(Command::March(Some(entry.test.discipline)));
    let placed = e.s().unit(porters).expect("porters");
    assert_eq!(placed.position, Position::Table, "{}", e.app().status);
    let want: Vec<Point> = entry.models.iter().map(|m| m.pos).collect();
    let got: Vec<Point> = placed.models.iter().map(|m| m.pos).collect();
    assert_eq!(got, want);
    e.undo();
    assert_eq!(e.s(), &s);
}

#[test]
fn r5_reinforcement_in_the_editor_previews_its_moves_from_the_entry_hex() {
    let mut s = sample("winceby");
    s.turn = 3;
    // Sir John Henderson rides out to meet the garrison: out of command it could not move.
    let entry = match s
        .reinforcements
        .iter()
        .find(|r| r.turn == 3)
        .map(|r| r.entry)
    {
        Some(Place::Hex(h)) => h,
        other => panic!("the garrison enters at a hex: {other:?}"),
    };
    let henderson = unit(&s, "Sir John Henderson");
    s.unit_mut(henderson).expect("Henderson").position = Position::Hex {
        hex: entry + Hex::new(-2, 0),
        facing: 0,
    };
    let dragoons = unit(&s, "Bolingbroke Dragoons");
    let p = HexRules::new(&s)
        .expect("hex")
        .preview(dragoons, None)
        .expect("due this turn");
    let entry = p.entry.clone().expect("enters");
    let legal = p.legal().next().expect("somewhere to go").clone();
    let at = layout(s.map.as_hex().expect("hex")).hex_to_world_pos(legal.hex);
    let mut e = editor(s.clone());
    e.select(dragoons);
    e.preview("Moves under its command");
    assert!(e.shows("off the map, a reinforcement due on turn 3: enters at hex"));
    assert!(e.shows("dragoons enter the map mounted"));
    e.hover_map(at);
    let text = e.label_with("legal: ");
    assert!(text.contains(&format!("{} MP of", legal.cost)), "{text}");
    assert!(legal.cost >= entry.cost);
}

/// A Winceby cavalry move to an empty hex with a check point, and a cavalry unit that may
/// charge at it: (mover, destination, charger).
fn winceby_reaction(s: &Scenario) -> (UnitId, Hex, UnitId) {
    let mut rules = HexRules::new(s).expect("hex");
    let empty = |h: Hex| !s.units.iter().any(|u| u.hex().map(|x| x.0) == Some(h));
    for u in s
        .units
        .iter()
        .filter(|u| u.kind == UnitKind::Cavalry && u.hex().is_some())
    {
        let Ok(p) = rules.preview(u.id, None) else {
            continue;
        };
        let mut legal: Vec<Hex> = p.legal().map(|v| v.hex).filter(|h| empty(*h)).collect();
        legal.sort_by_key(|h| (h.x, h.y));
        for to in legal {
            let Some(path) = p.path(to) else { continue };
            if let Ok(found) = hex_commands::reaction_chargers(s, u.id, &path)
                && let Some((c, _)) = found.first()
            {
                return (u.id, to, c.id);
            }
        }
    }
    panic!("Winceby has a cavalry move that lets enemy cavalry react");
}

#[test]
fn r5_reaction_charge_in_the_editor_from_a_check_point_of_the_enemy_move() {
    let s = sample("winceby");
    let (mover, to, charger) = winceby_reaction(&s);
    let l = layout(s.map.as_hex().expect("hex"));
    let start = s.unit(mover).and_then(|u| u.hex()).expect("on the map").0;
    let charger_name = s.unit(charger).expect("charger").name.clone();
    let mover_name = s.unit(mover).expect("mover").name.clone();
    let mut e = editor(s.clone());
    e.click_map(l.hex_to_world_pos(start));
    assert_eq!(e.app().selection, vec![ItemRef::Unit(mover)]);
    e.preview("Moves under its command");
    // Clicking a hex it may reach shows the route there and its check points.
    e.click_map(l.hex_to_world_pos(to));
    assert_eq!(
        e.app().selection,
        vec![ItemRef::Unit(mover)],
        "still selected"
    );
    assert!(e.shows("route to "), "{}", e.app().status);
    assert!(e.shows("charge check at "));
    let offer = e.label_with(&format!("{charger_name} charges (step "));
    // The button may sit below the fold of the panel's scroll area.
    e.h.get_by_label(&offer).click_accesskit();
    e.h.run();
    e.h.run();
    assert_eq!(e.app().selection, vec![ItemRef::Unit(charger)]);
    assert!(matches!(
        e.app().preview_mode(),
        Some(Choice::HexReaction { trigger, .. }) if trigger == mover
    ));
    assert!(e.shows(&format!("{mover_name} halted at ")));
    // The legal ends are the engine's: hovering one says so; a refused one says why.
    let path = HexRules::new(&s)
        .expect("hex")
        .preview(mover, None)
        .expect("preview")
        .path(to)
        .expect("path");
    let rc = hex_commands::reaction_charge(&s, charger, mover, &path).expect("may charge");
    if let Some(end) = rc.moves.legal().find(|v| v.hex != rc.moves.start) {
        e.hover_map(l.hex_to_world_pos(end.hex));
        assert!(e.label_with("legal: ").contains(" MP of "));
    }
    if let Some((v, why)) = rc
        .moves
        .rejected()
        .find(|(v, _)| v.hex != rc.moves.start && v.hex != rc.trigger_at)
    {
        e.hover_map(l.hex_to_world_pos(v.hex));
        let text = e.label_with("refused: ");
        assert!(text.contains(&why.to_string()), "{text} / {why}");
    }
    assert_eq!(e.s(), &s, "a preview changes nothing");
}
