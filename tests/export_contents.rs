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
