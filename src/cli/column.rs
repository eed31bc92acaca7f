//! `sandtable column` (R1): a column's move (or Stand To, or the move a failed order forces),
//! every unit's end position, entries, exits, a break with its pin tests, warnings, and the
//! combat modifiers against units in column. On a broken column: the unit that may try to come
//! on at the entry point. The JSON shape is documented in `docs/cli.md`.

use super::error::CliError;
use super::json;
use super::parse::parse_route;
use crate::geom::Point;
use crate::model::{Column, ColumnId, ColumnState, Scenario, UnitId};
use crate::rules::column::{
    self, Activation, ColumnPreview, EntryPreview, Movement, Order, UnitEnd, VoluntaryBreak,
};
use serde::Serialize;
use std::io::Write;

/// The options of `column`.
pub struct Args<'a> {
    /// How far the lead moves (an order), or the unit coming on after a break (default its Mv).
    pub distance: Option<f32>,
    pub route: Option<&'a str>,
    pub failed_order: bool,
    /// A formed column: the unit given an order before the column activates (R1 voluntary
    /// break).
    pub voluntary_break: Option<UnitId>,
    /// A broken column: the unit still off table that tries to come on (default the first).
    pub enter: Option<UnitId>,
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
    /// The unit that tries to come on this turn (`--enter`, else the first waiting).
    entry: Option<&'a EntryPreview>,
    /// Every unit still off table, in march order, each as it would come on: the player picks
    /// which one tries.
    entries: &'a [EntryPreview],
}

/// What passing the voluntary break's order does.
#[derive(Serialize)]
struct OnPass {
    state: ColumnState,
    pin_tests: Vec<column::PinTest>,
    text: &'static str,
}

#[derive(Serialize)]
struct VoluntaryJson<'a> {
    state: ColumnState,
    voluntary_break: &'a VoluntaryBreak,
    on_pass: OnPass,
}

/// What passing the order of a voluntary break does, in the words of 000.
const ON_PASS: &str = "the column is broken, with no pin tests: its units act on their own from \
                       now on and never re-form, and one unit still off table may try to come \
                       on at the entry point each later turn";

