//! The oracle: what a case's answers must be, by the rules the conformance tables hold
//! (`features/`), each named by the table's check family and quoting its sentence. A case
//! breaks at most one rule: the first found, in the order of [`RULES`].

use super::frame::{
    Expect, Frame, HttpExpect, INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR, UNSUPPORTED_VERSION,
    cancelled_id, expect, expect_http,
};
use super::session::{End, HttpOutcome, Outcome, Posted};
use crate::conform::revisions::MODERN;
use serde_json::Value;
use std::collections::HashMap;

pub struct Rule {
    pub id: &'static str,
    pub sentence: &'static str,
}

const ANSWER: &str = "JSON-RPC 2.0 section 4: \"When a rpc call is made, the Server MUST reply with a Response, except for in the case of Notifications\"";

/// Every rule a finding can name, in the order a case is judged.
pub const RULES: &[Rule] = &[
    Rule {
        id: "stdio.stdout-frames-only",
        sentence: "MCP stdio transport: \"The server MUST NOT write anything to its stdout that is not a valid MCP message\"",
    },
    Rule {
        id: "http.no-server-error",
        sentence: "RFC 9110 section 15.6: a 5xx status says \"the server is aware that it has erred or is incapable of performing the requested method\"; what a client sends wrong is answered with a 4xx (section 15.5) or a JSON-RPC error",
    },
    Rule { id: "server.stays-up", sentence: ANSWER },
    Rule { id: "server.answers-in-time", sentence: ANSWER },
    Rule {
        id: "http.origin-403",
        sentence: "MCP 2025-11-25 basic/transports: \"If the Origin header is present and invalid, servers MUST respond with HTTP 403 Forbidden\"",
    },
    Rule {
        id: "http.protocol-version-header",
        sentence: "MCP 2025-06-18 basic/transports: \"If the server receives a request with an invalid or unsupported MCP-Protocol-Version, it MUST respond with 400 Bad Request\"",
    },
    Rule {
        id: "http.unknown-session-404",
        sentence: "MCP 2025-03-26 basic/transports: a server that receives a request with a terminated or unknown session id \"MUST respond ... with HTTP 404 Not Found\"",
    },
    Rule {
        id: "http.modern-unknown-method",
        sentence: "MCP 2026-07-28 basic/transports: an unknown method is answered 404 with a -32601 JSON-RPC error body",
    },
    Rule {
        id: "http.notification-202",
        sentence: "MCP basic/transports (Streamable HTTP): \"If the input is a JSON-RPC response or notification: If the server accepts the input, the server MUST return HTTP status code 202 Accepted with no body. If the server cannot accept the input, it MUST return an HTTP error status code\"",
    },
    Rule {
        id: "http.request-answer",
        sentence: "MCP basic/transports (Streamable HTTP): \"If the input is a JSON-RPC request, the server MUST either return Content-Type: text/event-stream, to initiate an SSE stream, or Content-Type: application/json, to return one JSON object\"",
    },
    Rule { id: "rpc.answers-every-request", sentence: ANSWER },
    Rule {
        id: "rpc.parse-error",
        sentence: "JSON-RPC 2.0 section 5.1: -32700 Parse error, \"Invalid JSON was received by the server\"; section 5: the id \"MUST be Null\" when it could not be detected",
    },
    Rule {
        id: "rpc.invalid-request",
        sentence: "JSON-RPC 2.0 section 5.1: -32600 Invalid Request, \"The JSON sent is not a valid Request object\"",
    },
    Rule {
        id: "rpc.method-not-found",
        sentence: "JSON-RPC 2.0 section 5.1: -32601 Method not found, \"The method does not exist / is not available\"",
    },
    Rule {
        id: "modern.unsupported-version",
        sentence: "MCP 2026-07-28 basic/lifecycle: a request whose envelope names an unsupported version is answered with -32022 UnsupportedProtocolVersion",
    },
    Rule {
        id: "modern.envelope-required",
        sentence: "MCP 2026-07-28 basic: every request's _meta MUST carry io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities (-32602 Invalid params when it does not)",
    },
    Rule { id: "rpc.no-answer", sentence: "JSON-RPC 2.0 section 4.1: \"The Server MUST NOT reply to a Notification\"" },
    Rule {
        id: "rpc.id-echo",
        sentence: "JSON-RPC 2.0 section 5: the response id \"MUST be the same as the value of the id member in the Request Object\"",
    },
    Rule {
        id: "tools.output-schema",
        sentence: "MCP tools: \"If an output schema is provided: Servers MUST provide structured results that conform to this schema\"",
    },
];

