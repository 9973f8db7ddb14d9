//! The knowledge importer over any bytes, as JSON/JSONL or as Markdown with YAML front matter:
//! every file is imported whole or refused with a named reason, a 1-based line inside the file
//! and a JSON pointer; a refused file leaves the store exactly as it was, an accepted one adds
//! exactly its records, and every accepted record passes the record schema again.
#![no_main]

use ctxlake::knowledge::Store;
use ctxlake::knowledge::import::{Format, check, parse_as};
use libfuzzer_sys::fuzz_target;
use std::sync::{Mutex, OnceLock};

fn store() -> &'static Mutex<Store> {
    static STORE: OnceLock<Mutex<Store>> = OnceLock::new();
    STORE.get_or_init(|| Mutex::new(Store::open(std::path::Path::new(":memory:")).expect("an in-memory store")))
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let format = if selector & 1 == 0 { Format::Json } else { Format::Markdown };
    let text = String::from_utf8_lossy(rest);
    let lines = text.split('\n').count();
    let parsed = parse_as(format, "fuzz", &text);
    match &parsed {
        Ok(records) => {
            for item in records {
                let value = serde_json::to_value(&item.record).expect("a record serializes");
                check(&value).expect("an accepted record passes the schema again");
                assert!((1..=lines).contains(&item.line), "line {} of {lines}", item.line);
            }
        }
        Err(e) => {
            assert!(!e.reason.is_empty(), "a refusal names its reason");
            assert!(e.pointer.is_empty() || e.pointer.starts_with('/'), "{e}");
            assert!((1..=lines).contains(&e.line), "line {} of {lines}: {e}", e.line);
        }
    }
    let mut store = store().lock().expect("not poisoned");
    let before = store.record_count().expect("countable");
    let name = if format == Format::Json { "fuzz.jsonl" } else { "fuzz.md" };
    let now = chrono::DateTime::<chrono::Utc>::from(std::time::SystemTime::now());
    match store.import(name, &text, selector & 2 != 0, None, now) {
        Ok(summary) => assert_eq!(store.record_count().expect("countable"), before + summary.added),
        Err(_) => assert_eq!(store.record_count().expect("countable"), before, "a refused file left records behind"),
    }
});
