//! Broken files give a clear error, never a panic: truncation at every byte, random byte
//! flips, newer versions, wrong content, and the fixtures in tests/fixtures/.

use sandtable::io::{self, LoadError, codec};
use sandtable::model::{FORMAT_VERSION, Scenario};
use sandtable::samples;

fn samples_encoded() -> Vec<(&'static str, Vec<u8>, Vec<u8>)> {
    samples::ALL
        .iter()
        .map(|s| {
            let sc = s.load().expect("the sample loads");
            (s.name, codec::encode_binary(&sc), codec::encode_json(&sc))
        })
        .collect()
}

#[test]
fn every_truncation_of_every_binary_sample_is_an_error() {
    for (name, bin, _) in samples_encoded() {
        for len in 0..bin.len() {
            match io::decode(&bin[..len]) {
                Err(LoadError::Truncated { offset, .. }) => {
                    assert_eq!(offset, len as u64, "{name} cut at {len}")
                }
                Err(LoadError::Empty) => assert_eq!(len, 0),
                Err(other) => panic!("{name} cut at {len}: unexpected error {other}"),
                Ok(_) => panic!("{name} cut at {len} decoded"),
            }
        }
    }
}

#[test]
fn every_truncation_of_every_json_sample_is_an_error() {
    for (name, _, json) in samples_encoded() {
        // The closing brace and newline are the last two bytes: anything shorter is cut.
        let full = json.len() - 2;
        for len in 0..=full {
            let result = io::decode(&json[..len]);
            assert!(
                result.is_err(),
                "{name} cut at {len} of {} decoded",
                json.len()
            );
        }
    }
}

