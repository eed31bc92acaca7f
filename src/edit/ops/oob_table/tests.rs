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
