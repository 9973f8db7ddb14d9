//! The oracle: what a case's answers must be, by the rules the conformance tables hold
//! (`features/`), each named by the table's check family and quoting its sentence. A case
//! breaks at most one rule: the first found, in the order of [`RULES`].

use super::frame::{Expect, Frame, INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR, expect};
use super::session::{End, Outcome};
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
    Rule { id: "server.stays-up", sentence: ANSWER },
    Rule { id: "server.answers-in-time", sentence: ANSWER },
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
                    _ => "rpc.answers-every-request",
                };
                let Some(at) = found.or_else(|| answers.iter().position(carries_id)) else {
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
        Outcome { lines, end, barrier: json!("b"), barrier_answered }
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
        let printed = Outcome { lines, end: End::Answered, barrier: json!("b"), barrier_answered: true };
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
