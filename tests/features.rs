//! Runs every check in `features/` against the real `ctxlake mcp` binary, with ctxlake's own
//! fixtures, through the same runner as `ctxlake conform --self`: one suite, two uses.
//! Every check must PASS here (ctxlake admits every revision, so nothing is "not applicable"),
//! but for the checks of what ctxlake does not offer (`conform::NOT_OFFERED_BY_CTXLAKE`).
//! Prints the closing line CI reads: `features: N passed, N failed`.

use ctxlake::conform::stdio::Launch;
use ctxlake::conform::world::{Env, Target};
use ctxlake::conform::{Options, Status};

/// The checks of what the conformance fixtures stand in for (features/surface.feature): they run
/// against ctxlake's own resources and prompts, and a second time against
/// `ctxlake mcp --conformance-fixtures`.
const FIXTURE_CAPABILITIES: &str = "@cap-resources or @cap-prompts or @cap-completions or @cap-logging";

fn main() {
    let plain = run(&["mcp"], None);
    let fixtures = run(&["mcp", "--conformance-fixtures"], Some(FIXTURE_CAPABILITIES));
    let all: Vec<&ctxlake::conform::CheckResult> = plain.checks.iter().chain(&fixtures.checks).collect();
    let passed = all.iter().filter(|c| c.status == Status::Pass).count();
    let not_offered = all.iter().filter(|c| ctxlake::conform::not_offered_by_ctxlake(c)).count();
    let failed = all.len() - passed - not_offered;
    if failed > 0 {
        print!("{}", ctxlake::conform::table(&plain, false));
        print!("{}", ctxlake::conform::table(&fixtures, false));
    }
    println!(
        "features: {passed} passed, {failed} failed ({} of them with the conformance fixtures; {not_offered} not applicable: what ctxlake does not offer)",
        fixtures.checks.len()
    );
    if failed > 0 {
        std::process::exit(1);
    }
}

fn run(args: &[&str], tags: Option<&str>) -> ctxlake::conform::ConformReport {
    let env = Env::ctxlake(Target::Stdio(Launch {
        program: env!("CARGO_BIN_EXE_ctxlake").into(),
        args: args.iter().map(|a| a.to_string()).collect(),
        env: vec![("CTXLAKE_LOG".into(), "debug".into())],
        cwd: None,
    }));
    let options = Options {
        env,
        revisions: None,
        jobs: 4,
        filter: None,
        tags: tags.map(|t| t.parse::<gherkin::tagexpr::TagOperation>().expect("a tag expression")),
        name: None,
        baseline: None,
        progress: false,
    };
    match ctxlake::conform::run(options) {
        Ok(report) => report,
        Err(e) => {
            println!("features: 0 passed, 1 failed ({e})");
            std::process::exit(1);
        }
    }
}
