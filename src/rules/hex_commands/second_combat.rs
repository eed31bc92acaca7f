//! The cavalry second combat (R5): after advancing into a hex vacated by combat, up to two more
//! hexes, a facing change and a second attack.
//!
//! Choice where the text is open (also in `docs/rules.md`): the two further hexes are counted in
//! hexes, not MP, over passable ground; entering an enemy zone of control ends the advance; the
//! facing may change to any edge.

use super::board::{Board, BoardUnit, ENEMY, NONE};
use super::error::HexError;
use super::reason::Reason;
use super::search::{Params, Pricing, Search};
use super::serial;
use super::unit_ref::UnitRef;
use crate::model::UnitId;
use hexx::Hex;
use serde::Serialize;

/// Hexes of the second combat advance.
pub const SECOND_COMBAT_HEXES: u16 = 2;

/// One hex of the second combat advance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AdvanceHex {
    #[serde(serialize_with = "serial::hex")]
    pub hex: Hex,
    /// Hexes moved (0 = stays in the vacated hex).
    pub hexes: u16,
    #[serde(serialize_with = "serial::hexes")]
    pub path: Vec<Hex>,
    /// Enemy combat units adjacent to it: the candidates for the second attack.
    pub targets: Vec<UnitRef>,
    /// `None`: it may end the advance here. In JSON: `legal`, and the `reason` code and
    /// `text` when it may not.
    #[serde(flatten, serialize_with = "serial::end_verdict")]
    pub reason: Option<Reason>,
}

/// The cavalry second combat option: from the hex it advanced into, up to two more hexes,
/// a facing change (any edge) and a second attack after all melee.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SecondCombat {
    /// Not in JSON: the command line names the unit beside it.
    #[serde(skip)]
    pub unit: UnitRef,
    #[serde(serialize_with = "serial::hex")]
    pub from: Hex,
    /// Set when the unit may not take the option (not cavalry).
    #[serde(serialize_with = "serial::opt_text")]
    pub refused: Option<Reason>,
    /// Every hex within two hexes over passable ground, the vacated hex first.
    pub hexes: Vec<AdvanceHex>,
}

impl SecondCombat {
    pub fn legal(&self) -> impl Iterator<Item = &AdvanceHex> {
        self.hexes.iter().filter(|h| h.reason.is_none())
    }
}

pub(crate) fn second_combat(
    board: &Board,
    search: &mut Search,
    unit: UnitId,
    from: Option<Hex>,
) -> Result<SecondCombat, HexError> {
    let slot = board.slot(unit)?;
    let u = board.unit(slot);
    let start = match from {
        Some(h) => board
            .index_of(h)
            .map(|i| i as u32)
            .ok_or_else(|| HexError::OffMap(board.hex_name(h)))?,
        None => u
            .present()
            .map(|(i, _)| i)
            .ok_or_else(|| HexError::NotOnMap(u.name.to_string()))?,
    };
    let field = board.field(u.side);
    let mut out = SecondCombat {
        unit: u.r(),
        from: board.hexes[start as usize],
        refused: None,
        hexes: Vec::new(),
    };
    if !u.acts_as_cavalry() {
        out.refused = Some(Reason::CavalryOnly);
        return Ok(out);
    }
    let p = Params {
        start,
        budget: SECOND_COMBAT_HEXES,
        pricing: Pricing::Hexes,
        flags: Some(&field.flags),
        zoc: true,
        exclusion: None,
        one_step: false,
        start_cost: 0,
        start_entered: false,
    };
    search.legal.run(board, &p);
    let mover_side = u.side;
    for &i in &search.legal.settled {
        let iu = i as usize;
        let hexes = search.legal.cost(i).unwrap_or(0);
        let path: Vec<Hex> = search
            .legal
            .path(i)
            .into_iter()
            .map(|k| board.hexes[k as usize])
            .collect();
        let reason = if i == start {
            None
        } else if field.flags[iu] & ENEMY != 0 {
            let unit = board
                .units
                .iter()
                .find(|x| x.side != mover_side && x.present().is_some_and(|(h, _)| h == i))
                .map(BoardUnit::r);
            unit.map(|unit| Reason::Occupied { unit, enemy: true })
        } else {
            board
                .full(iu, slot)
                .map(|occ| Reason::friends_fill(board.unit(occ).r(), board.per_hex()))
        };
        let targets = if field.flags[iu] & ENEMY != 0 {
            Vec::new()
        } else {
            let mut t: Vec<UnitRef> = (0..6)
                .filter_map(|d| {
                    let j = board.neighbour(iu, d);
                    (j != NONE).then_some(j)
                })
                .filter_map(|j| {
                    let o = board.occupant[j as usize];
                    (o != NONE && board.unit(o).side != mover_side).then(|| board.unit(o).r())
                })
                .collect();
            t.sort_by_key(|x| x.id);
            t
        };
        out.hexes.push(AdvanceHex {
            hex: board.hexes[iu],
            hexes,
            path,
            targets,
            reason,
        });
    }
    Ok(out)
}
