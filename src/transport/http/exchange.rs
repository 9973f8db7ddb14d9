//! One POST, synchronously, on a thread of the blocking pool: who is asking (bearer key, guest
//! or the local user), which revision the body is in and whether its headers mirror it, the
//! session it belongs to, the quota it is charged against, and the shared core's answer with
//! its HTTP status. Everything here may block (SQLite); nothing here runs on a runtime thread.

use super::policy::{self, HeaderVersion};
use super::{App, Scope};
use crate::keys::store::AuthFailure;
use crate::keys::{KeyRecord, Subject, Tally};
use crate::rpc::error::{
    HEADER_MISMATCH, METHOD_NOT_FOUND, MISSING_REQUIRED_CLIENT_CAPABILITY, PARSE_ERROR, UNSUPPORTED_PROTOCOL_VERSION,
};
use crate::rpc::message::{self, Body, Incoming, META_PROTOCOL_VERSION};
use crate::rpc::{Frame, Outbox, Revision, RpcError, Session};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};
use serde_json::Value;
use std::net::IpAddr;

/// A stored session's id and the state the request found it in.
type Kept = (String, super::sessions::Found);

/// JSON-RPC's "server error" code, for the refusals of the HTTP layer (401, 403, 429, 503)
/// that still carry a JSON-RPC body.
pub const SERVER_ERROR: i64 = -32000;
/// The realm named in `WWW-Authenticate`.
pub const REALM: &str = "ctxlake";
/// The header a key scoped to several fleets names the fleet of a request with.
pub const FLEET_HEADER: &str = "ctxlake-fleet";

/// What a request handed to the pool carries.
pub struct Post {
    pub headers: HeaderMap,
    pub body: axum::body::Bytes,
    pub peer: IpAddr,
    pub now: chrono::DateTime<chrono::Utc>,
    /// The answer may be an SSE stream the transport can hold open (a `subscriptions/listen`).
    pub streams: bool,
    /// Who asked, once authenticated: only they may resume the answer's stream.
    pub owner: std::sync::Arc<std::sync::OnceLock<String>>,
}

/// The answer: a status, extra headers, and at most one JSON-RPC frame (already serialized);
/// or a `subscriptions/listen` stream to hold open.
pub struct Reply {
    pub status: StatusCode,
    pub headers: Vec<(HeaderName, HeaderValue)>,
    pub frame: Option<String>,
    pub listening: Option<Box<Listening>>,
}

/// A 2026-07-28 `subscriptions/listen` stream the core holds open: the server and the session
/// whose resources it watches (`rpc::Server::resource_updates`), and its place under the cap
/// on held streams.
pub struct Listening {
    pub server: std::sync::Arc<crate::rpc::Server>,
    pub session: Session,
    pub permit: tokio::sync::OwnedSemaphorePermit,
}

impl Reply {
    pub fn frame(status: StatusCode, frame: &Frame) -> Reply {
        Reply { frame: Some(frame.encode()), ..Reply::empty(status) }
    }

    /// No body.
    pub fn empty(status: StatusCode) -> Reply {
        Reply { status, headers: vec![], frame: None, listening: None }
    }

    /// A refusal with a JSON-RPC error body (`id` null unless the request's id is known).
    pub fn refusal(status: StatusCode, code: i64, message: impl Into<String>) -> Reply {
        let error = RpcError { code, message: message.into(), data: None };
        Reply::frame(status, &Frame::error(None, error))
    }

    pub fn with(mut self, name: HeaderName, value: impl std::fmt::Display) -> Reply {
        // Every value put here is ASCII made by this module; a bad one is dropped, not sent.
        if let Ok(value) = HeaderValue::from_str(&value.to_string()) {
            self.headers.push((name, value));
        }
        self
    }
}

/// Who a request is from.
enum Principal {
    /// No key store: the operator's own loopback server, as `ctxlake mcp` over HTTP.
    Local,
    Key(KeyRecord),
    Guest(Subject),
}

impl Principal {
    /// Sessions are bound to this: another principal cannot use a session id it learned.
    fn owner(&self) -> String {
        match self {
            Principal::Local => "local".into(),
            Principal::Key(key) => format!("key:{}", key.prefix),
            Principal::Guest(Subject::Guest(digest) | Subject::Key(digest)) => format!("guest:{digest}"),
        }
    }
}

