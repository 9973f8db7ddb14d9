//! A minimal MCP stdio server on rmcp (the official Rust SDK), so `ctxlake conform` can be run
//! against it by scripts/peers.sh. One tool, `shout(text)`, and rmcp's defaults for the rest.
//! `rmcp-peer http PORT [json] [stateless]` serves Streamable HTTP on 127.0.0.1:PORT/mcp instead
//! (sessions and SSE answers by default), with TCP_NODELAY on accepted sockets, for benches/http.sh.
//! `rmcp-peer pipes` serves stdio through `transport::stdio_pipes()` (stdin and stdout driven by
//! the reactor, rmcp's fastest stdio), the peer benches/stdio.sh measures against.

use rmcp::handler::server::{router::tool::ToolRouter, wrapper::Parameters};
use rmcp::model::{ServerCapabilities, ServerConfig};
use rmcp::{ServerHandler, ServiceExt, tool, tool_handler, tool_router};

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct ShoutArgs {
    text: String,
}

#[derive(Clone)]
#[allow(dead_code)] // `tool_router` is what the tool macros expect a server to carry.
struct Peer {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Peer {
    #[tool(description = "Returns the text in upper case")]
    fn shout(&self, Parameters(ShoutArgs { text }): Parameters<ShoutArgs>) -> String {
        text.to_uppercase()
    }
}

#[tool_handler]
impl ServerHandler for Peer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("http") {
        use axum::serve::ListenerExt as _;
        use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
        use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
        let port: u16 = args.get(2).and_then(|p| p.parse().ok()).unwrap_or(8931);
        let config = StreamableHttpServerConfig::default()
            .with_json_response(args.iter().any(|a| a == "json"))
            .with_legacy_session_mode(!args.iter().any(|a| a == "stateless"));
        let service: StreamableHttpService<Peer, LocalSessionManager> = StreamableHttpService::new(
            || Ok(Peer { tool_router: Peer::tool_router() }),
            Default::default(),
            config,
        );
        let router = axum::Router::new().nest_service("/mcp", service);
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
        axum::serve(listener.tap_io(|tcp| drop(tcp.set_nodelay(true))), router).await?;
        return Ok(());
    }
    let peer = Peer { tool_router: Peer::tool_router() };
    if args.get(1).map(String::as_str) == Some("pipes") {
        peer.serve(rmcp::transport::stdio_pipes()).await?.waiting().await?;
        return Ok(());
    }
    peer.serve(rmcp::transport::stdio()).await?.waiting().await?;
    Ok(())
}
