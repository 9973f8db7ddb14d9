//! The frames a run sends, drawn from a seeded generator so that a run is reproducible from its
//! seed. Envelopes follow the shapes of `schemas/rpc/jsonrpc.json` (request, notification,
//! response) and are then bent: ids of every JSON type, unknown and non-string methods,
//! envelopes without `jsonrpc`, batches, responses sent to the server, truncated JSON, invalid
//! UTF-8, oversized lines. A request's params are drawn from its method's schema in
//! `schemas/mcp/mcp.json` (valid, at its boundaries, or invalid) or are any JSON at all; tool
//! arguments from each callable tool's own `inputSchema`, the same three ways. Over Streamable HTTP some
//! frames are requests of their own: a header the tables rule on bent (a foreign `Origin`, an
//! unknown `MCP-Protocol-Version` or session id), required headers dropped or wrong, other
//! methods, bodies past 4 MiB.

use super::frame::{
    CAPABILITIES_KEY, FOREIGN_ORIGIN, Frame, HttpFrame, MCP_REQUESTS, PROTOCOL_VERSION_KEY, UNKNOWN_REVISION,
    UNKNOWN_SESSION,
};
use super::session::modern_meta;
use serde_json::{Map, Value, json};

/// MCP requests never generated with random params: the run's own handshake (`initialize`),
/// `tools/call` (only callable tools are called, with arguments from their schemas), those held
/// open by design (`subscriptions/listen`, `tasks/result`), and `tasks/cancel`, which could end
/// a task another client started.
const NOT_GENERATED: &[&str] = &["initialize", "tools/call", "subscriptions/listen", "tasks/result", "tasks/cancel"];

/// 2026-07-28's own requests, which a run begun with `initialize` does not reach.
const MODERN_ONLY: &[&str] = &["server/discover", "resources/directory/read"];

/// The `$defs` of `schemas/mcp/mcp.json` that hold each method's params.
const PARAMS: &[(&str, &str)] = &[
    ("tools/list", "PaginatedParams"),
    ("resources/list", "PaginatedParams"),
    ("resources/templates/list", "PaginatedParams"),
    ("prompts/list", "PaginatedParams"),
    ("skills/list", "PaginatedParams"),
    ("tasks/list", "PaginatedParams"),
    ("resources/read", "ReadResourceParams"),
    ("resources/subscribe", "SubscribeParams"),
    ("resources/unsubscribe", "SubscribeParams"),
    ("prompts/get", "GetPromptParams"),
    ("completion/complete", "CompleteParams"),
    ("logging/setLevel", "SetLevelParams"),
    ("skills/get", "GetSkillParams"),
    ("notifications/cancelled", "CancelledNotificationParams"),
    ("notifications/progress", "ProgressNotificationParams"),
];

const NOTIFICATIONS: &[&str] = &[
    "notifications/initialized",
    "notifications/cancelled",
    "notifications/progress",
    "notifications/roots/list_changed",
    "notifications/fuzz/unknown",
];

/// A tool the run may call: listed `readOnlyHint: true`, or named with `--allow-tool`.
#[derive(Debug, Clone)]
pub struct Callable {
    pub name: String,
    pub input_schema: Value,
}

pub struct Generator {
    rng: fastrand::Rng,
    /// MCP's requests but [`NOT_GENERATED`].
    requests: Vec<&'static str>,
    callable: Vec<Callable>,
    /// Ids handed out in this run, so that no two frames of the run share one.
    next_id: u64,
    /// Whether the one empty string id was handed out.
    empty_id_sent: bool,
    /// Whether frames may be HTTP requests of their own (`--url`).
    http: bool,
    /// Whether the run is in 2026-07-28, where every message carries its envelope in `_meta`.
    modern: bool,
    /// The `$defs` of `schemas/mcp/mcp.json`, which `$ref`s in params schemas name.
    defs: Value,
}

impl Generator {
    /// A generator for a run over HTTP (`http`) or stdio, in `revision`.
    pub fn new(seed: u64, callable: Vec<Callable>, http: bool, revision: &str) -> Generator {
        let modern = revision == crate::conform::revisions::MODERN;
        let requests = MCP_REQUESTS
            .iter()
            .copied()
            .filter(|m| !NOT_GENERATED.contains(m) && (modern || !MODERN_ONLY.contains(m)))
            .collect();
        let mcp: Value = serde_json::from_str(include_str!("../../schemas/mcp/mcp.json")).unwrap_or_default();
        let defs = mcp.get("$defs").cloned().unwrap_or_default();
        Generator {
            rng: fastrand::Rng::with_seed(seed),
            requests,
            callable,
            next_id: 0,
            empty_id_sent: false,
            http,
            modern,
            defs,
        }
    }

