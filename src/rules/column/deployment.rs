//! A column's deployment (R1): the width table, single file, march order and the 2" spacing
//! of a formed column, as `rules::check` reports them.

use super::chain;
use super::spacing::{GAP_TOLERANCE_IN, MAX_GAP_IN};
use crate::model::words;
use crate::model::*;
use std::fmt;
use std::ops::RangeInclusive;

/// Largest unit that can march in column (R1: more than 16 figures cannot).
pub const MAX_COLUMN_FIGURES: u16 = 16;

/// Frontages a unit of `figures` may march on (R1 table): 1-6 → 1 or 2 figures wide, 7-12 →
/// 2 or 3, 13-16 → 3 or 4. `None` for units too large for a column, or empty.
pub fn allowed_widths(figures: u16) -> Option<RangeInclusive<u8>> {
    match figures {
        1..=6 => Some(1..=2),
        7..=12 => Some(2..=3),
        13..=16 => Some(3..=4),
        _ => None,
    }
}

/// Why a column stands wrongly (found by `sandtable check`).
#[derive(Clone, Debug, PartialEq)]
pub enum DeploymentProblem {
    /// More than 16 figures cannot march in column.
    TooLarge {
        unit: UnitId,
        name: String,
        figures: u16,
    },
    /// The frontage is outside the width table.
    Width {
        unit: UnitId,
        name: String,
        figures: u16,
        width: u8,
        allowed: (u8, u8),
    },
    /// More than 2" behind the unit ahead.
    Gap {
        unit: UnitId,
        name: String,
        ahead: UnitId,
        ahead_name: String,
        gap_in: f32,
    },
    /// On the table in ranks of a different width than its column records.
    StandsWide {
        unit: UnitId,
        name: String,
        recorded: u8,
        stands: usize,
    },
    /// On the table behind a unit that has not come on.
    BehindOffTable { unit: UnitId, name: String },
    /// Beside or ahead of the unit in front of it along the route: not single file.
    NotSingleFile {
        unit: UnitId,
        name: String,
        ahead: UnitId,
        ahead_name: String,
    },
}

impl DeploymentProblem {
    /// The unit to select.
    pub fn unit(&self) -> UnitId {
        match self {
            DeploymentProblem::TooLarge { unit, .. }
            | DeploymentProblem::Width { unit, .. }
            | DeploymentProblem::Gap { unit, .. }
            | DeploymentProblem::StandsWide { unit, .. }
            | DeploymentProblem::BehindOffTable { unit, .. }
            | DeploymentProblem::NotSingleFile { unit, .. } => *unit,
        }
    }

    /// Errors must be fixed before play; the rest are advice.
    pub fn is_error(&self) -> bool {
        !matches!(self, DeploymentProblem::NotSingleFile { .. })
    }
}

impl fmt::Display for DeploymentProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeploymentProblem::TooLarge { name, figures, .. } => write!(
                f,
                "'{name}' has {figures} figures; more than {MAX_COLUMN_FIGURES} cannot march in column (R1)"
            ),
            DeploymentProblem::Width {
                name,
                figures,
                width,
                allowed,
                ..
            } => write!(
                f,
                "'{name}' marches {} wide; a unit of {} must be {} or {} wide (R1)",
                words::count(*width, "figure", "figures"),
                words::count(*figures, "figure", "figures"),
                allowed.0,
                allowed.1
            ),
            DeploymentProblem::Gap {
                name,
                ahead_name,
                gap_in,
                ..
            } => write!(
                f,
                "'{name}' is {gap_in:.2}\" behind '{ahead_name}'; a formed column allows at most {MAX_GAP_IN}\" (R1)"
            ),
            DeploymentProblem::StandsWide {
                name,
                recorded,
                stands,
                ..
            } => write!(
                f,
                "'{name}' stands {} wide but its column records {recorded}: march width and \
                 formation must agree (R1)",
                crate::model::count(*stands as u64, "figure", "figures")
            ),
            DeploymentProblem::BehindOffTable { name, .. } => write!(
                f,
                "'{name}' is on the table behind a unit that has not entered yet"
            ),
            DeploymentProblem::NotSingleFile {
                name, ahead_name, ..
            } => write!(
                f,
                "'{name}' is not behind '{ahead_name}' along the column's route: a column marches in single file (R1)"
            ),
        }
    }
}

