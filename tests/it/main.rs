//! Integration tests that drive the real `ctxlake` binary (tests/features.rs runs the Gherkin suite).

mod conform;
mod faults;
mod golden;
mod layers;
mod stdout_purity;
