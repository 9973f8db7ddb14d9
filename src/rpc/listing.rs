//! What the surface's lists and reads share (resources, prompts and the Skills extension's
//! methods): pages of `PAGE` and the cursors that name them, the caller's visible tools, params
//! parsed into their generated type, and a handler's `SurfaceError` as the protocol's error.

use crate::catalog::surface::SurfaceError;
use crate::rpc::RpcError;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// resources/list answers this many resources a page.
pub const PAGE: usize = 50;

/// A cursor is the offset of the page it starts, behind this prefix (opaque to clients).
const CURSOR_PREFIX: &str = "ctxlake-offset:";

/// Which tools the caller sees (a resource or prompt shows a tool's data only where it does).
pub type Visible<'a> = &'a dyn Fn(&str) -> bool;

/// `params` as `T`, or -32602 naming the method and what did not parse.
pub(super) fn parse<T: DeserializeOwned>(method: &str, params: Map<String, Value>) -> Result<T, RpcError> {
    serde_json::from_value(Value::Object(params)).map_err(|e| RpcError::invalid_params(format!("{method}: {e}")))
}

/// A handler's refusal as the protocol error it is.
pub(super) fn surface_error(error: SurfaceError) -> RpcError {
    match error {
        SurfaceError::Arguments(detail) => RpcError::invalid_params(detail),
        SurfaceError::NotFound(detail) => RpcError::invalid_params(format!("not found: {detail}")),
        SurfaceError::Unavailable(detail) => RpcError::internal(detail),
    }
}

/// The offset a list request starts at: 0 without a cursor, else the one a cursor names,
/// which must be inside the list (an issued cursor from a list that since shrank is refused too).
pub(super) fn start(cursor: Option<&str>, len: usize) -> Result<usize, RpcError> {
    let Some(cursor) = cursor else { return Ok(0) };
    let offset = cursor.strip_prefix(CURSOR_PREFIX).and_then(|n| n.parse::<usize>().ok());
    match offset {
        Some(offset) if offset > 0 && offset < len => Ok(offset),
        _ => Err(RpcError::invalid_params("`cursor`: not a cursor this server issued for this list")),
    }
}

/// The cursor of the page starting at `end` of a list of `len`; none after the last page.
pub(super) fn cursor_for(end: usize, len: usize) -> Option<String> {
    (end < len).then(|| format!("{CURSOR_PREFIX}{end}"))
}
