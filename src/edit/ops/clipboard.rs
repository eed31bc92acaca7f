//! Copy and paste: items copied with the IDs they had, pasted as new items with fresh IDs,
//! offset so the copies do not sit on the originals.

use crate::edit::Edit;
use crate::geom::Point;
use crate::model::*;

/// Items on the clipboard, with the IDs they had.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Clipboard {
    pub units: Vec<Unit>,
    pub pieces: Vec<TerrainPiece>,
    pub objectives: Vec<Objective>,
    pub zones: Vec<DeploymentZone>,
}

impl Clipboard {
    /// The copyable items of `selection` (units, pieces, objectives, zones).
    pub fn copy(s: &Scenario, selection: &[ItemRef]) -> Clipboard {
        let mut c = Clipboard::default();
        for item in selection {
            match *item {
                ItemRef::Unit(id) => c.units.extend(s.unit(id).cloned()),
                ItemRef::Piece(id) => c.pieces.extend(s.piece(id).cloned()),
                ItemRef::Objective(id) => c
                    .objectives
                    .extend(s.objectives.iter().find(|o| o.id == id).cloned()),
                ItemRef::Zone(id) => c.zones.extend(s.zones.iter().find(|z| z.id == id).cloned()),
                _ => {}
            }
        }
        c
    }

    /// How many items it holds.
    pub fn len(&self) -> usize {
        self.units.len() + self.pieces.len() + self.objectives.len() + self.zones.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The name of a copy: the name's last number counted on ("3rd Brigade" → "4th Brigade",
/// "Battery 07" → "Battery 08"), else " 2" added ("Cromwell's Horse 2"), and on again while
/// `taken` says a unit already has it, as a designer numbers the units of an order of battle.
pub fn copy_name(name: &str, taken: impl Fn(&str) -> bool) -> String {
    let mut next = name.to_string();
    // Each step makes a name no earlier step made, so this ends once the names run out; the
    // bound keeps even a corrupt scenario's loop finite.
    for _ in 0..100_000 {
        next = counted_on(&next);
        if !taken(&next) {
            return next;
        }
    }
    format!("{name} (copy)")
}

/// `name` with its last number one more (its ordinal suffix and zero padding kept right), or
/// with " 2" added when it has none.
fn counted_on(name: &str) -> String {
    let bytes = name.as_bytes();
    let Some(end) = bytes.iter().rposition(u8::is_ascii_digit).map(|i| i + 1) else {
        return format!("{name} 2");
    };
    let start = bytes[..end]
        .iter()
        .rposition(|b| !b.is_ascii_digit())
        .map_or(0, |i| i + 1);
    let digits = &name[start..end];
    let Ok(n) = digits.parse::<u64>() else {
        return format!("{name} 2");
    };
    let n = n.saturating_add(1);
    let number = format!("{n:0width$}", width = digits.len());
    let rest = &name[end..];
    let suffix = ["st", "nd", "rd", "th"]
        .iter()
        .find(|s| {
            rest.get(..2).is_some_and(|r| r.eq_ignore_ascii_case(s))
                && !rest[2..].starts_with(|c: char| c.is_alphanumeric())
        })
        .map(|_| (ordinal(n), &rest[2..]));
    match suffix {
        Some((ord, after)) => format!("{}{number}{ord}{after}", &name[..start]),
        None => format!("{}{number}{rest}", &name[..start]),
    }
}

/// The English ordinal suffix of `n`: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st.
fn ordinal(n: u64) -> &'static str {
    match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    }
}

/// How far a paste lands from the originals: one hex east on a hex map, an inch down and right
/// on the table.
pub fn paste_offset(s: &Scenario) -> Point {
    match s.map.as_hex() {
        Some(h) => Point::new(h.hex_size_mm, 0.0),
        None => Point::new(1.0, 1.0),
    }
}

