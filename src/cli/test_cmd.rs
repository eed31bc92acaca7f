//! `sandtable test` (R4): the morale or rally test a unit faces, its odds and outcomes, and with
//! `--roll` what that roll does. The JSON shape is documented in `docs/cli.md`.

use super::CliError;
use crate::geom::Point;
use crate::model::{KindTag, Morale, Quality, Scenario, Strength, UnitId};
use crate::rules::dice::Prob;
use crate::rules::morale::{
    self, Cause, Distance, ModifierSource, Movement, Outcome, OutcomeKind, RerollSource,
    RollReport, Stampede, TestKind, TestPreview, TestRequest,
};
use serde::Serialize;
use std::io::Write;

/// The options of `test`.
pub struct Args<'a> {
    pub kind: &'a str,
    pub cause: &'a str,
    pub roll: Option<u8>,
    pub reroll: Option<u8>,
    pub json: bool,
}

pub fn run(s: &Scenario, unit: UnitId, args: Args, out: &mut dyn Write) -> Result<u8, CliError> {
    let kind = TestKind::parse(args.kind).ok_or_else(|| {
        CliError::Usage(format!(
            "'{}' is not a test kind: use morale or rally",
            args.kind
        ))
    })?;
    let cause = Cause::parse(args.cause).ok_or_else(|| {
        CliError::Usage(format!(
            "'{}' is not a cause: use fire or melee",
            args.cause
        ))
    })?;
    let req = TestRequest::new(unit, kind).with_cause(cause);
    let pv = morale::preview(s, req).map_err(|e| CliError::Usage(e.to_string()))?;
    let roll = match args.roll {
        Some(first) => Some(
            pv.roll(first, args.reroll)
                .map_err(|e| CliError::Usage(e.to_string()))?,
        ),
        None => None,
    };
    if args.json {
        let report = json_report(&pv, roll.as_ref());
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&report).unwrap_or_default()
        )?;
    } else {
        write_text(&pv, roll.as_ref(), out)?;
    }
    Ok(0)
}

fn p_text(p: Prob) -> String {
    format!("{p}, {}", p.percent_text())
}

fn odds(o: &Outcome, with_reroll: bool) -> String {
    match (o.p, o.p_with_reroll) {
        (Some(p), Some(r)) if with_reroll => {
            format!(" ({}; with the re-roll {})", p_text(p), p_text(r))
        }
        (Some(p), _) => format!(" ({})", p_text(p)),
        _ => String::new(),
    }
}

fn write_text(
    pv: &TestPreview,
    roll: Option<&RollReport>,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let kind = match pv.kind {
        TestKind::Morale => "Morale test",
        TestKind::Rally => "Rally test",
    };
    writeln!(
        out,
        "{kind} for '{}' ({}): {:?} {}, {} of {} stands, {}",
        pv.name,
        pv.unit,
        pv.quality,
        pv.unit_kind.tag(),
        pv.strength.current,
        pv.strength.start,
        morale::morale_text(pv.morale)
    )?;
    if !pv.may_test() {
        writeln!(out, "  may not take this test:")?;
        for c in &pv.cannot_test {
            writeln!(out, "    - {c}")?;
        }
    }
    writeln!(out, "  start number {} ({:?})", pv.start_number, pv.quality)?;
    if pv.modifiers.is_empty() {
        writeln!(out, "  modifiers: none")?;
    } else {
        writeln!(out, "  modifiers:")?;
        for m in &pv.modifiers {
            writeln!(out, "    {m}")?;
        }
        writeln!(out, "    total {:+}", pv.total_modifier)?;
    }
    if let Some(a) = &pv.automatic_failure {
        writeln!(out, "  automatic failure: {a}")?;
    }
    if let Some(n) = pv.needed {
        writeln!(
            out,
            "  needs {n}+ on a D6 (a natural 6 always passes, a natural 1 always fails)"
        )?;
    }
    let with_reroll = pv.reroll.is_some();
    if let Some(p) = pv.p_pass {
        writeln!(out, "  P(pass) {}", p_text(p))?;
    }
    match (&pv.reroll, pv.p_pass_with_reroll) {
        (Some(src), Some(p)) => writeln!(
            out,
            "  re-roll (one per test, after a failure): {src}; P(pass) with it {}",
            p_text(p)
        )?,
        _ if pv.may_test() && pv.automatic_failure.is_none() => writeln!(out, "  re-roll: none")?,
        _ => {}
    }
    if !pv.outcomes.is_empty() {
        writeln!(out, "  outcomes:")?;
        for o in &pv.outcomes {
            writeln!(
                out,
                "    {}{}: {}",
                o.kind,
                odds(o, with_reroll),
                outcome_text(o)
            )?;
        }
    }
    if let Some(st) = &pv.stampede {
        write_stampede(st, with_reroll, out)?;
    }
    if !pv.notes.is_empty() {
        writeln!(out, "  notes:")?;
        for n in &pv.notes {
            writeln!(out, "    - {n}")?;
        }
    }
    if let Some(r) = roll {
        writeln!(out, "{}", roll_text(pv, r))?;
    }
    Ok(())
}

