//! One action carried out on a scenario with a game under way: the checks of turn and phase,
//! then the rules' own functions, then the entry to log.

use super::Refused;
use super::dice::{self, SplitMix64};
use crate::geom::Point;
use crate::model::game::{
    Action, ColumnOrder, Dice, LogEntry, MAX_LOG_ENTRIES, Phase, TestCause, TestDice, TestKind,
    Undo,
};
use crate::model::{
    ColumnState, Command, ModelId, Place, Position, Ruleset, Scenario, Unit, UnitId,
};
use crate::rules::column::{self, ColumnOutcome, Order};
use crate::rules::dice::Dice as RulesDice;
use crate::rules::hex_commands::{self as hex, HexRules, change_allowed, next_in_timeline};
use crate::rules::m42::{self, MoveType};
use crate::rules::morale::{self, Cause, Resolution, TestRequest};
use crate::rules::orders::{self, OrderRequest};
use crate::rules::placement::{self, Suggestion};
use crate::rules::reach::{self, Avoid, Board, Unreachable};

/// Carries out `action` on `s` (whose game exists) and returns its entry (not yet logged).
pub(super) fn apply(s: &mut Scenario, action: Action) -> Result<LogEntry, Refused> {
    let game = s.game.as_ref().ok_or(Refused::NoGame)?;
    if game.log.len() >= MAX_LOG_ENTRIES {
        return Err(Refused::rules(
            "the log is full",
            vec![format!("a game holds at most {MAX_LOG_ENTRIES} entries")],
        ));
    }
    let (turn, phase) = (s.turn, game.phase);
    let mut rng = SplitMix64(game.dice);
    let mut step = Step::default();
    let logged = match action {
        Action::Move {
            unit,
            order,
            to,
            followers,
        } => {
            let u = unit_of(s, unit)?;
            in_phase(phase, Phase::Movement, "a move")?;
            not_acted(s, u)?;
            step.unit = Some(unit);
            let moved = match s.rules.ruleset {
                Ruleset::HexCommands => hex_move(s, u, order.as_deref(), to, &mut step)?,
                Ruleset::M42 => m42_move(s, u, order.as_deref(), to, &followers, &mut step)?,
                Ruleset::Orders => orders_move(s, u, order.as_deref(), to, &followers, &mut step)?,
                Ruleset::ColumnOfMarch => column_unit_move(s, u, order.as_deref(), to, &mut step)?,
            };
            step.units.push(moved);
            step.acted.push(unit);
            Action::Move {
                unit,
                order,
                to,
                followers,
            }
        }
        Action::Command { leader, command } => {
            let u = unit_of(s, leader)?;
            if s.rules.ruleset != Ruleset::HexCommands {
                return Err(Refused::NotThisRuleset(
                    "command chits belong to the hex commands (R5)".into(),
                ));
            }
            in_phase(phase, Phase::Command, "a change of command")?;
            not_acted(s, u)?;
            let Some(ld) = u.leadership else {
                return Err(Refused::rules(
                    format!("{} carries no command chit", u.name),
                    vec!["only leaders hold a command".into()],
                ));
            };
            let losses = losses(s, leader)?;
            change_allowed(ld.command, command, losses).map_err(|why| {
                Refused::rules(
                    format!("{} may not change to {command}", u.name),
                    vec![why.to_string()],
                )
            })?;
            let mut n = u.clone();
            if let Some(l) = n.leadership.as_mut() {
                l.command = command;
            }
            step.what = format!("{}: {} → {command}", u.name, ld.command);
            if command == Command::Muster && ld.command != Command::Muster {
                step.reasons.push(if ld.command.is_charge() {
                    format!("Muster: the early change from {} (span +1)", ld.command)
                } else {
                    format!("Muster: {losses} units of his force routed or destroyed (span +1)")
                });
            }
            step.unit = Some(leader);
            step.acted.push(leader);
            step.units.push(n);
            Action::Command { leader, command }
        }
        Action::Column {
            column,
            order,
            dice,
        } => {
            in_phase(phase, Phase::Movement, "a column's order")?;
            let dice = column_order(s, column, order.clone(), &dice, &mut rng, &mut step)?;
            Action::Column {
                column,
                order,
                dice,
            }
        }
        Action::Test {
            unit,
            kind,
            cause,
            dice,
        } => {
            let dice = test(s, unit, kind, cause, &dice, &mut rng, &mut step)?;
            Action::Test {
                unit,
                kind,
                cause,
                dice,
            }
        }
        Action::LeaderCheck { unit, dice } => {
            let u = unit_of(s, unit)?;
            if s.rules.ruleset != Ruleset::Orders {
                return Err(Refused::NotThisRuleset(
                    "the Ld check belongs to the orders rules (R3)".into(),
                ));
            }
            not_acted(s, u)?;
            // The check comes before an order: none for a unit that may take none.
            if let Some(why) = crate::rules::orders::no_order(u) {
                return Err(Refused::rules(
                    format!("{}: Ld check", u.name),
                    vec![why.to_string()],
                ));
            }
            let (logged, total) = dice::take(&mut rng, &dice, 2).map_err(Refused::Dice)?;
            let passed = total <= u.stats.ld;
            let mut n = u.clone();
            n.state.failed_ld_check = !passed;
            step.unit = Some(unit);
            step.what = format!(
                "{}: Ld check, 2D6 {} against Ld {}: {}",
                u.name,
                dice::roll_text(&logged),
                u.stats.ld,
                if passed {
                    "passed"
                } else {
                    "failed, Fall Back! is its only order this turn"
                }
            );
            step.reasons.push(format!(
                "the Ld check passes on 2D6 at or under the unit's Ld ({})",
                u.stats.ld
            ));
            step.units.push(n);
            Action::LeaderCheck { unit, dice: logged }
        }
        Action::Referee { unit, note } => {
            let note = note.trim().to_string();
            if note.is_empty() {
                return Err(Refused::EmptyNote);
            }
            let old = unit_of(s, unit.id)?;
            if old.side != unit.side {
                return Err(Refused::RefereeInvalid(
                    "a unit does not change sides".into(),
                ));
            }
            let mut trial = s.clone();
            if let Some(slot) = trial.unit_mut(unit.id) {
                *slot = (*unit).clone();
            }
            if let Some(p) = trial.validate().first() {
                return Err(Refused::RefereeInvalid(p.to_string()));
            }
            step.unit = Some(unit.id);
            step.what = format!("Referee: {} set by hand — {note}", unit.name);
            step.reasons.push(format!("referee override: {note}"));
            step.acted.push(unit.id);
            step.units.push((*unit).clone());
            Action::Referee { unit, note }
        }
        Action::EndPhase => {
            let phases = super::phases(s.rules.ruleset);
            let i = phases.iter().position(|p| *p == phase).unwrap_or(0);
            match phases.get(i + 1) {
                Some(next) => {
                    end_of_phase(s, phase, &mut step);
                    step.what = format!("End of the {phase}: {next}");
                    step.phase = Some(*next);
                }
                None => end_turn(s, phase, &mut step)?,
            }
            Action::EndPhase
        }
        Action::EndTurn => {
            end_turn(s, phase, &mut step)?;
            Action::EndTurn
        }
    };
    // Everything was decided before anything changes: record what it changes, then carry it
    // out.
    let undo = Undo {
        units: step
            .units
            .iter()
            .filter_map(|u| s.unit(u.id).cloned())
            .collect(),
        column: step.column.as_ref().and_then(|c| s.column(c.id).cloned()),
        turn,
        phase,
        acted: game.acted.clone(),
        dice: game.dice,
    };
    for u in step.units {
        if let Some(slot) = s.unit_mut(u.id) {
            *slot = u;
        }
    }
    if let Some(c) = step.column
        && let Some(slot) = s.columns.iter_mut().find(|x| x.id == c.id)
    {
        *slot = c;
    }
    if let Some(t) = step.turn {
        s.turn = t;
    }
    if let Some(g) = s.game.as_mut() {
        g.dice = rng.0;
        if let Some(p) = step.phase {
            g.phase = p;
            g.acted.clear();
        }
        for u in step.acted {
            if !g.acted.contains(&u) {
                g.acted.push(u);
            }
        }
    }
    Ok(LogEntry {
        turn,
        phase,
        unit: step.unit,
        action: logged,
        what: step.what,
        reasons: step.reasons,
        path: step.path,
        undo,
    })
}

