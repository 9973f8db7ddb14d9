//! Runs every scenario in `features/` against the real `ctxlake mcp` binary as a child process.
//! Each scenario gets its own process and its own cache and spool directories.
//!
//! To learn which answers a step produced without waiting on a timer, every send is followed
//! by a `ping` with a sentinel id: the server answers in order, so every frame before the
//! sentinel's answer belongs to what was sent, and "no answer" is an exact observation.

use cucumber::gherkin::Step;
use cucumber::writer::Stats as _;
use cucumber::{World, given, then, when};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};

const ANSWER_TIMEOUT: Duration = Duration::from_secs(20);
const SENTINEL: &str = "ctxlake-sentinel";

#[derive(Debug, World)]
#[world(init = Self::new)]
struct Mcp {
    dir: tempfile::TempDir,
    fleet: String,
    child: Option<Running>,
    revision: Option<String>,
    answers: Vec<Value>,
    next_id: i64,
    sentinels: u64,
    exit_code: Option<i32>,
    briefing: String,
    last_tool: Option<String>,
}

#[derive(Debug)]
struct Running {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: Lines<BufReader<ChildStdout>>,
}

impl Mcp {
    fn new() -> Mcp {
        Mcp {
            dir: tempfile::tempdir().expect("temp dir"),
            fleet: "test-fleet".into(),
            child: None,
            revision: None,
            answers: vec![],
            next_id: 0,
            sentinels: 0,
            exit_code: None,
            briefing: String::new(),
            last_tool: None,
        }
    }

    fn cache_dir(&self) -> PathBuf {
        self.dir.path().join("cache").join(&self.fleet)
    }

    fn spool_dir(&self) -> PathBuf {
        self.dir.path().join("spool").join("mcp")
    }

    fn spool_file(&self) -> PathBuf {
        self.spool_dir().join(format!("{}.ndjson", self.fleet))
    }

    fn command(&self) -> Command {
        self.command_with(&["mcp"])
    }

