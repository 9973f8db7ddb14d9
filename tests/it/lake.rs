//! The lake end to end on a real folder lake: two simulated hosts (separate spool and cache
//! folders) share one lake. Host A's agent spools a claim with evidence from two sessions, a
//! handoff and a lease request; drain A → maint → mirror B; then B's cache answers, through the
//! snapshot reader and through the real `ctxlake mcp` binary.

use ctxlake::lake::{self, DrainOptions, HostId, Lake, MaintOptions, S3Options};
use ctxlake::local::paths::FleetId;
use ctxlake::local::spool::Spool;
use ctxlake::snapshot::{Filters, Snapshot};
use ctxlake::spec::wire::claim_event::ClaimEvent;
use ctxlake::spec::wire::spool::SpoolRecord;
use serde_json::{Value, json};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const CLAIM: &str = "the workspace builds with `just ci`, not make";

struct Host {
    spool_root: PathBuf,
    cache_root: PathBuf,
    id: HostId,
}

struct Fleet {
    _dir: tempfile::TempDir,
    lake_url: String,
    fleet: FleetId,
    a: Host,
    b: Host,
}

fn fleet() -> Fleet {
    let dir = tempfile::tempdir().unwrap();
    let host = |name: &str| Host {
        spool_root: dir.path().join(name).join("spool"),
        cache_root: dir.path().join(name).join("cache"),
        id: HostId::new(name).unwrap(),
    };
    let (a, b) = (host("host-a"), host("host-b"));
    let lake_url = format!("file://{}", dir.path().join("lake").display());
    Fleet { lake_url, fleet: FleetId::new("team").unwrap(), a, b, _dir: dir }
}

impl Fleet {
    fn lake(&self) -> Lake {
        Lake::open(&self.lake_url, &S3Options::default()).unwrap()
    }

    fn spool(&self, host: &Host) -> Spool {
        Spool::new(&host.spool_root, &self.fleet)
    }

    fn cache_file(&self, host: &Host, name: &str) -> PathBuf {
        self.fleet.cache_dir(&host.cache_root).join(name)
    }
}

fn proposal(agent: &str, sessions: &[&str]) -> ClaimEvent {
    let evidence: Vec<Value> = sessions
        .iter()
        .map(|s| json!({"session_id": s, "message_id": format!("{s}-m1"), "excerpt_hash": "sha256:00", "observed_at": "2026-09-09T09:00:00Z"}))
        .collect();
    serde_json::from_value(json!({"kind": "proposed", "claim_id": "claim-just", "claim": CLAIM, "claim_type": "convention",
        "subject": "build", "scope": "agent", "observed_by": agent, "observed_at": "2026-09-09T09:30:00Z", "evidence": evidence}))
    .unwrap()
}

fn handoff(fleet: &FleetId, agent: &str, summary: &str) -> SpoolRecord {
    SpoolRecord::Handoff {
        id: ulid::Ulid::new().to_string(),
        at: chrono::Utc::now(),
        fleet_id: fleet.as_str().to_string(),
        agent_id: agent.to_string(),
        summary: summary.to_string(),
        status: "done".to_string(),
        next: Some("wire the CLI".to_string()),
    }
}

fn claim_request(fleet: &FleetId, agent: &str, path: &str) -> SpoolRecord {
    SpoolRecord::ClaimRequest {
        id: ulid::Ulid::new().to_string(),
        at: chrono::Utc::now(),
        fleet_id: fleet.as_str().to_string(),
        agent_id: agent.to_string(),
        paths: vec![path.to_string()],
        reason: "refactoring".to_string(),
        ttl_secs: 300,
    }
}

/// Calls one tool through the real `ctxlake mcp` reading `cache_root`; returns its structured result.
fn call_tool(cache_root: &Path, spool_root: &Path, tool: &str, arguments: Value) -> Value {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ctxlake"))
        .arg("mcp")
        .env("CTXLAKE_SPOOL_DIR", spool_root)
        .env("CTXLAKE_CACHE_DIR", cache_root)
        .env("CTXLAKE_FLEET_ID", "team")
        .env("CTXLAKE_AGENT_ID", "agent-b")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "it", "version": "1"}}});
    let call =
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": tool, "arguments": arguments}});
    writeln!(stdin, "{init}\n{call}").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let answer: Value = text.lines().map(|l| serde_json::from_str::<Value>(l).unwrap()).find(|v| v["id"] == 2).unwrap();
    answer["result"]["structuredContent"].clone()
}

