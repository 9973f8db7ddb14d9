//! `ctxlake conform --clients`: a server's `tools/list` held to the rules of the clients and
//! model APIs that consume it (docs/conformance/clients.md). The rules are data,
//! `features/client_rules.json` (schema `schemas/conform/client_rules.json`), each with its
//! source; this module is the small interpreter of their check kinds, and a fetch of the
//! target's tools in each revision it admits.

use super::world::{Env, StepError, World};
use super::{CheckResult, Level, Status, wire::Wire};
use crate::spec::conform::client_rules::{
    ClientRule, ClientRuleLevel, ClientRules, RuleCheck, RuleCheckWhere, SchemaName,
};
use serde_json::Value;
use std::collections::HashSet;

/// The rule set shipped with ctxlake.
pub const RULES: &str = include_str!("../../features/client_rules.json");
const SOURCE: &str = "features/client_rules.json";

#[derive(Debug, thiserror::Error)]
pub enum RulesError {
    #[error("{SOURCE}: {0}")]
    Parse(String),
    #[error("{SOURCE}: rule {rule}: {why}")]
    Invalid { rule: String, why: String },
    #[error("unknown consumer {0:?}; known: {1}")]
    UnknownConsumer(String, String),
}

/// The rules, checked beyond their schema: unique ids named after a known consumer, an https
/// source, and patterns that compile.
pub fn load(text: &str) -> Result<ClientRules, RulesError> {
    let rules: ClientRules = serde_json::from_str(text).map_err(|e| RulesError::Parse(e.to_string()))?;
    let consumers: HashSet<&str> = rules.consumers.iter().map(|c| c.id.as_str()).collect();
    let mut seen = HashSet::new();
    for rule in &rules.rules {
        let invalid = |why: String| RulesError::Invalid { rule: rule.id.clone(), why };
        if !consumers.contains(rule.consumer.as_str()) {
            return Err(invalid(format!("consumer {:?} is not listed", rule.consumer)));
        }
        let (prefix, rest) = rule.id.split_once('.').unwrap_or(("", ""));
        let kebab =
            |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if prefix != rule.consumer || !kebab(rest) {
            return Err(invalid("an id is <consumer>.<kebab-case>".into()));
        }
        if !seen.insert(rule.id.as_str()) {
            return Err(invalid("the id is not unique".into()));
        }
        if !rule.ref_.url.starts_with("https://") || rule.ref_.quote.trim().is_empty() {
            return Err(invalid("a rule's ref needs an https URL and a quote".into()));
        }
        if let RuleCheck::NamePattern { pattern } = &rule.check {
            regex::Regex::new(pattern).map_err(|e| invalid(format!("pattern: {e}")))?;
        }
    }
    Ok(rules)
}

/// Which consumers a `--clients` list names (empty: all of them).
pub fn select(rules: &ClientRules, names: &[String]) -> Result<Vec<String>, RulesError> {
    let known: Vec<String> = rules.consumers.iter().map(|c| c.id.clone()).collect();
    if names.is_empty() {
        return Ok(known);
    }
    for name in names {
        if !known.contains(name) {
            return Err(RulesError::UnknownConsumer(name.clone(), known.join(", ")));
        }
    }
    Ok(names.to_vec())
}

/// The rules as a Markdown table (`ctxlake conform --list --clients`), in file order.
pub fn table(rules: &ClientRules) -> String {
    let mut out = String::from("| rule | level | what it checks | source |\n|---|---|---|---|\n");
    for rule in &rules.rules {
        let kind = serde_json::to_value(&rule.check).ok().map(|c| c.to_string()).unwrap_or_default();
        let documented = if rule.ref_.documented { "" } else { " (reported, not documented)" };
        let cell = |s: &str| s.replace('|', "\\|").replace('\n', " ");
        out.push_str(&format!(
            "| `{}` | {} | {} `{}` | [{}]({}){documented}: “{}” |\n",
            rule.id,
            rule.level,
            cell(&rule.summary),
            cell(&kind),
            cell(rule.ref_.url.trim_start_matches("https://").split('/').next().unwrap_or("source")),
            rule.ref_.url,
            cell(&rule.ref_.quote)
        ));
    }
    out
}

/// One revision's catalog as a consumer receives it.
#[derive(Debug, Clone)]
pub struct Listing {
    /// The server's name (`serverInfo.name`), which some clients prefix to tool names.
    pub server: String,
    pub revision: Option<String>,
    pub tools: Vec<Value>,
}

