//! The options of `sandtable moves`, as each ruleset's report reads them: on a hex map the
//! command to preview under, a destination hex and the cavalry second combat; on a table the
//! R3 action or R2 move type and a destination point.

use crate::model::{Command, MoveType, OrdersAction};

/// Options of `moves` that apply on a hex map.
pub struct HexArgs<'a> {
    pub command: Option<Command>,
    /// A destination hex, by its printed label or `X,Y` (axial): print the route and the
    /// reaction-charge check points.
    pub to: Option<&'a str>,
    pub second_combat: bool,
    /// With `to`: the reaction charge of this enemy cavalry unit against the mover.
    pub reaction_charge: Option<crate::model::UnitId>,
    pub json: bool,
}

/// The table-specific options of `moves`.
pub struct TableArgs<'a> {
    pub action: Option<OrdersAction>,
    pub move_type: Option<MoveType>,
    pub to: Option<&'a str>,
    pub json: bool,
}
