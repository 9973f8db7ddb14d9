//! Reads one decoded JSON body, once, by the JSON-RPC 2.0 rules as MCP applies them: what is a
//! request, what is a notification (never answered), what is a stray reply (never answered),
//! and what is invalid (answered with -32600, id echoed when it can be read). The reading also
//! takes what later steps would otherwise go back to the JSON for: the 2026-07-28 envelope in
//! `params._meta`, the name a call targets, and the catalog's tool for a `tools/call`. Both
//! transports read a body here and hand the result to the core; HTTP policy reads its fields.

use crate::catalog::ToolSpec;
use crate::rpc::{Revision, RpcError};
use crate::spec::mcp::ModernRequestMeta;
use crate::spec::rpc::RequestId;
use serde::Deserialize as _;
use serde_json::{Map, Value};

/// The key of the modern (2026-07-28) per-request protocol version in `params._meta`.
pub const META_PROTOCOL_VERSION: &str = "io.modelcontextprotocol/protocolVersion";

/// A body: one frame, or (2025-03-26) a batch of them.
#[derive(Debug)]
pub enum Body {
    One(Incoming),
    Batch(Vec<Incoming>),
}

#[derive(Debug)]
pub enum Incoming {
    Request(Request),
    Notification {
        method: String,
        params: Map<String, Value>,
        envelope: Envelope,
    },
    /// A result or error frame with no method: not addressed to the core (a transport may be
    /// waiting for it: the client's answer to a request a handler sent).
    Reply(Map<String, Value>),
    /// Answer with this error; `id` is `None` when it could not be read.
    Invalid {
        id: Option<RequestId>,
        error: RpcError,
    },
    /// Invalid, but with no id there is nobody to answer (a malformed notification).
    Dropped {
        why: &'static str,
    },
}

#[derive(Debug)]
pub struct Request {
    pub id: RequestId,
    pub method: String,
    pub params: Map<String, Value>,
    pub envelope: Envelope,
    /// The catalog's entry for a `tools/call` whose `name` it knows (visibility is the
    /// server's to decide).
    pub tool: Option<&'static ToolSpec>,
}

/// What `params._meta` says of the 2026-07-28 envelope.
#[derive(Debug, PartialEq)]
pub struct Envelope {
    /// The version `_meta` names, when it names one as a string (HTTP checks its header
    /// mirrors it).
    pub version: Option<String>,
    /// `Some(2026-07-28)` for a valid modern envelope, `None` for none; `Err` for one that names
    /// an unsupported version or lacks a required field.
    pub revision: Result<Option<Revision>, RpcError>,
}

impl Request {
    /// The name this request targets (see `target`).
    pub fn target(&self) -> Option<&str> {
        target(&self.method, &self.params)
    }
}

/// The name a frame of `method` targets, which 2026-07-28 HTTP mirrors in `Mcp-Name`:
/// `params.name` of `tools/call` and `prompts/get`, `params.uri` of `resources/read`.
pub fn target<'a>(method: &str, params: &'a Map<String, Value>) -> Option<&'a str> {
    let member = match method {
        "tools/call" | "prompts/get" => "name",
        "resources/read" => "uri",
        _ => return None,
    };
    params.get(member).and_then(Value::as_str)
}

impl Body {
    /// The requests in this body, in order.
    pub fn requests(&self) -> impl Iterator<Item = &Request> {
        let frames = match self {
            Body::One(frame) => std::slice::from_ref(frame),
            Body::Batch(frames) => frames.as_slice(),
        };
        frames.iter().filter_map(|frame| match frame {
            Incoming::Request(request) => Some(request),
            _ => None,
        })
    }

    /// The one request this body is, if it is one.
    pub fn request(&self) -> Option<&Request> {
        match self {
            Body::One(Incoming::Request(request)) => Some(request),
            _ => None,
        }
    }

    /// The method of the one request or notification this body is, and the name it targets
    /// (`target`): what 2026-07-28 HTTP mirrors in `Mcp-Method` and `Mcp-Name`.
    pub fn named(&self) -> Option<(&str, Option<&str>)> {
        match self {
            Body::One(
                Incoming::Request(Request { method, params, .. }) | Incoming::Notification { method, params, .. },
            ) => Some((method.as_str(), target(method, params))),
            _ => None,
        }
    }

    /// The envelope of the one request or notification this body is.
    pub fn envelope(&self) -> Option<&Envelope> {
        match self {
            Body::One(Incoming::Request(Request { envelope, .. }) | Incoming::Notification { envelope, .. }) => {
                Some(envelope)
            }
            _ => None,
        }
    }

