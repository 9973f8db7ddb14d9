//! A minimal MCP stdio server on rmcp (the official Rust SDK), so `ctxlake conform` can be run
//! against it by scripts/peers.sh. One tool, `shout(text)`, and rmcp's defaults for the rest.

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
    let peer = Peer { tool_router: Peer::tool_router() };
    peer.serve(rmcp::transport::stdio()).await?.waiting().await?;
    Ok(())
}
