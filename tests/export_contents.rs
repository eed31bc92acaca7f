//! The printed sheet and every side's handout say everything of the scenario: each side, its
//! zones and every unit and leader; each column with its entry point and order of march; each
//! reinforcement group with its turn, side, entry and units; each objective with its place and
//! notes. Checked against the text a PDF reader gets from the exported PDF (read with hayro-syntax
//! in `pdf_text`), for a hand-built order of battle and for generated scenarios from a handful of
//! units up to the limits, running on over further pages numbered "page 2 of 3".

mod pdf_text;

use hexx::Hex;
use pdf_text::{pages_text, squeezed};
use sandtable::io::export::{self, ExportOptions, Format, Layout, Paper};
use sandtable::model::generate::{OobSize, order_of_battle};
use sandtable::model::*;
use sandtable::samples;

fn sample(name: &str) -> Scenario {
    samples::by_name(name)
        .expect("sample")
        .load()
        .expect("the sample loads")
}

/// One item a sheet must print: pieces a reader finds one after another (with anything between
/// them), and pieces found anywhere from its first piece up to the next item's.
struct Item {
    what: String,
    pieces: Vec<String>,
    within: Vec<String>,
}

fn item(what: String, pieces: Vec<String>) -> Item {
    Item {
        what,
        pieces,
        within: Vec::new(),
    }
}

/// The items of everything `s` must print, in the order the sheet prints them.
fn expected(s: &Scenario) -> Vec<Item> {
    let place = |p: Place| match (p, &s.map) {
        (Place::Hex(h), Map::Hex(m)) => format!("hex {}", m.label(h)),
        _ => String::new(),
    };
    let name = |id: UnitId| s.unit(id).map_or(String::new(), |u| u.name.clone());
    let mut out = Vec::new();
    for side in &s.sides {
        out.push(item(format!("side {}", side.name), vec![side.name.clone()]));
        for z in s.zones.iter().filter(|z| z.side == side.id) {
            out.push(item(format!("zone {}", z.id), vec![z.name.clone()]));
        }
        for u in s.units.iter().filter(|u| u.side == side.id) {
            out.push(item(
                format!("unit {} ({})", u.id, u.name),
                vec![u.name.clone()],
            ));
        }
    }
    for c in &s.columns {
        let mut pieces = vec![c.name.clone()];
        pieces.push(format!("enters the {:?} edge", c.entry.edge).to_lowercase());
        pieces.extend(c.members.iter().map(|m| name(m.unit)));
        out.push(item(format!("column {}", c.id), pieces));
    }
    let mut groups: Vec<&Reinforcement> = s.reinforcements.iter().collect();
    groups.sort_by_key(|r| (r.turn, r.side.0, r.id.0));
    for r in groups {
        let side = s.side(r.side).map_or(String::new(), |x| x.name.clone());
        let mut pieces = vec![format!("Turn {}", r.turn), side];
        pieces.extend(r.units.iter().map(|u| name(*u)));
        out.push(Item {
            what: format!("reinforcement {}", r.id),
            pieces,
            within: vec![place(r.entry)],
        });
    }
    for o in &s.objectives {
        let mut pieces = vec![o.name.clone(), place(o.place)];
        if !o.notes.trim().is_empty() {
            pieces.push(o.notes.trim().to_string());
        }
        out.push(item(format!("objective {}", o.id), pieces));
    }
    out
}

fn options(side: Option<SideId>, paper: Paper, landscape: bool) -> ExportOptions {
    ExportOptions {
        layout: Layout::Sheet,
        format: Format::Pdf,
        side,
        paper,
        landscape,
        ..ExportOptions::default()
    }
}

/// Exports `s` (or one side's handout) as PDF and reads its pages' text back.
fn printed(s: &Scenario, side: Option<SideId>, paper: Paper, landscape: bool) -> Vec<String> {
    let o = options(side, paper, landscape);
    pages_text(&export::pdf_bytes(s, &o).expect("the sheet exports"))
}