    /// The frames of one case: one to three.
    pub fn case(&mut self) -> Vec<Frame> {
        let case = if self.rng.u8(..100) < 5 {
            self.cancelled_case()
        } else {
            let n = 1 + self.rng.usize(..3);
            (0..n).map(|_| self.frame()).collect()
        };
        match self.modern {
            true => case.into_iter().map(|frame| self.enveloped(frame)).collect(),
            false => case,
        }
    }

    /// In 2026-07-28 every message carries its envelope in `_meta`: added to a message with a
    /// method (its params made an object when absent, a `_meta` object kept and added to), and
    /// one time in ten bent (an unknown revision, no client capabilities).
    fn enveloped(&mut self, frame: Frame) -> Frame {
        match frame {
            Frame::Http(mut http) => {
                http.body = Box::new(self.enveloped(*http.body));
                Frame::Http(http)
            }
            Frame::Json(Value::Object(mut map)) if map.get("method").is_some_and(Value::is_string) => {
                let mut envelope = modern_meta();
                // Never left out: a dual-era server reads a request without one in another era.
                match self.rng.u8(..20) {
                    0 => envelope[PROTOCOL_VERSION_KEY] = json!("1900-01-01"),
                    1 => drop(envelope.as_object_mut().and_then(|m| m.remove(CAPABILITIES_KEY))),
                    _ => {}
                }
                let params = map.entry("params").or_insert_with(|| json!({}));
                if let Value::Object(params) = params {
                    match params.get_mut("_meta") {
                        Some(Value::Object(meta)) => meta.extend(envelope.as_object().cloned().unwrap_or_default()),
                        _ => drop(params.insert("_meta".into(), envelope)),
                    }
                }
                Frame::Json(Value::Object(map))
            }
            other => other,
        }
    }

    /// A request, then (sometimes after another frame) a `notifications/cancelled` naming it,
    /// written before its answer can have come: the request may go unanswered, never answered
    /// twice, and the server keeps serving.
    fn cancelled_case(&mut self) -> Vec<Frame> {
        let request = match self.callable.is_empty() || self.rng.bool() {
            true => Frame::Json(self.request(self.probe(), json!({}))),
            false => self.tool_call(),
        };
        let Frame::Json(body) = &request else { return vec![request] };
        let mut cancel =
            json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": body["id"]}});
        if self.rng.bool() {
            cancel["params"]["reason"] = json!("the fuzzer changed its mind");
        }
        let mut case = vec![request];
        if self.rng.bool() {
            case.push(self.frame());
        }
        case.push(Frame::Json(cancel));
        case
    }

