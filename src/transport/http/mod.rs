//! Streamable HTTP (`ctxlake serve`, feature `serve`): MCP on one endpoint, `/mcp`, for every
//! revision, on the same `rpc::Server` as stdio. Async only here at the edge: hyper accepts
//! connections (TCP_NODELAY, a header read timeout, a cap on open connections) and an axum
//! router checks what needs no blocking (Host, Origin, method, Content-Type, Accept, body size
//! and read timeout); each POST then runs on tokio's blocking pool behind a semaphore whose
//! size is the cap on requests in flight (503 with Retry-After past it), where `exchange`
//! authenticates, charges quotas and calls the core. docs/serve.md has the status table.

pub mod exchange;
pub mod files;
pub mod policy;
pub mod replay;
pub mod sessions;
pub mod stream;

use crate::keys::KeyStore;
use crate::rpc::{Revision, Server};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse as _, Response};
use exchange::{Post, Reply, SERVER_ERROR};
use http_body_util::BodyExt as _;
use policy::Framing;
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;
pub use stream::KEEPALIVE;
use stream::sse_headers;
use tokio::sync::Semaphore;

/// The endpoint.
pub const PATH: &str = "/mcp";
/// The same cap as a stdio line.
pub const MAX_BODY_BYTES: usize = 4 * 1024 * 1024;

/// Guest access: the daily tool-call quota per client IP.
#[derive(Debug, Clone)]
pub struct GuestPolicy {
    pub quota: u32,
    /// Calls of tools that write per IP per day; `None`: `keys::write_budget`'s default.
    pub write_quota: Option<u32>,
}

#[derive(Debug, Clone)]
pub struct Config {
    /// Host names (no port) a `Host` header may name, and an `Origin` may have.
    pub allowed_hosts: Vec<String>,
    /// Exact origins (`https://app.example`) allowed besides those of `allowed_hosts`.
    pub allowed_origins: Vec<String>,
    pub max_body_bytes: usize,
    pub header_timeout: Duration,
    pub body_timeout: Duration,
    /// Requests handled at once (threads of the blocking pool); past it, 503.
    pub max_inflight: usize,
    /// Connections held open at once; past it, new connections wait in the listen backlog.
    pub max_connections: usize,
    /// 2026-07-28 `subscriptions/listen` streams held open at once; past it, a listen is
    /// acknowledged with nothing and ended at once.
    pub max_listens: usize,
    /// Legacy `Mcp-Session-Id` sessions, at most this many; `None` is stateless.
    pub sessions: Option<usize>,
    /// Requests without a bearer key are served as guests (needs a key store).
    pub guests: Option<GuestPolicy>,
    /// The tools a guest, or a key scoped to no fleet, may see and call: `ctxlake serve` passes
    /// the knowledge family unless `--guest-tools` names others; empty here, so none.
    pub knowledge_tools: Vec<String>,
    /// Proxies whose `X-Forwarded-For` names the client (`--trust-proxy`); empty: the TCP peer
    /// is the client.
    pub trusted_proxies: Vec<IpAddr>,
    /// How long a handler waits for the client to answer a request it sent (sampling,
    /// elicitation: the conformance fixtures' asking tools).
    pub ask_timeout: Duration,
}

impl Config {
    /// The defaults for a server bound to `bind`: loopback names and the bound address allowed.
    pub fn new(bind: SocketAddr) -> Config {
        let mut hosts: Vec<String> = ["localhost", "127.0.0.1", "[::1]"].map(String::from).to_vec();
        if !bind.ip().is_unspecified() {
            hosts.push(match bind.ip() {
                IpAddr::V6(v6) => format!("[{v6}]"),
                v4 => v4.to_string(),
            });
        }
        Config {
            allowed_hosts: hosts,
            allowed_origins: vec![],
            max_body_bytes: MAX_BODY_BYTES,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            max_inflight: 64,
            max_connections: 4096,
            max_listens: 256,
            sessions: None,
            guests: None,
            knowledge_tools: vec![],
            trusted_proxies: vec![],
            ask_timeout: stream::ASK_TIMEOUT,
        }
    }
}