/// The pages' text without the running head and foot of each (the title, "page 2 of 3", the
/// footer's small print), so the words read on from one page to the next as a reader follows
/// them.
fn words(s: &Scenario, pages: &[String], o: &ExportOptions) -> Vec<String> {
    let n = pages.len();
    let paper = o.paper_name();
    // A handout's head and foot name its side.
    let (kicker, kind) = match o.side.and_then(|id| s.side(id)) {
        Some(x) => (
            format!("{} HANDOUT, CONTINUED", x.name.to_uppercase()),
            format!("{} handout", x.name),
        ),
        None => (
            "SCENARIO SHEET, CONTINUED".to_string(),
            "scenario sheet".to_string(),
        ),
    };
    pages
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let page = format!("page {} of {n}", i + 1);
            let mut furniture = vec![
                kicker.clone(),
                s.meta.title.clone(),
                format!("by {}", s.meta.author),
                page.clone(),
                format!("{} · {kind} · {paper} · {page}", s.meta.title),
                format!("{} · {kind} · {paper}", s.meta.title),
                "Made with Sandtable".to_string(),
            ];
            if i == 0 {
                // The first page's header stays: the map's words follow it.
                furniture.drain(..4);
            }
            let mut kept = String::new();
            for line in text.lines().filter(|l| !furniture.iter().any(|f| f == l)) {
                kept.push_str(line);
                kept.push('\n');
            }
            kept
        })
        .collect()
}

/// Checks that the sheet of `s` (or `side`'s handout) prints everything, in order, after the
/// heading that starts the sides (the map before it shows names too), and that a sheet of more
/// than one page numbers each page. Returns the number of pages.
fn prints_everything(s: &Scenario, side: Option<SideId>, paper: Paper, landscape: bool) -> usize {
    let shown = match side {
        Some(id) => export::side_only(s, id),
        None => s.clone(),
    };
    let pages = printed(s, side, paper, landscape);
    let text = squeezed(&words(s, &pages, &options(side, paper, landscape)).concat());
    let start = text
        .find("SIDESANDDEPLOYMENT")
        .expect("the sheet lists the sides");
    // The briefings come before the sides: every side's on the sheet, in order; on a handout
    // its own side's alone (in the situation's place), never another side's.
    let head = &text[..start];
    let mut read = 0;
    for x in &s.sides {
        let b = squeezed(x.briefing.trim());
        let own = side.is_none_or(|id| id == x.id);
        match head[read..].find(&b) {
            _ if b.is_empty() => {}
            Some(i) if own => read += i + b.len(),
            None if !own => {}
            found => panic!(
                "{} ({side:?}): the briefing of {} is {}printed before the sides",
                s.meta.title,
                x.name,
                if found.is_some() { "" } else { "not " }
            ),
        }
    }
    let items = expected(&shown);
    let mut at = start;
    // Where each item's first piece was found.
    let mut starts = Vec::new();
    for it in &items {
        for (k, piece) in it.pieces.iter().filter(|p| !p.is_empty()).enumerate() {
            let p = squeezed(piece);
            match text[at..].find(&p) {
                Some(i) => {
                    if k == 0 {
                        starts.push(at + i);
                    }
                    at += i + p.len();
                }
                None => panic!(
                    "{} ({side:?}, {} pages): {}: '{piece}' is not printed after what comes \
                     before it; the text there reads: {}",
                    s.meta.title,
                    pages.len(),
                    it.what,
                    text.get(at..(at + 300).min(text.len())).unwrap_or("")
                ),
            }
        }
    }
    for (i, it) in items.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(text.len());
        let span = &text[starts[i]..end];
        for w in it.within.iter().filter(|w| !w.is_empty()) {
            assert!(
                span.contains(&squeezed(w)),
                "{} ({side:?}): {} does not say '{w}': {span}",
                s.meta.title,
                it.what
            );
        }
    }
    if pages.len() > 1 {
        for (i, p) in pages.iter().enumerate() {
            let mark = format!("page {} of {}", i + 1, pages.len());
            assert!(p.contains(&mark), "page {} says '{mark}'", i + 1);
        }
    }
    pages.len()
}

fn all_prints(s: &Scenario, paper: Paper, landscape: bool) -> Vec<usize> {
    let mut pages = vec![prints_everything(s, None, paper, landscape)];
    for side in &s.sides {
        pages.push(prints_everything(s, Some(side.id), paper, landscape));
    }
    pages
}

