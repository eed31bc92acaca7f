//! Background images: PNG or JPEG, checked against a pixel limit before anything is decoded.

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

fn limits() -> image::Limits {
    let mut l = image::Limits::default();
    l.max_image_width = Some(20_000);
    l.max_image_height = Some(20_000);
    // The decoded pixels, and room for one conversion to RGBA beside them.
    l.max_alloc = Some(MAX_PIXELS * 4 + (16 << 20));
    l
}

fn reader(bytes: &[u8]) -> Result<image::ImageReader<Cursor<&[u8]>>, ImageError> {
    let mut r = image::ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| ImageError::Decode(e.to_string()))?;
    match r.format() {
        Some(image::ImageFormat::Png | image::ImageFormat::Jpeg) => {}
        _ => return Err(ImageError::UnknownFormat),
    }
    r.limits(limits());
    Ok(r)
}

/// The size an encoded image says it has, read from its header only, within the limits.
fn dimensions(bytes: &[u8]) -> Result<(u32, u32), ImageError> {
    if bytes.len() > MAX_IMAGE_BYTES {
        return Err(ImageError::TooLarge {
            size: bytes.len(),
            limit: MAX_IMAGE_BYTES,
        });
    }
    let (width, height) = reader(bytes)?
        .into_dimensions()
        .map_err(|e| ImageError::Decode(e.to_string()))?;
    let pixels = width as u64 * height as u64;
    if pixels > MAX_PIXELS {
        return Err(ImageError::TooManyPixels {
            width,
            height,
            mp: pixels as f64 / 1e6,
            limit: MAX_PIXELS / 1_000_000,
        });
    }
    Ok((width, height))
}

/// Checks a loaded scenario's background without decoding it: a PNG or JPEG whose header is
/// within the limits and agrees with the size the scenario states.
pub fn check_background(bg: &Background) -> Result<(), ImageError> {
    let (width, height) = dimensions(&bg.encoded)?;
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

/// Checks an encoded image and makes it a background (kept encoded, as imported).
pub fn background_from_bytes(bytes: Vec<u8>) -> Result<Background, ImageError> {
    let (width, height) = dimensions(&bytes)?;
    // Decode once now so a broken file is refused at import, not when drawn.
    decode(&bytes)?;
    Ok(Background {
        encoded: bytes,
        width_px: width,
        height_px: height,
        opacity: 1.0,
    })
}

/// Decodes a background's pixels (RGBA), within the limits: the header is read first, so an
/// image over the pixel limit is refused before anything is allocated for it.
pub fn decode(bytes: &[u8]) -> Result<image::RgbaImage, ImageError> {
    dimensions(bytes)?;
    let img = reader(bytes)?
        .decode()
        .map_err(|e| ImageError::Decode(e.to_string()))?;
    Ok(img.into_rgba8())
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
        // A PNG header that claims 10000 x 10000: the header alone decides.
        let mut bytes = png(1, 1);
        // IHDR width and height live at bytes 16..24.
        bytes[16..20].copy_from_slice(&10_000u32.to_be_bytes());
        bytes[20..24].copy_from_slice(&10_000u32.to_be_bytes());
        // The IHDR chunk's CRC covers its type and data (bytes 12..29).
        let crc = crc32fast::hash(&bytes[12..29]);
        bytes[29..33].copy_from_slice(&crc.to_be_bytes());
        let err = background_from_bytes(bytes).expect_err("too big");
        assert!(matches!(err, ImageError::TooManyPixels { .. }), "{err}");
        assert!(err.to_string().contains("100.0 megapixels"));
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
