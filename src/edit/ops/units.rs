//! The rules that keep a unit whole when one of its fields changes: models follow strength,
//! references follow the side and the kind, superiors never loop, column widths follow R1.
//! Pure functions from the scenario to edits, tested without a window.

use crate::edit::Edit;
use crate::geom::{Footprint, MM_PER_INCH, Point, bearing_vec};
use crate::model::*;
use crate::rules::column::allowed_widths;

/// Space left between a new model and its neighbours, in inches.
const NEW_MODEL_GAP_IN: f32 = 0.05;

pub fn put(u: Unit) -> Edit {
    Edit::PutUnit(Box::new(u))
}

/// Whether units of this scenario carry models (figures or stands): on the free-measure table
/// they do, wherever they stand (a column's tail keeps its models off the table).
pub fn has_models(s: &Scenario) -> bool {
    !s.map.is_hex()
}

/// The width and depth of a base in inches.
pub fn base_in(b: Base) -> (f32, f32) {
    match b {
        Base::Round { diameter_mm } => (diameter_mm / MM_PER_INCH, diameter_mm / MM_PER_INCH),
        Base::Rect { width_mm, depth_mm } => (width_mm / MM_PER_INCH, depth_mm / MM_PER_INCH),
    }
}

/// `u` with exactly `count` models: models beyond the count go from the back (the leader's
/// model last of all); new ones take fresh IDs from `s.next_id` and stand next to the last
/// model, clear of every other base on the table and on the table if the unit is.
pub fn resize_models(s: &Scenario, u: &Unit, count: u16) -> Unit {
    let mut n = u.clone();
    let count = count as usize;
    while n.models.len() > count {
        let drop = n
            .models
            .iter()
            .rposition(|m| Some(m.id) != n.leader_model)
            .unwrap_or(n.models.len() - 1);
        let gone = n.models.remove(drop);
        if n.leader_model == Some(gone.id) {
            n.leader_model = None;
        }
    }
    if n.models.len() >= count {
        return n;
    }
    let table = s.map.as_table();
    let others: Vec<Footprint> = s
        .units
        .iter()
        .filter(|x| x.id != u.id && x.on_table() && x.in_play())
        .flat_map(|x| x.models.iter().map(Model::footprint))
        .collect();
    let mut next = s.next_id;
    while n.models.len() < count {
        let last = n.models.last().copied().unwrap_or(Model {
            id: ModelId(0),
            base: Base::Round { diameter_mm: 25.0 },
            pos: table.map_or(Point::ZERO, |t| Point::new(t.width_in, t.height_in) * 0.5),
            facing_deg: 0.0,
        });
        let (w, d) = base_in(last.base);
        let right = bearing_vec(last.facing_deg + 90.0) * (w + NEW_MODEL_GAP_IN);
        let back = bearing_vec(last.facing_deg + 180.0) * (d + NEW_MODEL_GAP_IN);
        let mut spots: Vec<(i32, i32)> = (-6..=6)
            .flat_map(|i| (-6..=6).map(move |j| (i, j)))
            .filter(|&(i, j)| (i, j) != (0, 0) || n.models.is_empty())
            .collect();
        // Nearest first; among equals, to the right, then behind.
        spots.sort_by(|a, b| {
            let da = (right * a.0 as f32 + back * a.1 as f32).length();
            let db = (right * b.0 as f32 + back * b.1 as f32).length();
            da.total_cmp(&db).then(b.0.cmp(&a.0)).then(b.1.cmp(&a.1))
        });
        let mine: Vec<Footprint> = n.models.iter().map(Model::footprint).collect();
        let candidate = |pos: Point| Model {
            id: ModelId(next),
            base: last.base,
            pos,
            facing_deg: last.facing_deg,
        };
        let fits = |m: &Model| {
            let fp = m.footprint();
            let clear = mine.iter().chain(&others).all(|o| fp.separation(o) >= 0.0);
            let on_table = !u.on_table()
                || table.is_none_or(|t| {
                    let r = fp.bounding_radius();
                    m.pos.x - r >= 0.0
                        && m.pos.y - r >= 0.0
                        && m.pos.x + r <= t.width_in
                        && m.pos.y + r <= t.height_in
                });
            clear && on_table
        };
        let model = spots
            .iter()
            .map(|&(i, j)| candidate(last.pos + right * i as f32 + back * j as f32))
            .find(|m| fits(m))
            .unwrap_or_else(|| candidate(last.pos + right));
        next += 1;
        n.models.push(model);
    }
    n
}

/// `u` at strength `start`/`current`, with its models in step. Refuses a current strength
/// above the start, and a start of zero.
pub fn with_strength(s: &Scenario, u: &Unit, start: u16, current: u16) -> Result<Unit, String> {
    if start == 0 {
        return Err("a unit starts with at least one stand or figure".into());
    }
    if current > start {
        return Err(format!(
            "the current strength ({current}) cannot be above the starting strength ({start})"
        ));
    }
    let mut n = if has_models(s) && current != u.strength.current {
        resize_models(s, u, current)
    } else {
        u.clone()
    };
    n.strength = Strength { start, current };
    Ok(n)
}

