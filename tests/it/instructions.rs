//! The stdio path's cost per call, guarded by instruction counts (issue 32). Wall-clock figures
//! move by ±30 % on this machine, so no test times anything; the instructions a process executes
//! move by well under 1 %. `valgrind --tool=callgrind` counts what `ctxlake mcp` executes for
//! `initialize` and N calls, and for `initialize` alone; the difference over N is one call's cost,
//! which must stay within 25 % of the figure recorded in `tests/it/instructions.json` for this
//! toolchain and profile, and so must `initialize` alone: a start (the presence record's
//! redaction compiled every rule's regex until 2026-12-04, two thirds of a start). A change that costs more on purpose records the new figure:
//! `UPDATE_INSTRUCTIONS=1 cargo test --test it instructions`. Without valgrind, or with a
//! toolchain nothing was recorded for, the test says it did not compare and passes; `.ci/run`
//! installs valgrind.

use serde_json::{Value, json};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Calls per measurement: enough that the per-call figure dwarfs the run-to-run wobble of the
/// process's start and end.
const CALLS: usize = 400;
/// How much a call may cost beyond its recorded figure before the test fails.
const TOLERANCE: f64 = 0.25;
const RECORD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/it/instructions.json");

/// The calls guarded: the most trivial request, and a real tool with nothing cached.
fn calls() -> [(&'static str, Value); 2] {
    [
        ("ping", json!({"method": "ping"})),
        ("fleet_status_empty", json!({"method": "tools/call", "params": {"name": "fleet_status", "arguments": {}}})),
    ]
}

#[test]
fn a_start_and_a_trivial_call_cost_no_more_instructions_than_recorded() {
    if Command::new("valgrind").arg("--version").output().is_err() {
        eprintln!("instructions: did not run: valgrind is not installed (.ci/run installs it)");
        return;
    }
    let key = build_key();
    let dir = tempfile::tempdir().unwrap();
    let mut measured: Vec<(&str, u64)> = vec![("start", instructions(dir.path(), &calls()[0].1, 0))];
    measured.extend(calls().into_iter().map(|(name, request)| (name, per_call(dir.path(), &request))));
    let mut record: Value = std::fs::read_to_string(RECORD)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_else(|| json!({}));
    if std::env::var_os("UPDATE_INSTRUCTIONS").is_some() {
        record[&key] = measured.iter().map(|(name, count)| (name.to_string(), json!(count))).collect();
        std::fs::write(RECORD, serde_json::to_string_pretty(&record).unwrap() + "\n").unwrap();
        eprintln!("instructions: recorded for {key}: {measured:?}");
        return;
    }
    let Some(recorded) = record.get(&key) else {
        eprintln!("instructions: did not compare: nothing recorded for `{key}` (measured {measured:?})");
        return;
    };
    let mut over = vec![];
    for (name, count) in &measured {
        let was = recorded[name].as_u64().unwrap_or_else(|| panic!("no figure recorded for {name} under {key}"));
        let ratio = *count as f64 / was as f64;
        eprintln!("instructions: {name}: {count}, recorded {was} ({ratio:.2}x)");
        if ratio > 1.0 + TOLERANCE {
            over.push(format!("{name}: {count} instructions, {ratio:.2}x the recorded {was}"));
        }
    }
    assert!(
        over.is_empty(),
        "a start or a call costs more than {}% above its recorded figure (tests/it/instructions.json): {}",
        TOLERANCE * 100.0,
        over.join("; ")
    );
}

/// What the recorded figures depend on: the compiler and whether this is an optimized build.
fn build_key() -> String {
    let rustc = Command::new("rustc").arg("-V").output().map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    let profile = if cfg!(debug_assertions) { "test profile" } else { "release profile" };
    format!("{} / {profile}", rustc.unwrap_or_else(|_| "rustc unknown".into()))
}

/// Instructions one `request` costs: the process run with `CALLS` of them, minus the process
/// run with none, over `CALLS`.
fn per_call(dir: &Path, request: &Value) -> u64 {
    let with = instructions(dir, request, CALLS);
    let without = instructions(dir, request, 0);
    with.saturating_sub(without) / CALLS as u64
}

/// The serving thread runs no std feature detection on its way to its first answers. std's
/// detection runs about ten `cpuid` instructions, each a trap to the hypervisor in a virtual
/// machine (7.7 µs apiece on the project machine): a tenth of a cold start when stdio's line
/// splitting called `memchr::memchr` (`transport::stdio::scan`). Instruction counts cannot see
/// that cost (one instruction each), so this reads the functions callgrind saw the main thread
/// run for `initialize` and a tool call. `initialize` is split off and answered before any other
/// thread exists; the tool call comes after the presence thread has started and may have run the
/// detection for the whole process, so memchr's run-time dispatch (which would detect) must be
/// absent from the main thread too. The control: a first line that is not JSON makes
/// serde_json's error position call memchr on the main thread, and its detection is seen there.
#[test]
fn the_serving_thread_runs_no_std_detect_before_its_first_answers() {
    if Command::new("valgrind").arg("--version").output().is_err() {
        eprintln!("instructions: did not run: valgrind is not installed (.ci/run installs it)");
        return;
    }
    let main_thread = |input: String, answers: usize| {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("callgrind.out");
        let separate = ["--separate-threads=yes".to_string(), format!("--callgrind-out-file={}", out.display())];
        run_counted(dir.path(), input, answers, &separate);
        // Thread 1 is the main thread, which serves stdio.
        let profile = std::fs::read_to_string(dir.path().join("callgrind.out-01")).expect("the main thread's profile");
        assert!(profile.contains("fn="), "callgrind named no function: {profile:.200}");
        profile
    };
    let control = main_thread("{\"jsonrpc\": \"2.0\", \"id\": 1,\n".to_string(), 1);
    assert!(control.contains("detect_and_initialize"), "the control's detection is not seen: the check below is blind");
    let served = main_thread(session(&calls()[1].1, 1), 2);
    for detecting in ["detect_and_initialize", "memchr::arch::x86_64::memchr::"] {
        assert!(
            !served.contains(detecting),
            "the serving thread ran `{detecting}` (std_detect, cpuid) on its way to its first answers; see \
             transport::stdio::scan"
        );
    }
}

/// Instructions `ctxlake mcp` executes (every thread) for `initialize` then `calls` requests.
fn instructions(dir: &Path, request: &Value, calls: usize) -> u64 {
    let report = run_counted(dir, session(request, calls), calls + 1, &["--callgrind-out-file=/dev/null".to_string()]);
    let collected = report.lines().find_map(|line| line.split("Collected :").nth(1));
    collected.and_then(|n| n.trim().parse().ok()).unwrap_or_else(|| panic!("no count in callgrind's report: {report}"))
}

/// `initialize` then `calls` of `request`, a line each.
fn session(request: &Value, calls: usize) -> String {
    let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "count", "version": "1"}}});
    let mut input = format!("{init}\n");
    for id in 1..=calls {
        let mut frame = request.clone();
        frame["jsonrpc"] = json!("2.0");
        frame["id"] = json!(id);
        input.push_str(&format!("{frame}\n"));
    }
    input
}

/// Runs `ctxlake mcp` under callgrind (with `options`) on `input`, checks that `answers` lines
/// came back, and returns callgrind's report (standard error).
fn run_counted(dir: &Path, input: String, answers: usize, options: &[String]) -> String {
    let mut child = Command::new("valgrind")
        .arg("--tool=callgrind")
        .args(options)
        .arg(env!("CARGO_BIN_EXE_ctxlake"))
        .arg("mcp")
        .env("CTXLAKE_SPOOL_DIR", dir.join("spool"))
        .env("CTXLAKE_CACHE_DIR", dir.join("cache"))
        .env("CTXLAKE_FLEET_ID", "count")
        .env_remove("CTXLAKE_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("valgrind runs");
    // Written from a thread: the answers fill the other pipe while the requests go in.
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    let answered = String::from_utf8_lossy(&out.stdout).lines().count();
    assert_eq!(answered, answers, "every request was answered");
    String::from_utf8_lossy(&out.stderr).into_owned()
}
