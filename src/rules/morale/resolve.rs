//! A test resolved with the dice the table rolled (R4): what happened, the unit as it will
//! stand, and the commander who spent his re-roll. `edit::ops::outcome::test` records it.

use super::outcome::{Outcome, OutcomeKind};
use super::preview::preview;
use super::request::{TestKind, TestRequest};
use super::reroll::RerollSource;
use super::test_preview::{MoraleError, RollReport};
use crate::model::{Morale, Scenario, Unit};

/// What the table did: the dice rolled, or a routing unit's choice not to test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Resolution {
    /// The first roll and, after a failure, the re-roll if one was taken.
    Roll { first: u8, reroll: Option<u8> },
    /// A routing unit routs on without a rally test (and still loses a stand).
    KeepRouting,
}

/// A resolved test: what happened, and what it changes.
#[derive(Clone, Debug, PartialEq)]
pub struct Resolved {
    pub outcome: Outcome,
    /// `None` for the keep-routing choice.
    pub roll: Option<RollReport>,
    /// The unit as it will stand: its new state, without the stands it lost, off the table if
    /// removed.
    pub unit: Unit,
    /// The attached commander as he will stand when his re-roll was used (one fewer left).
    pub commander: Option<Unit>,
    /// Undo-history label, e.g. "Rally test: 44th Foot".
    pub label: String,
}

/// Resolves a test with the dice the table rolled (or the keep-routing choice): the outcome,
/// the unit with its new state and without the stands it loses, and the commander with the
/// re-roll he spent. The scenario itself is not touched; `edit::ops::outcome::test` records
/// the result as one undo step.
pub fn resolve(
    s: &Scenario,
    req: TestRequest,
    resolution: Resolution,
) -> Result<Resolved, MoraleError> {
    let pv = preview(s, req)?;
    let (kind, roll) = match resolution {
        Resolution::Roll { first, reroll } => {
            let r = pv.roll(first, reroll)?;
            (r.outcome, Some(r))
        }
        Resolution::KeepRouting => (OutcomeKind::KeepRouting, None),
    };
    let outcome = pv.outcome(kind).cloned().ok_or_else(|| match kind {
        OutcomeKind::KeepRouting if pv.morale != Morale::Routing => {
            MoraleError::NotRouting(pv.name.clone())
        }
        _ => pv.cannot_test_error(),
    })?;
    let u = s.unit(req.unit).ok_or(MoraleError::NoUnit(req.unit))?;
    let unit = after(u, &outcome);
    let commander = match roll.as_ref().and_then(|r| r.reroll_used.as_ref()) {
        Some(RerollSource::Commander { leader, .. }) => s.unit(*leader).map(|l| {
            let mut l = l.clone();
            if let Some(ld) = &mut l.leadership {
                ld.rerolls_used = ld.rerolls_used.saturating_add(1).min(ld.rerolls);
            }
            l
        }),
        _ => None,
    };
    let label = match (req.kind, resolution) {
        (_, Resolution::KeepRouting) => format!("Keep routing: {}", u.name),
        (TestKind::Morale, _) => format!("Morale test: {}", u.name),
        (TestKind::Rally, _) => format!("Rally test: {}", u.name),
    };
    Ok(Resolved {
        outcome,
        roll,
        unit,
        commander,
        label,
    })
}

/// The unit after an outcome: state, limber and guns, stands (the last models that are not the
/// leader's go first), and off the table if removed.
fn after(u: &Unit, o: &Outcome) -> Unit {
    let mut n = u.clone();
    n.state.morale = o.morale;
    n.state.limbered |= o.limbers;
    n.state.guns_abandoned |= o.abandons_guns;
    for _ in 0..o.stands_lost {
        n.strength.current = n.strength.current.saturating_sub(1);
        let victim = n
            .models
            .iter()
            .rposition(|m| Some(m.id) != n.leader_model)
            .or_else(|| n.models.len().checked_sub(1));
        if let Some(i) = victim {
            let gone = n.models.remove(i);
            if Some(gone.id) == n.leader_model {
                n.leader_model = None;
            }
        }
    }
    if o.morale == Morale::Removed {
        n.position = crate::model::Position::Exited;
        n.models.clear();
        n.leader_model = None;
    }
    n
}
