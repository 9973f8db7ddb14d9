//! The store → cache leg of `ctxlake sync`: writes `roster.json`, `leases.json`,
//! `history.json` and `snapshot.bin` into `<cache_root>/<fleet>/`, in the shapes the read tools
//! parse (schemas/wire/{roster,leases,history}.json), each atomically and only when the lake's
//! object changed: the ETag each file was written from is kept in `.mirror.json`, and every
//! read is conditional, so an idle refresh is four conditional GETs and no write.
//! The snapshot blob is checked against its content hash before it replaces `snapshot.bin`;
//! the published knowledge base's blob (`lake::kb`) against its hash and every record before it
//! replaces `kb.jsonl`.

use crate::lake::files::write_atomic;
use crate::lake::layout::{FleetLayout, sha256_hex};
use crate::lake::store::{Fetched, Lake, LakeError};
use crate::local::paths::FleetId;
use crate::spec::wire::history::HistoryFile;
use crate::spec::wire::lake::{
    HistoryDocument, LeasesDocument, MirrorState, MirroredFile, RosterDocument, SnapshotPointer,
};
use crate::spec::wire::leases::LeasesFile;
use crate::spec::wire::roster::RosterFile;
use object_store::path::Path as Key;
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum MirrorError {
    #[error(transparent)]
    Lake(#[from] LakeError),
    #[error("cache {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("lake key {key} is not a {what}: {source}")]
    Shape { key: String, what: &'static str, source: serde_json::Error },
    #[error("lake key {key}: its bytes hash to {actual}, the pointer says {expected}; not mirrored")]
    Corrupt { key: String, expected: String, actual: String },
    #[error(transparent)]
    Kb(#[from] crate::lake::kb::KbError),
    #[error("{name} is not a cache file the mirror writes")]
    UnknownFile { name: String },
}

/// Which cache files one refresh wrote.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct MirrorReport {
    pub written: Vec<&'static str>,
    pub unchanged: Vec<&'static str>,
    /// Not in the lake yet (nothing synced or maintained for this fleet).
    pub missing: Vec<&'static str>,
}

/// Refreshes `<cache_root>/<fleet>/` from the lake.
pub fn mirror(lake: &Lake, fleet: &FleetId, cache_root: &Path) -> Result<MirrorReport, MirrorError> {
    mirror_files(lake, fleet, cache_root, false)
}

/// Refreshes only `<cache_root>/<fleet>/leases.json`: one conditional GET, what the service
/// polls often so a lease decided on another host reaches this one within seconds.
pub fn mirror_leases(lake: &Lake, fleet: &FleetId, cache_root: &Path) -> Result<MirrorReport, MirrorError> {
    mirror_files(lake, fleet, cache_root, true)
}

fn mirror_files(
    lake: &Lake,
    fleet: &FleetId,
    cache_root: &Path,
    leases_only: bool,
) -> Result<MirrorReport, MirrorError> {
    let layout = FleetLayout::new(fleet);
    let dir = fleet.cache_dir(cache_root);
    let state_path = dir.join(".mirror.json");
    let mut state: MirrorState = std::fs::read(&state_path)
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or(MirrorState { etags: vec![] });
    let mut report = MirrorReport::default();

    for (key, name) in
        [(layout.roster(), "roster.json"), (layout.leases(), "leases.json"), (layout.history(), "history.json")]
    {
        if leases_only && name != "leases.json" {
            continue;
        }
        refresh(lake, &key, &dir, name, &mut state, &mut report, |body, key| render(name, body, key.as_ref()))?;
    }
    if leases_only {
        save_state(&state_path, &state, &report)?;
        return Ok(report);
    }
    refresh(lake, &layout.snapshot_pointer(), &dir, "snapshot.bin", &mut state, &mut report, |body, key| {
        let pointer = parse_pointer(body, key.as_ref())?;
        let blob_key = layout.snapshot(&pointer.content_hash);
        let Some(blob) = lake.get(&blob_key)? else {
            return Err(MirrorError::Corrupt {
                key: blob_key.to_string(),
                expected: pointer.content_hash,
                actual: "nothing (missing)".into(),
            });
        };
        let actual = sha256_hex(&blob.body);
        if actual != pointer.content_hash {
            return Err(MirrorError::Corrupt { key: blob_key.to_string(), expected: pointer.content_hash, actual });
        }
        Ok(blob.body)
    })?;
    refresh(lake, &layout.kb_pointer(), &dir, "kb.jsonl", &mut state, &mut report, |body, key| {
        let pointer = crate::lake::kb::parse_pointer(body, key.as_ref())?;
        Ok(crate::lake::kb::fetch(lake, fleet, &pointer, key.as_ref())?)
    })?;

    save_state(&state_path, &state, &report)?;
    Ok(report)
}

fn save_state(path: &Path, state: &MirrorState, report: &MirrorReport) -> Result<(), MirrorError> {
    if !report.written.is_empty() {
        let bytes = serde_json::to_vec_pretty(state).expect("mirror state serializes");
        write_atomic(path, &bytes).map_err(|source| MirrorError::Io { path: path.to_path_buf(), source })?;
    }
    Ok(())
}

/// One cache file: a conditional read of `key`; when it changed, `render` its body and write
/// the result atomically to `<dir>/<name>`, then remember the ETag.
fn refresh(
    lake: &Lake,
    key: &Key,
    dir: &Path,
    name: &'static str,
    state: &mut MirrorState,
    report: &mut MirrorReport,
    render: impl FnOnce(&[u8], &Key) -> Result<Vec<u8>, MirrorError>,
) -> Result<(), MirrorError> {
    let target = dir.join(name);
    // A remembered ETag counts only while the file it was written to is still there.
    let known = state.etags.iter().find(|e| e.name == name).map(|e| e.etag.clone()).filter(|_| target.exists());
    match lake.get_if_changed(key, known.as_deref())? {
        Fetched::Missing => report.missing.push(name),
        Fetched::NotModified => report.unchanged.push(name),
        Fetched::Changed(object) => {
            let bytes = render(&object.body, key)?;
            write_atomic(&target, &bytes).map_err(|source| MirrorError::Io { path: target.clone(), source })?;
            state.etags.retain(|e| e.name != name);
            if let Some(etag) = object.etag {
                state.etags.push(MirroredFile { name: name.to_string(), etag });
            }
            report.written.push(name);
        }
    }
    Ok(())
}

/// The cache file `name` (roster.json, leases.json or history.json) rendered from the lake
/// document `body` read at `key`, in the shape the read tools parse; a body that is not the
/// document is refused whole with `MirrorError::Shape`, so the cache file keeps its last good copy.
pub fn render(name: &str, body: &[u8], key: &str) -> Result<Vec<u8>, MirrorError> {
    let file = match name {
        "roster.json" => {
            let doc: RosterDocument = parse(body, key, "roster document")?;
            serde_json::to_value(RosterFile::Snapshot {
                agents: doc.agents,
                generated_at: Some(stamp_time(&doc.generated_at)),
                source: Some(doc.source),
            })
        }
        "leases.json" => {
            let doc: LeasesDocument = parse(body, key, "leases document")?;
            let leases = doc.leases.iter().map(|l| serde_json::to_value(l).expect("leases serialize")).collect();
            // What became of each request, so its agent can be told (`fleet_status`'s requests).
            let applied = doc.applied.iter().map(|a| serde_json::to_value(a).expect("requests serialize")).collect();
            serde_json::to_value(LeasesFile::Snapshot {
                generated_at: Some(stamp_time(&doc.generated_at)),
                leases,
                applied,
            })
        }
        "history.json" => {
            let doc: HistoryDocument = parse(body, key, "history document")?;
            serde_json::to_value(HistoryFile::Snapshot {
                generated_at: Some(stamp_time(&doc.generated_at)),
                sessions: doc.sessions,
            })
        }
        other => return Err(MirrorError::UnknownFile { name: other.to_string() }),
    };
    Ok(serde_json::to_vec_pretty(&file.expect("cache files serialize")).expect("cache files serialize"))
}

/// The snapshot pointer at `key`; refused whole with `MirrorError::Shape` when it is not one.
pub fn parse_pointer(body: &[u8], key: &str) -> Result<SnapshotPointer, MirrorError> {
    parse(body, key, "snapshot pointer")
}

fn parse<T: serde::de::DeserializeOwned>(body: &[u8], key: &str, what: &'static str) -> Result<T, MirrorError> {
    serde_json::from_slice(body).map_err(|source| MirrorError::Shape { key: key.to_string(), what, source })
}

fn stamp_time(at: &chrono::DateTime<chrono::Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}