/// A designer's opening of a real battle on a 50 x 36 hex map: eleven brigades and batteries,
/// four leaders, four groups of reinforcements (one of them, on turn 4, a leader and two
/// brigades), with a situation and notes of the length such a scenario has.
fn opening() -> Scenario {
    let winceby = sample("winceby");
    let foot = winceby
        .units
        .iter()
        .find(|u| u.kind == UnitKind::Infantry)
        .expect("infantry")
        .clone();
    let leader = winceby
        .units
        .iter()
        .find(|u| u.is_leader())
        .expect("a leader")
        .clone();
    let mut s = Scenario::new_hex("McPherson's Ridge, 1 July 1863");
    s.meta.author = "A scenario designer".into();
    s.meta.description = "Early on 1 July Heth's division marches east on the Chambersburg Pike \
        towards Gettysburg, where Buford's cavalry division holds the ridges west of the town. \
        Buford's troopers fight dismounted behind fences along Herr Ridge and McPherson's Ridge, \
        buying time for Reynolds' I Corps, which arrives from the south along the Emmitsburg \
        Road. Archer's and Davis's brigades lead the Confederate advance either side of the pike; \
        Pender's division follows. Both sides feed brigades into the fight as they arrive.\n\
        Buford has placed his vedettes well forward, along Marsh Creek and on Knoxlyn Ridge, so \
        that the first shots are exchanged some three miles west of the town shortly after \
        seven in the morning. His troopers fall back slowly from fence to fence, and by eight \
        the main line stands on McPherson's Ridge with Calef's guns astride the pike. Heth, \
        expecting only militia, deploys two brigades and presses on without waiting for the \
        rest of the division. Reynolds rides ahead of his corps, sees the ground and sends for \
        the First Division at the double; he is killed at the edge of Herbst Woods as the Iron \
        Brigade goes into line.\n\
        The scenario opens at eight o'clock, as Archer's brigade crosses Willoughby Run south of \
        the pike and Davis's brigade comes up north of it towards the unfinished railway cut. \
        Each turn is twenty minutes; the game lasts until noon, when the lull before the \
        afternoon attacks begins and both commanders reorganise their lines."
        .into();
    s.meta.designer_notes = "Reinforcements enter at the hex given on their turn, in column on \
        the road where there is one. Cavalry may fight dismounted as dragoons. The railway cut \
        north of the pike is impassable to artillery. Victory goes to the side holding McPherson's \
        Ridge and Seminary Ridge at the end of turn 8; Cemetery Hill counts double for the Union.\n\
        The order of battle follows the official returns as far as they go; brigade strengths \
        are rounded to the nearest two hundred men, one strength point to each. Batteries count \
        one point for each section. Leaders carry the command span of the rules, except Buford, \
        whose span is one hex longer to reflect the quality of his staff and signal officers.\n\
        Play balance: the Confederate player usually takes McPherson's Ridge by turn 6 if Davis \
        and Archer attack together; the Union player wins by holding the railway cut and \
        feeding in Reynolds' brigades as they arrive rather than all at once. For a shorter \
        game, begin on turn 3 with the Union reinforcements of turn 2 already on the map."
        .into();
    if let Map::Hex(h) = &mut s.map {
        *h = HexMap::filled(
            h.orientation,
            h.hex_size_mm,
            HexShape::Rectangle {
                columns: 50,
                rows: 36,
                parity: OffsetParity::Even,
            },
            h.terrain[0],
        );
    }
    s.sides[0].name = "Union".into();
    s.sides[1].name = "Confederate".into();
    s.sides[0].briefing = "Hold McPherson's Ridge until Reynolds' I Corps comes up the \
        Emmitsburg Road. Buford's troopers fight dismounted; give ground slowly."
        .into();
    s.sides[1].briefing = "Heth's division is to find out what is in Gettysburg. Drive the \
        cavalry off the ridges before the Union infantry arrives."
        .into();
    let (union, rebel) = (s.sides[0].id, s.sides[1].id);
    let map = s.map.as_hex().expect("hex").clone();
    let hex = |label: &str| map.hex_of_label(label).expect("a hex of the map");
    let add = |s: &mut Scenario, side, name: &str, what: &str, at: Option<&str>| {
        let mut u = if what == "leader" {
            leader.clone()
        } else {
            foot.clone()
        };
        u.id = UnitId(s.alloc());
        u.name = name.into();
        u.side = side;
        u.commander = None;
        u.attached_leader = None;
        if let Some(l) = &mut u.leadership {
            l.superior = None;
        }
        match what {
            "cavalry" => u.kind = UnitKind::Cavalry,
            "battery" => {
                u.kind = UnitKind::Artillery {
                    class: GunClass::Light,
                    draught: Draught::Horse,
                    hit_points: 3,
                }
            }
            _ => {}
        }
        u.position = match at {
            Some(l) => Position::Hex {
                hex: hex(l),
                facing: 0,
            },
            None => Position::OffMap,
        };
        let id = u.id;
        s.units.push(u);
        id
    };
    add(&mut s, union, "John Buford", "leader", Some("2210"));
    add(&mut s, union, "Gamble's Brigade", "cavalry", Some("2112"));
    add(&mut s, union, "Devin's Brigade", "cavalry", Some("2306"));
    add(
        &mut s,
        union,
        "Calef's Battery A, 2nd US",
        "battery",
        Some("2211"),
    );
    let reynolds = add(&mut s, union, "John F. Reynolds", "leader", None);
    let meredith = add(&mut s, union, "Meredith's Iron Brigade", "infantry", None);
    let cutler = add(&mut s, union, "Cutler's Brigade", "infantry", None);
    let hall = add(&mut s, union, "Hall's 2nd Maine Battery", "battery", None);
    let stone = add(&mut s, union, "Stone's Bucktail Brigade", "infantry", None);
    add(&mut s, rebel, "Henry Heth", "leader", Some("1106"));
    add(&mut s, rebel, "Archer's Brigade", "infantry", Some("1207"));
    add(&mut s, rebel, "Davis's Brigade", "infantry", Some("1205"));
    add(&mut s, rebel, "Pegram's Battalion", "battery", Some("1006"));
    let pender = add(&mut s, rebel, "William Dorsey Pender", "leader", None);
    let lane = add(&mut s, rebel, "Lane's Brigade", "infantry", None);
    let scales = add(&mut s, rebel, "Scales's Brigade", "infantry", None);
    let brockenbrough = add(&mut s, rebel, "Brockenbrough's Brigade", "infantry", None);
    let group = |s: &mut Scenario, turn, side, entry: &str, units: Vec<UnitId>| {
        let id = ReinforcementId(s.alloc());
        s.reinforcements.push(Reinforcement {
            id,
            turn,
            side,
            units,
            entry: Place::Hex(hex(entry)),
        });
    };
    group(&mut s, 2, union, "3435", vec![reynolds, meredith, cutler]);
    group(&mut s, 3, union, "3435", vec![hall, stone]);
    group(&mut s, 3, rebel, "0105", vec![brockenbrough]);
    group(&mut s, 4, rebel, "0106", vec![pender, lane, scales]);
    for (side, name, hexes) in [
        (union, "Buford's screen", ["2210", "2211", "2112"]),
        (rebel, "Heth's approach", ["1106", "1207", "1205"]),
    ] {
        let id = ZoneId(s.alloc());
        s.zones.push(DeploymentZone {
            id,
            name: name.into(),
            side,
            area: ZoneArea::Hexes(hexes.iter().map(|l| hex(l)).collect::<Vec<Hex>>()),
        });
    }
    for (name, at, value, notes) in [
        (
            "McPherson's Ridge",
            "2010",
            2,
            "Held by the side with the last unit on it.",
        ),
        ("Seminary Ridge", "2610", 2, ""),
        ("Cemetery Hill", "3220", 3, "Counts double for the Union."),
    ] {
        let id = ObjectiveId(s.alloc());
        s.objectives.push(Objective {
            id,
            name: name.into(),
            place: Place::Hex(hex(at)),
            value,
            notes: notes.into(),
            held: Default::default(),
            side_points: Vec::new(),
        });
    }
    assert_eq!(s.validate(), vec![]);
    s
}

