//! `ctxlake serve`: the shared core over Streamable HTTP (`transport::http`), on a tokio
//! runtime whose blocking pool runs the synchronous core. Without `--keys` it serves the
//! operator's own fleet and agent on loopback only; with `--keys` every request needs a bearer
//! key (or is a guest, with `--guests`), and a key scoped to a fleet is served as that fleet
//! with the key's name as the agent id.

use super::ConfigError;
use super::keys::{KeyPaths, open_store, parse_state, state_of};
use anyhow::Context as _;
use ctxlake::config::Ctx;
use ctxlake::knowledge::searches::SearchLog;
use ctxlake::local::paths::FleetId;
use ctxlake::rpc::Server;
use ctxlake::tools::Toolbox;
use ctxlake::transport::http::{self, App, Config, GuestPolicy, Scope, Servers};
use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    /// Address to listen on; port 0 picks a free port (the address is printed on stderr).
    #[arg(long, default_value = "127.0.0.1:8765")]
    bind: SocketAddr,
    /// Require bearer keys from this key store (default ~/.ctxlake/keys.sqlite). Needed to
    /// bind anything but loopback.
    #[arg(long, value_name = "PATH", num_args = 0..=1, env = "CTXLAKE_KEYS")]
    keys: Option<Option<std::path::PathBuf>>,
    /// Require bearer keys from the state store at URL, which every host serving the fleet
    /// shares: keys, revocations and quota counters (sqlite:PATH, or postgres://USER@HOST/DB
    /// for many hosts behind a load balancer). Implies --keys.
    #[arg(long, value_name = "URL", env = "CTXLAKE_STATE", hide_env_values = true)]
    state: Option<String>,
    #[command(flatten)]
    paths: KeyPaths,
    /// Serve requests without a key as guests, with a daily tool-call quota per client IP
    /// (needs --keys or --state).
    #[arg(long)]
    guests: bool,
    /// Tool calls per client IP per UTC day for guests.
    #[arg(long, default_value_t = 250)]
    guest_quota: u32,
    /// Of those, calls of tools that write (submit_feedback among the knowledge tools); default
    /// a quarter of --guest-quota.
    #[arg(long, value_name = "N")]
    guest_write_quota: Option<u32>,
    /// Tools guests (and keys scoped to no fleet) may use, served on this server's own fleet as
    /// agent "guest". Default: the knowledge tools (search_knowledge, get_guidance, submit_feedback).
    #[arg(long, value_delimiter = ',')]
    guest_tools: Vec<String>,
    /// Serve only these tool groups or tools (comma-separated: fleet, memory, knowledge, or a
    /// tool's name; default CTXLAKE_TOOLS, else all). Keys, guests and the local scope see at
    /// most these.
    #[arg(long, value_delimiter = ',')]
    tools: Vec<String>,
    /// Issue Mcp-Session-Id on initialize (legacy revisions), keeping at most this many
    /// sessions; GET then opens a keep-alive SSE stream and DELETE ends a session.
    #[arg(long, value_name = "MAX", num_args = 0..=1, default_missing_value = "10000")]
    sessions: Option<usize>,
    /// Also serve the official conformance suite's fixtures (its test tools, resources,
    /// prompts, completions and logging) beside ctxlake's tools: for `scripts/official-conformance.sh`.
    #[arg(long)]
    conformance_fixtures: bool,
    /// A host name the Host header may carry besides loopback and the bound address (repeat).
    #[arg(long = "allow-host")]
    allow_hosts: Vec<String>,
    /// An exact origin (https://app.example) allowed besides those of the allowed hosts (repeat).
    #[arg(long = "allow-origin")]
    allow_origins: Vec<String>,
    /// Requests admitted at once (running or waiting for a worker); past it the answer is 503
    /// with Retry-After.
    #[arg(long, default_value_t = 64)]
    max_inflight: usize,
    /// Threads of the blocking pool that run the synchronous core; admitted requests beyond
    /// them wait in the pool's queue. Default: twice the CPUs, at least 4.
    #[arg(long)]
    workers: Option<usize>,
    /// Connections open at once; more wait in the listen backlog.
    #[arg(long, default_value_t = 4096)]
    max_connections: usize,
    /// 2026-07-28 `subscriptions/listen` streams held open at once (each is one connection and
    /// one read of its resources a second); past it, a listen is acknowledged with nothing and
    /// ended at once.
    #[arg(long, default_value_t = 256)]
    max_listens: usize,
    /// Largest request body, in bytes (413 past it).
    #[arg(long, default_value_t = http::MAX_BODY_BYTES)]
    max_body_bytes: usize,
    /// Milliseconds a client has to send a request's headers.
    #[arg(long, default_value_t = 10_000)]
    header_timeout_ms: u64,
    /// Milliseconds a client has to send a request's body (408 past it).
    #[arg(long, default_value_t = 30_000)]
    body_timeout_ms: u64,
    /// A reverse proxy's address (repeat): requests from it name the client in X-Forwarded-For
    /// (its rightmost address that is not a trusted proxy); guest quotas count that address.
    #[arg(long = "trust-proxy", value_name = "IP")]
    trusted_proxies: Vec<std::net::IpAddr>,
    /// Also serve the owner's console under /console: owner keys sign in (`ctxlake keys create
    /// --owner`); without --keys, the operator on loopback, without a key. It reads and decides
    /// in the lake (--lake).
    #[cfg(feature = "console")]
    #[arg(long)]
    console: bool,
    /// The lake the console reads and decides in: a folder or s3://bucket/prefix (default
    /// ~/.ctxlake/lake). Read only with --console (so CTXLAKE_LAKE set for sync is harmless).
    #[cfg(feature = "console")]
    #[arg(long, env = "CTXLAKE_LAKE", value_name = "URL")]
    lake: Option<String>,
    /// The S3-compatible endpoint of an s3:// lake (as `ctxlake sync --lake-endpoint`).
    #[cfg(feature = "console")]
    #[arg(long, env = "CTXLAKE_LAKE_ENDPOINT", value_name = "URL")]
    lake_endpoint: Option<String>,
    /// Mark the console's cookie Secure even on a loopback bind: for a server behind a TLS
    /// proxy on the same host (off loopback it always is).
    #[cfg(feature = "console")]
    #[arg(long, requires = "console")]
    secure_cookie: bool,
}

