//! Hostile cache files: arbitrary bytes as roster.json, leases.json, history.json or
//! snapshot.bin. Every read tool answers an honest result (never a protocol error, never
//! `isError`), valid against its output schema, and the process never crashes.
#![no_main]

use ctxlake::catalog::{CATALOG, parse_schema};
use ctxlake::config::Ctx;
use ctxlake::rpc::{Server, Session};
use ctxlake::tools::Toolbox;
use ctxlake::transport::stdio::answer_line;
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};
use std::sync::OnceLock;

const FILES: [(&str, &str, &str); 4] = [
    ("roster.json", "fleet_status", "{}"),
    ("leases.json", "fleet_status", "{}"),
    ("history.json", "fleet_history", r#"{"limit": 5}"#),
    ("snapshot.bin", "memory_search", r#"{"query": "ssh port"}"#),
];

fn fixture() -> &'static (tempfile::TempDir, Ctx) {
    static FIXTURE: OnceLock<(tempfile::TempDir, Ctx)> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().to_path_buf();
        let ctx = Ctx::under(&path, "hostile").expect("a valid fleet id");
        std::fs::create_dir_all(path.join("cache/hostile")).expect("cache dir");
        (dir, ctx)
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, bytes)) = data.split_first() else { return };
    let (file, tool, arguments) = FILES[usize::from(selector) % FILES.len()];
    let (dir, ctx) = fixture();
    let cache = dir.path().join("cache/hostile");
    for (name, _, _) in FILES {
        let _ = std::fs::remove_file(cache.join(name));
    }
    std::fs::write(cache.join(file), bytes).expect("write the hostile file");

    // A fresh server each time, so no snapshot opened for an earlier input is reused.
    let server = Server::new(Toolbox::new(ctx.clone()));
    let call = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                      "params": {"name": tool, "arguments": serde_json::from_str::<Value>(arguments).expect("json")}});
    let answer: Value = serde_json::from_str(
        &answer_line(&server, &mut Session::new(), call.to_string().as_bytes()).expect("answered").encode(),
    )
    .expect("JSON");
    let result = answer.get("result").unwrap_or_else(|| panic!("a protocol error: {answer}"));
    assert_eq!(result["isError"], false, "a read never fails on a bad cache: {result}");
    let spec = CATALOG.iter().find(|t| t.name == tool).expect("catalog entry");
    let schema = parse_schema(spec.output_schema);
    assert!(jsonschema::is_valid(&schema, &result["structuredContent"]), "output fails its schema: {result}");
});