#[test]
fn a_designers_opening_prints_every_unit_and_reinforcement_group() {
    let s = opening();
    let pages = all_prints(&s, Paper::A4, false);
    // The whole scenario and each handout, every word of it.
    assert!(pages.iter().all(|n| *n >= 1), "{pages:?}");
    // The turn-4 group the handout once lost: its leader and both brigades, after its heading.
    let rebel = s.sides[1].id;
    let o = options(Some(rebel), Paper::A4, false);
    let text = squeezed(&words(&s, &printed(&s, Some(rebel), Paper::A4, false), &o).concat());
    let group = squeezed(
        "Turn 4: Confederate at hex 0106 William Dorsey Pender, Lane's Brigade, Scales's Brigade",
    );
    assert!(text.contains(&group), "{text}");
}

/// A name put on the map is printed on it, on the sheet and on each side's handout, and the
/// reinforcements entering there are said to enter by that name and its hex.
#[test]
fn a_map_labels_name_is_printed_and_names_the_entry_there() {
    let s = sample("winceby");
    let label = s.labels.first().expect("Winceby has a map label").clone();
    let Place::Hex(hex) = label.place else {
        panic!("a hex map's label stands on a hex")
    };
    let hex_label = s.map.as_hex().expect("hex").label(hex);
    let sheet = squeezed(&printed(&s, None, Paper::A4, false).concat());
    let name = squeezed(&label.text);
    // Once on the map, and again where the reinforcements' entry is named.
    assert!(sheet.matches(&name).count() >= 2, "the sheet: {sheet}");
    assert!(
        sheet.contains(&squeezed(&format!("{} (hex {hex_label})", label.text))),
        "the entry is named: {sheet}"
    );
    for side in &s.sides {
        let handout = squeezed(&printed(&s, Some(side.id), Paper::A4, false).concat());
        assert!(handout.contains(&name), "{}'s handout", side.name);
    }
}

