//! The CPU cost of one editor frame: laying out the panels, building the scene (the static
//! layer comes from its cache unless the scenario changed) and tessellating everything with
//! epaint, as eframe does before handing meshes to the GPU.

use sandtable::app::App;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::app::settings::Settings;
use sandtable::edit::Document;
use sandtable::io::recovery::Recovery;
use sandtable::model::{Scenario, generate};
use sandtable::samples;

fn main() {
    divan::main();
}

fn input() -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1600.0, 1000.0),
        )),
        ..Default::default()
    }
}

fn scenario(name: &str) -> Scenario {
    match name {
        "winceby" => samples::by_name("winceby")
            .expect("sample")
            .load()
            .expect("the sample loads"),
        // 40,000 hexes, 10% impassable, 5,000 units on hexes (a leader, the unit it commands
        // and 4,998 enemies: the most a scenario may hold, so that edits validate).
        "hex_200x200_5000_units" => generate::hex_battlefield(200, 0.1, 4998, 3),
        // 5,000 model bases and 60 terrain pieces on a 72" x 48" table.
        _ => generate::crowded_table(5000, 60, 3),
    }
}

const MAPS: [&str; 3] = ["winceby", "hex_200x200_5000_units", "table_5000_models"];

/// An editor on `s` with its recovery files in a temporary directory (kept alive by the
/// returned guard), and the context its frames run in.
fn editor(s: Scenario) -> (App, egui::Context, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("tempdir");
    let app = App::new(
        Document::new(s, None),
        Box::new(ScriptedDialogs::default()),
        Recovery::in_dir(dir.path().to_path_buf()),
        Settings::default(),
    );
    (app, egui::Context::default(), dir)
}

/// Warm-up frames: fonts, layout settling, the layer caches, and the map's image drawn in
/// the background (so the frames measured are the steady ones a user sees).
fn warm_up(app: &mut App, ctx: &egui::Context) {
    let frame = |app: &mut App| {
        let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
        let _ = ctx.tessellate(out.shapes, out.pixels_per_point);
    };
    for _ in 0..3 {
        frame(app);
    }
    let start = std::time::Instant::now();
    while app.drawing_in_background() && start.elapsed().as_secs() < 30 {
        std::thread::sleep(std::time::Duration::from_millis(5));
        frame(app);
    }
    frame(app);
}

/// A steady frame (nothing changed since the last one): the usual case while the user works.
#[divan::bench(args = MAPS, sample_count = 30)]
fn frame_steady(bencher: divan::Bencher, map: &str) {
    let (mut app, ctx, _dir) = editor(scenario(map));
    warm_up(&mut app, &ctx);
    bencher.bench_local(|| {
        let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
        ctx.tessellate(out.shapes, out.pixels_per_point)
    });
}

/// A steady frame in Play on the big maps, a game under way: the order of battle lists every
/// unit beside the map, and the Rules panel and the log stand at the side.
#[divan::bench(args = BIG, sample_count = 30)]
fn frame_steady_in_play(bencher: divan::Bencher, map: &str) {
    let mut s = scenario(map);
    s.game = Some(Box::new(sandtable::game::begin(&s, 7)));
    let (mut app, ctx, _dir) = editor(s);
    app.set_activity(sandtable::app::activity::Activity::Play);
    warm_up(&mut app, &ctx);
    bencher.bench_local(|| {
        let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
        ctx.tessellate(out.shapes, out.pixels_per_point)
    });
}

/// A frame right after an edit: the static layer (terrain, hexsides, grid) is rebuilt too.
#[divan::bench(args = MAPS, sample_count = 10)]
fn frame_after_edit(bencher: divan::Bencher, map: &str) {
    let (mut app, ctx, _dir) = editor(scenario(map));
    warm_up(&mut app, &ctx);
    let mut turn = 1u16;
    bencher.bench_local(|| {
        turn = turn % 50 + 1;
        app.doc
            .apply("Turn", vec![sandtable::edit::Edit::SetTurn(turn)])
            .expect("turn");
        let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
        ctx.tessellate(out.shapes, out.pixels_per_point)
    });
}

