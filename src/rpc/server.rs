//! The method table, shared by every connection of a process, and the `Session` that holds one
//! connection's state. `Server::handle` takes one decoded value and the session it arrived on
//! and returns at most one frame; it never panics outward (a handler panic becomes -32603) and
//! performs no I/O itself (tools do, behind `catalog::Tools`). Bytes, UTF-8, size caps and
//! framing are the transport's.

use crate::catalog::{ArgumentError, Call, CallError, Catalog, ToolSpec, Tools};
use crate::rpc::extension::{Exchange, Extension, NoOutbox, Outbox};
use crate::rpc::frame::Frame;
use crate::rpc::in_flight::{Cancellations, InFlight};
use crate::rpc::message::{Body, Envelope, Incoming, Request, read};
use crate::rpc::results;
use crate::rpc::surface;
use crate::rpc::{ResultObject, Revision, RpcError};
use crate::spec::mcp::{
    CallToolParams, EmptyCapability, EmptyResult, Implementation, InitializeParams, LoggingLevel, LoggingMessageParams,
    PromptsCapability, ResourceUpdatedParams, ResourcesCapability, ServerCapabilities, SubscriptionFilter,
    SubscriptionId, SubscriptionMeta, SubscriptionsAcknowledgedParams, SubscriptionsListenParams,
};
use crate::spec::rpc::RequestId;
use crate::spec::wire::http_session::HttpSession;
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::OnceLock;

pub use crate::rpc::message::META_PROTOCOL_VERSION;
/// The key of the modern per-request log level in `params._meta`.
pub const META_LOG_LEVEL: &str = "io.modelcontextprotocol/logLevel";

/// One connection's protocol state. stdio has one per process; HTTP one per `Mcp-Session-Id`.
#[derive(Debug, Default, Clone)]
pub struct Session {
    /// The revision `initialize` agreed on; `None` before any handshake.
    negotiated: Option<Revision>,
    /// The client as it named itself in `initialize` (presence records report it).
    client: Option<Implementation>,
    /// The level `logging/setLevel` set; `None` before any (an extension's log notifications).
    pub log_level: Option<String>,
    /// The requests the client cancelled; shared with the transport, which may learn of a
    /// cancellation while the request it names is being handled.
    cancellations: Cancellations,
    /// The resources the client subscribed to, each with a digest of what it read last;
    /// `None` where the transport cannot send a notification at any time (no subscriptions).
    subscriptions: Option<BTreeMap<String, u64>>,
    /// 2026-07-28 `subscriptions/listen` streams held open, where the transport can hold them.
    listens: Vec<Listen>,
    /// Whether the transport drops this session after each request (stateless HTTP).
    forgetful: bool,
    /// Whether the transport hands the core one frame at a time, in the order they came
    /// (stdio): no request runs when a cancellation's turn comes, so none is marked running.
    in_order: bool,
}

/// A `subscriptions/listen` stream held open: its request's id (the subscription's id) and the
/// resources it watches, each with a digest of what it read last.
#[derive(Debug, Clone)]
pub(crate) struct Listen {
    id: RequestId,
    pub(crate) watched: BTreeMap<String, u64>,
}

/// Streams one session may hold open at once (stdio multiplexes them on one channel).
pub const MAX_LISTENS: usize = 8;
/// How often a transport reads watched resources again to see whether they changed (only while
/// the client holds a subscription): a sync that lands is announced within this.
pub const WATCH_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

impl Session {
    pub fn new() -> Session {
        Session::default()
    }

    /// A session already in `revision`, for a transport that learns the revision from elsewhere
    /// than an `initialize` on the same connection (stateless HTTP: the `MCP-Protocol-Version`
    /// header). A modern revision is ignored: 2026-07-28 is named per request, in `_meta`.
    pub fn in_revision(revision: Revision) -> Session {
        Session { negotiated: (!revision.is_modern()).then_some(revision), ..Session::default() }
    }

    /// This session, dropped by its transport after each request (stateless HTTP): a level
    /// `logging/setLevel` set would be forgotten before any message could follow it, so before
    /// 2026-07-28 `logging` is not declared and `logging/setLevel` is not offered.
    pub fn forgetful(mut self) -> Session {
        self.forgetful = true;
        self
    }

    /// This session, its frames handled one at a time in the order they came (stdio).
    pub fn in_order(mut self) -> Session {
        self.in_order = true;
        self
    }

    /// This session, kept by its transport from now on (an HTTP session `initialize` opens).
    pub fn kept(mut self) -> Session {
        self.forgetful = false;
        self
    }

