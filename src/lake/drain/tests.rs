//! Drain behaviour on a real folder lake and real spool files written by `local::spool`.

use super::*;
use crate::lake::store::S3Options;
use crate::local::spool::Spool;
use crate::spec::wire::spool::SpoolRecord;
use std::collections::HashMap;
use std::io::Write;

struct World {
    _dir: tempfile::TempDir,
    spool_root: PathBuf,
    lake_root: PathBuf,
    lake: Lake,
    fleet: FleetId,
}

fn world() -> World {
    let dir = tempfile::tempdir().unwrap();
    let spool_root = dir.path().join("spool");
    let lake_root = dir.path().join("lake");
    let lake = Lake::open(&format!("file://{}", lake_root.display()), &S3Options::default()).unwrap();
    World { spool_root, lake_root, lake, fleet: FleetId::new("team").unwrap(), _dir: dir }
}

impl World {
    fn options(&self) -> DrainOptions {
        DrainOptions::new(&self.spool_root, &HostId::new("host-a").unwrap())
    }

    fn spool(&self) -> Spool {
        Spool::new(&self.spool_root, &self.fleet)
    }

    fn handoff(&self, n: usize) -> SpoolRecord {
        SpoolRecord::Handoff {
            id: format!("01J00000000000000000{n:06}"),
            at: "2026-09-09T10:00:00Z".parse().unwrap(),
            fleet_id: self.fleet.as_str().to_string(),
            agent_id: "agent-1".to_string(),
            summary: format!("finished step {n}"),
            status: "done".to_string(),
            next: None,
        }
    }

    fn append_raw(&self, text: &str) {
        let path = self.fleet.spool_file(&self.spool_root);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::OpenOptions::new().append(true).create(true).open(path).unwrap().write_all(text.as_bytes()).unwrap();
    }

    /// Every record id in the lake's batches, with how often it occurs.
    fn ids_in_lake(&self) -> HashMap<String, usize> {
        let mut ids = HashMap::new();
        for listed in self.lake.list(&FleetLayout::new(&self.fleet).spool_prefix()).unwrap() {
            let body = self.lake.get(&listed.key).unwrap().unwrap().body;
            for line in String::from_utf8(body).unwrap().lines() {
                let value: Value = serde_json::from_str(line).unwrap();
                let id = value.get("id").or(value.get("claim_id")).unwrap().as_str().unwrap().to_string();
                *ids.entry(id).or_default() += 1;
            }
        }
        ids
    }

    fn lake_bytes(&self) -> String {
        let mut all = String::new();
        for entry in walk(&self.lake_root) {
            all.push_str(&String::from_utf8_lossy(&std::fs::read(entry).unwrap()));
        }
        all
    }
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = vec![];
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() { files.extend(walk(&path)) } else { files.push(path) }
    }
    files
}

#[test]
fn spooled_records_reach_the_lake_and_a_second_round_ships_nothing() {
    let w = world();
    for n in 0..3 {
        w.spool().append(&w.handoff(n)).unwrap();
    }
    let first = drain(&w.lake, &w.options()).unwrap();
    assert_eq!((first.records, first.batches_created, first.quarantined), (3, 1, 0));
    assert_eq!(first.agents_seen.len(), 1);
    let second = drain(&w.lake, &w.options()).unwrap();
    assert_eq!((second.records, second.batches_created), (0, 0));
    assert_eq!(w.ids_in_lake().len(), 3);
}

#[test]
fn a_crash_between_the_put_and_the_offset_save_duplicates_nothing_on_rerun() {
    let w = world();
    for n in 0..3 {
        w.spool().append(&w.handoff(n)).unwrap();
    }
    let state_path = w.spool_root.join("sync/state.json");
    let file = w.fleet.spool_file(&w.spool_root);
    let meta = std::fs::metadata(&file).unwrap();
    drain(&w.lake, &w.options()).unwrap();
    // The state as it was on disk after the batch was created and before the offset moved.
    let crashed = SyncState {
        files: vec![],
        pending: Some(PendingBatch {
            file_id: format!("{}:{}", meta.dev(), meta.ino()),
            path: file.display().to_string(),
            start: 0,
            end: meta.len(),
        }),
        sessions: vec![],
    };
    std::fs::write(&state_path, serde_json::to_vec(&crashed).unwrap()).unwrap();
    // More records arrived meanwhile: a rerun that re-cut the range would name a new batch.
    w.spool().append(&w.handoff(3)).unwrap();
    let rerun = drain(&w.lake, &w.options()).unwrap();
    assert_eq!(rerun.batches_already_there, 1);
    let ids = w.ids_in_lake();
    assert_eq!(ids.len(), 4);
    assert!(ids.values().all(|n| *n == 1), "{ids:?}");
}

