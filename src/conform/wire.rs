//! The wire-schema checks: every line the target writes to stdout must be a JSON-RPC frame, and
//! every frame must match `schemas/conform/peer_wire.json` for the revision in force (answers
//! to initialize, ping, tools/list, tools/call and server/discover by their method's result).
//! Observations from all checks of a run are pooled; each kind becomes one check in the report.

use jsonschema::Validator;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Mutex;

const PEER_WIRE: &str = include_str!("../../schemas/conform/peer_wire.json");
const MAX_EXAMPLES: usize = 3;

/// One pooled wire check: how many frames it saw and the first few that broke it.
#[derive(Debug, Default, Clone)]
pub struct Tally {
    pub observed: usize,
    pub violations: usize,
    pub examples: Vec<String>,
}

pub struct Wire {
    validators: BTreeMap<&'static str, Validator>,
    tallies: Mutex<BTreeMap<String, Tally>>,
    stdio: bool,
}

/// The wire check ids, with the spec sentence each enforces.
pub const CHECKS: &[(&str, &str)] = &[
    (
        "stdio.stdout-frames-only",
        "stdio transport: the server MUST NOT write anything to stdout that is not a valid MCP message",
    ),
    ("wire.frame", "JSON-RPC 2.0: every response has jsonrpc \"2.0\", an id, and exactly one of result or error"),
    (
        "wire.initialize",
        "lifecycle: InitializeResult has protocolVersion, capabilities and serverInfo{name, version}; an icon's src is a URI",
    ),
    ("wire.ping", "ping: the receiver MUST respond promptly with an empty result"),
    (
        "wire.tools/list",
        "tools: ListToolsResult (an icon's src is a URI); 2026-07-28 adds resultType, ttlMs and cacheScope",
    ),
    ("wire.tools/call", "tools: CallToolResult has content; 2026-07-28 adds resultType"),
    (
        "wire.server/discover",
        "2026-07-28: DiscoverResult has supportedVersions, capabilities, resultType, ttlMs, cacheScope",
    ),
];

impl Wire {
    pub fn new(stdio: bool) -> Wire {
        let schema: Value = serde_json::from_str(PEER_WIRE).expect("peer_wire.json is JSON (checked by a unit test)");
        let defs = schema["$defs"].clone();
        let mut validators = BTreeMap::new();
        for name in [
            "Frame",
            "Batch",
            "InitializeResult",
            "EmptyResult",
            "ListToolsResultLegacy",
            "ListToolsResultModern",
            "CallToolResultLegacy",
            "CallToolResultModern",
            "DiscoverResult",
        ] {
            let root = serde_json::json!({"$ref": format!("#/$defs/{name}"), "$defs": defs});
            // Formats are asserted: the spec's schemas use them for what it states in words
            // (an icon's src is "A standard URI"), and the official suite asserts them too.
            let validator = jsonschema::options()
                .should_validate_formats(true)
                .build(&root)
                .expect("peer_wire.json compiles (checked by a unit test)");
            validators.insert(name, validator);
        }
        Wire { validators, tallies: Mutex::new(BTreeMap::new()), stdio }
    }

    /// Checks one stdout line; returns it as JSON when it is a frame or a batch of frames.
    pub fn stdout_line(&self, line: &[u8]) -> Option<Value> {
        let parsed = serde_json::from_slice::<Value>(line).ok().filter(|v| v.is_object() || v.is_array());
        let problem = match &parsed {
            Some(_) => None,
            None => Some(format!("not a JSON-RPC message: {}", preview(&String::from_utf8_lossy(line)))),
        };
        self.tally("stdio.stdout-frames-only", problem);
        parsed
    }

    /// Checks one frame the target sent, answering a request for `method` (when known).
    pub fn frame(&self, frame: &Value, method: Option<&str>, revision: Option<&str>) {
        let envelope = if frame.is_array() { "Batch" } else { "Frame" };
        self.tally("wire.frame", self.violation(envelope, frame));
        let (Some(method), Some(result)) = (method, frame.get("result")) else { return };
        let modern = revision == Some(super::revisions::MODERN);
        let schema = match (method, modern) {
            ("initialize", false) => "InitializeResult",
            ("ping", false) => "EmptyResult",
            ("tools/list", false) => "ListToolsResultLegacy",
            ("tools/list", true) => "ListToolsResultModern",
            ("tools/call", false) => "CallToolResultLegacy",
            ("tools/call", true) => "CallToolResultModern",
            ("server/discover", _) => "DiscoverResult",
            _ => return,
        };
        self.tally(&format!("wire.{method}"), self.violation(schema, result));
    }