/// Which tools, fleet and agent a request is served with.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Scope {
    /// No key store: the server's own fleet and agent, every tool (`ctxlake mcp` over HTTP).
    Local,
    /// A key scoped to `fleet`: its fleet and memory tools (or `tools`), as agent `agent`, over
    /// its `projects` (`None`: every project).
    Fleet { fleet: String, agent: String, tools: Option<Vec<String>>, projects: Option<Vec<String>> },
    /// Guests and keys scoped to no fleet: these tools only.
    Restricted { tools: Vec<String> },
}

type Build = dyn Fn(&Scope) -> Option<Server> + Send + Sync;

/// One shared `Server` per scope, built on first use by the binary's `build` (which knows the
/// tools; this layer does not) and kept. Bounded: past `CAP` scopes the cache starts over.
pub struct Servers {
    build: Box<Build>,
    cache: Mutex<HashMap<Scope, Arc<Server>>>,
}

impl Servers {
    const CAP: usize = 1024;

    pub fn new(build: impl Fn(&Scope) -> Option<Server> + Send + Sync + 'static) -> Servers {
        Servers { build: Box::new(build), cache: Mutex::new(HashMap::new()) }
    }

    /// The server for `scope`; `None` when it cannot be built (an invalid fleet id).
    pub fn get(&self, scope: &Scope) -> Option<Arc<Server>> {
        let cache = || self.cache.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(server) = cache().get(scope) {
            return Some(server.clone());
        }
        // Built outside the lock: a Server is cheap, but not free.
        let server = Arc::new((self.build)(scope)?);
        let mut cache = cache();
        if cache.len() >= Self::CAP {
            cache.clear();
        }
        Some(cache.entry(scope.clone()).or_insert(server).clone())
    }
}

/// Everything a request needs, shared by all connections.
pub struct App {
    pub config: Config,
    pub servers: Servers,
    pub keys: Option<Arc<KeyStore>>,
    sessions: Option<Arc<sessions::Sessions>>,
    inflight: Arc<Semaphore>,
    files: Option<files::Files>,
    /// Requests handlers sent to clients, waiting for their answers.
    pub pending: stream::Pending,
    /// Set when the server shuts down: held `subscriptions/listen` streams then end with their answers.
    closing: tokio::sync::watch::Sender<bool>,
    /// Room for held `subscriptions/listen` streams (`Config::max_listens`).
    listens: Arc<Semaphore>,
    /// The logs of resumable SSE answers (before 2026-07-28).
    replays: Arc<replay::Replays>,
}

impl App {
    pub fn new(config: Config, servers: Servers, keys: Option<Arc<KeyStore>>) -> Arc<App> {
        // With a state store, sessions and stream logs are kept where every host sharing it sees them.
        let sessions = config.sessions.map(|cap| match &keys {
            Some(store) => Arc::new(sessions::Sessions::shared(cap, store.clone())),
            None => Arc::new(sessions::Sessions::new(cap)),
        });
        let inflight = Arc::new(Semaphore::new(config.max_inflight.max(1)));
        // The files describe every tool of the catalog (the local scope's server lists them all).
        let files = servers.get(&Scope::Local).map(|server| files::Files::generate(&server, &config, keys.is_some()));
        let (closing, _) = tokio::sync::watch::channel(false);
        let pending = stream::Pending::default();
        let listens = Arc::new(Semaphore::new(config.max_listens));
        let replays = Arc::new(replay::Replays::new(keys.clone()));
        Arc::new(App { config, servers, keys, sessions, inflight, files, pending, closing, listens, replays })
    }

    /// Ends every `subscriptions/listen` stream held open, each with its answer.
    pub fn close(&self) {
        self.closing.send_replace(true);
    }
}

/// The client's address, put on each request by `serve`.
#[derive(Debug, Clone, Copy)]
pub struct Peer(pub SocketAddr);

/// The request handling as a tower service, without sockets: `serve` runs it per connection;
/// use it directly in tests and fuzz targets.
pub fn router(app: Arc<App>) -> Router {
    let mut router = Router::new().route(PATH, axum::routing::any(endpoint));
    for path in app.files.iter().flat_map(|files| files.paths()) {
        router = router.route(path, axum::routing::get(file));
    }
    router.fallback(not_found).with_state(app)
}