/// Every rule of `consumers` against one listing: one result per rule, the failing tools named.
pub fn lint(rules: &ClientRules, consumers: &[String], listing: &Listing) -> Vec<CheckResult> {
    rules
        .rules
        .iter()
        .filter(|rule| consumers.contains(&rule.consumer))
        .map(|rule| {
            let failures = violations(rule, listing);
            let status = if failures.is_empty() { Status::Pass } else { Status::Fail };
            let documented = if rule.ref_.documented { "" } else { " (reported in an issue, not documented)" };
            CheckResult {
                id: format!("clients.{}", rule.id),
                level: match rule.level {
                    ClientRuleLevel::BreaksSession => Level::Must,
                    ClientRuleLevel::DropsTool => Level::Should,
                    ClientRuleLevel::Degrades => Level::Strict,
                },
                status,
                name: format!("{} ({})", rule.summary, rule.level),
                source: SOURCE.into(),
                revision: listing.revision.clone(),
                reference: Some(format!("{} — “{}”{documented}", rule.ref_.url, rule.ref_.quote)),
                message: (!failures.is_empty()).then(|| failures.join("; ")),
                expected_failure: None,
                millis: None,
            }
        })
        .collect()
}

/// What breaks `rule` in the listing, one line per tool (or one for the catalog).
fn violations(rule: &ClientRule, listing: &Listing) -> Vec<String> {
    if let RuleCheck::MaxTools { max } = &rule.check {
        let n = listing.tools.len() as u64;
        return if n > max.get() { vec![format!("{n} tools, more than {max}")] } else { vec![] };
    }
    listing.tools.iter().filter_map(|tool| tool_violation(&rule.check, tool, &listing.server)).collect()
}

fn tool_violation(check: &RuleCheck, tool: &Value, server: &str) -> Option<String> {
    let name = tool.get("name").and_then(Value::as_str).unwrap_or_default();
    let description = tool.get("description").and_then(Value::as_str).unwrap_or_default();
    let schema = |which: &SchemaName| match which {
        SchemaName::Input => tool.get("inputSchema"),
        SchemaName::Output => tool.get("outputSchema"),
    };
    let why = match check {
        RuleCheck::NamePattern { pattern } => {
            // `load` compiled every pattern.
            let matches = regex::Regex::new(pattern).map(|r| r.is_match(name)).unwrap_or(true);
            (!matches).then(|| format!("does not match {pattern}"))
        }
        RuleCheck::NameMaxLength { max, prefix } => {
            let full = format!("{}{name}", prefix.as_deref().unwrap_or("").replace("{server}", server));
            let n = full.chars().count() as u64;
            (n > max.get()).then(|| format!("{full:?} is {n} characters, more than {max}"))
        }
        RuleCheck::DescriptionMaxLength { max } => {
            let n = description.chars().count() as u64;
            (n > max.get()).then(|| format!("description of {n} characters, more than {max}"))
        }
        RuleCheck::DescriptionRequired => description.trim().is_empty().then(|| "no description".to_string()),
        RuleCheck::MaxTools { .. } => None,
        RuleCheck::SchemaRootTypeObject { schema: which } => match (which, schema(which)) {
            (SchemaName::Output, None) => None,
            (_, None) => Some(format!("no {which}Schema")),
            (_, Some(s)) => (s.get("type") != Some(&Value::from("object"))).then(|| {
                format!(
                    "{which}Schema's type is {}, not \"object\"",
                    s.get("type").map_or("absent".into(), Value::to_string)
                )
            }),
        },
        RuleCheck::SchemaForbiddenKeywords { schema: which, keywords, where_ } => {
            let s = schema(which)?;
            let nodes = match where_ {
                RuleCheckWhere::Root => vec![s],
                RuleCheckWhere::Anywhere => subschemas(s),
            };
            let found: Vec<&str> = keywords
                .iter()
                .filter(|k| nodes.iter().any(|n| n.get(k.as_str()).is_some()))
                .map(String::as_str)
                .collect();
            (!found.is_empty()).then(|| format!("{which}Schema uses {}", found.join(", ")))
        }
        RuleCheck::SchemaMaxDepth { schema: which, max } => {
            let depth = depth(schema(which)?);
            (depth > max.get()).then(|| format!("{which}Schema nests {depth} levels, more than {max}"))
        }
        RuleCheck::SchemaMaxProperties { schema: which, max } => {
            let n: u64 = subschemas(schema(which)?)
                .iter()
                .filter_map(|s| s.get("properties")?.as_object())
                .map(|p| p.len() as u64)
                .sum();
            (n > max.get()).then(|| format!("{which}Schema has {n} properties in all, more than {max}"))
        }
        RuleCheck::SchemaMaxEnumValues { schema: which, max } => {
            let n: u64 = subschemas(schema(which)?)
                .iter()
                .filter_map(|s| s.get("enum")?.as_array())
                .map(|e| e.len() as u64)
                .sum();
            (n > max.get()).then(|| format!("{which}Schema has {n} enum values in all, more than {max}"))
        }
        RuleCheck::StrictCompatible { schema: which } => {
            let loose = subschemas(schema(which)?).into_iter().find(|s| {
                let Some(properties) = s.get("properties").and_then(Value::as_object) else { return false };
                let required: HashSet<&str> = s
                    .get("required")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .collect();
                s.get("additionalProperties") != Some(&Value::Bool(false))
                    || properties.keys().any(|k| !required.contains(k.as_str()))
            });
            loose.map(|_| {
                format!("{which}Schema has an object without additionalProperties: false or with optional properties")
            })
        }
    }?;
    Some(format!("{name}: {why}"))
}

