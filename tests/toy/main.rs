//! A deliberately non-conformant MCP stdio server, for proving that `ctxlake conform` reports
//! each defect by the check meant to catch it (tests/it/conform.rs). Its defects:
//! - it prints a log line on stdout before serving (stdio.stdout-frames-only);
//! - it stays silent on malformed JSON (rpc.parse-error);
//! - it answers notifications (rpc.no-answer);
//! - it echoes integer ids back as strings (rpc.id-echo/integer, lifecycle.ping);
//! - its InitializeResult has no serverInfo (wire.initialize);
//! - it reports a missing tool argument as -32602 in every revision (tools.input-validation-is-tool-error);
//! - it pages tools/list and resources/list naming an item twice, and takes cursors it never
//!   issued (pagination.*);
//! - it lists a resource template without its uriTemplate (resources.templates-listed);
//! - it declares resource subscriptions but has no resources/subscribe (resources.subscribe-listed);
//! - it answers a cancellation with an error for the request it names, which it had already
//!   answered (cancel.no-answer-once-cancelled);
//! - it sends its tool's annotations and declares completions in 2024-11-05 too, which came with
//!   2025-03-26 (compat.no-newer-fields).
//!
//! It is otherwise a plain legacy-era server with one tool, `echo(text: string)`, and no 2026-07-28.
//!
//! `toy_mcp --modern` also speaks 2026-07-28 (`server/discover`), with the defects of what a
//! server sends unasked (features/messages.feature):
//! - its results carry a `_meta` key whose name ends in `_` (meta.key-names), and its lists no
//!   caching hints (modern.resource-list-result, modern.prompt-list-result);
//! - it declares an extension `tasks` without a prefix (meta.extension-keys);
//! - `echo` logs though no log level was asked for (logging.no-message-without-level), and
//!   sends `notifications/cancelled` for its own call (cancel.server-cancels-only-listen), and
//!   progress that goes back from 50 to 10 (progress.names-a-request-in-flight-and-increases);
//! - it runs a task-augmented call as a task without declaring tasks (tasks.declared-before-use);
//! - `subscriptions/listen` sends a change before its acknowledgment
//!   (subscriptions.acknowledged-first), acknowledges types nobody asked for
//!   (subscriptions.only-requested) and sends a change without the subscription's id
//!   (subscriptions.id-on-every-notification); subscribed to a resource, it announces another
//!   (subscriptions.resource-updates-only-requested).
//! - it declares the Skills extension (features/skills_extension.feature) and serves three
//!   skills whose files read back, with these defects: its skills/list pages carry no ttlMs or
//!   cacheScope (skills.list-paged); `alpha` lists `notes.md` with a digest of other bytes
//!   (skills.files-match-digests); `beta`'s entry names it `gamma` (skills.frontmatter-and-name);
//!   skills/get answers `alpha` without `notes.md` (skills.get-listed) and an unknown skill -32603
//!   (skills.unknown-32602); `big` has 513 files (skills.within-limits); resources/list never
//!   names a SKILL.md (skills.skill-md-listed). With `--no-resources` it declares no resources
//!   capability beside the extension (skills.requires-resources).
//!
//! `toy_mcp --http PORT` serves the same answers over HTTP on 127.0.0.1:PORT (any path), one
//! JSON answer per POST (notifications included: 202 only for a body it cannot parse; a
//! notification with array params and an invalid request are refused with 400 and an id-less
//! error, as the transport allows), and two more defects: it accepts any `Origin` (http.origin-403) and any `MCP-Protocol-Version`
//! (http.protocol-version-header), and issues a session id with spaces in it
//! (http.session-id-visible-ascii) that it then never checks (http.unknown-session-404).

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
    let modern = args.iter().any(|a| a == "--modern");
    NO_RESOURCES.store(args.iter().any(|a| a == "--no-resources"), std::sync::atomic::Ordering::Relaxed);
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "toy-mcp 0.1 starting (this line should have gone to stderr)");
    let _ = out.flush();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return };
        let Ok(frame) = serde_json::from_str::<Value>(&line) else { continue };
        let before = if modern { unasked(&frame) } else { vec![] };
        for message in before {
            let _ = writeln!(out, "{message}");
        }
        if let Some(answer) = frame_answer(&frame, modern) {
            let _ = writeln!(out, "{answer}");
        }
        let _ = out.flush();
    }
}

