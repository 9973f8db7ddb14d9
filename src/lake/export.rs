//! `ctxlake lake export` and `import`: a fleet's state as versioned JSON Lines
//! (`schemas/wire/lake_export.json`), so a fleet moves from a folder to a bucket or between
//! buckets, and a backup is an export and a restore an import.
//!
//! An export holds the fleet's own objects, each with its bytes: the drained batches and the
//! packs compaction gathered some into, verdict batches, owner events and approvals (the claims and every decision about them), presence, the
//! leases, history and checkpoint documents, and the published knowledge base with its pointer.
//! Not the snapshots (the next fold builds one from the rest, with the target's embedder), the
//! roster (rebuilt from presence), `fold.json`, quarantined lines or probes. Lines are in key
//! order between a header and an end line that counts them, so the same lake exports the same
//! bytes, and a file cut short is noticed.
//!
//! An import reads and checks the whole file before its first write: the header's version,
//! every line against its schema, the end line's count, each object's name against its kind and
//! body (a content-named object is named by its body's sha256, an approval and a presence by
//! their ids' hashes, an owner event by its kind), and each body as the fold reads it. It then
//! looks at what the lake holds: an object there with other bytes refuses the import, before
//! any write. Then it creates each missing object, data before the documents that describe it,
//! so importing twice adds nothing, a round trip gives the same file, and an import killed
//! midway is finished by running it again.

use crate::knowledge::import::pointer_of;
use crate::lake::checkpoint;
use crate::lake::kb;
use crate::lake::layout::{FleetLayout, HostId, classify, sha256_hex};
use crate::lake::maint::{parse_batch, parse_verdicts};
use crate::lake::store::{Created, Lake, LakeError};
use crate::local::paths::FleetId;
use crate::spec::wire::claim_event::ClaimEvent;
use crate::spec::wire::lake::{ClaimApproval, HistoryDocument, KbPointer, LeasesDocument, Presence};
use crate::spec::wire::lake_export::LakeExportLine;
use crate::spec::wire::lake_ops::ObjectKind;
use object_store::path::Path;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The format this build reads and writes: 1.
pub const VERSION: std::num::NonZeroU64 = std::num::NonZeroU64::MIN;

/// The kinds an export carries, in the order an import writes them: what a document describes
/// before the document.
const WRITE_ORDER: [ObjectKind; 11] = [
    ObjectKind::SpoolBatch,
    ObjectKind::Pack,
    ObjectKind::Verdicts,
    ObjectKind::OwnerEvent,
    ObjectKind::Approval,
    ObjectKind::Presence,
    ObjectKind::Kb,
    ObjectKind::Leases,
    ObjectKind::History,
    ObjectKind::Checkpoint,
    ObjectKind::KbPointer,
];

/// A fleet's exported objects: name (the key under `fleets/<fleet>/`) to bytes.
#[derive(Debug, Clone, PartialEq)]
pub struct Exported {
    pub fleet: FleetId,
    pub objects: BTreeMap<String, String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error(transparent)]
    Lake(#[from] LakeError),
    #[error("{key}: {why}")]
    Object { key: String, why: String },
}

/// Why an import file is refused: where (file, 1-based line, JSON pointer in the line) and what.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{file}:{line}: {}: {reason}", if pointer.is_empty() { "(line)" } else { pointer.as_str() })]
pub struct Refused {
    pub file: String,
    pub line: usize,
    pub pointer: String,
    pub reason: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error(transparent)]
    Lake(#[from] LakeError),
    #[error(
        "{key} is already in the lake with other contents: nothing was imported (import into a lake, or a fleet, that holds nothing of this fleet, or the same export again)"
    )]
    Conflict { key: String },
}

/// What an import did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Imported {
    pub written: usize,
    pub already: usize,
}

