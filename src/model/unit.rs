//! Units, their models (figures or stands) and leaders.

use super::ids::{ModelId, SideId, UnitId};
use crate::geom::Point;
use hexx::Hex;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Artillery weight class (R4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GunClass {
    Light,
    Medium,
    Heavy,
    /// Never moves and counts as heavy.
    Siege,
}

/// How artillery is drawn: foot artillery retires 2D6", horse artillery 3D6" (R4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Draught {
    Foot,
    Horse,
}

/// What a unit is. Leaders are units too, so they can stand on the map, be attached and be
/// traced to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnitKind {
    Infantry,
    Cavalry,
    /// Mounted they act as cavalry, dismounted as infantry (R5); see `UnitState::mounted`.
    Dragoons,
    Artillery {
        class: GunClass,
        draught: Draught,
        /// Hits each gun model can take under the optional hit-point rule (R4), e.g. 3 or 4.
        hit_points: u8,
    },
    /// Always a single stand (R4).
    Elephant,
    /// Wagons, caissons and carts: single stands that do not shoot (R4).
    Wagon,
    Leader,
}

/// The kinds without their data, for option lists such as "units without ZOC".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum KindTag {
    Infantry,
    Cavalry,
    Dragoons,
    Artillery,
    Elephant,
    Wagon,
    Leader,
}

impl KindTag {
    pub const ALL: [KindTag; 7] = [
        KindTag::Infantry,
        KindTag::Cavalry,
        KindTag::Dragoons,
        KindTag::Artillery,
        KindTag::Elephant,
        KindTag::Wagon,
        KindTag::Leader,
    ];
}

impl UnitKind {
    pub fn tag(&self) -> KindTag {
        match self {
            UnitKind::Infantry => KindTag::Infantry,
            UnitKind::Cavalry => KindTag::Cavalry,
            UnitKind::Dragoons => KindTag::Dragoons,
            UnitKind::Artillery { .. } => KindTag::Artillery,
            UnitKind::Elephant => KindTag::Elephant,
            UnitKind::Wagon => KindTag::Wagon,
            UnitKind::Leader => KindTag::Leader,
        }
    }

    /// Single stands (artillery, elephants, wagons) take morale tests without casualty
    /// modifiers and ignore the 50% rule (R4).
    pub fn is_single_stand(&self) -> bool {
        matches!(
            self,
            UnitKind::Artillery { .. } | UnitKind::Elephant | UnitKind::Wagon
        )
    }

    /// Kinds that are always exactly one stand (R4): elephants and wagons (001: "Are always
    /// represented by single stands"). Artillery is not among them: a battery may be more than
    /// one gun model (001: "2 models representing a 6 gun battery") and still tests as one
    /// single stand.
    pub fn is_always_one_stand(&self) -> bool {
        matches!(self, UnitKind::Elephant | UnitKind::Wagon)
    }
}

impl fmt::Display for KindTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            KindTag::Infantry => "infantry",
            KindTag::Cavalry => "cavalry",
            KindTag::Dragoons => "dragoons",
            KindTag::Artillery => "artillery",
            KindTag::Elephant => "elephant",
            KindTag::Wagon => "wagon",
            KindTag::Leader => "leader",
        };
        f.write_str(s)
    }
}

/// Troop quality: sets the morale start number (R4: Veteran 3, Regular 4, Green 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Quality {
    Veteran,
    Regular,
    Green,
}

/// Characteristics used by the different rulesets. A ruleset reads the ones it knows; the
/// others are kept so one scenario can switch rulesets without retyping.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stats {
    /// Move in inches (R1-R3).
    pub mv: u8,
    /// Leadership: command radius 2 x Ld, coherency Ld (R2); Ld checks (R3).
    pub ld: u8,
    /// 2D6 target for orders (R1): pass on a roll at or above it.
    pub discipline: u8,
    /// Rate of fire (R3).
    pub rof: u8,
    /// Awareness range in inches (R3 Fall Back! concealment).
    pub aw: u8,
    /// Ballistic skill (R2).
    pub bs: u8,
    /// Evasion (R2, R3).
    pub ev: u8,
    /// Toughness (R2, R3).
    pub to: u8,
    /// Movement points on the hex map (R5).
    pub mp: u8,
    /// Rout distance in inches (R4).
    pub rout_in: u8,
}

/// Starting and current number of stands or figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Strength {
    pub start: u16,
    pub current: u16,
}

impl Strength {
    pub fn full(n: u16) -> Self {
        Self {
            start: n,
            current: n,
        }
    }

    pub fn lost(&self) -> u16 {
        self.start.saturating_sub(self.current)
    }
}

/// Morale state (R4): good order → unsteady → routing → removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Morale {
    GoodOrder,
    Unsteady,
    Routing,
    Removed,
}