    fn command_with(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_ctxlake"));
        cmd.args(args)
            .env("CTXLAKE_FLEET_ID", &self.fleet)
            .env("CTXLAKE_AGENT_ID", "agent-under-test")
            .env("CTXLAKE_SPOOL_DIR", self.dir.path().join("spool"))
            .env("CTXLAKE_CACHE_DIR", self.dir.path().join("cache"))
            .env("CTXLAKE_LOG", "debug")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true);
        cmd
    }

    async fn spawn(&mut self) {
        let mut child = self.command().spawn().expect("spawn ctxlake mcp");
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout")).lines();
        self.child = Some(Running { child, stdin, stdout });
    }

    async fn running(&mut self) -> &mut Running {
        if self.child.is_none() {
            self.spawn().await;
        }
        self.child.as_mut().expect("spawned above")
    }

    async fn write_raw(&mut self, bytes: &[u8]) {
        let running = self.running().await;
        let stdin = running.stdin.as_mut().expect("stdin still open");
        stdin.write_all(bytes).await.expect("write to server");
        stdin.flush().await.expect("flush to server");
    }

    async fn read_frame(&mut self) -> Option<Value> {
        let running = self.running().await;
        let line = tokio::time::timeout(ANSWER_TIMEOUT, running.stdout.next_line())
            .await
            .expect("the server answered in time")
            .expect("stdout readable")?;
        let frame: Value =
            serde_json::from_str(&line).unwrap_or_else(|e| panic!("stdout line is not JSON ({e}): {line}"));
        let members = match &frame {
            Value::Array(items) => items.clone(),
            single => vec![single.clone()],
        };
        for member in members {
            assert_eq!(member["jsonrpc"], "2.0", "every frame is JSON-RPC 2.0: {line}");
        }
        Some(frame)
    }

    /// Sends raw bytes, then a sentinel ping; records every frame answered before the sentinel.
    async fn exchange(&mut self, bytes: &[u8]) {
        self.write_raw(bytes).await;
        self.sentinels += 1;
        let sentinel = format!("{SENTINEL}-{}", self.sentinels);
        let ping = json!({"jsonrpc": "2.0", "id": sentinel, "method": "ping"});
        self.write_raw(format!("{ping}\n").as_bytes()).await;
        self.answers.clear();
        loop {
            let frame = self.read_frame().await.expect("the server answered before closing stdout");
            if frame["id"] == json!(sentinel) {
                break;
            }
            self.answers.push(frame);
        }
    }

    async fn request(&mut self, method: &str, mut params: Value) -> Value {
        if method == "tools/call"
            && let Some(name) = params["name"].as_str()
        {
            self.last_tool = Some(name.to_string());
        }
        if self.revision.as_deref() == Some("2026-07-28") {
            params["_meta"] = json!({
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": {},
                "io.modelcontextprotocol/clientInfo": {"name": "features", "version": "1"}
            });
        }
        self.next_id += 1;
        let frame = json!({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params});
        self.exchange(format!("{frame}\n").as_bytes()).await;
        self.only_answer().clone()
    }

    fn only_answer(&self) -> &Value {
        assert_eq!(self.answers.len(), 1, "expected exactly one answer, got {:?}", self.answers);
        &self.answers[0]
    }

    fn result(&self) -> &Value {
        let answer = self.only_answer();
        assert!(answer.get("error").is_none(), "expected a result, got {answer}");
        &answer["result"]
    }

    fn tool_output(&self) -> Value {
        let result = self.result();
        assert_eq!(result["isError"], false, "expected a successful tool result, got {result}");
        let text = result["content"][0]["text"].as_str().expect("a text block");
        serde_json::from_str(text).expect("tool text is JSON")
    }

    fn write_cache(&self, file: &str, value: &Value) {
        std::fs::create_dir_all(self.cache_dir()).expect("cache dir");
        std::fs::write(self.cache_dir().join(file), serde_json::to_vec_pretty(value).expect("json"))
            .expect("cache file");
    }

    fn spool_text(&self) -> String {
        std::fs::read_to_string(self.spool_file()).unwrap_or_default()
    }
}

fn json_arg(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("step argument is not JSON ({e}): {text}"))
}

fn docstring(step: &Step) -> &str {
    step.docstring.as_deref().expect("this step needs a docstring").trim()
}

fn pointer<'a>(value: &'a Value, at: &str) -> &'a Value {
    value.pointer(at).unwrap_or_else(|| panic!("nothing at {at} in {value}"))
}

// ---- connection -------------------------------------------------------------------------

#[given("a running server")]
async fn running_server(w: &mut Mcp) {
    w.spawn().await;
}