pub fn sentence(rule: &str) -> &'static str {
    RULES.iter().find(|r| r.id == rule).map_or("", |r| r.sentence)
}

/// One broken rule, with what showed it.
#[derive(Debug, Clone, PartialEq)]
pub struct Violation {
    pub rule: &'static str,
    pub detail: String,
}

fn violation(rule: &'static str, detail: String) -> Option<Violation> {
    Some(Violation { rule, detail })
}

/// The tools' output schemas, compiled once per run.
pub type OutputSchemas = HashMap<String, jsonschema::Validator>;

pub fn output_schemas(tools: &[Value]) -> OutputSchemas {
    tools
        .iter()
        .filter_map(|tool| {
            let name = tool.get("name")?.as_str()?;
            let validator = jsonschema::validator_for(tool.get("outputSchema")?).ok()?;
            Some((name.to_string(), validator))
        })
        .collect()
}

fn short(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    match text.char_indices().nth(200) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.into_owned(),
    }
}

/// Judges one case: the frames sent and what came back.
pub fn judge(frames: &[Frame], outcome: &Outcome, schemas: &OutputSchemas) -> Option<Violation> {
    match &outcome.http {
        Some(http) => judge_http(frames, outcome, http, schemas),
        None => judge_stdio(frames, outcome, schemas),
    }
}

fn judge_stdio(frames: &[Frame], outcome: &Outcome, schemas: &OutputSchemas) -> Option<Violation> {
    let mut answers: Vec<Value> = vec![];
    let mut barrier_seen = false;
    for line in &outcome.lines {
        match serde_json::from_slice::<Value>(line) {
            Ok(value) if is_message(&value) => {
                let is_answer = value.get("result").is_some() || value.get("error").is_some();
                if value.get("id") == Some(&outcome.barrier) && is_answer {
                    barrier_seen = true;
                } else if is_answer || value.is_array() {
                    answers.push(value);
                }
                // Anything else is the server's own request or notification: allowed.
            }
            _ => return violation("stdio.stdout-frames-only", format!("stdout carried: {}", short(line))),
        }
    }
    match outcome.end {
        End::Exited => return violation("server.stays-up", "the server exited while its input was open".into()),
        End::Timeout if !barrier_seen => {
            return violation("server.answers-in-time", "no answer to the `ping` sent after the case".into());
        }
        End::Timeout | End::Answered => {}
    }
    // A request cancelled after it was sent may go unanswered.
    let excused: Vec<Value> = frames
        .iter()
        .enumerate()
        .filter_map(|(at, frame)| cancelled_id(frame).map(|id| (at, id)))
        .filter(|(at, id)| frames[..*at].iter().any(|f| matches!(f, Frame::Json(v) if v.get("id") == Some(id))))
        .map(|(_, id)| id)
        .collect();
    judge_answers(frames, answers, schemas, &excused)
}

/// What one request was answered, for a finding's detail.
fn status_of(posted: &Posted) -> String {
    match posted.status {
        Some(status) => format!("HTTP {status}"),
        None => format!("no HTTP answer ({})", posted.failure),
    }
}

