//! The test report as `sandtable test` prints it and the editor's odds panel shows it: one text
//! for both, so they cannot disagree.

use super::{
    Distance, Movement, Outcome, OutcomeKind, RollReport, Stampede, TestKind, TestPreview,
};
use crate::rules::dice::Prob;
use std::io::Write;

/// The report of a test as text, without a roll.
pub fn text(pv: &TestPreview) -> String {
    let mut out = Vec::new();
    let _ = write_text(pv, None, &mut out);
    String::from_utf8_lossy(&out).into_owned()
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

pub fn write_text(
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
        super::morale_text(pv.morale)
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

/// What an outcome does, without its kind: `routs 12" (its full rout distance) → routing`;
/// the state it leaves is not said twice (`becomes unsteady`, not `becomes unsteady →
/// unsteady`).
fn outcome_text(o: &Outcome) -> String {
    let parts = o.parts(movement_text);
    let state = super::morale_text(o.morale);
    if parts.is_empty() {
        state.to_string()
    } else if parts.last().is_some_and(|p| p.ends_with(state)) {
        parts.join("; ")
    } else {
        format!("{} → {state}", parts.join("; "))
    }
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
                "    path: from ({:.2}, {:.2}) bearing {:.1}°, {:.2}\" wide, up to {:.0}\"",
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
                        "      {} '{}' at {:.2}\": reached on {}+ ({})",
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

/// What a roll did, without advice on what to roll next: the words a game logs once the
/// dice are down.
pub fn roll_result(pv: &TestPreview, r: &RollReport) -> String {
    let mut t = match r.reroll {
        Some(second) => format!("Roll {}, re-roll {second} ", r.first),
        None => format!("Roll {} ", r.first),
    };
    if let Some(o) = pv.outcome(r.outcome) {
        t.push_str(&format!("{}: {}", o.kind, outcome_text(o)));
    }
    if let Some(src) = &r.reroll_used {
        t.push_str(&format!("; the re-roll came from {src}"));
    }
    t
}

/// What a roll does, and what to roll next: a re-roll on offer, an elephant's stampede die.
pub fn roll_text(pv: &TestPreview, r: &RollReport) -> String {
    let mut t = roll_result(pv, r);
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

#[cfg(test)]
mod outcome_text_tests {
    use super::*;
    use crate::model::Morale;
    use crate::rules::morale::outcome::{Effect, OutcomeKind};

    fn outcome(effects: Vec<Effect>, morale: Morale) -> Outcome {
        Outcome {
            kind: OutcomeKind::Fail,
            p: None,
            p_with_reroll: None,
            morale,
            stands_lost: 0,
            limbers: false,
            abandons_guns: false,
            movement: None,
            removed: None,
            effects,
        }
    }

    #[test]
    fn r4_a_failed_test_that_leaves_a_unit_unsteady_says_so_once() {
        let o = outcome(vec![Effect::BecomesUnsteady], Morale::Unsteady);
        assert_eq!(outcome_text(&o), "becomes unsteady");
        let o = outcome(vec![], Morale::GoodOrder);
        assert_eq!(outcome_text(&o), "in good order");
        let o = outcome(vec![Effect::BecomesUnsteady], Morale::Routing);
        assert_eq!(outcome_text(&o), "becomes unsteady → routing");
    }
}
