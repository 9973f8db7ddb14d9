//! What a server may serve beside its catalog of tools, and what a handler may do besides
//! answering. ctxlake's own tools need neither; `serve --conformance-fixtures` plugs the
//! official suite's fixtures (resources, prompts, completion, logging, tools that notify or ask
//! the client) in here (`crate::fixtures`), so the core stays one method table for both.

use crate::rpc::{Revision, RpcError, Session};
use crate::spec::mcp::ServerCapabilities;
use serde_json::{Map, Value};

/// Methods and tools beside the catalog's. The core asks it for every method it does not serve
/// itself, and for `tools/call` of a name the catalog does not know.
pub trait Extension: Send + Sync {
    /// What `initialize` and `server/discover` announce in `revision` besides `tools` (which
    /// stays the catalog's).
    fn capabilities(&self, revision: Revision) -> ServerCapabilities;
    /// `tools/list` entries listed after the catalog's, for `revision`.
    fn tools(&self, revision: Revision) -> Vec<Value>;
    /// The result of `method`, or `None` when the method (or, for `tools/call`, the tool) is
    /// not this extension's.
    fn request(&self, exchange: &mut Exchange<'_>, method: &str, params: &Map<String, Value>) -> Option<Answer>;
}

/// A result's `result` member, or the error to answer with.
pub type Answer = Result<Map<String, Value>, RpcError>;

/// One request being handled: its revision, its session, and the transport's way back to the
/// client for anything sent before the answer.
pub struct Exchange<'a> {
    pub revision: Revision,
    pub session: &'a mut Session,
    pub outbox: &'a dyn Outbox,
}

/// Messages a handler sends before its answer, on the same response stream (HTTP with an SSE
/// answer). A transport that has no such stream discards notifications and refuses requests.
pub trait Outbox {
    /// Sends a notification (progress, a log message).
    fn notify(&self, method: &str, params: Value);
    /// Sends a request to the client and waits for its answer (sampling, elicitation, before
    /// 2026-07-28). `Err` says why there is none.
    fn ask(&self, method: &str, params: Value) -> Result<Value, String>;
    /// Whether the client closed the stream this request's answer would go on: over 2026-07-28
    /// HTTP, that is how a client cancels.
    fn closed(&self) -> bool {
        false
    }
    /// Reads what the client sent since the request began, so that a cancellation among it is
    /// seen: stdio reads its input only when asked (no reader thread), and is asked here.
    fn catch_up(&self) {}
}

/// A notification as an outbox sends it: a JSON-RPC request without an id.
pub fn notification(method: &str, params: Value) -> Value {
    serde_json::json!({"jsonrpc": "2.0", "method": method, "params": params})
}

/// The outbox of a transport without a stream beside the answer.
pub struct NoOutbox;

impl Outbox for NoOutbox {
    fn notify(&self, method: &str, _: Value) {
        tracing::debug!(%method, "notification dropped: this transport has no stream beside the answer");
    }

    fn ask(&self, method: &str, _: Value) -> Result<Value, String> {
        Err(format!("`{method}` cannot be sent to the client on this transport"))
    }
}
