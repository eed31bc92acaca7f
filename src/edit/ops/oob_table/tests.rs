use super::cells::place_text;
use super::*;
use crate::edit::Document;
use crate::edit::ops::terrain_grid::{read_grid, write_grid};

fn sample(name: &str) -> Scenario {
    crate::samples::by_name(name)
        .expect("sample")
        .load()
        .expect("loads")
}

fn import(s: &Scenario, text: &str) -> Result<(Scenario, Imported), GridError> {
    let rows = read_grid(text)?;
    let imported = oob_edits(s, &rows)?;
    let mut doc = Document::new(s.clone(), None);
    if !imported.edits.is_empty() {
        doc.apply("Order of battle", imported.edits.clone())
            .expect("the edits apply");
    }
    Ok((doc.scenario().clone(), imported))
}

/// Written out and read back, every sample's order of battle changes nothing.
#[test]
fn every_samples_order_of_battle_round_trips_exactly() {
    for name in ["winceby", "patrol", "skirmish", "bakambo", "rearguard"] {
        let s = sample(name);
        let text = write_grid(&oob_rows(&s));
        let (again, imported) = import(&s, &text).expect("reads back");
        assert!(imported.edits.is_empty(), "{name}: {:?}", imported.edits);
        assert_eq!(again, s, "{name}");
        assert_eq!(imported.untouched, 0, "{name}");
        assert_eq!(oob_rows(&s).len(), s.units.len() + 1);
    }
}

/// A designer's list: a brigade changed, a new one on the map under a leader named further
/// down, two reinforcements arriving together (one group), and one unit left out (untouched).
#[test]
fn a_list_changes_units_adds_new_ones_and_groups_reinforcements() {
    let s = sample("winceby");
    let side = s.sides[0].name.clone();
    let old = s
        .units
        .iter()
        .find(|u| u.side == s.sides[0].id && !u.is_leader())
        .expect("a unit")
        .clone();
    let text = format!(
        "Name;Side;Type;Quality;Strength;Commander;At\n\
         {};{side};;Veteran;3/5;;0305\n\
         1st Brigade;{side};Infantry;Green;6;Colonel Smith;0406\n\
         2nd Brigade;{side};Cavalry;;4;Colonel Smith;turn 3 at 0101\n\
         3rd Brigade;{side};Cavalry;;4;;turn 3 at 0101\n\
         Colonel Smith;{side};Leader;;1;;off map\n",
        old.name
    );
    let (t, imported) = import(&s, &text).expect("imports");
    assert_eq!(
        (imported.changed, imported.added, imported.new_groups),
        (1, 4, 1)
    );
    assert_eq!(imported.untouched, s.units.len() - 1);
    let h = t.map.as_hex().expect("hex");
    let changed = t.unit(old.id).expect("kept its id");
    assert_eq!(changed.quality, Quality::Veteran);
    assert_eq!(
        changed.strength,
        Strength {
            start: 5,
            current: 3
        }
    );
    assert_eq!(
        changed.hex().map(|(x, _)| h.label(x)).as_deref(),
        Some("0305")
    );
    let by = |n: &str| t.units.iter().find(|u| u.name == n).expect(n).clone();
    let smith = by("Colonel Smith");
    assert!(smith.is_leader());
    let first = by("1st Brigade");
    assert_eq!(first.commander, Some(smith.id));
    assert_eq!(first.strength, Strength::full(6));
    assert_eq!(first.quality, Quality::Green);
    let group = t
        .reinforcements
        .iter()
        .find(|r| r.units.contains(&by("2nd Brigade").id))
        .expect("a group");
    assert_eq!(group.turn, 3);
    assert!(group.units.contains(&by("3rd Brigade").id));
    assert_eq!(
        group.entry,
        Place::Hex(h.hex_of_label("0101").expect("hex"))
    );
    assert!(t.validate().is_empty(), "{:?}", t.validate());
    // The table written from the result reads back to it exactly.
    let (again, imported) = import(&t, &write_grid(&oob_rows(&t))).expect("reads back");
    assert!(imported.edits.is_empty());
    assert_eq!(again, t);
}