/// A frame while panning: the view moves every frame, so the map's shapes are rebuilt from the
/// cached layers (nothing is reused but the layers themselves).
#[divan::bench(args = MAPS, sample_count = 30)]
fn frame_panning(bencher: divan::Bencher, map: &str) {
    let (mut app, ctx, _dir) = editor(scenario(map));
    warm_up(&mut app, &ctx);
    let mut step = 0.0f32;
    bencher.bench_local(|| {
        step = -step + if step > 0.0 { -1.0 } else { 1.0 };
        app.view.pan(egui::vec2(step, 0.0));
        let out = ctx.run_ui(input(), |ui| app.frame_ui(ui));
        ctx.tessellate(out.shapes, out.pixels_per_point)
    });
}

/// The unit the preview benchmarks preview: the first whose usual preview draws something and
/// moves it by dragging.
fn previewed(s: &Scenario) -> Option<(sandtable::model::UnitId, sandtable::preview::Choice)> {
    use sandtable::preview::{self, Request};
    s.units.iter().find_map(|u| {
        let c = preview::choices(s, u.id)
            .into_iter()
            .find(|c| c.refused.is_none())?;
        let o = preview::compute(s, &Request::new(u.id, c.choice)).ok()?;
        let anchor = o
            .marks
            .first()
            .map_or(sandtable::geom::Point::ZERO, |m| m.at);
        (!o.items.is_empty() && o.ghost(s, anchor).is_some()).then_some((u.id, c.choice))
    })
}

/// Frames while the pointer moves over the map near a selected unit, its rule preview open or
/// not: with it open, the overlay's shapes come from their cache and the hover answer (one
/// destination check) is recomputed every frame.
fn hover_frames(bencher: divan::Bencher, map: &str, open: bool) {
    let s = scenario(map);
    let (unit, mode) = previewed(&s).expect("a unit to preview");
    let (mut app, ctx, _dir) = editor(s);
    app.selection = vec![sandtable::model::ItemRef::Unit(unit)];
    if open {
        app.open_preview(mode);
    }
    warm_up(&mut app, &ctx);
    let anchor = sandtable::preview::anchor(app.doc.scenario(), unit).expect("unit stands");
    let centre = app.view.to_screen(anchor);
    let mut k = 0u32;
    bencher.bench_local(|| {
        // A new pointer position every frame, within a few inches or hexes of the unit.
        k = (k + 1) % 16;
        let a = k as f32 * 0.39;
        let p = centre + egui::vec2(a.cos(), a.sin()) * (20.0 + 4.0 * k as f32);
        let mut i = input();
        i.events.push(egui::Event::PointerMoved(p));
        let out = ctx.run_ui(i, |ui| app.frame_ui(ui));
        ctx.tessellate(out.shapes, out.pixels_per_point)
    });
}

/// The peer of `frame_preview_hover`: the same unit selected and the same pointer moves, with
/// no preview open.
#[divan::bench(args = MAPS, sample_count = 30)]
fn frame_selected_hover(bencher: divan::Bencher, map: &str) {
    hover_frames(bencher, map, false);
}

/// The preview's cost on top of the frame is this minus `frame_selected_hover`.
#[divan::bench(args = MAPS, sample_count = 30)]
fn frame_preview_hover(bencher: divan::Bencher, map: &str) {
    hover_frames(bencher, map, true);
}

/// The big maps of the edit benchmarks.
const BIG: [&str; 2] = ["hex_200x200_5000_units", "table_5000_models"];

/// One frame of `app`, laid out and tessellated as eframe does.
fn run_frame(app: &mut App, ctx: &egui::Context, input: egui::RawInput) {
    let out = ctx.run_ui(input, |ui| app.frame_ui(ui));
    let _ = ctx.tessellate(out.shapes, out.pixels_per_point);
}

