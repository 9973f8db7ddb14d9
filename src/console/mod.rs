//! The owner's console (`ctxlake serve --console`): server-rendered pages under `/console` on
//! `serve`'s listener where a fleet's owner reviews the claims the gate holds and decides, and
//! sees the fleet. Every decision is the same lake event `ctxlake claims` writes
//! (`lake::claims`), so the next fold applies it and `claims show` lists it.
//!
//! Who gets in: with a key store, only an owner key (`ctxlake keys create --owner`), exchanged
//! once on the sign-in page for a session cookie; without one, `serve` binds loopback only and
//! every client there is the operator, as on its MCP endpoint. Every state-changing form carries
//! the session's CSRF token; every page is sent with a strict Content-Security-Policy (no
//! script at all, styles from `/console/style.css` only) and the Host and Origin rules of the
//! MCP endpoint. The handlers are synchronous and run on the blocking pool, like the MCP core:
//! they read the lake and the key store, which block.

pub mod form;
pub mod page;
pub mod session;

use crate::keys::store::KeyStore;
use crate::knowledge::Store;
use crate::lake::Lake;
use crate::lake::claims::{self, ClaimsError};
use crate::local::paths::FleetId;
use crate::spec::wire::kb_record::KbRecordStatus;
use crate::transport::http::policy;
use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use form::Decision;
use maud::Markup;
use session::{Session, Sessions, manages, may_revoke};
use std::sync::Arc;
use tokio::sync::Semaphore;

/// Sent with every console response: no script may run, nothing is loaded from elsewhere, no
/// page may frame it, forms post only to the console.
pub const CONTENT_SECURITY_POLICY: &str =
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const STYLE: &str = include_str!("style.css");

/// Who may sign in.
pub enum Access {
    /// Owner keys of this store, each to its own fleets.
    Keys(Arc<KeyStore>),
    /// No key store: the server binds loopback only and its clients are the operator, the owner
    /// of this fleet (the same trust as `serve`'s MCP endpoint without keys).
    Operator { name: String, fleet: FleetId },
}

/// The knowledge base a console's owner reviews: `serve`'s own (`CTXLAKE_KB`), which belongs
/// to the owner of `serve`'s fleet (`CTXLAKE_FLEET_ID`): the operator without keys, an owner key
/// of that fleet with them.
pub struct Knowledge {
    pub kb_path: std::path::PathBuf,
    pub owner_fleet: FleetId,
    /// The log `serve`'s knowledge tools count their searches in (read for knowledge quality).
    pub searches: Arc<crate::knowledge::searches::SearchLog>,
}

/// What the console takes from `serve`'s edge: the Host and Origin allow-lists, whether the
/// cookie is `Secure`, and the body timeout.
pub struct Edge {
    pub hosts: Vec<String>,
    pub origins: Vec<String>,
    pub secure: bool,
    pub body_timeout: std::time::Duration,
    /// Pages and forms at once (`serve --max-inflight`), the console's own count.
    pub max_inflight: usize,
}

pub struct Console {
    lake: Arc<Lake>,
    access: Access,
    knowledge: Knowledge,
    sessions: Sessions,
    /// Host names the Host header and a POST's Origin may name (those of the MCP endpoint).
    hosts: Vec<String>,
    origins: Vec<String>,
    /// Whether the cookie is `Secure` (not when the server binds loopback over plain HTTP).
    secure: bool,
    /// How long a form's body may take to arrive (`serve --body-timeout-ms`).
    body_timeout: std::time::Duration,
    /// Pages and forms running at once, at most `serve --max-inflight` (apart from the MCP
    /// endpoint's: an owner's pages never take an agent's permit, nor theirs an owner's).
    inflight: Arc<Semaphore>,
}

