//! The tool seam: what the protocol core and the handlers agree on, below both. The catalog
//! (one `ToolSpec` per tool, generated from `schemas/tools/`), argument validation, and the
//! call contract (`Tools`, `Output`, `ToolError`, `invoke`). `rpc` calls tools through this
//! module only; handlers implement the generated traits against it and never import `rpc`.

mod call;
pub mod groups;
pub mod skills;
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

/// The catalog's entry named `name`. A call's one lookup, made when its frame is read
/// (`rpc::message`): the entry found there is what validation and dispatch receive.
pub fn lookup(name: &str) -> Option<&'static ToolSpec> {
    CATALOG.iter().find(|spec| spec.name == name)
}

/// The catalog with each tool's validator compiled on first use: startup pays for none, every
/// later call of a tool reuses its validator. Build one per process and share it (`Sync`).
#[derive(Debug)]
pub struct Catalog {
    /// Each tool's validator, with the schema it was built from (a range error names both
    /// bounds, which the validator's error does not carry).
    validators: Vec<OnceLock<(jsonschema::Validator, Value)>>,
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

    /// The entry named `name` (see `lookup`).
    pub fn find(&self, name: &str) -> Option<&'static ToolSpec> {
        lookup(name)
    }

    /// Checks arguments against the tool's input schema; every violation, each naming the
    /// JSON pointer it is about (a missing property is named by its own pointer).
    pub fn validate(&self, spec: &ToolSpec, arguments: &Value) -> Result<(), Vec<ArgumentError>> {
        let (validator, schema) = self.validators[spec.index].get_or_init(|| {
            let schema = parse_schema(spec.input_schema);
            let validator = jsonschema::options()
                .should_validate_formats(true)
                .build(&schema)
                .expect("tool input schemas are valid JSON Schema (checked by tests)");
            (validator, schema)
        });
        let errors: Vec<ArgumentError> = validator.iter_errors(arguments).map(|e| argument_error(&e, schema)).collect();
        if errors.is_empty() { Ok(()) } else { Err(errors) }
    }
}

/// Parses a schema file embedded in the binary.
pub fn parse_schema(text: &str) -> Value {
    serde_json::from_str(text).expect("embedded schema files are JSON (checked at build time)")
}

/// One violation, named by its pointer. The message never quotes a string the caller sent (a
/// query may hold anything, and docs/knowledge.md promises no answer contains it): a string is
/// described by its length, a number out of range by the range it must be in.
fn argument_error(error: &jsonschema::ValidationError<'_>, schema: &Value) -> ArgumentError {
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
    let instance = error.instance();
    let length = instance.as_str().map(|text| text.chars().count());
    let message = match (error.kind(), length) {
        (
            Kind::Minimum { .. } | Kind::Maximum { .. } | Kind::ExclusiveMinimum { .. } | Kind::ExclusiveMaximum { .. },
            _,
        ) => {
            // The bounds sit beside the failing keyword in the property's schema.
            let keyword_at = error.schema_path().as_str();
            let property = keyword_at.rsplit_once('/').map_or("", |(parent, _)| parent);
            let bound = |key: &str| schema.pointer(property).and_then(|p| p.get(key)).map(ToString::to_string);
            match (bound("minimum"), bound("maximum")) {
                (Some(min), Some(max)) => format!("must be from {min} to {max}, not {instance}"),
                (Some(min), None) => format!("must be at least {min}, not {instance}"),
                (None, Some(max)) => format!("must be at most {max}, not {instance}"),
                (None, None) => error.to_string(),
            }
        }
        (Kind::Enum { options }, Some(length)) => {
            let listed: Vec<String> = options.as_array().into_iter().flatten().map(ToString::to_string).collect();
            format!("must be one of {}; this one ({length} characters) is not", listed.join(", "))
        }
        (Kind::MaxLength { limit }, Some(length)) => format!("at most {limit} characters; this one has {length}"),
        (Kind::MinLength { limit }, Some(length)) => format!("at least {limit} characters; this one has {length}"),
        (_, Some(length)) => format!("{} (a string of {length} characters)", error.masked_with("the value")),
        // Arrays and objects may hold the caller's strings too (an enum of topics, a versions
        // map): their message names the rule, not what was sent.
        (_, None) if instance.is_array() || instance.is_object() => error.masked_with("the value").to_string(),
        (_, None) => error.to_string(),
    };
    ArgumentError { pointer, message }
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

    /// Issue 31: the validator quoted a rejected query whole. For every string argument of every
    /// tool with a length limit, a value over it is named by field, limit and length, and no
    /// part of it appears in the message.
    #[test]
    fn a_string_over_its_limit_is_described_by_its_length_never_quoted() {
        let catalog = Catalog::default();
        let mut checked = 0;
        for spec in catalog.specs() {
            let schema = parse_schema(spec.input_schema);
            for (name, definition) in schema["properties"].as_object().into_iter().flatten() {
                let Some(limit) = definition["maxLength"].as_u64() else { continue };
                let text: String = (0..=limit).map(|i| char::from(b'a' + (i % 26) as u8)).collect::<String>() + "Q";
                let errors = catalog.validate(spec, &serde_json::json!({ name: text })).unwrap_err();
                let error = errors.iter().find(|e| e.pointer == format!("/{name}")).expect("named by its pointer");
                let stated = format!("at most {limit} characters; this one has {}", limit + 2);
                assert_eq!(error.message, stated, "{}.{name}", spec.name);
                assert!(!error.to_string().contains("abcdefgh"), "{}.{name}: {error}", spec.name);
                checked += 1;
            }
        }
        assert!(checked >= 5, "{checked} string arguments checked");
    }

    #[test]
    fn a_string_that_breaks_another_rule_is_not_quoted_either() {
        let catalog = Catalog::default();
        let spec = catalog.find("search_knowledge").unwrap();
        let secret = "cooking-with-ghp_secret";
        let errors = catalog.validate(spec, &serde_json::json!({"query": "ok?", "topic": secret, "task_type": secret}));
        for error in errors.unwrap_err() {
            assert!(!error.message.contains("ghp_secret"), "{error}");
            assert!(error.message.contains("characters"), "the length is said: {error}");
        }
    }

    /// Seed 002 gives max_results and token_budget ranges as rules: out of range is refused,
    /// naming the field and the range.
    #[test]
    fn an_integer_outside_the_seeds_range_is_refused_naming_the_range() {
        let catalog = Catalog::default();
        let spec = catalog.find("search_knowledge").unwrap();
        for (arguments, pointer, message) in [
            (serde_json::json!({"query": "ok?", "max_results": 11}), "/max_results", "must be from 1 to 10, not 11"),
            (serde_json::json!({"query": "ok?", "max_results": 0}), "/max_results", "must be from 1 to 10, not 0"),
            (
                serde_json::json!({"query": "ok?", "token_budget": 199}),
                "/token_budget",
                "must be from 200 to 5000, not 199",
            ),
            (
                serde_json::json!({"query": "ok?", "token_budget": 9999}),
                "/token_budget",
                "must be from 200 to 5000, not 9999",
            ),
        ] {
            let errors = catalog.validate(spec, &arguments).unwrap_err();
            assert_eq!(errors.len(), 1, "{errors:?}");
            assert_eq!((errors[0].pointer.as_str(), errors[0].message.as_str()), (pointer, message));
        }
        assert!(
            catalog
                .validate(spec, &serde_json::json!({"query": "ok?", "max_results": 10, "token_budget": 200}))
                .is_ok()
        );
    }
}
