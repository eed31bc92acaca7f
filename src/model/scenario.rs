//! The scenario: everything a designer shares in one file.

use super::colour::Colour;
use super::column::Column;
use super::ids::*;
use super::map::{Background, Edge, Map, Place};
use super::ruleset::Ruleset;
use super::terrain::{TerrainPiece, TerrainType};
use super::unit::{KindTag, Unit};
use super::units::Units;
use super::victory::{Holding, SidePoints, Victory};
use crate::geom::Point;
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// Title page of a scenario.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Meta {
    pub title: String,
    pub author: String,
    pub description: String,
    /// Notes for whoever runs the game: special rules, victory conditions, historical notes.
    pub designer_notes: String,
    /// The model version this scenario was written with.
    pub format_version: u32,
}

/// An army or player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Side {
    pub id: SideId,
    pub name: String,
    pub colour: Colour,
    /// The table edge this side calls its own (R3 Fall Back! heads for it).
    pub home_edge: Option<Edge>,
    /// What this side's player is told before the game (its orders, what it knows of the
    /// enemy): printed on the side's handout in place of the situation, which speaks of both
    /// sides, and under "Briefings" on the scenario sheet. Empty when there is none.
    #[serde(default, deserialize_with = "super::compat::since_v5")]
    pub briefing: String,
}

/// The ground of a deployment zone.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ZoneArea {
    Polygon(Vec<Point>),
    Hexes(Vec<Hex>),
}

/// Where a side may set up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeploymentZone {
    pub id: ZoneId,
    pub name: String,
    pub side: SideId,
    pub area: ZoneArea,
}

/// A victory location.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Objective {
    pub id: ObjectiveId,
    pub name: String,
    pub place: Place,
    /// Points to the side holding it (victory points), unless `side_points` names the side.
    pub value: u16,
    pub notes: String,
    /// When it counts for the side holding it (format 4).
    #[serde(default, deserialize_with = "super::compat::since_v4")]
    pub held: Holding,
    /// Its points to a side that are not `value` (format 4): a town worth 3 to the attacker
    /// and 1 to the defender.
    #[serde(default, deserialize_with = "super::compat::since_v4")]
    pub side_points: Vec<SidePoints>,
}

impl Objective {
    /// What holding it is worth to `side`.
    pub fn points_for(&self, side: SideId) -> u16 {
        self.side_points
            .iter()
            .find(|p| p.side == side)
            .map_or(self.value, |p| p.points)
    }
}

/// A name printed on the map, as on the map being copied: a ridge, a wood, a road's entry
/// ("Seminary Ridge", "Hanover Road"), at a hex or a point of the table. A reinforcement's
/// entry may be given by a label's name (the order of battle's `turn 3 at Hanover Road`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MapLabel {
    pub text: String,
    pub place: Place,
}

impl Scenario {
    /// The label standing at `place`, if any: the name an entry there goes by.
    pub fn label_at(&self, place: Place) -> Option<&MapLabel> {
        self.labels.iter().find(|l| l.place == place)
    }

    /// The label named `text` (any case), if any.
    pub fn label_named(&self, text: &str) -> Option<&MapLabel> {
        let text = text.trim();
        self.labels
            .iter()
            .find(|l| l.text.trim().eq_ignore_ascii_case(text))
    }
}

/// Units that arrive later in the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reinforcement {
    pub id: ReinforcementId,
    pub turn: u16,
    pub side: SideId,
    pub units: Vec<UnitId>,
    pub entry: Place,
}

/// Zone-of-control options (R5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ZocOptions {
    /// Only the three hexes in front of a unit's facing are in its zone.
    pub front_only: bool,
    /// Unit kinds that exert no zone of control.
    pub exempt_kinds: Vec<KindTag>,
    /// Rivers block zones of control across them (bridged edges do not).
    pub river_blocks: bool,
    /// Walls block zones of control across them.
    pub wall_blocks: bool,
}

impl Default for ZocOptions {
    fn default() -> Self {
        Self {
            front_only: false,
            exempt_kinds: vec![KindTag::Leader, KindTag::Wagon],
            river_blocks: false,
            wall_blocks: false,
        }
    }
}