pub fn answer(app: &App, post: &Post, outbox: &dyn Outbox) -> Reply {
    let principal = match authenticate(app, post) {
        Ok(principal) => principal,
        Err(reply) => return reply,
    };
    let scope = match scope(app, &principal, &post.headers) {
        Ok(scope) => scope,
        Err(reply) => return reply,
    };
    // The body is read once, here: what follows reads its fields, and the core gets it read.
    let body = match serde_json::from_slice::<Value>(&post.body) {
        Ok(value) => message::read(value),
        Err(e) => return Reply::frame(StatusCode::BAD_REQUEST, &Frame::error(None, RpcError::parse(e))),
    };
    if let Body::One(Incoming::Reply(frame)) = &body
        && app.pending.deliver(frame)
    {
        return Reply::empty(StatusCode::ACCEPTED);
    }
    let owner = principal.owner();
    let _ = post.owner.set(owner.clone());
    let (mut session, kept, modern) = match era(app, &post.headers, &body, &owner) {
        Ok(found) => found,
        Err(reply) => return reply,
    };
    // A 2026-07-28 listen answered on a stream this transport can hold open, while there is room
    // for one more: past the cap the core acknowledges it with nothing and ends it at once.
    let method = body.request().map(|request| request.method.as_str());
    let listen = method == Some("subscriptions/listen");
    let room = (modern && post.streams && listen).then(|| app.listens.clone().try_acquire_owned().ok()).flatten();
    if room.is_some() {
        session = session.with_updates();
    }
    let mut rate_headers = vec![];
    let spend = spend(&body);
    if spend.calls > 0
        && let Some((subject, limits)) = quota(app, &principal)
    {
        match charge(app, &subject, spend, limits, post.now) {
            Ok(headers) => rate_headers = headers,
            Err(reply) => return reply,
        }
    }
    let Some(server) = app.servers.get(&scope) else {
        return Reply::refusal(StatusCode::FORBIDDEN, SERVER_ERROR, "this key's fleet cannot be served here");
    };
    let initialize = method == Some("initialize");
    if initialize && app.sessions.is_some() && !modern {
        // A session's GET stream carries its subscriptions' updates: it may subscribe; and it
        // is kept, so a log level set in it lasts.
        session = session.with_updates().kept();
    }
    let frame = server.handle_body(&mut session, body, outbox);
    let mut reply = match &frame {
        None => Reply::empty(StatusCode::ACCEPTED),
        Some(frame) => Reply::frame(status_of(frame, modern), frame),
    };
    if let Some(permit) = room.filter(|_| session.is_listening()) {
        reply.listening = Some(Box::new(Listening { server: server.clone(), session: session.clone(), permit }));
    }
    reply.headers.extend(rate_headers);
    if let Some(sessions) = &app.sessions {
        match kept {
            Some((id, found)) => {
                if let Err(e) = sessions.put(&id, &owner, session, &found) {
                    tracing::error!("a session's change was not kept: {e}");
                    // A call ran (its effects stand): its answer goes out. A request that only
                    // changed the session (a log level, a subscription) did nothing that lasts.
                    if spend.calls == 0 {
                        return unavailable("the session store is unavailable");
                    }
                }
            }
            None if initialize && matches!(frame, Some(Frame::Result(_))) => match crate::keys::random_bytes::<16>() {
                Ok(bytes) => {
                    let id = crate::keys::hex(&bytes);
                    if let Err(e) = sessions.create(&id, &owner, session) {
                        tracing::error!("{e}");
                        return unavailable("the session store is unavailable");
                    }
                    reply = reply.with(HeaderName::from_static("mcp-session-id"), id);
                }
                Err(e) => tracing::error!("no session id minted: {e}"),
            },
            None => {}
        }
    }
    reply
}

/// Who is asking, as the owner a session is bound to (GET and DELETE on a session).
pub fn owner(app: &App, post: &Post) -> Result<String, Reply> {
    authenticate(app, post).map(|principal| principal.owner())
}

/// Who is asking and the server that serves them (a session's GET stream reads its subscribed
/// resources with it).
pub fn served(app: &App, post: &Post) -> Result<(String, std::sync::Arc<crate::rpc::Server>), Reply> {
    let principal = authenticate(app, post)?;
    let scope = scope(app, &principal, &post.headers)?;
    let Some(server) = app.servers.get(&scope) else {
        return Err(Reply::refusal(StatusCode::FORBIDDEN, SERVER_ERROR, "this key's fleet cannot be served here"));
    };
    Ok((principal.owner(), server))
}