/// What an action changes, gathered before any of it is carried out.
#[derive(Default)]
struct Step {
    unit: Option<UnitId>,
    what: String,
    reasons: Vec<String>,
    path: Vec<Place>,
    units: Vec<Unit>,
    column: Option<crate::model::Column>,
    acted: Vec<UnitId>,
    /// A new phase (clears who has acted).
    phase: Option<Phase>,
    turn: Option<u16>,
}

fn unit_of(s: &Scenario, id: UnitId) -> Result<&Unit, Refused> {
    s.unit(id).ok_or_else(|| Refused::NoUnit(id.to_string()))
}

fn in_phase(now: Phase, needed: Phase, what: &str) -> Result<(), Refused> {
    if now == needed {
        Ok(())
    } else {
        Err(Refused::WrongPhase {
            what: what.into(),
            phase: now,
        })
    }
}

fn not_acted(s: &Scenario, u: &Unit) -> Result<(), Refused> {
    if super::has_acted(s, u.id) {
        Err(Refused::Acted {
            name: u.name.clone(),
        })
    } else {
        Ok(())
    }
}

fn hex_err(e: hex::HexError) -> Refused {
    Refused::rules("the hex rules cannot answer", vec![e.to_string()])
}

/// Routed and destroyed units of a leader's force (the Muster trigger, R5).
fn losses(s: &Scenario, leader: UnitId) -> Result<usize, Refused> {
    let r = HexRules::new(s).map_err(hex_err)?;
    Ok(r.muster_trigger(leader)
        .map_err(hex_err)?
        .routed_or_destroyed
        .len())
}

