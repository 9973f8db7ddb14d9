//! `ctxlake conform` against a deliberately non-conformant server (tests/toy): each of the toy's
//! defects must be reported by the check meant to catch it, checks it does pass must pass, and
//! the baseline, exit status and report formats must behave as documented.

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

fn toy() -> PathBuf {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_ctxlake"));
    let toy = bin.parent().expect("target dir").join("examples").join("toy_mcp");
    assert!(toy.exists(), "{} is missing: `cargo test` builds it (or `cargo build --example toy_mcp`)", toy.display());
    toy
}

fn conform(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ctxlake")).arg("conform").args(args).output().expect("run ctxlake conform")
}

fn statuses(out: &Output) -> Value {
    let report: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("--format json prints a report ({e}): {}", String::from_utf8_lossy(&out.stdout)));
    let schema: Value = serde_json::from_str(include_str!("../../schemas/conform/report.json")).unwrap();
    let errors: Vec<String> =
        jsonschema::validator_for(&schema).unwrap().iter_errors(&report).map(|e| e.to_string()).take(3).collect();
    assert!(errors.is_empty(), "the report follows schemas/conform/report.json: {errors:?}");
    let mut by_id = serde_json::Map::new();
    for check in report["checks"].as_array().expect("checks") {
        by_id.insert(check["id"].as_str().expect("id").to_string(), check["status"].clone());
    }
    Value::Object(by_id)
}

/// Asserts each check's status in a report's `statuses` map.
fn assert_statuses(status: &Value, expected: &[(&str, &str)]) {
    for (check, want) in expected {
        assert_eq!(status[*check], *want, "{check}: {}", status[*check]);
    }
}

#[test]
fn each_toy_defect_is_reported_by_the_check_meant_to_catch_it() {
    let toy = toy();
    let out = conform(&["--stdio", toy.to_str().expect("utf-8 path"), "--format", "json", "--settle-ms", "20"]);
    assert_eq!(out.status.code(), Some(1), "MUST failures make the exit status 1");
    let status = statuses(&out);
    assert_statuses(
        &status,
        &[
            // a log line on stdout
            ("stdio.stdout-frames-only", "fail"),
            // silent on malformed JSON
            ("rpc.parse-error/4", "fail"),
            // answers notifications
            ("rpc.no-answer/initialized", "fail"),
            ("rpc.no-answer/unknown", "fail"),
            // silent on an invalid request whose id is readable: no -32600 at all
            ("rpc.invalid-request/no-method", "fail"),
            ("rpc.invalid-request-id/no-method", "fail"),
            // echoes integer ids as strings, but string ids intact
            ("rpc.id-echo/integer", "fail"),
            ("rpc.id-echo/string", "pass"),
            // InitializeResult without serverInfo
            ("wire.initialize", "fail"),
            // -32602 for a missing argument instead of an isError result
            ("tools.input-validation-is-tool-error/missing", "fail"),
            // pages tools/list naming its tool twice, and takes a cursor it never issued
            ("pagination.tools-to-the-end/1", "fail"),
            ("pagination.invalid-cursor/1", "fail"),
            // a resource template without its uriTemplate
            ("resources.templates-listed/1", "fail"),
            // resources.subscribe declared, resources/subscribe not served
            ("resources.subscribe-listed/1", "fail"),
            ("resources.subscribe-listed/2", "fail"),
            // and resources/list the same way
            ("pagination.resources-to-the-end/1", "fail"),
            ("pagination.resources-invalid-cursor/1", "fail"),
            // empty contents for every uri, listed or unknown
            ("resources.read-listed/1", "fail"),
            ("resources.unknown-uri-error/1", "fail"),
            // a "system" message, and -32603 for an unknown prompt
            ("prompts.get-listed/1", "fail"),
            ("prompts.unknown-32602/1", "fail"),
            // 101 completion values; a logging/setLevel result that is not empty, for any level
            ("completion.prompt-argument/1", "fail"),
            ("logging.set-level", "fail"),
            ("logging.invalid-level", "fail"),
            // an error for a request it had answered, when that request is cancelled
            ("cancel.no-answer-once-cancelled/1", "fail"),
            ("cancel.no-answer-once-cancelled/2", "fail"),
            // annotations on its tool and a completions capability in 2024-11-05 too; right from
            // 2025-03-26 on
            ("compat.no-newer-fields/1", "fail"),
            ("compat.no-newer-fields/2", "pass"),
            // what the toy does right
            ("tools.input-schema/3", "pass"),
            ("lifecycle.initialize-agrees/4", "pass"),
            ("wire.tools/list", "pass"),
            // it sends nothing unasked: the checks of features/messages.feature pass or do not apply
            ("meta.key-names/1", "pass"),
            ("tasks.declared-before-use", "not_applicable"),
            ("progress.names-a-request-in-flight-and-increases/1", "pass"),
            // no 2026-07-28: its checks do not apply
            ("modern.discover", "not_applicable"),
            ("subscriptions.acknowledged-first", "not_applicable"),
            ("rpc.parse-error/5", "not_applicable"),
        ],
    );
    assert!(
        status.get("fleet.tools-list-serves-the-fleet-tools-and-never-a-memory-write").is_none(),
        "@ctxlake checks are not run against other servers"
    );
}

