//! File > Import Tiled map…: a Tiled hex map becomes a new scenario. The map is read on a
//! worker thread, the window showing how far it has got with a Cancel button, so a large or
//! hostile file never freezes the editor. Tiles whose tileset names no terrain are then asked
//! for once, in a dialog listing each with its hex count; the answers are remembered in the
//! settings by tileset name and tile ID, so the next map drawn with the same tileset imports
//! without asking.

use super::App;
use super::command::{Command, Commands};
use super::settings::Settings;
use crate::edit::Document;
use crate::io::tmx::{
    self, Control, TerrainMapping, TileKey, TilePictures, TiledMap, TmxError, UsedTile,
};
use crate::model::limits::MAX_NAME_CHARS;
use crate::model::{Colour, TerrainType};
use std::path::{Path, PathBuf};
use std::sync::{Arc, mpsc};

/// A Tiled map being read on a worker thread.
pub struct TiledReading {
    pub path: PathBuf,
    control: Arc<Control>,
    rx: mpsc::Receiver<Result<(TiledMap, TilePictures), TmxError>>,
}

impl TiledReading {
    /// Starts reading `path` on a worker thread.
    fn start(path: &Path) -> TiledReading {
        let control = Arc::new(Control::default());
        let (tx, rx) = mpsc::channel();
        let (watch, file) = (control.clone(), path.to_path_buf());
        std::thread::spawn(move || {
            // The tiles' pictures are cut here too, so a large tileset image never holds up
            // the editor.
            let read = tmx::read_watched(&file, &watch).map(|m| {
                let pictures = tmx::tile_pictures(&m);
                (m, pictures)
            });
            let _ = tx.send(read);
        });
        TiledReading {
            path: path.to_path_buf(),
            control,
            rx,
        }
    }

    /// The progress window: what the worker is reading, how far it has got, and Cancel.
    fn ui(&self, ctx: &egui::Context) -> Commands {
        let mut out = Commands::default();
        let (what, done) = self.control.status();
        egui::Modal::new(egui::Id::unique("tiled-reading")).show(ctx, |ui| {
            ui.heading("Importing a Tiled map");
            ui.label(
                self.path
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
            );
            ui.add(
                egui::ProgressBar::new(done)
                    .text(if what.is_empty() {
                        "Starting…"
                    } else {
                        &what
                    })
                    .desired_width(320.0),
            );
            if ui.button("Cancel").clicked() {
                out.push(Command::CancelTiledReading);
            }
        });
        // The worker's news arrives between frames: look again shortly.
        ctx.request_repaint_after(std::time::Duration::from_millis(50));
        out
    }
}

/// A map read, waiting for the terrain of the tiles its tileset does not name.
pub struct TileMappingDialog {
    pub path: PathBuf,
    pub map: TiledMap,
    /// Each tile to name, the hexes showing it, and the terrain typed so far: the tiles
    /// covering most of the map first, as the ones that matter most.
    pub rows: Vec<(UsedTile, String)>,
    /// The names offered for every tile: the common ground of wargame maps and the terrain
    /// the map's other tiles already name.
    choices: Vec<String>,
    /// The open scenario's terrain types: a tile named as one of them takes it whole.
    open: Vec<TerrainType>,
    /// Each row's thumbnail and the name it was drawn for (it shows that terrain's colour).
    thumbs: Vec<Option<(String, egui::TextureHandle)>>,
    /// The tiles' own pictures, as their tilesets draw them, and the images not found.
    pictures: TilePictures,
    /// Each row's picture as a texture, made the first time it is shown.
    picture_textures: Vec<Option<egui::TextureHandle>>,
}

/// The longest side of a row's thumbnail, in hexes drawn (a larger map is drawn in blocks).
const THUMB_CELLS: u32 = 96;
/// How wide a row's thumbnail is shown, in points.
const THUMB_PT: f32 = 72.0;
/// The longest side of a tile's picture as shown, in points.
const PICTURE_PT: f32 = 40.0;

impl TileMappingDialog {
    /// The names *Choose* offers, in order.
    pub fn choices(&self) -> &[String] {
        &self.choices
    }

