//! The lake end to end: two simulated hosts (separate spool and cache folders) share one lake.
//! Host A's agent spools a claim with evidence from two sessions, a handoff and a lease request;
//! drain A → maint → mirror B; then B's cache answers, through the snapshot reader and through
//! the real `ctxlake mcp` binary.
//!
//! Every test body runs on each backend (`on_every_backend!` below): `folder` (a folder lake),
//! `s3` (the S3 server embedded in this process, tests/it/s3.rs) and `external_s3` (an S3 server
//! outside the process at `CTXLAKE_TEST_S3_URL`, bucket `lake`: `.ci/run` starts moto for it).
//! The `external_s3` tests are ignored unless asked for, and then fail, never skip, when the
//! variable is unset or the server cannot be reached.

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

use super::s3 as s3_server;

const CLAIM: &str = "the workspace builds with `just ci`, not make";

struct Host {
    spool_root: PathBuf,
    cache_root: PathBuf,
    id: HostId,
}

#[derive(Debug, Clone, Copy)]
enum Backend {
    Folder,
    S3,
    ExternalS3,
}

struct Fleet {
    _dir: tempfile::TempDir,
    lake_url: String,
    s3: S3Options,
    fleet: FleetId,
    a: Host,
    b: Host,
}

fn fleet(backend: Backend) -> Fleet {
    let dir = tempfile::tempdir().unwrap();
    let host = |name: &str| Host {
        spool_root: dir.path().join(name).join("spool"),
        cache_root: dir.path().join(name).join("cache"),
        id: HostId::new(name).unwrap(),
    };
    let (a, b) = (host("host-a"), host("host-b"));
    // Each S3 test gets a fresh prefix in the one bucket, so tests never see each other's objects.
    let prefix = ulid::Ulid::new().to_string().to_lowercase();
    let (lake_url, s3) = match backend {
        Backend::Folder => (format!("file://{}", dir.path().join("lake").display()), S3Options::default()),
        Backend::S3 => {
            (format!("s3://{}/{prefix}", s3_server::BUCKET), s3_server::options(&s3_server::server().endpoint))
        }
        Backend::ExternalS3 => {
            let endpoint = std::env::var("CTXLAKE_TEST_S3_URL")
                .expect("CTXLAKE_TEST_S3_URL names the external S3 server these tests were asked to use");
            (format!("s3://{}/{prefix}", s3_server::BUCKET), s3_server::options(&endpoint))
        }
    };
    Fleet { lake_url, s3, fleet: FleetId::new("team").unwrap(), a, b, _dir: dir }
}