/// xorshift, so the flips are reproducible.
fn rng(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

#[test]
fn random_byte_flips_in_binary_files_are_caught_by_the_checksum() {
    let mut seed = 0x5eed_u64;
    for (name, bin, _) in samples_encoded() {
        for _ in 0..2000 {
            let mut bad = bin.clone();
            let at = (rng(&mut seed) % bad.len() as u64) as usize;
            let flip = (rng(&mut seed) % 255 + 1) as u8;
            bad[at] ^= flip;
            let err = io::decode(&bad).expect_err(&format!("{name}: flip at {at} decoded"));
            let msg = err.to_string();
            assert!(!msg.is_empty());
        }
    }
}

/// With the checksum recomputed, the decoder itself meets hostile payloads: it must return an
/// error or a valid scenario, never panic or over-allocate.
#[test]
fn random_payload_corruption_with_a_valid_checksum_never_panics() {
    let mut seed = 0xfeed_u64;
    let mut errors = 0;
    for (name, bin, _) in samples_encoded() {
        for round in 0..3000 {
            let mut bad = bin.clone();
            let end = bad.len() - 4;
            for _ in 0..=(round % 4) {
                let at = codec::HEADER_LEN
                    + (rng(&mut seed) % (end - codec::HEADER_LEN) as u64) as usize;
                bad[at] = rng(&mut seed) as u8;
            }
            let crc = crc32fast::hash(&bad[8..end]);
            bad[end..].copy_from_slice(&crc.to_le_bytes());
            match io::decode(&bad) {
                Ok(s) => assert_eq!(s.validate(), vec![], "{name}: decoded an invalid scenario"),
                Err(e) => {
                    errors += 1;
                    let msg = e.to_string();
                    assert!(
                        msg.contains("byte") || msg.contains("inconsistent"),
                        "{msg}"
                    );
                }
            }
        }
    }
    assert!(errors > 0);
}

#[test]
fn random_byte_flips_in_json_files_never_panic() {
    let mut seed = 0xbeef_u64;
    for (name, _, json) in samples_encoded() {
        for _ in 0..2000 {
            let mut bad = json.clone();
            let at = (rng(&mut seed) % bad.len() as u64) as usize;
            bad[at] = rng(&mut seed) as u8;
            if let Ok(s) = io::decode(&bad) {
                assert_eq!(
                    s.validate(),
                    vec![],
                    "{name}: flip at {at} gave an invalid scenario"
                );
            }
        }
    }
}

#[test]
fn a_newer_binary_version_is_refused_by_name() {
    let mut bin = codec::encode_binary(&Scenario::new_table("t"));
    bin[8..12].copy_from_slice(&7u32.to_le_bytes());
    let err = io::decode(&bin).expect_err("newer version");
    assert!(
        matches!(
            err,
            LoadError::NewerVersion {
                found: 7,
                supported: FORMAT_VERSION
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("newer Sandtable"));
}

#[test]
fn a_newer_json_version_is_refused_by_name() {
    let json = String::from_utf8(codec::encode_json(&Scenario::new_table("t"))).expect("utf8");
    let json = json.replace(
        &format!("\"format_version\": {FORMAT_VERSION}"),
        "\"format_version\": 9",
    );
    let err = io::decode(json.as_bytes()).expect_err("newer version");
    assert!(
        matches!(err, LoadError::NewerVersion { found: 9, .. }),
        "{err}"
    );
}

#[test]
fn content_decides_the_encoding_not_the_extension() {
    let dir = tempfile::tempdir().expect("tempdir");
    let s = Scenario::new_hex("hex");
    let json_named_binary = dir.path().join("really-json.sandtable");
    std::fs::write(&json_named_binary, codec::encode_json(&s)).expect("write");
    assert_eq!(io::load(&json_named_binary).expect("loads"), s);
    let binary_named_json = dir.path().join("really-binary.json");
    std::fs::write(&binary_named_json, codec::encode_binary(&s)).expect("write");
    assert_eq!(io::load(&binary_named_json).expect("loads"), s);
}

#[test]
fn wrong_content_says_what_it_is() {
    assert!(matches!(io::decode(b""), Err(LoadError::Empty)));
    assert!(matches!(
        io::decode(b"\x89PNG\r\n\x1a\n...."),
        Err(LoadError::NotAScenario)
    ));
    assert!(matches!(
        io::decode(b"SANDT"),
        Err(LoadError::Truncated {
            section: "magic number",
            ..
        })
    ));
    let err = io::decode(b"{\"meta\": 3}").expect_err("not a scenario");
    assert!(matches!(err, LoadError::Json { line: 1, .. }), "{err}");
    let mut bin = codec::encode_binary(&Scenario::new_table("t"));
    bin.push(0);
    let err = io::decode(&bin).expect_err("trailing byte");
    assert!(err.to_string().contains("after the checksum"), "{err}");
}

#[test]
fn oversized_files_are_refused_before_reading() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("huge.sandtable");
    let f = std::fs::File::create(&path).expect("create");
    f.set_len(codec::MAX_FILE_BYTES + 1).expect("sparse file");
    let err = io::load(&path).expect_err("too large");
    assert!(matches!(err, LoadError::TooLarge { .. }), "{err}");
}

#[test]
fn fixtures_give_the_errors_they_are_named_for() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let load = |name: &str| io::load(&dir.join(name)).expect_err(name);
    assert!(matches!(
        load("newer_version.sandtable"),
        LoadError::NewerVersion { .. }
    ));
    assert!(matches!(
        load("newer_version.json"),
        LoadError::NewerVersion { .. }
    ));
    assert!(matches!(
        load("bad_checksum.sandtable"),
        LoadError::Checksum { .. }
    ));
    assert!(matches!(
        load("truncated.sandtable"),
        LoadError::Truncated {
            section: "payload",
            ..
        }
    ));
    assert!(matches!(
        load("hostile_length.sandtable"),
        LoadError::Corrupt { .. }
    ));
    assert!(matches!(
        load("not_a_scenario.txt"),
        LoadError::NotAScenario
    ));
    assert!(matches!(load("syntax_error.json"), LoadError::Json { .. }));
    let err = load("dangling_reference.json");
    assert!(matches!(err, LoadError::Invalid { .. }));
    assert!(err.to_string().contains("side #99 does not exist"), "{err}");
}