/// One of the machine-readable files (`files`), with this server's address filled in.
async fn file(State(app): State<Arc<App>>, request: Request) -> Response {
    let headers = request.headers();
    if !policy::host_allowed(headers, &app.config.allowed_hosts) {
        return refuse(StatusCode::FORBIDDEN, "forbidden: the Host header names a host this server does not serve");
    }
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok()).unwrap_or("localhost");
    let Some((content_type, text)) =
        app.files.as_ref().and_then(|f| f.get(request.uri().path(), &format!("http://{host}")))
    else {
        return not_found().await;
    };
    let mut response = Response::new(Body::from(text));
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=300"));
    response
}

async fn not_found() -> Response {
    render(Reply::refusal(StatusCode::NOT_FOUND, SERVER_ERROR, "not found: MCP is served at /mcp"), Framing::Json)
}

async fn endpoint(State(app): State<Arc<App>>, request: Request) -> Response {
    let headers = request.headers();
    if !policy::host_allowed(headers, &app.config.allowed_hosts) {
        return refuse(StatusCode::FORBIDDEN, "forbidden: the Host header names a host this server does not serve");
    }
    if !policy::origin_allowed(headers, &app.config.allowed_hosts, &app.config.allowed_origins) {
        return refuse(StatusCode::FORBIDDEN, "forbidden: requests from this Origin are not allowed");
    }
    let peer = request.extensions().get::<Peer>().map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |p| p.0.ip());
    let peer = policy::client_ip(headers, peer, &app.config.trusted_proxies);
    let version = policy::protocol_version(headers);
    let modern = version == policy::HeaderVersion::Known(Revision::V2026_07_28);
    match *request.method() {
        Method::POST => post(app, request, peer, version).await,
        Method::GET if !modern && headers.contains_key("last-event-id") => resume(app, request, peer).await,
        Method::GET | Method::DELETE if app.sessions.is_some() && !modern => session_request(app, request, peer).await,
        _ => method_not_allowed(&app),
    }
}

fn method_not_allowed(app: &App) -> Response {
    let allow = if app.sessions.is_some() { "GET, POST, DELETE" } else { "POST" };
    let reply =
        Reply::refusal(StatusCode::METHOD_NOT_ALLOWED, SERVER_ERROR, "method not allowed: POST JSON-RPC to /mcp")
            .with(header::ALLOW, allow);
    render(reply, Framing::Json)
}

fn refuse(status: StatusCode, message: &str) -> Response {
    let code = if status.is_client_error() && status != StatusCode::FORBIDDEN { -32600 } else { SERVER_ERROR };
    render(Reply::refusal(status, code, message), Framing::Json)
}

