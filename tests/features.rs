//! Runs every check in `features/` against the real `ctxlake mcp` binary, with ctxlake's own
//! fixtures, through the same runner as `ctxlake conform --self`: one suite, two uses.
//! Every check must PASS here (ctxlake admits every revision, so nothing is "not applicable").
//! Prints the closing line CI reads: `features: N passed, N failed`.

use ctxlake::conform::stdio::Launch;
use ctxlake::conform::world::{Env, Target};
use ctxlake::conform::{Options, Status};
use std::time::Duration;

fn main() {
    let env = Env {
        target: Target::Stdio(Launch {
            program: env!("CARGO_BIN_EXE_ctxlake").into(),
            args: vec!["mcp".into()],
            env: vec![("CTXLAKE_LOG".into(), "debug".into())],
        }),
        timeout: Duration::from_secs(20),
        // ctxlake answers in order, so the sentinel alone makes "no answer" exact.
        settle: Duration::ZERO,
        grace: Duration::from_secs(5),
        admitted: vec![],
        capabilities: serde_json::Map::new(),
        fixtures: true,
    };
    let options = Options {
        env,
        revisions: None,
        jobs: 4,
        filter: None,
        tags: None,
        name: None,
        baseline: None,
        progress: false,
    };
    let report = match ctxlake::conform::run(options) {
        Ok(report) => report,
        Err(e) => {
            println!("features: 0 passed, 1 failed ({e})");
            std::process::exit(1);
        }
    };
    let passed = report.checks.iter().filter(|c| c.status == Status::Pass).count();
    let failed = report.checks.len() - passed;
    if failed > 0 {
        print!("{}", ctxlake::conform::table(&report, false));
    }
    println!("features: {passed} passed, {failed} failed");
    if failed > 0 {
        std::process::exit(1);
    }
}