#[test]
fn hostile_lines_are_quarantined_and_counted_and_the_rest_ships_re_redacted() {
    let w = world();
    let secret = "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB";
    let mut slipped = serde_json::to_value(w.handoff(1)).unwrap();
    slipped["summary"] = Value::String(format!("token {secret}"));
    let mut foreign_fleet = serde_json::to_value(w.handoff(2)).unwrap();
    foreign_fleet["fleet_id"] = Value::String("other".into());
    let promoted =
        r#"{"kind":"promoted","claim_id":"c1","at":"2026-09-09T00:00:00Z","independent_count":3,"confidence":0.9}"#;
    let text = format!(
        "not json {secret}\n{promoted}\n{{\"kind\":\"mystery\"}}\n{foreign_fleet}\n{slipped}\n{}\n",
        serde_json::to_string(&w.handoff(3)).unwrap()
    );
    w.append_raw(&text);
    let report = drain(&w.lake, &w.options()).unwrap();
    assert_eq!((report.records, report.quarantined), (2, 4));
    assert!(report.rescrubbed >= 1);
    let quarantined = w.lake.list(&FleetLayout::new(&w.fleet).quarantine_prefix()).unwrap();
    assert_eq!(quarantined.len(), 4);
    assert!(!w.lake_bytes().contains(secret), "a secret reached the lake");
    assert!(w.lake_bytes().contains("[ctxlake:redacted:github_token]"));
    // The quarantine is recorded once, however often the drain runs.
    drain(&w.lake, &w.options()).unwrap();
    assert_eq!(w.lake.list(&FleetLayout::new(&w.fleet).quarantine_prefix()).unwrap().len(), 4);
}

#[test]
fn a_torn_tail_waits_for_its_newline() {
    let w = world();
    let line = serde_json::to_string(&w.handoff(1)).unwrap();
    let (head, tail) = line.split_at(30);
    w.spool().append(&w.handoff(0)).unwrap();
    w.append_raw(head);
    let first = drain(&w.lake, &w.options()).unwrap();
    assert_eq!((first.records, first.torn_tails_waiting, first.quarantined), (1, 1, 0));
    w.append_raw(&format!("{tail}\n"));
    let second = drain(&w.lake, &w.options()).unwrap();
    assert_eq!((second.records, second.torn_tails_waiting), (1, 0));
    assert_eq!(w.ids_in_lake().len(), 2);
}

#[test]
fn a_rotated_file_is_deleted_once_shipped_and_its_offset_follows_the_rename() {
    let w = world();
    let spool = w.spool().with_caps(400, 1 << 20);
    spool.append(&w.handoff(0)).unwrap();
    drain(&w.lake, &w.options()).unwrap();
    // These appends rotate the file that was half shipped: the offset must follow its inode.
    for n in 1..6 {
        spool.append(&w.handoff(n)).unwrap();
    }
    let before: Vec<_> = std::fs::read_dir(w.spool_root.join("mcp")).unwrap().collect();
    assert!(before.len() >= 2, "the test needs a rotation");
    let report = drain(&w.lake, &w.options()).unwrap();
    assert!(report.rotated_files_deleted >= 1);
    let left: Vec<_> = std::fs::read_dir(w.spool_root.join("mcp")).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, [std::ffi::OsString::from("team.ndjson")]);
    let ids = w.ids_in_lake();
    assert_eq!(ids.len(), 6);
    assert!(ids.values().all(|n| *n == 1), "{ids:?}");
}

#[test]
fn batches_are_cut_at_the_line_limit() {
    let w = world();
    for n in 0..5 {
        w.spool().append(&w.handoff(n)).unwrap();
    }
    let mut options = w.options();
    options.max_batch_lines = 2;
    let report = drain(&w.lake, &options).unwrap();
    assert_eq!((report.records, report.batches_created), (5, 3));
}

#[test]
fn spool_names_are_live_files_or_numbered_rotations() {
    assert_eq!(spool_name("team.ndjson"), Some(("team", false)));
    assert_eq!(spool_name("team.ndjson.1725000000000000"), Some(("team", true)));
    for other in ["team.json", "team.ndjson.tmp", "team.ndjson.", "notes.txt"] {
        assert_eq!(spool_name(other), None, "{other}");
    }
}

#[test]
fn a_file_rotated_between_listing_and_reading_is_not_read_under_the_old_inode() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("team.ndjson");
    std::fs::write(&path, "old\n").unwrap();
    let meta = std::fs::metadata(&path).unwrap();
    let old_id = format!("{}:{}", meta.dev(), meta.ino());
    std::fs::rename(&path, dir.path().join("team.ndjson.1")).unwrap();
    std::fs::write(&path, "new\n").unwrap();
    assert_eq!(read_range(&path, &old_id, 0, 4).unwrap(), None);
    assert_eq!(read_range(&dir.path().join("team.ndjson.1"), &old_id, 0, 4).unwrap().as_deref(), Some(&b"old\n"[..]));
}