/// The width problem of one member, if any.
pub fn width_problem(u: &Unit, width: u8) -> Option<DeploymentProblem> {
    let figures = u.strength.current;
    match allowed_widths(figures) {
        None if figures > MAX_COLUMN_FIGURES => Some(DeploymentProblem::TooLarge {
            unit: u.id,
            name: u.name.clone(),
            figures,
        }),
        None => None,
        Some(range) if !range.contains(&width) => Some(DeploymentProblem::Width {
            unit: u.id,
            name: u.name.clone(),
            figures,
            width,
            allowed: (*range.start(), *range.end()),
        }),
        Some(_) => None,
    }
}

/// How many figures wide a unit stands: its widest rank, a rank being the figures whose
/// centres lie within half a base depth of each other along the unit's facing (its first
/// model's). `None` without models.
pub fn standing_width(models: &[Model]) -> Option<usize> {
    let (_, _, shape) = chain::frame(models)?;
    let depth = models
        .iter()
        .map(|m| chain::base_size(m.base).1)
        .fold(f32::INFINITY, f32::min);
    let mut along: Vec<f32> = shape.offsets.iter().map(|o| o.along).collect();
    along.sort_by(|a, b| b.total_cmp(a));
    let (mut widest, mut rank, mut first) = (0, 0, along[0]);
    for a in along {
        if first - a > depth * 0.5 {
            (rank, first) = (0, a);
        }
        rank += 1;
        widest = widest.max(rank);
    }
    Some(widest)
}

/// A member on the table whose ranks are not as wide as its column records (a unit with fewer
/// figures than the width fills one rank with all of them).
fn stands_wide_problem(u: &Unit, recorded: u8) -> Option<DeploymentProblem> {
    let stands = standing_width(&u.models)?;
    let expected = (recorded.max(1) as usize).min(u.models.len());
    (stands != expected).then(|| DeploymentProblem::StandsWide {
        unit: u.id,
        name: u.name.clone(),
        recorded,
        stands,
    })
}

/// Everything wrong with how a column stands: widths (always), and for a formed column single
/// file, march order and the 2" gaps between neighbours on the table.
pub fn deployment_problems(s: &Scenario, col: &Column) -> Vec<DeploymentProblem> {
    let mut out = Vec::new();
    for m in &col.members {
        if let Some(u) = s.unit(m.unit)
            && let Some(p) = width_problem(u, m.width_figures)
        {
            out.push(p);
        }
    }
    if col.state == ColumnState::Broken {
        return out;
    }
    let mut seen_off_table = false;
    let mut ahead: Option<&Unit> = None;
    for m in &col.members {
        let Some(u) = s.unit(m.unit) else { continue };
        match u.position {
            Position::Table => {
                if let Some(p) = stands_wide_problem(u, m.width_figures) {
                    out.push(p);
                }
                if seen_off_table {
                    out.push(DeploymentProblem::BehindOffTable {
                        unit: u.id,
                        name: u.name.clone(),
                    });
                }
                if let Some(prev) = ahead
                    && let Some(gap) = crate::rules::measure::unit_distance(prev, u)
                    && gap > MAX_GAP_IN + GAP_TOLERANCE_IN
                {
                    out.push(DeploymentProblem::Gap {
                        unit: u.id,
                        name: u.name.clone(),
                        ahead: prev.id,
                        ahead_name: prev.name.clone(),
                        gap_in: gap,
                    });
                }
                ahead = Some(u);
            }
            Position::OffMap => seen_off_table = true,
            _ => {}
        }
    }
    if let Ok(chain) = chain::read(s, col) {
        for w in chain.bodies.windows(2) {
            let (a, b) = (&w[0], &w[1]);
            if a.stand != chain::Stand::Table || b.stand != chain::Stand::Table {
                continue;
            }
            if b.s_front > a.s_front - a.shape.depth + 0.05
                && let (Some(ua), Some(ub)) = (s.unit(a.unit), s.unit(b.unit))
            {
                out.push(DeploymentProblem::NotSingleFile {
                    unit: ub.id,
                    name: ub.name.clone(),
                    ahead: ua.id,
                    ahead_name: ua.name.clone(),
                });
            }
        }
    }
    out
}
