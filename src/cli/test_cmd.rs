//! `sandtable test` (R4): the morale or rally test a unit faces, its odds and outcomes, and with
//! `--roll` what that roll does. The JSON shape is documented in `docs/cli.md`.

use super::error::CliError;
use super::json;
use crate::geom::Point;
use crate::model::{KindTag, Morale, Quality, Scenario, Strength, UnitId};
use crate::rules::dice::Prob;
use crate::rules::morale::{
    self, Distance, ModifierSource, Movement, Outcome, RerollSource, RollReport, Stampede,
    TestCause, TestKind, TestPreview, TestRequest,
};
use serde::Serialize;
use std::io::Write;

/// The options of `test`.
pub struct Args {
    pub kind: TestKind,
    pub cause: TestCause,
    pub roll: Option<u8>,
    pub reroll: Option<u8>,
    pub json: bool,
}

pub fn run(s: &Scenario, unit: UnitId, args: Args, out: &mut dyn Write) -> Result<u8, CliError> {
    let (kind, cause) = (args.kind, args.cause);
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
        json::write(&report, out)?;
    } else {
        morale::report::write_text(&pv, roll.as_ref(), out)?;
    }
    Ok(0)
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
            text: morale::report::roll_text(pv, r),
        }),
    }
}
