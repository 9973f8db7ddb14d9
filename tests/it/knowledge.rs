//! `ctxlake kb` end to end: a folder of JSONL and Markdown records, a refused file beside a good
//! one, and `kb export` re-imported into another base giving the same records.

use std::path::Path;
use std::process::{Command, Output};

fn kb(home: &Path, base: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ctxlake"))
        .arg("kb")
        .args(args)
        .arg("--kb")
        .arg(base)
        .env("HOME", home)
        .env_remove("CTXLAKE_KB")
        .output()
        .expect("ctxlake runs")
}

fn jsonl_record(id: &str, slug: &str) -> String {
    format!(
        r#"{{"id": "{id}", "slug": "{slug}", "title": "T", "topic": "data", "summary": "S", "recommendation": "R", "rationale": "W", "applies_to": [], "confidence": "high", "updated_at": "2026-10-01T00:00:00Z", "status": "approved", "sources": [{{"title": "A", "url": "https://example.org", "publisher": "P", "evidence_excerpt": "E", "relation": "supports"}}]}}"#
    )
}

const MARKDOWN: &str = "---\nid: md-1\nslug: md-one\ntitle: Hand-written\ntopic: testing\nsummary: S\nrecommendation: R\n\
applies_to: []\nconfidence: low\nupdated_at: 2026-10-01T00:00:00Z\nstatus: approved\nsources:\n  - title: A\n    \
url: https://example.org/a\n    publisher: P\n    evidence_excerpt: E\n    relation: supports\n---\nThe body.\n";

#[test]
fn a_folder_imports_file_by_file_and_an_export_imports_back_to_the_same_records() {
    let home = tempfile::tempdir().unwrap();
    let records = home.path().join("records");
    std::fs::create_dir(&records).unwrap();
    std::fs::write(
        records.join("a.jsonl"),
        format!("{}\n{}\n", jsonl_record("j-1", "j-one"), jsonl_record("j-2", "j-two")),
    )
    .unwrap();
    std::fs::write(records.join("b.md"), MARKDOWN).unwrap();
    std::fs::write(records.join("c.jsonl"), format!("{}\n{{\"id\": 3}}\n", jsonl_record("j-3", "j-three"))).unwrap();
    std::fs::write(records.join("notes.txt"), "not a record file").unwrap();
    let base = home.path().join("kb.sqlite");

    let import = kb(home.path(), &base, &["import", records.to_str().unwrap(), "--approve"]);
    let stderr = String::from_utf8_lossy(&import.stderr);
    assert_eq!(import.status.code(), Some(1), "a refused file fails the run: {stderr}");
    assert!(stderr.contains("c.jsonl:2: /slug:"), "{stderr}");
    let list = String::from_utf8(kb(home.path(), &base, &["list", "--status", "approved"]).stdout).unwrap();
    let ids: Vec<&str> = list.lines().filter_map(|l| l.split('\t').next()).collect();
    assert_eq!(ids, ["j-1", "j-2", "md-1"], "the good files are in, nothing of c.jsonl is");

    let export = kb(home.path(), &base, &["export"]);
    assert!(export.status.success());
    let exported = home.path().join("export.jsonl");
    std::fs::write(&exported, &export.stdout).unwrap();
    let other = home.path().join("other.sqlite");
    assert!(kb(home.path(), &other, &["import", exported.to_str().unwrap(), "--approve"]).status.success());
    let again = String::from_utf8(kb(home.path(), &other, &["export"]).stdout).unwrap();
    let strip = |text: &str| -> Vec<serde_json::Value> {
        text.lines()
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                v.as_object_mut().unwrap().remove("approved_at");
                v
            })
            .collect()
    };
    assert_eq!(strip(&again), strip(&String::from_utf8(export.stdout).unwrap()));
    let show = kb(home.path(), &other, &["show", "md-one"]);
    assert!(String::from_utf8_lossy(&show.stdout).contains("The body."));
}
