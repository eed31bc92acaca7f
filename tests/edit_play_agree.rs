//! Edit and Play cannot drift: a rules answer committed in the editor (a designer setting a
//! position up) and the same answer played in a game land the same units and columns, and
//! what the preview showed before the commit is what lands. Every sample, every unit, every
//! choice its preview offers, every chit, test and column order with the dice either way.
//! Then the four places where Play and the previews once disagreed, each under its rule.

use sandtable::edit::{Document, ops::outcome};
use sandtable::game::{self, Refused};
use sandtable::geom::Point;
use sandtable::model::game::{Action, ColumnOrder, Dice, Phase, TestDice};
use sandtable::model::*;
use sandtable::preview::{self, Choice, ColumnChoice, Request};
use sandtable::rules::engine::{self, TypedOnly};
use sandtable::rules::hex_commands;
use sandtable::samples;

const SAMPLES: [&str; 5] = ["bakambo", "rearguard", "skirmish", "patrol", "winceby"];

fn sample(name: &str) -> Scenario {
    samples::by_name(name)
        .expect("sample")
        .load()
        .expect("the sample loads")
}

/// The sample with a game under way, in the Movement Phase of `side` (the first side's when
/// `None`).
fn in_movement_of(s: &Scenario, side: Option<SideId>) -> Scenario {
    let mut g = game::play(s, Action::EndTurn, 5)
        .expect("a game starts")
        .scenario;
    for _ in 0..8 {
        let st = game::stage(&g);
        if st.phase == Phase::Movement && (side.is_none() || st.side == side) {
            return g;
        }
        g = game::play(&g, Action::EndPhase, 5)
            .expect("the next phase")
            .scenario;
    }
    panic!("no Movement Phase of {side:?}")
}

fn in_movement(name: &str) -> Scenario {
    in_movement_of(&sample(name), None)
}

/// `action` carried out as the editor does outside a game: the engine, then its outcome
/// applied to the document as one edit.
fn in_edit(s: &Scenario, action: &Action) -> Result<Scenario, String> {
    let o = engine::carry_out(s, None, action, &mut TypedOnly).map_err(|e| e.to_string())?;
    let mut doc = Document::new(s.clone(), None);
    doc.apply("rules answer", outcome::carried(&o))
        .map_err(|e| e.to_string())?;
    Ok(doc.scenario().clone())
}

/// `action` played in the game.
fn in_play(s: &Scenario, action: &Action) -> Result<Scenario, String> {
    game::play(s, action.clone(), 5)
        .map(|p| p.scenario)
        .map_err(|e| e.to_string())
}

/// Both ways give the same forces, or both refuse. Returns whether it was carried out.
fn agree(s: &Scenario, action: &Action, what: &str) -> Option<Scenario> {
    match (in_edit(s, action), in_play(s, action)) {
        (Ok(e), Ok(p)) => {
            assert_eq!(e.units, p.units, "{what}: the units differ");
            assert_eq!(e.columns, p.columns, "{what}: the columns differ");
            Some(e)
        }
        (Err(e), Err(p)) => {
            assert_eq!(e, p, "{what}: refused for different reasons");
            None
        }
        (e, p) => panic!("{what}: Edit gave {e:?}, Play gave {p:?}"),
    }
}

/// Places to try as a leader's destination: rings around `c`, nearest the middle of the
/// allowance first.
fn around(c: Point, r: f32) -> Vec<Point> {
    let mut v = Vec::new();
    for k in 1..=8 {
        let d = r * k as f32 / 8.0;
        for i in 0..12 {
            let a = i as f32 * std::f32::consts::TAU / 12.0;
            v.push(c + Point::new(a.cos(), a.sin()) * d);
        }
    }
    v.sort_by(|a, b| {
        (a.distance(c) - r * 0.6)
            .abs()
            .total_cmp(&(b.distance(c) - r * 0.6).abs())
    });
    v
}

/// The order a move under `choice` is played with.
fn order_of(choice: Choice) -> Option<Option<MoveOrder>> {
    match choice {
        Choice::HexMove(None) => Some(None),
        Choice::M42(t) => Some(Some(MoveOrder::MoveType(t))),
        Choice::Orders(a) => Some(Some(MoveOrder::Order(a))),
        Choice::Alone => Some(None),
        _ => None,
    }
}