fn authenticate(app: &App, post: &Post) -> Result<Principal, Reply> {
    let Some(keys) = &app.keys else { return Ok(Principal::Local) };
    let unauthorized = |why: &str| {
        let challenge = format!("Bearer realm=\"{REALM}\", error=\"invalid_token\", error_description=\"{why}\"");
        Reply::refusal(StatusCode::UNAUTHORIZED, SERVER_ERROR, format!("unauthorized: {why}"))
            .with(header::WWW_AUTHENTICATE, challenge)
    };
    let Some(value) = post.headers.get(header::AUTHORIZATION) else {
        if app.config.guests.is_some() {
            return Ok(Principal::Guest(keys.guest(post.peer)));
        }
        return Err(Reply::refusal(StatusCode::UNAUTHORIZED, SERVER_ERROR, "unauthorized: a bearer key is required")
            .with(header::WWW_AUTHENTICATE, format!("Bearer realm=\"{REALM}\"")));
    };
    let token = value
        .to_str()
        .ok()
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| token.trim());
    let Some(token) = token else { return Err(unauthorized(AuthFailure::Malformed.as_str())) };
    match keys.authenticate(token) {
        Ok(Ok(key)) => Ok(Principal::Key(key)),
        Ok(Err(failure)) => {
            tracing::info!(why = failure.as_str(), "bearer key refused");
            Err(unauthorized(failure.as_str()))
        }
        Err(e) => {
            tracing::error!("key store: {e}");
            Err(unavailable("the key store is unavailable"))
        }
    }
}

/// The tools and fleet a principal is served with (the fleet comes from the key, never from a
/// client's choice outside the key's fleets).
fn scope(app: &App, principal: &Principal, headers: &HeaderMap) -> Result<Scope, Reply> {
    let knowledge = || app.config.knowledge_tools.clone();
    match principal {
        Principal::Local => Ok(Scope::Local),
        Principal::Guest(_) => Ok(Scope::Restricted { tools: knowledge() }),
        Principal::Key(key) if key.fleets.is_empty() => {
            let tools = knowledge().into_iter().filter(|t| key.tools.as_ref().is_none_or(|k| k.contains(t))).collect();
            Ok(Scope::Restricted { tools })
        }
        Principal::Key(key) => {
            let asked = headers.get(FLEET_HEADER).map(|v| String::from_utf8_lossy(v.as_bytes()).trim().to_string());
            let fleet = match (key.fleets.as_slice(), asked) {
                ([only], None) => only.clone(),
                (fleets, Some(asked)) if fleets.contains(&asked) => asked,
                (_, Some(_)) => {
                    return Err(Reply::refusal(
                        StatusCode::FORBIDDEN,
                        SERVER_ERROR,
                        "this key is not scoped to that fleet",
                    ));
                }
                (_, None) => {
                    let message =
                        format!("this key is scoped to several fleets: name one in the {FLEET_HEADER} header");
                    return Err(Reply::refusal(StatusCode::BAD_REQUEST, SERVER_ERROR, message));
                }
            };
            Ok(Scope::Fleet {
                fleet,
                agent: key.name.clone(),
                tools: key.tools.clone(),
                projects: key.projects.clone(),
            })
        }
    }
}

