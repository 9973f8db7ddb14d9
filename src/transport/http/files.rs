//! The machine-readable files served beside `/mcp`: `/llms.txt`, `/llms-full.txt`, `/docs.md`,
//! `/api.json`, `/agent-instructions.md`, `/mcp.json`. Nothing here is written by hand about a
//! tool: every name, title, description, argument and schema comes from what the core serves
//! (`initialize`, `tools/list`, `server/discover`), which is generated from `schemas/`; the
//! limits come from the running configuration and the codes from `rpc::error`. Built once per
//! process; the endpoint's URL is filled in per request from the (allowed) Host header.

use super::exchange::{FLEET_HEADER, SERVER_ERROR};
use super::{Config, PATH};
use crate::rpc::error::{
    HEADER_MISMATCH, INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR,
    UNSUPPORTED_PROTOCOL_VERSION,
};
use crate::rpc::{Revision, Server, Session};
use serde_json::{Value, json};

/// Every HTTP status `ctxlake serve` answers with, and when (docs/serve.md has the same table).
pub const STATUSES: &[(u16, &str)] = &[
    (200, "a request was answered (a JSON-RPC error is still an answer)"),
    (202, "the body held only notifications or responses; no body"),
    (204, "DELETE ended a session"),
    (
        400,
        "unparsable JSON (-32700), an unsupported MCP-Protocol-Version, a 2026-07-28 header mismatch (-32020) or unsupported version (-32022)",
    ),
    (401, "a bearer key is required, or the key is malformed, unknown or revoked; never falls through to guest access"),
    (403, "a Host or Origin that is not allowed, or a fleet the key is not scoped to"),
    (404, "another path, a 2026-07-28 request for an unknown method (-32601), an unknown session"),
    (405, "a method other than POST (GET and DELETE only on a session)"),
    (406, "Accept does not list both application/json and text/event-stream"),
    (408, "the body did not arrive in time"),
    (413, "the body is larger than the cap"),
    (415, "Content-Type is not application/json"),
    (429, "the daily tool-call quota is spent; Retry-After is the seconds to 00:00 UTC"),
    (503, "too many requests in flight, or the key store is unavailable; Retry-After: 1"),
];

const CODES: &[(i64, &str)] = &[
    (PARSE_ERROR, "parse error: the body is not JSON"),
    (INVALID_REQUEST, "invalid request"),
    (METHOD_NOT_FOUND, "method not found"),
    (INVALID_PARAMS, "invalid params (unknown tool; bad arguments before 2025-11-25)"),
    (INTERNAL_ERROR, "internal error"),
    (SERVER_ERROR, "refused by the HTTP layer (401, 403, 429, 503); the message says why"),
    (HEADER_MISMATCH, "2026-07-28: a mirrored header is missing or differs from the body"),
    (UNSUPPORTED_PROTOCOL_VERSION, "2026-07-28: unsupported protocol version; data.supported lists ours"),
];

/// The files, with `{base}` standing for `http://<host>` until served.
pub struct Files {
    files: Vec<(&'static str, &'static str, String)>,
}

const BASE: &str = "{base}";

impl Files {
    pub fn generate(server: &Server, config: &Config, keyed: bool) -> Files {
        let facts = Facts::read(server, config, keyed);
        let docs = facts.docs();
        let llms = facts.llms();
        let files = vec![
            ("/llms.txt", "text/plain; charset=utf-8", llms.clone()),
            ("/llms-full.txt", "text/plain; charset=utf-8", format!("{llms}\n{docs}")),
            ("/docs.md", "text/markdown; charset=utf-8", docs),
            ("/agent-instructions.md", "text/markdown; charset=utf-8", facts.agent_instructions()),
            ("/api.json", "application/json", pretty(&facts.api())),
            ("/mcp.json", "application/json", pretty(&facts.client_config())),
        ];
        Files { files }
    }

    pub fn paths(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.files.iter().map(|(path, _, _)| *path)
    }

    /// The file at `path` (content type, text) with `base` (`http://host:port`) filled in.
    pub fn get(&self, path: &str, base: &str) -> Option<(&'static str, String)> {
        let (_, content_type, text) = self.files.iter().find(|(p, _, _)| *p == path)?;
        Some((content_type, text.replace(BASE, base)))
    }
}

fn pretty(value: &Value) -> String {
    serde_json::to_string_pretty(value).expect("a JSON value serializes")
}

/// What the core says about itself, asked once through its own methods.
struct Facts {
    name: String,
    version: String,
    instructions: String,
    tools: Vec<Value>,
    revisions: Vec<Value>,
    keyed: bool,
    guests: Option<u32>,
    sessions: bool,
    max_body_bytes: usize,
    knowledge_tools: Vec<String>,
}

