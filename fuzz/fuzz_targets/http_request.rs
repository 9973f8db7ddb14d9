//! Arbitrary HTTP requests (method, path, headers from the set the endpoint reads, with
//! arbitrary or telling values, and an arbitrary body) through the request handling of
//! `ctxlake serve`, in process (the axum router, the blocking pool, the core), on three servers:
//! a stateless loopback one, one with keys, guests with a quota and sessions, and one with the
//! conformance fixtures (whose tools notify and ask the client before they answer). The status
//! is always one of docs/serve.md's table (never a 5xx), a 202 has no body, and every other
//! body is one well-formed JSON-RPC answer, as JSON or as SSE events, after only notifications
//! and requests to the client; the only bodies that stay open are a session's GET stream and a
//! held `subscriptions/listen`, which begins with its acknowledgment.
#![no_main]

use arbitrary::Unstructured;
use axum::body::Body;
use ctxlake::config::Ctx;
use ctxlake::conform::http::Response;
use ctxlake::fixtures::Fixtures;
use ctxlake::keys::{KeyStore, NewKey, Pepper};
use ctxlake::rpc::Server;
use ctxlake::tools::Toolbox;
use ctxlake::transport::http::{App, Config, GuestPolicy, Servers, router};
use http_body_util::BodyExt as _;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tower::ServiceExt as _;

const STATUSES: &[u16] = &[200, 202, 204, 400, 401, 403, 404, 405, 406, 408, 413, 415, 429, 503];

const NAMES: &[&str] = &[
    "content-type",
    "accept",
    "host",
    "origin",
    "x-forwarded-for",
    "mcp-protocol-version",
    "mcp-method",
    "mcp-name",
    "mcp-session-id",
    "authorization",
    "ctxlake-fleet",
    "content-length",
    "last-event-id",
];

/// Values that reach the interesting branches; an input may also bring its own.
const VALUES: &[&str] = &[
    "application/json",
    "application/json, text/event-stream",
    "text/event-stream",
    "*/*",
    "application/json;q=0",
    "localhost",
    "127.0.0.1:8765",
    "evil.example",
    "http://localhost:3000",
    "null",
    "2024-11-05",
    "2025-03-26",
    "2025-06-18",
    "2025-11-25",
    "0123456789abcdef01234567-1",
    "2026-07-28",
    "1900-01-01",
    "tools/call",
    "tools/list",
    "server/discover",
    "fleet_status",
    "test_sampling",
    "test_input_required_result_multi_round",
    "resources/read",
    "=?base64?ZmxlZXRfc3RhdHVz?=",
    "Bearer kb_live_0123abcd_000000000000000000000000000000000000000000000000",
    "Bearer nope",
    "web",
    "0",
    "subscriptions/listen",
];

#[derive(Debug)]
struct Input {
    server: u8,
    method: u8,
    path: bool,
    headers: Vec<(u8, Result<u8, String>)>,
    body: Vec<u8>,
}

impl Input {
    /// Up to 16 headers, each a known name with a telling or an arbitrary value; the rest is the body.
    fn read(data: &[u8]) -> arbitrary::Result<Input> {
        let mut u = Unstructured::new(data);
        let (server, method, path) = (u.arbitrary()?, u.arbitrary()?, u.arbitrary()?);
        let mut headers = vec![];
        for _ in 0..u.int_in_range(0..=16)? {
            let name: u8 = u.arbitrary()?;
            let value = if u.arbitrary()? { Ok(u.arbitrary()?) } else { Err(u.arbitrary::<String>()?) };
            headers.push((name, value));
        }
        Ok(Input { server, method, path, headers, body: u.take_rest().to_vec() })
    }
}

struct World {
    runtime: tokio::runtime::Runtime,
    open: Arc<App>,
    keyed: Arc<App>,
    fixtures: Arc<App>,
    _dir: tempfile::TempDir,
}

