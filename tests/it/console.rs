//! The owner's console (`ctxlake serve --console`) through the real binary over HTTP, on a
//! folder lake: who gets in (an owner key, never a fleet key or a stranger), the CSRF token on
//! every decision, the Host and Origin rules, the headers of every page, and decisions that are
//! the same lake events `ctxlake claims` writes, applied by the next fold.

use ctxlake::conform::http::{Response, Url, send};
use serde_json::json;
use std::io::{BufRead as _, BufReader, Write as _};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(30);

struct Host {
    dir: tempfile::TempDir,
}

impl Host {
    fn new() -> Host {
        Host { dir: tempfile::tempdir().unwrap() }
    }

    fn command(&self, agent: &str) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_ctxlake"));
        command
            .env("HOME", self.dir.path())
            .env("CTXLAKE_AGENT_ID", agent)
            .env("CTXLAKE_HOST_ID", "host-a")
            .env("CTXLAKE_KEY_PEPPER", "a pepper for the tests, long enough")
            .env_remove("CTXLAKE_LAKE")
            .env_remove("CTXLAKE_KEYS")
            .env_remove("CTXLAKE_STATE")
            .env_remove("CTXLAKE_FLEET_ID");
        command
    }

    fn ctxlake(&self, args: &[&str]) -> Output {
        self.command("owner").args(args).output().unwrap()
    }

    fn ok(&self, args: &[&str]) -> String {
        let out = self.ctxlake(args);
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    }

    /// `agent` proposes a claim through `ctxlake mcp`; then a sync and a fold.
    fn propose(&self, agent: &str, claim: &str, claim_type: &str, sessions: &[&str]) {
        let evidence: Vec<_> = sessions.iter().map(|s| json!({"session_id": s, "message_id": "m-1"})).collect();
        let lines = [
            json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25",
                   "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}),
            json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "memory_propose", "arguments": {
                   "claim": claim, "type": claim_type, "subject": "org/app", "evidence": evidence}}}),
        ];
        let mut child = self.command(agent).arg("mcp").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
        let mut stdin = child.stdin.take().unwrap();
        for line in lines {
            writeln!(stdin, "{line}").unwrap();
        }
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        assert!(String::from_utf8_lossy(&out.stdout).contains("candidate"), "{out:?}");
        self.cycle();
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

    fn create_key(&self, args: &[&str]) -> String {
        String::from_utf8(self.command("owner").args(["keys", "create"]).args(args).output().unwrap().stdout)
            .unwrap()
            .trim()
            .to_string()
    }

    fn lake_files(&self) -> usize {
        count_files(&self.dir.path().join(".ctxlake/lake"))
    }

    /// `ctxlake serve --bind 127.0.0.1:0 --console ARGS`, its address read from stderr.
    fn serve(&self, args: &[&str]) -> Serve {
        let mut child = self
            .command("operator")
            .args(["serve", "--bind", "127.0.0.1:0", "--console"])
            .args(args)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut line = String::new();
        stderr.read_line(&mut line).unwrap();
        std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
        let base =
            line.split_whitespace().find(|w| w.starts_with("http://")).unwrap().trim_end_matches("/mcp").to_string();
        Serve { child, base }
    }
}

fn count_files(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .map(|entries| entries.map(|e| e.unwrap().path()).map(|p| if p.is_dir() { count_files(&p) } else { 1 }).sum())
        .unwrap_or(0)
}

