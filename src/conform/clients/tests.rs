//! Every rule of features/client_rules.json can fail: a listing seeded with the defect its
//! check describes makes it fail, and a clean tool passes every rule.

use super::*;
use serde_json::json;

fn clean_tool() -> Value {
    json!({
        "name": "fleet_status",
        "description": "Who in the fleet is active and what they hold.",
        "inputSchema": {"type": "object", "properties": {"limit": {"type": "integer"}}, "required": ["limit"]},
        "outputSchema": {"type": "object", "properties": {"agents": {"type": "array", "items": {"type": "string"}}}, "required": ["agents"]}
    })
}

/// A tool that passes `check`. OpenAI's strict mode needs `additionalProperties: false`, which
/// Gemini's declarations refuse, so no one tool passes both (docs/conformance/clients.md).
fn clean_for(check: &RuleCheck) -> Value {
    let mut tool = clean_tool();
    if let RuleCheck::StrictCompatible { schema } = check {
        tool[schema_key(schema)]["additionalProperties"] = json!(false);
    }
    tool
}

fn listing(tools: Vec<Value>) -> Listing {
    Listing { server: "ctxlake".into(), revision: Some("2025-11-25".into()), tools }
}

/// A listing that breaks exactly what `check` forbids.
fn seeded(check: &RuleCheck) -> Listing {
    let mut tool = clean_for(check);
    let n = |max: &std::num::NonZeroU64| usize::try_from(max.get()).unwrap_or(usize::MAX / 2) + 1;
    match check {
        RuleCheck::NamePattern { .. } => tool["name"] = json!("bad name/with spaces!"),
        RuleCheck::NameMaxLength { max, .. } => tool["name"] = json!("t".repeat(n(max))),
        RuleCheck::DescriptionMaxLength { max } => tool["description"] = json!("d".repeat(n(max))),
        RuleCheck::DescriptionRequired => tool["description"] = json!(""),
        RuleCheck::MaxTools { max } => {
            let tools = (0..n(max))
                .map(|i| json!({"name": format!("t{i}"), "description": "d", "inputSchema": {"type": "object"}}))
                .collect();
            return listing(tools);
        }
        RuleCheck::SchemaRootTypeObject { schema } => tool[schema_key(schema)] = json!({"type": "string"}),
        RuleCheck::SchemaForbiddenKeywords { schema, keywords, where_ } => {
            let keyword = &keywords[0];
            let bad = json!({"type": "object", keyword.as_str(): [{"type": "object"}]});
            tool[schema_key(schema)] = match where_ {
                RuleCheckWhere::Root => bad,
                RuleCheckWhere::Anywhere => json!({"type": "object", "properties": {"nested": bad}}),
            };
        }
        RuleCheck::SchemaMaxDepth { schema, max } => {
            let nested = (0..n(max))
                .fold(json!({"type": "string"}), |inner, _| json!({"type": "object", "properties": {"a": inner}}));
            tool[schema_key(schema)] = nested;
        }
        RuleCheck::SchemaMaxProperties { schema, max } => {
            let properties: serde_json::Map<String, Value> =
                (0..n(max)).map(|i| (format!("p{i}"), json!({"type": "string"}))).collect();
            tool[schema_key(schema)] = json!({"type": "object", "properties": properties});
        }
        RuleCheck::SchemaMaxEnumValues { schema, max } => {
            let values: Vec<String> = (0..n(max)).map(|i| format!("v{i}")).collect();
            tool[schema_key(schema)] =
                json!({"type": "object", "properties": {"e": {"type": "string", "enum": values}}});
        }
        RuleCheck::StrictCompatible { schema } => {
            tool[schema_key(schema)] = json!({"type": "object", "properties": {"optional": {"type": "string"}}});
        }
    }
    listing(vec![tool])
}

fn schema_key(schema: &SchemaName) -> &'static str {
    match schema {
        SchemaName::Input => "inputSchema",
        SchemaName::Output => "outputSchema",
    }
}

fn status_of(rules: &ClientRules, rule: &ClientRule, listing: &Listing) -> CheckResult {
    let id = format!("clients.{}", rule.id);
    lint(rules, std::slice::from_ref(&rule.consumer), listing).into_iter().find(|c| c.id == id).unwrap()
}

