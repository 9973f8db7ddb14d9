//! Packs: the proposals of many drained batches gathered into one object by gc's compaction, so
//! a fleet's history is a few large objects instead of one small object per drain per host.
//!
//! A drained batch holding proposals is read again whenever the gate runs (it weighs every
//! claim), so gc could never remove one. Once the checkpoint covers a batch (its leases applied,
//! its agents and handoffs kept), only its proposals and the lines this build cannot read
//! (perhaps another build's proposals) are still needed. Compaction copies those lines, byte for
//! byte, into a pack named by its content (`fleets/<fleet>/packs/<sha256>.ndjson`): one section
//! per batch, a `PackSection` line (`schemas/wire/lake.json`) saying which batch and how many of
//! its lines follow. Then it names the pack in the checkpoint by compare-and-swap, and only then
//! removes the batches.
//!
//! Every step leaves a lake the next run reads whole, whatever kills it:
//! - a pack written and not named: its batches are still there; readers take each batch once
//!   (the first copy read), and gc removes the pack after `blob_grace` since every batch it
//!   holds is still listed or held by a named pack;
//! - a pack named and its batches not yet removed: gc removes them (a named pack holds them);
//! - two compactions at once: the checkpoint names a pack only when no pack it names holds any of
//!   its batches, so the loser's pack is left unnamed, as above;
//! - a compaction that finds its pack already written (one killed before naming it wrote the
//!   same bytes) writes it again, so its age restarts and gc does not remove it as a leftover,
//!   and after removing the batches writes it back if a gc removed it all the same.
//!
//! Readers (the gate, `claims list`, export) read the batches first and the packs after, so a
//! batch compaction removed between the two reads is found in the pack written before it; and
//! every batch a pack the checkpoint names holds must be found, in the pack or as a batch, or
//! the read fails naming the pack (a pack removed by hand or by a bucket's lifecycle rule would
//! otherwise drop its proposals from every snapshot without a word).

use crate::lake::batch::{ParsedBatch, parse_batch};
use crate::lake::checkpoint::{self, Folded};
use crate::lake::layout::{FleetLayout, classify, sha256_hex};
use crate::lake::store::{Created, Lake, LakeError, Listed};
use crate::spec::wire::claim_event::ClaimEvent;
use crate::spec::wire::lake::PackSection;
use crate::spec::wire::lake_ops::{GcCompaction, ObjectKind};
use chrono::{DateTime, Duration, Utc};
use std::collections::{BTreeMap, BTreeSet};

/// A pack holds at most about this many bytes; more batches make more packs.
pub const PACK_BYTES: usize = 64 << 20;

/// Fewer eligible batches than this are left as they are: a pack of one batch saves nothing.
pub const MIN_BATCHES: usize = 2;

#[derive(Debug, thiserror::Error)]
pub enum PackError {
    #[error(transparent)]
    Lake(#[from] LakeError),
    #[error(transparent)]
    Cas(#[from] crate::lake::cas::CasError),
    /// A pack whose bytes are not a pack: it may hold the only copy of its batches' proposals,
    /// so the fold stops rather than publish a snapshot without them.
    /// A pack the checkpoint names is gone, and so is a batch it held.
    #[error(
        "{key}: the checkpoint names this pack, and it is not in the lake, nor is batch {batch} it held: restore \
         the pack from an export (`ctxlake lake import`); the fold stops rather than publish a snapshot without \
         its proposals"
    )]
    Missing { key: String, batch: String },
    #[error(
        "{key}: {why}; it may hold the only copy of the proposals of the batches it gathered: restore it from \
         an export (`ctxlake lake import`), or remove it to fold without them"
    )]
    Unreadable { key: String, why: String },
}

/// One section of a pack: a batch's key and the lines of it the pack keeps.
#[derive(Debug, Clone, PartialEq)]
pub struct Section<'a> {
    pub batch: String,
    pub lines: Vec<&'a [u8]>,
}

