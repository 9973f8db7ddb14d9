//! Integration tests that drive the real `ctxlake` binary (tests/features.rs runs the Gherkin suite).

mod catalog_size;
#[cfg(feature = "lake")]
mod claims;
mod conform;
#[cfg(feature = "console")]
mod console;
mod faults;
mod fuzz;
mod golden;
mod install;
mod instructions;
mod knowledge;
#[cfg(feature = "lake")]
mod lake;
mod layers;
mod retrieval;
#[cfg(feature = "lake")]
mod s3;
#[cfg(feature = "serve")]
mod serve;
#[cfg(feature = "lake")]
mod service;
mod stdout_purity;
mod subscriptions;