/// The move the preview proposes for `unit` under `choice` at its first legal place: the
/// action the editor commits, and the unit as the preview showed it (the ghost, with its
/// followers placed where the preview placed them).
fn proposed(s: &Scenario, unit: UnitId, choice: Choice) -> Option<(Action, Unit)> {
    let order = order_of(choice)?;
    let overlay = preview::compute(s, &Request::new(unit, choice)).ok()?;
    let places: Vec<Point> = match s.map.as_hex() {
        Some(h) => hex_commands::preview_moves(s, unit, None)
            .ok()?
            .legal()
            .filter(|v| v.cost > 0)
            .take(6)
            .map(|v| sandtable::scene::layout(h).hex_to_world_pos(v.hex))
            .collect(),
        None => around(preview::anchor(s, unit)?, 10.0),
    };
    let ghost = places
        .into_iter()
        .filter_map(|p| overlay.ghost(s, p))
        .find(|g| g.legal)?;
    let (shown, leader) = match overlay.place_followers(s, &ghost) {
        Some(p) => (p.unit.clone(), Some(p.leader)),
        None => (ghost.unit.clone(), None),
    };
    let to = match shown.hex() {
        Some((hex, _)) => Place::Hex(hex),
        None => Place::Table(
            leader
                .and_then(|l| shown.model(l))
                .or(shown.leader())
                .or(shown.models.first())
                .expect("a model")
                .pos,
        ),
    };
    let followers = shown
        .models
        .iter()
        .filter(|m| Some(m.id) != leader && shown.hex().is_none())
        .filter(|m| s.unit(unit).and_then(|u| u.model(m.id)).map(|o| o.pos) != Some(m.pos))
        .map(|m| (m.id, m.pos))
        .collect();
    Some((
        Action::Move {
            unit,
            order,
            to: Some(to),
            followers,
        },
        shown,
    ))
}

/// The game after `unit` passes the Ld check its turn begins with (R3; a 2 passes any Ld),
/// or as it is when the unit owes none.
fn ld_checked(s: &Scenario, unit: UnitId) -> Scenario {
    let owed = engine::choices(s, unit)
        .iter()
        .any(|c| matches!(c.choice, Choice::LdCheck) && c.refused.is_none());
    if !owed {
        return s.clone();
    }
    game::play(
        s,
        Action::LeaderCheck {
            unit,
            dice: Dice::Typed(2),
        },
        5,
    )
    .expect("the Ld check")
    .scenario
}

/// Play's outcome, after the other side declines every reaction to a halted move (Edit sets
/// a position up: nobody reacts there).
fn gone_on(mut s: Scenario) -> Scenario {
    while s.game.as_ref().is_some_and(|g| g.state.halted.is_some()) {
        s = game::play(&s, Action::GoOn, 5).expect("goes on").scenario;
    }
    s
}

#[test]
fn every_move_a_preview_offers_lands_as_shown_in_edit_and_in_play() {
    for name in SAMPLES {
        let base = sample(name);
        let mut moved = 0;
        for side in base.sides.iter().map(|x| x.id) {
            let s = in_movement_of(&base, Some(side));
            for u in s.units.iter().filter(|u| u.side == side) {
                for c in preview::choices(&s, u.id) {
                    if c.refused.is_some() {
                        continue;
                    }
                    let Some((action, shown)) = proposed(&s, u.id, c.choice) else {
                        continue;
                    };
                    let what = format!("{name}: {} under {}", u.name, c.choice);
                    let edit = in_edit(&s, &action).unwrap_or_else(|e| {
                        panic!("{what}: the preview's legal place was refused: {e}")
                    });
                    let play = gone_on(
                        in_play(&ld_checked(&s, u.id), &action)
                            .unwrap_or_else(|e| panic!("{what}: refused in Play: {e}")),
                    );
                    let after = if play
                        .game
                        .as_ref()
                        .is_some_and(|g| g.log.iter().any(|e| e.what.contains("barred")))
                    {
                        // Its way on was barred after a halt: a game's own turn of events.
                        continue;
                    } else {
                        assert_eq!(edit.units, play.units, "{what}: the units differ");
                        assert_eq!(edit.columns, play.columns, "{what}: the columns differ");
                        edit
                    };
                    assert_eq!(
                        after.unit(u.id),
                        Some(&shown),
                        "{what}: what lands is not what the preview showed"
                    );
                    moved += 1;
                }
            }
        }
        // Bakambo's column marches by its orders; its other units (the slavers, R1) move
        // on their own.
        assert!(moved >= 3, "{name}: only {moved} moves were tried");
    }
}

