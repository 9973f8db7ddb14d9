//! The protocol core, pure: a decoded value and its session in, at most one frame out. No I/O,
//! no clock. `message` classifies frames, `error` holds the code table, `revision` the
//! per-revision behaviour matrix, `results` builds MCP results, `frame` the answers, `server`
//! the method table shared by every session, `in_flight` a request's cancellation and progress, `surface` the resource, prompt and logging methods. Tools are reached through `crate::catalog` only.

pub mod error;
pub mod extension;
pub mod frame;
pub mod in_flight;
mod listing;
pub mod message;
pub mod results;
pub mod revision;
pub mod server;
pub mod skills;
pub mod surface;

/// What a transport keeps of a session where another process may continue it (`Session::record`).
pub use crate::spec::wire::http_session::HttpSession;
pub use error::RpcError;
pub use extension::{Exchange, Extension, Outbox};
pub use frame::{Frame, ResultObject};
pub use in_flight::Cancellations;
pub use revision::Revision;
pub use server::{Server, Session};