impl Section<'_> {
    /// The section's lines as maint reads a batch.
    pub fn parsed(&self) -> ParsedBatch {
        parse_batch(&self.lines.join(&b'\n'))
    }
}

/// The lines of a batch body a pack keeps: proposals, and what this build cannot read. A lease
/// request, a handoff or a sync is folded already (the checkpoint covers the batch).
pub fn kept_lines(body: &[u8]) -> Vec<&[u8]> {
    body.split(|b| *b == b'\n')
        .filter(|line| !line.is_empty())
        .filter(|line| {
            let parsed = parse_batch(line);
            parsed.requests.is_empty()
        })
        .collect()
}

/// A pack's body: each section's line, then its lines.
pub fn body(sections: &[Section<'_>]) -> Vec<u8> {
    let mut body = vec![];
    for section in sections {
        let head = PackSection { batch: section.batch.clone(), lines: section.lines.len() as u64 };
        serde_json::to_writer(&mut body, &head).expect("a pack section serializes");
        body.push(b'\n');
        for line in &section.lines {
            body.extend_from_slice(line);
            body.push(b'\n');
        }
    }
    body
}

/// Reads a pack's body (the lake is shared: outside input). Refused whole, with the line (1-based)
/// and why, when a section line is not one, names no drained batch or a batch already named, or
/// promises more lines than follow; or a line is empty, or the body does not end in a newline.
pub fn parse(body: &[u8]) -> Result<Vec<Section<'_>>, String> {
    if body.is_empty() {
        return Ok(vec![]);
    }
    let Some(body) = body.strip_suffix(b"\n") else { return Err("the last line has no newline".into()) };
    let mut lines = body.split(|b| *b == b'\n').enumerate();
    let mut sections: Vec<Section> = vec![];
    let mut named = BTreeSet::new();
    while let Some((index, head)) = lines.next() {
        let at = index + 1;
        let head: PackSection =
            serde_json::from_slice(head).map_err(|e| format!("line {at}: not a pack section: {e}"))?;
        if !matches!(classify(&head.batch), Some((_, ObjectKind::SpoolBatch))) {
            return Err(format!("line {at}: {:?} is not a drained batch's key", head.batch));
        }
        if !named.insert(head.batch.clone()) {
            return Err(format!("line {at}: batch {} has a section already", head.batch));
        }
        let mut section = Section { batch: head.batch, lines: vec![] };
        for _ in 0..head.lines {
            match lines.next() {
                Some((_, [])) | None => {
                    return Err(format!("line {at}: the section promises {} lines; fewer follow", head.lines));
                }
                Some((_, line)) => section.lines.push(line),
            }
        }
        sections.push(section);
    }
    Ok(sections)
}

/// Proposals gathered from batches and packs, each batch taken once.
#[derive(Debug, Default)]
pub struct Gathered {
    pub proposals: Vec<ClaimEvent>,
    pub unreadable: usize,
    /// The batches taken, from a batch or a pack section.
    pub taken: BTreeSet<String>,
}

impl Gathered {
    /// Takes a batch's proposals unless a batch of that key was taken already (by value: a
    /// fold of a million proposals would otherwise copy each one once more).
    pub fn take(&mut self, key: &str, batch: ParsedBatch) {
        if self.taken.insert(key.to_string()) {
            self.proposals.extend(batch.proposals);
            self.unreadable += batch.unreadable;
        }
    }

