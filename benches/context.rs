//! Context pack benchmark (issue 14): the real `context` handler over a cache holding a
//! snapshot of 100 k promoted claims (the real writer, the static model), a knowledge base of
//! 10 k approved records (the real `Store::import`, recombined from the starter base), 40 live
//! agents with leases and 500 sessions; measures pack compile time per goal (p50/p90/p99, the
//! Markdown included, each goal new to the embedding cache) after one warm-up call that loads
//! the vector indexes. Run: `taskset -c 1 cargo bench --bench context`. Figures: docs/context.md.

use chrono::{DateTime, Utc};
use ctxlake::config::Ctx;
use ctxlake::embed::{Embedder, model};
use ctxlake::knowledge::{Store, starter_records};
use ctxlake::snapshot::{ClaimRow, Mode, Status, write};
use ctxlake::spec::tools::context::{Context, ContextInput};
use ctxlake::spec::wire::claim_event::Evidence;
use ctxlake::tools::Toolbox;
use serde_json::json;
use std::time::Instant;

const CLAIMS: usize = 100_000;
const RECORDS: usize = 10_000;
const WORDS: &[&str] = &[
    "mutex",
    "flaky",
    "retry",
    "backoff",
    "ci",
    "deploy",
    "timeout",
    "staging",
    "cargo",
    "test",
    "build",
    "cache",
    "docker",
    "release",
    "lint",
    "clippy",
    "panic",
    "thread",
    "async",
    "tokio",
    "socket",
    "migration",
    "schema",
    "index",
    "query",
    "latency",
    "token",
    "rotation",
    "auth",
    "session",
    "lease",
    "spool",
    "snapshot",
    "vector",
    "embedding",
    "budget",
    "redis",
    "postgres",
    "sqlite",
    "queue",
    "worker",
    "log",
    "trace",
    "metric",
    "alert",
];

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn words(&mut self, n: usize) -> String {
        (0..n).map(|_| WORDS[self.below(WORDS.len())]).collect::<Vec<_>>().join(" ")
    }
}

