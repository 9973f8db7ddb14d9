//! ctxlake: shared, attributed, sanitized context for the coding agents of a fleet, served over
//! MCP, and the reference the conformance scenarios in `features/` hold MCP servers to.
//! `rpc` is the pure protocol core, `catalog` the seam it calls tools through, `tools` the
//! handlers behind the generated traits, `transport` the only code touching stdin/stdout,
//! `context` the pure compile of context packs, `guard` the read/write filters, `local` the cache and spool,
//! `keys` (feature `serve`) the bearer keys and quotas of `ctxlake serve`. ARCHITECTURE.md draws the layers.

pub mod attribution;
pub mod briefing;
pub mod catalog;
pub mod config;
pub mod conform;
#[cfg(feature = "console")]
pub mod console;
pub mod context;
pub mod cores;
pub mod embed;
#[cfg(feature = "serve")]
pub mod fixtures;
pub mod fuzz;
pub mod guard;
pub mod install;
#[cfg(feature = "serve")]
pub mod keys;
pub mod knowledge;
#[cfg(feature = "lake")]
pub mod lake;
pub mod local;
pub mod rpc;
pub mod snapshot;
pub mod spec;
pub mod tools;
pub mod transport;
