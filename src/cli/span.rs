//! `sandtable span` (R5): a leader's command span as hexes, the units of his force and whose
//! command each uses, the Muster trigger and the commands he may change to. The JSON shape is
//! documented in `docs/cli.md`.

use super::error::CliError;
use super::hex_text::{hex_text, hexes};
use super::json;
use crate::model::{Scenario, UnitId};
use crate::rules::hex_commands::{HexRules, SpanPreview, serial};
use serde::Serialize;
use std::io::Write;

/// `span --json`: the engine's span, and the IDs of the units that use this leader's command.
#[derive(Serialize)]
struct Report<'a> {
    #[serde(flatten)]
    span: &'a SpanPreview,
    in_command: Vec<u32>,
}

pub fn run(s: &Scenario, leader: UnitId, json: bool, out: &mut dyn Write) -> Result<u8, CliError> {
    let rules = HexRules::new(s).map_err(|e| CliError::Usage(e.to_string()))?;
    let span = rules
        .span(leader)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    if json {
        let report = Report {
            span: &span,
            in_command: span.in_command().map(|u| u.unit.id.0).collect(),
        };
        let grid = rules.board().offset_labels();
        let value = serial::with_grid(grid, || serde_json::to_value(&report))?;
        json::write(&value, out)?;
    } else {
        write_text(&rules, &span, out)?;
    }
    Ok(0)
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
