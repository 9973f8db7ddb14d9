//! The tool catalog, argument validation, and the handlers behind the generated traits.
//! Handlers get typed, validated input and return typed output; a refusal on their own terms is
//! a `ToolError`, which the dispatcher turns into an `isError: true` result.

pub mod fleet;
pub mod memory;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::sync::OnceLock;

pub use crate::spec::tools::CATALOG;

/// One catalog entry, generated from `schemas/tools/<family>/`.
#[derive(Debug)]
pub struct ToolSpec {
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

/// A tool refusing on its own terms (blank argument, spool full, ...): an `isError` result.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct ToolError {
    message: String,
}

impl ToolError {
    pub fn new(message: impl Into<String>) -> Self {
        ToolError { message: message.into() }
    }

    pub fn blank_argument(name: &str) -> Self {
        ToolError::new(format!("`{name}` must not be blank"))
    }
}

/// Why a validated call still failed.
#[derive(Debug, thiserror::Error)]
pub enum CallError {
    /// The arguments passed the schema but not the generated type (kept distinct so a
    /// schema/type drift shows up in tests instead of hiding inside a tool error).
    #[error("arguments do not fit the tool's input type: {0}")]
    Arguments(String),
    #[error(transparent)]
    Tool(#[from] ToolError),
    #[error("tool output could not be serialized: {0}")]
    Output(String),
}

/// Deserializes validated arguments, runs the handler, serializes its output.
/// Called by the generated per-family `call` functions.
pub fn invoke<I, O>(arguments: Value, handler: impl FnOnce(I) -> Result<O, ToolError>) -> Result<Output, CallError>
where
    I: DeserializeOwned,
    O: Serialize,
{
    let input = serde_json::from_value(integral_floats_as_integers(arguments))
        .map_err(|e| CallError::Arguments(e.to_string()))?;
    Output::new(&handler(input)?)
}

/// JSON Schema counts `5.0` and `1e300` as integers; serde's `i64` takes neither. Integral
/// numbers become `i64`, saturating beyond its range (every integer argument is clamped by its
/// tool anyway), so every schema-valid argument deserializes (an `f64` field takes an integer too).
fn integral_floats_as_integers(value: Value) -> Value {
    match value {
        Value::Number(n) if n.is_u64() && !n.is_i64() => Value::from(i64::MAX),
        Value::Number(n) => match n.as_f64() {
            // `as` saturates at the i64 bounds.
            Some(f) if n.is_f64() && f.fract() == 0.0 => Value::from(f as i64),
            _ => Value::Number(n),
        },
        Value::Array(items) => Value::Array(items.into_iter().map(integral_floats_as_integers).collect()),
        Value::Object(map) => {
            Value::Object(map.into_iter().map(|(k, v)| (k, integral_floats_as_integers(v))).collect())
        }
        other => other,
    }
}

/// A tool's output, serialized once as text (the `text` content block) and once as the
/// structured value (`structuredContent`), both straight from the typed output.
#[derive(Debug, Clone, PartialEq)]
pub struct Output {
    pub text: String,
    pub structured: Value,
}

impl Output {
    pub fn new<O: Serialize>(output: &O) -> Result<Output, CallError> {
        let fail = |e: serde_json::Error| CallError::Output(e.to_string());
        Ok(Output {
            text: serde_json::to_string(output).map_err(fail)?,
            structured: serde_json::to_value(output).map_err(fail)?,
        })
    }
}

/// One argument problem: where (a JSON pointer into the arguments) and what.
#[derive(Debug, Clone, PartialEq)]
pub struct ArgumentError {
    pub pointer: String,
    pub message: String,
}

impl std::fmt::Display for ArgumentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = if self.pointer.is_empty() { "(arguments)" } else { &self.pointer };
        write!(f, "{at}: {}", self.message)
    }
}

/// The catalog, with each tool's validator compiled on first use and kept for the life of the
/// process: startup pays for none, every later call of a tool reuses its validator.
#[derive(Debug, Default, Clone, Copy)]
pub struct Catalog;

impl Catalog {
    pub fn specs(&self) -> &'static [ToolSpec] {
        CATALOG
    }

    pub fn find(&self, name: &str) -> Option<(usize, &'static ToolSpec)> {
        CATALOG.iter().enumerate().find(|(_, spec)| spec.name == name)
    }

    /// Checks arguments against the tool's input schema; every violation, each naming the
    /// JSON pointer it is about (a missing property is named by its own pointer).
    pub fn validate(&self, index: usize, arguments: &Value) -> Result<(), Vec<ArgumentError>> {
        static VALIDATORS: OnceLock<Vec<OnceLock<jsonschema::Validator>>> = OnceLock::new();
        let slots = VALIDATORS.get_or_init(|| CATALOG.iter().map(|_| OnceLock::new()).collect());
        let validator = slots[index].get_or_init(|| {
            let schema = parse_schema(CATALOG[index].input_schema);
            jsonschema::options()
                .should_validate_formats(true)
                .build(&schema)
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

/// Every tool family behind one `rpc::Tools` implementation.
pub struct Toolbox {
    pub fleet: fleet::FleetTools,
    pub memory: memory::MemoryTools,
}

impl Toolbox {
    pub fn new(ctx: crate::config::Ctx) -> Toolbox {
        Toolbox { fleet: fleet::FleetTools::new(ctx.clone()), memory: memory::MemoryTools::new(ctx) }
    }
}

impl crate::rpc::Tools for Toolbox {
    fn call(&self, name: &str, arguments: Value) -> Option<Result<Output, CallError>> {
        match Catalog.find(name)?.1.family {
            "fleet" => crate::spec::tools::fleet::call(&self.fleet, name, arguments),
            "memory" => crate::spec::tools::memory::call(&self.memory, name, arguments),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalog_schema_compiles_and_names_are_valid_and_unique() {
        let mut names = std::collections::HashSet::new();
        for spec in CATALOG {
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

    /// Found by the `tool_calls` fuzz target: `0.0` passed the schema's `integer` and failed serde's `i64`.
    #[test]
    fn fuzz_an_integral_float_argument_is_accepted_as_an_integer() {
        #[derive(serde::Deserialize)]
        struct Limit {
            limit: i64,
            ratio: f64,
        }
        let run = |arguments: Value| {
            invoke(arguments, |input: Limit| Ok(serde_json::json!({"limit": input.limit, "ratio": input.ratio})))
                .unwrap()
                .structured
        };
        assert_eq!(run(serde_json::json!({"limit": 5.0, "ratio": 2})), serde_json::json!({"limit": 5, "ratio": 2.0}));
        assert_eq!(run(serde_json::json!({"limit": -1e288, "ratio": 0.5}))["limit"], i64::MIN);
        assert_eq!(run(serde_json::json!({"limit": 18446744073709551615u64, "ratio": 0.5}))["limit"], i64::MAX);
    }

    #[test]
    fn there_is_no_memory_write_tool() {
        assert!(CATALOG.iter().all(|spec| spec.name != "memory_write"));
    }

    #[test]
    fn a_missing_required_argument_is_named_by_its_own_pointer() {
        let (index, _) = Catalog.find("fleet_handoff").unwrap();
        let errors = Catalog.validate(index, &serde_json::json!({"status": "done", "extra": 1})).unwrap_err();
        let pointers: Vec<&str> = errors.iter().map(|e| e.pointer.as_str()).collect();
        assert!(pointers.contains(&"/summary"), "{pointers:?}");
        assert!(pointers.contains(&"/extra"), "{pointers:?}");
    }
}
