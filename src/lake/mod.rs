//! The lake: one object store (a folder or an S3 bucket) that the hosts of a fleet share.
//! (API overview: filled in as the pieces land.)

pub mod drain;
pub mod files;
pub mod layout;
pub mod store;

pub use drain::{DrainError, DrainOptions, DrainReport, drain};
pub use layout::{FleetLayout, HostId};
pub use store::{Created, Fetched, Lake, LakeError, Listed, Object, S3Options, Swap};
