//! Both encodings round-trip any valid scenario exactly.

mod common;

use proptest::prelude::*;
use sandtable::io::{self, Encoding, codec};

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn generated_scenarios_are_valid(s in common::arb_scenario()) {
        prop_assert_eq!(s.validate(), vec![]);
    }

    #[test]
    fn binary_round_trip(s in common::arb_scenario()) {
        let bytes = codec::encode_binary(&s);
        prop_assert_eq!(codec::sniff(&bytes).ok(), Some(Encoding::Binary));
        let back = io::decode(&bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(back, s);
    }

    #[test]
    fn json_round_trip(s in common::arb_scenario()) {
        let bytes = codec::encode_json(&s);
        prop_assert_eq!(codec::sniff(&bytes).ok(), Some(Encoding::Json));
        let back = io::decode(&bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(back, s);
    }

    #[test]
    fn converting_between_encodings_is_lossless(s in common::arb_scenario()) {
        let via_json = io::decode(&codec::encode_json(&s)).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let bin = codec::encode_binary(&via_json);
        prop_assert_eq!(bin, codec::encode_binary(&s));
    }
}