    fn frame(&mut self) -> Frame {
        if self.http && self.rng.u8(..100) < 20 {
            return self.http_frame();
        }
        let roll = self.rng.u32(..100);
        match roll {
            0..30 => {
                let method = self.requests[self.rng.usize(..self.requests.len())];
                let params = self.params_of(method);
                Frame::Json(self.request(method, params))
            }
            30..50 if !self.callable.is_empty() => self.tool_call(),
            30..58 => {
                let method = format!("fuzz/{}", self.word());
                Frame::Json(self.request(&method, json!({})))
            }
            58..68 => {
                let method = NOTIFICATIONS[self.rng.usize(..NOTIFICATIONS.len())];
                let mut note = json!({"jsonrpc": "2.0", "method": method});
                if self.rng.bool() {
                    note["params"] = self.params_of(method);
                }
                Frame::Json(note)
            }
            68..76 => {
                let odd_id = match self.rng.u8(..5) {
                    0 => Value::Null,
                    1 => json!(self.rng.u32(..1000) as f64 + 0.5),
                    2 => json!(self.rng.bool()),
                    3 => json!({"id": 1}),
                    _ => json!([1]),
                };
                Frame::Json(json!({"jsonrpc": "2.0", "id": odd_id, "method": "ping"}))
            }
            76..83 => self.raw(),
            83..89 => {
                let mut request = self.request("ping", json!({}));
                match self.rng.u8(..3) {
                    0 => drop(request.as_object_mut().and_then(|m| m.remove("jsonrpc"))),
                    1 => request["jsonrpc"] = json!("1.0"),
                    _ => request["method"] = self.value(1),
                }
                Frame::Json(request)
            }
            89..92 => {
                let batch: Vec<Value> = (0..1 + self.rng.usize(..2)).map(|_| self.request("ping", json!({}))).collect();
                Frame::Json(Value::Array(batch))
            }
            92..96 => {
                let id = self.id();
                let body = if self.rng.bool() {
                    json!({"jsonrpc": "2.0", "id": id, "result": {}})
                } else {
                    json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32000, "message": "from the client"}})
                };
                Frame::Json(body)
            }
            _ => {
                let size = 64 * 1024 + self.rng.usize(..192 * 1024);
                Frame::Json(self.request("ping", json!({"_meta": {"fuzz": "x".repeat(size)}})))
            }
        }
    }

    /// A request every server answers: `ping`, or in 2026-07-28 (which removed it)
    /// `server/discover`.
    fn probe(&self) -> &'static str {
        if self.modern { "server/discover" } else { "ping" }
    }

    /// An HTTP request of its own around a [`Generator::probe`] (a body the server would
    /// otherwise answer), so that the status is the header's doing.
    fn http_frame(&mut self) -> Frame {
        let mut body = Frame::Json(self.request(self.probe(), json!({})));
        let set = |name: &str, value: &str| vec![(name.to_string(), Some(value.to_string()))];
        let (method, headers) = match self.rng.u8(..12) {
            0 | 1 => ("POST", set("Origin", FOREIGN_ORIGIN)),
            2 | 3 => ("POST", set("MCP-Protocol-Version", UNKNOWN_REVISION)),
            4 | 5 => ("POST", set("Mcp-Session-Id", UNKNOWN_SESSION)),
            6 => (
                "POST",
                vec![("Accept".to_string(), [None, Some("text/html".to_string())][self.rng.usize(..2)].clone())],
            ),
            7 => {
                ("POST", set("Content-Type", ["text/plain", "application/x-www-form-urlencoded"][self.rng.usize(..2)]))
            }
            8 => ("POST", set("Host", "evil.example")),
            9 => {
                // Past the 4 MiB a server may be expected to take.
                let size = (4 << 20) + self.rng.usize(..1 << 20);
                body = Frame::Json(self.request(self.probe(), json!({"_meta": {"fuzz": "x".repeat(size)}})));
                ("POST", vec![])
            }
            10 => (["GET", "PUT", "PATCH", "OPTIONS"][self.rng.usize(..4)], vec![]),
            // Never the live session's id: a DELETE of it would end the session.
            _ => ("DELETE", set("Mcp-Session-Id", UNKNOWN_SESSION)),
        };
        Frame::Http(HttpFrame { method: method.to_string(), headers, body: Box::new(body) })
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.id();
        let mut request = json!({"jsonrpc": "2.0", "id": id, "method": method});
        if !params.is_null() {
            request["params"] = params;
        }
        request
    }

    /// An id no other frame of the run carries: integers (negative and extreme ones too) and
    /// strings (empty, digits, non-ASCII).
    fn id(&mut self) -> Value {
        self.next_id += 1;
        let n = self.next_id;
        match self.rng.u8(..24) {
            0 => json!(-(n as i64)),
            1 => json!(u64::MAX - n),
            2 => json!(i64::MIN + n as i64),
            3 => json!(n.to_string()),
            4 => json!(format!("é-{n}-\u{1F600}")),
            // Once a run: MCP forbids a client to use an id twice in a session.
            5 if !self.empty_id_sent => {
                self.empty_id_sent = true;
                json!("")
            }
            6..12 => json!(format!("f{n}")),
            _ => json!(n),
        }
    }

    /// Params for `method`: from its schema when it has one (valid, at its boundaries or
    /// invalid), else, and sometimes anyway, [`Generator::params`].
    fn params_of(&mut self, method: &str) -> Value {
        let schema = PARAMS.iter().find(|(m, _)| *m == method).and_then(|(_, def)| self.defs.get(*def)).cloned();
        let Some(schema) = schema else { return self.params() };
        match self.rng.u8(..10) {
            0..5 => self.for_schema(&schema, Mode::Valid, 0),
            5..7 => self.for_schema(&schema, Mode::Boundary, 0),
            7..9 => self.for_schema(&schema, Mode::Invalid, 0),
            _ => self.params(),
        }
    }

    /// Params: mostly an object, sometimes absent or of the wrong type.
    fn params(&mut self) -> Value {
        match self.rng.u8(..10) {
            0 => Value::Null,
            1 => json!([self.value(1)]),
            2 => self.value(0),
            _ => {
                let mut map = Map::new();
                for _ in 0..self.rng.usize(..3) {
                    map.insert(self.key(), self.value(2));
                }
                Value::Object(map)
            }
        }
    }

    fn tool_call(&mut self) -> Frame {
        let tool = self.callable[self.rng.usize(..self.callable.len())].clone();
        let mode = match self.rng.u8(..10) {
            0..5 => Mode::Valid,
            5..8 => Mode::Boundary,
            _ => Mode::Invalid,
        };
        // A tool's `$ref`s name its own definitions, not MCP's: none is resolved.
        let defs = std::mem::take(&mut self.defs);
        let arguments = self.for_schema(&tool.input_schema, mode, 0);
        self.defs = defs;
        Frame::Json(self.request("tools/call", json!({"name": tool.name, "arguments": arguments})))
    }

    fn raw(&mut self) -> Frame {
        let request = serde_json::to_vec(&self.request("ping", json!({}))).expect("a JSON value serializes");
        match self.rng.u8(..4) {
            0 => Frame::Raw(request[..1 + self.rng.usize(..request.len() - 1)].to_vec()),
            1 => {
                // Outside string literals only: a byte that is not UTF-8 inside a string is
                // decoded leniently by some servers, and the tables do not rule on it.
                let mut bytes = request;
                let outside = outside_strings(&bytes);
                let at = outside[self.rng.usize(..outside.len())];
                bytes.insert(at, [0xff, 0xc3, 0x80, 0xfe][self.rng.usize(..4)]);
                Frame::Raw(bytes)
            }
            2 => Frame::Raw(b"{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\",}".to_vec()),
            _ => Frame::Raw((0..1 + self.rng.usize(..40)).map(|_| self.rng.u8(0x20..0x7f)).collect()),
        }
    }

    fn word(&mut self) -> String {
        (0..1 + self.rng.usize(..10)).map(|_| self.rng.alphanumeric()).collect()
    }

    fn key(&mut self) -> String {
        match self.rng.u8(..6) {
            0 => "_meta".to_string(),
            1 => "name".to_string(),
            2 => "uri".to_string(),
            3 => "cursor".to_string(),
            _ => self.word(),
        }
    }

    fn string(&mut self) -> String {
        match self.rng.u8(..8) {
            0 => String::new(),
            1 => "\u{0}\u{1b}[31m\u{202e}é\u{1F600}".to_string(),
            2 => "x".repeat(4097 + self.rng.usize(..4096)),
            3 => "file:///etc/passwd".to_string(),
            _ => self.word(),
        }
    }

    /// A JSON value of any type, nested at most `depth` more levels.
    fn value(&mut self, depth: u8) -> Value {
        match self.rng.u8(..if depth == 0 { 6 } else { 8 }) {
            0 => Value::Null,
            1 => json!(self.rng.bool()),
            2 => [json!(0), json!(-1), json!(i64::MAX), json!(u64::MAX), json!(i64::MIN)][self.rng.usize(..5)].clone(),
            3 => json!(self.rng.f64() * 1e9 - 5e8),
            4 | 5 => json!(self.string()),
            6 => Value::Array((0..self.rng.usize(..3)).map(|_| self.value(depth - 1)).collect()),
            _ => {
                let mut map = Map::new();
                for _ in 0..self.rng.usize(..3) {
                    map.insert(self.key(), self.value(depth - 1));
                }
                Value::Object(map)
            }
        }
    }

    /// A value for `schema` (the subset tools use: type, properties, required, items, enum,
    /// minLength/maxLength, minimum/maximum).
    fn for_schema(&mut self, schema: &Value, mode: Mode, depth: u8) -> Value {
        // Each property, item, `$ref` and branch is a level.
        if depth > 8 {
            return Value::Null;
        }
        if mode == Mode::Invalid && self.rng.u8(..3) == 0 {
            return self.value(1);
        }
        // `#/$defs/NAME` names a definition of schemas/mcp/mcp.json; a tool's schema may use
        // its own, which is not resolved (any value).
        if let Some(name) = schema.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix("#/$defs/")) {
            let Some(target) = self.defs.get(name).cloned() else { return self.value(1) };
            return self.for_schema(&target, mode, depth + 1);
        }
        if let Some(branches) = schema.get("oneOf").or_else(|| schema.get("anyOf")).and_then(Value::as_array)
            && !branches.is_empty()
        {
            let branch = branches[self.rng.usize(..branches.len())].clone();
            return self.for_schema(&branch, mode, depth + 1);
        }
        if let Some(options) = schema.get("enum").and_then(Value::as_array).filter(|o| !o.is_empty()) {
            return options[self.rng.usize(..options.len())].clone();
        }
        let kind = match schema.get("type") {
            Some(Value::String(kind)) => kind.as_str(),
            Some(Value::Array(kinds)) if !kinds.is_empty() => {
                kinds[self.rng.usize(..kinds.len())].as_str().unwrap_or("object")
            }
            _ if schema.get("properties").is_some() => "object",
            _ => "any",
        };
        let number = |key: &str| schema.get(key).and_then(Value::as_f64);
        match kind {
            "object" => {
                let required: Vec<&str> = schema
                    .get("required")
                    .and_then(Value::as_array)
                    .map_or(vec![], |r| r.iter().filter_map(Value::as_str).collect());
                let mut map = Map::new();
                if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
                    for (name, property) in properties {
                        let keep = required.contains(&name.as_str()) || self.rng.bool();
                        let dropped = mode == Mode::Invalid && self.rng.u8(..3) == 0;
                        if keep && !dropped {
                            map.insert(name.clone(), self.for_schema(property, mode, depth + 1));
                        }
                    }
                }
                if mode == Mode::Invalid && self.rng.bool() {
                    map.insert(format!("fuzz_{}", self.word()), self.value(1));
                }
                Value::Object(map)
            }
            "string" => {
                // A schema is outside input: its bounds are held to 64 KiB a string (and arrays
                // below the top are short), so no schema makes a frame of more than a few MiB.
                const CAP: usize = 64 << 10;
                let min = (number("minLength").unwrap_or(0.0) as usize).min(CAP);
                let max = number("maxLength").map_or(64, |m| m as usize).clamp(min, CAP);
                let len = match mode {
                    Mode::Valid => min + self.rng.usize(..=(max - min).min(64)),
                    Mode::Boundary => [min, max, max + 1, 4097 + self.rng.usize(..4096)][self.rng.usize(..4)],
                    Mode::Invalid => max + 1 + self.rng.usize(..8192),
                };
                (0..len).map(|_| self.rng.alphanumeric()).collect::<String>().into()
            }
            "integer" | "number" => {
                let min = number("minimum").unwrap_or(-1e6);
                let max = number("maximum").unwrap_or(1e6).max(min);
                match mode {
                    Mode::Valid => json!((min + self.rng.f64() * (max - min)).round() as i64),
                    Mode::Boundary => json!([min, max][self.rng.usize(..2)] as i64),
                    Mode::Invalid => json!([min - 1.0, max + 1.0, 0.5][self.rng.usize(..3)]),
                }
            }
            "boolean" => json!(self.rng.bool()),
            "array" => {
                let items = schema.get("items").cloned().unwrap_or(json!({}));
                let long = if depth == 0 { 100 } else { 3 };
                let n = if mode == Mode::Boundary { [0, 1, long][self.rng.usize(..3)] } else { self.rng.usize(..4) };
                Value::Array((0..n).map(|_| self.for_schema(&items, mode, depth + 1)).collect())
            }
            _ => self.value(1),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Mode {
    Valid,
    Boundary,
    Invalid,
}

