//! Resource subscriptions over stdio against the real binary: a subscribed resource that a
//! sync changes is announced with `notifications/resources/updated`; an unchanged or
//! unsubscribed one is not.

use ctxlake::rpc::{Server, Session};
use ctxlake::tools::Toolbox;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const STATUS: &str = "ctxlake://fleet/subs/status";
const BRIEFING: &str = "ctxlake://fleet/subs/briefing";

fn request(id: u64, method: &str, params: Value) -> String {
    json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string()
}

/// What `sync` would write: the fleet's roster with one agent.
fn write_roster(cache: &std::path::Path, task: &str) {
    let roster = json!({"generated_at": "2026-09-09T10:00:00Z", "source": "roster_build", "agents": [
        {"agent_id": "cc-01", "runtime": "claude_code", "repo": "org/app", "branch": "main", "task": task,
         "updated_at": "2026-09-09T10:00:00Z"}]});
    let dir = cache.join("subs");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("roster.json.tmp"), roster.to_string()).unwrap();
    std::fs::rename(dir.join("roster.json.tmp"), dir.join("roster.json")).unwrap();
}

#[test]
fn a_subscribed_resource_that_a_sync_changes_is_announced_and_nothing_else_is() {
    let root = tempfile::tempdir().unwrap();
    let cache = root.path().join("cache");
    write_roster(&cache, "first task");
    let mut child = Command::new(env!("CARGO_BIN_EXE_ctxlake"))
        .arg("mcp")
        .env("CTXLAKE_SPOOL_DIR", root.path().join("spool"))
        .env("CTXLAKE_CACHE_DIR", &cache)
        .env("CTXLAKE_FLEET_ID", "subs")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let (frames, heard) = mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = frames.send(serde_json::from_str::<Value>(&line).unwrap());
        }
    });
    let answer = |id: u64| loop {
        let frame = heard.recv_timeout(Duration::from_secs(10)).expect("an answer");
        if frame["id"] == id {
            return frame;
        }
    };
    let init =
        json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "it", "version": "1"}});
    writeln!(stdin, "{}", request(1, "initialize", init)).unwrap();
    assert_eq!(answer(1)["result"]["capabilities"]["resources"]["subscribe"], true);
    for (id, method, uri) in [(2, "resources/subscribe", STATUS), (3, "resources/subscribe", BRIEFING)] {
        writeln!(stdin, "{}", request(id, method, json!({"uri": uri}))).unwrap();
        assert_eq!(answer(id)["result"], json!({}), "{method} {uri}");
    }
    writeln!(stdin, "{}", request(4, "resources/subscribe", json!({"uri": "ctxlake://fleet/other/status"}))).unwrap();
    let refused = answer(4);
    assert_eq!(
        (refused["error"]["code"].clone(), refused["error"]["data"]["uri"].clone()),
        (json!(-32602), json!("ctxlake://fleet/other/status"))
    );
    writeln!(stdin, "{}", request(5, "resources/unsubscribe", json!({"uri": BRIEFING}))).unwrap();
    assert_eq!(answer(5)["result"], json!({}));

    // Two watch rounds with nothing changed: nothing is announced.
    std::thread::sleep(Duration::from_millis(2200));
    write_roster(&cache, "second task");
    let deadline = Instant::now() + Duration::from_secs(4);
    let mut updates = vec![];
    while let Ok(frame) = heard.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        updates.push(frame);
    }
    drop(stdin);
    let _ = child.wait();
    let expected = json!({"jsonrpc": "2.0", "method": "notifications/resources/updated", "params": {"uri": STATUS}});
    assert_eq!(updates, [expected], "one update, for the status only, once the roster changed");
}

fn answer(server: &Server, session: &mut Session, method: &str, params: Value) -> Value {
    let frame = json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params});
    serde_json::from_str(&server.handle(session, frame).expect("an answer").encode()).unwrap()
}

/// HTTP sessions cannot be sent a notification between requests: no subscriptions there.
#[test]
fn subscriptions_are_offered_only_to_a_session_that_can_be_sent_updates() {
    let root = tempfile::tempdir().unwrap();
    let server = Server::new(Toolbox::new(ctxlake::config::Ctx::under(root.path(), "fleet-a").unwrap()));
    let init =
        json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}});
    let subscribe = json!({"uri": "ctxlake://fleet/fleet-a/status"});
    let mut http = Session::new();
    let offered = answer(&server, &mut http, "initialize", init.clone());
    assert_eq!(offered["result"]["capabilities"]["resources"].get("subscribe"), None);
    assert_eq!(answer(&server, &mut http, "resources/subscribe", subscribe.clone())["error"]["code"], -32601);
    let mut stdio = Session::new().with_updates();
    let offered = answer(&server, &mut stdio, "initialize", init);
    assert_eq!(offered["result"]["capabilities"]["resources"]["subscribe"], true);
    assert_eq!(answer(&server, &mut stdio, "resources/subscribe", subscribe)["result"], json!({}));
    assert!(stdio.is_subscribed());
    assert!(server.resource_updates(&mut stdio).is_empty(), "nothing changed");
}