    /// The dialog for `map`'s tiles with no terrain (`rows`), offering the open scenario's
    /// terrain names (`open`) first: the designer's own types, then the common ground of
    /// wargame maps and what the map's other tiles name.
    fn new(
        path: PathBuf,
        map: TiledMap,
        pictures: TilePictures,
        mut rows: Vec<(UsedTile, String)>,
        open: Vec<TerrainType>,
    ) -> Self {
        rows.sort_by(|(a, _), (b, _)| b.hexes.cmp(&a.hexes).then_with(|| a.key.cmp(&b.key)));
        let mut choices: Vec<String> = Vec::new();
        let named = tmx::used_tiles(&map).into_iter().filter_map(|u| u.terrain);
        let common = tmx::colours::COMMON_TERRAIN.iter().map(|n| n.to_string());
        // A hex is ground: a wall, a stream or a road of a table is not offered for a tile.
        for t in open
            .iter()
            .filter(|t| t.kind == crate::model::TerrainKind::Area)
            .map(|t| t.name.clone())
            .chain(common)
            .chain(named)
        {
            if !choices.iter().any(|c| c.eq_ignore_ascii_case(&t)) {
                choices.push(t);
            }
        }
        let thumbs = rows.iter().map(|_| None).collect();
        let picture_textures = rows.iter().map(|_| None).collect();
        TileMappingDialog {
            path,
            map,
            rows,
            choices,
            open,
            thumbs,
            pictures,
            picture_textures,
        }
    }

    /// The mapping typed, when every tile has a terrain within the limit for names.
    fn mapping(&self) -> Option<TerrainMapping> {
        self.rows
            .iter()
            .map(|(u, name)| {
                let name = name.trim();
                (!name.is_empty() && !too_long(name)).then(|| (u.key.clone(), name.to_string()))
            })
            .collect()
    }

    /// Row `i`'s thumbnail, drawn again when its name has changed.
    fn thumb(&mut self, ctx: &egui::Context, i: usize) -> Option<egui::TextureHandle> {
        let (u, name) = self.rows.get(i)?;
        if let Some(Some((drawn, t))) = self.thumbs.get(i)
            && drawn == name
        {
            return Some(t.clone());
        }
        let colour = tmx::colour_to_come(name, &u.key, &self.pictures, &self.open);
        let image = thumbnail(&self.map, &u.key, colour);
        let t = ctx.load_texture(
            format!("tiled-tile-{i}"),
            image,
            egui::TextureOptions::NEAREST,
        );
        if let Some(slot) = self.thumbs.get_mut(i) {
            *slot = Some((name.clone(), t.clone()));
        }
        Some(t)
    }

    /// Row `i`'s picture as its tileset draws it, if it was read.
    fn picture(&mut self, ctx: &egui::Context, i: usize) -> Option<egui::TextureHandle> {
        if let Some(Some(t)) = self.picture_textures.get(i) {
            return Some(t.clone());
        }
        let (u, _) = self.rows.get(i)?;
        let p = self.pictures.pictures.get(&u.key)?;
        let image = egui::ColorImage::from_rgba_unmultiplied(
            [p.width() as usize, p.height() as usize],
            p.as_raw(),
        );
        let t = ctx.load_texture(
            format!("tiled-picture-{i}"),
            image,
            egui::TextureOptions::LINEAR,
        );
        if let Some(slot) = self.picture_textures.get_mut(i) {
            *slot = Some(t.clone());
        }
        Some(t)
    }

