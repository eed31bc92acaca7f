//! R5's reaction charge played (004, "Changing to a Charge Command During Movement"): a
//! phasing cavalry move halts at the first charge-check point where the other side may react;
//! the other side checks its leaders for a Charge (a D6, 4 or more: see docs/rules.md, the
//! seed's "V.B." is not given) and its cavalry under a Charge charges the mover; then the move
//! goes on, judged again with every unit where it now stands.

use super::outcome::{Outcome, Refused};
use super::roll::{Roller, roll_text};
use super::turn::{InPlay, with_state};
use crate::model::game::{Action, Dice, Halt};
use crate::model::*;
use crate::rules::hex_commands::{
    self as hex, CheckKind, HexRules, MovePreview, change_allowed, reaction_chargers,
};
use hexx::Hex;

/// A reaction check passes on a D6 of this or more (docs/rules.md).
pub const REACTION_CHECK_NEEDS: u8 = 4;

fn hex_err(e: hex::HexError) -> Refused {
    Refused::rules("the hex rules cannot answer", vec![e.to_string()])
}

fn label(s: &Scenario, h: Hex) -> String {
    s.map.as_hex().map_or_else(String::new, |m| m.label(h))
}

fn name(s: &Scenario, u: UnitId) -> String {
    s.unit(u).map_or_else(|| u.to_string(), |u| u.name.clone())
}

/// Whether the unit moves by the cavalry rules (cavalry, mounted dragoons).
fn cavalry(u: &Unit) -> bool {
    u.kind == UnitKind::Cavalry || (u.kind == UnitKind::Dragoons && u.state.mounted)
}

/// A step of a move where the other side may react: the step, the leaders who may check for a
/// Charge there and the cavalry already under a Charge that may charge there.
type Reaction = (usize, Vec<UnitId>, Vec<UnitId>);

/// Where along `path` (start first) the other side may react first, leaving out whoever was
/// offered already and the steps before `from`.
fn first_reaction(
    s: &Scenario,
    mover: UnitId,
    path: &[Hex],
    offered: &[UnitId],
    from: usize,
) -> Result<Option<Reaction>, Refused> {
    let reactors = reaction_chargers(s, mover, path).map_err(hex_err)?;
    let who = |c: &hex::ChargeCheckPoint, unit: UnitId| -> Option<UnitId> {
        match c.kind {
            CheckKind::CommandCheck => c.leader.as_ref().map(|l| l.id),
            CheckKind::MayChargeNow => Some(unit),
        }
    };
    let step = reactors
        .iter()
        .filter(|(u, c)| c.step >= from && who(c, u.id).is_some_and(|w| !offered.contains(&w)))
        .map(|(_, c)| c.step)
        .min();
    let Some(step) = step else { return Ok(None) };
    let mut leaders = Vec::new();
    let mut chargers = Vec::new();
    for (u, c) in reactors.iter().filter(|(_, c)| c.step == step) {
        match (c.kind, who(c, u.id)) {
            (CheckKind::CommandCheck, Some(l))
                if !offered.contains(&l) && !leaders.contains(&l) =>
            {
                leaders.push(l)
            }
            (CheckKind::MayChargeNow, Some(w))
                if !offered.contains(&w)
                    && hex::reaction_charge_at(s, w, mover, path, Some(step)).is_ok() =>
            {
                chargers.push(w)
            }
            _ => {}
        }
    }
    Ok(Some((step, leaders, chargers)))
}

/// The unit at `path[at]`, facing the way it took its last step there.
fn stood_at(u: &Unit, path: &[Hex], at: usize) -> Unit {
    let hex = path[at];
    let facing = at
        .checked_sub(1)
        .and_then(|i| path[i].neighbor_direction(hex))
        .map_or_else(
            || match u.position {
                Position::Hex { facing, .. } => facing,
                _ => 0,
            },
            |d| d.index(),
        );
    let mut n = u.clone();
    n.position = Position::Hex { hex, facing };
    n
}

