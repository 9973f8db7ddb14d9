//! The resource and prompt seam, beside the tool seam: the catalogs generated from
//! `schemas/surface/` (`TemplateSpec`, `PromptSpec`), URI template matching and expansion, and
//! `Surface`, what the core calls to list, read, prompt and complete. Handlers implement the
//! generated `Resources` and `Prompts` traits and never see a URI or a JSON-RPC frame.

use crate::spec::mcp::PromptMessage;
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, percent_decode_str, utf8_percent_encode};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::collections::BTreeMap;

pub use crate::spec::surface::{PROMPTS, PromptId, TEMPLATES, TemplateId, enum_values};

/// A template's variables by name, as matched from a URI or to expand into one.
pub type Vars = BTreeMap<String, String>;

/// One resource template, generated from `schemas/surface/surface.json`.
#[derive(Debug)]
pub struct TemplateSpec {
    pub id: TemplateId,
    pub name: &'static str,
    /// RFC 6570, restricted to literal text, `{var}` path segments and one trailing `{?a,b}`.
    pub uri_template: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    pub mime_type: &'static str,
    /// Whether resources/list enumerates its instances.
    pub listed: bool,
    /// The tool whose data it shows: served only where that tool is visible.
    pub reads: &'static str,
}

/// One prompt, generated from `schemas/surface/surface.json` and its arguments schema.
#[derive(Debug)]
pub struct PromptSpec {
    pub id: PromptId,
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    /// The tool whose data it shows: served only where that tool is visible.
    pub reads: &'static str,
    pub arguments_schema: &'static str,
}

/// One instance a listed template's handler enumerates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed<V> {
    pub vars: V,
    /// The resource's programmatic name, unique in the list.
    pub name: String,
    /// Its display title.
    pub title: String,
}

impl<V> Listed<V> {
    pub fn map<W>(self, f: impl FnOnce(V) -> W) -> Listed<W> {
        Listed { vars: f(self.vars), name: self.name, title: self.title }
    }
}

/// Why a read, a prompt or a completion has no answer.
#[derive(Debug, thiserror::Error)]
pub enum SurfaceError {
    /// No resource answers to this URI (an unknown slug, another fleet, no goal).
    #[error("resource not found: {0}")]
    NotFound(String),
    /// A prompt's arguments break its schema; the message names the argument.
    #[error("{0}")]
    Arguments(String),
    /// The cache or the knowledge base could not be read.
    #[error("{0}")]
    Unavailable(String),
}