#[test]
fn the_modern_toys_unasked_messages_are_reported_by_the_checks_meant_to_catch_them() {
    let command = format!("{} --modern", toy().display());
    let out = conform(&["--stdio", &command, "--format", "json", "--settle-ms", "20"]);
    let status = statuses(&out);
    assert_statuses(
        &status,
        &[
            // a `_meta` key named `toy.example/trace_` on its 2026-07-28 results only
            ("meta.key-names/1", "pass"),
            ("meta.key-names/2", "fail"),
            // an extension named `tasks`
            ("meta.extension-keys", "fail"),
            // echo logs unasked, and cancels its own call
            ("logging.no-message-without-level", "fail"),
            ("cancel.server-cancels-only-listen", "fail"),
            // a task result without the capability
            ("tasks.declared-before-use", "fail"),
            // a change before the acknowledgment, an acknowledgment of more than was asked, a
            // change without the subscription's id
            ("subscriptions.acknowledged-first", "fail"),
            ("subscriptions.only-requested", "fail"),
            ("subscriptions.id-on-every-notification", "fail"),
            // subscribed to its resource, it announces another
            ("subscriptions.resource-updates-only-requested", "fail"),
            // progress that goes back
            ("progress.names-a-request-in-flight-and-increases/1", "fail"),
            ("progress.names-a-request-in-flight-and-increases/2", "fail"),
            // lists without ttlMs and cacheScope
            ("modern.resource-list-result/1", "fail"),
            ("modern.resource-list-result/2", "fail"),
            ("modern.prompt-list-result", "fail"),
            // and a resources/read result without them
            ("modern.read-result", "fail"),
            // it serves logging/setLevel in a modern envelope (a MUST), and initialize there (an
            // interpretation: reported, never a MUST failure)
            ("modern.removed-methods/2", "fail"),
            ("modern.removed-methods/1", "fail"),
            // the Skills extension: each seeded defect fails its check, and only that check
            ("skills.requires-resources", "pass"),
            ("skills.list-paged", "fail"),
            ("skills.files-match-digests", "fail"),
            ("skills.frontmatter-and-name", "fail"),
            ("skills.get-listed", "fail"),
            ("skills.unknown-32602", "fail"),
            ("skills.within-limits", "fail"),
            ("skills.skill-md-listed", "fail"),
        ],
    );
    let report: Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    let message = |id: &str| {
        let check = report["checks"].as_array().and_then(|c| c.iter().find(|c| c["id"] == id));
        check.map(|c| c.to_string()).unwrap_or_default()
    };
    // Each skills check fails for its own defect, not for another's.
    for (id, cause) in [
        ("skills.list-paged", "lacks resultType"),
        ("skills.files-match-digests", "skill://toy/alpha/notes.md: read 7 bytes"),
        ("skills.frontmatter-and-name", "skill://toy/beta/SKILL.md"),
        ("skills.get-listed", "skill://toy/alpha/SKILL.md"),
        ("skills.within-limits", "skill://toy/big/SKILL.md"),
        ("skills.skill-md-listed", "is not in resources/list"),
    ] {
        assert!(message(id).contains(cause), "{id}: {}", message(id));
    }
    assert!(!message("skills.files-match-digests").contains("/big/"), "big's files read back right");
    assert!(!message("skills.frontmatter-and-name").contains("/alpha/"), "alpha's frontmatter is right");
    let level = |id: &str| {
        report["checks"].as_array().and_then(|c| c.iter().find(|c| c["id"] == id)).map(|c| c["level"].clone())
    };
    assert_eq!(level("modern.removed-methods/1"), Some(Value::from("interpretation")));
    assert_eq!(level("modern.removed-methods/2"), Some(Value::from("must")));
}

#[test]
fn a_server_declaring_skills_without_the_resources_capability_fails_that_check() {
    let command = format!("{} --modern --no-resources", toy().display());
    let out = conform(&["--stdio", &command, "--format", "json", "--settle-ms", "20", "--name", "extension|skill"]);
    assert_statuses(&statuses(&out), &[("skills.requires-resources", "fail"), ("skills.get-listed", "fail")]);
}

