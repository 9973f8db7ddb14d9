//! The MCP methods over ctxlake's resources and prompts (`catalog::Surface`): resources/list
//! (paged), resources/templates/list, resources/read, prompts/list, prompts/get,
//! completion/complete and logging/setLevel, each shaped for the revision in force. A resource
//! or prompt is served only where the tool whose data it shows is visible to the caller.

use crate::catalog::surface::{
    PROMPTS, PromptSpec, Surface, SurfaceError, TEMPLATES, TemplateSpec, enum_values, expand, find_prompt,
    find_template, prompt_arguments, template_enum_values, variables,
};
use crate::rpc::listing::{PAGE, Visible, cursor_for, parse, start, surface_error};
use crate::rpc::results::result_meta;
use crate::rpc::skills;
use crate::rpc::{ResultObject, Revision, RpcError, Session};
use crate::spec::mcp::{
    CacheScope, CompleteParams, CompleteResult, Completion, CompletionReference, EmptyResult, GetPromptParams,
    GetPromptResult, ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult, LoggingLevel,
    PaginatedParams, Prompt, ReadResourceParams, ReadResourceResult, Resource, ResourceTemplate, ResultMeta,
    ResultType, SetLevelParams, SubscribeParams, TextResourceContents,
};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// The catalogs (templates, prompts) never change while a process runs.
const CATALOG_TTL_MS: u64 = 3_600_000;
/// What `ctxlake sync` may change at any moment: read fresh every time.
const CONTENT_TTL_MS: u64 = 0;
/// Resources one session may subscribe to at once.
pub const MAX_SUBSCRIPTIONS: usize = 32;
/// Completion answers at most this many values (MCP's cap); `total` says how many matched.
const MAX_COMPLETIONS: usize = 100;

/// RFC 5424 severities, least severe first, as `LoggingLevel` spells them.
pub const LEVELS: [&str; 8] = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];

/// The rank of `level` in `LEVELS`, `None` for a name that is not a level.
pub fn level_rank(level: &str) -> Option<usize> {
    LEVELS.iter().position(|known| *known == level)
}

type Answer = ResultObject;

/// The answer to `method` if it is one of this module's, `None` otherwise.
pub fn request(
    surface: &dyn Surface,
    visible: Visible<'_>,
    revision: Revision,
    session: &mut Session,
    method: &str,
    params: Map<String, Value>,
) -> Option<Result<Answer, RpcError>> {
    Some(match method {
        "resources/list" => resources_list(surface, visible, revision, params),
        "resources/templates/list" => templates_list(visible, revision, params),
        "resources/read" => read(surface, visible, revision, params),
        "prompts/list" => prompts_list(visible, revision, params),
        "prompts/get" => get(surface, visible, revision, params),
        "completion/complete" => complete(surface, visible, revision, params),
        "logging/setLevel" if revision.has_session_log_level() && session.keeps_log_level() => {
            set_level(session, params)
        }
        // Stateless HTTP forgets the session after each request, and the level with it.
        "logging/setLevel" if revision.has_session_log_level() => Err(RpcError::method_not_offered(
            "logging/setLevel",
            "stateless HTTP keeps no level between requests before 2026-07-28; use `ctxlake serve --sessions`",
        )),
        "resources/subscribe" if revision.has_resource_subscriptions() && session.subscriptions().is_some() => {
            subscribe(surface, visible, session, params)
        }
        "resources/unsubscribe" if revision.has_resource_subscriptions() && session.subscriptions().is_some() => {
            unsubscribe(session, params)
        }
        "skills/list" | "skills/get" | "resources/directory/read" if skills::offered(revision, visible) => {
            return skills::request(surface, visible, method, params);
        }
        _ => return None,
    })
}

/// Whether the caller sees any template, and any prompt (what the capabilities announce).
pub fn offered(visible: Visible<'_>) -> (bool, bool) {
    (TEMPLATES.iter().any(|t| visible(t.reads)), PROMPTS.iter().any(|p| visible(p.reads)))
}

/// The modern members every result of this module carries: resultType and the server's identity.
fn modern(revision: Revision) -> (Option<ResultType>, Option<ResultMeta>) {
    match revision.is_modern() {
        true => (Some(ResultType::Complete), Some(result_meta())),
        false => (None, None),
    }
}

