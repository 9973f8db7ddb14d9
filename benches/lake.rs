//! Lake benchmark, on one machine, release build:
//! - drain throughput (records/s) into the folder lake and into the S3 server embedded in this
//!   process (s3s-fs over loopback, tests/it/s3.rs), 10 000-line batches;
//! - maint (fold + gate + publish) over N proposals already in the lake;
//! - an idle sync round (drain + mirror with nothing new): its time and, on S3, its requests;
//! - 2,000 drains of 50 proposals: `claims list` and a fold from scratch before and after gc
//!   gathers their batches into packs, with the S3 requests each made.
//!
//! Run: `cargo bench --bench lake [-- DRAIN_RECORDS MAINT_EVENTS...]`, default `-- 100000 100000`.
//! Figures: docs/lake.md.

#[path = "../tests/it/s3.rs"]
mod s3;

use ctxlake::lake::kept::KeptFold;
use ctxlake::lake::{self, DrainOptions, HostId, Lake, MaintOptions, S3Options};
use ctxlake::local::paths::FleetId;
use serde_json::json;
use std::io::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

fn main() {
    // As the binary does: `CTXLAKE_LOG=ctxlake::lake=debug` shows where each rebuild's time went.
    if let Ok(spec) = std::env::var("CTXLAKE_LOG") {
        tracing_subscriber::fmt()
            .with_writer(std::io::stderr)
            .with_ansi(false)
            .with_env_filter(tracing_subscriber::EnvFilter::new(spec))
            .init();
    }
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let drain_records = args.first().copied().unwrap_or(100_000);
    let maint_sizes: Vec<usize> = if args.len() > 1 { args[1..].to_vec() } else { vec![100_000] };
    let fleet = FleetId::new("bench").expect("a valid fleet id");
    let host = HostId::new("host-a").expect("a valid host id");

    println!("| what | backend | size | time | rate |");
    println!("|---|---|---|---|---|");
    for backend in ["folder", "s3"] {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let lake = open(backend, dir.path());
        let spool_root = dir.path().join("spool");
        spool_handoffs(&spool_root, &fleet, drain_records);
        let started = Instant::now();
        let report = lake::drain(&lake, &DrainOptions::new(&spool_root, &host)).expect("drain");
        let took = started.elapsed();
        assert_eq!(report.records, drain_records);
        row("drain", backend, drain_records, took, format!("{:.0} records/s", drain_records as f64 / secs(took)));

        // An idle round: nothing new spooled, the cache already current.
        let cache_root = dir.path().join("cache");
        lake::maint(&lake, &MaintOptions::new(&fleet, "bench")).expect("maint");
        lake::mirror(&lake, &fleet, &cache_root).expect("mirror");
        let before = s3::requests_served();
        let started = Instant::now();
        lake::drain(&lake, &DrainOptions::new(&spool_root, &host)).expect("idle drain");
        let mirrored = lake::mirror(&lake, &fleet, &cache_root).expect("idle mirror");
        let took = started.elapsed();
        assert!(mirrored.written.is_empty(), "{mirrored:?}");
        let requests = match backend {
            "s3" => format!("{} requests", s3::requests_served() - before),
            _ => "-".to_string(),
        };
        row("idle sync round", backend, 0, took, requests);
    }

    for &n in &maint_sizes {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let lake = open("folder", dir.path());
        let spool_root = dir.path().join("spool");
        spool_proposals(&spool_root, &fleet, n);
        lake::drain(&lake, &DrainOptions::new(&spool_root, &host)).expect("drain");
        let started = Instant::now();
        let report = lake::maint(&lake, &MaintOptions::new(&fleet, "bench")).expect("maint");
        let took = started.elapsed();
        let rate = format!("{} promoted, {} held, {} contested", report.promoted, report.held.len(), report.contested);
        row("maint (fold + gate + publish)", "folder", n, took, rate);
        let started = Instant::now();
        let again = lake::maint(&lake, &MaintOptions::new(&fleet, "bench-2")).expect("maint");
        row("maint, nothing new", "folder", n, started.elapsed(), format!("{} promoted", again.promoted));

        // What arrives between two folds of a fleet at work: handoffs and lease requests only
        // (most rounds), or new proposals too.
        spool_handoffs(&spool_root, &fleet, 1_000);
        lake::drain(&lake, &DrainOptions::new(&spool_root, &host)).expect("drain");
        let started = Instant::now();
        let report = lake::maint(&lake, &MaintOptions::new(&fleet, "bench-3")).expect("maint");
        row("maint, 1,000 new handoffs", "folder", n, started.elapsed(), format!("{} sessions", report.sessions));
        spool_more_proposals(&spool_root, &fleet, n, 1_000);
        lake::drain(&lake, &DrainOptions::new(&spool_root, &host)).expect("drain");
        let started = Instant::now();
        let report = lake::maint(&lake, &MaintOptions::new(&fleet, "bench-4")).expect("maint");
        let rate = format!("{} promoted, {} held, {} contested", report.promoted, report.held.len(), report.contested);
        row("maint, 1,000 new proposals", "folder", n, started.elapsed(), rate);

        // The service keeps its fold between rounds (`ctxlake sync`): its first rebuild folds
        // from scratch and keeps the fold, the next continues it.
        let kept = KeptFold::new();
        let mut last = None;
        for (round, label) in
            [(1, "service: 1,000 new proposals, fold kept"), (2, "service: 1,000 new proposals, kept fold continued")]
        {
            spool_more_proposals(&spool_root, &fleet, n + round * 1_000, 1_000);
            lake::drain(&lake, &DrainOptions::new(&spool_root, &host)).expect("drain");
            let mut options = MaintOptions::new(&fleet, "bench-service");
            options.kept = Some(kept.clone());
            let started = Instant::now();
            let report = lake::maint(&lake, &options).expect("maint");
            let took = started.elapsed();
            let rate = format!(
                "{} promoted, {} held, {} contested, continued {}, rss {} MB",
                report.promoted,
                report.held.len(),
                report.contested,
                report.continued,
                rss_mb()
            );
            row(label, "folder", n, took, rate);
            last = Some(report);
        }
        // The proof at this size: a fold from scratch of the same lake publishes the same bytes.
        let mut options = MaintOptions::new(&fleet, "bench-scratch");
        options.from_scratch = true;
        let started = Instant::now();
        let scratch = lake::maint(&lake, &options).expect("maint");
        let same = scratch.snapshot.is_some() && scratch.snapshot == last.as_ref().and_then(|r| r.snapshot.clone());
        let rate = format!("{} promoted, {} contested, the same snapshot {same}", scratch.promoted, scratch.contested);
        row("service: the fold from scratch after it", "folder", n, started.elapsed(), rate);
        // What the kept fold holds: the resident memory with it and without it, each after
        // glibc handed back what it could (it keeps freed memory in its arenas otherwise).
        let held = trimmed_rss_mb();
        drop(kept);
        let without = trimmed_rss_mb();
        row(
            "service: memory the kept fold holds",
            "folder",
            n,
            Duration::ZERO,
            format!("{} MB", held.saturating_sub(without)),
        );
    }

    for backend in ["folder", "s3"] {
        compaction(backend, &fleet, &host, 2_000, 50);
    }
}