pub fn run(args: Args, ctx: Ctx) -> anyhow::Result<ExitCode> {
    let keys = match (&args.keys, &args.state) {
        (None, None) => None,
        (Some(path), state) => Some(Arc::new(open_store(&state_of(state.as_deref(), path.clone())?, &args.paths)?)),
        (None, Some(state)) => Some(Arc::new(open_store(&parse_state(state)?, &args.paths)?)),
    };
    if args.guests && keys.is_none() {
        return Err(anyhow::Error::new(ConfigError(
            "--guests needs a key store, where guests' calls are counted: pass --keys or --state".into(),
        )));
    }
    if keys.is_none() && !args.bind.ip().is_loopback() {
        return Err(anyhow::Error::new(ConfigError(format!(
            "refusing to serve on {} without a key store: anyone who can reach it could use this fleet's tools as {}. \
             Pass --keys (and create keys with `ctxlake keys create`), or bind a loopback address",
            args.bind, ctx.agent_id
        ))));
    }
    if let Some(keys) = &keys {
        let yesterday = (chrono::Utc::now() - chrono::Duration::days(1)).format("%Y-%m-%d").to_string();
        keys.prune_usage(&yesterday).context("pruning old usage counters")?;
    }
    let mut config = Config::new(args.bind);
    config.allowed_hosts.extend(args.allow_hosts.iter().map(|h| http::policy::host_of(h).to_ascii_lowercase()));
    config.allowed_origins = args.allow_origins.clone();
    config.max_body_bytes = args.max_body_bytes;
    config.header_timeout = Duration::from_millis(args.header_timeout_ms.max(1));
    config.body_timeout = Duration::from_millis(args.body_timeout_ms.max(1));
    config.max_inflight = args.max_inflight.max(1);
    config.max_connections = args.max_connections.max(1);
    config.max_listens = args.max_listens;
    config.sessions = args.sessions;
    config.trusted_proxies = args.trusted_proxies.clone();
    config.guests = args.guests.then_some(GuestPolicy { quota: args.guest_quota, write_quota: args.guest_write_quota });
    config.knowledge_tools = if args.guest_tools.is_empty() {
        ctxlake::catalog::CATALOG.iter().filter(|spec| spec.family == "knowledge").map(|s| s.name.to_string()).collect()
    } else {
        args.guest_tools.clone()
    };
    let cpus = std::thread::available_parallelism().map_or(2, |n| n.get());
    let workers = args.workers.unwrap_or((2 * cpus).max(4)).clamp(1, config.max_inflight);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(std::thread::available_parallelism().map_or(2, |n| n.get().min(4)))
        .max_blocking_threads(workers)
        .thread_name("ctxlake-serve")
        .enable_all()
        .build()
        .context("starting the runtime")?;
    let listener = std::net::TcpListener::bind(args.bind).with_context(|| format!("binding {}", args.bind))?;
    listener.set_nonblocking(true)?;
    let bound = listener.local_addr()?;
    let mode = match (&keys, args.guests) {
        (None, _) => format!("open to loopback clients as fleet {} agent {}", ctx.fleet_id.as_str(), ctx.agent_id),
        (Some(_), false) => "bearer keys required".to_string(),
        (Some(_), true) => format!("bearer keys, guests allowed {} tool calls per IP per UTC day", args.guest_quota),
    };
    let served = if args.tools.is_empty() {
        super::tool_selection(ctx.tools.as_deref())?
    } else {
        super::tool_selection(Some(&args.tools.join(",")))?
    };
    let fixtures = match args.conformance_fixtures {
        true => Some(ctxlake::fixtures::Fixtures::new().map_err(anyhow::Error::msg)?),
        false => None,
    };
    // One log of knowledge searches for every scope's toolbox, which the console reads.
    let searches = Arc::new(SearchLog::new(&ctx.kb_path));
    #[cfg(feature = "console")]
    let beside = match args.console {
        true => Some(console(&args, &ctx, &config, keys.clone(), searches.clone())?),
        false => None,
    };
    #[cfg(not(feature = "console"))]
    let beside: Option<axum::Router> = None;
    // Held here so the store is dropped after the runtime's `block_on`, never inside it: the
    // PostgreSQL backend's connections close on a runtime of their own, which tokio refuses to
    // start from within another's `block_on` (a SIGTERM aborted serve before this).
    let _store = keys.clone();
    let app = App::new(config, servers(ctx, served, fixtures, searches.clone()), keys);
    eprintln!("ctxlake serve: listening on http://{bound}{} ({mode})", http::PATH);
    if beside.is_some() {
        eprintln!("ctxlake serve: the owner's console is at http://{bound}/console");
    }
    #[cfg(feature = "console")]
    let beside = beside.map(ctxlake::console::router);
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        let beside = beside.unwrap_or_default();
        http::serve_with(listener, app, beside, stopped()).await
    })?;
    searches.flush(chrono::Utc::now());
    Ok(ExitCode::SUCCESS)
}

