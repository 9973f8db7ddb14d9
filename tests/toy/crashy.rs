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
//!
//! `toy_crashy --http` serves the same over Streamable HTTP on 127.0.0.1 (its URL the first line
//! on stderr), one request per connection, with the defects there:
//! - `echo`'s long `text` is answered HTTP 500 (http.no-server-error);
//! - a negative id hangs that request (server.answers-in-time);
//! - `notifications/roots/list_changed` is answered in the body (rpc.no-answer);
//! - `resources/list` is answered with a `text/plain` body (http.request-answer);
//! - `notifications/cancelled` is answered 200, not 202 (http.notification-202);
//! - a foreign `Origin` is not refused (http.origin-403);
//! - an unknown `MCP-Protocol-Version` is not refused (http.protocol-version-header);
//! - an unknown session id is answered 400, not 404 (http.unknown-session-404).

use serde_json::{Value, json};
use std::io::{BufRead, Read, Write};

const SESSION: &str = "toy-session";

fn main() {
    if std::env::args().any(|a| a == "--http") {
        return serve_http();
    }
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
            // The client's revision when it is one of these, so that every rule applies.
            "protocolVersion": message
                .pointer("/params/protocolVersion")
                .and_then(Value::as_str)
                .filter(|asked| ["2025-06-18", "2025-11-25"].contains(asked))
                .unwrap_or("2025-06-18"),
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

fn serve_http() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    eprintln!("toy_crashy: http://{}/mcp", listener.local_addr().expect("an address"));
    for peer in listener.incoming().flatten() {
        std::thread::spawn(move || {
            let _ = handle(peer);
        });
    }
}

/// One request, its head and Content-Length body, answered and the connection closed.
fn handle(mut peer: std::net::TcpStream) -> std::io::Result<()> {
    let mut raw = vec![];
    let mut buf = [0u8; 64 * 1024];
    let (method, headers, start) = loop {
        let n = peer.read(&mut buf)?;
        if n == 0 {
            return Ok(());
        }
        raw.extend_from_slice(&buf[..n]);
        let mut slots = [httparse::EMPTY_HEADER; 64];
        let mut request = httparse::Request::new(&mut slots);
        if let Ok(httparse::Status::Complete(end)) = request.parse(&raw) {
            let headers: Vec<(String, String)> = request
                .headers
                .iter()
                .map(|h| (h.name.to_ascii_lowercase(), String::from_utf8_lossy(h.value).to_string()))
                .collect();
            break (request.method.unwrap_or("").to_string(), headers, end);
        }
    };
    let length = header(&headers, "content-length").and_then(|v| v.parse::<usize>().ok()).unwrap_or(0);
    while raw.len() < start + length {
        let n = peer.read(&mut buf)?;
        if n == 0 {
            break;
        }
        raw.extend_from_slice(&buf[..n]);
    }
    let body = &raw[start..raw.len().min(start + length)];
    let (status, kind, text) = respond(&method, &headers, body);
    let head = format!(
        "HTTP/1.1 {status} X\r\ncontent-type: {kind}\r\nmcp-session-id: {SESSION}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        text.len()
    );
    peer.write_all(head.as_bytes())?;
    peer.write_all(text.as_bytes())
}

/// The status, content type and body for one request.
fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

fn respond(method: &str, headers: &[(String, String)], body: &[u8]) -> (u16, &'static str, String) {
    const JSON: &str = "application/json";
    if method != "POST" {
        return (405, JSON, String::new());
    }
    // Defect: an unknown session is 400, not 404 (`initialize` carries none).
    if header(headers, "mcp-session-id").is_some_and(|id| id != SESSION) {
        return (400, JSON, String::new());
    }
    let Ok(message) = serde_json::from_slice::<Value>(body) else {
        return (400, JSON, error(Value::Null, -32700, "parse error").to_string());
    };
    let method = message.get("method").and_then(Value::as_str).unwrap_or_default();
    let long_echo =
        message.pointer("/params/arguments/text").and_then(Value::as_str).is_some_and(|t| t.chars().count() > 4096);
    match method {
        // Defect: a handler that fails on a long argument.
        "tools/call" if long_echo => return (500, "text/plain", "internal error".into()),
        // Defect: a body that is not JSON-RPC.
        "resources/list" => return (200, "text/plain", "no resources".into()),
        // Defect: 200 where 202 is required.
        "notifications/cancelled" => return (200, JSON, String::new()),
        _ => {}
    }
    match answer(&message, &mut std::io::sink()) {
        Some(answer) => (200, JSON, answer.to_string()),
        None => (202, JSON, String::new()),
    }
}