struct Serve {
    child: Child,
    base: String,
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Serve {
    fn get(&self, path: &str, cookie: Option<&str>) -> Response {
        let headers: Vec<(String, String)> = cookie.iter().map(|c| ("Cookie".to_string(), c.to_string())).collect();
        self.send("GET", path, headers, "")
    }

    fn post(&self, path: &str, cookie: Option<&str>, form: &str) -> Response {
        let mut headers = vec![("Content-Type".to_string(), "application/x-www-form-urlencoded".to_string())];
        headers.extend(cookie.iter().map(|c| ("Cookie".to_string(), c.to_string())));
        self.send("POST", path, headers, form)
    }

    fn send(&self, method: &str, path: &str, headers: Vec<(String, String)>, body: &str) -> Response {
        let url = Url::parse(&format!("{}{path}", self.base)).unwrap();
        send(&url, method, &headers, body.as_bytes(), TIMEOUT).unwrap()
    }
}

fn text(response: &Response) -> String {
    String::from_utf8_lossy(&response.body).to_string()
}

/// The `name=value` of a Set-Cookie, for a Cookie header.
fn cookie_of(response: &Response) -> String {
    let set = response.header("set-cookie").unwrap_or_else(|| panic!("no cookie: {}", response.status));
    set.split(';').next().unwrap().to_string()
}

/// The CSRF token a page's forms carry.
fn csrf_of(page: &str) -> String {
    let at = page.find(r#"name="csrf" value=""#).unwrap_or_else(|| panic!("no csrf field in {page}"));
    let rest = &page[at + r#"name="csrf" value=""#.len()..];
    rest[..rest.find('"').unwrap()].to_string()
}

fn form(pairs: &[(&str, &str)]) -> String {
    form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish()
}

#[test]
fn an_owner_key_signs_in_and_approves_a_held_preference_that_the_next_fold_promotes() {
    let host = Host::new();
    host.propose("cc-01", "the owner wants small commits", "preference", &["s-1", "s-2"]);
    let (id, status) = host.status_of("small commits");
    assert_eq!(status, "candidate");
    let owner = host.create_key(&["--name", "ana", "--owner", "--fleets", "default"]);
    let fleet_key = host.create_key(&["--name", "bot", "--fleets", "default"]);
    let serve = host.serve(&["--keys", "--guests"]);

    // A stranger, a guest and a fleet key never see it; every answer carries the policy.
    let stranger = serve.get("/console", None);
    assert_eq!(stranger.status, 401);
    assert!(text(&stranger).contains("Owner key"), "the sign-in form");
    let policy = stranger.header("content-security-policy").unwrap();
    assert!(policy.contains("default-src 'none'") && !policy.contains("script-src"), "{policy}");
    assert_eq!(stranger.header("x-frame-options"), Some("DENY"));
    assert_eq!(serve.post("/console/sign-in", None, &form(&[("key", &fleet_key)])).status, 403);
    assert_eq!(serve.post("/console/sign-in", None, &form(&[("key", "kb_live_nope_nope")])).status, 401);
    assert_eq!(serve.get("/console", Some("ctxlake_console=forged")).status, 401);

    let signed = serve.post("/console/sign-in", None, &form(&[("key", &owner)]));
    assert_eq!(signed.status, 303);
    assert_eq!(signed.header("location"), Some("/console"));
    let set = signed.header("set-cookie").unwrap();
    assert!(set.contains("HttpOnly") && set.contains("SameSite=Strict") && set.contains("Path=/console"), "{set}");
    let cookie = cookie_of(&signed);

    let queue = serve.get("/console", Some(&cookie));
    assert_eq!(queue.status, 200);
    let page = text(&queue);
    assert!(
        page.contains("the owner wants small commits") && page.contains("approv"),
        "the claim and why it is held: {page}"
    );
    let csrf = csrf_of(&page);
    assert_eq!(serve.get("/console?fleet=other", Some(&cookie)).status, 403, "not an owner of that fleet");
    assert_eq!(serve.get("/console/fleet", Some(&cookie)).status, 200);
    let shown = serve.get(&format!("/console/claim?{}", form(&[("id", &id)])), Some(&cookie));
    assert_eq!(shown.status, 200);
    assert!(text(&shown).contains("Approve"), "a candidate can be approved");

    // A decision without the session's token, from another origin or for another Host writes nothing.
    let before = host.lake_files();
    let approve = |csrf: &str| form(&[("csrf", csrf), ("fleet", "default"), ("action", "approve"), ("claim", &id)]);
    assert_eq!(
        serve
            .post(
                "/console/decide",
                Some(&cookie),
                &form(&[("fleet", "default"), ("action", "approve"), ("claim", &id)])
            )
            .status,
        403
    );
    assert_eq!(serve.post("/console/decide", Some(&cookie), &approve("0000")).status, 403);
    assert_eq!(serve.post("/console/decide", None, &approve(&csrf)).status, 401);
    let mut foreign =
        vec![("Cookie".to_string(), cookie.clone()), ("Origin".to_string(), "http://evil.example".to_string())];
    foreign.push(("Content-Type".into(), "application/x-www-form-urlencoded".into()));
    assert_eq!(serve.send("POST", "/console/decide", foreign, &approve(&csrf)).status, 403);
    let rebound = vec![("Cookie".to_string(), cookie.clone()), ("Host".to_string(), "evil.example".to_string())];
    assert_eq!(serve.send("GET", "/console", rebound, "").status, 403);
    assert_eq!(host.lake_files(), before, "nothing was written");

    // An owner of another fleet, signed in with its own token, cannot decide for this one.
    let carl = host.create_key(&["--name", "carl", "--owner", "--fleets", "other"]);
    let carl_cookie = cookie_of(&serve.post("/console/sign-in", None, &form(&[("key", &carl)])));
    let carl_csrf = csrf_of(&text(&serve.get("/console", Some(&carl_cookie))));
    assert_eq!(serve.post("/console/decide", Some(&carl_cookie), &approve(&carl_csrf)).status, 403);
    assert_eq!(host.lake_files(), before, "nothing was written");

    // As a browser posts the page's form: with the page's own Origin.
    let origin = serve.base.clone();
    let own = vec![
        ("Cookie".to_string(), cookie.clone()),
        ("Origin".to_string(), origin),
        ("Content-Type".to_string(), "application/x-www-form-urlencoded".to_string()),
    ];
    assert_eq!(queue.header("referrer-policy"), Some("same-origin"), "no-referrer would make the Origin null");
    let decided = serve.send("POST", "/console/decide", own, &approve(&csrf));
    assert_eq!(decided.status, 303, "{}", text(&decided));
    assert!(decided.header("location").unwrap().contains("done=approved"));
    host.cycle();
    assert_eq!(host.status_of("small commits").1, "promoted", "the next fold applied the console's approval");

    // A revoked owner key ends its sessions.
    host.ok(&["keys", "revoke", "ana"]);
    assert_eq!(serve.get("/console", Some(&cookie)).status, 401);
}

#[test]
fn the_operator_on_loopback_retracts_a_claim_that_claims_show_lists_with_its_reason() {
    let host = Host::new();
    host.propose("cc-07", "staging ssh listens on 2222", "environment", &["s-1"]);
    let (id, status) = host.status_of("2222");
    assert_eq!(status, "promoted");
    let serve = host.serve(&[]);

    let first = serve.get("/console", None);
    assert_eq!(first.status, 200, "the operator of a loopback-only server needs no key");
    let cookie = cookie_of(&first);
    let shown = serve.get(&format!("/console/claim?{}", form(&[("id", &id)])), Some(&cookie));
    let csrf = csrf_of(&text(&shown));

    let before = host.lake_files();
    let blank = form(&[("csrf", &csrf), ("fleet", "default"), ("action", "retract"), ("claim", &id), ("reason", " ")]);
    let refused = serve.post("/console/decide", Some(&cookie), &blank);
    assert_eq!(refused.status, 400);
    assert!(text(&refused).contains("reason"), "the error names the field");
    let unknown =
        form(&[("csrf", &csrf), ("fleet", "default"), ("action", "retract"), ("claim", "nope"), ("reason", "x")]);
    assert_eq!(serve.post("/console/decide", Some(&cookie), &unknown).status, 404);
    assert_eq!(host.lake_files(), before, "nothing was written");

    let reason = "staging ssh moved to 22 in October";
    let retract =
        form(&[("csrf", &csrf), ("fleet", "default"), ("action", "retract"), ("claim", &id), ("reason", reason)]);
    assert_eq!(serve.post("/console/decide", Some(&cookie), &retract).status, 303);
    host.cycle();
    assert_eq!(host.status_of("2222").1, "retracted");
    let listed = host.ok(&["claims", "show", &id]);
    assert!(listed.contains(reason), "the console's retraction is the CLI's event: {listed}");
    let page = text(&serve.get(&format!("/console/claim?{}", form(&[("id", &id)])), Some(&cookie)));
    assert!(page.contains("Retracted") && page.contains(reason), "the claim's page lists the decision: {page}");

    let out = serve.post("/console/sign-out", Some(&cookie), &form(&[("csrf", &csrf)]));
    assert_eq!(out.status, 303);
    assert!(out.header("set-cookie").unwrap().contains("Max-Age=0"));
}

#[test]
fn an_owner_creates_and_revokes_only_its_own_fleets_keys_and_sees_their_use() {
    let host = Host::new();
    let owner = host.create_key(&["--name", "ana", "--owner", "--fleets", "default"]);
    host.create_key(&["--name", "bot", "--fleets", "default"]);
    host.create_key(&["--name", "theirs", "--fleets", "other"]);
    host.create_key(&["--name", "bea", "--owner", "--fleets", "default"]);
    let serve = host.serve(&["--keys"]);
    let cookie = cookie_of(&serve.post("/console/sign-in", None, &form(&[("key", &owner)])));
    let page = serve.get("/console/keys", Some(&cookie));
    assert_eq!(page.status, 200);
    let shown = text(&page);
    assert!(shown.contains("bot") && !shown.contains("theirs"), "only this owner's fleets' keys: {shown}");
    let csrf = csrf_of(&shown);
    let key_form = |pairs: &[(&str, &str)]| {
        let mut all = vec![("csrf", csrf.as_str()), ("fleet", "default")];
        all.extend_from_slice(pairs);
        form(&all)
    };

    let created = serve.post(
        "/console/keys",
        Some(&cookie),
        &key_form(&[("action", "create"), ("name", "ci"), ("fleets", "default"), ("quota", "100")]),
    );
    assert_eq!(created.status, 200, "{}", text(&created));
    assert!(text(&created).contains("kb_live_"), "the token is shown once");
    let listed = host.ok(&["keys", "list"]);
    assert!(listed.lines().any(|l| l.contains("ci") && l.contains("100/day")), "{listed}");

    let foreign = key_form(&[("action", "create"), ("name", "sneaky"), ("fleets", "default,other")]);
    assert_eq!(serve.post("/console/keys", Some(&cookie), &foreign).status, 403, "a key for a fleet it does not own");
    let bad = key_form(&[("action", "create"), ("name", "q"), ("fleets", "default"), ("quota", "lots")]);
    let refused = serve.post("/console/keys", Some(&cookie), &bad);
    assert_eq!(refused.status, 400);
    assert!(text(&refused).contains("quota"));
    let without = form(&[("fleet", "default"), ("action", "revoke"), ("name", "bot")]);
    assert_eq!(serve.post("/console/keys", Some(&cookie), &without).status, 403, "no CSRF token");
    let theirs = key_form(&[("action", "revoke"), ("name", "theirs")]);
    assert_eq!(serve.post("/console/keys", Some(&cookie), &theirs).status, 404, "another owner's key");
    assert!(
        !host
            .ok(&["keys", "list"])
            .lines()
            .any(|l| l.contains("sneaky") || (l.contains("theirs") && l.contains("revoked")))
    );

    let co_owner = key_form(&[("action", "revoke"), ("name", "bea")]);
    assert_eq!(serve.post("/console/keys", Some(&cookie), &co_owner).status, 403, "one owner cannot lock out another");
    let revoked = serve.post("/console/keys", Some(&cookie), &key_form(&[("action", "revoke"), ("name", "bot")]));
    assert_eq!(revoked.status, 303);
    assert!(host.ok(&["keys", "list"]).lines().any(|l| l.contains("bot") && l.contains("revoked")));
}

/// A knowledge record as `ctxlake kb import` reads it (JSON Lines).
fn kb_record(id: &str, summary: &str, status: &str) -> String {
    json!({"id": id, "slug": id, "title": format!("Guidance {id}"), "topic": "data", "summary": summary,
           "recommendation": "Pin the toolchain in rust-toolchain.toml", "rationale": "Reproducible builds",
           "applies_to": [], "confidence": "high", "updated_at": "2026-10-01T00:00:00Z", "status": status,
           "sources": [{"title": "A", "url": "https://example.org", "publisher": "P", "evidence_excerpt": "E", "relation": "supports"}]})
    .to_string()
}

#[test]
fn the_knowledge_owner_reviews_an_edit_against_the_approved_version_and_deprecates_a_record() {
    let host = Host::new();
    let file = host.dir.path().join("kb.jsonl");
    std::fs::write(
        &file,
        format!("{}\n{}\n", kb_record("kb-a", "builds drift", "approved"), kb_record("kb-b", "old", "approved")),
    )
    .unwrap();
    host.ok(&["kb", "import", file.to_str().unwrap(), "--approve"]);
    std::fs::write(&file, format!("{}\n", kb_record("kb-b", "new words", "approved"))).unwrap();
    host.ok(&["kb", "import", file.to_str().unwrap()]);
    let owner = host.create_key(&["--name", "ana", "--owner", "--fleets", "default"]);
    let stranger = host.create_key(&["--name", "carl", "--owner", "--fleets", "other"]);
    let serve = host.serve(&["--keys"]);

    let carl = cookie_of(&serve.post("/console/sign-in", None, &form(&[("key", &stranger)])));
    assert_eq!(
        serve.get("/console/knowledge?fleet=other", Some(&carl)).status,
        403,
        "the base is the server fleet's owner's"
    );
    let cookie = cookie_of(&serve.post("/console/sign-in", None, &form(&[("key", &owner)])));
    let url = Url::parse(&format!("{}/mcp", serve.base)).unwrap();
    let mcp = |call: serde_json::Value| {
        let headers = vec![
            ("Content-Type".to_string(), "application/json".to_string()),
            ("Accept".to_string(), "application/json, text/event-stream".to_string()),
            ("MCP-Protocol-Version".to_string(), "2025-11-25".to_string()),
            ("Authorization".to_string(), format!("Bearer {owner}")),
        ];
        send(&url, "POST", &headers, call.to_string().as_bytes(), TIMEOUT).unwrap().frames().unwrap()
    };
    for category in ["outdated", "outdated", "helpful"] {
        mcp(json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                   "params": {"name": "submit_feedback", "arguments": {"category": category, "record": "kb-a"}}}));
    }
    let listed = text(&serve.get("/console/knowledge", Some(&cookie)));
    assert!(listed.contains("Guidance kb-b") && listed.contains("edited since approved"), "{listed}");
    assert!(
        listed.contains("aria-label=\"Feedback by category: helpful: 1, outdated: 2\""),
        "the chart says its counts: {listed}"
    );
    let record = text(&serve.get("/console/record?id=kb-b", Some(&cookie)));
    assert!(record.contains("<del>old</del><ins>new words</ins>"), "the diff: {record}");
    let csrf = csrf_of(&record);

    let deprecate = form(&[("csrf", &csrf), ("fleet", "default"), ("action", "deprecate"), ("record", "kb-a")]);
    let without = form(&[("fleet", "default"), ("action", "deprecate"), ("record", "kb-a")]);
    assert_eq!(serve.post("/console/knowledge", Some(&cookie), &without).status, 403);
    let unknown = form(&[("csrf", &csrf), ("fleet", "default"), ("action", "deprecate"), ("record", "nope")]);
    assert_eq!(serve.post("/console/knowledge", Some(&cookie), &unknown).status, 404);
    assert!(host.ok(&["kb", "list"]).lines().any(|l| l.contains("kb-a") && l.contains("approved")));
    assert_eq!(serve.post("/console/knowledge", Some(&cookie), &deprecate).status, 303);
    let approve = form(&[("csrf", &csrf), ("fleet", "default"), ("action", "approve"), ("record", "kb-b")]);
    assert_eq!(serve.post("/console/knowledge", Some(&cookie), &approve).status, 303);
    let after = host.ok(&["kb", "list"]);
    assert!(after.lines().any(|l| l.contains("kb-a") && l.contains("deprecated")), "{after}");
    assert!(after.lines().any(|l| l.contains("kb-b") && l.contains("approved")), "{after}");

    // The running server's knowledge tools no longer serve the deprecated record.
    let frames = mcp(json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                            "params": {"name": "get_guidance", "arguments": {"ids": ["kb-a", "kb-b"]}}}));
    let missing = frames[0]["result"]["structuredContent"]["missing"].to_string();
    assert!(missing.contains("kb-a") && !missing.contains("kb-b"), "kb-a deprecated, kb-b approved again: {frames:?}");
}

#[test]
fn serve_without_the_console_starts_when_the_lake_is_set_in_the_environment() {
    let host = Host::new();
    let mut child = host
        .command("operator")
        .env("CTXLAKE_LAKE", host.dir.path().join("lake"))
        .args(["serve", "--bind", "127.0.0.1:0"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap()).read_line(&mut line).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(line.contains("listening on http://"), "CTXLAKE_LAKE (for sync) does not ask for --console: {line}");
}
