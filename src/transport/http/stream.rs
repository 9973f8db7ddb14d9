//! Messages sent before a POST's answer, on its SSE response: notifications a handler emits
//! while it runs (progress, log messages) and requests it makes of the client (sampling,
//! elicitation), whose answers come back in later POSTs. An answer that comes with nothing
//! before it is rendered exactly as before, so ordinary requests pay only for an idle channel.
//! Also the two SSE streams that outlive a request: a 2026-07-28 `subscriptions/listen` the core
//! holds open (`Held`), and a legacy session's GET stream (`session_events`); each polls the
//! core's watcher once a second on the blocking pool and sends what changed.

use super::exchange::{Listening, Reply};
use super::replay::{Replays, Writer};
use super::sessions::Sessions;
use crate::rpc::Outbox;
use crate::rpc::extension::notification;
use crate::rpc::server::WATCH_EVERY;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, mpsc};
use std::time::Duration;
use tokio::sync::mpsc as channel;

/// A comment line sent this often on a stream that outlives its request, so proxies keep it open.
pub const KEEPALIVE: Duration = Duration::from_secs(15);
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
    pub fn deliver(&self, frame: &serde_json::Map<String, Value>) -> bool {
        let Some(id) = frame.get("id").and_then(Value::as_str) else { return false };
        let Some(waiter) = self.lock().remove(id) else { return false };
        waiter.send(Value::Object(frame.clone())).is_ok()
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

    /// A hangup that cancels nothing: before 2026-07-28, "disconnection SHOULD NOT be
    /// interpreted as the client cancelling its request" (the answer goes to `replay`'s log).
    pub fn inert() -> Hangup {
        Hangup { closed: Arc::new(AtomicBool::new(false)), answered: true }
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

/// What a `subscriptions/listen` stream held open needs besides its session: the pool's
/// permits (each poll of its resources is one request's worth of blocking work) and the signal
/// that the server is shutting down (the stream then ends with its answer).
#[derive(Clone)]
pub struct Watch {
    pub inflight: Arc<tokio::sync::Semaphore>,
    pub closing: tokio::sync::watch::Receiver<bool>,
}

/// What makes a POST's SSE answer resumable (before 2026-07-28): the logs, who asked (set once
/// the request is authenticated, before the handler can send anything) and whether the log
/// begins with a priming event (2025-11-25).
pub struct Resume {
    pub replays: Arc<Replays>,
    pub owner: Arc<OnceLock<String>>,
    pub prime: bool,
}

impl Resume {
    fn open(self) -> Option<Writer> {
        self.replays.open(self.owner.get()?, self.prime)
    }
}

/// Where a POST's SSE body is.
enum Phase {
    /// The handler runs: what it queues goes out, then its reply.
    Answering {
        queued: channel::Receiver<String>,
        answered: tokio::task::JoinHandle<Reply>,
        hangup: Hangup,
    },
    /// A `subscriptions/listen` stream held open after its handler returned.
    Listening(Box<Held>),
    Done,
}

struct Held {
    listening: Box<Listening>,
    watch: Watch,
    poll_at: tokio::time::Instant,
    keepalive_at: tokio::time::Instant,
}

/// The answer to a POST: the reply alone when nothing came before it; otherwise an SSE stream
/// of what the handler sent, then the reply's frame (its status and headers are then those of
/// a stream already begun: 200 and the SSE headers). `hangup` lives as long as the client
/// waits: dropped before the answer, it tells the handler the client went away. A reply that
/// holds a `subscriptions/listen` stream open keeps the stream: its resources' updates follow,
/// until the client hangs up or the server shuts down. With `resume`, a stream's events are
/// written to a log (`replay`) that the body follows, so a client can resume it.
pub async fn respond(
    mut answered: tokio::task::JoinHandle<Reply>,
    mut queued: channel::Receiver<String>,
    hangup: Hangup,
    watch: Watch,
    resume: Option<Resume>,
    render: impl FnOnce(Reply) -> axum::response::Response,
) -> axum::response::Response {
    let (first, phase) = tokio::select! {
        biased;
        Some(frame) = queued.recv() => match resume.and_then(Resume::open) {
            Some(writer) => {
                writer.push(&frame);
                let body = writer.body();
                tokio::spawn(produce(writer, queued, answered, hangup));
                return sse(axum::body::Body::from_stream(body));
            }
            None => (Some(event(&frame)), Phase::Answering { queued, answered, hangup }),
        },
        reply = &mut answered => {
            hangup.answered();
            match reply {
                Ok(Reply { listening: Some(listening), frame, .. }) => {
                    (frame.map(|f| event(&f)), Phase::Listening(Box::new(Held::new(listening, watch.clone()))))
                }
                Ok(reply) => return render(reply),
                Err(e) => return internal(e),
            }
        }
    };
    let stream = futures::stream::unfold((first, phase, watch), |(first, phase, watch)| async move {
        if let Some(chunk) = first {
            return Some((Ok::<_, std::convert::Infallible>(chunk), (None, phase, watch)));
        }
        let (chunk, phase) = next(phase, watch.clone()).await?;
        Some((Ok(chunk), (None, phase, watch)))
    });
    sse(axum::body::Body::from_stream(stream))
}

/// An SSE response with `body`.
pub fn sse(body: axum::body::Body) -> axum::response::Response {
    let mut response = axum::response::Response::new(body);
    sse_headers(response.headers_mut());
    response
}

/// Writes the rest of a resumable answer to its log, whether or not anyone reads it; the
/// stream ends when this returns (the writer is dropped).
async fn produce(
    writer: Writer,
    mut queued: channel::Receiver<String>,
    answered: tokio::task::JoinHandle<Reply>,
    hangup: Hangup,
) {
    while let Some(frame) = queued.recv().await {
        writer.push(&frame);
    }
    let reply = match answered.await {
        Ok(reply) => reply,
        Err(e) => return tracing::error!("an HTTP exchange failed: {e}"),
    };
    hangup.answered();
    if let Some(frame) = &reply.frame {
        writer.push(frame);
    }
    // Listens are held on 2026-07-28 streams, which are not resumable; one that came here
    // anyway ends at once, with its answers.
    if let Some(mut listening) = reply.listening {
        for frame in listening.server.end_listens(&mut listening.session) {
            writer.push(&frame.encode());
        }
    }
}

/// The body's next chunk, and where the body is after it; `None` ends the body.
async fn next(mut phase: Phase, watch: Watch) -> Option<(String, Phase)> {
    loop {
        phase = match phase {
            Phase::Answering { mut queued, answered, hangup } => {
                if let Some(frame) = queued.recv().await {
                    return Some((event(&frame), Phase::Answering { queued, answered, hangup }));
                }
                let reply = answered.await.ok()?;
                hangup.answered();
                match reply.listening {
                    Some(listening) => Phase::Listening(Box::new(Held::new(listening, watch.clone()))),
                    None => return reply.frame.map(|frame| (event(&frame), Phase::Done)),
                }
            }
            Phase::Listening(mut held) => {
                let (chunk, ended) = held.next().await?;
                return Some((chunk, if ended { Phase::Done } else { Phase::Listening(held) }));
            }
            Phase::Done => return None,
        };
    }
}

impl Held {
    fn new(listening: Box<Listening>, watch: Watch) -> Held {
        let now = tokio::time::Instant::now();
        Held { listening, watch, poll_at: now + WATCH_EVERY, keepalive_at: now + KEEPALIVE }
    }

    /// The answers that end the stream, and that it ends.
    fn end(&mut self) -> (String, bool) {
        let ended = self.listening.server.end_listens(&mut self.listening.session);
        (ended.iter().map(|frame| event(&frame.encode())).collect(), true)
    }

    /// The next chunk of a held stream (its updates, a keep-alive comment, or at shutdown its
    /// answers) and whether the stream ends with it. `None`: it ends at once (a failed poll).
    async fn next(&mut self) -> Option<(String, bool)> {
        // A stream held after shutdown began ends at once.
        let closing = *self.watch.closing.borrow();
        if closing {
            return Some(self.end());
        }
        loop {
            tokio::select! {
                biased;
                // Set only once, to true (or the server is gone): the answers end the streams.
                _ = self.watch.closing.changed() => return Some(self.end()),
                () = tokio::time::sleep_until(self.poll_at) => {
                    self.poll_at += WATCH_EVERY;
                    // A busy pool skips this poll: the next one sees the same change.
                    let Ok(permit) = self.watch.inflight.clone().try_acquire_owned() else { continue };
                    let session = std::mem::take(&mut self.listening.session);
                    let (session, frames) = poll(permit, self.listening.server.clone(), session).await?;
                    self.listening.session = session;
                    if !frames.is_empty() {
                        return Some((events(&frames), false));
                    }
                }
                () = tokio::time::sleep_until(self.keepalive_at) => {
                    self.keepalive_at += KEEPALIVE;
                    return Some((": keep-alive\n\n".to_string(), false));
                }
            }
        }
    }
}

/// What a legacy session's GET stream reads: the sessions, the pool's permits (each poll is one
/// request's worth of blocking work) and the server of the stream's principal.
pub struct Watched {
    pub sessions: Arc<Sessions>,
    pub inflight: Arc<tokio::sync::Semaphore>,
    pub server: Arc<crate::rpc::Server>,
}

/// A legacy session's GET stream, from one poll to the next.
struct SessionStream {
    watched: Watched,
    id: String,
    owner: String,
    poll_at: tokio::time::Instant,
    keepalive_at: tokio::time::Instant,
}

/// The body of a legacy session's GET stream: a keep-alive comment at once and every
/// `KEEPALIVE` after, and while the session holds resource subscriptions, each
/// `notifications/resources/updated` its watcher finds. It ends when the session does.
pub fn session_events(
    watched: Watched,
    id: String,
    owner: String,
) -> impl futures::Stream<Item = Result<String, std::convert::Infallible>> + Send {
    let now = tokio::time::Instant::now();
    let state = SessionStream { watched, id, owner, poll_at: now + WATCH_EVERY, keepalive_at: now };
    futures::stream::unfold(state, |mut state| async move {
        let chunk = state.next().await?;
        Some((Ok(chunk), state))
    })
}

impl SessionStream {
    async fn next(&mut self) -> Option<String> {
        loop {
            tokio::select! {
                biased;
                () = tokio::time::sleep_until(self.keepalive_at) => {
                    self.keepalive_at += KEEPALIVE;
                    return Some(": keep-alive\n\n".to_string());
                }
                () = tokio::time::sleep_until(self.poll_at) => {
                    self.poll_at += WATCH_EVERY;
                    // A busy pool skips this look: the next one sees the same change.
                    let Ok(permit) = self.watched.inflight.clone().try_acquire_owned() else { continue };
                    let (sessions, server) = (self.watched.sessions.clone(), self.watched.server.clone());
                    let (id, owner) = (self.id.clone(), self.owner.clone());
                    let looked = tokio::task::spawn_blocking(move || {
                        let _permit = permit;
                        look(&sessions, &server, &id, &owner)
                    });
                    match looked.await.ok()? {
                        // A session that ended (DELETE, or evicted) ends its stream.
                        Look::Ended => return None,
                        Look::Updates(frames) if !frames.is_empty() => return Some(events(&frames)),
                        Look::Updates(_) => {}
                    }
                }
            }
        }
    }
}

enum Look {
    Ended,
    Updates(Vec<Value>),
}

/// One look at a legacy session's subscriptions, on the blocking pool (the session may be in
/// the state store): the updates found, or that the session ended. A store that cannot be read
/// now ends nothing: the next look tries again.
fn look(sessions: &Sessions, server: &crate::rpc::Server, id: &str, owner: &str) -> Look {
    let (mut polled, found) = match sessions.get(id, owner) {
        Ok(Some(looked)) => looked,
        Ok(None) => return Look::Ended,
        Err(e) => {
            tracing::warn!("{e}");
            return Look::Updates(vec![]);
        }
    };
    if !polled.is_subscribed() {
        return Look::Updates(vec![]);
    }
    let frames = server.resource_updates(&mut polled);
    // Written as a change (its new digests), merged onto the session as requests left it.
    if let Err(e) = sessions.put(id, owner, polled, &found) {
        tracing::warn!("{e}");
    }
    Look::Updates(frames)
}

/// One look at what `session` watches, on the blocking pool under `permit` (a request's worth of
/// work): the session with its reads updated, and the updates found. `None` if the look panicked.
async fn poll(
    permit: tokio::sync::OwnedSemaphorePermit,
    server: Arc<crate::rpc::Server>,
    mut session: crate::rpc::Session,
) -> Option<(crate::rpc::Session, Vec<Value>)> {
    let polled = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let frames = server.resource_updates(&mut session);
        (session, frames)
    });
    polled.await.ok()
}

/// The SSE events that carry `frames`, as one chunk.
fn events(frames: &[Value]) -> String {
    frames.iter().map(|frame| event(&frame.to_string())).collect()
}

/// The headers of every SSE response.
pub fn sse_headers(headers: &mut axum::http::HeaderMap) {
    use axum::http::{HeaderName, HeaderValue, header};
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/event-stream"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(HeaderName::from_static("x-accel-buffering"), HeaderValue::from_static("no"));
}

fn internal(e: tokio::task::JoinError) -> axum::response::Response {
    use axum::response::IntoResponse as _;
    // The core catches handler panics; reaching this is a bug in this layer.
    tracing::error!("an HTTP exchange failed: {e}");
    axum::http::StatusCode::INTERNAL_SERVER_ERROR.into_response()
}
