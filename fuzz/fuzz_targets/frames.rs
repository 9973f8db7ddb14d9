//! Raw bytes, line by line, through the dispatcher: it never panics, answers each line with at
//! most one single-line frame, every frame is valid JSON-RPC 2.0, a request's id is echoed,
//! and a notification or a stray reply is never answered.
#![no_main]

use ctxlake::config::Ctx;
use ctxlake::rpc::Server;
use ctxlake::tools::Toolbox;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use std::sync::OnceLock;

fn ctx() -> Ctx {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    let dir = DIR.get_or_init(|| tempfile::tempdir().expect("temp dir"));
    let path = dir.path().to_path_buf();
    Ctx::from_lookup(|key| match key {
        "CTXLAKE_SPOOL_DIR" => Some(path.join("spool").display().to_string()),
        "CTXLAKE_CACHE_DIR" => Some(path.join("cache").display().to_string()),
        _ => None,
    })
    .expect("valid defaults")
}

fuzz_target!(|data: &[u8]| {
    let mut server = Server::new(Toolbox::new(ctx()));
    for line in data.split(|&b| b == b'\n') {
        let answer = server.handle_line(line);
        check(line, answer.as_deref(), server.session_revision().accepts_batches());
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
