//! The state one check runs in: its own connection to the target (a fresh process, or a fresh
//! HTTP session), the revision in force, and what the target answered to the last step.
//!
//! Over stdio, "no answer" must be an exact observation, not a timer: every send is followed by
//! a sentinel request (`ping`, or `server/discover` in 2026-07-28) and everything the target
//! sends until the sentinel's answer belongs to what was sent. Servers that answer out of order
//! get a short settle window after the sentinel, unless nothing more can be owed (every line
//! sent was a request, and each has its answer). Over HTTP each POST carries its own answers.

use super::http::{self, Response, Url};
use super::revisions::MODERN;
use super::stdio::{Got, Launch, StdioConn};
use super::wire::Wire;
use serde_json::{Map, Value, json};
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Why a step did not pass.
#[derive(Debug, Clone)]
pub enum StepError {
    Fail(String),
    NotVerified(String),
    /// The target gives the check nothing to test (no such capability, nothing listed).
    NotApplicable(String),
    /// The check is for another run: a revision the target does not admit, another
    /// transport, ctxlake's own fixtures. Never a failure, whatever the conventions.
    Elsewhere(String),
}

impl StepError {
    /// What it says, whatever its kind.
    pub fn message(&self) -> &str {
        match self {
            StepError::Fail(m) | StepError::NotVerified(m) | StepError::NotApplicable(m) | StepError::Elsewhere(m) => m,
        }
    }
}

pub type Outcome = Result<(), StepError>;

pub fn fail(message: impl Into<String>) -> StepError {
    StepError::Fail(message.into())
}

/// Fails the step with `message` unless `condition` holds.
pub fn ensure(condition: bool, message: impl FnOnce() -> String) -> Outcome {
    if condition { Ok(()) } else { Err(StepError::Fail(message())) }
}

/// Where the target is and how patient to be with it.
#[derive(Debug, Clone)]
pub enum Target {
    Stdio(Launch),
    Http(Url),
}

#[derive(Debug, Clone)]
pub struct Env {
    pub target: Target,
    /// How long to wait for any one answer (slow starters need seconds).
    pub timeout: Duration,
    /// How long to keep listening after the sentinel's answer, for servers that answer out of order.
    pub settle: Duration,
    /// How long a process gets to exit after its input is closed, before TERM and KILL.
    pub grace: Duration,
    /// The revisions the target admits (probed, or chosen with --revision).
    pub admitted: Vec<String>,
    /// What the target said it can do (`capabilities` of initialize or server/discover).
    pub capabilities: serde_json::Map<String, Value>,
    /// Run ctxlake's own fixtures: each check gets cache and spool directories of its own.
    pub fixtures: bool,
    /// How long one HTTP request may wait out `429 Too Many Requests` in all, as its
    /// `Retry-After` asks (each wait at most [`http::MAX_RETRY_AFTER`]), before the 429 stands
    /// as the answer. Zero: a 429 is the answer at once.
    pub rate_limit_wait: Duration,
    /// The official suite's convention: a check whose prerequisite the target lacks (a
    /// capability it does not declare, nothing of the kind to test) fails as "not testable"
    /// instead of not applying. A revision the target does not admit still does not apply.
    pub not_testable_fails: bool,
    /// The state store (`--state`) the fixtures' `ctxlake serve` keeps its keys in when a
    /// scenario says "on the state store": `None` is a SQLite file in the scenario's folder; a
    /// `postgres://` URL runs the same table against PostgreSQL (tests/it/serve/state.rs).
    pub state: Option<String>,
}

impl Env {
    /// ctxlake itself, as its own tests hold it: with its fixtures, 20 s for an answer, and no
    /// settle window (ctxlake answers in order, so the sentinel alone makes "no answer" exact).
    pub fn ctxlake(target: Target) -> Env {
        Env {
            target,
            timeout: Duration::from_secs(20),
            settle: Duration::ZERO,
            grace: Duration::from_secs(5),
            admitted: vec![],
            capabilities: serde_json::Map::new(),
            fixtures: true,
            // ctxlake's own quota checks expect the 429 itself.
            rate_limit_wait: Duration::ZERO,
            not_testable_fails: false,
            state: None,
        }
    }
}

enum Conn {
    Stdio(StdioConn),
    Http(HttpSession),
}