/// The commands a leader may take now, each with the rules' reason when refused.
pub(super) fn commands(s: &Scenario, leader: UnitId) -> Result<super::CommandChoices, Refused> {
    let u = unit_of(s, leader)?;
    let Some(ld) = u.leadership else {
        return Ok(Vec::new());
    };
    let lost = losses(s, leader)?;
    Ok(Command::ALL
        .into_iter()
        .map(|c| {
            (
                c,
                change_allowed(ld.command, c, lost).map_err(|e| e.to_string()),
            )
        })
        .collect())
}

/// R5: the unit moves to a hex its preview calls legal, facing the way of its last step.
fn hex_move(
    s: &Scenario,
    u: &Unit,
    order: Option<&str>,
    to: Option<Place>,
    step: &mut Step,
) -> Result<Unit, Refused> {
    let Some(Place::Hex(hex)) = to else {
        return Err(Refused::rules(
            format!("{} moves on the hex map", u.name),
            vec!["give the hex to move to".into()],
        ));
    };
    let command = match order {
        Some(o) => Some(Command::parse(o).ok_or_else(|| {
            Refused::rules(
                format!("no command '{o}'"),
                vec![
                    "commands: Attack, Advance, Stand, Retreat, Reserve, Muster, Charge 1-3".into(),
                ],
            )
        })?),
        None => None,
    };
    let pv = HexRules::new(s)
        .map_err(hex_err)?
        .preview(u.id, command)
        .map_err(hex_err)?;
    let label = s.map.as_hex().map_or_else(String::new, |m| m.label(hex));
    let what = format!("{} may not end at {label}", u.name);
    let v = pv.get(hex).ok_or_else(|| {
        Refused::rules(
            what.clone(),
            vec![format!(
                "out of reach: more than {} MP away, or no way through",
                pv.allowance
            )],
        )
    })?;
    if let Some(r) = &v.reason {
        return Err(Refused::rules(what, vec![r.to_string()]));
    }
    if hex == pv.start && pv.entry.is_none() {
        return Err(Refused::rules(what, vec!["it stands there already".into()]));
    }
    let hexes = pv.path(hex).unwrap_or_default();
    let facing = match (hexes.len(), &u.position) {
        (n, _) if n >= 2 => hexes[n - 2]
            .neighbor_direction(hexes[n - 1])
            .map(|d| d.index())
            .unwrap_or(0),
        (_, Position::Hex { facing, .. }) => *facing,
        _ => 0,
    };
    let under = match pv.command.moves_as {
        Some(c) => format!("under {c}"),
        None if u.is_leader() => "as a leader".to_string(),
        None => "out of command".to_string(),
    };
    step.what = format!(
        "{} moves to {label}, {} of {} MP, {under}",
        u.name, v.cost, pv.allowance
    );
    step.reasons
        .extend(pv.constraints.iter().map(ToString::to_string));
    step.reasons
        .extend(pv.effects.iter().map(ToString::to_string));
    step.path = hexes.into_iter().map(Place::Hex).collect();
    let mut n = u.clone();
    n.position = Position::Hex { hex, facing };
    Ok(n)
}