/// What an outcome does, without its kind: `routs; routs 12" (its full rout distance) → routing`.
fn outcome_text(o: &Outcome) -> String {
    let mut parts: Vec<String> = o.effects.iter().map(|e| e.to_string()).collect();
    if let Some(m) = o.movement {
        parts.push(movement_text(m));
    }
    if let Some(r) = o.removed {
        parts.push(r.to_string());
    }
    format!("{} → {}", parts.join("; "), morale::morale_text(o.morale))
}

fn movement_text(m: Movement) -> String {
    let d = m.distance.dist();
    match m.distance {
        Distance::Fixed(_) => m.to_string(),
        Distance::Dice(_) => format!("{m} ({}-{}\")", d.min(), d.max()),
    }
}

fn write_stampede(st: &Stampede, with_reroll: bool, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(
        out,
        "  stampede (optional rule): after a failed morale test a further D6 of 1-2 ({}); it \
         turns about and {}",
        st.p_given_failure,
        movement_text(st.movement)
    )?;
    if with_reroll {
        writeln!(
            out,
            "    P(stampede) {}; with the re-roll {}",
            p_text(st.p),
            p_text(st.p_with_reroll)
        )?;
    } else {
        writeln!(out, "    P(stampede) {}", p_text(st.p))?;
    }
    match &st.path {
        None => writeln!(out, "    path: not on the table, units in the path unknown")?,
        Some(p) => {
            writeln!(
                out,
                "    path: from ({:.1}, {:.1}) bearing {:.0}°, {:.1}\" wide, up to {:.0}\"",
                p.start.x, p.start.y, p.bearing_deg, p.width_in, p.length_in
            )?;
            if st.in_path.is_empty() {
                writeln!(out, "    no units in the path")?;
            } else {
                writeln!(
                    out,
                    "    units in the path (each reached takes a morale test):"
                )?;
                for u in &st.in_path {
                    writeln!(
                        out,
                        "      {} '{}' at {:.1}\": reached on {}+ ({})",
                        u.unit,
                        u.name,
                        u.distance_in,
                        u.needs,
                        p_text(u.p_reached)
                    )?;
                }
            }
        }
    }
    Ok(())
}

fn roll_text(pv: &TestPreview, r: &RollReport) -> String {
    let mut t = match r.reroll {
        Some(second) => format!("Roll {}, re-roll {second}: ", r.first),
        None => format!("Roll {}: ", r.first),
    };
    if let Some(o) = pv.outcome(r.outcome) {
        t.push_str(&format!("{}: {}", o.kind, outcome_text(o)));
    }
    if let Some(src) = &r.reroll_used {
        t.push_str(&format!("; the re-roll came from {src}"));
    }
    if let (Some(src), Some(n)) = (&r.reroll_offered, pv.needed) {
        t.push_str(&format!(
            "\nA re-roll is available from {src}: roll again, {n}+ passes."
        ));
    }
    if let Some(st) = pv
        .stampede
        .as_ref()
        .filter(|_| r.outcome == OutcomeKind::Fail)
    {
        let when = if r.reroll_offered.is_some() {
            "If the re-roll fails too, roll"
        } else {
            "Roll"
        };
        t.push_str(&format!(
            "\n{when} a further D6 for the stampede: on 1-2 the elephant turns about and {}; \
             every unit it reaches takes a morale test.",
            st.movement
        ));
    }
    t
}

