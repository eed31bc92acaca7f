use super::*;
use crate::model::generate;
use egui::{Pos2, Rect};

/// Draws `s`'s units through `runs` as the canvas does (1600 x 1000 points, the map fitted).
fn draw(runs: &mut UnitRuns, s: &Scenario, style: &scene::Style, view: &View) -> UnitsDrawn {
    let ctx = egui::Context::default();
    // Fonts are loaded by a first pass.
    let mut out = ctx.run_ui(egui::RawInput::default(), |_| {});
    out.textures_delta.clear();
    let baking = paint::Baking::of(&ctx);
    ctx.fonts_mut(|f| runs.draw(s, style, (view, canvas(), 1.0), f, &baking))
}

/// The style the editor draws with: the canvas names the units itself.
fn editor_style() -> scene::Style {
    scene::Style {
        labels: false,
        ..scene::Style::default()
    }
}

fn canvas() -> Rect {
    Rect::from_min_max(Pos2::ZERO, Pos2::new(1600.0, 1000.0))
}

fn fitted(s: &Scenario) -> View {
    View::fit(scene::frame(s).0, canvas())
}

/// `s`'s units drawn once through fresh runs, fitted to the canvas, and the runs' meshes.
fn drawn_once(
    s: &Scenario,
    style: &scene::Style,
) -> (View, UnitRuns, Vec<Vec<*const egui::epaint::Mesh>>) {
    let view = fitted(s);
    let mut runs = UnitRuns::default();
    draw(&mut runs, s, style, &view);
    let before = meshes(&runs);
    (view, runs, before)
}

/// Each run's meshes, by address: a run drawn again has new ones.
fn meshes(runs: &UnitRuns) -> Vec<Vec<*const egui::epaint::Mesh>> {
    runs.runs
        .iter()
        .map(|r| {
            r.shapes
                .iter()
                .filter_map(|s| match s {
                    Shape::Mesh(m) => Some(Arc::as_ptr(m)),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

/// How many runs were drawn again between two `meshes`.
fn redrawn(
    before: &[Vec<*const egui::epaint::Mesh>],
    after: &[Vec<*const egui::epaint::Mesh>],
) -> usize {
    assert_eq!(before.len(), after.len());
    before.iter().zip(after).filter(|(a, b)| a != b).count()
}

fn same(a: &UnitsDrawn, b: &UnitsDrawn) {
    assert_eq!(a.shapes, b.shapes, "the shapes differ from a fresh drawing");
    assert_eq!(a.texts, b.texts, "the texts differ from a fresh drawing");
    assert_eq!(a.boxes, b.boxes, "the boxes differ from a fresh drawing");
}

/// A unit with a free hex next to it, and that hex.
fn free_step(s: &Scenario) -> (usize, hexx::Hex) {
    let h = s.map.as_hex().expect("hex map");
    let taken: std::collections::HashSet<_> = s
        .units
        .iter()
        .filter_map(|u| u.hex())
        .map(|(h, _)| h)
        .collect();
    (s.units.len() / 2..s.units.len())
        .find_map(|i| {
            let (hex, _) = s.units[i].hex()?;
            let n = hex.neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[0]);
            (h.grid().contains(n) && !taken.contains(&n)).then_some((i, n))
        })
        .expect("a unit with a free neighbour")
}

#[test]
fn moving_one_counter_draws_its_run_again_and_the_layer_is_as_drawn_afresh() {
    let mut s = generate::hex_battlefield(40, 0.1, 300, 3);
    let style = editor_style();
    let (view, mut runs, before) = drawn_once(&s, &style);
    assert!(before.len() > 3, "{} runs", before.len());
    let (i, to) = free_step(&s);
    let mut u = s.units[i].clone();
    if let Position::Hex { hex, .. } = &mut u.position {
        *hex = to;
    }
    s.units.put(u);
    let kept = draw(&mut runs, &s, &style, &view);
    assert_eq!(redrawn(&before, &meshes(&runs)), 1);
    same(&kept, &draw(&mut UnitRuns::default(), &s, &style, &view));
}

#[test]
fn moving_one_unit_on_the_table_draws_its_run_again_and_the_layer_is_as_drawn_afresh() {
    let mut s = generate::crowded_table(2000, 10, 3);
    let style = editor_style();
    let (view, mut runs, before) = drawn_once(&s, &style);
    assert!(before.len() > 1, "{} runs", before.len());
    let mut u = s.units[s.units.len() / 2].clone();
    u.models.iter_mut().for_each(|m| m.pos.x += 0.5);
    s.units.put(u);
    let kept = draw(&mut runs, &s, &style, &view);
    assert_eq!(redrawn(&before, &meshes(&runs)), 1);
    same(&kept, &draw(&mut UnitRuns::default(), &s, &style, &view));
}

#[test]
fn selecting_a_unit_draws_its_run_again_and_a_new_view_draws_every_run() {
    let s = generate::hex_battlefield(40, 0.1, 300, 3);
    let mut style = editor_style();
    let (view, mut runs, before) = drawn_once(&s, &style);
    style.selected = vec![ItemRef::Unit(s.units[5].id)];
    let kept = draw(&mut runs, &s, &style, &view);
    let selected = meshes(&runs);
    assert_eq!(redrawn(&before, &selected), 1);
    same(&kept, &draw(&mut UnitRuns::default(), &s, &style, &view));
    let mut zoomed = view;
    zoomed.zoom_about(Pos2::new(800.0, 500.0), 1.5);
    draw(&mut runs, &s, &style, &zoomed);
    assert_eq!(redrawn(&selected, &meshes(&runs)), selected.len());
}

#[test]
fn a_new_side_colour_draws_every_run_again() {
    let mut s = generate::hex_battlefield(40, 0.1, 300, 3);
    let style = editor_style();
    let (view, mut runs, before) = drawn_once(&s, &style);
    s.sides[1].colour = Colour::rgb(10, 200, 10);
    let kept = draw(&mut runs, &s, &style, &view);
    assert_eq!(redrawn(&before, &meshes(&runs)), before.len());
    same(&kept, &draw(&mut UnitRuns::default(), &s, &style, &view));
}

#[test]
fn with_names_drawn_by_the_scene_every_run_is_drawn_again() {
    // Print's style: a counter names the units stacked with it, which its run does not record.
    let s = generate::hex_battlefield(40, 0.1, 300, 3);
    let style = scene::Style::default();
    let (view, mut runs, before) = drawn_once(&s, &style);
    draw(&mut runs, &s, &style, &view);
    assert_eq!(redrawn(&before, &meshes(&runs)), before.len());
}