/// Special rules a unit may carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum SpecialRule {
    /// No fixed leader: the player picks one at the start of each move (R2).
    Swarm,
    /// A surviving model takes the place of a slain leader (R2).
    CombatTactics,
    /// A morale re-roll (R4).
    Elite,
    /// Pistols keep full RoF when advancing or rallying, half when at the double (R3).
    Pistols,
    /// One-handed weapons keep full RoF under Fall Back! if the unit does not move (R3).
    OneHandedWeapons,
}

/// A base, as the hobby sizes them (millimetres).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Base {
    Round {
        diameter_mm: f32,
    },
    /// `width_mm` along the facing's left-right axis, `depth_mm` front to back.
    Rect {
        width_mm: f32,
        depth_mm: f32,
    },
}

impl Base {
    pub const MM_PER_INCH: f32 = 25.4;
}

/// One figure or stand on the free-measure table.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Model {
    pub id: ModelId,
    pub base: Base,
    /// Centre of the base, in table inches.
    pub pos: Point,
    /// Compass bearing the model faces, degrees clockwise from north (up the table).
    pub facing_deg: f32,
}

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Position {
    /// Not yet on the map: the tail of a column, or a reinforcement.
    OffMap,
    /// On the free-measure table; the models carry the positions.
    Table,
    /// On a hex, facing one of its six edges (hexx `EdgeDirection` index).
    Hex { hex: Hex, facing: u8 },
    /// Marched off the table (R1) or left it falling back (R3).
    Exited,
}

/// The per-turn and per-game state the rules read.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitState {
    pub morale: Morale,
    /// Charging, charged or evaded this turn: may not rally (R4).
    pub charging: bool,
    pub charged: bool,
    pub evaded: bool,
    /// Entered as a reinforcement this turn: may not charge (R5).
    pub arrived_this_turn: bool,
    /// Failed its Ld check this turn: only Fall Back! (R3).
    pub failed_ld_check: bool,
    /// Pinned (R1: breaks a column).
    pub pinned: bool,
    /// Occupying buildings (R4 bonus). Set by the designer or derived from terrain.
    pub in_buildings: bool,
    /// Dragoons only: mounted (cavalry rules) or dismounted (infantry rules).
    pub mounted: bool,
    /// Artillery only: limbered after its first failure.
    pub limbered: bool,
    /// Artillery only: crew routed and abandoned the guns.
    pub guns_abandoned: bool,
    /// Artillery under the optional hit-point rule: hits taken so far.
    pub hits_taken: u8,
}

impl Default for UnitState {
    fn default() -> Self {
        Self {
            morale: Morale::GoodOrder,
            charging: false,
            charged: false,
            evaded: false,
            arrived_this_turn: false,
            failed_ld_check: false,
            pinned: false,
            in_buildings: false,
            mounted: true,
            limbered: false,
            guns_abandoned: false,
            hits_taken: 0,
        }
    }
}

/// A leader's command chit (R5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Command {
    Attack,
    Advance,
    Stand,
    Retreat,
    Reserve,
    Muster,
    /// First, second and third turn of a charge; then Muster.
    Charge1,
    Charge2,
    Charge3,
}

impl Command {
    pub const ALL: [Command; 9] = [
        Command::Attack,
        Command::Advance,
        Command::Stand,
        Command::Retreat,
        Command::Reserve,
        Command::Muster,
        Command::Charge1,
        Command::Charge2,
        Command::Charge3,
    ];

    pub fn is_charge(self) -> bool {
        matches!(self, Command::Charge1 | Command::Charge2 | Command::Charge3)
    }

    pub fn name(self) -> &'static str {
        match self {
            Command::Attack => "Attack",
            Command::Advance => "Advance",
            Command::Stand => "Stand",
            Command::Retreat => "Retreat",
            Command::Reserve => "Reserve",
            Command::Muster => "Muster",
            Command::Charge1 => "Charge 1",
            Command::Charge2 => "Charge 2",
            Command::Charge3 => "Charge 3",
        }
    }

    /// Accepts the display name or a compact form (`charge1`, `Charge 1`, `attack`).
    pub fn parse(text: &str) -> Option<Command> {
        let key: String = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-' && *c != '_')
            .collect::<String>()
            .to_ascii_lowercase();
        Command::ALL
            .into_iter()
            .find(|c| c.name().replace(' ', "").to_ascii_lowercase() == key)
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What makes a leader a leader: his chit, his reach and his place in the chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Leadership {
    pub command: Command,
    /// Command span in hexes (R5).
    pub span: u8,
    /// The leader he traces command to, if any.
    pub superior: Option<UnitId>,
    /// Morale bonus when attached to a unit (R4), e.g. +1.
    pub bonus: i8,
    /// Morale re-rolls for the whole battle (R4 optional rule).
    pub rerolls: u8,
    pub rerolls_used: u8,
}

/// A unit: a regiment, a squad, a gun, a wagon or a leader.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub id: UnitId,
    pub name: String,
    pub side: SideId,
    pub kind: UnitKind,
    pub quality: Quality,
    pub stats: Stats,
    pub strength: Strength,
    pub special: Vec<SpecialRule>,
    pub position: Position,
    /// Figures or stands on the free-measure table, one per point of current strength.
    pub models: Vec<Model>,
    /// The model that leads the unit (R2, R3). `None`: the leader is dead, or not yet chosen
    /// for a Swarm.
    pub leader_model: Option<ModelId>,
    /// Present exactly when `kind` is `Leader`.
    pub leadership: Option<Leadership>,
    /// The leader whose force this unit belongs to (R5 command chain).
    pub commander: Option<UnitId>,
    /// A leader attached to this unit for morale (R4).
    pub attached_leader: Option<UnitId>,
    /// Whether this unit exerts a zone of control (R5); the scenario can also exempt whole kinds.
    pub exerts_zoc: bool,
    pub state: UnitState,
}