/// The session a request is served in, its id and the state it was found in (sessions mode),
/// and whether it is a 2026-07-28 request. `Err` is a refusal of the revision headers or of
/// the session.
fn era(app: &App, headers: &HeaderMap, body: &Body, owner: &str) -> Result<(Session, Option<Kept>, bool), Reply> {
    let refuse = |status, error| Err(Reply::frame(status, &Frame::error(body.id().cloned(), error)));
    let envelope = body.envelope();
    if let Some(version) = envelope.and_then(|envelope| envelope.version.as_deref()) {
        if !Revision::parse(version).is_some_and(Revision::is_modern) {
            // A header naming another version is a mismatch whatever the body names; with the
            // same version (or none) the core answers -32022 with the supported list.
            return match policy::check_version_mirrored(headers, version) {
                Err(why) if headers.contains_key("mcp-protocol-version") => {
                    refuse(StatusCode::BAD_REQUEST, RpcError::header_mismatch(why))
                }
                _ => Ok((Session::new(), None, true)),
            };
        }
        let (method, target) = body.named().unwrap_or(("", None));
        if let Err(why) = policy::check_mirrored(headers, method, target, version) {
            return refuse(StatusCode::BAD_REQUEST, RpcError::header_mismatch(why));
        }
        // Over HTTP a refused envelope is a 400 (2026-07-28).
        if let Some(Err(error)) = envelope.map(|envelope| &envelope.revision) {
            return refuse(StatusCode::BAD_REQUEST, error.clone());
        }
        return Ok((Session::new(), None, true));
    }
    let revision = match policy::protocol_version(headers) {
        HeaderVersion::Unsupported(version) => {
            let supported: Vec<&str> = Revision::ALL.iter().map(|r| r.as_str()).collect();
            let why = format!("unsupported MCP-Protocol-Version `{version}`; supported: {}", supported.join(", "));
            return refuse(StatusCode::BAD_REQUEST, RpcError::invalid_request(why));
        }
        // 2026-07-28 names the version in every request's `_meta`: a request without it is
        // refused. A notification or a frame that is no request is the core's, as on stdio.
        HeaderVersion::Known(revision) if revision.is_modern() => {
            if body.request().is_some() {
                let why = format!("a {revision} request carries `params._meta` with `{META_PROTOCOL_VERSION}`");
                return refuse(StatusCode::BAD_REQUEST, RpcError::invalid_params(why));
            }
            return Ok((Session::new(), None, true));
        }
        HeaderVersion::Known(revision) => revision,
        // MCP 2025-06-18 basic/transports: without the header the server SHOULD assume 2025-03-26.
        HeaderVersion::Absent => Revision::V2025_03_26,
    };
    let session_id = headers.get("mcp-session-id").map(|v| String::from_utf8_lossy(v.as_bytes()).to_string());
    match (&app.sessions, session_id) {
        (Some(sessions), Some(sid)) => match sessions.get(&sid, owner) {
            Ok(Some((session, found))) => Ok((session, Some((sid, found)), false)),
            Ok(None) => {
                refuse(StatusCode::NOT_FOUND, RpcError::invalid_request("unknown or ended session; initialize again"))
            }
            Err(e) => {
                tracing::error!("{e}");
                Err(unavailable("the session store is unavailable"))
            }
        },
        // Stateless (and, in sessions mode, a request outside any session): the header decides.
        _ => Ok((Session::in_revision(revision).forgetful(), None, false)),
    }
}

/// What the body's requests cost: calls, and the calls among them of tools that write (a batch
/// may hold several). A quota charges tool calls, and the reads of what tools show (a resource,
/// a prompt), so a guidance record costs the same as get_guidance; lists and completion are
/// free. A tool writes unless the catalog marks it read-only; an unknown tool is no write (it
/// is refused unrun).
fn spend(body: &Body) -> Tally {
    const CHARGED: [&str; 3] = ["tools/call", "resources/read", "prompts/get"];
    let mut spend = Tally::default();
    for request in body.requests().filter(|request| CHARGED.contains(&request.method.as_str())) {
        spend.calls = spend.calls.saturating_add(1);
        if request.tool.is_some_and(|tool| !tool.read_only) {
            spend.writes = spend.writes.saturating_add(1);
        }
    }
    spend
}

/// Whose counters a request is charged to, and their limits (`None`: nothing to charge).
fn quota(app: &App, principal: &Principal) -> Option<(Subject, Tally)> {
    match principal {
        Principal::Local => None,
        Principal::Key(key) => {
            crate::keys::limits(key.quota, key.write_quota).map(|limits| (Subject::Key(key.prefix.clone()), limits))
        }
        Principal::Guest(subject) => app
            .config
            .guests
            .as_ref()
            .and_then(|g| crate::keys::limits(Some(g.quota), g.write_quota))
            .map(|limits| (subject.clone(), limits)),
    }
}

