//! The scenario file format: the only place that knows bincode.
//!
//! Binary layout (all integers little-endian):
//!
//! | offset | size | field |
//! | --- | --- | --- |
//! | 0 | 8 | magic `SANDTBL\x1a` |
//! | 8 | 4 | format version (u32) |
//! | 12 | 8 | payload length in bytes (u64) |
//! | 20 | n | bincode 2 payload (standard config, varint integers) of `model::Scenario` via serde |
//! | 20+n | 4 | CRC-32 (IEEE) of bytes 8..20+n |
//!
//! The same model is also written as pretty JSON for sharing as text. Loading looks at the
//! content, never the extension. Decoding is bounded three times: files over [`MAX_FILE_BYTES`]
//! are refused before they are read; bincode's allocation limit is set from the payload's real
//! length, so a hostile length prefix is refused before anything is allocated for it; and every
//! list element, string and blob of either encoding is charged against [`MAX_DECODED_BYTES`]
//! (`io::budget`) before it is built. The decoded scenario is then checked against the model's
//! limits (`model::limits`) and, for a background image, the image's own header.

use super::budget::{Budget, Budgeted};
use super::error::LoadError;
use crate::model::repair::{Repair, mend};
use crate::model::{FORMAT_VERSION, Scenario};
use serde::Deserialize;
use std::io::{self, Write};

/// File signature. The 0x1a byte stops `type` on DOS consoles, as in PNG.
pub const MAGIC: [u8; 8] = *b"SANDTBL\x1a";
/// Bytes before the payload.
pub const HEADER_LEN: usize = 20;
/// Bytes a scenario file may hold beside its background image.
pub const MAX_SCENARIO_FILE_BYTES: u64 = 64 << 20;
/// Largest scenario file read, in bytes: 64 MiB for the scenario, and room beside it for a
/// background image at its limit (as base64 in JSON).
pub const MAX_FILE_BYTES: u64 = MAX_SCENARIO_FILE_BYTES + super::budget::BLOB_ALLOWANCE as u64;

/// The most memory a file may ask for as it is decoded (lists, strings and blobs together).
/// The largest scenario the model's limits allow, background image included, needs under half.
pub const MAX_DECODED_BYTES: usize = 64 << 20;

/// The largest file of this scenario saving writes in `encoding`: [`MAX_SCENARIO_FILE_BYTES`]
/// for the scenario and room beside it for its own background image as the encoding writes it
/// (bytes and their length in the binary file, quoted base64 in JSON), within
/// [`MAX_FILE_BYTES`]. A scenario without a background gets 64 MiB: the room the read limit
/// keeps for an image is not the scenario's (past 64 MiB a scenario is over its decoding
/// budget, or is indentation JSON does without), and a save never writes and reads back more.
pub fn file_limit(scenario: &Scenario, encoding: Encoding) -> u64 {
    let image = scenario.background.as_ref().map_or(0, |bg| {
        let n = bg.encoded.len() as u64;
        match encoding {
            // A varint length is at most nine bytes.
            Encoding::Binary => n + 9,
            Encoding::Json => n.div_ceil(3) * 4 + 2,
        }
    });
    (MAX_SCENARIO_FILE_BYTES + image).min(MAX_FILE_BYTES)
}

/// The two encodings of a scenario file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Binary,
    Json,
}

impl Encoding {
    /// The encoding a path asks for when saving: `.json` is JSON, anything else binary.
    pub fn for_path(path: &std::path::Path) -> Encoding {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("json") => Encoding::Json,
            _ => Encoding::Binary,
        }
    }
}

fn bincode_config() -> bincode::config::Configuration {
    bincode::config::standard()
}

/// Encodes a scenario in the given encoding, in memory (tests, and tools that write files of
/// their own). Saving streams instead ([`encode_to`]) and checks what it wrote (`io::save`).
pub fn encode(scenario: &Scenario, encoding: Encoding) -> Vec<u8> {
    let mut out = Vec::new();
    // Writing into a Vec cannot fail, and the model always serialises: there is no map with
    // non-string keys; a failure would be a programming error in the model's serde derives.
    encode_to(scenario, encoding, &mut out).expect("the scenario model always serialises");
    out
}

/// The binary `.sandtable` encoding, in memory.
pub fn encode_binary(scenario: &Scenario) -> Vec<u8> {
    encode(scenario, Encoding::Binary)
}

/// The pretty JSON encoding, ending in a newline, in memory.
pub fn encode_json(scenario: &Scenario) -> Vec<u8> {
    encode(scenario, Encoding::Json)
}

