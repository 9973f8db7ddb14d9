//! The edit table: ctxlake's entry in and out of each format, everything else untouched.

use super::*;
use serde_json::json;

fn server() -> Edit {
    Edit::Member {
        parents: vec!["mcpServers"],
        name: "ctxlake",
        value: json!({"command": "/bin/ctxlake", "args": ["mcp"]}),
    }
}

fn hook() -> Edit {
    Edit::Element {
        parents: vec!["hooks", "SessionStart"],
        marker: " briefing --format claude-code".into(),
        value: json!({"matcher": "", "hooks": [{"type": "command", "command": "'/bin/ctxlake' briefing --format claude-code"}]}),
    }
}

const CLAUDE: &str = r#"{
    "numStartups": 12,
    "mcpServers": {
        "github": { "command": "gh-mcp", "args": [] }
    },
    "theme":   "dark"
}
"#;

#[test]
fn install_adds_the_entry_beside_the_others_and_uninstall_takes_only_it_out() {
    let installed = install(Some(CLAUDE), Format::Json, &server()).unwrap();
    let parsed: Value = serde_json::from_str(&installed).unwrap();
    assert_eq!(parsed["mcpServers"]["ctxlake"]["command"], "/bin/ctxlake");
    assert_eq!(parsed["mcpServers"]["github"]["command"], "gh-mcp");
    assert!(installed.contains(r#""theme":   "dark""#), "formatting kept: {installed}");
    let removed = uninstall(&installed, Format::Json, &server()).unwrap().unwrap();
    let parsed: Value = serde_json::from_str(&removed).unwrap();
    assert_eq!(parsed, serde_json::from_str::<Value>(CLAUDE).unwrap());
}

#[test]
fn a_second_install_changes_nothing() {
    let once = install(Some(CLAUDE), Format::Json, &server()).unwrap();
    assert_eq!(install(Some(&once), Format::Json, &server()).unwrap(), once);
    assert_eq!(
        entry(&once, Format::Json, &server()).unwrap(),
        Some(json!({"command": "/bin/ctxlake", "args": ["mcp"]}))
    );
    assert_eq!(entry(CLAUDE, Format::Json, &server()).unwrap(), None);
}

#[test]
fn a_changed_entry_is_replaced_not_duplicated() {
    let old = install(Some(CLAUDE), Format::Json, &server()).unwrap();
    let newer =
        Edit::Member { parents: vec!["mcpServers"], name: "ctxlake", value: json!({"command": "/opt/ctxlake"}) };
    let text = install(Some(&old), Format::Json, &newer).unwrap();
    assert_eq!(text.matches("\"ctxlake\"").count(), 1, "{text}");
    assert!(text.contains("/opt/ctxlake"));
}

#[test]
fn a_missing_file_gets_just_the_entry() {
    let text = install(None, Format::Json, &hook()).unwrap();
    let parsed: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(parsed["hooks"]["SessionStart"][0]["matcher"], "");
}

#[test]
fn the_hook_joins_the_users_hooks_and_leaves_alone() {
    let settings = r#"{"hooks": {"SessionStart": [{"matcher": "", "hooks": [{"type": "command", "command": "echo hi"}]}]}, "model": "opus"}"#;
    let installed = install(Some(settings), Format::Json, &hook()).unwrap();
    let parsed: Value = serde_json::from_str(&installed).unwrap();
    assert_eq!(parsed["hooks"]["SessionStart"].as_array().unwrap().len(), 2);
    assert_eq!(install(Some(&installed), Format::Json, &hook()).unwrap(), installed, "idempotent");
    let removed = uninstall(&installed, Format::Json, &hook()).unwrap().unwrap();
    assert_eq!(serde_json::from_str::<Value>(&removed).unwrap(), serde_json::from_str::<Value>(settings).unwrap());
}

#[test]
fn comments_survive_in_jsonc_and_are_an_error_in_strict_json() {
    let vscode = "{\n  // my servers\n  \"servers\": {\n    \"py\": { \"type\": \"stdio\", \"command\": \"py\" }, // trailing\n  },\n}\n";
    let edit = Edit::Member {
        parents: vec!["servers"],
        name: "ctxlake",
        value: json!({"type": "stdio", "command": "/bin/ctxlake"}),
    };
    let installed = install(Some(vscode), Format::Jsonc, &edit).unwrap();
    assert!(installed.contains("// my servers") && installed.contains("// trailing"), "{installed}");
    assert!(installed.contains("/bin/ctxlake"));
    let error = install(Some(vscode), Format::Json, &edit).unwrap_err();
    assert!(matches!(&error, EditError::Syntax { message, .. } if message.contains("line 2")), "{error}");
}

#[test]
fn an_invalid_file_is_an_error_naming_the_position() {
    let error = install(Some("{\"mcpServers\": {\n  \"a\": 1,,\n}"), Format::Json, &server()).unwrap_err();
    assert!(error.to_string().contains("line 2"), "{error}");
    let error = install(Some("[mcp_servers\ncommand = 1"), Format::Toml, &toml_server()).unwrap_err();
    assert!(error.to_string().contains("line 1"), "{error}");
}

#[test]
fn a_container_of_another_shape_is_refused() {
    let error = install(Some(r#"{"mcpServers": []}"#), Format::Json, &server()).unwrap_err();
    assert_eq!(error, EditError::Shape { at: "mcpServers".into(), expected: "an object" });
    assert!(install(Some("[1]"), Format::Json, &server()).is_err());
}

fn toml_server() -> Edit {
    Edit::Member {
        parents: vec!["mcp_servers"],
        name: "ctxlake",
        value: json!({"command": "/bin/ctxlake", "args": ["mcp"], "env": {"CTXLAKE_FLEET_ID": "team"}}),
    }
}

const CODEX: &str = "# Codex settings\nmodel = \"o4\"   # keep\n\n[mcp_servers.docs]\ncommand = \"docs-mcp\"\n\n[profiles.fast]\nmodel = \"mini\"\n";

#[test]
fn toml_gets_its_own_table_and_keeps_the_rest_byte_for_byte() {
    let installed = install(Some(CODEX), Format::Toml, &toml_server()).unwrap();
    assert!(
        installed.contains("model = \"o4\"   # keep") && installed.contains("[profiles.fast]\nmodel = \"mini\""),
        "{installed}"
    );
    assert!(
        installed.contains("[mcp_servers.ctxlake]") && installed.contains("[mcp_servers.ctxlake.env]"),
        "{installed}"
    );
    assert!(!installed.contains("[mcp_servers]\n"), "no empty parent header: {installed}");
    assert_eq!(install(Some(&installed), Format::Toml, &toml_server()).unwrap(), installed, "idempotent");
    assert_eq!(uninstall(&installed, Format::Toml, &toml_server()).unwrap().unwrap(), CODEX);
}

#[test]
fn toml_into_an_empty_file_and_an_entry_written_inline_is_recognised() {
    let created = install(None, Format::Toml, &toml_server()).unwrap();
    assert!(created.contains("[mcp_servers.ctxlake]"), "{created}");
    let inline = "mcp_servers.ctxlake = { command = \"/bin/ctxlake\", args = [\"mcp\"], env = { CTXLAKE_FLEET_ID = \"team\" } }\n";
    assert_eq!(install(Some(inline), Format::Toml, &toml_server()).unwrap(), inline);
}

#[test]
fn uninstall_of_a_file_without_the_entry_is_nothing() {
    assert_eq!(uninstall(CLAUDE, Format::Json, &server()).unwrap(), None);
    assert_eq!(uninstall(CODEX, Format::Toml, &toml_server()).unwrap(), None);
    assert_eq!(uninstall("", Format::Json, &server()).unwrap(), None);
}

fn goose(agent: &str) -> Edit {
    Edit::Member {
        parents: vec!["extensions"],
        name: "ctxlake",
        value: json!({"enabled": true, "type": "stdio", "name": "ctxlake", "cmd": "/opt/my tools/ctxlake",
            "args": ["mcp"], "envs": {"CTXLAKE_FLEET_ID": "team", "CTXLAKE_AGENT_ID": agent}, "timeout": 300}),
    }
}

const GOOSE: &str = "# Goose\nGOOSE_PROVIDER: openai   # the provider\nextensions:\n  developer:\n    bundled: true\n    enabled: true\n    name: developer\n    timeout: 300\n    type: builtin\n# models below\nGOOSE_MODEL: gpt-4o\n";

#[test]
fn yaml_gets_ctxlakes_entry_beside_the_others_and_uninstall_takes_out_only_it() {
    let installed = install(Some(GOOSE), Format::Yaml, &goose("g-01")).unwrap();
    for kept in [
        "# Goose\n",
        "GOOSE_PROVIDER: openai   # the provider\n",
        "    type: builtin\n",
        "# models below\nGOOSE_MODEL: gpt-4o\n",
    ] {
        assert!(installed.contains(kept), "{kept:?} kept: {installed}");
    }
    assert!(installed.contains("  ctxlake:\n") && installed.contains("\n    type: \"stdio\"\n"), "{installed}");
    assert_eq!(entry(&installed, Format::Yaml, &goose("g-01")).unwrap(), Some(goose_value("g-01")));
    assert_eq!(install(Some(&installed), Format::Yaml, &goose("g-01")).unwrap(), installed, "idempotent");
    let changed = install(Some(&installed), Format::Yaml, &goose("g-02")).unwrap();
    assert_eq!(changed.matches("ctxlake:").count(), 1, "replaced in place: {changed}");
    assert_eq!(uninstall(&installed, Format::Yaml, &goose("g-01")).unwrap().unwrap(), GOOSE);
    assert_eq!(uninstall(GOOSE, Format::Yaml, &goose("g-01")).unwrap(), None);
}

fn goose_value(agent: &str) -> Value {
    let Edit::Member { value, .. } = goose(agent) else { unreachable!() };
    value
}

#[test]
fn yaml_values_that_look_like_other_types_keep_their_meaning() {
    for agent in [
        "true",
        "123",
        "null",
        "~",
        "a: b",
        "#x",
        "'quoted'",
        "- dash",
        "multi\nline",
        "yes",
        "1_000",
        "1:30",
        "say \"hi\" \\",
    ] {
        let installed = install(None, Format::Yaml, &goose(agent)).unwrap();
        assert_eq!(entry(&installed, Format::Yaml, &goose(agent)).unwrap(), Some(goose_value(agent)), "{installed}");
    }
}

#[test]
fn yaml_an_empty_file_or_an_empty_parent_gets_the_entry() {
    for text in
        [None, Some(""), Some("extensions:\nGOOSE_MODEL: x\n"), Some("extensions: {}\n"), Some("# only a comment\n")]
    {
        let installed = install(text, Format::Yaml, &goose("g")).unwrap();
        assert_eq!(
            entry(&installed, Format::Yaml, &goose("g")).unwrap(),
            Some(goose_value("g")),
            "{text:?}: {installed}"
        );
    }
}

#[test]
fn yaml_of_another_shape_or_not_yaml_is_refused_naming_where() {
    let error = install(Some("extensions:\n  - developer\n"), Format::Yaml, &goose("g")).unwrap_err();
    assert_eq!(error, EditError::Shape { at: "extensions".into(), expected: "a mapping" });
    let error = install(Some("- a list\n"), Format::Yaml, &goose("g")).unwrap_err();
    assert_eq!(error, EditError::Shape { at: "the top level".into(), expected: "a mapping" });
    let error = install(Some("GOOSE_MODEL: x\nextensions: [\n"), Format::Yaml, &goose("g")).unwrap_err();
    assert!(matches!(&error, EditError::Syntax { message, .. } if message.contains("line")), "{error}");
}

/// An alias shares the anchored mapping: adding ctxlake there would add it under the alias's key
/// too. The edit is read back, found to mean more than ctxlake's entry, and refused.
#[test]
fn a_yaml_edit_that_would_change_more_than_the_entry_is_refused() {
    let shared = "extensions: &shared\n  developer:\n    enabled: true\nbackup: *shared\n";
    assert_eq!(install(Some(shared), Format::Yaml, &goose("g")).unwrap_err(), EditError::Unfaithful { format: "YAML" });
    // A merge key: a YAML 1.1 reader sees `extensions` from the base, which ctxlake's own would hide.
    let merged = "base: &b\n  extensions:\n    developer: {enabled: true}\n<<: *b\n";
    assert_eq!(install(Some(merged), Format::Yaml, &goose("g")).unwrap_err(), EditError::Unfaithful { format: "YAML" });
}

/// Found by fuzzing: yaml-edit reads `?` complex keys otherwise than serde, and could not find the
/// entry it had just written. Install refuses what uninstall could not take out again.
#[test]
fn a_yaml_file_the_editor_reads_otherwise_is_refused_rather_than_left_unremovable() {
    let text = "mcpSerVers:\n    doprovider\nextensions:\n  developer:\n  cs:\n    ?    comCp\n    er:\n  cs:\n    ?    comCp\n     \n";
    assert_eq!(install(Some(text), Format::Yaml, &server()).unwrap_err(), EditError::Unfaithful { format: "YAML" });
}

/// JSON with comments is JSON plus comments and trailing commas; the CST parser's other
/// leniencies are off, so a file its client refuses is refused here too, not carried forward.
#[test]
fn jsonc_refuses_what_its_clients_refuse() {
    for text in [
        "{\"servers\": {\"a\": 1 \"b\": 2}}",
        "{'servers': {}}",
        "{servers: {}}",
        "{\"servers\": {}, \"n\": 0xFF}",
        "{\"servers\": {}, \"n\": .5}",
    ] {
        let edit = Edit::Member { parents: vec!["servers"], name: "ctxlake", value: json!({"command": "x"}) };
        assert!(matches!(install(Some(text), Format::Jsonc, &edit), Err(EditError::Syntax { .. })), "{text}");
    }
}