/// Over Streamable HTTP: the status of each frame's request first, then the JSON-RPC answers
/// its body carried, judged as over stdio.
fn judge_http(frames: &[Frame], outcome: &Outcome, http: &HttpOutcome, schemas: &OutputSchemas) -> Option<Violation> {
    let sent = || frames.iter().zip(&http.posts);
    // RFC 9110 section 15.6.2: 501 is what a server owes a method it does not implement.
    let unimplemented = |frame: &Frame, status: u16| {
        status == 501 && matches!(frame, Frame::Http(h) if !h.method.eq_ignore_ascii_case("POST"))
    };
    let failed = |(frame, posted): &(&Frame, &Posted)| {
        posted.status.is_some_and(|status| status >= 500 && !unimplemented(frame, status))
    };
    if let Some((frame, posted)) = sent().find(failed) {
        return violation("http.no-server-error", format!("{} for {}", status_of(posted), short(&frame.bytes())));
    }
    match outcome.end {
        End::Exited => {
            return violation(
                "server.stays-up",
                format!("the server stopped accepting connections ({})", outcome.barrier_note),
            );
        }
        End::Timeout if !outcome.barrier_answered => {
            let note = &outcome.barrier_note;
            return violation(
                "server.answers-in-time",
                format!("the `ping` sent after the case was not answered ({note})"),
            );
        }
        End::Timeout | End::Answered => {}
    }
    // The frames of a case are in flight at once: a request any of its cancellations names may
    // go unanswered, its stream held open or closed.
    let excused: Vec<Value> = frames.iter().filter_map(cancelled_id).collect();
    let is_excused = |frame: &Frame| match expect(frame) {
        Expect::Answer { ids, .. } => ids.iter().any(|id| excused.contains(id)),
        _ => false,
    };
    for (frame, posted) in sent() {
        let is_answer = |v: &&Value| v.is_array() || v.get("result").is_some() || v.get("error").is_some();
        let carried: Vec<Value> =
            posted.frames.as_ref().map_or(vec![], |f| f.iter().filter(is_answer).cloned().collect());
        let told = |rule: &'static str, detail: String| violation(rule, format!("{detail} ({})", status_of(posted)));
        match expect_http(frame, &http.revision, http.session) {
            HttpExpect::Status(status, rule) if posted.status != Some(status) => {
                return violation(rule, format!("expected HTTP {status}, got {}", status_of(posted)));
            }
            HttpExpect::Status(..) | HttpExpect::Unjudged => {}
            HttpExpect::Accepted => {
                let accepted = posted.status == Some(202) && posted.empty_body;
                if !accepted && posted.status.is_none_or(|s| s < 400) {
                    let rule = if carried.is_empty() { "http.notification-202" } else { "rpc.no-answer" };
                    let body = if posted.empty_body { "no body" } else { "a body" };
                    return violation(rule, format!("{} with {body} for {}", status_of(posted), short(&frame.bytes())));
                }
            }
            // A body whose method or name no header can mirror may be refused for its headers
            // first, -32020, in 2026-07-28.
            HttpExpect::Answer
                if http.revision == MODERN && !mirrorable(frame) && carries_code(&carried, HEADER_MISMATCH) => {}
            HttpExpect::Answer if is_excused(frame) && carried.is_empty() => {}
            HttpExpect::Answer => {
                let Some(status) = posted.status else {
                    let why = format!("no HTTP answer to {} ({})", short(&frame.bytes()), posted.failure);
                    return violation("server.answers-in-time", why);
                };
                if posted.cut && carried.is_empty() {
                    let why =
                        format!("HTTP {status} for {}, its answer not come by the timeout", short(&frame.bytes()));
                    return violation("server.answers-in-time", why);
                }
                // An empty body is no answer, which the JSON-RPC rules name.
                if status < 400 && !posted.empty_body {
                    let kind = posted.content_type.to_ascii_lowercase();
                    let typed = kind.starts_with("application/json") || kind.starts_with("text/event-stream");
                    let messages = posted.frames.as_ref().map_err(Clone::clone).and_then(|frames| {
                        match frames.iter().find(|f| !is_message(f)) {
                            Some(odd) => Err(format!("the body carried {}", short(odd.to_string().as_bytes()))),
                            None => Ok(()),
                        }
                    });
                    if let Err(why) = messages.and_then(|()| match typed {
                        true => Ok(()),
                        false => Err(format!("Content-Type {:?}", posted.content_type)),
                    }) {
                        return told("http.request-answer", format!("for {}: {why}", short(&frame.bytes())));
                    }
                }
                // Each request's answer on its own POST: one carried by another does not count.
                let judged = std::slice::from_ref(frame);
                if let Some(v) = judge_answers(judged, carried.clone(), schemas, &excused) {
                    return told(v.rule, v.detail);
                }
                let unknown = matches!(expect(frame), Expect::Answer { code: Some(METHOD_NOT_FOUND), .. });
                if http.revision == MODERN && unknown && carries_code(&carried, METHOD_NOT_FOUND) && status != 404 {
                    let why = format!("HTTP {status} for {}, where 404 is required", short(&frame.bytes()));
                    return violation("http.modern-unknown-method", why);
                }
            }
        }
    }
    None
}