#[test]
fn generated_scenarios_print_everything_from_small_to_large() {
    let small = OobSize {
        sides: 2,
        units: 15,
        groups: 4,
        arriving: 6,
        zones: 2,
        objectives: 3,
        columns: 2,
        marching: 4,
        name_chars: 22,
        note_chars: 60,
        text_bytes: 600,
        table: false,
    };
    let medium = OobSize {
        sides: 3,
        units: 240,
        groups: 40,
        arriving: 120,
        zones: 30,
        objectives: 40,
        columns: 12,
        marching: 60,
        name_chars: 60,
        note_chars: 300,
        text_bytes: 4_000,
        table: false,
    };
    for (n, seed) in [(small, 1), (medium, 2)] {
        for table in [false, true] {
            let s = order_of_battle(&OobSize { table, ..n }, seed);
            for (paper, landscape) in [(Paper::A4, false), (Paper::Letter, true)] {
                let pages = all_prints(&s, paper, landscape);
                if n == medium {
                    assert!(pages[0] > 1, "{pages:?}: the medium scenario runs on");
                }
            }
        }
    }
}

#[test]
fn a_scenario_at_the_limits_prints_everything() {
    let s = order_of_battle(&OobSize::LIMITS, 3);
    assert_eq!(s.validate(), vec![]);
    let pages = prints_everything(&s, None, Paper::A4, false);
    assert!(pages > 1, "{pages}");
    // A side's handout of the same scenario.
    prints_everything(&s, Some(s.sides[5].id), Paper::Letter, true);
}

/// A handout names its side at the head and foot of every page (the whole sheet names none),
/// so two players' handouts are never mixed up once printed.
#[test]
fn every_page_of_a_handout_names_its_side() {
    let s = opening();
    for side in &s.sides {
        let pages = printed(&s, Some(side.id), Paper::A4, false);
        let head = format!("{} HANDOUT", side.name.to_uppercase());
        let foot = format!("{} · {} handout · ", s.meta.title, side.name);
        for (i, text) in pages.iter().enumerate() {
            assert!(
                text.contains(&head),
                "page {} of {}: {text}",
                i + 1,
                side.name
            );
            assert!(
                text.contains(&foot),
                "page {} of {}: {text}",
                i + 1,
                side.name
            );
        }
    }
    let whole = printed(&s, None, Paper::A4, false);
    assert!(whole.iter().all(|t| !t.contains("HANDOUT")));
}

/// The after-action report (issue: a played game as a printed story).
mod after_action {
    use super::pdf_text::{pages_text, squeezed};
    use super::sample;
    use sandtable::game;
    use sandtable::io::export::{self, ExportOptions, Format};
    use sandtable::model::game::{Action, Dice, Phase, TestDice, TestKind};
    use sandtable::model::*;
    use sandtable::report;
    use sandtable::rules::{engine, hex_commands, victory};

    const DATE: &str = "2026-11-28";

    fn act(s: &mut Scenario, a: Action) -> bool {
        match game::play(s, a, 5) {
            Ok(p) => {
                *s = p.scenario;
                true
            }
            Err(_) => false,
        }
    }

    fn referee(s: &mut Scenario, name: &str, note: &str, f: impl FnOnce(&mut Unit)) {
        let mut u = s.find_unit(name).expect(name).clone();
        f(&mut u);
        assert!(
            act(
                s,
                Action::Referee {
                    unit: Box::new(u),
                    note: note.into()
                }
            ),
            "{name}"
        );
    }

