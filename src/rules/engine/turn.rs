//! How a turn runs under each ruleset ("Playing a game" in docs/rules.md): its phases and whose
//! each is, which phase an action belongs to and which side takes it, what must come first
//! (an R3 unit's Ld check, a broken column's pin tests, the reaction to a halted move), and
//! what the end of a phase and of a turn change by themselves. The game keeps the clock and
//! the log; the readings are here.

use super::outcome::{Outcome, Refused};
use crate::model::game::{Action, ColumnOrder, Game, LogEntry, Phase, TurnRules, TurnState};
use crate::model::*;
use crate::rules::hex_commands::next_in_timeline;

/// One phase of a turn and whose it is: a Movement Phase is one side's (004's "phasing
/// player"); R5's Command Phase is both sides'.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stage {
    pub phase: Phase,
    pub side: Option<SideId>,
}

/// The phases of a turn under the scenario's ruleset, in order: R5 a Command Phase, then each
/// side's Movement Phase in the scenario's order of sides; the table rulesets each side's
/// Movement Phase in turn (the "I go, you go" of the rules they come from).
pub fn stages(s: &Scenario) -> Vec<Stage> {
    let mut v = Vec::new();
    let shared = s
        .game
        .as_ref()
        .is_some_and(|g| g.turns == TurnRules::SharedMovement);
    if shared {
        // A game begun before format 3: one Movement Phase both sides share.
        v.extend(phases(s.rules.ruleset).iter().map(|phase| Stage {
            phase: *phase,
            side: None,
        }));
        return v;
    }
    if s.rules.ruleset == Ruleset::HexCommands {
        v.push(Stage {
            phase: Phase::Command,
            side: None,
        });
    }
    if s.sides.is_empty() {
        v.push(Stage {
            phase: Phase::Movement,
            side: None,
        });
    }
    v.extend(s.sides.iter().map(|side| Stage {
        phase: Phase::Movement,
        side: Some(side.id),
    }));
    v
}

/// The phase after `now` in the turn; `None` when the turn ends with it.
pub fn next_stage(s: &Scenario, now: Stage) -> Option<Stage> {
    let all = stages(s);
    let i = all.iter().position(|x| *x == now).unwrap_or(0);
    all.get(i + 1).copied()
}

/// "Movement Phase of Royalists", "Command Phase".
pub fn stage_text(s: &Scenario, stage: Stage) -> String {
    match stage.side.and_then(|id| s.side(id)) {
        Some(side) => format!("{} of {}", stage.phase, side.name),
        None => stage.phase.to_string(),
    }
}

/// The phases a turn's ruleset has, in order (each side's Movement Phase once).
pub fn phases(ruleset: Ruleset) -> &'static [Phase] {
    match ruleset {
        Ruleset::HexCommands => &[Phase::Command, Phase::Movement],
        _ => &[Phase::Movement],
    }
}

/// The phase an action is taken in, and what it is called in a refusal; `None` for what may
/// be done at any time (a test, a referee's override, the clock's own steps).
pub fn phase_of(action: &Action) -> Option<(Phase, &'static str)> {
    match action {
        Action::Move { .. } => Some((Phase::Movement, "a move")),
        Action::Column { .. } => Some((Phase::Movement, "a column's order")),
        Action::LeaderCheck { .. } => Some((Phase::Movement, "an Ld check")),
        Action::Command { .. } => Some((Phase::Command, "a change of command")),
        Action::ReactionCheck { .. } => Some((Phase::Movement, "a reaction check")),
        Action::ReactionCharge { .. } => Some((Phase::Movement, "a reaction charge")),
        Action::GoOn => Some((Phase::Movement, "going on with a halted move")),
        Action::Formation { .. } => Some((Phase::Movement, "a change of formation")),
        Action::Test { .. }
        | Action::PinTest { .. }
        | Action::Referee { .. }
        | Action::EndPhase
        | Action::EndTurn => None,
    }
}

/// Where a game stands, as the rules read it before carrying an action out.
#[derive(Clone, Copy, Debug)]
pub struct InPlay<'a> {
    pub game: &'a Game,
    /// The entries of this turn so far: what was checked, changed or tried this turn.
    pub this_turn: &'a [LogEntry],
}