    /// Reads every pack of the fleet, in key order, taking the sections of batches not taken yet,
    /// then checks that every batch a pack `named` (the checkpoint's) holds was taken, reading
    /// the batch itself when its pack is gone. Call it after reading the batches: a batch removed
    /// since was packed before it was removed. A pack this build cannot read stops the read when
    /// the checkpoint names it; one it does not name is skipped with a warning (its batches are
    /// read where they are, or are missing below).
    pub fn add_packs(
        &mut self,
        lake: &Lake,
        layout: &FleetLayout,
        named: &BTreeMap<String, Vec<String>>,
    ) -> Result<(), PackError> {
        for listed in lake.list(&layout.packs_prefix())? {
            let key = listed.key.to_string();
            let Some(object) = lake.get(&listed.key)? else { continue };
            match read(&key, &object.body) {
                Ok(sections) => {
                    for section in &sections {
                        // A section whose batch was read already is not parsed again.
                        if !self.taken.contains(section.batch.as_str()) {
                            self.take(&section.batch, section.parsed());
                        }
                    }
                }
                Err(e) if named.contains_key(&key) => return Err(e),
                Err(e) => tracing::warn!(error = %e, "a pack the checkpoint does not name is skipped"),
            }
        }
        for (pack, covers) in named {
            let missing: Vec<&String> = covers.iter().filter(|b| !self.taken.contains(b.as_str())).collect();
            for batch in missing {
                let object = match object_store::path::Path::parse(batch) {
                    Ok(path) => lake.get(&path)?,
                    Err(_) => None,
                };
                match object {
                    Some(object) => self.take(batch, parse_batch(&object.body)),
                    None => return Err(PackError::Missing { key: pack.clone(), batch: batch.clone() }),
                }
            }
        }
        Ok(())
    }
}

/// A pack's sections, its bytes checked against the hash its key names.
pub fn read<'a>(key: &str, body: &'a [u8]) -> Result<Vec<Section<'a>>, PackError> {
    let unreadable = |why: String| PackError::Unreadable { key: key.to_string(), why };
    let named = key.rsplit('/').next().and_then(|file| file.strip_suffix(".ndjson")).unwrap_or_default();
    if named != sha256_hex(body) {
        return Err(unreadable("its bytes are not the ones its name hashes".into()));
    }
    parse(body).map_err(unreadable)
}

/// Gathers the fleet's drained batches that hold proposals, are covered by its checkpoint, held
/// by no pack it names and older than `older_than` (by the store's clock `now`), into packs;
/// names each in the checkpoint, then removes its batches. `spool` is a listing of the fleet's
/// batches. With `dry_run`, says what it would write and writes nothing.
pub fn compact(
    lake: &Lake,
    layout: &FleetLayout,
    writer: &str,
    spool: &[Listed],
    now: DateTime<Utc>,
    older_than: Duration,
    dry_run: bool,
) -> Result<Vec<GcCompaction>, PackError> {
    let Some(folded) = checkpoint::read(lake, layout)? else { return Ok(vec![]) };
    let eligible = eligible(&folded, spool, now - older_than);
    if eligible.len() < MIN_BATCHES {
        return Ok(vec![]);
    }
    let mut done = vec![];
    let mut bodies: Vec<(String, Vec<u8>)> = vec![];
    let mut size = 0;
    lake.get_each(eligible, |key, object| {
        size += object.body.len();
        bodies.push((key.to_string(), object.body));
        if size >= PACK_BYTES {
            done.extend(write_pack(lake, layout, writer, &std::mem::take(&mut bodies), dry_run)?);
            size = 0;
        }
        Ok::<(), PackError>(())
    })?;
    if bodies.len() >= MIN_BATCHES || (!done.is_empty() && !bodies.is_empty()) {
        done.extend(write_pack(lake, layout, writer, &bodies, dry_run)?);
    }
    Ok(done)
}

/// The batches compaction may gather, in key order.
fn eligible(folded: &Folded, spool: &[Listed], before: DateTime<Utc>) -> Vec<String> {
    let covered = folded.packed();
    let old: BTreeMap<&str, DateTime<Utc>> = spool.iter().map(|l| (l.key.as_ref(), l.last_modified)).collect();
    folded
        .batches
        .iter()
        .filter(|(key, proposals)| **proposals > 0 && !covered.contains(key.as_str()))
        .filter(|(key, _)| old.get(key.as_str()).is_some_and(|at| *at < before))
        .map(|(key, _)| key.clone())
        .collect()
}

