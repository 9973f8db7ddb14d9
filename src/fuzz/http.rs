//! One Streamable HTTP server under the fuzzer: a session (`initialize`, `initialized`,
//! `tools/list`), then cases. Each frame of a case is its own POST (a [`Frame::Http`] its own
//! request), the case's requests in flight at once, each on its own connection; then a `ping`
//! barrier. The fuzzer does not own the server's process: a restart is a new session.

use super::frame::{Frame, HttpFrame};
use super::session::{End, Handshaking, HttpOutcome, Outcome, Posted, StartError, barrier_request, handshake};
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
        (session.revision, session.tools) = handshake(&mut session, revision)?;
        session.timeout = timeout;
        Ok(session)
    }
}

impl Handshaking for HttpSession {
    /// Its answer is judged by no one here: a server that refuses it refuses what follows.
    fn notify(&mut self, note: &Value) {
        let _ = self.post(&Frame::Json(note.clone()));
    }

    fn negotiated(&mut self, revision: &str) {
        self.revision = revision.to_string();
    }

    /// A request of the handshake and its answer; `initialize`'s may issue a session id.
    fn call(&mut self, method: &'static str, request: &Value) -> Result<Value, StartError> {
        let timeout = self.timeout;
        let no_answer = |why: String| StartError::NoAnswer { method, timeout, stderr: format!(" ({why})") };
        let response = self.post(&Frame::Json(request.clone())).map_err(|f| match f {
            Failed::Gone(why) | Failed::Silent(why) => no_answer(why),
        })?;
        let frames = response.frames().map_err(|why| no_answer(format!("HTTP {}: {why}", response.status)))?;
        let answer = frames.into_iter().find(|f| f.get("id") == request.get("id"));
        if method == "initialize" {
            self.session_id = response.header("mcp-session-id").map(str::to_string);
        }
        answer.ok_or_else(|| no_answer(format!("HTTP {} without its answer", response.status)))
    }
}

impl HttpSession {
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
        // A GET may open a stream that stays open: without a body, only its head is awaited.
        let body = match method.to_ascii_uppercase().as_str() {
            "GET" | "DELETE" | "OPTIONS" | "HEAD" => vec![],
            _ => body,
        };
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
        let ping = Frame::Json(barrier_request(&self.revision, &barrier));
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