fn table_point(u: &Unit, to: Option<Place>) -> Result<Option<Point>, Refused> {
    match to {
        None => Ok(None),
        Some(Place::Table(p)) => Ok(Some(p)),
        Some(Place::Hex(_)) => Err(Refused::rules(
            format!("{} moves on the table", u.name),
            vec!["give a point in inches, not a hex".into()],
        )),
    }
}

/// The unit with its leader at `to` and each follower at the spot the player gave (checked by
/// the placement rule) or else the rules' suggestion; models with no spot stay.
fn place_followers(
    s: &Scenario,
    u: &Unit,
    leader: ModelId,
    to: Point,
    suggestions: Vec<Suggestion>,
    coherency: Option<f32>,
    given: &[(ModelId, Point)],
) -> Result<Unit, Refused> {
    let mut n = u.clone();
    if let Some(m) = n.models.iter_mut().find(|m| m.id == leader) {
        m.pos = to;
    }
    let landings: Vec<_> = suggestions.iter().map(|f| f.landing.clone()).collect();
    for f in &suggestions {
        if let Some(spot) = f.spot
            && let Some(m) = n.models.iter_mut().find(|m| m.id == f.landing.model)
        {
            m.pos = spot;
        }
    }
    for (model, p) in given {
        if *model == leader {
            continue;
        }
        placement::check(s, &n, &landings, coherency, *model, *p).map_err(|why| {
            Refused::rules(
                format!("model {model} of {} may not stand there", u.name),
                vec![why.to_string()],
            )
        })?;
        if let Some(m) = n.models.iter_mut().find(|m| m.id == *model) {
            m.pos = *p;
        }
    }
    Ok(n)
}

fn table_path(points: &[Point]) -> Vec<Place> {
    points.iter().copied().map(Place::Table).collect()
}

/// R2: the leader to a destination the M42 rules call legal, the followers around him.
fn m42_move(
    s: &Scenario,
    u: &Unit,
    order: Option<&str>,
    to: Option<Place>,
    given: &[(ModelId, Point)],
    step: &mut Step,
) -> Result<Unit, Refused> {
    let mt = match order {
        Some(o) => MoveType::parse(o).ok_or_else(|| {
            Refused::rules(
                format!("no move type '{o}'"),
                vec!["move types: halt, advance, at-the-double, dig-in".into()],
            )
        })?,
        None => MoveType::Advance,
    };
    let to = table_point(u, to)?;
    let p = m42::preview(s, u.id, mt, m42::Options { leader: None, to })
        .ok_or_else(|| Refused::NoUnit(u.id.to_string()))?;
    let what = format!("{}: {mt} refused", u.name);
    if let Some(why) = &p.refused {
        return Err(Refused::rules(what, vec![why.to_string()]));
    }
    step.reasons
        .extend(p.effects.iter().map(ToString::to_string));
    let Some((leader, _)) = p.leader else {
        step.what = format!("{}: {mt}, nobody moves", u.name);
        return Ok(u.clone());
    };
    let Some(to) = to else {
        step.what = format!("{}: {mt}, the leader stays", u.name);
        return Ok(u.clone());
    };
    let d = p
        .destination
        .as_ref()
        .ok_or_else(|| Refused::rules(what.clone(), vec!["no destination was judged".into()]))?;
    let route = d
        .verdict
        .as_ref()
        .map_err(|why| Refused::rules(what.clone(), vec![why.to_string()]))?;
    step.what = format!(
        "{}: {mt}, the leader moves {:.2}\" of {:.2}\"{}",
        u.name,
        route.length_in,
        p.leader_allowance_in,
        if d.assault { " (an assault)" } else { "" }
    );
    step.path = table_path(&route.points);
    let suggestions = p.followers.iter().map(|f| f.suggestion(u)).collect();
    place_followers(
        s,
        u,
        leader,
        to,
        suggestions,
        Some(m42::coherency(u)),
        given,
    )
}