/// Writes a scenario in the given encoding to `out` as it is encoded, so no copy of the whole
/// file is ever held: the binary payload is measured by a first pass that writes nowhere (its
/// length comes before it), then written through the checksum.
pub fn encode_to<W: Write>(scenario: &Scenario, encoding: Encoding, out: &mut W) -> io::Result<()> {
    match encoding {
        Encoding::Binary => {
            let len = bincode::serde::encode_into_std_write(
                scenario,
                &mut Counted::default(),
                bincode_config(),
            )
            .map_err(encode_error)?;
            out.write_all(&MAGIC)?;
            let mut summed = io::BufWriter::with_capacity(
                1 << 16,
                Summed {
                    out: &mut *out,
                    crc: crc32fast::Hasher::new(),
                },
            );
            summed.write_all(&FORMAT_VERSION.to_le_bytes())?;
            summed.write_all(&(len as u64).to_le_bytes())?;
            let written =
                bincode::serde::encode_into_std_write(scenario, &mut summed, bincode_config())
                    .map_err(encode_error)?;
            if written != len {
                return Err(io::Error::other(
                    "the scenario encoded to two different lengths",
                ));
            }
            let summed = summed.into_inner().map_err(|e| e.into_error())?;
            let crc = summed.crc.finalize();
            out.write_all(&crc.to_le_bytes())
        }
        Encoding::Json => {
            serde_json::to_writer_pretty(&mut *out, scenario).map_err(io::Error::from)?;
            out.write_all(b"\n")
        }
    }
}

/// The JSON encoding without indentation, ending in a newline, as it is encoded.
pub fn encode_compact_json_to<W: Write>(scenario: &Scenario, out: &mut W) -> io::Result<()> {
    serde_json::to_writer(&mut *out, scenario).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

fn encode_error(e: bincode::error::EncodeError) -> io::Error {
    match e {
        bincode::error::EncodeError::Io { inner, .. } => inner,
        other => io::Error::other(other.to_string()),
    }
}

/// A writer that only counts.
#[derive(Default)]
struct Counted(usize);

impl Write for Counted {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A writer that passes bytes on and sums them into the file's CRC-32.
struct Summed<'a, W: Write> {
    out: &'a mut W,
    crc: crc32fast::Hasher,
}

impl<W: Write> Write for Summed<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.out.write(buf)?;
        self.crc.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Which encoding the bytes hold, judged by content.
pub fn sniff(bytes: &[u8]) -> Result<Encoding, LoadError> {
    if bytes.starts_with(&MAGIC) {
        return Ok(Encoding::Binary);
    }
    if !bytes.is_empty() && MAGIC.starts_with(bytes) {
        return Err(LoadError::Truncated {
            section: "magic number",
            offset: bytes.len() as u64,
            needed: MAGIC.len() as u64,
        });
    }
    let text = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    match text.iter().find(|b| !b.is_ascii_whitespace()) {
        Some(b'{') => Ok(Encoding::Json),
        None if bytes.is_empty() => Err(LoadError::Empty),
        _ => Err(LoadError::NotAScenario),
    }
}

/// A scenario as loaded, with what loading mended in it (see `model::repair`).
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    pub scenario: Scenario,
    pub repairs: Vec<Repair>,
}

/// Decodes a scenario from either encoding and checks its invariants; what loading mended is
/// dropped (see [`decode_mended`]).
pub fn decode(bytes: &[u8]) -> Result<Scenario, LoadError> {
    decode_mended(bytes).map(|l| l.scenario)
}

/// Decodes a scenario from either encoding, sets aside leader links that cannot be followed
/// and raises a low `next_id` (each reported in `repairs`), then checks the invariants. Only
/// a file that leaves no scenario to show is refused: unreadable bytes, wrong types, a cut,
/// or an invariant loading cannot mend (a duplicated ID, a limit broken, a reference it does
/// not set aside).
pub fn decode_mended(bytes: &[u8]) -> Result<Loaded, LoadError> {
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            size: bytes.len() as u64,
            limit: MAX_FILE_BYTES,
        });
    }
    let scenario = match sniff(bytes)? {
        Encoding::Binary => decode_binary(bytes)?,
        Encoding::Json => decode_json(bytes)?,
    };
    admit(scenario)
}