#[test]
fn every_chit_ld_check_and_test_lands_alike_in_edit_and_in_play() {
    for name in SAMPLES {
        let base = sample(name);
        let mut tried = 0;
        // Each side's units in their own first phase (R5: the Command Phase, both sides).
        for side in base.sides.iter().map(|x| x.id) {
            let s = if base.map.is_hex() {
                game::play(&base, Action::EndTurn, 5)
                    .expect("a game")
                    .scenario
            } else {
                in_movement_of(&base, Some(side))
            };
            for u in s.units.iter().filter(|u| u.side == side) {
                for c in engine::choices(&s, u.id) {
                    let actions: Vec<Action> = match c.choice {
                        Choice::Command(command) => vec![Action::Command {
                            leader: u.id,
                            command,
                        }],
                        Choice::Test(kind) => (1..=6)
                            .map(|r| Action::Test {
                                unit: u.id,
                                kind,
                                cause: None,
                                dice: TestDice::Roll {
                                    first: Dice::Typed(r),
                                    reroll: None,
                                    follow_up: vec![Dice::Typed(2), Dice::Typed(9)],
                                },
                            })
                            .collect(),
                        Choice::LdCheck => [2, 7, 12]
                            .into_iter()
                            .map(|r| Action::LeaderCheck {
                                unit: u.id,
                                dice: Dice::Typed(r),
                            })
                            .collect(),
                        _ => continue,
                    };
                    for a in actions {
                        let what = format!("{name}: {} {:?}", u.name, a);
                        if agree(&s, &a, &what).is_some() {
                            tried += 1;
                            assert!(
                                c.refused.is_none(),
                                "{what}: carried out though offered as refused ({:?})",
                                c.refused
                            );
                        }
                    }
                }
            }
        }
        // Bakambo (R1) and Patrol (R2) play no chits, no Ld checks and no R4 tests.
        if name != "bakambo" && name != "patrol" {
            assert!(tried > 0, "{name}: nothing was tried");
        }
    }
}

#[test]
fn every_column_order_lands_alike_in_edit_and_in_play_with_either_roll() {
    let s = in_movement("bakambo");
    assert!(!s.columns.is_empty());
    for col in &s.columns {
        let lead = col.members[0].unit;
        let mut orders = vec![
            ColumnOrder::StandTo,
            ColumnOrder::Move {
                distance_in: 4.0,
                route: Vec::new(),
            },
        ];
        for c in preview::choices(&s, lead) {
            if let Choice::Column(_, ColumnChoice::VoluntaryBreak(u)) = c.choice {
                orders.push(ColumnOrder::VoluntaryBreak(u));
            }
        }
        for order in orders {
            for roll in [2, 7, 12] {
                let a = Action::Column {
                    column: col.id,
                    order: order.clone(),
                    dice: Dice::Typed(roll),
                };
                let what = format!("{}: {order:?} rolled {roll}", col.name);
                let after = agree(&s, &a, &what);
                // After a break every unit still off table may be the one to try to come on.
                if let (Some(after), ColumnOrder::VoluntaryBreak(_)) = (after, &order)
                    && after.column(col.id).map(|c| c.state) == Some(ColumnState::Broken)
                {
                    for w in sandtable::rules::column::waiting(&after, col.id) {
                        for roll in [2, 12] {
                            let enter = Action::Column {
                                column: col.id,
                                order: ColumnOrder::Enter(w),
                                dice: Dice::Typed(roll),
                            };
                            agree(&after, &enter, &format!("{what}, then {w} comes on"));
                        }
                    }
                }
            }
        }
    }
}

/// Winceby on turn 3, the Bolingbroke garrison due at the east edge and Sir John Henderson
/// ridden out to meet it, in the Movement Phase.
fn garrison_due() -> (Scenario, UnitId) {
    let mut s = sample("winceby");
    s.turn = 3;
    let r = s
        .reinforcements
        .iter()
        .find(|r| r.turn == 3)
        .expect("the turn-3 reinforcement")
        .clone();
    let Place::Hex(entry) = r.entry else {
        panic!("the garrison enters at a hex")
    };
    let henderson = s.find_unit("Sir John Henderson").expect("Henderson").id;
    s.unit_mut(henderson).expect("Henderson").position = Position::Hex {
        hex: entry + hexx::Hex::new(-2, 0),
        facing: 0,
    };
    let royalists = s.unit(henderson).expect("Henderson").side;
    let s = in_movement_of(&s, Some(royalists));
    let unit = r
        .units
        .iter()
        .copied()
        .find(|u| {
            s.unit(*u)
                .is_some_and(|x| matches!(x.kind, UnitKind::Cavalry | UnitKind::Dragoons))
        })
        .or(r.units.first().copied())
        .expect("a unit in the reinforcement");
    (s, unit)
}

