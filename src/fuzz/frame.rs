//! One line sent to a server, and what JSON-RPC 2.0 and MCP say must come back for it. The
//! expectation is computed from the frame itself, never stored beside it, so a frame changed by
//! the shrinker is judged by what it has become.

use serde_json::{Value, json};

/// A line as sent: JSON, or raw bytes (not JSON, invalid UTF-8, truncated); over Streamable
/// HTTP each is one POST body, and [`Frame::Http`] is a request of its own.
#[derive(Debug, Clone, PartialEq)]
pub enum Frame {
    Json(Value),
    Raw(Vec<u8>),
    Http(HttpFrame),
}

/// An HTTP request bent from what the session sends: another method, or headers replaced or
/// removed, around a body (JSON or raw, never another HTTP frame). Sent only to `--url`.
#[derive(Debug, Clone, PartialEq)]
pub struct HttpFrame {
    pub method: String,
    /// Headers set to a value instead of the session's, or removed from them (`None`).
    pub headers: Vec<(String, Option<String>)>,
    pub body: Box<Frame>,
}

impl HttpFrame {
    /// The value this frame gives `name`: `Some(None)` when it removes it, `None` when it
    /// leaves the session's.
    pub fn header(&self, name: &str) -> Option<Option<&str>> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_deref())
    }
}

impl Frame {
    /// The bytes of the line, without its newline.
    pub fn bytes(&self) -> Vec<u8> {
        match self {
            Frame::Json(value) => serde_json::to_vec(value).expect("a JSON value serializes"),
            Frame::Raw(bytes) => bytes.clone(),
            Frame::Http(http) => http.body.bytes(),
        }
    }

    /// How a reproducer file holds it: `{"json": …}` or `{"hex": "…"}`.
    pub fn to_file(&self) -> Value {
        match self {
            Frame::Json(value) => json!({ "json": value }),
            Frame::Raw(bytes) => json!({ "hex": bytes.iter().map(|b| format!("{b:02x}")).collect::<String>() }),
            Frame::Http(http) => json!({ "http": {
                "method": http.method,
                "headers": http.headers.iter().map(|(k, v)| json!([k, v])).collect::<Vec<_>>(),
                "body": http.body.to_file(),
            }}),
        }
    }

    pub fn from_file(value: &Value) -> Result<Frame, String> {
        if let Some(json) = value.get("json") {
            return Ok(Frame::Json(json.clone()));
        }
        if let Some(http) = value.get("http") {
            return HttpFrame::from_file(http).map(Frame::Http);
        }
        let hex = value
            .get("hex")
            .and_then(Value::as_str)
            .ok_or("a frame is {\"json\": …}, {\"hex\": \"…\"} or {\"http\": …}")?;
        if hex.len() % 2 != 0 {
            return Err(format!("hex of odd length {}", hex.len()));
        }
        let digit = |at: usize, c: u8| {
            (c as char).to_digit(16).ok_or_else(|| format!("hex at {at}: {:?} is not a hex digit", c as char))
        };
        hex.as_bytes()
            .chunks(2)
            .enumerate()
            .map(|(n, pair)| Ok((digit(2 * n, pair[0])? * 16 + digit(2 * n + 1, pair[1])?) as u8))
            .collect::<Result<Vec<u8>, String>>()
            .map(Frame::Raw)
    }

    /// A short description for reports and deduplication: its kind and method.
    pub fn shape(&self) -> String {
        match self {
            Frame::Raw(_) => "raw".to_string(),
            Frame::Http(http) => {
                let bent: Vec<&str> = http.headers.iter().map(|(k, _)| k.as_str()).collect();
                format!("http {} {}", http.method, bent.join(","))
            }
            Frame::Json(Value::Array(_)) => "batch".to_string(),
            Frame::Json(Value::Object(map)) => {
                let method = map.get("method").map_or("-".to_string(), |m| m.as_str().unwrap_or("?").to_string());
                let kind = if map.contains_key("id") { "request" } else { "notification" };
                format!("{kind} {method}")
            }
            Frame::Json(_) => "scalar".to_string(),
        }
    }
}