/// In a game, a phasing cavalry move that comes within reach of the other side's reaction
/// halts at the first such check point: `o` (the whole move) becomes the move to it, with the
/// halt in the turn's state. Outside a game, or with nobody to react, `o` stands.
pub(super) fn halt_if_reacting(
    s: &Scenario,
    at: Option<InPlay<'_>>,
    u: &Unit,
    pv: &MovePreview,
    path: Vec<Hex>,
    offered: &[UnitId],
    o: &mut Outcome,
) -> Result<(), Refused> {
    let Some(play) = at.filter(InPlay::sides_in_turn) else {
        return Ok(());
    };
    if !cavalry(u) || path.len() < 2 {
        return Ok(());
    }
    let Some((step, leaders, chargers)) = first_reaction(s, u.id, &path, offered, 1)? else {
        return Ok(());
    };
    let stop = path[step];
    let spent = pv.get(stop).map_or(0, |v| v.cost);
    let to = *path.last().unwrap_or(&stop);
    let mut said = Vec::new();
    if !leaders.is_empty() {
        let names: Vec<String> = leaders.iter().map(|l| name(s, *l)).collect();
        said.push(format!("{} may check for a Charge", names.join(", ")));
    }
    if !chargers.is_empty() {
        let names: Vec<String> = chargers.iter().map(|c| name(s, *c)).collect();
        said.push(format!("{} may charge at once", names.join(", ")));
    }
    o.what = format!(
        "{} moves toward {}: halted at {} ({spent} MP), a charge-check point: {}",
        u.name,
        label(s, to),
        label(s, stop),
        said.join("; ")
    );
    o.reasons.insert(
        0,
        "the phasing player's movement is halted until the command change has been checked and the charge has concluded (Changing to a Charge Command During Movement)".into(),
    );
    o.path.truncate(step + 1);
    if let Some(slot) = o.units.iter_mut().find(|x| x.id == u.id) {
        *slot = stood_at(slot, &path, step);
    }
    let mut offered = offered.to_vec();
    offered.extend(leaders.iter().chain(&chargers).copied());
    let facing = match u.position {
        Position::Hex { facing, .. } => facing,
        _ => 0,
    };
    o.state = with_state(Some(play), |st| {
        st.halted = Some(Halt {
            mover: u.id,
            path,
            facing,
            at: step as u32,
            leaders,
            chargers,
            offered,
        })
    });
    Ok(())
}

fn halted<'a>(at: Option<InPlay<'a>>) -> Result<&'a Halt, Refused> {
    at.and_then(|a| a.game.state.halted.as_ref())
        .ok_or_else(|| {
            Refused::rules(
                "no move is halted for a reaction",
                vec![
                    "a reaction comes when an enemy cavalry move halts at a charge-check point"
                        .into(),
                ],
            )
        })
}

