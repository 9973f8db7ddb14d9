//! Raw bytes, line by line, through the dispatcher: it never panics, answers each line with at
//! most one single-line frame, every frame is valid JSON-RPC 2.0, a request's id is echoed,
//! and a notification or a stray reply is never answered.
#![no_main]

use ctxlake::config::Ctx;
use ctxlake::rpc::{Server, Session};
use ctxlake::tools::Toolbox;
use ctxlake::transport::stdio::answer_line;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use std::sync::OnceLock;

/// One server for the whole run, as in a real process; every input is a new session on it.
fn server() -> &'static Server {
    static SERVER: OnceLock<(tempfile::TempDir, Server)> = OnceLock::new();
    let (_, server) = SERVER.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let ctx = Ctx::under(dir.path(), "default").expect("a valid fleet id");
        (dir, Server::new(Toolbox::new(ctx)))
    });
    server
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, data)) = data.split_first() else { return };
    let (server, mut session) = (server(), Session::new());
    // The first byte picks the revision the session starts in (the last one: no handshake, so
    // requests are served as 2025-11-25 unless they carry the 2026-07-28 envelope).
    let revisions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"];
    if let Some(revision) = revisions.get(usize::from(selector) % (revisions.len() + 1)) {
        let init = format!(
            r#"{{"jsonrpc":"2.0","id":0,"method":"initialize","params":{{"protocolVersion":"{revision}","capabilities":{{}},"clientInfo":{{"name":"f","version":"0"}}}}}}"#
        );
        let answer = answer_line(server, &mut session, init.as_bytes()).expect("initialize is answered").encode();
        assert!(answer.contains(revision), "initialize echoes a supported revision");
    }
    for line in data.split(|&b| b == b'\n') {
        let answer = answer_line(server, &mut session, line).map(|frame| frame.encode());
        check(line, answer.as_deref(), session.revision().accepts_batches());
    }
});

fn check(line: &[u8], answer: Option<&str>, batches: bool) {
    let input: Option<Value> = std::str::from_utf8(line).ok().and_then(|t| serde_json::from_str(t).ok());
    let Some(answer) = answer else {
        if let Some(Value::Object(frame)) = &input {
            let is_request = frame.get("id").is_some() && frame.get("method").is_some();
            assert!(!is_request, "a request went unanswered: {frame:?}");
        }
        return;
    };
    assert!(!answer.contains('\n'), "a frame spans lines");
    let frame: Value = serde_json::from_str(answer).expect("every answer is JSON");
    match &frame {
        Value::Array(items) => {
            assert!(batches, "an array answer outside a batching revision");
            assert!(!items.is_empty(), "an empty batch answer is never sent");
            items.iter().for_each(check_frame);
        }
        single => check_frame(single),
    }
    if let Some(Value::Object(request)) = &input {
        assert!(request.contains_key("id") || request.get("method").is_none(), "a notification was answered");
        if request.get("result").is_some() || request.get("error").is_some() {
            assert!(request.contains_key("method"), "a stray reply was answered");
        }
        if let (Some(id @ (Value::String(_) | Value::Number(_))), Some(Value::String(_)), Some("2.0")) =
            (request.get("id"), request.get("method"), request.get("jsonrpc").and_then(Value::as_str))
        {
            if id.is_i64() || id.is_string() {
                assert_eq!(&frame["id"], id, "the request id is echoed");
            }
        }
    }
}

fn check_frame(frame: &Value) {
    assert_eq!(frame["jsonrpc"], "2.0");
    assert!(frame.get("id").is_some(), "every answer has an id member");
    assert!(frame.get("result").is_some() != frame.get("error").is_some(), "exactly one of result and error");
    if let Some(error) = frame.get("error") {
        assert!(error["code"].is_i64() && error["message"].is_string(), "error object shape");
    }
}