    /// Whether a level `logging/setLevel` sets outlives the request that set it.
    pub fn keeps_log_level(&self) -> bool {
        !self.forgetful
    }

    /// The revision in force for requests that carry no modern envelope.
    pub fn revision(&self) -> Revision {
        self.negotiated.unwrap_or(Revision::LATEST_LEGACY)
    }

    /// The client's `clientInfo` from the last `initialize`; `None` before any.
    pub fn client(&self) -> Option<&Implementation> {
        self.client.as_ref()
    }

    /// A session whose transport can send a notification at any time (stdio, or a 2026-07-28
    /// HTTP response stream that it can hold open), so it may offer resource subscriptions and
    /// hold `subscriptions/listen` streams; the transport then calls `Server::resource_updates`
    /// now and then, and `Server::end_listens` when it shuts down.
    pub fn with_updates(mut self) -> Session {
        self.subscriptions = Some(BTreeMap::new());
        self
    }

    /// Whether the client subscribed to any resource, or holds a `subscriptions/listen` stream
    /// open (the transport should poll for changes).
    pub fn is_subscribed(&self) -> bool {
        self.subscriptions.as_ref().is_some_and(|watched| !watched.is_empty()) || self.is_listening()
    }

    /// Whether a `subscriptions/listen` stream is held open: its answer comes only when it ends.
    pub fn is_listening(&self) -> bool {
        !self.listens.is_empty()
    }

    /// The subscriptions, when this session can have any.
    pub(crate) fn subscriptions(&mut self) -> Option<&mut BTreeMap<String, u64>> {
        self.subscriptions.as_mut()
    }

    /// The record of cancelled requests, for a transport that reads ahead of the core.
    pub fn cancellations(&self) -> &Cancellations {
        &self.cancellations
    }

    /// What a transport keeps of a session between requests where another process may continue
    /// it (`schemas/wire/http_session.json`): its revision, client, log level and subscriptions.
    /// Held open listens and cancellations are not in it: they live while a request runs.
    pub fn record(&self) -> HttpSession {
        let client = self.client.as_ref().and_then(|client| match serde_json::to_value(client) {
            Ok(Value::Object(map)) => Some(map),
            _ => None,
        });
        HttpSession {
            revision: self.negotiated.map(|revision| revision.as_str().to_string()),
            client: client.unwrap_or_default(),
            log_level: self.log_level.clone(),
            subscriptions: self.subscriptions.iter().flatten().map(|(uri, digest)| (uri.clone(), *digest)).collect(),
        }
    }

    /// The kept session a `record` describes, sharing `cancellations` with the requests of it
    /// this process runs. A revision this build does not know, or a client that is no MCP
    /// Implementation, is dropped, not refused: the record came from another host's build.
    pub fn from_record(record: HttpSession, cancellations: Cancellations) -> Session {
        Session {
            negotiated: record.revision.as_deref().and_then(Revision::parse),
            client: serde_json::from_value(Value::Object(record.client)).ok(),
            log_level: record.log_level,
            cancellations,
            subscriptions: Some(record.subscriptions.into_iter().collect()),
            listens: vec![],
            forgetful: false,
            in_order: false,
        }
    }
}

/// The protocol core of a process: tools, catalog, compiled validators and the rendered
/// `tools/list` of each revision, built once and shared by every session and thread (`Sync`;
/// nothing on the request path takes a lock).
pub struct Server {
    tools: Box<dyn Tools>,
    catalog: Catalog,
    /// The tools this server lists and lets be called; `None` is every tool of the catalog.
    visible: Option<BTreeSet<String>>,
    /// Methods and tools beside the catalog's (`serve --conformance-fixtures`).
    extension: Option<Box<dyn Extension>>,
    tools_lists: [OnceLock<ResultObject>; Revision::ALL.len()],
}

impl Server {
    pub fn new(tools: impl Tools + 'static) -> Server {
        Server {
            tools: Box::new(tools),
            catalog: Catalog::default(),
            visible: None,
            extension: None,
            tools_lists: Default::default(),
        }
    }

    /// This server, also serving what `extension` serves.
    pub fn with_extension(mut self, extension: impl Extension + 'static) -> Server {
        self.extension = Some(Box::new(extension));
        self
    }

    /// This server, listing and calling only the tools named in `visible` (a name the catalog
    /// does not know is ignored). A hidden tool is unknown to `tools/call`, exactly as a tool that
    /// does not exist. Use this for a transport that serves principals with different rights.
    pub fn with_visible_tools(mut self, visible: impl IntoIterator<Item = String>) -> Server {
        self.visible = Some(visible.into_iter().collect());
        self
    }