/// R3: the leader to a destination the orders rules call legal, the followers set down.
fn orders_move(
    s: &Scenario,
    u: &Unit,
    order: Option<&str>,
    to: Option<Place>,
    given: &[(ModelId, Point)],
    step: &mut Step,
) -> Result<Unit, Refused> {
    let action = match order {
        Some(o) => orders::Action::parse(o).ok_or_else(|| {
            Refused::rules(
                format!("no order '{o}'"),
                vec![
                    "orders: open-fire, advance, rally, at-the-double, go-to-ground, fall-back"
                        .into(),
                ],
            )
        })?,
        None => orders::default_action(u),
    };
    if let Some(why) = orders::refusal(u, action) {
        return Err(Refused::rules(
            format!("{}: {} refused", u.name, action.name()),
            vec![why.to_string()],
        ));
    }
    let to = table_point(u, to)?;
    let mut req = OrderRequest::new(u.id, action);
    if let Some(p) = to {
        req = req.to(p);
    }
    let pv = orders::preview(s, req).map_err(|e| {
        Refused::rules(
            format!("{}: {}", u.name, action.name()),
            vec![e.to_string()],
        )
    })?;
    step.reasons.extend(pv.notes.iter().cloned());
    let Some(lp) = pv.leader.as_ref() else {
        step.what = format!("{}: {}, nobody moves", u.name, action.name());
        return Ok(u.clone());
    };
    let Some(to) = to else {
        step.what = format!("{}: {}, the leader stays", u.name, action.name());
        return Ok(u.clone());
    };
    let d = pv.destination.as_ref().ok_or_else(|| {
        Refused::rules(
            format!("{}: {}", u.name, action.name()),
            vec!["no destination was judged".into()],
        )
    })?;
    if !d.legal {
        let why = d
            .reason
            .as_ref()
            .map_or_else(|| "refused".to_string(), |w| w.text.clone());
        return Err(Refused::rules(
            format!("{}: {} may not end there", u.name, action.name()),
            vec![why],
        ));
    }
    let length = d.path.as_ref().map_or(0.0, |p| p.length_in);
    step.what = format!(
        "{}: {}, the leader moves {length:.2}\" of {:.2}\"",
        u.name,
        action.name(),
        d.allowance_in
    );
    if let Some(p) = &d.path {
        step.path = table_path(&p.points);
    }
    let suggestions = orders::suggest_followers(s, &pv, u, lp.model, lp.from, to);
    place_followers(s, u, lp.model, to, suggestions, None, given)
}

/// R1: a unit outside a formed column moves up to its Mv along a legal path, as a block.
fn column_unit_move(
    s: &Scenario,
    u: &Unit,
    order: Option<&str>,
    to: Option<Place>,
    step: &mut Step,
) -> Result<Unit, Refused> {
    if let Some(c) = s.column_of(u.id)
        && (c.state == ColumnState::Formed || u.position == Position::OffMap)
    {
        return Err(Refused::rules(
            format!("{} marches in column '{}'", u.name, c.name),
            vec![if c.state == ColumnState::Formed {
                "a unit in a formed column moves only with its column: give the column an order"
                    .into()
            } else {
                "a unit off table comes on only at the column's entry point".into()
            }],
        ));
    }
    if let Some(o) = order {
        return Err(Refused::NotThisRuleset(format!(
            "columns of march (R1) have no order '{o}' for a single unit"
        )));
    }
    let Some(goal) = table_point(u, to)? else {
        return Err(Refused::rules(
            format!("{} moves on the table", u.name),
            vec!["give the point to move to".into()],
        ));
    };
    let Some(model) = u.leader().or(u.models.first()).copied() else {
        return Err(Refused::rules(
            format!("{} cannot move", u.name),
            vec!["it has no figures".into()],
        ));
    };
    if !u.on_table() || !u.in_play() {
        return Err(Refused::rules(
            format!("{} cannot move", u.name),
            vec!["it is not on the table".into()],
        ));
    }
    let allowance = f32::from(u.stats.mv);
    let board = Board::new(s, u.side, reach::mover_radius(&model));
    let path =
        reach::path_to(&board, model.pos, goal, allowance, Avoid::standard()).map_err(|e| {
            let why = match e {
                Unreachable::Blocked(_) => "the destination is blocked".to_string(),
                Unreachable::Enclosed => "no legal route reaches it".to_string(),
                Unreachable::TooFar { length } => format!(
                    "the shortest legal route is {length:.2}\", beyond its move of {allowance}\""
                ),
            };
            Refused::rules(format!("{} may not end there", u.name), vec![why])
        })?;
    step.what = format!("{} moves {:.2}\" of {allowance}\"", u.name, path.length);
    step.path = table_path(&path.points);
    let shift = goal - model.pos;
    let mut n = u.clone();
    for m in &mut n.models {
        m.pos += shift;
    }
    Ok(n)
}