/// The edits that move `u` to `side`: its commander, attached leader and superior stay only if
/// they are on the new side; units that looked to it as a leader let go; it leaves a column or
/// a reinforcement of its old side.
pub fn side_change_edits(s: &Scenario, u: &Unit, side: SideId) -> Vec<Edit> {
    let on_side = |id: Option<UnitId>| id.filter(|l| s.unit(*l).is_some_and(|l| l.side == side));
    let mut n = u.clone();
    n.side = side;
    n.commander = on_side(u.commander);
    n.attached_leader = on_side(u.attached_leader);
    if let Some(l) = &mut n.leadership {
        l.superior = on_side(l.superior);
    }
    let mut edits = vec![put(n)];
    edits.extend(let_go_of(s, u.id, |x| x.side != side));
    for c in &s.columns {
        if c.side != side && c.members.iter().any(|m| m.unit == u.id) {
            let mut c = c.clone();
            c.members.retain(|m| m.unit != u.id);
            edits.push(Edit::PutColumn(Box::new(c)));
        }
    }
    for r in &s.reinforcements {
        if r.side != side && r.units.contains(&u.id) {
            let mut r = r.clone();
            r.units.retain(|x| *x != u.id);
            edits.push(Edit::PutReinforcement(Box::new(r)));
        }
    }
    edits
}

/// Edits that clear every reference to leader `leader` from units matching `which`.
pub fn let_go_of(s: &Scenario, leader: UnitId, which: impl Fn(&Unit) -> bool) -> Vec<Edit> {
    s.units
        .iter()
        .filter(|x| x.id != leader && which(x))
        .filter_map(|x| {
            let mut y = x.clone();
            if y.commander == Some(leader) {
                y.commander = None;
            }
            if y.attached_leader == Some(leader) {
                y.attached_leader = None;
            }
            if let Some(l) = &mut y.leadership
                && l.superior == Some(leader)
            {
                l.superior = None;
            }
            (y != *x).then(|| put(y))
        })
        .collect()
}

/// The edits that make `u` a unit of kind `tag`: a new leader gets a command; a unit that is
/// no longer a leader loses it, and nobody keeps it as commander, attached leader or superior.
pub fn kind_change_edits(s: &Scenario, u: &Unit, tag: KindTag) -> Vec<Edit> {
    let mut n = u.clone();
    n.kind = match tag {
        KindTag::Infantry => UnitKind::Infantry,
        KindTag::Cavalry => UnitKind::Cavalry,
        KindTag::Dragoons => UnitKind::Dragoons,
        KindTag::Artillery => match u.kind {
            k @ UnitKind::Artillery { .. } => k,
            _ => UnitKind::Artillery {
                class: GunClass::Light,
                draught: Draught::Foot,
                hit_points: 3,
            },
        },
        KindTag::Elephant => UnitKind::Elephant,
        KindTag::Wagon => UnitKind::Wagon,
        KindTag::Leader => UnitKind::Leader,
    };
    let mut edits = Vec::new();
    if tag == KindTag::Leader {
        n.leadership = n.leadership.or(Some(Leadership {
            command: Command::Advance,
            span: 3,
            superior: None,
            bonus: 1,
            rerolls: 0,
            rerolls_used: 0,
        }));
    } else if n.leadership.take().is_some() {
        edits.extend(let_go_of(s, u.id, |_| true));
    }
    edits.insert(0, put(n));
    edits
}

/// Why making `candidate` the superior of `leader` would close a loop, or `None` if it would
/// not: "would make a loop: Manchester answers to Cromwell, who answers to Manchester".
pub fn superior_loop(s: &Scenario, leader: UnitId, candidate: UnitId) -> Option<String> {
    let name = |id: UnitId| s.unit(id).map_or(id.to_string(), |u| u.name.clone());
    let mut text = format!(
        "would make a loop: {} answers to {}",
        name(leader),
        name(candidate)
    );
    let mut cur = Some(candidate);
    let mut steps = 0;
    while let Some(id) = cur {
        if id == leader {
            return Some(text);
        }
        steps += 1;
        if steps > s.units.len() {
            return Some("its chain of superiors already loops".into());
        }
        cur = s
            .unit(id)
            .and_then(|x| x.leadership)
            .and_then(|l| l.superior);
        if let Some(next) = cur {
            text.push_str(&format!(", who answers to {}", name(next)));
        }
    }
    None
}

