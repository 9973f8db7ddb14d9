//! Integration tests that drive the real `ctxlake` binary (cucumber has its own harness).

mod faults;
mod stdout_purity;