impl Console {
    pub fn new(lake: Lake, access: Access, knowledge: Knowledge, edge: Edge) -> Arc<Console> {
        let Edge { hosts, origins, secure, body_timeout, max_inflight } = edge;
        let sessions = Sessions::default();
        let inflight = Arc::new(Semaphore::new(max_inflight.max(1)));
        let lake = Arc::new(lake);
        Arc::new(Console { lake, access, knowledge, sessions, hosts, origins, secure, body_timeout, inflight })
    }

    /// Whether `session`'s owner owns the knowledge base.
    fn owns_knowledge(&self, session: &Session) -> bool {
        session.fleets.contains(&self.knowledge.owner_fleet)
    }
}

/// The console's routes, to merge beside the MCP endpoint's.
pub fn router(console: Arc<Console>) -> Router {
    use axum::routing::{get, post};
    Router::new()
        .route("/console", get(|s, r| blocking(s, r, Console::review_page)))
        .route("/console/claim", get(|s, r| blocking(s, r, Console::claim_page)))
        .route("/console/fleet", get(|s, r| blocking(s, r, Console::fleet_page)))
        .route(
            "/console/knowledge",
            get(|s, r| blocking(s, r, Console::knowledge_page)).post(|s, r| posted(s, r, Console::knowledge_post)),
        )
        .route("/console/record", get(|s, r| blocking(s, r, Console::record_page)))
        .route(
            "/console/keys",
            get(|s, r| blocking(s, r, Console::keys_page)).post(|s, r| posted(s, r, Console::keys_post)),
        )
        .route("/console/style.css", get(style))
        .route(
            "/console/sign-in",
            get(|s, r| blocking(s, r, Console::sign_in_page)).post(|s, r| posted(s, r, Console::sign_in)),
        )
        .route("/console/sign-out", post(|s, r| posted(s, r, Console::sign_out)))
        .route("/console/decide", post(|s, r| posted(s, r, Console::decide)))
        .layer(middleware::from_fn_with_state(console.clone(), guard))
        .with_state(console)
}

/// The edge rules of every console request, and the headers of every answer.
async fn guard(State(console): State<Arc<Console>>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let mut response = if !policy::host_allowed(headers, &console.hosts) {
        problem(StatusCode::FORBIDDEN, "Forbidden", "The Host header names no host this server answers for.")
    } else if request.method() == Method::POST && !policy::origin_allowed(headers, &console.hosts, &console.origins) {
        problem(StatusCode::FORBIDDEN, "Forbidden", "The form was posted from another origin.")
    } else {
        next.run(request).await
    };
    let headers = response.headers_mut();
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        // Not `no-referrer`: browsers then send `Origin: null` with a form post, which the Origin
        // rule refuses; `same-origin` keeps the real Origin on our own posts and tells others nothing.
        (header::REFERRER_POLICY, "same-origin"),
        (header::CACHE_CONTROL, "no-store"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

async fn style() -> Response {
    let mut response = Response::new(Body::from(STYLE));
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/css; charset=utf-8"));
    response
}

/// Runs a page on the blocking pool (it reads the lake and the key store).
async fn blocking(
    State(console): State<Arc<Console>>,
    request: Request,
    page: fn(&Console, &Parts) -> Response,
) -> Response {
    let (parts, _) = request.into_parts();
    let inflight = console.inflight.clone();
    run(&inflight, move || page(&console, &parts)).await
}

/// Reads a form's body (at most `form::MAX_FORM_BYTES`), then runs its handler on the blocking pool.
async fn posted(
    State(console): State<Arc<Console>>,
    request: Request,
    handle: fn(&Console, &Parts, &[u8]) -> Response,
) -> Response {
    let (parts, body) = request.into_parts();
    let read = tokio::time::timeout(console.body_timeout, axum::body::to_bytes(body, form::MAX_FORM_BYTES)).await;
    let body = match read {
        Ok(Ok(body)) => body,
        Ok(Err(_)) => {
            return problem(StatusCode::PAYLOAD_TOO_LARGE, "Too large", &form::FormError::TooLarge.to_string());
        }
        Err(_) => return problem(StatusCode::REQUEST_TIMEOUT, "Too slow", "The form's body did not arrive in time."),
    };
    let inflight = console.inflight.clone();
    run(&inflight, move || handle(&console, &parts, &body)).await
}

/// Runs a page or form on the blocking pool under one of the console's permits: past
/// `--max-inflight` pages at once the console answers 503 at once rather than queue without bound.
async fn run(inflight: &Arc<Semaphore>, work: impl FnOnce() -> Response + Send + 'static) -> Response {
    let Ok(permit) = inflight.clone().try_acquire_owned() else {
        let mut busy =
            problem(StatusCode::SERVICE_UNAVAILABLE, "Busy", "Too many console pages at once; retry shortly.");
        busy.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        return busy;
    };
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work()
    })
    .await
    .unwrap_or_else(|e| {
        tracing::error!(error = %e, "a console page failed");
        problem(StatusCode::INTERNAL_SERVER_ERROR, "Server error", "The page failed; the server's log says why.")
    })
}