    fn is_visible(&self, spec: &ToolSpec) -> bool {
        self.visible.as_ref().is_none_or(|names| names.contains(spec.name))
    }

    /// Whether the catalog has a tool of this name that this server shows (a resource or
    /// prompt is served only where the tool whose data it shows is).
    fn is_visible_name(&self, tool: &str) -> bool {
        self.catalog.find(tool).is_some_and(|spec| self.is_visible(spec))
    }

    /// Handles one decoded JSON value received on `session`: a frame, or a batch where the
    /// revision allows it. Returns the answer to send, if any.
    pub fn handle(&self, session: &mut Session, value: Value) -> Option<Frame> {
        self.handle_with(session, value, &NoOutbox)
    }

    /// `handle`, with a way to send notifications and requests before the answer.
    pub fn handle_with(&self, session: &mut Session, value: Value, outbox: &dyn Outbox) -> Option<Frame> {
        self.handle_body(session, read(value), outbox)
    }

    /// `handle_with` for a body its transport has already read (`message::read`), as HTTP
    /// does to apply its policy to the body's fields: a body is read once.
    pub fn handle_body(&self, session: &mut Session, body: Body, outbox: &dyn Outbox) -> Option<Frame> {
        let batch = match body {
            Body::One(frame) => return self.handle_frame(session, frame, outbox),
            Body::Batch(batch) => batch,
        };
        let revision = session.revision();
        if !revision.accepts_batches() {
            let why = format!("batches are not accepted in protocol revision {revision}");
            return Some(Frame::error(None, RpcError::invalid_request(why)));
        }
        if batch.is_empty() {
            return Some(Frame::error(None, RpcError::invalid_request("empty batch")));
        }
        let answers: Vec<Frame> =
            batch.into_iter().filter_map(|frame| self.handle_frame(session, frame, outbox)).collect();
        (!answers.is_empty()).then_some(Frame::Batch(answers))
    }

    fn handle_frame(&self, session: &mut Session, frame: Incoming, outbox: &dyn Outbox) -> Option<Frame> {
        match frame {
            Incoming::Request(mut request) => {
                // One span per request: what was asked and how it ended, never its arguments.
                // With `CTXLAKE_LOG=ctxlake=debug` the log shows it closing, with its duration.
                let span = tracing::debug_span!(
                    "request",
                    method = %request.method,
                    tool = request.tool.map(|spec| spec.name),
                    revision = tracing::field::Empty,
                    outcome = tracing::field::Empty,
                );
                let _entered = span.enter();
                // "A client MUST NOT attempt to cancel its initialize request": such an attempt is ignored.
                let cancellations = Some(session.cancellations.clone()).filter(|_| request.method != "initialize");
                let cancelled =
                    |id: &RequestId| cancellations.as_ref().is_some_and(|c| c.is_cancelled(id)) || outbox.closed();
                // Where requests run at once (HTTP), one is marked running from before its first
                // look at the record until it ends, so that a cancellation settled meanwhile is
                // kept for it (`rpc::in_flight`); the mark's end spends the cancellation.
                let _running = cancellations.as_ref().filter(|_| !session.in_order).map(|c| c.running(&request.id));
                if cancelled(&request.id) {
                    span.record("outcome", "cancelled before it was handled; not answered");
                    return None;
                }
                let outcome = catch_unwind(AssertUnwindSafe(|| match is_listen(&request.method, &request.envelope) {
                    true => self.listen(session, &request.id, std::mem::take(&mut request.params), outbox),
                    false => self.answer(session, &mut request, outbox).map(Now),
                }));
                // The spec: a receiver of a cancellation SHOULD NOT send a response for it.
                outbox.catch_up();
                if cancelled(&request.id) {
                    span.record("outcome", "cancelled while it was handled; its answer is dropped");
                    return None;
                }
                let id = request.id;
                Some(match outcome {
                    Ok(Ok(Now(result))) => {
                        span.record("outcome", "answered");
                        Frame::result(id, result)
                    }
                    Ok(Ok(Held)) => {
                        span.record("outcome", "held open; answered when it ends");
                        return None;
                    }
                    Ok(Err(error)) => {
                        span.record("outcome", error.code);
                        Frame::error(Some(id), error)
                    }
                    Err(_) => {
                        tracing::error!(method = %request.method, "handler panicked; answered -32603 and kept serving");
                        Frame::error(Some(id), RpcError::internal("the handler failed; the server keeps serving"))
                    }
                })
            }
            Incoming::Notification { method, params, .. } => {
                if method == "notifications/cancelled"
                    && let Some(id) = session.cancellations.note(&params)
                {
                    // A cancelled stream ends without an answer (the client will not read one).
                    let cancellations = session.cancellations.clone();
                    session.listens.retain(|listen| !cancellations.is_cancelled(&listen.id));
                    cancellations.settle(&id);
                }
                tracing::debug!(%method, "notification (never answered)");
                None
            }
            Incoming::Reply(_) => {
                tracing::debug!("stray result/error frame ignored");
                None
            }
            Incoming::Invalid { id, error } => Some(Frame::error(id, error)),
            Incoming::Dropped { why } => {
                tracing::warn!(why, "malformed frame without id dropped");
                None
            }
        }
    }

