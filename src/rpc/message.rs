//! Classifies one decoded JSON value by the JSON-RPC 2.0 rules as MCP applies them: what is a
//! request, what is a notification (never answered), what is a stray reply (never answered),
//! and what is invalid (answered with -32600, id echoed when it can be read).

use crate::rpc::RpcError;
use crate::spec::rpc::RequestId;
use serde_json::{Map, Value};

#[derive(Debug, PartialEq)]
pub enum Incoming {
    Request {
        id: RequestId,
        method: String,
        params: Map<String, Value>,
    },
    Notification {
        method: String,
        params: Map<String, Value>,
    },
    /// A result or error frame with no method: not addressed to this server.
    Reply,
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

/// Classifies one frame. Arrays (batches) are the caller's business.
pub fn classify(value: Value) -> Incoming {
    let Value::Object(mut frame) = value else {
        return Incoming::Invalid { id: None, error: RpcError::invalid_request("a frame must be a JSON object") };
    };
    let id = frame.remove("id");
    let Some(method) = frame.remove("method") else {
        if frame.contains_key("result") || frame.contains_key("error") {
            return Incoming::Reply;
        }
        return reject(id, "missing `method`", "object with neither `method` nor `id`");
    };
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
    match id.map(request_id) {
        None => Incoming::Notification { method, params },
        Some(Ok(id)) => Incoming::Request { id, method, params },
        Some(Err(error)) => Incoming::Invalid { id: None, error },
    }
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
        let Incoming::Request { id, method, params } = got else { panic!("{got:?}") };
        assert_eq!((id, method.as_str(), params["x"].clone()), (RequestId::String("a".into()), "ping", json!(1)));
    }

    #[test]
    fn a_frame_without_id_is_a_notification() {
        assert_eq!(
            classify(json!({"jsonrpc": "2.0", "method": "x/y"})),
            Incoming::Notification { method: "x/y".into(), params: Map::new() }
        );
    }

    #[test]
    fn stray_replies_are_recognised() {
        assert_eq!(classify(json!({"jsonrpc": "2.0", "id": 1, "result": {}})), Incoming::Reply);
        assert_eq!(classify(json!({"jsonrpc": "2.0", "id": 1, "error": {"code": 1, "message": "m"}})), Incoming::Reply);
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
}
