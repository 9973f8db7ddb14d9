//! What the catalog costs a client before the user types anything. Tokens are estimated as
//! compact JSON bytes / 4 (no tokenizer; the same estimate scripts/catalog-size.py applies to
//! the peers in docs/context-window.md). Two figures per revision:
//! - the model's share: each tool's name, description and input schema, what Claude Code,
//!   Cursor and the API tool formats put in front of a model;
//! - the wire: the whole `tools/list` result (titles, annotations, output schemas, `_meta`).
//!
//! A change that grows either past its budget fails here; shrink a description before raising one.

use super::golden::tools_list;
use ctxlake::config::Ctx;
use ctxlake::rpc::{Revision, Server};
use ctxlake::tools::Toolbox;
use serde_json::{Value, json};

/// The goal: the whole catalog, as the model sees it, under 3,000 tokens.
const MODEL_BUDGET_TOKENS: usize = 3_000;
/// The wire carries output schemas too (2025-06-18 on); kept under twice the model's share.
const WIRE_BUDGET_TOKENS: usize = 6_000;

pub(crate) fn tokens(value: &Value) -> usize {
    serde_json::to_string(value).expect("JSON serializes").len().div_ceil(4)
}

/// The part of a `tools/list` result a model is shown.
pub(crate) fn model_share(result: &Value) -> Value {
    let tools = result["tools"].as_array().map(Vec::as_slice).unwrap_or_default();
    let shown: Vec<Value> = tools
        .iter()
        .map(|t| json!({"name": t["name"], "description": t["description"], "inputSchema": t["inputSchema"]}))
        .collect();
    Value::Array(shown)
}

#[test]
fn the_catalog_fits_its_token_budget_in_every_revision() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::new(Toolbox::new(Ctx::under(dir.path(), "size").unwrap()));
    println!("revision     tools  model tokens  wire tokens");
    for revision in Revision::ALL {
        let result = tools_list(&server, revision)["result"].clone();
        let count = result["tools"].as_array().map_or(0, Vec::len);
        let (model, wire) = (tokens(&model_share(&result)), tokens(&result));
        println!("{revision}  {count:5}  {model:12}  {wire:11}");
        assert!(count > 0, "{revision}: no tools listed");
        assert!(
            model <= MODEL_BUDGET_TOKENS,
            "{revision}: the model's share is {model} tokens, over {MODEL_BUDGET_TOKENS}"
        );
        assert!(wire <= WIRE_BUDGET_TOKENS, "{revision}: tools/list is {wire} tokens, over {WIRE_BUDGET_TOKENS}");
    }
}

#[test]
fn the_estimate_counts_compact_json_bytes_in_fours() {
    assert_eq!(tokens(&json!("abcdef")), 2, "8 bytes with the quotes");
    let result =
        json!({"tools": [{"name": "t", "description": "d", "inputSchema": {}, "outputSchema": {"type": "object"}}]});
    assert!(tokens(&model_share(&result)) < tokens(&result), "output schemas are not the model's share");
}