    /// Up to two units of `side` move: on a hex map to their farthest legal hex, on a table
    /// (after the R3 Ld check) two inches along the table in the first direction the rules
    /// accept.
    fn move_some(s: &mut Scenario, side: SideId) {
        let ids: Vec<UnitId> = s
            .units
            .iter()
            .filter(|u| u.side == side && !u.is_leader() && u.in_play())
            .map(|u| u.id)
            .collect();
        let mut moved = 0;
        for id in ids {
            if moved == 2 {
                break;
            }
            if s.map.is_hex() {
                let to = hex_commands::preview_moves(s, id, None).ok().and_then(|p| {
                    p.legal()
                        .filter(|h| h.cost > 0)
                        .max_by_key(|h| h.cost)
                        .map(|h| h.hex)
                });
                if let Some(hex) = to
                    && act(
                        s,
                        Action::Move {
                            unit: id,
                            order: None,
                            to: Some(Place::Hex(hex)),
                            followers: Vec::new(),
                        },
                    )
                {
                    moved += 1;
                }
                continue;
            }
            let Some(at) = s
                .unit(id)
                .and_then(|u| u.leader().or(u.models.first()))
                .map(|m| m.pos)
            else {
                continue;
            };
            act(
                s,
                Action::LeaderCheck {
                    unit: id,
                    dice: Dice::Typed(2),
                },
            );
            for d in [(0.0, -2.0), (0.0, 2.0), (2.0, 0.0), (-2.0, 0.0)] {
                let to = Place::Table(sandtable::geom::Point::new(at.x + d.0, at.y + d.1));
                if act(
                    s,
                    Action::Move {
                        unit: id,
                        order: None,
                        to: Some(to),
                        followers: Vec::new(),
                    },
                ) {
                    moved += 1;
                    break;
                }
            }
        }
    }

    /// Plays `turns` turns: in each side's Movement Phase some of its units move; every phase
    /// is ended, the last with the turn.
    fn campaign(s: &mut Scenario, turns: u16) {
        for _ in 0..turns {
            loop {
                let stage = game::stage(s);
                if stage.phase == Phase::Movement
                    && let Some(side) = stage.side
                {
                    move_some(s, side);
                }
                // A move halted for the other side's reaction goes on.
                while s.game.as_ref().is_some_and(|g| g.state.halted.is_some()) {
                    assert!(act(s, Action::GoOn), "the halted move goes on");
                }
                if engine::next_stage(s, stage).is_none() {
                    assert!(act(s, Action::EndTurn), "the turn ends");
                    break;
                }
                assert!(act(s, Action::EndPhase), "the phase ends");
            }
        }
    }

    /// The report of `s` as PDF: its pages described, and the text of each page as a reader
    /// gets it.
    fn report_pdf(s: &Scenario) -> (Vec<export::Page>, Vec<String>) {
        let o = ExportOptions {
            format: Format::Pdf,
            ..ExportOptions::default()
        };
        let pages = report::pages(s, &o, DATE).expect("the report's pages");
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("report.pdf");
        let done = report::write(s, &o, &out, DATE, &mut |_, _| {}).expect("written");
        assert_eq!(done.pages, pages.len());
        let text = pages_text(&std::fs::read(&out).expect("the PDF"));
        assert_eq!(text.len(), pages.len(), "one PDF page per page described");
        (pages, text)
    }

    /// Every entry of the log is told, numbered, in order, with its note; the report's text
    /// holds each, in order.
    fn tells_every_entry_in_order(s: &Scenario, text: &[String]) {
        let c = report::chronicle(s, DATE).expect("a chronicle");
        let log = &s.game.as_ref().expect("a game").log;
        let told: Vec<&export::Told> = c.turns.iter().flat_map(|t| &t.entries).collect();
        assert_eq!(told.len(), log.len(), "every entry");
        let all = squeezed(&text.join(" "));
        let mut from = 0;
        for (i, (t, e)) in told.iter().zip(log).enumerate() {
            assert_eq!(t.number, i + 1);
            assert_eq!(t.note, e.note);
            let key = squeezed(&format!("{}. ", t.number));
            let body = squeezed(&t.text);
            let at = all[from..]
                .find(&body)
                .unwrap_or_else(|| panic!("entry {} ({}) not after the one before", i + 1, t.text));
            assert!(
                all[..from + at].ends_with(&key) || t.move_number.is_some(),
                "entry {} numbered",
                i + 1
            );
            from += at + body.len();
            if let Some(n) = &t.note {
                assert!(
                    all[from..].contains(&squeezed(n)),
                    "the note on entry {}",
                    i + 1
                );
            }
        }
    }

