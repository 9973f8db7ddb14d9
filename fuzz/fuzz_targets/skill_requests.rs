//! Arbitrary `skill://` URIs through the real server on 2026-07-28 (docs/skills.md), over the
//! starter knowledge base's skills: it never panics and never answers anything but a result or
//! -32602. `skills/get` answers the skill whose SKILL.md is exactly the uri; `resources/read` of a
//! skill file answers exactly the uri, with bytes whose sha256 and length are those its skill's
//! entry gives; `resources/directory/read` lists only direct children of the uri, each a folder
//! (`inode/directory`) or a Markdown file. A uri the parser accepts is `skill://` and its
//! segments joined by `/`, none empty, `.` or `..`.
#![no_main]

use ctxlake::catalog::skills::{digest, segments};
use ctxlake::config::Ctx;
use ctxlake::rpc::{Server, Session};
use ctxlake::tools::Toolbox;
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};
use std::sync::OnceLock;

fn server() -> &'static Server {
    static SERVER: OnceLock<(tempfile::TempDir, Server)> = OnceLock::new();
    let (_, server) = SERVER.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let ctx = Ctx::under(dir.path(), "default").expect("a valid fleet id");
        (dir, Server::new(Toolbox::new(ctx)))
    });
    server
}

fn ask(method: &str, mut params: Value) -> Value {
    params["_meta"] = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "fuzz", "version": "1"},
        "io.modelcontextprotocol/clientCapabilities": {}
    });
    let request = json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params});
    let frame = server().handle(&mut Session::new(), request).expect("a request is answered");
    serde_json::from_str(&frame.encode()).expect("frames are JSON")
}

/// The result, or `None` for -32602; any other error fails the run.
fn result(method: &str, uri: &str, answer: &Value) -> Option<Value> {
    match answer.pointer("/error/code").and_then(Value::as_i64) {
        None => Some(answer["result"].clone()),
        Some(-32602) => None,
        Some(code) => panic!("{method} {uri:?} answered {code}: {answer}"),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let text = String::from_utf8_lossy(rest);
    // Most inputs start inside a served skill, so the matching paths are reached.
    let uri = match selector % 4 {
        0 => text.to_string(),
        1 => format!("skill://{text}"),
        2 => format!("skill://guidance/{text}"),
        _ => format!("skill://guidance/security-guidance/{text}"),
    };
    if let Ok(parts) = segments(&uri) {
        assert_eq!(format!("skill://{}", parts.join("/")), uri);
        assert!(parts.iter().all(|p| !p.is_empty() && *p != "." && *p != ".."), "{uri}");
    }
    // Other URIs are resource_requests' table.
    if !uri.starts_with("skill://") {
        return;
    }

    let got = ask("skills/get", json!({"uri": uri}));
    if let Some(found) = result("skills/get", &uri, &got) {
        assert_eq!(found["skill"]["uri"], json!(uri), "{got}");
        assert!(segments(&uri).is_ok(), "a served skill's uri parses: {uri}");
    }

    let read = ask("resources/read", json!({"uri": uri}));
    match result("resources/read", &uri, &read) {
        Some(found) => {
            assert_eq!(found["contents"][0]["uri"], json!(uri), "{read}");
            let text = found["contents"][0]["text"].as_str().expect("text");
            let skill_md = format!("{}/SKILL.md", uri.splitn(5, '/').take(4).collect::<Vec<_>>().join("/"));
            let entry = ask("skills/get", json!({"uri": skill_md}));
            let files = entry.pointer("/result/skill/resources").and_then(Value::as_array).expect("its skill's entry");
            let file = files.iter().find(|f| f["uri"] == json!(uri)).expect("the file is in its skill's entry");
            assert_eq!(file["digest"], json!(digest(text)), "{uri}");
            assert_eq!(file["size"], json!(text.len()), "{uri}");
        }
        None => assert!(read.pointer("/error/data/uri") == Some(&json!(uri)), "-32602 names the uri: {read}"),
    }

    let listed = ask("resources/directory/read", json!({"uri": uri}));
    if let Some(found) = result("resources/directory/read", &uri, &listed) {
        let children = found["resources"].as_array().expect("resources");
        assert!(!children.is_empty(), "{listed}");
        for child in children {
            let name = child["uri"].as_str().and_then(|c| c.strip_prefix(&format!("{uri}/"))).expect("a child");
            assert!(!name.is_empty() && !name.contains('/'), "a direct child: {child}");
            assert!(
                ["inode/directory", "text/markdown"].contains(&child["mimeType"].as_str().unwrap_or("")),
                "{child}"
            );
        }
    }
});
