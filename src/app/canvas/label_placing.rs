//! The labels' last placing, kept so that the next one after a change places again only the
//! labels the change could reach. Labels are placed greedily in order (`labels::place`): each
//! takes the first of its places that is inside the canvas, off every body and clear of the
//! texts taken before it. A label whose places are the same as last time, none of which meets
//! anything that changed (a body moved, a text held elsewhere, a label placed elsewhere than
//! last time), is placed where it was; any other is placed again, and if it lands elsewhere
//! its old and new places are changes too for the labels after it. Moving one base of a crowd
//! of 5,000 so places a handful of labels instead of all of them.

use egui::Rect;

/// Changes past this many are looked at label by label no longer: every label is placed
/// again (a pan or a zoom moves them all).
const MOST_CHANGES: usize = 64;

/// One label as placed: its rank, where its places stand in the placing's list of places,
/// and the one it took. Where a label goes depends on nothing else of it (its text and size
/// are in its places' sizes).
struct PlacedLabel {
    rank: u8,
    places: std::ops::Range<usize>,
    took: Option<usize>,
}

impl PlacedLabel {
    /// Its places in `all`.
    fn places<'a>(&self, all: &'a [Rect]) -> &'a [Rect] {
        &all[self.places.clone()]
    }

    /// The places it was tried in: up to the one it took, or all of them.
    fn tried<'a>(&self, all: &'a [Rect]) -> &'a [Rect] {
        let places = self.places(all);
        match self.took {
            Some(k) => &places[..=k],
            None => places,
        }
    }

    fn taken(&self, all: &[Rect]) -> Option<Rect> {
        self.took.map(|k| self.places(all)[k])
    }
}

/// What the last placing was made from and what it gave.
#[derive(Default)]
pub(in crate::app) struct LastPlacing {
    clip: Option<Rect>,
    /// The texts held before the labels were placed (the map's, the counters').
    held: Vec<Rect>,
    /// The bodies the labels keep off.
    bodies: Vec<Rect>,
    labels: Vec<PlacedLabel>,
    /// Every label's places, one after another (one list, not one a label: a zoom places
    /// every label each frame).
    places: Vec<Rect>,
    /// How many labels it placed afresh.
    placed_afresh: usize,
}

/// A placing under way: the changes since the last one, when they are few enough to follow.
pub(super) struct Placing {
    last: LastPlacing,
    next: LastPlacing,
    changes: Option<Vec<Rect>>,
}

impl LastPlacing {
    /// Begins a placing of `count` labels in `clip`, with `held` texts and `bodies`; what
    /// changed since the last one is worked out here.
    pub(super) fn begin(
        &mut self,
        clip: Rect,
        held: Vec<Rect>,
        bodies: Vec<Rect>,
        count: usize,
    ) -> Placing {
        let last = std::mem::take(self);
        let mut changes = Some(Vec::new());
        if last.clip != Some(clip) || last.labels.len() != count {
            changes = None;
        }
        for (a, b) in [(&last.held, &held), (&last.bodies, &bodies)] {
            if a.len() != b.len() {
                changes = None;
            }
            if let Some(c) = &mut changes {
                for (x, y) in a.iter().zip(b).filter(|(x, y)| x != y) {
                    c.push(*x);
                    c.push(*y);
                }
            }
        }
        let next = LastPlacing {
            clip: Some(clip),
            held,
            bodies,
            labels: Vec::with_capacity(count),
            places: Vec::new(),
            placed_afresh: 0,
        };
        let mut p = Placing {
            last,
            next,
            changes,
        };
        p.give_up_when_too_many();
        p
    }
}

impl Placing {
    fn give_up_when_too_many(&mut self) {
        if self
            .changes
            .as_ref()
            .is_some_and(|c| c.len() > MOST_CHANGES)
        {
            self.changes = None;
        }
    }

    /// Where the `i`th label took its place last time, when it has the same rank and the
    /// same places and nothing that changed meets a place it was tried in: `Some(took)`.
    /// `None`: it must be placed again.
    pub(super) fn as_before(
        &mut self,
        i: usize,
        rank: u8,
        places: &[Rect],
    ) -> Option<Option<usize>> {
        let Some(changes) = self.changes.as_ref() else {
            self.next.placed_afresh += 1;
            return None;
        };
        let before = self.last.labels.get(i)?;
        let all = &self.last.places;
        let same = before.rank == rank && before.places(all) == places;
        let untouched = || {
            before
                .tried(all)
                .iter()
                .all(|r| changes.iter().all(|c| !c.intersects(*r)))
        };
        let kept = (same && untouched()).then_some(before.took);
        self.next.placed_afresh += usize::from(kept.is_none());
        kept
    }

