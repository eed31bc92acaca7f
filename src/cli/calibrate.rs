//! `sandtable calibrate FILE --find-grid`: finds the hex grid printed on the scenario's
//! background image (`geom::hex_lattice`), says what it found and how sure it is, numbers it
//! from a named hex (`--hex LABEL@X,Y`, a second one checked) and writes the calibrated
//! scenario with `--out`. The editor's *Find the grid* runs the same finder and edits.

use super::error::{CliError, EXIT_FINDINGS};
use crate::edit::ops::calibrate::apply_found_grid;
use crate::geom::Point;
use crate::geom::hex_lattice::{self, FoundGrid};
use crate::io;
use crate::model::{Map, Scenario};
use hexx::Hex;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What `calibrate` was asked.
pub struct Request {
    pub image: Option<PathBuf>,
    pub hexes: Vec<String>,
    pub out: Option<PathBuf>,
    pub json: bool,
}

/// `LABEL@X,Y`: the hex (its printed label, or axial `Q,R`) and the pixel.
fn named_hex(s: &Scenario, text: &str) -> Result<(Point, Hex), CliError> {
    let usage = || {
        CliError::Usage(format!(
            "--hex {text}: expected LABEL@X,Y, the hex's label as printed (or Q,R) and the \
             pixel of its centre on the image, e.g. 0101@240,188"
        ))
    };
    let (label, px) = text.rsplit_once('@').ok_or_else(usage)?;
    let (x, y) = px.split_once(',').ok_or_else(usage)?;
    let (x, y): (f32, f32) = (
        x.trim().parse().map_err(|_| usage())?,
        y.trim().parse().map_err(|_| usage())?,
    );
    if !(x.is_finite() && y.is_finite()) {
        return Err(usage());
    }
    let Map::Hex(h) = &s.map else {
        return Err(CliError::Usage(
            "calibrate --find-grid needs a hex map".into(),
        ));
    };
    let hex = h.hex_of_label(label.trim()).or_else(|| {
        let (q, r) = label.split_once(',')?;
        Some(Hex::new(q.trim().parse().ok()?, r.trim().parse().ok()?))
    });
    match hex {
        Some(hex) => Ok((Point::new(x, y), hex)),
        None => Err(CliError::Usage(format!(
            "--hex {text}: '{label}' is not a hex of this map"
        ))),
    }
}

#[derive(serde::Serialize)]
struct Report<'a> {
    found: Option<&'a FoundGrid>,
    /// Why nothing was found.
    not_found: Option<String>,
    placement: Option<crate::model::ImagePlacement>,
    /// The hex the grid was numbered from, and the pixel of its centre.
    anchor: Option<(String, [f32; 2])>,
    /// Each further hex named: its label and how far from the grid's centre, in hexes.
    checks: Vec<(String, f32)>,
    reoriented: bool,
}