/// A decoded scenario checked as loading checks it: its size limits, then what loading mends,
/// then its invariants and its background image's header.
fn admit(mut scenario: Scenario) -> Result<Loaded, LoadError> {
    // The size limits first: mending walks every unit and item, which a file over them may
    // not ask for.
    let mut problems = crate::model::limits::check_counts(&scenario);
    let repairs = if problems.is_empty() {
        let repairs = mend(&mut scenario);
        problems = scenario.validate();
        repairs
    } else {
        Vec::new()
    };
    if problems.is_empty()
        && let Some(bg) = &scenario.background
        && let Err(e) = super::image::check_background(bg)
    {
        problems.push(crate::model::Invalid {
            item: crate::model::ItemRef::Map,
            message: e.to_string(),
        });
    }
    if !problems.is_empty() {
        return Err(LoadError::Invalid { problems });
    }
    Ok(Loaded { scenario, repairs })
}

fn read_u32(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

fn read_u64(bytes: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(bytes.get(at..at + 8)?.try_into().ok()?))
}

fn decode_binary(bytes: &[u8]) -> Result<Scenario, LoadError> {
    let truncated = |section, needed: usize| LoadError::Truncated {
        section,
        offset: bytes.len() as u64,
        needed: needed as u64,
    };
    let version = read_u32(bytes, 8).ok_or_else(|| truncated("format version", 12))?;
    if version > FORMAT_VERSION {
        return Err(LoadError::NewerVersion {
            found: version,
            supported: FORMAT_VERSION,
        });
    }
    if version == 0 {
        return Err(LoadError::Corrupt {
            offset: 8,
            detail: "format version 0 was never written".into(),
        });
    }
    let len = read_u64(bytes, 12).ok_or_else(|| truncated("payload length", HEADER_LEN))?;
    let available = (bytes.len() - HEADER_LEN) as u64;
    if len > MAX_FILE_BYTES {
        return Err(LoadError::Corrupt {
            offset: 12,
            detail: format!("payload length {len} exceeds the {MAX_FILE_BYTES}-byte limit"),
        });
    }
    let end = HEADER_LEN + len as usize;
    if available < len + 4 {
        return Err(truncated(
            if available < len {
                "payload"
            } else {
                "checksum"
            },
            end + 4,
        ));
    }
    if bytes.len() > end + 4 {
        return Err(LoadError::Corrupt {
            offset: (end + 4) as u64,
            detail: format!(
                "{} unexpected bytes after the checksum",
                bytes.len() - end - 4
            ),
        });
    }
    let stored = read_u32(bytes, end).ok_or_else(|| truncated("checksum", end + 4))?;
    let computed = crc32fast::hash(&bytes[8..end]);
    if stored != computed {
        return Err(LoadError::Checksum {
            stored,
            computed,
            offset: end as u64,
        });
    }
    let payload = &bytes[HEADER_LEN..end];
    // A version-1 payload is a version-2 payload without its last field, `Scenario::game`:
    // it is read as if followed by that field's encoding of `None` (one zero byte).
    let tail: &[u8] = if version < 2 { &[0] } else { &[] };
    let mut reader = CountingReader {
        data: payload,
        tail,
        pos: 0,
    };
    let budget = Budget::new(MAX_DECODED_BYTES);
    // Fields added since the file's version are not in its payload (`model::compat`; the
    // game, the last field, comes from the reader's tail).
    let result = crate::model::compat::decoding_version(version, || {
        decode_payload(&mut reader, payload.len(), &budget)
    });
    let at = (HEADER_LEN + reader.pos.min(payload.len())) as u64;
    let scenario = result.map_err(|e| {
        if budget.exceeded() {
            LoadError::TooMuchData {
                limit_mib: budget.limit() >> 20,
                at: format!("byte {at}"),
            }
        } else {
            LoadError::Corrupt {
                offset: at,
                detail: describe_bincode(&e),
            }
        }
    })?;
    if reader.pos != payload.len() + tail.len() {
        return Err(LoadError::Corrupt {
            offset: (HEADER_LEN + reader.pos) as u64,
            detail: format!(
                "the scenario ends {} bytes before the payload does",
                payload.len() + tail.len() - reader.pos
            ),
        });
    }
    Ok(scenario)
}

