//! The tool seam: what the protocol core and the handlers agree on, below both. The catalog
//! (one `ToolSpec` per tool, generated from `schemas/tools/`), argument validation, and the
//! call contract (`Tools`, `Output`, `ToolError`, `invoke`). `rpc` calls tools through this
//! module only; handlers implement the generated traits against it and never import `rpc`.

mod call;
pub mod groups;
pub mod surface;

pub use crate::spec::mcp::ArgumentError;
pub use crate::spec::tools::{CATALOG, ToolId};
pub use call::{Call, CallError, Clamp, Detached, Output, ToolError, Tools, invoke};

use serde_json::Value;
use std::sync::OnceLock;

/// One catalog entry, generated from `schemas/tools/<family>/`.
#[derive(Debug)]
pub struct ToolSpec {
    /// Position in `CATALOG` (and in `tools/list`).
    pub index: usize,
    pub id: ToolId,
    pub family: &'static str,
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    pub input_schema: &'static str,
    pub output_schema: &'static str,
    pub read_only: bool,
    pub destructive: bool,
    pub idempotent: bool,
    pub open_world: bool,
}

/// The catalog with each tool's validator compiled on first use: startup pays for none, every
/// later call of a tool reuses its validator. Build one per process and share it (`Sync`).
#[derive(Debug)]
pub struct Catalog {
    validators: Vec<OnceLock<jsonschema::Validator>>,
}

impl Default for Catalog {
    fn default() -> Catalog {
        Catalog { validators: CATALOG.iter().map(|_| OnceLock::new()).collect() }
    }
}

impl Catalog {
    pub fn specs(&self) -> &'static [ToolSpec] {
        CATALOG
    }

    /// The one lookup of a call: the entry found here is what validation and dispatch receive.
    pub fn find(&self, name: &str) -> Option<&'static ToolSpec> {
        CATALOG.iter().find(|spec| spec.name == name)
    }

    /// Checks arguments against the tool's input schema; every violation, each naming the
    /// JSON pointer it is about (a missing property is named by its own pointer).
    pub fn validate(&self, spec: &ToolSpec, arguments: &Value) -> Result<(), Vec<ArgumentError>> {
        let validator = self.validators[spec.index].get_or_init(|| {
            jsonschema::options()
                .should_validate_formats(true)
                .build(&parse_schema(spec.input_schema))
                .expect("tool input schemas are valid JSON Schema (checked by tests)")
        });
        let errors: Vec<ArgumentError> = validator.iter_errors(arguments).map(|e| argument_error(&e)).collect();
        if errors.is_empty() { Ok(()) } else { Err(errors) }
    }
}

/// Parses a schema file embedded in the binary.
pub fn parse_schema(text: &str) -> Value {
    serde_json::from_str(text).expect("embedded schema files are JSON (checked at build time)")
}

fn argument_error(error: &jsonschema::ValidationError<'_>) -> ArgumentError {
    use jsonschema::error::ValidationErrorKind as Kind;
    let mut pointer = error.instance_path().as_str().to_string();
    let named = match error.kind() {
        Kind::Required { property } => property.as_str(),
        Kind::AdditionalProperties { unexpected } if unexpected.len() == 1 => Some(unexpected[0].as_str()),
        _ => None,
    };
    if let Some(name) = named {
        pointer.push('/');
        pointer.push_str(&name.replace('~', "~0").replace('/', "~1"));
    }
    ArgumentError { pointer, message: error.to_string() }
}

impl std::fmt::Display for ArgumentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = if self.pointer.is_empty() { "(arguments)" } else { &self.pointer };
        write!(f, "{at}: {}", self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalog_schema_compiles_and_names_are_valid_and_unique() {
        let mut names = std::collections::HashSet::new();
        for (index, spec) in CATALOG.iter().enumerate() {
            assert_eq!(spec.index, index, "{}", spec.name);
            assert!(names.insert(spec.name), "duplicate tool {}", spec.name);
            assert!(
                !spec.name.is_empty() && spec.name.len() <= 128,
                "MCP 2025-11-25 tool names are 1-128 characters: {}",
                spec.name
            );
            assert!(spec.name.chars().all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c)), "{}", spec.name);
            for schema in [spec.input_schema, spec.output_schema] {
                jsonschema::validator_for(&parse_schema(schema)).unwrap_or_else(|e| panic!("{}: {e}", spec.name));
            }
        }
    }

    #[test]
    fn there_is_no_memory_write_tool() {
        assert!(CATALOG.iter().all(|spec| spec.name != "memory_write"));
    }

    #[test]
    fn a_missing_required_argument_is_named_by_its_own_pointer() {
        let catalog = Catalog::default();
        let spec = catalog.find("fleet_handoff").unwrap();
        let errors = catalog.validate(spec, &serde_json::json!({"status": "done", "extra": 1})).unwrap_err();
        let pointers: Vec<&str> = errors.iter().map(|e| e.pointer.as_str()).collect();
        assert!(pointers.contains(&"/summary"), "{pointers:?}");
        assert!(pointers.contains(&"/extra"), "{pointers:?}");
    }
}
