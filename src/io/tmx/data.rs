//! A tile layer's cells from the ways Tiled stores them: CSV, or Base64 of little-endian
//! 32-bit tile numbers, uncompressed or compressed with zlib or gzip.
//!
//! The map states how many cells a layer has, and it has been checked against the hex limit
//! before any layer is decoded; inflating reads at most one byte more than that many cells, so a
//! small file that inflates to gigabytes stops there with an error.

use super::TmxError;
use base64::Engine;
use std::io::Read;

/// How a layer's data is written, from the `encoding` and `compression` attributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Csv,
    Base64(Compression),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    None,
    Zlib,
    Gzip,
}

impl Encoding {
    /// The encoding Tiled names; `None` is XML `<tile>` elements (TMX) or a number array (JSON),
    /// read by the caller.
    pub fn parse(
        encoding: Option<&str>,
        compression: Option<&str>,
        layer: &str,
    ) -> Result<Option<Encoding>, TmxError> {
        let unsupported = |what: String| TmxError::Unsupported {
            layer: layer.to_string(),
            what,
        };
        let compression = match compression.map(str::trim).unwrap_or("") {
            "" => Compression::None,
            "zlib" => Compression::Zlib,
            "gzip" => Compression::Gzip,
            "zstd" => return Err(unsupported("zstd compression".into())),
            other => return Err(unsupported(format!("compression '{other}'"))),
        };
        match encoding.map(str::trim).unwrap_or("") {
            "" => Ok(None),
            "csv" => Ok(Some(Encoding::Csv)),
            "base64" => Ok(Some(Encoding::Base64(compression))),
            other => Err(unsupported(format!("encoding '{other}'"))),
        }
    }
}

/// The `expected` tile numbers of a layer's data text.
pub fn decode(
    encoding: Encoding,
    text: &str,
    expected: usize,
    layer: &str,
) -> Result<Vec<u32>, TmxError> {
    match encoding {
        Encoding::Csv => csv(text, expected, layer),
        Encoding::Base64(compression) => base64(text, compression, expected, layer),
    }
}

fn wrong_length(layer: &str, found: String, expected: usize) -> TmxError {
    TmxError::WrongLength {
        layer: layer.to_string(),
        found,
        expected,
    }
}

fn csv(text: &str, expected: usize, layer: &str) -> Result<Vec<u32>, TmxError> {
    let mut cells = Vec::with_capacity(expected);
    for (i, field) in text.split(',').enumerate() {
        let field = field.trim();
        if field.is_empty() && i >= expected {
            // A trailing comma.
            continue;
        }
        if cells.len() == expected {
            return Err(wrong_length(
                layer,
                format!("more than {expected}"),
                expected,
            ));
        }
        let gid = field.parse::<u32>().map_err(|_| TmxError::BadValue {
            what: "a CSV cell",
            value: field.chars().take(20).collect(),
            expected: "not a tile number",
            at: format!("layer '{layer}', cell {}", i + 1),
        })?;
        cells.push(gid);
    }
    if cells.len() != expected {
        return Err(wrong_length(layer, cells.len().to_string(), expected));
    }
    Ok(cells)
}

fn base64(
    text: &str,
    compression: Compression,
    expected: usize,
    layer: &str,
) -> Result<Vec<u32>, TmxError> {
    let compact: String = text.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    let raw = base64::engine::general_purpose::STANDARD
        .decode(compact.as_bytes())
        .map_err(|e| TmxError::Compression {
            layer: layer.to_string(),
            detail: format!("the Base64 data is invalid: {e}"),
        })?;
    let want = expected * 4;
    let bytes = match compression {
        Compression::None => raw,
        Compression::Zlib => inflate(
            flate2::read::ZlibDecoder::new(&raw[..]),
            want,
            "zlib",
            layer,
        )?,
        Compression::Gzip => inflate(flate2::read::GzDecoder::new(&raw[..]), want, "gzip", layer)?,
    };
    if bytes.len() != want {
        let found = if bytes.len() > want {
            format!("more than {expected}")
        } else if bytes.len() % 4 == 0 {
            (bytes.len() / 4).to_string()
        } else {
            format!("{} bytes, not whole cells, ", bytes.len())
        };
        return Err(wrong_length(layer, found, expected));
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

/// Inflates at most `want + 1` bytes: enough to tell a layer that is too long.
fn inflate(r: impl Read, want: usize, name: &str, layer: &str) -> Result<Vec<u8>, TmxError> {
    let mut out = Vec::with_capacity(want + 1);
    r.take(want as u64 + 1)
        .read_to_end(&mut out)
        .map_err(|e| TmxError::Compression {
            layer: layer.to_string(),
            detail: format!("the {name} data cannot be inflated: {e}"),
        })?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn b64(bytes: &[u8]) -> String {
        base64::engine::general_purpose::STANDARD.encode(bytes)
    }

    fn le(cells: &[u32]) -> Vec<u8> {
        cells.iter().flat_map(|c| c.to_le_bytes()).collect()
    }

    #[test]
    fn every_encoding_gives_the_same_cells() {
        let cells = [1, 2, 3, 0x8000_0002, 5, 6];
        let raw = le(&cells);
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(&raw).expect("memory");
        let zlib = z.finish().expect("memory");
        let mut g = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        g.write_all(&raw).expect("memory");
        let gzip = g.finish().expect("memory");
        let csv = "1,2,3,\n2147483650,5,6\n";
        assert_eq!(decode(Encoding::Csv, csv, 6, "L").expect("csv"), cells);
        for (c, bytes) in [
            (Compression::None, raw.clone()),
            (Compression::Zlib, zlib),
            (Compression::Gzip, gzip),
        ] {
            let text = format!("\n   {}\n  ", b64(&bytes));
            assert_eq!(
                decode(Encoding::Base64(c), &text, 6, "L").expect("b64"),
                cells
            );
        }
    }

    #[test]
    fn a_zip_bomb_stops_one_byte_past_the_stated_size() {
        // 64 MiB of zeros compress to about 64 KB.
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
        let chunk = vec![0u8; 1 << 20];
        for _ in 0..64 {
            z.write_all(&chunk).expect("memory");
        }
        let bomb = b64(&z.finish().expect("memory"));
        let err =
            decode(Encoding::Base64(Compression::Zlib), &bomb, 100, "Bomb").expect_err("refused");
        assert_eq!(
            err.to_string(),
            "layer 'Bomb': the data holds more than 100 cells, the map has 100"
        );
    }

    #[test]
    fn short_bad_and_corrupt_data_are_refused_with_the_layer() {
        let e = decode(Encoding::Csv, "1,2,3", 4, "Ground").expect_err("short");
        assert_eq!(
            e.to_string(),
            "layer 'Ground': the data holds 3 cells, the map has 4"
        );
        let e = decode(Encoding::Csv, "1,x,3", 3, "Ground").expect_err("bad");
        assert!(e.to_string().contains("cell 2"), "{e}");
        let e = decode(
            Encoding::Base64(Compression::Zlib),
            &b64(b"not zlib at all"),
            2,
            "G",
        )
        .expect_err("corrupt");
        assert!(
            e.to_string()
                .starts_with("layer 'G': the zlib data cannot be inflated"),
            "{e}"
        );
        let e = decode(Encoding::Base64(Compression::None), "!!!", 1, "G").expect_err("b64");
        assert!(e.to_string().contains("Base64"), "{e}");
        let e = Encoding::parse(Some("base64"), Some("zstd"), "G").expect_err("zstd");
        assert!(e.to_string().contains("zstd"), "{e}");
    }
}