/// The schema and every schema inside it, by the keywords that hold schemas (so a property
/// named `oneOf` is a property, not a keyword).
fn subschemas(schema: &Value) -> Vec<&Value> {
    let mut out = vec![];
    let mut stack = vec![schema];
    while let Some(node) = stack.pop() {
        let Some(object) = node.as_object() else { continue };
        out.push(node);
        for key in ["items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames"] {
            stack.extend(object.get(key).filter(|v| v.is_object()));
        }
        for key in ["anyOf", "oneOf", "allOf", "prefixItems"] {
            stack.extend(object.get(key).and_then(Value::as_array).into_iter().flatten());
        }
        for key in ["properties", "patternProperties", "$defs", "definitions"] {
            stack.extend(object.get(key).and_then(Value::as_object).into_iter().flat_map(|m| m.values()));
        }
    }
    out
}

/// Levels of nested object properties and array items (the root object is level 1).
fn depth(schema: &Value) -> u64 {
    let children = schema
        .get("properties")
        .and_then(Value::as_object)
        .into_iter()
        .flat_map(|m| m.values())
        .chain(schema.get("items").filter(|v| v.is_object()))
        .chain(["anyOf", "oneOf", "allOf"].iter().filter_map(|k| schema.get(*k)?.as_array()).flatten());
    1 + children.map(depth).max().unwrap_or(0)
}

/// The target's catalog in each revision: a handshake (or nothing, for 2026-07-28), then
/// `tools/list` followed through `nextCursor` to the end.
pub fn fetch(env: &Env, wire: &Wire, revision: &str) -> Result<Listing, StepError> {
    let mut world = World::new(env, wire)?;
    let init = world.initialize(revision)?;
    let mut server = init.pointer("/serverInfo/name").and_then(Value::as_str).unwrap_or_default().to_string();
    if revision == super::MODERN {
        let discover = world.request("server/discover", serde_json::json!({}))?;
        server = discover.pointer("/result/serverInfo/name").and_then(Value::as_str).unwrap_or(&server).to_string();
    }
    let mut tools = vec![];
    let mut cursor: Option<String> = None;
    for _ in 0..100 {
        let params = match &cursor {
            Some(c) => serde_json::json!({"cursor": c}),
            None => serde_json::json!({}),
        };
        let answer = world.request("tools/list", params)?;
        let result =
            answer.get("result").ok_or_else(|| StepError::NotVerified(format!("tools/list was answered {answer}")))?;
        tools.extend(result.get("tools").and_then(Value::as_array).cloned().unwrap_or_default());
        cursor = result.get("nextCursor").and_then(Value::as_str).map(str::to_string);
        if cursor.is_none() {
            break;
        }
    }
    Ok(Listing { server, revision: Some(revision.to_string()), tools })
}

/// A tools file (`--tools-file`): a `tools/list` result (`{"tools": [...]}`), a JSON-RPC answer
/// holding one, or a bare array of tools.
pub fn from_file(text: &str, server: &str) -> Result<Listing, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let tools = value
        .pointer("/result/tools")
        .or_else(|| value.get("tools"))
        .or(Some(&value))
        .and_then(Value::as_array)
        .cloned()
        .ok_or("neither a tools/list result nor an array of tools")?;
    Ok(Listing { server: server.to_string(), revision: None, tools })
}

#[cfg(test)]
mod tests;