#[test]
fn over_stdio_checks_of_one_revision_share_a_process_and_fresh_ones_get_their_own() {
    let dir = tempfile::tempdir().unwrap();
    let starts = dir.path().join("starts");
    // Each start of the server appends a line, then becomes the toy.
    let command = format!("echo start >> {}; exec {}", starts.display(), toy().display());
    let out = conform(&["--stdio", &command, "--format", "json", "--settle-ms", "20"]);
    let report: Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    let ran = report["checks"].as_array().unwrap().iter().filter(|c| c["status"] != "not_applicable").count();
    let started = std::fs::read_to_string(&starts).unwrap().lines().count();
    // Five probes (four revisions admitted, each starting its lane), the `@fresh` checks and
    // those that start the server themselves; a process per check would be more than `ran`.
    assert!(ran > 60, "{ran} checks ran");
    assert!(started * 3 < ran, "{started} processes for {ran} checks: the lanes are not shared");
    // The lanes changed no verdict the toy's defects decide (the other tests hold those).
    let status = statuses(&out);
    assert_statuses(&status, &[("rpc.id-echo/integer", "fail"), ("rpc.id-echo/string", "pass")]);
}

#[test]
fn with_not_testable_fails_a_missing_prerequisite_fails_and_another_revision_still_does_not_apply() {
    let toy = toy();
    let tags = "@id:tasks.declared-before-use or @id:modern.discover";
    let run = |extra: &[&str]| {
        let mut args = vec!["--stdio", toy.to_str().expect("utf-8 path"), "--format", "json", "--tags", tags];
        args.extend_from_slice(extra);
        let out = conform(&args);
        let report: Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
        report["checks"].as_array().expect("checks").clone()
    };
    let find = |checks: &[Value], id: &str| checks.iter().find(|c| c["id"] == id).cloned().expect(id);
    let usual = run(&[]);
    assert_eq!(find(&usual, "tasks.declared-before-use")["status"], "not_applicable");
    let official = run(&["--not-testable-fails"]);
    let task = find(&official, "tasks.declared-before-use");
    assert_eq!(task["status"], "fail");
    assert!(task["message"].as_str().unwrap_or_default().starts_with("not testable: "), "{task}");
    // The toy admits no 2026-07-28: that is another run's check, not a missing prerequisite.
    assert_eq!(find(&official, "modern.discover")["status"], "not_applicable");
}