/// Movement costs of hexside features (R5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HexsideCosts {
    /// Extra MP to cross an unbridged river; `None` makes unbridged rivers impassable.
    pub river_extra: Option<u8>,
    /// Extra MP to cross a wall; `None` makes walls impassable.
    pub wall_extra: Option<u8>,
    /// MP to move along a road across a road hexside, instead of the terrain cost.
    pub road_mp: u8,
    /// MP to move along a track across a track hexside, when less than the terrain's cost
    /// (format 6; 1 in files before).
    #[serde(
        default = "super::compat::one",
        deserialize_with = "super::compat::since_v6_or_one"
    )]
    pub track_mp: u8,
    /// MP to move along a railway across a railway hexside, when less than the terrain's cost
    /// (format 6; 1 in files before).
    #[serde(
        default = "super::compat::one",
        deserialize_with = "super::compat::since_v6_or_one"
    )]
    pub railway_mp: u8,
}

impl Default for HexsideCosts {
    fn default() -> Self {
        Self {
            river_extra: Some(2),
            wall_extra: Some(1),
            road_mp: 1,
            track_mp: 1,
            railway_mp: 1,
        }
    }
}

/// Optional rules of R4 (001).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OptionalRules {
    /// Units at 50% losses stay on table and keep routing instead of being removed.
    pub keep_routers_on_table: bool,
    /// Routed artillery may rally instead of being removed.
    pub artillery_may_rally: bool,
    /// Artillery models take `hit_points` hits each.
    pub artillery_hit_points: bool,
    /// Elephants that fail a morale test may stampede.
    pub elephant_stampede: bool,
    /// Attached commanders' re-rolls and Elite re-rolls.
    pub morale_rerolls: bool,
}

/// The scenario's rule settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RuleOptions {
    /// Remembered while decoding: a logged move's order is read under it.
    #[serde(deserialize_with = "super::compat::ruleset")]
    pub ruleset: Ruleset,
    /// R4 morale and rally tests.
    pub morale_tests: bool,
    pub zoc: ZocOptions,
    pub hexside_costs: HexsideCosts,
    /// Morale bonus for units in buildings (R4; default +1).
    pub in_buildings_bonus: i8,
    pub optional: OptionalRules,
    /// How the scenario is won (format 4); none: no score is kept.
    #[serde(default, deserialize_with = "super::compat::since_v4")]
    pub victory: Option<Victory>,
    /// On a hex map, the most combat units that may stand in one hex (leaders are not
    /// counted; an enemy's hex is never entered). `None` is R5's reading: one. `check`, the
    /// moves' previews and Play all follow it (format 5).
    #[serde(default, deserialize_with = "super::compat::since_v5")]
    pub stacking: Option<u8>,
}

impl RuleOptions {
    pub fn new(ruleset: Ruleset) -> Self {
        Self {
            ruleset,
            morale_tests: false,
            zoc: ZocOptions::default(),
            hexside_costs: HexsideCosts::default(),
            in_buildings_bonus: 1,
            optional: OptionalRules::default(),
            victory: None,
            stacking: None,
        }
    }

    /// The most combat units a hex may hold: the scenario's stacking limit, else one.
    pub fn units_per_hex(&self) -> u8 {
        self.stacking.unwrap_or(1).max(1)
    }
}

/// A whole scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    pub meta: Meta,
    pub sides: Vec<Side>,
    pub map: Map,
    pub background: Option<Background>,
    pub terrain_types: Vec<TerrainType>,
    pub pieces: Vec<TerrainPiece>,
    pub units: Units,
    pub columns: Vec<Column>,
    pub zones: Vec<DeploymentZone>,
    pub objectives: Vec<Objective>,
    /// Names printed on the map (format 6).
    #[serde(default, deserialize_with = "super::compat::since_v6")]
    pub labels: Vec<MapLabel>,
    pub reinforcements: Vec<Reinforcement>,
    pub rules: RuleOptions,
    /// The current game turn (1-based); rules such as "not on the turn of arrival" read it.
    pub turn: u16,
    /// The next unused ID. Every ID in the file is below it.
    pub next_id: u32,
    /// The game being played on this scenario, with its log (format version 2); `None` while
    /// it is only being authored. Kept last: version-1 files end before it.
    pub game: Option<Box<super::game::Game>>,
}

