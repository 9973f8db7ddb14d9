//! The call contract between the protocol core and the handlers. Two error tiers meet here:
//! a `ToolError` is the tool refusing on its own terms (the model sees it as an `isError`
//! result and can correct itself); anything else that goes wrong is a `CallError`, which the
//! core turns into the protocol error the revision in force calls for.

use super::ToolSpec;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_json::value::RawValue;

/// What the core runs tools with: `crate::tools::Toolbox` (through the generated `dispatch`),
/// or a stand-in in tests. Shared by every session and thread of a process.
pub trait Tools: Send + Sync {
    /// Runs the tool `spec` describes, with arguments already validated against its input
    /// schema; `call` carries its progress and cancellation.
    fn call(&self, spec: &'static ToolSpec, arguments: Value, call: &dyn Call) -> Result<Output, CallError>;

    /// The resources and prompts served beside the tools, if any (`crate::tools::Toolbox`
    /// serves them; a test double need not).
    fn surface(&self) -> Option<&dyn super::surface::Surface> {
        None
    }
}

/// One call in flight, as its handler sees it besides its input (dropshot's request context):
/// where to report progress, and whether the client has cancelled it. The core implements it
/// per request; a handler never learns which transport or progress token is behind it.
pub trait Call {
    /// `done` of `total` steps (when the total is known), with a short note of the step.
    /// Reports that do not increase are dropped; nothing is sent unless the client asked.
    fn progress(&self, done: u64, total: Option<u64>, message: &str);

    /// Whether the client cancelled this call: its answer will be dropped, so stop early.
    fn cancelled(&self) -> bool;

    /// `Err` once the client has cancelled; a handler calls it between its stages.
    fn check(&self) -> Result<(), ToolError> {
        if self.cancelled() { Err(ToolError::new("the client cancelled this call")) } else { Ok(()) }
    }
}

/// A call nobody watches and nobody can cancel: the CLI's, a resource read's, a test's.
#[derive(Debug, Clone, Copy, Default)]
pub struct Detached;

impl Call for Detached {
    fn progress(&self, _: u64, _: Option<u64>, _: &str) {}

    fn cancelled(&self) -> bool {
        false
    }
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

/// A tool's output, serialized once, straight from the typed output: the text of the `text`
/// content block, which is also the structured object (`structuredContent`).
#[derive(Debug, Clone)]
pub struct Output {
    /// serde_json's own serialization, so never read back to be checked (reading it back was
    /// a twentieth of an empty `fleet_status` call's instructions).
    raw: Box<RawValue>,
}

impl Output {
    pub fn new<O: Serialize>(output: &O) -> Result<Output, CallError> {
        let raw = serde_json::value::to_raw_value(output).map_err(|e| CallError::Output(e.to_string()))?;
        match raw.get().starts_with('{') {
            true => Ok(Output { raw }),
            false => Err(CallError::Output(format!("structured content must be an object, not {}", raw.get()))),
        }
    }

    /// The output as JSON text: the `text` content block.
    pub fn text(&self) -> &str {
        self.raw.get()
    }

    /// The output as `structuredContent`.
    pub fn structured(&self) -> &RawValue {
        &self.raw
    }
}

/// A default and an inclusive range an integer argument is clamped to (`default` and
/// `x-clamp` in its schema; build.rs generates one constant per such argument). The generated
/// input type already fills in the default (typify reads the same `default`); the schema
/// rejects nothing out of range: the seed clamps these values, so the handler does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clamp {
    pub default: i64,
    pub min: i64,
    pub max: i64,
}

impl Clamp {
    /// The argument as the tool uses it.
    pub fn apply(self, value: i64) -> i64 {
        value.clamp(self.min, self.max)
    }

    /// `apply` as a count of rows (every clamped count has `min >= 1`).
    pub fn rows(self, value: i64) -> usize {
        usize::try_from(self.apply(value)).unwrap_or(0)
    }
}

/// Deserializes validated arguments, runs the handler, serializes its output.
/// Called by the generated `dispatch`.
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Found by the `tool_calls` fuzz target: `0.0` passed the schema's `integer` and failed serde's `i64`.
    #[test]
    fn fuzz_an_integral_float_argument_is_accepted_as_an_integer() {
        #[derive(serde::Deserialize)]
        struct Limit {
            limit: i64,
            ratio: f64,
        }
        let run = |arguments: Value| {
            let output = invoke(arguments, |input: Limit| Ok(json!({"limit": input.limit, "ratio": input.ratio})));
            serde_json::from_str::<Value>(output.unwrap().text()).unwrap()
        };
        assert_eq!(run(json!({"limit": 5.0, "ratio": 2})), json!({"limit": 5, "ratio": 2.0}));
        assert_eq!(run(json!({"limit": -1e288, "ratio": 0.5}))["limit"], i64::MIN);
        assert_eq!(run(json!({"limit": 18446744073709551615u64, "ratio": 0.5}))["limit"], i64::MAX);
    }

    #[test]
    fn a_clamp_applies_its_default_and_its_bounds() {
        let clamp = Clamp { default: 50, min: 1, max: 200 };
        assert_eq!([clamp.apply(-5), clamp.apply(0), clamp.apply(7), clamp.apply(999)], [1, 1, 7, 200]);
        assert_eq!(clamp.rows(i64::MAX), 200);
    }

    #[test]
    fn the_generated_clamps_are_the_schemas_defaults_and_ranges() {
        use crate::spec::tools::{fleet, memory};
        assert_eq!(fleet::FLEET_CLAIM_TTL_SECS, Clamp { default: 300, min: 30, max: 86_400 });
        assert_eq!(fleet::FLEET_HISTORY_LIMIT, Clamp { default: 50, min: 1, max: 200 });
        assert_eq!(memory::MEMORY_SEARCH_K, Clamp { default: 10, min: 1, max: 200 });
        assert_eq!(memory::MEMORY_TIMELINE_LIMIT, Clamp { default: 50, min: 1, max: 200 });
        // Seed 002's max_results and token_budget are not clamped but refused outside their
        // ranges (`minimum`/`maximum` in the schema, issue 31); get_guidance's paging budget is ours.
        use crate::spec::tools::knowledge;
        assert_eq!(knowledge::GET_GUIDANCE_TOKEN_BUDGET, Clamp { default: 4000, min: 200, max: 20_000 });
    }

    /// The default a handler sees for an absent argument is the one its Clamp states: both
    /// come from the schema's `default`.
    #[test]
    fn an_absent_clamped_argument_takes_the_schemas_default() {
        use crate::spec::tools::{fleet, memory};
        let history: fleet::FleetHistoryInput = serde_json::from_value(json!({})).unwrap();
        assert_eq!(history.limit, fleet::FLEET_HISTORY_LIMIT.default);
        let claim: fleet::FleetClaimInput = serde_json::from_value(json!({"paths": ["a"], "reason": "r"})).unwrap();
        assert_eq!(claim.ttl_secs, fleet::FLEET_CLAIM_TTL_SECS.default);
        let search: memory::MemorySearchInput = serde_json::from_value(json!({"query": "q"})).unwrap();
        assert_eq!(search.k, memory::MEMORY_SEARCH_K.default);
        let timeline: memory::MemoryTimelineInput = serde_json::from_value(json!({"subject": "s"})).unwrap();
        assert_eq!(timeline.limit, memory::MEMORY_TIMELINE_LIMIT.default);
    }

    #[test]
    fn an_output_that_is_not_an_object_is_an_output_error() {
        assert!(matches!(Output::new(&json!([1, 2])), Err(CallError::Output(_))));
    }
}
