//! Steps over the Skills extension (SEP-2640), black-box: after `the client lists "skills/list"
//! to the end`, they read back what the entries promise (every file's bytes against its digest
//! and size, SKILL.md's frontmatter against the entry's, the name against the URI, skills/get
//! against the list, resources/list against SKILL.md) for up to `SAMPLE` skills, and what the
//! extension asks of a declaring server besides (the resources capability, paged lists, limits).
//! (`conform` imports only `spec`: the naming rule is restated here, as the spec states it.)

use super::Registry;
use crate::conform::world::{StepError, World, ensure, fail};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// Skills read at most per check (a server may list hundreds).
const SAMPLE: usize = 10;

/// The extension's limits per skill (files, bytes summed over `size`).
const MAX_FILES: usize = 512;
const MAX_BYTES: u64 = 16 * 1024 * 1024;

pub fn register(r: &mut Registry) {
    r.add("the server declares the skills extension", |w, _, _| {
        let declared = discovered(w)?;
        match declared.pointer("/extensions/io.modelcontextprotocol~1skills") {
            Some(Value::Object(_)) => Ok(()),
            Some(other) => Err(fail(format!("the skills extension is declared as {other}, not an object"))),
            None => Err(StepError::NotApplicable("the server does not declare the skills extension".into())),
        }
    });
    r.add("the server declares the resources capability", |w, _, _| {
        let declared = discovered(w)?;
        ensure(declared["resources"].is_object(), || format!("no resources capability among {declared}"))
    });
    r.add(r#"every skills/list page has resultType "complete", a ttlMs and a cacheScope"#, |w, _, _| {
        let mut cursor: Option<String> = None;
        for _ in 0..100 {
            let params = cursor.as_ref().map_or_else(|| json!({}), |c| json!({"cursor": c}));
            let answer = w.request("skills/list", params)?;
            let result = &answer["result"];
            ensure(
                result["resultType"] == "complete" && result["ttlMs"].is_u64() && result["cacheScope"].is_string(),
                || format!("a skills/list page lacks resultType \"complete\", ttlMs or cacheScope: {answer}"),
            )?;
            match result["nextCursor"].as_str() {
                Some(next) => cursor = Some(next.to_string()),
                None => return Ok(()),
            }
        }
        Err(fail("skills/list still had a nextCursor after 100 pages"))
    });
    r.add(
        "every listed skill lists its SKILL.md among its files, each file once and none outside its folder",
        |w, _, _| {
            let mut wrong = vec![];
            for skill in sample(w)? {
                let Some(files) = skill["resources"].as_array() else {
                    if skill["resources"] != "dynamic" {
                        wrong.push(format!("{}: resources is neither an array nor \"dynamic\"", skill["uri"]));
                    }
                    continue;
                };
                let uris: Vec<&Value> = files.iter().map(|file| &file["uri"]).collect();
                let distinct: std::collections::BTreeSet<String> = uris.iter().map(|uri| uri.to_string()).collect();
                // Every file is SKILL.md or inside the skill's folder.
                let folder = skill["uri"].as_str().and_then(|uri| uri.strip_suffix("SKILL.md")).unwrap_or("\u{0}");
                let outside = uris.iter().any(|uri| !uri.as_str().is_some_and(|uri| uri.starts_with(folder)));
                if !uris.contains(&&skill["uri"]) || distinct.len() != uris.len() || outside {
                    wrong.push(format!(
                        "{}: its files are {}",
                        skill["uri"],
                        Value::Array(uris.into_iter().cloned().collect())
                    ));
                }
            }
            ensure(wrong.is_empty(), || wrong.join("; "))
        },
    );
    r.add("every listed skill has at most 512 files and 16 MiB", |w, _, _| {
        let mut wrong = vec![];
        for skill in w.listed.iter() {
            let Some(files) = skill["resources"].as_array() else { continue };
            let bytes: u64 = files.iter().filter_map(|file| file["size"].as_u64()).sum();
            if files.len() > MAX_FILES || bytes > MAX_BYTES {
                wrong.push(format!("{}: {} files, {bytes} bytes", skill["uri"], files.len()));
            }
        }
        ensure(wrong.is_empty(), || wrong.join("; "))
    });
    r.add("every listed skill's files read back with the digest and size of its entry", |w, _, _| {
        let mut wrong = vec![];
        for skill in sample(w)? {
            let Some(files) = skill["resources"].as_array() else {
                continue; // "dynamic": no digest is promised
            };
            for file in files {
                let uri = file["uri"].as_str().unwrap_or_default();
                // A binary file (`blob`) is not verified here: conform decodes no base64.
                let Some(text) = read_contents(w, uri)? else { continue };
                let (size, digest) = (text.len() as u64, sha256(&text));
                if file["size"].as_u64() != Some(size) || file["digest"].as_str() != Some(digest.as_str()) {
                    wrong.push(format!("{uri}: read {size} bytes with {digest}; the entry says {file}"));
                }
            }
        }
        ensure(wrong.is_empty(), || wrong.join("; "))
    });
    r.add("every listed skill's SKILL.md begins with its entry's frontmatter, whose name ends its URI", |w, _, _| {
        let mut wrong = vec![];
        for skill in sample(w)? {
            let uri = skill["uri"].as_str().unwrap_or_default();
            let name = skill["frontmatter"]["name"].as_str().unwrap_or_default();
            if uri.strip_suffix("/SKILL.md").and_then(|path| path.rsplit('/').next()) != Some(name) {
                wrong.push(format!("{uri}: its last path segment is not the name {name:?}"));
            }
            if !is_name(name) {
                wrong.push(format!("{uri}: the name {name:?} breaks the Agent Skills naming rules"));
            }
            let text = read_text(w, uri)?;
            match frontmatter(&text) {
                Some(read) if read == skill["frontmatter"] => {}
                Some(read) => wrong.push(format!("{uri}: the file's frontmatter {read} is not the entry's")),
                None => wrong.push(format!("{uri}: no YAML frontmatter between --- lines at its start")),
            }
        }
        ensure(wrong.is_empty(), || wrong.join("; "))
    });
    r.add("skills/get answers every listed skill with the entry skills/list gave", |w, _, _| {
        let mut wrong = vec![];
        for skill in sample(w)? {
            let answer = w.request("skills/get", json!({"uri": skill["uri"]}))?;
            let result = &answer["result"];
            let cacheable =
                result["resultType"] == "complete" && result["ttlMs"].is_u64() && result["cacheScope"].is_string();
            if result["skill"] != skill || !cacheable {
                wrong.push(format!("{}: skills/get answered {answer}", skill["uri"]));
            }
        }
        ensure(wrong.is_empty(), || wrong.join("; "))
    });
    r.add(
        "resources/list names every listed skill's SKILL.md with its frontmatter's name and description",
        |w, _, _| {
            let skills = sample(w)?;
            let mut resources = vec![];
            let mut cursor: Option<String> = None;
            for _ in 0..100 {
                let params = cursor.as_ref().map_or_else(|| json!({}), |c| json!({"cursor": c}));
                let answer = w.request("resources/list", params)?;
                resources.extend(answer["result"]["resources"].as_array().into_iter().flatten().cloned());
                match answer["result"]["nextCursor"].as_str() {
                    Some(next) => cursor = Some(next.to_string()),
                    None => break,
                }
            }
            let mut wrong = vec![];
            for skill in skills {
                let found = resources.iter().find(|resource| resource["uri"] == skill["uri"]);
                let expected = (&skill["frontmatter"]["name"], &skill["frontmatter"]["description"]);
                match found {
                    Some(resource) if (&resource["name"], &resource["description"]) == expected => {}
                    Some(resource) => wrong.push(format!("{} is listed as {resource}", skill["uri"])),
                    None => wrong.push(format!("{} is not in resources/list", skill["uri"])),
                }
            }
            ensure(wrong.is_empty(), || wrong.join("; "))
        },
    );
}

