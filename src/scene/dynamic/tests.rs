//! Tests of the dynamic layer: counters, leaders, stacks, objectives' names.

use super::*;

/// A long name is printed whole on two lines, not cut ("Eastern Association D…").
#[test]
fn a_long_counter_name_breaks_onto_a_second_line_rather_than_being_cut() {
    assert_eq!(
        name_lines("Eastern Association Dragoons"),
        ["Eastern Association", "Dragoons"]
    );
    assert_eq!(
        name_lines("Cromwell's Regiment of Horse"),
        ["Cromwell's Horse"]
    );
    let one_word = name_lines(&"x".repeat(60));
    assert_eq!(one_word[0].chars().count(), NAME_LINE);
    assert!(one_word[1].ends_with('…') && one_word[1].chars().count() == NAME_LINE);
    // The printed sheet of Winceby names every unit in full.
    let s = crate::samples::by_name("winceby")
        .expect("sample")
        .load()
        .expect("loads");
    let style = Style {
        labels: true,
        ..Style::default()
    };
    let texts: Vec<String> = dynamic_layer(&s, &style)
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Text { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert!(texts.iter().all(|t| !t.ends_with('…')), "{texts:?}");
    assert!(texts.contains(&"Eastern Association".to_string()));
    assert!(texts.contains(&"Dragoons".to_string()));
}

#[test]
fn a_leader_sharing_a_hex_is_drawn_over_the_counter_and_covers_what_unit_boxes_says() {
    // The generated map's leader, put on the hex of a unit listed after it.
    let mut s = crate::model::generate::hex_battlefield(12, 0.0, 3, 1);
    let leader = s
        .units
        .iter()
        .position(|u| u.is_leader())
        .expect("a leader");
    let (at, _) = s.units[leader + 1].hex().expect("on a hex");
    let facing = s.units[leader].hex().map_or(0, |(_, f)| f);
    s.units[leader].position = Position::Hex { hex: at, facing };
    let style = Style::default();
    let scene = dynamic_layer(&s, &style);
    let m = s.map.as_hex().expect("hex");
    let centre = layout(m).hex_to_world_pos(at);
    let (disc, r) = leader_place(centre, m.hex_size_mm, &style);
    let (counter, _) = counter_place(centre, m.hex_size_mm, &style, (0, 1));
    let index = |f: &dyn Fn(&Item) -> bool| scene.items.iter().position(f);
    let disc_at = index(
        &|i| matches!(i, Item::Circle { centre, radius, .. } if *centre == disc && *radius == r),
    )
    .expect("the leader's disc");
    let counter_at = index(&|i| match i {
        Item::Convex { points, .. } => {
            Aabb::of_points(points).is_some_and(|b| b.contains(counter) && b.contains(disc))
        }
        _ => false,
    })
    .expect("the counter");
    assert!(disc_at > counter_at, "disc {disc_at}, counter {counter_at}");
    // The boxes the map's names give way to hold both.
    let boxes = unit_boxes(&s, &style);
    assert!(
        boxes
            .iter()
            .any(|b| b.contains(disc) && b.max.x - b.min.x < r * 2.1)
    );
    assert!(
        boxes
            .iter()
            .any(|b| b.contains(counter) && b.contains(disc))
    );
}

/// On paper an objective's name goes where no counter covers it: Winceby's bridge with a
/// regiment on the hex under it, then with regiments under, over and to its right.
#[test]
fn a_printed_objective_name_goes_where_no_counter_covers_it() {
    let mut s = crate::samples::named("winceby");
    let style = Style {
        labels: true,
        clear_hex_labels: true,
        ..Style::default()
    };
    let bridge = s
        .objectives
        .iter()
        .find(|o| o.name == "Stream bridge")
        .expect("the bridge")
        .clone();
    let Place::Hex(at) = bridge.place else {
        panic!("a hex objective")
    };
    let movers: Vec<UnitId> = s
        .units
        .iter()
        .filter(|u| !u.is_leader() && u.hex().is_some())
        .map(|u| u.id)
        .take(3)
        .collect();
    let name_box = |s: &Scenario| {
        dynamic_layer(s, &style)
            .items
            .iter()
            .find_map(|i| match i {
                Item::Text {
                    pos,
                    text,
                    size: Size::MapAtLeast { map: size, .. },
                    anchor,
                    ..
                } if *text == bridge.name => Some(text_box(text, *pos, *size, *anchor)),
                _ => None,
            })
            .expect("the bridge is named")
    };
    for (k, d) in [
        EdgeDirection::FLAT_SOUTH,
        EdgeDirection::FLAT_NORTH,
        EdgeDirection::FLAT_SOUTH_EAST,
    ]
    .into_iter()
    .enumerate()
    {
        let hex = at.neighbor(d);
        if let Some(u) = s.unit_mut(movers[k]) {
            u.position = Position::Hex { hex, facing: 0 };
        }
        let b = name_box(&s);
        let covered: Vec<Aabb> = unit_boxes(&s, &style)
            .into_iter()
            .filter(|c| c.intersects(&b))
            .collect();
        assert!(covered.is_empty(), "step {k}: {b:?} under {covered:?}");
    }
}

/// A stack of counters prints one strength, the top counter's (text is drawn over every
/// shape, so a lower one's would print over it), and names every unit of the stack once,
/// a line each under the top counter.
#[test]
fn a_stack_prints_the_top_counters_strength_and_every_units_name_once() {
    let mut s = crate::samples::named("winceby");
    s.rules.stacking = Some(3);
    let ids: Vec<UnitId> = s
        .units
        .iter()
        .filter(|u| !u.is_leader() && u.hex().is_some())
        .map(|u| u.id)
        .take(3)
        .collect();
    let (at, _) = s.unit(ids[0]).and_then(Unit::hex).expect("on a hex");
    for id in &ids[1..] {
        if let Some(u) = s.unit_mut(*id) {
            u.position = Position::Hex { hex: at, facing: 0 };
        }
    }
    let style = Style {
        labels: true,
        clear_hex_labels: true,
        ..Style::default()
    };
    let scene = dynamic_layer(&s, &style);
    let boxes: Vec<Aabb> = unit_boxes_by_id(&s, &style)
        .into_iter()
        .filter(|(id, _)| ids.contains(id))
        .map(|(_, b)| b)
        .collect();
    let numbers: Vec<&String> = scene
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Text {
                pos,
                text,
                anchor: Anchor::Centre,
                ..
            } if boxes.iter().any(|b| b.contains(*pos)) => Some(text),
            _ => None,
        })
        .collect();
    let top = s.unit(ids[2]).expect("top").strength.current.to_string();
    assert_eq!(numbers, vec![&top], "the top counter's strength alone");
    for id in &ids {
        let first = name_lines(&s.unit(*id).expect("unit").name).remove(0);
        let printed = scene
            .items
            .iter()
            .filter(|i| matches!(i, Item::Text { text, .. } if *text == first))
            .count();
        assert_eq!(printed, 1, "{first}");
    }
}

/// Two reinforcement groups entering at one hex share one marker naming both turns, rather
/// than one hiding the other.
#[test]
fn groups_entering_at_one_hex_share_a_marker_naming_both_turns() {
    let mut s = crate::samples::named("winceby");
    assert!(s.reinforcements.len() >= 2);
    let entry = s.reinforcements[0].entry;
    s.reinforcements[1].entry = entry;
    s.reinforcements[0].turn = 3;
    s.reinforcements[1].turn = 4;
    let texts: Vec<String> = dynamic_layer(&s, &Style::default())
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Text { text, .. }
                if text.starts_with('T') && text[1..].starts_with(|c: char| c.is_ascii_digit()) =>
            {
                Some(text.clone())
            }
            _ => None,
        })
        .collect();
    assert_eq!(texts, vec!["T3/4".to_string()], "{texts:?}");
}