impl Facts {
    fn read(server: &Server, config: &Config, keyed: bool) -> Facts {
        let mut session = Session::in_revision(Revision::LATEST_LEGACY);
        let mut ask = |request: Value| {
            let answer = server.handle(&mut session, request).map(|frame| frame.encode()).unwrap_or_default();
            serde_json::from_str::<Value>(&answer).ok().and_then(|v| v.get("result").cloned()).unwrap_or(Value::Null)
        };
        let init = ask(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": Revision::LATEST_LEGACY.as_str(), "capabilities": {},
            "clientInfo": {"name": "ctxlake-serve-docs", "version": env!("CARGO_PKG_VERSION")}}}));
        let list = ask(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}));
        let discover = ask(json!({"jsonrpc": "2.0", "id": 3, "method": "server/discover", "params": {"_meta": {
            crate::rpc::server::META_PROTOCOL_VERSION: "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {}}}}));
        let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
        Facts {
            name: text(&init["serverInfo"]["name"]),
            version: text(&init["serverInfo"]["version"]),
            instructions: text(&init["instructions"]),
            tools: list["tools"].as_array().cloned().unwrap_or_default(),
            revisions: discover["supportedVersions"].as_array().cloned().unwrap_or_default(),
            keyed,
            guests: config.guests.as_ref().map(|g| g.quota),
            sessions: config.sessions.is_some(),
            max_body_bytes: config.max_body_bytes,
            knowledge_tools: config.knowledge_tools.clone(),
        }
    }

    fn endpoint(&self) -> String {
        format!("{BASE}{PATH}")
    }

    fn revisions_text(&self) -> String {
        self.revisions.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(", ")
    }

    fn auth_text(&self) -> String {
        match (self.keyed, self.guests) {
            (false, _) => "none: this server is open to loopback clients only".to_string(),
            (true, None) => "`Authorization: Bearer kb_live_<prefix>_<secret>` on every request".to_string(),
            (true, Some(quota)) => format!(
                "`Authorization: Bearer kb_live_<prefix>_<secret>`; without it, guest access: {quota} tool calls per client IP per UTC day. An invalid or revoked key is 401 and never falls through to guest access"
            ),
        }
    }

    fn llms(&self) -> String {
        let summary = self.instructions.split(". ").next().unwrap_or_default();
        let mut out = format!("# {}\n\n> {summary}.\n\n", self.name);
        out.push_str(&format!("- Endpoint: `{}`\n", self.endpoint()));
        out.push_str(&format!(
            "- Transport: MCP Streamable HTTP, {}; revisions {}\n",
            if self.sessions { "sessions on initialize (Mcp-Session-Id), stateless otherwise" } else { "stateless" },
            self.revisions_text()
        ));
        out.push_str("- Requests: `POST` with `Content-Type: application/json` and `Accept: application/json, text/event-stream`; answers are SSE-framed (parse the `data:` line) unless JSON is preferred\n");
        out.push_str(&format!("- Authentication: {}\n", self.auth_text()));
        let names: Vec<String> =
            self.tools.iter().map(|t| format!("`{}`", t["name"].as_str().unwrap_or_default())).collect();
        out.push_str(&format!("- Tools: {}\n\n", names.join(", ")));
        out.push_str("## Docs\n\n");
        for (path, what) in [
            ("/llms-full.txt", "everything in one file"),
            ("/docs.md", "connection, authentication, tools with their arguments, errors and statuses"),
            ("/api.json", "tool schemas, limits, error codes and HTTP statuses as JSON"),
            ("/agent-instructions.md", "what an agent should know before calling"),
            ("/mcp.json", "a client configuration for this server"),
        ] {
            out.push_str(&format!("- [{path}]({BASE}{path}): {what}\n"));
        }
        out.push_str("\n## Tools\n\n");
        for tool in &self.tools {
            let description = text_of(&tool["description"]);
            let first = description.split(". ").next().unwrap_or_default().trim_end_matches('.');
            out.push_str(&format!("- `{}`: {first}.\n", tool["name"].as_str().unwrap_or_default()));
        }
        out
    }

    fn docs(&self) -> String {
        let mut out = format!("# {} {} over Streamable HTTP\n\n{}\n\n", self.name, self.version, self.instructions);
        out.push_str("## Connection\n\n");
        out.push_str(&format!("- Endpoint: `{}`; revisions {}.\n", self.endpoint(), self.revisions_text()));
        out.push_str("- Legacy revisions: `initialize`, `notifications/initialized`, then `tools/list` / `tools/call`; send `MCP-Protocol-Version` after initialize.\n");
        out.push_str("- 2026-07-28: no handshake; every request carries `_meta` with `io.modelcontextprotocol/protocolVersion` and `io.modelcontextprotocol/clientCapabilities`, mirrored in the `MCP-Protocol-Version`, `Mcp-Method` and (tools/call) `Mcp-Name` headers.\n");
        out.push_str(&format!("- Bodies up to {} bytes.\n\n", self.max_body_bytes));
        out.push_str(&format!("## Authentication\n\n{}.\n", self.auth_text()));
        if self.keyed {
            out.push_str(&format!(
                "A key scoped to a fleet uses that fleet's tools, as the agent the key names; a key scoped to several fleets names one in the `{FLEET_HEADER}` header. Guests and keys scoped to no fleet may use: {}.\n",
                if self.knowledge_tools.is_empty() { "no tools yet".to_string() } else { self.knowledge_tools.join(", ") }
            ));
        }
        out.push_str("\n## Tools\n");
        for tool in &self.tools {
            out.push_str(&tool_section(tool));
        }
        out.push_str("\n## JSON-RPC error codes\n\n| code | meaning |\n|---|---|\n");
        for (code, meaning) in CODES {
            out.push_str(&format!("| {code} | {meaning} |\n"));
        }
        out.push_str("\n## HTTP statuses\n\n| status | when |\n|---|---|\n");
        for (status, when) in STATUSES {
            out.push_str(&format!("| {status} | {when} |\n"));
        }
        out
    }

    fn agent_instructions(&self) -> String {
        let mut out = format!("# Using {}\n\n{}\n\n", self.name, self.instructions);
        out.push_str(&format!(
            "Connect to `{}` over MCP Streamable HTTP. Authentication: {}.\n",
            self.endpoint(),
            self.auth_text()
        ));
        out.push_str("Call `tools/list` first: it lists exactly the tools your credentials may use. A 429 carries Retry-After; wait that long before calling again.\n");
        out
    }

    fn api(&self) -> Value {
        json!({
            "server": {"name": self.name, "version": self.version},
            "endpoint": self.endpoint(),
            "transport": {"kind": "streamable-http", "stateless": !self.sessions, "revisions": self.revisions},
            "authentication": {
                "scheme": if self.keyed { "bearer" } else { "none" },
                "key_format": "kb_live_<prefix>_<secret>",
                "guest_quota_per_ip_per_utc_day": self.guests,
                "fleet_header": FLEET_HEADER,
            },
            "limits": {"max_body_bytes": self.max_body_bytes},
            "tools": self.tools,
            "error_codes": CODES.iter().map(|(code, meaning)| json!({"code": code, "meaning": meaning})).collect::<Vec<_>>(),
            "statuses": STATUSES.iter().map(|(status, when)| json!({"status": status, "when": when})).collect::<Vec<_>>(),
        })
    }

    fn client_config(&self) -> Value {
        let mut server = json!({"type": "http", "url": self.endpoint()});
        if self.keyed {
            server["headers"] = json!({"Authorization": "Bearer ${CTXLAKE_KEY}"});
        }
        json!({"mcpServers": {self.name.clone(): server}})
    }
}

fn text_of(value: &Value) -> String {
    value.as_str().unwrap_or_default().to_string()
}

/// One tool: its title, description and an argument table from its input schema.
fn tool_section(tool: &Value) -> String {
    let name = tool["name"].as_str().unwrap_or_default();
    let title = tool["title"].as_str().unwrap_or(name);
    let mut out = format!("\n### `{name}`: {title}\n\n{}\n\n", text_of(&tool["description"]));
    let schema = &tool["inputSchema"];
    let required: Vec<&str> =
        schema["required"].as_array().map(|r| r.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
    let Some(properties) = schema["properties"].as_object().filter(|p| !p.is_empty()) else {
        out.push_str("No arguments.\n");
        return out;
    };
    out.push_str("| argument | type | required | description |\n|---|---|---|---|\n");
    for (argument, property) in properties {
        let kind = match &property["type"] {
            Value::String(kind) => kind.clone(),
            Value::Array(kinds) => kinds.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(" \\| "),
            _ => "any".to_string(),
        };
        let description = text_of(&property["description"]).replace('|', "\\|").replace('\n', " ");
        let needed = if required.contains(&argument.as_str()) { "yes" } else { "no" };
        out.push_str(&format!("| `{argument}` | {kind} | {needed} | {description} |\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn docs_serve_md_tabulates_every_status_the_server_answers_with() {
        let doc = include_str!("../../../docs/serve.md");
        for (status, _) in STATUSES {
            assert!(doc.contains(&format!("\n| {status} | ")), "docs/serve.md has no row for {status}");
        }
    }
}
