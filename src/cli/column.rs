//! `sandtable column` (R1): a column's move (or Stand To, or the move a failed order forces),
//! every unit's end position, entries, exits, a break with its pin tests, warnings, and the
//! combat modifiers against units in column. On a broken column: the unit that may try to come
//! on at the entry point. The JSON shape is documented in `docs/cli.md`.

use super::error::CliError;
use super::json;
use super::parse::parse_route;
use crate::geom::Point;
use crate::model::{ColumnId, ColumnState, Scenario};
use crate::rules::column::{
    self, Activation, ColumnPreview, EntryPreview, Movement, Order, UnitEnd,
};
use serde::Serialize;
use std::io::Write;

/// The options of `column`.
pub struct Args<'a> {
    pub distance: f32,
    pub route: Option<&'a str>,
    pub failed_order: bool,
    pub json: bool,
}

#[derive(Serialize)]
struct FormedJson<'a> {
    state: ColumnState,
    #[serde(flatten)]
    preview: &'a ColumnPreview,
}

#[derive(Serialize)]
struct BrokenJson<'a> {
    column: ColumnId,
    name: &'a str,
    state: ColumnState,
    text: String,
    entry: Option<&'a EntryPreview>,
}

pub fn run(s: &Scenario, id: ColumnId, args: Args, out: &mut dyn Write) -> Result<u8, CliError> {
    let col = s
        .column(id)
        .ok_or_else(|| CliError::Usage(format!("there is no column {id}")))?;
    let usage = |e: column::ColumnError| CliError::Usage(e.to_string());
    if col.state == ColumnState::Broken {
        let entry = match column::entry(s, id, None, Some(args.distance)) {
            Ok(e) => Some(e),
            Err(column::ColumnError::NothingToEnter(_)) => None,
            Err(e) => return Err(usage(e)),
        };
        let text = format!(
            "'{}' is broken and never re-forms: its units act on their own. One unit still off \
             table may try to activate each turn and come on at the entry point.",
            col.name
        );
        if args.json {
            let report = BrokenJson {
                column: id,
                name: &col.name,
                state: col.state,
                text,
                entry: entry.as_ref(),
            };
            json::write(&report, out)?;
        } else {
            writeln!(out, "{text}")?;
            match &entry {
                Some(e) => write_entry(e, out)?,
                None => writeln!(out, "No unit is waiting off table.")?,
            }
        }
        return Ok(0);
    }
    let activation = if args.failed_order {
        Activation::Failed
    } else if args.distance == 0.0 && args.route.is_none() {
        Activation::Ordered(Order::StandTo)
    } else {
        Activation::Ordered(Order::Move {
            distance_in: args.distance,
            route: args.route.map(parse_route).transpose()?,
        })
    };
    let pv = column::preview(s, id, activation).map_err(usage)?;
    if args.json {
        let report = FormedJson {
            state: col.state,
            preview: &pv,
        };
        json::write(&report, out)?;
    } else {
        write_text(s, &pv, &args, out)?;
    }
    Ok(0)
}

fn pt(p: Point) -> String {
    format!("({:.2}, {:.2})", p.x, p.y)
}