/// The frame after painting one hex of the 200 x 200 map (alternately two terrains, so every
/// iteration is a real change): the edit through the document, then the frame that shows it.
#[divan::bench(sample_count = 20)]
fn frame_after_paint_hex(bencher: divan::Bencher) {
    let (mut app, ctx, _dir) = editor(scenario("hex_200x200_5000_units"));
    warm_up(&mut app, &ctx);
    let s = app.doc.scenario();
    let h = s.map.as_hex().expect("hex map");
    let hex = h.grid().hex_at(20_100).expect("hex");
    let terrains = [s.terrain_types[0].id, s.terrain_types[2].id];
    let mut k = 0usize;
    bencher.bench_local(|| {
        k += 1;
        let t = terrains[k % 2];
        app.doc
            .apply(
                "Paint hex",
                vec![sandtable::edit::Edit::SetHexTerrain(vec![(hex, t)])],
            )
            .expect("paint");
        run_frame(&mut app, &ctx, input());
    });
}

/// The unit moved by `frame_after_move_unit`: on the hex map an enemy counter with a free hex
/// to its north-east, on the table the middle unit of ten bases.
fn mover(s: &Scenario) -> sandtable::model::UnitId {
    match s.map.as_hex() {
        Some(h) => {
            let taken: std::collections::HashSet<_> = s
                .units
                .iter()
                .filter_map(|u| u.hex())
                .map(|(h, _)| h)
                .collect();
            s.units
                .iter()
                .rev()
                .find(|u| {
                    u.hex().is_some_and(|(hex, _)| {
                        let n = hex.neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[0]);
                        h.grid().contains(n) && !taken.contains(&n)
                    })
                })
                .expect("a unit with a free neighbour")
                .id
        }
        None => s.units[s.units.len() / 2].id,
    }
}

/// Unit `id` moved for the `k`th time: on the hex map a step to the free neighbour and back, on
/// the table half an inch right and back.
fn moved_unit(s: &Scenario, id: sandtable::model::UnitId, k: usize) -> sandtable::model::Unit {
    use sandtable::model::Position;
    let mut u = s.unit(id).expect("unit").clone();
    match u.position {
        Position::Hex { hex, facing } => {
            let d = if k.is_multiple_of(2) { 0 } else { 3 };
            u.position = Position::Hex {
                hex: hex.neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[d]),
                facing,
            };
        }
        _ => {
            let sign = if k.is_multiple_of(2) { 1.0 } else { -1.0 };
            u.models.iter_mut().for_each(|m| m.pos.x += 0.5 * sign);
        }
    }
    u
}

/// The frame after moving one unit (the edit through the document, then the frame).
#[divan::bench(args = BIG, sample_count = 20)]
fn frame_after_move_unit(bencher: divan::Bencher, map: &str) {
    let (mut app, ctx, _dir) = editor(scenario(map));
    warm_up(&mut app, &ctx);
    let mut k = 0usize;
    let id = mover(app.doc.scenario());
    bencher.bench_local(|| {
        let u = moved_unit(app.doc.scenario(), id, k);
        k += 1;
        app.doc
            .apply(
                "Move unit",
                vec![sandtable::edit::Edit::PutUnit(Box::new(u))],
            )
            .expect("move");
        run_frame(&mut app, &ctx, input());
    });
}