#[test]
fn over_http_the_toy_is_held_to_the_transport_rules() {
    let toy = toy();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut server = Command::new(&toy).args(["--http", &port.to_string()]).spawn().expect("start the toy over HTTP");
    let url = format!("http://127.0.0.1:{port}/mcp");
    let mut out = conform(&["--url", &url, "--format", "json", "--timeout", "1"]);
    for _ in 0..50 {
        if out.status.code() != Some(2) {
            break; // the toy is listening
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        out = conform(&["--url", &url, "--format", "json", "--timeout", "1"]);
    }
    let _ = server.kill();
    let _ = server.wait();
    let status = statuses(&out);
    assert_statuses(
        &status,
        &[
            // it answers notifications over HTTP too (200 with a body, not 202)
            ("http.notification-202/2", "fail"),
            ("http.origin-403/1", "fail"),
            ("http.protocol-version-header", "fail"),
            // a session id with spaces, which it then accepts whatever is sent
            ("http.session-id-visible-ascii", "fail"),
            ("http.unknown-session-404", "fail"),
            ("rpc.id-echo/integer", "fail"),
            ("rpc.id-echo/string", "pass"),
            ("wire.initialize", "fail"),
            ("wire.tools/list", "pass"),
            ("cancel.no-answer-once-cancelled/2", "fail"),
            // a notification it cannot accept refused with 400 and an id-less error: allowed over
            // HTTP; the notifications it answers with 200 and a body are still answers
            ("rpc.no-answer/array-params", "pass"),
            ("rpc.no-answer/unknown", "fail"),
            // an invalid request refused with -32600 and a null id: the MUST passes, the SHOULD
            // (echo the readable id) does not
            ("rpc.invalid-request/no-method", "pass"),
            ("rpc.invalid-request-id/no-method", "fail"),
        ],
    );
    assert!(status.get("stdio.stdout-frames-only").is_none(), "stdio-only checks do not run over HTTP");
}

#[test]
fn a_baseline_turns_expected_failures_into_a_pass_and_fails_when_stale() {
    let toy = toy();
    let dir = tempfile::tempdir().unwrap();
    let baseline = dir.path().join("baseline.json");
    let write = |ids: &[&str]| {
        let entries: Vec<Value> = ids.iter().map(|id| serde_json::json!({"id": id, "reason": "toy defect"})).collect();
        std::fs::write(&baseline, serde_json::json!({"expected_failures": entries}).to_string()).unwrap();
    };
    // The toy's id-echo checks only, plus `extra` arguments.
    let id_echo = |extra: &[&str]| {
        let mut args = vec!["--stdio", toy.to_str().unwrap(), "--filter", "rpc.id-echo", "--settle-ms", "20"];
        args.extend_from_slice(extra);
        conform(&args)
    };
    let run = || id_echo(&["--baseline", baseline.to_str().unwrap()]);
    let written = dir.path().join("written.json");
    let first = id_echo(&["--write-baseline", written.to_str().unwrap()]);
    assert_eq!(first.status.code(), Some(1));
    let again = id_echo(&["--baseline", written.to_str().unwrap()]);
    assert_eq!(
        again.status.code(),
        Some(0),
        "a written baseline expects exactly the failures seen: {}",
        String::from_utf8_lossy(&again.stdout)
    );
    write(&["rpc.id-echo/integer", "rpc.id-echo/large-integer"]);
    let out = run();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    write(&["rpc.id-echo"]);
    assert_eq!(run().status.code(), Some(0), "a scenario id covers its rows");
    write(&["rpc.id-echo/integer", "rpc.id-echo/string"]);
    let out = run();
    assert_eq!(out.status.code(), Some(1), "rpc.id-echo/string passes, so its entry is stale");
    assert!(String::from_utf8_lossy(&out.stdout).contains("baseline entry `rpc.id-echo/string` did not fail"));
}

#[test]
fn ctxlake_passes_every_generic_check_and_writes_junit() {
    let dir = tempfile::tempdir().unwrap();
    let junit = dir.path().join("report.xml");
    let bin = env!("CARGO_BIN_EXE_ctxlake");
    let out = conform(&["--stdio", &format!("{bin} mcp"), "--settle-ms", "0", "--junit", junit.to_str().unwrap()]);
    let table = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{table}");
    assert!(table.contains("conformant:") && table.contains(" 0 failed"), "{table}");
    let xml = std::fs::read_to_string(junit).unwrap();
    assert!(
        xml.starts_with("<?xml") && xml.contains("<testcase classname=\"MUST\" name=\"rpc.parse-error/1\""),
        "{xml}"
    );
    assert!(!xml.contains("<failure"), "{xml}");
}

#[test]
fn a_target_that_is_not_an_mcp_server_is_a_clear_error_and_leaves_nothing_running() {
    let out = conform(&["--stdio", "echo not-mcp; sleep 31.7", "--timeout", "1", "--grace-ms", "100"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("admits none of the revisions"), "{stderr}");
    let leftover = Command::new("pgrep").args(["-f", "sleep 31.7"]).output();
    if let Ok(leftover) = leftover {
        assert!(
            leftover.stdout.is_empty(),
            "a probe left a process running: {}",
            String::from_utf8_lossy(&leftover.stdout)
        );
    }
}

#[test]
fn docs_conformance_checks_md_lists_the_current_suite() {
    let out = conform(&["--list"]);
    assert_eq!(out.status.code(), Some(0));
    let listed = String::from_utf8(out.stdout).unwrap();
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/conformance/checks.md")).unwrap();
    assert!(
        doc.ends_with(&listed),
        "docs/conformance/checks.md is stale: regenerate its table with `ctxlake conform --list`"
    );
}

#[test]
fn ctxlakes_own_catalog_passes_every_client_rule_in_every_revision() {
    let out = conform(&["--self", "--clients", "--format", "json"]);
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    // Every rule but one: OpenAI's strict mode wants `additionalProperties: false` on every
    // object and no optional property, Gemini's function declarations refuse the keyword, so
    // no catalog passes both. ctxlake serves Gemini's form (a session-breaking rule) and fails
    // the strict-mode one, which only degrades (docs/conformance/clients.md).
    let failed: Vec<&Value> = report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["status"] != "pass" && c["id"] != "clients.openai.strict-compatible")
        .collect();
    assert!(failed.is_empty(), "{failed:#?}");
    assert_eq!(report["revisions"].as_array().unwrap().len(), 5, "every revision ctxlake admits");
    assert!(out.status.success());
}

#[test]
fn a_tools_file_that_breaks_a_session_rule_exits_1_and_names_the_tool() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tools.json");
    let tools = serde_json::json!({"tools": [
        {"name": "fine", "description": "ok", "inputSchema": {"type": "object"}},
        {"name": "broken", "description": "ok", "inputSchema": {"type": "string"}, "outputSchema": {"type": "array"}}
    ]});
    std::fs::write(&file, tools.to_string()).unwrap();
    let out = conform(&["--clients", "--tools-file", file.to_str().unwrap(), "--format", "json"]);
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let failures: Vec<&Value> = report["checks"].as_array().unwrap().iter().filter(|c| c["status"] == "fail").collect();
    assert!(
        !failures.is_empty() && failures.iter().all(|c| c["message"].as_str().unwrap().contains("broken")),
        "{failures:#?}"
    );
    assert_eq!(report["transport"], "file");
    let must_failed = failures.iter().any(|c| c["level"] == "must");
    assert_eq!(
        out.status.code(),
        Some(if must_failed { 1 } else { 0 }),
        "exit 1 exactly when a session-breaking rule fails"
    );
}