/// Each refusal names its row and column, and nothing is changed.
#[test]
fn a_refused_cell_names_its_row_and_column() {
    let s = sample("winceby");
    let side = s.sides[0].name.clone();
    let cases = [
        ("name,side\nA,Nobody\n", (2, 2), "no side is named 'Nobody'"),
        ("name,type\nA,Tank\n", (2, 2), "'Tank' is not a unit type"),
        ("name,strength\nA,5/3\n", (2, 2), "'5/3' is not a strength"),
        (
            "name,at\nA,9999\n",
            (2, 2),
            "'9999' is not a hex of this map",
        ),
        ("name,at\nA,table\n", (2, 2), "played on a hex map"),
        (
            "name,at\nA,Turn three at 0101\n",
            (2, 2),
            "or 'turn T at ENTRY' for a reinforcement",
        ),
        ("name,at\nA,turn 0 at 0101\n", (2, 2), "the turn must be 1"),
        (
            "name,commander\nA,Nobody\n",
            (2, 2),
            "no unit is named 'Nobody'",
        ),
        ("name,colour\nA,red\n", (1, 2), "'colour' is not a column"),
        (
            "name\nA\nA\n",
            (3, 1),
            "'A' is named again (first in row 2)",
        ),
        (
            "name,quality\nA,Elite\n",
            (2, 2),
            "'Elite' is not a quality",
        ),
    ];
    let (a, b) = (&s.sides[0], &s.sides[1]);
    let leader_of = |side: SideId| {
        s.units
            .iter()
            .find(|u| u.side == side && u.is_leader())
            .expect("a leader")
            .name
            .clone()
    };
    let plain = s
        .units
        .iter()
        .find(|u| !u.is_leader())
        .expect("a unit")
        .name
        .clone();
    let not_a_leader = format!("name,commander\nA,{plain}\n");
    let other_side = format!("name,side,commander\nA,{},{}\n", a.name, leader_of(b.id));
    let cases = cases.into_iter().chain([
        (
            not_a_leader.as_str(),
            (2, 2),
            "is not a leader: only a leader commands",
        ),
        (other_side.as_str(), (2, 3), "name a leader of"),
    ]);
    for (text, (row, column), says) in cases {
        let text = text.replace("SIDE", &side);
        let e = import(&s, &text).map(|_| ()).expect_err(&text);
        assert_eq!((e.row, e.column), (Some(row), Some(column)), "{text}: {e}");
        assert!(e.message.contains(says), "{text}: {e}");
    }
}

/// A reinforcement moved to another turn leaves its old group (removed once empty) for one of
/// that side, turn and entry.
#[test]
fn a_reinforcement_given_another_turn_moves_to_that_turns_group() {
    let s = sample("winceby");
    let r = s.reinforcements.first().expect("a group").clone();
    let unit = s.unit(r.units[0]).expect("unit").clone();
    let entry = place_text(&s, r.entry);
    let later = r.turn + 2;
    let text = format!("name,at\n{},turn {later} at {entry}\n", unit.name);
    let (t, imported) = import(&s, &text).expect("imports");
    assert_eq!(imported.new_groups, 1);
    let now = t
        .reinforcements
        .iter()
        .find(|g| g.units.contains(&unit.id))
        .expect("in a group");
    assert_eq!((now.turn, now.entry, now.side), (later, r.entry, r.side));
    let old = t.reinforcements.iter().find(|g| g.id == r.id);
    if r.units.len() == 1 {
        assert!(old.is_none(), "the emptied group is gone");
    } else {
        assert!(!old.expect("kept").units.contains(&unit.id));
    }
    assert!(t.validate().is_empty(), "{:?}", t.validate());
}

fn applied(s: &Scenario, imported: Imported) -> Scenario {
    let mut doc = Document::new(s.clone(), None);
    if !imported.edits.is_empty() {
        doc.apply("Order of battle", imported.edits)
            .expect("the edits apply");
    }
    doc.scenario().clone()
}