thread_local! {
    /// The worst frame of each stroke `stroke_100_hexes` painted, in seconds.
    static WORST: std::cell::RefCell<Vec<f64>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A stroke of the paint brush across 100 hexes of the 200 x 200 map, through the pointer: the
/// button goes down, the pointer crosses a hex a frame, the button comes up (the frame that
/// commits the stroke). One iteration is the whole stroke; the worst frame of each stroke is
/// kept and their median printed after the run as `stroke_100_hexes worst frame`.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn stroke_100_hexes(bencher: divan::Bencher) {
    let (mut app, ctx, _dir) = editor(scenario("hex_200x200_5000_units"));
    let s = app.doc.scenario();
    let terrains = [s.terrain_types[1].id, s.terrain_types[2].id];
    warm_up(&mut app, &ctx);
    let h = app.doc.scenario().map.as_hex().expect("hex").clone();
    let l = h.layout();
    let mut k = 0usize;
    bencher.bench_local(|| {
        k += 1;
        app.tool = sandtable::app::tools::Tool::Paint {
            terrain: terrains[k % 2],
            radius: 0,
        };
        // Row 60 + k % 40, columns 50 to 149: a different row every stroke.
        let row = 60 + (k % 40) as u32;
        let at = |c: u32| {
            let hex = h.grid().hex_at((row * 200 + c) as usize).expect("hex");
            app.view.to_screen(l.hex_to_world_pos(hex))
        };
        let points: Vec<egui::Pos2> = (50..150).map(at).collect();
        let mut worst = 0.0f64;
        let mut timed = |app: &mut App, events: Vec<egui::Event>| {
            let mut i = input();
            i.events = events;
            let t = std::time::Instant::now();
            run_frame(app, &ctx, i);
            worst = worst.max(t.elapsed().as_secs_f64());
        };
        let p = points[0];
        timed(&mut app, vec![egui::Event::PointerMoved(p)]);
        timed(
            &mut app,
            vec![egui::Event::PointerButton {
                pos: p,
                button: egui::PointerButton::Primary,
                pressed: true,
                modifiers: Default::default(),
            }],
        );
        for &p in &points[1..] {
            timed(&mut app, vec![egui::Event::PointerMoved(p)]);
        }
        let p = points[99];
        timed(
            &mut app,
            vec![egui::Event::PointerButton {
                pos: p,
                button: egui::PointerButton::Primary,
                pressed: false,
                modifiers: Default::default(),
            }],
        );
        // And the frame after, as eframe repaints once more after an input.
        timed(&mut app, Vec::new());
        WORST.with(|w| w.borrow_mut().push(worst));
    });
    let mut w = WORST.with(|w| std::mem::take(&mut *w.borrow_mut()));
    w.sort_by(f64::total_cmp);
    if let Some(m) = w.get(w.len() / 2) {
        eprintln!(
            "stroke_100_hexes worst frame: median {:.2} ms, fastest {:.2} ms, slowest {:.2} ms over {} strokes",
            m * 1e3,
            w[0] * 1e3,
            w[w.len() - 1] * 1e3,
            w.len()
        );
    }
}

/// A flood fill of the whole 200 x 200 map (40,000 hexes of one terrain, alternately two), from
/// the edit to the frame that shows it.
#[divan::bench(sample_count = 10)]
fn flood_fill_40000(bencher: divan::Bencher) {
    let mut s = scenario("hex_200x200_5000_units");
    let clear = s.terrain_types[0].id;
    let woods = s.terrain_types[2].id;
    if let sandtable::model::Map::Hex(h) = &mut s.map {
        h.terrain.iter_mut().for_each(|t| *t = clear);
    }
    let (mut app, ctx, _dir) = editor(s);
    warm_up(&mut app, &ctx);
    let start = app
        .doc
        .scenario()
        .map
        .as_hex()
        .and_then(|h| h.grid().hex_at(0))
        .expect("hex");
    let mut k = 0usize;
    bencher.bench_local(|| {
        k += 1;
        let t = if k % 2 == 1 { woods } else { clear };
        let (label, edit) =
            sandtable::edit::ops::paint::fill_edit(app.doc.scenario(), start, t).expect("fill");
        app.doc.apply(&label, vec![edit]).expect("fill");
        run_frame(&mut app, &ctx, input());
    });
    // The map's image drawn again in the background: let it finish before the next benchmark.
    warm_up(&mut app, &ctx);
}