struct HttpSession {
    url: Url,
    session_id: Option<String>,
}

impl Drop for HttpSession {
    /// Ends a legacy session the way a polite client does, so a run leaves no sessions behind.
    fn drop(&mut self) {
        let Some(id) = self.session_id.take() else { return };
        let headers = [("Mcp-Session-Id".to_string(), id)];
        if let Err(e) = http::send(&self.url, "DELETE", &headers, b"", Duration::from_secs(2)) {
            tracing::debug!("DELETE of the session failed: {e}");
        }
    }
}

pub struct World<'a> {
    pub env: &'a Env,
    pub wire: &'a Wire,
    conn: Option<Conn>,
    pub revision: Option<String>,
    pub answers: Vec<Value>,
    pub last_http: Option<Response>,
    pub exit_code: Option<i32>,
    next_id: i64,
    sentinels: u64,
    methods: HashMap<String, String>,
    /// A connection an earlier check of the lane left, taken by `initialize` in its revision.
    warm: Option<Warm>,
    /// The revision `initialize` brought the current connection into (`None` after any other
    /// `connect`): only such a connection can be left to the next check.
    initialized_in: Option<(String, Value)>,
    /// Requests sent over stdio (a string method and an id) not answered yet: a process that
    /// still owes an answer is not handed on, or the answer would land in the next check.
    outstanding: std::collections::HashSet<String>,
    /// ctxlake fixtures: a scratch directory holding `cache/` and `spool/`.
    pub scratch: Option<tempfile::TempDir>,
    pub fleet: String,
    pub text_output: String,
    pub last_tool: Option<String>,
    /// A listed tool and one of its required string arguments (`a tool that takes …`).
    pub picked_tool: Option<(String, String)>,
    /// Variables fixture steps add to every ctxlake process the check starts after them.
    pub extra_env: Vec<(String, String)>,
    /// ctxlake fixtures: the folder the server under test starts in, when a step chose one.
    pub cwd: Option<std::path::PathBuf>,
    /// A `ctxlake serve` a fixture step started beside the target, stopped with the check.
    pub served: Option<Served>,
    /// Several `ctxlake serve` hosts sharing one state store (host 1 first), likewise.
    pub hosts: Vec<Served>,
    /// ctxlake fixtures: the keys (`name` to token) and console session cookies (`who` to
    /// `name=value`) of the check's console visitors.
    pub console_keys: HashMap<String, String>,
    pub console_cookies: HashMap<String, String>,
    /// The items a listing step gathered across pages (`the client lists … to the end`).
    pub listed: Vec<Value>,
    /// Every message the target sent during the check, in the order it came: answers,
    /// notifications and requests alike (the rules over all of them read this).
    pub heard: Vec<Value>,
    /// The `SubscriptionFilter` the check's last `subscriptions/listen` asked for.
    pub listened: Map<String, Value>,
    /// A text of words no server would write, sent as an argument, to look for in what came back.
    pub sent_text: String,
}

/// A `ctxlake serve` child of a check (fixtures only): its endpoint and the bearer token of the
/// key the step created. Killed when the check ends.
pub struct Served {
    pub child: std::process::Child,
    pub url: crate::conform::http::Url,
    pub token: String,
    /// Tokens by key name, where a scenario made several keys.
    pub tokens: std::collections::BTreeMap<String, String>,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Where the runner's own request ids start on a process a lane will share: far above the
/// fixed ids the features' frames carry (`lanes::units` keeps a check whose fixed ids were
/// already sent on a lane's process out of it), so no id is sent twice in one session.
pub const LANE_IDS: i64 = 1_000_000;

/// A stdio process a check left initialized for the next check of its lane (`World::release`),
/// with the request ids and sentinels already used on it, which the next check goes on from: a
/// client never reuses an id within a session.
pub struct Warm {
    conn: StdioConn,
    revision: String,
    /// What `initialize` answered (null in 2026-07-28, which has no handshake).
    initialized: Value,
    next_id: i64,
    sentinels: u64,
}

impl Warm {
    /// Whether it is still open and has said nothing since it was handed on.
    fn is_quiet(&mut self) -> bool {
        self.conn.is_open() && matches!(self.conn.read(Instant::now()), Got::Timeout)
    }
}

impl<'a> World<'a> {
    pub fn new(env: &'a Env, wire: &'a Wire) -> Result<World<'a>, StepError> {
        let scratch = if env.fixtures {
            Some(tempfile::tempdir().map_err(|e| StepError::NotVerified(format!("no scratch directory: {e}")))?)
        } else {
            None
        };
        Ok(World {
            env,
            wire,
            conn: None,
            revision: None,
            answers: vec![],
            last_http: None,
            exit_code: None,
            next_id: 0,
            sentinels: 0,
            methods: HashMap::new(),
            warm: None,
            initialized_in: None,
            outstanding: Default::default(),
            scratch,
            fleet: "test-fleet".into(),
            text_output: String::new(),
            last_tool: None,
            picked_tool: None,
            extra_env: vec![],
            cwd: None,
            served: None,
            hosts: vec![],
            console_keys: HashMap::new(),
            console_cookies: HashMap::new(),
            listed: Vec::new(),
            heard: Vec::new(),
            listened: Map::new(),
            sent_text: String::new(),
        })
    }

