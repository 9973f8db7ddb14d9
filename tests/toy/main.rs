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
//!
//! `toy_mcp --http PORT` serves the same answers over HTTP on 127.0.0.1:PORT (any path), one
//! JSON answer per POST (notifications included: 202 only for a body it cannot parse), and two
//! more defects: it accepts any `Origin` (http.origin-403) and any `MCP-Protocol-Version`
//! (http.protocol-version-header).

use serde_json::{Value, json};
use std::io::{BufRead, Read, Write};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let [_, flag, port] = args.as_slice()
        && flag == "--http"
    {
        serve_http(port);
        return;
    }
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "toy-mcp 0.1 starting (this line should have gone to stderr)");
    let _ = out.flush();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return };
        let Ok(frame) = serde_json::from_str::<Value>(&line) else { continue };
        let Some(answer) = frame_answer(&frame) else { continue };
        let _ = writeln!(out, "{answer}");
        let _ = out.flush();
    }
}

fn frame_answer(frame: &Value) -> Option<Value> {
    let method = frame.get("method").and_then(Value::as_str)?;
    let id = match frame.get("id") {
        Some(Value::Number(n)) => json!(n.to_string()),
        Some(other) => other.clone(),
        None => Value::Null,
    };
    Some(match answer(method, &frame["params"]) {
        Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
        Err((code, message)) => json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}}),
    })
}

fn serve_http(port: &str) {
    let listener = std::net::TcpListener::bind(format!("127.0.0.1:{port}")).expect("bind the toy's port");
    for stream in listener.incoming() {
        let Ok(mut stream) = stream else { continue };
        let mut raw = Vec::new();
        let mut buf = [0u8; 8192];
        let (head_end, length) = loop {
            let Ok(n) = stream.read(&mut buf) else { break (0, 0) };
            if n == 0 {
                break (0, 0);
            }
            raw.extend_from_slice(&buf[..n]);
            if let Some(end) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&raw[..end]).to_ascii_lowercase();
                let length = head
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length:"))
                    .and_then(|v| v.trim().parse::<usize>().ok())
                    .unwrap_or(0);
                break (end + 4, length);
            }
        };
        while raw.len() < head_end + length {
            match stream.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => raw.extend_from_slice(&buf[..n]),
            }
        }
        let is_post = raw.starts_with(b"POST ");
        let body = raw.get(head_end..).unwrap_or_default();
        let answer = serde_json::from_slice::<Value>(body).ok().and_then(|frame| frame_answer(&frame));
        let reply = match (is_post, answer) {
            (false, _) => "HTTP/1.1 405 Method Not Allowed\r\ncontent-length: 0\r\n\r\n".to_string(),
            (true, None) => "HTTP/1.1 202 Accepted\r\ncontent-length: 0\r\n\r\n".to_string(),
            (true, Some(answer)) => {
                let text = answer.to_string();
                format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{text}",
                    text.len()
                )
            }
        };
        let _ = stream.write_all(reply.as_bytes());
    }
}

fn answer(method: &str, params: &Value) -> Result<Value, (i64, &'static str)> {
    const LEGACY: [&str; 4] = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"];
    match method {
        "initialize" => {
            let asked = params["protocolVersion"].as_str().unwrap_or_default();
            let agreed = if LEGACY.contains(&asked) { asked } else { "2025-11-25" };
            let capabilities = json!({"tools": {}, "resources": {}, "prompts": {}, "completions": {}, "logging": {}});
            Ok(json!({"protocolVersion": agreed, "capabilities": capabilities}))
        }
        "ping" => Ok(json!({})),
        // Pages twice, naming its one tool on both pages; takes any other cursor for the first.
        "tools/list" => {
            let echo = json!({
                "name": "echo", "description": "Echoes its text",
                "inputSchema": {"type": "object", "required": ["text"], "properties": {"text": {"type": "string"}}}
            });
            match params["cursor"].as_str() {
                Some("p2") => Ok(json!({"tools": [echo]})),
                _ => Ok(json!({"tools": [echo], "nextCursor": "p2"})),
            }
        }
        // Reads every uri, listed or not, as empty contents.
        "resources/list" => Ok(json!({"resources": [{"uri": "toy://a", "name": "a"}]})),
        "resources/read" => Ok(json!({"contents": []})),
        // A message role MCP does not have; an unknown prompt is an internal error.
        "prompts/list" => Ok(json!({"prompts": [{"name": "greet", "arguments": [{"name": "who"}]}]})),
        "prompts/get" if params["name"] == "greet" => {
            Ok(json!({"messages": [{"role": "system", "content": {"type": "text", "text": "hi"}}]}))
        }
        "prompts/get" => Err((-32603, "no such prompt")),
        // More values than the 100 a completion may carry.
        "completion/complete" => Ok(json!({"completion": {"values": vec!["x"; 101]}})),
        // A result that is not empty.
        "logging/setLevel" => Ok(json!({"level": params["level"]})),
        "tools/call" => match (params["name"].as_str(), params["arguments"]["text"].as_str()) {
            (Some("echo"), Some(text)) => Ok(json!({"content": [{"type": "text", "text": text}], "isError": false})),
            (Some("echo"), None) => Err((-32602, "text is required")),
            _ => Err((-32602, "unknown tool")),
        },
        m if m.starts_with("notifications/") => Ok(json!({})),
        _ => Err((-32601, "method not found")),
    }
}