    /// The dialog; returns the command to import with the terrain typed, or to drop the map.
    pub fn ui(&mut self, ctx: &egui::Context) -> Commands {
        let mut out = Commands::default();
        let thumbs: Vec<Option<egui::TextureHandle>> =
            (0..self.rows.len()).map(|i| self.thumb(ctx, i)).collect();
        let pictures: Vec<Option<egui::TextureHandle>> =
            (0..self.rows.len()).map(|i| self.picture(ctx, i)).collect();
        let any_picture = pictures.iter().any(Option::is_some);
        let aspect = self.map.rows.max(1) as f32 / self.map.columns.max(1) as f32;
        egui::Modal::new(egui::Id::unique("tiled-terrain")).show(ctx, |ui| {
            ui.heading("Terrain for Tiled tiles");
            ui.label(format!(
                "{} uses tiles that name no terrain. Give each the terrain it stands for: \
                 beside each are the tile as its tileset draws it and a map of where its \
                 hexes lie. Sandtable remembers the answers for this tileset.",
                self.path
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
            ));
            // One line for the images not found, however many (a collection's every image is
            // missing when its folder is), the whole list on hover: the tiles stay in sight.
            match self.pictures.missing.as_slice() {
                [] => {}
                [why] => {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        format!("{why}: its tiles are shown by where they lie only."),
                    );
                }
                all => {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        format!(
                            "{} of the tiles' images are not there: those tiles are shown by \
                             where they lie only (hover for the files).",
                            all.len()
                        ),
                    )
                    .on_hover_text(all.join("\n"));
                }
            }
            ui.add_space(6.0);
            let typed: Vec<String> = self
                .rows
                .iter()
                .map(|(_, n)| n.trim().to_string())
                .collect();
            let mut offered = self.choices.clone();
            for t in typed {
                if !t.is_empty() && !offered.iter().any(|c| c.eq_ignore_ascii_case(&t)) {
                    offered.push(t);
                }
            }
            egui::ScrollArea::vertical()
                .max_height((ctx.content_rect().height() - 220.0).max(160.0))
                .show(ui, |ui| {
                    egui::Grid::new("tiled-terrain-rows")
                        .num_columns(if any_picture { 4 } else { 3 })
                        .spacing([12.0, 6.0])
                        .show(ui, |ui| {
                            for (((u, name), thumb), picture) in
                                self.rows.iter_mut().zip(&thumbs).zip(&pictures)
                            {
                                if any_picture {
                                    match picture {
                                        Some(t) => {
                                            let size = t.size_vec2();
                                            let k = PICTURE_PT / size.x.max(size.y).max(1.0);
                                            ui.add(egui::Image::new(t).fit_to_exact_size(size * k))
                                                .on_hover_text("The tile as its tileset draws it");
                                        }
                                        None => {
                                            ui.label("");
                                        }
                                    }
                                }
                                match thumb {
                                    Some(t) => ui.add(egui::Image::new(t).fit_to_exact_size(
                                        egui::vec2(THUMB_PT, THUMB_PT * aspect),
                                    )),
                                    None => ui.label(""),
                                };
                                let image = crate::io::tmx::tile_image_name(
                                    &self.map,
                                    &u.key.tileset,
                                    u.key.id,
                                )
                                .map_or_else(String::new, |n| format!(" ({n})"));
                                let said = format!(
                                    "Tile {}{image} of {} — {}",
                                    u.key.id,
                                    u.key.tileset,
                                    crate::model::count(u.hexes as u64, "hex", "hexes")
                                );
                                let l = ui.label(&said);
                                ui.horizontal(|ui| {
                                    ui.add(
                                        egui::TextEdit::singleline(name)
                                            .hint_text("terrain name")
                                            .desired_width(160.0),
                                    )
                                    .labelled_by(l.id);
                                    let menu = ui.menu_button("Choose", |ui| {
                                        for c in &offered {
                                            if ui.button(c).clicked() {
                                                name.clone_from(c);
                                                ui.close();
                                            }
                                        }
                                    });
                                    let what = format!("Choose the terrain of {said}");
                                    menu.response.widget_info(|| {
                                        egui::WidgetInfo::labeled(egui::Role::Button, true, &what)
                                    });
                                    if too_long(name.trim()) {
                                        ui.colored_label(
                                            ui.visuals().error_fg_color,
                                            format!("over {MAX_NAME_CHARS} characters"),
                                        );
                                    }
                                });
                                ui.end_row();
                            }
                        });
                });
            ui.add_space(6.0);
            let ready = self.mapping();
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(ready.is_some(), egui::Button::new("Import"))
                    .clicked()
                    && let Some(m) = ready
                {
                    out.push(Command::ImportTiledWith(m));
                }
                if ui.button("Cancel").clicked() {
                    out.push(Command::ImportTiledCancel);
                }
            });
        });
        out
    }
}

