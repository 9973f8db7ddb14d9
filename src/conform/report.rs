//! The report: counts, the baseline of expected failures, and the three renderings (a table
//! for people, JSON per `schemas/conform/report.json`, JUnit XML for CI systems).

use super::{Baseline, CheckResult, ConformReport, ConformReportTransport, Counts, Level, Status};
use std::fmt::Write as _;

/// Applies the baseline, counts, and decides whether the run passed.
pub fn finish(
    target: String,
    transport: ConformReportTransport,
    revisions: Vec<String>,
    mut checks: Vec<CheckResult>,
    baseline: Option<&Baseline>,
) -> ConformReport {
    let entries: Vec<&str> =
        baseline.map(|b| b.expected_failures.iter().map(|e| e.id.as_str()).collect()).unwrap_or_default();
    let covers =
        |entry: &str, id: &str| id == entry || id.strip_prefix(entry).is_some_and(|rest| rest.starts_with('/'));
    let mut used = vec![false; entries.len()];
    for check in &mut checks {
        if check.status != Status::Fail {
            continue;
        }
        for (i, entry) in entries.iter().enumerate() {
            if covers(entry, &check.id) {
                used[i] = true;
                check.expected_failure = Some(true);
            }
        }
    }
    let stale: Vec<String> = entries.iter().zip(&used).filter(|(_, u)| !**u).map(|(e, _)| (*e).to_string()).collect();
    let count = |s: Status| checks.iter().filter(|c| c.status == s).count() as u64;
    let expected = checks.iter().filter(|c| c.expected_failure == Some(true)).count() as u64;
    let counts = Counts {
        pass: count(Status::Pass),
        fail: count(Status::Fail),
        not_applicable: count(Status::NotApplicable),
        not_verified: count(Status::NotVerified),
        expected_failures: expected,
    };
    let must_failed =
        checks.iter().any(|c| c.status == Status::Fail && c.level == Level::Must && c.expected_failure != Some(true));
    ConformReport {
        target,
        transport,
        revisions,
        checks,
        counts,
        passed: !must_failed && stale.is_empty(),
        stale_baseline: stale,
    }
}

/// A baseline that expects exactly the failures of `report`, each with its message as reason.
pub fn baseline_of(report: &ConformReport) -> Result<Baseline, String> {
    let mut expected = Vec::new();
    for check in report.checks.iter().filter(|c| c.status == Status::Fail) {
        let reason = one_line(check.message.as_deref().unwrap_or("failed"), 200);
        expected.push(crate::spec::conform::baseline::ExpectedFailure {
            id: check.id.parse().map_err(|e| format!("{}: {e}", check.id))?,
            reason: reason.parse().map_err(|e| format!("{}: {e}", check.id))?,
        });
    }
    Ok(Baseline { target: Some(report.target.clone()), expected_failures: expected })
}

fn status_word(status: Status) -> &'static str {
    match status {
        Status::Pass => "PASS",
        Status::Fail => "FAIL",
        Status::NotApplicable => "NOT APPLICABLE",
        Status::NotVerified => "NOT VERIFIED",
    }
}

fn level_word(level: Level) -> &'static str {
    match level {
        Level::Must => "MUST",
        Level::Should => "SHOULD",
        Level::Strict => "ctxlake-strict",
        Level::Interpretation => "INTERPRETATION",
    }
}

/// The terminal summary: failures first (by level), then what could not be verified, then
/// counts per level; `color` adds ANSI colours.
pub fn table(report: &ConformReport, color: bool) -> String {
    let paint = |code: &str, text: &str| if color { format!("\x1b[{code}m{text}\x1b[0m") } else { text.to_string() };
    let mut out = String::new();
    let _ = writeln!(out, "ctxlake conform: {} over {}", report.target, report.transport);
    let _ = writeln!(out, "revisions: {}", report.revisions.join(", "));
    for (status, code) in [(Status::Fail, "31"), (Status::NotVerified, "33")] {
        for level in [Level::Must, Level::Should, Level::Strict, Level::Interpretation] {
            let rows: Vec<&CheckResult> =
                report.checks.iter().filter(|c| c.status == status && c.level == level).collect();
            if rows.is_empty() {
                continue;
            }
            let _ = writeln!(out, "\n{} ({}, {})", paint(code, status_word(status)), level_word(level), rows.len());
            for c in rows {
                let expected = if c.expected_failure == Some(true) { " [expected: in baseline]" } else { "" };
                let _ = writeln!(out, "  {}{expected}  {}", paint("1", &c.id), c.source);
                if let Some(message) = &c.message {
                    let _ = writeln!(out, "      {}", one_line(message, 300));
                }
                if let Some(reference) = &c.reference {
                    let _ = writeln!(out, "      ref: {reference}");
                }
            }
        }
    }
    let _ =
        writeln!(out, "\n{:<16} {:>6} {:>6} {:>15} {:>13}", "level", "pass", "fail", "not applicable", "not verified");
    for level in [Level::Must, Level::Should, Level::Strict, Level::Interpretation] {
        let n = |s: Status| report.checks.iter().filter(|c| c.level == level && c.status == s).count();
        let _ = writeln!(
            out,
            "{:<16} {:>6} {:>6} {:>15} {:>13}",
            level_word(level),
            n(Status::Pass),
            n(Status::Fail),
            n(Status::NotApplicable),
            n(Status::NotVerified)
        );
    }
    for stale in &report.stale_baseline {
        let _ = writeln!(out, "{} baseline entry `{stale}` did not fail: remove it", paint("31", "STALE"));
    }
    let verdict = if report.passed { paint("32", "conformant") } else { paint("31", "not conformant") };
    let c = &report.counts;
    let _ = writeln!(
        out,
        "\n{verdict}: {} passed, {} failed ({} expected), {} not applicable, {} not verified",
        c.pass, c.fail, c.expected_failures, c.not_applicable, c.not_verified
    );
    out
}

