//! What a case brings back (over either transport), the handshake both transports run, and one
//! stdio server under the fuzzer ([`super::http`] is the other): a process started, handshaken
//! (`initialize`, `initialized`, `tools/list`), then fed cases. Each case ends with a `ping` as a barrier; the case is over
//! when the barrier and every answer its frames require are in (a server may answer out of
//! order), or at its deadline. Writes go through a thread of their own, so a server that stops
//! reading (hung) cannot block the fuzzer, and every read loop checks its deadline itself, so a
//! server that floods stdout cannot either.

use super::frame::{Expect, Frame, expect};
use crate::conform::http::Response;
use crate::conform::revisions::MODERN;
use crate::conform::stdio::{Got, Launch, StdioConn};
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::sync::mpsc::{Sender, channel};
use std::time::{Duration, Instant};

/// How a case ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The barrier and every required answer came back.
    Answered,
    /// The deadline passed first.
    Timeout,
    /// The server's stdout ended: it exited.
    Exited,
}

/// What came back for one case: every stdout line, in order (stdio), or the answer to each
/// frame's request (HTTP), and how it ended.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub lines: Vec<Vec<u8>>,
    /// Over HTTP: the answer to each frame, and the session they were sent in.
    pub http: Option<HttpOutcome>,
    pub end: End,
    pub barrier: Value,
    /// Whether the barrier's answer came (a server can answer it and still owe another).
    pub barrier_answered: bool,
    /// How the barrier was answered over HTTP (its status, or why there was none).
    pub barrier_note: String,
}

/// What came back over HTTP for one case's frames.
#[derive(Debug, Clone)]
pub struct HttpOutcome {
    /// One per frame, in the frames' order.
    pub posts: Vec<Posted>,
    /// The session's revision, and whether the server issued it a session id.
    pub revision: String,
    pub session: bool,
}

/// The answer to one frame's HTTP request.
#[derive(Debug, Clone, PartialEq)]
pub struct Posted {
    /// `None`: no HTTP answer came (refused, reset, or not in time), for the reason in `failure`.
    pub status: Option<u16>,
    pub failure: String,
    pub content_type: String,
    pub empty_body: bool,
    /// The timeout ended the body before it did (an event stream still open).
    pub cut: bool,
    /// The JSON-RPC messages the body carried (an error status's body that is not JSON-RPC
    /// carries none), or why the body is not what its content type says.
    pub frames: Result<Vec<Value>, String>,
}

impl Posted {
    pub fn of(response: &Response) -> Posted {
        let frames = match response.frames() {
            Err(_) if response.status >= 400 => Ok(vec![]),
            other => other,
        };
        Posted {
            status: Some(response.status),
            failure: String::new(),
            content_type: response.header("content-type").unwrap_or_default().to_string(),
            empty_body: response.body.iter().all(u8::is_ascii_whitespace),
            cut: response.cut,
            frames,
        }
    }

    pub fn failed(why: String) -> Posted {
        Posted {
            status: None,
            failure: why,
            content_type: String::new(),
            empty_body: true,
            cut: true,
            frames: Ok(vec![]),
        }
    }
}

/// A transport's two moves of the handshake: a request awaited, a notification sent.
pub(crate) trait Handshaking {
    fn call(&mut self, method: &'static str, request: &Value) -> Result<Value, StartError>;
    fn notify(&mut self, note: &Value);
    /// The revision `initialize` chose, before anything else is sent in it.
    fn negotiated(&mut self, _revision: &str) {}
}

/// The client's envelope of a 2026-07-28 request (`_meta`), which has no handshake.
pub fn modern_meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": MODERN,
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "ctxlake-fuzz", "version": env!("CARGO_PKG_VERSION")}
    })
}

/// The barrier after a case: `ping`, or in 2026-07-28 (which removed it) `server/discover`.
pub fn barrier_request(revision: &str, id: &Value) -> Value {
    match revision == MODERN {
        true => json!({"jsonrpc": "2.0", "id": id, "method": "server/discover", "params": {"_meta": modern_meta()}}),
        false => json!({"jsonrpc": "2.0", "id": id, "method": "ping"}),
    }
}

