//! `sandtable moves` on a hex map (R5): the legal-move preview of a unit, optionally the route to
//! one hex with the reaction-charge check points along it, and the cavalry second combat.
//! The JSON shape is documented in `docs/cli.md`.

use super::error::CliError;
use super::hex_text::{hex_text, hexes, path_text};
use super::json;
use super::moves_args::HexArgs;
use super::parse::parse_hex;
use crate::model::{Scenario, UnitId};
use crate::rules::hex_commands::{
    self, Board, ChargeCheckPoint, CommandSource, HexRules, MovePreview, ReactionCharge,
    SecondCombat, UnitRef, serial,
};
use hexx::Hex;
use serde::Serialize;
use std::io::Write;

pub fn run(
    s: &Scenario,
    unit: UnitId,
    args: HexArgs<'_>,
    out: &mut dyn Write,
) -> Result<u8, CliError> {
    let command = args.command;
    let to = match (args.to, s.map.as_hex()) {
        (Some(text), Some(map)) => Some(parse_hex(map, text)?),
        _ => None,
    };
    let mut rules = HexRules::new(s).map_err(|e| CliError::Usage(e.to_string()))?;
    let preview = rules
        .preview(unit, command)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let route = match to {
        Some(hex) => {
            let path = preview.path(hex);
            let checks = match &path {
                Some(p) => rules
                    .charge_checks(unit, p)
                    .map_err(|e| CliError::Usage(e.to_string()))?,
                None => Vec::new(),
            };
            Some((hex, path, checks))
        }
        None => None,
    };
    // The enemy cavalry that may charge at the route's check points.
    let may_react = match &route {
        Some((_, Some(path), checks)) if !checks.is_empty() => {
            hex_commands::reaction_chargers(s, unit, path)
                .map_err(|e| CliError::Usage(e.to_string()))?
        }
        _ => Vec::new(),
    };
    // A move halted at its check point in a game: the charge is against that move, as Play
    // carries it out, wherever `--to` points.
    let halted = s
        .game
        .as_ref()
        .and_then(|g| g.state.halted.as_ref())
        .filter(|h| h.mover == unit)
        .map(|h| (h.path.clone(), h.at as usize));
    let reaction = match (args.reaction_charge, &route) {
        (Some(charger), _) if halted.is_some() => {
            let (path, at) = halted.clone().unwrap_or_default();
            Some(
                hex_commands::reaction_charge_at(s, charger, unit, &path, Some(at))
                    .map_err(|e| CliError::Usage(e.to_string()))?,
            )
        }
        (Some(charger), Some((hex, path, _))) => {
            let path = path.as_ref().ok_or_else(|| {
                CliError::Usage(format!(
                    "no route to {}: a reaction charge needs the mover's route",
                    hex_text(rules.board(), *hex)
                ))
            })?;
            Some(
                hex_commands::reaction_charge(s, charger, unit, path)
                    .map_err(|e| CliError::Usage(e.to_string()))?,
            )
        }
        (Some(_), None) => {
            return Err(CliError::Usage(
                "--reaction-charge needs --to: the route that triggers it".into(),
            ));
        }
        (None, _) => None,
    };
    let second = if args.second_combat {
        Some(
            rules
                .second_combat(unit, None)
                .map_err(|e| CliError::Usage(e.to_string()))?,
        )
    } else {
        None
    };
    let kind = s
        .unit(unit)
        .map(|u| u.kind.tag().to_string())
        .unwrap_or_default();
    let board = rules.board();
    if args.json {
        let report = Report {
            preview: &preview,
            kind: &kind,
            route: route
                .as_ref()
                .map(|r| RouteReport::new(&preview, r, &may_react)),
            second_combat: second.as_ref(),
            reaction_charge: reaction.as_ref(),
        };
        let value = serial::with_grid(board.offset_labels(), || serde_json::to_value(&report))?;
        json::write(&value, out)?;
    } else {
        write_text(board, &preview, &kind, route.as_ref(), second.as_ref(), out)?;
        for (u, c) in &may_react {
            writeln!(
                out,
                "  {u} ({}) may react with a charge at step {}: --reaction-charge {}",
                u.id, c.step, u.id.0
            )?;
        }
        if let Some(r) = &reaction {
            write_reaction(board, r, out)?;
        }
    }
    Ok(0)
}