/// R1: a column's order with its 2D6 test; returns the dice to log.
fn column_order(
    s: &Scenario,
    id: crate::model::ColumnId,
    order: ColumnOrder,
    dice: &Dice,
    rng: &mut SplitMix64,
    step: &mut Step,
) -> Result<Dice, Refused> {
    if s.rules.ruleset != Ruleset::ColumnOfMarch {
        return Err(Refused::NotThisRuleset(
            "columns of march belong to R1".into(),
        ));
    }
    let col = s
        .column(id)
        .ok_or_else(|| Refused::NoColumn(id.to_string()))?;
    if let Some(u) = col
        .members
        .iter()
        .filter_map(|m| s.unit(m.unit))
        .find(|u| super::has_acted(s, u.id))
    {
        return Err(Refused::Acted {
            name: format!("{} (of column '{}')", u.name, col.name),
        });
    }
    let name = col.name.clone();
    let colerr = |e: column::ColumnError| Refused::rules(name.clone(), vec![e.to_string()]);
    let (logged, roll) = dice::take(rng, dice, 2).map_err(Refused::Dice)?;
    let rolled = dice::roll_text(&logged);
    let illegal = |what: String, v: Vec<column::Illegal>| {
        Refused::rules(what, v.iter().map(ToString::to_string).collect())
    };
    let outcome: ColumnOutcome = match order {
        ColumnOrder::StandTo | ColumnOrder::Move { .. } => {
            let o = match order {
                ColumnOrder::Move { distance_in, route } => Order::Move {
                    distance_in,
                    route: (!route.is_empty()).then_some(route),
                },
                _ => Order::StandTo,
            };
            let asked = match &o {
                Order::StandTo => "Stand To".to_string(),
                Order::Move { distance_in, .. } => format!("Move {distance_in}\""),
            };
            let c = column::carry_out(s, id, o, roll).map_err(colerr)?;
            step.unit = column::preview(s, id, column::Activation::Failed)
                .ok()
                .map(|p| p.lead);
            step.what = if c.passed {
                format!(
                    "{name}: {asked} (2D6 {rolled}, needed {}: passed)",
                    c.needed
                )
            } else {
                format!(
                    "{name}: {asked} failed (2D6 {rolled}, needed {}): the column repeats its last action",
                    c.needed
                )
            };
            c.outcome.map_err(|v| illegal(step.what.clone(), v))?
        }
        ColumnOrder::VoluntaryBreak(unit) => {
            let vb = column::voluntary_break(s, id, unit).map_err(colerr)?;
            let (passed, outcome) = vb.carry_out(s, roll);
            step.unit = Some(unit);
            step.what = if passed {
                format!(
                    "{name}: voluntary break, order to {} (2D6 {rolled}, needed {}: passed): the column is broken, no pin tests",
                    vb.name, vb.test.discipline
                )
            } else {
                format!(
                    "{name}: voluntary break failed (order to {}, 2D6 {rolled}, needed {}): the column repeats its last action",
                    vb.name, vb.test.discipline
                )
            };
            outcome.map_err(|v| illegal(step.what.clone(), v))?
        }
        ColumnOrder::Enter(unit) => {
            let e = column::entry(s, id, Some(unit), None).map_err(colerr)?;
            step.unit = Some(unit);
            step.acted.push(unit);
            match e.carry_out(s, roll) {
                Some(outcome) => {
                    step.what = format!(
                        "{}: comes on (2D6 {rolled}, needed {}: passed)",
                        e.name, e.test.discipline
                    );
                    outcome.map_err(|v| illegal(step.what.clone(), v))?
                }
                None => {
                    step.what = format!(
                        "{}: activation failed (2D6 {rolled}, needed {}): it stays off table this turn",
                        e.name, e.test.discipline
                    );
                    ColumnOutcome::default()
                }
            }
        }
    };
    for m in &col.members {
        step.acted.push(m.unit);
    }
    step.units.extend(outcome.units);
    step.column = outcome.column;
    Ok(logged)
}