impl Unit {
    /// Whether the map draws `self` and `other` alike: their counters or bases, names and
    /// strength (`scene::dynamic`, the canvas's labels). What is read only in panels (quality,
    /// stats, a leader's chit, the commander, the state the rules keep but for being in play
    /// and mounted) may differ: a chit changed, or a morale test that leaves a unit standing,
    /// then redraws nothing on the map (see `edit::Revisions`).
    pub fn same_on_the_map(&self, other: &Unit) -> bool {
        // Spelled out without `..`, so that a new field is placed on the map or off it.
        let Unit {
            id,
            name,
            side,
            kind,
            quality: _,
            stats: _,
            strength,
            special: _,
            position,
            models,
            leader_model,
            leadership: _,
            commander: _,
            attached_leader: _,
            exerts_zoc: _,
            state,
        } = self;
        *id == other.id
            && *name == other.name
            && *side == other.side
            && *kind == other.kind
            && strength.current == other.strength.current
            && *position == other.position
            && *models == other.models
            && *leader_model == other.leader_model
            && state.mounted == other.state.mounted
            && self.in_play() == other.in_play()
    }

    /// A unit as it starts before anyone sets it up: Regular, zero stats, a strength of one,
    /// off the map with no models, no special rules, no commander, no attached leader, in good
    /// order. A leader carries an Advance chit with a span of three hexes (a leader always has
    /// leadership); every kind but a leader exerts a zone of control. What differs is set with
    /// struct update syntax: `Unit { stats, ..Unit::new(id, "Foot", side, kind) }`.
    pub fn new(id: UnitId, name: impl Into<String>, side: SideId, kind: UnitKind) -> Unit {
        let leader = kind == UnitKind::Leader;
        Unit {
            id,
            name: name.into(),
            side,
            kind,
            quality: Quality::Regular,
            stats: Stats::default(),
            strength: Strength::full(1),
            special: Vec::new(),
            position: Position::OffMap,
            models: Vec::new(),
            leader_model: None,
            leadership: leader.then_some(Leadership {
                command: Command::Advance,
                span: 3,
                superior: None,
                bonus: 0,
                rerolls: 0,
                rerolls_used: 0,
            }),
            commander: None,
            attached_leader: None,
            exerts_zoc: !leader,
            state: UnitState::default(),
        }
    }

    pub fn has(&self, rule: SpecialRule) -> bool {
        self.special.contains(&rule)
    }

    pub fn is_leader(&self) -> bool {
        self.kind == UnitKind::Leader
    }

    /// A unit that fights (everything but leaders); R5 counts only these for "closer to the
    /// enemy" and zones of control.
    pub fn is_combat_unit(&self) -> bool {
        !self.is_leader()
    }

    /// Dragoons count as cavalry while mounted (R5).
    pub fn acts_as_cavalry(&self) -> bool {
        match self.kind {
            UnitKind::Cavalry => true,
            UnitKind::Dragoons => self.state.mounted,
            _ => false,
        }
    }

    pub fn hex(&self) -> Option<(Hex, u8)> {
        match self.position {
            Position::Hex { hex, facing } => Some((hex, facing)),
            _ => None,
        }
    }

    pub fn on_table(&self) -> bool {
        self.position == Position::Table
    }

    /// Still in play (not removed by morale).
    pub fn in_play(&self) -> bool {
        self.state.morale != Morale::Removed
    }

    pub fn model(&self, id: ModelId) -> Option<&Model> {
        self.models.iter().find(|m| m.id == id)
    }

    pub fn leader(&self) -> Option<&Model> {
        self.leader_model.and_then(|id| self.model(id))
    }
}
