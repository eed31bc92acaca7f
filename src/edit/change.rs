//! One change to a scenario, and why a change can be refused.

use crate::model::*;

/// One change to a scenario. Variants are coarse on purpose: an edit names the item and its
/// new value, and `apply` checks that the item exists and that the result is still valid.
/// `Put*` inserts a new item or replaces the one with the same ID (and keeps `next_id` above
/// every ID); `Remove*` deletes one and tidies what referred to it.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Replace the whole scenario (recovery, bulk operations).
    ReplaceScenario(Box<Scenario>),
    SetMeta(Meta),
    SetRules(RuleOptions),
    SetTurn(u16),
    /// Replace the map (size, shape, hex terrain). Units off the new map are the caller's
    /// concern: validation refuses hex units left off a hex map.
    SetMap(Box<Map>),
    SetBackground(Option<Box<Background>>),
    PutSide(Side),
    /// Refused while units, zones, columns or reinforcements still belong to the side.
    RemoveSide(SideId),
    PutTerrain(TerrainType),
    /// Hexes and pieces of the removed type take `replacement`.
    RemoveTerrain {
        id: TerrainId,
        replacement: TerrainId,
    },
    PutPiece(Box<TerrainPiece>),
    RemovePiece(PieceId),
    /// Insert a new unit or replace the unit with the same ID.
    PutUnit(Box<Unit>),
    RemoveUnit(UnitId),
    PutColumn(Box<Column>),
    RemoveColumn(ColumnId),
    PutZone(Box<DeploymentZone>),
    RemoveZone(ZoneId),
    PutObjective(Box<Objective>),
    RemoveObjective(ObjectiveId),
    PutReinforcement(Box<Reinforcement>),
    /// The names printed on the map, all of them.
    SetLabels(Vec<MapLabel>),
    RemoveReinforcement(ReinforcementId),
    /// Paint hexes.
    SetHexTerrain(Vec<(hexx::Hex, TerrainId)>),
    /// Set the features of one hex edge (empty features remove it).
    SetHexside {
        hex: hexx::Hex,
        direction: u8,
        features: HexsideFeatures,
    },
}

/// Keeps `next_id` above a just-inserted ID.
fn bump(s: &mut Scenario, id: u32) {
    s.next_id = s.next_id.max(id.saturating_add(1));
}

/// Replaces the item with the same ID or appends it.
fn put<T>(list: &mut Vec<T>, item: T, same: impl Fn(&T) -> bool) {
    match list.iter_mut().find(|x| same(x)) {
        Some(slot) => *slot = item,
        None => list.push(item),
    }
}

/// Removes the item with the given ID, or says it is missing.
fn remove<T>(list: &mut Vec<T>, same: impl Fn(&T) -> bool, item: ItemRef) -> Result<(), EditError> {
    let before = list.len();
    list.retain(|x| !same(x));
    if list.len() == before {
        return Err(EditError::Missing(item));
    }
    Ok(())
}

/// Why an edit was refused. The scenario is left as it was.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("{0} does not exist")]
    Missing(ItemRef),
    #[error("the edit would break the scenario: {0}")]
    Invalid(String),
}