/// The caching hints of a 2026-07-28 list or read.
fn hints(revision: Revision, ttl_ms: u64, scope: CacheScope) -> (Option<u64>, Option<CacheScope>) {
    match revision.is_modern() {
        true => (Some(ttl_ms), Some(scope)),
        false => (None, None),
    }
}

fn resources_list(
    surface: &dyn Surface,
    visible: Visible<'_>,
    revision: Revision,
    params: Map<String, Value>,
) -> Result<Answer, RpcError> {
    let params: PaginatedParams = parse("resources/list", params)?;
    let mut listed: Vec<Resource> = surface
        .list()
        .map_err(surface_error)?
        .into_iter()
        .filter(|(spec, _)| visible(spec.reads))
        .map(|(spec, listed)| Resource {
            uri: expand(spec.uri_template, &listed.vars),
            name: listed.name,
            title: revision.has_titles().then_some(listed.title),
            description: Some(spec.description.to_string()),
            mime_type: Some(spec.mime_type.to_string()),
        })
        .collect();
    // Each skill's SKILL.md too, as the Skills extension asks, after the templates' resources.
    if skills::offered(revision, visible) {
        listed.extend(skills::listed(surface, visible)?);
    }
    let total = listed.len();
    let offset = start(params.cursor.as_deref(), total)?;
    let end = (offset + PAGE).min(total);
    let resources = listed.drain(offset..end).collect();
    let (result_type, meta) = modern(revision);
    let (ttl_ms, cache_scope) = hints(revision, CONTENT_TTL_MS, CacheScope::Private);
    let next_cursor = cursor_for(end, total);
    ResultObject::new(&ListResourcesResult { resources, next_cursor, result_type, ttl_ms, cache_scope, meta })
}

/// One page holds every template and every prompt: no cursor was ever issued for them.
fn one_page(method: &str, params: Map<String, Value>) -> Result<(), RpcError> {
    let params: PaginatedParams = parse(method, params)?;
    match params.cursor {
        Some(_) => Err(RpcError::invalid_params(format!("`cursor`: this server issued none ({method} is one page)"))),
        None => Ok(()),
    }
}

fn templates_list(visible: Visible<'_>, revision: Revision, params: Map<String, Value>) -> Result<Answer, RpcError> {
    one_page("resources/templates/list", params)?;
    let resource_templates = TEMPLATES
        .iter()
        .filter(|spec| visible(spec.reads))
        .map(|spec| ResourceTemplate {
            uri_template: spec.uri_template.to_string(),
            name: spec.name.to_string(),
            title: revision.has_titles().then(|| spec.title.to_string()),
            description: Some(spec.description.to_string()),
            mime_type: Some(spec.mime_type.to_string()),
        })
        .collect();
    let (result_type, meta) = modern(revision);
    let (ttl_ms, cache_scope) = hints(revision, CATALOG_TTL_MS, CacheScope::Public);
    ResultObject::new(&ListResourceTemplatesResult {
        resource_templates,
        next_cursor: None,
        result_type,
        ttl_ms,
        cache_scope,
        meta,
    })
}

fn read(
    surface: &dyn Surface,
    visible: Visible<'_>,
    revision: Revision,
    params: Map<String, Value>,
) -> Result<Answer, RpcError> {
    let params: ReadResourceParams = parse("resources/read", params)?;
    let uri = params.uri;
    let not_found = || RpcError::resource_not_found(&uri, "no resource of this server has this URI");
    let (text, mime_type) = match find_template(&uri).filter(|(spec, _)| visible(spec.reads)) {
        Some((spec, vars)) => {
            let text = surface.read(spec, vars).map_err(|error| match error {
                SurfaceError::NotFound(detail) => RpcError::resource_not_found(&uri, detail),
                other => surface_error(other),
            })?;
            (text, spec.mime_type)
        }
        None if skills::offered(revision, visible) => {
            (skills::read(surface, visible, &uri)?.ok_or_else(not_found)?, crate::catalog::skills::MIME_TYPE)
        }
        None => return Err(not_found()),
    };
    let contents = vec![TextResourceContents { uri, mime_type: Some(mime_type.to_string()), text }];
    let (result_type, meta) = modern(revision);
    let (ttl_ms, cache_scope) = hints(revision, CONTENT_TTL_MS, CacheScope::Private);
    ResultObject::new(&ReadResourceResult { contents, result_type, ttl_ms, cache_scope, meta })
}