impl Scenario {
    /// The scenario as authored, its game (and the game's log, which may hold 20,000 entries)
    /// left out: what a check of the position alone needs, at the cost of the position alone.
    pub fn without_game(&self) -> Scenario {
        Scenario {
            meta: self.meta.clone(),
            sides: self.sides.clone(),
            map: self.map.clone(),
            background: self.background.clone(),
            terrain_types: self.terrain_types.clone(),
            pieces: self.pieces.clone(),
            units: self.units.clone(),
            columns: self.columns.clone(),
            zones: self.zones.clone(),
            objectives: self.objectives.clone(),
            labels: self.labels.clone(),
            reinforcements: self.reinforcements.clone(),
            rules: self.rules.clone(),
            turn: self.turn,
            next_id: self.next_id,
            game: None,
        }
    }

    /// Hands out a fresh ID. IDs are never reused, so references in undo history and in
    /// copies stay unambiguous.
    pub fn alloc(&mut self) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    pub fn side(&self, id: SideId) -> Option<&Side> {
        self.sides.iter().find(|s| s.id == id)
    }

    pub fn terrain(&self, id: TerrainId) -> Option<&TerrainType> {
        self.terrain_types.iter().find(|t| t.id == id)
    }

    pub fn unit(&self, id: UnitId) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id)
    }

    pub fn unit_mut(&mut self, id: UnitId) -> Option<&mut Unit> {
        self.units.by_id_mut(id)
    }

    pub fn piece(&self, id: PieceId) -> Option<&TerrainPiece> {
        self.pieces.iter().find(|p| p.id == id)
    }

    pub fn column(&self, id: ColumnId) -> Option<&Column> {
        self.columns.iter().find(|c| c.id == id)
    }

    /// What a player calls `item`: a unit, a column, a side or a terrain piece by its name
    /// ("Naval Brigade", "a model of Naval Brigade"), anything else as the model names it.
    pub fn item_name(&self, item: ItemRef) -> String {
        let named = match item {
            ItemRef::Unit(u) => self.unit(u).map(|u| u.name.clone()),
            ItemRef::Model(u, _) => self.unit(u).map(|u| format!("a model of {}", u.name)),
            ItemRef::Column(c) => self.column(c).map(|c| c.name.clone()),
            ItemRef::Side(id) => self.side(id).map(|s| s.name.clone()),
            ItemRef::Piece(p) => self.piece(p).map(|p| {
                if p.name.is_empty() {
                    self.terrain(p.terrain)
                        .map_or_else(|| "terrain".to_string(), |t| t.name.clone())
                } else {
                    p.name.clone()
                }
            }),
            ItemRef::Hex(x, y) => self
                .map
                .as_hex()
                .map(|m| format!("hex {}", m.hex_name(hexx::Hex::new(x, y)))),
            _ => None,
        };
        named.unwrap_or_else(|| item.to_string())
    }

    /// The column a unit marches in, if any.
    pub fn column_of(&self, unit: UnitId) -> Option<&Column> {
        self.columns
            .iter()
            .find(|c| c.members.iter().any(|m| m.unit == unit))
    }

    /// Finds a unit by ID (`12`, `#12`) or by exact, then case-insensitive, name.
    pub fn find_unit(&self, key: &str) -> Option<&Unit> {
        let key = key.trim();
        if let Ok(n) = key.trim_start_matches('#').parse::<u32>() {
            return self.unit(UnitId(n));
        }
        self.units
            .iter()
            .find(|u| u.name == key)
            .or_else(|| self.units.iter().find(|u| u.name.eq_ignore_ascii_case(key)))
    }

    /// Finds a column by ID or name, like [`Scenario::find_unit`].
    pub fn find_column(&self, key: &str) -> Option<&Column> {
        let key = key.trim();
        if let Ok(n) = key.trim_start_matches('#').parse::<u32>() {
            return self.column(ColumnId(n));
        }
        self.columns.iter().find(|c| c.name == key).or_else(|| {
            self.columns
                .iter()
                .find(|c| c.name.eq_ignore_ascii_case(key))
        })
    }
}

#[cfg(test)]
mod item_name_tests {
    use super::*;

    #[test]
    fn items_are_named_as_a_player_names_them() {
        let s = crate::samples::by_name("bakambo")
            .expect("sample")
            .load()
            .expect("loads");
        let u = &s.units[0];
        assert_eq!(s.item_name(ItemRef::Unit(u.id)), u.name);
        if let Some(m) = u.models.first() {
            assert_eq!(
                s.item_name(ItemRef::Model(u.id, m.id)),
                format!("a model of {}", u.name)
            );
        }
        let c = &s.columns[0];
        assert_eq!(s.item_name(ItemRef::Column(c.id)), c.name);
        assert_eq!(s.item_name(ItemRef::Scenario), "scenario");
    }
}
