//! The saved game's invariants (format version 2): every reference, roll and number of the
//! log, and the starting position as a scenario of its own. Its lists are counted before this
//! runs, with the scenario's (`limits`), so a hostile log is refused before anything walks it.

use super::game::*;
use super::id_table::IdTable;
use super::invalid::Invalid;
use super::limits::{MAX_STAT_IN, check_chars};
use super::*;
use foldhash::HashSet;

/// Every reference, roll, text and number of the game; `s` has passed its counts. The
/// starting position is checked as a scenario of its own only with `start` (a caller that
/// knows it was checked, and that nothing it stands on has changed since, leaves it).
/// The scenario's unit IDs, looked up for every entry of a log of thousands: a table indexed
/// by ID, made in a step a unit (a hash set of 5,000 units was most of a played action's check).
pub(super) struct UnitIds {
    ids: IdTable<()>,
    /// How many distinct IDs.
    len: usize,
}

impl UnitIds {
    fn of(s: &Scenario) -> UnitIds {
        let mut ids = IdTable::new(s.units.len(), s.next_id);
        let len = s
            .units
            .iter()
            .filter(|u| ids.insert(u.id.0, ()).is_none())
            .count();
        UnitIds { ids, len }
    }

    fn len(&self) -> usize {
        self.len
    }

    fn contains(&self, id: &UnitId) -> bool {
        self.ids.get(id.0).is_some()
    }
}

pub(super) fn check(s: &Scenario, start: bool) -> Vec<Invalid> {
    let mut out = Vec::new();
    let Some(g) = s.game.as_deref() else {
        return out;
    };
    let units = UnitIds::of(s);
    let columns: HashSet<ColumnId> = s.columns.iter().map(|c| c.id).collect();
    let fail = |out: &mut Vec<Invalid>, item: ItemRef, message: String| {
        out.push(Invalid { item, message });
    };
    // The starting position: the same units and columns as now (play never adds or removes
    // one), and a sound scenario of its own. Play keeps the units in their order, so the lists
    // are first compared side by side; only a file's other order needs the sets.
    let same_order = g.start.units.len() == s.units.len()
        && g.start
            .units
            .iter()
            .zip(&s.units)
            .all(|(a, b)| a.id == b.id);
    let other_units = || {
        let now: HashSet<UnitId> = s.units.iter().map(|u| u.id).collect();
        !same_ids(g.start.units.iter().map(|u| u.id), &now, s.units.len())
    };
    if !same_order && other_units() {
        fail(
            &mut out,
            ItemRef::Game,
            "its starting position does not hold the scenario's units".into(),
        );
    }
    if !same_ids(
        g.start.columns.iter().map(|c| c.id),
        &columns,
        s.columns.len(),
    ) {
        fail(
            &mut out,
            ItemRef::Game,
            "its starting position does not hold the scenario's columns".into(),
        );
    }
    if g.start.turn == 0 || g.start.turn > s.turn {
        fail(
            &mut out,
            ItemRef::Game,
            format!(
                "it starts on turn {}, which is not between 1 and the turn now ({})",
                g.start.turn, s.turn
            ),
        );
    }
    if out.is_empty() && start {
        let start = Scenario {
            meta: s.meta.clone(),
            sides: s.sides.clone(),
            map: s.map.clone(),
            background: None,
            terrain_types: s.terrain_types.clone(),
            pieces: s.pieces.clone(),
            units: g.start.units.iter().cloned().collect(),
            columns: g.start.columns.clone(),
            zones: s.zones.clone(),
            objectives: s.objectives.clone(),
            labels: s.labels.clone(),
            reinforcements: s.reinforcements.clone(),
            rules: s.rules.clone(),
            turn: g.start.turn,
            next_id: s.next_id,
            game: None,
        };
        for p in start.validate() {
            fail(
                &mut out,
                ItemRef::Game,
                format!("its starting position: {p}"),
            );
        }
    }
    for u in &g.acted {
        if !units.contains(u) {
            fail(
                &mut out,
                ItemRef::Game,
                format!("unit {u} is marked as acted but does not exist"),
            );
        }
    }
    turn_state(s, &units, &g.state, ItemRef::Game, &mut out);
    if let Some(f) = &g.fingerprint
        && (f.len() != 64 || !f.chars().all(|c| c.is_ascii_hexdigit()))
    {
        fail(
            &mut out,
            ItemRef::Game,
            "its fingerprint is not 64 hex digits".into(),
        );
    }
    if g.bookmarks.len() > super::game::MAX_BOOKMARKS {
        fail(
            &mut out,
            ItemRef::Game,
            format!(
                "it holds {} bookmarks, more than {}",
                g.bookmarks.len(),
                super::game::MAX_BOOKMARKS
            ),
        );
    }
    for b in &g.bookmarks {
        if b.after as usize > g.log.len() {
            fail(
                &mut out,
                ItemRef::Game,
                format!(
                    "a bookmark is after entry {}, past the log's {}",
                    b.after,
                    g.log.len()
                ),
            );
        }
        check_chars(
            &mut out,
            ItemRef::Game,
            "a bookmark's label",
            &b.label,
            MAX_LOG_TEXT_CHARS,
        );
    }
    for (i, e) in g.log.iter().enumerate() {
        let item = ItemRef::LogEntry(i as u32 + 1);
        turn_state(s, &units, &e.undo.state, item, &mut out);
        entry(s, &units, &columns, item, e, &mut out);
        undo(s, &units, &columns, item, &e.undo, &mut out);
    }
    out
}