/// Reads the fleet's objects from the lake.
pub fn export(lake: &Lake, fleet: &FleetId) -> Result<Exported, ExportError> {
    let layout = FleetLayout::new(fleet);
    let root = format!("{}/", layout.root());
    // Only the knowledge base the pointer names: the others are replaced copies.
    let current_kb = match lake.get(&layout.kb_pointer())? {
        Some(object) => serde_json::from_slice::<KbPointer>(&object.body).ok().map(|p| p.key),
        None => None,
    };
    let mut objects = BTreeMap::new();
    let mut vanished = vec![];
    let mut add = |listed: &crate::lake::store::Listed, objects: &mut BTreeMap<String, String>| {
        let key = listed.key.to_string();
        let Some((_, kind)) = classify(&key) else { return Ok(()) };
        if !WRITE_ORDER.contains(&kind) || (kind == ObjectKind::Kb && current_kb.as_deref() != Some(key.as_str())) {
            return Ok(());
        }
        let Some(object) = lake.get(&listed.key)? else {
            if kind == ObjectKind::SpoolBatch {
                vanished.push(key);
            }
            return Ok(());
        };
        let body = String::from_utf8(object.body)
            .map_err(|_| ExportError::Object { key: key.clone(), why: "not UTF-8 text".into() })?;
        let name = key.strip_prefix(&root).unwrap_or(&key).to_string();
        // What an import would refuse is refused now, when the lake can still be repaired,
        // not when the backup is needed.
        check_object(fleet, &name, &body).map_err(|(_, why)| ExportError::Object {
            key: key.clone(),
            why: format!("an import would refuse it: {why}"),
        })?;
        objects.insert(name, body);
        Ok::<(), ExportError>(())
    };
    for listed in lake.list(&layout.root())? {
        add(&listed, &mut objects)?;
    }
    // A compaction between the listing and the reads removed batches after writing the pack
    // that holds them: list the packs again (as every reader of proposals does, batches first).
    for listed in lake.list(&layout.packs_prefix())? {
        let name = listed.key.as_ref().strip_prefix(&root).unwrap_or_default().to_string();
        if !objects.contains_key(&name) {
            add(&listed, &mut objects)?;
        }
    }
    let packed: std::collections::BTreeSet<String> = objects
        .iter()
        .filter(|(name, _)| name.starts_with("packs/"))
        .filter_map(|(_, body)| crate::lake::pack::parse(body.as_bytes()).ok())
        .flat_map(|sections| sections.into_iter().map(|s| s.batch))
        .collect();
    if let Some(key) = vanished.into_iter().find(|key| !packed.contains(key)) {
        return Err(ExportError::Object {
            key,
            why: "removed while it was exported, and no pack holds it: export again".into(),
        });
    }
    check_kb(&objects).map_err(|(name, why)| ExportError::Object {
        key: format!("{root}{name}"),
        why: format!("an import would refuse it: {why}"),
    })?;
    Ok(Exported { fleet: fleet.clone(), objects })
}

/// The file an export is written as: header, objects in name order, end.
pub fn to_lines(exported: &Exported) -> Vec<u8> {
    let mut lines = vec![LakeExportLine::Header { version: VERSION, fleet: exported.fleet.as_str().to_string() }];
    lines.extend(
        exported.objects.iter().map(|(name, body)| LakeExportLine::Object { name: name.clone(), body: body.clone() }),
    );
    lines.push(LakeExportLine::End { objects: exported.objects.len() as u64 });
    let mut out = Vec::new();
    for line in lines {
        serde_json::to_writer(&mut out, &line).expect("export lines serialize");
        out.push(b'\n');
    }
    out
}

/// Reads and checks an export file whole (`file` names it in refusals).
pub fn read(file: &str, bytes: &[u8]) -> Result<Exported, Refused> {
    let refuse = |line: usize, pointer: &str, reason: String| Refused {
        file: file.to_string(),
        line,
        pointer: pointer.to_string(),
        reason,
    };
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let line = bytes[..e.valid_up_to()].iter().filter(|b| **b == b'\n').count() + 1;
        refuse(line, "", "not UTF-8 text".into())
    })?;
    if text.is_empty() {
        return Err(refuse(1, "", "empty: an export starts with its header line".into()));
    }
    // The end line, with its count, is what says the file is whole: a file cut inside a line
    // fails there, one cut between lines lacks it. A missing final newline is no harm.
    let lines: Vec<&str> = text.split_terminator('\n').collect();
    let mut fleet: Option<FleetId> = None;
    let mut objects = BTreeMap::new();
    let mut line_of: BTreeMap<String, usize> = BTreeMap::new();
    let mut ended = false;
    for (index, line) in lines.iter().enumerate() {
        let number = index + 1;
        if ended {
            return Err(refuse(number, "", "a line after the end line".into()));
        }
        let value: Value = serde_json::from_str(line).map_err(|e| refuse(number, "", format!("not JSON: {e}")))?;
        let kind = value.get("kind").and_then(Value::as_str).unwrap_or_default();
        // Before the schema: a newer header may carry fields this build does not know.
        if let Some(version) =
            value.get("version").and_then(Value::as_u64).filter(|v| kind == "header" && *v > VERSION.get())
        {
            return Err(refuse(
                number,
                "/version",
                format!(
                    "version {version} is newer than this ctxlake reads ({VERSION}): upgrade it to import this file"
                ),
            ));
        }
        let Some(validator) = branch(kind) else {
            return Err(refuse(number, "/kind", "one of \"header\", \"object\", \"end\"".into()));
        };
        if let Some(error) = validator.iter_errors(&value).next() {
            return Err(refuse(number, &pointer_of(&error), error.to_string()));
        }
        let parsed: LakeExportLine =
            serde_json::from_value(value).map_err(|e| refuse(number, "", format!("not an export line: {e}")))?;
        match (parsed, &fleet) {
            (LakeExportLine::Header { fleet: id, .. }, None) => {
                fleet = Some(FleetId::new(id.as_str()).map_err(|e| refuse(number, "/fleet", e.to_string()))?);
            }
            (_, None) => return Err(refuse(number, "/kind", "the first line of an export is its header".into())),
            (LakeExportLine::Header { .. }, Some(_)) => {
                return Err(refuse(number, "/kind", "a second header".into()));
            }
            (LakeExportLine::Object { name, body }, Some(id)) => {
                check_object(id, &name, &body).map_err(|(pointer, why)| refuse(number, pointer, why))?;
                if objects.insert(name.clone(), body).is_some() {
                    return Err(refuse(number, "/name", "a second object of this name".into()));
                }
                line_of.insert(name, number);
            }
            (LakeExportLine::End { objects: count }, Some(_)) => {
                if count != objects.len() as u64 {
                    return Err(refuse(
                        number,
                        "/objects",
                        format!("the end line counts {count} objects and the file holds {}", objects.len()),
                    ));
                }
                ended = true;
            }
        }
    }
    if !ended {
        return Err(refuse(lines.len(), "", "the file ends before its end line (a truncated export?)".into()));
    }
    let fleet = fleet.expect("a file with an end line has a header");
    check_kb(&objects).map_err(|(name, why)| refuse(line_of.get(&name).copied().unwrap_or(1), "/body", why))?;
    Ok(Exported { fleet, objects })
}