/// Charges the calls, or refuses with 429 (the daily quota or the write budget, each with its
/// own message); on success, the RateLimit headers to send.
fn charge(
    app: &App,
    subject: &Subject,
    spend: Tally,
    limits: Tally,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Vec<(HeaderName, HeaderValue)>, Reply> {
    let Some(keys) = &app.keys else { return Ok(vec![]) };
    let day = now.format("%Y-%m-%d").to_string();
    let reset = seconds_to_midnight(now);
    let charged = keys.charge(subject, spend, limits, &day).map_err(|e| {
        tracing::error!("key store: {e}");
        unavailable("the key store is unavailable")
    })?;
    // One policy per limit (draft-ietf-httpapi-ratelimit-headers): a limit of none is left out.
    let limited = |name: &str, limit: u32, used: u32| {
        (limit != u32::MAX).then(|| {
            (format!("\"{name}\";q={limit};w=86400"), format!("\"{name}\";r={};t={reset}", limit.saturating_sub(used)))
        })
    };
    let (policies, states): (Vec<String>, Vec<String>) =
        [limited("daily", limits.calls, charged.used.calls), limited("writes", limits.writes, charged.used.writes)]
            .into_iter()
            .flatten()
            .unzip();
    let headers = |reply: Reply| {
        reply
            .with(HeaderName::from_static("ratelimit-policy"), policies.join(", "))
            .with(HeaderName::from_static("ratelimit"), states.join(", "))
    };
    if !charged.granted {
        let message = match charged.refused_for_writes(spend) {
            true => format!(
                "daily budget of {} calls of tools that write exhausted; reads remain; it resets at 00:00 UTC, in {reset} s",
                limits.writes
            ),
            false => {
                format!("daily quota of {} tool calls exhausted; it resets at 00:00 UTC, in {reset} s", limits.calls)
            }
        };
        let refusal = Reply::refusal(StatusCode::TOO_MANY_REQUESTS, SERVER_ERROR, message);
        return Err(headers(refusal.with(header::RETRY_AFTER, reset)));
    }
    Ok(headers(Reply::empty(StatusCode::OK)).headers)
}

/// Seconds from `now` to the next 00:00 UTC (at least 1).
pub fn seconds_to_midnight(now: chrono::DateTime<chrono::Utc>) -> i64 {
    let tomorrow = now.date_naive().succ_opt().and_then(|d| d.and_hms_opt(0, 0, 0));
    tomorrow.map_or(86_400, |midnight| (midnight.and_utc() - now).num_seconds().max(1))
}

pub fn unavailable(why: &str) -> Reply {
    Reply::refusal(StatusCode::SERVICE_UNAVAILABLE, SERVER_ERROR, format!("unavailable: {why}"))
        .with(header::RETRY_AFTER, 1)
}

/// The HTTP status of an answer: 400 for an unparsable body and for the 2026-07-28 header and
/// version errors, 404 for a modern request's unknown method, 200 for every other answer
/// (a JSON-RPC error is still an answer).
fn status_of(frame: &Frame, modern: bool) -> StatusCode {
    let Frame::Error(error) = frame else { return StatusCode::OK };
    match error.error.code {
        PARSE_ERROR | HEADER_MISMATCH | MISSING_REQUIRED_CLIENT_CAPABILITY | UNSUPPORTED_PROTOCOL_VERSION => {
            StatusCode::BAD_REQUEST
        }
        METHOD_NOT_FOUND if modern => StatusCode::NOT_FOUND,
        _ => StatusCode::OK,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone as _;

    #[test]
    fn retry_after_counts_the_seconds_to_the_next_utc_midnight() {
        let at = |h, m, s| chrono::Utc.with_ymd_and_hms(2026, 12, 31, h, m, s).unwrap();
        assert_eq!(seconds_to_midnight(at(0, 0, 0)), 86_400);
        assert_eq!(seconds_to_midnight(at(23, 59, 59)), 1);
        assert_eq!(seconds_to_midnight(at(12, 0, 0)), 43_200);
    }

    #[test]
    fn only_tool_call_requests_count_against_a_quota() {
        let call = serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {}});
        let note = serde_json::json!({"jsonrpc": "2.0", "method": "tools/call"});
        let list = serde_json::json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"});
        let calls = |value: &Value| spend(&message::read(value.clone())).calls;
        assert_eq!(calls(&call), 1);
        assert_eq!(calls(&note), 0);
        assert_eq!(calls(&list), 0);
        assert_eq!(calls(&serde_json::json!([call, note, list, call])), 2);
    }
}
