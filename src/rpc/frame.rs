//! What the core answers with: one frame per request, or (2025-03-26 batches) several. The
//! frames are the generated JSON-RPC types; the transport serializes them, once, onto the wire.

use crate::rpc::RpcError;
use crate::spec::rpc::{ErrorResponse, JsonRpcVersion, RequestId, Response};
use serde::Serialize;
use serde_json::{Map, Value};

/// One answer: a result, an error, or a batch of them.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Frame {
    Result(Response),
    Error(ErrorResponse),
    Batch(Vec<Frame>),
}

impl Frame {
    pub fn result(id: RequestId, result: Map<String, Value>) -> Frame {
        Frame::Result(Response { jsonrpc: JsonRpcVersion::X20, id, result })
    }

    /// An error answer; `id` is `None` when the request's id could not be read.
    pub fn error(id: Option<RequestId>, error: RpcError) -> Frame {
        Frame::Error(ErrorResponse { jsonrpc: JsonRpcVersion::X20, id, error })
    }

    /// The frame as one line of compact JSON (no newline). Use this in tests and fuzz targets;
    /// the transports serialize straight into their writers.
    pub fn encode(&self) -> String {
        serde_json::to_string(self).expect("a frame serializes")
    }
}
