//! The host-local side of ctxlake: path rules, bounded cache reads and the rows of the cache
//! files, durable spool appends, and the spool reader the drain uses.

pub mod cache;
pub mod paths;
pub mod rows;
pub mod spool;
pub mod spool_read;