impl HttpFrame {
    fn from_file(value: &Value) -> Result<HttpFrame, String> {
        let method = value.get("method").and_then(Value::as_str).ok_or("http: `method` is not a string")?;
        // An HTTP token (RFC 9110 section 5.6.2): it goes into the request line as it is.
        if method.is_empty() || !method.bytes().all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)) {
            return Err(format!("http: method {method:?} is not an HTTP token"));
        }
        let mut headers = vec![];
        for (at, pair) in
            value.get("headers").and_then(Value::as_array).ok_or("http: `headers` is not an array")?.iter().enumerate()
        {
            let bad = || format!("http: headers/{at} is not [name, value or null]");
            let (name, set) = match pair.as_array().map(Vec::as_slice) {
                Some([Value::String(name), Value::String(v)]) => (name, Some(v.clone())),
                Some([Value::String(name), Value::Null]) => (name, None),
                _ => return Err(bad()),
            };
            // Header names are tokens and values visible text: nothing can end the head early.
            let token =
                !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b));
            if !token || set.as_deref().is_some_and(|v| v.bytes().any(|b| b.is_ascii_control())) {
                return Err(bad());
            }
            // The framing is the client's own to write: bent, it would contradict itself.
            if ["content-length", "transfer-encoding", "connection"].contains(&name.to_ascii_lowercase().as_str()) {
                return Err(format!("http: headers/{at} bends {name}, which frames the request"));
            }
            headers.push((name.clone(), set));
        }
        let body = value.get("body").ok_or("http: no `body`")?;
        if body.get("http").is_some() {
            return Err("http: a body is JSON or hex, not another HTTP request".into());
        }
        Ok(HttpFrame { method: method.to_string(), headers, body: Box::new(Frame::from_file(body)?) })
    }
}

/// What must come back for one frame.
#[derive(Debug, Clone, PartialEq)]
pub enum Expect {
    /// Exactly one answer whose id is one of `ids`; an error with `code` when one is required.
    Answer { ids: Vec<Value>, code: Option<i64> },
    /// No answer at all (a notification, or a response sent to the server).
    Silence,
    /// The tables say nothing certain (a batch, a bare envelope): only liveness is judged.
    Unjudged,
}

/// JSON-RPC 2.0 section 5.1's codes.
pub const PARSE_ERROR: i64 = -32700;
pub const INVALID_REQUEST: i64 = -32600;
pub const METHOD_NOT_FOUND: i64 = -32601;
pub const INVALID_PARAMS: i64 = -32602;
/// 2026-07-28: a request's envelope names a revision the server does not serve.
pub const UNSUPPORTED_VERSION: i64 = -32022;

/// The keys of a 2026-07-28 envelope (`params._meta`) the tables rule on.
pub const PROTOCOL_VERSION_KEY: &str = "io.modelcontextprotocol/protocolVersion";
pub const CAPABILITIES_KEY: &str = "io.modelcontextprotocol/clientCapabilities";

/// MCP's client-to-server requests across the revisions this project knows.
pub const MCP_REQUESTS: &[&str] = &[
    "initialize",
    "ping",
    "tools/list",
    "tools/call",
    "resources/list",
    "resources/templates/list",
    "resources/read",
    "resources/subscribe",
    "resources/unsubscribe",
    "prompts/list",
    "prompts/get",
    "completion/complete",
    "logging/setLevel",
    "tasks/get",
    "tasks/list",
    "tasks/result",
    "tasks/cancel",
    "server/discover",
    "subscriptions/listen",
    "skills/list",
    "skills/get",
    "resources/directory/read",
];

/// Whether `method` is one of MCP's client-to-server requests in some revision (a server that
/// does not offer it answers -32601, which the oracle accepts like any answer).
pub fn is_mcp_request(method: &str) -> bool {
    MCP_REQUESTS.contains(&method)
}

/// The largest integer a JavaScript number holds exactly: ids past it are a SHOULD in the
/// tables (`rpc.id-echo/large-integer`), which servers on JavaScript numbers do not meet.
const SAFE_INTEGER: u64 = (1 << 53) - 1;

/// What the tables require for `frame`.
pub fn expect(frame: &Frame) -> Expect {
    let value = match frame {
        Frame::Json(value) => value.clone(),
        // Judged by its status (`expect_http`).
        Frame::Http(_) => return Expect::Unjudged,
        Frame::Raw(bytes) if bytes.iter().all(u8::is_ascii_whitespace) => return Expect::Unjudged,
        Frame::Raw(bytes) => match serde_json::from_slice::<Value>(bytes) {
            Ok(value) => value,
            Err(_) => return Expect::Answer { ids: vec![Value::Null], code: Some(PARSE_ERROR) },
        },
    };
    let Value::Object(map) = value else {
        // A batch (forbidden since 2025-06-18, answered element by element before) or a scalar:
        // the tables hold no one answer for it.
        return Expect::Unjudged;
    };
    // A response sent to the server, or a bare envelope: not answering is a SHOULD in the tables
    // (`rpc.no-answer/stray-result`), so neither is judged.
    let Some(method) = map.get("method") else { return Expect::Unjudged };
    let id = map.get("id");
    let valid_id = match id {
        None | Some(Value::String(_)) => true,
        Some(Value::Number(n)) => n.is_i64() || n.is_u64(),
        Some(_) => false,
    };
    let envelope_ok = map.get("jsonrpc") == Some(&json!("2.0")) && method.is_string();
    let invalid = |ids: Vec<Value>| Expect::Answer { ids, code: Some(INVALID_REQUEST) };
    match id {
        // An id null, fractional, boolean or structured cannot be read back: -32600, id null.
        Some(_) if !valid_id => invalid(vec![Value::Null]),
        // An integer past 2^53 is an id in JSON-RPC, but echoing it is a SHOULD.
        Some(Value::Number(n)) if n.as_i64().is_none_or(|n| n.unsigned_abs() > SAFE_INTEGER) => Expect::Unjudged,
        Some(id) if envelope_ok => {
            let method = method.as_str().unwrap_or_default();
            let code = match (is_mcp_request(method), modern_envelope_error(&map)) {
                (true, envelope) => envelope,
                (false, None) => Some(METHOD_NOT_FOUND),
                // An unknown method in a bad envelope: which a server checks first, the tables
                // do not say.
                (false, Some(_)) => None,
            };
            Expect::Answer { ids: vec![id.clone()], code }
        }
        // The tables require the -32600; echoing the id or answering null are both allowed.
        Some(id) => invalid(vec![id.clone(), Value::Null]),
        // A notification, even an odd one (an unknown method, array params): never answered.
        None if envelope_ok => Expect::Silence,
        // No id and no valid envelope: servers differ on whether it is a notification.
        None => Expect::Unjudged,
    }
}