/// `Document::apply` alone for the edits above: moving one unit on the big maps, painting one
/// hex (the undo snapshot and the checks, with no frame).
#[divan::bench(args = ["move_unit_hex", "move_unit_table", "paint_hex"], sample_count = 30)]
fn document_apply(bencher: divan::Bencher, case: &str) {
    let mut doc = Document::new(
        scenario(if case == "move_unit_table" {
            "table_5000_models"
        } else {
            "hex_200x200_5000_units"
        }),
        None,
    );
    let s = doc.scenario();
    let hex = s.map.as_hex().and_then(|h| h.grid().hex_at(20_100));
    let terrains = [s.terrain_types[0].id, s.terrain_types[1].id];
    let id = mover(s);
    let mut k = 0usize;
    bencher.bench_local(|| {
        k += 1;
        let s = doc.scenario();
        let edit = match (case, hex) {
            ("paint_hex", Some(hex)) => {
                sandtable::edit::Edit::SetHexTerrain(vec![(hex, terrains[k % 2])])
            }
            _ => sandtable::edit::Edit::PutUnit(Box::new(moved_unit(s, id, k + 1))),
        };
        doc.apply("Edit", vec![edit]).expect("apply");
    });
}

/// The problems' check of a big map: how long after an edit its worker has the list ready
/// (the frame after the edit does not wait for it; see `app::problems`).
#[divan::bench(args = BIG, sample_count = 20)]
fn problems_check(bencher: divan::Bencher, map: &str) {
    let s = scenario(map);
    bencher.bench_local(|| sandtable::rules::check::check(&s));
}

/// What Play commits on the big maps, for `frame_after_play`: a move (the first mover the
/// rules let move, to the farthest place they offer, or half an inch on the table), a
/// leader's new chit (R5, on the hex map), and a morale test of the first unit the rules let
/// test (R4, on the table: under R5 a unit tests its morale only as combat asks). The scenario is the one the action is played on.
fn played(case: &str) -> (Scenario, sandtable::model::game::Action) {
    use sandtable::game;
    use sandtable::model::game::{Action, Dice, TestDice};
    use sandtable::model::{Command, TestCause, TestKind, UnitKind};
    let hex = case.ends_with("_hex");
    let mut s = scenario(if hex {
        "hex_200x200_5000_units"
    } else {
        "table_5000_models"
    });
    // Morale tests are an option of the table's rules (R4): on.
    s.rules.morale_tests = true;
    // A game under way, so that taking an action back leaves the editor in Play.
    s.game = Some(Box::new(game::begin(&s, 7)));
    let accepted = |s: &Scenario, a: &Action| game::play(s, a.clone(), 7).is_ok();
    let test = |unit| Action::Test {
        unit,
        kind: TestKind::Morale,
        cause: Some(TestCause::Fire),
        dice: TestDice::Roll {
            first: Dice::Typed(4),
            reroll: None,
            follow_up: Vec::new(),
        },
    };
    let action = match case {
        "chit_hex" => {
            let general = s.units.iter().find(|u| u.kind == UnitKind::Leader);
            let general = general.expect("a leader");
            let now = general.leadership.map(|l| l.command);
            let command = if now == Some(Command::Stand) {
                Command::Attack
            } else {
                Command::Stand
            };
            Action::Command {
                leader: general.id,
                command,
            }
        }
        "test_table" => {
            let found = s.units.iter().map(|u| test(u.id)).find(|a| accepted(&s, a));
            found.unwrap_or_else(|| {
                let why = game::play(&s, test(s.units[0].id), 7).err();
                panic!("no unit the rules let test: {why:?}")
            })
        }
        _ => {
            // The first phase of the game in which one of the first movers may move.
            let mut s = s;
            for _ in 0..4 {
                if let Some(action) = a_move(&s) {
                    return (s, action);
                }
                s = game::play(&s, Action::EndPhase, 7)
                    .expect("the next phase")
                    .scenario;
            }
            panic!("a unit the rules let move");
        }
    };
    (s, action)
}

