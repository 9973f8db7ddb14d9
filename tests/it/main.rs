//! Integration tests that drive the real `ctxlake` binary (tests/features.rs runs the Gherkin suite).

mod conform;
mod faults;
mod golden;
#[cfg(feature = "lake")]
mod lake;
mod layers;
#[cfg(feature = "lake")]
mod s3;
mod stdout_purity;