// JSON views: kept separate from the engine types so the shape stays stable.

#[derive(Serialize)]
struct ProbJson {
    fraction: String,
    num: u64,
    den: u64,
    /// Percent rounded to one decimal.
    percent: f64,
}

fn pj(p: Prob) -> ProbJson {
    ProbJson {
        fraction: p.to_string(),
        num: p.num(),
        den: p.den(),
        percent: p.percent_tenths() as f64 / 10.0,
    }
}

#[derive(Serialize)]
struct Report {
    unit: u32,
    name: String,
    test: &'static str,
    cause: &'static str,
    kind: KindTag,
    quality: Quality,
    strength: Strength,
    stands_lost: u16,
    morale: Morale,
    single_stand: bool,
    may_test: bool,
    cannot_test: Vec<Reason>,
    start_number: u8,
    modifiers: Vec<ModifierJson>,
    total_modifier: i32,
    automatic_failure: Option<String>,
    needed: Option<u8>,
    reroll: Option<RerollJson>,
    p_pass: Option<ProbJson>,
    p_pass_with_reroll: Option<ProbJson>,
    outcomes: Vec<OutcomeJson>,
    stampede: Option<StampedeJson>,
    notes: Vec<String>,
    roll: Option<RollJson>,
}

#[derive(Serialize)]
struct Reason {
    reason: &'static str,
    text: String,
}

#[derive(Serialize)]
struct ModifierJson {
    source: &'static str,
    value: i32,
    leader: Option<u32>,
    text: String,
}

#[derive(Serialize)]
struct RerollJson {
    source: &'static str,
    leader: Option<u32>,
    left: Option<u8>,
    text: String,
}

fn reroll_json(r: &RerollSource) -> RerollJson {
    match r {
        RerollSource::Elite => RerollJson {
            source: "elite",
            leader: None,
            left: None,
            text: r.to_string(),
        },
        RerollSource::Commander { leader, left, .. } => RerollJson {
            source: "commander",
            leader: Some(leader.0),
            left: Some(*left),
            text: r.to_string(),
        },
    }
}

#[derive(Serialize)]
struct DistJson {
    inches: u32,
    p: ProbJson,
}

#[derive(Serialize)]
struct MovementJson {
    kind: &'static str,
    dice: Option<String>,
    inches: Option<u32>,
    min: u32,
    max: u32,
    distribution: Vec<DistJson>,
    text: String,
}

fn movement_json(m: Movement) -> MovementJson {
    let d = m.distance.dist();
    let (dice, inches) = match m.distance {
        Distance::Fixed(n) => (None, Some(n)),
        Distance::Dice(dice) => (Some(dice.to_string()), None),
    };
    MovementJson {
        kind: m.kind.key(),
        dice,
        inches,
        min: d.min(),
        max: d.max(),
        distribution: d
            .outcomes()
            .iter()
            .map(|(v, p)| DistJson {
                inches: *v,
                p: pj(*p),
            })
            .collect(),
        text: m.to_string(),
    }
}

#[derive(Serialize)]
struct RemovedJson {
    reason: &'static str,
    text: String,
}

#[derive(Serialize)]
struct OutcomeJson {
    outcome: &'static str,
    text: String,
    p: Option<ProbJson>,
    p_with_reroll: Option<ProbJson>,
    morale: Morale,
    stands_lost: u16,
    limbers: bool,
    abandons_guns: bool,
    movement: Option<MovementJson>,
    removed: Option<RemovedJson>,
    effects: Vec<String>,
}