/// 2026-07-28's -32020 HeaderMismatch: a header does not mirror the body.
const HEADER_MISMATCH: i64 = -32020;

fn carries_code(answers: &[Value], code: i64) -> bool {
    answers.iter().any(|a| a.pointer("/error/code").and_then(Value::as_i64) == Some(code))
}

/// Whether the headers a 2026-07-28 request carries can mirror its body: a method of visible
/// ASCII (a header cannot carry another), and
/// the string `params.name` (`params.uri`) of the methods whose name is mirrored.
fn mirrorable(frame: &Frame) -> bool {
    let Ok(body) = serde_json::from_slice::<Value>(&frame.bytes()) else { return false };
    let named = |pointer: &str| body.pointer(pointer).is_some_and(Value::is_string);
    match body.get("method").and_then(Value::as_str) {
        None => false,
        Some(method) if !method.bytes().all(|b| (0x20..0x7f).contains(&b)) => false,
        Some("tools/call" | "prompts/get") => named("/params/name"),
        Some("resources/read") => named("/params/uri"),
        Some(_) => true,
    }
}

/// The JSON-RPC answers of a case, wherever they came from: one per request with the id and
/// code it requires (the ids in `excused`, cancelled, at most one), none to a notification,
/// none twice.
fn judge_answers(
    frames: &[Frame],
    mut answers: Vec<Value>,
    schemas: &OutputSchemas,
    excused: &[Value],
) -> Option<Violation> {
    let mut unjudged = false;
    let mut silence = false;
    // Ids of the case's requests that were answered: a leftover with one is a second answer.
    let mut requested: Vec<Value> = vec![];
    for frame in frames {
        match expect(frame) {
            Expect::Unjudged => unjudged = true,
            Expect::Silence => silence = true,
            Expect::Answer { ids, code } => {
                // An answer with the id and the required code first: a batch's answers carry a
                // null id too, so an id alone can belong to another frame.
                // The request's own id before null, which a batch's error may carry as well.
                let carries_id = |a: &Value| a.get("id").is_some_and(|id| ids.contains(id));
                let fits = |a: &Value| code.is_none() || a.pointer("/error/code").and_then(Value::as_i64) == code;
                let found = ids.iter().find_map(|id| answers.iter().position(|a| a.get("id") == Some(id) && fits(a)));
                // A required error code names the rule, whether the answer was wrong or missing.
                let rule = match code {
                    Some(PARSE_ERROR) => "rpc.parse-error",
                    Some(INVALID_REQUEST) => "rpc.invalid-request",
                    Some(METHOD_NOT_FOUND) => "rpc.method-not-found",
                    Some(UNSUPPORTED_VERSION) => "modern.unsupported-version",
                    Some(INVALID_PARAMS) => "modern.envelope-required",
                    _ => "rpc.answers-every-request",
                };
                let Some(at) = found.or_else(|| answers.iter().position(carries_id)) else {
                    if ids.iter().any(|id| excused.contains(id)) {
                        continue;
                    }
                    let sent = short(&frame.bytes());
                    let wanted = code.map_or(String::new(), |code| format!(" (error {code} required)"));
                    return violation(rule, format!("no answer to {sent}{wanted}"));
                };
                requested.extend(ids.iter().filter(|id| !id.is_null()).cloned());
                let answer = answers.remove(at);
                if let Some(code) = code {
                    let got = answer.pointer("/error/code").and_then(Value::as_i64);
                    if got != Some(code) {
                        return violation(rule, format!("expected error {code}, got {answer}"));
                    }
                }
                if let Some(broken) = output_violation(frame, &answer, schemas) {
                    return Some(broken);
                }
            }
        }
    }
    match answers.first() {
        Some(twice) if twice.get("id").is_some_and(|id| requested.contains(id)) => {
            violation("rpc.answers-every-request", format!("a request answered twice: {twice}"))
        }
        Some(_) if unjudged => None,
        Some(stray) if silence => violation("rpc.no-answer", format!("an answer no request asked for: {stray}")),
        Some(stray) => violation("rpc.id-echo", format!("an answer whose id no request of the case carried: {stray}")),
        None => None,
    }
}