fn names(pv: &ColumnPreview, ids: &[crate::model::UnitId]) -> String {
    if ids.is_empty() {
        return "none".into();
    }
    ids.iter()
        .map(|id| format!("'{}'", pv.unit_name(*id)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn write_text(
    s: &Scenario,
    pv: &ColumnPreview,
    args: &Args,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let side = s.side(pv.side).map_or("?", |x| x.name.as_str());
    writeln!(
        out,
        "Column #{} {} ({side}): formed; lead '{}' (#{}), Mv {}\"",
        pv.column.0, pv.name, pv.order_test.name, pv.lead.0, pv.allowance_in
    )?;
    let last = pv.last_action.unwrap_or("none (moving on at the start)");
    match (pv.failed_order, pv.movement) {
        (_, Movement::Break) => writeln!(
            out,
            "The column cannot act: a break condition holds, so it breaks first."
        )?,
        (true, Movement::StandTo) => writeln!(
            out,
            "Failed order: the column repeats its last successful action ({last}): it stands to."
        )?,
        (true, _) => {
            writeln!(
                out,
                "Failed order: the column repeats its last successful action ({last}): the lead \
                 moves its full allowance, {}.",
                pv.route_kind
            )?;
            if args.distance != pv.allowance_in {
                writeln!(
                    out,
                    "  (--distance is not used: a failed order moves the full allowance)"
                )?;
            }
        }
        (false, Movement::StandTo) => writeln!(out, "Order: Stand To (nobody moves).")?,
        (false, Movement::Move) => writeln!(
            out,
            "Order: Move {:.2}\", {}.",
            pv.distance_in, pv.route_kind
        )?,
    }
    if pv.movement != Movement::Break {
        writeln!(out, "  order test: {}", pv.order_test)?;
    }
    if !pv.failed_order && pv.movement != Movement::Break {
        writeln!(
            out,
            "  if it fails, the column repeats its last successful action ({last}): see --failed-order"
        )?;
    }
    if pv.movement == Movement::Move {
        let route: Vec<String> = pv.route.iter().map(|p| pt(*p)).collect();
        writeln!(
            out,
            "Route of the lead ({:.2}\"): {}",
            pv.moved_in,
            route.join(" -> ")
        )?;
    }
    writeln!(out, "Units, in order of march:")?;
    for u in &pv.units {
        let whereto = match (u.from, u.to) {
            (UnitEnd::OffTable, UnitEnd::Table) => format!(
                "comes on at the entry point, front {} facing {:.1}°",
                pt(u.front),
                u.facing_deg
            ),
            (UnitEnd::OffTable, _) if u.along_route_in >= 0.0 => format!(
                "still off table: its front is {:.2}\" past the entry point, not yet room for all of it",
                u.along_route_in
            ),
            (UnitEnd::OffTable, _) => format!(
                "still off table, {:.2}\" behind the entry point",
                -u.along_route_in
            ),
            (_, UnitEnd::Exited) => "marches off the table: exited".to_string(),
            _ if u.moved_in > 0.0 => format!(
                "moves {:.2}\" to front {} facing {:.1}°",
                u.moved_in,
                pt(u.front),
                u.facing_deg
            ),
            _ => format!("stays, front {} facing {:.1}°", pt(u.front), u.facing_deg),
        };
        writeln!(
            out,
            "  {}. '{}' (#{}), {} wide: {whereto}",
            u.place, u.name, u.unit.0, u.width_figures
        )?;
    }
    writeln!(out, "Entering: {}", names(pv, &pv.entering))?;
    writeln!(out, "Exiting: {}", names(pv, &pv.exiting))?;
    match &pv.column_break {
        Some(b) => writeln!(out, "Break: {b}")?,
        None => writeln!(out, "Break: none")?,
    }
    if !pv.warnings.is_empty() {
        writeln!(out, "Warnings:")?;
        for w in &pv.warnings {
            writeln!(out, "  - {w}")?;
        }
    }
    if pv.movement == Movement::Break {
        // Nothing moves: committing records the break.
    } else if pv.legal {
        writeln!(out, "Legal: yes")?;
    } else {
        writeln!(out, "Legal: no, the move may not be made:")?;
        for i in &pv.illegal {
            writeln!(out, "  - {i}")?;
        }
    }
    if !pv.combat.is_empty() {
        let each: Vec<String> = pv
            .combat
            .iter()
            .map(|c| format!("'{}' {} of {}", c.name, c.melee_figures, c.figures))
            .collect();
        writeln!(
            out,
            "Against units in column: ranged fire +1 firing value; attacked in melee a unit fights \
             with half its figures ({}), and the column breaks (pin tests for the others).",
            each.join(", ")
        )?;
    }
    let start: Vec<String> = pv
        .start
        .iter()
        .map(|o| {
            let who = names(pv, &o.on_table);
            match o.roll {
                Some(r) => format!("roll {r}: {who} ({})", o.p),
                None => format!("{who} ({})", o.p),
            }
        })
        .collect();
    writeln!(out, "On table at the start: {}", start.join("; "))?;
    Ok(())
}

fn write_entry(e: &EntryPreview, out: &mut dyn Write) -> std::io::Result<()> {
    let candidates: Vec<String> = e
        .candidates
        .iter()
        .map(|c| {
            format!(
                "'{}' (needs {}+, {})",
                c.name,
                c.discipline,
                c.p_pass.percent_text()
            )
        })
        .collect();
    writeln!(out, "Waiting off table: {}", candidates.join(", "))?;
    writeln!(
        out,
        "'{}' (#{}) tries to come on: {}",
        e.name, e.unit.0, e.test
    )?;
    writeln!(
        out,
        "  passing, it comes on at the entry point {} and moves {:.2}\": front {} facing {:.1}°",
        pt(e.entry),
        e.distance_in,
        pt(e.front),
        e.facing_deg
    )?;
    if e.legal {
        writeln!(out, "Legal: yes")?;
    } else {
        writeln!(out, "Legal: no:")?;
        for i in &e.illegal {
            writeln!(out, "  - {i}")?;
        }
    }
    Ok(())
}