impl World {
    fn presence(&self, event: PresenceEvent, session: &str, pid: u32, pid_start: Option<String>) -> SpoolRecord {
        SpoolRecord::Presence {
            id: ulid::Ulid::new().to_string(),
            at: chrono::Utc::now(),
            fleet_id: self.fleet.as_str().to_string(),
            agent_id: format!("agent-{session}"),
            event,
            session_id: session.to_string(),
            pid: std::num::NonZeroU64::new(u64::from(pid)).unwrap(),
            pid_start,
            host: "host-a".to_string(),
            client_name: Some("claude-code".to_string()),
            client_version: Some("2.1.0".to_string()),
            cwd: Some("/work/repo".to_string()),
            repo: Some("https://example.com/org/repo.git".to_string()),
            branch: Some("main".to_string()),
        }
    }

    fn heartbeats(&self) -> Vec<Presence> {
        let prefix = FleetLayout::new(&self.fleet).presence_prefix();
        let mut beats: Vec<Presence> = self
            .lake
            .list(&prefix)
            .unwrap()
            .iter()
            .map(|l| serde_json::from_slice(&self.lake.get(&l.key).unwrap().unwrap().body).unwrap())
            .collect();
        beats.sort_by(|a, b| a.agent_id.cmp(&b.agent_id));
        beats
    }
}

#[test]
fn a_started_session_is_heartbeated_each_round_while_its_process_lives() {
    let w = world();
    let me = std::process::id();
    w.spool().append(&w.presence(PresenceEvent::Start, "live", me, process::start_time(me))).unwrap();
    let first = drain(&w.lake, &w.options()).unwrap();
    assert_eq!((first.records, first.live_sessions), (1, 1));
    let beat = w.heartbeats().pop().expect("a heartbeat for the live session");
    assert_eq!(
        (beat.agent_id.as_str(), beat.session_id.as_deref(), beat.runtime.as_deref(), beat.branch.as_deref()),
        ("agent-live", Some("live"), Some("claude-code 2.1.0"), Some("main"))
    );
    std::thread::sleep(Duration::from_millis(20));
    let second = drain(&w.lake, &w.options()).unwrap();
    assert_eq!((second.records, second.live_sessions), (0, 1), "nothing new spooled, the session still runs");
    let renewed = w.heartbeats().pop().unwrap();
    assert!(renewed.heartbeat_at > beat.heartbeat_at, "renewed: {renewed:?} after {beat:?}");
}

#[test]
fn a_session_whose_process_died_or_ended_is_no_longer_heartbeated() {
    let w = world();
    let mut child = std::process::Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    let me = std::process::id();
    w.spool().append(&w.presence(PresenceEvent::Start, "dead", dead, None)).unwrap();
    // A pid that is alive but names another process (its start time differs): not ours.
    w.spool().append(&w.presence(PresenceEvent::Start, "reused", me, Some("1".to_string()))).unwrap();
    w.spool().append(&w.presence(PresenceEvent::Start, "ended", me, None)).unwrap();
    w.spool().append(&w.presence(PresenceEvent::End, "ended", me, None)).unwrap();
    let report = drain(&w.lake, &w.options()).unwrap();
    assert_eq!((report.records, report.live_sessions, report.sessions_ended), (4, 0, 2));
    assert!(w.heartbeats().is_empty(), "{:?}", w.heartbeats());
}

#[test]
fn a_drain_decides_the_lease_requests_it_ships_and_a_rerun_decides_nothing_twice() {
    let w = world();
    let claim = |id: &str, agent: &str| SpoolRecord::ClaimRequest {
        id: id.to_string(),
        at: chrono::Utc::now(),
        fleet_id: w.fleet.as_str().to_string(),
        agent_id: agent.to_string(),
        paths: vec!["src/lib.rs".to_string()],
        reason: "editing".to_string(),
        ttl_secs: 300,
    };
    w.spool().append(&claim("01J0000000000000000000000A", "agent-a")).unwrap();
    w.spool().append(&claim("01J0000000000000000000000B", "agent-b")).unwrap();
    let report = drain(&w.lake, &w.options()).unwrap();
    assert_eq!((report.leases.granted, report.leases.lost), (1, 1));
    assert_eq!(report.fleets_with_news, std::slice::from_ref(&w.fleet));
    let key = FleetLayout::new(&w.fleet).leases();
    let doc: crate::spec::wire::lake::LeasesDocument =
        serde_json::from_slice(&w.lake.get(&key).unwrap().unwrap().body).unwrap();
    assert_eq!(doc.leases[0].holder.as_deref(), Some("agent-a"));
    assert_eq!(doc.applied.len(), 2);
    // A crash after shipping, before the offset moved: the rerun ships the same batch and
    // finds both requests already applied.
    std::fs::remove_file(w.spool_root.join("sync/state.json")).unwrap();
    let again = drain(&w.lake, &w.options()).unwrap();
    assert_eq!((again.batches_already_there, again.leases.granted, again.leases.already_applied), (1, 0, 2));

    let mut off = w.options();
    off.decide_leases = false;
    w.spool().append(&claim("01J0000000000000000000000C", "agent-c")).unwrap();
    assert_eq!(drain(&w.lake, &off).unwrap().leases, crate::lake::leases::LeaseReport::default());
}
