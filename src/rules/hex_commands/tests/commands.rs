//! R5 commands: what each chit (Attack, Advance, Stand, Retreat, Reserve, Muster, the charges) allows a unit's move.

use super::*;

fn dist_to(t: &TestMap, c: char, h: Hex) -> u32 {
    t.at(c).unsigned_distance_to(h)
}

#[test]
fn r5_attack_command() {
    let t = open(Command::Attack);
    let p = t.preview('A');
    assert_eq!(p.command.moves_as, Some(Command::Attack));
    assert!(p.constraints.contains(&Constraint::MinimumMove {
        mp: 2,
        allowance: 4
    }));
    assert!(p.effects.contains(&Effect::Melee(1)));
    assert!(p.effects.contains(&Effect::MustFightIfAdjacent));
    // One hex east: closer, but only 1 MP of the 2 required.
    assert_eq!(
        reason(&t, &p, t.hex(2, 2)),
        &Reason::BelowMinimumMove { needed: 2, cost: 1 }
    );
    assert_legal(&t, &p, t.hex(3, 2));
    assert_legal(&t, &p, t.hex(5, 2));
    // Staying is below the minimum move.
    assert!(matches!(
        reason(&t, &p, t.at('A')),
        Reason::BelowMinimumMove { cost: 0, .. }
    ));
    // Two hexes north-west of the start: far enough, no closer.
    let back = t.hex(0, 0);
    assert_eq!(cost(&p, back), 2);
    assert!(matches!(
        reason(&t, &p, back),
        Reason::NotCloser { start: 6, .. }
    ));
    for v in p.legal() {
        assert!(v.cost >= 2 || dist_to(&t, 'b', v.hex) == 1);
        assert!(dist_to(&t, 'b', v.hex) < 6);
    }
}

#[test]
fn r5_attack_ending_adjacent_is_excused_the_minimum_move() {
    let mut t = TestMap::new(
        "
        L A . b
        ",
    );
    t.leader('L', Command::Attack, 3).mp('A', 6);
    let p = t.preview('A');
    // Needs 3 MP, but one step brings it adjacent and into the enemy's ZOC.
    assert_legal(&t, &p, t.hex(2, 0));
    assert_eq!(cost(&p, t.hex(2, 0)), 1);
}

#[test]
fn r5_advance_command() {
    let t = open(Command::Advance);
    let p = t.preview('A');
    assert!(p.effects.is_empty(), "no melee modifier");
    assert!(p.constraints.contains(&Constraint::EndCloserOrAdjacent));
    assert_legal(&t, &p, t.hex(2, 2));
    assert_legal(&t, &p, t.hex(5, 2));
    assert!(matches!(
        reason(&t, &p, t.at('A')),
        Reason::NotCloser { start: 6, end: 6 }
    ));
    assert_eq!(
        reason(&t, &p, t.at('A')).to_string(),
        "ends no closer to the enemy (6 hexes, started 6)"
    );
    assert!(matches!(
        reason(&t, &p, t.hex(0, 2)),
        Reason::NotCloser { .. }
    ));
}

/// 004: Advance units "must end the turn at least one hex closer, or be adjacent to an enemy
/// combat unit (i.e. they must move at least one hex, unless they are already in an enemy ZOC)".
/// The exemption covers only the move of at least one hex: a unit starting in an enemy ZOC may
/// stay, but wherever else it ends must still be closer or adjacent, so it may not slip away.
#[test]
fn r5_advance_starting_in_enemy_zoc_may_stay_but_must_end_closer_or_adjacent() {
    let mut t = TestMap::new(
        "
        . . . . . . . . .
         . . . . L . A b .
        . . . . . . . . .
        ",
    );
    t.leader('L', Command::Advance, 3);
    let p = t.preview('A');
    assert!(p.notices.contains(&Notice::StartsInEnemyZoc));
    assert!(p.constraints.contains(&Constraint::EndCloserOrAdjacent));
    assert_legal(&t, &p, t.at('A'));
    // Still adjacent to the enemy: legal.
    assert_legal(&t, &p, t.hex(7, 0));
    // Five hexes away, within its 4 MP: not a legal end any more.
    assert_eq!(
        reason(&t, &p, t.hex(2, 1)),
        &Reason::NotCloser { start: 1, end: 5 }
    );
    assert!(matches!(
        reason(&t, &p, t.hex(6, 0)),
        Reason::NotCloser { start: 1, end: 2 }
    ));
    assert!(
        p.legal()
            .all(|v| v.hex == t.at('A') || dist_to(&t, 'b', v.hex) == 1),
        "every end is adjacent to the enemy"
    );
}