/// 004: "not on the turn it enters as a reinforcement" — a reinforcement that comes on is
/// marked as arrived, so its preview no longer offers it a charge, in Play as in Edit.
#[test]
fn r5_004_a_reinforcement_that_comes_on_has_arrived_and_may_not_charge_this_turn() {
    let (s, unit) = garrison_due();
    assert_eq!(s.unit(unit).map(|u| u.position), Some(Position::OffMap));
    let (action, shown) =
        proposed(&s, unit, Choice::HexMove(None)).expect("a hex the garrison may come on to");
    assert!(shown.state.arrived_this_turn, "the ghost shows it arrived");
    let after = agree(&s, &action, "the garrison comes on").expect("it comes on");
    let u = after.unit(unit).expect("the unit");
    assert!(u.state.arrived_this_turn, "arrived this turn");
    let played = game::play(&s, action, 5).expect("played");
    assert!(
        played
            .entry
            .reasons
            .iter()
            .any(|r| r.contains("has arrived this turn")),
        "{:?}",
        played.entry.reasons
    );
    let charge =
        hex_commands::preview_moves(&after, unit, Some(Command::Charge1)).expect("preview");
    if matches!(u.kind, UnitKind::Cavalry | UnitKind::Dragoons) {
        assert_ne!(
            charge.command.moves_as,
            Some(Command::Charge1),
            "a unit that arrived this turn does not charge"
        );
    }
}

/// 004: a unit "uses the command of the leader it traces command to". A move under another
/// chit is a preview only: the game refuses it with the chit its leader holds, and a referee
/// override is the way to move it otherwise.
#[test]
fn r5_004_a_unit_moves_only_under_the_chit_its_leader_holds() {
    let s = in_movement("winceby");
    let horse = s
        .find_unit("Cromwell's Regiment of Horse")
        .expect("Cromwell's Horse")
        .id;
    let traced = hex_commands::preview_moves(&s, horse, None).expect("preview");
    let chit = traced.command.chit.expect("in command");
    let (other, hex) = Command::ALL
        .into_iter()
        .filter(|c| *c != chit)
        .find_map(|c| {
            let what_if = hex_commands::preview_moves(&s, horse, Some(c)).ok()?;
            let hex = what_if.legal().find(|v| v.cost > 0)?.hex;
            Some((c, hex))
        })
        .expect("a what-if chit with a hex it reaches");
    let action = Action::Move {
        unit: horse,
        order: Some(MoveOrder::Command(other)),
        to: Some(Place::Hex(hex)),
        followers: Vec::new(),
    };
    let why = game::play(&s, action.clone(), 5)
        .expect_err("refused")
        .to_string();
    assert!(
        why.contains(&format!("may not move under {other}")),
        "{why}"
    );
    assert!(why.contains(&format!("whose chit is {chit}")), "{why}");
    assert!(why.contains("referee override"), "{why}");
    assert_eq!(in_edit(&s, &action).expect_err("refused in Edit too"), why);
    // Under the chit it holds, named or not, it moves.
    let ok = Action::Move {
        unit: horse,
        order: Some(MoveOrder::Command(chit)),
        to: Some(Place::Hex(
            traced
                .legal()
                .find(|v| v.cost > 0)
                .expect("a legal hex")
                .hex,
        )),
        followers: Vec::new(),
    };
    agree(&s, &ok, "under its own chit").expect("moves");
}

/// Bakambo's column broken on purpose (a passed voluntary break), in the Movement Phase.
fn bakambo_broken() -> (Scenario, ColumnId) {
    let s = in_movement("bakambo");
    let col = s.columns[0].clone();
    let breaker = col
        .members
        .iter()
        .map(|m| m.unit)
        .find(|u| s.unit(*u).is_some_and(|u| u.on_table()))
        .expect("a unit on the table");
    let broken = game::play(
        &s,
        Action::Column {
            column: col.id,
            order: ColumnOrder::VoluntaryBreak(breaker),
            dice: Dice::Typed(12),
        },
        5,
    )
    .expect("the break")
    .scenario;
    let next = game::play(&broken, Action::EndTurn, 5)
        .expect("next turn")
        .scenario;
    assert_eq!(
        next.column(col.id).map(|c| c.state),
        Some(ColumnState::Broken)
    );
    (next, col.id)
}

