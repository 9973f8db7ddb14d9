//! The Skills extension's methods (SEP-2640) over `catalog::Surface::skills`: `skills/list`
//! (paged with resources/list's cursors), `skills/get`, `resources/directory/read`, and the
//! skill files `resources/read` serves and `resources/list` names (each SKILL.md). Offered from
//! 2026-07-28, the revision the extension is specified against, to a caller who sees a tool
//! whose data a skill shows; each skill is served only where its own tool is visible.

use crate::catalog::skills::{DIRECTORY_MIME_TYPE, MIME_TYPE, SCHEME, SKILL_MD, SOURCES, Served, segments};
use crate::catalog::surface::Surface;
use crate::rpc::listing::{PAGE, Visible, cursor_for, parse, start, surface_error};
use crate::rpc::results::result_meta;
use crate::rpc::{ResultObject, Revision, RpcError};
use crate::spec::mcp::{
    CacheScope, GetSkillParams, GetSkillResult, ListSkillsResult, PaginatedParams, ReadResourceDirectoryParams,
    ReadResourceDirectoryResult, Resource, ResultType, ServerCapabilitiesExtensions, SkillsExtension,
};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Skills change when `ctxlake sync` lands a snapshot or the knowledge base is republished:
/// read fresh every time, and per caller (what a caller sees depends on its key).
const TTL_MS: u64 = 0;

/// Whether `revision` and the caller's tools call for the extension.
pub fn offered(revision: Revision, visible: Visible<'_>) -> bool {
    revision.has_skills() && SOURCES.iter().any(|tool| visible(tool))
}

/// The extension as `capabilities.extensions` declares it: with `resources/directory/read`.
pub fn capability() -> ServerCapabilitiesExtensions {
    ServerCapabilitiesExtensions {
        io_modelcontextprotocol_skills: Some(SkillsExtension { directory_read: Some(true) }),
    }
}

/// The answer to `method` if it is one of the extension's, `None` otherwise.
pub fn request(
    surface: &dyn Surface,
    visible: Visible<'_>,
    method: &str,
    params: Map<String, Value>,
) -> Option<Result<ResultObject, RpcError>> {
    Some(match method {
        "skills/list" => list(surface, visible, params),
        "skills/get" => get(surface, visible, params),
        "resources/directory/read" => directory(surface, visible, params),
        _ => return None,
    })
}

/// The skills the caller sees, in the order the surface gives them.
fn visible_skills<'a>(skills: &'a [Served], visible: Visible<'a>) -> impl Iterator<Item = &'a Served> + 'a {
    skills.iter().filter(move |skill| visible(skill.reads))
}

fn skills(surface: &dyn Surface) -> Result<Arc<Vec<Served>>, RpcError> {
    surface.skills().map_err(surface_error)
}

fn list(surface: &dyn Surface, visible: Visible<'_>, params: Map<String, Value>) -> Result<ResultObject, RpcError> {
    let params: PaginatedParams = parse("skills/list", params)?;
    let all = skills(surface)?;
    let served: Vec<&Served> = visible_skills(&all, visible).collect();
    let offset = start(params.cursor.as_deref(), served.len())?;
    let end = (offset + PAGE).min(served.len());
    ResultObject::new(&ListSkillsResult {
        skills: served[offset..end].iter().map(|skill| skill.entry()).collect(),
        next_cursor: cursor_for(end, served.len()),
        result_type: ResultType::Complete,
        ttl_ms: TTL_MS,
        cache_scope: CacheScope::Private,
        meta: Some(result_meta()),
    })
}

fn get(surface: &dyn Surface, visible: Visible<'_>, params: Map<String, Value>) -> Result<ResultObject, RpcError> {
    let params: GetSkillParams = parse("skills/get", params)?;
    segments(&params.uri).map_err(|why| RpcError::invalid_params(format!("`uri`: {why}")))?;
    let all = skills(surface)?;
    let Some(skill) = visible_skills(&all, visible).find(|skill| skill.uri() == params.uri) else {
        return Err(RpcError::invalid_params(format!(
            "`uri`: no skill of this server has this URI (a skill is named by its {SCHEME}…/{SKILL_MD}; skills/list lists them)"
        )));
    };
    ResultObject::new(&GetSkillResult {
        skill: skill.entry(),
        result_type: ResultType::Complete,
        ttl_ms: TTL_MS,
        cache_scope: CacheScope::Private,
        meta: Some(result_meta()),
    })
}

/// The text of a skill file the caller sees; `Ok(None)` when no skill the caller sees has it.
pub fn read(surface: &dyn Surface, visible: Visible<'_>, uri: &str) -> Result<Option<String>, RpcError> {
    if segments(uri).is_err() {
        return Ok(None);
    }
    let all = skills(surface)?;
    let file = visible_skills(&all, visible).flat_map(|skill| &skill.files).find(|file| file.uri == uri);
    Ok(file.map(|file| file.text.clone()))
}

/// Each SKILL.md the caller sees, as resources/list names it: with the frontmatter's name and
/// description.
pub fn listed(surface: &dyn Surface, visible: Visible<'_>) -> Result<Vec<Resource>, RpcError> {
    let all = skills(surface)?;
    Ok(visible_skills(&all, visible)
        .map(|skill| Resource {
            uri: skill.uri().to_string(),
            name: skill.name.clone(),
            title: None,
            description: Some(skill.description.clone()),
            mime_type: Some(MIME_TYPE.to_string()),
        })
        .collect())
}

/// resources/directory/read: the direct children of a directory within the skills the caller
/// sees (a skill's root, a folder in it, or a prefix such as `skill://guidance`), directories
/// first as `inode/directory`, each group by name. Anything else is `-32602`, as the
/// extension says.
fn directory(
    surface: &dyn Surface,
    visible: Visible<'_>,
    params: Map<String, Value>,
) -> Result<ResultObject, RpcError> {
    let params: ReadResourceDirectoryParams = parse("resources/directory/read", params)?;
    segments(&params.uri).map_err(|why| RpcError::invalid_params(format!("`uri`: {why}")))?;
    let all = skills(surface)?;
    let prefix = format!("{}/", params.uri);
    // (is a file, name): folders sort first.
    let mut children: BTreeMap<(bool, &str), ()> = BTreeMap::new();
    for file in visible_skills(&all, visible).flat_map(|skill| &skill.files) {
        if let Some(rest) = file.uri.strip_prefix(&prefix) {
            match rest.split_once('/') {
                Some((folder, _)) => children.insert((false, folder), ()),
                None => children.insert((true, rest), ()),
            };
        }
    }
    if children.is_empty() {
        return Err(RpcError::invalid_params(
            "`uri`: not a directory of the skills this server serves (a file, or nothing)",
        ));
    }
    let children: Vec<(bool, &str)> = children.into_keys().collect();
    let offset = start(params.cursor.as_deref(), children.len())?;
    let end = (offset + PAGE).min(children.len());
    let resources = children[offset..end]
        .iter()
        .map(|(is_file, name)| Resource {
            uri: format!("{prefix}{name}"),
            name: name.to_string(),
            title: None,
            description: None,
            mime_type: Some(if *is_file { MIME_TYPE } else { DIRECTORY_MIME_TYPE }.to_string()),
        })
        .collect();
    ResultObject::new(&ReadResourceDirectoryResult {
        resources,
        next_cursor: cursor_for(end, children.len()),
        result_type: ResultType::Complete,
        ttl_ms: Some(TTL_MS),
        cache_scope: Some(CacheScope::Private),
        meta: Some(result_meta()),
    })
}