/// Decodes with an allocation limit chosen from the payload length. Every value bincode
/// decodes claims its in-memory size against the limit (a varint byte can claim eight), so the
/// limit is a fixed multiple of the real payload, in tiers because bincode takes it as a
/// const parameter.
fn decode_payload(
    reader: &mut CountingReader,
    payload_len: usize,
    budget: &Budget,
) -> Result<Scenario, bincode::error::DecodeError> {
    macro_rules! tiers {
        ($($limit:literal),*) => {
            $(
                if payload_len.saturating_mul(LIMIT_FACTOR).min(BINCODE_CAP) <= $limit {
                    let config = bincode_config().with_limit::<$limit>();
                    let mut decoder = bincode::serde::OwnedSerdeDecoder::from_reader(reader, config);
                    return Scenario::deserialize(Budgeted::new(decoder.as_deserializer(), budget));
                }
            )*
        };
    }
    tiers!(
        65_536,
        262_144,
        1_048_576,
        4_194_304,
        16_777_216,
        67_108_864,
        268_435_456,
        1_073_741_824
    );
    Err(bincode::error::DecodeError::LimitExceeded)
}

/// How much decoded memory one payload byte may claim.
const LIMIT_FACTOR: usize = 16;
/// The largest bincode allocation limit: a large payload is a background image, whose bytes
/// claim their own length only.
const BINCODE_CAP: usize = 1 << 30;

/// A slice reader that remembers how far it got, so errors can say where; `tail` follows the
/// payload (the fields an older version's payload lacks, encoded as their defaults).
struct CountingReader<'a> {
    data: &'a [u8],
    tail: &'a [u8],
    pos: usize,
}

impl bincode::de::read::Reader for CountingReader<'_> {
    fn read(&mut self, bytes: &mut [u8]) -> Result<(), bincode::error::DecodeError> {
        let end = self.pos + bytes.len();
        let total = self.data.len() + self.tail.len();
        if end > total {
            return Err(bincode::error::DecodeError::UnexpectedEnd {
                additional: end - total,
            });
        }
        if let Some(src) = self.data.get(self.pos..end) {
            bytes.copy_from_slice(src);
            self.pos = end;
            return Ok(());
        }
        for (i, b) in bytes.iter_mut().enumerate() {
            let at = self.pos + i;
            *b = match self.data.get(at) {
                Some(b) => *b,
                None => self.tail[at - self.data.len()],
            };
        }
        self.pos = end;
        Ok(())
    }
}

fn describe_bincode(e: &bincode::error::DecodeError) -> String {
    use bincode::error::DecodeError as E;
    match e {
        E::UnexpectedEnd { additional } => {
            format!("the payload ends {additional} bytes too early")
        }
        E::LimitExceeded => {
            "a length field claims more memory than the file could hold (hostile or corrupt length)"
                .into()
        }
        E::UnexpectedVariant {
            found, type_name, ..
        } => {
            format!("invalid variant {found} for {type_name}")
        }
        E::Utf8 { .. } => "text that is not valid UTF-8".into(),
        E::InvalidBooleanValue(v) => format!("invalid boolean byte {v}"),
        E::OutsideUsizeRange(v) => format!("length {v} is out of range"),
        E::InvalidIntegerType { expected, found } => format!(
            "a number too large for its field (room for {}, the file holds {})",
            integer_name(expected),
            integer_name(found)
        ),
        E::NonZeroTypeIsZero { .. } => "a zero where a number may not be zero".into(),
        E::InvalidCharEncoding(_) => "a character that is not valid UTF-8".into(),
        E::ArrayLengthMismatch { required, found } => {
            format!("a list of {found} items where {required} are needed")
        }
        E::EmptyEnum { type_name } => format!("a value of {type_name}, which has no values"),
        // Messages from the model's own checks while decoding (serde's "invalid value: ...,
        // expected ..."): already sentences.
        E::OtherString(text) => text.clone(),
        E::Other(text) => (*text).to_string(),
        E::Serde(_) => "a value this format cannot hold".into(),
        _ => "an unreadable value".into(),
    }
}

/// bincode's integer kinds in words.
fn integer_name(t: &bincode::error::IntegerType) -> &'static str {
    use bincode::error::IntegerType as T;
    match t {
        T::U8 => "an 8-bit number",
        T::U16 => "a 16-bit number",
        T::U32 => "a 32-bit number",
        T::U64 => "a 64-bit number",
        T::U128 => "a 128-bit number",
        T::Usize => "a length",
        T::I8 => "a signed 8-bit number",
        T::I16 => "a signed 16-bit number",
        T::I32 => "a signed 32-bit number",
        T::I64 => "a signed 64-bit number",
        T::I128 => "a signed 128-bit number",
        T::Isize => "a signed length",
        _ => "a number of another size",
    }
}

#[derive(Deserialize)]
struct VersionProbe {
    meta: MetaProbe,
}

