//! R5 carried out: a leader's new chit in the Command Phase, and a unit's move to a hex its
//! preview calls legal, under the command it traces (a what-if chit is a preview only).

use super::choice::{Refusal, losses};
use super::hex_landing::{moved, verdict};
use super::outcome::{Outcome, Refused};
use super::turn::InPlay;
use crate::model::game::Action;
use crate::model::*;
use crate::rules::hex_commands::{self as hex, HexRules, change_allowed};

fn hex_err(e: hex::HexError) -> Refused {
    Refused::rules("the hex rules cannot answer", vec![e.to_string()])
}

/// A leader changes his chit (R5 Command Phase), as the Charge timeline and the Muster
/// trigger allow.
pub(super) fn change_command(
    s: &Scenario,
    action: &Action,
    leader: UnitId,
    command: Command,
) -> Result<Outcome, Refused> {
    let u = s.unit(leader).ok_or(Refused::NoUnit(leader))?;
    let Some(ld) = u.leadership else {
        return Err(Refused::Choice {
            what: format!("{} carries no command chit", u.name),
            why: Refusal::NoChit,
        });
    };
    let lost = losses(s, leader).map_err(hex_err)?;
    change_allowed(ld.command, command, lost).map_err(|why| Refused::Choice {
        what: format!("{} may not change to {command}", u.name),
        why: Refusal::Command(why),
    })?;
    let mut n = u.clone();
    if let Some(l) = n.leadership.as_mut() {
        l.command = command;
    }
    let mut o = Outcome::of(action.clone());
    o.what = format!("{}: {} → {command}", u.name, ld.command);
    if command == Command::Muster && ld.command != Command::Muster {
        o.reasons.push(if ld.command.is_charge() {
            format!("Muster: the early change from {} (span +1)", ld.command)
        } else {
            format!("Muster: {lost} units of his force routed or destroyed (span +1)")
        });
    }
    o.unit = Some(leader);
    o.acted.push(leader);
    o.units.push(n);
    Ok(o)
}

/// R5: the unit moves to a hex its preview calls legal under the command it traces. In a game,
/// a cavalry move that comes within the other side's reach halts at the first charge-check
/// point (see `reaction`).
pub(super) fn move_unit(
    s: &Scenario,
    at: Option<InPlay<'_>>,
    action: &Action,
    u: &Unit,
    command: Option<Command>,
    to: Option<Place>,
) -> Result<Outcome, Refused> {
    let Some(Place::Hex(to)) = to else {
        return Err(Refused::rules(
            format!("{} moves on the hex map", u.name),
            vec!["give the hex to move to".into()],
        ));
    };
    let mut rules = HexRules::new(s).map_err(hex_err)?;
    let pv = rules.preview(u.id, command).map_err(hex_err)?;
    // A chit other than the one the unit traces is a what-if: the game moves it under its own.
    if let Some(c) = command {
        let traced = pv
            .command
            .tracing
            .leader()
            .map(|l| (l.leader.name.clone(), l.command));
        let holds = traced.as_ref().is_some_and(|(_, t)| *t == c) && !u.is_leader();
        if !holds {
            let why = match traced {
                Some((leader, t)) if !u.is_leader() => {
                    format!("it traces command to {leader}, whose chit is {t}")
                }
                _ if u.is_leader() => "a leader moves on his own, under no chit".to_string(),
                _ => "it traces command to no leader".to_string(),
            };
            return Err(Refused::rules(
                format!("{} may not move under {c}", u.name),
                vec![
                    why,
                    "a move under another chit is a preview only: a referee override moves it otherwise"
                        .into(),
                ],
            ));
        }
    }
    let label = s.map.as_hex().map_or_else(String::new, |m| m.label(to));
    let what = format!("{} may not end at {label}", u.name);
    verdict(s, &pv, to).map_err(|why| {
        let off = why.iter().any(|w| w.contains("off the map"));
        Refused::rules(
            if off {
                format!("{} may not end there", u.name)
            } else {
                what.clone()
            },
            why,
        )
    })?;
    let cost = pv.get(to).map_or(0, |v| v.cost);
    let under = match pv.command.moves_as {
        Some(c) => format!("under {c}"),
        None if u.is_leader() => "as a leader".to_string(),
        None => "out of command".to_string(),
    };
    let mut o = Outcome::of(action.clone());
    o.what = format!(
        "{} moves to {label}, {cost} of {} MP, {under}",
        u.name, pv.allowance
    );
    if let Some(e) = &pv.entry {
        let at = s.map.as_hex().map_or_else(String::new, |m| m.label(e.hex));
        o.reasons.push(format!(
            "a reinforcement due on turn {}: comes on at {at} and has arrived this turn",
            e.turn
        ));
    }
    o.reasons
        .extend(pv.constraints.iter().map(ToString::to_string));
    o.reasons.extend(pv.effects.iter().map(ToString::to_string));
    let path = pv.path(to).unwrap_or_default();
    o.path = path.iter().copied().map(Place::Hex).collect();
    o.unit = Some(u.id);
    o.acted.push(u.id);
    o.units.push(moved(&pv, u, to));
    super::reaction::halt_if_reacting(s, at, u, &pv, path, &[], &mut o)?;
    Ok(o)
}

/// R5: dragoons mount or dismount under their leader's Stand chit, from the turn after they
/// entered the map (004); they may still move the one hex Stand allows, so the change marks
/// them as having acted no more than a test does.
pub(super) fn formation(
    s: &Scenario,
    action: &Action,
    unit: UnitId,
    mounted: bool,
) -> Result<Outcome, Refused> {
    let u = s.unit(unit).ok_or(Refused::NoUnit(unit))?;
    let what = format!(
        "{} may not {}",
        u.name,
        if mounted { "mount" } else { "dismount" }
    );
    if u.kind != UnitKind::Dragoons {
        return Err(Refused::rules(
            what,
            vec!["only dragoons have two formations".into()],
        ));
    }
    if u.state.mounted == mounted {
        return Err(Refused::rules(
            what,
            vec![format!(
                "it is {} already",
                if mounted { "mounted" } else { "dismounted" }
            )],
        ));
    }
    let pv = HexRules::new(s)
        .map_err(hex_err)?
        .preview(unit, None)
        .map_err(hex_err)?;
    if let Some(f) = &pv.dragoons
        && let Err(why) = &f.may_switch
    {
        return Err(Refused::rules(what, vec![why.to_string()]));
    }
    let mut n = u.clone();
    n.state.mounted = mounted;
    let mut o = Outcome::of(action.clone());
    o.unit = Some(unit);
    o.what = format!(
        "{} {}: {} rules from now; it may still move the one hex Stand allows",
        u.name,
        if mounted { "mounts" } else { "dismounts" },
        if mounted { "cavalry" } else { "infantry" }
    );
    o.reasons
        .push("dragoons may mount or dismount on a turn their leader's chit is Stand (Dragoons and Command)".into());
    o.units.push(n);
    Ok(o)
}