fn world() -> &'static World {
    static WORLD: OnceLock<World> = OnceLock::new();
    WORLD.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let ctx = Ctx::under(dir.path(), "default").expect("a valid fleet id");
        let servers = |ctx: Ctx| Servers::new(move |_| Some(Server::new(Toolbox::new(ctx.clone()))));
        let config = Config::new("127.0.0.1:8765".parse().expect("an address"));
        let open = App::new(config.clone(), servers(ctx.clone()), None);
        let fixtures = Fixtures::new().expect("a state key");
        let with_fixtures = {
            let ctx = ctx.clone();
            Servers::new(move |_| Some(Server::new(Toolbox::new(ctx.clone())).with_extension(fixtures.clone())))
        };
        // Nobody answers an asking tool here: it gives up at once instead of after a minute.
        let mut fixtures_config = config.clone();
        fixtures_config.ask_timeout = Duration::from_millis(1);
        let fixtures = App::new(fixtures_config, with_fixtures, None);
        let pepper = Pepper::from_value("a pepper for the fuzzer, long enough").expect("a pepper");
        let keys = KeyStore::open(&dir.path().join("keys.sqlite"), pepper).expect("a key store");
        keys.create(&NewKey { name: "fuzz".into(), quota: Some(5), fleets: vec!["web".into()], ..NewKey::default() })
            .expect("a key");
        let mut keyed_config = config;
        keyed_config.guests = Some(GuestPolicy { quota: 3, write_quota: None });
        keyed_config.sessions = Some(16);
        // In process there is no TCP peer (0.0.0.0): trusting it runs X-Forwarded-For parsing.
        keyed_config.trusted_proxies = vec![std::net::IpAddr::from([0, 0, 0, 0])];
        let keyed = App::new(keyed_config, servers(ctx), Some(Arc::new(keys)));
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
        World { runtime, open, keyed, fixtures, _dir: dir }
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(input) = Input::read(data) else { return };
    let world = world();
    let method = ["POST", "GET", "DELETE", "PUT", "OPTIONS"][usize::from(input.method) % 5];
    let mut request = axum::http::Request::builder().method(method).uri(if input.path { "/mcp" } else { "/other" });
    for (name, value) in input.headers.iter().take(16) {
        let value = match value {
            Ok(pick) => VALUES[usize::from(*pick) % VALUES.len()].to_string(),
            Err(own) => own.clone(),
        };
        let Ok(value) = axum::http::HeaderValue::from_str(&value) else { continue };
        request = request.header(NAMES[usize::from(*name) % NAMES.len()], value);
    }
    let Ok(request) = request.body(Body::from(input.body.clone())) else { return };
    let app = [&world.open, &world.keyed, &world.fixtures][usize::from(input.server) % 3];
    world.runtime.block_on(async {
        let response = router(app.clone()).oneshot(request).await.expect("the router is infallible");
        let status = response.status().as_u16();
        assert!(STATUSES.contains(&status), "status {status} is not in the table");
        let headers: Vec<(String, String)> = response
            .headers()
            .iter()
            .map(|(k, v)| (k.to_string(), String::from_utf8_lossy(v.as_bytes()).to_string()))
            .collect();
        let stream = headers.iter().any(|(k, v)| k == "content-type" && v == "text/event-stream");
        let (body, ended) = read_for(response.into_body(), Duration::from_secs(2)).await;
        if !ended {
            // Only a session's GET stream (the fuzzer cannot guess a session id) and a 2026-07-28
            // subscriptions/listen for a readable resource stay open; the latter begins with its
            // acknowledgment.
            let text = String::from_utf8_lossy(&body);
            assert!(
                stream
                    && text.starts_with("event: message\ndata: ")
                    && text.contains("notifications/subscriptions/acknowledged"),
                "a body that never ends (stream: {stream}): {text}"
            );
            return;
        }
        if status == 202 || status == 204 {
            assert!(body.is_empty(), "{status} has a body");
            return;
        }
        let frames =
            Response { status, headers, body, ..Response::default() }.frames().expect("every body is JSON-RPC");
        let (answer, before) = frames.split_last().expect("one answer per POST");
        for sent in before {
            assert!(sent["method"].is_string() && sent["jsonrpc"] == "2.0", "only messages precede the answer: {sent}");
        }
        check(answer);
    });
});

/// What `body` sends within `limit`, and whether it ended by then.
async fn read_for(mut body: Body, limit: Duration) -> (Vec<u8>, bool) {
    let deadline = tokio::time::Instant::now() + limit;
    let mut bytes = vec![];
    loop {
        match tokio::time::timeout_at(deadline, body.frame()).await {
            Ok(Some(frame)) => {
                if let Ok(data) = frame.expect("bodies are in memory").into_data() {
                    bytes.extend_from_slice(&data);
                }
            }
            Ok(None) => return (bytes, true),
            Err(_) => return (bytes, false),
        }
    }
}

fn check(frame: &Value) {
    if let Value::Array(items) = frame {
        assert!(!items.is_empty(), "an empty batch answer");
        items.iter().for_each(check);
        return;
    }
    assert_eq!(frame["jsonrpc"], "2.0");
    assert!(frame.get("id").is_some(), "every answer has an id member");
    assert!(frame.get("result").is_some() != frame.get("error").is_some(), "exactly one of result and error");
    if let Some(error) = frame.get("error") {
        assert!(error["code"].is_i64() && error["message"].is_string(), "error object shape");
    }
}
