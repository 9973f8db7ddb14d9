//! The read-path sanitizer: no stripped code point survives (by the sanitizer's own predicate and
//! by an independent list of the classes it must cover), no line or paragraph separator survives,
//! the bound holds (with the visible marker), single-line cleaning leaves no newline, and cleaning
//! is idempotent.
#![no_main]

use ctxlake::guard::sanitize::{TRUNCATION_MARKER, clean, clean_single_line, clean_value, is_stripped};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let max = usize::from(first) % 64;
    let text = String::from_utf8_lossy(rest);
    let marker = TRUNCATION_MARKER.chars().count();

    let cleaned = clean(&text, max);
    assert!(!cleaned.chars().any(must_not_survive), "an invisible code point survived: {cleaned:?}");
    assert!(cleaned.chars().count() <= max + marker, "bound exceeded");
    assert_eq!(clean(&cleaned, max + marker), cleaned, "cleaning is idempotent");

    let line = clean_single_line(&text, max);
    assert!(!line.contains(['\n', '\t']), "single-line cleaning left a line break");

    if let Ok(value) = serde_json::from_slice::<Value>(rest) {
        assert_all_clean(&clean_value(value, max), max + marker);
    }
});

fn assert_all_clean(value: &Value, bound: usize) {
    match value {
        Value::String(s) => assert!(!s.chars().any(must_not_survive) && s.chars().count() <= bound),
        Value::Array(items) => items.iter().for_each(|v| assert_all_clean(v, bound)),
        Value::Object(map) => map.iter().for_each(|(k, v)| {
            assert!(!k.chars().any(must_not_survive), "a stripped code point survived in a key");
            assert_all_clean(v, bound);
        }),
        _ => {}
    }
}

/// The oracle, kept apart from the sanitizer's Unicode data on purpose: the classes issue 9 names
/// (controls, the tag block, both variation-selector blocks, the Hangul fillers, the separators)
/// plus the sanitizer's own predicate for every other format character.
fn must_not_survive(c: char) -> bool {
    let named = matches!(c, '\u{E0000}'..='\u{E007F}' | '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}')
        || matches!(c, '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' | '\u{2028}' | '\u{2029}');
    named || (c.is_control() && c != '\n' && c != '\t') || is_stripped(c)
}