type Route = (Hex, Option<Vec<Hex>>, Vec<ChargeCheckPoint>);

/// `moves --json` on a hex map: the engine's preview, the unit's kind, and the route and the
/// second combat when asked for.
#[derive(Serialize)]
struct Report<'a> {
    #[serde(flatten)]
    preview: &'a MovePreview,
    kind: &'a str,
    route: Option<RouteReport>,
    second_combat: Option<&'a SecondCombat>,
    /// With `--reaction-charge` (left out otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    reaction_charge: Option<&'a ReactionCharge>,
}

/// The route to one hex: whether the unit may end there, what it costs, the way there and
/// the reaction-charge check points along it.
#[derive(Serialize)]
struct RouteReport {
    #[serde(serialize_with = "serial::hex")]
    to: Hex,
    legal: bool,
    cost: Option<u16>,
    reason: Option<&'static str>,
    text: Option<String>,
    #[serde(serialize_with = "serial::opt_hexes")]
    path: Option<Vec<Hex>>,
    /// Enemy cavalry that may charge at a check point, with the step.
    may_react: Vec<MayReact>,
    #[serde(serialize_with = "crate::rules::serial::texted_list")]
    charge_checks: Vec<ChargeCheckPoint>,
}

#[derive(Serialize)]
struct MayReact {
    unit: UnitRef,
    step: usize,
}

impl RouteReport {
    fn new(
        p: &MovePreview,
        (hex, path, checks): &Route,
        may_react: &[(UnitRef, ChargeCheckPoint)],
    ) -> RouteReport {
        RouteReport {
            may_react: may_react
                .iter()
                .map(|(u, c)| MayReact {
                    unit: u.clone(),
                    step: c.step,
                })
                .collect(),
            to: *hex,
            legal: p.is_legal(*hex),
            cost: p.get(*hex).map(|h| h.cost),
            reason: p.reason(*hex).map(|r| r.code()),
            text: p.reason(*hex).map(|r| r.to_string()),
            path: path.clone(),
            charge_checks: checks.clone(),
        }
    }
}

