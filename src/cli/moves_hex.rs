//! `sandtable moves` on a hex map (R5): the legal-move preview of a unit, optionally the route to
//! one hex with the reaction-charge check points along it, and the cavalry second combat.
//! The JSON shape is documented in `docs/cli.md`.

use super::CliError;
use crate::model::{Command, Scenario, UnitId};
use crate::rules::hex_commands::{
    Board, ChainLink, ChargeCheckPoint, CheckKind, CommandSource, Constraint, Effect, HexRules,
    MovePreview, Notice, SecondCombat, UnitRef,
};
use hexx::Hex;
use serde_json::{Value, json};
use std::io::Write;

/// Options of `moves` that apply on a hex map.
pub struct Args<'a> {
    pub command: Option<&'a str>,
    /// A destination `X,Y` (axial): print the route and the reaction-charge check points.
    pub to: Option<&'a str>,
    pub second_combat: bool,
    pub json: bool,
}

pub fn run(
    s: &Scenario,
    unit: UnitId,
    args: Args<'_>,
    out: &mut dyn Write,
) -> Result<u8, CliError> {
    let command = match args.command {
        Some(text) => Some(Command::parse(text).ok_or_else(|| {
            let names: Vec<&str> = Command::ALL.iter().map(|c| c.name()).collect();
            CliError::Usage(format!(
                "'{text}' is not a command; choose one of: {}",
                names.join(", ")
            ))
        })?),
        None => None,
    };
    let to = args.to.map(parse_hex).transpose()?;
    let mut rules = HexRules::new(s).map_err(|e| CliError::Usage(e.to_string()))?;
    let preview = rules
        .preview(unit, command)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let route = match to {
        Some(hex) => {
            if rules.board().index_of(hex).is_none() {
                return Err(CliError::Usage(format!(
                    "hex ({}, {}) is off the map",
                    hex.x, hex.y
                )));
            }
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
        let v = to_json(board, &preview, &kind, route.as_ref(), second.as_ref());
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&v).unwrap_or_default()
        )?;
    } else {
        write_text(board, &preview, &kind, route.as_ref(), second.as_ref(), out)?;
    }
    Ok(0)
}

type Route = (Hex, Option<Vec<Hex>>, Vec<ChargeCheckPoint>);

/// `X,Y` axial coordinates, as `info` prints them.
fn parse_hex(text: &str) -> Result<Hex, CliError> {
    let bad = || {
        CliError::Usage(format!(
            "'{text}' is not a hex: expected X,Y in axial coordinates, as `info` prints them"
        ))
    };
    let t = text.trim().trim_start_matches('(').trim_end_matches(')');
    let (x, y) = t.split_once(',').ok_or_else(bad)?;
    let x: i32 = x.trim().parse().map_err(|_| bad())?;
    let y: i32 = y.trim().parse().map_err(|_| bad())?;
    Ok(Hex::new(x, y))
}

/// A hex as JSON: axial `x`, `y`, plus on rectangular maps 0-based offset `col`, `row` and
/// the printed `CCRR` label (1-based, as `info` and the map show it).
pub(super) fn hex_json(board: &Board, h: Hex) -> Value {
    match board.offset_of(h) {
        Some([col, row]) => json!({
            "x": h.x, "y": h.y, "col": col, "row": row,
            "label": format!("{:02}{:02}", col + 1, row + 1),
        }),
        None => json!({ "x": h.x, "y": h.y }),
    }
}

/// A hex as text: the printed `CCRR` label and axial `(x, y)` on rectangular maps, as `info`
/// shows hexes; axial alone on hexagonal maps.
pub(super) fn hex_text(board: &Board, h: Hex) -> String {
    match board.offset_of(h) {
        Some([col, row]) => format!("{:02}{:02} ({}, {})", col + 1, row + 1, h.x, h.y),
        None => format!("({}, {})", h.x, h.y),
    }
}

/// "1 hex", "3 hexes".
pub(super) fn hexes(n: u32) -> String {
    if n == 1 {
        "1 hex".to_string()
    } else {
        format!("{n} hexes")
    }
}

fn path_text(path: &[Hex]) -> String {
    path.iter()
        .map(|h| format!("({}, {})", h.x, h.y))
        .collect::<Vec<_>>()
        .join(" → ")
}

fn unit_json(u: &UnitRef) -> Value {
    json!({ "id": u.id.0, "name": &*u.name })
}

pub(super) fn link_json(board: &Board, l: &ChainLink) -> Value {
    let _ = board;
    json!({
        "leader": unit_json(&l.leader),
        "command": l.command,
        "span": l.span,
        "distance": l.distance,
        "reaches": l.reaches,
    })
}

fn source_code(s: CommandSource) -> &'static str {
    match s {
        CommandSource::Traced => "traced",
        CommandSource::Override => "override",
        CommandSource::OutOfCommand => "out_of_command",
        CommandSource::Leader => "leader",
    }
}

fn constraint_json(c: &Constraint) -> Value {
    json!({ "code": c.code(), "text": c.to_string() })
}