/// R4: a morale or rally test resolved by the rules with the dice; returns the dice to log.
fn test(
    s: &Scenario,
    unit: UnitId,
    kind: TestKind,
    cause: Option<TestCause>,
    dice: &TestDice,
    rng: &mut SplitMix64,
    step: &mut Step,
) -> Result<TestDice, Refused> {
    let u = unit_of(s, unit)?;
    let rkind = match kind {
        TestKind::Morale => morale::TestKind::Morale,
        TestKind::Rally => morale::TestKind::Rally,
    };
    let mut req = TestRequest::new(unit, rkind);
    if let Some(c) = cause {
        req = req.with_cause(match c {
            TestCause::Fire => Cause::Fire,
            TestCause::Melee => Cause::Melee,
        });
    }
    let what = format!("{}: {} refused", u.name, kind_name(kind));
    let refuse = |e: morale::MoraleError| Refused::rules(what.clone(), vec![e.to_string()]);
    let pv = morale::preview(s, req).map_err(refuse)?;
    let (resolution, logged) = match dice {
        TestDice::KeepRouting => (Resolution::KeepRouting, TestDice::KeepRouting),
        TestDice::Roll {
            first,
            reroll,
            follow_up,
        } => {
            let (d1, r1) = dice::take(rng, first, 1).map_err(Refused::Dice)?;
            let first_fails = !pv.roll(r1, None).map_err(refuse)?.first_passes;
            let (d2, r2) = match reroll {
                Some(again) if first_fails => {
                    let (d, r) = dice::take(rng, again, 1).map_err(Refused::Dice)?;
                    (Some(d), Some(r))
                }
                Some(_) => {
                    return Err(Refused::rules(
                        what,
                        vec!["the first roll passed: there is nothing to re-roll".into()],
                    ));
                }
                None => (None, None),
            };
            (
                Resolution::Roll {
                    first: r1,
                    reroll: r2,
                },
                TestDice::Roll {
                    first: d1,
                    reroll: d2,
                    follow_up: follow_up.clone(),
                },
            )
        }
    };
    let r = morale::resolve(s, req, resolution).map_err(refuse)?;
    step.unit = Some(unit);
    step.what = match &r.roll {
        Some(roll) => format!("{}: {}", r.label, morale::report::roll_text(&pv, roll)),
        None => format!("{}: {}", r.label, r.outcome),
    };
    if let TestDice::Roll { first, reroll, .. } = &logged {
        step.what.push_str(&format!(" [{}", dice::roll_text(first)));
        if let Some(d) = reroll {
            step.what
                .push_str(&format!(", re-roll {}", dice::roll_text(d)));
        }
        step.what.push(']');
    }
    step.reasons.extend(
        morale::report::text(&pv)
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(String::from),
    );
    let logged = match logged {
        TestDice::Roll {
            first,
            reroll,
            follow_up,
        } => {
            let follow_up = follow_ups(&pv, &r, &follow_up, rng, step)?;
            TestDice::Roll {
                first,
                reroll,
                follow_up,
            }
        }
        k => k,
    };
    step.units.push(r.unit);
    step.units.extend(r.commander);
    Ok(logged)
}

