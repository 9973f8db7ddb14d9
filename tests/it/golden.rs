//! Goldens of what is generated: the Rust that build.rs writes from `schemas/` (it names files
//! relative to `CARGO_MANIFEST_DIR`, so no machine's folders) and the `tools/list` answer of every revision, committed
//! under `tests/golden/`. A schema change shows up in review as a diff of code and wire.
//! On drift the test fails and says how to accept it: `UPDATE_GOLDENS=1 cargo test golden`.

use ctxlake::config::Ctx;
use ctxlake::rpc::{Revision, Server, Session};
use ctxlake::tools::Toolbox;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

const UPDATE: &str = "UPDATE_GOLDENS";

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// `Err` with the first differing line when `actual` is not `expected`.
fn compare(name: &str, expected: &str, actual: &str) -> Result<(), String> {
    if expected == actual {
        return Ok(());
    }
    let (mut expected_lines, mut actual_lines) = (expected.lines(), actual.lines());
    let mut line = 1;
    loop {
        match (expected_lines.next(), actual_lines.next()) {
            (Some(e), Some(a)) if e == a => line += 1,
            (e, a) => {
                let show = |l: Option<&str>| l.map_or("(end of file)".to_string(), |l| format!("{l:?}"));
                return Err(format!(
                    "{name} drifted at line {line}:\n  golden:    {}\n  generated: {}",
                    show(e),
                    show(a)
                ));
            }
        }
    }
}

/// Compares every `(file name, text)` with `tests/golden/<dir>/`, or rewrites them when
/// `UPDATE_GOLDENS` is set. A golden without a generated counterpart is drift too.
fn check_dir(dir: &str, generated: Vec<(String, String)>) {
    let dir = golden_dir().join(dir);
    if std::env::var_os(UPDATE).is_some() {
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (name, text) in &generated {
            std::fs::write(dir.join(name), text).unwrap();
        }
        return;
    }
    let mut drift = vec![];
    let mut committed: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| entries.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    committed.sort();
    let mut names: Vec<String> = generated.iter().map(|(name, _)| name.clone()).collect();
    names.sort();
    if committed != names {
        drift.push(format!("{}: golden files {committed:?}, generated {names:?}", dir.display()));
    }
    for (name, text) in &generated {
        let golden = std::fs::read_to_string(dir.join(name)).unwrap_or_default();
        if let Err(why) = compare(name, &golden, text) {
            drift.push(why);
        }
    }
    assert!(drift.is_empty(), "{}\n\nIf the change is intended: {UPDATE}=1 cargo test golden", drift.join("\n\n"));
}

#[test]
fn generated_rust_matches_its_golden() {
    let out = Path::new(env!("OUT_DIR"));
    let mut generated = vec![];
    for entry in std::fs::read_dir(out).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(!text.contains(env!("CARGO_MANIFEST_DIR")), "{} names an absolute path", path.display());
            generated.push((path.file_name().unwrap().to_string_lossy().into_owned(), text));
        }
    }
    assert!(generated.iter().any(|(name, _)| name == "tools.rs"), "build.rs wrote no tools.rs into {}", out.display());
    check_dir("generated", generated);
}

#[test]
fn tools_list_of_every_revision_matches_its_golden() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::new(Toolbox::new(Ctx::under(dir.path(), "golden").unwrap()));
    let generated = Revision::ALL
        .iter()
        .map(|revision| {
            let answer = tools_list(&server, *revision);
            (format!("{revision}.json"), serde_json::to_string_pretty(&answer["result"]).unwrap() + "\n")
        })
        .collect();
    check_dir("tools_list", generated);
}

#[test]
fn resource_templates_and_prompts_of_every_revision_match_their_golden() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::new(Toolbox::new(Ctx::under(dir.path(), "golden").unwrap()));
    let generated = Revision::ALL
        .iter()
        .map(|revision| {
            let lists: serde_json::Map<String, Value> = ["resources/templates/list", "prompts/list"]
                .into_iter()
                .map(|method| (method.to_string(), list(&server, *revision, method)["result"].clone()))
                .collect();
            (format!("{revision}.json"), serde_json::to_string_pretty(&lists).unwrap() + "\n")
        })
        .collect();
    check_dir("surface_lists", generated);
}

/// `tools/list` as a client of `revision` receives it: after `initialize`, or with the modern envelope.
pub(crate) fn tools_list(server: &Server, revision: Revision) -> Value {
    list(server, revision, "tools/list")
}

/// The answer to the list request `method` as a client of `revision` receives it.
fn list(server: &Server, revision: Revision, method: &str) -> Value {
    let mut session = Session::new();
    let mut params = json!({});
    if revision.is_modern() {
        params = json!({"_meta": {"io.modelcontextprotocol/protocolVersion": revision.as_str(),
                                  "io.modelcontextprotocol/clientCapabilities": {}}});
    } else {
        let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": revision.as_str(), "capabilities": {}, "clientInfo": {"name": "golden", "version": "1"}}});
        server.handle(&mut session, init).expect("initialize is answered");
    }
    let list = json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params});
    serde_json::from_str(&server.handle(&mut session, list).expect("a list is answered").encode()).unwrap()
}

#[test]
fn a_changed_golden_is_reported_as_drift_with_its_line() {
    assert_eq!(compare("x", "a\nb\n", "a\nb\n"), Ok(()));
    let why = compare("tools.rs", "a\nb\nc\n", "a\nB\nc\n").unwrap_err();
    assert!(why.contains("line 2") && why.contains("\"b\"") && why.contains("\"B\""), "{why}");
    let why = compare("tools.rs", "a\n", "a\nextra\n").unwrap_err();
    assert!(why.contains("(end of file)"), "{why}");
}
