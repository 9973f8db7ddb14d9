//! Transports: how frames reach the protocol core. Only `stdio` touches the process's
//! stdin/stdout; `http` (feature `serve`) is Streamable HTTP on the same core.

#[cfg(feature = "serve")]
pub mod http;
pub mod stdio;
