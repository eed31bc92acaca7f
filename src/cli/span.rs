//! `sandtable span` (R5): a leader's command span as hexes, the units of his force and whose
//! command each uses, the Muster trigger and the commands he may change to. The JSON shape is
//! documented in `docs/cli.md`.

use super::CliError;
use super::moves_hex::{hex_json, hex_text, hexes, link_json};
use crate::model::{Scenario, UnitId};
use crate::rules::hex_commands::{HexRules, SpanPreview, UnitRef};
use serde_json::{Value, json};
use std::io::Write;

pub fn run(s: &Scenario, leader: UnitId, json: bool, out: &mut dyn Write) -> Result<u8, CliError> {
    let rules = HexRules::new(s).map_err(|e| CliError::Usage(e.to_string()))?;
    let span = rules
        .span(leader)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    if json {
        let v = to_json(&rules, &span);
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&v).unwrap_or_default()
        )?;
    } else {
        write_text(&rules, &span, out)?;
    }
    Ok(0)
}

fn unit_json(u: &UnitRef) -> Value {
    json!({ "id": u.id.0, "name": &*u.name })
}

fn to_json(rules: &HexRules, sp: &SpanPreview) -> Value {
    let board = rules.board();
    json!({
        "leader": unit_json(&sp.leader),
        "at": sp.at.map(|h| hex_json(board, h)),
        "command": sp.command,
        "span": sp.span,
        "effective_span": sp.effective_span,
        "superiors": sp.superiors.chain.iter().map(|l| link_json(board, l)).collect::<Vec<_>>(),
        "traces_to": sp.superiors.leader().map(|l| unit_json(&l.leader)),
        "hexes": sp.hexes.iter().map(|h| hex_json(board, *h)).collect::<Vec<_>>(),
        "force": sp.force.iter().map(|u| json!({
            "unit": unit_json(&u.unit),
            "leader": u.leader,
            "distance": u.distance,
            "in_span": u.in_span,
            "uses": u.uses.as_ref().map(unit_json),
        })).collect::<Vec<_>>(),
        "in_command": sp.in_command().map(|u| u.unit.id.0).collect::<Vec<_>>(),
        "muster": {
            "routed_or_destroyed": sp.muster.routed_or_destroyed.iter().map(unit_json).collect::<Vec<_>>(),
            "met": sp.muster.met,
        },
        "changes": sp.changes.iter().map(|(c, r)| json!({
            "command": c,
            "allowed": r.is_ok(),
            "reason": r.as_ref().err().map(|e| e.to_string()),
        })).collect::<Vec<_>>(),
    })
}

fn write_text(rules: &HexRules, sp: &SpanPreview, out: &mut dyn Write) -> std::io::Result<()> {
    let board = rules.board();
    let at = sp
        .at
        .map_or("off the map".to_string(), |h| hex_text(board, h));
    let bonus = if sp.effective_span != u16::from(sp.span) {
        format!(" ({} with Muster's +1)", sp.effective_span)
    } else {
        String::new()
    };
    writeln!(
        out,
        "{} ({}) at {at}: {}, span {} hexes{bonus}",
        sp.leader, sp.leader.id, sp.command, sp.span
    )?;
    if sp.superiors.chain.is_empty() {
        writeln!(out, "  top of the chain of command")?;
    }
    for l in &sp.superiors.chain {
        let dist = l.distance.map_or("off the map".to_string(), hexes);
        writeln!(
            out,
            "  {} {} ({}, span {})",
            if l.reaches {
                "within the span of"
            } else {
                "out of the span of"
            },
            l.leader,
            dist,
            l.span
        )?;
    }
    writeln!(out, "Span: {} hexes", sp.hexes.len())?;
    let line: Vec<String> = sp
        .hexes
        .iter()
        .map(|h| format!("({}, {})", h.x, h.y))
        .collect();
    for chunk in line.chunks(10) {
        writeln!(out, "  {}", chunk.join(" "))?;
    }
    writeln!(out, "Force ({} units):", sp.force.len())?;
    for u in &sp.force {
        let dist = u.distance.map_or("off the map".to_string(), hexes);
        let uses = match &u.uses {
            Some(l) if l.id == sp.leader.id => "in command, uses this chit".to_string(),
            Some(l) => format!("uses the chit of {l}"),
            None => "out of command".to_string(),
        };
        writeln!(
            out,
            "  {} ({}){}  {dist}, {}  {uses}",
            u.unit,
            u.unit.id,
            if u.leader { " [leader]" } else { "" },
            if u.in_span { "in span" } else { "out of span" },
        )?;
    }
    writeln!(out, "In command: {} units", sp.in_command().count())?;
    let lost: Vec<String> = sp
        .muster
        .routed_or_destroyed
        .iter()
        .map(|u| u.to_string())
        .collect();
    writeln!(
        out,
        "Muster trigger: {} routed or destroyed{}: {}",
        lost.len(),
        if lost.is_empty() {
            String::new()
        } else {
            format!(" ({})", lost.join(", "))
        },
        if sp.muster.met { "met" } else { "not met" }
    )?;
    let may: Vec<&str> = sp
        .changes
        .iter()
        .filter(|(_, r)| r.is_ok())
        .map(|(c, _)| c.name())
        .collect();
    writeln!(out, "May change to: {}", may.join(", "))?;
    for (c, r) in &sp.changes {
        if let Err(why) = r {
            writeln!(out, "  not {c}: {why}")?;
        }
    }
    Ok(())
}