    /// Records the `i`th label as placed; one placed anywhere else than last time is a change
    /// for the labels after it.
    pub(super) fn placed(&mut self, i: usize, rank: u8, places: &[Rect], took: Option<usize>) {
        if let Some(c) = &mut self.changes {
            let before = self
                .last
                .labels
                .get(i)
                .and_then(|l| l.taken(&self.last.places));
            let now = took.map(|k| places[k]);
            if before != now {
                c.extend(before);
                c.extend(now);
            }
        }
        self.give_up_when_too_many();
        let start = self.next.places.len();
        self.next.places.extend_from_slice(places);
        self.next.labels.push(PlacedLabel {
            rank,
            places: start..self.next.places.len(),
            took,
        });
    }

    /// The placing done, kept for the next.
    pub(super) fn finish(self) -> LastPlacing {
        self.next
    }
}

#[cfg(test)]
mod tests {
    use super::super::labels::{Bodies, LabelGalleys, Placed, label_shapes};
    use super::*;
    use crate::app::view::View;
    use crate::model::*;
    use crate::scene;
    use egui::{Pos2, Shape};

    /// `s`'s unit names placed as the canvas places them, fitted to a 1600 x 1000 canvas, after
    /// `last`; and how many were placed afresh.
    fn named(s: &Scenario, last: &mut LastPlacing) -> (Vec<Shape>, usize) {
        let ctx = egui::Context::default();
        let mut out = ctx.run_ui(egui::RawInput::default(), |_| {});
        out.textures_delta.clear();
        let clip = Rect::from_min_max(Pos2::ZERO, Pos2::new(1600.0, 1000.0));
        let view = View::fit(scene::frame(s).0, clip);
        let style = scene::Style::default();
        let mut galleys = LabelGalleys::default();
        let shapes = ctx.fonts_mut(|f| {
            let mut room = Placed::new(clip);
            let bodies = Bodies::new(clip, scene::unit_boxes(s, &style), &view);
            let mut shapes = Vec::new();
            galleys.begin(1.0);
            label_shapes(
                &mut shapes,
                s,
                &view,
                clip,
                f,
                &[],
                (true, false),
                &mut room,
                &bodies,
                (&mut galleys, last),
            );
            shapes
        });
        (shapes, last.placed_afresh)
    }

    /// Moves the `i`th unit `by` on the table, or a hex east on a hex map.
    fn moved(s: &Scenario, i: usize, by: f32) -> Scenario {
        let mut s = s.clone();
        let id = s.units[i].id;
        s.units.update(
            |u| u.id == id,
            |u| match u.position {
                Position::Hex { hex, facing } => {
                    u.position = Position::Hex {
                        hex: hex + hexx::Hex::new(1, 0),
                        facing,
                    }
                }
                _ => u.models.iter_mut().for_each(|m| m.pos.x += by),
            },
        );
        s
    }

    #[test]
    fn after_one_base_of_a_crowd_moves_a_few_labels_are_placed_again_as_a_fresh_placing_would() {
        let s = generate::crowded_table(5000, 10, 3);
        let mut last = LastPlacing::default();
        let (_, all) = named(&s, &mut last);
        assert!(all > 100, "every label placed the first time: {all}");
        for (i, by) in [(10, 0.4), (250, -0.3), (490, 1.5), (120, 4.0), (300, -7.0)] {
            let s = moved(&s, i, by);
            let (kept, afresh) = named(&s, &mut last);
            let (fresh, _) = named(&s, &mut LastPlacing::default());
            assert_eq!(kept, fresh, "the same labels in the same places");
            assert!(
                (1..all / 4).contains(&afresh),
                "{afresh} of {all} placed again"
            );
        }
    }

    #[test]
    fn after_a_counter_moves_the_labels_are_as_a_fresh_placing_would_place_them() {
        let s = generate::hex_battlefield(30, 0.1, 300, 3);
        let mut last = LastPlacing::default();
        named(&s, &mut last);
        for i in [3, 150, 290] {
            let s = moved(&s, i, 0.0);
            let (kept, _) = named(&s, &mut last);
            let (fresh, _) = named(&s, &mut LastPlacing::default());
            assert!(kept.len() > 100, "the counters are named: {}", kept.len());
            assert_eq!(kept, fresh);
        }
    }

    #[test]
    fn too_many_changes_place_every_label_again() {
        let s = generate::crowded_table(2000, 5, 9);
        let mut last = LastPlacing::default();
        let (_, all) = named(&s, &mut last);
        // Every base moved: more changes than are followed.
        let mut far = s.clone();
        far.units.update(
            |_| true,
            |u| u.models.iter_mut().for_each(|m| m.pos.y += 0.2),
        );
        let (kept, afresh) = named(&far, &mut last);
        assert_eq!(afresh, all);
        assert_eq!(kept, named(&far, &mut LastPlacing::default()).0);
    }
}