/// `version` is what the request's `MCP-Protocol-Version` header names.
async fn post(app: Arc<App>, request: Request, peer: IpAddr, version: policy::HeaderVersion) -> Response {
    let (parts, body) = request.into_parts();
    if !policy::content_type_is_json(&parts.headers) {
        return refuse(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported media type: send Content-Type: application/json",
        );
    }
    let Some(framing) = policy::negotiate(&parts.headers) else {
        return refuse(
            StatusCode::NOT_ACCEPTABLE,
            "not acceptable: Accept must list application/json and text/event-stream",
        );
    };
    let cap = app.config.max_body_bytes;
    let declared = parts.headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|len| len > cap as u64) {
        return too_large(cap);
    }
    let body =
        match tokio::time::timeout(app.config.body_timeout, http_body_util::Limited::new(body, cap).collect()).await {
            Err(_) => return refuse(StatusCode::REQUEST_TIMEOUT, "request timeout: the body did not arrive in time"),
            Ok(Err(e)) if e.downcast_ref::<http_body_util::LengthLimitError>().is_some() => return too_large(cap),
            Ok(Err(_)) => return refuse(StatusCode::BAD_REQUEST, "bad request: the body could not be read"),
            Ok(Ok(collected)) => collected.to_bytes(),
        };
    let Ok(permit) = app.inflight.clone().try_acquire_owned() else {
        return render(exchange::unavailable("too many requests in flight; retry shortly"), Framing::Json);
    };
    let streams = framing == Framing::Sse;
    // Before 2026-07-28 a stream is resumable and a hangup cancels nothing; there, it cancels.
    let modern = version == policy::HeaderVersion::Known(Revision::V2026_07_28);
    let owner = Arc::new(std::sync::OnceLock::new());
    let resume = (!modern).then(|| stream::Resume {
        replays: app.replays.clone(),
        owner: owner.clone(),
        prime: version == policy::HeaderVersion::Known(Revision::V2025_11_25),
    });
    let post = Post { headers: parts.headers, body, peer, now: chrono::Utc::now(), streams, owner };
    let (sender, queued) = tokio::sync::mpsc::channel(stream::QUEUE);
    let sender = (framing == Framing::Sse).then_some(sender);
    let hangup = if modern { stream::Hangup::armed() } else { stream::Hangup::inert() };
    let outbox = stream::StreamOutbox::new(sender, app.pending.clone(), app.config.ask_timeout, hangup.flag());
    let shared = app.clone();
    let answered = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        exchange::answer(&shared, &post, &outbox)
    });
    let watch = stream::Watch { inflight: app.inflight.clone(), closing: app.closing.subscribe() };
    stream::respond(answered, queued, hangup, watch, resume, |reply| render(reply, framing)).await
}

/// GET with `Last-Event-ID`, before 2026-07-28 (stateless or in a session): the events of the
/// answer stream that id is from, after it, then the rest as they come (`replay`).
async fn resume(app: Arc<App>, request: Request, peer: IpAddr) -> Response {
    let (parts, _) = request.into_parts();
    let from = parts.headers.get("last-event-id").and_then(|v| v.to_str().ok()).and_then(replay::EventId::parse);
    let Some(from) = from else {
        return refuse(
            StatusCode::BAD_REQUEST,
            "bad request: Last-Event-ID is not an event id this server writes (<24 hex digits>-<number>)",
        );
    };
    let owner = match on_pool(&app, parts.headers, peer, exchange::owner).await {
        Ok(owner) => owner,
        Err(response) => return response,
    };
    let refused = match app.replays.follow(&from, &owner) {
        Ok(events) => return stream::sse(Body::from_stream(events)),
        Err(refused) => refused,
    };
    // A stream this host does not hold (or no longer holds all of) may be another host's, or
    // kept longer, in the state store.
    let elsewhere = refused == replay::Refused::Dropped || !app.replays.holds(&from.stream);
    let stored = match refused {
        replay::Refused::Unknown | replay::Refused::Dropped if app.replays.stored() && elsewhere => {
            app.replays.follow_stored(&app.inflight, &from, &owner).await.map_err(|stored| match stored {
                // What the store does not hold either: the refusal this host found first.
                replay::Refused::Unknown => refused,
                other => other,
            })
        }
        refused => Err(refused),
    };
    match stored {
        Ok(events) => stream::sse(Body::from_stream(events)),
        Err(replay::Refused::Unavailable) => {
            render(exchange::unavailable("the state store is unavailable"), Framing::Json)
        }
        Err(refused) => refuse(StatusCode::NOT_FOUND, &format!("not found: {refused}")),
    }
}

/// `ask` about a request without a body (a GET or DELETE), on the blocking pool under a
/// request permit: authentication may read the key store.
async fn on_pool<T: Send + 'static>(
    app: &Arc<App>,
    headers: axum::http::HeaderMap,
    peer: IpAddr,
    ask: impl FnOnce(&App, &Post) -> Result<T, Reply> + Send + 'static,
) -> Result<T, Response> {
    let Ok(permit) = app.inflight.clone().try_acquire_owned() else {
        return Err(render(exchange::unavailable("too many requests in flight; retry shortly"), Framing::Json));
    };
    let post =
        Post { headers, body: Bytes::new(), peer, now: chrono::Utc::now(), streams: false, owner: Arc::default() };
    let shared = app.clone();
    let asked = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        ask(&shared, &post)
    })
    .await;
    match asked {
        Ok(Ok(asked)) => Ok(asked),
        Ok(Err(reply)) => Err(render(reply, Framing::Json)),
        Err(_) => Err(StatusCode::INTERNAL_SERVER_ERROR.into_response()),
    }
}

