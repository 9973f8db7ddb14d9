//! One server process under the fuzzer: started, handshaken (`initialize`, `initialized`,
//! `tools/list`), then fed cases. Each case ends with a `ping` as a barrier; the case is over
//! when the barrier and every answer its frames require are in (a server may answer out of
//! order), or at its deadline. Writes go through a thread of their own, so a server that stops
//! reading (hung) cannot block the fuzzer, and every read loop checks its deadline itself, so a
//! server that floods stdout cannot either.

use super::frame::{Expect, Frame, expect};
use crate::conform::stdio::{Got, Launch, StdioConn};
use serde_json::{Value, json};
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

/// What came back for one case: every stdout line, in order, and how it ended.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub lines: Vec<Vec<u8>>,
    pub end: End,
    pub barrier: Value,
    /// Whether the barrier's answer came (a server can answer it and still owe another).
    pub barrier_answered: bool,
}

impl Outcome {
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

/// Pages of `tools/list` read at the handshake.
pub const MAX_TOOL_PAGES: usize = 100;

pub struct Session {
    // Dropped first: the writer thread ends and the server sees its input close, before
    // `conn`'s drop waits for it to exit.
    input: Sender<Vec<u8>>,
    conn: StdioConn,
    timeout: Duration,
    barriers: u64,
    /// The protocol revision the server chose.
    pub revision: String,
    /// The tools it listed, as listed.
    pub tools: Vec<Value>,
}

impl Session {
    /// Starts the server and runs the handshake, each of its answers awaited for `startup`;
    /// cases then wait `timeout`.
    pub fn start(launch: &Launch, revision: &str, startup: Duration, timeout: Duration) -> Result<Session, StartError> {
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
        let mut session =
            Session { input, conn, timeout: startup, barriers: 0, revision: revision.to_string(), tools: vec![] };
        let initialize = json!({
            "jsonrpc": "2.0", "id": "fuzz-initialize", "method": "initialize",
            "params": {
                "protocolVersion": revision,
                "capabilities": {},
                "clientInfo": {"name": "ctxlake-fuzz", "version": env!("CARGO_PKG_VERSION")}
            }
        });
        let answer = session.call("initialize", &initialize)?;
        if let Some(error) = answer.get("error") {
            return Err(StartError::Refused(error.to_string()));
        }
        if let Some(chosen) = answer.pointer("/result/protocolVersion").and_then(Value::as_str) {
            session.revision = chosen.to_string();
        }
        session.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        let mut cursor: Option<String> = None;
        for page in 0..MAX_TOOL_PAGES {
            let mut list = json!({"jsonrpc": "2.0", "id": format!("fuzz-tools-{page}"), "method": "tools/list"});
            if let Some(cursor) = &cursor {
                list["params"] = json!({ "cursor": cursor });
            }
            let answer = session.call("tools/list", &list)?;
            let result = answer.get("result").cloned().unwrap_or(Value::Null);
            session.tools.extend(result.get("tools").and_then(Value::as_array).cloned().unwrap_or_default());
            cursor = result.get("nextCursor").and_then(Value::as_str).map(str::to_string);
            if cursor.is_none() {
                break;
            }
        }
        session.timeout = timeout;
        Ok(session)
    }

    fn send(&self, value: &Value) {
        let mut line = serde_json::to_vec(value).expect("a JSON value serializes");
        line.push(b'\n');
        // A writer gone means the server is gone; the next read says so.
        let _ = self.input.send(line);
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

    /// Sends `frames` and the barrier, and gathers what comes back until the barrier and every
    /// answer the frames require are in, the deadline passes, or the server exits.
    pub fn exchange(&mut self, frames: &[Frame]) -> Outcome {
        let mut awaited: Vec<Vec<Value>> = vec![];
        for frame in frames {
            let mut line = frame.bytes();
            line.push(b'\n');
            let _ = self.input.send(line);
            if let Expect::Answer { ids, .. } = expect(frame) {
                awaited.push(ids);
            }
        }
        self.barriers += 1;
        let barrier = json!(format!("fuzz-barrier-{}", self.barriers));
        self.send(&json!({"jsonrpc": "2.0", "id": barrier, "method": "ping"}));
        let deadline = Instant::now() + self.timeout;
        let mut lines = vec![];
        let mut barrier_seen = false;
        loop {
            if barrier_seen && awaited.is_empty() {
                return Outcome { lines, end: End::Answered, barrier, barrier_answered: true };
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
                        }
                    }
                    lines.push(line);
                }
                Got::Eof => return Outcome { lines, end: End::Exited, barrier, barrier_answered: barrier_seen },
                Got::Timeout => return Outcome { lines, end: End::Timeout, barrier, barrier_answered: barrier_seen },
            }
        }
    }
}