/// The edits that paste `clip` into `s` moved by `offset`, with fresh IDs (a unit's leader
/// model follows its model), and the new items to select. Hex units whose hex would fall off the
/// map are left out.
pub fn paste_edits(s: &Scenario, clip: &Clipboard, offset: Point) -> (Vec<Edit>, Vec<ItemRef>) {
    let mut next = s.next_id;
    let mut fresh = || {
        let v = next;
        next += 1;
        v
    };
    let hex = s.map.as_hex().map(|h| (h.grid(), h.layout()));
    let mut names: std::collections::HashSet<String> =
        s.units.iter().map(|u| u.name.clone()).collect();
    let mut edits = Vec::new();
    let mut selected = Vec::new();
    for u in &clip.units {
        let mut u = u.clone();
        u.id = UnitId(fresh());
        for m in &mut u.models {
            let old = m.id;
            m.id = ModelId(fresh());
            m.pos += offset;
            if u.leader_model == Some(old) {
                u.leader_model = Some(m.id);
            }
        }
        if let (Position::Hex { hex: at, facing }, Some((grid, l))) = (u.position, &hex) {
            let to = l.world_pos_to_hex(l.hex_to_world_pos(at) + offset);
            if !grid.contains(to) {
                continue;
            }
            u.position = Position::Hex { hex: to, facing };
        }
        u.name = copy_name(&u.name, |n| names.contains(n));
        names.insert(u.name.clone());
        selected.push(ItemRef::Unit(u.id));
        edits.push(Edit::PutUnit(Box::new(u)));
    }
    for p in &clip.pieces {
        let mut p = p.clone();
        p.id = PieceId(fresh());
        p.shape.points_mut().iter_mut().for_each(|q| *q += offset);
        selected.push(ItemRef::Piece(p.id));
        edits.push(Edit::PutPiece(Box::new(p)));
    }
    for o in &clip.objectives {
        let mut o = o.clone();
        o.id = ObjectiveId(fresh());
        if let Place::Table(p) = &mut o.place {
            *p += offset;
        }
        selected.push(ItemRef::Objective(o.id));
        edits.push(Edit::PutObjective(Box::new(o)));
    }
    for z in &clip.zones {
        let mut z = z.clone();
        z.id = ZoneId(fresh());
        if let ZoneArea::Polygon(pts) = &mut z.area {
            pts.iter_mut().for_each(|q| *q += offset);
        }
        selected.push(ItemRef::Zone(z.id));
        edits.push(Edit::PutZone(Box::new(z)));
    }
    (edits, selected)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::Document;

    #[test]
    fn a_copy_counts_on_the_names_last_number_or_adds_one() {
        let none = |_: &str| false;
        assert_eq!(copy_name("3rd Brigade", none), "4th Brigade");
        assert_eq!(copy_name("1st Rifle Section", none), "2nd Rifle Section");
        assert_eq!(copy_name("10th Foot", none), "11th Foot");
        assert_eq!(copy_name("20th Maine", none), "21st Maine");
        assert_eq!(copy_name("Battery 07", none), "Battery 08");
        assert_eq!(copy_name("Cromwell's Horse", none), "Cromwell's Horse 2");
        // A number inside a word is a number too; "1st" in "1stBn" is not an ordinal.
        assert_eq!(copy_name("II/5", none), "II/6");
        // Names taken are skipped.
        let taken = |n: &str| n == "4th Brigade" || n == "5th Brigade";
        assert_eq!(copy_name("3rd Brigade", taken), "6th Brigade");
    }

    #[test]
    fn a_pasted_unit_takes_fresh_ids_and_keeps_its_leader_model() {
        let s = crate::samples::named("patrol");
        let u = s
            .units
            .iter()
            .find(|u| u.leader_model.is_some() && u.models.len() > 1)
            .expect("a unit with a leader model");
        let clip = Clipboard::copy(&s, &[ItemRef::Unit(u.id), ItemRef::Side(u.side)]);
        assert_eq!(clip.len(), 1, "sides are not copied");
        let (edits, selected) = paste_edits(&s, &clip, paste_offset(&s));
        let mut doc = Document::new(s.clone(), None);
        doc.apply("Paste", edits).expect("a valid paste");
        let [ItemRef::Unit(id)] = selected[..] else {
            panic!("{selected:?}")
        };
        let copy = doc.scenario().unit(id).expect("the copy");
        assert_ne!(copy.id, u.id);
        assert!(copy.models.iter().all(|m| u.model(m.id).is_none()));
        let leader = copy.leader().expect("the copy's leader model");
        let original = u.leader().expect("leader model");
        assert_eq!(leader.pos, original.pos + Point::new(1.0, 1.0));
    }

    #[test]
    fn a_hex_unit_pasted_off_the_map_is_left_out() {
        let s = crate::samples::named("winceby");
        let u = s.units.iter().find(|u| u.hex().is_some()).expect("unit");
        let clip = Clipboard::copy(&s, &[ItemRef::Unit(u.id)]);
        let (edits, selected) = paste_edits(&s, &clip, Point::new(1e5, 0.0));
        assert!(edits.is_empty() && selected.is_empty());
    }
}
