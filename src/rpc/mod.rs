//! The protocol core, pure: a line of bytes in, at most one frame out. No I/O, no clock.
//! `message` classifies frames, `error` holds the code table, `revision` the per-revision
//! behaviour matrix, `server` the method table and session state.

pub mod error;
pub mod message;
pub mod revision;
pub mod server;

pub use error::RpcError;
pub use revision::Revision;
pub use server::{Server, Tools};