/// An entry's undo record: what it names exists, its units are within the limits.
fn undo(
    s: &Scenario,
    units: &UnitIds,
    columns: &HashSet<ColumnId>,
    item: ItemRef,
    u: &Undo,
    out: &mut Vec<Invalid>,
) {
    let mut fail = |message: String| out.push(Invalid { item, message });
    for x in &u.units {
        if !units.contains(&x.id) {
            fail(format!(
                "its undo record holds unit {}, which does not exist",
                x.id
            ));
        }
    }
    if let Some(c) = &u.column
        && !columns.contains(&c.id)
    {
        fail(format!(
            "its undo record holds column {}, which does not exist",
            c.id
        ));
    }
    for a in &u.acted {
        if !units.contains(a) {
            fail(format!(
                "its undo record marks unit {a} as acted, which does not exist"
            ));
        }
    }
    if u.turn == 0 || u.turn > s.turn {
        fail(format!(
            "its undo record is on turn {}, not between 1 and the turn now ({})",
            u.turn, s.turn
        ));
    }
    for x in &u.units {
        limits::check_unit(x, out);
        for m in &x.models {
            if !limits::point_in_bounds(m.pos) {
                out.push(Invalid {
                    item,
                    message: format!(
                        "its undo record puts a model of unit {} off any table",
                        x.id
                    ),
                });
            }
        }
    }
}

fn dice(out: &mut Vec<Invalid>, item: ItemRef, what: &str, d: &Dice) {
    let bad = match d {
        Dice::App => Some("holds no dice (an app roll is logged with its dice)".to_string()),
        Dice::Rolled(v) if v.is_empty() || v.len() > MAX_DICE => Some(format!(
            "holds {} dice; a roll has 1 to {MAX_DICE}",
            v.len()
        )),
        Dice::Rolled(v) => v
            .iter()
            .find(|x| !(1..=6).contains(*x))
            .map(|x| format!("holds a die of {x}; a die shows 1 to 6")),
        Dice::Typed(t) if !(1..=18).contains(t) => Some(format!(
            "is a typed roll of {t}; the dice of a rule give 1 to 18"
        )),
        Dice::Typed(_) => None,
    };
    if let Some(m) = bad {
        out.push(Invalid {
            item,
            message: format!("{what} {m}"),
        });
    }
}