#[cfg(feature = "console")]
/// The console of `serve --console`: the lake it decides in, who signs in, and the endpoint's
/// Host and Origin rules. The cookie is `Secure` unless the server binds loopback (plain HTTP
/// there; anything else is expected behind TLS).
fn console(
    args: &Args,
    ctx: &Ctx,
    config: &Config,
    keys: Option<Arc<ctxlake::keys::store::KeyStore>>,
    searches: Arc<SearchLog>,
) -> anyhow::Result<Arc<ctxlake::console::Console>> {
    use ctxlake::console::{Access, Console, Edge, Knowledge};
    let access = match keys {
        Some(keys) => Access::Keys(keys),
        // Without keys every loopback client is the owner; a proxy would make that anyone.
        None if !args.allow_hosts.is_empty() || !args.trusted_proxies.is_empty() => {
            return Err(anyhow::Error::new(ConfigError(
                "--console without --keys trusts every loopback client as the fleet's owner; with --allow-host or \
                 --trust-proxy a proxy could bring anyone in. Pass --keys and sign in with an owner key \
                 (`ctxlake keys create --owner`)"
                    .into(),
            )));
        }
        None => Access::Operator { name: ctx.agent_id.clone(), fleet: ctx.fleet_id.clone() },
    };
    let lake = super::lake::LakeArgs::for_lake(args.lake.clone(), args.lake_endpoint.clone()).open(ctx)?;
    let edge = Edge {
        hosts: config.allowed_hosts.clone(),
        origins: config.allowed_origins.clone(),
        secure: args.secure_cookie || !args.bind.ip().is_loopback(),
        body_timeout: config.body_timeout,
        max_inflight: config.max_inflight,
    };
    let knowledge = Knowledge { kb_path: ctx.kb_path.clone(), owner_fleet: ctx.fleet_id.clone(), searches };
    Ok(Console::new(lake.lake, access, knowledge, edge))
}