#[derive(Deserialize)]
struct MetaProbe {
    format_version: u32,
}

fn decode_json(bytes: &[u8]) -> Result<Scenario, LoadError> {
    let text = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    // A scenario is one JSON object, so a document that does not end in `}` was cut short:
    // say so at once rather than parse up to the cut.
    if text.trim_ascii_end().last() != Some(&b'}') {
        return Err(LoadError::TruncatedJson {
            offset: bytes.len() as u64,
        });
    }
    let json_err = |e: serde_json::Error| LoadError::Json {
        line: e.line(),
        column: e.column(),
        detail: e.to_string(),
    };
    // A first, cheap pass reads only the version and skips everything else, so a newer file
    // reports its version rather than the first field this build does not know, and a
    // malformed or truncated document is refused before the scenario is built.
    match serde_json::from_slice::<VersionProbe>(text) {
        Ok(probe) if probe.meta.format_version > FORMAT_VERSION => {
            return Err(LoadError::NewerVersion {
                found: probe.meta.format_version,
                supported: FORMAT_VERSION,
            });
        }
        Err(e) if e.classify() != serde_json::error::Category::Data => return Err(json_err(e)),
        // Data errors (say, no `meta`) get the full decoder's more precise message.
        _ => {}
    }
    let budget = Budget::new(MAX_DECODED_BYTES);
    let mut de = serde_json::Deserializer::from_slice(text);
    // JSON needs no version for its fields; the wrapper starts the decoder with no ruleset
    // read yet, so a logged move's order is never read under another file's ruleset.
    let scenario = crate::model::compat::decoding_version(FORMAT_VERSION, || {
        Scenario::deserialize(Budgeted::new(&mut de, &budget))
    })
    .and_then(|s| de.end().map(|()| s));
    scenario.map_err(|e| {
        if budget.exceeded() {
            LoadError::TooMuchData {
                limit_mib: budget.limit() >> 20,
                at: format!("line {}, column {}", e.line(), e.column()),
            }
        } else {
            json_err(e)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use bincode::error::{DecodeError, IntegerType};

    #[test]
    fn decoding_errors_read_as_sentences_not_rust_debug_text() {
        let cases = [
            DecodeError::InvalidIntegerType {
                expected: IntegerType::U16,
                found: IntegerType::U64,
            },
            DecodeError::OtherString("invalid value: 7, expected a side".into()),
            DecodeError::ArrayLengthMismatch {
                required: 2,
                found: 3,
            },
            DecodeError::LimitExceeded,
        ];
        for e in &cases {
            let text = describe_bincode(e);
            for debug in ["InvalidIntegerType", "OtherString", "U16", "U64", "{"] {
                assert!(!text.contains(debug), "{text}");
            }
        }
        assert_eq!(
            describe_bincode(&cases[0]),
            "a number too large for its field (room for a 16-bit number, the file holds a 64-bit \
             number)"
        );
        assert_eq!(
            describe_bincode(&cases[1]),
            "invalid value: 7, expected a side"
        );
    }

    #[test]
    fn a_file_has_64_mib_and_room_for_its_own_background_as_written() {
        let mut s = Scenario::new_table("Room");
        for encoding in [Encoding::Binary, Encoding::Json] {
            s.background = None;
            assert_eq!(file_limit(&s, encoding), MAX_SCENARIO_FILE_BYTES);
            let background = |n: usize| {
                Some(crate::model::Background {
                    encoded: vec![0xa7; n].into(),
                    width_px: 1,
                    height_px: 1,
                    opacity: 1.0,
                    placement: None,
                })
            };
            let with = |s: &mut Scenario, n: usize| {
                s.background = background(n);
                (encode(s, encoding).len() as u64, file_limit(s, encoding))
            };
            let (bare, _) = with(&mut s, 0);
            for n in [1, 250, 251, 70_000, 3 << 20] {
                let (size, limit) = with(&mut s, n);
                let room = limit - MAX_SCENARIO_FILE_BYTES;
                assert!(
                    size - bare <= room,
                    "{encoding:?}, {n} bytes: {size} - {bare}"
                );
                assert!(
                    room <= size - bare + 9,
                    "{encoding:?}, {n} bytes: room {room}"
                );
            }
            // A background at its limit fits beside the scenario in what loading reads.
            s.background = background(crate::model::limits::MAX_BACKGROUND_BYTES);
            assert!(file_limit(&s, encoding) <= MAX_FILE_BYTES, "{encoding:?}");
        }
    }
}
