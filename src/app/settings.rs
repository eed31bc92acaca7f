//! What the editor remembers between runs (window size is remembered by eframe itself).

use crate::model::SideId;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// Most recent files kept.
pub const RECENT_LIMIT: usize = 10;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Theme {
    #[default]
    System,
    Light,
    Dark,
}

/// Persisted editor settings. Every field has a default, so settings from older versions load.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub recent: Vec<PathBuf>,
    pub theme: Theme,
    pub grid: bool,
    pub coordinates: bool,
    pub labels: bool,
    /// Snap free-measure drags to half inches.
    pub snap: bool,
    /// The problems list is open above the status bar (else only its one-line summary shows).
    pub show_problems: bool,
    pub show_history: bool,
    /// The Rules panel is open at the top of the dock (else only its header shows).
    pub show_rules: bool,
    /// The Rules panel's height, set by dragging the dock's divider (double-click it to go
    /// back to `None`: the panel is as tall as what it has to say, up to 60% of the dock).
    pub rules_height: Option<f32>,
    /// Refused places of a preview are shaded in full, not only outlined.
    pub show_refused: bool,
    /// The left panel shows the order of battle rather than the palette.
    pub show_order_of_battle: bool,
    /// The order of battle's table is open under the map (View menu).
    pub show_oob_table: bool,
    /// Placing from the palette keeps the tool, instead of returning to Select.
    pub keep_tool: bool,
    /// Shade the zones of control this side exerts on the hex map (View menu).
    pub zoc_side: Option<SideId>,
    /// The terrain given to Tiled tiles that name none, by tileset name and tile ID
    /// (File > Import Tiled map…), so each is asked once.
    pub tile_terrain: std::collections::BTreeMap<String, std::collections::BTreeMap<u32, String>>,
    /// Each printer's correction (across, down), by the name typed for it in File > Export:
    /// applied to every true-scale print on it (see `app::printer_fix`).
    pub printer_fixes: std::collections::BTreeMap<String, [f64; 2]>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            recent: Vec::new(),
            theme: Theme::System,
            grid: true,
            coordinates: true,
            labels: true,
            snap: false,
            show_problems: false,
            show_history: false,
            show_rules: true,
            rules_height: None,
            show_refused: false,
            show_order_of_battle: false,
            show_oob_table: false,
            keep_tool: false,
            zoc_side: None,
            tile_terrain: Default::default(),
            printer_fixes: Default::default(),
        }
    }
}

impl Settings {
    /// Puts `path` first in the recent list.
    pub fn remember(&mut self, path: PathBuf) {
        self.recent.retain(|p| *p != path);
        self.recent.insert(0, path);
        self.recent.truncate(RECENT_LIMIT);
    }
}

/// The key under which eframe stores the settings.
pub const STORAGE_KEY: &str = "sandtable-settings";
