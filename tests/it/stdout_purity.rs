//! The in-process tests cannot see a stray write to the real stdout; this one can. It drives a
//! mixed session through the actual binary and checks that stdout carries exactly one valid
//! JSON-RPC frame per request and nothing else.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

const SESSION: &[&str] = &[
    r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
    "",
    "garbage that is not json",
    r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
    r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"fleet_status","arguments":{}}}"#,
    r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"fleet_handoff","arguments":{"summary":"line one\nline two","status":"done"}}}"#,
    r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"fleet_claim","arguments":{"paths":123}}}"#,
    r#"{"jsonrpc":"2.0","method":"no/such/notification"}"#,
    r#"{"jsonrpc":"2.0","id":6,"method":"nope"}"#,
    r#"{"jsonrpc":"2.0","id":7,"result":{}}"#,
    r#"{"jsonrpc":"2.0","id":"eight","method":"ping"}"#,
];

#[test]
fn real_process_stdout_carries_one_json_rpc_frame_per_request_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ctxlake"))
        .arg("mcp")
        .env("CTXLAKE_SPOOL_DIR", dir.path().join("spool"))
        .env("CTXLAKE_CACHE_DIR", dir.path().join("cache"))
        .env("CTXLAKE_FLEET_ID", "purity")
        // Logging at the most verbose level must still never reach stdout.
        .env("CTXLAKE_LOG", "trace")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for line in SESSION {
        writeln!(stdin, "{line}").unwrap();
    }
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "exit status {:?}", output.status);

    let stdout = String::from_utf8(output.stdout).expect("stdout is UTF-8");
    assert!(stdout.ends_with('\n'), "every frame ends with a newline");
    let frames: Vec<Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("not a JSON frame ({e}): {line:?}")))
        .collect();
    let ids: Vec<Value> = frames.iter().map(|f| f["id"].clone()).collect();
    let expected: Vec<Value> = serde_json::from_str(r#"[1, null, 2, 3, 4, 5, 6, "eight"]"#).unwrap();
    assert_eq!(ids, expected, "one frame per request, in order");
    for frame in &frames {
        assert_eq!(frame["jsonrpc"], "2.0");
        assert!(frame.get("result").is_some() != frame.get("error").is_some(), "exactly one of result/error: {frame}");
    }
    assert!(!output.stderr.is_empty(), "diagnostics went to stderr");
}
