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

/// A session that cannot be sent a notification between requests (stateless HTTP) has no
/// subscriptions.
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

/// Records what the core sends before an answer.
#[derive(Default)]
struct Heard(std::cell::RefCell<Vec<Value>>);

impl ctxlake::rpc::Outbox for Heard {
    fn notify(&self, method: &str, params: Value) {
        self.0.borrow_mut().push(json!({"method": method, "params": params}));
    }
    fn ask(&self, _: &str, _: Value) -> Result<Value, String> {
        Err("no client to ask".into())
    }
}

fn listen_frame(id: &str, uris: &[&str]) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "subscriptions/listen", "params": {
        "notifications": {"resourceSubscriptions": uris, "toolsListChanged": true},
        "_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                  "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "1"},
                  "io.modelcontextprotocol/clientCapabilities": {}}}})
}

/// 2026-07-28: a `subscriptions/listen` stream for readable resources is acknowledged with those
/// only, held open (no answer), carries their updates tagged with its id, and ends with its
/// answer at shutdown, or silently when the client cancels it.
#[test]
fn a_listen_stream_watches_the_readable_resources_it_names_until_it_is_ended() {
    let root = tempfile::tempdir().unwrap();
    let cache = root.path().join("cache");
    write_roster(&cache, "first task");
    let server = Server::new(Toolbox::new(ctxlake::config::Ctx::under(root.path(), "subs").unwrap()));
    let mut session = Session::new().with_updates();
    let heard = Heard::default();
    let held = server.handle_with(&mut session, listen_frame("s1", &[STATUS, "ctxlake://fleet/other/status"]), &heard);
    assert!(held.is_none(), "the stream is held open: no answer yet");
    assert!(session.is_listening());
    let acknowledged = heard.0.borrow()[0].clone();
    assert_eq!(acknowledged["method"], "notifications/subscriptions/acknowledged");
    assert_eq!(
        acknowledged["params"],
        json!({"notifications": {"resourceSubscriptions": [STATUS]},
               "_meta": {"io.modelcontextprotocol/subscriptionId": "s1"}}),
        "only what can be honored: the readable resource, not another fleet's nor tool list changes"
    );
    assert!(server.resource_updates(&mut session).is_empty(), "nothing changed yet");
    write_roster(&cache, "second task");
    let updates = server.resource_updates(&mut session);
    assert_eq!(
        updates,
        [json!({"jsonrpc": "2.0", "method": "notifications/resources/updated",
                "params": {"uri": STATUS, "_meta": {"io.modelcontextprotocol/subscriptionId": "s1"}}})]
    );
    let ended: Vec<Value> =
        server.end_listens(&mut session).iter().map(|f| serde_json::from_str(&f.encode()).unwrap()).collect();
    assert_eq!(ended.len(), 1);
    assert_eq!(ended[0]["id"], "s1");
    assert_eq!(ended[0]["result"]["_meta"]["io.modelcontextprotocol/subscriptionId"], "s1");
    assert!(!session.is_listening() && !session.is_subscribed());

    // A cancelled stream ends without an answer.
    assert!(server.handle_with(&mut session, listen_frame("s2", &[BRIEFING]), &heard).is_none());
    let cancel = json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "s2"}});
    assert!(server.handle(&mut session, cancel).is_none());
    assert!(!session.is_listening(), "the cancellation ended the stream");
    assert!(server.end_listens(&mut session).is_empty());
}

#[test]
fn a_listen_stream_with_nothing_to_honor_or_no_way_to_be_held_ends_at_once() {
    let root = tempfile::tempdir().unwrap();
    write_roster(&root.path().join("cache"), "a task");
    let server = Server::new(Toolbox::new(ctxlake::config::Ctx::under(root.path(), "subs").unwrap()));
    let answered = |session: &mut Session, uris: &[&str]| -> Value {
        let frame = server.handle_with(session, listen_frame("s", uris), &Heard::default());
        serde_json::from_str(&frame.expect("answered at once").encode()).unwrap()
    };
    let mut holdable = Session::new().with_updates();
    let ended = answered(&mut holdable, &["ctxlake://fleet/other/status"]);
    assert_eq!(ended["result"]["_meta"]["io.modelcontextprotocol/subscriptionId"], "s", "{ended}");
    assert!(!holdable.is_listening());
    let mut plain = Session::new();
    assert!(answered(&mut plain, &[STATUS])["result"].is_object(), "a transport that cannot hold it");
    assert!(!plain.is_listening());
    let too_many: Vec<String> = (0..33).map(|i| format!("ctxlake://guidance/g{i}")).collect();
    let too_many: Vec<&str> = too_many.iter().map(String::as_str).collect();
    let refused = answered(&mut holdable, &too_many);
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
    assert!(refused["error"]["message"].as_str().unwrap().contains("resourceSubscriptions"));
}

/// Over stdio a held stream does not stop the session, and end of input ends it with its answer.
#[test]
fn over_stdio_a_held_listen_stream_is_answered_when_the_input_ends() {
    let root = tempfile::tempdir().unwrap();
    write_roster(&root.path().join("cache"), "a task");
    let server = Server::new(Toolbox::new(ctxlake::config::Ctx::under(root.path(), "subs").unwrap()));
    let ping = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {"_meta": {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}}});
    let input = format!("{}\n{ping}\n", listen_frame("s1", &[STATUS]));
    let mut output = vec![];
    ctxlake::transport::stdio::serve(&server, std::io::Cursor::new(input.into_bytes()), &mut output).unwrap();
    let frames: Vec<Value> =
        String::from_utf8(output).unwrap().lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    let shape: Vec<String> =
        frames.iter().map(|f| f["method"].as_str().map_or_else(|| f["id"].to_string(), str::to_string)).collect();
    assert_eq!(shape, ["notifications/subscriptions/acknowledged", "2", "\"s1\""]);
    assert_eq!(frames[2]["result"]["_meta"]["io.modelcontextprotocol/subscriptionId"], "s1");
}