/// A digest of a read: its text, or why it failed (a resource that disappears has changed too).
fn digest(read: &Result<String, SurfaceError>) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    match read {
        Ok(text) => text.hash(&mut hasher),
        Err(error) => error.to_string().hash(&mut hasher),
    }
    hasher.finish()
}

/// What `uri` reads now, for the caller (`None`: no resource the caller sees has this URI).
fn read_now(surface: &dyn Surface, visible: Visible<'_>, uri: &str) -> Option<Result<String, SurfaceError>> {
    let (spec, vars) = find_template(uri).filter(|(spec, _)| visible(spec.reads))?;
    Some(surface.read(spec, vars))
}

/// resources/subscribe: the resource must be one the caller can read now. Change is judged by
/// content, so a rewrite that changes nothing notifies nobody.
fn subscribe(
    surface: &dyn Surface,
    visible: Visible<'_>,
    session: &mut Session,
    params: Map<String, Value>,
) -> Result<Answer, RpcError> {
    let params: SubscribeParams = parse("resources/subscribe", params)?;
    let Some(read) = read_now(surface, visible, &params.uri) else {
        return Err(RpcError::resource_not_found(&params.uri, "no resource of this server has this URI"));
    };
    let digest = digest(&read);
    read.map_err(|error| match error {
        SurfaceError::NotFound(detail) => RpcError::resource_not_found(&params.uri, detail),
        other => surface_error(other),
    })?;
    let Some(watched) = session.subscriptions() else { return Err(RpcError::method_not_found("resources/subscribe")) };
    if !watched.contains_key(&params.uri) && watched.len() >= MAX_SUBSCRIPTIONS {
        let why = format!("`uri`: at most {MAX_SUBSCRIPTIONS} subscriptions per session; unsubscribe from one first");
        return Err(RpcError::invalid_params(why));
    }
    watched.insert(params.uri, digest);
    ResultObject::new(&EmptyResult {})
}

/// resources/unsubscribe: ends a subscription; one that does not exist is already ended.
fn unsubscribe(session: &mut Session, params: Map<String, Value>) -> Result<Answer, RpcError> {
    let params: SubscribeParams = parse("resources/unsubscribe", params)?;
    if let Some(watched) = session.subscriptions() {
        watched.remove(&params.uri);
    }
    ResultObject::new(&EmptyResult {})
}

/// The watched resources that read differently than when last read (the new digest is kept),
/// in URI order. A resource the caller can no longer see has changed too.
pub fn changed(surface: &dyn Surface, visible: Visible<'_>, watched: &mut BTreeMap<String, u64>) -> Vec<String> {
    let mut changed = vec![];
    for (uri, last) in watched.iter_mut() {
        let now = read_now(surface, visible, uri).map_or(0, |read| digest(&read));
        if now != *last {
            *last = now;
            changed.push(uri.clone());
        }
    }
    changed
}

/// The digest of what `uri` reads now, if the caller can read it (a `subscriptions/listen`
/// stream watches only such resources).
pub fn readable(surface: &dyn Surface, visible: Visible<'_>, uri: &str) -> Option<u64> {
    let read = read_now(surface, visible, uri)?;
    read.is_ok().then(|| digest(&read))
}

fn prompts_list(visible: Visible<'_>, revision: Revision, params: Map<String, Value>) -> Result<Answer, RpcError> {
    one_page("prompts/list", params)?;
    let prompts = PROMPTS
        .iter()
        .filter(|spec| visible(spec.reads))
        .map(|spec| Prompt {
            name: spec.name.to_string(),
            title: revision.has_titles().then(|| spec.title.to_string()),
            description: Some(spec.description.to_string()),
            arguments: prompt_arguments(spec),
        })
        .collect();
    let (result_type, meta) = modern(revision);
    let (ttl_ms, cache_scope) = hints(revision, CATALOG_TTL_MS, CacheScope::Public);
    ResultObject::new(&ListPromptsResult { prompts, next_cursor: None, result_type, ttl_ms, cache_scope, meta })
}

