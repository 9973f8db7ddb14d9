//! The Gherkin suite, compiled into the binary, expanded into checks: one per scenario, or one
//! per table row of a scenario outline, each with a stable id, a requirement level and the
//! tags that decide where it applies.
//!
//! Tag vocabulary (see docs/conformance/README.md):
//! - `@id:<id>`: the scenario's stable id (else `<feature>.<slugged name>`); a table row adds
//!   its `check` column, else its number.
//! - `@must`, `@should`, `@strict`, `@interpretation`: the level, on the scenario or an Examples
//!   block (default must). `@interpretation` marks a check whose sentence another sentence of
//!   the spec pulls the other way; its Ref quotes both.
//! - `@rev-<rev>`: the revisions a scenario applies to; a `revision` column in a row wins.
//! - `@cap-<name>`: the server capability the check needs (e.g. `@cap-tools`).
//! - `@stdio`, `@http`: the transports (neither: both).
//! - `@ctxlake`: only ctxlake can pass it (run with `--self`).
//! - A description line `Ref: …` names the spec sentence or seed row the check enforces (a
//!   feature's own `Ref:` covers scenarios that have none).

use gherkin::{Feature, GherkinEnv, StepType};
use std::collections::BTreeSet;

/// The feature files, as `cargo test` and `ctxlake conform` both run them.
pub const FEATURES: &[(&str, &str)] = &[
    ("protocol.feature", include_str!("../../features/protocol.feature")),
    ("http.feature", include_str!("../../features/http.feature")),
    ("serve.feature", include_str!("../../features/serve.feature")),
    ("surface.feature", include_str!("../../features/surface.feature")),
    ("resources.feature", include_str!("../../features/resources.feature")),
    ("skills.feature", include_str!("../../features/skills.feature")),
    ("skills_extension.feature", include_str!("../../features/skills_extension.feature")),
    ("messages.feature", include_str!("../../features/messages.feature")),
    ("fleet.feature", include_str!("../../features/fleet.feature")),
    ("memory.feature", include_str!("../../features/memory.feature")),
    ("sanitization.feature", include_str!("../../features/sanitization.feature")),
    ("redaction.feature", include_str!("../../features/redaction.feature")),
    ("lake.feature", include_str!("../../features/lake.feature")),
    ("lake_ops.feature", include_str!("../../features/lake_ops.feature")),
    ("console.feature", include_str!("../../features/console.feature")),
    ("state.feature", include_str!("../../features/state.feature")),
    ("scopes.feature", include_str!("../../features/scopes.feature")),
    ("install.feature", include_str!("../../features/install.feature")),
    ("knowledge.feature", include_str!("../../features/knowledge.feature")),
    ("groups.feature", include_str!("../../features/groups.feature")),
    ("paging.feature", include_str!("../../features/paging.feature")),
    ("context.feature", include_str!("../../features/context.feature")),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    Must,
    Should,
    Strict,
    /// Where two sentences of the spec pull in different directions: the check quotes both
    /// and its failure is reported, never counted as a MUST failure.
    Interpretation,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Must => "must",
            Level::Should => "should",
            Level::Strict => "strict",
            Level::Interpretation => "interpretation",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    Stdio,
    Http,
}

impl Transport {
    pub fn as_str(self) -> &'static str {
        match self {
            Transport::Stdio => "stdio",
            Transport::Http => "http",
        }
    }
}

/// One step, with the outline's `<placeholders>` already filled in.
#[derive(Debug, Clone)]
pub struct Step {
    pub kind: StepType,
    pub text: String,
    pub docstring: Option<String>,
    pub table: Option<Vec<Vec<String>>>,
    pub line: usize,
}

/// One check: a scenario, or one row of an outline.
#[derive(Debug, Clone)]
pub struct Check {
    pub id: String,
    pub level: Level,
    pub name: String,
    /// `file:line` of the scenario (of the row, for outlines).
    pub source: String,
    pub revisions: BTreeSet<String>,
    pub transports: Vec<Transport>,
    pub ctxlake_only: bool,
    /// Server capabilities the check needs (`@cap-<name>`).
    pub capabilities: Vec<String>,
    pub reference: Option<String>,
    pub steps: Vec<Step>,
    /// Every tag of the feature, the scenario and its Examples block, without the `@`.
    pub tags: Vec<String>,
}

impl Check {
    /// Whether the check's tags satisfy a Cucumber tag expression (`@must and not @http`).
    pub fn matches(&self, expression: &gherkin::tagexpr::TagOperation) -> bool {
        use gherkin::tagexpr::TagOperation;
        match expression {
            TagOperation::And(a, b) => self.matches(a) && self.matches(b),
            TagOperation::Or(a, b) => self.matches(a) || self.matches(b),
            TagOperation::Not(a) => !self.matches(a),
            TagOperation::Tag(tag) => self.tags.iter().any(|t| t == tag.trim_start_matches('@')),
        }
    }