/// R1: the frontage a unit of its current strength may march on. "a unit of 12 marches 2 or 3
/// wide". Units too large for a column take any width (the problems panel reports them).
pub fn width_check(u: &Unit, width: u8) -> Result<(), String> {
    let n = u.strength.current;
    match allowed_widths(n) {
        Some(r) if !r.contains(&width) => Err(format!(
            "a unit of {n} marches {} or {} wide (R1)",
            r.start(),
            r.end()
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::Document;

    fn sample(name: &str) -> Scenario {
        crate::samples::named(name)
    }

    fn apply(doc: &mut Document, edits: Vec<Edit>) {
        doc.apply("test", edits).expect("valid edit");
        assert_eq!(doc.scenario().validate(), vec![]);
    }

    #[test]
    fn strength_adds_and_removes_models_next_to_the_last_without_overlap() {
        let mut doc = Document::new(sample("bakambo"), None);
        let before = crate::rules::check::check(doc.scenario());
        let u = doc
            .scenario()
            .units
            .iter()
            .find(|u| {
                u.on_table() && u.strength.current >= 10 && doc.scenario().column_of(u.id).is_none()
            })
            .expect("a unit on the table")
            .clone();
        let n = u.strength.current;
        let grown = with_strength(doc.scenario(), &u, n + 4, n + 4).expect("valid");
        assert_eq!(grown.models.len(), (n + 4) as usize);
        // Each new model stands beside the one before it.
        let (w, d) = base_in(u.models[0].base);
        let reach = 2.0 * w.max(d) + 0.2;
        for pair in grown.models[n as usize - 1..].windows(2) {
            let gap = pair[0].pos.distance(pair[1].pos);
            assert!(
                gap < reach,
                "{:?} is {gap}\" from the model before",
                pair[1].pos
            );
        }
        apply(&mut doc, vec![put(grown)]);
        let after = crate::rules::check::check(doc.scenario());
        assert_eq!(after, before, "no new problems");
        let u = doc.scenario().unit(u.id).expect("unit").clone();
        let shrunk = with_strength(doc.scenario(), &u, n + 4, 3).expect("valid");
        assert_eq!(shrunk.models.len(), 3);
        assert_eq!(
            shrunk.leader_model, u.leader_model,
            "the leader's model stays"
        );
        apply(&mut doc, vec![put(shrunk)]);
    }

    #[test]
    fn current_strength_above_start_is_refused() {
        let s = sample("bakambo");
        let u = &s.units[0];
        let e = with_strength(&s, u, 12, 13).expect_err("refused");
        assert!(
            e.contains("cannot be above the starting strength (12)"),
            "{e}"
        );
        assert!(with_strength(&s, u, 0, 0).is_err());
    }

    #[test]
    fn superior_loops_are_named() {
        let s = sample("winceby");
        let leaders: Vec<&Unit> = s.units.iter().filter(|u| u.is_leader()).collect();
        let (top, sub) = leaders
            .iter()
            .find_map(|l| {
                let sup = l.leadership?.superior?;
                Some((sup, l.id))
            })
            .expect("a leader with a superior");
        let why = superior_loop(&s, top, sub).expect("a loop");
        assert!(why.starts_with("would make a loop: "), "{why}");
        assert!(why.contains(", who answers to "), "{why}");
        assert_eq!(superior_loop(&s, sub, top), None);
        assert!(superior_loop(&s, top, top).is_some(), "own superior");
    }

    #[test]
    fn widths_follow_the_r1_table() {
        let s = sample("bakambo");
        let mut u = s.units[0].clone();
        u.strength = Strength::full(12);
        assert_eq!(
            width_check(&u, 4),
            Err("a unit of 12 marches 2 or 3 wide (R1)".into())
        );
        assert_eq!(width_check(&u, 2), Ok(()));
        u.strength = Strength::full(5);
        assert!(width_check(&u, 3).is_err());
        assert!(width_check(&u, 1).is_ok());
    }

    #[test]
    fn side_and_kind_changes_keep_the_scenario_valid() {
        let mut doc = Document::new(sample("winceby"), None);
        let s = doc.scenario().clone();
        let other = |side: SideId| s.sides.iter().find(|x| x.id != side).expect("two sides").id;
        // A leader with followers changes side: they let go of him.
        let leader = s
            .units
            .iter()
            .find(|u| u.is_leader() && s.units.iter().any(|x| x.commander == Some(u.id)))
            .expect("a commanding leader");
        apply(&mut doc, side_change_edits(&s, leader, other(leader.side)));
        let s2 = doc.scenario().clone();
        let moved = s2.unit(leader.id).expect("leader");
        assert!(
            s2.units
                .iter()
                .all(|x| x.commander != Some(leader.id) || x.side == moved.side)
        );
        // A leader becomes infantry: nobody keeps him as a leader.
        let l2 = s2.units.iter().find(|u| u.is_leader()).expect("leader");
        apply(&mut doc, kind_change_edits(&s2, l2, KindTag::Infantry));
        let s3 = doc.scenario();
        let u3 = s3.unit(l2.id).expect("unit");
        assert!(u3.leadership.is_none());
        // And back to a leader, with a command.
        let back = kind_change_edits(s3, u3, KindTag::Leader);
        apply(&mut doc, back);
        assert!(
            doc.scenario()
                .unit(l2.id)
                .expect("unit")
                .leadership
                .is_some()
        );
    }

    #[test]
    fn a_column_member_that_changes_side_leaves_its_column() {
        let mut doc = Document::new(sample("bakambo"), None);
        let s = doc.scenario().clone();
        let c = &s.columns[0];
        let u = s.unit(c.members[0].unit).expect("member");
        let side = s.sides.iter().find(|x| x.id != u.side).expect("other").id;
        apply(&mut doc, side_change_edits(&s, u, side));
        assert!(doc.scenario().column_of(u.id).is_none());
    }
}