    /// The id to answer a refusal of this body with, when one can be read.
    pub fn id(&self) -> Option<&RequestId> {
        match self {
            Body::One(Incoming::Request(request)) => Some(&request.id),
            Body::One(Incoming::Invalid { id, .. }) => id.as_ref(),
            _ => None,
        }
    }
}

/// Reads one decoded body: a frame, or an array of frames (a batch; whether the revision
/// accepts it is the core's to say). A batch inside a batch is an invalid frame.
pub fn read(value: Value) -> Body {
    match value {
        Value::Array(frames) => Body::Batch(
            frames
                .into_iter()
                .map(|frame| match frame {
                    Value::Array(_) => {
                        Incoming::Invalid { id: None, error: RpcError::invalid_request("batches do not nest") }
                    }
                    frame => classify(frame),
                })
                .collect(),
        ),
        frame => Body::One(classify(frame)),
    }
}

/// Classifies one frame.
pub fn classify(value: Value) -> Incoming {
    let Value::Object(mut frame) = value else {
        return Incoming::Invalid { id: None, error: RpcError::invalid_request("a frame must be a JSON object") };
    };
    let Some(method) = frame.remove("method") else {
        if frame.contains_key("result") || frame.contains_key("error") {
            return Incoming::Reply(frame);
        }
        return reject(frame.remove("id"), "missing `method`", "object with neither `method` nor `id`");
    };
    let id = frame.remove("id");
    let Value::String(method) = method else {
        return reject(id, "`method` must be a string", "notification whose `method` is not a string");
    };
    if frame.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return reject(id, "`jsonrpc` must be \"2.0\"", "notification without `jsonrpc: \"2.0\"`");
    }
    let params = match frame.remove("params") {
        None => Map::new(),
        Some(Value::Object(params)) => params,
        Some(_) => {
            return match id.map(request_id) {
                Some(Ok(id)) => {
                    Incoming::Invalid { id: Some(id), error: RpcError::invalid_params("`params` must be an object") }
                }
                Some(Err(error)) => Incoming::Invalid { id: None, error },
                None => Incoming::Dropped { why: "notification whose `params` is not an object" },
            };
        }
    };
    let envelope = envelope(&params);
    match id.map(request_id) {
        None => Incoming::Notification { method, params, envelope },
        Some(Ok(id)) => {
            let tool = match method.as_str() {
                "tools/call" => params.get("name").and_then(Value::as_str).and_then(crate::catalog::lookup),
                _ => None,
            };
            Incoming::Request(Request { id, method, params, envelope, tool })
        }
        Some(Err(error)) => Incoming::Invalid { id: None, error },
    }
}

/// Reads the 2026-07-28 envelope of `params`, if it carries one.
fn envelope(params: &Map<String, Value>) -> Envelope {
    let Some(meta) = params.get("_meta") else { return Envelope { version: None, revision: Ok(None) } };
    let Some(version) = meta.get(META_PROTOCOL_VERSION) else {
        return Envelope { version: None, revision: Ok(None) };
    };
    let Some(version) = version.as_str() else {
        let why = format!("`_meta/{META_PROTOCOL_VERSION}` must be a string");
        return Envelope { version: None, revision: Err(RpcError::invalid_params(why)) };
    };
    let revision = match Revision::parse(version).filter(|r| r.is_modern()) {
        None => {
            let supported: Vec<&str> = Revision::ALL.iter().filter(|r| r.is_modern()).map(|r| r.as_str()).collect();
            Err(RpcError::unsupported_version(version, &supported))
        }
        Some(revision) => ModernRequestMeta::deserialize(meta)
            .map(|_| Some(revision))
            .map_err(|e| RpcError::invalid_params(format!("`_meta` envelope: {e}"))),
    };
    Envelope { version: Some(version.to_string()), revision }
}

fn reject(id: Option<Value>, answered: &'static str, dropped: &'static str) -> Incoming {
    match id {
        None => Incoming::Dropped { why: dropped },
        Some(id) => Incoming::Invalid { id: request_id(id).ok(), error: RpcError::invalid_request(answered) },
    }
}