/// What the core calls for resources, prompts and completion; `crate::tools::Toolbox`
/// implements it with the generated dispatchers.
pub trait Surface: Send + Sync {
    fn list(&self) -> Result<Vec<(&'static TemplateSpec, Listed<Vars>)>, SurfaceError>;
    fn read(&self, spec: &'static TemplateSpec, vars: Vars) -> Result<String, SurfaceError>;
    fn prompt(&self, spec: &'static PromptSpec, arguments: Value) -> Result<Vec<PromptMessage>, SurfaceError>;
    fn complete(&self, name: &str, prefix: &str) -> Result<Vec<String>, SurfaceError>;
    /// Every skill this server could serve (`super::skills`), for whichever caller: the core
    /// serves each only where the tool it `reads` is visible. None by default.
    fn skills(&self) -> Result<std::sync::Arc<Vec<super::skills::Served>>, SurfaceError> {
        Ok(Default::default())
    }
}

/// The template `uri` is an instance of, and its variables.
pub fn find_template(uri: &str) -> Option<(&'static TemplateSpec, Vars)> {
    TEMPLATES.iter().find_map(|spec| match_uri(spec.uri_template, uri).map(|vars| (spec, vars)))
}

pub fn find_prompt(name: &str) -> Option<&'static PromptSpec> {
    PROMPTS.iter().find(|spec| spec.name == name)
}

/// What a path variable's value may contain unescaped: RFC 3986 unreserved characters.
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');

/// `template` with `vars` filled in: path variables percent-encoded, query members present in
/// `vars` form-encoded in the template's order.
pub fn expand(template: &str, vars: &Vars) -> String {
    let (path, query) = split_query(template);
    let mut out = String::new();
    for (literal, variable) in pieces(path) {
        out.push_str(literal);
        if let Some(name) = variable {
            let value = vars.get(name).map(String::as_str).unwrap_or_default();
            out.extend(utf8_percent_encode(value, SEGMENT));
        }
    }
    let members: Vec<(&str, &str)> =
        query.iter().filter_map(|name| vars.get(*name).map(|value| (*name, value.as_str()))).collect();
    if !members.is_empty() {
        let mut form = form_urlencoded::Serializer::new(String::new());
        form.extend_pairs(members);
        out.push('?');
        out.push_str(&form.finish());
    }
    out
}

/// The variables of `uri` if it is an instance of `template`: every literal in place, every
/// path variable a non-empty segment without `/` (percent-decoded to UTF-8), and a query only
/// where the template has one, holding only its members, each at most once.
pub fn match_uri(template: &str, uri: &str) -> Option<Vars> {
    let (template_path, members) = split_query(template);
    let (mut rest, query) = match uri.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (uri, None),
    };
    let mut vars = Vars::new();
    let mut pieces = pieces(template_path).peekable();
    while let Some((literal, variable)) = pieces.next() {
        rest = rest.strip_prefix(literal)?;
        let Some(name) = variable else { continue };
        // A variable runs to the next literal (or the end); it never spans a '/'.
        let next = pieces.peek().map(|(literal, _)| *literal).unwrap_or("");
        let end = if next.is_empty() { rest.len() } else { rest.find(next)? };
        let raw = &rest[..end];
        if raw.is_empty() || raw.contains('/') {
            return None;
        }
        let value = percent_decode_str(raw).decode_utf8().ok()?;
        vars.insert(name.to_string(), value.into_owned());
        rest = &rest[end..];
    }
    if !rest.is_empty() {
        return None;
    }
    if let Some(query) = query {
        if members.is_empty() {
            return None;
        }
        for (name, value) in form_urlencoded::parse(query.as_bytes()) {
            if !members.contains(&name.as_ref()) || vars.contains_key(name.as_ref()) {
                return None;
            }
            vars.insert(name.into_owned(), value.into_owned());
        }
    }
    Some(vars)
}

/// Every variable of `template`, path variables first.
pub fn variables(template: &str) -> Vec<&str> {
    let (path, mut members) = split_query(template);
    let mut names: Vec<&str> = pieces(path).filter_map(|(_, variable)| variable).collect();
    names.append(&mut members);
    names
}

/// The template without its `{?...}` part, and that part's members.
fn split_query(template: &str) -> (&str, Vec<&str>) {
    match template.find("{?") {
        Some(at) => {
            let members = template[at + 2..].trim_end_matches('}');
            (&template[..at], members.split(',').collect())
        }
        None => (template, Vec::new()),
    }
}

/// The template as (literal, following variable) pairs.
fn pieces(template: &str) -> impl Iterator<Item = (&str, Option<&str>)> {
    let mut rest = template;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        match rest.find('{') {
            Some(open) => {
                let close = rest[open..].find('}').map_or(rest.len(), |c| open + c);
                let piece = (&rest[..open], Some(&rest[open + 1..close]));
                rest = rest.get(close + 1..).unwrap_or("");
                Some(piece)
            }
            None => {
                let piece = (rest, None);
                rest = "";
                Some(piece)
            }
        }
    })
}

/// What the generated `get` calls: validates a prompt's arguments against its schema, then
/// runs `handler` on them typed. A broken rule names its argument.
pub fn invoke<A: DeserializeOwned>(
    arguments: Value,
    spec_schema: &str,
    handler: impl FnOnce(A) -> Result<Vec<PromptMessage>, SurfaceError>,
) -> Result<Vec<PromptMessage>, SurfaceError> {
    let schema = super::parse_schema(spec_schema);
    let validator = jsonschema::validator_for(&schema)
        .map_err(|e| SurfaceError::Unavailable(format!("a prompt's arguments schema does not compile: {e}")))?;
    let errors: Vec<String> =
        validator.iter_errors(&arguments).map(|e| super::argument_error(&e, &schema).to_string()).collect();
    if !errors.is_empty() {
        return Err(SurfaceError::Arguments(format!("invalid prompt arguments: {}", errors.join("; "))));
    }
    let typed = serde_json::from_value(arguments).map_err(|e| SurfaceError::Arguments(e.to_string()))?;
    handler(typed)
}

