//! The host-local side of ctxlake: path rules, bounded cache reads and the rows of the cache
//! files, durable spool appends, the spool reader the drain uses, and the workspace (repo and
//! branch) a presence record reports.

pub mod cache;
pub mod lease_check;
pub mod paths;
pub mod process;
pub mod project;
pub mod rows;
pub mod spool;
pub mod spool_read;
pub mod workspace;
