//! `ctxlake serve --conformance-fixtures`: what the official suite needs of the transport and
//! the core, checked here without the suite (scripts/official-conformance.sh runs the suite):
//! notifications before an answer on its SSE stream, a request to the client whose answer
//! arrives in a later POST, and 2026-07-28 input-required rounds with a signed state.

use super::*;

fn modern_call(name: &str, extra: Value) -> Value {
    let mut params = json!({"name": name, "arguments": {}, "_meta": {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {"sampling": {}, "elicitation": {}}}});
    if let (Some(params), Value::Object(extra)) = (params.as_object_mut(), extra) {
        params.extend(extra);
    }
    json!({"jsonrpc": "2.0", "id": 30, "method": "tools/call", "params": params})
}

fn post_modern(server: &Serve, body: &Value) -> Response {
    let name = body["params"]["name"].as_str().unwrap_or_default().to_string();
    post(server, body, &[("MCP-Protocol-Version", "2026-07-28"), ("Mcp-Method", "tools/call"), ("Mcp-Name", &name)])
}

#[test]
fn progress_notifications_precede_the_answer_on_its_sse_stream() {
    let server = serve(&["--conformance-fixtures"]);
    let call = json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call",
                      "params": {"name": "test_tool_with_progress", "arguments": {}, "_meta": {"progressToken": "p-1"}}});
    let frames = post(&server, &call, &[]).frames().unwrap();
    let methods: Vec<&str> = frames.iter().map(|f| f["method"].as_str().unwrap_or("(answer)")).collect();
    assert_eq!(methods, ["notifications/progress", "notifications/progress", "notifications/progress", "(answer)"]);
    let progress: Vec<i64> = frames[..3].iter().map(|f| f["params"]["progress"].as_i64().unwrap()).collect();
    assert_eq!(progress, [0, 50, 100]);
    assert!(frames[..3].iter().all(|f| f["params"]["progressToken"] == "p-1"));
    assert_eq!(frames[3]["id"], 5);
    // A client that prefers JSON gets the answer alone: nothing can precede it.
    let json_only = post(&server, &call, &[("Accept", "application/json, text/event-stream;q=0.5")]);
    assert_eq!(frame(&json_only)["id"], 5);
    // 2026-07-28 sends log messages only to a request that asked for a level.
    let quiet = post_modern(&server, &modern_call("test_logging_tool", json!({}))).frames().unwrap();
    assert_eq!(quiet.len(), 1, "{quiet:?}");
    let mut asked = modern_call("test_logging_tool", json!({}));
    asked["params"]["_meta"]["io.modelcontextprotocol/logLevel"] = json!("info");
    let logged = post_modern(&server, &asked).frames().unwrap();
    assert_eq!(logged.iter().filter(|f| f["method"] == "notifications/message").count(), 3, "{logged:?}");
}

#[test]
fn a_tool_asks_the_client_on_its_stream_and_takes_the_answer_from_a_later_post() {
    let server = serve(&["--conformance-fixtures"]);
    let call = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                      "params": {"name": "test_sampling", "arguments": {"prompt": "Say hi"}}})
    .to_string();
    let mut stream = TcpStream::connect((server.url.host.as_str(), server.url.port)).unwrap();
    stream.set_read_timeout(Some(TIMEOUT)).unwrap();
    let head = format!(
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: {ACCEPT_BOTH}\r\n\
         MCP-Protocol-Version: 2025-11-25\r\nContent-Length: {}\r\n\r\n",
        call.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(call.as_bytes()).unwrap();
    let mut seen = String::new();
    let request = read_until(&mut stream, &mut seen, |f| f["method"] == "sampling/createMessage");
    assert_eq!(request["params"]["messages"][0]["content"]["text"], "Say hi");
    assert_eq!(request["params"]["maxTokens"], 100);
    let stray = json!({"jsonrpc": "2.0", "id": "ctxlake-nobody", "result": {}});
    assert_eq!(post(&server, &stray, &[]).status, 202, "an answer nobody waits for is dropped");
    let answer = json!({"jsonrpc": "2.0", "id": request["id"],
                        "result": {"role": "assistant", "content": {"type": "text", "text": "hi"}, "model": "m"}});
    let delivered = post(&server, &answer, &[]);
    assert_eq!((delivered.status, delivered.body.len()), (202, 0));
    let result = read_until(&mut stream, &mut seen, |f| f["id"] == 7);
    assert_eq!(result["result"]["content"][0]["text"], "LLM response: hi", "{result}");
    // With a JSON answer there is no stream to ask on: the tool says so instead of hanging.
    let call: Value = serde_json::from_str(&call).unwrap();
    let refused = frame(&post(&server, &call, &[("Accept", "application/json, text/event-stream;q=0.5")]));
    assert_eq!(refused["result"]["isError"], true, "{refused}");
}