/// Whether a stdout value is a JSON-RPC 2.0 message: an object with `jsonrpc: "2.0"` and a
/// method or a result or an error (a JSON log line is not), or an array of them (a batch).
fn is_message(value: &Value) -> bool {
    match value {
        Value::Object(map) => {
            map.get("jsonrpc") == Some(&Value::String("2.0".into()))
                && (map.get("method").is_some_and(Value::is_string)
                    || map.contains_key("result")
                    || map.contains_key("error"))
        }
        Value::Array(items) => !items.is_empty() && items.iter().all(|item| item.is_object() && is_message(item)),
        _ => false,
    }
}

/// A tool's result checked against its `outputSchema` (when it declares one and did not fail).
fn output_violation(frame: &Frame, answer: &Value, schemas: &OutputSchemas) -> Option<Violation> {
    let Frame::Json(request) = frame else { return None };
    if request.get("method").and_then(Value::as_str) != Some("tools/call") {
        return None;
    }
    let validator = schemas.get(request.pointer("/params/name")?.as_str()?)?;
    let result = answer.get("result")?;
    if result.get("isError") == Some(&Value::Bool(true)) {
        return None;
    }
    let Some(structured) = result.get("structuredContent") else {
        return violation(
            "tools.output-schema",
            "a tool with an outputSchema answered without structuredContent".into(),
        );
    };
    let error = validator.iter_errors(structured).next()?;
    violation("tools.output-schema", format!("structuredContent at {}: {error}", error.instance_path()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn outcome(lines: &[Value], end: End) -> Outcome {
        let lines: Vec<Vec<u8>> = lines.iter().map(|l| serde_json::to_vec(l).unwrap()).collect();
        let barrier_answered = lines.iter().any(|l| l.windows(8).any(|w| w == b"\"id\":\"b\""));
        Outcome::stdio(lines, end, json!("b"), barrier_answered)
    }

    fn ping(id: Value) -> Frame {
        Frame::Json(json!({"jsonrpc": "2.0", "id": id, "method": "ping"}))
    }

    #[test]
    fn a_case_answered_as_required_breaks_nothing() {
        let frames = [ping(json!(1)), Frame::Raw(b"{".to_vec()), Frame::Json(json!({"jsonrpc": "2.0", "method": "x"}))];
        let lines = [
            json!({"jsonrpc": "2.0", "id": 1, "result": {}}),
            json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32700, "message": "parse"}}),
            json!({"jsonrpc": "2.0", "id": "b", "result": {}}),
        ];
        assert_eq!(judge(&frames, &outcome(&lines, End::Answered), &OutputSchemas::new()), None);
    }

    #[test]
    fn each_way_of_answering_wrongly_names_its_rule() {
        let barrier = json!({"jsonrpc": "2.0", "id": "b", "result": {}});
        let rule = |frames: &[Frame], lines: &[Value], end| {
            judge(frames, &outcome(lines, end), &OutputSchemas::new()).map(|v| v.rule)
        };
        assert_eq!(
            rule(&[ping(json!(1))], std::slice::from_ref(&barrier), End::Answered),
            Some("rpc.answers-every-request")
        );
        assert_eq!(rule(&[ping(json!(1))], &[], End::Timeout), Some("server.answers-in-time"));
        assert_eq!(rule(&[ping(json!(1))], &[], End::Exited), Some("server.stays-up"));
        let note = Frame::Json(json!({"jsonrpc": "2.0", "method": "notifications/x"}));
        let stray = json!({"jsonrpc": "2.0", "id": null, "result": {}});
        assert_eq!(rule(&[note], &[stray, barrier.clone()], End::Answered), Some("rpc.no-answer"));
        let unknown = Frame::Json(json!({"jsonrpc": "2.0", "id": 2, "method": "fuzz/x"}));
        let ok = json!({"jsonrpc": "2.0", "id": 2, "result": {}});
        assert_eq!(rule(&[unknown], &[ok, barrier.clone()], End::Answered), Some("rpc.method-not-found"));
        let mut lines = vec![b"debug: hello".to_vec()];
        lines.push(serde_json::to_vec(&barrier).unwrap());
        let printed = Outcome::stdio(lines, End::Answered, json!("b"), true);
        assert_eq!(judge(&[], &printed, &OutputSchemas::new()).map(|v| v.rule), Some("stdio.stdout-frames-only"));
        let log = json!({"level": 30, "msg": "listening"});
        assert_eq!(rule(&[], &[log, barrier.clone()], End::Answered), Some("stdio.stdout-frames-only"));
        let silent = [Frame::Raw(b"{".to_vec())];
        assert_eq!(rule(&silent, std::slice::from_ref(&barrier), End::Answered), Some("rpc.parse-error"));
        let once = json!({"jsonrpc": "2.0", "id": 1, "result": {}});
        let note = Frame::Json(json!({"jsonrpc": "2.0", "method": "notifications/x"}));
        let twice = rule(&[ping(json!(1)), note], &[once.clone(), once, barrier.clone()], End::Answered);
        assert_eq!(twice, Some("rpc.answers-every-request"), "a second answer is not blamed on the notification");
        let batch = Frame::Json(json!([]));
        let bad = Frame::Json(json!({"id": 0, "method": {}}));
        let batch_error = json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32600, "message": "batch"}});
        let echoed = json!({"jsonrpc": "2.0", "id": 0, "error": {"code": -32600, "message": "method"}});
        let lines = [batch_error, echoed, barrier.clone()];
        assert_eq!(rule(&[batch, bad], &lines, End::Answered), None, "the request's own id is matched first");
    }

    fn posted(status: u16, body: Option<Value>) -> Posted {
        Posted {
            status: Some(status),
            failure: String::new(),
            content_type: "application/json".into(),
            empty_body: body.is_none(),
            cut: false,
            frames: Ok(body.into_iter().collect()),
        }
    }

    fn over_http(frames: &[Frame], posts: Vec<Posted>) -> Option<&'static str> {
        let http = HttpOutcome { posts, revision: "2025-11-25".into(), session: true };
        let outcome = Outcome {
            lines: vec![],
            http: Some(http),
            end: End::Answered,
            barrier: json!("b"),
            barrier_answered: true,
            barrier_note: "HTTP 200".into(),
        };
        judge(frames, &outcome, &OutputSchemas::new()).map(|v| v.rule)
    }

    #[test]
    fn over_http_each_status_the_tables_require_names_its_rule() {
        use crate::fuzz::frame::{FOREIGN_ORIGIN, HttpFrame, UNKNOWN_REVISION, UNKNOWN_SESSION};
        let bent = |name: &str, value: &str| {
            Frame::Http(HttpFrame {
                method: "POST".into(),
                headers: vec![(name.into(), Some(value.into()))],
                body: Box::new(ping(json!(1))),
            })
        };
        let pong = Some(json!({"jsonrpc": "2.0", "id": 1, "result": {}}));
        assert_eq!(over_http(&[ping(json!(1))], vec![posted(200, pong.clone())]), None);
        assert_eq!(over_http(&[bent("Origin", FOREIGN_ORIGIN)], vec![posted(403, None)]), None);
        assert_eq!(
            over_http(&[bent("Origin", FOREIGN_ORIGIN)], vec![posted(200, pong.clone())]),
            Some("http.origin-403")
        );
        let version = bent("MCP-Protocol-Version", UNKNOWN_REVISION);
        assert_eq!(over_http(&[version], vec![posted(200, pong.clone())]), Some("http.protocol-version-header"));
        let session = bent("Mcp-Session-Id", UNKNOWN_SESSION);
        assert_eq!(
            over_http(std::slice::from_ref(&session), vec![posted(400, None)]),
            Some("http.unknown-session-404")
        );
        assert_eq!(over_http(&[session], vec![posted(404, None)]), None);
        assert_eq!(over_http(&[ping(json!(1))], vec![posted(500, None)]), Some("http.no-server-error"));
        let note = Frame::Json(json!({"jsonrpc": "2.0", "method": "notifications/x"}));
        assert_eq!(over_http(std::slice::from_ref(&note), vec![posted(202, None)]), None);
        assert_eq!(over_http(std::slice::from_ref(&note), vec![posted(400, None)]), None, "an error status refuses it");
        assert_eq!(over_http(std::slice::from_ref(&note), vec![posted(200, None)]), Some("http.notification-202"));
        assert_eq!(over_http(&[note], vec![posted(200, pong.clone())]), Some("rpc.no-answer"));
        let mut plain = posted(200, None);
        plain.content_type = "text/plain".into();
        plain.empty_body = false;
        plain.frames = Err("not JSON".into());
        assert_eq!(over_http(&[ping(json!(1))], vec![plain]), Some("http.request-answer"));
        assert_eq!(over_http(&[ping(json!(1))], vec![posted(202, None)]), Some("rpc.answers-every-request"));
        let parse = Frame::Raw(b"{".to_vec());
        assert_eq!(over_http(std::slice::from_ref(&parse), vec![posted(400, None)]), Some("rpc.parse-error"));
        let parse_error = json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32700, "message": "parse"}});
        assert_eq!(over_http(&[parse], vec![posted(400, Some(parse_error))]), None);
        let hung = Posted::failed("no answer within 250ms".into());
        assert_eq!(over_http(&[ping(json!(1))], vec![hung.clone()]), Some("server.answers-in-time"));
        let cancel =
            Frame::Json(json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}}));
        let mut open = posted(200, None);
        open.cut = true;
        let cancelled = [ping(json!(1)), cancel];
        assert_eq!(over_http(&cancelled, vec![open.clone(), posted(202, None)]), None, "a cancelled stream held open");
        assert_eq!(over_http(&cancelled, vec![hung, posted(202, None)]), None, "a cancelled request never answered");
        assert_eq!(over_http(&[ping(json!(1))], vec![open]), Some("server.answers-in-time"), "not cancelled");
        let other = Frame::Json(json!({"jsonrpc": "2.0", "id": 2, "method": "ping"}));
        let (one, two) =
            (json!({"jsonrpc": "2.0", "id": 1, "result": {}}), json!({"jsonrpc": "2.0", "id": 2, "result": {}}));
        let swapped = vec![posted(200, Some(two)), posted(200, Some(one))];
        let misrouted = over_http(&[ping(json!(1)), other.clone()], swapped);
        assert_eq!(misrouted, Some("rpc.answers-every-request"), "an answer on another request's POST does not count");
        let put = Frame::Http(HttpFrame { method: "PUT".into(), headers: vec![], body: Box::new(other) });
        assert_eq!(
            over_http(std::slice::from_ref(&put), vec![posted(501, None)]),
            None,
            "501 for a method not implemented"
        );
        assert_eq!(over_http(&[put], vec![posted(500, None)]), Some("http.no-server-error"));
    }

    #[test]
    fn a_structured_result_outside_its_output_schema_is_a_finding() {
        let tools = [json!({"name": "t", "outputSchema": {"type": "object", "required": ["n"]}})];
        let call = Frame::Json(json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "t"}}));
        let answer = json!({"jsonrpc": "2.0", "id": 1, "result": {"content": [], "structuredContent": {}}});
        let barrier = json!({"jsonrpc": "2.0", "id": "b", "result": {}});
        let found = judge(&[call], &outcome(&[answer, barrier], End::Answered), &output_schemas(&tools));
        assert_eq!(found.map(|v| v.rule), Some("tools.output-schema"));
    }
}