    pub fn is_modern(&self) -> bool {
        self.revision.as_deref() == Some(MODERN)
    }

    /// The fixture root (`--self` runs only).
    pub fn scratch_dir(&self) -> Result<PathBuf, StepError> {
        self.scratch
            .as_ref()
            .map(|d| d.path().to_path_buf())
            .ok_or_else(|| StepError::Elsewhere("needs ctxlake's fixtures (--self)".into()))
    }

    /// The launch command with the fixture environment, for `--self` runs.
    pub fn launch(&self) -> Result<Launch, StepError> {
        let Target::Stdio(launch) = &self.env.target else {
            return Err(StepError::Elsewhere("needs a stdio target".into()));
        };
        let mut launch = launch.clone();
        if let Some(dir) = &self.scratch {
            launch.env.extend([
                ("CTXLAKE_FLEET_ID".to_string(), self.fleet.clone()),
                ("CTXLAKE_AGENT_ID".to_string(), "agent-under-test".to_string()),
                ("CTXLAKE_SPOOL_DIR".to_string(), dir.path().join("spool").display().to_string()),
                ("CTXLAKE_CACHE_DIR".to_string(), dir.path().join("cache").display().to_string()),
                ("CTXLAKE_KB".to_string(), dir.path().join("kb.sqlite").display().to_string()),
            ]);
            launch.env.extend(self.extra_env.iter().cloned());
            launch.cwd = self.cwd.clone().or(launch.cwd);
        }
        Ok(launch)
    }

    /// Starts a fresh process (stdio) or a fresh session (HTTP).
    pub fn connect(&mut self) -> Outcome {
        self.conn = None;
        self.initialized_in = None;
        self.conn = Some(match &self.env.target {
            Target::Stdio(_) => {
                let launch = self.launch()?;
                let conn = StdioConn::spawn(&launch, self.env.grace)
                    .map_err(|e| StepError::NotVerified(format!("cannot start `{}`: {e}", launch.args.join(" "))))?;
                Conn::Stdio(conn)
            }
            Target::Http(url) => Conn::Http(HttpSession { url: url.clone(), session_id: None }),
        });
        Ok(())
    }

    fn conn(&mut self) -> Result<&mut Conn, StepError> {
        if self.conn.is_none() {
            self.connect()?;
        }
        self.conn.as_mut().ok_or_else(|| fail("no connection"))
    }

    /// Sends bytes as the client would and records every answer they caused.
    pub fn exchange(&mut self, bytes: &[u8]) -> Outcome {
        self.answers.clear();
        match self.conn()? {
            Conn::Stdio(_) => {
                self.note_requests(bytes);
                self.outstanding.extend(requests_in(bytes));
                self.exchange_stdio(bytes, owed_answers(bytes), self.env.timeout)
            }
            Conn::Http(_) => {
                // One POST per line: Streamable HTTP carries one message per request body.
                let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
                for line in body.split(|b| *b == b'\n') {
                    self.post(line, &[])?;
                }
                Ok(())
            }
        }
    }

