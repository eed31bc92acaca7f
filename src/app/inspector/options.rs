//! The choices the unit inspector offers: sides, leaders, kinds and hex facings, named as a
//! designer reads them.

use crate::geom::vec_bearing;
use crate::model::*;

/// Leaders of `side` other than `except`, with "None" first.
pub fn leader_options(s: &Scenario, side: SideId, except: UnitId) -> Vec<(Option<UnitId>, String)> {
    let mut v = vec![(None, "None".to_string())];
    v.extend(
        s.units
            .iter()
            .filter(|x| x.is_leader() && x.side == side && x.id != except)
            .map(|x| (Some(x.id), format!("{} ({})", x.name, x.id))),
    );
    v
}

pub fn side_options(s: &Scenario) -> Vec<(SideId, String)> {
    s.sides.iter().map(|x| (x.id, x.name.clone())).collect()
}

pub fn kind_name(tag: KindTag) -> String {
    let t = tag.to_string();
    let mut c = t.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

/// The compass name of a hex edge direction on this map ("north-east").
pub fn facing_name(h: &HexMap, d: u8) -> String {
    let l = h.layout();
    let centre = l.hex_to_world_pos(hexx::Hex::ZERO);
    let dir = hexx::EdgeDirection::ALL_DIRECTIONS[(d % 6) as usize];
    let bearing = vec_bearing(l.hex_to_world_pos(hexx::Hex::ZERO.neighbor(dir)) - centre);
    const NAMES: [&str; 8] = [
        "north",
        "north-east",
        "east",
        "south-east",
        "south",
        "south-west",
        "west",
        "north-west",
    ];
    let k = ((bearing + 22.5) / 45.0).floor() as usize % 8;
    format!("{} ({d})", NAMES[k])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facings_have_compass_names() {
        let s = Scenario::new_hex("h");
        let h = s.map.as_hex().expect("hex");
        let names: Vec<String> = (0..6).map(|d| facing_name(h, d)).collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 6, "{names:?}");
    }
}