impl Edit {
    /// Applies the edit in place. On error the scenario may be partly changed; `Document`
    /// applies edits to a copy and only keeps it when every edit succeeded and it validates.
    pub fn apply(self, s: &mut Scenario) -> Result<(), EditError> {
        match self {
            Edit::ReplaceScenario(new) => *s = *new,
            Edit::SetMeta(meta) => s.meta = meta,
            Edit::SetRules(rules) => s.rules = rules,
            Edit::SetTurn(turn) => s.turn = turn,
            Edit::SetMap(map) => s.map = *map,
            Edit::SetBackground(bg) => s.background = bg.map(|b| *b),
            Edit::PutSide(side) => {
                bump(s, side.id.0);
                let id = side.id;
                put(&mut s.sides, side, |x| x.id == id);
            }
            Edit::RemoveSide(id) => {
                let users = s.units.iter().filter(|u| u.side == id).count()
                    + s.zones.iter().filter(|z| z.side == id).count()
                    + s.columns.iter().filter(|c| c.side == id).count()
                    + s.reinforcements.iter().filter(|r| r.side == id).count();
                if users > 0 {
                    return Err(EditError::Invalid(format!(
                        "side {id} still has {users} units, zones, columns or reinforcements"
                    )));
                }
                remove(&mut s.sides, |x| x.id == id, ItemRef::Side(id))?;
                // An objective's points to the side go with it.
                for o in &mut s.objectives {
                    o.side_points.retain(|p| p.side != id);
                }
            }
            Edit::PutTerrain(t) => {
                bump(s, t.id.0);
                let id = t.id;
                put(&mut s.terrain_types, t, |x| x.id == id);
            }
            Edit::RemoveTerrain { id, replacement } => {
                if id == replacement || s.terrain(replacement).is_none() {
                    return Err(EditError::Missing(ItemRef::Terrain(replacement)));
                }
                remove(&mut s.terrain_types, |x| x.id == id, ItemRef::Terrain(id))?;
                if let Map::Hex(h) = &mut s.map {
                    for t in &mut h.terrain {
                        if *t == id {
                            *t = replacement;
                        }
                    }
                }
                for p in &mut s.pieces {
                    if p.terrain == id {
                        p.terrain = replacement;
                    }
                }
            }
            Edit::PutPiece(p) => {
                bump(s, p.id.0);
                let id = p.id;
                put(&mut s.pieces, *p, |x| x.id == id);
            }
            Edit::RemovePiece(id) => remove(&mut s.pieces, |x| x.id == id, ItemRef::Piece(id))?,
            Edit::PutUnit(unit) => {
                bump(s, unit.id.0);
                for m in &unit.models {
                    bump(s, m.id.0);
                }
                s.units.put(*unit);
            }
            Edit::RemoveUnit(id) => {
                let before = s.units.len();
                s.units.retain(|u| u.id != id);
                if s.units.len() == before {
                    return Err(EditError::Missing(ItemRef::Unit(id)));
                }
                for c in &mut s.columns {
                    c.members.retain(|m| m.unit != id);
                }
                for r in &mut s.reinforcements {
                    r.units.retain(|u| *u != id);
                }
                // Only the units that named it are written to (and so copied).
                let names = |u: &Unit| {
                    u.commander == Some(id)
                        || u.attached_leader == Some(id)
                        || u.leadership.is_some_and(|l| l.superior == Some(id))
                };
                s.units.update(names, |u| {
                    if u.commander == Some(id) {
                        u.commander = None;
                    }
                    if u.attached_leader == Some(id) {
                        u.attached_leader = None;
                    }
                    if let Some(l) = &mut u.leadership
                        && l.superior == Some(id)
                    {
                        l.superior = None;
                    }
                });
            }
            Edit::PutColumn(c) => {
                bump(s, c.id.0);
                let id = c.id;
                put(&mut s.columns, *c, |x| x.id == id);
            }
            Edit::RemoveColumn(id) => remove(&mut s.columns, |x| x.id == id, ItemRef::Column(id))?,
            Edit::PutZone(z) => {
                bump(s, z.id.0);
                let id = z.id;
                put(&mut s.zones, *z, |x| x.id == id);
            }
            Edit::RemoveZone(id) => remove(&mut s.zones, |x| x.id == id, ItemRef::Zone(id))?,
            Edit::PutObjective(o) => {
                bump(s, o.id.0);
                let id = o.id;
                put(&mut s.objectives, *o, |x| x.id == id);
            }
            Edit::RemoveObjective(id) => {
                remove(&mut s.objectives, |x| x.id == id, ItemRef::Objective(id))?
            }
            Edit::SetLabels(labels) => s.labels = labels,
            Edit::PutReinforcement(r) => {
                bump(s, r.id.0);
                let id = r.id;
                put(&mut s.reinforcements, *r, |x| x.id == id);
            }
            Edit::RemoveReinforcement(id) => remove(
                &mut s.reinforcements,
                |x| x.id == id,
                ItemRef::Reinforcement(id),
            )?,
            Edit::SetHexTerrain(cells) => {
                let Map::Hex(h) = &mut s.map else {
                    return Err(EditError::Invalid("the map is not a hex map".into()));
                };
                let grid = h.grid();
                for (hex, t) in cells {
                    let i = grid
                        .index_of(hex)
                        .ok_or(EditError::Missing(ItemRef::Hex(hex.x, hex.y)))?;
                    h.terrain[i] = t;
                }
            }
            Edit::SetHexside {
                hex,
                direction,
                features,
            } => {
                let Map::Hex(h) = &mut s.map else {
                    return Err(EditError::Invalid("the map is not a hex map".into()));
                };
                h.set_hexside(hex, direction, features);
            }
        }
        Ok(())
    }
}