#[test]
fn a_claim_proposed_on_host_a_is_found_on_host_b_after_drain_maint_and_mirror() {
    let f = fleet();
    let lake = f.lake();
    let spool = f.spool(&f.a);
    spool.append(&proposal("agent-a", &["session-1"])).unwrap();
    spool.append(&proposal("agent-a", &["session-2"])).unwrap();
    spool.append(&handoff(&f.fleet, "agent-a", "moved the build to just")).unwrap();
    spool.append(&claim_request(&f.fleet, "agent-a", "justfile")).unwrap();

    let drained = lake::drain(&lake, &DrainOptions::new(&f.a.spool_root, &f.a.id)).unwrap();
    assert_eq!((drained.records, drained.quarantined), (4, 0));
    let report = lake::maint(&lake, &MaintOptions::new(&f.fleet, "maint-1")).unwrap();
    assert_eq!(report.promoted, 1, "held: {:?}", report.held);
    assert!(report.pointer_moved);
    let mirrored = lake::mirror(&lake, &f.fleet, &f.b.cache_root).unwrap();
    assert_eq!(mirrored.written.len(), 4, "{mirrored:?}");

    let snapshot = Snapshot::open(&f.cache_file(&f.b, "snapshot.bin")).unwrap();
    let rows = snapshot
        .search(Some(ctxlake::embed::best_available()), "how does the workspace build", &Filters::default(), 5)
        .unwrap()
        .rows;
    let hit = rows.iter().find(|r| r.claim == CLAIM).expect("B finds A's claim");
    assert_eq!((hit.observed_by.as_str(), hit.independent_count, hit.status.as_str()), ("agent-a", 2, "promoted"));

    let history: Value = serde_json::from_slice(&std::fs::read(f.cache_file(&f.b, "history.json")).unwrap()).unwrap();
    let session = &history["sessions"][0];
    assert_eq!(
        (session["agent_id"].as_str(), session["summary"].as_str()),
        (Some("agent-a"), Some("moved the build to just"))
    );

    // Through the real server on B: the attributed search hit, A's session, A in the roster
    // holding the lease it asked for.
    let search = call_tool(&f.b.cache_root, &f.b.spool_root, "memory_search", json!({"query": "workspace build"}));
    assert!(search.to_string().contains("`just ci`"), "{search}");
    let status = call_tool(&f.b.cache_root, &f.b.spool_root, "fleet_status", json!({}));
    assert_eq!(status["agents"][0]["agent_id"], "agent-a", "{status}");
    assert_eq!(status["leases"][0]["holder"], "agent-a", "{status}");
    let sessions = call_tool(&f.b.cache_root, &f.b.spool_root, "fleet_history", json!({}));
    assert!(sessions.to_string().contains("moved the build to just"), "{sessions}");
}

#[test]
fn an_idle_round_rewrites_nothing() {
    let f = fleet();
    let lake = f.lake();
    f.spool(&f.a).append(&proposal("agent-a", &["s1", "s2"])).unwrap();
    lake::drain(&lake, &DrainOptions::new(&f.a.spool_root, &f.a.id)).unwrap();
    lake::maint(&lake, &MaintOptions::new(&f.fleet, "maint-1")).unwrap();
    lake::mirror(&lake, &f.fleet, &f.b.cache_root).unwrap();

    let again = lake::maint(&lake, &MaintOptions::new(&f.fleet, "maint-2")).unwrap();
    assert!(!again.pointer_moved, "same lake, same snapshot bytes: the pointer stays");
    assert_eq!(again.promoted, 0);
    let mirrored = lake::mirror(&lake, &f.fleet, &f.b.cache_root).unwrap();
    assert!(mirrored.written.is_empty(), "{mirrored:?}");
}

#[test]
fn two_maint_runs_at_once_leave_one_pointer_and_lose_no_promotion() {
    let f = fleet();
    let lake = f.lake();
    let spool = f.spool(&f.a);
    for n in 0..5 {
        let mut event = serde_json::to_value(proposal("agent-a", &["s1", "s2"])).unwrap();
        event["claim_id"] = json!(format!("claim-{n}"));
        event["subject"] = json!(format!("subject-{n}"));
        spool.append(&event).unwrap();
    }
    lake::drain(&lake, &DrainOptions::new(&f.a.spool_root, &f.a.id)).unwrap();
    let runs: Vec<_> = (0..2)
        .map(|n| {
            let (url, fleet) = (f.lake_url.clone(), f.fleet.clone());
            std::thread::spawn(move || {
                let lake = Lake::open(&url, &S3Options::default()).unwrap();
                lake::maint(&lake, &MaintOptions::new(&fleet, &format!("maint-{n}"))).unwrap()
            })
        })
        .collect();
    let reports: Vec<_> = runs.into_iter().map(|r| r.join().unwrap()).collect();
    assert_eq!(reports.iter().map(|r| r.promoted).sum::<usize>(), 5, "each promotion written once");
    lake::mirror(&lake, &f.fleet, &f.b.cache_root).unwrap();
    let snapshot = Snapshot::open(&f.cache_file(&f.b, "snapshot.bin")).unwrap();
    let promoted: i64 = snapshot.status_counts().unwrap().iter().filter(|(s, _)| s == "promoted").map(|(_, n)| n).sum();
    assert_eq!(promoted, 5);
}

#[test]
fn two_hosts_requesting_the_same_path_never_both_hold_it() {
    let f = fleet();
    let lake = f.lake();
    for round in 0..20 {
        let path = format!("src/file-{round}.rs");
        f.spool(&f.a).append(&claim_request(&f.fleet, "agent-a", &path)).unwrap();
        f.spool(&f.b).append(&claim_request(&f.fleet, "agent-b", &path)).unwrap();
    }
    lake::drain(&lake, &DrainOptions::new(&f.a.spool_root, &f.a.id)).unwrap();
    lake::drain(&lake, &DrainOptions::new(&f.b.spool_root, &f.b.id)).unwrap();
    let report = lake::maint(&lake, &MaintOptions::new(&f.fleet, "maint-1")).unwrap();
    assert_eq!((report.leases.granted, report.leases.lost), (20, 20));
    lake::mirror(&lake, &f.fleet, &f.a.cache_root).unwrap();
    let leases: Value = serde_json::from_slice(&std::fs::read(f.cache_file(&f.a, "leases.json")).unwrap()).unwrap();
    for lease in leases["leases"].as_array().unwrap() {
        let holder = lease["holder"].as_str().unwrap();
        let lost: Vec<&str> =
            lease["lost"].as_array().unwrap().iter().map(|l| l["agent_id"].as_str().unwrap()).collect();
        assert_eq!(lost.len(), 1, "{lease}");
        assert_ne!(lost[0], holder, "the loser is not the holder: {lease}");
    }
    // A second maint applies nothing twice.
    let again = lake::maint(&lake, &MaintOptions::new(&f.fleet, "maint-2")).unwrap();
    assert_eq!((again.leases.granted, again.leases.already_applied), (0, 40));
}
