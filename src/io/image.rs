//! Background images: PNG or JPEG, checked against a pixel limit before anything is decoded.
//!
//! A scenario keeps its background as given, at its own resolution, within [`MAX_PIXELS`]
//! (a limit on the memory it takes decoded, `model::limits`), so any file that loads can also
//! be decoded and printed within bounded memory. An image's header is read first: one that
//! states more pixels than the limit is refused before anything is allocated for it.

use crate::model::Background;
use std::io::Cursor;

/// Largest background accepted, in pixels (the model's limit, `model::limits`): imported,
/// loaded and decoded alike, so what imports also prints.
pub const MAX_PIXELS: u64 = crate::model::limits::MAX_BACKGROUND_PIXELS;
/// Largest encoded image accepted, in bytes.
pub const MAX_IMAGE_BYTES: usize = crate::model::limits::MAX_BACKGROUND_BYTES;

/// Why an image cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ImageError {
    #[error("the image file is {size} bytes, over the {limit}-byte limit")]
    TooLarge { size: usize, limit: usize },
    #[error(
        "the image is {width} x {height} pixels ({mp:.1} megapixels); the limit is {limit} megapixels"
    )]
    TooManyPixels {
        width: u32,
        height: u32,
        mp: f64,
        limit: u64,
    },
    #[error(
        "the image is {width} x {height} pixels, but the scenario says {stated_width} x {stated_height}"
    )]
    WrongSize {
        width: u32,
        height: u32,
        stated_width: u32,
        stated_height: u32,
    },
    #[error("not a PNG or JPEG image")]
    UnknownFormat,
    #[error("the image could not be read: {0}")]
    Decode(String),
}

fn limits(max_pixels: u64) -> image::Limits {
    let mut l = image::Limits::default();
    l.max_image_width = Some(crate::model::limits::MAX_BACKGROUND_SIDE_PX);
    l.max_image_height = Some(crate::model::limits::MAX_BACKGROUND_SIDE_PX);
    // The decoded pixels, and room for the decoder's own buffers beside them.
    l.max_alloc = Some(max_pixels * 4 + (16 << 20));
    l
}

fn reader(bytes: &[u8], max_pixels: u64) -> Result<image::ImageReader<Cursor<&[u8]>>, ImageError> {
    let mut r = image::ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| ImageError::Decode(e.to_string()))?;
    match r.format() {
        Some(image::ImageFormat::Png | image::ImageFormat::Jpeg) => {}
        _ => return Err(ImageError::UnknownFormat),
    }
    r.limits(limits(max_pixels));
    Ok(r)
}

/// The size an encoded image says it has, read from its header only, within `max_bytes` and
/// `max_pixels`.
fn dimensions(bytes: &[u8], max_bytes: usize, max_pixels: u64) -> Result<(u32, u32), ImageError> {
    if bytes.len() > max_bytes {
        return Err(ImageError::TooLarge {
            size: bytes.len(),
            limit: max_bytes,
        });
    }
    let (width, height) = reader(bytes, max_pixels)?
        .into_dimensions()
        .map_err(|e| ImageError::Decode(e.to_string()))?;
    let pixels = width as u64 * height as u64;
    if pixels > max_pixels {
        return Err(ImageError::TooManyPixels {
            width,
            height,
            mp: pixels as f64 / 1e6,
            limit: max_pixels / 1_000_000,
        });
    }
    Ok((width, height))
}

/// Checks a loaded scenario's background without decoding it: a PNG or JPEG whose header is
/// within the limits and agrees with the size the scenario states.
pub fn check_background(bg: &Background) -> Result<(), ImageError> {
    let (width, height) = dimensions(&bg.encoded, MAX_IMAGE_BYTES, MAX_PIXELS)?;
    if (width, height) != (bg.width_px, bg.height_px) {
        return Err(ImageError::WrongSize {
            width,
            height,
            stated_width: bg.width_px,
            stated_height: bg.height_px,
        });
    }
    Ok(())
}

/// Checks an encoded image and makes it a background, kept as given: its header within
/// [`MAX_PIXELS`] and [`MAX_IMAGE_BYTES`], and the whole image decoded once so a broken file
/// is refused now rather than when drawn.
pub fn background_from_bytes(bytes: Vec<u8>) -> Result<Background, ImageError> {
    let (width, height) = dimensions(&bytes, MAX_IMAGE_BYTES, MAX_PIXELS)?;
    check_decodes(&bytes)?;
    Ok(Background {
        encoded: bytes.into(),
        width_px: width,
        height_px: height,
        opacity: 1.0,
        placement: None,
    })
}

