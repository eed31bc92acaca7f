//! `sandtable moves` on a columns-of-march scenario (R1).
//!
//! A unit in a formed column does not move on its own: the report says so, gives the column's
//! order test and the modifiers against it while in column, and points at `sandtable column`.
//! Any other unit on the table moves freely: its reach under its Mv (around impassable terrain
//! and the units of formed columns, 2" clear of enemy models), and with `--to` the shortest
//! legal path there, round a column rather than through it. The JSON shape is documented in
//! `docs/cli.md`.

use super::error::CliError;
use super::json;
use super::moves_args::TableArgs as Args;
use super::parse::parse_point;
use crate::geom::Point;
use crate::model::{ColumnId, ColumnState, Position, Scenario, Unit, UnitId};
use crate::rules::column::{self, AloneRefusal, ColumnCombat, DisciplineTest, serial};
use crate::rules::reach::Unreachable;
use serde::Serialize;
use std::io::Write;

#[derive(Serialize)]
struct Report<'a> {
    unit: UnitId,
    name: &'a str,
    ruleset: &'static str,
    /// Where the unit is: "table", "off_table", "exited".
    position: &'static str,
    column: Option<InColumn>,
    reach: Option<Reach>,
    to: Option<To>,
    notes: Vec<String>,
}

#[derive(Serialize)]
struct InColumn {
    column: ColumnId,
    name: String,
    state: ColumnState,
    /// Place in the order of march (1 = first).
    place: usize,
    of: usize,
    lead: bool,
    /// In a formed column the unit moves only with its column.
    moves_with_column: bool,
    order_test: Option<DisciplineTest>,
    #[serde(serialize_with = "serial::opt_texted")]
    combat: Option<ColumnCombat>,
    command: String,
}

#[derive(Serialize)]
struct Reach {
    model: u32,
    #[serde(serialize_with = "serial::point")]
    from: Point,
    #[serde(serialize_with = "serial::inches")]
    allowance_in: f32,
    #[serde(serialize_with = "serial::inches")]
    area_sq_in: f32,
    #[serde(serialize_with = "serial::polylines")]
    outline: Vec<Vec<Point>>,
}

#[derive(Serialize)]
struct To {
    #[serde(serialize_with = "serial::point")]
    point: Point,
    legal: bool,
    #[serde(serialize_with = "serial::points")]
    path: Vec<Point>,
    length_in: Option<f64>,
    reason: Option<Reason>,
}

#[derive(Serialize)]
struct Reason {
    kind: &'static str,
    text: String,
}

fn position_key(u: &Unit) -> &'static str {
    match u.position {
        Position::Table => "table",
        Position::Exited => "exited",
        Position::OffMap | Position::Hex { .. } => "off_table",
    }
}

/// The JSON key of why a destination cannot be reached.
fn reason_kind(e: AloneRefusal) -> &'static str {
    match e {
        AloneRefusal::Overlaps(_) => "overlaps",
        AloneRefusal::Unreachable(Unreachable::Blocked(_)) => "blocked",
        AloneRefusal::Unreachable(Unreachable::Enclosed) => "enclosed",
        AloneRefusal::Unreachable(Unreachable::TooFar { .. }) => "too_far",
    }
}