fn effect_json(e: &Effect) -> Value {
    let value = match e {
        Effect::Melee(n) | Effect::MeleeDefending(n) | Effect::Morale(n) => json!(n),
        Effect::ExtraMp(n) => json!(n),
        _ => Value::Null,
    };
    json!({ "code": e.code(), "value": value, "text": e.to_string() })
}

fn notice_json(n: &Notice) -> Value {
    json!({ "code": n.code(), "text": n.to_string() })
}

fn check_json(board: &Board, c: &ChargeCheckPoint) -> Value {
    json!({
        "step": c.step,
        "hex": hex_json(board, c.hex),
        "kind": match c.kind {
            CheckKind::CommandCheck => "command_check",
            CheckKind::MayChargeNow => "may_charge_now",
        },
        "leader": c.leader.as_ref().map(unit_json),
        "cavalry": c.cavalry.iter().map(|(u, r)| json!({ "unit": unit_json(u), "range": r })).collect::<Vec<_>>(),
        "text": c.to_string(),
    })
}

fn to_json(
    board: &Board,
    p: &MovePreview,
    kind: &str,
    route: Option<&Route>,
    second: Option<&SecondCombat>,
) -> Value {
    let legal: Vec<Value> = p
        .legal()
        .map(|h| {
            json!({
                "hex": hex_json(board, h.hex),
                "cost": h.cost,
                "path": p.path(h.hex).unwrap_or_default().into_iter().map(|x| hex_json(board, x)).collect::<Vec<_>>(),
            })
        })
        .collect();
    let rejected: Vec<Value> = p
        .rejected()
        .map(|(h, r)| {
            json!({
                "hex": hex_json(board, h.hex),
                "cost": h.cost,
                "reason": r.code(),
                "text": r.to_string(),
            })
        })
        .collect();
    let route = route.map(|(hex, path, checks)| {
        json!({
            "to": hex_json(board, *hex),
            "legal": p.is_legal(*hex),
            "cost": p.get(*hex).map(|h| h.cost),
            "reason": p.reason(*hex).map(|r| r.code()),
            "text": p.reason(*hex).map(|r| r.to_string()),
            "path": path.as_ref().map(|v| v.iter().map(|x| hex_json(board, *x)).collect::<Vec<_>>()),
            "charge_checks": checks.iter().map(|c| check_json(board, c)).collect::<Vec<_>>(),
        })
    });
    let second = second.map(|sc| {
        json!({
            "from": hex_json(board, sc.from),
            "refused": sc.refused.as_ref().map(|r| r.to_string()),
            "hexes": sc.hexes.iter().map(|h| json!({
                "hex": hex_json(board, h.hex),
                "hexes": h.hexes,
                "path": h.path.iter().map(|x| hex_json(board, *x)).collect::<Vec<_>>(),
                "targets": h.targets.iter().map(unit_json).collect::<Vec<_>>(),
                "legal": h.reason.is_none(),
                "reason": h.reason.as_ref().map(|r| r.code()),
                "text": h.reason.as_ref().map(|r| r.to_string()),
            })).collect::<Vec<_>>(),
        })
    });
    let t = &p.command.tracing;
    json!({
        "unit": unit_json(&p.unit),
        "kind": kind,
        "start": hex_json(board, p.start),
        "mp": p.mp,
        "allowance": p.allowance,
        "command": {
            "source": source_code(p.command.source),
            "chit": p.command.chit,
            "moves_as": p.command.moves_as,
            "uses": t.leader().map(|l| unit_json(&l.leader)),
            "chain": t.chain.iter().map(|l| link_json(board, l)).collect::<Vec<_>>(),
        },
        "constraints": p.constraints.iter().map(constraint_json).collect::<Vec<_>>(),
        "effects": p.effects.iter().map(effect_json).collect::<Vec<_>>(),
        "notices": p.notices.iter().map(notice_json).collect::<Vec<_>>(),
        "dragoons": p.dragoons.as_ref().map(|d| json!({
            "mounted": d.mounted,
            "may_switch": d.may_switch.is_ok(),
            "text": d.to_string(),
        })),
        "legal": legal,
        "rejected": rejected,
        "route": route,
        "second_combat": second,
    })
}

fn write_text(
    board: &Board,
    p: &MovePreview,
    kind: &str,
    route: Option<&Route>,
    second: Option<&SecondCombat>,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    writeln!(
        out,
        "{} ({}), {kind} at {}, {} MP",
        p.unit,
        p.unit.id,
        hex_text(board, p.start),
        p.mp
    )?;
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
    let legal: Vec<_> = p.legal().collect();
    writeln!(out, "Legal destinations ({}):", legal.len())?;
    for h in legal {
        let path = p.path(h.hex).unwrap_or_default();
        writeln!(
            out,
            "  {}  {} MP  {}",
            hex_text(board, h.hex),
            h.cost,
            path_text(&path)
        )?;
    }
    let rejected: Vec<_> = p.rejected().collect();
    writeln!(out, "Rejected ({}):", rejected.len())?;
    for (h, r) in rejected {
        writeln!(out, "  {}  {} MP  {r}", hex_text(board, h.hex), h.cost)?;
    }
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
