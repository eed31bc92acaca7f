//! `sandtable moves` on an R3 (orders) scenario: the preview of one unit under one action, as
//! text or as JSON (shape documented in `docs/cli.md`).

use super::error::CliError;
use super::json;
use super::moves_args::TableArgs as Args;
use super::parse::parse_point;
use crate::geom::Point;
use crate::model::{Scenario, UnitId};
use crate::rules::orders::{
    self, Area, DestinationCheck, ModelMode, ModelPreview, OrderRequest, OrdersPreview, TerrainCap,
};
use std::io::Write;

pub fn run(s: &Scenario, unit: UnitId, args: Args, out: &mut dyn Write) -> Result<u8, CliError> {
    if args.move_type.is_some() {
        return Err(CliError::Usage(
            "--move-type is for M42 (R2) scenarios; this one uses R3 orders: give --action \
             (open-fire, advance, rally, at-the-double, go-to-ground, fall-back)"
                .into(),
        ));
    }
    let u = s
        .unit(unit)
        .ok_or_else(|| CliError::Usage(format!("there is no unit {unit}")))?;
    let (action, chosen) = match args.action {
        Some(a) => (a, true),
        None => (orders::default_action(u), false),
    };
    let mut req = OrderRequest::new(unit, action);
    if let Some(text) = args.to {
        req = req.to(parse_point(text)?);
    }
    let pv = orders::preview(s, req).map_err(|e| CliError::Usage(e.to_string()))?;
    if args.json {
        json::write(&pv, out)?;
    } else {
        write_text(&pv, chosen, out)?;
    }
    Ok(0)
}

fn pt(p: Point) -> String {
    format!("({:.2}, {:.2})", p.x, p.y)
}

fn inches(v: f32) -> String {
    if (v - v.round()).abs() < 0.05 {
        format!("{:.0}\"", v.round())
    } else {
        format!("{v:.2}\"")
    }
}

fn area(a: &Option<Area>) -> String {
    match a {
        Some(a) if a.is_empty() => "nowhere".to_string(),
        Some(a) => format!("{:.0} sq in", a.area_sq_in),
        None => "-".to_string(),
    }
}

fn cap_text(c: &TerrainCap) -> String {
    let mut t = format!(
        "up to {} clear of terrain, {} if it starts in, ends in or crosses area terrain or an \
         obstacle",
        inches(c.allowance_in),
        inches(c.cap_in)
    );
    if let Some(p) = &c.starts_in {
        t = format!("starts in {}: capped at {}", p.name, inches(c.cap_in));
    }
    if let Some(h) = &c.bare_hill {
        t.push_str(&format!(
            " (it starts on the bare hill {}, which does not count)",
            h.name
        ));
    }
    t
}

/// The cap in a few words, when something about the model's start changes it.
fn cap_note(c: &TerrainCap) -> Option<String> {
    match (&c.starts_in, &c.bare_hill) {
        (Some(p), _) => Some(format!(
            "starts in {}: capped at {}",
            p.name,
            inches(c.cap_in)
        )),
        (None, Some(h)) => Some(format!(
            "starts on the bare hill {}: may leave it at full speed",
            h.name
        )),
        (None, None) => None,
    }
}

fn model_line(m: &ModelPreview) -> String {
    let head = format!(
        "{} at {}, {} from the leader: ",
        m.model,
        pt(m.from),
        inches(m.from_leader_in)
    );
    let body = match m.mode {
        ModelMode::Stays => "stays".to_string(),
        ModelMode::Leads => format!("leads, region {}", area(&m.region)),
        ModelMode::Placed => format!(
            "placed anywhere within {} of the leader's end ({})",
            inches(m.allowance_in),
            area(&m.region)
        ),
        ModelMode::Disorderly => {
            let mut t = format!(
                "disorderly, up to {}, ending within 2\" of another model ({})",
                inches(m.allowance_in),
                area(&m.region)
            );
            if let Some(note) = m.cap.as_ref().and_then(cap_note) {
                t.push_str(&format!("; {note}"));
            }
            t
        }
        ModelMode::OutOfCommand => {
            let why = m
                .out_of_command
                .as_ref()
                .map_or_else(|| "out of command".to_string(), |w| w.text.clone());
            format!("{why} ({})", area(&m.region))
        }
        ModelMode::FallsBack => {
            let mut t = format!("falls back up to {}", inches(m.allowance_in));
            if m.away.is_some() {
                t.push_str(&format!(
                    ": toward the enemy {}, away {}",
                    area(&m.region),
                    area(&m.away)
                ));
            } else if m.region.is_some() {
                t.push_str(&format!(" into concealment ({})", area(&m.region)));
            }
            if let (Some(e), Some(p)) = (m.end, &m.path) {
                t.push_str(&format!(
                    ", ends at {} after {}",
                    pt(e),
                    inches(p.length_in)
                ));
            }
            t
        }
    };
    head + &body
}