    fn answer(&self, session: &mut Session, request: &mut Request, outbox: &dyn Outbox) -> Result<Answer, RpcError> {
        let params = std::mem::take(&mut request.params);
        let (id, method, tool) = (&request.id, request.method.as_str(), request.tool);
        let modern = request.envelope.revision.clone()?;
        if modern.is_some() && REMOVED_IN_2026_07_28.contains(&method) {
            return Err(RpcError::method_not_found(method));
        }
        let revision = modern.unwrap_or(session.revision());
        tracing::Span::current().record("revision", revision.as_str());
        let extension = self.extension.as_deref();
        match method {
            "initialize" => self.initialize(session, params),
            "server/discover" => ResultObject::new(&results::discover(
                self.capabilities(Revision::V2026_07_28, false, true),
                results::instructions(&|tool| self.is_visible_name(tool)),
            )),
            "ping" => ResultObject::new(&EmptyResult {}),
            // One page holds every tool: no cursor was ever issued, so any cursor is invalid.
            "tools/list" if params.contains_key("cursor") => {
                Err(RpcError::invalid_params("`cursor`: this server issued no cursor (its tools/list is one page)"))
            }
            "tools/list" => Ok(self.tools_list(revision).clone()),
            "tools/call" => {
                let tool = tool.filter(|spec| self.is_visible(spec));
                if let Some(extension) = extension.filter(|_| tool.is_none()) {
                    let mut exchange = Exchange { revision, session: &mut *session, outbox };
                    if let Some(answer) = extension.request(&mut exchange, method, &params) {
                        return answer.and_then(|result| ResultObject::new(&result));
                    }
                }
                self.tools_call(revision, session, id, tool, params, outbox)
            }
            _ => {
                let mut exchange = Exchange { revision, session: &mut *session, outbox };
                if let Some(answer) = extension.and_then(|extension| extension.request(&mut exchange, method, &params))
                {
                    return answer.and_then(|result| ResultObject::new(&result));
                }
                // The fixtures, when plugged in, stand in for ctxlake's own resources and prompts.
                let ours = self.tools.surface().filter(|_| extension.is_none());
                let visible = |tool: &str| self.is_visible_name(tool);
                let answer =
                    ours.and_then(|surface| surface::request(surface, &visible, revision, session, method, params));
                answer.unwrap_or_else(|| Err(RpcError::method_not_found(method)))
            }
        }
    }

    /// What this server serves: tools, its resources and prompts (or what its extension
    /// serves instead), completion for them, and log messages.
    /// `updates`: whether the session can be sent resource updates (see `Session::with_updates`);
    /// `log_level_kept`: whether a level `logging/setLevel` sets outlives its request (see
    /// `Session::forgetful`). Before 2026-07-28 logging is declared only where it is.
    fn capabilities(&self, revision: Revision, updates: bool, log_level_kept: bool) -> ServerCapabilities {
        let ours = results::capabilities();
        if let Some(extension) = &self.extension {
            return ServerCapabilities { tools: ours.tools, ..extension.capabilities(revision) };
        }
        let Some(_) = self.tools.surface() else { return ours };
        let visible = |tool: &str| self.is_visible_name(tool);
        let (resources, prompts) = surface::offered(&visible);
        // The Skills extension requires the resources capability: its files are resources.
        let skills = crate::rpc::skills::offered(revision, &visible);
        ServerCapabilities {
            // The lists change only with the knowledge base, read fresh on every list: no listChanged.
            resources: (resources || skills).then_some(ResourcesCapability {
                subscribe: (updates && revision.has_resource_subscriptions()).then_some(true),
                list_changed: Some(false),
            }),
            prompts: prompts.then_some(PromptsCapability { list_changed: Some(false) }),
            completions: ((resources || prompts) && revision.announces_completions()).then_some(EmptyCapability {}),
            logging: (log_level_kept || !revision.has_session_log_level()).then_some(EmptyCapability {}),
            extensions: skills.then(crate::rpc::skills::capability),
            ..ours
        }
    }