fn frame_answer(frame: &Value, modern: bool) -> Option<Value> {
    let method = frame.get("method").and_then(Value::as_str)?;
    if method == "notifications/cancelled"
        && let Some(named) = frame["params"].get("requestId")
    {
        let error = json!({"code": -32800, "message": "Request cancelled"});
        return Some(json!({"jsonrpc": "2.0", "id": named, "error": error}));
    }
    let id = match frame.get("id") {
        Some(Value::Number(n)) => json!(n.to_string()),
        Some(other) => other.clone(),
        None => Value::Null,
    };
    let answered = match (modern, method) {
        (true, "subscriptions/listen") => return None, // a stream, answered only when it ends
        (true, _) => modern_answer(method, &frame["params"]),
        (false, _) => answer(method, &frame["params"]),
    };
    Some(match answered {
        Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
        Err((code, message)) => json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}}),
    })
}

/// `--no-resources`: the Skills extension is declared without the resources capability.
static NO_RESOURCES: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// `--modern`: 2026-07-28 beside the legacy answers, with the defects the module names.
fn modern_answer(method: &str, params: &Value) -> Result<Value, (i64, &'static str)> {
    let stamp = |mut result: Value| {
        result["resultType"] = json!("complete");
        result["_meta"] = json!({"toy.example/trace_": 1});
        result
    };
    match method {
        "server/discover" => {
            let mut capabilities = json!({"tools": {}, "resources": {}, "prompts": {},
                "extensions": {"tasks": {}, "io.modelcontextprotocol/skills": {}}});
            if NO_RESOURCES.load(std::sync::atomic::Ordering::Relaxed)
                && let Some(capabilities) = capabilities.as_object_mut()
            {
                capabilities.remove("resources");
            }
            Ok(stamp(json!({
                "supportedVersions": ["2025-11-25", "2026-07-28"],
                "capabilities": capabilities,
                "serverInfo": {"name": "toy-mcp", "version": "0.1"}
            })))
        }
        "skills/list" => Ok(stamp(json!({"skills": skills().iter().map(|s| s.entry()).collect::<Vec<_>>()}))),
        "skills/get" => {
            let uri = params["uri"].as_str().unwrap_or_default();
            match skills().into_iter().find(|skill| skill.uri() == uri) {
                Some(skill) if skill.path == "alpha" => {
                    let mut entry = skill.entry();
                    if let Some(files) = entry["resources"].as_array_mut() {
                        files.truncate(1);
                    }
                    Ok(stamp(json!({"skill": entry, "ttlMs": 0, "cacheScope": "public"})))
                }
                Some(skill) => Ok(stamp(json!({"skill": skill.entry(), "ttlMs": 0, "cacheScope": "public"}))),
                None => Err((-32603, "no such skill")),
            }
        }
        "resources/read" if params["uri"].as_str().is_some_and(|uri| uri.starts_with("skill://")) => {
            let uri = params["uri"].as_str().unwrap_or_default();
            let text = skills().into_iter().flat_map(|skill| skill.files()).find(|(u, _)| u == uri);
            match text {
                Some((uri, text)) => {
                    Ok(stamp(json!({"contents": [{"uri": uri, "mimeType": "text/markdown", "text": text}]})))
                }
                None => Err((-32602, "no such skill file")),
            }
        }
        "tools/call" if params["task"].is_object() => Ok(
            json!({"task": {"taskId": "t1", "status": "working", "createdAt": "2026-01-01T00:00:00Z", "ttl": 60000}}),
        ),
        _ if params.pointer("/_meta/io.modelcontextprotocol~1protocolVersion").is_some() => {
            answer(method, params).map(stamp)
        }
        _ => answer(method, params),
    }
}

