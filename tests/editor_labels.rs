//! Texts on the map never lie over one another: with any rule preview of any unit of the five
//! samples open, the names of places, zones and columns, the units' names, the hex numbers and
//! the preview's own labels each keep a place of their own on the canvas.

use egui::{Rect, Shape};
use egui_kittest::kittest::Queryable;
use sandtable::app::command::Command;
use sandtable::model::*;
use sandtable::preview;

#[path = "common/harness.rs"]
mod harness;
use harness::{Editor, editor, sample};

/// The texts painted on the map canvas in the last frame, with their screen rectangles.
fn map_texts(e: &Editor) -> Vec<(String, Rect)> {
    let canvas = e.h.get_by_label("Map canvas").rect();
    fn walk(shape: &Shape, out: &mut Vec<(String, Rect)>) {
        match shape {
            Shape::Text(t) => out.push((t.galley.text().to_string(), t.visual_bounding_rect())),
            Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for c in &e.h.output().shapes {
        if c.clip_rect == canvas {
            walk(&c.shape, &mut out);
        }
    }
    out.retain(|(text, r)| !text.trim().is_empty() && canvas.intersects(*r));
    out
}

/// The first pair of texts that overlap (by more than a sliver of anti-aliasing).
fn overlapping(texts: &[(String, Rect)]) -> Option<String> {
    for (i, (a, ra)) in texts.iter().enumerate() {
        for (b, rb) in &texts[i + 1..] {
            let o = ra.intersect(*rb);
            if o.width() > 0.5 && o.height() > 0.5 {
                return Some(format!("{a:?} at {ra:?} and {b:?} at {rb:?}"));
            }
        }
    }
    None
}

fn perform(e: &mut Editor, c: Command) {
    let ctx = e.h.ctx.clone();
    e.h.state_mut().perform(&ctx, c);
    e.h.run();
    e.h.run();
}

#[test]
fn no_text_on_the_map_lies_over_another_with_any_preview_open() {
    let mut looked = 0;
    for name in ["bakambo", "winceby", "rearguard", "patrol", "skirmish"] {
        let s = sample(name);
        let mut e = editor(s.clone());
        if let Some(clash) = overlapping(&map_texts(&e)) {
            panic!("{name}, no preview: {clash}");
        }
        // Every unit on the map with a preview the rules allow, a dozen a sample at most.
        let units: Vec<UnitId> = s
            .units
            .iter()
            .filter(|u| u.in_play() && (u.hex().is_some() || u.on_table()))
            .map(|u| u.id)
            .take(12)
            .collect();
        for u in units {
            e.h.state_mut().selection = vec![ItemRef::Unit(u)];
            e.h.run();
            for c in preview::choices(e.s(), u)
                .into_iter()
                .filter(|c| c.refused.is_none())
            {
                perform(&mut e, Command::OpenPreview(c.mode));
                let texts = map_texts(&e);
                if let Some(clash) = overlapping(&texts) {
                    panic!("{name}, unit {u}, preview {:?}: {clash}", c.mode);
                }
                looked += 1;
            }
            perform(&mut e, Command::ClosePreview);
        }
    }
    assert!(looked > 20, "only {looked} previews looked at");
}