fn main() {
    let model = model::shared().expect("the embedded model loads");
    let dir = tempfile::tempdir().expect("a temp dir");
    let ctx = Ctx::under(dir.path(), "bench").expect("a context");
    let cache = ctx.fleet_id.cache_dir(&ctx.cache_root);
    std::fs::create_dir_all(&cache).expect("the cache dir");
    let mut rng = Rng(0x5eed);
    let at: DateTime<Utc> = "2026-09-09T00:00:00Z".parse().expect("a time");

    let started = Instant::now();
    let rows: Vec<ClaimRow> = (0..CLAIMS).map(|i| claim(i, &mut rng, at)).collect();
    write(&cache.join("snapshot.bin"), &rows, Mode::Agent, model, at).expect("snapshot written");
    println!("{CLAIMS} claims written in {:.1} s", started.elapsed().as_secs_f64());

    let started = Instant::now();
    let jsonl = records();
    let mut store = Store::open(&ctx.kb_path).expect("kb.sqlite opens");
    store.import("generated.jsonl", &jsonl, true, Some(model as &dyn Embedder), at).expect("records imported");
    println!("{RECORDS} records imported in {:.1} s", started.elapsed().as_secs_f64());

    let agents: Vec<_> = (0..40)
        .map(|i| json!({"agent_id": format!("cc-{i:02}"), "runtime": "claude-code", "repo": format!("org/app-{}", i % 4), "task": rng.words(8)}))
        .collect();
    let leases: Vec<_> = (0..40)
        .map(|i| json!({"resource": format!("src/{}/**", rng.words(1)), "repo": format!("org/app-{}", i % 4), "holder": format!("cc-{i:02}"), "reason": rng.words(4)}))
        .collect();
    let sessions: Vec<_> = (0..500)
        .map(|i| json!({"session_id": format!("s{i}"), "agent_id": format!("cc-{:02}", i % 40), "repo": format!("org/app-{}", i % 4),
                        "ended_at": format!("2026-09-{:02}T10:00:00Z", 1 + i % 28), "summary": rng.words(14), "next": rng.words(6)}))
        .collect();
    let write_json = |name: &str, value: serde_json::Value| {
        std::fs::write(cache.join(name), value.to_string()).expect("cache file written");
    };
    write_json("roster.json", json!({"agents": agents}));
    write_json("leases.json", json!({"leases": leases}));
    write_json("history.json", json!({"sessions": sessions}));

    let toolbox = Toolbox::new(ctx);
    let call = |goal: &str| {
        let input: ContextInput =
            serde_json::from_value(json!({"goal": goal, "project": "org/app-1"})).expect("valid arguments");
        toolbox.context.context(&ctxlake::catalog::Detached, input).expect("a pack")
    };
    let started = Instant::now();
    let first = call("warm up the vector indexes");
    println!("first pack (loads both vector indexes) {:.1} ms", started.elapsed().as_secs_f64() * 1e3);
    let whole = serde_json::to_string(&first).map_or(0, |text| text.len());
    println!(
        "a pack: {} items selected, {} Markdown bytes, {whole} bytes of JSON in all (about {} tokens)",
        first.total_items,
        first.markdown.len(),
        whole / 4
    );

    let mut times = vec![];
    for round in 0..3 {
        for i in 0..40 {
            let goal = format!("{} {round} {i}", rng.words(6));
            let started = Instant::now();
            std::hint::black_box(call(&goal));
            times.push(started.elapsed().as_secs_f64() * 1e3);
        }
    }
    times.sort_by(f64::total_cmp);
    let at = |p: f64| times[((times.len() - 1) as f64 * p) as usize];
    println!(
        "context pack over {CLAIMS} claims and {RECORDS} records ({} goals, recall, limit 24, budget 4000): p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms",
        times.len(),
        at(0.5),
        at(0.9),
        at(0.99)
    );
}

fn claim(i: usize, rng: &mut Rng, at: DateTime<Utc>) -> ClaimRow {
    let words = 8 + rng.below(8);
    ClaimRow {
        claim_id: format!("c{i:08}"),
        claim: rng.words(words),
        claim_type: ["environment", "convention", "outcome", "preference", "hypothesis"][i % 5].to_string(),
        subject: format!("subject-{}", rng.below(500)),
        scope: "fleet".to_string(),
        observed_by: format!("cc-{:02}", rng.below(40)),
        status: Status::Promoted,
        was_promoted: true,
        evidence: vec![Evidence {
            session_id: format!("s{i}").try_into().expect("non-empty"),
            message_id: "m1".to_string().try_into().expect("non-empty"),
            excerpt_hash: String::new(),
            observed_at: at,
        }],
        independent_count: 1 + rng.below(4) as u64,
        confidence: 0.5 + rng.below(45) as f64 / 100.0,
        updated_at: at,
        embedding: None,
        supersedes: None,
        replaces: None,
        superseded_by: None,
        merged: vec![],
    }
}

/// 10 000 records recombined from the starter base (as benches/knowledge.rs makes them), as JSONL.
fn records() -> String {
    let starter = starter_records();
    (0..RECORDS)
        .map(|i| {
            let (a, b, c) = (
                &starter[i % starter.len()],
                &starter[(i * 7 + 3) % starter.len()],
                &starter[(i * 13 + 5) % starter.len()],
            );
            let mut record = serde_json::to_value(a).expect("a record serializes");
            record["id"] = json!(format!("gen-{i:05}"));
            record["slug"] = json!(format!("generated-{i:05}"));
            record["summary"] = json!(format!("{} {}", *b.summary, *c.title));
            record["recommendation"] = json!(format!("{} {}", *c.recommendation, *b.title));
            record["status"] = json!("approved");
            record.as_object_mut().expect("an object").remove("content_version");
            record.as_object_mut().expect("an object").remove("approved_at");
            record.to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}