/// The map in little, a pixel for each hex or block of hexes (at most [`THUMB_CELLS`] to a
/// side): where `tile` lies in the colour its terrain will get (`tmx::colour_to_come`; dark
/// while it has no name), the rest pale.
fn thumbnail(map: &TiledMap, tile: &TileKey, colour: Option<Colour>) -> egui::ColorImage {
    let (cols, rows) = (map.columns.max(1), map.rows.max(1));
    let block = cols.max(rows).div_ceil(THUMB_CELLS).max(1);
    let (w, h) = (cols.div_ceil(block), rows.div_ceil(block));
    let pale = egui::Color32::from_gray(225);
    let mark = colour.map_or(egui::Color32::from_rgb(40, 40, 60), |c| {
        egui::Color32::from_rgb(c.r, c.g, c.b)
    });
    let mut pixels = vec![pale; (w * h) as usize];
    for (i, &gid) in map.cells.iter().enumerate() {
        let Some((ts, id)) = map.tile(gid) else {
            continue;
        };
        if id != tile.id || ts.name != tile.tileset {
            continue;
        }
        let (c, r) = (i as u32 % cols, i as u32 / cols);
        if let Some(p) = pixels.get_mut(((r / block) * w + c / block) as usize) {
            *p = mark;
        }
    }
    egui::ColorImage::new([w as usize, h as usize], pixels)
}

/// A terrain name over the limit for names, which no scenario may hold.
fn too_long(name: &str) -> bool {
    name.chars().count() > MAX_NAME_CHARS
}

/// What the settings remember for a tile.
fn remembered(settings: &Settings, key: &TileKey) -> Option<String> {
    settings
        .tile_terrain
        .get(&key.tileset)
        .and_then(|t| t.get(&key.id))
        .cloned()
}

impl App {
    /// Whether the open document is a built-in sample as it was opened: no file of its own,
    /// nothing done to it, and the same as one of the samples.
    fn open_on_a_sample(&self) -> bool {
        let s = self.doc.scenario();
        self.doc.path.is_none()
            && !self.doc.can_undo()
            && crate::samples::ALL
                .iter()
                .any(|x| x.load().is_ok_and(|sample| &sample == s))
    }

    /// Starts reading a Tiled map on a worker thread (see [`App::poll_tiled_reading`]).
    pub(super) fn import_tiled_path(&mut self, path: &Path) {
        if let Some(old) = self.tiled_reading.take() {
            old.control.cancel();
        }
        self.tiled_reading = Some(TiledReading::start(path));
        self.status = format!("Importing {}…", path.display());
    }

    /// Whether a Tiled map is being read.
    pub fn reading_tiled(&self) -> bool {
        self.tiled_reading.is_some()
    }

    /// The progress window of the Tiled map being read, if any.
    pub(super) fn tiled_reading_ui(&self, ctx: &egui::Context) -> Commands {
        self.tiled_reading
            .as_ref()
            .map(|r| r.ui(ctx))
            .unwrap_or_default()
    }

    /// Stops reading the Tiled map: the worker ends at its next step and what it read is
    /// dropped.
    pub(super) fn cancel_tiled_reading(&mut self) {
        if let Some(r) = self.tiled_reading.take() {
            r.control.cancel();
            self.status = format!("Import of {} cancelled", r.path.display());
        }
    }

