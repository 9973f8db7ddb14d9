//! The fold's restatement rule on any claim text: it never panics, a key is its own key (so
//! merging is transitive: a text restates its key, and two texts with one key restate each
//! other), and a text restates itself unless nothing in it states anything.
#![no_main]

use ctxlake::snapshot::restate::{key, restates};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let once = key(&text);
    assert_eq!(key(&once), once, "a key is its own key: {text:?}");
    assert_eq!(restates(&text, &text), !once.is_empty(), "a text restates itself: {text:?}");
    if !once.is_empty() {
        assert!(restates(&text, &once), "a text restates its key: {text:?}");
    }
});