/// The answer that refuses a request, boxed (a `Response` is large to carry in every `Result`).
type Refused = Box<Response>;

/// Who asks, and for which fleet: a signed-in owner (or the operator, whose session opens on
/// first sight), or the answer that refuses them.
struct Asking {
    session: Session,
    fleet: FleetId,
    query: form::PageQuery,
    /// A new session's cookie, to set on the answer.
    cookie: Option<String>,
}

impl Console {
    fn asking(&self, parts: &Parts) -> Result<Asking, Refused> {
        let query = form::query(parts.uri.query())
            .map_err(|e| Box::new(problem(StatusCode::BAD_REQUEST, "Bad request", &e.to_string())))?;
        let (session, cookie) = match self.session_of(parts)? {
            Some(session) => (session, None),
            None => match &self.access {
                Access::Keys(_) => return Err(Box::new(html(StatusCode::UNAUTHORIZED, page::sign_in(None)))),
                Access::Operator { name, fleet } => {
                    let (token, session) = self
                        .sessions
                        .open(name.clone(), None, vec![fleet.clone()])
                        .map_err(|e| Box::new(failed("opening a session", &e)))?;
                    (session, Some(session::set_cookie(&token, self.secure)))
                }
            },
        };
        let fleet = match &query.fleet {
            None => session.fleets.first().cloned().ok_or_else(|| Box::new(not_owner("any fleet")))?,
            Some(name) => {
                session.fleets.iter().find(|f| f.as_str() == name).cloned().ok_or_else(|| Box::new(not_owner(name)))?
            }
        };
        Ok(Asking { session, fleet, query, cookie })
    }

    /// The open session the request's cookie names, if any; a session whose owner key was
    /// revoked (or is no longer an owner key) ends here.
    fn session_of(&self, parts: &Parts) -> Result<Option<Session>, Refused> {
        let Some(token) = session::token(&parts.headers) else { return Ok(None) };
        let Some(session) = self.sessions.get(&token) else { return Ok(None) };
        if let (Access::Keys(keys), Some(prefix)) = (&self.access, &session.key_prefix) {
            let key = keys.by_prefix(prefix).map_err(|e| Box::new(failed("reading the key store", &e)))?;
            if !key.is_some_and(|k| k.owner && k.revoked_at.is_none()) {
                self.sessions.close(&token);
                return Ok(None);
            }
        }
        Ok(Some(session))
    }