/// Several rows of the editor's table given one strength, quality and commander at once: each
/// unit takes them, one number setting starting and current strength alike.
#[test]
fn a_value_set_for_several_rows_reaches_every_unit() {
    let s = sample("winceby");
    let side = s.sides[0].id;
    let units: Vec<UnitId> = s
        .units
        .iter()
        .filter(|u| u.side == side && !u.is_leader())
        .map(|u| u.id)
        .take(3)
        .collect();
    assert_eq!(units.len(), 3);
    let leader = s
        .units
        .iter()
        .find(|u| u.side == side && u.is_leader())
        .expect("a leader")
        .clone();
    let mut t = s.clone();
    for (column, value) in [
        ("strength", "7"),
        ("quality", "green"),
        ("commander", leader.name.as_str()),
    ] {
        let imported = set_cells(&t, &units, column, value).expect(column);
        assert_eq!(imported.changed, 3, "{column}");
        t = applied(&t, imported);
    }
    for id in &units {
        let u = t.unit(*id).expect("unit");
        assert_eq!(u.strength, Strength::full(7));
        assert_eq!(u.quality, Quality::Green);
        assert_eq!(u.commander, Some(leader.id));
    }
    assert!(t.validate().is_empty(), "{:?}", t.validate());
    // Units not chosen are as they were.
    for u in s.units.iter().filter(|u| !units.contains(&u.id)) {
        assert_eq!(t.unit(u.id), Some(u));
    }
}

/// A cell's refusal names the unit and says what is wrong; a name is given to one unit at a
/// time and never one another unit has.
#[test]
fn a_refused_cell_names_its_unit_and_a_name_stays_unique() {
    let s = sample("winceby");
    let a = s.units[0].clone();
    let b = s.units[1].clone();
    let e = set_cells(&s, &[a.id], "strength", "9/3").expect_err("refused");
    assert!(
        e.starts_with(&format!("{}: ", a.name)) && e.contains("'9/3' is not a strength"),
        "{e}"
    );
    let e = set_cells(&s, &[a.id], "at", "9999").expect_err("refused");
    assert!(e.contains("'9999' is not a hex of this map"), "{e}");
    let e = set_cells(&s, &[a.id], "name", &b.name).expect_err("taken");
    assert!(e.contains("is the name of another unit"), "{e}");
    let e = set_cells(&s, &[a.id, b.id], "name", "Twins").expect_err("two");
    assert!(e.contains("one unit at a time"), "{e}");
    let renamed = applied(
        &s,
        set_cells(&s, &[a.id], "name", "  Manchester's Horse ").expect("renames"),
    );
    assert_eq!(renamed.unit(a.id).expect("unit").name, "Manchester's Horse");
}

/// A reinforcement set in the table: its `at` cell read as a turn and an entry makes the group,
/// and "off map" takes it out again.
#[test]
fn a_cell_set_to_a_turn_at_an_entry_makes_the_reinforcement_group() {
    let s = sample("winceby");
    let u = s
        .units
        .iter()
        .find(|u| u.hex().is_some() && !u.is_leader())
        .expect("unit")
        .clone();
    let t = applied(
        &s,
        set_cells(&s, &[u.id], "at", "turn 4 at 0101").expect("reads"),
    );
    let h = t.map.as_hex().expect("hex");
    let g = t
        .reinforcements
        .iter()
        .find(|g| g.units.contains(&u.id))
        .expect("a group");
    assert_eq!(g.turn, 4);
    assert_eq!(g.entry, Place::Hex(h.hex_of_label("0101").expect("hex")));
    assert_eq!(t.unit(u.id).expect("unit").position, Position::OffMap);
    let back = applied(&t, set_cells(&t, &[u.id], "at", "off map").expect("reads"));
    assert!(!back.reinforcements.iter().any(|g| g.units.contains(&u.id)));
}

/// Rows pasted from a spreadsheet, without a header, are read in the table's column order and
/// add their units; with a header, in the header's order. A bad cell names the row as pasted.
#[test]
fn rows_pasted_from_a_spreadsheet_add_units_with_or_without_a_header() {
    let s = sample("winceby");
    let side = s.sides[1].name.clone();
    let text = format!(
        "Hale's Foot\t{side}\tInfantry\tGreen\t5\t\t0406\n\
         Fen Dragoons\t{side}\tDragoons\tRegular\t3/4\t\tturn 2 at 0101\n"
    );
    let rows = read_grid(&text).expect("grid");
    let t = applied(&s, paste_edits(&s, &rows).expect("pastes"));
    let by = |n: &str| t.units.iter().find(|u| u.name == n).expect(n).clone();
    assert_eq!(by("Hale's Foot").quality, Quality::Green);
    assert_eq!(by("Hale's Foot").side, s.sides[1].id);
    assert_eq!(
        by("Fen Dragoons").strength,
        Strength {
            start: 4,
            current: 3
        }
    );
    assert!(
        t.reinforcements
            .iter()
            .any(|g| g.turn == 2 && g.units.contains(&by("Fen Dragoons").id))
    );
    let rows = read_grid("strength,name\n4,Hale's Foot\n").expect("grid");
    let again = applied(&t, paste_edits(&t, &rows).expect("pastes"));
    assert_eq!(
        again
            .units
            .iter()
            .find(|u| u.name == "Hale's Foot")
            .expect("unit")
            .strength,
        Strength::full(4)
    );
    let rows = read_grid("A\tNobody\nB\tNobody\n").expect("grid");
    let e = paste_edits(&s, &rows).expect_err("refused");
    assert_eq!((e.row, e.column), (Some(1), Some(2)), "{e}");
}