/// Runs `calibrate --find-grid` on the scenario at `file`.
pub fn run(
    file: &Path,
    mut s: Scenario,
    req: Request,
    out: &mut dyn Write,
) -> Result<u8, CliError> {
    if !s.map.is_hex() {
        return Err(CliError::Usage(
            "calibrate --find-grid needs a hex map; this scenario is on a table".into(),
        ));
    }
    if let Some(path) = &req.image {
        let size = std::fs::metadata(path).map_err(CliError::Output)?.len();
        if size > io::image::MAX_IMAGE_BYTES as u64 {
            return Err(CliError::Usage(format!(
                "{}: the image file is {size} bytes, over the {}-byte limit",
                path.display(),
                io::image::MAX_IMAGE_BYTES
            )));
        }
        let bytes = std::fs::read(path).map_err(CliError::Output)?;
        let bg = io::image::background_from_bytes(bytes).map_err(|e| {
            CliError::Usage(format!(
                "{}: not a usable background image: {e}",
                path.display()
            ))
        })?;
        s.background = Some(bg);
    }
    let Some(bg) = &s.background else {
        return Err(CliError::Usage(format!(
            "{} has no background image: give one with --image PATH",
            file.display()
        )));
    };
    let named = req
        .hexes
        .iter()
        .map(|h| named_hex(&s, h))
        .collect::<Result<Vec<_>, _>>()?;
    let gray = io::image::decode_gray(&bg.encoded)
        .map_err(|e| CliError::Usage(format!("the background image: {e}")))?;
    let found = hex_lattice::find(&gray);
    drop(gray);
    let grid = match found {
        Ok(g) => g,
        Err(e) => {
            let report = Report {
                found: None,
                not_found: Some(e.to_string()),
                placement: None,
                anchor: None,
                checks: Vec::new(),
                reoriented: false,
            };
            if req.json {
                super::json::write(&report, out)?;
            } else {
                writeln!(out, "Found nothing: {e}")?;
            }
            return Ok(EXIT_FINDINGS);
        }
    };
    // Without a named hex, the map's first hex goes where it lies on the image now.
    let first_px = {
        let bounds = crate::scene::frame(&s).0;
        let h = s.map.as_hex().and_then(|h| {
            let c = h.layout().hex_to_world_pos(h.grid().hex_at(0)?);
            Some(Point::new(c.x, c.y))
        });
        bg.pixel_at(&s.map, bounds, h.unwrap_or(Point::ZERO))
    };
    let applied = apply_found_grid(&s, &grid, &named, first_px);
    let text = describe(&grid);
    let applied = match applied {
        Ok(a) => a,
        Err(e) => {
            if req.json {
                let report = Report {
                    found: Some(&grid),
                    not_found: Some(e.to_string()),
                    placement: None,
                    anchor: None,
                    checks: Vec::new(),
                    reoriented: false,
                };
                super::json::write(&report, out)?;
            } else {
                writeln!(out, "{text}")?;
                writeln!(out, "Not placed: {e}")?;
            }
            return Ok(EXIT_FINDINGS);
        }
    };
    let mut calibrated = s.clone();
    for e in applied.edits.clone() {
        e.apply(&mut calibrated)
            .map_err(|e| CliError::Usage(format!("the calibration cannot be applied: {e}")))?;
    }
    let label = |h: Hex| {
        calibrated
            .map
            .as_hex()
            .map_or(format!("{},{}", h.x, h.y), |m| m.label(h))
    };
    let p = applied.placed.placement;
    if req.json {
        let report = Report {
            found: Some(&grid),
            not_found: None,
            placement: Some(p),
            anchor: Some((
                label(applied.placed.anchor.0),
                [applied.placed.anchor.1.x, applied.placed.anchor.1.y],
            )),
            checks: applied
                .placed
                .checks
                .iter()
                .map(|(h, d)| (label(*h), *d))
                .collect(),
            reoriented: applied.reoriented,
        };
        super::json::write(&report, out)?;
    } else {
        writeln!(out, "{text}")?;
        if applied.reoriented {
            writeln!(
                out,
                "The map's hexes now have {} tops, as the scan's do.",
                tops_word(&grid)
            )?;
        }
        let (hex, at) = applied.placed.anchor;
        writeln!(
            out,
            "Numbered from hex {} at pixel ({:.1}, {:.1}){}: {:.2} px per hex, turned {}, \
             the map's origin at pixel ({:.1}, {:.1})",
            label(hex),
            at.x,
            at.y,
            if named.is_empty() {
                " (the map's first hex, where the image lay; name one with --hex)"
            } else {
                ""
            },
            p.px_per_unit,
            crate::model::words::degrees(f64::from(p.rotation_deg)),
            p.origin_px[0],
            p.origin_px[1]
        )?;
        for (h, d) in &applied.placed.checks {
            writeln!(
                out,
                "Check: hex {} lies {d:.2} hexes from where it was named",
                label(*h)
            )?;
        }
    }
    if let Some(path) = &req.out {
        io::save(path, &calibrated)?;
        if !req.json {
            writeln!(out, "Written to {}", path.display())?;
        }
    }
    Ok(0)
}

fn tops_word(g: &FoundGrid) -> &'static str {
    match g.tops {
        hex_lattice::Tops::Flat => "flat",
        hex_lattice::Tops::Pointy => "pointy",
    }
}

/// What was found, in words.
pub fn describe(g: &FoundGrid) -> String {
    let part = g.printed_px.map_or(String::new(), |[x0, y0, x1, y1]| {
        format!(
            "\nMeasured where the grid is printed, pixels ({x0:.0}, {y0:.0}) to ({x1:.0}, \
             {y1:.0}): the rest of the image shows none"
        )
    });
    format!(
        "Found a hex grid: {} tops, {:.2} px across the flats, turned {}, confidence {:.2}\n\
         A hex centre at pixel ({:.1}, {:.1}); {} lines; outline match {:.2}; {} of {} regions \
         agree (rms {:.2} px, worst {:.2} px){part}",
        tops_word(g),
        g.across_px,
        crate::model::words::degrees(g.turn_deg),
        g.confidence,
        g.centre_px[0],
        g.centre_px[1],
        if g.dark_lines { "dark" } else { "light" },
        g.match_score,
        g.regions_agreeing,
        g.regions_seen,
        g.rms_px,
        g.worst_px,
    )
}