    /// Who posts a state-changing form: the open session whose CSRF token the form carries,
    /// checked before any other field is read; else the answer that refuses it (401 to sign in
    /// again with keys, 403 for a missing or another token).
    fn poster(&self, parts: &Parts, body: &[u8]) -> Result<Session, Refused> {
        let Some(session) = self.session_of(parts)? else {
            return Err(Box::new(match self.access {
                Access::Keys(_) => html(StatusCode::UNAUTHORIZED, page::sign_in(Some("Sign in again."))),
                Access::Operator { .. } => forbidden_form(),
            }));
        };
        // A form without this session's token is refused as one, whatever else is wrong with it.
        if !form::csrf_only(body).is_ok_and(|csrf| session::csrf_matches(&session, &csrf)) {
            return Err(Box::new(forbidden_form()));
        }
        Ok(session)
    }

    fn frame<'a>(&self, asking: &'a Asking) -> page::Frame<'a> {
        page::Frame {
            owner: &asking.session.owner,
            fleets: &asking.session.fleets,
            fleet: &asking.fleet,
            csrf: &asking.session.csrf,
            keys: matches!(self.access, Access::Keys(_)),
            knowledge: self.owns_knowledge(&asking.session),
            session: &asking.session,
        }
    }

    fn review_page(&self, parts: &Parts) -> Response {
        let asking = match self.asking(parts) {
            Ok(asking) => asking,
            Err(refused) => return *refused,
        };
        let review = match claims::review(&self.lake, &asking.fleet, chrono::Utc::now()) {
            Ok(review) => review,
            Err(e) => return failed("reading the fleet's claims from the lake", &e),
        };
        with_cookie(html(StatusCode::OK, page::review(&self.frame(&asking), &review, asking.query.done)), asking.cookie)
    }

    fn claim_page(&self, parts: &Parts) -> Response {
        let asking = match self.asking(parts) {
            Ok(asking) => asking,
            Err(refused) => return *refused,
        };
        let Some(id) = asking.query.id.clone() else {
            return problem(StatusCode::BAD_REQUEST, "Bad request", "`id` is missing: which claim?");
        };
        let review = match claims::review(&self.lake, &asking.fleet, chrono::Utc::now()) {
            Ok(review) => review,
            Err(e) => return failed("reading the fleet's claims from the lake", &e),
        };
        let Some(row) = review.rows.iter().find(|r| r.answers_to(&id)) else {
            let message = format!("Fleet {} has no claim {}.", asking.fleet.as_str(), page_text(&id));
            return problem(StatusCode::NOT_FOUND, "No such claim", &message);
        };
        let decisions = claims::decisions_in(&review.decided, &row.claim_id);
        let same: Vec<_> =
            review.rows.iter().filter(|r| r.subject == row.subject && r.claim_id != row.claim_id).collect();
        let held = review.held.get(&row.claim_id).map(String::as_str);
        let markup = page::claim(&self.frame(&asking), row, held, &decisions, &same, asking.query.done);
        with_cookie(html(StatusCode::OK, markup), asking.cookie)
    }

    fn fleet_page(&self, parts: &Parts) -> Response {
        let asking = match self.asking(parts) {
            Ok(asking) => asking,
            Err(refused) => return *refused,
        };
        match crate::lake::overview::read(&self.lake, &asking.fleet) {
            Ok(overview) => {
                with_cookie(html(StatusCode::OK, page::fleet(&self.frame(&asking), &overview)), asking.cookie)
            }
            Err(e) => failed("reading the fleet's documents from the lake", &e),
        }
    }

    fn knowledge_page(&self, parts: &Parts) -> Response {
        let asking = match self.asking(parts) {
            Ok(asking) => asking,
            Err(refused) => return *refused,
        };
        if !self.owns_knowledge(&asking.session) {
            return self.not_knowledge_owner();
        }
        let read = Store::open(&self.knowledge.kb_path).and_then(|store| {
            let listed = store.list(None)?;
            let mut edited = std::collections::BTreeSet::new();
            for draft in listed.iter().filter(|l| l.status == "draft") {
                if store.approved_version(&draft.id)?.is_some() {
                    edited.insert(draft.id.clone());
                }
            }
            let searches = self.knowledge.searches.read(chrono::Utc::now(), page::SEARCH_DAYS)?;
            Ok((listed, edited, store.feedback()?, searches))
        });
        match read {
            Ok((listed, edited, feedback, searches)) => {
                let frame = self.frame(&asking);
                let quality = page::Quality { feedback: &feedback, searches: &searches };
                let markup = page::knowledge(&frame, &listed, &edited, &quality, asking.query.done);
                with_cookie(html(StatusCode::OK, markup), asking.cookie)
            }
            Err(e) => failed("reading the knowledge base", &e),
        }
    }

    fn record_page(&self, parts: &Parts) -> Response {
        let asking = match self.asking(parts) {
            Ok(asking) => asking,
            Err(refused) => return *refused,
        };
        if !self.owns_knowledge(&asking.session) {
            return self.not_knowledge_owner();
        }
        let Some(id) = asking.query.id.clone() else {
            return problem(StatusCode::BAD_REQUEST, "Bad request", "`id` is missing: which record?");
        };
        let read = Store::open(&self.knowledge.kb_path).and_then(|store| {
            let Some(record) = store.show(&id)? else { return Ok(None) };
            let approved = store.approved_version(&record.id)?;
            Ok(Some((record, approved)))
        });
        let (record, approved) = match read {
            Ok(Some(found)) => found,
            Ok(None) => {
                return problem(StatusCode::NOT_FOUND, "No such record", &format!("No record {}.", page_text(&id)));
            }
            Err(e) => return failed("reading the knowledge base", &e),
        };
        let as_value = |r: &crate::spec::wire::kb_record::KbRecord| serde_json::to_value(r).unwrap_or_default();
        let approved = approved.as_ref().map(as_value);
        let markup = page::record(&self.frame(&asking), &as_value(&record), approved.as_ref(), asking.query.done);
        with_cookie(html(StatusCode::OK, markup), asking.cookie)
    }

    /// Approves or deprecates a record, as `ctxlake kb approve|deprecate` does.
    fn knowledge_post(&self, parts: &Parts, body: &[u8]) -> Response {
        let session = match self.poster(parts, body) {
            Ok(session) => session,
            Err(refused) => return *refused,
        };
        let form = match form::record_form(body) {
            Ok(form) => form,
            Err(e) => return problem(StatusCode::BAD_REQUEST, "Bad request", &e.to_string()),
        };
        let Some(fleet) = session.fleets.iter().find(|f| f.as_str() == form.fleet) else {
            return not_owner(&form.fleet);
        };
        if !self.owns_knowledge(&session) {
            return self.not_knowledge_owner();
        }
        let (status, done) = match form.action {
            form::RecordAction::Approve => (KbRecordStatus::Approved, form::Done::Published),
            form::RecordAction::Deprecate => (KbRecordStatus::Deprecated, form::Done::Deprecated),
        };
        let changed = Store::open(&self.knowledge.kb_path).and_then(|mut store| {
            store.set_status(&form.record, status, crate::embed::knowledge_semantic(), chrono::Utc::now())
        });
        match changed {
            Ok(true) => {
                tracing::info!(decision = done.as_str(), "console: knowledge record decided");
                let query =
                    form::link_query(&[("fleet", fleet.as_str()), ("id", &form.record), ("done", done.as_str())]);
                redirect(&format!("/console/record?{query}"), None)
            }
            Ok(false) => problem(StatusCode::NOT_FOUND, "No such record", "The knowledge base has no such record."),
            Err(e) => failed("writing the knowledge base", &e),
        }
    }

    fn not_knowledge_owner(&self) -> Response {
        let message = format!(
            "The knowledge base of this server belongs to the owner of fleet {}.",
            self.knowledge.owner_fleet.as_str()
        );
        problem(StatusCode::FORBIDDEN, "Forbidden", &message)
    }

    fn keys_page(&self, parts: &Parts) -> Response {
        let asking = match self.asking(parts) {
            Ok(asking) => asking,
            Err(refused) => return *refused,
        };
        with_cookie(self.keys_of(&asking, None), asking.cookie)
    }

    /// The keys page of `asking`'s owner, with a new key's token when one was just created.
    fn keys_of(&self, asking: &Asking, created: Option<(&str, &str)>) -> Response {
        let Access::Keys(store) = &self.access else {
            let message = "This server runs without a key store (--keys): there are no keys to manage.";
            return problem(StatusCode::NOT_FOUND, "No key store", message);
        };
        let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
        let listed = store.list().and_then(|all| {
            all.into_iter()
                .filter(|key| manages(&asking.session, key))
                .map(|key| {
                    let used = store.used(&crate::keys::store::Subject::Key(key.prefix.clone()), &today)?;
                    Ok((key, used))
                })
                .collect::<Result<Vec<_>, _>>()
        });
        // Guests use the server's knowledge tools: their use is the knowledge base owner's to see.
        let guests = |store: &KeyStore| match self.owns_knowledge(&asking.session) {
            true => store.guest_days(),
            false => Ok(vec![]),
        };
        let (keys, guests) = match listed.and_then(|keys| Ok((keys, guests(store)?))) {
            Ok(read) => read,
            Err(e) => return failed("reading the key store", &e),
        };
        html(StatusCode::OK, page::keys(&self.frame(asking), &keys, &guests, created, asking.query.done))
    }

    /// Creates or revokes a key of the owner's fleets (never of another's).
    fn keys_post(&self, parts: &Parts, body: &[u8]) -> Response {
        let Access::Keys(store) = &self.access else {
            return problem(StatusCode::NOT_FOUND, "No key store", "This server runs without a key store (--keys).");
        };
        let session = match self.poster(parts, body) {
            Ok(session) => session,
            Err(refused) => return *refused,
        };
        let form = match form::key_form(body) {
            Ok(form) => form,
            Err(e) => return problem(StatusCode::BAD_REQUEST, "Bad request", &e.to_string()),
        };
        let Some(fleet) = session.fleets.iter().find(|f| f.as_str() == form.fleet).cloned() else {
            return not_owner(&form.fleet);
        };
        match form.action {
            form::KeyAction::Create { name, fleets, quota, owner } => {
                if let Some(foreign) = fleets.iter().find(|f| !session.fleets.iter().any(|own| own.as_str() == *f)) {
                    return not_owner(foreign);
                }
                let new = crate::keys::store::NewKey {
                    name,
                    quota,
                    fleets,
                    tools: None,
                    projects: None,
                    owner,
                    write_quota: None,
                };
                match store.create(&new) {
                    Ok((record, token)) => {
                        tracing::info!(key = %record.prefix, owner_key = owner, "console: key created");
                        let asking = Asking { session, fleet, query: form::PageQuery::default(), cookie: None };
                        self.keys_of(&asking, Some((&record.name, &token)))
                    }
                    Err(e @ (crate::keys::KeyError::InvalidName(_) | crate::keys::KeyError::Duplicate(_))) => {
                        problem(StatusCode::BAD_REQUEST, "Bad request", &format!("`name`: {e}"))
                    }
                    Err(e) => failed("writing the key store", &e),
                }
            }
            form::KeyAction::Revoke { name } => {
                let key = match store.find(&name) {
                    Ok(key) => key,
                    Err(e) => return failed("reading the key store", &e),
                };
                // A key of another owner's fleets is answered as one that does not exist.
                let Some(key) = key.filter(|key| key.name == name && manages(&session, key)) else {
                    return problem(StatusCode::NOT_FOUND, "No such key", "None of your fleets' keys has that name.");
                };
                if !may_revoke(&session, &key) {
                    let message = "Another owner's key is revoked with `ctxlake keys revoke`, not here.";
                    return problem(StatusCode::FORBIDDEN, "Forbidden", message);
                }
                if let Err(e) = store.revoke_prefix(&key.prefix) {
                    return failed("writing the key store", &e);
                }
                tracing::info!(key = %key.prefix, "console: key revoked");
                let query = form::link_query(&[("fleet", fleet.as_str()), ("done", form::Done::Revoked.as_str())]);
                redirect(&format!("/console/keys?{query}"), None)
            }
        }
    }

    fn sign_in_page(&self, _parts: &Parts) -> Response {
        match self.access {
            Access::Keys(_) => html(StatusCode::OK, page::sign_in(None)),
            Access::Operator { .. } => redirect("/console", None),
        }
    }

    /// An owner key for a session: 401 for a key that is not one (or revoked), 403 for a fleet
    /// key, which never sees the console.
    fn sign_in(&self, _parts: &Parts, body: &[u8]) -> Response {
        let Access::Keys(keys) = &self.access else { return redirect("/console", None) };
        let token = match form::sign_in(body) {
            Ok(token) => token,
            Err(e) => return html(StatusCode::BAD_REQUEST, page::sign_in(Some(&e.to_string()))),
        };
        let key = match keys.authenticate(&token) {
            Ok(Ok(key)) => key,
            Ok(Err(why)) => {
                tracing::info!(reason = why.as_str(), "console sign-in refused");
                return html(
                    StatusCode::UNAUTHORIZED,
                    page::sign_in(Some(&format!("Not signed in: {}.", why.as_str()))),
                );
            }
            Err(e) => return failed("reading the key store", &e),
        };
        if !key.owner {
            tracing::info!(key = %key.prefix, "console sign-in with a fleet key refused");
            return problem(
                StatusCode::FORBIDDEN,
                "Not an owner key",
                "This key uses the fleet's tools; only an owner key (ctxlake keys create --owner) signs in to the console.",
            );
        }
        let fleets: Vec<FleetId> = key.fleets.iter().filter_map(|f| FleetId::new(f.clone()).ok()).collect();
        match self.sessions.open(key.name.clone(), Some(key.prefix.clone()), fleets) {
            Ok((token, _)) => {
                tracing::info!(key = %key.prefix, "console session opened");
                redirect("/console", Some(session::set_cookie(&token, self.secure)))
            }
            Err(e) => failed("opening a session", &e),
        }
    }

    fn sign_out(&self, parts: &Parts, body: &[u8]) -> Response {
        let token = session::token(&parts.headers);
        let session = token.as_deref().and_then(|t| self.sessions.get(t));
        let csrf = form::csrf_only(body).unwrap_or_default();
        match (token, session) {
            (Some(token), Some(session)) if session::csrf_matches(&session, &csrf) => {
                self.sessions.close(&token);
                redirect("/console/sign-in", Some(session::clear_cookie(self.secure)))
            }
            _ => forbidden_form(),
        }
    }

    /// An owner's decision: CSRF and fleet checked, then the same lake event `ctxlake claims` writes.
    fn decide(&self, parts: &Parts, body: &[u8]) -> Response {
        let session = match self.poster(parts, body) {
            Ok(session) => session,
            Err(refused) => return *refused,
        };
        let form = match form::decision(body) {
            Ok(form) => form,
            Err(e) => return problem(StatusCode::BAD_REQUEST, "Bad request", &e.to_string()),
        };
        let Some(fleet) = session.fleets.iter().find(|f| f.as_str() == form.fleet) else {
            return not_owner(&form.fleet);
        };
        let by = format!("human:{}", session.owner);
        let lake = &self.lake;
        let done = form.decision.done();
        let (decided, back) = match &form.decision {
            Decision::Approve { claim } => (claims::approve(lake, fleet, claim, &by).map(|_| ()), Some(claim)),
            Decision::Retire { claim, reason } => (claims::retire(lake, fleet, claim, reason, &by), Some(claim)),
            Decision::Retract { claim, reason } => (claims::retract(lake, fleet, claim, reason, &by), Some(claim)),
            Decision::Quarantine { agent, reason } => (claims::quarantine(lake, fleet, agent, reason, &by), None),
        };
        match decided {
            Ok(()) => {
                tracing::info!(fleet = fleet.as_str(), decision = done.as_str(), "console decision recorded");
                let location = match back {
                    Some(claim) => format!(
                        "/console/claim?{}",
                        form::link_query(&[("fleet", fleet.as_str()), ("id", claim), ("done", done.as_str())])
                    ),
                    None => {
                        format!("/console?{}", form::link_query(&[("fleet", fleet.as_str()), ("done", done.as_str())]))
                    }
                };
                redirect(&location, None)
            }
            Err(ClaimsError::UnknownClaim { .. }) => {
                problem(StatusCode::NOT_FOUND, "No such claim", &format!("Fleet {} has no such claim.", fleet.as_str()))
            }
            Err(e @ ClaimsError::Blank { .. }) => problem(StatusCode::BAD_REQUEST, "Bad request", &e.to_string()),
            Err(e) => failed("writing the decision to the lake", &e),
        }
    }
}