/// One object's name against its kind and body, as the fold and the mirror read them; the
/// error is a pointer into the line and why.
fn check_object(fleet: &FleetId, name: &str, body: &str) -> Result<(), (&'static str, String)> {
    let layout = FleetLayout::new(fleet);
    let key = format!("{}/{name}", layout.root());
    // A name the store would spell differently (an empty or `..` segment, a character it
    // encodes) is not one ctxlake wrote.
    let parsed = Path::parse(&key).map_err(|e| ("/name", format!("not a lake key: {e}")))?;
    if parsed.as_ref() != key {
        return Err(("/name", "not a key as the lake spells it".into()));
    }
    let kind = match classify(&key) {
        Some((of, kind)) if of == fleet.as_str() && WRITE_ORDER.contains(&kind) => kind,
        _ => return Err(("/name", "not the name of an object an export carries".into())),
    };
    let segments: Vec<&str> = name.split('/').collect();
    let bad = |why: String| Err(("/body", why));
    let named_by_content = |extension: &str| -> Result<(), (&'static str, String)> {
        let file = segments.last().copied().unwrap_or_default();
        match file.strip_suffix(extension) {
            Some(hash) if hash == sha256_hex(body.as_bytes()) => Ok(()),
            _ => Err(("/name", format!("a content-named object is named <sha256 of its body>{extension}"))),
        }
    };
    match kind {
        ObjectKind::SpoolBatch => {
            named_by_content(".ndjson")?;
            HostId::new(segments[1]).map_err(|e| ("/name", format!("host: {e}")))?;
            let batch = parse_batch(body.as_bytes());
            if batch.unreadable > 0 {
                return bad(format!("{} lines are neither a proposal nor a spool record", batch.unreadable));
            }
        }
        ObjectKind::Pack => {
            named_by_content(".ndjson")?;
            let sections = crate::lake::pack::parse(body.as_bytes()).map_err(|why| ("/body", why))?;
            let spool = format!("{}/", layout.spool_prefix());
            if let Some(other) = sections.iter().find(|s| !s.batch.starts_with(&spool)) {
                return bad(format!("a section names batch {:?}, not one of this fleet", other.batch));
            }
        }
        ObjectKind::Verdicts => {
            named_by_content(".ndjson")?;
            let parsed = parse_verdicts(body.as_bytes());
            if parsed.unreadable > 0 || parsed.events.is_empty() {
                return bad("not claim events, one per line".into());
            }
        }
        ObjectKind::OwnerEvent => {
            let event: ClaimEvent =
                serde_json::from_str(body).map_err(|e| ("/body", format!("not a claim event: {e}")))?;
            let kind = serde_json::to_value(&event).ok().and_then(|v| v["kind"].as_str().map(str::to_string));
            let file = segments.last().copied().unwrap_or_default();
            if !kind.is_some_and(|k| file.starts_with(&format!("{k}-")) && file.ends_with(".json")) {
                return Err(("/name", "an owner event is named <its kind>-<id>.json".into()));
            }
        }
        ObjectKind::Approval => {
            let approval: ClaimApproval =
                serde_json::from_str(body).map_err(|e| ("/body", format!("not an approval: {e}")))?;
            if layout.approval(&approval.claim_id).to_string() != key {
                return Err(("/name", "an approval is named by the sha256 of its claim id".into()));
            }
        }
        ObjectKind::Presence => {
            let presence: Presence =
                serde_json::from_str(body).map_err(|e| ("/body", format!("not a presence record: {e}")))?;
            if layout.presence(&presence.agent_id).to_string() != key {
                return Err(("/name", "a presence record is named by the sha256 of its agent id".into()));
            }
        }
        ObjectKind::Leases => {
            serde_json::from_str::<LeasesDocument>(body)
                .map_err(|e| ("/body", format!("not a leases document: {e}")))?;
        }
        ObjectKind::History => {
            serde_json::from_str::<HistoryDocument>(body)
                .map_err(|e| ("/body", format!("not a history document: {e}")))?;
        }
        ObjectKind::Checkpoint => {
            checkpoint::parse(body.as_bytes()).map_err(|e| ("/body", e.to_string()))?;
        }
        ObjectKind::Kb => named_by_content(".jsonl")?,
        ObjectKind::KbPointer => {
            serde_json::from_str::<KbPointer>(body)
                .map_err(|e| ("/body", format!("not a knowledge-base pointer: {e}")))?;
        }
        _ => return Err(("/name", "not the name of an object an export carries".into())),
    }
    Ok(())
}