impl Fleet {
    fn lake(&self) -> Lake {
        Lake::open(&self.lake_url, &self.s3).unwrap()
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

fn release_request(fleet: &FleetId, agent: &str) -> SpoolRecord {
    SpoolRecord::ReleaseRequest {
        id: ulid::Ulid::new().to_string(),
        at: chrono::Utc::now(),
        fleet_id: fleet.as_str().to_string(),
        agent_id: agent.to_string(),
        paths: None,
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

fn a_claim_proposed_on_host_a_is_found_on_host_b_after_drain_maint_and_mirror(backend: Backend) {
    let f = fleet(backend);
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

fn an_idle_round_rewrites_nothing(backend: Backend) {
    let f = fleet(backend);
    let lake = f.lake();
    f.spool(&f.a).append(&proposal("agent-a", &["s1", "s2"])).unwrap();
    lake::drain(&lake, &DrainOptions::new(&f.a.spool_root, &f.a.id)).unwrap();
    lake::maint(&lake, &MaintOptions::new(&f.fleet, "maint-1")).unwrap();
    lake::mirror(&lake, &f.fleet, &f.b.cache_root).unwrap();

    let again = lake::maint(&lake, &MaintOptions::new(&f.fleet, "maint-2")).unwrap();
    assert!(!again.pointer_moved, "same lake, same snapshot bytes: the pointer stays");
    assert!(!again.rebuilt, "same inputs: no gate run, no snapshot build");
    assert_eq!(again.promoted, 0);
    let mirrored = lake::mirror(&lake, &f.fleet, &f.b.cache_root).unwrap();
    assert!(mirrored.written.is_empty(), "{mirrored:?}");
}

/// A conditional write whose reply is lost may have been applied or not. Reset in transport,
/// object_store does not retry it (it is not idempotent): a CI run of two racing folds met one
/// (a broken pipe) and the fold failed. Closed cleanly, object_store sends it again and meets its
/// own write as a failed precondition. Either way the lake reads the key back: its nonce there is
/// a swap that landed, the expected version still there a write to send again; a create that
/// finds bytes reports them as already there.
fn a_conditional_write_whose_reply_is_lost_is_settled_by_reading_the_key_back(backend: Backend) {
    use s3_server::Fault;
    let f = fleet(backend);
    let lake = f.lake();
    // Only the embedded server can be told to fail; elsewhere every write simply succeeds.
    let faults = matches!(backend, Backend::S3);
    let fail = |key: &object_store::path::Path, fault| {
        if faults {
            s3_server::fail_next_put(key.as_ref(), fault);
        }
    };
    let key = object_store::path::Path::from("fleets/team/probe/swap.json");
    let first = lake.swap(&key, None, br#"{"nonce": "n0"}"#.to_vec(), "n0").unwrap();
    let lake::Swap::Swapped { mut etag } = first else { panic!("{first:?}") };
    for (n, fault) in [Fault::ReplyReset, Fault::RequestReset, Fault::ReplyClosed].into_iter().enumerate() {
        let nonce = format!("n{}", n + 1);
        let body = format!(r#"{{"nonce": "{nonce}"}}"#).into_bytes();
        fail(&key, fault);
        let swapped = lake.swap(&key, etag.as_deref(), body.clone(), &nonce);
        let Ok(lake::Swap::Swapped { .. }) = swapped else { panic!("{fault:?}: {swapped:?}") };
        let current = lake.get(&key).unwrap().expect("the key holds a body");
        assert_eq!(current.body, body, "{fault:?}");
        etag = current.etag;
    }

    let created = object_store::path::Path::from("fleets/team/probe/created.json");
    fail(&created, Fault::ReplyReset);
    let expected = if faults { lake::Created::AlreadyExists } else { lake::Created::Created };
    assert_eq!(lake.put_if_absent(&created, b"one".to_vec()).unwrap(), expected);
    assert_eq!(lake.get(&created).unwrap().expect("written once").body, b"one");
    let again = object_store::path::Path::from("fleets/team/probe/again.json");
    fail(&again, Fault::RequestReset);
    assert_eq!(lake.put_if_absent(&again, b"two".to_vec()).unwrap(), lake::Created::Created);
    assert_eq!(lake.get(&again).unwrap().expect("written on the second try").body, b"two");
}

fn two_maint_runs_at_once_leave_one_pointer_and_lose_no_promotion(backend: Backend) {
    let f = fleet(backend);
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
            let (url, s3, fleet) = (f.lake_url.clone(), f.s3.clone(), f.fleet.clone());
            std::thread::spawn(move || {
                let lake = Lake::open(&url, &s3).unwrap();
                lake::maint(&lake, &MaintOptions::new(&fleet, &format!("maint-{n}"))).unwrap()
            })
        })
        .collect();
    let reports: Vec<_> = runs.into_iter().map(|r| r.join().unwrap()).collect();
    // Each run counts the verdicts its own batch created: two runs that overlap can both reach
    // one (readers keep the earliest), a run that started after the other's swap reaches none.
    let counted = reports.iter().map(|r| r.promoted).sum::<usize>();
    assert!((5..=10).contains(&counted), "{counted} promotions counted");
    lake::mirror(&lake, &f.fleet, &f.b.cache_root).unwrap();
    let snapshot = Snapshot::open(&f.cache_file(&f.b, "snapshot.bin")).unwrap();
    let promoted: i64 = snapshot.status_counts().unwrap().iter().filter(|(s, _)| s == "promoted").map(|(_, n)| n).sum();
    assert_eq!(promoted, 5);
}

/// A drain that leaves the lease requests to the fold, so the fold's compare-and-swap is what
/// a test races.
fn fold_decides(host: &Host) -> DrainOptions {
    let mut options = DrainOptions::new(&host.spool_root, &host.id);
    options.decide_leases = false;
    options
}

fn two_hosts_requesting_the_same_path_never_both_hold_it(backend: Backend) {
    let f = fleet(backend);
    let lake = f.lake();
    for round in 0..20 {
        let path = format!("src/file-{round}.rs");
        f.spool(&f.a).append(&claim_request(&f.fleet, "agent-a", &path)).unwrap();
        f.spool(&f.b).append(&claim_request(&f.fleet, "agent-b", &path)).unwrap();
    }
    // The fold's own application of the requests (a drain decides them itself by default).
    lake::drain(&lake, &fold_decides(&f.a)).unwrap();
    lake::drain(&lake, &fold_decides(&f.b)).unwrap();
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
    // A second maint reads no batch again (the checkpoint covers them); one from scratch offers
    // every request again, and each is found already applied.
    let again = lake::maint(&lake, &MaintOptions::new(&f.fleet, "maint-2")).unwrap();
    assert_eq!((again.batches, again.leases.granted, again.leases.already_applied), (0, 0, 0));
    let mut options = MaintOptions::new(&f.fleet, "maint-3");
    options.from_scratch = true;
    let scratch = lake::maint(&lake, &options).unwrap();
    assert_eq!((scratch.batches, scratch.leases.granted, scratch.leases.already_applied), (2, 0, 40));
}

fn two_hosts_racing_for_one_path_100_times_never_both_get_it(backend: Backend) {
    // Each round both hosts' agents request the same path and two maint runs apply the
    // requests at once; exactly one request is granted and the other lost, across both runs
    // (a lost compare-and-swap update would grant both, or drop one). The holder then releases.
    let f = fleet(backend);
    let lake = f.lake();
    let path = "src/db.rs";
    // Every maint reads every batch the fleet ever drained, so on S3 the rounds cost O(n²)
    // requests: the 100 rounds run on the folder lake, 25 on each S3 server.
    let rounds = if matches!(backend, Backend::Folder) { 100 } else { 25 };
    for round in 0..rounds {
        f.spool(&f.a).append(&claim_request(&f.fleet, "agent-a", path)).unwrap();
        f.spool(&f.b).append(&claim_request(&f.fleet, "agent-b", path)).unwrap();
        lake::drain(&lake, &fold_decides(&f.a)).unwrap();
        lake::drain(&lake, &fold_decides(&f.b)).unwrap();
        let runs: Vec<_> = (0..2)
            .map(|n| {
                let (url, s3, fleet) = (f.lake_url.clone(), f.s3.clone(), f.fleet.clone());
                std::thread::spawn(move || {
                    let lake = Lake::open(&url, &s3).unwrap();
                    lake::maint(&lake, &MaintOptions::new(&fleet, &format!("maint-{n}"))).unwrap().leases
                })
            })
            .collect();
        let reports: Vec<_> = runs.into_iter().map(|r| r.join().unwrap()).collect();
        let (granted, lost): (usize, usize) = reports.iter().fold((0, 0), |(g, l), r| (g + r.granted, l + r.lost));
        assert_eq!((granted, lost), (1, 1), "round {round}: {reports:?}");
        let doc: Value =
            serde_json::from_slice(&lake.get(&"fleets/team/leases.json".into()).unwrap().unwrap().body).unwrap();
        let lease = doc["leases"].as_array().unwrap().iter().find(|l| l["resource"] == path).unwrap();
        let holder = lease["holder"].as_str().unwrap().to_string();
        let newest_loser = lease["lost"].as_array().unwrap().last().unwrap()["agent_id"].as_str().unwrap().to_string();
        assert_ne!(holder, newest_loser, "round {round}: {lease}");
        let host = if holder == "agent-a" { &f.a } else { &f.b };
        f.spool(host).append(&release_request(&f.fleet, &holder)).unwrap();
        lake::drain(&lake, &DrainOptions::new(&host.spool_root, &host.id)).unwrap();
    }
}

fn concurrent_swaps_of_one_key_lose_no_update(backend: Backend) {
    // The CAS every shared document (leases, roster, history, pointer) relies on, raced by four
    // writers with their own connections: each increment lands exactly once.
    let f = fleet(backend);
    let key = object_store::path::Path::from("fleets/team/counter.json");
    let workers: Vec<_> = (0..4)
        .map(|worker| {
            let (url, s3, key) = (f.lake_url.clone(), f.s3.clone(), key.clone());
            std::thread::spawn(move || {
                let lake = Lake::open(&url, &s3).unwrap();
                let mut conflicts = 0;
                for i in 0..25 {
                    loop {
                        let current = lake.get(&key).unwrap();
                        let n: u64 = current.as_ref().map_or(0, |o| {
                            String::from_utf8_lossy(&o.body).split(' ').next().unwrap().parse().unwrap()
                        });
                        let nonce = format!("w{worker}-{i}");
                        let body = format!("{} {nonce}", n + 1).into_bytes();
                        match lake.swap(&key, current.as_ref().and_then(|o| o.etag.as_deref()), body, &nonce).unwrap() {
                            lake::Swap::Swapped { .. } => break,
                            lake::Swap::Conflict => conflicts += 1,
                        }
                    }
                }
                conflicts
            })
        })
        .collect();
    let conflicts: u32 = workers.into_iter().map(|w| w.join().unwrap()).sum();
    let body = f.lake().get(&key).unwrap().unwrap().body;
    let text = String::from_utf8_lossy(&body);
    assert!(text.starts_with("100 "), "4 × 25 increments, {conflicts} conflicts retried, stored {text:?}");
}

/// Starts the real `ctxlake mcp` as host A's agent in a checkout at `workdir`, completes the
/// handshake as `claude-code 2.1.0`, and waits until its presence `start` is in the spool.
fn start_agent(f: &Fleet, workdir: &Path) -> std::process::Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ctxlake"))
        .arg("mcp")
        .current_dir(workdir)
        .env("CTXLAKE_SPOOL_DIR", &f.a.spool_root)
        .env("CTXLAKE_CACHE_DIR", &f.a.cache_root)
        .env("CTXLAKE_FLEET_ID", "team")
        .env("CTXLAKE_AGENT_ID", "agent-a")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "claude-code", "version": "2.1.0"}}});
    writeln!(child.stdin.as_mut().unwrap(), "{init}").unwrap();
    let spool_file = f.fleet.spool_file(&f.a.spool_root);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !std::fs::read_to_string(&spool_file).unwrap_or_default().contains(r#""kind":"presence""#) {
        assert!(
            std::time::Instant::now() < deadline,
            "no presence record from ctxlake mcp in {}",
            spool_file.display()
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child
}

fn an_agent_appears_in_another_hosts_roster_while_its_process_lives_and_ages_out_after_it_dies(backend: Backend) {
    let f = fleet(backend);
    let lake = f.lake();
    let checkout = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(checkout.path().join(".git")).unwrap();
    std::fs::write(checkout.path().join(".git/HEAD"), "ref: refs/heads/feature-x\n").unwrap();
    std::fs::write(
        checkout.path().join(".git/config"),
        "[remote \"origin\"]\n\turl = https://bot:hunter2@example.com/org/repo.git\n",
    )
    .unwrap();
    // A short roster TTL (`ctxlake maint --roster-ttl 2`) stands in for the 5 minutes; rounds
    // then run on either side of it.
    let ttl = std::time::Duration::from_secs(2);
    let round = || {
        let drained = lake::drain(&lake, &DrainOptions::new(&f.a.spool_root, &f.a.id)).unwrap();
        let maint = lake_command(&f, "maint", &["--roster-ttl", "2"]).status().unwrap();
        assert!(maint.success(), "ctxlake maint: {maint}");
        lake::mirror(&lake, &f.fleet, &f.b.cache_root).unwrap();
        let status = call_tool(&f.b.cache_root, &f.b.spool_root, "fleet_status", json!({}));
        (drained, status["agents"].as_array().cloned().unwrap_or_default())
    };

    let mut agent = start_agent(&f, checkout.path());
    let (drained, agents) = round();
    assert_eq!(drained.live_sessions, 1);
    assert_eq!(agents.len(), 1, "{agents:?}");
    let entry = &agents[0];
    assert_eq!(
        (entry["agent_id"].as_str(), entry["runtime"].as_str(), entry["branch"].as_str(), entry["host"].as_str()),
        (Some("agent-a"), Some("claude-code 2.1.0"), Some("feature-x"), Some("host-a")),
        "{entry}"
    );
    assert_eq!(
        entry["repo"], "example.com/org/repo",
        "credentials never leave the host; the project id is what the fleet sees: {entry}"
    );
    assert_eq!(entry["cwd"], checkout.path().display().to_string());

    // Past the TTL with nothing new spooled: the live process alone keeps the agent listed.
    std::thread::sleep(ttl + std::time::Duration::from_millis(500));
    let (drained, agents) = round();
    assert_eq!((drained.records, drained.live_sessions), (0, 1));
    assert_eq!(agents.len(), 1, "renewed while the process lives: {agents:?}");

    // kill -9: no `end` record. The next round finds the process gone; past the TTL it is out.
    agent.kill().unwrap();
    agent.wait().unwrap();
    let (drained, _) = round();
    assert_eq!((drained.live_sessions, drained.sessions_ended), (0, 1));
    std::thread::sleep(ttl + std::time::Duration::from_millis(500));
    let (_, agents) = round();
    assert!(agents.is_empty(), "the dead agent aged out: {agents:?}");
}

/// A batch of a handoff alone, then three maint runs publish three snapshots; a doctor probe is
/// left behind. `lake stats` counts every object of the listing once, by kind; gc with zero
/// retention removes the two replaced snapshots, the probe and the folded batch without
/// proposals (the dry run only says so), gathers the batches holding proposals into a pack, the
/// next fold still knows the handoff and does not rebuild, and the current snapshot still
/// mirrors and answers; a second gc removes nothing.
fn gc_removes_only_what_it_says_and_stats_count_every_object(backend: Backend) {
    use ctxlake::lake::gc::{self, Retention};
    use ctxlake::spec::wire::lake_ops::{GcReport, ObjectKind};
    let f = fleet(backend);
    let lake = f.lake();
    let layout = lake::FleetLayout::new(&f.fleet);
    // A batch of a handoff alone: once folded, nothing reads it again.
    f.spool(&f.a).append(&handoff(&f.fleet, "agent-a", "set up the fleet")).unwrap();
    lake::drain(&lake, &DrainOptions::new(&f.a.spool_root, &f.a.id)).unwrap();
    for session in ["s1", "s2", "s3"] {
        f.spool(&f.a).append(&proposal("agent-a", &[session])).unwrap();
        lake::drain(&lake, &DrainOptions::new(&f.a.spool_root, &f.a.id)).unwrap();
        assert!(lake::maint(&lake, &MaintOptions::new(&f.fleet, "maint")).unwrap().pointer_moved);
        // An S3 server may keep last-modified times to the second (moto does): a second apart,
        // "the newest" snapshot is the one just published, as it is in a fleet's life.
        std::thread::sleep(std::time::Duration::from_millis(1100));
    }
    lake.put(&layout.doctor_probe("left-behind"), b"x".to_vec()).unwrap();
    let count = |kind: ObjectKind| {
        let (entries, _) = gc::listing(&lake, std::slice::from_ref(&f.fleet)).unwrap();
        entries.iter().filter(|e| e.kind == kind).count()
    };
    let listed = lake.list(&layout.root()).unwrap();
    let (entries, other) = gc::listing(&lake, &[]).unwrap();
    let now = chrono::Utc::now();
    let planned = gc::plan(&entries, &gc::current(&lake, &entries).unwrap(), now, &Retention::default());
    let stats = ctxlake::lake::stats::summarize("lake", &entries, &other, &planned, now);
    let team = stats.fleets.iter().find(|s| s.fleet == "team").expect("the fleet is listed");
    assert_eq!(team.objects as usize, listed.len());
    assert_eq!(team.bytes, listed.iter().map(|l| l.size).sum::<u64>());
    assert_eq!((count(ObjectKind::Snapshot), count(ObjectKind::SpoolBatch), count(ObjectKind::DoctorProbe)), (3, 4, 1));
    assert_eq!(stats.gc.objects, 0, "nothing is old enough under the default retention");

    // Zero retention still needs the store's clock past the probe's second.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let zero = zero_retention();
    let removed = |report: &GcReport, kind: ObjectKind| -> u64 {
        report.removed.iter().filter(|g| g.kind == kind).map(|g| g.objects).sum()
    };
    let dry = gc::run(&lake, &[], "gc-test", &zero, true).unwrap();
    let removes = |report: &GcReport| {
        [ObjectKind::Snapshot, ObjectKind::DoctorProbe, ObjectKind::SpoolBatch].map(|kind| removed(report, kind))
    };
    assert_eq!(removes(&dry), [2, 1, 1], "{dry:?}");
    assert_eq!(count(ObjectKind::Snapshot), 3, "a dry run removes nothing");
    assert_eq!(dry.compacted.iter().map(|c| c.batches).collect::<Vec<_>>(), [3], "{dry:?}");
    let done = gc::run(&lake, &[], "gc-test", &zero, false).unwrap();
    assert_eq!((&done.removed, &done.compacted), (&dry.removed, &dry.compacted));
    // The three batches holding proposals are in one pack now.
    assert_eq!((count(ObjectKind::Snapshot), count(ObjectKind::SpoolBatch), count(ObjectKind::DoctorProbe)), (1, 0, 0));
    assert_eq!(count(ObjectKind::Pack), 1);
    // The fold that follows reads no batch, and its history still holds the handoff.
    let after = lake::maint(&lake, &MaintOptions::new(&f.fleet, "maint")).unwrap();
    assert_eq!((after.batches, after.checkpointed, after.sessions, after.rebuilt), (0, 0, 1, false), "{after:?}");
    let again = gc::run(&lake, &[], "gc-test", &zero, false).unwrap();
    assert!(again.removed.is_empty(), "{again:?}");

    lake::mirror(&lake, &f.fleet, &f.b.cache_root).unwrap();
    let snapshot = Snapshot::open(&f.cache_file(&f.b, "snapshot.bin")).unwrap();
    let hits = snapshot.search(None, "workspace build just", &Filters::default(), 5).unwrap();
    assert_eq!(hits.rows.first().map(|r| r.claim.as_str()), Some(CLAIM));
}

/// One fleet folded with its checkpoint after every round, its twin (the same records, spooled
/// under another fleet id on the same lake) folded from scratch after every round: each round
/// reaches the same verdicts, holds the same candidates, and publishes the same claims, sessions
/// and leases. A round of a known agent's handoff only rewrites the snapshot's sessions (an
/// unknown agent's would change the gate's known agents), an idle round reads no
/// batch, and a fold from scratch after the last round finds nothing new to decide.
fn a_checkpointed_fold_publishes_what_a_fold_from_scratch_would(backend: Backend) {
    use ctxlake::lake::checkpoint;
    let f = fleet(backend);
    let lake = f.lake();
    let twin = FleetId::new("twin").unwrap();
    let fleets = [f.fleet.clone(), twin.clone()];
    let claim = |id: &str, text: &str, claim_type: &str, subject: &str, agent: &str, sessions: &[&str]| {
        let mut event = serde_json::to_value(proposal(agent, sessions)).unwrap();
        event["claim_id"] = json!(id);
        event["claim"] = json!(text);
        event["claim_type"] = json!(claim_type);
        event["subject"] = json!(subject);
        event
    };
    // A record made anew for each fleet (its id, time and fleet id are the fleet's own).
    type Record = Box<dyn Fn(&FleetId) -> Value>;
    let rounds: Vec<Vec<Record>> = vec![
        vec![
            Box::new(move |_| claim("c1", "builds with just ci", "convention", "build", "agent-a", &["s1"])),
            Box::new(move |_| {
                claim("c2", "staging ssh listens on port 2222", "environment", "ssh", "agent-a", &["s1"])
            }),
            Box::new(|fleet| serde_json::to_value(handoff(fleet, "agent-a", "moved the build to just")).unwrap()),
            Box::new(|fleet| serde_json::to_value(claim_request(fleet, "agent-a", "src/lib.rs")).unwrap()),
        ],
        vec![
            Box::new(move |_| claim("c1", "builds with just ci", "convention", "build", "agent-b", &["s2"])),
            Box::new(move |_| claim("c3", "staging ssh listens on port 22", "environment", "ssh", "agent-b", &["s2"])),
            Box::new(move |_| claim("c4", "a guess about the cache", "hypothesis", "cache", "agent-b", &["s2"])),
            Box::new(|fleet| serde_json::to_value(handoff(fleet, "agent-b", "found the ssh port")).unwrap()),
            Box::new(|fleet| serde_json::to_value(release_request(fleet, "agent-a")).unwrap()),
        ],
        vec![Box::new(|fleet| serde_json::to_value(handoff(fleet, "agent-a", "only a handoff")).unwrap())],
        vec![],
        vec![Box::new(move |_| {
            let mut correction =
                claim("c5", "builds with just ci-all", "convention", "build", "agent-c", &["s3", "s4"]);
            correction["supersedes"] = json!("c1");
            correction
        })],
    ];
    let snapshot_of = |fleet: &FleetId| {
        let pointer = lake.get(&lake::FleetLayout::new(fleet).snapshot_pointer()).unwrap().unwrap();
        let pointer: Value = serde_json::from_slice(&pointer.body).unwrap();
        let blob =
            lake.get(&object_store::path::Path::parse(pointer["key"].as_str().unwrap()).unwrap()).unwrap().unwrap();
        let path = f._dir.path().join(format!("{}.sqlite", fleet.as_str()));
        std::fs::write(&path, &blob.body).unwrap();
        let snapshot = Snapshot::open(&path).unwrap();
        let rows: Vec<_> = ["c1", "c2", "c3", "c4", "c5"]
            .into_iter()
            .map(|id| snapshot.claim(id).unwrap().map(|(row, visible)| (row.status, row.superseded_by, visible)))
            .collect();
        drop(snapshot);
        let db = rusqlite::Connection::open(&path).unwrap();
        let mut query = db.prepare("SELECT agent_id || ' ' || summary FROM sessions ORDER BY 1").unwrap();
        let sessions: Vec<String> = query.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
        (rows, sessions)
    };
    // Record ids and times differ between the twins (each record is made anew): what sessions
    // and leases say is compared, not when.
    let documents = |fleet: &FleetId| {
        let layout = lake::FleetLayout::new(fleet);
        let read = |key| serde_json::from_slice::<Value>(&lake.get(&key).unwrap().unwrap().body).unwrap();
        let history = read(layout.history());
        let sessions: Vec<String> = history["sessions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| format!("{} {} {} {}", s["agent_id"], s["summary"], s["outcome"], s["next"]))
            .collect();
        let leases = read(layout.leases());
        let leases: Vec<String> =
            leases["leases"].as_array().unwrap().iter().map(|l| format!("{} {}", l["path"], l["holder"])).collect();
        (sessions, leases)
    };
    let mut held_before = vec![];
    for (n, round) in rounds.iter().enumerate() {
        for fleet in &fleets {
            let spool = Spool::new(&f.a.spool_root, fleet);
            for record in round {
                let mut record = record(fleet);
                if record.get("fleet_id").is_some() {
                    record["fleet_id"] = json!(fleet.as_str());
                }
                spool.append(&record).unwrap();
            }
        }
        lake::drain(&lake, &DrainOptions::new(&f.a.spool_root, &f.a.id)).unwrap();
        let checkpointed = lake::maint(&lake, &MaintOptions::new(&f.fleet, "maint")).unwrap();
        let mut options = MaintOptions::new(&twin, "maint");
        options.from_scratch = true;
        let scratch = lake::maint(&lake, &options).unwrap();
        // What the gate held is known only when it ran: the scratch fold always runs it.
        let held = |r: &lake::MaintReport| {
            let mut held: Vec<String> = r.held.iter().map(|(id, why)| format!("{id}: {why}")).collect();
            held.sort();
            if r.rebuilt { held } else { held_before.clone() }
        };
        let verdicts = |r: &lake::MaintReport| (r.promoted, r.contested, held(r), r.sessions, r.roster_agents);
        assert_eq!(verdicts(&checkpointed), verdicts(&scratch), "round {n}");
        held_before = held(&scratch);
        assert_eq!(snapshot_of(&f.fleet), snapshot_of(&twin), "round {n}");
        assert_eq!(documents(&f.fleet), documents(&twin), "round {n}");
        match n {
            2 => assert!(checkpointed.sessions_rewritten && !checkpointed.rebuilt, "{checkpointed:?}"),
            3 => assert!(
                checkpointed.batches == 0 && !checkpointed.rebuilt && !checkpointed.pointer_moved,
                "{checkpointed:?}"
            ),
            _ => assert!(checkpointed.rebuilt, "round {n}: {checkpointed:?}"),
        }
        if n > 0 {
            assert!(checkpointed.checkpointed > 0, "round {n}: {checkpointed:?}");
        }
    }
    let (rows, _) = snapshot_of(&f.fleet);
    assert_eq!(rows[0].as_ref().map(|r| r.0.as_str()), Some("superseded"), "{rows:?}");
    assert_eq!(rows[1].as_ref().map(|r| r.0.as_str()), Some("contested"), "{rows:?}");
    // Contested before the gate promoted it, c3 is counted in the snapshot, not held there.
    assert!(rows[2].is_none(), "{rows:?}");

    let mut options = MaintOptions::new(&f.fleet, "maint");
    options.from_scratch = true;
    let again = lake::maint(&lake, &options).unwrap();
    assert_eq!((again.promoted, again.contested, again.rebuilt), (0, 0, true), "{again:?}");
    let folded = checkpoint::read(&lake, &lake::FleetLayout::new(&f.fleet)).unwrap().expect("a checkpoint");
    assert_eq!(folded.agents, ["agent-a", "agent-b"].map(String::from).into());
}

/// A service keeps each fleet's fold between rounds (`MaintOptions::kept`): a round with
/// something new to weigh continues it instead of folding the fleet's history again, and
/// publishes the very bytes a fold from scratch of the same lake publishes right after it (which
/// reaches no verdict). Rounds: two proposals; a corroboration, a contradiction, a hypothesis and
/// a restatement; the owner's retirement and a new claim; a quarantine and a new claim; a
/// correction; then a proposal from a host whose clock ran behind (older than what the kept fold
/// applied to its claim), which only a fold from scratch places right.
fn a_fold_kept_between_rounds_publishes_the_snapshot_a_fold_from_scratch_would(backend: Backend) {
    use ctxlake::lake::claims;
    use ctxlake::lake::kept::KeptFold;
    let f = fleet(backend);
    let lake = f.lake();
    let claim = |id: &str, text: &str, claim_type: &str, subject: &str, agent: &str, sessions: &[&str], minute: u32| {
        let mut event = serde_json::to_value(proposal(agent, sessions)).unwrap();
        event["claim_id"] = json!(id);
        event["claim"] = json!(text);
        event["claim_type"] = json!(claim_type);
        event["subject"] = json!(subject);
        event["observed_at"] = json!(format!("2026-09-09T09:{minute:02}:00Z"));
        event
    };
    let kept = KeptFold::new();
    for n in 0..6 {
        let spool = f.spool(&f.a);
        let append = |event: Value| spool.append(&event).unwrap();
        match n {
            0 => {
                append(claim("c1", "builds with just ci", "convention", "build", "agent-a", &["s1"], 30));
                append(claim("c2", "staging ssh listens on port 2222", "environment", "ssh", "agent-a", &["s1"], 30));
            }
            1 => {
                append(claim("c1", "builds with just ci", "convention", "build", "agent-b", &["s2"], 31));
                append(claim("c3", "staging ssh listens on port 22", "environment", "ssh", "agent-b", &["s2"], 31));
                append(claim("c4", "a guess about the cache", "hypothesis", "cache", "agent-b", &["s2"], 31));
                append(claim("r1", "Builds with just CI.", "convention", "build", "agent-c", &["s3"], 31));
            }
            2 => {
                claims::retire(&lake, &f.fleet, "c4", "stale", "human:owner").unwrap();
                append(claim("c6", "the database is postgres 16", "environment", "db", "agent-b", &["s4"], 32));
            }
            3 => {
                claims::quarantine(&lake, &f.fleet, "agent-b", "wrong twice", "human:owner").unwrap();
                append(claim("c7", "the queue is redis", "environment", "queue", "agent-a", &["s5"], 33));
            }
            4 => {
                let mut correction =
                    claim("c5", "builds with just ci-all", "convention", "build", "agent-c", &["s3", "s4"], 34);
                correction["supersedes"] = json!("c1");
                append(correction);
            }
            _ => append(claim("c6", "the database is postgres 16", "environment", "db", "agent-a", &["s6"], 20)),
        }
        lake::drain(&lake, &DrainOptions::new(&f.a.spool_root, &f.a.id)).unwrap();
        if !matches!(backend, Backend::Folder) {
            // S3 dates verdicts in whole seconds: a round in the second of the last one's
            // verdicts could not add its own on top, and folds from scratch (docs/lake.md).
            std::thread::sleep(std::time::Duration::from_millis(1_100));
        }
        let mut options = MaintOptions::new(&f.fleet, "service");
        options.kept = Some(kept.clone());
        let round = lake::maint(&lake, &options).unwrap();
        let mut options = MaintOptions::new(&f.fleet, "another-host");
        options.from_scratch = true;
        let scratch = lake::maint(&lake, &options).unwrap();
        assert!(round.rebuilt && kept.holds(), "round {n}: {round:?}");
        assert_eq!(round.continued, (1..5).contains(&n), "round {n}: {round:?}");
        assert_eq!((scratch.promoted, scratch.contested), (0, 0), "round {n}: {scratch:?}");
        assert!(round.snapshot.is_some() && round.snapshot == scratch.snapshot, "round {n}: {round:?} {scratch:?}");
        assert_eq!(round.weighed, scratch.weighed, "round {n}");
        if n == 3 {
            let rows = claims::list(&lake, &f.fleet).unwrap();
            let status = |id: &str| rows.iter().find(|r| r.claim_id == id).map(|r| r.status.as_str());
            assert_eq!(status("c6"), Some("contested"), "the quarantine reached the kept fold's gate");
        }
    }
}

/// Four batches holding proposals (and one of a handoff alone) folded, and a pack a killed
/// compaction left unnamed over two of them: a batch and a pack holding it are read once. gc with zero
/// retention gathers the four into one pack, names it, removes them and the unnamed pack; `claims
/// list` and a fold from scratch see the same claims as before, the next fold does not rebuild
/// (compaction changes no input of the gate), the snapshot still answers, an export round trip
/// keeps the pack, and a second gc does nothing. Then a compaction killed after naming its pack:
/// the gate weighs each proposal once and gc removes the batches; and a named pack removed by
/// hand stops the fold and `claims list`, naming it.
fn compaction_gathers_proposal_batches_into_a_pack_and_every_reader_sees_the_same_claims(backend: Backend) {
    use ctxlake::lake::gc;
    use ctxlake::lake::{checkpoint, claims, export, pack};
    use ctxlake::spec::wire::lake_ops::ObjectKind;
    let f = fleet(backend);
    let lake = f.lake();
    let layout = lake::FleetLayout::new(&f.fleet);
    f.spool(&f.a).append(&handoff(&f.fleet, "agent-a", "set up the fleet")).unwrap();
    lake::drain(&lake, &DrainOptions::new(&f.a.spool_root, &f.a.id)).unwrap();
    for (n, agent) in ["agent-a", "agent-b", "agent-a", "agent-c"].iter().enumerate() {
        let mut event = serde_json::to_value(proposal(agent, &[&format!("s{n}")])).unwrap();
        if n == 3 {
            event["claim_id"] = json!("claim-other");
            event["claim"] = json!("the staging database is read-only on fridays");
            event["subject"] = json!("staging");
        }
        f.spool(&f.a).append(&event).unwrap();
        f.spool(&f.a).append(&claim_request(&f.fleet, agent, &format!("src/{n}.rs"))).unwrap();
        lake::drain(&lake, &DrainOptions::new(&f.a.spool_root, &f.a.id)).unwrap();
    }
    lake::maint(&lake, &MaintOptions::new(&f.fleet, "maint")).unwrap();
    let claims_now = || {
        let rows = claims::list(&lake, &f.fleet).unwrap();
        rows.iter().map(|r| format!("{} {:?} {}", r.claim_id, r.status, r.independent_count)).collect::<Vec<_>>()
    };
    let before = claims_now();
    assert_eq!(before.len(), 2, "{before:?}");
    let batches_with_proposals: Vec<String> = checkpoint::read(&lake, &layout)
        .unwrap()
        .unwrap()
        .batches
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(key, _)| key.clone())
        .collect();
    assert_eq!(batches_with_proposals.len(), 4);

    // A pack over the first two, written and never named (its compaction was killed).
    let bodies: Vec<(String, Vec<u8>)> = batches_with_proposals[..2]
        .iter()
        .map(|key| (key.clone(), lake.get(&object_store::path::Path::parse(key).unwrap()).unwrap().unwrap().body))
        .collect();
    write_pack_by_hand(&lake, &layout, &batches_with_proposals[..2]);
    assert_eq!(claims_now(), before);
    let mut gathered = pack::Gathered::default();
    for (key, body) in &bodies {
        gathered.take(key, lake::maint::parse_batch(body));
    }
    gathered.add_packs(&lake, &layout, &Default::default()).unwrap();
    assert_eq!(gathered.proposals.len(), 2, "a batch and a pack holding it are read once");
    let mut scratch = MaintOptions::new(&f.fleet, "maint");
    scratch.from_scratch = true;
    let weighed = lake::maint(&lake, &scratch).unwrap().weighed;
    assert_eq!(weighed, 4, "the gate weighs each proposal once");

    let count = |kind: ObjectKind| {
        gc::listing(&lake, std::slice::from_ref(&f.fleet)).unwrap().0.iter().filter(|e| e.kind == kind).count()
    };
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let zero = zero_retention();
    let dry = gc::run(&lake, &[], "gc-test", &zero, true).unwrap();
    assert_eq!(dry.compacted.iter().map(|c| (c.batches, c.lines)).collect::<Vec<_>>(), [(4, 4)], "{dry:?}");
    assert_eq!((count(ObjectKind::SpoolBatch), count(ObjectKind::Pack)), (5, 1), "a dry run writes nothing");
    let done = gc::run(&lake, &[], "gc-test", &zero, false).unwrap();
    assert_eq!(done.compacted, dry.compacted);
    let removed_packs: u64 = done.removed.iter().filter(|g| g.kind == ObjectKind::Pack).map(|g| g.objects).sum();
    assert_eq!(removed_packs, 1, "the unnamed pack goes: a named one holds its batches: {done:?}");
    assert_eq!((count(ObjectKind::SpoolBatch), count(ObjectKind::Pack)), (0, 1));
    let named = checkpoint::read(&lake, &layout).unwrap().unwrap();
    assert_eq!(named.packs.values().next(), Some(&batches_with_proposals), "the checkpoint names the pack");

    assert_eq!(claims_now(), before, "claims list reads the pack");
    let next = lake::maint(&lake, &MaintOptions::new(&f.fleet, "maint")).unwrap();
    assert!(!next.rebuilt && !next.pointer_moved, "compaction changes no gate input: {next:?}");
    let scratch = lake::maint(&lake, &scratch).unwrap();
    assert!(scratch.rebuilt && scratch.unreadable == 0 && scratch.weighed == 4, "{scratch:?}");
    assert_eq!(claims_now(), before);
    lake::mirror(&lake, &f.fleet, &f.b.cache_root).unwrap();
    let snapshot = Snapshot::open(&f.cache_file(&f.b, "snapshot.bin")).unwrap();
    let hits = snapshot.search(None, "workspace build just", &Filters::default(), 5).unwrap();
    assert_eq!(hits.rows.first().map(|r| (r.claim.as_str(), r.status.as_str())), Some((CLAIM, "promoted")));

    let file = export::to_lines(&export::export(&lake, &f.fleet).unwrap());
    assert!(String::from_utf8_lossy(&file).contains("\"name\":\"packs/"), "the export carries the pack");
    let target = Lake::open(&format!("{}-copy", f.lake_url), &f.s3).unwrap();
    export::import(&target, &export::read("fleet.jsonl", &file).unwrap()).unwrap();
    assert_eq!(export::to_lines(&export::export(&target, &f.fleet).unwrap()), file, "a round trip changes no byte");
    assert_eq!(claims::list(&target, &f.fleet).unwrap().len(), 2, "the imported fleet reads the pack");

    let again = gc::run(&lake, &[], "gc-test", &zero, false).unwrap();
    assert!(again.compacted.is_empty() && again.removed.iter().all(|g| g.kind == ObjectKind::Snapshot), "{again:?}");

    // A compaction killed after naming its pack and before removing the batches: the fold reads
    // each batch once, and the next gc removes them.
    for session in ["s8", "s9"] {
        f.spool(&f.a).append(&proposal("agent-d", &[session])).unwrap();
        lake::drain(&lake, &DrainOptions::new(&f.a.spool_root, &f.a.id)).unwrap();
    }
    lake::maint(&lake, &MaintOptions::new(&f.fleet, "maint")).unwrap();
    let late: Vec<String> =
        checkpoint::read(&lake, &layout).unwrap().unwrap().proposal_batches().map(str::to_string).collect();
    assert_eq!(late.len(), 2, "{late:?}");
    let named_key = write_pack_by_hand(&lake, &layout, &late);
    assert!(checkpoint::name_pack(&lake, &layout, "killed", named_key.as_ref(), &late).unwrap());
    let scratch = lake::maint(&lake, &{
        let mut o = MaintOptions::new(&f.fleet, "maint");
        o.from_scratch = true;
        o
    })
    .unwrap();
    assert_eq!(scratch.weighed, 6, "{scratch:?}");
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let after_kill = gc::run(&lake, &[], "gc-test", &zero, false).unwrap();
    let batches_removed: u64 =
        after_kill.removed.iter().filter(|g| g.kind == ObjectKind::SpoolBatch).map(|g| g.objects).sum();
    assert_eq!((batches_removed, count(ObjectKind::SpoolBatch)), (2, 0), "{after_kill:?}");

    // A named pack removed by hand (a bucket's lifecycle rule): the fold stops naming it.
    lake.delete(&named_key).unwrap();
    let mut o = MaintOptions::new(&f.fleet, "maint");
    o.from_scratch = true;
    let stopped = lake::maint(&lake, &o).unwrap_err().to_string();
    assert!(stopped.contains(named_key.as_ref()) && stopped.contains("restore"), "{stopped}");
    let stopped = claims::list(&lake, &f.fleet).unwrap_err().to_string();
    assert!(stopped.contains(named_key.as_ref()), "{stopped}");
}

/// gc's retention at zero, but for presence (it has a test of its own: the fold after it keeps
/// the sessions' repos).
fn zero_retention() -> ctxlake::lake::gc::Retention {
    ctxlake::lake::gc::Retention {
        drained: chrono::Duration::zero(),
        presence: chrono::Duration::days(30),
        quarantine: chrono::Duration::zero(),
        probe: chrono::Duration::zero(),
        blob_grace: chrono::Duration::zero(),
        blobs_kept: 1,
    }
}

/// A pack of `batches` written as compaction writes one, and not named: what a compaction killed
/// before naming it leaves.
fn write_pack_by_hand(lake: &Lake, layout: &lake::FleetLayout, batches: &[String]) -> object_store::path::Path {
    use ctxlake::lake::pack;
    let bodies: Vec<Vec<u8>> = batches
        .iter()
        .map(|key| lake.get(&object_store::path::Path::parse(key).unwrap()).unwrap().unwrap().body)
        .collect();
    let sections: Vec<pack::Section> = batches
        .iter()
        .zip(&bodies)
        .map(|(key, body)| pack::Section { batch: key.clone(), lines: pack::kept_lines(body) })
        .collect();
    let body = pack::body(&sections);
    let key = layout.pack(&lake::layout::sha256_hex(&body));
    lake.put(&key, body).unwrap();
    key
}

/// A fleet with claims, verdicts, a handoff and a lease, exported; imported into an empty lake,
/// which then exports the same bytes; imported again, which adds nothing; folded there, it
/// serves the same claim. Bad files are refused at their line and pointer, and a lake holding
/// the fleet with other contents refuses the import; neither writes anything.
fn an_export_imported_into_an_empty_lake_exports_the_same_bytes_and_importing_again_adds_nothing(backend: Backend) {
    use ctxlake::lake::export;
    let f = fleet(backend);
    let lake = f.lake();
    let spool = f.spool(&f.a);
    spool.append(&proposal("agent-a", &["s1", "s2"])).unwrap();
    spool.append(&handoff(&f.fleet, "agent-a", "moved the build to just")).unwrap();
    spool.append(&claim_request(&f.fleet, "agent-a", "src/lib.rs")).unwrap();
    lake::drain(&lake, &DrainOptions::new(&f.a.spool_root, &f.a.id)).unwrap();
    lake::maint(&lake, &MaintOptions::new(&f.fleet, "maint")).unwrap();
    let exported = export::export(&lake, &f.fleet).unwrap();
    let file = export::to_lines(&exported);
    let kinds: Vec<&str> = exported.objects.keys().map(|name| name.split('/').next().unwrap()).collect();
    for kind in ["checkpoint.json", "events", "history.json", "leases.json", "spool"] {
        assert!(kinds.contains(&kind), "{kind} not in {kinds:?}");
    }

    let target = Lake::open(&format!("{}-copy", f.lake_url), &f.s3).unwrap();
    let read = export::read("fleet.jsonl", &file).unwrap();
    let first = export::import(&target, &read).unwrap();
    assert_eq!((first.written, first.already), (exported.objects.len(), 0));
    assert_eq!(export::to_lines(&export::export(&target, &f.fleet).unwrap()), file, "a round trip changes no byte");
    let again = export::import(&target, &read).unwrap();
    assert_eq!((again.written, again.already), (0, exported.objects.len()));
    lake::maint(&target, &MaintOptions::new(&f.fleet, "maint-copy")).unwrap();
    lake::mirror(&target, &f.fleet, &f.b.cache_root).unwrap();
    let snapshot = Snapshot::open(&f.cache_file(&f.b, "snapshot.bin")).unwrap();
    let hits = snapshot.search(None, "workspace build just", &Filters::default(), 5).unwrap();
    assert_eq!(hits.rows.first().map(|r| (r.claim.as_str(), r.status.as_str())), Some((CLAIM, "promoted")));

    let text = String::from_utf8(file.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let refused = |bytes: &[u8]| export::read("bad.jsonl", bytes).map(drop).unwrap_err();
    let newer = text.replacen("\"version\":1", "\"version\":2,\"compression\":\"none\"", 1);
    assert_eq!((refused(newer.as_bytes()).line, refused(newer.as_bytes()).pointer.as_str()), (1, "/version"));
    let cut = refused(&file[..file.len() - 5]);
    assert_eq!(cut.line, lines.len(), "{cut}");
    let without_end = lines[..lines.len() - 1].iter().map(|l| format!("{l}\n")).collect::<String>();
    assert!(refused(without_end.as_bytes()).reason.contains("before its end line"));
    let not_a_name = text.replacen("\"name\":\"checkpoint.json\"", "\"name\":7", 1);
    let at = lines.iter().position(|l| l.contains("\"name\":\"checkpoint.json\"")).unwrap() + 1;
    let why = refused(not_a_name.as_bytes());
    assert_eq!((why.line, why.pointer.as_str()), (at, "/name"), "{why}");
    let spool_line = lines.iter().position(|l| l.contains("\"name\":\"spool/")).unwrap();
    let mut tampered: Vec<String> = lines.iter().map(|l| format!("{l}\n")).collect();
    tampered[spool_line] = tampered[spool_line].replacen("moved the build to just", "moved the build to make", 1);
    let tampered = tampered.concat();
    let why = refused(tampered.as_bytes());
    assert_eq!((why.line, why.pointer.as_str()), (spool_line + 1, "/name"), "{why}");

    // The source lake moved on since the export: its leases differ from the file's.
    let before = target.list(&lake::FleetLayout::new(&f.fleet).root()).unwrap().len();
    f.spool(&f.a).append(&claim_request(&f.fleet, "agent-a", "src/main.rs")).unwrap();
    lake::drain(&lake, &DrainOptions::new(&f.a.spool_root, &f.a.id)).unwrap();
    let moved_on = export::read("later.jsonl", &export::to_lines(&export::export(&lake, &f.fleet).unwrap())).unwrap();
    let conflict = export::import(&target, &moved_on).unwrap_err();
    assert!(conflict.to_string().contains("leases.json"), "{conflict}");
    assert_eq!(target.list(&lake::FleetLayout::new(&f.fleet).root()).unwrap().len(), before, "nothing written");
}

/// `ctxlake <sync|maint>` for host A as a command, pointed at this fleet's lake.
fn lake_command(f: &Fleet, subcommand: &str, extra: &[&str]) -> Command {
    host_command(f, &f.a, subcommand, extra)
}

/// `ctxlake <sync|maint>` for `host`, pointed at this fleet's lake.
fn host_command(f: &Fleet, host: &Host, subcommand: &str, extra: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ctxlake"));
    command
        .args([subcommand, "--lake", &f.lake_url, "--host", host.id.as_str()])
        .args(extra)
        .env("CTXLAKE_SPOOL_DIR", &host.spool_root)
        .env("CTXLAKE_CACHE_DIR", &host.cache_root)
        .env("CTXLAKE_FLEET_ID", f.fleet.as_str())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    with_s3(f, &mut command);
    command
}

/// The S3 endpoint (`CTXLAKE_LAKE_ENDPOINT`) and credentials of an S3 backend's lake.
fn with_s3(f: &Fleet, command: &mut Command) {
    if let Some(endpoint) = &f.s3.endpoint {
        command
            .env("CTXLAKE_LAKE_ENDPOINT", endpoint)
            .env("AWS_ACCESS_KEY_ID", f.s3.access_key_id.as_deref().unwrap_or_default())
            .env("AWS_SECRET_ACCESS_KEY", f.s3.secret_access_key.as_deref().unwrap_or_default())
            .env("AWS_REGION", f.s3.region.as_deref().unwrap_or("us-east-1"));
    }
}

fn a_context_pack_on_host_b_shows_host_as_live_work_handoff_and_promoted_claim(backend: Backend) {
    let f = fleet(backend);
    let checkout = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(checkout.path().join(".git")).unwrap();
    std::fs::write(checkout.path().join(".git/HEAD"), "ref: refs/heads/just\n").unwrap();
    std::fs::write(
        checkout.path().join(".git/config"),
        "[remote \"origin\"]\n\turl = https://example.com/org/app.git\n",
    )
    .unwrap();
    // Asked for by the remote URL, the pack names the project by its id (local::project).
    let (project, id) = ("https://example.com/org/app.git", "example.com/org/app");
    // Host A: a live `ctxlake mcp` session in the checkout, a claim seen in two sessions, a
    // handoff with a next step, a lease request; then the real `ctxlake sync` and `ctxlake maint`.
    let mut agent = start_agent(&f, checkout.path());
    let spool = f.spool(&f.a);
    spool.append(&proposal("agent-a", &["session-1"])).unwrap();
    spool.append(&proposal("agent-a", &["session-2"])).unwrap();
    spool.append(&handoff(&f.fleet, "agent-a", "moved the build to just")).unwrap();
    spool.append(&claim_request(&f.fleet, "agent-a", "justfile")).unwrap();
    for (host, subcommand, extra) in
        [(&f.a, "sync", &["--once"][..]), (&f.a, "maint", &[]), (&f.b, "sync", &["--once"])]
    {
        let status = host_command(&f, host, subcommand, extra).status().unwrap();
        assert!(status.success(), "ctxlake {subcommand} on {}: {status}", host.id.as_str());
    }

    // Host B: the pack through the real server, and its Markdown through `ctxlake context`.
    let pack = call_tool(
        &f.b.cache_root,
        &f.b.spool_root,
        "context",
        json!({"goal": "change how the workspace builds", "project": project, "intent": "build", "token_budget": 24000}),
    );
    let items: Vec<&Value> =
        pack["sections"].as_array().unwrap().iter().flat_map(|s| s["items"].as_array().unwrap()).collect();
    let find = |id: &str| items.iter().find(|i| i["id"].as_str().is_some_and(|v| v.starts_with(id))).copied();
    let live = find("agent:agent-a").unwrap_or_else(|| panic!("A's live work: {pack}"));
    assert_eq!((live["facet"].as_str(), live["quality"]["project_id"].as_str()), (Some("active_work"), Some(id)));
    assert!(live["content"].as_str().unwrap().contains("holds justfile"), "{live}");
    let handoff = find("session:").unwrap_or_else(|| panic!("A's handoff: {pack}"));
    assert_eq!(handoff["type"].as_str(), Some("handoff"));
    let content = handoff["content"].as_str().unwrap();
    assert!(content.starts_with("[agent-a, "), "{handoff}");
    assert!(content.ends_with(", another agent's handoff]\n  moved the build to just (status: done)"), "{handoff}");
    let claim = find("claim:claim-just").unwrap_or_else(|| panic!("A's promoted claim: {pack}"));
    assert!(claim["content"].as_str().unwrap().starts_with("[agent-a, "), "{claim}");
    assert!(claim["content"].as_str().unwrap().contains(", 2 independent sessions, conf "), "{claim}");
    assert_eq!(pack["scope"], "project");

    let out = Command::new(env!("CARGO_BIN_EXE_ctxlake"))
        .args([
            "context",
            "--goal",
            "change how the workspace builds",
            "--project",
            project,
            "--intent",
            "general",
            "--no-budget",
        ])
        .env("CTXLAKE_SPOOL_DIR", &f.b.spool_root)
        .env("CTXLAKE_CACHE_DIR", &f.b.cache_root)
        .env("CTXLAKE_FLEET_ID", f.fleet.as_str())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let markdown = String::from_utf8(out.stdout).unwrap();
    assert!(markdown.contains(&format!("\nScope: project {id}\n")), "{markdown}");
    assert!(markdown.contains("\n## Plans\n\n- [agent-a, "), "{markdown}");
    assert!(markdown.contains(", another agent's next step] next, from agent-a\n  wire the CLI\n"), "{markdown}");
    assert!(markdown.contains("agent-a (claude-code 2.1.0)"), "{markdown}");
    assert!(markdown.contains(CLAIM), "{markdown}");
    agent.kill().unwrap();
    agent.wait().unwrap();
}

/// `ctxlake kb <args>` on `host`, over its own kb.sqlite, with `--lake` for `kb publish`.
fn kb_command(f: &Fleet, host: &Host, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ctxlake"));
    let kb = host.cache_root.parent().unwrap().join("kb.sqlite");
    command.arg("kb").args(args).arg("--kb").arg(&kb).env("CTXLAKE_CACHE_DIR", &host.cache_root);
    command.env("CTXLAKE_FLEET_ID", f.fleet.as_str()).env("CTXLAKE_HOST_ID", host.id.as_str());
    command.env("CTXLAKE_LAKE", &f.lake_url).stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::piped());
    with_s3(f, &mut command);
    command
}

fn a_knowledge_base_published_on_host_a_is_served_on_host_b_after_sync(backend: Backend) {
    let f = fleet(backend);
    // One record of the fleet's own, under an id and slug the starter base does not have.
    let mut record = serde_json::to_value(&ctxlake::knowledge::starter_records()[0]).unwrap();
    record["id"] = json!("team-deploy-guide");
    record["slug"] = json!("deploy-with-the-fleets-blue-green-script");
    record["title"] = json!("Deploy with the fleet's blue-green script");
    let file = f.a.cache_root.parent().unwrap().join("team.jsonl");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, format!("{record}\n")).unwrap();
    let run = |mut command: Command, what: &str| {
        let out = command.output().unwrap();
        assert!(out.status.success(), "{what}: {}", String::from_utf8_lossy(&out.stderr));
    };
    let refused = kb_command(&f, &f.a, &["publish"]).output().unwrap();
    assert!(!refused.status.success(), "an empty base is not published");
    assert!(String::from_utf8_lossy(&refused.stderr).contains("no approved record"), "{refused:?}");
    run(kb_command(&f, &f.a, &["import", file.to_str().unwrap(), "--approve"]), "kb import");
    run(kb_command(&f, &f.a, &["publish"]), "kb publish");
    let status = host_command(&f, &f.b, "sync", &["--once"]).status().unwrap();
    assert!(status.success(), "sync on host B: {status}");

    let served = |ids: Value| {
        let out = call_tool(&f.b.cache_root, &f.b.spool_root, "get_guidance", json!({"ids": ids}));
        (out["results"].as_array().unwrap().iter().map(|r| r["slug"].as_str().unwrap().to_string()).collect(), out)
    };
    let (slugs, out): (Vec<String>, Value) = served(json!(["deploy-with-the-fleets-blue-green-script"]));
    assert_eq!(slugs, ["deploy-with-the-fleets-blue-green-script"], "{out}");
    // The published set replaces the starter base on host B: a starter slug is missing there.
    let starter = ctxlake::knowledge::starter_records()[1].slug.to_string();
    let (slugs, out) = served(json!([starter]));
    assert!(slugs.is_empty() && out["missing"] == json!([starter]), "{out}");

    // A pointer at a blob whose bytes do not hash to it is refused; host B keeps its last good copy.
    let lake = f.lake();
    let layout = lake::FleetLayout::new(&f.fleet);
    let claimed = lake::layout::sha256_hex(b"the set the pointer claims");
    // A well-formed, approved record, so only the hash check can refuse it.
    let mut forged = record.clone();
    forged["id"] = json!("forged");
    forged["slug"] = json!("forged-guidance");
    lake.put(&layout.kb(&claimed), format!("{forged}\n").into_bytes()).unwrap();
    let pointer = json!({"content_hash": claimed, "key": layout.kb(&claimed).to_string(), "records": 1,
                         "published_at": "2026-12-01T00:00:00Z"});
    lake.put(&layout.kb_pointer(), serde_json::to_vec(&pointer).unwrap()).unwrap();
    let mirrored = f.cache_file(&f.b, "kb.jsonl");
    let before = std::fs::read(&mirrored).unwrap();
    let _ = host_command(&f, &f.b, "sync", &["--once"]).status().unwrap();
    assert!(std::fs::read(&mirrored).unwrap() == before, "the forged set reached host B's cache");
    let (slugs, out) = served(json!(["deploy-with-the-fleets-blue-green-script", "forged-guidance"]));
    assert_eq!(slugs, ["deploy-with-the-fleets-blue-green-script"], "{out}");
}

/// Every record id in host A's batches in the lake, with how often it occurs.
fn ids_in_lake(f: &Fleet) -> std::collections::HashMap<String, usize> {
    let lake = f.lake();
    let mut ids = std::collections::HashMap::new();
    for listed in lake.list(&lake::FleetLayout::new(&f.fleet).spool_prefix()).unwrap() {
        let body = lake.get(&listed.key).unwrap().unwrap().body;
        for line in String::from_utf8(body).unwrap().lines() {
            let record: Value = serde_json::from_str(line).unwrap();
            *ids.entry(record["id"].as_str().unwrap().to_string()).or_default() += 1;
        }
    }
    ids
}

fn a_sync_killed_at_random_points_then_rerun_leaves_every_record_in_the_lake_exactly_once(backend: Backend) {
    const RECORDS: usize = 10_000;
    let f = fleet(backend);
    // Written in one go, as many `ctxlake mcp` appends would have left them.
    let mut spool = String::new();
    for n in 0..RECORDS {
        spool.push_str(&serde_json::to_string(&handoff(&f.fleet, "agent-a", &format!("step {n}"))).unwrap());
        spool.push('\n');
    }
    let spool_file = f.fleet.spool_file(&f.a.spool_root);
    std::fs::create_dir_all(spool_file.parent().unwrap()).unwrap();
    std::fs::write(&spool_file, spool).unwrap();

    // Small batches: 40 objects, each a put and two state saves, so a kill can land between any two.
    let batch = ["--once", "--batch-lines", "250"];
    let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64 | 1;
    let mut rng = seed;
    let mut interrupted: Vec<usize> = vec![];
    for attempt in 0..60 {
        if attempt >= 8 && interrupted.iter().any(|n| *n > 0 && *n < RECORDS) {
            break;
        }
        let mut sync = lake_command(&f, "sync", &batch).spawn().unwrap();
        std::thread::sleep(kill_delay(attempt, &mut rng));
        if sync.try_wait().unwrap().is_none() {
            sync.kill().unwrap(); // SIGKILL
            interrupted.push(ids_in_lake(&f).len());
        }
        sync.wait().unwrap();
    }
    let status = lake_command(&f, "sync", &batch).status().unwrap();
    assert!(status.success(), "the rerun completes: {status}");

    let ids = ids_in_lake(&f);
    let twice: Vec<_> = ids.iter().filter(|(_, n)| **n != 1).collect();
    assert!(twice.is_empty(), "seed {seed}: records not exactly once: {:?}", &twice[..twice.len().min(5)]);
    assert_eq!(ids.len(), RECORDS, "seed {seed}: every record is in the lake");
    // The kills must have landed mid-drain, or this test proved nothing.
    let mid_drain = interrupted.iter().filter(|n| **n > 0 && **n < RECORDS).count();
    assert!(
        mid_drain >= 1,
        "seed {seed}: no kill landed mid-drain (records in the lake at each kill: {interrupted:?})"
    );
    eprintln!("seed {seed}: records in the lake at each kill: {interrupted:?}");
}

/// `ctxlake lake gc` SIGKILLed at random points, then run to the end: what it may remove (5,000
/// leftover doctor probes and 20 folded batches of a handoff alone, all aged 8 days) is gone,
/// the three batches holding proposals are in one pack (compaction killed too), every other
/// object is there, the claims are the same, and the lake still folds (with every handoff) and
/// mirrors.
/// Folder lake only: there an object's age is its file's time, which the test sets back.
#[test]
fn a_gc_killed_at_random_points_then_rerun_removes_only_what_it_may_and_the_lake_still_folds() {
    use std::collections::BTreeSet;
    let f = fleet(Backend::Folder);
    let lake = f.lake();
    let layout = lake::FleetLayout::new(&f.fleet);
    for n in 0..20 {
        f.spool(&f.a).append(&handoff(&f.fleet, "agent-a", &format!("step {n}"))).unwrap();
        lake::drain(&lake, &DrainOptions::new(&f.a.spool_root, &f.a.id)).unwrap();
    }
    for sessions in [["s1", "s2"], ["s3", "s4"], ["s5", "s6"]] {
        f.spool(&f.a).append(&proposal("agent-a", &sessions)).unwrap();
        lake::drain(&lake, &DrainOptions::new(&f.a.spool_root, &f.a.id)).unwrap();
    }
    lake::maint(&lake, &MaintOptions::new(&f.fleet, "maint")).unwrap();
    let claims_before = ctxlake::lake::claims::list(&lake, &f.fleet).unwrap();
    for n in 0..5_000 {
        lake.put(&layout.doctor_probe(&format!("left-{n:04}")), b"x".to_vec()).unwrap();
    }
    fn age(dir: &Path, to: std::time::SystemTime) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                age(&path, to);
            } else {
                std::fs::File::options().write(true).open(&path).unwrap().set_modified(to).unwrap();
            }
        }
    }
    let eight_days = std::time::Duration::from_secs(8 * 86_400);
    age(&f._dir.path().join("lake"), std::time::SystemTime::now() - eight_days);
    let keys =
        || -> BTreeSet<String> { lake.list(&layout.root()).unwrap().iter().map(|l| l.key.to_string()).collect() };
    let before = keys();
    let folded = ctxlake::lake::checkpoint::read(&lake, &layout).unwrap().unwrap();
    // The batches holding proposals go into a pack.
    let may_go = |key: &String| key.contains("/doctor/") || folded.batches.contains_key(key);
    let stays: BTreeSet<String> = before.iter().filter(|k| !may_go(k)).cloned().collect();
    assert_eq!(before.len() - stays.len(), 5_023, "5,000 probes and 23 folded batches may go");

    let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64 | 1;
    let mut rng = seed;
    let mut at_kills = vec![];
    for attempt in 0..60 {
        if attempt >= 8 && at_kills.iter().any(|n| *n < before.len() && *n > stays.len()) {
            break;
        }
        let mut gc = lake_command(&f, "lake", &["gc"]).spawn().unwrap();
        std::thread::sleep(kill_delay(attempt, &mut rng));
        if gc.try_wait().unwrap().is_none() {
            gc.kill().unwrap(); // SIGKILL
            at_kills.push(keys().len());
        }
        gc.wait().unwrap();
    }
    assert!(lake_command(&f, "lake", &["gc"]).status().unwrap().success(), "seed {seed}: the rerun completes");
    let after = keys();
    let lost: Vec<_> = stays.difference(&after).collect();
    assert!(lost.is_empty(), "seed {seed}: gc removed what it may not: {lost:?}");
    let left: Vec<_> = after.difference(&stays).filter(|k| before.contains(*k)).collect();
    assert!(left.is_empty(), "seed {seed}: left behind: {:?}", &left[..left.len().min(5)]);
    let packs: Vec<_> = after.iter().filter(|k| k.contains("/packs/")).collect();
    assert_eq!(packs.len(), 1, "seed {seed}: one pack, whatever the kills: {packs:?}");
    let claims_after = ctxlake::lake::claims::list(&lake, &f.fleet).unwrap();
    assert_eq!(format!("{claims_after:?}"), format!("{claims_before:?}"), "seed {seed}: the claims are all there");
    let mid_gc = at_kills.iter().filter(|n| **n < before.len() && **n > stays.len()).count();
    assert!(mid_gc >= 1, "seed {seed}: no kill landed mid-gc (objects at each kill: {at_kills:?})");
    eprintln!("seed {seed}: objects at each kill: {at_kills:?}");

    let report = lake::maint(&lake, &MaintOptions::new(&f.fleet, "maint-after")).unwrap();
    assert_eq!((report.batches, report.sessions), (0, 20), "{report:?}");
    lake::mirror(&lake, &f.fleet, &f.b.cache_root).unwrap();
    let snapshot = Snapshot::open(&f.cache_file(&f.b, "snapshot.bin")).unwrap();
    let hits = snapshot.search(None, "workspace build just", &Filters::default(), 5).unwrap();
    assert_eq!(hits.rows.first().map(|r| r.claim.as_str()), Some(CLAIM));
}

