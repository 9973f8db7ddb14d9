//! The lake (feature `lake`): one object store, a folder or an S3 bucket, that the hosts of a
//! fleet share. `ctxlake sync` drains each host's spool into it and mirrors it back into the
//! host's cache; `ctxlake maint` turns what was drained into leases, history, a roster and the
//! claim snapshot. The library reads no environment and no clock of its own beyond the store's:
//! the CLI builds every input and passes it in. Calls are synchronous (`Lake` owns a small
//! runtime); call them from an ordinary thread, never from inside a tokio runtime.
//!
//! The API the CLI calls:
//!
//! ```text
//! Lake::open(url: &str, s3: &S3Options) -> Result<Lake, LakeError>
//!     url: "file:///abs/path" (default ~/.ctxlake/lake, resolved by the caller) or
//!     "s3://bucket/prefix"; S3Options { endpoint, region, access_key_id, secret_access_key,
//!     session_token, allow_http } filled from the AWS_* variables / --lake-endpoint by the CLI.
//!
//! // ctxlake sync, each round (--once = one round):
//! drain(&lake, &DrainOptions::new(spool_root, &HostId::new(host)?)) -> Result<DrainReport, DrainError>
//! mirror(&lake, &fleet, cache_root) -> Result<MirrorReport, MirrorError>   // per fleet
//!
//! // ctxlake kb publish, per fleet (the owner's approved records):
//! kb::publish(&lake, &fleet, &records, now) -> Result<Published, KbError>
//!
//! // ctxlake maint, per fleet:
//! maint(&lake, &MaintOptions::new(&fleet, writer)) -> Result<MaintReport, MaintError>
//!     MaintOptions { fleet, writer, mode: snapshot::Mode::{Agent, Shadow}, roster_ttl, from_scratch,
//!                    kept: Option<kept::KeptFold> }   // the service's fold, kept between rounds
//! ```
//!
//! The CLI mirrors every fleet the host serves (its `FleetId`s), not only those a drain touched.
//! Every error type is `thiserror`, names the key or path involved, and is meant to be printed
//! as is; the CLI maps a `LakeError::Url` to exit code 78 (a configuration error).
//! docs/lake.md has the layout, the CAS choice per backend, the gate, and what is not built yet.

pub mod batch;
pub mod cas;
pub mod checkpoint;
pub mod claims;
pub mod drain;
pub mod export;
pub mod files;
pub mod fold;
pub mod gate;
pub mod gc;
pub mod kb;
pub mod kept;
pub mod layout;
pub mod leases;
pub mod maint;
pub mod mirror;
pub mod overview;
pub mod pack;
pub mod stats;
pub mod store;

pub use drain::{DrainError, DrainOptions, DrainReport, drain};
pub use layout::{FleetLayout, HostId};
pub use maint::{MaintError, MaintOptions, MaintReport, maint};
pub use mirror::{MirrorError, MirrorReport, mirror};
pub use store::{Created, Fetched, Lake, LakeError, Listed, Object, S3Options, Swap};
