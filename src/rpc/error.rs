//! JSON-RPC and MCP error codes, one constructor per situation. The error object itself is the
//! generated `ErrorObject` (`schemas/rpc/jsonrpc.json`), and so is every `data` it carries
//! (`schemas/mcp/mcp.json`). Messages are lower case and quote the offending input.

use crate::spec::mcp::{
    ArgumentError, ArgumentErrorData, ResourceNotFoundData, UnknownToolData, UnsupportedVersionData,
};
pub use crate::spec::rpc::ErrorObject as RpcError;

pub const PARSE_ERROR: i64 = -32700;
pub const INVALID_REQUEST: i64 = -32600;
pub const METHOD_NOT_FOUND: i64 = -32601;
pub const INVALID_PARAMS: i64 = -32602;
pub const INTERNAL_ERROR: i64 = -32603;
/// MCP 2026-07-28: the request's `_meta` names a protocol version this server does not speak.
pub const UNSUPPORTED_PROTOCOL_VERSION: i64 = -32022;
/// MCP 2026-07-28 Streamable HTTP: a mirrored header (`MCP-Protocol-Version`, `Mcp-Method`,
/// `Mcp-Name`) is missing or differs from the body. Raised by the HTTP transport.
pub const HEADER_MISMATCH: i64 = -32020;
/// MCP 2026-07-28: handling the request needs a capability the client did not declare.
pub const MISSING_REQUIRED_CLIENT_CAPABILITY: i64 = -32021;

impl RpcError {
    fn new(code: i64, message: impl Into<String>) -> RpcError {
        RpcError { code, message: message.into(), data: None }
    }

    fn with_data(mut self, data: impl serde::Serialize) -> RpcError {
        // The data types are generated from schemas and always serialize.
        self.data = serde_json::to_value(data).ok();
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

    /// -32601 for a method this server offers elsewhere but not here, saying why.
    pub fn method_not_offered(method: &str, why: &str) -> RpcError {
        RpcError::new(METHOD_NOT_FOUND, format!("method not found: `{method}` ({why})"))
    }

    pub fn invalid_params(detail: impl std::fmt::Display) -> RpcError {
        RpcError::new(INVALID_PARAMS, format!("invalid params: {detail}"))
    }

    pub fn unknown_tool(tool: &str) -> RpcError {
        RpcError::invalid_params(format!("unknown tool `{tool}`")).with_data(UnknownToolData { tool: tool.to_string() })
    }

    /// Bad tool arguments up to 2025-06-18 (later revisions answer them with `isError`).
    pub fn invalid_arguments(message: String, tool: &str, errors: Vec<ArgumentError>) -> RpcError {
        RpcError::invalid_params(message).with_data(ArgumentErrorData { tool: tool.to_string(), errors })
    }

    /// No resource answers to `uri` (-32602 with `data.uri`, SEP-2164); `detail` says why.
    pub fn resource_not_found(uri: &str, detail: impl std::fmt::Display) -> RpcError {
        RpcError::new(INVALID_PARAMS, format!("resource not found: {detail}"))
            .with_data(ResourceNotFoundData { uri: uri.to_string() })
    }

    pub fn internal(detail: impl std::fmt::Display) -> RpcError {
        RpcError::new(INTERNAL_ERROR, format!("internal error: {detail}"))
    }

    /// A mirrored HTTP header is missing or disagrees with the body (2026-07-28).
    pub fn header_mismatch(detail: impl std::fmt::Display) -> RpcError {
        RpcError::new(HEADER_MISMATCH, format!("header mismatch: {detail}"))
    }

    pub fn unsupported_version(requested: &str, supported: &[&str]) -> RpcError {
        let data = UnsupportedVersionData {
            supported: supported.iter().map(|s| s.to_string()).collect(),
            requested: requested.to_string(),
        };
        RpcError::new(UNSUPPORTED_PROTOCOL_VERSION, format!("unsupported protocol version `{requested}`"))
            .with_data(data)
    }
}
