//! The host-local side of ctxlake: path rules, bounded cache reads, durable spool appends.

pub mod cache;
pub mod paths;
pub mod spool;