#[test]
fn r5_stand_command() {
    let mut t = TestMap::new(
        "
        . . . . . . .
         L . w A . . b
        . . . . . . .
        ",
    );
    t.leader('L', Command::Stand, 3);
    let p = t.preview('A');
    assert!(p.effects.contains(&Effect::MeleeDefending(1)));
    assert_legal(&t, &p, t.at('A'));
    assert_legal(&t, &p, t.hex(4, 1));
    assert_legal(&t, &p, t.hex(2, 1));
    assert_eq!(cost(&p, t.hex(2, 1)), 3, "the woods, one hex");
    assert_eq!(
        reason(&t, &p, t.hex(5, 1)),
        &Reason::OneHexOnly {
            command: Command::Stand
        }
    );
    assert_eq!(
        reason(&t, &p, t.hex(5, 1)).to_string(),
        "Stand allows one hex"
    );
    assert_eq!(p.legal().count(), 7);
}

#[test]
fn r5_retreat_command() {
    let mut t = TestMap::new(
        "
        . . . . . . . . .
         . . . . . . . . .
        a . . L A . . . b
         . . . . . . . . .
        . . . . . . . . .
        ",
    );
    t.leader('L', Command::Retreat, 3);
    let p = t.preview('A');
    assert!(p.effects.is_empty());
    // East: further from a, closer to b.
    let east = t.hex(6, 2);
    assert!(matches!(
        reason(&t, &p, east),
        Reason::NotFurther { enemy, .. } if enemy.id == t.id('b')
    ));
    // North: further from both.
    let north = t.hex(4, 0);
    assert!(dist_to(&t, 'a', north) > dist_to(&t, 'a', t.at('A')));
    assert!(dist_to(&t, 'b', north) > dist_to(&t, 'b', t.at('A')));
    assert_legal(&t, &p, north);
    assert!(matches!(
        reason(&t, &p, t.at('A')),
        Reason::NotFurther { .. }
    ));
}