    /// Takes the worker's map when it has finished: imports it at once when every tile has a
    /// terrain (from its tileset or remembered), else asks for the rest.
    pub(super) fn poll_tiled_reading(&mut self) {
        let Some(reading) = &self.tiled_reading else {
            return;
        };
        let result = match reading.rx.try_recv() {
            Ok(r) => r,
            Err(mpsc::TryRecvError::Empty) => return,
            Err(mpsc::TryRecvError::Disconnected) => Err(TmxError::Io {
                path: reading.path.clone(),
                source: std::io::Error::other("the reader stopped unexpectedly"),
            }),
        };
        let path = reading.path.clone();
        self.tiled_reading = None;
        let (map, pictures) = match result {
            Ok(m) => m,
            Err(TmxError::Cancelled) => return,
            Err(e) => {
                self.notify(
                    true,
                    format!(
                        "Could not import {}: {}",
                        path.display(),
                        crate::io::with_causes(&e)
                    ),
                );
                return;
            }
        };
        let unnamed: Vec<(UsedTile, String)> = tmx::used_tiles(&map)
            .into_iter()
            .filter(|u| u.terrain.is_none() && remembered(&self.settings, &u.key).is_none())
            .map(|u| (u, String::new()))
            .collect();
        // The designer's own terrain is offered first; a built-in sample the editor merely
        // opened on (a map imported from the command line) is no one's vocabulary.
        let open = if self.open_on_a_sample() {
            Vec::new()
        } else {
            self.doc.scenario().terrain_types.clone()
        };
        let dialog = TileMappingDialog::new(path, map, pictures, unnamed, open);
        if dialog.rows.is_empty() {
            self.finish_tiled_import(dialog, TerrainMapping::new());
        } else {
            // The map is read: what waits now is the user's answer, not the reading.
            self.status = format!(
                "Read {}: choose a terrain for each tile in the dialog to import it",
                dialog.path.display()
            );
            self.tiled_import = Some(dialog);
        }
    }

    /// Imports the map waiting in the dialog with the terrain typed.
    pub(super) fn import_tiled_with(&mut self, typed: TerrainMapping) {
        if let Some(dialog) = self.tiled_import.take() {
            for (key, name) in &typed {
                self.settings
                    .tile_terrain
                    .entry(key.tileset.clone())
                    .or_default()
                    .insert(key.id, name.clone());
            }
            self.finish_tiled_import(dialog, typed);
        }
    }

    fn finish_tiled_import(&mut self, dialog: TileMappingDialog, typed: TerrainMapping) {
        let mut mapping = typed;
        for u in tmx::used_tiles(&dialog.map) {
            if u.terrain.is_none()
                && !mapping.contains_key(&u.key)
                && let Some(name) = remembered(&self.settings, &u.key)
            {
                mapping.insert(u.key, name);
            }
        }
        let title = dialog.path.file_stem().map_or_else(
            || "Imported map".into(),
            |s| s.to_string_lossy().into_owned(),
        );
        match tmx::to_scenario(&dialog.map, &title, &mapping) {
            Ok(mut s) => {
                // The open scenario's terrain of the same names, else the tiles' art, give
                // the new terrain its colour.
                tmx::take_known_terrain(
                    &mut s,
                    &dialog.map,
                    &mapping,
                    &dialog.pictures,
                    &dialog.open,
                );
                let types = s.terrain_types.len();
                // A moment of the log being shown gives way to the present it replaces.
                self.back_to_present();
                self.replace_document(Document::new(s, None));
                self.files.recovery.clear();
                self.notify(
                    false,
                    format!(
                        "Imported the Tiled map {} ({}); save it as a scenario to keep it",
                        dialog.path.display(),
                        crate::model::count(types as u64, "terrain type", "terrain types")
                    ),
                );
            }
            Err(e) => self.notify(
                true,
                format!(
                    "Could not import {}: {}",
                    dialog.path.display(),
                    crate::io::with_causes(&e)
                ),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The thumbnail marks exactly the tile's hexes, in the colour its name gives the terrain.
    #[test]
    fn a_tiles_thumbnail_marks_where_it_lies_in_its_terrains_colour() {
        let bytes = br#"<map orientation="hexagonal" width="3" height="2" tilewidth="32" tileheight="28" staggeraxis="x" staggerindex="odd">
 <tileset firstgid="1" name="plain" tilecount="2"/>
 <layer name="L"><data encoding="csv">1,2,1,2,2,1</data></layer></map>"#;
        let map = tmx::parse(bytes, tmx::Folder(None), Path::new("m.tmx")).expect("map");
        let key = TileKey {
            tileset: "plain".into(),
            id: 1,
        };
        let woods = tmx::colours::by_name("Woods").expect("a colour");
        let image = thumbnail(&map, &key, Some(woods));
        assert_eq!(image.size, [3, 2]);
        let marked: Vec<bool> = image
            .pixels
            .iter()
            .map(|p| *p == egui::Color32::from_rgb(woods.r, woods.g, woods.b))
            .collect();
        assert_eq!(marked, [false, true, false, true, true, false]);
    }
}
