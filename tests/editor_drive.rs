//! A seeded random drive of the editor over each sample through kittest: clicks and drags
//! anywhere in the window, keys (tools, undo and redo, copy and paste, delete, arrows, Tab,
//! Escape), palette drops onto the map. After every event the scenario must still pass
//! `validate()`, and nothing may panic.
//!
//! `SANDTABLE_DRIVE_EVENTS` sets the events per sample (default 1,500, to keep `cargo test`
//! short on two cores; the 10,000 is `SANDTABLE_DRIVE_EVENTS=10000`) and
//! `SANDTABLE_DRIVE_SEED` the seed.

use egui::{Event, Key, Modifiers, PointerButton, Pos2, pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sandtable::app::App;
use sandtable::edit::ops::create::Template;
use sandtable::samples;

#[path = "common/harness.rs"]
mod harness;
use harness::{Setup, editor_with};

const SIZE: [f32; 2] = [1400.0, 900.0];

/// SplitMix64: small, seeded, the same on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn point(&mut self) -> Pos2 {
        pos2(
            self.below(SIZE[0] as usize) as f32,
            self.below(SIZE[1] as usize) as f32,
        )
    }

    /// A point over the middle of the window, where the map is.
    fn on_map(&mut self) -> Pos2 {
        pos2(
            300.0 + self.below(800) as f32,
            80.0 + self.below(700) as f32,
        )
    }
}

const KEYS: [(Modifiers, Key); 24] = [
    (Modifiers::COMMAND, Key::Z),
    (Modifiers::COMMAND, Key::Z),
    (Modifiers::COMMAND, Key::Y),
    (Modifiers::SHIFT.plus(Modifiers::COMMAND), Key::Z),
    (Modifiers::COMMAND, Key::C),
    (Modifiers::COMMAND, Key::V),
    (Modifiers::COMMAND, Key::D),
    (Modifiers::COMMAND, Key::A),
    (Modifiers::NONE, Key::Delete),
    (Modifiers::NONE, Key::Escape),
    (Modifiers::NONE, Key::Enter),
    (Modifiers::NONE, Key::Tab),
    (Modifiers::SHIFT, Key::Tab),
    (Modifiers::NONE, Key::ArrowLeft),
    (Modifiers::NONE, Key::ArrowRight),
    (Modifiers::SHIFT, Key::ArrowUp),
    (Modifiers::NONE, Key::ArrowDown),
    (Modifiers::NONE, Key::R),
    (Modifiers::NONE, Key::Q),
    (Modifiers::NONE, Key::E),
    (Modifiers::NONE, Key::V),
    (Modifiers::NONE, Key::P),
    (Modifiers::NONE, Key::Space),
    (Modifiers::NONE, Key::Plus),
];

fn press(h: &mut Harness<'static, App>, at: Pos2, pressed: bool) {
    h.event(Event::PointerButton {
        pos: at,
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    });
}

/// A drag from `from` to `to` in a few frames.
fn drag(h: &mut Harness<'static, App>, from: Pos2, to: Pos2, steps: usize) {
    h.hover_at(from);
    h.step();
    press(h, from, true);
    h.step();
    for k in 1..=steps {
        h.hover_at(from + (to - from) * (k as f32 / steps as f32));
        h.step();
    }
    press(h, to, false);
    h.step();
}

/// One random event; returns what it was.
fn event(h: &mut Harness<'static, App>, rng: &mut Rng) -> String {
    match rng.below(100) {
        0..35 => {
            let p = rng.point();
            h.hover_at(p);
            h.step();
            press(h, p, true);
            press(h, p, false);
            h.step();
            format!("click at {p:?}")
        }
        35..55 => {
            let (from, to) = (rng.on_map(), rng.on_map());
            drag(h, from, to, 1 + rng.below(4));
            format!("drag {from:?} -> {to:?}")
        }
        55..85 => {
            let (m, k) = KEYS[rng.below(KEYS.len())];
            h.key_press_modifiers(m, k);
            h.step();
            format!("key {m:?} {k:?}")
        }
        _ => {
            let t = Template::ALL[rng.below(Template::ALL.len())];
            let Some(from) = h
                .query_all_by_label(t.name())
                .next()
                .map(|n| n.rect().center())
            else {
                h.step();
                return format!("no palette entry {}", t.name());
            };
            let to = rng.on_map();
            drag(h, from, to, 4);
            format!("drop {} at {to:?}", t.name())
        }
    }
}

#[test]
fn a_random_drive_of_every_sample_keeps_the_scenario_valid() {
    let env = |k: &str, d: u64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let events = env("SANDTABLE_DRIVE_EVENTS", 1_500);
    let seed = env("SANDTABLE_DRIVE_SEED", 17);
    for (n, sample) in samples::ALL.iter().enumerate() {
        let mut e = editor_with(
            sample.load().expect("the sample loads"),
            Setup {
                size: SIZE,
                ..Setup::default()
            },
        );
        let h = &mut e.h;
        let mut rng = Rng(seed ^ (n as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
        let mut edits = 0;
        for i in 0..events {
            let what = event(h, &mut rng);
            let s = h.state().doc.scenario();
            let invalid = s.validate();
            assert!(
                invalid.is_empty(),
                "{}, seed {seed}, event {i} ({what}): {invalid:?}",
                sample.name
            );
            edits = h.state().doc.history().1.max(edits);
        }
        eprintln!(
            "{}: {events} events, seed {seed}, up to {edits} undo steps, {} units at the end",
            sample.name,
            h.state().doc.scenario().units.len()
        );
    }
}