/// gc removes a presence idle past its 30-day retention once the checkpoint holds what it
/// announced, and the fold after it still gives the agent's sessions their repo and branch.
#[test]
fn a_presence_gone_past_its_retention_is_removed_and_its_sessions_keep_their_repo() {
    let f = fleet(Backend::Folder);
    let lake = f.lake();
    let layout = lake::FleetLayout::new(&f.fleet);
    f.spool(&f.a).append(&handoff(&f.fleet, "agent-p", "shipped the parser")).unwrap();
    lake::drain(&lake, &DrainOptions::new(&f.a.spool_root, &f.a.id)).unwrap();
    let presence = serde_json::json!({"agent_id": "agent-p", "fleet_id": f.fleet.as_str(), "host": "a",
        "last_seen": "2026-10-01T00:00:00Z", "heartbeat_at": "2026-10-01T00:00:00Z", "repo": "acme/app", "branch": "main"});
    lake.put(&layout.presence("agent-p"), presence.to_string().into_bytes()).unwrap();
    lake::maint(&lake, &MaintOptions::new(&f.fleet, "maint")).unwrap();
    let repos = || -> Vec<(Option<String>, Option<String>)> {
        let history = lake.get(&layout.history()).unwrap().unwrap();
        let document: serde_json::Value = serde_json::from_slice(&history.body).unwrap();
        let sessions = document["sessions"].as_array().unwrap();
        let field = |s: &serde_json::Value, name: &str| s[name].as_str().map(str::to_string);
        sessions.iter().map(|s| (field(s, "repo"), field(s, "branch"))).collect()
    };
    let announced = vec![(Some("acme/app".to_string()), Some("main".to_string()))];
    assert_eq!(repos(), announced);

    let dir = f._dir.path().join("lake");
    let presence_file = dir.join(layout.presence("agent-p").as_ref());
    let month = std::time::SystemTime::now() - std::time::Duration::from_secs(31 * 86_400);
    std::fs::File::options().write(true).open(&presence_file).unwrap().set_modified(month).unwrap();
    assert!(lake_command(&f, "lake", &["gc"]).status().unwrap().success());
    assert!(lake.get(&layout.presence("agent-p")).unwrap().is_none(), "the idle presence is removed");

    f.spool(&f.a).append(&handoff(&f.fleet, "agent-q", "a newer session")).unwrap();
    lake::drain(&lake, &DrainOptions::new(&f.a.spool_root, &f.a.id)).unwrap();
    let report = lake::maint(&lake, &MaintOptions::new(&f.fleet, "maint-after")).unwrap();
    assert_eq!(report.sessions, 2, "{report:?}");
    assert!(repos().contains(&announced[0]), "agent-p's session keeps its repo: {:?}", repos());
}

