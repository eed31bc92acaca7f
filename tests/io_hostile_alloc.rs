//! A hostile length prefix is refused before anything is allocated for it. This binary
//! measures the heap with dhat, so it holds this one test only.

use sandtable::io::{self, LoadError, codec};
use sandtable::model::Scenario;

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

/// A valid file whose first string (the title) claims `len` bytes, checksum fixed up.
fn with_title_length(len: u64) -> Vec<u8> {
    let s = Scenario::new_table("T");
    let good = codec::encode_binary(&s);
    let payload = &good[codec::HEADER_LEN..good.len() - 4];
    // bincode varint: 253 then a little-endian u64. The title's length is payload byte 0
    // (1 = "T"), followed by the byte 'T'.
    assert_eq!(&payload[..2], b"\x01T");
    let mut new_payload = vec![253];
    new_payload.extend_from_slice(&len.to_le_bytes());
    new_payload.extend_from_slice(&payload[1..]);
    let mut out = good[..12].to_vec();
    out.extend_from_slice(&(new_payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&new_payload);
    let crc = crc32fast::hash(&out[8..]);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

#[test]
fn hostile_length_prefixes_are_refused_without_allocating() {
    let _profiler = dhat::Profiler::builder().testing().build();
    for len in [1u64 << 40, 1 << 30, 50 << 20, 1 << 20] {
        let file = with_title_length(len);
        let before = dhat::HeapStats::get();
        let err = io::decode(&file).expect_err("hostile length");
        let after = dhat::HeapStats::get();
        assert!(
            matches!(err, LoadError::Corrupt { offset: 29, .. }),
            "{len}: {err}"
        );
        assert!(err.to_string().contains("claims more memory"), "{err}");
        // The offset is just past the 9-byte length prefix that starts at byte 20.
        // Bytes allocated during the decode, all blocks together.
        let allocated = after.total_bytes - before.total_bytes;
        assert!(
            allocated < 64 * 1024,
            "claimed {len}, allocated {allocated} bytes"
        );
    }
}
