//! The protocol revisions the runner knows, as the dates it sends and reads. The runner holds any
//! server to them, so it spells them here rather than borrowing ctxlake's own `rpc::Revision`.

/// The revision whose messages carry their envelope in `_meta` and begin with `server/discover`.
pub const MODERN: &str = "2026-07-28";
/// The revisions negotiated by `initialize`, oldest first.
pub const LEGACY: [&str; 4] = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"];