/// Completes on SIGINT or SIGTERM: the server then stops accepting, ends the
/// `subscriptions/listen` streams it holds with their answers, and exits.
async fn stopped() {
    use tokio::signal::unix::{SignalKind, signal};
    let Ok(mut terminate) = signal(SignalKind::terminate()) else {
        tracing::warn!("SIGTERM cannot be handled; stop with SIGINT");
        let _ = tokio::signal::ctrl_c().await;
        return;
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = terminate.recv() => {}
    }
    eprintln!("ctxlake serve: stopping");
}

/// How a scope becomes a `Server`: the toolbox of the scope's fleet and agent, with the tools
/// it may see, never more than the `served` selection (`None`: every tool).
fn servers(
    base: Ctx,
    served: Option<Vec<String>>,
    fixtures: Option<ctxlake::fixtures::Fixtures>,
    searches: Arc<SearchLog>,
) -> Servers {
    let within = move |tools: Option<&Vec<String>>| -> Option<Vec<String>> {
        match (tools, &served) {
            (None, None) => None,
            (Some(tools), None) => Some(tools.clone()),
            (None, Some(served)) => Some(served.clone()),
            (Some(tools), Some(served)) => Some(tools.iter().filter(|t| served.contains(t)).cloned().collect()),
        }
    };
    let visible = move |server: Server, tools: Option<&Vec<String>>| {
        let server = match within(tools) {
            Some(tools) => server.with_visible_tools(tools),
            None => server,
        };
        match &fixtures {
            Some(fixtures) => server.with_extension(fixtures.clone()),
            None => server,
        }
    };
    Servers::new(move |scope| match scope {
        Scope::Local => Some(visible(Server::new(Toolbox::sharing(base.clone(), searches.clone())), None)),
        Scope::Fleet { fleet, agent, tools, projects } => {
            let ctx = Ctx {
                fleet_id: FleetId::new(fleet.clone()).ok()?,
                agent_id: agent.clone(),
                projects: projects.clone(),
                ..base.clone()
            };
            Some(visible(Server::new(Toolbox::sharing(ctx, searches.clone())), tools.as_ref()))
        }
        Scope::Restricted { tools } => {
            let ctx = Ctx { agent_id: "guest".to_string(), ..base.clone() };
            Some(visible(Server::new(Toolbox::sharing(ctx, searches.clone())), Some(tools)))
        }
    })
}
