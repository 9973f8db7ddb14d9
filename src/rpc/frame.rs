//! What the core answers with: one frame per request, or (2025-03-26 batches) several. The
//! frames are the generated JSON-RPC types; the transport serializes them, once, onto the wire.

use crate::rpc::RpcError;
use crate::spec::rpc::{ErrorResponse, JsonRpcVersion, RequestId, Response};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;

/// One answer: a result, an error, or a batch of them.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Frame {
    Result(Response),
    Error(ErrorResponse),
    Batch(Vec<Frame>),
}

impl Frame {
    pub fn result(id: RequestId, result: ResultObject) -> Frame {
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

/// A response's `result` (`ResultObject` in schemas/rpc/jsonrpc.json): a JSON object, held as
/// the text it was serialized to once, from the typed MCP result. A frame copies it onto the
/// wire as it is; before, every answer went typed result → `Value` tree → text, and a tool's
/// output was serialized into a tree besides its text block (docs/performance.md). It reads
/// from JSON text only: serde's untagged enums (the generated `spec::rpc::Message`) buffer their
/// input and cannot hand it a raw value, so frames from a peer are read as maps
/// (`rpc::message`), never as `Message`.
#[derive(Debug, Clone)]
pub struct ResultObject(Box<RawValue>);

impl ResultObject {
    /// Serializes a typed result; anything but an object is an internal error (MCP results
    /// are objects, and only a bug in the core could build another).
    pub fn new<S: Serialize + ?Sized>(result: &S) -> Result<ResultObject, RpcError> {
        let raw = serde_json::value::to_raw_value(result).map_err(RpcError::internal)?;
        Self::object(raw)
    }

    fn object(raw: Box<RawValue>) -> Result<ResultObject, RpcError> {
        match raw.get().starts_with('{') {
            true => Ok(ResultObject(raw)),
            false => Err(RpcError::internal(format!("a result serialized to {}, not an object", raw.get()))),
        }
    }

    /// The object's compact JSON text.
    pub fn get(&self) -> &str {
        self.0.get()
    }
}

/// Two results are equal when their texts are: both are compact serializations by this crate.
impl PartialEq for ResultObject {
    fn eq(&self, other: &Self) -> bool {
        self.get() == other.get()
    }
}

impl Serialize for ResultObject {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for ResultObject {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = Box::<RawValue>::deserialize(deserializer)?;
        Self::object(raw).map_err(|error| serde::de::Error::custom(error.message))
    }
}
