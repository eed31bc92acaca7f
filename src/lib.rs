//! Sandtable: a desktop editor for tabletop wargame scenarios.
//!
//! Layers, arrows pointing one way: `app` → `edit` → `model`; `app` → `scene` → `rules` →
//! `model`, `geom`; `cli` → `io` → `scene`, `model`. See `docs/architecture.md`.

pub mod app;
pub mod cli;
pub mod edit;
pub mod geom;
pub mod io;
pub mod model;
pub mod preview;
pub mod rules;
pub mod scene;
