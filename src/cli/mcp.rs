//! `ctxlake mcp`: the shared core with every tool family, served over stdio as one session.

use anyhow::Context as _;
use ctxlake::config::Ctx;
use ctxlake::rpc::Server;
use ctxlake::tools::Toolbox;
use std::process::ExitCode;

pub fn run(ctx: Ctx) -> anyhow::Result<ExitCode> {
    tracing::info!(fleet = ctx.fleet_id.as_str(), agent = %ctx.agent_id, "serving MCP on stdio");
    let server = Server::new(Toolbox::new(ctx));
    match ctxlake::transport::stdio::serve_stdio(&server) {
        // The client closing its end is how a stdio session ends.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        other => other.context("stdio transport failed").map(|()| ExitCode::SUCCESS),
    }
}