fn too_large(cap: usize) -> Response {
    refuse(StatusCode::PAYLOAD_TOO_LARGE, &format!("payload too large: the body cap is {cap} bytes"))
}

/// GET (a session's SSE stream: its resource subscriptions' updates, and keep-alive comments)
/// and DELETE (end a session), sessions mode only.
async fn session_request(app: Arc<App>, request: Request, peer: IpAddr) -> Response {
    let (parts, _) = request.into_parts();
    let Some(id) = parts.headers.get("mcp-session-id").map(|v| String::from_utf8_lossy(v.as_bytes()).to_string())
    else {
        return method_not_allowed(&app);
    };
    let delete = parts.method == Method::DELETE;
    let session = id.clone();
    // Who asks, and the session's end or its existence: on the pool, since both may read the store.
    let asked = on_pool(&app, parts.headers, peer, move |app, post| {
        let (owner, server) = match delete {
            true => (exchange::owner(app, post)?, None),
            false => exchange::served(app, post).map(|(owner, server)| (owner, Some(server)))?,
        };
        let Some(sessions) = &app.sessions else { return Ok((owner, server, false)) };
        let found = match delete {
            true => sessions.remove(&session, &owner),
            false => sessions.get(&session, &owner).map(|found| found.is_some()),
        };
        match found {
            Ok(found) => Ok((owner, server, found)),
            Err(e) => {
                tracing::error!("{e}");
                Err(exchange::unavailable("the session store is unavailable"))
            }
        }
    })
    .await;
    let (owner, server, found) = match asked {
        Ok(asked) => asked,
        Err(response) => return response,
    };
    let Some(sessions) = &app.sessions else { return method_not_allowed(&app) };
    let (true, Some(server)) = (found, server) else {
        return match (found, delete) {
            (true, true) => StatusCode::NO_CONTENT.into_response(),
            _ => refuse(StatusCode::NOT_FOUND, "not found: unknown or ended session"),
        };
    };
    let watched = stream::Watched { sessions: sessions.clone(), inflight: app.inflight.clone(), server };
    let events = stream::session_events(watched, id, owner);
    let mut response = Response::new(Body::from_stream(events));
    sse_headers(response.headers_mut());
    response
}

/// A reply on the wire: a successful answer framed as negotiated, any other body as JSON.
fn render(reply: Reply, framing: Framing) -> Response {
    let mut response = match reply.frame {
        None => Response::new(Body::empty()),
        Some(frame) if reply.status == StatusCode::OK && framing == Framing::Sse => {
            let mut response = Response::new(Body::from(stream::event(&frame)));
            sse_headers(response.headers_mut());
            response
        }
        Some(frame) => {
            let mut response = Response::new(Body::from(frame));
            response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
            response
        }
    };
    *response.status_mut() = reply.status;
    for (name, value) in reply.headers {
        response.headers_mut().append(name, value);
    }
    response
}

/// How long a shutdown waits for held streams to send their last answers.
const CLOSE_GRACE: Duration = Duration::from_millis(200);

/// Ends the held streams, and gives them a moment to go out; what `serve` returns then.
async fn close(app: &App) -> std::io::Result<()> {
    app.close();
    tokio::time::sleep(CLOSE_GRACE).await;
    Ok(())
}

/// Serves `app` on `listener` until `shutdown` completes (then held `subscriptions/listen`
/// streams end with their answers): one task per connection, HTTP/1.1
/// with keep-alive, TCP_NODELAY (without it small answers wait for the peer's delayed ACK).
pub async fn serve(
    listener: tokio::net::TcpListener,
    app: Arc<App>,
    shutdown: impl std::future::Future<Output = ()>,
) -> std::io::Result<()> {
    serve_with(listener, app, Router::new(), shutdown).await
}

