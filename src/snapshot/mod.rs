//! The SQLite claim snapshot (`snapshot.bin`): its schema (`schema.sql`, one definition for
//! both sides), the fold of ClaimEvents into claim rows, the keyword index, the writer, and the
//! read-only reader the memory tools and the briefing use.

pub mod fold;
pub mod lexical;
pub mod rank;
pub mod read;
pub mod restate;
pub mod write;

pub use fold::{ClaimRow, Status, fold};
pub use read::{Filters, Hits, Lanes, Snapshot, SnapshotRow};
pub use write::{Mode, Reused, Stamp, write, write_reusing};

/// The schema both the writer and the reader are built against.
pub const SCHEMA_SQL: &str = include_str!("schema.sql");
/// Version 3: superseded claims (`visible_to_agents` 2, `supersedes`, `superseded_by`).
/// Version 2: the keyword index is `lexical_postings` (FTS5 before); still read, as a snapshot
/// in which nothing was superseded.
pub const SCHEMA_VERSION: &str = "3";
pub const SCHEMA_VERSION_V2: &str = "2";
/// What this build's writer puts in a snapshot: the schema, and since 2026-12-07 only the
/// published rows. It is part of what names a snapshot (`snapshot_id`, maint's digest of its
/// inputs), so a build that writes other rows from the same inputs names its snapshot otherwise
/// and rebuilds it once. Change it whenever the writer's output does.
pub const WRITER: &str = "3-published";

/// The line naming what builds a snapshot, first in what its id digests: this ctxlake, its
/// writer, the mode and the embedder's model.
pub fn builder(mode: Mode, model: &str) -> String {
    format!("ctxlake {} snapshot {WRITER} {mode:?} {model}\n", env!("CARGO_PKG_VERSION"))
}

#[derive(Debug, thiserror::Error)]
pub enum SnapshotError {
    #[error("{path}: {source}")]
    Sqlite { path: String, source: rusqlite::Error },
    #[error("{path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("{0}")]
    Invalid(String),
}