/// A prompt's arguments as prompts/list announces them, from its schema.
/// The values a template variable takes when the tool the template reads enumerates the
/// argument of that name (the context pack's `intent` is the context tool's `intent`): such a
/// variable completes from that list, as a prompt argument with an enum does.
pub fn template_enum_values(spec: &TemplateSpec, variable: &str) -> Option<Vec<String>> {
    let tool = super::CATALOG.iter().find(|tool| tool.name == spec.reads)?;
    let schema = super::parse_schema(tool.input_schema);
    let values = schema["properties"][variable]["enum"].as_array()?;
    Some(values.iter().filter_map(Value::as_str).map(str::to_string).collect())
}

pub fn prompt_arguments(spec: &PromptSpec) -> Vec<crate::spec::mcp::PromptArgument> {
    let schema = super::parse_schema(spec.arguments_schema);
    let required: Vec<&str> = schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    schema["properties"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(name, definition)| crate::spec::mcp::PromptArgument {
            name: name.clone(),
            description: definition["description"].as_str().map(str::to_string),
            required: Some(required.contains(&name.as_str())),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(pairs: &[(&str, &str)]) -> Vars {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn a_uri_matches_its_template_and_expands_back_to_itself() {
        let template = "ctxlake://fleet/{fleet}/context{?goal,project,intent}";
        let found = vars(&[("fleet", "team a/b"), ("goal", "fix the build & ship"), ("intent", "debug")]);
        let uri = expand(template, &found);
        assert_eq!(uri, "ctxlake://fleet/team%20a%2Fb/context?goal=fix+the+build+%26+ship&intent=debug");
        assert_eq!(match_uri(template, &uri), Some(found));
        assert_eq!(
            match_uri("ctxlake://guidance/{slug}", "ctxlake://guidance/rust-errors"),
            Some(vars(&[("slug", "rust-errors")]))
        );
    }

    #[test]
    fn a_uri_that_differs_anywhere_from_the_template_does_not_match() {
        let briefing = "ctxlake://fleet/{fleet}/briefing";
        for uri in [
            "ctxlake://fleet//briefing",
            "ctxlake://fleet/a/b/briefing",
            "ctxlake://fleet/a/briefing/",
            "ctxlake://fleet/a/briefing?x=1",
            "ctxlake://fleet/a/status",
            "ctxlake://fleet/%FF/briefing",
            "file://fleet/a/briefing",
        ] {
            assert_eq!(match_uri(briefing, uri), None, "{uri}");
        }
        let context = "ctxlake://fleet/{fleet}/context{?goal}";
        assert_eq!(match_uri(context, "ctxlake://fleet/a/context?other=1"), None, "a member the template lacks");
        assert_eq!(match_uri(context, "ctxlake://fleet/a/context?goal=1&goal=2"), None, "a member twice");
        assert_eq!(
            match_uri(context, "ctxlake://fleet/a/context"),
            Some(vars(&[("fleet", "a")])),
            "members are optional"
        );
    }

    #[test]
    fn every_template_and_prompt_name_is_unique_and_every_arguments_schema_compiles() {
        let mut names = std::collections::HashSet::new();
        assert!(TEMPLATES.iter().all(|spec| names.insert(spec.name)));
        for spec in PROMPTS {
            assert!(names.insert(spec.name), "{}", spec.name);
            jsonschema::validator_for(&super::super::parse_schema(spec.arguments_schema)).expect(spec.name);
        }
        let reads = TEMPLATES.iter().map(|t| t.reads).chain(PROMPTS.iter().map(|p| p.reads));
        for tool in reads {
            assert!(crate::catalog::CATALOG.iter().any(|spec| spec.name == tool), "`reads` names no tool: {tool}");
        }
    }
}