fn one_line(text: &str, max: usize) -> String {
    let flat = text.replace('\n', " ");
    if flat.chars().count() <= max { flat } else { format!("{}…", flat.chars().take(max).collect::<String>()) }
}

/// JUnit XML: one testcase per check; NOT APPLICABLE and NOT VERIFIED are `skipped`.
pub fn junit(report: &ConformReport) -> String {
    let c = &report.counts;
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuite name=\"ctxlake conform\" tests=\"{}\" failures=\"{}\" skipped=\"{}\">",
        report.checks.len(),
        c.fail,
        c.not_applicable + c.not_verified
    );
    for check in &report.checks {
        let _ = write!(
            out,
            "  <testcase classname=\"{}\" name=\"{}\" file=\"{}\"",
            xml(level_word(check.level)),
            xml(&check.id),
            xml(&check.source)
        );
        if let Some(ms) = check.millis {
            let _ = write!(out, " time=\"{:.3}\"", ms as f64 / 1000.0);
        }
        let message = xml(check.message.as_deref().unwrap_or_default());
        match check.status {
            Status::Pass => out.push_str("/>\n"),
            Status::Fail if check.expected_failure == Some(true) => {
                let _ = writeln!(out, "><skipped message=\"expected failure (baseline): {message}\"/></testcase>");
            }
            Status::Fail => {
                let _ = writeln!(out, "><failure message=\"{message}\"/></testcase>");
            }
            other => {
                let _ = writeln!(out, "><skipped message=\"{}: {message}\"/></testcase>", status_word(other));
            }
        }
    }
    out.push_str("</testsuite>\n");
    out
}