    /// Writes `bytes` and a sentinel and reads until the sentinel's answer, then for the settle
    /// window unless every request `owed` an answer has it (`None`: something else was sent).
    fn exchange_stdio(
        &mut self,
        bytes: &[u8],
        mut owed: Option<std::collections::HashSet<String>>,
        timeout: Duration,
    ) -> Outcome {
        self.sentinels += 1;
        let sentinel_id = format!("ctxlake-sentinel-{}", self.sentinels);
        let sentinel = if self.is_modern() {
            json!({"jsonrpc": "2.0", "id": sentinel_id, "method": "server/discover", "params": {"_meta": modern_meta(MODERN)}})
        } else {
            json!({"jsonrpc": "2.0", "id": sentinel_id, "method": "ping"})
        };
        self.methods.insert(sentinel_id.clone(), sentinel["method"].as_str().unwrap_or("").to_string());
        let settle = self.env.settle;
        let Some(Conn::Stdio(conn)) = self.conn.as_mut() else { return Err(fail("not a stdio connection")) };
        let write = conn.write(bytes).and_then(|()| conn.write(format!("{sentinel}\n").as_bytes()));
        if let Err(e) = write {
            return Err(fail(format!(
                "could not write to the server ({e}); it may have exited: {}",
                conn.stderr_tail()
            )));
        }
        let mut deadline = Instant::now() + timeout;
        let mut seen_sentinel = false;
        let mut lines = Vec::new();
        loop {
            match conn.read(deadline) {
                Got::Line(line) => {
                    let id = frame_id(&line);
                    if let (Some(owed), Some(id)) = (owed.as_mut(), &id) {
                        owed.remove(&id_key(id));
                    }
                    let is_sentinel = id.as_ref() == Some(&json!(sentinel_id));
                    lines.push(line);
                    if is_sentinel && !seen_sentinel {
                        seen_sentinel = true;
                        // Nothing more can be owed once every request sent has its answer and
                        // nothing else was sent: only then is the settle window skipped.
                        if owed.as_ref().is_some_and(|o| o.is_empty()) {
                            break;
                        }
                        deadline = Instant::now() + settle;
                    }
                }
                Got::Eof if seen_sentinel => break,
                Got::Eof => {
                    let tail = conn.stderr_tail();
                    self.take_lines(lines, &sentinel_id);
                    return Err(fail(format!(
                        "the server closed its output before answering the sentinel request; stderr ends: {tail}"
                    )));
                }
                Got::Timeout if seen_sentinel => break,
                Got::Timeout => {
                    self.take_lines(lines, &sentinel_id);
                    return Err(fail(format!(
                        "the server did not answer the sentinel {} within {:?} (answers so far: {})",
                        sentinel["method"],
                        timeout,
                        shown(&self.answers)
                    )));
                }
            }
        }
        self.take_lines(lines, &sentinel_id);
        Ok(())
    }

    /// Sorts stdout lines into answers, server-to-client messages and noise, checking each.
    fn take_lines(&mut self, lines: Vec<Vec<u8>>, sentinel_id: &str) {
        for line in lines {
            let Some(frame) = self.wire.stdout_line(&line) else { continue };
            self.observe(frame, Some(sentinel_id));
        }
    }

    fn observe(&mut self, frame: Value, sentinel_id: Option<&str>) {
        let id_key = frame.get("id").map(id_key);
        if frame.get("method").is_none()
            && let Some(key) = &id_key
        {
            self.outstanding.remove(key);
        }
        let method = id_key.as_ref().and_then(|k| self.methods.get(k)).map(String::as_str);
        self.wire.frame(&frame, method, self.revision.as_deref());
        self.heard.push(frame.clone());
        // A request or notification from the server (logging, sampling) is not an answer.
        let answers_us = frame.get("method").is_none();
        if answers_us && sentinel_id.is_none_or(|s| frame.get("id") != Some(&json!(s))) {
            self.answers.push(frame);
        }
    }

    /// Remembers which method each request id was for, so answers can be schema-checked.
    fn note_requests(&mut self, bytes: &[u8]) {
        for frame in frames_in(bytes) {
            if let (Some(id), Some(method)) = (frame.get("id"), frame.get("method").and_then(Value::as_str)) {
                self.methods.insert(id_key(id), method.to_string());
            }
        }
    }

    /// One HTTP POST with the headers the revision in force requires, plus `extra`
    /// (an extra header with an empty value removes that header).
    pub fn post(&mut self, body: &[u8], extra: &[(&str, &str)]) -> Outcome {
        self.post_for(body, extra, self.env.timeout)
    }