    fn initialize(&self, session: &mut Session, params: Map<String, Value>) -> Result<Answer, RpcError> {
        let params: InitializeParams = serde_json::from_value(Value::Object(params))
            .map_err(|e| RpcError::invalid_params(format!("initialize: {e}")))?;
        let revision =
            Revision::parse(&params.protocol_version).filter(|r| !r.is_modern()).unwrap_or(Revision::LATEST_LEGACY);
        session.negotiated = Some(revision);
        tracing::info!(requested = %params.protocol_version, %revision, client = %params.client_info.name, "initialized");
        session.client = Some(params.client_info);
        let instructions = results::instructions(&|tool| self.is_visible_name(tool));
        let capabilities = self.capabilities(revision, session.subscriptions.is_some(), session.keeps_log_level());
        ResultObject::new(&results::initialize(revision, capabilities, instructions))
    }

    /// `notifications/resources/updated` for each subscribed resource that reads differently
    /// than when last read, as frames to send (none without ctxlake's own surface). One on a
    /// `subscriptions/listen` stream names the stream's subscription in `_meta`.
    pub fn resource_updates(&self, session: &mut Session) -> Vec<Value> {
        let Some(surface) = self.tools.surface().filter(|_| self.extension.is_none()) else { return vec![] };
        let visible = |tool: &str| self.is_visible_name(tool);
        let updated = |uri: String, meta: Option<SubscriptionMeta>| {
            let params = serde_json::to_value(ResourceUpdatedParams { uri, meta }).unwrap_or_default();
            crate::rpc::extension::notification("notifications/resources/updated", params)
        };
        let mut frames = vec![];
        if let Some(watched) = session.subscriptions.as_mut() {
            frames.extend(surface::changed(surface, &visible, watched).into_iter().map(|uri| updated(uri, None)));
        }
        for listen in &mut session.listens {
            let meta = SubscriptionMeta { io_modelcontextprotocol_subscription_id: subscription_id(&listen.id) };
            let changed = surface::changed(surface, &visible, &mut listen.watched);
            frames.extend(changed.into_iter().map(|uri| updated(uri, Some(meta.clone()))));
        }
        frames
    }

    /// Ends every `subscriptions/listen` stream the session holds open, gracefully: the answers
    /// to send (each its stream's last message). For a transport that is shutting down.
    pub fn end_listens(&self, session: &mut Session) -> Vec<Frame> {
        let ended = std::mem::take(&mut session.listens).into_iter().map(|listen| {
            let result = ResultObject::new(&results::listen_ended(subscription_id(&listen.id)));
            match result {
                Ok(result) => Frame::result(listen.id, result),
                Err(error) => Frame::error(Some(listen.id), error),
            }
        });
        ended.collect()
    }