/// What the server declares in `server/discover` (asked again: a check starts from nothing).
fn discovered(w: &mut World<'_>) -> Result<Value, StepError> {
    let answer = w.request("server/discover", json!({}))?;
    match answer.pointer("/result/capabilities") {
        Some(capabilities) => Ok(capabilities.clone()),
        None => Err(StepError::NotApplicable(format!("server/discover was answered {answer}"))),
    }
}

/// The skills listed by the last listing step, at most `SAMPLE`; not applicable when none.
fn sample(w: &World<'_>) -> Result<Vec<Value>, StepError> {
    let skills: Vec<Value> = w.listed.iter().take(SAMPLE).cloned().collect();
    if skills.is_empty() {
        return Err(StepError::NotApplicable("the server lists no skill".into()));
    }
    Ok(skills)
}

/// The text `resources/read` gives for `uri` (its first text contents).
fn read_text(w: &mut World<'_>, uri: &str) -> Result<String, StepError> {
    read_contents(w, uri)?.ok_or_else(|| fail(format!("resources/read {uri} gave no text")))
}

/// The text `resources/read` gives for `uri`; `None` for binary contents (a `blob`).
fn read_contents(w: &mut World<'_>, uri: &str) -> Result<Option<String>, StepError> {
    let answer = w.request("resources/read", json!({"uri": uri}))?;
    let contents = answer["result"]["contents"].as_array().cloned().unwrap_or_default();
    if let Some(text) = contents.iter().find_map(|c| c["text"].as_str()) {
        return Ok(Some(text.to_string()));
    }
    match contents.iter().any(|c| c["blob"].is_string()) {
        true => Ok(None),
        false => Err(fail(format!("resources/read {uri} gave no contents: {answer}"))),
    }
}

/// The Agent Skills naming rules: 1 to 64 lowercase ASCII letters, digits and hyphens, not
/// starting or ending with a hyphen, never two in a row.
fn is_name(name: &str) -> bool {
    (1..=64).contains(&name.len())
        && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !name.starts_with('-')
        && !name.ends_with('-')
        && !name.contains("--")
}

fn sha256(text: &str) -> String {
    let hash = Sha256::digest(text.as_bytes());
    let hex: String = hash.iter().map(|byte| format!("{byte:02x}")).collect();
    format!("sha256:{hex}")
}

/// The YAML frontmatter at the start of a SKILL.md, as JSON (a byte-order mark allowed).
fn frontmatter(text: &str) -> Option<Value> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let rest = text.strip_prefix("---\n").or_else(|| text.strip_prefix("---\r\n"))?;
    let end = rest.find("\n---")?;
    serde_yaml_ng::from_str(&rest[..end]).ok()
}
