//! Integration tests that drive the real `ctxlake` binary (tests/features.rs runs the Gherkin suite).

mod conform;
mod faults;
#[cfg(feature = "lake")]
mod lake;
mod stdout_purity;
