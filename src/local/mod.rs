//! The host-local side of ctxlake: path rules, bounded cache reads, durable spool appends,
//! and the spool reader the drain uses.

pub mod cache;
pub mod paths;
pub mod spool;
pub mod spool_read;