/// Writes one pack of `batches` (key, body), names it in the checkpoint and removes the batches;
/// `None` when another compaction named a pack holding one of them first (this pack stays
/// unnamed, for gc).
fn write_pack(
    lake: &Lake,
    layout: &FleetLayout,
    writer: &str,
    batches: &[(String, Vec<u8>)],
    dry_run: bool,
) -> Result<Option<GcCompaction>, PackError> {
    let sections: Vec<Section> =
        batches.iter().map(|(key, body)| Section { batch: key.clone(), lines: kept_lines(body) }).collect();
    let body = body(&sections);
    let key = layout.pack(&sha256_hex(&body));
    let report = GcCompaction {
        fleet: layout.fleet().as_str().to_string(),
        pack: key.to_string(),
        batches: sections.len() as u64,
        lines: sections.iter().map(|s| s.lines.len() as u64).sum(),
        bytes: body.len() as u64,
    };
    if dry_run {
        return Ok(Some(report));
    }
    let covers: Vec<String> = sections.iter().map(|s| s.batch.clone()).collect();
    if lake.put_if_absent(&key, body.clone())? == Created::AlreadyExists {
        // An earlier compaction, killed before naming it, wrote it: the same bytes, or nothing of
        // ours. Written again so its age restarts, and gc does not take it for an old leftover
        // while this run names it.
        let held = lake.get(&key)?.map(|o| o.body);
        if held.as_deref().is_some_and(|held| held != body.as_slice()) {
            return Err(PackError::Unreadable { key: key.to_string(), why: "its bytes are not the pack's".into() });
        }
        lake.put(&key, body.clone())?;
    }
    if !checkpoint::name_pack(lake, layout, writer, key.as_ref(), &covers)? {
        tracing::info!(pack = %key, "another compaction packed some of these batches first; this pack is left to gc");
        return Ok(None);
    }
    for cover in &covers {
        if let Ok(path) = object_store::path::Path::parse(cover) {
            lake.delete(&path)?;
        }
    }
    // A gc that judged the pack an old leftover just before it was named may have removed it:
    // it is the only copy now, and this run still holds its bytes.
    if lake.head(&key)?.is_none() {
        tracing::warn!(pack = %key, "the pack was removed while it was named; written again");
        lake.put(&key, body)?;
    }
    tracing::info!(pack = %key, batches = covers.len(), "compacted drained batches into a pack");
    Ok(Some(report))
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "fleets/t/spool/h/aa.ndjson";
    const B: &str = "fleets/t/spool/h/bb.ndjson";

    #[test]
    fn a_pack_reads_back_as_its_sections_were_written() {
        let sections = vec![
            Section { batch: A.into(), lines: vec![b"{\"kind\":\"proposed\"}".as_slice(), b"not json"] },
            Section { batch: B.into(), lines: vec![] },
        ];
        let written = body(&sections);
        assert_eq!(parse(&written).unwrap(), sections);
        assert_eq!(parse(b"").unwrap(), vec![]);
    }

    #[test]
    fn a_pack_that_breaks_its_shape_is_refused_with_its_line() {
        let head = |batch: &str, lines: u64| format!("{{\"batch\":\"{batch}\",\"lines\":{lines}}}\n");
        let table: Vec<(String, &str)> = vec![
            (format!("{}x\n", head(A, 2)), "fewer follow"),
            (format!("{}x\n\n", head(A, 2)), "fewer follow"),
            (format!("{}x", head(A, 1)), "no newline"),
            (head("fleets/t/checkpoint.json", 0), "not a drained batch"),
            (format!("{}{}", head(A, 0), head(A, 0)), "line 2: batch"),
            ("{\"batch\":1}\n".to_string(), "line 1: not a pack section"),
            (format!("{}\n", head(A, 0).trim_end_matches('\n').replace('}', ",\"more\":1}")), "not a pack section"),
        ];
        for (body, said) in table {
            let why = parse(body.as_bytes()).expect_err(&body);
            assert!(why.contains(said), "{body:?}: {why}");
        }
    }

    #[test]
    fn a_pack_keeps_a_batchs_proposals_and_unreadable_lines_and_drops_what_is_folded() {
        let handoff = br#"{"kind":"handoff","id":"h1","at":"2026-12-01T00:00:00Z","fleet_id":"t","agent_id":"a","summary":"x","status":"done","next":null}"#;
        let body = [b"garbage".as_slice(), b"\n", handoff, b"\n\n"].concat();
        let parsed = parse_batch(handoff);
        assert_eq!(parsed.requests.len(), 1, "the fixture is a handoff this build reads");
        assert_eq!(kept_lines(&body), vec![b"garbage".as_slice()]);
    }

    #[test]
    fn a_pack_whose_bytes_do_not_match_its_name_is_unreadable_and_says_how_to_recover() {
        let err = read("fleets/t/packs/00.ndjson", b"").unwrap_err();
        assert!(err.to_string().contains("ctxlake lake import"), "{err}");
        let body = body(&[Section { batch: A.into(), lines: vec![] }]);
        let key = format!("fleets/t/packs/{}.ndjson", sha256_hex(&body));
        assert_eq!(read(&key, &body).unwrap().len(), 1);
    }

    #[test]
    fn the_checkpoint_names_a_pack_only_over_batches_it_covers_and_no_named_pack_holds() {
        let dir = tempfile::tempdir().unwrap();
        let lake = Lake::open(&format!("file://{}", dir.path().display()), &Default::default()).unwrap();
        let layout = FleetLayout::new(&crate::local::paths::FleetId::new("t").unwrap());
        let mut folded = Folded::default();
        for (key, proposals) in [("x", 1), ("y", 1), ("z", 1), ("h", 0)] {
            folded.batches.insert(key.to_string(), proposals);
        }
        checkpoint::write(&lake, &layout, "w", &folded, &BTreeSet::new(), 10).unwrap();
        let name = |pack: &str, covers: &[&str]| {
            let covers: Vec<String> = covers.iter().map(|c| c.to_string()).collect();
            checkpoint::name_pack(&lake, &layout, "w", pack, &covers).unwrap()
        };
        assert!(name("p1", &["x", "y"]));
        assert!(!name("p2", &["y", "z"]), "y is held by p1");
        assert!(name("p1", &["x", "y"]), "named already: its batches may go");
        assert!(!name("p3", &["z", "h"]), "h holds no proposal");
        assert!(!name("p4", &["z", "w"]), "the checkpoint does not cover w");
        let named = checkpoint::read(&lake, &layout).unwrap().unwrap();
        assert_eq!(named.packs, BTreeMap::from([("p1".to_string(), vec!["x".to_string(), "y".to_string()])]));
        assert_eq!(named.proposal_batches().collect::<Vec<_>>(), ["z"]);
        assert_eq!(named.gated_batches().into_iter().collect::<Vec<_>>(), ["x", "y", "z"]);
    }

    #[test]
    fn a_batch_is_taken_once_whether_from_the_batch_or_a_pack() {
        let mut gathered = Gathered::default();
        let proposal = br#"{"kind":"proposed","claim_id":"c1","claim":"x","claim_type":"outcome","subject":"s","scope":"agent","observed_by":"a","observed_at":"2026-12-01T00:00:00Z","evidence":[]}"#;
        let batch = parse_batch(&[&proposal[..], b"\nx\n"].concat());
        gathered.take(A, batch.clone());
        gathered.take(A, batch);
        assert_eq!((gathered.proposals.len(), gathered.unreadable, gathered.taken.len()), (1, 1, 1));
    }
}
