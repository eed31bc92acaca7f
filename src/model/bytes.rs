//! Byte blobs (background images) as base64 text in JSON and raw bytes in the binary file.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::{Deserialize, Deserializer, Serializer};

pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
    if s.is_human_readable() {
        s.serialize_str(&STANDARD.encode(bytes))
    } else {
        s.serialize_bytes(bytes)
    }
}

pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
    if d.is_human_readable() {
        let text = String::deserialize(d)?;
        STANDARD
            .decode(text.as_bytes())
            .map_err(|e| serde::de::Error::custom(format!("invalid base64 image data: {e}")))
    } else {
        let bytes: serde_bytes_compat::ByteBuf = Deserialize::deserialize(d)?;
        Ok(bytes.0)
    }
}

/// `Vec<u8>` deserialised through `deserialize_byte_buf`, so the binary decoder reads the blob in
/// one bounded piece instead of element by element.
mod serde_bytes_compat {
    use serde::de::{Deserialize, Deserializer, Error, SeqAccess, Visitor};
    use std::fmt;

    pub struct ByteBuf(pub Vec<u8>);

    impl<'de> Deserialize<'de> for ByteBuf {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct V;
            impl<'de> Visitor<'de> for V {
                type Value = ByteBuf;
                fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                    f.write_str("bytes")
                }
                fn visit_bytes<E: Error>(self, v: &[u8]) -> Result<ByteBuf, E> {
                    Ok(ByteBuf(v.to_vec()))
                }
                fn visit_byte_buf<E: Error>(self, v: Vec<u8>) -> Result<ByteBuf, E> {
                    Ok(ByteBuf(v))
                }
                fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ByteBuf, A::Error> {
                    let mut out = Vec::new();
                    while let Some(b) = seq.next_element::<u8>()? {
                        out.push(b);
                    }
                    Ok(ByteBuf(out))
                }
            }
            d.deserialize_byte_buf(V)
        }
    }
}

/// A background image's encoded bytes, shared between clones: the scenario is cloned for
/// every edit and undo step, and a scan kept at its own resolution is tens of megabytes, so
/// every clone points at one buffer. Equal when the bytes are (the same buffer is equal at
/// once, without comparing them).
#[derive(Clone, Default)]
pub struct ImageBytes(std::sync::Arc<Vec<u8>>);

impl ImageBytes {
    /// Whether `self` and `other` are the very same buffer (not only equal bytes): what a
    /// cache of the decoded image keys on.
    pub fn same_buffer(&self, other: &ImageBytes) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

impl std::ops::Deref for ImageBytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.0
    }
}

impl From<Vec<u8>> for ImageBytes {
    fn from(v: Vec<u8>) -> ImageBytes {
        ImageBytes(std::sync::Arc::new(v))
    }
}

impl PartialEq for ImageBytes {
    fn eq(&self, other: &ImageBytes) -> bool {
        self.same_buffer(other) || self.0 == other.0
    }
}

impl std::fmt::Debug for ImageBytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ImageBytes({} bytes)", self.0.len())
    }
}

impl serde::Serialize for ImageBytes {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize(&self.0, s)
    }
}

impl<'de> serde::Deserialize<'de> for ImageBytes {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ImageBytes, D::Error> {
        deserialize(d).map(ImageBytes::from)
    }
}