    fn violation(&self, schema: &str, value: &Value) -> Option<String> {
        let validator = self.validators.get(schema)?;
        let errors: Vec<String> = validator
            .iter_errors(value)
            .map(|e| match e.instance_path().as_str() {
                "" => e.to_string(),
                at => format!("at {at}: {e}"),
            })
            .take(2)
            .collect();
        if errors.is_empty() {
            return None;
        }
        Some(format!("{} (in {})", errors.join("; "), preview(&value.to_string())))
    }

    fn tally(&self, check: &str, problem: Option<String>) {
        let Ok(mut tallies) = self.tallies.lock() else { return };
        let tally = tallies.entry(check.to_string()).or_default();
        tally.observed += 1;
        if let Some(problem) = problem {
            tally.violations += 1;
            if tally.examples.len() < MAX_EXAMPLES {
                tally.examples.push(problem);
            }
        }
    }

    /// Every wire check with what was seen of it (checks that saw nothing included).
    pub fn tallies(&self) -> Vec<(&'static str, &'static str, Tally)> {
        let tallies = self.tallies.lock().map(|t| t.clone()).unwrap_or_default();
        CHECKS
            .iter()
            .filter(|(id, _)| self.stdio || !id.starts_with("stdio."))
            .map(|(id, reference)| (*id, *reference, tallies.get(*id).cloned().unwrap_or_default()))
            .collect()
    }
}

fn preview(text: &str) -> String {
    let mut out: String = text.chars().take(160).collect();
    if out.len() < text.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn violations(wire: &Wire, id: &str) -> usize {
        wire.tallies().into_iter().find(|(i, _, _)| *i == id).map(|(_, _, t)| t.violations).unwrap_or(0)
    }

    #[test]
    fn a_log_line_on_stdout_is_a_violation_and_a_frame_is_not() {
        let wire = Wire::new(true);
        assert!(wire.stdout_line(b"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}").is_some());
        assert!(wire.stdout_line(b"INFO server started").is_none());
        assert_eq!(violations(&wire, "stdio.stdout-frames-only"), 1);
    }

    #[test]
    fn frames_and_results_are_held_to_the_revision_in_force() {
        let wire = Wire::new(true);
        wire.frame(
            &json!({"jsonrpc": "2.0", "id": 1, "result": {"tools": []}}),
            Some("tools/list"),
            Some("2025-11-25"),
        );
        assert_eq!(violations(&wire, "wire.tools/list"), 0);
        wire.frame(
            &json!({"jsonrpc": "2.0", "id": 1, "result": {"tools": []}}),
            Some("tools/list"),
            Some("2026-07-28"),
        );
        assert_eq!(violations(&wire, "wire.tools/list"), 1, "modern lists need resultType and cache hints");
        wire.frame(&json!({"jsonrpc": "2.0", "id": 2, "result": {}, "error": {"code": 1, "message": "x"}}), None, None);
        wire.frame(&json!({"jsonrpc": "2.0", "error": {"code": -32700, "message": "Parse error"}}), None, None);
        assert_eq!(violations(&wire, "wire.frame"), 1, "both result and error is wrong; an error without id is not");
        wire.frame(
            &json!({"jsonrpc": "2.0", "id": 3, "result": {"protocolVersion": "2025-11-25", "capabilities": {}}}),
            Some("initialize"),
            Some("2025-11-25"),
        );
        assert_eq!(violations(&wire, "wire.initialize"), 1, "serverInfo is required");
    }

    #[test]
    fn an_icon_whose_src_is_a_relative_path_is_a_violation_and_an_absolute_uri_is_not() {
        let wire = Wire::new(false);
        let initialize = |src: &str| {
            json!({"jsonrpc": "2.0", "id": 1, "result": {"protocolVersion": "2025-11-25", "capabilities": {},
                "serverInfo": {"name": "s", "version": "1", "icons": [{"src": src, "mimeType": "image/svg+xml"}]}}})
        };
        wire.frame(&initialize("https://example.com/icon.svg"), Some("initialize"), Some("2025-11-25"));
        wire.frame(&initialize("data:image/png;base64,iVBORw0KGgo="), Some("initialize"), Some("2025-11-25"));
        assert_eq!(violations(&wire, "wire.initialize"), 0);
        // The TypeScript SDK's example server sends this one (docs/conformance/agreement.md).
        wire.frame(&initialize("./mcp.svg"), Some("initialize"), Some("2025-11-25"));
        assert_eq!(violations(&wire, "wire.initialize"), 1);
        let tool = json!({"jsonrpc": "2.0", "id": 2, "result": {"tools": [
            {"name": "t", "inputSchema": {"type": "object"}, "icons": [{"src": "icon.png"}]}]}});
        wire.frame(&tool, Some("tools/list"), Some("2025-11-25"));
        assert_eq!(violations(&wire, "wire.tools/list"), 1);
    }
}