/// `batches` drains of `per_batch` proposals each (a fleet's small rounds), folded; then what
/// reading them costs before and after gc gathers them into packs, in one run on one lake:
/// `claims list` (reads every proposal and event) and a fold from scratch, with the S3
/// requests each made.
fn compaction(backend: &str, fleet: &FleetId, host: &HostId, batches: usize, per_batch: usize) {
    use ctxlake::lake::gc::{self, Retention};
    let dir = tempfile::tempdir().expect("a temporary folder");
    let lake = open(backend, dir.path());
    let spool_root = dir.path().join("spool");
    for b in 0..batches {
        spool_more_proposals(&spool_root, fleet, b * per_batch, per_batch);
        lake::drain(&lake, &DrainOptions::new(&spool_root, host)).expect("drain");
    }
    lake::maint(&lake, &MaintOptions::new(fleet, "bench")).expect("maint");
    let n = batches * per_batch;
    let read = |label: &str| {
        let requests = s3::requests_served();
        let started = Instant::now();
        let claims = ctxlake::lake::claims::list(&lake, fleet).expect("claims list");
        let took = started.elapsed();
        let said = match backend {
            "s3" => format!("{} claims, {} requests", claims.len(), s3::requests_served() - requests),
            _ => format!("{} claims", claims.len()),
        };
        row(&format!("claims list, {label}"), backend, n, took, said);
        let requests = s3::requests_served();
        let mut options = MaintOptions::new(fleet, "bench-scratch");
        options.from_scratch = true;
        let started = Instant::now();
        let report = lake::maint(&lake, &options).expect("maint from scratch");
        let took = started.elapsed();
        let said = match backend {
            "s3" => format!("{} held, {} requests", report.held.len(), s3::requests_served() - requests),
            _ => format!("{} held", report.held.len()),
        };
        row(&format!("maint --from-scratch, {label}"), backend, n, took, said);
    };
    read(&format!("{batches} batches"));
    // The store's clock keeps whole seconds on S3: the batches must be a second old for a zero
    // retention to take them.
    std::thread::sleep(Duration::from_millis(1_100));
    let zero = Retention { drained: chrono::Duration::zero(), ..Retention::default() };
    let started = Instant::now();
    let report = gc::run(&lake, std::slice::from_ref(fleet), "bench-gc", &zero, false).expect("gc");
    let packed: u64 = report.compacted.iter().map(|c| c.batches).sum();
    let bytes: u64 = report.compacted.iter().map(|c| c.bytes).sum();
    let said = format!("{packed} batches into {} packs of {bytes} bytes in all", report.compacted.len());
    row("gc, compacting", backend, n, started.elapsed(), said);
    read(&format!("{} packs", report.compacted.len()));
}

