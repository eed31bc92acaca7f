//! Where an R5 move lands: the verdict on ending a previewed move on a hex, and the unit as it
//! stands there. A move, a reaction charge and the halted move going on all land so, and the
//! editor's ghost shows it.

use crate::model::*;
use crate::rules::hex_commands::MovePreview;
use hexx::Hex;

/// The unit as a move to `to` leaves it: on the hex, facing the way of its last step; a
/// reinforcement coming on is marked as arrived this turn (no charge), and dragoons come on
/// mounted. The editor's ghost and the game's move both stand the unit so.
pub fn moved(pv: &MovePreview, u: &Unit, to: Hex) -> Unit {
    let hexes = pv.path(to).unwrap_or_default();
    let facing = match (hexes.len(), &u.position) {
        (n, _) if n >= 2 => hexes[n - 2]
            .neighbor_direction(hexes[n - 1])
            .map(|d| d.index())
            .unwrap_or(0),
        (_, Position::Hex { facing, .. }) => *facing,
        _ => 0,
    };
    let mut n = u.clone();
    n.position = Position::Hex { hex: to, facing };
    if pv.entry.is_some() {
        n.state.arrived_this_turn = true;
        if n.kind == UnitKind::Dragoons {
            n.state.mounted = true;
        }
    }
    n
}

/// The verdict on ending the previewed move at `to`: legal, or the reason it is not (off the
/// map, out of reach, refused by the command, or where it stands already).
pub fn verdict(s: &Scenario, pv: &MovePreview, to: Hex) -> Result<(), Vec<String>> {
    let on_map = s.map.as_hex().is_some_and(|m| m.grid().contains(to));
    if !on_map {
        let name = s
            .map
            .as_hex()
            .map_or(format!("{},{}", to.x, to.y), |m| m.hex_name(to));
        return Err(vec![format!("hex {name} is off the map")]);
    }
    let v = pv.get(to).ok_or_else(|| {
        vec![format!(
            "out of reach: more than {} MP away, or no way through",
            pv.allowance
        )]
    })?;
    if let Some(r) = &v.reason {
        return Err(vec![r.to_string()]);
    }
    if to == pv.start && pv.entry.is_none() {
        return Err(vec!["it stands there already".into()]);
    }
    Ok(())
}