pub fn run(s: &Scenario, unit: UnitId, args: Args, out: &mut dyn Write) -> Result<u8, CliError> {
    if args.action.is_some() || args.move_type.is_some() {
        return Err(CliError::Usage(
            "this scenario marches in columns (R1): it has no --action (R3) or --move-type (R2)"
                .into(),
        ));
    }
    let u = s
        .unit(unit)
        .ok_or_else(|| CliError::Usage(format!("there is no unit {unit}")))?;
    let to = args.to.map(parse_point).transpose()?;
    let mut report = Report {
        unit: u.id,
        name: &u.name,
        ruleset: "ColumnOfMarch",
        position: position_key(u),
        column: None,
        reach: None,
        to: None,
        notes: Vec::new(),
    };
    if let Some(col) = s.column_of(u.id) {
        let place = col
            .members
            .iter()
            .position(|m| m.unit == u.id)
            .map_or(0, |i| i + 1);
        let formed = col.state == ColumnState::Formed;
        let order_test = if formed {
            column::preview(
                s,
                col.id,
                column::Activation::Ordered(column::Order::StandTo),
            )
            .ok()
            .map(|pv| pv.order_test)
        } else {
            None
        };
        let lead = order_test.as_ref().is_some_and(|t| t.unit == u.id);
        let command = if formed {
            format!(
                "sandtable column FILE --column {} --distance D [--route X,Y;X,Y...] [--failed-order]",
                col.id.0
            )
        } else {
            format!(
                "sandtable column FILE --column {} --distance D (one off-table unit per turn may try to come on)",
                col.id.0
            )
        };
        let waiting = u.position == Position::OffMap;
        report.column = Some(InColumn {
            column: col.id,
            name: col.name.clone(),
            state: col.state,
            place,
            of: col.members.len(),
            lead,
            moves_with_column: formed,
            order_test,
            combat: column::attack_on(s, u.id),
            command,
        });
        if formed || waiting {
            if to.is_some() {
                report.notes.push(if formed {
                    "--to is not used: a unit in a formed column moves only with its column".into()
                } else {
                    "--to is not used: a unit off table comes on only at the column's entry point"
                        .into()
                });
            }
            return finish(&report, args.json, out);
        }
    }
    let mv = match column::alone(s, u) {
        Ok(mv) => mv,
        Err(why) => {
            report
                .notes
                .push(format!("'{}' cannot move on its own: {why}", u.name));
            return finish(&report, args.json, out);
        }
    };
    let region = mv.region();
    report.reach = Some(Reach {
        model: mv.model.0,
        from: mv.from,
        allowance_in: mv.allowance_in,
        area_sq_in: region.area(),
        outline: region.outline(),
    });
    if let Some(goal) = to {
        report.to = Some(match mv.path_to(goal) {
            Ok(path) => To {
                point: goal,
                legal: true,
                length_in: Some(round(path.length)),
                path: path.points,
                reason: None,
            },
            Err(e) => To {
                point: goal,
                legal: false,
                path: Vec::new(),
                length_in: match e {
                    AloneRefusal::Unreachable(Unreachable::TooFar { length }) => {
                        Some(round(length))
                    }
                    _ => None,
                },
                reason: Some(Reason {
                    kind: reason_kind(e),
                    text: mv.unreachable_text(s, e),
                }),
            },
        });
    }
    if s.columns.iter().any(|c| c.state == ColumnState::Formed) {
        report.notes.push(
            "no unit may pass through a formed column: paths and reach go round its units".into(),
        );
    }
    finish(&report, args.json, out)
}

fn round(v: f32) -> f64 {
    (v as f64 * 1000.0).round() / 1000.0
}

fn finish(r: &Report, json: bool, out: &mut dyn Write) -> Result<u8, CliError> {
    if json {
        json::write(r, out)?;
    } else {
        write_text(r, out)?;
    }
    Ok(0)
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn write_text(r: &Report, out: &mut dyn Write) -> std::io::Result<()> {
    match &r.column {
        Some(c) if c.moves_with_column => {
            writeln!(
                out,
                "'{}' (#{}) marches in '{}' (#{}), {} of {}{}: it moves with its column, not on its own.",
                r.name,
                r.unit.0,
                c.name,
                c.column.0,
                ordinal(c.place),
                c.of,
                if c.lead { " (the lead)" } else { "" }
            )?;
            if r.position == "off_table" {
                writeln!(
                    out,
                    "  it waits off table and comes on at the entry point as the column moves"
                )?;
            }
            if let Some(t) = &c.order_test {
                writeln!(out, "  column order test: {t}")?;
            }
            if let Some(k) = &c.combat {
                writeln!(out, "  attacked while in column: {k}")?;
            }
            writeln!(out, "  preview the column's move: {}", c.command)?;
        }
        Some(c) => {
            writeln!(
                out,
                "'{}' (#{}) was {} of {} in '{}' (#{}), which is broken: it acts on its own.",
                r.name,
                r.unit.0,
                ordinal(c.place),
                c.of,
                c.name,
                c.column.0
            )?;
            if r.position == "off_table" {
                writeln!(out, "  it waits off table: {}", c.command)?;
            }
        }
        None => {}
    }
    if let Some(reach) = &r.reach {
        writeln!(
            out,
            "'{}' (#{}) moves on its own: up to {}\" from ({:.2}, {:.2}), around impassable \
             terrain and 2\" clear of enemy models.",
            r.name, r.unit.0, reach.allowance_in, reach.from.x, reach.from.y
        )?;
        writeln!(
            out,
            "  reach: {:.1} square inches, {} outline(s)",
            reach.area_sq_in,
            reach.outline.len()
        )?;
    }
    if let Some(t) = &r.to {
        writeln!(out, "  to ({:.2}, {:.2}):", t.point.x, t.point.y)?;
        if let Some(len) = t.length_in {
            writeln!(out, "    shortest legal route {len:.2}\"")?;
        }
        if !t.path.is_empty() {
            let p: Vec<String> = t
                .path
                .iter()
                .map(|p| format!("({:.2}, {:.2})", p.x, p.y))
                .collect();
            writeln!(out, "    path: {}", p.join(" -> "))?;
        }
        match &t.reason {
            None => writeln!(out, "    legal: yes")?,
            Some(why) => writeln!(out, "    legal: no: {}", why.text)?,
        }
    }
    for n in &r.notes {
        writeln!(out, "  note: {n}")?;
    }
    Ok(())
}