    /// 2026-07-28 `subscriptions/listen`. Of the notification types a client may ask for, this
    /// server can honor one: `resourceSubscriptions`, for the resources the caller can read now
    /// (its tool list is fixed, and its resource and prompt lists change only with the knowledge
    /// base, which nothing announces). Where the session can hold the stream and a requested
    /// resource is readable, the stream is acknowledged with those resources and held open: the
    /// transport sends their updates and ends it. Otherwise it is acknowledged with an empty
    /// filter and ended at once, gracefully, rather than hold a connection open for nothing.
    fn listen(
        &self,
        session: &mut Session,
        id: &RequestId,
        params: Map<String, Value>,
        outbox: &dyn Outbox,
    ) -> Result<Reply, RpcError> {
        let params: SubscriptionsListenParams = serde_json::from_value(Value::Object(params))
            .map_err(|e| RpcError::invalid_params(format!("subscriptions/listen: {e}")))?;
        let requested = params.notifications.resource_subscriptions;
        if requested.len() > surface::MAX_SUBSCRIPTIONS {
            let why = format!(
                "`notifications.resourceSubscriptions`: at most {} resources a stream",
                surface::MAX_SUBSCRIPTIONS
            );
            return Err(RpcError::invalid_params(why));
        }
        let holds = session.subscriptions.is_some();
        if holds && session.listens.iter().any(|listen| &listen.id == id) {
            return Err(RpcError::invalid_request("a subscriptions/listen stream with this id is already open"));
        }
        if holds && !requested.is_empty() && session.listens.len() >= MAX_LISTENS {
            let why = format!("at most {MAX_LISTENS} subscriptions/listen streams open at once; end one first");
            return Err(RpcError::invalid_request(why));
        }
        let surface = self.tools.surface().filter(|_| self.extension.is_none() && holds);
        let visible = |tool: &str| self.is_visible_name(tool);
        let mut watched = BTreeMap::new();
        for uri in requested {
            // A resource the caller cannot read is left out of the acknowledgment: not honored.
            if let Some(digest) = surface.and_then(|surface| surface::readable(surface, &visible, &uri)) {
                watched.insert(uri, digest);
            }
        }
        tracing::debug!(honored = watched.len(), "subscription acknowledged");
        let honored = SubscriptionFilter {
            resource_subscriptions: watched.keys().cloned().collect(),
            ..SubscriptionFilter::default()
        };
        let meta = SubscriptionMeta { io_modelcontextprotocol_subscription_id: subscription_id(id) };
        let acknowledged = SubscriptionsAcknowledgedParams { notifications: honored, meta };
        outbox.notify(
            "notifications/subscriptions/acknowledged",
            serde_json::to_value(acknowledged).map_err(RpcError::internal)?,
        );
        if watched.is_empty() {
            return ResultObject::new(&results::listen_ended(subscription_id(id))).map(Now);
        }
        session.listens.push(Listen { id: id.clone(), watched });
        Ok(Held)
    }

    /// The catalog as `tools/list` serves it in `revision`, serialized once per process.
    fn tools_list(&self, revision: Revision) -> &ResultObject {
        self.tools_lists[revision.index()].get_or_init(|| {
            let specs = self.catalog.specs().iter().filter(|spec| self.is_visible(spec));
            let list = results::tools_list(specs, revision);
            let Some(extension) = &self.extension else {
                return ResultObject::new(&list).expect("the tool list serializes");
            };
            let mut list = serde_json::to_value(list).expect("the tool list serializes");
            if let Some(Value::Array(tools)) = list.get_mut("tools") {
                tools.extend(extension.tools(revision));
            }
            ResultObject::new(&list).expect("the tool list serializes")
        })
    }

    fn tools_call(
        &self,
        revision: Revision,
        session: &Session,
        id: &RequestId,
        tool: Option<&'static ToolSpec>,
        params: Map<String, Value>,
        outbox: &dyn Outbox,
    ) -> Result<Answer, RpcError> {
        let in_flight = InFlight::new(id, &params, outbox, &session.cancellations);
        let requested = params.get("_meta").and_then(|meta| meta.get(META_LOG_LEVEL)).and_then(Value::as_str);
        let requested = requested.map(str::to_string);
        let log = |level: LoggingLevel, data: String| {
            if surface::logs(revision, session, requested.as_deref(), level) {
                let message = LoggingMessageParams { level, logger: Some("ctxlake".to_string()), data };
                outbox.notify("notifications/message", serde_json::to_value(message).unwrap_or_default());
            }
        };
        let (answer, refusal) = self.call_tool(revision, tool, params, &in_flight);
        match (&answer, refusal) {
            (Ok(_), Some(refusal)) => log(LoggingLevel::Warning, format!("tool call refused: {refusal}")),
            (Ok(_), None) => log(LoggingLevel::Debug, "tool call answered".to_string()),
            (Err(error), _) => log(LoggingLevel::Warning, format!("tool call failed: {}", error.message)),
        }
        answer
    }