    /// [`World::post`], reading the answer for at most `timeout`: what a stream the server
    /// keeps open (a `subscriptions/listen`) carried by then is what was heard.
    pub fn post_for(&mut self, body: &[u8], extra: &[(&str, &str)], timeout: Duration) -> Outcome {
        self.conn()?;
        self.note_requests(body);
        let revision = self.revision.clone();
        let Some(Conn::Http(session)) = self.conn.as_mut() else {
            return Err(StepError::Elsewhere("needs an HTTP target".into()));
        };
        let mut headers = post_headers(revision.as_deref(), session.session_id.as_deref(), body);
        let method = serde_json::from_slice::<Value>(body)
            .ok()
            .and_then(|v| v.get("method").and_then(Value::as_str).map(str::to_string))
            .unwrap_or_default();
        for (k, v) in extra {
            headers.retain(|(h, _)| !h.eq_ignore_ascii_case(k));
            if !v.is_empty() {
                headers.push(((*k).into(), (*v).into()));
            }
        }
        let response =
            http::send_waiting_out_429(&session.url, "POST", &headers, body, timeout, self.env.rate_limit_wait)
                .map_err(|e| fail(format!("POST {} failed: {e}", session.url.path)))?;
        if method == "initialize"
            && let Some(id) = response.header("mcp-session-id")
        {
            session.session_id = Some(id.to_string());
        }
        // An HTTP error status may come with a body that is not JSON-RPC (the spec allows it).
        let frames = match response.frames() {
            Err(_) if response.status >= 400 => Ok(vec![]),
            other => other,
        };
        self.last_http = Some(response);
        for frame in frames.map_err(fail)? {
            match frame {
                Value::Array(items) => {
                    self.heard.extend(items.iter().cloned());
                    self.answers.push(Value::Array(items));
                }
                one => self.observe(one, None),
            }
        }
        Ok(())
    }

    /// The `Mcp-Session-Id` the server issued on initialize, if any.
    pub fn session_id(&self) -> Option<&str> {
        match &self.conn {
            Some(Conn::Http(session)) => session.session_id.as_deref(),
            _ => None,
        }
    }

    /// A raw HTTP request (GET, DELETE, …) on the target's endpoint.
    pub fn http_request(&mut self, method: &str, headers: &[(&str, &str)]) -> Outcome {
        let timeout = self.env.timeout;
        let Some(Conn::Http(session)) = self.conn.as_mut() else {
            return Err(StepError::Elsewhere("needs an HTTP target".into()));
        };
        let mut all: Vec<(String, String)> = headers.iter().map(|(k, v)| ((*k).into(), (*v).into())).collect();
        if let Some(id) = &session.session_id {
            all.push(("Mcp-Session-Id".into(), id.clone()));
        }
        // A request without a body names its revision by the header alone: a dual-era server
        // can only tell a modern GET (405) from a legacy one (an SSE stream) by it.
        if let Some(revision) = self.revision.as_deref().filter(|r| *r >= "2025-06-18") {
            all.push(("MCP-Protocol-Version".into(), revision.into()));
        }
        let response = http::send(&session.url, method, &all, b"", timeout)
            .map_err(|e| fail(format!("{method} {} failed: {e}", session.url.path)))?;
        self.last_http = Some(response);
        Ok(())
    }

    /// Sends a request in the revision in force and returns its one answer.
    pub fn request(&mut self, method: &str, params: Value) -> Result<Value, StepError> {
        let frame = self.frame(method, params);
        self.exchange(format!("{frame}\n").as_bytes())?;
        Ok(self.only_answer()?.clone())
    }

