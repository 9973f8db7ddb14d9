//! Step definitions: a sentence pattern and what it does to a [`World`].
//! `protocol` holds the steps any MCP server can be driven by; `compat` what an older revision's
//! session may be sent; `surface` those that discover and
//! test resources, prompts and completions; `skills` what the Skills extension's entries promise; `observed` the rules over everything the server
//! sent during a check (and the subscription stream); `fixtures` the steps that set
//! up ctxlake's cache, spool and snapshots (used only by `@ctxlake` scenarios, under `--self`).

mod compat;
mod console;
mod fixtures;
mod observed;
mod protocol;
mod skills;
mod surface;

use super::suite::Step;
use super::world::{Outcome, StepError, World, fail};
use regex::Regex;
use serde_json::Value;
use std::sync::LazyLock;

pub type Run = fn(&mut World<'_>, &[String], &Step) -> Outcome;

pub struct StepDef {
    pattern: Regex,
    run: Run,
}

/// Collects step definitions; patterns are anchored at both ends.
pub struct Registry(Vec<StepDef>);

impl Registry {
    fn add(&mut self, pattern: &str, run: Run) {
        let pattern = Regex::new(&format!("^{pattern}$")).unwrap_or_else(|e| panic!("step pattern {pattern}: {e}"));
        self.0.push(StepDef { pattern, run });
    }
}

static STEPS: LazyLock<Registry> = LazyLock::new(|| {
    let mut registry = Registry(Vec::new());
    protocol::register(&mut registry);
    compat::register(&mut registry);
    surface::register(&mut registry);
    skills::register(&mut registry);
    observed::register(&mut registry);
    fixtures::register(&mut registry);
    console::register(&mut registry);
    registry
});

/// Runs the step whose pattern matches the step's text (the first one registered).
pub fn run(world: &mut World<'_>, step: &Step) -> Outcome {
    for def in &STEPS.0 {
        if let Some(caps) = def.pattern.captures(&step.text) {
            let args: Vec<String> =
                caps.iter().skip(1).map(|m| m.map(|m| m.as_str().to_string()).unwrap_or_default()).collect();
            return (def.run)(world, &args, step);
        }
    }
    Err(fail(format!("no step definition matches `{}`", step.text)))
}

/// How many definitions match `text` (a suite sentence must match exactly one).
#[cfg(test)]
pub fn matches(text: &str) -> usize {
    STEPS.0.iter().filter(|d| d.pattern.is_match(text)).count()
}

pub(crate) fn json_arg(text: &str) -> Result<Value, StepError> {
    serde_json::from_str(text).map_err(|e| fail(format!("step argument is not JSON ({e}): {text}")))
}

pub(crate) fn docstring(step: &Step) -> Result<&str, StepError> {
    step.docstring.as_deref().map(str::trim).ok_or_else(|| fail("this step needs a docstring"))
}

pub(crate) fn pointer<'v>(value: &'v Value, at: &str) -> Result<&'v Value, StepError> {
    value.pointer(at).ok_or_else(|| fail(format!("nothing at {at} in {value}")))
}

pub(crate) fn hex_bytes(hex: &str) -> Result<Vec<u8>, StepError> {
    hex.split_whitespace().map(|b| u8::from_str_radix(b, 16).map_err(|e| fail(format!("hex byte {b}: {e}")))).collect()
}

#[cfg(test)]
mod tests {
    use super::super::suite::{FEATURES, load};

    #[test]
    fn every_suite_sentence_matches_exactly_one_step() {
        for check in load(FEATURES).unwrap() {
            for step in &check.steps {
                assert_eq!(super::matches(&step.text), 1, "{}: `{}`", check.source, step.text);
            }
        }
    }
}