fn reserve_map(command: Command, a_col: i32) -> TestMap {
    let row = (0..14)
        .map(|c| {
            if c == 0 {
                "L"
            } else if c == a_col {
                "A"
            } else if c == 13 {
                "b"
            } else {
                "."
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    let mut t = TestMap::new(&format!(
        "{}\n {}\n{}",
        ". ".repeat(14),
        row,
        ". ".repeat(14)
    ));
    t.leader('L', command, 20).mp('A', 6);
    t
}

#[test]
fn r5_reserve_never_enters_the_exclusion() {
    let t = reserve_map(Command::Reserve, 4);
    let p = t.preview('A');
    assert!(p.constraints.contains(&Constraint::StayClear { within: 4 }));
    assert_legal(&t, &p, t.at('A'));
    assert_legal(&t, &p, t.hex(8, 1));
    assert_eq!(dist_to(&t, 'b', t.hex(8, 1)), 5);
    let inside = t.hex(9, 1);
    let r = reason(&t, &p, inside);
    assert_eq!(
        r,
        &Reason::InsideExclusion {
            command: Command::Reserve,
            enemy: UnitRef {
                id: t.id('b'),
                name: "Unit b".into()
            },
            distance: 4
        }
    );
    assert_eq!(
        r.to_string(),
        "inside the Reserve exclusion: 4 hexes from Unit b"
    );
    for v in p.legal() {
        assert!(dist_to(&t, 'b', v.hex) >= 5);
    }
}

#[test]
fn r5_reserve_starting_close_stays_or_ends_five_away() {
    let t = reserve_map(Command::Reserve, 10);
    let p = t.preview('A');
    assert!(
        p.constraints
            .contains(&Constraint::StayOrEndClear { within: 4 })
    );
    assert_legal(&t, &p, t.at('A'));
    assert!(matches!(
        reason(&t, &p, t.hex(9, 1)),
        Reason::InsideExclusion { distance: 4, .. }
    ));
    assert_legal(&t, &p, t.hex(8, 1));
    assert_legal(&t, &p, t.hex(5, 1));
    // It may not close in on the way: a hex nearer than its start ends the move there.
    assert!(matches!(
        reason(&t, &p, t.hex(11, 1)),
        Reason::InsideExclusion { distance: 2, .. }
    ));
    for v in p.legal() {
        for h in p.path(v.hex).expect("path") {
            assert!(dist_to(&t, 'b', h) >= 3, "({}, {})", h.x, h.y);
        }
    }
}

#[test]
fn r5_muster_trigger() {
    let mut t = TestMap::new(
        "
        L A B C . . . . b
        ",
    );
    t.leader('L', Command::Attack, 5);
    let r = t.rules();
    let m = r.muster_trigger(t.id('L')).expect("leader");
    assert!(!m.met);
    assert_eq!(
        change_allowed(Command::Attack, Command::Muster, 0),
        Err(ChangeRefused::MusterNeedsLosses { lost: 0 })
    );
    let p = t.preview_as('A', Command::Muster);
    assert!(p.legal().next().is_none(), "Muster is not available yet");
    assert!(matches!(p.notices[0], Notice::CommandUnavailable { .. }));
    assert_eq!(p.constraints, vec![Constraint::MayNotMove]);
    assert!(p.effects.is_empty());
    t.unit('B').state.morale = Morale::Routing;
    assert!(!t.rules().muster_trigger(t.id('L')).expect("leader").met);
    t.unit('C').state.morale = Morale::Removed;
    let r = t.rules();
    let m = r.muster_trigger(t.id('L')).expect("leader");
    assert!(m.met);
    assert_eq!(m.routed_or_destroyed.len(), 2);
    let p = t.preview_as('A', Command::Muster);
    assert!(p.legal().next().is_some());
    assert_eq!(p.command.moves_as, Some(Command::Muster));
}

#[test]
fn r5_muster_starting_close_must_end_five_away() {
    let t = reserve_map(Command::Muster, 10);
    let p = t.preview('A');
    assert!(
        p.constraints
            .contains(&Constraint::MustEndClear { within: 4 })
    );
    assert!(matches!(
        reason(&t, &p, t.at('A')),
        Reason::InsideExclusion {
            command: Command::Muster,
            distance: 3,
            ..
        }
    ));
    assert_legal(&t, &p, t.hex(8, 1));
    assert!(p.effects.is_empty());
    // Boxed in, it cannot get clear: the preview says so and allows nothing.
    let mut t = reserve_map(Command::Muster, 10);
    t.mp('A', 1);
    let p = t.preview('A');
    assert!(p.legal().next().is_none());
    assert!(p.notices.contains(&Notice::CannotLeaveExclusion));
}

fn cavalry(command: Command) -> TestMap {
    let mut t = open(command);
    t.kind('A', UnitKind::Cavalry);
    t
}

#[test]
fn r5_charge_command() {
    let t = cavalry(Command::Charge1);
    let p = t.preview('A');
    assert_eq!(p.allowance, 6, "+2 MP");
    for e in [
        Effect::ExtraMp(2),
        Effect::Morale(1),
        Effect::Melee(2),
        Effect::DoubleMeleeStrength,
        Effect::MustMeleeIfAdjacent,
    ] {
        assert!(p.effects.contains(&e), "{e}");
    }
    assert!(p.constraints.contains(&Constraint::MinimumMove {
        mp: 3,
        allowance: 6
    }));
    assert_eq!(
        reason(&t, &p, t.hex(3, 2)),
        &Reason::BelowMinimumMove { needed: 3, cost: 2 }
    );
    assert_legal(&t, &p, t.hex(4, 2));
    assert_legal(&t, &p, t.hex(6, 2));
    assert!(matches!(
        reason(&t, &p, t.hex(0, 0)),
        Reason::BelowMinimumMove { .. }
    ));
}

#[test]
fn r5_charge_starting_in_enemy_zoc_may_not_move_and_must_attack() {
    let mut t = TestMap::new(
        "
        . . . . .
         L . A b .
        . . . . .
        ",
    );
    t.leader('L', Command::Charge2, 3)
        .kind('A', UnitKind::Cavalry);
    let p = t.preview('A');
    assert!(p.notices.contains(&Notice::ChargeStartsInEnemyZoc));
    assert!(p.effects.contains(&Effect::MustAttack));
    assert_eq!(p.legal().count(), 1);
    assert_legal(&t, &p, t.at('A'));
    assert_eq!(reason(&t, &p, t.hex(1, 1)), &Reason::StartsInEnemyZoc);
}

#[test]
fn r5_no_charge_on_the_turn_of_arrival() {
    let mut t = cavalry(Command::Charge1);
    t.unit('A').state.arrived_this_turn = true;
    let p = t.preview('A');
    assert!(p.notices.contains(&Notice::NoChargeOnArrival));
    assert_eq!(p.command.moves_as, Some(Command::Advance));
    assert_eq!(p.allowance, 4, "no charge bonus");
    assert!(!p.effects.contains(&Effect::Melee(2)));
}

#[test]
fn r5_non_cavalry_under_a_charging_leader_act_as_attack_with_morale_two() {
    let t = open(Command::Charge1);
    let p = t.preview('A');
    assert_eq!(p.command.chit, Some(Command::Charge1));
    assert_eq!(p.command.moves_as, Some(Command::Attack));
    assert!(p.notices.contains(&Notice::ActsAsAttackUnderCharge));
    assert_eq!(p.allowance, 4);
    assert!(p.effects.contains(&Effect::Morale(2)));
    assert!(p.effects.contains(&Effect::Melee(1)));
    assert!(!p.effects.contains(&Effect::DoubleMeleeStrength));
    assert!(p.constraints.contains(&Constraint::MinimumMove {
        mp: 2,
        allowance: 4
    }));
}

#[test]
fn r5_charge_timeline_one_two_three_then_muster() {
    use Command::*;
    assert_eq!(next_in_timeline(Charge1), Some(Charge2));
    assert_eq!(next_in_timeline(Charge2), Some(Charge3));
    assert_eq!(next_in_timeline(Charge3), Some(Muster));
    assert_eq!(change_allowed(Charge1, Charge2, 0), Ok(()));
    assert_eq!(
        change_allowed(Charge3, Muster, 0),
        Ok(()),
        "no losses needed"
    );
    assert_eq!(
        change_allowed(Charge1, Muster, 0),
        Ok(()),
        "early, only to Muster"
    );
    assert_eq!(
        change_allowed(Charge2, Advance, 5),
        Err(ChangeRefused::ChargeChangesOnlyToMuster { from: Charge2 })
    );
    assert_eq!(
        change_allowed(Charge1, Charge3, 0),
        Err(ChangeRefused::ChargeOutOfOrder {
            from: Charge1,
            to: Charge3
        })
    );
    assert_eq!(
        change_allowed(Attack, Charge2, 0),
        Err(ChangeRefused::ChargeBeginsAtOne)
    );
    assert_eq!(change_allowed(Attack, Charge1, 0), Ok(()));
    assert_eq!(change_allowed(Muster, Advance, 0), Ok(()));
    // The preview refuses a change the timeline forbids.
    let t = cavalry(Command::Charge2);
    let p = t.preview_as('A', Advance);
    assert!(p.legal().next().is_none());
    assert!(matches!(
        reason(&t, &p, t.hex(3, 2)),
        Reason::CommandRefused {
            command: Advance,
            ..
        }
    ));
    assert_eq!(
        reason(&t, &p, t.hex(3, 2)).to_string(),
        "General L may not take Advance: under Charge 2 the command may change early only to Muster"
    );
    let span = t.rules().span(t.id('L')).expect("leader");
    let allowed: Vec<Command> = span
        .changes
        .iter()
        .filter(|(_, r)| r.is_ok())
        .map(|(c, _)| *c)
        .collect();
    assert_eq!(allowed, vec![Muster, Charge3]);
}

/// 004: "the command chit is placed in the Charge 1 box; during the next turn's Command Phase
/// ... in the Charge 2 box; the following turn ... Charge 3 ... the next turn's Command Phase
/// ... in the Muster box": a charge chit never stays where it is, so there is no fourth charge
/// turn. From Charge n the only next chits are Charge n+1 (Muster after Charge 3) and Muster.
#[test]
fn r5_charge_chit_never_stays_in_its_box() {
    use Command::*;
    for (from, next) in [(Charge1, Charge2), (Charge2, Charge3), (Charge3, Muster)] {
        assert_eq!(
            change_allowed(from, from, 5),
            Err(ChangeRefused::ChargeChitMovesOn { from }),
            "{from} may not be kept"
        );
        let t = cavalry(from);
        let span = t.rules().span(t.id('L')).expect("leader");
        let allowed: Vec<Command> = span
            .changes
            .iter()
            .filter(|(_, r)| r.is_ok())
            .map(|(c, _)| *c)
            .collect();
        let mut want = vec![Muster];
        if next != Muster {
            want.push(next);
        }
        assert_eq!(allowed, want, "the next chits from {from}");
        let kept = span
            .changes
            .iter()
            .find(|(c, _)| *c == from)
            .and_then(|(_, r)| r.clone().err())
            .expect("keeping the box is refused");
        assert!(
            kept.to_string()
                .starts_with("a charge chit never stays in its box"),
            "{kept}"
        );
        // The chit he holds this turn is still previewed as it is.
        let p = t.preview_as('A', from);
        assert!(p.legal().next().is_some(), "{from} this turn");
    }
    // Other commands may be kept.
    assert_eq!(change_allowed(Advance, Advance, 0), Ok(()));
    assert_eq!(change_allowed(Muster, Muster, 0), Ok(()));
}

#[test]
fn r5_minimum_move_that_cannot_be_met_allows_nothing() {
    let mut t = TestMap::new(
        "
        # # # # # # # #
         L A . # . . . b
        # # # # # # # #
        ",
    );
    t.leader('L', Command::Attack, 3);
    let p = t.preview('A');
    assert!(p.legal().next().is_none());
    assert!(
        p.notices
            .contains(&Notice::MinimumMoveUnmeetable { needed: 2, best: 1 })
    );
    assert!(
        p.notices
            .iter()
            .any(|n| n.to_string().contains("minimum move of 2 MP cannot be met"))
    );
}
