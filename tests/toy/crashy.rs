//! A small MCP stdio server that answers the JSON-RPC tables correctly except for four seeded
//! defects, for proving that `ctxlake fuzz` finds each, names its rule and shrinks it
//! (tests/it/fuzz.rs):
//! - it exits when `echo`'s `text` is longer than 4,096 characters (server.stays-up);
//! - it hangs on a request whose id is a negative number (server.answers-in-time);
//! - it answers `notifications/roots/list_changed` (rpc.no-answer);
//! - it prints a non-JSON line on stdout before answering `resources/list`
//!   (stdio.stdout-frames-only).
//!
//! Its one tool, `echo(text: string)`, is annotated read-only, so the fuzzer calls it.

use serde_json::{Value, json};
use std::io::{BufRead, Write};

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().split(b'\n') {
        let Ok(line) = line else { return };
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let answer = match serde_json::from_slice::<Value>(&line) {
            Ok(message) => answer(&message, &mut out),
            Err(_) => Some(error(Value::Null, -32700, "parse error")),
        };
        if let Some(answer) = answer {
            let _ = writeln!(out, "{answer}");
            let _ = out.flush();
        }
    }
}

fn error(id: Value, code: i64, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

fn answer(message: &Value, out: &mut impl Write) -> Option<Value> {
    let Value::Object(map) = message else {
        return Some(error(Value::Null, -32600, "not a request object"));
    };
    // Without a method it is a response sent to us: nothing to answer.
    let method = map.get("method")?;
    let id = map.get("id");
    let readable_id = match id {
        None | Some(Value::String(_)) => true,
        Some(Value::Number(n)) => n.is_i64() || n.is_u64(),
        Some(_) => false,
    };
    if !readable_id {
        return Some(error(Value::Null, -32600, "invalid id"));
    }
    let (Value::String(method), Some("2.0")) = (method, map.get("jsonrpc").and_then(Value::as_str)) else {
        return id.map(|id| error(id.clone(), -32600, "invalid request"));
    };
    let Some(id) = id.cloned() else {
        // Defect: one notification is answered.
        return (method == "notifications/roots/list_changed")
            .then(|| json!({"jsonrpc": "2.0", "id": null, "result": {}}));
    };
    // Defect: a negative id hangs the server.
    if id.as_i64().is_some_and(|n| n < 0) {
        loop {
            std::thread::sleep(std::time::Duration::from_secs(3600));
        }
    }
    let result = match method.as_str() {
        "initialize" => json!({
            "protocolVersion": "2025-06-18",
            "capabilities": {"tools": {}, "resources": {}},
            "serverInfo": {"name": "toy-crashy", "version": "0.1.0"}
        }),
        "ping" => json!({}),
        "tools/list" => json!({"tools": [{
            "name": "echo",
            "inputSchema": {"type": "object", "required": ["text"], "properties": {"text": {"type": "string"}}},
            "annotations": {"readOnlyHint": true}
        }]}),
        "tools/call" => {
            let text = message.pointer("/params/arguments/text").and_then(Value::as_str);
            if message.pointer("/params/name") != Some(&json!("echo")) {
                return Some(error(id, -32602, "unknown tool"));
            }
            // Defect: a long argument ends the process.
            if text.is_some_and(|t| t.chars().count() > 4096) {
                std::process::exit(3);
            }
            match text {
                Some(text) => json!({"content": [{"type": "text", "text": text}]}),
                None => json!({"content": [{"type": "text", "text": "text is required"}], "isError": true}),
            }
        }
        "resources/list" => {
            // Defect: a diagnostic on stdout.
            let _ = writeln!(out, "listing resources");
            json!({"resources": []})
        }
        "resources/templates/list" => json!({"resourceTemplates": []}),
        "resources/read" => return Some(error(id, -32002, "resource not found")),
        "resources/subscribe" | "resources/unsubscribe" | "logging/setLevel" => json!({}),
        _ => return Some(error(id, -32601, "method not found")),
    };
    Some(json!({"jsonrpc": "2.0", "id": id, "result": result}))
}