    /// The answer to a `tools/call` of `tool` (the catalog's entry the frame named, if it is
    /// shown here), and when the answer is an `isError` result, what it says.
    fn call_tool(
        &self,
        revision: Revision,
        tool: Option<&'static ToolSpec>,
        params: Map<String, Value>,
        call: &dyn Call,
    ) -> (Result<Answer, RpcError>, Option<String>) {
        if !matches!(params.get("name"), Some(Value::String(_))) {
            return (Err(RpcError::invalid_params("tools/call requires a `name` string")), None);
        }
        let params: CallToolParams = match serde_json::from_value(Value::Object(params)) {
            Ok(params) => params,
            Err(e) => return (Err(RpcError::invalid_params(format!("tools/call: {e}"))), None),
        };
        let Some(spec) = tool else {
            return (Err(RpcError::unknown_tool(&params.name)), None);
        };
        let arguments = Value::Object(params.arguments);
        let refused =
            |message: String| (ResultObject::new(&results::tool_error(revision, message.clone())), Some(message));
        let failure = |errors: Vec<ArgumentError>| match argument_failure(revision, spec.name, errors) {
            Ok(message) => refused(message),
            Err(error) => (Err(error), None),
        };
        if let Err(errors) = self.catalog.validate(spec, &arguments) {
            return failure(errors);
        }
        match self.tools.call(spec, arguments, call) {
            Ok(output) => (results::call_result(revision, output), None),
            Err(CallError::Tool(refusal)) => {
                tracing::info!(tool = spec.name, %refusal, "tool refused");
                refused(refusal.to_string())
            }
            Err(CallError::Arguments(detail)) => {
                failure(vec![ArgumentError { pointer: String::new(), message: detail }])
            }
            Err(error @ CallError::Output(_)) => (Err(RpcError::internal(error)), None),
        }
    }
}

/// A result's `result` member.
type Answer = ResultObject;

/// What a request gets: its answer now, or later (a `subscriptions/listen` stream held open).
enum Reply {
    Now(Answer),
    Held,
}
use Reply::{Held, Now};

/// Whether a request is a 2026-07-28 `subscriptions/listen` (the one request whose answer may
/// come later); before 2026-07-28 the method does not exist.
fn is_listen(method: &str, envelope: &Envelope) -> bool {
    method == "subscriptions/listen" && matches!(envelope.revision, Ok(Some(_)))
}

/// A request id as the subscription id of the stream it opened (the two types are one JSON type).
fn subscription_id(id: &RequestId) -> SubscriptionId {
    match id {
        RequestId::String(text) => SubscriptionId::String(text.clone()),
        RequestId::Integer(number) => SubscriptionId::Integer(*number),
    }
}

/// Methods of the handshake era that 2026-07-28 removed: a modern request for one is -32601.
const REMOVED_IN_2026_07_28: [&str; 5] =
    ["initialize", "ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe"];

