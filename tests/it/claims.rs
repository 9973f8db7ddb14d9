//! `ctxlake claims`, the owner's decisions, through the real binary on a folder lake: a
//! preference is held until approved, an approved preference is promoted, a retired claim
//! stays retired, a retracted claim leaves every read and keeps its reason, a quarantined
//! observer's promoted claim is contested, an unknown claim is a clear error that writes nothing.

use serde_json::json;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

struct Host {
    dir: tempfile::TempDir,
}

impl Host {
    fn new() -> Host {
        Host { dir: tempfile::tempdir().unwrap() }
    }

    fn ctxlake(&self, args: &[&str]) -> Output {
        let root = self.dir.path();
        Command::new(env!("CARGO_BIN_EXE_ctxlake"))
            .args(args)
            .env("HOME", root)
            .env("CTXLAKE_AGENT_ID", "owner")
            .env("CTXLAKE_HOST_ID", "host-a")
            .env_remove("CTXLAKE_LAKE")
            .output()
            .unwrap()
    }

    fn ok(&self, args: &[&str]) -> String {
        let out = self.ctxlake(args);
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    }

    /// `agent` proposes a claim through `ctxlake mcp`.
    fn propose(&self, agent: &str, claim: &str, claim_type: &str, sessions: &[&str]) {
        let evidence: Vec<_> = sessions.iter().map(|s| json!({"session_id": s, "message_id": "m-1"})).collect();
        let lines = [
            json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25",
                   "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}),
            json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "memory_propose", "arguments": {
                   "claim": claim, "type": claim_type, "subject": "org/app", "evidence": evidence}}}),
        ];
        let mut child = Command::new(env!("CARGO_BIN_EXE_ctxlake"))
            .arg("mcp")
            .env("HOME", self.dir.path())
            .env("CTXLAKE_AGENT_ID", agent)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        for line in lines {
            writeln!(stdin, "{line}").unwrap();
        }
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        assert!(String::from_utf8_lossy(&out.stdout).contains("candidate"), "{out:?}");
    }

    /// What `memory_search` returns for `query`, after a sync brought the snapshot here.
    fn search(&self, query: &str) -> String {
        let lines = [
            json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25",
                   "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}),
            json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "memory_search", "arguments": {
                   "query": query}}}),
        ];
        let mut child = Command::new(env!("CARGO_BIN_EXE_ctxlake"))
            .arg("mcp")
            .env("HOME", self.dir.path())
            .env("CTXLAKE_AGENT_ID", "cc-02")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        for line in lines {
            writeln!(stdin, "{line}").unwrap();
        }
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let answer = String::from_utf8_lossy(&out.stdout).lines().last().unwrap_or_default().to_string();
        let answer: serde_json::Value = serde_json::from_str(&answer).unwrap();
        answer["result"]["structuredContent"]["results"].to_string()
    }

    fn cycle(&self) {
        self.ok(&["sync", "--once"]);
        self.ok(&["maint"]);
    }

    /// `(claim id, status)` of the claim whose text contains `text`.
    fn status_of(&self, text: &str) -> (String, String) {
        let listed = self.ok(&["claims", "list"]);
        let line = listed.lines().find(|l| l.contains(text)).unwrap_or_else(|| panic!("{text} not in:\n{listed}"));
        let mut fields = line.split_whitespace();
        (fields.next().unwrap().to_string(), fields.next().unwrap().to_string())
    }

    fn lake_files(&self) -> usize {
        count_files(&self.dir.path().join(".ctxlake/lake"))
    }
}

fn count_files(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .map(|entries| entries.map(|e| e.unwrap().path()).map(|p| if p.is_dir() { count_files(&p) } else { 1 }).sum())
        .unwrap_or(0)
}

#[test]
fn a_preference_is_promoted_only_after_the_owner_approves_it_and_a_retired_claim_stays_retired() {
    let host = Host::new();
    host.propose("cc-01", "the owner wants small commits", "preference", &["s-1", "s-2"]);
    host.cycle();
    let (id, status) = host.status_of("small commits");
    assert_eq!(status, "candidate", "a preference needs a human");

    host.ok(&["claims", "approve", &id]);
    host.cycle();
    assert_eq!(host.status_of("small commits").1, "promoted");

    host.ok(&["claims", "retire", &id, "--reason", "obsolete"]);
    host.cycle();
    assert_eq!(host.status_of("small commits").1, "retired");
    host.ok(&["claims", "approve", &id]);
    host.cycle();
    assert_eq!(host.status_of("small commits").1, "retired", "retired is terminal");
}

#[test]
fn a_retracted_claim_leaves_every_read_for_good_and_keeps_its_reason() {
    let host = Host::new();
    host.propose("cc-07", "staging ssh listens on 2222", "environment", &["s-1"]);
    host.cycle();
    host.ok(&["sync", "--once"]);
    assert!(host.search("staging ssh port").contains("2222"), "found before the retraction");
    let (id, status) = host.status_of("2222");
    assert_eq!(status, "promoted");

    host.ok(&["claims", "retract", &id, "--reason", "staging ssh moved to 22 in October"]);
    host.cycle();
    host.ok(&["sync", "--once"]);
    assert_eq!(host.status_of("2222").1, "retracted");
    assert!(!host.search("staging ssh port").contains("2222"), "out of memory_search");
    let shown = host.ok(&["claims", "show", &id]);
    assert!(shown.contains("retracted") && shown.contains("staging ssh moved to 22 in October"), "{shown}");

    host.ok(&["claims", "approve", &id]);
    host.cycle();
    assert_eq!(host.status_of("2222").1, "retracted", "retracted is terminal");
}

#[test]
fn retracting_an_unknown_claim_exits_non_zero_naming_it_and_writes_nothing() {
    let host = Host::new();
    host.propose("cc-01", "cargo test needs a big stack", "environment", &["s-1"]);
    host.cycle();
    let before = host.lake_files();
    let out = host.ctxlake(&["claims", "retract", "no-such-claim", "--reason", "wrong"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("has no claim no-such-claim"), "{out:?}");
    let (id, _) = host.status_of("big stack");
    let out = host.ctxlake(&["claims", "retract", &id, "--reason", "   "]);
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("reason"), "{out:?}");
    assert_eq!(host.lake_files(), before, "nothing was written");
}

#[test]
fn a_quarantined_observers_promoted_claim_is_contested() {
    let host = Host::new();
    host.propose("cc-07", "staging ssh listens on 2222", "environment", &["s-1"]);
    host.cycle();
    assert_eq!(host.status_of("2222").1, "promoted");
    host.ok(&["claims", "quarantine", "cc-07", "--reason", "leaked a wrong fact"]);
    host.cycle();
    assert_eq!(host.status_of("2222").1, "contested");
}

#[test]
fn approving_an_unknown_claim_is_a_clear_error_that_writes_nothing() {
    let host = Host::new();
    host.propose("cc-01", "cargo test needs a big stack", "environment", &["s-1"]);
    host.cycle();
    let before = host.lake_files();
    let out = host.ctxlake(&["claims", "approve", "no-such-claim"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("has no claim no-such-claim"), "{out:?}");
    assert_eq!(host.lake_files(), before, "nothing was written");
    let out = host.ctxlake(&["claims", "--fleet", "a", "--fleet", "b", "list"]);
    assert_eq!(out.status.code(), Some(78), "two fleets is a configuration error");
}