/// A move the rules allow one of the first side's first twenty combat units in `s` as it
/// stands: on a hex map to the farthest hex offered, on a table its leader half an inch to three
/// inches in one of eight directions.
fn a_move(s: &Scenario) -> Option<sandtable::model::game::Action> {
    use sandtable::model::Place;
    use sandtable::model::game::Action;
    let accepted = |a: &Action| sandtable::game::play(s, a.clone(), 7).is_ok();
    s.units
        .iter()
        .filter(|u| u.side == s.sides[0].id && u.is_combat_unit())
        .take(20)
        .find_map(|u| {
            let to: Vec<Place> = match u.hex() {
                Some((h, _)) => {
                    // The farthest first.
                    let mut to: Vec<Place> =
                        sandtable::rules::hex_commands::preview_moves(s, u.id, None)
                            .ok()?
                            .legal()
                            .filter(|m| m.cost > 0 && m.hex != h)
                            .map(|m| Place::Hex(m.hex))
                            .collect();
                    to.reverse();
                    to
                }
                None => {
                    let p = sandtable::preview::anchor(s, u.id)?;
                    [0.5f32, 1.0, 2.0, 3.0]
                        .into_iter()
                        .flat_map(|d| {
                            (0..8).map(move |k| {
                                let a = k as f32 * std::f32::consts::FRAC_PI_4;
                                Place::Table(p + sandtable::geom::Point::new(a.cos(), a.sin()) * d)
                            })
                        })
                        .collect()
                }
            };
            to.into_iter()
                .map(|to| Action::Move {
                    unit: u.id,
                    order: None,
                    to: Some(to),
                    followers: Vec::new(),
                })
                .find(|a| accepted(a))
        })
}

/// An editor in Play on the position `played(case)` gives, warmed up, and the action to play.
fn playing(
    case: &str,
) -> (
    std::cell::RefCell<App>,
    egui::Context,
    tempfile::TempDir,
    sandtable::model::game::Action,
) {
    let (s, action) = played(case);
    let (mut app, ctx, dir) = editor(s);
    app.set_activity(sandtable::app::activity::Activity::Play);
    warm_up(&mut app, &ctx);
    (std::cell::RefCell::new(app), ctx, dir, action)
}

/// The last action taken back and two frames drawn: a steady editor on the same position.
fn taken_back(app: &mut App, ctx: &egui::Context) {
    app.doc.undo();
    run_frame(app, ctx, input());
    run_frame(app, ctx, input());
}

/// `action` carried out by the rules and taken by the document as one undo step, as Play does.
fn commit(app: &mut App, action: &sandtable::model::game::Action) {
    let p = sandtable::game::play(app.doc.scenario(), action.clone(), 7).expect("played");
    app.doc
        .apply(
            &p.entry.what,
            vec![sandtable::edit::Edit::ReplaceScenario(Box::new(p.scenario))],
        )
        .expect("the document takes it");
}

/// The frame after Play commits an action on the big maps, end to end as Play does it: the
/// rules carry it out (`game::play`), the document takes the new position as one undo step,
/// and the next frame shows it. Before each (untimed), the last is taken back and a frame
/// drawn, so every action is played from the same position onto a steady editor.
#[divan::bench(
    args = ["move_hex", "chit_hex", "move_table", "test_table"],
    sample_count = 20,
    sample_size = 1
)]
fn frame_after_play(bencher: divan::Bencher, case: &str) {
    let (app, ctx, _dir, action) = playing(case);
    bencher
        .with_inputs(|| taken_back(&mut app.borrow_mut(), &ctx))
        .bench_local_values(|()| {
            let mut app = app.borrow_mut();
            commit(&mut app, &action);
            run_frame(&mut app, &ctx, input());
        });
}

/// The frame alone after Play commits an action on the big maps (`frame_after_play` without
/// the rules' work and the document's check, done untimed before it): what the hand waits for
/// once the action is carried out, to set against `frame_steady_in_play`.
#[divan::bench(
    args = ["move_hex", "chit_hex", "move_table", "test_table"],
    sample_count = 20,
    sample_size = 1
)]
fn frame_only_after_play(bencher: divan::Bencher, case: &str) {
    let (app, ctx, _dir, action) = playing(case);
    bencher
        .with_inputs(|| {
            let mut app = app.borrow_mut();
            taken_back(&mut app, &ctx);
            commit(&mut app, &action);
        })
        .bench_local_values(|()| run_frame(&mut app.borrow_mut(), &ctx, input()));
}
