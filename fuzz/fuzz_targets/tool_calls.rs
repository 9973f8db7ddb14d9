//! Structured tool calls: for every tool, arguments shaped from its input schema (its property
//! names with arbitrary values, or arbitrary JSON) go through the dispatcher in 2025-11-25. The
//! answer is always a result (never a protocol error): either `isError` naming a JSON pointer
//! or a refusal, or a success whose structured content is valid against the tool's output schema.
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use ctxlake::catalog::{CATALOG, parse_schema};
use ctxlake::config::Ctx;
use ctxlake::rpc::{Server, Session};
use ctxlake::tools::Toolbox;
use ctxlake::transport::stdio::answer_line;
use libfuzzer_sys::fuzz_target;
use serde_json::{Map, Value, json};
use std::sync::OnceLock;

struct Fixture {
    _dir: tempfile::TempDir,
    server: Server,
    outputs: Vec<jsonschema::Validator>,
}

fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let ctx = Ctx::under(dir.path(), "default").expect("a valid fleet id");
        let outputs = CATALOG
            .iter()
            .map(|t| jsonschema::validator_for(&parse_schema(t.output_schema)).expect("schema"))
            .collect();
        Fixture { _dir: dir, server: Server::new(Toolbox::new(ctx)), outputs }
    })
}

fn value(u: &mut Unstructured<'_>, depth: u32) -> arbitrary::Result<Value> {
    Ok(match u.int_in_range(0..=7)? {
        0 => Value::Null,
        1 => Value::Bool(bool::arbitrary(u)?),
        2 => json!(i64::arbitrary(u)?),
        3 => json!(u.int_in_range(-5i64..=300)?),
        4 => json!(f64::arbitrary(u)?),
        5 if depth < 3 => {
            Value::Array((0..u.int_in_range(0..=4)?).map(|_| value(u, depth + 1)).collect::<Result<_, _>>()?)
        }
        6 if depth < 3 => {
            let mut object = Map::new();
            for _ in 0..u.int_in_range(0..=3)? {
                object.insert(String::arbitrary(u)?, value(u, depth + 1)?);
            }
            Value::Object(object)
        }
        _ => Value::String(String::arbitrary(u)?),
    })
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(index) = u.choose_index(CATALOG.len()) else { return };
    let tool = &CATALOG[index];
    let schema = parse_schema(tool.input_schema);
    let mut arguments = Map::new();
    if let Some(properties) = schema["properties"].as_object() {
        for name in properties.keys() {
            if bool::arbitrary(&mut u).unwrap_or(false) {
                let Ok(v) = value(&mut u, 0) else { return };
                arguments.insert(name.clone(), v);
            }
        }
    }
    let fixture = fixture();
    let mut session = Session::new();
    let init = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"fuzz","version":"0"}}}"#;
    answer_line(&fixture.server, &mut session, init.as_bytes()).expect("initialize is answered");
    let call = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": tool.name, "arguments": arguments}});
    let answer: Value = serde_json::from_str(
        &answer_line(&fixture.server, &mut session, call.to_string().as_bytes()).expect("answered").encode(),
    )
    .expect("JSON");
    let result = answer.get("result").unwrap_or_else(|| panic!("a protocol error for {}: {answer}", tool.name));
    if result["isError"] == true {
        let text = result["content"][0]["text"].as_str().expect("text");
        // The refusals a tool may give on its own terms, each naming its cause: a schema
        // violation by pointer, a blank field, a full spool, a cursor by name, and the context
        // tool's one-project rule (seed 003's wording).
        assert!(
            text.contains("invalid arguments") && text.contains('/')
                || text.contains("must not be blank")
                || text.contains("spool")
                || text.contains("`cursor`")
                || text.starts_with("A context pack reads one project"),
            "an isError result names its cause: {text}"
        );
    } else {
        let structured = &result["structuredContent"];
        assert!(fixture.outputs[index].is_valid(structured), "{} output fails its schema: {structured}", tool.name);
    }
});