fn outcome_json(o: &Outcome) -> OutcomeJson {
    OutcomeJson {
        outcome: o.kind.key(),
        text: o.to_string(),
        p: o.p.map(pj),
        p_with_reroll: o.p_with_reroll.map(pj),
        morale: o.morale,
        stands_lost: o.stands_lost,
        limbers: o.limbers,
        abandons_guns: o.abandons_guns,
        movement: o.movement.map(movement_json),
        removed: o.removed.map(|r| RemovedJson {
            reason: r.key(),
            text: r.to_string(),
        }),
        effects: o.effects.iter().map(|e| e.to_string()).collect(),
    }
}

#[derive(Serialize)]
struct PathJson {
    start: [f32; 2],
    bearing_deg: f32,
    width_in: f32,
    length_in: f32,
    corners: [[f32; 2]; 4],
}

fn xy(p: Point) -> [f32; 2] {
    [p.x, p.y]
}

#[derive(Serialize)]
struct InPathJson {
    unit: u32,
    name: String,
    side: u32,
    distance_in: f32,
    needs: u32,
    p_reached: ProbJson,
}

#[derive(Serialize)]
struct StampedeJson {
    p_given_failure: ProbJson,
    p: ProbJson,
    p_with_reroll: ProbJson,
    movement: MovementJson,
    path: Option<PathJson>,
    in_path: Vec<InPathJson>,
}

fn stampede_json(st: &Stampede) -> StampedeJson {
    StampedeJson {
        p_given_failure: pj(st.p_given_failure),
        p: pj(st.p),
        p_with_reroll: pj(st.p_with_reroll),
        movement: movement_json(st.movement),
        path: st.path.map(|p| PathJson {
            start: xy(p.start),
            bearing_deg: p.bearing_deg,
            width_in: p.width_in,
            length_in: p.length_in,
            corners: p.corners.map(xy),
        }),
        in_path: st
            .in_path
            .iter()
            .map(|u| InPathJson {
                unit: u.unit.0,
                name: u.name.clone(),
                side: u.side.0,
                distance_in: u.distance_in,
                needs: u.needs,
                p_reached: pj(u.p_reached),
            })
            .collect(),
    }
}

#[derive(Serialize)]
struct RollJson {
    first: u8,
    reroll: Option<u8>,
    first_passes: bool,
    outcome: &'static str,
    reroll_used: Option<RerollJson>,
    reroll_available: Option<RerollJson>,
    text: String,
}

fn json_report(pv: &TestPreview, roll: Option<&RollReport>) -> Report {
    Report {
        unit: pv.unit.0,
        name: pv.name.clone(),
        test: pv.kind.key(),
        cause: pv.cause.key(),
        kind: pv.unit_kind.tag(),
        quality: pv.quality,
        strength: pv.strength,
        stands_lost: pv.strength.lost(),
        morale: pv.morale,
        single_stand: pv.single_stand,
        may_test: pv.may_test(),
        cannot_test: pv
            .cannot_test
            .iter()
            .map(|c| Reason {
                reason: c.key(),
                text: c.to_string(),
            })
            .collect(),
        start_number: pv.start_number,
        modifiers: pv
            .modifiers
            .iter()
            .map(|m| ModifierJson {
                source: m.source.key(),
                value: m.value,
                leader: match &m.source {
                    ModifierSource::Commander { leader, .. } => Some(leader.0),
                    _ => None,
                },
                text: m.to_string(),
            })
            .collect(),
        total_modifier: pv.total_modifier,
        automatic_failure: pv.automatic_failure.map(|a| a.to_string()),
        needed: pv.needed,
        reroll: pv.reroll.as_ref().map(reroll_json),
        p_pass: pv.p_pass.map(pj),
        p_pass_with_reroll: pv.p_pass_with_reroll.map(pj),
        outcomes: pv.outcomes.iter().map(outcome_json).collect(),
        stampede: pv.stampede.as_ref().map(stampede_json),
        notes: pv.notes.iter().map(|n| n.to_string()).collect(),
        roll: roll.map(|r| RollJson {
            first: r.first,
            reroll: r.reroll,
            first_passes: r.first_passes,
            outcome: r.outcome.key(),
            reroll_used: r.reroll_used.as_ref().map(reroll_json),
            reroll_available: r.reroll_offered.as_ref().map(reroll_json),
            text: roll_text(pv, r),
        }),
    }
}
