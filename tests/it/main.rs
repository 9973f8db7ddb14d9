//! Integration tests that drive the real `ctxlake` binary (tests/features.rs runs the Gherkin suite).

mod conform;
mod faults;
mod golden;
#[cfg(feature = "lake")]
mod lake;
mod layers;
#[cfg(feature = "serve")]
mod serve;
mod stdout_purity;