fn xml(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_control() || *c == '\n' || *c == '\t')
        .map(|c| match c {
            '<' => "&lt;".to_string(),
            '>' => "&gt;".to_string(),
            '&' => "&amp;".to_string(),
            '"' => "&quot;".to_string(),
            '\'' => "&apos;".to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// The report as Cucumber's JSON format (`--format cucumber-json`), which CI dashboards and
/// Cucumber reporting tools read: one feature per feature file, one scenario per check (an
/// outline's row is its own scenario), its steps with a status each. A failed check's steps
/// pass up to the one its message names (`step at line N`), which fails, and the rest are
/// skipped; a check that was not applicable or not verified is all skipped. Checks that are not
/// scenarios (the wire-schema checks, `--clients` rules) get one step saying what was checked.
pub fn cucumber_json(report: &ConformReport, suite: &[super::suite::Check]) -> serde_json::Value {
    use serde_json::json;
    let mut features: Vec<(String, Vec<serde_json::Value>)> = vec![];
    for result in &report.checks {
        let (file, line) = match result.source.rsplit_once(':') {
            Some((file, line)) => (file.to_string(), line.parse::<u64>().unwrap_or(0)),
            None => (result.source.clone(), 0),
        };
        let check = suite.iter().find(|c| c.id == result.id);
        let failing_line = result
            .message
            .as_deref()
            .and_then(|m| m.strip_prefix("step at line "))
            .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|n| n.parse::<usize>().ok());
        let steps: Vec<(String, String, usize)> = match check {
            Some(check) => check.steps.iter().map(|s| (format!("{:?} ", s.kind), s.text.clone(), s.line)).collect(),
            None => vec![("Then ".into(), result.name.clone(), line as usize)],
        };
        let failed_index = match result.status {
            Status::Fail => {
                Some(steps.iter().position(|s| Some(s.2) == failing_line).unwrap_or(steps.len().saturating_sub(1)))
            }
            _ => None,
        };
        let rendered: Vec<serde_json::Value> = steps
            .iter()
            .enumerate()
            .map(|(i, (keyword, name, line))| {
                let status = match (result.status, failed_index) {
                    (Status::Pass, _) => "passed",
                    (Status::Fail, Some(f)) if i < f => "passed",
                    (Status::Fail, Some(f)) if i == f => "failed",
                    _ => "skipped",
                };
                let mut outcome = json!({"status": status});
                let explains = status == "failed"
                    || (i == 0 && matches!(result.status, Status::NotApplicable | Status::NotVerified));
                if explains && let Some(message) = &result.message {
                    outcome["error_message"] = json!(message);
                }
                json!({"keyword": keyword, "name": name, "line": line, "result": outcome})
            })
            .collect();
        let mut tags: Vec<serde_json::Value> =
            check.map(|c| c.tags.iter().map(|t| json!({"name": format!("@{t}")})).collect()).unwrap_or_default();
        tags.push(json!({"name": format!("@level-{}", result.level)}));
        let scenario = json!({
            "id": result.id, "keyword": "Scenario", "type": "scenario", "name": result.name, "line": line,
            "description": result.reference.clone().unwrap_or_default(), "tags": tags, "steps": rendered,
        });
        match features.iter_mut().find(|(f, _)| *f == file) {
            Some((_, scenarios)) => scenarios.push(scenario),
            None => features.push((file, vec![scenario])),
        }
    }
    serde_json::Value::Array(
        features
            .into_iter()
            .map(|(file, elements)| {
                let name = file.trim_start_matches("features/").trim_end_matches(".feature").to_string();
                json!({"uri": file, "id": name, "keyword": "Feature", "name": name, "line": 1, "description": "", "elements": elements})
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::conform::baseline::ExpectedFailure;

    fn check(id: &str, level: Level, status: Status) -> CheckResult {
        CheckResult {
            id: id.into(),
            level,
            status,
            name: id.into(),
            source: "features/x.feature:1".into(),
            revision: None,
            reference: None,
            message: Some("why <it> & \"how\"".into()),
            expected_failure: None,
            millis: Some(3),
        }
    }

    fn baseline(ids: &[&str]) -> Baseline {
        Baseline {
            target: None,
            expected_failures: ids
                .iter()
                .map(|id| ExpectedFailure { id: id.parse().unwrap(), reason: "known".parse().unwrap() })
                .collect(),
        }
    }

    #[test]
    fn a_must_failure_fails_the_run_unless_the_baseline_expects_it() {
        let checks = || vec![check("rpc.a/1", Level::Must, Status::Fail), check("rpc.b", Level::Should, Status::Fail)];
        assert!(!finish("t".into(), ConformReportTransport::Stdio, vec![], checks(), None).passed);
        let report = finish("t".into(), ConformReportTransport::Stdio, vec![], checks(), Some(&baseline(&["rpc.a"])));
        assert!(report.passed, "a scenario id covers its rows; a SHOULD failure does not fail the run");
        assert_eq!(report.counts.expected_failures, 1);
    }

    #[test]
    fn an_interpretation_that_fails_is_reported_but_never_fails_the_run() {
        let checks =
            vec![check("modern.x/1", Level::Interpretation, Status::Fail), check("rpc.a", Level::Must, Status::Pass)];
        let report = finish("t".into(), ConformReportTransport::Stdio, vec![], checks, None);
        assert!(report.passed, "only a MUST failure fails the run");
        assert!(table(&report, false).contains("FAIL (INTERPRETATION, 1)"), "{}", table(&report, false));
    }

    #[test]
    fn a_stale_baseline_entry_fails_the_run() {
        let checks = vec![check("rpc.a", Level::Must, Status::Pass)];
        let report =
            finish("t".into(), ConformReportTransport::Stdio, vec![], checks, Some(&baseline(&["rpc.a", "rpc.ab"])));
        assert!(!report.passed);
        assert_eq!(report.stale_baseline, ["rpc.a", "rpc.ab"]);
    }

    #[test]
    fn junit_escapes_and_marks_skips() {
        let checks = vec![check("a", Level::Must, Status::Fail), check("b", Level::Must, Status::NotApplicable)];
        let report = finish("t".into(), ConformReportTransport::Http, vec![], checks, None);
        let xml = junit(&report);
        assert!(xml.contains("<failure message=\"why &lt;it&gt; &amp; &quot;how&quot;\"/>"), "{xml}");
        assert!(xml.contains("skipped message=\"NOT APPLICABLE"), "{xml}");
    }
}