/// [`serve`], with more routes beside the MCP endpoint's (the console's): they must not
/// overlap its paths, and the endpoint's fallback (404) answers what neither routes.
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    app: Arc<App>,
    beside: Router,
    shutdown: impl std::future::Future<Output = ()>,
) -> std::io::Result<()> {
    use tower::ServiceExt as _;
    let router = router(app.clone()).merge(beside);
    let connections = Arc::new(Semaphore::new(app.config.max_connections.max(1)));
    let header_timeout = app.config.header_timeout;
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = connections.clone().acquire_owned() => permit.map_err(std::io::Error::other)?,
            () = &mut shutdown => return close(&app).await,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // EMFILE and friends: back off instead of spinning.
                    tracing::warn!("accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => return close(&app).await,
        };
        if let Err(e) = stream.set_nodelay(true) {
            tracing::debug!("TCP_NODELAY not set: {e}");
        }
        let router = router.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |mut request: Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(Peer(peer));
                router.clone().oneshot(request.map(Body::new))
            });
            let served = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(hyper_util::rt::TokioIo::new(stream), service)
                .await;
            if let Err(e) = served {
                tracing::debug!("connection ended: {e}");
            }
            drop(permit);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{CallError, Output, ToolSpec, Tools};
    use serde_json::{Value, json};
    use std::sync::mpsc;
    use tower::ServiceExt as _;

    /// `fleet_status` reports that it was entered, then waits to be released.
    struct Held {
        entered: Mutex<mpsc::Sender<()>>,
        released: Mutex<mpsc::Receiver<()>>,
    }

    impl Tools for Held {
        fn call(&self, _: &'static ToolSpec, _: Value, _: &dyn crate::catalog::Call) -> Result<Output, CallError> {
            let _ = self.entered.lock().unwrap().send(());
            let _ = self.released.lock().unwrap().recv_timeout(Duration::from_secs(20));
            Output::new(&json!({}))
        }
    }

    /// `fleet_status` reports that it was entered, runs until it is cancelled (at most 20 s), and
    /// reports whether it was.
    struct Patient {
        entered: Mutex<mpsc::Sender<()>>,
        ended: Mutex<mpsc::Sender<bool>>,
    }

    impl Tools for Patient {
        fn call(&self, _: &'static ToolSpec, _: Value, call: &dyn crate::catalog::Call) -> Result<Output, CallError> {
            let _ = self.entered.lock().unwrap().send(());
            let started = std::time::Instant::now();
            while !call.cancelled() && started.elapsed() < Duration::from_secs(20) {
                std::thread::sleep(Duration::from_millis(1));
            }
            let _ = self.ended.lock().unwrap().send(call.cancelled());
            Output::new(&json!({}))
        }
    }

    /// An app serving `Patient` tools, with the channels that watch them.
    fn patient(sessions: Option<usize>) -> (Arc<App>, mpsc::Receiver<()>, mpsc::Receiver<bool>) {
        let (entered_tx, entered) = mpsc::channel();
        let (ended_tx, ended) = mpsc::channel();
        let tools = Patient { entered: Mutex::new(entered_tx), ended: Mutex::new(ended_tx) };
        let tools = Arc::new(Mutex::new(Some(tools)));
        let mut config = Config::new("127.0.0.1:0".parse().unwrap());
        config.sessions = sessions;
        (App::new(config, Servers::new(move |_| tools.lock().unwrap().take().map(Server::new)), None), entered, ended)
    }

    async fn within_5s<T: Send + 'static>(channel: mpsc::Receiver<T>) -> T {
        tokio::task::spawn_blocking(move || channel.recv_timeout(Duration::from_secs(5))).await.unwrap().unwrap()
    }

    const SLOW_CALL: &str =
        r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "fleet_status", "arguments": {}}}"#;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn in_2026_07_28_a_client_that_closes_its_stream_cancels_the_call_it_was_waiting_for() {
        let (app, entered, ended) = patient(None);
        let mut call: Value = serde_json::from_str(SLOW_CALL).unwrap();
        call["params"]["_meta"] = json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                                         "io.modelcontextprotocol/clientCapabilities": {}});
        let mut request = request(&call);
        for (name, value) in
            [("mcp-protocol-version", "2026-07-28"), ("mcp-method", "tools/call"), ("mcp-name", "fleet_status")]
        {
            request.headers_mut().insert(name, HeaderValue::from_static(value));
        }
        let waiting = tokio::spawn(router(app.clone()).oneshot(request));
        within_5s(entered).await;
        waiting.abort();
        assert!(within_5s(ended).await, "the handler saw the hangup as a cancellation");
    }

    /// `fleet_status` reports progress, waits to be released (at most 20 s), answers, and
    /// reports whether it saw a cancellation.
    struct Stepping {
        released: Mutex<mpsc::Receiver<()>>,
        ended: Mutex<mpsc::Sender<bool>>,
    }

    impl Tools for Stepping {
        fn call(&self, _: &'static ToolSpec, _: Value, call: &dyn crate::catalog::Call) -> Result<Output, CallError> {
            call.progress(1, Some(2), "half way");
            let _ = self.released.lock().unwrap().recv_timeout(Duration::from_secs(20));
            let _ = self.ended.lock().unwrap().send(call.cancelled());
            Output::new(&json!({"done": true}))
        }
    }

    /// The first `n` SSE events of `body` (each with its blank line), or fewer if it ends.
    async fn events(body: &mut Body, n: usize) -> Vec<String> {
        let mut text = String::new();
        while text.matches("\n\n").count() < n {
            let Ok(Some(Ok(frame))) = tokio::time::timeout(Duration::from_secs(5), body.frame()).await else { break };
            text.push_str(&String::from_utf8_lossy(&frame.into_data().unwrap_or_default()));
        }
        text.split_inclusive("\n\n").map(str::to_string).collect()
    }

    fn event_id(event: &str) -> &str {
        event.lines().find_map(|line| line.strip_prefix("id: ")).expect("an event id")
    }

    /// An app serving `Stepping` tools, with the channels that drive and watch them.
    fn stepping() -> (Arc<App>, mpsc::Sender<()>, mpsc::Receiver<bool>) {
        let (release, released) = mpsc::channel();
        let (ended_tx, ended) = mpsc::channel();
        let tools = Stepping { released: Mutex::new(released), ended: Mutex::new(ended_tx) };
        let tools = Arc::new(Mutex::new(Some(tools)));
        let config = Config::new("127.0.0.1:0".parse().unwrap());
        (App::new(config, Servers::new(move |_| tools.lock().unwrap().take().map(Server::new)), None), release, ended)
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn before_2026_07_28_a_client_that_hangs_up_before_its_answer_cancels_nothing() {
        let (app, release, ended) = stepping();
        let call: Value = serde_json::from_str(SLOW_CALL).unwrap();
        let waiting = tokio::spawn(router(app.clone()).oneshot(request(&call)));
        tokio::time::sleep(Duration::from_millis(100)).await;
        waiting.abort();
        let _ = waiting.await;
        release.send(()).unwrap();
        assert!(!within_5s(ended).await, "the handler ran on to its answer: a hangup is no cancellation");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn before_2026_07_28_a_hangup_cancels_nothing_and_last_event_id_resumes_the_answer_after_it() {
        let (app, release, ended) = stepping();
        let mut call: Value = serde_json::from_str(SLOW_CALL).unwrap();
        call["params"]["_meta"] = json!({"progressToken": "t"});

        let answer = router(app.clone()).oneshot(request(&call)).await.unwrap();
        assert_eq!(answer.headers()[header::CONTENT_TYPE], "text/event-stream");
        let mut body = answer.into_body();
        let [priming, progress] = <[String; 2]>::try_from(events(&mut body, 2).await).unwrap();
        let stream =
            event_id(&priming).strip_suffix("-0").expect("the priming event is the stream's first").to_string();
        assert_eq!(priming, format!("id: {stream}-0\ndata:\n\n"), "2025-11-25: an id and empty data");
        assert!(progress.contains("notifications/progress"), "{progress}");
        assert_eq!(event_id(&progress), format!("{stream}-1"));
        drop(body);

        release.send(()).unwrap();
        assert!(!within_5s(ended).await, "the handler ran on to its answer: a hangup is no cancellation");
        let get = |last: &str| {
            axum::http::Request::get(PATH)
                .header(header::ACCEPT, "text/event-stream")
                .header("mcp-protocol-version", "2025-11-25")
                .header("last-event-id", last)
                .body(Body::empty())
                .unwrap()
        };
        let resumed = router(app.clone()).oneshot(get(&format!("{stream}-1"))).await.unwrap();
        assert_eq!(resumed.status(), StatusCode::OK);
        let rest = events(&mut resumed.into_body(), usize::MAX).await;
        assert_eq!(rest.len(), 1, "only what followed the id, then the end: {rest:?}");
        assert_eq!(event_id(&rest[0]), format!("{stream}-2"));
        assert!(rest[0].contains(r#""done":true"#) && rest[0].contains(r#""id":1"#), "the answer: {rest:?}");

        for (last, status) in
            [(format!("{stream}-0"), 200), ("0123456789abcdef01234567-1".into(), 404), ("7".into(), 400)]
        {
            let answer = router(app.clone()).oneshot(get(&last)).await.unwrap();
            assert_eq!(answer.status().as_u16(), status, "Last-Event-ID {last}");
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn in_a_session_notifications_cancelled_stops_the_call_and_its_answer_is_never_sent() {
        let (app, entered, ended) = patient(Some(8));
        let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}});
        let answer = router(app.clone()).oneshot(request(&init)).await.unwrap();
        let session = answer.headers().get("mcp-session-id").expect("a session").clone();
        let in_session = |body: &Value| {
            let mut request = request(body);
            request.headers_mut().insert("mcp-session-id", session.clone());
            request
        };
        let call: Value = serde_json::from_str(SLOW_CALL).unwrap();
        let waiting = tokio::spawn(router(app.clone()).oneshot(in_session(&call)));
        within_5s(entered).await;
        let cancel = json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}});
        let accepted = router(app.clone()).oneshot(in_session(&cancel)).await.unwrap();
        assert_eq!(accepted.status(), StatusCode::ACCEPTED);
        assert!(within_5s(ended).await, "the handler saw the cancellation");
        let dropped = waiting.await.unwrap().unwrap();
        assert_eq!(dropped.status(), StatusCode::ACCEPTED, "no answer for a cancelled request");
        let body = axum::body::to_bytes(dropped.into_body(), 1 << 16).await.unwrap();
        assert!(body.is_empty(), "{body:?}");
    }

    fn request(body: &Value) -> Request {
        axum::http::Request::post(PATH)
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::ACCEPT, "application/json, text/event-stream")
            .header("mcp-protocol-version", "2025-11-25")
            .body(Body::from(body.to_string()))
            .unwrap()
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn past_the_cap_on_requests_in_flight_the_answer_is_503_with_retry_after() {
        let (entered_tx, entered) = mpsc::channel();
        let (release, released_rx) = mpsc::channel();
        let held =
            Arc::new(Mutex::new(Some(Held { entered: Mutex::new(entered_tx), released: Mutex::new(released_rx) })));
        let mut config = Config::new("127.0.0.1:0".parse().unwrap());
        config.max_inflight = 1;
        let app = App::new(config, Servers::new(move |_| held.lock().unwrap().take().map(Server::new)), None);
        let call = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "fleet_status", "arguments": {}}});
        let first = tokio::spawn(router(app.clone()).oneshot(request(&call)));
        tokio::task::spawn_blocking(move || entered.recv_timeout(Duration::from_secs(20))).await.unwrap().unwrap();
        let ping = json!({"jsonrpc": "2.0", "id": 2, "method": "ping"});
        let second = router(app.clone()).oneshot(request(&ping)).await.unwrap();
        assert_eq!(second.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(second.headers().get(header::RETRY_AFTER).unwrap(), "1");
        release.send(()).unwrap();
        let first = first.await.unwrap().unwrap();
        assert_eq!(first.status(), StatusCode::OK);
        let third = router(app).oneshot(request(&ping)).await.unwrap();
        assert_eq!(third.status(), StatusCode::OK, "the permit came back");
    }
}