impl<'a> InPlay<'a> {
    /// The game under way on `s`, if there is one.
    pub fn of(s: &'a Scenario) -> Option<InPlay<'a>> {
        let game = s.game.as_deref()?;
        let first = game
            .log
            .iter()
            .rposition(|e| e.turn != s.turn)
            .map_or(0, |i| i + 1);
        Some(InPlay {
            game,
            this_turn: &game.log[first..],
        })
    }

    /// Whether the game runs its turns as sides in turn (every game begun since format 3),
    /// with what that brings: halts for reactions, the Ld check and pin tests asked first.
    pub fn sides_in_turn(&self) -> bool {
        self.game.turns == TurnRules::SidesInTurn
    }

    pub fn stage(&self) -> Stage {
        Stage {
            phase: self.game.phase,
            side: self.game.state.side,
        }
    }

    /// Whether `unit` took an action of this kind this turn (its Ld check, a change of
    /// formation).
    fn took(&self, unit: UnitId, kind: fn(&Action) -> Option<UnitId>) -> bool {
        self.this_turn.iter().any(|e| kind(&e.action) == Some(unit))
    }
}

fn ld_check_of(a: &Action) -> Option<UnitId> {
    match a {
        Action::LeaderCheck { unit, .. } => Some(*unit),
        _ => None,
    }
}

fn formation_of(a: &Action) -> Option<UnitId> {
    match a {
        Action::Formation { unit, .. } => Some(*unit),
        _ => None,
    }
}

fn name_of(s: &Scenario, u: UnitId) -> String {
    s.unit(u).map_or_else(|| u.to_string(), |u| u.name.clone())
}

fn side_name(s: &Scenario, side: SideId) -> String {
    s.side(side)
        .map_or_else(|| side.to_string(), |x| x.name.clone())
}

/// Whether `action` may be taken now: in its phase, by the phasing side (the other side only
/// to react to a halted move), by units that have not acted, after what must come first.
/// Refused with the phase it belongs to, whose it is, or what comes first.
pub fn may_act(
    s: &Scenario,
    at: InPlay<'_>,
    action: &Action,
    acting: &[UnitId],
) -> Result<(), Refused> {
    let state = &at.game.state;
    let reacting = matches!(
        action,
        Action::ReactionCheck { .. } | Action::ReactionCharge { .. } | Action::GoOn
    );
    if let Some((phase, what)) = phase_of(action)
        && phase != at.game.phase
    {
        return Err(Refused::WrongPhase {
            what: what.into(),
            phase: at.game.phase,
            allowed: phase,
        });
    }
    // A halted move waits for the other side's reaction; nothing else moves meanwhile.
    match (&state.halted, reacting) {
        (Some(h), false) if phase_of(action).is_some() => {
            return Err(Refused::rules(
                format!(
                    "{}'s move is halted at a charge-check point",
                    name_of(s, h.mover)
                ),
                vec![
                    "the other side checks its leaders and charges first; then the move goes on (Go on)"
                        .into(),
                ],
            ));
        }
        (None, true) => {
            return Err(Refused::rules(
                "no move is halted for a reaction",
                vec![
                    "a reaction comes when an enemy cavalry move halts at a charge-check point"
                        .into(),
                ],
            ));
        }
        _ => {}
    }
    // Whose phase: the phasing side acts; the other side only reacts.
    if let Some(side) = state.side
        && phase_of(action).is_some_and(|(p, _)| p == Phase::Movement)
    {
        let foreign: Vec<UnitId> = acting
            .iter()
            .copied()
            .filter(|u| s.unit(*u).is_some_and(|x| x.side != side))
            .collect();
        let own: Vec<UnitId> = acting
            .iter()
            .copied()
            .filter(|u| s.unit(*u).is_some_and(|x| x.side == side))
            .collect();
        let wrong = if matches!(
            action,
            Action::ReactionCheck { .. } | Action::ReactionCharge { .. }
        ) {
            own.first()
        } else {
            foreign.first()
        };
        if let Some(u) = wrong {
            let theirs = s.unit(*u).map(|x| side_name(s, x.side)).unwrap_or_default();
            return Err(Refused::rules(
                format!("it is the {} of {}", Phase::Movement, side_name(s, side)),
                vec![if reacting {
                    format!(
                        "{} is of the phasing side: only the other side reacts to a halted move",
                        name_of(s, *u)
                    )
                } else {
                    format!(
                        "{} ({theirs}) moves in its own side's Movement Phase, or reacts with a charge when an enemy cavalry move is halted",
                        name_of(s, *u)
                    )
                }],
            ));
        }
    }
    if let Some(u) = acting.iter().find(|u| at.game.acted.contains(u)) {
        let name = name_of(s, *u);
        let column = match action {
            Action::Column { column, order, .. } => s.column(*column).map(|c| (c, order)),
            _ => None,
        };
        return Err(match column {
            Some((c, ColumnOrder::Enter(_))) => Refused::rules(
                format!("{}: no unit comes on", c.name),
                vec![format!(
                    "a unit of the column ({name}) has tried to come on this turn already: one try a turn after a break"
                )],
            ),
            Some((c, _)) => Refused::Acted {
                name: format!("{name} (of column '{}')", c.name),
            },
            None => Refused::Acted { name },
        });
    }
    if !at.sides_in_turn() {
        return Ok(());
    }
    // A broken column's pin tests come before any of it acts again (R1).
    if !matches!(
        action,
        Action::PinTest { .. } | Action::Test { .. } | Action::Referee { .. }
    ) && phase_of(action).is_some()
    {
        for u in acting {
            if let Some(col) = s.column_of(*u) {
                let owed: Vec<String> = col
                    .members
                    .iter()
                    .filter(|m| state.pin_tests.contains(&m.unit))
                    .map(|m| name_of(s, m.unit))
                    .collect();
                if !owed.is_empty() {
                    return Err(Refused::rules(
                        format!("{}: its pin tests come first", col.name),
                        vec![format!(
                            "the column broke: {} must take a pin test before any unit of it acts again",
                            owed.join(", ")
                        )],
                    ));
                }
            }
        }
    }
    // R3: an order comes after the unit's Ld check this turn, and the check is taken once.
    if s.rules.ruleset == Ruleset::Orders {
        match action {
            Action::Move { unit, .. }
                if !at.took(*unit, ld_check_of)
                    && s.unit(*unit)
                        .is_some_and(|u| crate::rules::orders::no_order(u).is_none()) =>
            {
                return Err(Refused::rules(
                    format!("{}: its Ld check comes first", name_of(s, *unit)),
                    vec![
                        "each turn a unit takes its Ld check (2D6 at or under its Ld) before its order (a referee override may set it aside)".into(),
                    ],
                ));
            }
            Action::LeaderCheck { unit, .. } if at.took(*unit, ld_check_of) => {
                return Err(Refused::rules(
                    format!("{}: Ld check", name_of(s, *unit)),
                    vec!["it has taken its Ld check this turn".into()],
                ));
            }
            _ => {}
        }
    }
    if let Action::Formation { unit, .. } = action
        && at.took(*unit, formation_of)
    {
        return Err(Refused::rules(
            format!("{}: no second change of formation", name_of(s, *unit)),
            vec!["dragoons mount or dismount once a turn".into()],
        ));
    }
    Ok(())
}

/// The end of a phase: in R5's Command Phase, every leader whose chit is a charge and who did
/// not change it moves on along the Charge timeline by himself.
pub fn end_of_phase(s: &Scenario, phase: Phase, acted: &[UnitId], o: &mut Outcome) {
    if phase != Phase::Command {
        return;
    }
    for u in &s.units {
        let Some(ld) = u.leadership else { continue };
        if acted.contains(&u.id) {
            continue;
        }
        if let Some(next) = next_in_timeline(ld.command) {
            let mut n = u.clone();
            if let Some(l) = n.leadership.as_mut() {
                l.command = next;
            }
            o.reasons.push(format!(
                "{}: {} → {next} (the charge timeline moves on)",
                u.name, ld.command
            ));
            o.units.push(n);
        }
    }
}

/// The end of a turn: the flags the rules keep for "this turn" (charging, charged, evaded,
/// arrived, a failed Ld check) are cleared on every unit (after the end of its last phase).
pub fn end_of_turn(s: &Scenario, phase: Phase, acted: &[UnitId], o: &mut Outcome) {
    end_of_phase(s, phase, acted, o);
    for u in o.units.iter_mut() {
        clear_turn_flags(u);
    }
    let changed: Vec<UnitId> = o.units.iter().map(|u| u.id).collect();
    for u in s.units.iter().filter(|u| !changed.contains(&u.id)) {
        let mut n = u.clone();
        clear_turn_flags(&mut n);
        if n != *u {
            o.units.push(n);
        }
    }
}

fn clear_turn_flags(u: &mut Unit) {
    u.state.charging = false;
    u.state.charged = false;
    u.state.evaded = false;
    u.state.arrived_this_turn = false;
    u.state.failed_ld_check = false;
}

/// The turn state with `f` applied (for an outcome that changes it).
pub(super) fn with_state(
    at: Option<InPlay<'_>>,
    f: impl FnOnce(&mut TurnState),
) -> Option<TurnState> {
    let mut st = at.map(|a| a.game.state.clone())?;
    f(&mut st);
    Some(st)
}

/// The units ending the phase now (or, with `whole_turn`, the turn) would leave without having
/// acted in a Movement Phase: those of the side acting in `stage` (every side's, in a phase both
/// share) that stand on the map, are not removed and have not acted in it, and with
/// `whole_turn` every such unit of the Movement Phases still to come. A Command Phase asks
/// nothing of a unit (a leader keeps his chit by changing nothing), so it leaves no one. For the
/// question Play asks before a phase or turn ends with units that could still act.
pub fn left_unmoved(s: &Scenario, stage: Stage, whole_turn: bool) -> Vec<UnitId> {
    // Sets, so that a side of thousands of units is gone through in as many steps (Play's
    // turn bar asks after every action); sized once, with a fast hash (a sip-hashed set grown
    // a step at a time was most of the frame after a played move).
    use foldhash::{HashSet, HashSetExt};
    let acted: Option<HashSet<UnitId>> = s.game.as_ref().map(|g| g.acted.iter().copied().collect());
    let mut listed = HashSet::with_capacity(s.units.len());
    let all = stages(s);
    let now = all.iter().position(|x| *x == stage).unwrap_or(0);
    let ahead = if whole_turn { all.len() } else { now + 1 };
    let mut out = Vec::new();
    for (i, st) in all.iter().enumerate().take(ahead).skip(now) {
        if st.phase != Phase::Movement {
            continue;
        }
        let units = s
            .units
            .iter()
            .filter(|u| st.side.is_none_or(|side| u.side == side))
            .filter(|u| matches!(u.position, Position::Table | Position::Hex { .. }) && u.in_play())
            // Only the phase under way has units that already acted in it.
            .filter(|u| i != now || acted.as_ref().is_none_or(|a| !a.contains(&u.id)))
            .map(|u| u.id);
        for u in units {
            if listed.insert(u) {
                out.push(u);
            }
        }
    }
    out
}

#[cfg(test)]
mod left_unmoved_tests {
    use super::*;

    fn winceby() -> Scenario {
        crate::samples::by_name("winceby")
            .expect("sample")
            .load()
            .expect("loads")
    }

    fn on_map(s: &Scenario, side: SideId) -> usize {
        s.units
            .iter()
            .filter(|u| u.side == side && u.hex().is_some() && u.in_play())
            .count()
    }

    #[test]
    fn ending_a_movement_phase_leaves_the_acting_sides_units_on_the_map() {
        let s = winceby();
        let side = s.sides[0].id;
        let stage = Stage {
            phase: Phase::Movement,
            side: Some(side),
        };
        assert!(on_map(&s, side) > 1);
        assert_eq!(left_unmoved(&s, stage, false).len(), on_map(&s, side));
    }

    #[test]
    fn the_command_phase_leaves_no_one_but_ending_the_turn_there_skips_both_movement_phases() {
        let s = winceby();
        let command = Stage {
            phase: Phase::Command,
            side: None,
        };
        assert!(left_unmoved(&s, command, false).is_empty());
        let both = on_map(&s, s.sides[0].id) + on_map(&s, s.sides[1].id);
        assert_eq!(left_unmoved(&s, command, true).len(), both);
    }
}