fn visible_prompt(visible: Visible<'_>, name: &str) -> Result<&'static PromptSpec, RpcError> {
    find_prompt(name)
        .filter(|spec| visible(spec.reads))
        .ok_or_else(|| RpcError::invalid_params(format!("unknown prompt `{name}`")))
}

fn get(
    surface: &dyn Surface,
    visible: Visible<'_>,
    revision: Revision,
    params: Map<String, Value>,
) -> Result<Answer, RpcError> {
    let arguments = params.get("arguments").and_then(Value::as_object).into_iter().flatten();
    if let Some((name, _)) = arguments.into_iter().find(|(_, value)| !value.is_string()) {
        return Err(RpcError::invalid_params(format!("prompts/get: argument `{name}` is not a string")));
    }
    let params: GetPromptParams = parse("prompts/get", params)?;
    let spec = visible_prompt(visible, &params.name)?;
    let arguments = Value::Object(params.arguments.into_iter().map(|(k, v)| (k, Value::String(v))).collect());
    let messages = surface.prompt(spec, arguments).map_err(surface_error)?;
    let (result_type, meta) = modern(revision);
    ResultObject::new(&GetPromptResult { description: Some(spec.description.to_string()), messages, result_type, meta })
}

fn visible_template(visible: Visible<'_>, uri_template: &str) -> Result<&'static TemplateSpec, RpcError> {
    TEMPLATES
        .iter()
        .find(|spec| spec.uri_template == uri_template && visible(spec.reads))
        .ok_or_else(|| RpcError::invalid_params(format!("`ref.uri`: no resource template `{uri_template}`")))
}

fn complete(
    surface: &dyn Surface,
    visible: Visible<'_>,
    revision: Revision,
    params: Map<String, Value>,
) -> Result<Answer, RpcError> {
    let params: CompleteParams = parse("completion/complete", params)?;
    let (argument, prefix) = (params.argument.name.as_str(), params.argument.value.as_str());
    let (names, fixed): (Vec<String>, Option<Vec<String>>) = match &params.ref_ {
        CompletionReference::PromptReference(reference) => {
            let spec = visible_prompt(visible, &reference.name)?;
            let fixed = enum_values(spec, argument).map(|values| values.iter().map(|v| v.to_string()).collect());
            (prompt_arguments(spec).into_iter().map(|a| a.name).collect(), fixed)
        }
        CompletionReference::ResourceTemplateReference(reference) => {
            let spec = visible_template(visible, &reference.uri)?;
            (
                variables(spec.uri_template).into_iter().map(str::to_string).collect(),
                template_enum_values(spec, argument),
            )
        }
    };
    if !names.iter().any(|name| name == argument) {
        return Err(RpcError::invalid_params(format!(
            "`argument.name`: `{argument}` is not one of {}",
            names.join(", ")
        )));
    }
    let values: Vec<String> = match fixed {
        Some(values) => values.into_iter().filter(|v| v.starts_with(prefix)).collect(),
        None => surface.complete(argument, prefix).map_err(surface_error)?,
    };
    let total = values.len();
    let completion = Completion {
        has_more: Some(total > MAX_COMPLETIONS),
        total: Some(total as u64),
        values: values.into_iter().take(MAX_COMPLETIONS).collect(),
    };
    let (result_type, meta) = modern(revision);
    ResultObject::new(&CompleteResult { completion, result_type, meta })
}

fn set_level(session: &mut Session, params: Map<String, Value>) -> Result<Answer, RpcError> {
    if params.get("level").and_then(Value::as_str).is_none_or(|level| level_rank(level).is_none()) {
        return Err(RpcError::invalid_params(format!("`level` must be one of {}", LEVELS.join(", "))));
    }
    let params: SetLevelParams = parse("logging/setLevel", params)?;
    session.log_level = Some(params.level.to_string());
    ResultObject::new(&EmptyResult {})
}

/// Whether a message at `level` goes out: to a client that asked for this level or a lower
/// one, per request from 2026-07-28 (`requested`, from `_meta`), per session before (setLevel).
/// A client that asked for nothing gets nothing.
pub fn logs(revision: Revision, session: &Session, requested: Option<&str>, level: LoggingLevel) -> bool {
    let threshold = match revision.has_session_log_level() {
        true => session.log_level.as_deref(),
        false => requested,
    };
    let rank = level_rank(&level.to_string());
    matches!((threshold.and_then(level_rank), rank), (Some(threshold), Some(rank)) if rank >= threshold)
}
