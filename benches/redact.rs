//! Write-path guard benchmark: `guard::scrub` (strip invisible characters, then redact secrets)
//! over 1 KiB and 16 KiB texts of plain ASCII prose, prose with non-ASCII letters, and prose
//! holding three secrets. Prints the median and p99 time per call over 300 calls.
//! Run: `cargo bench --bench redact`. Figures: docs/reliability.md ("the write-path guard").

use ctxlake::guard::scrub;
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
    text
}

fn with_secrets(mut text: String) -> String {
    let third = text.len() / 3;
    let at = (0..=third).rev().find(|i| text.is_char_boundary(*i)).unwrap_or(0);
    text.insert_str(at, " AKIAIOSFODNN7EXAMPLE token=hunter2hunter2 ghp_0123456789abcdefghijABCDEFGHIJ012345 ");
    text
}

fn measure(name: &str, text: &str) {
    let mut micros: Vec<f64> = (0..300)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(scrub(std::hint::black_box(text)));
            start.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    micros.sort_by(f64::total_cmp);
    println!("{name:<32} {:>6} bytes  p50 {:>9.1} µs  p99 {:>9.1} µs", text.len(), micros[150], micros[296]);
}

fn main() {
    for size in [1024, 16 * 1024] {
        measure("ascii prose", &prose(size, false));
        measure("accented prose", &prose(size, true));
        measure("ascii prose + 3 secrets", &with_secrets(prose(size, false)));
        measure("accented prose + 3 secrets", &with_secrets(prose(size, true)));
    }
}