/// Decodes an image to the end, within the limits, and lets its pixels go.
fn check_decodes(bytes: &[u8]) -> Result<(), ImageError> {
    reader(bytes, MAX_PIXELS)?
        .decode()
        .map(drop)
        .map_err(|e| ImageError::Decode(e.to_string()))
}

/// Decodes a background's pixels (RGBA), within the limits: the header is read first, so an
/// image over the pixel limit is refused before anything is allocated for it.
pub fn decode(bytes: &[u8]) -> Result<image::RgbaImage, ImageError> {
    dimensions(bytes, MAX_IMAGE_BYTES, MAX_PIXELS)?;
    let img = reader(bytes, MAX_PIXELS)?
        .decode()
        .map_err(|e| ImageError::Decode(e.to_string()))?;
    Ok(img.into_rgba8())
}

/// The grey levels of an RGB image (ITU-R 601 weights), as the grid finder takes them.
pub fn gray_of_rgb(img: &image::RgbImage) -> crate::geom::hex_lattice::Gray {
    let pixels = img
        .pixels()
        .map(|p| {
            let [r, g, b] = p.0.map(u32::from);
            ((r * 77 + g * 150 + b * 29) >> 8) as u8
        })
        .collect();
    crate::geom::hex_lattice::Gray {
        width: img.width(),
        height: img.height(),
        pixels,
    }
}

/// Decodes a background's grey levels, within the limits (the header is read first).
pub fn decode_gray(bytes: &[u8]) -> Result<crate::geom::hex_lattice::Gray, ImageError> {
    dimensions(bytes, MAX_IMAGE_BYTES, MAX_PIXELS)?;
    let img = reader(bytes, MAX_PIXELS)?
        .decode()
        .map_err(|e| ImageError::Decode(e.to_string()))?;
    let luma = img.into_luma8();
    let (width, height) = luma.dimensions();
    Ok(crate::geom::hex_lattice::Gray {
        width,
        height,
        pixels: luma.into_raw(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(w: u32, h: u32) -> Vec<u8> {
        let img = image::RgbaImage::from_pixel(w, h, image::Rgba([10, 200, 30, 255]));
        let mut out = Vec::new();
        img.write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png)
            .expect("encode");
        out
    }

    #[test]
    fn accepts_a_small_png() {
        let bg = background_from_bytes(png(64, 32)).expect("fine");
        assert_eq!((bg.width_px, bg.height_px), (64, 32));
        assert_eq!(decode(&bg.encoded).expect("decodes").dimensions(), (64, 32));
    }

    #[test]
    fn refuses_too_many_pixels_before_decoding() {
        // A PNG header that claims 12000 x 10000: the header alone decides.
        let mut bytes = png(1, 1);
        // IHDR width and height live at bytes 16..24.
        bytes[16..20].copy_from_slice(&12_000u32.to_be_bytes());
        bytes[20..24].copy_from_slice(&10_000u32.to_be_bytes());
        // The IHDR chunk's CRC covers its type and data (bytes 12..29).
        let crc = crc32fast::hash(&bytes[12..29]);
        bytes[29..33].copy_from_slice(&crc.to_be_bytes());
        let err = background_from_bytes(bytes.clone()).expect_err("too big");
        assert!(matches!(err, ImageError::TooManyPixels { .. }), "{err}");
        assert!(err.to_string().contains("120.0 megapixels"));
        // The same header in a scenario is refused at load, and before decoding for print.
        let bg = Background {
            encoded: bytes.clone().into(),
            width_px: 12_000,
            height_px: 10_000,
            opacity: 1.0,
            placement: None,
        };
        assert!(matches!(
            check_background(&bg),
            Err(ImageError::TooManyPixels { .. })
        ));
        assert!(matches!(
            decode(&bytes),
            Err(ImageError::TooManyPixels { .. })
        ));
    }

    #[test]
    fn a_large_image_is_kept_as_given() {
        // 4000 x 3000 = 12 MP: over the 8 MP an older Sandtable kept, stored byte for byte.
        let bytes = png(4000, 3000);
        let bg = background_from_bytes(bytes.clone()).expect("kept");
        assert_eq!((bg.width_px, bg.height_px), (4000, 3000));
        assert_eq!(&bg.encoded[..], &bytes[..]);
        check_background(&bg).expect("it loads");
    }

    #[test]
    fn refuses_other_formats_and_garbage() {
        assert!(matches!(
            background_from_bytes(b"GIF89a....".to_vec()),
            Err(ImageError::UnknownFormat)
        ));
        let mut broken = png(8, 8);
        broken.truncate(40);
        assert!(background_from_bytes(broken).is_err());
    }
}
