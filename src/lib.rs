//! Sandtable: a desktop editor for tabletop wargame scenarios.
//!
//! Layers, arrows pointing one way: `app` → `preview` → `scene`, `rules`; `app` → `edit` →
//! `rules` → `model`, `geom` (`edit::ops::outcome` carries out what the rules answer);
//! `cli` → `io` → `scene`, `model`; `cli` → `rules`; `app`, `cli` → `samples` → `io`;
//! `app`, `cli` → `report` → `game`, `io` (the after-action report). See
//! `docs/architecture.md`.

pub mod app;
pub mod cli;
pub mod edit;
pub mod game;
pub mod geom;
pub mod io;
pub mod model;
pub mod preview;
pub mod report;
pub mod rules;
pub mod samples;
pub mod scene;