#[test]
fn input_required_rounds_carry_a_signed_state_and_an_edited_one_is_refused() {
    let server = serve(&["--conformance-fixtures"]);
    let first = frame(&post_modern(&server, &modern_call("test_input_required_result_tampered_state", json!({}))));
    let result = &first["result"];
    assert_eq!(result["resultType"], "input_required", "{first}");
    assert_eq!(result["inputRequests"]["confirm"]["method"], "elicitation/create");
    let state = result["requestState"].as_str().expect("a requestState").to_string();
    let confirm = json!({"confirm": {"action": "accept", "content": {"ok": true}}});
    let retry = |state: &str| {
        let call = modern_call(
            "test_input_required_result_tampered_state",
            json!({"inputResponses": confirm, "requestState": state}),
        );
        frame(&post_modern(&server, &call))
    };
    let done = retry(&state);
    assert_eq!(done["result"]["resultType"], "complete", "{done}");
    let tampered = retry(&format!("{state}-TAMPERED"));
    assert_eq!(tampered["error"]["code"], -32602, "{tampered}");
    assert!(tampered["error"]["message"].as_str().unwrap().contains("requestState"));
    // Three rounds: each state differs from the last, and the name travels in it.
    let mut call = modern_call("test_input_required_result_multi_round", json!({}));
    let one = frame(&post_modern(&server, &call))["result"].clone();
    call["params"]["inputResponses"] = json!({"step1": {"action": "accept", "content": {"name": "Ada"}}});
    call["params"]["requestState"] = one["requestState"].clone();
    let two = frame(&post_modern(&server, &call))["result"].clone();
    assert_eq!(two["resultType"], "input_required");
    assert_ne!(two["requestState"], one["requestState"]);
    call["params"]["inputResponses"] = json!({"step2": {"action": "accept", "content": {"color": "teal"}}});
    call["params"]["requestState"] = two["requestState"].clone();
    let three = frame(&post_modern(&server, &call))["result"].clone();
    assert_eq!(three["content"][0]["text"], "Multi-round complete for Ada who likes teal", "{three}");
}

#[test]
fn a_call_needing_an_undeclared_capability_is_400_with_32021() {
    let server = serve(&["--conformance-fixtures"]);
    let mut call = modern_call("test_missing_capability", json!({}));
    call["params"]["_meta"]["io.modelcontextprotocol/clientCapabilities"] = json!({});
    let response = post_modern(&server, &call);
    let answer = frame(&response);
    assert_eq!((response.status, answer["error"]["code"].clone()), (400, json!(-32021)), "{answer}");
    assert_eq!(answer["error"]["data"]["requiredCapabilities"], json!({"sampling": {}}));
}

#[test]
fn without_the_flag_no_fixture_is_served() {
    let server = serve(&[]);
    let list = frame(&post(&server, &json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}), &[]));
    let names: Vec<&str> =
        list["result"]["tools"].as_array().unwrap().iter().filter_map(|t| t["name"].as_str()).collect();
    assert!(!names.iter().any(|n| n.starts_with("test_")), "{names:?}");
    let read = json!({"jsonrpc": "2.0", "id": 2, "method": "resources/read", "params": {"uri": "test://static-text"}});
    let answer = frame(&post(&server, &read, &[]));
    assert_eq!(answer["error"]["code"], -32602, "ctxlake's own resources do not include the fixture's: {answer}");
    assert_eq!(answer["error"]["data"]["uri"], "test://static-text");
}