/// The handshake over either transport: `initialize` offering `revision` and
/// `notifications/initialized`, or in 2026-07-28 `server/discover`, which must list it; then
/// `tools/list` to its last page. The revision in force and the tools listed.
pub(crate) fn handshake(server: &mut impl Handshaking, revision: &str) -> Result<(String, Vec<Value>), StartError> {
    let modern = revision == MODERN;
    let mut chosen = revision.to_string();
    if modern {
        let discover = barrier_request(MODERN, &json!("fuzz-discover"));
        let answer = server.call("server/discover", &discover)?;
        let supported = answer.pointer("/result/supportedVersions").and_then(Value::as_array);
        if !supported.is_some_and(|versions| versions.iter().any(|v| v == MODERN)) {
            return Err(StartError::Refused(format!("server/discover does not list {MODERN}: {answer}")));
        }
    } else {
        let initialize = json!({
            "jsonrpc": "2.0", "id": "fuzz-initialize", "method": "initialize",
            "params": {
                "protocolVersion": revision,
                "capabilities": {},
                "clientInfo": {"name": "ctxlake-fuzz", "version": env!("CARGO_PKG_VERSION")}
            }
        });
        let answer = server.call("initialize", &initialize)?;
        if let Some(error) = answer.get("error") {
            return Err(StartError::Refused(error.to_string()));
        }
        if let Some(revision) = answer.pointer("/result/protocolVersion").and_then(Value::as_str) {
            // It goes into a header over HTTP: a revision is a date, nothing a header cannot carry.
            if !revision.bytes().all(|b| b.is_ascii_graphic()) {
                return Err(StartError::Refused(format!("`initialize` chose the revision {revision:?}")));
            }
            chosen = revision.to_string();
        }
        server.negotiated(&chosen);
        server.notify(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    }
    let mut tools = vec![];
    let mut cursor: Option<String> = None;
    for page in 0..MAX_TOOL_PAGES {
        let mut list =
            json!({"jsonrpc": "2.0", "id": format!("fuzz-tools-{page}"), "method": "tools/list", "params": {}});
        if let Some(cursor) = &cursor {
            list["params"]["cursor"] = json!(cursor);
        }
        if modern {
            list["params"]["_meta"] = modern_meta();
        }
        let answer = server.call("tools/list", &list)?;
        let result = answer.get("result").cloned().unwrap_or(Value::Null);
        tools.extend(result.get("tools").and_then(Value::as_array).cloned().unwrap_or_default());
        cursor = result.get("nextCursor").and_then(Value::as_str).map(str::to_string);
        if cursor.is_none() {
            break;
        }
    }
    Ok((chosen, tools))
}

impl Outcome {
    pub fn stdio(lines: Vec<Vec<u8>>, end: End, barrier: Value, barrier_answered: bool) -> Outcome {
        Outcome { lines, http: None, end, barrier, barrier_answered, barrier_note: String::new() }
    }

    /// Whether the process can take another case: it neither exited nor stopped answering.
    pub fn alive(&self) -> bool {
        self.end != End::Exited && self.barrier_answered
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("cannot start the server: {0}")]
    Spawn(#[from] std::io::Error),
    #[error("the server wrote a line that is not a JSON-RPC message before answering `initialize`: {line}")]
    NotAFrame { line: String },
    #[error("no answer to `{method}` within {timeout:?} (--startup-seconds){stderr}")]
    NoAnswer { method: &'static str, timeout: Duration, stderr: String },
    #[error("`initialize` was refused: {0}")]
    Refused(String),
}

/// Lines kept of one case's output: a server that floods stdout is judged by the first ones.
const MAX_LINES: usize = 10_000;

/// Cancelled requests a session remembers, so that a late answer is not blamed on a later case.
const REMEMBERED_CANCELLED: usize = 64;

/// Pages of `tools/list` read at the handshake.
pub const MAX_TOOL_PAGES: usize = 100;

pub struct StdioSession {
    // Dropped first: the writer thread ends and the server sees its input close, before
    // `conn`'s drop waits for it to exit.
    input: Sender<Vec<u8>>,
    conn: StdioConn,
    timeout: Duration,
    barriers: u64,
    /// Ids of requests earlier cases cancelled, the newest last: an answer to one that comes
    /// late belongs to its own case, not to the one it arrives in.
    cancelled: VecDeque<Value>,
    /// The protocol revision the server chose.
    pub revision: String,
    /// The tools it listed, as listed.
    pub tools: Vec<Value>,
}

impl StdioSession {
    /// Starts the server and runs the handshake, each of its answers awaited for `startup`;
    /// cases then wait `timeout`.
    pub fn start(
        launch: &Launch,
        revision: &str,
        startup: Duration,
        timeout: Duration,
    ) -> Result<StdioSession, StartError> {
        let mut conn = StdioConn::spawn(launch, Duration::from_millis(100))?;
        let (input, lines) = channel::<Vec<u8>>();
        if let Some(mut stdin) = conn.take_input() {
            std::thread::spawn(move || {
                use std::io::Write;
                for line in lines {
                    if stdin.write_all(&line).and_then(|()| stdin.flush()).is_err() {
                        return;
                    }
                }
            });
        }
        let mut session = StdioSession {
            input,
            conn,
            timeout: startup,
            barriers: 0,
            cancelled: VecDeque::new(),
            revision: revision.to_string(),
            tools: vec![],
        };
        (session.revision, session.tools) = handshake(&mut session, revision)?;
        session.timeout = timeout;
        Ok(session)
    }

    fn send(&self, value: &Value) {
        let mut line = serde_json::to_vec(value).expect("a JSON value serializes");
        line.push(b'\n');
        // A writer gone means the server is gone; the next read says so.
        let _ = self.input.send(line);
    }
}

impl Handshaking for StdioSession {
    fn notify(&mut self, note: &Value) {
        self.send(note);
    }

    /// Sends a request of the handshake and waits for its answer.
    fn call(&mut self, method: &'static str, request: &Value) -> Result<Value, StartError> {
        self.send(request);
        let deadline = Instant::now() + self.timeout;
        loop {
            let got = if Instant::now() >= deadline { Got::Timeout } else { self.conn.read(deadline) };
            match got {
                Got::Line(line) => match serde_json::from_slice::<Value>(&line) {
                    Ok(answer) if answer.get("id") == request.get("id") => return Ok(answer),
                    Ok(_) => {}
                    Err(_) => return Err(StartError::NotAFrame { line: String::from_utf8_lossy(&line).into_owned() }),
                },
                Got::Eof | Got::Timeout => {
                    let tail = self.conn.stderr_tail();
                    let stderr = if tail.is_empty() { String::new() } else { format!("; its stderr ends:\n{tail}") };
                    return Err(StartError::NoAnswer { method, timeout: self.timeout, stderr });
                }
            }
        }
    }
}

impl StdioSession {
    /// Sends `frames` and the barrier, and gathers what comes back until the barrier and every
    /// answer the frames require are in, the deadline passes, or the server exits.
    pub fn exchange(&mut self, frames: &[Frame]) -> Outcome {
        let mut awaited: Vec<Vec<Value>> = vec![];
        // A request the case cancels may never be answered: it is not waited for.
        let cancelled: Vec<Value> = frames.iter().filter_map(super::frame::cancelled_id).collect();
        for id in &cancelled {
            if self.cancelled.len() == REMEMBERED_CANCELLED {
                self.cancelled.pop_front();
            }
            self.cancelled.push_back(id.clone());
        }
        for frame in frames {
            let mut line = frame.bytes();
            line.push(b'\n');
            let _ = self.input.send(line);
            if let Expect::Answer { ids, .. } = expect(frame)
                && !ids.iter().any(|id| cancelled.contains(id))
            {
                awaited.push(ids);
            }
        }
        self.barriers += 1;
        let barrier = json!(format!("fuzz-barrier-{}", self.barriers));
        self.send(&barrier_request(&self.revision, &barrier));
        let deadline = Instant::now() + self.timeout;
        let mut lines = vec![];
        let mut barrier_seen = false;
        loop {
            if barrier_seen && awaited.is_empty() {
                return Outcome::stdio(lines, End::Answered, barrier, true);
            }
            let got = if Instant::now() >= deadline || lines.len() >= MAX_LINES {
                Got::Timeout
            } else {
                self.conn.read(deadline)
            };
            match got {
                Got::Line(line) => {
                    if let Ok(answer) = serde_json::from_slice::<Value>(&line)
                        && let Some(id) = answer.get("id")
                        && (answer.get("result").is_some() || answer.get("error").is_some())
                    {
                        if *id == barrier {
                            barrier_seen = true;
                        } else if let Some(at) = awaited.iter().position(|ids| ids.contains(id)) {
                            awaited.remove(at);
                        } else if self.cancelled.contains(id) && !cancelled.contains(id) {
                            continue; // a late answer to an earlier case's cancelled request
                        }
                    }
                    lines.push(line);
                }
                Got::Eof => return Outcome::stdio(lines, End::Exited, barrier, barrier_seen),
                Got::Timeout => return Outcome::stdio(lines, End::Timeout, barrier, barrier_seen),
            }
        }
    }
}
