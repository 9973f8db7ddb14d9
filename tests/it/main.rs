//! Integration tests that drive the real `ctxlake` binary (cucumber has its own harness).

mod stdout_purity;
