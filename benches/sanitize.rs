//! Read-path sanitizer benchmark: `clean_owned` (every cache string on its way to a tool result)
//! over 64 B and 1 KiB fields, and `strip` over 16 KiB, of plain ASCII prose and of prose with
//! non-ASCII letters, none of which needs a change, plus one 1 KiB field holding zero-width
//! characters. Prints the median and p99 time per call over 300 samples.
//! Run: `cargo bench --bench sanitize`. Figures: docs/reliability.md ("the read-path sanitizer").

use ctxlake::guard::sanitize::{MAX_LONG_FIELD, clean_owned, strip};
use std::borrow::Cow;
use std::time::Instant;

fn prose(bytes: usize, accented: bool) -> String {
    let words: &[&str] = if accented {
        &["déploiement", "migración", "Straße", "schéma", "tâche", "Überprüfung", "données", "índice"]
    } else {
        &["deploy", "migration", "street", "schema", "task-list", "review", "data", "index"]
    };
    let mut text = String::new();
    let mut i = 0;
    while text.len() < bytes {
        text.push_str(words[i % words.len()]);
        text.push(if i % 11 == 10 { '\n' } else { ' ' });
        i += 1;
    }
    // A field read from the cache is already trimmed more often than not; a trailing space
    // would make every call copy.
    text.truncate(text.trim_end().len());
    text
}

/// Runs `call` enough times per sample to dwarf the clock's resolution; returns ns per call.
fn samples(bytes: usize, mut call: impl FnMut()) -> Vec<f64> {
    let reps = (64 * 1024 / bytes.max(1)).max(1);
    let mut ns: Vec<f64> = (0..300)
        .map(|_| {
            let start = Instant::now();
            (0..reps).for_each(|_| call());
            start.elapsed().as_secs_f64() * 1e9 / reps as f64
        })
        .collect();
    ns.sort_by(f64::total_cmp);
    ns
}

fn report(name: &str, bytes: usize, ns: &[f64]) {
    println!("{name:<40} {bytes:>6} bytes  p50 {:>10.1} ns  p99 {:>10.1} ns", ns[150], ns[296]);
}

/// `clean_owned` on a field that needs no change: the same buffer must come back, uncopied.
fn measure_untouched(name: &str, text: String) {
    let (bytes, buffer) = (text.len(), text.as_ptr());
    let mut field = Some(text);
    let ns = samples(bytes, || {
        let out = clean_owned(std::hint::black_box(field.take().unwrap()), MAX_LONG_FIELD);
        field = Some(std::hint::black_box(out));
    });
    assert_eq!(field.map(|f| f.as_ptr()), Some(buffer), "{name}: a clean field was copied");
    report(name, bytes, &ns);
}

/// `clean_owned` on a field that must change (a fresh copy each call, as the read path has).
fn measure_changed(name: &str, text: &str) {
    let ns = samples(text.len(), || {
        std::hint::black_box(clean_owned(std::hint::black_box(text.to_string()), MAX_LONG_FIELD));
    });
    report(name, text.len(), &ns);
}

/// `strip` on a large text that needs no change: it must borrow, never allocate.
fn measure_strip(name: &str, text: &str) {
    assert!(matches!(strip(text), Cow::Borrowed(_)), "{name}: a clean text was copied");
    let ns = samples(text.len(), || {
        std::hint::black_box(strip(std::hint::black_box(text)));
    });
    report(name, text.len(), &ns);
}

fn main() {
    for size in [64, 1024] {
        measure_untouched("clean_owned, ascii prose", prose(size, false));
        measure_untouched("clean_owned, accented prose", prose(size, true));
    }
    let hidden = prose(1024, true).replace(' ', "\u{200B} ");
    measure_changed("clean_owned, accented prose + zero-width", &hidden);
    measure_strip("strip, ascii prose", &prose(16 * 1024, false));
    measure_strip("strip, accented prose", &prose(16 * 1024, true));
}