#[given(expr = "a server initialized with revision {string}")]
async fn initialized(w: &mut Mcp, revision: String) {
    w.spawn().await;
    w.revision = Some(revision.clone());
    if revision == "2026-07-28" {
        return;
    }
    let result = w
        .request(
            "initialize",
            json!({"protocolVersion": revision, "capabilities": {}, "clientInfo": {"name": "features", "version": "1"}}),
        )
        .await;
    assert_eq!(result["result"]["protocolVersion"], json!(revision), "{result}");
    w.exchange(b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n").await;
    assert!(w.answers.is_empty());
}

#[given(expr = "the fleet id is {string}")]
async fn fleet_id(w: &mut Mcp, fleet: String) {
    w.fleet = fleet;
}

#[when(regex = r"^the client sends the line (.*)$")]
async fn send_line(w: &mut Mcp, line: String) {
    w.exchange(format!("{line}\n").as_bytes()).await;
}

#[when("the client sends:")]
async fn send_lines(w: &mut Mcp, step: &Step) {
    let text = format!("{}\n", docstring(step));
    w.exchange(text.as_bytes()).await;
}

#[when(expr = "the client sends the bytes {string}")]
async fn send_bytes(w: &mut Mcp, hex: String) {
    let bytes: Vec<u8> = hex.split_whitespace().map(|b| u8::from_str_radix(b, 16).expect("hex byte")).collect();
    w.exchange(&bytes).await;
}

#[when(expr = "the client sends a line of {int} bytes")]
async fn send_long_line(w: &mut Mcp, len: usize) {
    let mut line = vec![b' '; len];
    line[0] = b'[';
    line.push(b'\n');
    w.exchange(&line).await;
}

#[when(expr = "the client sends {string} with params:")]
async fn send_method(w: &mut Mcp, method: String, step: &Step) {
    w.request(&method, json_arg(docstring(step))).await;
}

#[when(expr = "the client sends {string}")]
async fn send_method_no_params(w: &mut Mcp, method: String) {
    w.request(&method, json!({})).await;
}

#[when(expr = "the client calls {string} with:")]
async fn call_tool(w: &mut Mcp, tool: String, step: &Step) {
    w.request("tools/call", json!({"name": tool, "arguments": json_arg(docstring(step))})).await;
}

#[when(expr = "the client calls {string}")]
async fn call_tool_no_args(w: &mut Mcp, tool: String) {
    w.request("tools/call", json!({"name": tool, "arguments": {}})).await;
}

#[when("the client searches memory for:")]
async fn search_memory(w: &mut Mcp, step: &Step) {
    let query = docstring(step).to_string();
    w.request("tools/call", json!({"name": "memory_search", "arguments": {"query": query}})).await;
}

#[when("the client sends these lines and closes its input:")]
async fn send_and_close(w: &mut Mcp, step: &Step) {
    let text = format!("{}\n", docstring(step));
    w.write_raw(text.as_bytes()).await;
    w.running().await.stdin.take();
    w.answers.clear();
    while let Some(frame) = w.read_frame().await {
        w.answers.push(frame);
    }
    let running = w.child.as_mut().expect("running");
    let status = tokio::time::timeout(ANSWER_TIMEOUT, running.child.wait()).await.expect("exits").expect("status");
    w.exit_code = status.code();
}

// ---- answers ----------------------------------------------------------------------------

#[then("there is no answer")]
async fn no_answer(w: &mut Mcp) {
    assert!(w.answers.is_empty(), "expected no answer, got {:?}", w.answers);
}

#[then(expr = "there are {int} answers")]
async fn answer_count(w: &mut Mcp, n: usize) {
    assert_eq!(w.answers.len(), n, "{:?}", w.answers);
}

#[then(expr = "the answer is error {int} with a null id")]
async fn error_null_id(w: &mut Mcp, code: i64) {
    let answer = w.only_answer();
    assert_eq!(answer["error"]["code"], code, "{answer}");
    assert!(answer.get("id").is_some_and(Value::is_null), "id must be present and null: {answer}");
}

#[then(regex = r"^the answer is error (-?\d+) with id (.+)$")]
async fn error_with_id(w: &mut Mcp, code: i64, id: String) {
    let answer = w.only_answer();
    assert_eq!(answer["error"]["code"], code, "{answer}");
    assert_eq!(answer["id"], json_arg(&id), "{answer}");
}

#[then(expr = "the answer is error {int}")]
async fn error_code(w: &mut Mcp, code: i64) {
    let answer = w.only_answer();
    assert_eq!(answer["error"]["code"], code, "{answer}");
}

#[then(expr = "the error message mentions {string}")]
async fn error_mentions(w: &mut Mcp, text: String) {
    let answer = w.only_answer();
    let message = answer["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains(&text), "{answer}");
}

#[then(regex = r"^the answer is a result with id (.+)$")]
async fn result_with_id(w: &mut Mcp, id: String) {
    w.result();
    assert_eq!(w.only_answer()["id"], json_arg(&id));
}

#[then(regex = r"^the result at (\S+) is (.+)$")]
async fn result_at(w: &mut Mcp, at: String, expected: String) {
    assert_eq!(pointer(w.result(), &at), &json_arg(&expected), "{}", w.result());
}

#[then(regex = r"^the result has no (\S+)$")]
async fn result_has_no(w: &mut Mcp, at: String) {
    assert!(w.result().pointer(&at).is_none(), "{} should be absent: {}", at, w.result());
}

#[then(regex = r"^the result is (.+)$")]
async fn result_is(w: &mut Mcp, expected: String) {
    assert_eq!(w.result(), &json_arg(&expected));
}

#[then(regex = r"^the tool result is an error naming (\S+)$")]
async fn tool_error_naming(w: &mut Mcp, field: String) {
    let result = w.result();
    assert_eq!(result["isError"], true, "{result}");
    let text = result["content"][0]["text"].as_str().expect("text block");
    assert!(text.contains(&format!("{field}:")), "{field} not named in {text:?}");
}

#[then(regex = r"^the error data at (\S+) is (.+)$")]
async fn error_data_at(w: &mut Mcp, at: String, expected: String) {
    let answer = w.only_answer();
    assert_eq!(pointer(&answer["error"]["data"], &at), &json_arg(&expected), "{answer}");
}

#[then("the answer is a batch:")]
async fn batch_answer(w: &mut Mcp, step: &Step) {
    let answer = w.only_answer();
    let items = answer.as_array().unwrap_or_else(|| panic!("expected an array, got {answer}"));
    let expected = json_arg(docstring(step));
    let got: Vec<Value> = items.iter().map(|i| json!({"id": i["id"], "error": i["error"]["code"]})).collect();
    assert_eq!(Value::Array(got), expected);
}

#[then(expr = "the process exits with status {int}")]
async fn exits_with(w: &mut Mcp, code: i32) {
    assert_eq!(w.exit_code, Some(code));
}

#[then(expr = "the answers have ids {string}")]
async fn answers_have_ids(w: &mut Mcp, ids: String) {
    let got: Vec<Value> = w.answers.iter().map(|a| a["id"].clone()).collect();
    assert_eq!(Value::Array(got), json_arg(&ids));
}

// ---- tools ------------------------------------------------------------------------------

#[then("the tool result is an error mentioning:")]
async fn tool_error(w: &mut Mcp, step: &Step) {
    let result = w.result();
    assert_eq!(result["isError"], true, "{result}");
    let text = result["content"][0]["text"].as_str().expect("text block");
    for needle in docstring(step).lines() {
        assert!(text.contains(needle.trim()), "{needle:?} not in {text:?}");
    }
}

#[then(regex = r"^the tool output at (\S+) is (.+)$")]
async fn tool_output_at(w: &mut Mcp, at: String, expected: String) {
    let output = w.tool_output();
    assert_eq!(pointer(&output, &at), &json_arg(&expected), "{output}");
}

#[then(regex = r"^the tool output at (\S+) has (\d+) items$")]
async fn tool_output_len(w: &mut Mcp, at: String, n: usize) {
    let output = w.tool_output();
    assert_eq!(pointer(&output, &at).as_array().map(Vec::len), Some(n), "{output}");
}

#[then(regex = r"^the tool output at (\S+) mentions (.+)$")]
async fn tool_output_mentions(w: &mut Mcp, at: String, text: String) {
    let output = w.tool_output();
    let value = pointer(&output, &at).as_str().unwrap_or_default();
    assert!(value.contains(&*json_arg(&text).as_str().unwrap_or_default().to_string()), "{output}");
}

#[then(regex = r"^the tool output at (\S+) has (\d+) characters before the marker$")]
async fn bounded_field(w: &mut Mcp, at: String, n: usize) {
    let output = w.tool_output();
    let text = pointer(&output, &at).as_str().expect("a string");
    let kept = text.strip_suffix("…[truncated]").unwrap_or_else(|| panic!("no marker on {text:?}"));
    assert_eq!(kept.chars().count(), n);
}

#[then("the structured content matches the text content and the tool's output schema")]
async fn structured_matches(w: &mut Mcp) {
    let output = w.tool_output();
    let structured = w.result()["structuredContent"].clone();
    assert_eq!(structured, output);
    let tool = w.last_tool.clone().expect("a tool was called");
    let call = w.answers[0].clone();
    let tools = w.request("tools/list", json!({})).await;
    w.answers = vec![call];
    let listed = tools["result"]["tools"].as_array().expect("tools");
    let schema = &listed.iter().find(|t| t["name"] == json!(tool)).expect("the called tool is listed")["outputSchema"];
    let errors: Vec<String> = jsonschema::validator_for(schema)
        .expect("the output schema compiles")
        .iter_errors(&structured)
        .map(|e| format!("{}: {e}", e.instance_path().as_str()))
        .collect();
    assert!(errors.is_empty(), "{tool} output fails its outputSchema: {errors:?}");
}

#[then("every tool has an object input schema and a description")]
async fn every_tool_schema(w: &mut Mcp) {
    for tool in w.result()["tools"].as_array().expect("tools") {
        assert_eq!(tool["inputSchema"]["type"], "object", "{tool}");
        assert!(tool["description"].as_str().is_some_and(|d| !d.is_empty()), "{tool}");
        assert!(!tool["inputSchema"].to_string().contains("$ref"), "{tool}");
    }
}

#[then(expr = "the tool list is {string}")]
async fn tool_names(w: &mut Mcp, names: String) {
    let got: Vec<&str> =
        w.result()["tools"].as_array().expect("tools").iter().filter_map(|t| t["name"].as_str()).collect();
    assert_eq!(got.join(","), names);
}

#[then(regex = r"^every tool (has|lacks) (\S+)$")]
async fn every_tool_has(w: &mut Mcp, has: String, field: String) {
    for tool in w.result()["tools"].as_array().expect("tools") {
        assert_eq!(tool.get(&field).is_some(), has == "has", "{field} on {tool}");
    }
}

// ---- cache and spool --------------------------------------------------------------------

#[given(expr = "the fleet cache file {string} contains:")]
async fn cache_file(w: &mut Mcp, file: String, step: &Step) {
    std::fs::create_dir_all(w.cache_dir()).expect("cache dir");
    std::fs::write(w.cache_dir().join(file), docstring(step)).expect("cache file");
}

#[given(expr = "the fleet cache file {string} is a sparse file of {int} bytes")]
async fn cache_sparse(w: &mut Mcp, file: String, bytes: u64) {
    std::fs::create_dir_all(w.cache_dir()).expect("cache dir");
    std::fs::File::create(w.cache_dir().join(file)).and_then(|f| f.set_len(bytes)).expect("sparse file");
}

#[given(expr = "the fleet cache file {string} holds the bytes {string}")]
async fn cache_bytes(w: &mut Mcp, file: String, hex: String) {
    let bytes: Vec<u8> = hex.split_whitespace().map(|b| u8::from_str_radix(b, 16).expect("hex byte")).collect();
    std::fs::create_dir_all(w.cache_dir()).expect("cache dir");
    std::fs::write(w.cache_dir().join(file), bytes).expect("cache file");
}

#[given(expr = "the fleet cache file {string} is cut to {int} bytes")]
async fn cache_cut(w: &mut Mcp, file: String, bytes: u64) {
    let path = w.cache_dir().join(file);
    std::fs::OpenOptions::new().write(true).open(path).and_then(|f| f.set_len(bytes)).expect("cut");
}

#[given(expr = "the fleet cache holds {int} sessions in {string}")]
async fn many_sessions(w: &mut Mcp, n: usize, repo: String) {
    let sessions: Vec<Value> = (0..n)
        .map(|i| {
            json!({"session_id": format!("s{i:04}"), "agent_id": "cc-01", "repo": repo,
                   "ended_at": format!("2026-09-{:02}T{:02}:{:02}:00Z", 1 + i / 1440 % 28, i / 60 % 24, i % 60),
                   "summary": format!("session {i}")})
        })
        .collect();
    w.write_cache("history.json", &json!({"generated_at": "2026-09-30T00:00:00Z", "sessions": sessions}));
}

#[given(regex = r"^the roster holds an agent whose task is (.+)$")]
async fn roster_task(w: &mut Mcp, task: String) {
    let task = json_arg(&task);
    w.write_cache("roster.json", &json!({"agents": [{"agent_id": "cc-01", "runtime": "claude_code", "task": task}]}));
}

#[given(regex = r"^the roster holds an agent whose task has U\+([0-9A-Fa-f]{4}) inside$")]
async fn roster_code_point(w: &mut Mcp, hex: String) {
    let c = char::from_u32(u32::from_str_radix(&hex, 16).expect("hex")).expect("a char");
    w.write_cache(
        "roster.json",
        &json!({"agents": [{"agent_id": "cc-01", "task": format!("fix{c}bug"), format!("ke{c}y"): format!("va{c}l")}]}),
    );
}

#[given(regex = r"^the roster holds an agent with a task of (\d+) characters$")]
async fn roster_long_task(w: &mut Mcp, n: usize) {
    w.write_cache("roster.json", &json!([{"agent_id": "cc-01", "task": "é".repeat(n)}]));
}

#[given(expr = "the spool directory already holds {int} bytes")]
async fn spool_dir_full(w: &mut Mcp, bytes: u64) {
    std::fs::create_dir_all(w.spool_dir()).expect("spool dir");
    let f = std::fs::File::create(w.spool_dir().join("other-fleet.ndjson")).expect("file");
    f.set_len(bytes).expect("sparse file");
}

#[given(expr = "the fleet spool file already holds {int} bytes")]
async fn spool_file_full(w: &mut Mcp, bytes: u64) {
    std::fs::create_dir_all(w.spool_dir()).expect("spool dir");
    let f = std::fs::File::create(w.spool_file()).expect("file");
    f.set_len(bytes).expect("sparse file");
}

#[then(expr = "the spool file has {int} line(s)")]
async fn spool_lines(w: &mut Mcp, n: usize) {
    assert_eq!(w.spool_text().lines().count(), n, "{}", w.spool_text());
}

#[then(expr = "the spool file contains {string}")]
async fn spool_contains(w: &mut Mcp, text: String) {
    assert!(w.spool_text().contains(&text), "{text:?} not in {}", w.spool_text());
}

#[then(expr = "the spool file does not contain {string}")]
async fn spool_lacks(w: &mut Mcp, text: String) {
    assert!(!w.spool_text().contains(&text), "{text:?} leaked into {}", w.spool_text());
}

#[then(regex = r"^the last spool record at (\S+) is (.+)$")]
async fn spool_record_at(w: &mut Mcp, at: String, expected: String) {
    let text = w.spool_text();
    let last: Value = serde_json::from_str(text.lines().last().expect("a spool line")).expect("spool line is JSON");
    assert_eq!(pointer(&last, &at), &json_arg(&expected), "{last}");
}

#[then("every spool line is a valid spool record")]
async fn spool_valid(w: &mut Mcp) {
    // A spool line is a SpoolRecord (lease requests, handoffs) or a `proposed` ClaimEvent.
    let validators: Vec<jsonschema::Validator> =
        [include_str!("../schemas/wire/spool_record.json"), include_str!("../schemas/wire/claim_event.json")]
            .iter()
            .map(|schema| jsonschema::validator_for(&json_arg(schema)).expect("schema compiles"))
            .collect();
    for line in w.spool_text().lines() {
        let record = json_arg(line);
        assert!(validators.iter().any(|v| v.is_valid(&record)), "not a valid spool line: {line}");
        if record["kind"] != "claim_request" && record["kind"] != "release_request" && record["kind"] != "handoff" {
            assert_eq!(record["kind"], "proposed", "agents only ever spool proposals: {line}");
        }
    }
}

#[then(expr = "the spool directory holds {int} files")]
async fn spool_files(w: &mut Mcp, n: usize) {
    assert_eq!(std::fs::read_dir(w.spool_dir()).expect("spool dir").count(), n);
}

#[then("the server refuses to start, naming the fleet id")]
async fn refuses_to_start(w: &mut Mcp) {
    let out = w.command().stderr(Stdio::piped()).output().await.expect("run");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("fleet id"));
    assert!(out.stdout.is_empty(), "nothing on stdout");
}

// ---- memory: snapshots and the briefing -------------------------------------------------

/// ClaimEvents for one table row: a proposal, then what its status needs.
fn claim_events(row: &std::collections::HashMap<String, String>) -> Vec<Value> {
    let get = |k: &str| code_points(&row.get(k).cloned().unwrap_or_default());
    let at = if get("at").is_empty() { "2026-09-09T00:00:00Z".to_string() } else { get("at") };
    let sessions: u64 = get("sessions").parse().unwrap_or(1);
    let evidence: Vec<Value> = (0..sessions.max(1))
        .map(|i| json!({"session_id": format!("s{i}"), "message_id": "m1", "excerpt_hash": "", "observed_at": "2026-09-01T00:00:00Z"}))
        .collect();
    let mut events = vec![json!({
        "kind": "proposed", "claim_id": get("claim_id"), "claim": get("claim"), "claim_type": get("type"),
        "subject": get("subject"), "scope": if get("scope").is_empty() { "fleet".to_string() } else { get("scope") },
        "observed_by": get("observer"), "observed_at": "2026-09-01T00:00:00Z", "evidence": evidence
    })];
    let promoted = json!({"kind": "promoted", "claim_id": get("claim_id"), "at": at, "independent_count": sessions,
                          "confidence": get("confidence").parse::<f64>().unwrap_or(0.65)});
    match get("status").as_str() {
        "promoted" => events.push(promoted),
        "contested" => {
            events.push(promoted);
            events.push(json!({"kind": "contested", "claim_id": get("claim_id"), "at": "2026-09-10T00:00:00Z",
                               "conflicts_with": null, "reason": "disputed"}));
        }
        "retired" => {
            events.push(promoted);
            events.push(json!({"kind": "retired", "claim_id": get("claim_id"), "at": "2026-09-10T00:00:00Z", "reason": "stale"}));
        }
        "candidate" | "" => {}
        other => panic!("unknown status {other}"),
    }
    events
}

/// Replaces `<U+XXXX>` with that character, so table cells can hold invisible ones.
fn code_points(cell: &str) -> String {
    let mut out = String::new();
    let mut rest = cell;
    while let Some(at) = rest.find("<U+") {
        out.push_str(&rest[..at]);
        let hex = &rest[at + 3..at + 7];
        out.push(char::from_u32(u32::from_str_radix(hex, 16).expect("hex")).expect("a char"));
        rest = &rest[at + 8..];
    }
    out.push_str(rest);
    out
}

#[given(expr = "the roster holds {int} agents with {int}-character tasks")]
async fn roster_many(w: &mut Mcp, n: usize, len: usize) {
    let agents: Vec<Value> = (0..n)
        .map(|i| json!({"agent_id": format!("cc-{i:02}"), "runtime": "claude_code", "task": "t".repeat(len)}))
        .collect();
    w.write_cache("roster.json", &json!({"agents": agents}));
}

async fn build_snapshot(w: &mut Mcp, mode: &str, events: &[Value]) {
    let file = w.dir.path().join("events.jsonl");
    let lines: Vec<String> = events.iter().map(Value::to_string).collect();
    std::fs::write(&file, lines.join("\n")).expect("events file");
    std::fs::create_dir_all(w.cache_dir()).expect("cache dir");
    let out = Command::new(env!("CARGO_BIN_EXE_ctxlake"))
        .args(["snapshot", "build", "--events"])
        .arg(&file)
        .arg("--out")
        .arg(w.cache_dir().join("snapshot.bin"))
        .args(["--mode", mode])
        .output()
        .await
        .expect("run ctxlake snapshot build");
    assert!(out.status.success(), "snapshot build failed: {}", String::from_utf8_lossy(&out.stderr));
}

#[given(expr = "the fleet snapshot is built in {string} mode from these claims:")]
async fn snapshot_from_table(w: &mut Mcp, mode: String, step: &Step) {
    let table = step.table.as_ref().expect("a table");
    let header = &table.rows[0];
    let events: Vec<Value> = table.rows[1..]
        .iter()
        .flat_map(|cells| claim_events(&header.iter().cloned().zip(cells.iter().cloned()).collect()))
        .collect();
    build_snapshot(w, &mode, &events).await;
}

#[given(expr = "the fleet snapshot holds {int} promoted {string} claims about {string}")]
async fn many_claims(w: &mut Mcp, n: usize, claim_type: String, subject: String) {
    let events: Vec<Value> = (0..n)
        .flat_map(|i| {
            let row = [
                ("claim_id", format!("c{i:05}")),
                ("claim", format!("migration step {i} of the deploy pipeline passed")),
                ("type", claim_type.clone()),
                ("subject", subject.clone()),
                ("observer", "cc-01".to_string()),
                ("status", "promoted".to_string()),
                ("at", format!("2026-09-{:02}T{:02}:{:02}:00Z", 1 + i / 1440 % 28, i / 60 % 24, i % 60)),
            ];
            claim_events(&row.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
        })
        .collect();
    build_snapshot(w, "agent", &events).await;
}

#[then(regex = r"^the tool output at (\S+) has (\d+) lines?$")]
async fn output_lines(w: &mut Mcp, at: String, n: usize) {
    let output = w.tool_output();
    let text = pointer(&output, &at).as_str().expect("a string");
    assert_eq!(text.lines().count(), n, "{text:?}");
}

#[then(regex = r"^the tool output at (\S+) does not mention (.+)$")]
async fn output_lacks(w: &mut Mcp, at: String, needle: String) {
    let output = w.tool_output();
    let text = pointer(&output, &at).to_string();
    let needle = json_arg(&needle);
    assert!(!text.contains(needle.as_str().expect("a string")), "{needle} found in {text}");
}

#[when(expr = "the briefing is printed as {string}")]
async fn print_briefing(w: &mut Mcp, format: String) {
    let out = w
        .command_with(&["briefing", "--format", &format])
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .await
        .expect("run ctxlake briefing");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    w.briefing = String::from_utf8(out.stdout).expect("utf-8");
}

#[then("the briefing is empty")]
async fn briefing_empty(w: &mut Mcp) {
    assert_eq!(w.briefing.trim(), "", "{}", w.briefing);
}

#[then("the briefing reads:")]
async fn briefing_reads(w: &mut Mcp, step: &Step) {
    assert_eq!(w.briefing.trim_end(), docstring(step), "{}", w.briefing);
}

#[then(expr = "the briefing does not contain {string}")]
async fn briefing_lacks(w: &mut Mcp, text: String) {
    assert!(!w.briefing.contains(&text), "{}", w.briefing);
}

#[then(expr = "the briefing is Claude Code hook JSON whose context contains {string}")]
async fn briefing_hook(w: &mut Mcp, text: String) {
    let hook = json_arg(w.briefing.trim());
    assert_eq!(hook["hookSpecificOutput"]["hookEventName"], "SessionStart");
    let context = hook["hookSpecificOutput"]["additionalContext"].as_str().expect("additionalContext");
    assert!(context.contains(&text), "{context}");
}

#[then(expr = "the briefing is at most {int} bytes and ends with the truncation marker")]
async fn briefing_capped(w: &mut Mcp, bytes: usize) {
    let text = w.briefing.strip_suffix('\n').unwrap_or(&w.briefing);
    assert!(text.len() <= bytes, "{} bytes", text.len());
    assert!(text.ends_with("[ctxlake: briefing truncated]"), "{}", &text[text.len().saturating_sub(80)..]);
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let run = Mcp::cucumber().max_concurrent_scenarios(4).fail_on_skipped().run("features").await;
    let stats = run.scenarios_stats();
    let failed = stats.failed + run.parsing_errors() + run.hook_errors();
    println!("features: {} passed, {} failed", stats.passed, failed);
    if run.execution_has_failed() || failed > 0 {
        std::process::exit(1);
    }
}