fn destination_lines(d: &DestinationCheck, out: &mut dyn Write) -> std::io::Result<()> {
    if d.legal {
        let len = d.path.as_ref().map_or(0.0, |p| p.length_in);
        write!(
            out,
            "  destination {}: legal, {} of {}",
            pt(d.to),
            inches(len),
            inches(d.allowance_in)
        )?;
        if let Some(dir) = d.direction {
            write!(out, " ({dir:?})")?;
        }
        writeln!(out)?;
        if let Some(p) = &d.path
            && p.points.len() > 2
        {
            let via: Vec<String> = p.points[1..p.points.len() - 1]
                .iter()
                .map(|q| pt(*q))
                .collect();
            writeln!(out, "    via {}", via.join(", "))?;
        }
    } else {
        let why = d.reason.as_ref().map_or("illegal", |w| w.text.as_str());
        writeln!(out, "  destination {}: illegal: {why}", pt(d.to))?;
    }
    Ok(())
}

fn write_text(pv: &OrdersPreview, chosen: bool, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(
        out,
        "{} for '{}' ({}): {}, Mv {}, {} of {} models{}",
        pv.action_name,
        pv.name,
        pv.unit,
        pv.movement,
        inches(pv.mv_in),
        pv.strength.current,
        pv.strength.start,
        if chosen {
            ""
        } else {
            " (default order; choose one with --action)"
        }
    )?;
    let refused: Vec<String> = pv
        .actions
        .iter()
        .filter(|a| !a.allowed)
        .map(|a| a.name.to_string())
        .collect();
    if !refused.is_empty() {
        let why = pv
            .actions
            .iter()
            .find_map(|a| a.refused.as_ref().map(|r| r.text.clone()))
            .unwrap_or_default();
        writeln!(out, "  not allowed: {} ({why})", refused.join(", "))?;
    }
    writeln!(out, "  effects:")?;
    for l in &pv.effects.lines {
        writeln!(out, "    - {l}")?;
    }
    if let Some(fb) = &pv.fall_back {
        writeln!(out, "  Fall Back!: {}", fb.text)?;
        if let Some(c) = &fb.concealment {
            if c.within_aw.is_empty() {
                writeln!(
                    out,
                    "    no enemy unit within its Aw range ({})",
                    inches(c.aw_in)
                )?;
            }
            for w in &c.within_aw {
                let seen = if w.sees.is_some() {
                    "sees it"
                } else {
                    "cannot see it"
                };
                writeln!(
                    out,
                    "    {} ({}) at {}: {seen}",
                    w.name,
                    w.unit,
                    inches(w.distance_in)
                )?;
            }
        }
        if let Some(n) = &fb.nearest_enemy {
            writeln!(
                out,
                "    nearest enemy: {} ({}) at {}",
                n.name,
                n.unit,
                inches(n.distance_in)
            )?;
        }
        if let (Some(h), Some(d)) = (&fb.heading, fb.destination) {
            let what = match h {
                orders::Heading::Concealment => "the nearest concealed position".to_string(),
                orders::Heading::TableEdge(e) => format!("its table edge ({e:?})"),
            };
            let len = fb
                .path
                .as_ref()
                .map_or(String::new(), |p| format!(", {} away", inches(p.length_in)));
            writeln!(out, "    heads for {what} at {}{len}", pt(d))?;
        }
        if fb.snap_fire {
            writeln!(out, "    may be snap-fired: a model moves more than 1 x Mv")?;
        }
        if let Some(r) = &fb.removed {
            writeln!(out, "    {}", r.text)?;
        }
    }
    if let Some(l) = &pv.leader {
        let mv = if l.moves {
            let mut t = format!("moves up to {}", inches(l.allowance_in));
            if let Some(c) = &l.cap {
                t = cap_text(c);
            }
            if l.away.is_some() {
                format!(
                    "{t}: toward the enemy {}, away {}",
                    area(&l.region),
                    area(&l.away)
                )
            } else {
                format!("{t}, region {}", area(&l.region))
            }
        } else {
            "stays".to_string()
        };
        writeln!(out, "  leader {} at {}: {mv}", l.model, pt(l.from))?;
    }
    if !pv.models.is_empty() {
        writeln!(out, "  models:")?;
        for m in &pv.models {
            writeln!(out, "    {}", model_line(m))?;
        }
    }
    let ooc = pv.out_of_command().count();
    if ooc > 0 {
        writeln!(out, "  {ooc} model(s) out of command")?;
    }
    if let Some(d) = &pv.destination {
        destination_lines(d, out)?;
    }
    if let Some(t) = &pv.targets {
        writeln!(out, "  targets the leader can see from {}:", pt(t.from))?;
        if t.visible.is_empty() {
            writeln!(out, "    none")?;
        }
        for v in &t.visible {
            writeln!(
                out,
                "    {} ({}) at {}: {} of {} models in sight",
                v.name,
                v.unit,
                inches(v.distance_in),
                v.models_seen,
                v.models
            )?;
        }
        for h in &t.hidden {
            writeln!(
                out,
                "    hidden: {} ({}) at {}: {}",
                h.name,
                h.unit,
                inches(h.distance_in),
                h.block.text
            )?;
        }
    }
    for n in &pv.notes {
        writeln!(out, "  note: {n}")?;
    }
    Ok(())
}