/// The knowledge base: a pointer comes with the blob it names, which verifies under it (every
/// record valid and approved, as many as it says). The error names the object.
fn check_kb(objects: &BTreeMap<String, String>) -> Result<(), (String, String)> {
    let Some(body) = objects.get("kb/current.json") else { return Ok(()) };
    let name = "kb/current.json".to_string();
    let pointer: KbPointer = serde_json::from_str(body).map_err(|e| (name.clone(), e.to_string()))?;
    let blob = format!("kb/{}.jsonl", pointer.content_hash);
    let Some(records) = objects.get(&blob) else {
        return Err((name, format!("names {blob}, which the file does not hold")));
    };
    kb::verify(records.as_bytes(), &pointer, &blob).map_err(|e| (blob, e.to_string()))?;
    Ok(())
}

/// Creates what the lake lacks of `exported`, after checking that nothing it holds differs.
pub fn import(lake: &Lake, exported: &Exported) -> Result<Imported, ImportError> {
    let root = FleetLayout::new(&exported.fleet).root();
    let key_of = |name: &str| Path::parse(format!("{root}/{name}")).expect("names were checked when read");
    let mut missing = vec![];
    let mut imported = Imported::default();
    for (name, body) in &exported.objects {
        let key = key_of(name);
        match lake.get(&key)? {
            Some(object) if object.body == body.as_bytes() => imported.already += 1,
            Some(_) => return Err(ImportError::Conflict { key: key.to_string() }),
            None => missing.push((name, body)),
        }
    }
    let rank = |name: &str| {
        let kind = classify(key_of(name).as_ref()).map(|(_, kind)| kind);
        WRITE_ORDER.iter().position(|k| Some(*k) == kind).unwrap_or(WRITE_ORDER.len())
    };
    missing.sort_by_key(|(name, _)| rank(name));
    for (name, body) in missing {
        let key = key_of(name);
        match lake.put_if_absent(&key, body.as_bytes().to_vec())? {
            Created::Created => imported.written += 1,
            // Written since the check (a host serving the fleet): the same bytes are no harm.
            Created::AlreadyExists => match lake.get(&key)? {
                Some(object) if object.body == body.as_bytes() => imported.already += 1,
                _ => return Err(ImportError::Conflict { key: key.to_string() }),
            },
        }
    }
    Ok(imported)
}

/// The schema's branch for a line's `kind`, so a refusal points into the line rather than at a
/// failed `oneOf`.
fn branch(kind: &str) -> Option<&'static jsonschema::Validator> {
    static BRANCHES: OnceLock<Vec<(String, jsonschema::Validator)>> = OnceLock::new();
    let branches = BRANCHES.get_or_init(|| {
        let schema: Value = serde_json::from_str(include_str!("../../schemas/wire/lake_export.json"))
            .expect("the export schema is JSON");
        let branches = schema["oneOf"].as_array().expect("the export schema is a oneOf");
        branches
            .iter()
            .map(|branch| {
                let kind = branch["properties"]["kind"]["const"].as_str().expect("each branch names its kind");
                (kind.to_string(), jsonschema::validator_for(branch).expect("the export schema compiles"))
            })
            .collect()
    });
    branches.iter().find(|(k, _)| k == kind).map(|(_, validator)| validator)
}
