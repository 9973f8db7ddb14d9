//! Wire formats: whatever parses as a ClaimEvent or a SpoolRecord serializes back to JSON that
//! parses to the same value, and serializing is stable (serialize ∘ parse ∘ serialize = serialize).
//! A stored HTTP session (what another host wrote to the state store) becomes a session whose
//! record reads back as a session with the same record: what a build cannot read it drops once.
#![no_main]

use ctxlake::rpc::{Cancellations, Session};
use ctxlake::spec::wire::claim_event::ClaimEvent;
use ctxlake::spec::wire::http_session::HttpSession;
use ctxlake::spec::wire::spool::SpoolRecord;
use libfuzzer_sys::fuzz_target;
use serde::Serialize;
use serde::de::DeserializeOwned;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(data: &[u8]) {
    let Ok(parsed) = serde_json::from_slice::<T>(data) else { return };
    let text = serde_json::to_string(&parsed).expect("a parsed value serializes");
    let again: T = serde_json::from_str(&text).expect("serialized output parses");
    assert_eq!(again, parsed, "round trip changed the value");
    assert_eq!(serde_json::to_string(&again).expect("serializes"), text, "serialization is not stable");
}

fuzz_target!(|data: &[u8]| {
    round_trip::<ClaimEvent>(data);
    round_trip::<SpoolRecord>(data);
    if let Ok(stored) = serde_json::from_slice::<HttpSession>(data) {
        let once = Session::from_record(stored, Cancellations::default()).record();
        let twice = Session::from_record(once.clone(), Cancellations::default()).record();
        assert_eq!(once, twice, "a session's record is not stable");
    }
});
