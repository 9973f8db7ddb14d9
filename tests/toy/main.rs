//! A deliberately non-conformant MCP stdio server, for proving that `ctxlake conform` reports
//! each defect by the check meant to catch it (tests/it/conform.rs). Its defects:
//! - it prints a log line on stdout before serving (stdio.stdout-frames-only);
//! - it stays silent on malformed JSON (rpc.parse-error);
//! - it answers notifications (rpc.no-answer);
//! - it echoes integer ids back as strings (rpc.id-echo/integer, lifecycle.ping);
//! - its InitializeResult has no serverInfo (wire.initialize);
//! - it reports a missing tool argument as -32602 in every revision (tools.input-validation-is-tool-error).
//!
//! It is otherwise a plain legacy-era server with one tool, `echo(text: string)`, and no 2026-07-28.

use serde_json::{Value, json};
use std::io::{BufRead, Write};

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "toy-mcp 0.1 starting (this line should have gone to stderr)");
    let _ = out.flush();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return };
        let Ok(frame) = serde_json::from_str::<Value>(&line) else { continue };
        let Some(method) = frame.get("method").and_then(Value::as_str) else { continue };
        let id = match frame.get("id") {
            Some(Value::Number(n)) => json!(n.to_string()),
            Some(other) => other.clone(),
            None => Value::Null,
        };
        let answer = match answer(method, &frame["params"]) {
            Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
            Err((code, message)) => json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}}),
        };
        let _ = writeln!(out, "{answer}");
        let _ = out.flush();
    }
}

fn answer(method: &str, params: &Value) -> Result<Value, (i64, &'static str)> {
    const LEGACY: [&str; 4] = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"];
    match method {
        "initialize" => {
            let asked = params["protocolVersion"].as_str().unwrap_or_default();
            let agreed = if LEGACY.contains(&asked) { asked } else { "2025-11-25" };
            Ok(json!({"protocolVersion": agreed, "capabilities": {"tools": {}}}))
        }
        "ping" => Ok(json!({})),
        "tools/list" => Ok(json!({"tools": [{
            "name": "echo", "description": "Echoes its text",
            "inputSchema": {"type": "object", "required": ["text"], "properties": {"text": {"type": "string"}}}
        }]})),
        "tools/call" => match (params["name"].as_str(), params["arguments"]["text"].as_str()) {
            (Some("echo"), Some(text)) => Ok(json!({"content": [{"type": "text", "text": text}], "isError": false})),
            (Some("echo"), None) => Err((-32602, "text is required")),
            _ => Err((-32602, "unknown tool")),
        },
        m if m.starts_with("notifications/") => Ok(json!({})),
        _ => Err((-32601, "method not found")),
    }
}