/// A reinforcement's entry given by a map label's name is the label's hex, and is written
/// back by that name; a name no label has is refused, saying so.
#[test]
fn a_reinforcement_enters_at_a_map_labels_name() {
    let s = sample("winceby");
    let label = s.labels.first().expect("a label").clone();
    let u = s
        .units
        .iter()
        .find(|u| u.hex().is_some() && !u.is_leader())
        .expect("unit")
        .clone();
    let at = format!("turn 5 at {}", label.text.to_uppercase());
    let t = applied(&s, set_cells(&s, &[u.id], "at", &at).expect("reads"));
    let g = t
        .reinforcements
        .iter()
        .find(|g| g.units.contains(&u.id))
        .expect("a group");
    assert_eq!((g.turn, g.entry), (5, label.place));
    let row = oob_rows(&t)
        .into_iter()
        .find(|r| r[0] == u.name)
        .expect("row");
    assert_eq!(row[6], format!("turn 5 at {}", label.text));
    let e = set_cells(&s, &[u.id], "at", "turn 5 at Nowhere Lane").expect_err("refused");
    assert!(e.contains("nor is it the name of a map label"), "{e}");
}

/// A new row takes the first free name, stands off the map and belongs to the side given.
#[test]
fn a_new_row_is_an_off_map_unit_with_a_free_name() {
    let s = sample("winceby");
    let (imported, name) = new_row(&s, s.sides[1].id, None).expect("a row");
    let t = applied(&s, imported);
    let u = t.units.iter().find(|u| u.name == name).expect("added");
    assert_eq!((u.side, u.position), (s.sides[1].id, Position::OffMap));
    let (_, second) = new_row(&t, s.sides[1].id, None).expect("a row");
    assert_eq!(second, "New unit 2");
    // Like a row: its side, type, quality, strength and commander, the name counted on; a
    // reinforcement's copy joins its group.
    let like = s
        .reinforcements
        .iter()
        .flat_map(|g| &g.units)
        .find_map(|id| s.unit(*id))
        .expect("a reinforcement")
        .clone();
    let (imported, name) = new_row(&s, s.sides[0].id, Some(like.id)).expect("a row");
    let t = applied(&s, imported);
    let u = t.units.iter().find(|u| u.name == name).expect("added");
    assert_eq!(
        name,
        crate::edit::ops::clipboard::copy_name(&like.name, |_| false)
    );
    assert_eq!(
        (u.side, u.kind.tag(), u.quality, u.strength, u.commander),
        (
            like.side,
            like.kind.tag(),
            like.quality,
            like.strength,
            like.commander
        )
    );
    assert!(
        t.reinforcements
            .iter()
            .any(|g| g.units.contains(&u.id) && g.units.contains(&like.id)),
        "in the same group"
    );
}

/// Under hex commands (R5) a leader's commander cell is his superior, as the tree stands him
/// under it; set, it moves him under another leader.
#[test]
fn a_hex_leaders_commander_cell_is_his_superior() {
    let s = sample("winceby");
    let by = |s: &Scenario, n: &str| s.units.iter().find(|u| u.name == n).expect(n).clone();
    let cromwell = by(&s, "Oliver Cromwell");
    let superior = cromwell
        .leadership
        .and_then(|l| l.superior)
        .and_then(|id| s.unit(id))
        .expect("Cromwell has a superior")
        .name
        .clone();
    let row = oob_rows(&s)
        .into_iter()
        .find(|r| r[0] == cromwell.name)
        .expect("row");
    assert_eq!(row[5], superior);
    let fairfax = by(&s, "Sir Thomas Fairfax");
    let t = applied(
        &s,
        set_cells(&s, &[cromwell.id], "commander", &fairfax.name).expect("sets"),
    );
    let now = t.unit(cromwell.id).expect("unit");
    assert_eq!(now.leadership.and_then(|l| l.superior), Some(fairfax.id));
    assert!(t.validate().is_empty(), "{:?}", t.validate());
}

