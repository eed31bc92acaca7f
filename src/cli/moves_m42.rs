//! `sandtable moves` on an M42 (R2) table: the move types, command radius and coherency, the
//! leader's region, assault targets, follower landing regions and regroup moves.

use super::error::CliError;
use super::json;
use super::moves_args::TableArgs as Args;
use super::parse::parse_point;
use crate::geom::Point;
use crate::model::{Scenario, UnitId};
use crate::rules::m42::{self, MoveType, Options};
use std::io::Write;

pub fn run(s: &Scenario, unit: UnitId, args: Args, out: &mut dyn Write) -> Result<u8, CliError> {
    if args.action.is_some() {
        return Err(CliError::Usage(
            "this scenario moves by M42 (R2): use --move-type halt|advance|at-the-double|dig-in"
                .into(),
        ));
    }
    let move_type = args.move_type.unwrap_or(MoveType::Advance);
    let to = args.to.map(parse_point).transpose()?;
    let opts = Options { leader: None, to };
    let p = m42::preview(s, unit, move_type, opts)
        .ok_or_else(|| CliError::Usage(format!("no unit {unit}")))?;
    if args.json {
        json::write(&p, out)?;
        return Ok(0);
    }
    let u = s
        .unit(unit)
        .ok_or_else(|| CliError::Usage(format!("no unit {unit}")))?;
    let pt = |p: Point| format!("({:.2}, {:.2})", p.x, p.y);
    writeln!(
        out,
        "{} ({}), M42: Mv {}\", Ld {}: command radius {}\", coherency {}\"",
        u.name,
        u.id,
        u.stats.mv,
        u.stats.ld,
        m42::command_radius(u),
        m42::coherency(u)
    )?;
    match &p.leader {
        Some((id, source)) => {
            let how = match source {
                m42::LeaderSource::Own => "its leader",
                m42::LeaderSource::SwarmChoice => {
                    "Swarm: no fixed leader; suggested (most models in radius), any model may lead"
                }
                m42::LeaderSource::CombatTactics => {
                    "Combat Tactics: the leader is dead and this survivor takes his place"
                }
                m42::LeaderSource::Chosen => "chosen",
            };
            let at = u.model(*id).map(|m| pt(m.pos)).unwrap_or_default();
            writeln!(out, "Leader: model {id} at {at} ({how})")?;
        }
        None => writeln!(out, "Leader: none")?,
    }
    if let Some(c) = &p.command {
        writeln!(
            out,
            "In radius: {} of {} models{}",
            c.in_radius.len(),
            u.models.len(),
            if c.half_in_radius {
                " (at least half: Advance and At the Double allowed)"
            } else {
                " (under half: Halt or Dig-In only)"
            }
        )?;
        let isolated: Vec<String> = c.isolated.iter().map(|m| m.to_string()).collect();
        writeln!(
            out,
            "Coherency: {} links within {}\"{}",
            c.links.len(),
            c.coherency_in,
            if isolated.is_empty() {
                String::new()
            } else {
                format!("; out of coherency: {}", isolated.join(", "))
            }
        )?;
    }
    writeln!(out, "Move types:")?;
    for (t, refused) in &p.available {
        let effects: Vec<String> = t.effects().iter().map(|e| e.to_string()).collect();
        match refused {
            None => writeln!(out, "  {:<14} allowed  {}", t.name(), effects.join("; "))?,
            Some(why) => writeln!(out, "  {:<14} refused: {why}", t.name())?,
        }
    }
    writeln!(out, "{}:", move_type)?;
    if let Some(why) = &p.refused {
        writeln!(out, "  refused: {why}")?;
    } else if let Some(region) = &p.leader_region {
        writeln!(
            out,
            "  the leader may move up to {}\": {:.0} sq in reachable",
            p.leader_allowance_in,
            region.area()
        )?;
    } else {
        writeln!(out, "  the leader stays where he is")?;
    }
    if p.refused.is_none() {
        for e in &p.effects {
            writeln!(out, "  effect: {e}")?;
        }
    }
    if !p.assaults.is_empty() {
        writeln!(out, "Assault targets (base contact lifts the 2\" rule):")?;
        for a in &p.assaults {
            writeln!(
                out,
                "  {} ({}): contact at {} by a {:.2}\" route",
                a.unit_name,
                a.unit,
                pt(a.contact),
                a.route.length_in
            )?;
        }
    }
    if let Some(d) = &p.destination {
        match &d.verdict {
            Ok(route) => writeln!(
                out,
                "Destination {}: legal{}, {:.2}\" route {}",
                pt(d.to),
                if d.assault { " (an assault)" } else { "" },
                route.length_in,
                route
                    .points
                    .iter()
                    .map(|p| pt(*p))
                    .collect::<Vec<_>>()
                    .join(" → ")
            )?,
            Err(why) => writeln!(out, "Destination {}: illegal: {why}", pt(d.to))?,
        }
    }
    if let Some(end) = p.leader_end
        && !p.followers.is_empty()
    {
        writeln!(
            out,
            "Followers (in the radius at the start), around the leader at {}:",
            pt(end)
        )?;
        for f in &p.followers {
            match f.suggested {
                Some(spot) => writeln!(
                    out,
                    "  {} from {}: may land in {:.1} sq in; suggested {}",
                    f.model,
                    pt(f.from),
                    f.region.area(),
                    pt(spot)
                )?,
                None => writeln!(
                    out,
                    "  {} from {}: nowhere legal to land: stays",
                    f.model,
                    pt(f.from)
                )?,
            }
        }
    }
    if !p.regroup.is_empty() {
        writeln!(
            out,
            "Out of the radius at the start (they stay, or regroup):"
        )?;
        for r in &p.regroup {
            match &r.result {
                Ok(route) => writeln!(
                    out,
                    "  {} at {}: may regroup {:.2}\" toward the leader, to {}",
                    r.model,
                    pt(r.from),
                    route.length_in,
                    pt(route.end())
                )?,
                Err(why) => writeln!(out, "  {} at {}: {why}", r.model, pt(r.from))?,
            }
        }
    }
    Ok(0)
}
