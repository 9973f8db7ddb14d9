//! The lake: one object store (a folder or an S3 bucket) that the hosts of a fleet share.
//! (API overview: filled in as the pieces land.)

pub mod cas;
pub mod drain;
pub mod files;
pub mod gate;
pub mod layout;
pub mod leases;
pub mod maint;
pub mod mirror;
pub mod store;

pub use drain::{DrainError, DrainOptions, DrainReport, drain};
pub use layout::{FleetLayout, HostId};
pub use maint::{MaintError, MaintOptions, MaintReport, maint};
pub use mirror::{MirrorError, MirrorReport, mirror};
pub use store::{Created, Fetched, Lake, LakeError, Listed, Object, S3Options, Swap};