/// Before 2025-11-25 a bad argument is -32602; from 2025-11-25 on it is an `isError` result,
/// whose text this returns.
fn argument_failure(revision: Revision, tool: &str, errors: Vec<ArgumentError>) -> Result<String, RpcError> {
    let listed: Vec<String> = errors.iter().map(ToString::to_string).collect();
    let message = format!("invalid arguments for tool `{tool}`: {}", listed.join("; "));
    if revision.argument_errors_are_tool_errors() {
        return Ok(message);
    }
    Err(RpcError::invalid_arguments(message, tool, errors))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{Output, ToolSpec};
    use serde_json::json;
    use std::sync::{Arc, Barrier, mpsc};
    use std::time::Duration;

    /// `fleet_status` waits at `entered`, then at `released`; every tool echoes its arguments.
    struct Gate {
        entered: Arc<Barrier>,
        released: Arc<Barrier>,
    }

    impl Tools for Gate {
        fn call(&self, spec: &'static ToolSpec, arguments: Value, _: &dyn Call) -> Result<Output, CallError> {
            if spec.name == "fleet_status" {
                self.entered.wait();
                self.released.wait();
            }
            Output::new(&json!({ "echo": arguments }))
        }
    }

    fn request(server: &Server, session: &mut Session, message: Value) -> Value {
        serde_json::from_str(&server.handle(session, message).expect("a request is answered").encode()).unwrap()
    }

    fn initialize_message(revision: &str) -> Value {
        json!({"jsonrpc": "2.0", "id": 0, "method": "initialize",
               "params": {"protocolVersion": revision, "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}})
    }

    fn call_message(tool: &str, arguments: Value) -> Value {
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": tool, "arguments": arguments}})
    }

    #[test]
    fn the_session_remembers_the_client_that_initialize_named() {
        let server = Server::new(Gate { entered: Arc::new(Barrier::new(1)), released: Arc::new(Barrier::new(1)) });
        let mut session = Session::new();
        assert!(session.client().is_none());
        request(&server, &mut session, initialize_message("2025-06-18"));
        let client = session.client().expect("initialize named the client");
        assert_eq!((client.name.as_str(), client.version.as_str()), ("t", "1"));
    }

    #[test]
    fn a_second_session_is_served_on_another_thread_while_the_first_is_mid_call() {
        let (entered, released) = (Arc::new(Barrier::new(2)), Arc::new(Barrier::new(2)));
        let server = Server::new(Gate { entered: entered.clone(), released: released.clone() });
        let mut first = Session::new();
        request(&server, &mut first, initialize_message("2024-11-05"));
        std::thread::scope(|scope| {
            let server = &server;
            let blocked = scope.spawn(move || {
                let answer = request(server, &mut first, call_message("fleet_status", json!({})));
                (first, answer)
            });
            entered.wait(); // the first call is inside its handler now, and stays there
            let (sender, receiver) = mpsc::channel();
            scope.spawn(move || {
                let mut second = Session::new();
                request(server, &mut second, initialize_message("2025-06-18"));
                let answer = request(server, &mut second, call_message("fleet_history", json!({"limit": 3})));
                let _ = sender.send((second, answer));
            });
            let served = receiver.recv_timeout(Duration::from_secs(10));
            released.wait();
            let (second, answer) = served.expect("the second session was not served while the first was mid-call");
            assert_eq!(answer["result"]["structuredContent"]["echo"], json!({"limit": 3}), "{answer}");
            assert_eq!(second.revision(), Revision::V2025_06_18);
            let (first, answer) = blocked.join().unwrap();
            assert_eq!(first.revision(), Revision::V2024_11_05, "each session keeps its own revision");
            assert!(answer["result"].get("structuredContent").is_none(), "2024-11-05 has no structured output");
        });
    }

    #[test]
    fn a_server_with_visible_tools_lists_and_calls_only_those() {
        let (entered, released) = (Arc::new(Barrier::new(1)), Arc::new(Barrier::new(1)));
        let server = Server::new(Gate { entered, released }).with_visible_tools(["fleet_history".to_string()]);
        let mut session = Session::new();
        let listed = request(&server, &mut session, json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}));
        let names: Vec<&str> =
            listed["result"]["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["fleet_history"]);
        let hidden = request(&server, &mut session, call_message("fleet_handoff", json!({})));
        assert_eq!(hidden["error"]["code"], -32602, "a hidden tool is an unknown tool: {hidden}");
        assert_eq!(hidden["error"]["data"]["tool"], "fleet_handoff");
        let shown = request(&server, &mut session, call_message("fleet_history", json!({"limit": 2})));
        assert_eq!(shown["result"]["structuredContent"]["echo"], json!({"limit": 2}), "{shown}");
        let none = Server::new(Gate { entered: Arc::new(Barrier::new(1)), released: Arc::new(Barrier::new(1)) })
            .with_visible_tools(Vec::new());
        let listed = request(&none, &mut session, json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}));
        assert_eq!(listed["result"]["tools"], json!([]));
    }

    #[test]
    fn a_session_in_a_revision_serves_it_without_a_handshake() {
        assert_eq!(Session::in_revision(Revision::V2025_03_26).revision(), Revision::V2025_03_26);
        assert_eq!(Session::in_revision(Revision::V2026_07_28).revision(), Revision::LATEST_LEGACY);
    }

    /// What a subscriber prints, captured.
    #[derive(Clone, Default)]
    struct Captured(Arc<std::sync::Mutex<Vec<u8>>>);

    impl std::io::Write for Captured {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn each_request_is_one_span_naming_method_tool_revision_and_outcome_never_its_arguments() {
        let captured = Captured::default();
        let writer = captured.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .with_max_level(tracing::Level::DEBUG)
            .with_span_events(tracing_subscriber::fmt::format::FmtSpan::CLOSE)
            .finish();
        tracing::subscriber::with_default(subscriber, || {
            let server = Server::new(Gate { entered: Arc::new(Barrier::new(1)), released: Arc::new(Barrier::new(1)) });
            let mut session = Session::new();
            request(&server, &mut session, initialize_message("2025-06-18"));
            let call = call_message("fleet_handoff", json!({"summary": "rotated hunter2", "status": "done"}));
            let answer = request(&server, &mut session, call);
            assert_eq!(answer["result"]["isError"], false, "{answer}");
        });
        let log = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
        let call =
            log.lines().find(|l| l.contains("tools/call") && l.contains("close")).unwrap_or_else(|| panic!("{log}"));
        for field in [
            "method=tools/call",
            "tool=",
            "fleet_handoff",
            "revision=",
            "2025-06-18",
            "outcome=",
            "answered",
            "time.busy",
        ] {
            assert!(call.contains(field), "{field} missing from {call}");
        }
        assert!(!log.contains("hunter2"), "an argument reached the log: {log}");
    }

    #[test]
    fn the_server_is_shared_across_threads() {
        fn shared<T: Send + Sync>() {}
        shared::<Server>();
    }
}
