//! One import's reading: the files it reads (regular files only, each external tileset once),
//! the budgets the whole import shares (bytes read, XML elements and attributes, layer cells
//! decoded), and the [`Control`] another thread watches it through and stops it with.
//!
//! Each file is bounded on its own (`MAX_TILED_FILE_BYTES`), but a map names up to
//! `MAX_TILESETS` tilesets and any number of layers: the budgets here bound the sum, so a
//! map that names one large tileset many times, or stacks thousands of small compressed
//! layers, is refused after a fixed amount of work rather than after each copy of it.

use super::model::Tileset;
use super::{
    MAX_DECODED_CELLS, MAX_JSON_DECODED_BYTES, MAX_TILED_FILE_BYTES, MAX_XML_ELEMENTS, TmxError,
};
use crate::io::budget::Budget;
use crate::io::read::{ReadError, read_limited};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// How an import is watched from another thread (the editor's progress window): what it is
/// doing, how far it has got, and a flag that stops it at its next step.
#[derive(Debug, Default)]
pub struct Control {
    cancelled: AtomicBool,
    status: Mutex<(String, f32)>,
}

impl Control {
    /// Asks the import to stop; it ends with [`TmxError::Cancelled`] at its next step.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// What the import is doing and how far it has got (0 to 1).
    pub fn status(&self) -> (String, f32) {
        self.status
            .lock()
            .map(|s| s.clone())
            .unwrap_or_else(|e| e.into_inner().clone())
    }

    fn set(&self, what: String, done: f32) {
        let mut s = self.status.lock().unwrap_or_else(|e| e.into_inner());
        *s = (what, done.clamp(0.0, 1.0));
    }

    /// Stops the import here if it was asked to.
    pub(crate) fn check(&self) -> Result<(), TmxError> {
        if self.cancelled.load(Ordering::Relaxed) {
            Err(TmxError::Cancelled)
        } else {
            Ok(())
        }
    }
}

/// Where external tilesets are looked up: the folder of the map file, or nowhere (a map read
/// from memory may only embed its tilesets).
#[derive(Clone, Copy, Debug)]
pub struct Folder<'a>(pub Option<&'a Path>);

/// The state of one import (see the module's comment).
pub(crate) struct Reading<'a> {
    folder: Folder<'a>,
    pub control: &'a Control,
    /// External tilesets already read, by the path they were read from (as first found).
    tilesets: RefCell<HashMap<PathBuf, Tileset>>,
    bytes_left: Cell<u64>,
    items_left: Cell<usize>,
    cells_left: Cell<usize>,
    /// What the JSON files of the import may build, together.
    json: Budget,
}