/// R5: the other side checks one of its leaders for a Charge at the halted move's check point.
pub(super) fn check(
    s: &Scenario,
    at: Option<InPlay<'_>>,
    leader: UnitId,
    dice: &Dice,
    roller: &mut dyn Roller,
) -> Result<Outcome, Refused> {
    let h = halted(at)?;
    let l = s.unit(leader).ok_or(Refused::NoUnit(leader))?;
    let what = format!("{}: reaction check", l.name);
    if !h.leaders.contains(&leader) {
        return Err(Refused::rules(
            what,
            vec![format!(
                "he may not check here: no cavalry of his is within 3 MP of {} at this point, or he has checked already",
                name(s, h.mover)
            )],
        ));
    }
    let Some(ld) = l.leadership else {
        return Err(Refused::rules(
            what,
            vec!["only leaders hold a command chit".into()],
        ));
    };
    let lost = super::choice::losses(s, leader).map_err(hex_err)?;
    change_allowed(ld.command, Command::Charge1, lost).map_err(|why| Refused::Choice {
        what: what.clone(),
        why: super::Refusal::Command(why),
    })?;
    let (logged, d6) = roller.take(dice, 1).map_err(Refused::Dice)?;
    let passed = d6 >= REACTION_CHECK_NEEDS;
    let mut o = Outcome::of(Action::ReactionCheck {
        leader,
        dice: logged.clone(),
    });
    o.unit = Some(leader);
    let mut chargers = h.chargers.clone();
    if passed {
        let mut n = l.clone();
        if let Some(x) = n.leadership.as_mut() {
            x.command = Command::Charge1;
        }
        // His cavalry, now under a Charge, judged where the mover halted: the units within
        // three hexes of it that can reach it.
        let mut after = s.clone();
        if let Some(x) = after.unit_mut(leader) {
            *x = n.clone();
        }
        let at = h.at as usize;
        for u in s.units.iter().filter(|u| cavalry(u)) {
            if !chargers.contains(&u.id)
                && hex::reaction_charge_at(&after, u.id, h.mover, &h.path, Some(at))
                    .is_ok_and(|rc| rc.check.leader.as_ref().map(|x| x.id) == Some(leader))
            {
                chargers.push(u.id);
            }
        }
        o.units.push(n);
    }
    let names: Vec<String> = chargers.iter().map(|c| name(s, *c)).collect();
    o.what = format!(
        "{what}, D6 {} ({REACTION_CHECK_NEEDS}+ needed): {}",
        roll_text(&logged),
        if passed {
            format!(
                "passed, Charge 1; {} may charge {}",
                if names.is_empty() {
                    "no cavalry".to_string()
                } else {
                    names.join(", ")
                },
                name(s, h.mover)
            )
        } else {
            format!("failed, his chit stays {}", ld.command)
        }
    );
    o.reasons.push(format!(
        "a leader's check for a Charge during the enemy's movement passes on a D6 of {REACTION_CHECK_NEEDS} or more (Sandtable's reading: the rules refer to a command-change roll they do not give)"
    ));
    o.state = with_state(at, |st| {
        if let Some(x) = st.halted.as_mut() {
            x.leaders.retain(|x| *x != leader);
            x.chargers = chargers;
        }
    });
    Ok(o)
}

/// R5: a cavalry unit of the other side charges the halted mover, ending at `to`.
pub(super) fn charge(
    s: &Scenario,
    at: Option<InPlay<'_>>,
    unit: UnitId,
    to: Hex,
) -> Result<Outcome, Refused> {
    let h = halted(at)?;
    let c = s.unit(unit).ok_or(Refused::NoUnit(unit))?;
    let what = format!("{} may not charge {}", c.name, name(s, h.mover));
    if !h.chargers.contains(&unit) {
        return Err(Refused::rules(
            what,
            vec![
                "it may charge here only under a Charge chit, or after its leader's check passed"
                    .into(),
            ],
        ));
    }
    let rc =
        hex::reaction_charge_at(s, unit, h.mover, &h.path, Some(h.at as usize)).map_err(hex_err)?;
    // A charger already next to the mover charges from where it stands (under a Charge it
    // may not leave an enemy's zone of control: it must attack), turning to face it.
    let in_place = to == rc.moves.start
        && to.unsigned_distance_to(rc.trigger_at) == 1
        && rc.moves.get(to).is_some_and(|v| v.reason.is_none());
    if !in_place {
        super::hex_landing::verdict(s, &rc.moves, to)
            .map_err(|why| Refused::rules(what.clone(), why))?;
    }
    let cost = rc.moves.get(to).map_or(0, |v| v.cost);
    let mut n = super::hex_landing::moved(&rc.moves, c, to);
    if in_place && let Some(d) = to.neighbor_direction(rc.trigger_at) {
        n.position = Position::Hex {
            hex: to,
            facing: d.index(),
        };
    }
    n.state.charging = true;
    let mut o = Outcome::of(Action::ReactionCharge { unit, to });
    o.unit = Some(unit);
    o.what = if in_place {
        format!(
            "{} charges {} from where it stands at {}",
            c.name,
            name(s, h.mover),
            label(s, to)
        )
    } else {
        format!(
            "{} charges {} from {} to {} ({cost} of {} MP)",
            c.name,
            name(s, h.mover),
            label(s, rc.moves.start),
            label(s, to),
            rc.moves.allowance
        )
    };
    if !rc.trigger_reachable {
        o.reasons.push(
            "the trigger cannot be reached: it ends in the zone of control of an enemy that did not trigger the charge (the one exception the rules make)".into(),
        );
    }
    o.path = rc
        .moves
        .path(to)
        .unwrap_or_default()
        .into_iter()
        .map(Place::Hex)
        .collect();
    o.units.push(n);
    if let Some(m) = s.unit(h.mover) {
        let mut m = m.clone();
        m.state.charged = true;
        o.units.push(m);
    }
    o.state = with_state(at, |st| {
        if let Some(x) = st.halted.as_mut() {
            x.chargers.retain(|x| *x != unit);
        }
    });
    Ok(o)
}

