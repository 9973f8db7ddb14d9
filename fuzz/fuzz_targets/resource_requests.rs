//! Arbitrary resource URIs, prompt arguments and completion requests through the real server
//! (docs/resources.md): it never panics and never answers -32603; `resources/read` answers
//! either contents naming exactly the uri read, with text and a MIME type, or -32602 naming it
//! in `data.uri`; a uri that matches a template expands back from its variables to a uri with
//! the same variables; `prompts/get` is messages or -32602; completion is at most 100 strings
//! or -32602. `resources/subscribe` on a session that can be sent updates agrees with the
//! read: `{}` exactly where the read has contents, -32602 where it is -32602; an update, if any,
//! names only the subscribed uri.
#![no_main]

use ctxlake::catalog::surface::{expand, find_template, match_uri};
use ctxlake::config::Ctx;
use ctxlake::rpc::{Server, Session};
use ctxlake::tools::Toolbox;
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};
use std::sync::OnceLock;

/// One server for the whole run, as in a real process, over the starter knowledge base.
fn server() -> &'static Server {
    static SERVER: OnceLock<(tempfile::TempDir, Server)> = OnceLock::new();
    let (_, server) = SERVER.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let ctx = Ctx::under(dir.path(), "default").expect("a valid fleet id");
        (dir, Server::new(Toolbox::new(ctx)))
    });
    server
}

fn ask(method: &str, params: Value) -> Value {
    ask_in(&mut Session::new(), method, params)
}

fn ask_in(session: &mut Session, method: &str, params: Value) -> Value {
    let request = json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params});
    let frame = server().handle(session, request).expect("a request is answered");
    serde_json::from_str(&frame.encode()).expect("frames are JSON")
}

fn error_code(answer: &Value) -> Option<i64> {
    answer.pointer("/error/code").and_then(Value::as_i64)
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let text = String::from_utf8_lossy(rest).into_owned();
    match selector % 4 {
        0 => {
            // Half the inputs read a uri under a real template's prefix, so matching is reached.
            let uri = match selector % 8 {
                0 => format!("ctxlake://fleet/{text}"),
                _ => format!("ctxlake://guidance/{text}"),
            };
            read(&uri);
        }
        1 => read(&text),
        2 => {
            let arguments: serde_json::Map<String, Value> = text
                .split('&')
                .filter_map(|pair| pair.split_once('='))
                .map(|(k, v)| (k.to_string(), json!(v)))
                .collect();
            let name = if selector % 8 == 2 { "resume-work" } else { "handoff" };
            let answer = ask("prompts/get", json!({"name": name, "arguments": arguments}));
            match error_code(&answer) {
                None => assert!(answer.pointer("/result/messages/0/role").is_some(), "messages: {answer}"),
                Some(code) => assert_eq!(code, -32602, "{answer}"),
            }
        }
        _ => {
            let (argument, value) = text.split_once('=').unwrap_or(("slug", &text));
            for reference in [
                json!({"type": "ref/resource", "uri": "ctxlake://guidance/{slug}"}),
                json!({"type": "ref/prompt", "name": "resume-work"}),
            ] {
                let params = json!({"ref": reference, "argument": {"name": argument, "value": value}});
                let answer = ask("completion/complete", params);
                match error_code(&answer) {
                    None => {
                        let values = answer.pointer("/result/completion/values").and_then(Value::as_array);
                        let values = values.expect("completion values");
                        assert!(values.len() <= 100 && values.iter().all(Value::is_string), "{answer}");
                        assert!(values.iter().all(|v| v.as_str().is_some_and(|v| v.starts_with(value))), "{answer}");
                    }
                    Some(code) => assert_eq!(code, -32602, "{answer}"),
                }
            }
        }
    }
});

fn read(uri: &str) {
    if let Some((spec, vars)) = find_template(uri) {
        let again = expand(spec.uri_template, &vars);
        assert_eq!(match_uri(spec.uri_template, &again), Some(vars.clone()), "{uri} -> {again}");
        assert!(vars.values().all(|v| !v.is_empty() || spec.uri_template.contains("{?")), "{uri}: {vars:?}");
    }
    let answer = ask("resources/read", json!({"uri": uri}));
    match error_code(&answer) {
        None => {
            let contents = answer.pointer("/result/contents").and_then(Value::as_array).expect("contents");
            assert_eq!(contents.len(), 1, "{answer}");
            assert_eq!(contents[0]["uri"], json!(uri), "{answer}");
            assert!(contents[0]["text"].is_string() && contents[0]["mimeType"].is_string(), "{answer}");
        }
        Some(-32602) => assert!(
            answer.pointer("/error/data/uri") == Some(&json!(uri)) || find_template(uri).is_some(),
            "an unmatched uri is named in data.uri: {answer}"
        ),
        Some(code) => panic!("resources/read {uri:?} answered {code}: {answer}"),
    }
    let mut session = Session::new().with_updates();
    let init =
        json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "f", "version": "1"}});
    ask_in(&mut session, "initialize", init);
    let subscribed = ask_in(&mut session, "resources/subscribe", json!({"uri": uri}));
    assert_eq!(error_code(&subscribed), error_code(&answer), "subscribe agrees with read: {subscribed} / {answer}");
    assert_eq!(session.is_subscribed(), error_code(&answer).is_none(), "{subscribed}");
    for update in server().resource_updates(&mut session) {
        assert_eq!(update["params"]["uri"], json!(uri), "{update}");
    }
}