/// `--modern`: what the toy sends before it answers `frame`.
fn unasked(frame: &Value) -> Vec<Value> {
    let note = |method: &str, params: Value| json!({"jsonrpc": "2.0", "method": method, "params": params});
    let on = |id: &Value| json!({"io.modelcontextprotocol/subscriptionId": id});
    match frame["method"].as_str() {
        Some("tools/call") if frame["params"]["task"].is_null() => {
            let mut sent = vec![
                note("notifications/message", json!({"level": "info", "data": "echo was called"})),
                note("notifications/cancelled", json!({"requestId": frame["id"], "reason": "toy"})),
            ];
            if let Some(token) = frame.pointer("/params/_meta/progressToken") {
                sent.push(note("notifications/progress", json!({"progressToken": token, "progress": 50})));
                sent.push(note("notifications/progress", json!({"progressToken": token, "progress": 10})));
            }
            sent
        }
        Some("subscriptions/listen") => {
            let id = &frame["id"];
            let mut sent = vec![
                note("notifications/tools/list_changed", json!({"_meta": on(id)})),
                note(
                    "notifications/subscriptions/acknowledged",
                    json!({"notifications": {"toolsListChanged": true, "promptsListChanged": true}, "_meta": on(id)}),
                ),
                note("notifications/resources/list_changed", json!({"_meta": on(id)})),
                note("notifications/prompts/list_changed", json!({})),
            ];
            // Subscribed to resources, it announces one nobody asked for.
            if frame.pointer("/params/notifications/resourceSubscriptions").is_some() {
                sent.push(note("notifications/resources/updated", json!({"uri": "toy://elsewhere", "_meta": on(id)})));
            }
            sent
        }
        _ => vec![],
    }
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
        let frame = serde_json::from_slice::<Value>(body).ok();
        // A session id with a space in it, on the answer to initialize.
        let session = match frame.as_ref().map(|f| f["method"] == "initialize") {
            Some(true) => "mcp-session-id: toy session 1\r\n",
            _ => "",
        };
        let refusal = frame.as_ref().and_then(http_refusal);
        let answer = frame.and_then(|frame| frame_answer(&frame, false));
        let reply = match (is_post, answer) {
            (false, _) => "HTTP/1.1 405 Method Not Allowed\r\ncontent-length: 0\r\n\r\n".to_string(),
            (true, _) if refusal.is_some() => {
                let text = refusal.unwrap_or_default().to_string();
                format!(
                    "HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{text}",
                    text.len()
                )
            }
            (true, None) => "HTTP/1.1 202 Accepted\r\ncontent-length: 0\r\n\r\n".to_string(),
            (true, Some(answer)) => {
                let text = answer.to_string();
                format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n{session}content-length: {}\r\n\r\n{text}",
                    text.len()
                )
            }
        };
        let _ = stream.write_all(reply.as_bytes());
    }
}

/// Over HTTP the toy refuses two kinds of message the way the transport allows (400 with an
/// error that has no id), which conform must accept: a notification whose params are not an
/// object (rpc.no-answer/array-params), and an invalid request, whose id it does not echo
/// (rpc.invalid-request passes, rpc.invalid-request-id does not).
fn http_refusal(frame: &Value) -> Option<Value> {
    let error =
        |code: i64, message: &str| json!({"jsonrpc": "2.0", "id": null, "error": {"code": code, "message": message}});
    let method = frame.get("method");
    match (frame.get("id"), method) {
        (None, Some(m)) if m.is_string() && frame.get("params").is_some_and(|p| !p.is_object()) => {
            Some(error(-32602, "params must be an object"))
        }
        (Some(_), m) if !m.is_some_and(Value::is_string) => Some(error(-32600, "invalid request")),
        _ => None,
    }
}