impl<'a> Reading<'a> {
    pub fn new(folder: Folder<'a>, control: &'a Control) -> Reading<'a> {
        Reading {
            folder,
            control,
            tilesets: RefCell::new(HashMap::new()),
            bytes_left: Cell::new(MAX_TILED_FILE_BYTES),
            items_left: Cell::new(MAX_XML_ELEMENTS),
            cells_left: Cell::new(MAX_DECODED_CELLS),
            json: Budget::new(MAX_JSON_DECODED_BYTES),
        }
    }

    /// The memory budget the import's JSON files share.
    pub fn json_budget(&self) -> &Budget {
        &self.json
    }

    /// The map's folder, which its embedded tilesets' images are relative to.
    pub fn folder(&self) -> Option<PathBuf> {
        self.folder.0.map(Path::to_path_buf)
    }

    /// Says what the import is doing now, `done` of the way through.
    pub fn status(&self, what: String, done: f32) {
        self.control.set(what, done);
    }

    /// Reads one file of the import: a regular file only, within what is left of the bytes
    /// every file of the import shares.
    pub fn read_file(&self, path: &Path) -> Result<Vec<u8>, TmxError> {
        self.control.check()?;
        let left = self.bytes_left.get();
        let bytes = read_limited(path, left).map_err(|e| match e {
            ReadError::Io(source) => TmxError::Io {
                path: path.to_path_buf(),
                source,
            },
            ReadError::TooLarge { size } if left == MAX_TILED_FILE_BYTES => TmxError::TooLarge {
                path: path.to_path_buf(),
                size,
                limit: MAX_TILED_FILE_BYTES,
            },
            ReadError::TooLarge { .. } => TmxError::TooMuchToRead {
                limit: MAX_TILED_FILE_BYTES,
            },
        })?;
        self.bytes_left.set(left - bytes.len() as u64);
        Ok(bytes)
    }

    /// Counts `n` XML elements and attributes against what the import has left.
    pub fn take_items(&self, n: usize) -> Result<(), TmxError> {
        match self.items_left.get().checked_sub(n) {
            Some(left) => {
                self.items_left.set(left);
                Ok(())
            }
            None => Err(TmxError::TooManyElements {
                limit: MAX_XML_ELEMENTS,
            }),
        }
    }

    /// Counts a layer's `cells` against the cells every layer of the import shares, before
    /// the layer is decoded.
    pub fn take_cells(&self, cells: usize, layer: &str) -> Result<(), TmxError> {
        self.control.check()?;
        match self.cells_left.get().checked_sub(cells) {
            Some(left) => {
                self.cells_left.set(left);
                Ok(())
            }
            None => Err(TmxError::TooManyCells {
                layer: layer.to_string(),
                limit: MAX_DECODED_CELLS,
            }),
        }
    }

    /// An external tileset named by `source`, relative to the map's folder: read and parsed
    /// the first time it is named, then taken from what was read.
    pub fn tileset(&self, source: &str, first_gid: u32) -> Result<Tileset, TmxError> {
        let path = match self.folder.0 {
            Some(dir) => dir.join(source),
            None => PathBuf::from(source),
        };
        // A tileset named twice by different paths (`a.tsx`, `./a.tsx`) is the same file.
        let key = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
        if let Some(t) = self.tilesets.borrow().get(&key) {
            return Ok(Tileset {
                first_gid,
                ..t.clone()
            });
        }
        let wrap = |e: TmxError| match e {
            TmxError::Cancelled => TmxError::Cancelled,
            e => TmxError::Tileset {
                path: path.clone(),
                source: Box::new(e),
            },
        };
        let bytes = self.read_file(&path).map_err(wrap)?;
        let tileset = Tileset {
            folder: path.parent().map(Path::to_path_buf),
            ..super::parse_tileset(&bytes, first_gid, self, &path).map_err(wrap)?
        };
        self.tilesets.borrow_mut().insert(key, tileset.clone());
        Ok(tileset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::tmx::{json, xml};

    fn xml_of(items: usize) -> String {
        // The root is one item; each child element one more.
        format!("<a>{}</a>", "<b/>".repeat(items - 1))
    }

    #[test]
    fn elements_and_attributes_count_against_one_budget_for_the_import() {
        let control = Control::default();
        let reading = Reading::new(Folder(None), &control);
        xml::tree(xml_of(MAX_XML_ELEMENTS).as_bytes(), &reading, "x").expect("at the limit");
        let reading = Reading::new(Folder(None), &control);
        let e = xml::tree(xml_of(MAX_XML_ELEMENTS + 1).as_bytes(), &reading, "x")
            .expect_err("one past");
        assert_eq!(
            e.to_string(),
            "the map and its tilesets have more than 200000 XML elements and attributes"
        );
        // Attributes count like elements.
        let reading = Reading::new(Folder(None), &control);
        let with_attr = format!("<a x=\"1\">{}</a>", "<b/>".repeat(MAX_XML_ELEMENTS - 1));
        assert!(xml::tree(with_attr.as_bytes(), &reading, "x").is_err());
        // What one file used is gone for the next.
        let reading = Reading::new(Folder(None), &control);
        xml::tree(xml_of(MAX_XML_ELEMENTS / 2).as_bytes(), &reading, "x").expect("half");
        xml::tree(xml_of(MAX_XML_ELEMENTS / 2).as_bytes(), &reading, "x").expect("the rest");
        assert!(xml::tree(b"<a/>", &reading, "x").is_err());
    }

    #[test]
    fn layer_cells_count_against_one_budget_for_the_import() {
        let control = Control::default();
        let reading = Reading::new(Folder(None), &control);
        for _ in 0..32 {
            reading
                .take_cells(MAX_DECODED_CELLS / 32, "L")
                .expect("within");
        }
        let e = reading.take_cells(1, "Top").expect_err("past");
        assert_eq!(
            e.to_string(),
            "layer 'Top': the layers hold more than 1280000 cells together, the most an import \
             decodes (32 layers of the largest map)"
        );
    }

    #[test]
    fn the_bytes_of_all_files_of_an_import_count_together() {
        let dir = tempfile::tempdir().expect("tempdir");
        let full = dir.path().join("full");
        let f = std::fs::File::create(&full).expect("create");
        f.set_len(MAX_TILED_FILE_BYTES).expect("sparse");
        let control = Control::default();
        let reading = Reading::new(Folder(None), &control);
        assert_eq!(
            reading.read_file(&full).expect("at the limit").len() as u64,
            MAX_TILED_FILE_BYTES
        );
        let small = dir.path().join("small");
        std::fs::write(&small, b"x").expect("write");
        let e = reading.read_file(&small).expect_err("nothing left");
        assert!(e.to_string().contains("together"), "{e}");
    }

    #[test]
    fn a_cancelled_import_stops_at_its_next_step() {
        let control = Control::default();
        let reading = Reading::new(Folder(None), &control);
        control.cancel();
        assert!(matches!(
            reading.take_cells(1, "L"),
            Err(TmxError::Cancelled)
        ));
        let big = xml_of(10_000);
        assert!(matches!(
            xml::tree(big.as_bytes(), &reading, "x"),
            Err(TmxError::Cancelled)
        ));
    }

    #[test]
    fn a_json_file_asking_for_too_much_memory_is_refused_as_it_is_read() {
        // Two million empty tiles: a few bytes each in the file, a hundred in memory.
        let tiles = vec!["{\"id\":0}"; 2_000_000].join(",");
        let tsj = format!(r#"{{"name":"t","tiles":[{tiles}]}}"#);
        let control = Control::default();
        let reading = Reading::new(Folder(None), &control);
        let e = json::parse_tileset(tsj.as_bytes(), 1, &reading).expect_err("too much");
        assert!(
            e.to_string()
                .starts_with("the JSON needs more than 64 MiB of memory when read"),
            "{e}"
        );
    }
}