fn write_text(
    board: &Board,
    p: &MovePreview,
    kind: &str,
    route: Option<&Route>,
    second: Option<&SecondCombat>,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    match &p.entry {
        Some(e) => writeln!(
            out,
            "{} ({}), {kind} off the map, a reinforcement due on turn {}: enters at {} for {} MP \
             (counted in every cost below), {} MP",
            p.unit,
            p.unit.id,
            e.turn,
            hex_text(board, e.hex),
            e.cost,
            p.mp
        )?,
        None => writeln!(
            out,
            "{} ({}), {kind} at {}, {} MP",
            p.unit,
            p.unit.id,
            hex_text(board, p.start),
            p.mp
        )?,
    }
    let t = &p.command.tracing;
    let chit = p.command.chit.map_or("none".to_string(), |c| c.to_string());
    match p.command.source {
        CommandSource::Traced => {
            if let Some(l) = t.leader() {
                writeln!(
                    out,
                    "Command: {chit}, the chit of {} ({})",
                    l.leader, l.leader.id
                )?;
            }
        }
        CommandSource::Override => writeln!(out, "Command: {chit} (as requested)")?,
        CommandSource::OutOfCommand => writeln!(out, "Command: none (out of command)")?,
        CommandSource::Leader => writeln!(out, "Command: none (a leader)")?,
    }
    for l in &t.chain {
        let dist = l.distance.map_or("off the map".to_string(), hexes);
        let mark = if t.leader().is_some_and(|u| u.leader.id == l.leader.id) {
            " (uses this chit)"
        } else {
            ""
        };
        writeln!(
            out,
            "  {} {}: {} ({}, span {}){mark}",
            if l.reaches {
                "traces to"
            } else {
                "out of span of"
            },
            l.leader,
            l.command,
            dist,
            l.span
        )?;
    }
    if let Some(m) = p.command.moves_as
        && Some(m) != p.command.chit
    {
        writeln!(out, "  moves as {m}")?;
    }
    writeln!(out, "  allowance {} MP", p.allowance)?;
    for c in &p.constraints {
        writeln!(out, "  must: {c}")?;
    }
    for e in &p.effects {
        writeln!(out, "  effect: {e}")?;
    }
    if let Some(d) = &p.dragoons {
        writeln!(out, "  dragoons: {d}")?;
    }
    for n in &p.notices {
        writeln!(out, "  note: {n}")?;
    }
    write_ends(board, p, ("", "Legal destinations", "Rejected"), out)?;
    if let Some((hex, path, checks)) = route {
        match (path, p.reason(*hex)) {
            (Some(path), None) => writeln!(
                out,
                "Route to {}: {} MP, legal: {}",
                hex_text(board, *hex),
                p.get(*hex).map_or(0, |h| h.cost),
                path_text(path)
            )?,
            (Some(path), Some(r)) => writeln!(
                out,
                "Route to {}: {r}; the way there: {}",
                hex_text(board, *hex),
                path_text(path)
            )?,
            (None, Some(r)) => writeln!(out, "Route to {}: {r}", hex_text(board, *hex))?,
            (None, None) => writeln!(out, "Route to {}: out of reach", hex_text(board, *hex))?,
        }
        if checks.is_empty() {
            writeln!(out, "  no reaction-charge check points")?;
        }
        for c in checks {
            writeln!(out, "  charge check at {}: {c}", hex_text(board, c.hex))?;
        }
    }
    if let Some(sc) = second {
        writeln!(out, "Second combat from {}:", hex_text(board, sc.from))?;
        if let Some(r) = &sc.refused {
            writeln!(out, "  {r}")?;
        }
        for h in &sc.hexes {
            let targets = h
                .targets
                .iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
                .join(", ");
            match &h.reason {
                None => writeln!(
                    out,
                    "  {}  {} hex(es)  targets: {}",
                    hex_text(board, h.hex),
                    h.hexes,
                    if targets.is_empty() { "none" } else { &targets }
                )?,
                Some(r) => writeln!(out, "  {}  {r}", hex_text(board, h.hex))?,
            }
        }
    }
    Ok(())
}

/// The reaction charge at its check point: the trigger halted, and the charger's legal ends
/// against it (or, when it cannot be reached, in the zone of control of another enemy).
fn write_reaction(board: &Board, r: &ReactionCharge, out: &mut dyn Write) -> std::io::Result<()> {
    let m = &r.moves;
    writeln!(
        out,
        "Reaction charge by {} ({}) at {}: {}",
        m.unit,
        m.unit.id,
        hex_text(board, r.check.hex),
        r.check
    )?;
    writeln!(
        out,
        "  {} halted at {}; {} charges it from {} with {} MP",
        r.trigger,
        hex_text(board, r.trigger_at),
        m.unit,
        hex_text(board, m.start),
        m.allowance
    )?;
    if !r.trigger_reachable {
        writeln!(
            out,
            "  {} cannot be reached: the charge may end in the zone of control of an enemy that \
             did not trigger it (004's one exception), nearer the trigger than it started",
            r.trigger
        )?;
    }
    for n in &m.notices {
        writeln!(out, "  note: {n}")?;
    }
    write_ends(board, m, ("  ", "Legal ends of the charge", "Refused"), out)
}

/// A preview's legal ends (cost and path) and its refused ones (cost and why), under two
/// headings indented by `indent`, their rows two spaces further.
fn write_ends(
    board: &Board,
    p: &MovePreview,
    (indent, legal_heading, refused_heading): (&str, &str, &str),
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let legal: Vec<_> = p.legal().collect();
    writeln!(out, "{indent}{legal_heading} ({}):", legal.len())?;
    for h in legal {
        let path = p.path(h.hex).unwrap_or_default();
        writeln!(
            out,
            "{indent}  {}  {} MP  {}",
            hex_text(board, h.hex),
            h.cost,
            path_text(&path)
        )?;
    }
    let rejected: Vec<_> = p.rejected().collect();
    writeln!(out, "{indent}{refused_heading} ({}):", rejected.len())?;
    for (h, why) in rejected {
        writeln!(
            out,
            "{indent}  {}  {} MP  {why}",
            hex_text(board, h.hex),
            h.cost
        )?;
    }
    Ok(())
}