fn open(backend: &str, dir: &Path) -> Lake {
    match backend {
        "folder" => Lake::open(&format!("file://{}", dir.join("lake").display()), &S3Options::default()),
        _ => {
            let prefix = ulid::Ulid::new().to_string().to_lowercase();
            Lake::open(&format!("s3://{}/{prefix}", s3::BUCKET), &s3::options(&s3::server().endpoint))
        }
    }
    .expect("the lake opens")
}

fn secs(d: Duration) -> f64 {
    d.as_secs_f64().max(1e-9)
}

fn row(what: &str, backend: &str, size: usize, took: Duration, rate: String) {
    println!("| {what} | {backend} | {size} | {:.3} s | {rate} |", took.as_secs_f64());
}

/// `n` handoffs of about 250 bytes, written as one append (the spool's own format).
fn spool_handoffs(spool_root: &Path, fleet: &FleetId, n: usize) {
    write_spool(spool_root, fleet, (0..n).map(|i| {
        json!({"kind": "handoff", "id": format!("01J{i:023}"), "at": "2026-09-09T10:00:00Z", "fleet_id": fleet.as_str(),
               "agent_id": format!("agent-{}", i % 50), "summary": format!("finished step {i} of the migration and ran the tests"),
               "status": "done", "next": "review the diff"})
    }));
}

/// `n` proposals: claims of four types over n/10 subjects, each with evidence from one to three
/// sessions, from 50 agents, so the gate promotes some and holds others.
fn spool_proposals(spool_root: &Path, fleet: &FleetId, n: usize) {
    spool_more_proposals(spool_root, fleet, 0, n);
}

/// Proposals `first..first + n`, shaped as [`spool_proposals`]'s.
fn spool_more_proposals(spool_root: &Path, fleet: &FleetId, first: usize, n: usize) {
    const TYPES: [&str; 4] = ["convention", "environment", "outcome", "hypothesis"];
    write_spool(spool_root, fleet, (first..first + n).map(|i| {
        let evidence: Vec<_> = (0..1 + i % 3)
            .map(|s| json!({"session_id": format!("s{}", (i + s) % 997), "message_id": format!("m{i}"), "excerpt_hash": "", "observed_at": "2026-09-01T00:00:00Z"}))
            .collect();
        json!({"kind": "proposed", "claim_id": format!("claim-{i}"), "claim": format!("module {i} builds with profile {} and feature {}", i % 7, i % 13),
               "claim_type": TYPES[i % 4], "subject": format!("subject-{}", i / 10), "scope": "agent",
               "observed_by": format!("agent-{}", i % 50), "observed_at": "2026-09-01T10:00:00Z", "evidence": evidence})
    }));
}

/// The process's resident memory now, in MB (Linux; 0 elsewhere): what a kept fold holds.
fn rss_mb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok());
    kb.unwrap_or(0) / 1_000
}

/// [`rss_mb`] after `malloc_trim`, so that memory freed but kept by glibc is not counted.
fn trimmed_rss_mb() -> u64 {
    // SAFETY: malloc_trim only returns free memory of glibc's heaps to the kernel.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    unsafe {
        libc::malloc_trim(0);
    }
    rss_mb()
}

fn write_spool(spool_root: &Path, fleet: &FleetId, records: impl Iterator<Item = serde_json::Value>) {
    let path = fleet.spool_file(spool_root);
    std::fs::create_dir_all(path.parent().expect("a spool folder")).expect("the spool folder");
    // Appended, as agents append: the drain reads on from where it stopped.
    let file = std::fs::OpenOptions::new().create(true).append(true).open(&path).expect("the spool file");
    let mut file = std::io::BufWriter::new(file);
    for record in records {
        serde_json::to_writer(&mut file, &record).expect("a record serializes");
        file.write_all(b"\n").expect("the spool is writable");
    }
    file.flush().expect("the spool is written");
}