#[test]
fn the_rules_table_in_the_docs_is_the_one_the_rules_file_generates() {
    let out = conform(&["--list", "--clients"]);
    let table = String::from_utf8(out.stdout).unwrap();
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/conformance/clients.md")).unwrap();
    assert!(
        doc.ends_with(&table),
        "regenerate the table: ctxlake conform --list --clients >> docs/conformance/clients.md"
    );
}

#[test]
fn the_cucumber_json_report_has_a_scenario_per_check_and_fails_the_step_that_failed() {
    let toy = toy();
    let toy = toy.to_str().unwrap();
    let json = conform(&["--stdio", toy, "--format", "json"]);
    let report: Value = serde_json::from_slice(&json.stdout).unwrap();
    let cucumber = conform(&["--stdio", toy, "--format", "cucumber-json"]);
    let features: Value = serde_json::from_slice(&cucumber.stdout).unwrap();
    let scenarios: Vec<&Value> =
        features.as_array().unwrap().iter().flat_map(|f| f["elements"].as_array().unwrap()).collect();
    assert_eq!(scenarios.len(), report["checks"].as_array().unwrap().len());
    for check in report["checks"].as_array().unwrap() {
        let scenario = scenarios.iter().find(|s| s["id"] == check["id"]).unwrap();
        let statuses: Vec<&str> =
            scenario["steps"].as_array().unwrap().iter().map(|s| s["result"]["status"].as_str().unwrap()).collect();
        match check["status"].as_str().unwrap() {
            "pass" => assert!(statuses.iter().all(|s| *s == "passed"), "{}", check["id"]),
            "fail" => {
                assert_eq!(statuses.iter().filter(|s| **s == "failed").count(), 1, "{}: {statuses:?}", check["id"])
            }
            _ => assert!(statuses.iter().all(|s| *s == "skipped"), "{}", check["id"]),
        }
    }
    assert_eq!(cucumber.status.code(), json.status.code(), "the exit status does not depend on the format");
}

#[test]
fn tags_and_name_select_checks_as_cucumber_does() {
    let toy = toy();
    let ids = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["--stdio", toy.to_str().unwrap(), "--format", "json"];
        all.extend_from_slice(args);
        let report: Value = serde_json::from_slice(&conform(&all).stdout).unwrap();
        report["checks"].as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap().to_string()).collect()
    };
    let should = ids(&["--tags", "@should and not @strict"]);
    assert!(!should.is_empty() && should.len() < ids(&[]).len());
    let parse = ids(&["--name", "parse error"]);
    assert!(!parse.is_empty() && parse.iter().all(|id| id.starts_with("rpc.parse")), "{parse:?}");
    let bad = conform(&["--stdio", toy.to_str().unwrap(), "--tags", "@must and"]);
    assert_eq!(bad.status.code(), Some(78), "a broken tag expression is a configuration error");
}

#[test]
fn the_agreement_doc_is_the_one_its_digests_render() {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new("python3")
        .args([&format!("{root}/scripts/agreement.py"), "render", &format!("{root}/docs/conformance/agreement")])
        .output()
        .expect("python3 runs scripts/agreement.py");
    assert!(out.status.success(), "agreement.py: {}", String::from_utf8_lossy(&out.stderr));
    let doc = std::fs::read_to_string(format!("{root}/docs/conformance/agreement.md")).unwrap();
    assert!(
        doc == String::from_utf8_lossy(&out.stdout),
        "docs/conformance/agreement.md is stale: python3 scripts/agreement.py render docs/conformance/agreement > docs/conformance/agreement.md"
    );
}