#[test]
fn every_rule_loads_with_an_https_source_a_quote_and_a_known_consumer() {
    let rules = load(RULES).unwrap();
    assert!(!rules.rules.is_empty());
}

#[test]
fn every_rule_fails_on_its_seeded_defect_and_passes_a_clean_tool() {
    let rules = load(RULES).unwrap();
    for rule in &rules.rules {
        let failed = status_of(&rules, rule, &seeded(&rule.check));
        assert_eq!(failed.status, Status::Fail, "{} did not catch its defect", rule.id);
        assert!(failed.message.is_some_and(|m| !m.is_empty()), "{}: a failure names what broke it", rule.id);
        let clean = status_of(&rules, rule, &listing(vec![clean_for(&rule.check)]));
        assert_eq!(clean.status, Status::Pass, "{} fails a clean tool: {:?}", rule.id, clean.message);
    }
}

#[test]
fn a_rule_that_breaks_the_session_is_a_must_failure() {
    let rules = load(RULES).unwrap();
    for rule in &rules.rules {
        let level = status_of(&rules, rule, &listing(vec![clean_tool()])).level;
        let wanted = match rule.level {
            ClientRuleLevel::BreaksSession => Level::Must,
            ClientRuleLevel::DropsTool => Level::Should,
            ClientRuleLevel::Degrades => Level::Strict,
        };
        assert_eq!(level, wanted, "{}", rule.id);
    }
}

#[test]
fn a_property_named_like_a_keyword_is_not_the_keyword() {
    let schema = json!({"type": "object", "properties": {"oneOf": {"type": "string"}}});
    let nodes = subschemas(&schema);
    assert_eq!(nodes.len(), 2, "the root and the property's schema");
    let check = RuleCheck::SchemaForbiddenKeywords {
        schema: SchemaName::Input,
        keywords: vec!["oneOf".into()],
        where_: RuleCheckWhere::Anywhere,
    };
    let mut tool = clean_tool();
    tool["inputSchema"] = json!({"type": "object", "properties": {"oneOf": {"type": "string"}}});
    assert_eq!(tool_violation(&check, &tool, "s"), None);
}

#[test]
fn broken_rule_files_are_refused_with_the_rule_named() {
    let base =
        |rule: Value| json!({"consumers": [{"id": "x", "name": "X", "kind": "client"}], "rules": [rule]}).to_string();
    let rule = json!({"id": "x.a", "consumer": "x", "level": "degrades", "check": {"kind": "description_required"},
                      "summary": "s", "ref": {"url": "https://e.org", "quote": "q", "documented": true}});
    assert!(load(&base(rule.clone())).is_ok());
    for (field, value, why) in [
        ("consumer", json!("y"), "is not listed"),
        ("id", json!("y.a"), "<consumer>.<kebab-case>"),
        ("ref", json!({"url": "http://e.org", "quote": "q", "documented": true}), "https"),
        ("check", json!({"kind": "name_pattern", "pattern": "("}), "pattern"),
    ] {
        let mut broken = rule.clone();
        broken[field] = value;
        let error = load(&base(broken)).unwrap_err().to_string();
        assert!(error.contains(why) && error.contains("rule "), "{field}: {error}");
    }
    let twice =
        json!({"consumers": [{"id": "x", "name": "X", "kind": "client"}], "rules": [rule.clone(), rule]}).to_string();
    assert!(load(&twice).unwrap_err().to_string().contains("not unique"));
}

#[test]
fn the_name_length_counts_the_clients_prefix_with_the_server_name() {
    let check = RuleCheck::NameMaxLength {
        max: std::num::NonZeroU64::new(20).unwrap(),
        prefix: Some("mcp__{server}__".into()),
    };
    let mut tool = clean_tool();
    tool["name"] = json!("abcdefgh");
    assert_eq!(tool_violation(&check, &tool, "srv"), None, "mcp__srv__abcdefgh is 18");
    assert!(tool_violation(&check, &tool, "server1").is_some(), "mcp__server1__abcdefgh is 22");
}