/// The error a 2026-07-28 envelope requires (`features/protocol.feature`, `modern.*`): a
/// revision no era has is -32022, 2026-07-28 without client capabilities -32602. A request
/// without an envelope, or naming a handshake revision, is not judged by it.
fn modern_envelope_error(request: &serde_json::Map<String, Value>) -> Option<i64> {
    let meta = request.get("params")?.get("_meta")?;
    let version = meta.get(PROTOCOL_VERSION_KEY)?.as_str()?;
    let known = crate::conform::revisions::LEGACY.contains(&version) || version == crate::conform::revisions::MODERN;
    match version {
        _ if !known => Some(UNSUPPORTED_VERSION),
        crate::conform::revisions::MODERN if meta.get(CAPABILITIES_KEY).is_none() => Some(INVALID_PARAMS),
        _ => None,
    }
}

/// What Streamable HTTP requires of the answer to one POST, beyond the JSON-RPC answer its body
/// must carry ([`expect`]).
#[derive(Debug, Clone, PartialEq)]
pub enum HttpExpect {
    /// This status, by this rule: one header the tables rule on was bent.
    Status(u16, &'static str),
    /// A notification or a response: 202 Accepted with no body, or an error status.
    Accepted,
    /// A request: its answer, in the body.
    Answer,
    /// Nothing certain: only that the server stays up and does not fail (5xx).
    Unjudged,
}

/// The values the generator bends headers to, which the HTTP rules recognise.
pub const FOREIGN_ORIGIN: &str = "http://evil.example";
pub const UNKNOWN_REVISION: &str = "1999-01-01";
pub const UNKNOWN_SESSION: &str = "ctxlake-fuzz-no-such-session";

/// What the tables (`features/http.feature`) require for `frame` POSTed in a session of
/// `revision` (`session`: the server issued a session id).
pub fn expect_http(frame: &Frame, revision: &str, session: bool) -> HttpExpect {
    let Frame::Http(http) = frame else {
        return match expect(frame) {
            Expect::Answer { .. } => HttpExpect::Answer,
            Expect::Silence => HttpExpect::Accepted,
            Expect::Unjudged if is_response(frame) => HttpExpect::Accepted,
            Expect::Unjudged => HttpExpect::Unjudged,
        };
    };
    // One header bent on a POST of a request the server would otherwise answer: the status the
    // tables require for that header. Anything else bent: nothing certain.
    let answerable = matches!(expect(&http.body), Expect::Answer { code: None, .. });
    let (name, value) = match http.headers.as_slice() {
        [(name, Some(value))] if http.method == "POST" && answerable => (name.to_ascii_lowercase(), value.as_str()),
        _ => return HttpExpect::Unjudged,
    };
    let known = crate::conform::revisions::LEGACY.contains(&value) || value == crate::conform::revisions::MODERN;
    match name.as_str() {
        "origin" if value == FOREIGN_ORIGIN && revision >= "2025-11-25" => HttpExpect::Status(403, "http.origin-403"),
        "mcp-protocol-version" if !known && revision >= "2025-06-18" => {
            HttpExpect::Status(400, "http.protocol-version-header")
        }
        "mcp-session-id" if value == UNKNOWN_SESSION && session => HttpExpect::Status(404, "http.unknown-session-404"),
        _ => HttpExpect::Unjudged,
    }
}

/// Whether `frame` is a JSON-RPC response (sent to the server, as a client answers its requests).
fn is_response(frame: &Frame) -> bool {
    let value = match frame {
        Frame::Json(value) => value.clone(),
        Frame::Raw(bytes) => match serde_json::from_slice(bytes) {
            Ok(value) => value,
            Err(_) => return false,
        },
        Frame::Http(_) => return false,
    };
    value.get("method").is_none()
        && value.get("id").is_some()
        && (value.get("result").is_some() || value.get("error").is_some())
}

/// The request id a `notifications/cancelled` frame names. A `requestId` that no request can
/// carry (null, a fraction, an object) cancels nothing: counting it would excuse, or set aside
/// as late, the null-id answer a parse error or an invalid request gets.
pub fn cancelled_id(frame: &Frame) -> Option<Value> {
    let Frame::Json(value) = frame else { return None };
    let is_cancel = value.get("method").and_then(Value::as_str) == Some("notifications/cancelled");
    let id = value.pointer("/params/requestId").filter(|id| match id {
        Value::String(_) => true,
        Value::Number(n) => n.is_i64() || n.is_u64(),
        _ => false,
    });
    (is_cancel && value.get("id").is_none()).then(|| id.cloned()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_frame_expects_what_json_rpc_requires() {
        let req = |v: Value| expect(&Frame::Json(v));
        assert_eq!(
            expect(&Frame::Raw(b"{\"jsonrpc\":".to_vec())),
            Expect::Answer { ids: vec![Value::Null], code: Some(PARSE_ERROR) }
        );
        assert_eq!(
            expect(&Frame::Raw(vec![0xff, b'{'])),
            Expect::Answer { ids: vec![Value::Null], code: Some(PARSE_ERROR) }
        );
        assert_eq!(expect(&Frame::Raw(b"  ".to_vec())), Expect::Unjudged);
        assert_eq!(
            req(json!({"jsonrpc": "2.0", "id": -3, "method": "ping"})),
            Expect::Answer { ids: vec![json!(-3)], code: None }
        );
        assert_eq!(
            req(json!({"jsonrpc": "2.0", "id": "a", "method": "fuzz/nothing"})),
            Expect::Answer { ids: vec![json!("a")], code: Some(METHOD_NOT_FOUND) }
        );
        assert_eq!(req(json!({"jsonrpc": "2.0", "method": "fuzz/nothing"})), Expect::Silence);
        assert_eq!(
            req(json!({"jsonrpc": "2.0", "id": 1.5, "method": "ping"})),
            Expect::Answer { ids: vec![Value::Null], code: Some(INVALID_REQUEST) }
        );
        assert_eq!(
            req(json!({"jsonrpc": "2.0", "id": null, "method": "ping"})),
            Expect::Answer { ids: vec![Value::Null], code: Some(INVALID_REQUEST) }
        );
        assert_eq!(
            req(json!({"id": 4, "method": "ping"})),
            Expect::Answer { ids: vec![json!(4), Value::Null], code: Some(INVALID_REQUEST) }
        );
        assert_eq!(req(json!({"jsonrpc": "2.0", "id": 4, "result": {}})), Expect::Unjudged);
        assert_eq!(req(json!({"jsonrpc": "2.0", "id": 1u64 << 53, "method": "ping"})), Expect::Unjudged);
        assert_eq!(req(json!({"jsonrpc": "2.0", "id": u64::MAX, "method": "ping"})), Expect::Unjudged);
        assert_eq!(req(json!([{"jsonrpc": "2.0", "id": 4, "method": "ping"}])), Expect::Unjudged);
    }

    #[test]
    fn a_cancellation_names_only_an_id_a_request_can_carry() {
        let cancel = |id: Value| {
            cancelled_id(&Frame::Json(json!({
                "jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": id}
            })))
        };
        assert_eq!(cancel(json!("a")), Some(json!("a")));
        assert_eq!(cancel(json!(7)), Some(json!(7)));
        assert_eq!(cancel(json!(u64::MAX)), Some(json!(u64::MAX)));
        // A parse error's answer carries id null: a cancellation of null must not excuse it.
        for nothing in [Value::Null, json!(1.5), json!(true), json!({"id": 1}), json!([1])] {
            assert_eq!(cancel(nothing.clone()), None, "{nothing}");
        }
    }

    #[test]
    fn a_frame_survives_its_reproducer_file() {
        for frame in [Frame::Json(json!({"a": [1, "b"]})), Frame::Raw(vec![0, 0xff, b'\n'])] {
            assert_eq!(Frame::from_file(&frame.to_file()).unwrap(), frame);
        }
        assert!(Frame::from_file(&json!({"hex": "abc"})).is_err());
        assert!(Frame::from_file(&json!({"hex": "0é0"})).is_err(), "a multi-byte character is refused, not split");
        assert!(Frame::from_file(&json!({"hex": "+1"})).is_err());
    }
}
