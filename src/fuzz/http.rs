//! One Streamable HTTP server under the fuzzer: a session (`initialize`, `initialized`,
//! `tools/list`), then cases. Each frame of a case is its own POST (a [`Frame::Http`] its own
//! request), the case's requests in flight at once, each on its own connection; then a `ping`
//! barrier. The fuzzer does not own the server's process: a restart is a new session.

use super::frame::{Frame, HttpFrame};
use super::session::{End, HttpOutcome, Outcome, Posted, StartError};
use crate::conform::http::{self, Response, Url};
use crate::conform::world::post_headers;
use serde_json::{Value, json};
use std::io::ErrorKind;
use std::time::Duration;

pub struct HttpSession {
    url: Url,
    /// The `Mcp-Session-Id` the server issued, if it did.
    session_id: Option<String>,
    timeout: Duration,
    barriers: u64,
    pub revision: String,
    pub tools: Vec<Value>,
}

/// How one request ended before an HTTP answer: the server is gone, or did not answer in time.
enum Failed {
    Gone(String),
    Silent(String),
}

impl HttpSession {
    /// Opens a session at `url`, each answer of the handshake awaited for `startup`; cases then
    /// wait `timeout`.
    pub fn start(url: &Url, revision: &str, startup: Duration, timeout: Duration) -> Result<HttpSession, StartError> {
        let mut session = HttpSession {
            url: url.clone(),
            session_id: None,
            timeout: startup,
            barriers: 0,
            revision: revision.to_string(),
            tools: vec![],
        };
        let initialize = json!({
            "jsonrpc": "2.0", "id": "fuzz-initialize", "method": "initialize",
            "params": {
                "protocolVersion": revision,
                "capabilities": {},
                "clientInfo": {"name": "ctxlake-fuzz", "version": env!("CARGO_PKG_VERSION")}
            }
        });
        let (answer, response) = session.call("initialize", &initialize)?;
        if let Some(error) = answer.get("error") {
            return Err(StartError::Refused(error.to_string()));
        }
        session.session_id = response.header("mcp-session-id").map(str::to_string);
        if let Some(chosen) = answer.pointer("/result/protocolVersion").and_then(Value::as_str) {
            session.revision = chosen.to_string();
        }
        let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
        // Its answer is judged by no one here: a server that refuses it refuses what follows.
        let _ = session.post(&Frame::Json(initialized));
        let mut cursor: Option<String> = None;
        for page in 0..super::session::MAX_TOOL_PAGES {
            let mut list = json!({"jsonrpc": "2.0", "id": format!("fuzz-tools-{page}"), "method": "tools/list"});
            if let Some(cursor) = &cursor {
                list["params"] = json!({ "cursor": cursor });
            }
            let (answer, _) = session.call("tools/list", &list)?;
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

    /// A request of the handshake and its answer.
    fn call(&mut self, method: &'static str, request: &Value) -> Result<(Value, Response), StartError> {
        let timeout = self.timeout;
        let no_answer = |why: String| StartError::NoAnswer { method, timeout, stderr: format!(" ({why})") };
        let response = self.post(&Frame::Json(request.clone())).map_err(|f| match f {
            Failed::Gone(why) | Failed::Silent(why) => no_answer(why),
        })?;
        let frames = response.frames().map_err(|why| no_answer(format!("HTTP {}: {why}", response.status)))?;
        let answer = frames.into_iter().find(|f| f.get("id") == request.get("id"));
        match answer {
            Some(answer) => Ok((answer, response)),
            None => Err(no_answer(format!("HTTP {} without its answer", response.status))),
        }
    }

    /// The headers and method `frame` is sent with: the session's for its body, then what an
    /// HTTP frame bends. A DELETE never carries the live session's id (it would end it).
    fn request(&self, frame: &Frame) -> (String, Vec<(String, String)>, Vec<u8>) {
        let body = frame.bytes();
        let mut headers = post_headers(Some(self.revision.as_str()), self.session_id.as_deref(), &body);
        let Frame::Http(HttpFrame { method, headers: bent, .. }) = frame else {
            return ("POST".into(), headers, body);
        };
        if method.eq_ignore_ascii_case("DELETE") {
            headers.retain(|(k, _)| !k.eq_ignore_ascii_case("mcp-session-id"));
        }
        for (name, value) in bent {
            headers.retain(|(k, _)| !k.eq_ignore_ascii_case(name));
            if let Some(value) = value {
                headers.push((name.clone(), value.clone()));
            }
        }
        (method.clone(), headers, body)
    }

    fn post(&self, frame: &Frame) -> Result<Response, Failed> {
        let (method, headers, body) = self.request(frame);
        http::send(&self.url, &method, &headers, &body, self.timeout).map_err(|e| match e.kind() {
            ErrorKind::ConnectionRefused => Failed::Gone(format!("connection refused: {e}")),
            _ => Failed::Silent(e.to_string()),
        })
    }

    /// Sends the case's frames at once, then the barrier, and records what each answered.
    pub fn exchange(&mut self, frames: &[Frame]) -> Outcome {
        let this = &*self;
        let answers: Vec<Result<Response, Failed>> = std::thread::scope(|scope| {
            let handles: Vec<_> = frames.iter().map(|frame| scope.spawn(move || this.post(frame))).collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|_| Err(Failed::Silent("the sender panicked".into()))))
                .collect()
        });
        let mut end = End::Answered;
        let mut posts = vec![];
        for answer in answers {
            posts.push(match answer {
                Ok(response) => Posted::of(&response),
                Err(Failed::Gone(why)) => {
                    end = End::Exited;
                    Posted::failed(why)
                }
                Err(Failed::Silent(why)) => {
                    if end == End::Answered {
                        end = End::Timeout;
                    }
                    Posted::failed(why)
                }
            });
        }
        self.barriers += 1;
        let barrier = json!(format!("fuzz-barrier-{}", self.barriers));
        let ping = Frame::Json(json!({"jsonrpc": "2.0", "id": barrier, "method": "ping"}));
        let (barrier_answered, note) = match self.post(&ping) {
            Ok(response) => {
                let answered = response.frames().is_ok_and(|frames| {
                    frames.iter().any(|f| f.get("id") == Some(&barrier) && f.get("result").is_some())
                });
                (answered, format!("HTTP {}", response.status))
            }
            Err(Failed::Gone(why)) => {
                end = End::Exited;
                (false, why)
            }
            Err(Failed::Silent(why)) => (false, why),
        };
        if !barrier_answered && end == End::Answered {
            end = End::Timeout;
        }
        let http = HttpOutcome { posts, revision: self.revision.clone(), session: self.session_id.is_some() };
        Outcome { lines: vec![], http: Some(http), end, barrier, barrier_answered, barrier_note: note }
    }
}

impl Drop for HttpSession {
    /// Ends the session politely; a server that is gone has nothing to end.
    fn drop(&mut self) {
        if let Some(id) = &self.session_id {
            let headers = vec![("Mcp-Session-Id".to_string(), id.clone())];
            let _ = http::send(&self.url, "DELETE", &headers, b"", Duration::from_secs(2));
        }
    }
}
