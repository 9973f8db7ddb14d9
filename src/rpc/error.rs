//! JSON-RPC and MCP error codes, one constructor per situation. Messages are lower case and
//! quote the offending input.

use serde_json::{Value, json};

pub const PARSE_ERROR: i64 = -32700;
pub const INVALID_REQUEST: i64 = -32600;
pub const METHOD_NOT_FOUND: i64 = -32601;
pub const INVALID_PARAMS: i64 = -32602;
pub const INTERNAL_ERROR: i64 = -32603;
/// MCP 2026-07-28: the request's `_meta` names a protocol version this server does not speak.
pub const UNSUPPORTED_PROTOCOL_VERSION: i64 = -32022;

/// A protocol-level error: becomes the `error` member of a response frame.
#[derive(Debug, Clone, PartialEq)]
pub struct RpcError {
    pub code: i64,
    pub message: String,
    pub data: Option<Value>,
}

impl RpcError {
    fn new(code: i64, message: impl Into<String>) -> RpcError {
        RpcError { code, message: message.into(), data: None }
    }

    pub fn with_data(mut self, data: Value) -> RpcError {
        self.data = Some(data);
        self
    }

    pub fn parse(detail: impl std::fmt::Display) -> RpcError {
        RpcError::new(PARSE_ERROR, format!("parse error: {detail}"))
    }

    pub fn invalid_request(detail: impl std::fmt::Display) -> RpcError {
        RpcError::new(INVALID_REQUEST, format!("invalid request: {detail}"))
    }

    pub fn method_not_found(method: &str) -> RpcError {
        RpcError::new(METHOD_NOT_FOUND, format!("method not found: `{method}`"))
    }

    pub fn invalid_params(detail: impl std::fmt::Display) -> RpcError {
        RpcError::new(INVALID_PARAMS, format!("invalid params: {detail}"))
    }

    pub fn internal(detail: impl std::fmt::Display) -> RpcError {
        RpcError::new(INTERNAL_ERROR, format!("internal error: {detail}"))
    }

    pub fn unsupported_version(requested: &str, supported: &[&str]) -> RpcError {
        RpcError::new(UNSUPPORTED_PROTOCOL_VERSION, format!("unsupported protocol version `{requested}`"))
            .with_data(json!({ "supported": supported, "requested": requested }))
    }
}
