//! Which checks share a server process over stdio. Starting the target is most of what a check
//! costs against a server that takes a second to start (a Python server: 0.5 s of CPU each), so
//! a check that starts with "a server initialized with revision R" and is not tagged `@fresh`
//! joins the lane of R: the checks of one lane run one after another on one process, each
//! taking the connection the one before left (`World::release` hands it on only when it still
//! answers cleanly, owing no answer). The probe's process of each revision starts its lane. A
//! check whose own frames carry a request id its lane already sent runs alone. A `@fresh` check,
//! one that starts the server itself (`a running server`), and every check of ctxlake's own
//! fixtures (each has its own folders) gets a process of its own, as before. Over HTTP each
//! check has its own session anyway, and nothing is shared.

use super::suite::Check;
use super::world::{Env, Target, requests_in};
use std::collections::{BTreeMap, BTreeSet};

/// What the runner hands a worker: a check alone, or a lane of checks in one revision.
#[derive(Debug, PartialEq)]
pub enum Unit {
    Alone(usize),
    Lane { revision: String, checks: Vec<usize> },
}

/// The revision whose lane `check` joins, if any.
pub fn lane_of(check: &Check, env: &Env) -> Option<String> {
    if !shares_processes(env) || check.tags.iter().any(|t| t == "fresh") {
        return None;
    }
    let first = check.steps.first()?;
    let revision = first.text.strip_prefix("a server initialized with revision \"")?.strip_suffix('"')?;
    Some(revision.to_string())
}

/// Whether checks share server processes at all: over stdio, and not under `--self`, whose
/// checks each get folders of their own.
pub fn shares_processes(env: &Env) -> bool {
    matches!(env.target, Target::Stdio(_)) && !env.fixtures
}

/// The request ids a check's own frames carry (`{"jsonrpc":"2.0","id":202,…}` in a step or its
/// lines): the runner numbers its own requests on a lane from `world::LANE_IDS`, but these are
/// fixed, and a client never sends one id twice in a session.
fn fixed_ids(check: &Check) -> Vec<String> {
    let mut ids = vec![];
    for step in &check.steps {
        if let Some(at) = step.text.find(['{', '[']) {
            ids.extend(requests_in(&step.text.as_bytes()[at..]));
        }
        if let Some(lines) = &step.docstring {
            ids.extend(requests_in(lines.as_bytes()));
        }
        // `the client sends a request with id 77`: the step builds the frame.
        if let Some(id) = step.text.strip_prefix("the client sends a request with id ") {
            ids.extend(requests_in(format!("{{\"id\":{id},\"method\":\"ping\"}}").as_bytes()));
        }
    }
    ids
}

/// The checks as units of work, the lanes first (each is long and sequential, so starting them
/// early keeps the workers busy to the end), then the checks alone, in suite order. A check
/// whose fixed request ids an earlier check of its lane already sent runs alone.
pub fn units(checks: &[&Check], env: &Env) -> Vec<Unit> {
    let mut lanes: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut sent: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut alone = Vec::new();
    for (i, check) in checks.iter().enumerate() {
        let Some(revision) = lane_of(check, env) else {
            alone.push(Unit::Alone(i));
            continue;
        };
        let ids = fixed_ids(check);
        let used = sent.entry(revision.clone()).or_default();
        if ids.iter().any(|id| used.contains(id)) {
            alone.push(Unit::Alone(i));
            continue;
        }
        used.extend(ids);
        lanes.entry(revision).or_default().push(i);
    }
    let mut units: Vec<Unit> = lanes.into_iter().map(|(revision, checks)| Unit::Lane { revision, checks }).collect();
    units.sort_by_key(|u| match u {
        Unit::Lane { checks, .. } => std::cmp::Reverse(checks.len()),
        Unit::Alone(_) => std::cmp::Reverse(0),
    });
    units.extend(alone);
    units
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conform::stdio::Launch;
    use crate::conform::suite;

    const SAMPLE: &str = "Feature: f\n\n  Scenario: one\n    Given a server initialized with revision \"2025-11-25\"\n    Then the answer is x\n\n  @fresh\n  Scenario: two\n    Given a server initialized with revision \"2025-11-25\"\n    Then the answer is x\n\n  Scenario: three\n    Given a running server\n    Then the answer is x\n\n  Scenario: four\n    Given a server initialized with revision \"2026-07-28\"\n    Then the answer is x\n\n  Scenario: five\n    Given a server initialized with revision \"2025-11-25\"\n    Then the answer is x\n";

    fn env(target: Target, fixtures: bool) -> Env {
        Env { fixtures, ..Env::ctxlake(target) }
    }

    #[test]
    fn checks_initialized_in_one_revision_share_a_lane_unless_fresh_or_starting_the_server() {
        let checks = suite::load(&[("f.feature", SAMPLE)]).unwrap();
        let checks: Vec<&Check> = checks.iter().collect();
        let stdio = env(Target::Stdio(Launch::shell("server")), false);
        assert_eq!(
            units(&checks, &stdio),
            vec![
                Unit::Lane { revision: "2025-11-25".into(), checks: vec![0, 4] },
                Unit::Lane { revision: "2026-07-28".into(), checks: vec![3] },
                Unit::Alone(1),
                Unit::Alone(2),
            ]
        );
    }

    #[test]
    fn a_check_whose_fixed_ids_its_lane_already_sent_runs_alone() {
        let frame = |id: &str| {
            format!("    When the client sends the line {{\"jsonrpc\":\"2.0\",\"id\":{id},\"method\":\"ping\"}}\n")
        };
        let given = "    Given a server initialized with revision \"2025-11-25\"\n";
        let feature = format!(
            "Feature: f\n\n  Scenario: one\n{given}{}\n  Scenario: two\n{given}{}\n  Scenario: three\n{given}{}",
            frame("202"),
            frame("202"),
            frame("\"x\"")
        );
        let checks = suite::load(&[("f.feature", &feature)]).unwrap();
        let checks: Vec<&Check> = checks.iter().collect();
        let stdio = env(Target::Stdio(Launch::shell("server")), false);
        assert_eq!(
            units(&checks, &stdio),
            vec![Unit::Lane { revision: "2025-11-25".into(), checks: vec![0, 2] }, Unit::Alone(1)]
        );
    }

    #[test]
    fn nothing_is_shared_over_http_or_with_ctxlakes_fixtures() {
        let checks = suite::load(&[("f.feature", SAMPLE)]).unwrap();
        let checks: Vec<&Check> = checks.iter().collect();
        let url = crate::conform::http::Url::parse("http://127.0.0.1:1/mcp").unwrap();
        for env in [env(Target::Http(url), false), env(Target::Stdio(Launch::shell("server")), true)] {
            assert!(units(&checks, &env).iter().all(|u| matches!(u, Unit::Alone(_))));
        }
    }
}