    /// The revision the check runs in when it names exactly one.
    pub fn revision(&self) -> Option<&str> {
        if self.revisions.len() == 1 { self.revisions.iter().next().map(String::as_str) } else { None }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SuiteError {
    #[error("{file}: Gherkin does not parse: {message}")]
    Parse { file: String, message: String },
    #[error("{source_at}: {message}")]
    Invalid { source_at: String, message: String },
}

/// Parses every feature and expands it into checks, in file order.
pub fn load(features: &[(&str, &str)]) -> Result<Vec<Check>, SuiteError> {
    let mut checks = Vec::new();
    for (file, text) in features {
        let env = GherkinEnv::default();
        let feature = Feature::parse(text, env)
            .map_err(|e| SuiteError::Parse { file: (*file).to_string(), message: e.to_string() })?;
        expand_feature(file, &feature, &mut checks)?;
    }
    let mut seen = BTreeSet::new();
    for check in &checks {
        if !seen.insert(check.id.as_str()) {
            return Err(SuiteError::Invalid {
                source_at: check.source.clone(),
                message: format!("check id `{}` is used twice", check.id),
            });
        }
    }
    Ok(checks)
}

fn expand_feature(file: &str, feature: &Feature, out: &mut Vec<Check>) -> Result<(), SuiteError> {
    let stem = file.trim_end_matches(".feature");
    let background: Vec<&gherkin::Step> = feature.background.iter().flat_map(|b| b.steps.iter()).collect();
    for scenario in &feature.scenarios {
        let tags: Vec<&str> = feature.tags.iter().chain(&scenario.tags).map(String::as_str).collect();
        let source_at = format!("features/{file}:{}", scenario.position.line);
        let id =
            tag_value(&tags, "id:").map(str::to_string).unwrap_or_else(|| format!("{stem}.{}", slug(&scenario.name)));
        let reference =
            reference(scenario.description.as_deref()).or_else(|| reference(feature.description.as_deref()));
        let steps: Vec<&gherkin::Step> = background.iter().copied().chain(&scenario.steps).collect();
        let base = Template { id: &id, name: &scenario.name, reference: reference.as_deref() };
        if scenario.examples.is_empty() {
            out.push(base.check(&tags, &source_at, &steps, &[], None)?);
            continue;
        }
        let mut row_number = 0;
        for examples in &scenario.examples {
            let table = examples.table.as_ref().ok_or_else(|| SuiteError::Invalid {
                source_at: source_at.clone(),
                message: "an Examples block without a table".into(),
            })?;
            let Some((header, rows)) = table.rows.split_first() else { continue };
            let block_tags: Vec<&str> = tags.iter().copied().chain(examples.tags.iter().map(String::as_str)).collect();
            for (offset, row) in rows.iter().enumerate() {
                row_number += 1;
                let values: Vec<(&str, &str)> =
                    header.iter().map(String::as_str).zip(row.iter().map(String::as_str)).collect();
                let row_id = values.iter().find(|(k, _)| *k == "check").map(|(_, v)| (*v).to_string());
                let row_id = row_id.unwrap_or_else(|| row_number.to_string());
                let row_at = format!("features/{file}:{}", table.position.line + 1 + offset);
                out.push(base.check(&block_tags, &row_at, &steps, &values, Some(&row_id))?);
            }
        }
    }
    Ok(())
}

struct Template<'a> {
    id: &'a str,
    name: &'a str,
    reference: Option<&'a str>,
}

impl Template<'_> {
    fn check(
        &self,
        tags: &[&str],
        source_at: &str,
        steps: &[&gherkin::Step],
        row: &[(&str, &str)],
        row_id: Option<&str>,
    ) -> Result<Check, SuiteError> {
        let level = tags.iter().rev().find_map(|t| match *t {
            "must" => Some(Level::Must),
            "should" => Some(Level::Should),
            "strict" => Some(Level::Strict),
            "interpretation" => Some(Level::Interpretation),
            _ => None,
        });
        let mut revisions: BTreeSet<String> =
            tags.iter().filter_map(|t| t.strip_prefix("rev-")).map(str::to_string).collect();
        if let Some((_, rev)) = row.iter().find(|(k, _)| *k == "revision") {
            revisions = BTreeSet::from([(*rev).to_string()]);
        }
        let mut transports = Vec::new();
        if tags.contains(&"stdio") {
            transports.push(Transport::Stdio);
        }
        if tags.contains(&"http") {
            transports.push(Transport::Http);
        }
        if transports.is_empty() {
            transports = vec![Transport::Stdio, Transport::Http];
        }
        let fill = |text: &str| fill_placeholders(text, row);
        let steps = steps
            .iter()
            .map(|s| Step {
                kind: s.ty,
                text: fill(&s.value),
                docstring: s.docstring.as_deref().map(&fill),
                table: s.table.as_ref().map(|t| t.rows.iter().map(|r| r.iter().map(|c| fill(c)).collect()).collect()),
                line: s.position.line,
            })
            .collect::<Vec<_>>();
        if let Some(unfilled) = steps.iter().find(|s| s.text.contains('<') && s.text.contains('>') && !row.is_empty())
            && row.iter().any(|(k, _)| unfilled.text.contains(&format!("<{k}>")))
        {
            return Err(SuiteError::Invalid {
                source_at: source_at.into(),
                message: "placeholder left unfilled".into(),
            });
        }
        let name = match row_id {
            Some(r) => format!("{} [{r}]", fill(self.name)),
            None => self.name.to_string(),
        };
        Ok(Check {
            id: match row_id {
                Some(r) => format!("{}/{r}", self.id),
                None => self.id.to_string(),
            },
            level: level.unwrap_or(Level::Must),
            name,
            source: source_at.to_string(),
            revisions,
            transports,
            ctxlake_only: tags.contains(&"ctxlake"),
            capabilities: tags.iter().filter_map(|t| t.strip_prefix("cap-")).map(str::to_string).collect(),
            reference: self.reference.map(str::to_string),
            steps,
            tags: tags.iter().map(|t| t.to_string()).collect(),
        })
    }
}

