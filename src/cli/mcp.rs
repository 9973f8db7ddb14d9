//! `ctxlake mcp`: the shared core with every tool family, served over stdio as one session.
//!
//! The session announces itself in the spool: a `presence` record with event `start` once the
//! client has named itself in `initialize` (so the record carries the client's name and
//! version), and `end` when the client closes its input. A session that never initializes
//! spools neither. `ctxlake sync` keeps the agent's heartbeat alive while this process runs.

use anyhow::Context as _;
use ctxlake::config::Ctx;
use ctxlake::guard::scrub;
use ctxlake::local::spool::Spool;
use ctxlake::local::{process, workspace};
use ctxlake::rpc::{Server, Session};
use ctxlake::spec::mcp::Implementation;
use ctxlake::spec::wire::spool::{PresenceEvent, SpoolRecord};
use ctxlake::tools::Toolbox;
use std::process::ExitCode;

#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Also serve the official conformance suite's fixtures (resources, prompts, completions,
    /// logging and its test tools) beside ctxlake's tools, as `serve --conformance-fixtures`
    /// does; `cargo test` holds them to features/surface.feature over stdio.
    #[cfg(feature = "serve")]
    #[arg(long)]
    conformance_fixtures: bool,
}

pub fn run(args: Args, ctx: Ctx) -> anyhow::Result<ExitCode> {
    tracing::info!(fleet = ctx.fleet_id.as_str(), agent = %ctx.agent_id, "serving MCP on stdio");
    let tools = super::tool_selection(ctx.tools.as_deref())?;
    let presence_ctx = ctx.clone();
    let mut server = Server::new(Toolbox::new(ctx));
    if let Some(tools) = tools {
        server = server.with_visible_tools(tools);
    }
    #[cfg(feature = "serve")]
    if args.conformance_fixtures {
        server = server.with_extension(ctxlake::fixtures::Fixtures::new().map_err(anyhow::Error::msg)?);
    }
    let _ = &args; // without the serve feature there is nothing to read
    // The start record is read, built and written beside the session, not on its thread:
    // reading where the agent works, compiling the redactor's patterns (milliseconds) and
    // waiting for the disk would otherwise delay the handshake or the client's first call.
    let mut started: Option<std::thread::JoinHandle<(Presence, SpoolRecord)>> = None;
    let served = ctxlake::transport::stdio::serve_stdio(&server, &mut |session: &Session| {
        let (ctx, client) = (presence_ctx.clone(), session.client().cloned());
        let writing = std::thread::Builder::new().name("presence".into()).spawn(move || {
            let presence = Presence::new(&ctx);
            let record = presence.build(PresenceEvent::Start, client.as_ref());
            presence.spool(&record);
            (presence, record)
        });
        match writing {
            Ok(handle) => started = Some(handle),
            Err(e) => tracing::warn!(error = %e, "presence record not spooled: no thread"),
        }
    });
    let started = started.map(|handle| handle.join());
    if let Some(Ok((presence, SpoolRecord::Presence { client_name, client_version, .. }))) = started {
        presence.spool(&presence.end(client_name, client_version));
    }
    match served {
        // The client closing its end is how a stdio session ends.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        other => other.context("stdio transport failed").map(|()| ExitCode::SUCCESS),
    }
}

/// What a presence record says about this process, read once, when a client has initialized.
struct Presence {
    spool: Spool,
    fleet_id: String,
    agent_id: String,
    session_id: String,
    pid: u32,
    pid_start: Option<String>,
    host: String,
    cwd: Option<String>,
    workspace: workspace::Workspace,
}

impl Presence {
    fn new(ctx: &Ctx) -> Presence {
        let cwd = std::env::current_dir().ok();
        let workspace = cwd.as_deref().map(workspace::read).unwrap_or_default();
        let pid = std::process::id();
        Presence {
            spool: Spool::new(&ctx.spool_root, &ctx.fleet_id),
            fleet_id: ctx.fleet_id.as_str().to_string(),
            agent_id: ctx.agent_id.clone(),
            session_id: ulid::Ulid::new().to_string(),
            pid,
            pid_start: process::start_time(pid),
            host: super::host_name(),
            cwd: cwd.map(|c| c.display().to_string()),
            workspace,
        }
    }

    /// The record of `event` for the client as it named itself in `initialize`.
    fn build(&self, event: PresenceEvent, client: Option<&Implementation>) -> SpoolRecord {
        self.record(event, client.map(|c| c.name.clone()), client.map(|c| c.version.clone()))
    }

    fn end(&self, client_name: Option<String>, client_version: Option<String>) -> SpoolRecord {
        self.record(PresenceEvent::End, client_name, client_version)
    }

    /// Every free-text field goes through the write-path redactor, as every tool's spool record
    /// does: a client name or a folder name is the agent's input, and the fleet reads it.
    fn record(&self, event: PresenceEvent, name: Option<String>, version: Option<String>) -> SpoolRecord {
        let clean = |text: Option<&str>| text.map(scrub);
        SpoolRecord::Presence {
            id: ulid::Ulid::new().to_string(),
            at: chrono::DateTime::<chrono::Utc>::from(std::time::SystemTime::now()),
            fleet_id: self.fleet_id.clone(),
            agent_id: self.agent_id.clone(),
            event,
            session_id: self.session_id.clone(),
            // A running process never has pid 0; MIN is unreachable, not a fallback.
            pid: std::num::NonZeroU64::new(u64::from(self.pid)).unwrap_or(std::num::NonZeroU64::MIN),
            pid_start: self.pid_start.clone(),
            host: scrub(&self.host),
            client_name: clean(name.as_deref()),
            client_version: clean(version.as_deref()),
            cwd: clean(self.cwd.as_deref()),
            repo: clean(self.workspace.repo.as_deref()),
            branch: clean(self.workspace.branch.as_deref()),
        }
    }

    /// A presence record that cannot be written costs the fleet a roster entry, never the
    /// session: it is logged and the session goes on.
    fn spool(&self, record: &SpoolRecord) {
        if let Err(e) = self.spool.append(record) {
            tracing::warn!(error = %e, "presence record not spooled");
        }
    }
}