/// When a kill test kills its `attempt`-th run: 10 ms later each attempt, plus up to 10 ms from
/// the seed. A fixed range of random delays either ended every run before it began its work or
/// after it finished, depending on the machine's load; a rising one passes through the work
/// whatever its length, and the tests retry (at least eight kills) until one lands inside it.
fn kill_delay(attempt: u64, rng: &mut u64) -> std::time::Duration {
    std::time::Duration::from_millis(10 * attempt) + random_delay(rng, 10)
}

/// A delay of 0 to `max_ms` ms from xorshift64, reproducible from the seed a test prints.
fn random_delay(rng: &mut u64, max_ms: u64) -> std::time::Duration {
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    std::time::Duration::from_millis(*rng % max_ms)
}

/// One test per body and backend: `lake::folder::<body>`, `lake::s3::<body>`,
/// `lake::external_s3::<body>` (`.ci/run` runs the last with moto and `--include-ignored`).
/// The bodies under `atomic` hold concurrent writers to compare-and-swap, which moto does not
/// make atomic (its `put_object` checks `If-Match`, then writes, with no lock between: a CI run
/// of 2026-12-02 lost one of 100 swaps there), so they run on the folder and the embedded S3
/// server only.
macro_rules! on_every_backend {
    (everywhere: [$($body:ident),* $(,)?], atomic: [$($atomic:ident),* $(,)?] $(,)?) => {
        mod folder {
            $(#[test] fn $body() { super::$body(super::Backend::Folder) })*
            $(#[test] fn $atomic() { super::$atomic(super::Backend::Folder) })*
        }
        mod s3 {
            $(#[test] fn $body() { super::$body(super::Backend::S3) })*
            $(#[test] fn $atomic() { super::$atomic(super::Backend::S3) })*
        }
        mod external_s3 {
            $(
                #[test]
                #[ignore = "needs an S3 server at CTXLAKE_TEST_S3_URL (.ci/run starts moto)"]
                fn $body() { super::$body(super::Backend::ExternalS3) }
            )*
        }
    };
}

on_every_backend!(
    everywhere: [
        a_claim_proposed_on_host_a_is_found_on_host_b_after_drain_maint_and_mirror,
        an_idle_round_rewrites_nothing,
        an_agent_appears_in_another_hosts_roster_while_its_process_lives_and_ages_out_after_it_dies,
        a_context_pack_on_host_b_shows_host_as_live_work_handoff_and_promoted_claim,
        a_sync_killed_at_random_points_then_rerun_leaves_every_record_in_the_lake_exactly_once,
        a_knowledge_base_published_on_host_a_is_served_on_host_b_after_sync,
        gc_removes_only_what_it_says_and_stats_count_every_object,
        a_checkpointed_fold_publishes_what_a_fold_from_scratch_would,
        a_fold_kept_between_rounds_publishes_the_snapshot_a_fold_from_scratch_would,
        an_export_imported_into_an_empty_lake_exports_the_same_bytes_and_importing_again_adds_nothing,
        compaction_gathers_proposal_batches_into_a_pack_and_every_reader_sees_the_same_claims,
    ],
    atomic: [
        two_maint_runs_at_once_leave_one_pointer_and_lose_no_promotion,
        a_conditional_write_whose_reply_is_lost_is_settled_by_reading_the_key_back,
        two_hosts_requesting_the_same_path_never_both_hold_it,
        two_hosts_racing_for_one_path_100_times_never_both_get_it,
        concurrent_swaps_of_one_key_lose_no_update,
    ],
);