/// A unit of the broken column on the table, moving alone a little way on.
fn alone(s: &Scenario, col: ColumnId) -> Action {
    let c = s.column(col).expect("column");
    for m in &c.members {
        let Some(u) = s.unit(m.unit).filter(|u| u.on_table()) else {
            continue;
        };
        let from = u.leader().or(u.models.first()).expect("a model").pos;
        for to in around(from, 3.0) {
            let a = Action::Move {
                unit: u.id,
                order: None,
                to: Some(Place::Table(to)),
                followers: Vec::new(),
            };
            if game::play(s, a.clone(), 5).is_ok() {
                return a;
            }
        }
    }
    panic!("no unit of the broken column can move alone")
}

/// 000: after a break, "one off-table unit per turn may try to activate and enter", while the
/// units on the table act on their own: neither blocks the other, in either order, and a
/// second try to come on in the same turn is refused with why.
#[test]
fn r1_000_after_a_break_units_acting_alone_and_the_turns_one_entry_do_not_block_each_other() {
    let (s, col) = bakambo_broken();
    let waiting = sandtable::rules::column::waiting(&s, col);
    assert!(waiting.len() >= 2, "units still off table: {waiting:?}");
    let enter = |u: UnitId, roll: u8| Action::Column {
        column: col,
        order: ColumnOrder::Enter(u),
        dice: Dice::Typed(roll),
    };
    // A unit alone first, then the entry.
    let walk = alone(&s, col);
    let after_walk = in_play(&s, &walk).expect("a unit moves alone");
    let after_both = in_play(&after_walk, &enter(waiting[0], 2))
        .expect("the turn's entry is still there after a unit acted alone");
    // The entry first (failed), then a unit alone.
    let after_try = in_play(&s, &enter(waiting[0], 2)).expect("the entry");
    in_play(&after_try, &walk).expect("a unit still moves alone after the entry was tried");
    // One try a turn: another waiting unit may not try again.
    let again = in_play(&after_both, &enter(waiting[1], 12)).expect_err("one try a turn");
    assert!(again.contains("one try a turn after a break"), "{again}");
    // The next turn it may try (the rules may still bar its way in, but not for the try).
    let next = in_play(&after_both, &Action::EndTurn).expect("next turn");
    if let Err(why) = in_play(&next, &enter(waiting[1], 12)) {
        assert!(!why.contains("one try a turn"), "{why}");
    }
}

/// 000: a gap over 2", a unit charged or pinned breaks the column, "and all friendly units that
/// were previously part of the column must take a pin test": the order that breaks it says so.
#[test]
fn r1_000_a_column_order_that_breaks_the_column_says_so_with_its_pin_tests() {
    let mut s = sample("bakambo");
    let col = s.columns[0].clone();
    // Pinned by fire from the bank before the turn began.
    let pinned = {
        let u = s.unit_mut(col.members[1].unit).expect("second unit");
        u.state.pinned = true;
        u.clone()
    };
    let s = in_movement_of(&s, Some(col.side));
    let p = game::play(
        &s,
        Action::Column {
            column: col.id,
            order: ColumnOrder::Move {
                distance_in: 3.0,
                route: Vec::new(),
            },
            dice: Dice::Typed(12),
        },
        5,
    )
    .expect("the order");
    assert!(
        p.entry.what.contains("the column breaks"),
        "{}",
        p.entry.what
    );
    assert!(
        p.entry
            .reasons
            .iter()
            .any(|r| r.contains(&format!("'{}' is pinned", pinned.name))),
        "{:?}",
        p.entry.reasons
    );
    assert!(
        p.entry
            .reasons
            .iter()
            .any(|r| r.starts_with("pin tests for")),
        "{:?}",
        p.entry.reasons
    );
    assert_eq!(
        p.scenario.column(col.id).map(|c| c.state),
        Some(ColumnState::Broken)
    );
}

/// A refusal names the phase an action belongs to, as well as the phase it was tried in.
#[test]
fn a_refusal_out_of_phase_names_the_phase_the_action_belongs_to() {
    let s = game::play(&sample("winceby"), Action::EndTurn, 5)
        .expect("a game")
        .scenario;
    let horse = s
        .find_unit("Cromwell's Regiment of Horse")
        .expect("horse")
        .id;
    let why = game::play(
        &s,
        Action::Move {
            unit: horse,
            order: None,
            to: None,
            followers: Vec::new(),
        },
        5,
    )
    .expect_err("not in the Command Phase");
    assert!(matches!(why, Refused::Rules(_)), "{why}");
    assert_eq!(
        why.to_string(),
        "a move is not done in the Command Phase: it belongs to the Movement Phase"
    );
}