/// Text from a request, shown back on a page: one bounded line.
fn page_text(text: &str) -> String {
    crate::guard::sanitize::clean_single_line(text, crate::guard::sanitize::MAX_SHORT_FIELD)
}

fn html(status: StatusCode, markup: Markup) -> Response {
    let mut response = Response::new(Body::from(markup.into_string()));
    *response.status_mut() = status;
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    response
}

fn problem(status: StatusCode, title: &str, message: &str) -> Response {
    html(status, page::problem(title, message))
}

fn forbidden_form() -> Response {
    problem(
        StatusCode::FORBIDDEN,
        "Forbidden",
        "The form did not carry this session's token (CSRF); reload the page and try again.",
    )
}

fn not_owner(fleet: &str) -> Response {
    let message = format!("You are not an owner of fleet {}.", page_text(fleet));
    problem(StatusCode::FORBIDDEN, "Forbidden", &message)
}

/// A failure of the lake or the key store: logged with its cause, shown without it (it may
/// name a host path or a bucket).
fn failed(doing: &str, error: &dyn std::fmt::Display) -> Response {
    tracing::error!(%error, "console: {doing} failed");
    let message = format!("{doing} failed; the server's log says why.");
    let mut chars = message.chars();
    let message: String = chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default();
    problem(StatusCode::BAD_GATEWAY, "Not available", &message)
}