/// The offsets of `bytes` (a serialized JSON value) outside its string literals, the end
/// included.
fn outside_strings(bytes: &[u8]) -> Vec<usize> {
    let (mut inside, mut escaped) = (false, false);
    let mut offsets = vec![];
    for (at, &byte) in bytes.iter().enumerate() {
        if !inside {
            offsets.push(at);
        }
        match byte {
            _ if escaped => escaped = false,
            b'\\' if inside => escaped = true,
            b'"' => inside = !inside,
            _ => {}
        }
    }
    offsets.push(bytes.len());
    offsets
}

/// Whether `frame` may be sent. Allowed, never merely not forbidden: every `tools/call` in it
/// (a batch's too) must have object params naming a callable tool. A raw frame is read as a
/// lenient server would read it: split at line breaks and decoded lossily, and a piece that
/// mentions `tools/call` must parse as an allowed call. Frames from a corpus or a reproducer
/// are outside input, so they pass here too before they are sent.
pub fn is_safe(frame: &Frame, callable: &[Callable]) -> bool {
    let allowed = |value: &Value| match value {
        Value::Object(map) if map.get("method") == Some(&json!("tools/call")) => map
            .get("params")
            .and_then(Value::as_object)
            .and_then(|params| params.get("name"))
            .and_then(Value::as_str)
            .is_some_and(|name| callable.iter().any(|c| c.name == name)),
        Value::Array(items) => items.iter().all(|item| {
            item.get("method") != Some(&json!("tools/call")) || is_safe(&Frame::Json(item.clone()), callable)
        }),
        _ => true,
    };
    match frame {
        Frame::Json(value) => allowed(value),
        Frame::Http(http) => is_safe(&http.body, callable),
        Frame::Raw(bytes) => bytes.split(|b| *b == b'\n' || *b == b'\r').all(|piece| {
            let text = String::from_utf8_lossy(piece);
            match serde_json::from_str::<Value>(&text) {
                Ok(value) => allowed(&value),
                Err(_) => !text.contains("tools/call"),
            }
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_the_same_frames_every_time() {
        let tools = vec![Callable { name: "echo".into(), input_schema: json!({"type": "object"}) }];
        let mut a = Generator::new(7, tools.clone(), true, crate::conform::revisions::MODERN);
        let mut b = Generator::new(7, tools, true, crate::conform::revisions::MODERN);
        for _ in 0..200 {
            assert_eq!(a.case(), b.case());
        }
    }

    #[test]
    fn only_a_call_of_a_callable_tool_is_ever_sent() {
        let callable = vec![Callable { name: "read".into(), input_schema: json!({}) }];
        let call = |name: &str| json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": name}});
        let safe = |frame: Frame| is_safe(&frame, &callable);
        assert!(safe(Frame::Json(call("read"))));
        assert!(safe(Frame::Json(json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}))));
        assert!(!safe(Frame::Json(call("delete"))));
        assert!(!safe(Frame::Json(call("unlisted"))), "a tool not listed may still exist");
        assert!(!safe(Frame::Json(json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": ["read"]}))));
        assert!(!safe(Frame::Json(json!([call("read"), call("delete")]))));
        assert!(!safe(Frame::Raw(serde_json::to_vec(&call("delete")).unwrap())));
        let mut two_lines = b"{\n".to_vec();
        two_lines.extend(serde_json::to_vec(&call("delete")).unwrap());
        assert!(!safe(Frame::Raw(two_lines)), "a raw frame is read line by line");
        let mut invalid = serde_json::to_vec(&call("delete")).unwrap();
        invalid.insert(invalid.len() - 3, 0xff);
        assert!(!safe(Frame::Raw(invalid)), "read as a lenient server reads it");
        assert!(safe(Frame::Raw(b"{\"method\": \"ping\"".to_vec())));
    }

    #[test]
    fn a_byte_that_is_not_utf8_goes_between_tokens_only() {
        // {"a":"b\"c","d":1}: offsets 2-3, 6-10 and 13-14 are inside strings.
        assert_eq!(outside_strings(br#"{"a":"b\"c","d":1}"#), [0, 1, 4, 5, 11, 12, 15, 16, 17, 18]);
    }

    #[test]
    fn a_requests_params_follow_its_schema_in_mcp_json_when_valid() {
        let mut generator = Generator::new(5, vec![], false, "2025-11-25");
        assert!(generator.defs.get("CompleteParams").is_some(), "schemas/mcp/mcp.json is compiled in");
        let complete = generator.defs["CompleteParams"].clone();
        let schema = json!({"$defs": generator.defs.clone(), "$ref": "#/$defs/CompleteParams"});
        let validator = jsonschema::validator_for(&schema).expect("a schema");
        let mut kinds = std::collections::BTreeSet::new();
        for _ in 0..100 {
            let params = generator.for_schema(&complete, Mode::Valid, 0);
            assert!(validator.is_valid(&params), "{params}");
            kinds.insert(params["ref"]["type"].as_str().unwrap_or_default().to_string());
        }
        assert_eq!(kinds.len(), 2, "both branches of the oneOf: {kinds:?}");
    }

    #[test]
    fn tool_arguments_follow_the_schema_when_valid() {
        let schema = json!({"type": "object", "required": ["text"], "properties": {"text": {"type": "string", "maxLength": 10}}});
        let mut generator = Generator::new(1, vec![], false, "2025-11-25");
        for _ in 0..100 {
            let value = generator.for_schema(&schema, Mode::Valid, 0);
            let text = value["text"].as_str().expect("a required string");
            assert!(text.len() <= 10, "{text}");
        }
    }
}
