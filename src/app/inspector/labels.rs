//! The names printed on the map (the scenario's "Map labels"): each label's text and where it
//! stands, a hex as printed or a point of the table, and a button to add one in the middle of
//! the map. A reinforcement's entry may then be picked by a label's name.

use super::form::{Form, grid, non_empty};
use super::items::place_fields;
use crate::edit::Edit;
use crate::geom::Point;
use crate::model::*;
use egui::Ui;

pub(super) fn labels_ui(ui: &mut Ui, f: &mut Form) {
    let s = f.s;
    let set = |labels: Vec<MapLabel>| vec![Edit::SetLabels(labels)];
    for (k, l) in s.labels.iter().enumerate() {
        let key = |field: &str| format!("label.{k}.{field}");
        f.rows(format!("Map label {}", k + 1), |f| {
            grid(ui, ("map-label", k), |ui| {
                if let Some((text, merge)) =
                    f.text(ui, "Text", &key("text"), &l.text, &non_empty("A label"))
                {
                    let mut labels = s.labels.clone();
                    labels[k].text = text;
                    f.emit("Edit map label", Some(merge), set(labels));
                }
                if let Some((place, merge)) = place_fields(ui, f, &key("place"), l.place) {
                    let mut labels = s.labels.clone();
                    labels[k].place = place;
                    f.emit("Move map label", Some(merge), set(labels));
                }
            });
            if f.button(ui, "Remove", true, "Take this name off the map") {
                let mut labels = s.labels.clone();
                labels.remove(k);
                f.emit("Remove map label", None, set(labels));
            }
        });
        ui.separator();
    }
    let room = s.labels.len() < limits::MAX_ITEMS;
    if f.button(
        ui,
        "Add label",
        room,
        "A name printed on the map (a ridge, a wood, a road's entry), in the middle of the map \
         to be moved where it belongs",
    ) {
        let place = match &s.map {
            Map::Hex(h) => {
                let grid = h.grid();
                match grid.hex_at(grid.len() / 2) {
                    Some(hex) => Place::Hex(hex),
                    None => return,
                }
            }
            Map::Table(t) => Place::Table(Point::new(t.width_in / 2.0, t.height_in / 2.0)),
        };
        let taken = |n: &str| s.labels.iter().any(|l| l.text == n);
        let text = (1..)
            .map(|n| {
                if n == 1 {
                    "New label".to_string()
                } else {
                    format!("New label {n}")
                }
            })
            .find(|t| !taken(t))
            .unwrap_or_default();
        let mut labels = s.labels.clone();
        labels.push(MapLabel { text, place });
        f.emit("Add map label", None, set(labels));
    }
}