fn redirect(location: &str, cookie: Option<String>) -> Response {
    let mut response = Response::new(Body::empty());
    *response.status_mut() = StatusCode::SEE_OTHER;
    if let Ok(value) = HeaderValue::from_str(location) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    with_cookie(response, cookie)
}

fn with_cookie(mut response: Response, cookie: Option<String>) -> Response {
    if let Some(value) = cookie.and_then(|c| HeaderValue::from_str(&c).ok()) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_page_past_the_consoles_permits_is_answered_503_with_retry_after_and_never_runs() {
        let inflight = Arc::new(Semaphore::new(1));
        let held = inflight.clone().try_acquire_owned().expect("the one permit");
        let ran = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let flag = ran.clone();
        let busy = run(&inflight, move || {
            flag.store(true, std::sync::atomic::Ordering::SeqCst);
            problem(StatusCode::OK, "ran", "ran")
        })
        .await;
        assert_eq!(busy.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(busy.headers().get(header::RETRY_AFTER).map(|v| v.as_bytes()), Some(&b"1"[..]));
        assert!(!ran.load(std::sync::atomic::Ordering::SeqCst));
        drop(held);
        let answered = run(&inflight, || problem(StatusCode::OK, "ran", "ran")).await;
        assert_eq!(answered.status(), StatusCode::OK);
        // The permit went back when the page was done.
        assert_eq!(inflight.available_permits(), 1);
    }
}