    /// The next request of the client in the revision in force, with a fresh id (not sent).
    pub fn frame(&mut self, method: &str, mut params: Value) -> Value {
        if method == "tools/call"
            && let Some(name) = params["name"].as_str()
        {
            self.last_tool = Some(name.to_string());
        }
        if self.is_modern() {
            params["_meta"] = modern_meta(MODERN);
        }
        self.next_id += 1;
        json!({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
    }

    /// The method of the request the client sent with `id` (`None`: the client sent none).
    pub fn sent_method(&self, id: &Value) -> Option<&str> {
        self.methods.get(&id_key(id)).map(String::as_str)
    }

    /// The id the last request sent by `request` carried.
    pub fn last_id(&self) -> i64 {
        self.next_id
    }

    /// Brings the target into `revision`: a handshake for legacy revisions (returning the
    /// InitializeResult), nothing for modern (returning null).
    pub fn initialize(&mut self, revision: &str) -> Result<Value, StepError> {
        // A process the previous check left, unless it spoke or ended while it waited (what
        // it said would land in this check).
        if let Some(mut warm) = self.warm.take().filter(|w| w.revision == revision)
            && warm.is_quiet()
        {
            self.conn = Some(Conn::Stdio(warm.conn));
            (self.next_id, self.sentinels) = (warm.next_id, warm.sentinels);
            self.revision = Some(revision.to_string());
            self.initialized_in = Some((revision.to_string(), warm.initialized.clone()));
            return Ok(warm.initialized);
        }
        self.connect()?;
        self.revision = Some(revision.to_string());
        if revision == MODERN {
            self.initialized_in = Some((revision.to_string(), Value::Null));
            return Ok(Value::Null);
        }
        let params = json!({"protocolVersion": revision, "capabilities": {}, "clientInfo": {"name": "ctxlake-conform", "version": env!("CARGO_PKG_VERSION")}});
        let answer = self.request("initialize", params)?;
        let agreed = answer.pointer("/result/protocolVersion").and_then(Value::as_str);
        if agreed != Some(revision) {
            return Err(StepError::NotVerified(format!("initialize with {revision} was answered {answer}")));
        }
        self.exchange(b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n")
            .map_err(|e| StepError::NotVerified(format!("after notifications/initialized: {e:?}")))?;
        self.initialized_in = Some((revision.to_string(), answer["result"].clone()));
        Ok(answer["result"].clone())
    }

    /// What `initialize` answered the connection in force (null in 2026-07-28).
    pub fn initialize_result(&self) -> Option<&Value> {
        self.initialized_in.as_ref().map(|(_, result)| result)
    }

    /// Lets this check start on `warm`: `initialize` in its revision takes it instead of
    /// starting the target and shaking hands again.
    pub fn adopt(&mut self, warm: Warm) {
        self.warm = Some(warm);
    }

    /// Numbers this world's own requests from [`LANE_IDS`]: for a probe whose process a lane
    /// will go on with.
    pub fn number_for_a_lane(&mut self) {
        self.next_id = self.next_id.max(LANE_IDS);
    }

    /// The connection, for the next check of the lane, when it is fit: a stdio process that
    /// `initialize` brought into `revision` and nothing connected anew since, still open, which
    /// answers a sentinel sent now with nothing else before it (no late answer to the check, no
    /// message the check set off). A slow or silent one is dropped, not waited for.
    pub fn release(mut self, revision: &str) -> Option<Warm> {
        let initialized = match self.initialized_in.take() {
            Some((r, initialized)) if r == revision => initialized,
            _ => return None,
        };
        if !self.outstanding.is_empty() {
            return None;
        }
        if !matches!(&self.conn, Some(Conn::Stdio(conn)) if conn.is_open()) {
            return None;
        }
        self.answers.clear();
        let heard = self.heard.len();
        let timeout = self.env.timeout.min(Duration::from_secs(5));
        // No settle window: every request the check sent has its answer (`outstanding`), and
        // its last exchange had the window if it sent anything else.
        self.exchange_stdio(b"", Some(Default::default()), timeout).ok()?;
        if !self.answers.is_empty() || self.heard.len() != heard + 1 {
            return None;
        }
        let Some(Conn::Stdio(conn)) = self.conn.take() else { return None };
        Some(Warm {
            conn,
            revision: revision.to_string(),
            initialized,
            next_id: self.next_id,
            sentinels: self.sentinels,
        })
    }

    pub fn only_answer(&self) -> Result<&Value, StepError> {
        match self.answers.as_slice() {
            [one] => Ok(one),
            other => {
                let status = self.last_http.as_ref().map(|r| format!(" (HTTP {})", r.status)).unwrap_or_default();
                Err(fail(format!("expected exactly one answer, got {}{status}: {}", other.len(), shown(other))))
            }
        }
    }

    pub fn result(&self) -> Result<&Value, StepError> {
        let answer = self.only_answer()?;
        if answer.get("error").is_some() || answer.get("result").is_none() {
            return Err(fail(format!("expected a result, got {answer}")));
        }
        Ok(&answer["result"])
    }

    /// Sends `bytes`, closes the input, reads to the end and waits for the exit status.
    pub fn send_and_close(&mut self, bytes: &[u8]) -> Outcome {
        self.note_requests(bytes);
        let timeout = self.env.timeout;
        let Conn::Stdio(conn) = self.conn()? else {
            return Err(StepError::Elsewhere("needs a stdio target".into()));
        };
        conn.write(bytes).map_err(|e| fail(format!("could not write to the server: {e}")))?;
        conn.close_input();
        let deadline = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            match conn.read(deadline) {
                Got::Line(line) => lines.push(line),
                Got::Eof => break,
                Got::Timeout => return Err(fail(format!("stdout still open {timeout:?} after stdin was closed"))),
            }
        }
        self.exit_code = conn.wait_exit(Instant::now() + timeout);
        self.answers.clear();
        self.take_lines(lines, "");
        Ok(())
    }

    /// The answers' ids, in the order they came.
    pub fn answer_ids(&self) -> Vec<Value> {
        self.answers.iter().map(|a| a.get("id").cloned().unwrap_or(Value::Null)).collect()
    }
}

/// Answers as a JSON array, for messages.
pub fn shown(answers: &[Value]) -> String {
    Value::Array(answers.to_vec()).to_string()
}

/// The per-request envelope of 2026-07-28.
pub fn modern_meta(revision: &str) -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": revision,
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "ctxlake-conform", "version": env!("CARGO_PKG_VERSION")}
    })
}

