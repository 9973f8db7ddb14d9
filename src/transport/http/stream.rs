//! Messages sent before a POST's answer, on its SSE response: notifications a handler emits
//! while it runs (progress, log messages) and requests it makes of the client (sampling,
//! elicitation), whose answers come back in later POSTs. An answer that comes with nothing
//! before it is rendered exactly as before, so ordinary requests pay only for an idle channel.

use super::exchange::Reply;
use crate::rpc::Outbox;
use crate::rpc::extension::notification;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;
use tokio::sync::mpsc as channel;

/// How long a handler waits for the client to answer its request, by default.
pub const ASK_TIMEOUT: Duration = Duration::from_secs(60);
/// Messages a handler may have queued ahead of a client that does not read; past it, it waits.
pub const QUEUE: usize = 64;
/// Requests to clients outstanding at once, process-wide; past it, asking fails at once.
const MAX_PENDING: usize = 1024;

/// Requests this server sent to clients, by JSON-RPC id, waiting for the POST that answers
/// them. An id is 96 random bits: knowing it is what lets a POST deliver the answer.
#[derive(Default, Clone)]
pub struct Pending(Arc<Mutex<HashMap<String, mpsc::Sender<Value>>>>);

impl Pending {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, mpsc::Sender<Value>>> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Hands `frame` (a response) to the handler waiting for it; `false` when none is.
    pub fn deliver(&self, frame: &Value) -> bool {
        let Some(id) = frame.get("id").and_then(Value::as_str) else { return false };
        let Some(waiter) = self.lock().remove(id) else { return false };
        waiter.send(frame.clone()).is_ok()
    }
}

/// Set when the client goes away before its answer: held by the async side of one POST, whose
/// future (or SSE body) hyper drops when the connection closes. A 2026-07-28 client cancels a
/// request by closing its stream, so the handler reads this as a cancellation.
pub struct Hangup {
    closed: Arc<AtomicBool>,
    answered: bool,
}

impl Hangup {
    pub fn armed() -> Hangup {
        Hangup { closed: Arc::new(AtomicBool::new(false)), answered: false }
    }

    /// The flag the handler's outbox reads.
    pub fn flag(&self) -> Arc<AtomicBool> {
        self.closed.clone()
    }

    /// The answer went out: dropping this is no longer a hangup.
    fn answered(mut self) {
        self.answered = true;
    }
}

impl Drop for Hangup {
    fn drop(&mut self) {
        if !self.answered {
            self.closed.store(true, Ordering::Relaxed);
        }
    }
}

/// The outbox of one POST. `sender` is `None` when the client asked for a JSON answer: there
/// is then no stream to put anything on.
pub struct StreamOutbox {
    sender: Option<channel::Sender<String>>,
    pending: Pending,
    timeout: Duration,
    closed: Arc<AtomicBool>,
}

impl StreamOutbox {
    pub fn new(
        sender: Option<channel::Sender<String>>,
        pending: Pending,
        timeout: Duration,
        closed: Arc<AtomicBool>,
    ) -> StreamOutbox {
        StreamOutbox { sender, pending, timeout, closed }
    }

    fn send(&self, frame: Value) -> Result<(), String> {
        let Some(sender) = &self.sender else {
            return Err("the answer is plain JSON (the client's Accept prefers it): nothing can precede it".into());
        };
        // On a thread of the blocking pool, where waiting is allowed.
        sender.blocking_send(frame.to_string()).map_err(|_| "the client went away".to_string())
    }
}

impl Outbox for StreamOutbox {
    fn notify(&self, method: &str, params: Value) {
        if let Err(why) = self.send(notification(method, params)) {
            tracing::debug!(%method, why, "notification not sent");
        }
    }

    fn ask(&self, method: &str, params: Value) -> Result<Value, String> {
        let bytes = crate::keys::random_bytes::<12>().map_err(|e| e.to_string())?;
        let id = format!("ctxlake-{}", crate::keys::hex(&bytes));
        let (waiter, answer) = mpsc::channel();
        {
            let mut pending = self.pending.lock();
            if pending.len() >= MAX_PENDING {
                return Err("too many requests to clients outstanding".into());
            }
            pending.insert(id.clone(), waiter);
        }
        let sent = self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let answer =
            sent.and_then(|()| answer.recv_timeout(self.timeout).map_err(|_| "the client did not answer".into()));
        self.pending.lock().remove(&id);
        let answer = answer?;
        match (answer.get("result"), answer.get("error")) {
            (Some(result), _) => Ok(result.clone()),
            (None, Some(error)) => Err(format!("the client answered with an error: {error}")),
            (None, None) => Err("the client's answer has neither result nor error".into()),
        }
    }

    fn closed(&self) -> bool {
        self.closed.load(Ordering::Relaxed)
    }
}

/// The SSE event that carries `frame`.
pub fn event(frame: &str) -> String {
    format!("event: message\ndata: {frame}\n\n")
}

/// The answer to a POST: the reply alone when nothing came before it; otherwise an SSE stream
/// of what the handler sent, then the reply's frame (its status and headers are then those of
/// a stream already begun: 200 and the SSE headers). `hangup` lives as long as the client
/// waits: dropped before the answer, it tells the handler the client went away.
pub async fn respond(
    mut answered: tokio::task::JoinHandle<Reply>,
    mut queued: channel::Receiver<String>,
    hangup: Hangup,
    render: impl FnOnce(Reply) -> axum::response::Response,
) -> axum::response::Response {
    let first = tokio::select! {
        biased;
        Some(frame) = queued.recv() => frame,
        reply = &mut answered => {
            hangup.answered();
            return match reply {
                Ok(reply) => render(reply),
                Err(e) => internal(e),
            };
        }
    };
    let state = (Some(first), queued, Some((answered, hangup)));
    let stream = futures::stream::unfold(state, |(first, mut queued, answered)| async move {
        if let Some(frame) = first {
            return Some((Ok::<_, std::convert::Infallible>(event(&frame)), (None, queued, answered)));
        }
        if let Some(frame) = queued.recv().await {
            return Some((Ok(event(&frame)), (None, queued, answered)));
        }
        let (answered, hangup) = answered?;
        let reply = answered.await.ok()?;
        hangup.answered();
        reply.frame.map(|frame| (Ok(event(&frame)), (None, queued, None)))
    });
    let mut response = axum::response::Response::new(axum::body::Body::from_stream(stream));
    super::sse_headers(response.headers_mut());
    response
}

fn internal(e: tokio::task::JoinError) -> axum::response::Response {
    use axum::response::IntoResponse as _;
    // The core catches handler panics; reaching this is a bug in this layer.
    tracing::error!("an HTTP exchange failed: {e}");
    axum::http::StatusCode::INTERNAL_SERVER_ERROR.into_response()
}