/// The `Ref: …` line of a description (a scenario's, else its feature's).
fn reference(description: Option<&str>) -> Option<String> {
    description?.lines().map(str::trim).find_map(|l| l.strip_prefix("Ref:")).map(|r| r.trim().to_string())
}

fn tag_value<'a>(tags: &[&'a str], prefix: &str) -> Option<&'a str> {
    tags.iter().rev().find_map(|t| t.strip_prefix(prefix))
}

fn fill_placeholders(text: &str, row: &[(&str, &str)]) -> String {
    let mut out = text.to_string();
    for (key, value) in row {
        out = out.replace(&format!("<{key}>"), value);
    }
    out
}

/// `"Malformed JSON is a parse error"` → `malformed-json-is-a-parse-error`.
fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').chars().take(60).collect::<String>().trim_end_matches('-').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_feature_file_in_the_folder_is_compiled_into_the_suite() {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("features");
        for entry in std::fs::read_dir(folder).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().to_string();
            if name.ends_with(".feature") {
                assert!(FEATURES.iter().any(|(file, _)| *file == name), "{name} is not in suite::FEATURES");
            }
        }
    }

    #[test]
    fn tag_expressions_select_checks_by_their_tags() {
        let checks = load(FEATURES).unwrap();
        let select = |e: &str| {
            let op: gherkin::tagexpr::TagOperation = e.parse().unwrap();
            checks.iter().filter(|c| c.matches(&op)).count()
        };
        assert_eq!(select("@http and not @http"), 0);
        assert_eq!(select("@http or not @http"), checks.len());
        let should = checks.iter().filter(|c| c.level == Level::Should).count();
        assert_eq!(select("@should"), should, "@should is how a check becomes SHOULD");
        let lake_stdio = checks.iter().filter(|c| c.ctxlake_only && c.transports == [Transport::Stdio]).count();
        assert!(lake_stdio > 0 && select("@ctxlake and @stdio and not @http") >= lake_stdio);
    }

    const SAMPLE: &str = "@stdio\nFeature: f\n\n  @id:rpc.x @should\n  Scenario Outline: a <what>\n    Ref: JSON-RPC 2.0 section 5\n    Given a server initialized with revision \"<revision>\"\n    Then the answer is <what>\n\n    Examples:\n      | revision   | what |\n      | 2024-11-05 | one  |\n\n    @strict\n    Examples:\n      | revision   | what | check |\n      | 2025-11-25 | two  | two   |\n\n  Scenario: Plain one, here!\n    Given a running server\n";

    #[test]
    fn outline_rows_become_checks_with_row_ids_levels_and_revisions() {
        let checks = load(&[("p.feature", SAMPLE)]).unwrap();
        let ids: Vec<&str> = checks.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["rpc.x/1", "rpc.x/two", "p.plain-one-here"]);
        assert_eq!(checks[0].level, Level::Should);
        assert_eq!(checks[1].level, Level::Strict);
        assert_eq!(checks[2].level, Level::Must);
        assert_eq!(checks[1].revision(), Some("2025-11-25"));
        assert_eq!(checks[1].steps[1].text, "the answer is two");
        assert_eq!(checks[0].reference.as_deref(), Some("JSON-RPC 2.0 section 5"));
        assert_eq!(checks[2].transports, [Transport::Stdio]);
    }

    #[test]
    fn a_duplicate_id_is_refused() {
        let text = "Feature: f\n  @id:a\n  Scenario: x\n    Given a running server\n  @id:a\n  Scenario: y\n    Given a running server\n";
        assert!(matches!(load(&[("d.feature", text)]), Err(SuiteError::Invalid { .. })));
    }

    #[test]
    fn the_embedded_suite_loads() {
        let checks = load(FEATURES).unwrap();
        assert!(checks.len() > 200, "{}", checks.len());
    }
}