/// The rolls an outcome asks for after the test (R4), each from `given` in order or rolled:
/// a forced move rolled in inches (an artillery unit's retire, 2D6" foot or 3D6" horse), and
/// for an elephant that failed a morale test under the stampede rule, the D6 (1-2 stampedes)
/// and its 3D6" with the units it reaches. Returns the dice to log.
fn follow_ups(
    pv: &morale::TestPreview,
    r: &morale::Resolved,
    given: &[Dice],
    rng: &mut SplitMix64,
    step: &mut Step,
) -> Result<Vec<Dice>, Refused> {
    let mut given = given.iter();
    let mut out = Vec::new();
    let mut next = |rng: &mut SplitMix64, d: RulesDice| -> Result<(Dice, u32), Refused> {
        let asked = given.next().cloned().unwrap_or(Dice::App);
        let (logged, total) = match d {
            RulesDice::D3 => {
                let (l, t) = dice::take(rng, &asked, 1).map_err(Refused::Dice)?;
                (l, u32::from(t).div_ceil(2))
            }
            _ => {
                let (l, t) = dice::take(rng, &asked, d.count() as usize).map_err(Refused::Dice)?;
                (l, u32::from(t))
            }
        };
        out.push(logged.clone());
        Ok((logged, total))
    };
    if let Some(m) = r.outcome.movement
        && let morale::Distance::Dice(d) = m.distance
    {
        let (logged, inches) = next(rng, d)?;
        let what = morale::Movement {
            kind: m.kind,
            distance: morale::Distance::Fixed(inches),
        };
        step.what
            .push_str(&format!("; {what} ({d}: {})", dice::roll_text(&logged)));
    }
    if let Some(st) = &pv.stampede
        && r.outcome.kind == morale::OutcomeKind::Fail
    {
        let (logged, d6) = next(rng, RulesDice::D6)?;
        if d6 <= 2 {
            let (rolled, inches) = next(rng, RulesDice::ThreeD6)?;
            let reached: Vec<&str> = st
                .in_path
                .iter()
                .filter(|u| u.needs <= inches)
                .map(|u| u.name.as_str())
                .collect();
            step.what.push_str(&format!(
                "; stampede (D6 {}: 1-2) {inches}\" straight back (3D6: {})",
                dice::roll_text(&logged),
                dice::roll_text(&rolled)
            ));
            step.reasons.push(if reached.is_empty() {
                "no unit in the stampede's path is reached".to_string()
            } else {
                format!("morale test for every unit reached: {}", reached.join(", "))
            });
        } else {
            step.what.push_str(&format!(
                "; no stampede (D6 {}: 1-2 stampedes)",
                dice::roll_text(&logged)
            ));
        }
    }
    Ok(out)
}

fn kind_name(k: TestKind) -> &'static str {
    match k {
        TestKind::Morale => "morale test",
        TestKind::Rally => "rally test",
    }
}

/// The end of a phase: in R5's Command Phase, every leader whose chit is a charge and who did
/// not change it moves on along the Charge timeline by himself.
fn end_of_phase(s: &Scenario, phase: Phase, step: &mut Step) {
    if phase != Phase::Command {
        return;
    }
    for u in &s.units {
        let Some(ld) = u.leadership else { continue };
        if super::has_acted(s, u.id) {
            continue;
        }
        if let Some(next) = next_in_timeline(ld.command) {
            let mut n = u.clone();
            if let Some(l) = n.leadership.as_mut() {
                l.command = next;
            }
            step.reasons.push(format!(
                "{}: {} → {next} (the charge timeline moves on)",
                u.name, ld.command
            ));
            step.units.push(n);
        }
    }
}

/// The next turn: the counter advances, the first phase begins, and the flags the rules keep
/// for "this turn" (charging, charged, evaded, arrived, a failed Ld check) are cleared.
fn end_turn(s: &Scenario, phase: Phase, step: &mut Step) -> Result<(), Refused> {
    let next = s.turn.checked_add(1).ok_or_else(|| {
        Refused::rules(
            "the turn counter is at its end",
            vec![format!("turn {}", s.turn)],
        )
    })?;
    end_of_phase(s, phase, step);
    let changed: Vec<UnitId> = step.units.iter().map(|u| u.id).collect();
    for u in step.units.iter_mut() {
        clear_turn_flags(u);
    }
    for u in s.units.iter().filter(|u| !changed.contains(&u.id)) {
        let mut n = u.clone();
        clear_turn_flags(&mut n);
        if n != *u {
            step.units.push(n);
        }
    }
    let first = super::phases(s.rules.ruleset)[0];
    step.what = format!("End of turn {}: turn {next}, {first}", s.turn);
    step.turn = Some(next);
    step.phase = Some(first);
    Ok(())
}

fn clear_turn_flags(u: &mut Unit) {
    u.state.charging = false;
    u.state.charged = false;
    u.state.evaded = false;
    u.state.arrived_this_turn = false;
    u.state.failed_ld_check = false;
}