/// R5: the halted move goes on. A mover that was charged stops where it stands (the melee
/// follows); otherwise its move is judged again from where it began with every unit where it
/// now stands, and it goes on to where it was going (halting again where another leader or
/// unit may react), or stays at the check point when that is no longer legal.
pub(super) fn go_on(s: &Scenario, at: Option<InPlay<'_>>) -> Result<Outcome, Refused> {
    let h = halted(at)?;
    let m = s.unit(h.mover).ok_or(Refused::NoUnit(h.mover))?;
    let here = h.path.get(h.at as usize).copied();
    let to = h.path.last().copied();
    let mut o = Outcome::of(Action::GoOn);
    o.unit = Some(m.id);
    o.state = with_state(at, |st| st.halted = None);
    let (Some(here), Some(to), Some(from)) = (here, to, h.path.first().copied()) else {
        return Ok(o);
    };
    if m.state.charged {
        o.what = format!(
            "{} was charged at {}: its move ends there",
            m.name,
            label(s, here)
        );
        return Ok(o);
    }
    let mut back = s.clone();
    if let Some(u) = back.unit_mut(m.id) {
        u.position = Position::Hex {
            hex: from,
            facing: h.facing,
        };
    }
    let pv = HexRules::new(&back)
        .map_err(hex_err)?
        .preview(m.id, None)
        .map_err(hex_err)?;
    if let Err(why) = super::hex_landing::verdict(&back, &pv, to) {
        o.what = format!(
            "{} stays at {}: its way on to {} is barred now ({})",
            m.name,
            label(s, here),
            label(s, to),
            why.join("; ")
        );
        return Ok(o);
    }
    let path = pv.path(to).unwrap_or_default();
    let start_at = path.iter().position(|x| *x == here).unwrap_or(0);
    let mut n = super::hex_landing::moved(&pv, m, to);
    n.state = m.state;
    o.units.push(n.clone());
    o.what = format!(
        "{} goes on from {} to {}",
        m.name,
        label(s, here),
        label(s, to)
    );
    o.path = path[start_at..].iter().copied().map(Place::Hex).collect();
    if let Some((step, leaders, chargers)) =
        first_reaction(&back, m.id, &path, &h.offered, start_at + 1)?
    {
        let stop = path[step];
        if let Some(slot) = o.units.iter_mut().find(|x| x.id == m.id) {
            *slot = stood_at(m, &path, step);
        }
        o.path = path[start_at..=step]
            .iter()
            .copied()
            .map(Place::Hex)
            .collect();
        let names: Vec<String> = leaders
            .iter()
            .chain(&chargers)
            .map(|u| name(s, *u))
            .collect();
        o.what = format!(
            "{} goes on from {} toward {}: halted again at {}, a charge-check point for {}",
            m.name,
            label(s, here),
            label(s, to),
            label(s, stop),
            names.join(", ")
        );
        let mut offered = h.offered.clone();
        offered.extend(leaders.iter().chain(&chargers).copied());
        let facing = h.facing;
        let mover = m.id;
        o.state = with_state(at, |st| {
            st.halted = Some(Halt {
                mover,
                path,
                facing,
                at: step as u32,
                leaders,
                chargers,
                offered,
            })
        });
    }
    Ok(o)
}