/// How answers are matched to requests for the wire checks: loosely, so that a server that
/// turns `1` into `"1"` (a failure the id checks report) still has its results schema-checked.
fn id_key(id: &Value) -> String {
    match id {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The ids of the requests in `bytes` when every line is one request with an id (then the
/// answers to those are all the exchange can be owed); `None` when anything else was sent (a
/// notification, a batch, a line that does not parse), which may be owed an answer or a
/// wrongful one at any time.
fn owed_answers(bytes: &[u8]) -> Option<std::collections::HashSet<String>> {
    let mut owed = std::collections::HashSet::new();
    for line in bytes.split(|b| *b == b'\n').filter(|l| !l.is_empty()) {
        let frame: Value = serde_json::from_slice(line).ok()?;
        let (Some(id), true) = (frame.get("id").filter(|id| !id.is_null()), frame.get("method").is_some()) else {
            return None;
        };
        owed.insert(id_key(id));
    }
    Some(owed)
}

/// The ids of the requests in `bytes` (lines, or a batch's items) that have a string method and
/// an id that is not null: the ones a server is expected to answer.
pub(super) fn requests_in(bytes: &[u8]) -> Vec<String> {
    frames_in(bytes)
        .filter(|frame| frame["method"].is_string())
        .filter_map(|frame| frame.get("id").filter(|id| !id.is_null()).map(id_key))
        .collect()
}

/// Every message in `bytes`: each line that parses as JSON, a batch's items one by one.
fn frames_in(bytes: &[u8]) -> impl Iterator<Item = Value> + '_ {
    bytes.split(|b| *b == b'\n').filter_map(|line| serde_json::from_slice::<Value>(line).ok()).flat_map(|value| {
        match value {
            Value::Array(items) => items,
            one => vec![one],
        }
    })
}

fn frame_id(line: &[u8]) -> Option<Value> {
    serde_json::from_slice::<Value>(line).ok()?.get("id").cloned()
}

/// The headers a client sends with a POST of `body` in `revision`: the content negotiation,
/// the session, `MCP-Protocol-Version` (a modern message mirrors its `_meta` revision whatever
/// it names, even one no server supports: "Every POST request to the MCP endpoint MUST include
/// an MCP-Protocol-Version header"; a legacy message from 2025-06-18 on, initialize aside),
/// An `Mcp-Name` value: the name itself when it is visible ASCII (spaces inside), else
/// `=?base64?<standard base64 of its UTF-8>?=`, as 2026-07-28 asks of a name a header cannot carry.
fn header_name(name: &str) -> String {
    match headerable(name) && !name.starts_with("=?base64?") {
        true => name.to_string(),
        false => {
            use base64::Engine as _;
            format!("=?base64?{}?=", base64::engine::general_purpose::STANDARD.encode(name))
        }
    }
}

/// Whether a header can carry `text` as it is: visible ASCII and inner spaces (a header's
/// outer spaces are trimmed by its reader).
fn headerable(text: &str) -> bool {
    !text.starts_with(' ') && !text.ends_with(' ') && text.bytes().all(|b| (0x20..0x7f).contains(&b))
}

/// The headers a client sends with a POST of `body` in `revision`: the content negotiation,
/// the session, `MCP-Protocol-Version` (a modern message mirrors its `_meta` revision whatever
/// it names, even one no server supports: "Every POST request to the MCP endpoint MUST include
/// an MCP-Protocol-Version header"; a legacy message from 2025-06-18 on, initialize aside),
/// and for modern messages `Mcp-Method` and `Mcp-Name`. What a header cannot carry (a control
/// or non-ASCII character) is not sent, but a name, which goes as base64.
pub fn post_headers(revision: Option<&str>, session_id: Option<&str>, body: &[u8]) -> Vec<(String, String)> {
    let mut headers: Vec<(String, String)> = vec![
        ("Content-Type".into(), "application/json".into()),
        ("Accept".into(), "application/json, text/event-stream".into()),
    ];
    if let Some(id) = session_id {
        headers.push(("Mcp-Session-Id".into(), id.into()));
    }
    let parsed: Option<Value> = serde_json::from_slice(body).ok();
    // A method that is there, even empty, is mirrored; none (or not a string) is not.
    let named_method = parsed.as_ref().and_then(|v| v.get("method")).and_then(Value::as_str);
    let method = named_method.unwrap_or("");
    let meta_revision = parsed
        .as_ref()
        .and_then(|v| v.pointer("/params/_meta/io.modelcontextprotocol~1protocolVersion"))
        .and_then(Value::as_str);
    let modern = meta_revision.is_some() || revision == Some(MODERN);
    let header_revision = match meta_revision {
        Some(named) => Some(named),
        None => revision.filter(|r| method != "initialize" && *r >= "2025-06-18"),
    };
    if let Some(rev) = header_revision.filter(|r| headerable(r)) {
        headers.push(("MCP-Protocol-Version".into(), rev.into()));
    }
    if modern && named_method.is_some_and(headerable) {
        headers.push(("Mcp-Method".into(), method.into()));
        // The field each method mirrors: resources/read its uri, the others their name.
        let pointer = if method == "resources/read" { "/params/uri" } else { "/params/name" };
        let name = parsed.as_ref().and_then(|v| v.pointer(pointer).or_else(|| v.pointer("/params/uri")));
        if let Some(name) = name.and_then(Value::as_str) {
            headers.push(("Mcp-Name".into(), header_name(name)));
        }
    }
    headers
}

#[cfg(test)]
mod header_tests {
    use super::*;

    fn version(headers: &[(String, String)]) -> Option<&str> {
        headers.iter().find(|(k, _)| k == "MCP-Protocol-Version").map(|(_, v)| v.as_str())
    }

    #[test]
    fn only_an_exchange_of_requests_alone_can_be_owed_nothing_more() {
        let owed =
            owed_answers(b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n{\"id\":\"a\",\"method\":\"x\"}\n");
        assert_eq!(owed, Some(["1".to_string(), "a".to_string()].into()));
        for other in [
            &b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"[..],
            b"[{\"id\":1,\"method\":\"ping\"}]\n",
            b"{\"id\":null,\"method\":\"ping\"}\n",
            b"{not json\n",
        ] {
            assert_eq!(owed_answers(other), None, "{}", String::from_utf8_lossy(other));
        }
    }

    #[test]
    fn a_modern_message_naming_an_unsupported_version_still_sends_it_in_the_header() {
        let body = br#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"1900-01-01"}}}"#;
        assert_eq!(version(&post_headers(Some(MODERN), None, body)), Some("1900-01-01"));
    }

    #[test]
    fn legacy_messages_send_the_header_from_2025_06_18_on_and_never_on_initialize() {
        let call = br#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#;
        let init = br#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#;
        assert_eq!(version(&post_headers(Some("2025-03-26"), None, call)), None);
        assert_eq!(version(&post_headers(Some("2025-06-18"), None, call)), Some("2025-06-18"));
        assert_eq!(version(&post_headers(Some("2025-11-25"), None, init)), None);
    }
}