    #[test]
    fn a_ten_turn_winceby_game_reports_every_entry_in_order_with_its_moves_cropped() {
        let mut s = sample("winceby");
        let last = s.turn + 9;
        s.rules
            .victory
            .as_mut()
            .expect("Winceby keeps score")
            .last_turn = Some(last);
        referee(
            &mut s,
            "Northern Horse",
            "the Northern Horse breaks at the hollow",
            |u| u.state.morale = Morale::Routing,
        );
        campaign(&mut s, 10);
        assert_eq!(victory::over(&s), Some(last), "the game is over");
        let s = game::annotate(&s, 4, "a fine charge").expect("a note");
        let c = report::chronicle(&s, DATE).expect("a chronicle");
        assert_eq!(c.turns.len(), 10, "a chapter per turn");
        assert!(
            c.turns[0]
                .marks
                .iter()
                .any(|m| m.kind == export::MarkKind::Routed)
        );
        let whole = sandtable::scene::frame(&s).0;
        let mut cropped = 0;
        for ch in &c.turns {
            let Some(crop) = export::action_crop(&ch.end, &ch.moves, &ch.marks) else {
                assert!(ch.moves.is_empty() && ch.marks.is_empty());
                continue;
            };
            for p in ch.moves.iter().flat_map(|m| &m.path) {
                let q = export::place_point(&ch.end, *p);
                assert!(
                    (crop.min.x..=crop.max.x).contains(&q.x)
                        && (crop.min.y..=crop.max.y).contains(&q.y),
                    "turn {}: a move's path lies in the crop",
                    ch.turn
                );
            }
            assert!(crop.min.x >= whole.min.x - 1e-3 && crop.max.x <= whole.max.x + 1e-3);
            if (crop.max.x - crop.min.x) < (whole.max.x - whole.min.x) - 1e-3
                || (crop.max.y - crop.min.y) < (whole.max.y - whole.min.y) - 1e-3
            {
                cropped += 1;
            }
        }
        assert!(cropped > 0, "some turn's map is cropped to its action");
        let (pages, text) = report_pdf(&s);
        let names: Vec<&str> = pages.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names.first(), Some(&"cover"));
        assert!(names.last().is_some_and(|n| n.starts_with("result")));
        let turn_pages: Vec<&str> = names
            .iter()
            .copied()
            .filter(|n| n.starts_with("turn-"))
            .collect();
        for t in s.turn - 9..=last {
            assert!(
                turn_pages.contains(&format!("turn-{t}").as_str()),
                "a page for turn {t}"
            );
        }
        assert!(
            pages.len() >= 12,
            "a cover, ten turns and the result: {names:?}"
        );
        tells_every_entry_in_order(&s, &text);
        let closing = squeezed(&text.concat());
        let sc = victory::score(&s).expect("a score");
        assert!(closing.contains(&squeezed(&victory::result_words(&s, &sc))));
        assert!(closing.contains(&squeezed("Fingerprint of the start")));
    }

    #[test]
    fn a_rearguard_game_with_tests_rerolls_a_rout_and_a_referee_reports_every_entry() {
        let mut s = sample("rearguard");
        // A British unit with a re-roll (Elite, or an attached commander's).
        let unit = s
            .units
            .iter()
            .find(|u| {
                !u.is_leader()
                    && u.on_table()
                    && u.side == s.sides[0].id
                    && (u.has(SpecialRule::Elite) || u.attached_leader.is_some())
            })
            .expect("a British unit with a re-roll")
            .clone();
        // A morale test failed twice (the re-roll too).
        let tested = act(
            &mut s,
            Action::Test {
                unit: unit.id,
                kind: TestKind::Morale,
                cause: None,
                dice: TestDice::Roll {
                    first: Dice::Typed(1),
                    reroll: Some(Dice::Typed(1)),
                    follow_up: Vec::new(),
                },
            },
        );
        assert!(tested, "the morale test and its re-roll are taken");
        let enemy = s
            .units
            .iter()
            .find(|u| !u.is_leader() && u.on_table() && u.side == s.sides[1].id)
            .expect("an Afghan unit")
            .name
            .clone();
        referee(
            &mut s,
            &enemy,
            "the tribesmen break under the volley",
            |u| u.state.morale = Morale::Routing,
        );
        campaign(&mut s, 2);
        let log = s.game.as_ref().map(|g| g.log.clone()).unwrap_or_default();
        let n = log.len();
        assert!(n >= 6, "a game of some length: {n} entries");
        assert!(
            log.iter().any(|e| matches!(e.action, Action::Move { .. })),
            "the game has moves"
        );
        assert!(
            log.iter().any(|e| matches!(
                &e.action,
                Action::Test {
                    dice: TestDice::Roll {
                        reroll: Some(_),
                        ..
                    },
                    ..
                }
            )),
            "a test with its re-roll"
        );
        let s = game::annotate(&s, 1, "the 44th wavers").expect("a note");
        let s = game::annotate(&s, n, "night falls").expect("a note");
        let (pages, text) = report_pdf(&s);
        assert_eq!(pages.first().map(|p| p.name.as_str()), Some("cover"));
        tells_every_entry_in_order(&s, &text);
        let c = report::chronicle(&s, DATE).expect("a chronicle");
        assert!(
            c.turns[0]
                .marks
                .iter()
                .any(|m| m.kind == export::MarkKind::Routed),
            "the rout is marked on the first turn's map"
        );
        assert!(
            squeezed(&text.concat()).contains(&squeezed(&format!("{enemy} (routing)"))),
            "the losses"
        );
    }

    /// Each sample's victory conditions at the end of a game: a unit of the first side set on
    /// an objective and one of the other side routed, the last turn ended: the first side holds
    /// the objective at its own points and scores the rout, and the game says who won.
    #[test]
    fn every_samples_victory_conditions_score_the_end_of_a_scripted_game() {
        for name in ["bakambo", "rearguard", "skirmish", "patrol", "winceby"] {
            let mut s = sample(name);
            let v = s
                .rules
                .victory
                .clone()
                .unwrap_or_else(|| panic!("{name} keeps score"));
            s.rules.victory.as_mut().expect("victory").last_turn = Some(s.turn);
            // The first side takes an objective the other does not stand on (either way round).
            let (a, b, o) = [(0, 1), (1, 0)]
                .into_iter()
                .find_map(|(i, j)| {
                    let (a, b) = (s.sides[i].id, s.sides[j].id);
                    let o = s
                        .objectives
                        .iter()
                        .find(|o| victory::occupier(&s, o) != Some(b))?;
                    Some((a, b, o.clone()))
                })
                .unwrap_or_else(|| panic!("{name}: an objective one side does not hold"));
            let on_map = |u: &&Unit| !u.is_leader() && (u.on_table() || u.hex().is_some());
            let holder = s
                .units
                .iter()
                .filter(|u| u.side == a)
                .find(on_map)
                .expect("a unit")
                .clone();
            let routed = s
                .units
                .iter()
                .filter(|u| u.side == b)
                .find(on_map)
                .expect("a unit")
                .clone();
            referee(&mut s, &holder.name, "takes the objective", |u| {
                match o.place {
                    Place::Hex(hex) => u.position = Position::Hex { hex, facing: 0 },
                    Place::Table(p) => {
                        let first = u.models[0].pos;
                        for m in &mut u.models {
                            m.pos = p + (m.pos - first);
                        }
                    }
                }
            });
            referee(&mut s, &routed.name, "breaks", |u| {
                u.state.morale = Morale::Routing
            });
            assert!(act(&mut s, Action::EndTurn), "{name}: the last turn ends");
            assert!(victory::over(&s).is_some(), "{name}");
            let sc = victory::score(&s).expect("a score");
            let mine = sc.iter().find(|x| x.side == a).expect("side");
            let theirs = sc.iter().find(|x| x.side == b).expect("side");
            assert!(
                mine.lines.contains(&victory::Scored::Objective {
                    objective: o.id,
                    points: u32::from(o.points_for(a))
                }),
                "{name}: {} holds {}",
                holder.name,
                o.name
            );
            let loss = u32::from(v.per_unit_lost)
                + u32::from(v.per_strength_lost) * u32::from(routed.strength.start);
            assert!(
                mine.lines.contains(&victory::Scored::Loss {
                    unit: routed.id,
                    removed: false,
                    points: loss
                }),
                "{name}: the rout scores {loss}"
            );
            let entry = s
                .game
                .as_ref()
                .and_then(|g| g.log.last())
                .map(|e| e.what.clone())
                .unwrap_or_default();
            let side_name = |id: SideId| s.side(id).expect("side").name.clone();
            let expected = match mine.total.cmp(&theirs.total) {
                std::cmp::Ordering::Greater => format!("victory to {}", side_name(a)),
                std::cmp::Ordering::Less => format!("victory to {}", side_name(b)),
                std::cmp::Ordering::Equal => "a draw".to_string(),
            };
            assert!(entry.contains(&expected), "{name}: {entry}");
        }
    }
}