/// A unit the table moves to the other side, with no commander column, leaves its old side's
/// commander rather than being refused for him.
#[test]
fn a_unit_moved_to_the_other_side_leaves_its_old_commander() {
    let s = sample("winceby");
    let u = s
        .units
        .iter()
        .find(|u| !u.is_leader() && u.commander.is_some())
        .expect("a commanded unit");
    let other = s.sides.iter().find(|x| x.id != u.side).expect("other side");
    let (t, imported) =
        import(&s, &format!("name,side\n{},{}\n", u.name, other.name)).expect("imports");
    assert_eq!(imported.changed, 1);
    assert!(
        imported
            .notes
            .iter()
            .any(|n| n.contains("leaves its commander")),
        "said: {:?}",
        imported.notes
    );
    let moved = t.unit(u.id).expect("unit");
    assert_eq!((moved.side, moved.commander), (other.id, None));
    assert!(t.validate().is_empty(), "{:?}", t.validate());
}

/// A wargamer's shorthand for a reinforcement, `T3 at 0101`, reads as `turn 3 at 0101`.
#[test]
fn a_reinforcement_written_t3_at_an_entry_reads_as_turn_3() {
    let s = sample("winceby");
    let side = s.sides[0].name.clone();
    let (t, imported) = import(
        &s,
        &format!("name,side,at\nNewark Foot,{side},T3 at 0101\n"),
    )
    .expect("imports");
    assert_eq!(imported.new_groups, 1);
    let u = t
        .units
        .iter()
        .find(|u| u.name == "Newark Foot")
        .expect("added");
    let g = t
        .reinforcements
        .iter()
        .find(|r| r.units.contains(&u.id))
        .expect("its group");
    assert_eq!(g.turn, 3);
}

/// A leader moved to the other side while units of his old side stay under him is refused
/// where his side is written, naming them; moved with them, he goes.
#[test]
fn a_leader_is_not_moved_to_the_other_side_away_from_his_units() {
    let s = sample("winceby");
    let l = s
        .units
        .iter()
        .find(|l| l.is_leader() && s.units.iter().any(|u| chief(&s, u) == Some(l.id)))
        .expect("a leader with units");
    let other = s.sides.iter().find(|x| x.id != l.side).expect("other side");
    let text = format!("name,side\n{},{}\n", l.name, other.name);
    let e = import(&s, &text)
        .map(|_| ())
        .expect_err("units left behind");
    assert_eq!((e.row, e.column), (Some(2), Some(2)), "{e}");
    assert!(e.message.contains("of his old side"), "{e}");
    // With every unit under him (and under them) moved too, it goes through.
    let mut rows = format!("name,side\n{},{}\n", l.name, other.name);
    let mut under = vec![l.id];
    while let Some(u) = s
        .units
        .iter()
        .find(|u| chief(&s, u).is_some_and(|c| under.contains(&c)) && !under.contains(&u.id))
    {
        under.push(u.id);
        rows.push_str(&format!("{},{}\n", u.name, other.name));
    }
    let (t, _) = import(&s, &rows).expect("moves with them");
    assert_eq!(t.unit(l.id).map(|x| x.side), Some(other.id));
    assert!(t.validate().is_empty(), "{:?}", t.validate());
}

/// A table with several refused rows names them all at once, the first with its row and
/// column, each other on a line of its own; nothing is changed.
#[test]
fn every_refused_row_is_named_at_once() {
    let s = sample("winceby");
    let e = import(
        &s,
        "name,quality,strength\nA,Elite,4\nB,Green,5/3\nC,Green,4\n",
    )
    .map(|_| ())
    .expect_err("two bad rows");
    assert_eq!((e.row, e.column), (Some(2), Some(2)), "{e}");
    let said = e.to_string();
    assert!(said.contains("'Elite' is not a quality"), "{said}");
    assert!(
        said.contains("\n  row 3, column 3: '5/3' is not a strength"),
        "{said}"
    );
}
