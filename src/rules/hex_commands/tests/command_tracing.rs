//! R5 command tracing: which leader a unit traces to, and the span each leader reaches.

use super::*;

#[test]
fn r5_leaders_carry_a_command_and_a_span() {
    let mut t = TestMap::new(
        "
        . . . . . . .
         . . . L . . .
        . . . . . . .
        ",
    );
    t.leader('L', Command::Stand, 1);
    let span = t.rules().span(t.id('L')).expect("a leader");
    assert_eq!(span.command, Command::Stand);
    assert_eq!(span.effective_span, 1);
    assert_eq!(
        span.hexes.len(),
        7,
        "the leader's hex and its six neighbours"
    );
    assert!(span.hexes.contains(&t.at('L')));
}

#[test]
fn r5_subordinate_leader_traces_to_his_superior() {
    let mut t = TestMap::new(
        "
        M . . . . . K . .
        ",
    );
    t.leader('K', Command::Attack, 2);
    t.leader('M', Command::Advance, 6);
    t.unit('K').leadership.as_mut().expect("leader").superior = Some(t.id('M'));
    let r = t.rules();
    let k = r.span(t.id('K')).expect("a leader");
    assert_eq!(k.superiors.chain.len(), 1);
    assert_eq!(k.superiors.chain[0].leader.id, t.id('M'));
    assert!(
        k.superiors.in_command(),
        "six hexes is within Montrose's span"
    );
    let m = r.span(t.id('M')).expect("a leader");
    assert!(m.force.iter().any(|u| u.unit.id == t.id('K') && u.leader));
    // Out of his superior's span.
    t.unit('M').leadership.as_mut().expect("leader").span = 5;
    assert!(
        !t.rules()
            .span(t.id('K'))
            .expect("leader")
            .superiors
            .in_command()
    );
}

/// The seed's example: a unit under Kilpont that only Montrose's span reaches uses Montrose's
/// chit; one that Kilpont reaches uses Kilpont's.
#[test]
fn r5_unit_uses_the_command_of_the_leader_it_traces_to() {
    let mut t = TestMap::new(
        "
        M . . . . . K . . A . . . . . . . . b
         . . . . . . B . . . . . . . . . . . .
        ",
    );
    t.leader('K', Command::Attack, 1);
    t.leader('M', Command::Advance, 10);
    t.unit('K').leadership.as_mut().expect("leader").superior = Some(t.id('M'));
    let p = t.preview('A');
    assert_eq!(p.command.source, CommandSource::Traced);
    assert_eq!(p.command.chit, Some(Command::Advance), "Montrose's chit");
    let t_ = &p.command.tracing;
    assert_eq!(t_.chain.len(), 2);
    assert_eq!(t_.chain[0].leader.id, t.id('K'));
    assert!(!t_.chain[0].reaches, "three hexes, span 1");
    assert_eq!(t_.chain[0].distance, Some(3));
    assert_eq!(t_.leader().map(|l| l.leader.id), Some(t.id('M')));
    // B is next to Kilpont: his own chit comes first.
    let p = t.preview('B');
    assert_eq!(p.command.chit, Some(Command::Attack));
    assert_eq!(p.command.tracing.reaching().count(), 2);
    assert_eq!(
        p.command.tracing.leader().map(|l| l.leader.id),
        Some(t.id('K'))
    );
}

#[test]
fn r5_out_of_command_when_no_leader_reaches() {
    let mut t = TestMap::new(
        "
        L . . . . A . . b
        ",
    );
    t.leader('L', Command::Advance, 3);
    let p = t.preview('A');
    assert_eq!(p.command.source, CommandSource::OutOfCommand);
    assert!(p.notices.contains(&Notice::OutOfCommand));
    assert_eq!(p.legal().count(), 1, "it may only keep its hex");
    assert_legal(&t, &p, t.at('A'));
    assert_eq!(reason(&t, &p, t.hex(6, 0)), &Reason::OutOfCommand);
    assert_eq!(
        reason(&t, &p, t.hex(6, 0)).to_string(),
        "out of command: it may not move"
    );
    // A unit with no commander at all is out of command too.
    t.unit('A').commander = None;
    assert_eq!(t.preview('A').command.source, CommandSource::OutOfCommand);
}

#[test]
fn r5_muster_adds_one_to_the_span() {
    let mut t = TestMap::new(
        "
        . . . . . . . . .
         . . . . . . . . .
        . . . . L . . . A
         . . . . . . . . .
        . . . . . . . . .
        ",
    );
    t.leader('L', Command::Advance, 3);
    assert_eq!(
        t.preview('A').command.source,
        CommandSource::OutOfCommand,
        "four hexes, span 3"
    );
    t.command('L', Command::Muster);
    let p = t.preview('A');
    assert_eq!(p.command.source, CommandSource::Traced);
    assert_eq!(p.command.tracing.chain[0].span, 4);
    let span = t.rules().span(t.id('L')).expect("leader");
    assert_eq!(span.span, 3);
    assert_eq!(span.effective_span, 4);
}

#[test]
fn r5_span_is_a_set_of_hexes_counted_in_plain_hex_steps() {
    let mut t = TestMap::new(
        "
        . . . . . . .
         . . # # # . .
        . . # L # . .
         . . # # # . .
        . . . . . . .
        ",
    );
    t.leader('L', Command::Stand, 2);
    let span = t.rules().span(t.id('L')).expect("leader");
    // Impassable ground does not block the span: every hex within two steps.
    let centre = t.at('L');
    let expected: Vec<Hex> = {
        let b = Board::new(&t.s).expect("board");
        let mut v: Vec<usize> = centre.range(2).filter_map(|h| b.index_of(h)).collect();
        v.sort_unstable();
        v.into_iter().filter_map(|i| b.hex_at(i)).collect()
    };
    assert_eq!(span.hexes, expected);
    assert_eq!(span.hexes.len(), 19);
    assert!(
        span.hexes
            .iter()
            .all(|h| h.unsigned_distance_to(centre) <= 2)
    );
}