fn answer(method: &str, params: &Value) -> Result<Value, (i64, &'static str)> {
    const LEGACY: [&str; 4] = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"];
    match method {
        "initialize" => {
            let asked = params["protocolVersion"].as_str().unwrap_or_default();
            let agreed = if LEGACY.contains(&asked) { asked } else { "2025-11-25" };
            // It declares resource subscriptions, and then answers resources/subscribe -32601.
            let capabilities =
                json!({"tools": {}, "resources": {"subscribe": true}, "prompts": {}, "completions": {}, "logging": {}});
            Ok(json!({"protocolVersion": agreed, "capabilities": capabilities}))
        }
        "ping" => Ok(json!({})),
        // Pages twice, naming its one tool on both pages; takes any other cursor for the first.
        "tools/list" => {
            let echo = json!({
                "name": "echo", "description": "Echoes its text",
                "inputSchema": {"type": "object", "required": ["text"], "properties": {"text": {"type": "string"}}},
                "annotations": {"readOnlyHint": true}
            });
            match params["cursor"].as_str() {
                Some("p2") => Ok(json!({"tools": [echo]})),
                _ => Ok(json!({"tools": [echo], "nextCursor": "p2"})),
            }
        }
        // Pages twice, listing its one resource on both pages; takes any other cursor for the
        // first. Reads every uri, listed or not, as empty contents.
        "resources/list" => match params["cursor"].as_str() {
            Some("r2") => Ok(json!({"resources": [{"uri": "toy://a", "name": "a-again"}]})),
            _ => Ok(json!({"resources": [{"uri": "toy://a", "name": "a"}], "nextCursor": "r2"})),
        },
        "resources/read" => Ok(json!({"contents": []})),
        // A template without its uriTemplate.
        "resources/templates/list" => Ok(json!({"resourceTemplates": [{"name": "t"}]})),
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

/// One of the toy's skills: `skill://toy/<path>/SKILL.md` and its other files.
struct Skill {
    path: &'static str,
    /// The name its entry gives (`beta`'s is not its path).
    name: &'static str,
    others: Vec<(String, String)>,
}

fn skills() -> Vec<Skill> {
    let notes = vec![("notes.md".to_string(), "Notes.\n".to_string())];
    let big = (0..512).map(|i| (format!("f{i}.md"), format!("file {i}\n"))).collect();
    vec![
        Skill { path: "alpha", name: "alpha", others: notes },
        Skill { path: "beta", name: "gamma", others: vec![] },
        Skill { path: "big", name: "big", others: big },
    ]
}

impl Skill {
    fn uri(&self) -> String {
        format!("skill://toy/{}/SKILL.md", self.path)
    }

    /// (uri, text) of every file, SKILL.md first; its frontmatter names the skill by its path.
    fn files(&self) -> Vec<(String, String)> {
        let skill_md =
            format!("---\nname: {}\ndescription: The toy's {} skill.\n---\n\n# {}\n", self.path, self.path, self.path);
        let others = self.others.iter().map(|(path, text)| (format!("skill://toy/{}/{path}", self.path), text.clone()));
        std::iter::once((self.uri(), skill_md)).chain(others).collect()
    }

    fn entry(&self) -> Value {
        let files: Vec<Value> = self
            .files()
            .into_iter()
            .map(|(uri, text)| {
                // alpha's notes.md is listed with the digest of other bytes.
                let hashed = if uri.ends_with("/notes.md") { "other bytes" } else { text.as_str() };
                json!({"uri": uri, "digest": sha256(hashed), "size": text.len()})
            })
            .collect();
        let description = format!("The toy's {} skill.", self.path);
        json!({"uri": self.uri(), "frontmatter": {"name": self.name, "description": description}, "resources": files})
    }
}

fn sha256(text: &str) -> String {
    use sha2::Digest;
    let hex: String = sha2::Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256:{hex}")
}
