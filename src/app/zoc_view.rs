//! The View option that shades the zones of control of one side on the hex map. The hexes come
//! from the hex rules engine through `scene::overlay::zoc`; the app only caches the result per
//! state of the scenario and offers the choice.

use super::App;
use crate::model::{Scenario, SideId};
use crate::scene::{self, Item};
use egui::Ui;
use std::sync::Arc;

/// The shading of one side for one state of the document.
pub(super) struct ZocOverlay {
    changes: u64,
    side: SideId,
    items: Arc<Vec<Item>>,
}

impl App {
    /// The ZOC shading to draw over the map, if the View menu asks for one (rebuilt only when
    /// the scenario or the side changes).
    pub(super) fn zoc_overlay_items(&mut self) -> Option<Arc<Vec<Item>>> {
        let side = self.settings.zoc_side?;
        let changes = self.doc.changes();
        let fresh = self
            .layers
            .zoc
            .as_ref()
            .is_some_and(|o| o.changes == changes && o.side == side);
        if !fresh {
            self.layers.zoc = Some(ZocOverlay {
                changes,
                side,
                items: Arc::new(scene::overlay::zoc(self.doc.scenario(), side)),
            });
        }
        self.layers.zoc.as_ref().map(|o| o.items.clone())
    }
}

/// View > Zones of control: whose zones to shade (hex maps only).
pub fn zoc_menu_ui(ui: &mut Ui, s: &Scenario, zoc_side: &mut Option<SideId>) {
    ui.add_enabled_ui(s.map.is_hex(), |ui| {
        ui.menu_button("Zones of control", |ui| {
            ui.radio_value(zoc_side, None, "None");
            for side in &s.sides {
                ui.radio_value(
                    zoc_side,
                    Some(side.id),
                    format!("{} zones", crate::model::words::possessive(&side.name)),
                );
            }
        })
    })
    .response
    .on_disabled_hover_text("Zones of control are shaded on hex maps");
}
