//! A handout for one side: the scenario as that side's player may see it, for deployments made
//! in secret. Everything else follows from printing this smaller scenario: the map shows only
//! that side's counters, zones and entry points, and the sheet's sides, columns with their order
//! of march, reinforcements and legend list only what is left.

use crate::model::{Scenario, SideId};

/// `s` with only `side`'s units, columns, deployment zones and reinforcements, and no other side
/// at all (not even its name). Objectives belong to no side and stay, as do the map, terrain and
/// title. The situation and designer's notes are free text that speaks of both sides and cannot
/// be split, so the handout leaves them out: the side's own briefing is printed in their
/// place, or, when it has none, a line saying whose handout it is.
pub fn side_only(s: &Scenario, side: SideId) -> Scenario {
    let mut out = s.clone();
    let (name, briefed) = s.side(side).map_or(("", false), |x| {
        (x.name.as_str(), !x.briefing.trim().is_empty())
    });
    out.meta.description = if briefed {
        String::new()
    } else {
        format!(
            "Deployment handout for {name}: the other side's forces, zones and entry points are \
             not shown, nor the scenario's situation and designer's notes."
        )
    };
    out.meta.designer_notes.clear();
    out.sides.retain(|x| x.id == side);
    out.units.retain(|u| u.side == side);
    out.columns.retain(|c| c.side == side);
    out.zones.retain(|z| z.side == side);
    out.reinforcements.retain(|r| r.side == side);
    // Leader links may not point across sides, but a hand-made file might: drop any that now
    // point at nothing, so no name of the other side is printed through them.
    let kept: std::collections::HashSet<_> = out.units.iter().map(|u| u.id).collect();
    for u in &mut out.units {
        if u.commander.is_some_and(|c| !kept.contains(&c)) {
            u.commander = None;
        }
        if u.attached_leader.is_some_and(|c| !kept.contains(&c)) {
            u.attached_leader = None;
        }
        if let Some(l) = &mut u.leadership
            && l.superior.is_some_and(|c| !kept.contains(&c))
        {
            l.superior = None;
        }
    }
    for c in &mut out.columns {
        c.members.retain(|m| kept.contains(&m.unit));
    }
    for r in &mut out.reinforcements {
        r.units.retain(|u| kept.contains(u));
    }
    out
}

/// The side named `name` (case-insensitive, or by ID as `12` or `#12`), or the one side whose
/// name begins with it (`Parliament` for "Parliament (Eastern Association)").
pub fn find_side(s: &Scenario, name: &str) -> Option<SideId> {
    let wanted = name.trim();
    if wanted.is_empty() {
        return None;
    }
    let by_id = wanted.trim_start_matches('#').parse::<u32>().ok();
    if let Some(x) = s
        .sides
        .iter()
        .find(|x| x.name.eq_ignore_ascii_case(wanted) || by_id == Some(x.id.0))
    {
        return Some(x.id);
    }
    let lower = wanted.to_lowercase();
    let mut begun = s
        .sides
        .iter()
        .filter(|x| x.name.to_lowercase().starts_with(&lower));
    match (begun.next(), begun.next()) {
        (Some(x), None) => Some(x.id),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_is_found_by_its_name_its_id_or_the_start_of_its_name() {
        let s = crate::samples::named("winceby");
        let parliament = s.sides[0].id;
        assert!(s.sides[0].name.starts_with("Parliament ("));
        assert_eq!(find_side(&s, &s.sides[0].name), Some(parliament));
        assert_eq!(find_side(&s, "parliament"), Some(parliament));
        assert_eq!(
            find_side(&s, &format!("#{}", parliament.0)),
            Some(parliament)
        );
        assert_eq!(find_side(&s, "Royal"), Some(s.sides[1].id));
        assert_eq!(find_side(&s, ""), None);
        assert_eq!(find_side(&s, "Scots"), None);
    }
}