fn entry(
    s: &Scenario,
    units: &UnitIds,
    columns: &HashSet<ColumnId>,
    item: ItemRef,
    e: &LogEntry,
    out: &mut Vec<Invalid>,
) {
    let unit = |out: &mut Vec<Invalid>, what: &str, u: UnitId| {
        if !units.contains(&u) {
            out.push(Invalid {
                item,
                message: format!("{what} {u} does not exist"),
            });
        }
    };
    if let Some(u) = e.unit {
        unit(out, "unit", u);
    }
    if e.turn == 0 || e.turn > s.turn {
        out.push(Invalid {
            item,
            message: format!("is on turn {}, after the turn now ({})", e.turn, s.turn),
        });
    }
    check_chars(out, item, "its text", &e.what, MAX_LOG_TEXT_CHARS);
    for r in &e.reasons {
        check_chars(out, item, "a reason", r, MAX_LOG_TEXT_CHARS);
    }
    let point = |out: &mut Vec<Invalid>, what: &str, p: crate::geom::Point| {
        if !limits::point_in_bounds(p) {
            out.push(Invalid {
                item,
                message: format!(
                    "{what} ({}, {}) is not a point on or near the table",
                    p.x, p.y
                ),
            });
        }
    };
    for p in &e.path {
        if let Place::Table(p) = p {
            point(out, "a path point", *p);
        }
    }
    match &e.action {
        Action::Move {
            unit: u,
            order,
            to,
            followers,
        } => {
            unit(out, "unit", *u);
            if let Some(o) = order
                && o.ruleset() != s.rules.ruleset
            {
                out.push(Invalid {
                    item,
                    message: format!(
                        "its order '{}' is not one of this scenario's ruleset",
                        o.name()
                    ),
                });
            }
            if let Some(Place::Table(p)) = to {
                point(out, "the destination", *p);
            }
            for (_, p) in followers {
                point(out, "a follower's place", *p);
            }
        }
        Action::Command { leader, .. } => unit(out, "leader", *leader),
        Action::LeaderCheck { unit: u, dice: d } => {
            unit(out, "unit", *u);
            dice(out, item, "the Ld check", d);
        }
        Action::Column {
            column,
            order,
            dice: d,
        } => {
            if !columns.contains(column) {
                out.push(Invalid {
                    item,
                    message: format!("column {column} does not exist"),
                });
            }
            match order {
                ColumnOrder::StandTo => {}
                ColumnOrder::Move { distance_in, route } => {
                    if !distance_in.is_finite()
                        || *distance_in < 0.0
                        || *distance_in > f32::from(MAX_STAT_IN)
                    {
                        out.push(Invalid {
                            item,
                            message: format!(
                                "a column move of {distance_in}\" is outside 0..={MAX_STAT_IN}\""
                            ),
                        });
                    }
                    for p in route {
                        point(out, "a route point", *p);
                    }
                }
                ColumnOrder::VoluntaryBreak(u) | ColumnOrder::Enter(u) => {
                    unit(out, "unit", *u);
                }
            }
            dice(out, item, "the order test", d);
        }
        Action::Test {
            unit: u, dice: d, ..
        } => {
            unit(out, "unit", *u);
            if let TestDice::Roll {
                first,
                reroll,
                follow_up,
            } = d
            {
                dice(out, item, "the test's roll", first);
                if let Some(r) = reroll {
                    dice(out, item, "the re-roll", r);
                }
                for f in follow_up {
                    dice(out, item, "a follow-up roll", f);
                }
            }
        }
        Action::Referee { unit: u, note } => {
            unit(out, "unit", u.id);
            check_chars(out, item, "the referee's note", note, MAX_LOG_TEXT_CHARS);
            limits::check_unit(u, out);
            for m in &u.models {
                point(out, "a model of the referee's unit", m.pos);
            }
            if let Some(now) = s.unit(u.id)
                && now.side != u.side
            {
                out.push(Invalid {
                    item,
                    message: "the referee's unit changes sides".into(),
                });
            }
        }
        Action::ReactionCheck { leader, dice: d } => {
            unit(out, "leader", *leader);
            dice(out, item, "the reaction check", d);
        }
        Action::ReactionCharge { unit: u, to } => {
            unit(out, "unit", *u);
            hex_on_map(s, out, item, "the charge's end", *to);
        }
        Action::Formation { unit: u, .. } => unit(out, "unit", *u),
        Action::PinTest { unit: u, dice: d } => {
            unit(out, "unit", *u);
            dice(out, item, "the pin test", d);
        }
        Action::GoOn | Action::EndPhase | Action::EndTurn => {}
    }
    if let Some(n) = &e.note {
        check_chars(out, item, "its note", n, MAX_LOG_TEXT_CHARS);
    }
}

/// A hex the log names is on the scenario's map.
fn hex_on_map(s: &Scenario, out: &mut Vec<Invalid>, item: ItemRef, what: &str, hex: hexx::Hex) {
    if !s.map.as_hex().is_some_and(|m| m.grid().contains(hex)) {
        let name = s
            .map
            .as_hex()
            .map_or(format!("{},{}", hex.x, hex.y), |m| m.hex_name(hex));
        out.push(Invalid {
            item,
            message: format!("{what} {name} is not a hex of the map"),
        });
    }
}

/// A turn state names sides and units that exist, and a halted move's place on its route.
fn turn_state(
    s: &Scenario,
    units: &UnitIds,
    st: &super::game::TurnState,
    item: ItemRef,
    out: &mut Vec<Invalid>,
) {
    let mut fail = |message: String| out.push(Invalid { item, message });
    if let Some(side) = st.side
        && s.side(side).is_none()
    {
        fail(format!("its phasing side {side} does not exist"));
    }
    for u in &st.pin_tests {
        if !units.contains(u) {
            fail(format!(
                "a pin test is owed by unit {u}, which does not exist"
            ));
        }
    }
    if st.pin_tests.len() > units.len() {
        fail("it owes more pin tests than there are units".into());
    }
    // A remembered holder may name an objective or a side since removed by an edit: scoring
    // reads the holders through the scenario's objectives and ignores those. Only the length
    // is bounded.
    if st.held.len() > super::limits::MAX_ITEMS {
        fail(format!(
            "it remembers {} held objectives, more than the {} a scenario may hold",
            st.held.len(),
            super::limits::MAX_ITEMS
        ));
    }
    if let Some(h) = &st.halted {
        for u in std::iter::once(&h.mover)
            .chain(&h.leaders)
            .chain(&h.chargers)
            .chain(&h.offered)
        {
            if !units.contains(u) {
                fail(format!(
                    "its halted move names unit {u}, which does not exist"
                ));
            }
        }
        if h.offered.len() > units.len() || h.path.len() > super::MAX_HEXES {
            fail("its halted move is longer than the map".into());
        }
        if h.at as usize >= h.path.len() {
            fail("its halted move stands off its own route".into());
        }
    }
}

/// Whether `ids`, `len` of them, are the set `now` (no more, no fewer, none twice).
fn same_ids<T: std::hash::Hash + Eq>(
    ids: impl ExactSizeIterator<Item = T>,
    now: &HashSet<T>,
    len: usize,
) -> bool {
    if ids.len() != len {
        return false;
    }
    let then: HashSet<T> = ids.collect();
    then == *now
}