pub fn run(s: &Scenario, id: ColumnId, args: Args, out: &mut dyn Write) -> Result<u8, CliError> {
    let col = s
        .column(id)
        .ok_or_else(|| CliError::Usage(format!("there is no column {id}")))?;
    let usage = |e: column::ColumnError| CliError::Usage(e.to_string());
    if col.state == ColumnState::Broken {
        return run_broken(s, col, &args, out);
    }
    if args.enter.is_some() {
        return Err(CliError::Usage(format!(
            "'{}' is formed: its units come on as the column moves; --enter is for a broken \
             column",
            col.name
        )));
    }
    if let Some(unit) = args.voluntary_break {
        let vb = column::voluntary_break(s, id, unit).map_err(usage)?;
        if args.json {
            let report = VoluntaryJson {
                state: col.state,
                voluntary_break: &vb,
                on_pass: OnPass {
                    state: ColumnState::Broken,
                    pin_tests: vb.pin_tests.clone(),
                    text: ON_PASS,
                },
            };
            json::write(&report, out)?;
        } else {
            write_voluntary(s, &vb, &args, out)?;
        }
        return Ok(0);
    }
    let activation = if args.failed_order {
        Activation::Failed
    } else {
        let distance = args.distance.ok_or_else(|| {
            CliError::Usage(
                "--distance is needed: how far the lead moves, in inches (0 without a route is \
                 Stand To); or use --failed-order or --voluntary-break UNIT"
                    .into(),
            )
        })?;
        if distance == 0.0 && args.route.is_none() {
            Activation::Ordered(Order::StandTo)
        } else {
            Activation::Ordered(Order::Move {
                distance_in: distance,
                route: args.route.map(parse_route).transpose()?,
            })
        }
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

/// A broken column: the unit that tries to come on (`--enter`, else the first waiting), and
/// every unit waiting, each as it would come on.
fn run_broken(
    s: &Scenario,
    col: &Column,
    args: &Args,
    out: &mut dyn Write,
) -> Result<u8, CliError> {
    let usage = |e: column::ColumnError| CliError::Usage(e.to_string());
    if args.voluntary_break.is_some() {
        return Err(usage(column::ColumnError::Broken(col.name.clone())));
    }
    let entry = match column::entry(s, col.id, args.enter, args.distance) {
        Ok(e) => Some(e),
        Err(column::ColumnError::NothingToEnter(_)) if args.enter.is_none() => None,
        Err(e) => return Err(usage(e)),
    };
    // Every waiting unit as it would come on, at its own full Mv unless a distance is given
    // and within its Mv.
    let entries: Vec<EntryPreview> = match &entry {
        Some(e) => e
            .candidates
            .iter()
            .map(|c| {
                if c.unit == e.unit {
                    return Ok(e.clone());
                }
                column::entry(s, col.id, Some(c.unit), args.distance)
                    .or_else(|_| column::entry(s, col.id, Some(c.unit), None))
            })
            .collect::<Result<_, _>>()
            .map_err(usage)?,
        None => Vec::new(),
    };
    let text = format!(
        "'{}' is broken and never re-forms: its units act on their own. One unit still off \
         table may try to activate each turn and come on at the entry point; the player picks \
         which.",
        col.name
    );
    if args.json {
        let report = BrokenJson {
            column: col.id,
            name: &col.name,
            state: col.state,
            text,
            entry: entry.as_ref(),
            entries: &entries,
        };
        json::write(&report, out)?;
    } else {
        writeln!(out, "{text}")?;
        match &entry {
            Some(e) => {
                write_candidates(&entries, e.unit, out)?;
                write_entry(e, out)?;
            }
            None => writeln!(out, "No unit is waiting off table.")?,
        }
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
            if args.distance.is_some_and(|d| d != pv.allowance_in) {
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

/// Every unit waiting off table: its test and how its entry would go; `chosen` tries.
fn write_candidates(
    entries: &[EntryPreview],
    chosen: UnitId,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    writeln!(
        out,
        "Waiting off table (any one may be the one that tries; --enter UNIT picks it):"
    )?;
    for e in entries {
        let how = if e.legal {
            format!(
                "would come on to front {} facing {:.1}°",
                pt(e.front),
                e.facing_deg
            )
        } else {
            let why: Vec<String> = e.illegal.iter().map(ToString::to_string).collect();
            format!("could not come on: {}", why.join("; "))
        };
        writeln!(
            out,
            "  {}'{}' (#{}): needs {}+ on 2D6, {}; {how}",
            if e.unit == chosen { "* " } else { "" },
            e.name,
            e.unit.0,
            e.test.discipline,
            e.test.p_pass.percent_text()
        )?;
    }
    Ok(())
}

fn write_entry(e: &EntryPreview, out: &mut dyn Write) -> std::io::Result<()> {
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
    writeln!(out, "  failing, it stays off table this turn")?;
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

/// A voluntary break: the order to one unit, its odds, and both outcomes (the failed one as
/// the full move it forces).
fn write_voluntary(
    s: &Scenario,
    vb: &VoluntaryBreak,
    args: &Args,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    writeln!(
        out,
        "Voluntary break of '{}': an order to '{}' (#{}) before the column activates.",
        vb.column_name, vb.name, vb.unit.0
    )?;
    writeln!(out, "  order test: {}", vb.test)?;
    writeln!(
        out,
        "  passes ({}, {}): {ON_PASS}.",
        vb.test.p_pass,
        vb.test.p_pass.percent_text()
    )?;
    writeln!(
        out,
        "  fails ({}, {}): the formation holds and the column repeats its last successful \
         action, as follows.",
        vb.test.p_fail,
        vb.test.p_fail.percent_text()
    )?;
    write_text(s, &vb.on_fail, args, out)
}
