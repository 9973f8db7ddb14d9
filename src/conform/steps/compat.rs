//! What a session in an older revision may be sent: no field a later revision added. A client
//! written for 2024-11-05 was never written for a tool's `outputSchema` or a result's `ttlMs`;
//! the spec has no sentence for it, so the check is ctxlake-strict.

use super::Registry;
use crate::conform::world::{ensure, fail};
use serde_json::Value;

/// Fields a later revision added to the objects the check reads, and the revision that added
/// each: every property of these definitions in each revision's `schema/<revision>/schema.json`
/// (modelcontextprotocol/modelcontextprotocol at b0f60ba) that 2024-11-05 did not have.
const ADDED: &[(&str, &str, &str)] = &[
    ("Implementation", "title", "2025-06-18"),
    ("Implementation", "description", "2025-11-25"),
    ("Implementation", "icons", "2025-11-25"),
    ("Implementation", "websiteUrl", "2025-11-25"),
    ("ServerCapabilities", "completions", "2025-03-26"),
    ("ServerCapabilities", "tasks", "2025-11-25"),
    ("ServerCapabilities", "extensions", "2026-07-28"),
    ("ListToolsResult", "resultType", "2026-07-28"),
    ("ListToolsResult", "ttlMs", "2026-07-28"),
    ("ListToolsResult", "cacheScope", "2026-07-28"),
    ("Tool", "annotations", "2025-03-26"),
    ("Tool", "_meta", "2025-06-18"),
    ("Tool", "outputSchema", "2025-06-18"),
    ("Tool", "title", "2025-06-18"),
    ("Tool", "execution", "2025-11-25"),
    ("Tool", "icons", "2025-11-25"),
];

/// The fields of `object` (a `kind` of the schema) that a revision after `revision` added.
fn newer_fields(kind: &str, object: &Value, revision: &str) -> Vec<String> {
    let Some(fields) = object.as_object() else { return vec![] };
    ADDED
        .iter()
        .filter(|(k, field, since)| *k == kind && *since > revision && fields.contains_key(*field))
        .map(|(_, field, since)| format!("{kind}.{field} (added in {since})"))
        .collect()
}

pub fn register(r: &mut Registry) {
    r.add("the initialize result and the tools/list result carry no field of a later revision", |w, _, _| {
        let revision = w.revision.clone().ok_or_else(|| fail("no revision in force"))?;
        let initialized = w.initialize_result().cloned().unwrap_or(Value::Null);
        let listed = w.result()?.clone();
        let mut newer = newer_fields("Implementation", &initialized["serverInfo"], &revision);
        newer.extend(newer_fields("ServerCapabilities", &initialized["capabilities"], &revision));
        newer.extend(newer_fields("ListToolsResult", &listed, &revision));
        for tool in listed["tools"].as_array().into_iter().flatten() {
            newer.extend(newer_fields("Tool", tool, &revision));
        }
        newer.sort();
        newer.dedup();
        ensure(newer.is_empty(), || format!("a {revision} session was sent {}", newer.join(", ")))
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_fields_a_later_revision_added_are_named() {
        let tool = json!({"name": "t", "inputSchema": {}, "annotations": {}, "outputSchema": {}, "x-vendor": 1});
        assert_eq!(
            newer_fields("Tool", &tool, "2024-11-05"),
            ["Tool.annotations (added in 2025-03-26)", "Tool.outputSchema (added in 2025-06-18)"]
        );
        assert_eq!(newer_fields("Tool", &tool, "2025-06-18"), Vec::<String>::new());
        assert_eq!(newer_fields("ListToolsResult", &json!({"tools": [], "ttlMs": 0}), "2025-11-25").len(), 1);
    }
}