/// MCP: an id is a string or an integer, never null.
fn request_id(id: Value) -> Result<RequestId, RpcError> {
    match id {
        Value::String(s) => Ok(RequestId::String(s)),
        Value::Number(n) if n.is_i64() => Ok(RequestId::Integer(n.as_i64().expect("checked is_i64"))),
        Value::Null => Err(RpcError::invalid_request("a request id must not be null")),
        _ => Err(RpcError::invalid_request("a request id must be a string or an integer")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn code(incoming: Incoming) -> Option<i64> {
        match incoming {
            Incoming::Invalid { error, .. } => Some(error.code),
            _ => None,
        }
    }

    #[test]
    fn a_request_keeps_its_id_method_and_params() {
        let got = classify(json!({"jsonrpc": "2.0", "id": "a", "method": "ping", "params": {"x": 1}}));
        let Incoming::Request(Request { id, method, params, .. }) = got else { panic!("{got:?}") };
        assert_eq!((id, method.as_str(), params["x"].clone()), (RequestId::String("a".into()), "ping", json!(1)));
    }

    #[test]
    fn a_frame_without_id_is_a_notification() {
        let got = classify(json!({"jsonrpc": "2.0", "method": "x/y"}));
        let Incoming::Notification { method, params, envelope } = got else { panic!("{got:?}") };
        assert_eq!(
            (method.as_str(), params, envelope),
            ("x/y", Map::new(), Envelope { version: None, revision: Ok(None) })
        );
    }

    #[test]
    fn stray_replies_are_recognised() {
        assert!(
            matches!(classify(json!({"jsonrpc": "2.0", "id": 1, "result": {}})), Incoming::Reply(frame) if frame["id"] == 1)
        );
        assert!(matches!(
            classify(json!({"jsonrpc": "2.0", "id": 1, "error": {"code": 1, "message": "m"}})),
            Incoming::Reply(_)
        ));
    }

    #[test]
    fn a_null_or_fractional_id_is_an_invalid_request_with_null_id() {
        for id in [json!(null), json!(1.5), json!(true), json!([1])] {
            let got = classify(json!({"jsonrpc": "2.0", "id": id, "method": "ping"}));
            assert!(matches!(got, Incoming::Invalid { id: None, error: RpcError { code: -32600, .. } }), "{got:?}");
        }
    }

    #[test]
    fn an_id_without_method_is_invalid_with_the_id_echoed() {
        let got = classify(json!({"jsonrpc": "2.0", "id": 7}));
        assert!(matches!(got, Incoming::Invalid { id: Some(RequestId::Integer(7)), .. }), "{got:?}");
    }

    #[test]
    fn a_missing_jsonrpc_member_is_invalid() {
        assert_eq!(code(classify(json!({"id": 3, "method": "ping"}))), Some(-32600));
    }

    #[test]
    fn malformed_notifications_are_dropped_not_answered() {
        assert!(matches!(classify(json!({"jsonrpc": "2.0"})), Incoming::Dropped { .. }));
        assert!(matches!(classify(json!({"method": "x"})), Incoming::Dropped { .. }));
        assert!(matches!(classify(json!({"jsonrpc": "2.0", "method": 5})), Incoming::Dropped { .. }));
    }

    #[test]
    fn non_object_params_are_invalid_params() {
        assert_eq!(code(classify(json!({"jsonrpc": "2.0", "id": 1, "method": "m", "params": [1]}))), Some(-32602));
    }

    #[test]
    fn a_call_carries_its_tool_and_its_envelope_read_once() {
        let meta = json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}});
        let got = classify(json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "fleet_status", "arguments": {}, "_meta": meta}}));
        let Incoming::Request(request) = got else { panic!("{got:?}") };
        assert_eq!(request.tool.map(|t| t.name), Some("fleet_status"));
        assert_eq!(request.target(), Some("fleet_status"));
        assert_eq!(request.envelope.version.as_deref(), Some("2026-07-28"));
        assert_eq!(request.envelope.revision, Ok(Some(Revision::V2026_07_28)));
        let unknown = classify(json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "nope"}}));
        assert!(matches!(unknown, Incoming::Request(Request { tool: None, .. })));
    }

    #[test]
    fn an_envelope_naming_an_unknown_version_is_kept_with_its_refusal() {
        let got = classify(json!({"jsonrpc": "2.0", "id": 1, "method": "ping",
            "params": {"_meta": {"io.modelcontextprotocol/protocolVersion": "2031-01-01"}}}));
        let Incoming::Request(request) = got else { panic!("{got:?}") };
        assert_eq!(request.envelope.version.as_deref(), Some("2031-01-01"));
        assert_eq!(request.envelope.revision.map_err(|e| e.code), Err(-32022));
    }

    #[test]
    fn a_batch_is_read_frame_by_frame_and_a_nested_batch_is_invalid() {
        let Body::Batch(frames) = read(json!([{"jsonrpc": "2.0", "id": 1, "method": "ping"}, [1]])) else { panic!() };
        assert!(matches!(frames[0], Incoming::Request(_)));
        assert!(matches!(&frames[1], Incoming::Invalid { id: None, error } if error.code == -32600));
    }
}
