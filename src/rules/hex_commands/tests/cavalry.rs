//! R5 cavalry: reaction charges, a second combat, dragoons mounting and dismounting.

use super::*;

fn reaction_map() -> TestMap {
    let mut t = TestMap::new(
        "
        A . . . . . . . . . .
         . . . . . . . . . . .
        . . . . . . . . . . .
         . . . . . . c . . . l
        . . . . . . . . . . .
        ",
    );
    t.leader('l', Command::Stand, 8);
    t.kind('A', UnitKind::Cavalry).kind('c', UnitKind::Cavalry);
    t
}

#[test]
fn r5_reaction_charge_check_points_within_three_mp() {
    let t = reaction_map();
    let path: Vec<Hex> = (0..11).map(|c| t.hex(c, 0)).collect();
    let mut r = t.rules();
    let checks = r.charge_checks(t.id('A'), &path).expect("checks");
    assert_eq!(checks.len(), 1);
    let c = &checks[0];
    // On clear ground MP equal hex steps: the first hex of the path within 3 of c.
    let first = (1..11)
        .find(|k| path[*k].unsigned_distance_to(t.at('c')) <= 3)
        .expect("in range");
    assert_eq!(c.step, first);
    assert_eq!(c.kind, CheckKind::CommandCheck);
    assert_eq!(c.leader.as_ref().map(|l| l.id), Some(t.id('l')));
    assert_eq!(c.cavalry[0].0.id, t.id('c'));
    assert!(c.cavalry[0].1 <= 3);
    // Woods around c: three hexes away is no longer three MP.
    let mut t = reaction_map();
    let c = t.at('c');
    let woods = t.woods;
    if let Map::Hex(m) = &mut t.s.map {
        let grid = m.grid();
        for h in c.range(3) {
            if h != c
                && let Some(i) = grid.index_of(h)
            {
                m.terrain[i] = woods;
            }
        }
    }
    let mut r = t.rules();
    assert!(
        r.charge_checks(t.id('A'), &path)
            .expect("checks")
            .is_empty()
    );
    // A non-cavalry mover triggers nothing.
    let mut t = reaction_map();
    t.kind('A', UnitKind::Infantry);
    assert!(
        t.rules()
            .charge_checks(t.id('A'), &path)
            .expect("checks")
            .is_empty()
    );
}

#[test]
fn r5_reaction_charge_when_already_charging_within_three_hexes() {
    let mut t = reaction_map();
    t.command('l', Command::Charge1);
    let path: Vec<Hex> = (0..11).map(|c| t.hex(c, 0)).collect();
    let checks = t.rules().charge_checks(t.id('A'), &path).expect("checks");
    assert_eq!(checks.len(), 1);
    assert_eq!(checks[0].kind, CheckKind::MayChargeNow);
    assert!(checks[0].to_string().contains("may charge at once"));
}

#[test]
fn r5_cavalry_second_combat() {
    let mut t = TestMap::new(
        "
        # # # # # # #
         . A . . . . .
        # # # b # # #
        ",
    );
    t.kind('A', UnitKind::Cavalry);
    let mut r = t.rules();
    let sc = r.second_combat(t.id('A'), None).expect("cavalry");
    assert!(sc.refused.is_none());
    assert!(sc.hexes.iter().all(|h| h.hexes <= 2));
    // East, the first hex is in b's zone of control: the advance ends there, facing b.
    let zoc = sc
        .hexes
        .iter()
        .find(|h| h.hex == t.hex(2, 1))
        .expect("reached");
    assert!(zoc.reason.is_none());
    assert_eq!(zoc.hexes, 1);
    assert_eq!(
        zoc.targets.iter().map(|u| u.id).collect::<Vec<_>>(),
        vec![t.id('b')]
    );
    assert!(
        sc.hexes.iter().all(|h| h.hex != t.hex(3, 1)),
        "not past the ZOC"
    );
    assert_eq!(sc.legal().count(), 3, "stay, west one, east one");
    // Without the zone, two hexes east.
    t.unit('b').exerts_zoc = false;
    let sc = t.rules().second_combat(t.id('A'), None).expect("cavalry");
    let two = sc
        .hexes
        .iter()
        .find(|h| h.hex == t.hex(3, 1))
        .expect("reached");
    assert_eq!(two.hexes, 2);
    assert_eq!(two.path, vec![t.at('A'), t.hex(2, 1), t.hex(3, 1)]);
    assert!(
        sc.hexes.iter().all(|h| h.hex != t.hex(4, 1)),
        "only two hexes"
    );
    // Infantry may not.
    t.kind('A', UnitKind::Infantry);
    let sc = t.rules().second_combat(t.id('A'), None).expect("unit");
    assert_eq!(sc.refused, Some(Reason::CavalryOnly));
}

#[test]
fn r5_dragoons_mount_or_dismount_only_under_stand() {
    let mut t = open(Command::Stand);
    t.kind('A', UnitKind::Dragoons);
    let p = t.preview('A');
    let d = p.dragoons.clone().expect("dragoons");
    assert!(d.mounted, "they enter mounted");
    assert_eq!(d.may_switch, Ok(()));
    assert!(
        d.to_string()
            .contains("may dismount this turn and still move the one hex")
    );
    assert_eq!(p.legal().count(), 7, "still one hex");
    // Not on the turn they arrive.
    t.unit('A').state.arrived_this_turn = true;
    assert_eq!(
        t.preview('A').dragoons.expect("dragoons").may_switch,
        Err(SwitchRefused::ArrivedThisTurn)
    );
    // Not under another command.
    let mut t = open(Command::Advance);
    t.kind('A', UnitKind::Dragoons);
    assert_eq!(
        t.preview('A').dragoons.expect("dragoons").may_switch,
        Err(SwitchRefused::NotStand {
            command: Command::Advance
        })
    );
    // Mounted they are cavalry (they may charge); dismounted infantry (Attack under Charge).
    let mut t = open(Command::Charge1);
    t.kind('A', UnitKind::Dragoons);
    assert_eq!(t.preview('A').command.moves_as, Some(Command::Charge1));
    t.unit('A').state.mounted = false;
    assert_eq!(t.preview('A').command.moves_as, Some(Command::Attack));
}
