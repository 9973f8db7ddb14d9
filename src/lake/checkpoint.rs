//! The fold's checkpoint, `fleets/<fleet>/checkpoint.json`: what maint runs have folded from the
//! drained batches, so a run reads only the batches that arrived after it.
//!
//! Once a batch is folded, the fold needs little of it again. Leases need nothing: the leases
//! document remembers applied request ids for a day, and an older request is stale anyway.
//! History needs the handoffs among the newest it keeps (and the repo and branch each agent's
//! newest presence announced), and the gate needs the agents that wrote records (its known
//! agents, with presence). So the checkpoint keeps those, what every presence it folded
//! announced (so gc may remove a presence idle past its retention), and the key of
//! every batch it covers with how many proposals the batch holds. Proposals are not copied: a
//! run whose gate inputs changed reads the batches that hold any again (the gate weighs every
//! claim), and a run whose gate inputs did not change reads no batch but the new ones.
//!
//! Compaction (`lake::pack`) names here each pack it wrote, with the batches it holds, before it
//! removes them, and only over batches no pack named here holds.
//!
//! Written by compare-and-swap and merged, never replaced: two runs at once both add what they
//! folded (the union of batches and agents, the newest handoffs of both), and folding a batch
//! twice changes nothing (a request is applied once, a handoff is kept once by id). So a run
//! killed before its write costs the next run only a reread. A body this build cannot use (not
//! JSON, a field that fails its schema, a newer version) is ignored and the run folds from
//! scratch; a newer version is never overwritten.

use crate::lake::cas::{self, CasError, Updated};
use crate::lake::layout::FleetLayout;
use crate::lake::leases::request_order;
use crate::lake::store::{Lake, LakeError};
use crate::spec::wire::lake::{Announced, CasStamp, FoldCheckpoint, FoldedBatch, NamedPack, Presence};
use crate::spec::wire::spool::SpoolRecord;
use std::collections::{BTreeMap, BTreeSet};

/// The newest format this build writes: 3 (`packs`; 2 added `announced`), once a pack is named (2
/// before); it reads 1 and 2 too. A build that reads an older version only leaves a newer one as
/// it is, so it never drops what presence announced or which packs hold which batches.
pub const VERSION: std::num::NonZeroU64 = std::num::NonZeroU64::new(3).unwrap();
/// The format written while no pack is named.
const WITHOUT_PACKS: std::num::NonZeroU64 = std::num::NonZeroU64::new(2).unwrap();

/// Why a checkpoint's body cannot be used; the run folds from scratch.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Unusable {
    #[error("not a fold checkpoint: {0}")]
    Invalid(String),
    #[error("handoff {index}: {why}")]
    Handoff { index: usize, why: String },
    #[error("version {0} is newer than this build reads ({VERSION})")]
    Newer(u64),
}

/// What the fold keeps between runs.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Folded {
    /// Every batch folded, by key, with how many proposals it holds.
    pub batches: BTreeMap<String, u64>,
    /// Every agent that wrote a record in a folded batch.
    pub agents: BTreeSet<String>,
    /// The newest handoffs (at most `keep` of them), newest first, one per id.
    pub handoffs: Vec<SpoolRecord>,
    /// What each agent's newest folded presence announced, by agent id.
    pub announced: BTreeMap<String, Announced>,
    /// The packs named, by key, with the batches each holds.
    pub packs: BTreeMap<String, Vec<String>>,
}

impl Folded {
    /// Adds a batch's key and proposal count, its records' agents and handoffs.
    pub fn add_batch(&mut self, key: &str, proposals: usize, records: &[SpoolRecord], keep: usize) {
        self.batches.insert(key.to_string(), proposals as u64);
        self.agents.extend(records.iter().map(|r| crate::lake::leases::request_agent(r).to_string()));
        let handoffs = records.iter().filter(|r| matches!(r, SpoolRecord::Handoff { .. })).cloned();
        self.handoffs = newest(self.handoffs.drain(..).chain(handoffs), keep);
    }

    /// Adds what these presence records announce; of two for one agent, the newer `last_seen`
    /// stands.
    pub fn announce(&mut self, presence: &[Presence]) {
        for p in presence {
            let announced = Announced {
                agent_id: p.agent_id.clone(),
                last_seen: p.last_seen,
                repo: p.repo.clone(),
                branch: p.branch.clone(),
            };
            self.add_announced(announced);
        }
    }

    fn add_announced(&mut self, announced: Announced) {
        let order = |a: &Announced| (a.last_seen, a.repo.clone(), a.branch.clone());
        match self.announced.get(&announced.agent_id) {
            Some(held) if order(held) >= order(&announced) => {}
            _ => {
                self.announced.insert(announced.agent_id.clone(), announced);
            }
        }
    }

    /// Adds everything `other` folded: what both sides folded is what either did. Of two counts
    /// for one batch the larger stands (builds that read more lines count more).
    pub fn merge(&mut self, other: &Folded, keep: usize) {
        for (key, proposals) in &other.batches {
            let count = self.batches.entry(key.clone()).or_default();
            *count = (*count).max(*proposals);
        }
        self.agents.extend(other.agents.iter().cloned());
        self.handoffs = newest(self.handoffs.drain(..).chain(other.handoffs.iter().cloned()), keep);
        for announced in other.announced.values() {
            self.add_announced(announced.clone());
        }
        for (key, covers) in &other.packs {
            self.packs.entry(key.clone()).or_insert_with(|| covers.clone());
        }
    }

    /// The batches a named pack holds.
    pub fn packed(&self) -> BTreeSet<&str> {
        self.packs.values().flatten().map(String::as_str).collect()
    }

    /// The keys of the batches that hold proposals and no named pack holds (what a gate run
    /// reads again, besides the packs).
    pub fn proposal_batches(&self) -> impl Iterator<Item = &str> {
        let packed = self.packed();
        self.batches
            .iter()
            .filter(move |(key, n)| **n > 0 && !packed.contains(key.as_str()))
            .map(|(key, _)| key.as_str())
    }

    /// Every batch whose proposals the gate weighs, packed or not, in key order: the same keys
    /// before and after a compaction, so compacting does not make the next fold rebuild.
    pub fn gated_batches(&self) -> BTreeSet<&str> {
        let mut keys = self.packed();
        keys.extend(self.batches.iter().filter(|(_, n)| **n > 0).map(|(key, _)| key.as_str()));
        keys
    }

    /// The checkpoint's body as `write` stores it (stamp aside).
    pub fn body(&self) -> Vec<u8> {
        serde_json::to_vec(&self.document()).expect("a checkpoint serializes")
    }

    fn document(&self) -> FoldCheckpoint {
        // Version 2 until a pack is named: a build that reads only 2 keeps its checkpoint till then.
        let version = if self.packs.is_empty() { WITHOUT_PACKS } else { VERSION };
        FoldCheckpoint {
            version,
            batches: self.batches.iter().map(|(key, n)| FoldedBatch { key: key.clone(), proposals: *n }).collect(),
            agents: self.agents.iter().cloned().collect(),
            handoffs: self
                .handoffs
                .iter()
                .filter_map(|h| match serde_json::to_value(h) {
                    Ok(serde_json::Value::Object(map)) => Some(map),
                    _ => None,
                })
                .collect(),
            announced: self.announced.values().cloned().collect(),
            packs: self
                .packs
                .iter()
                .map(|(key, covers)| NamedPack { key: key.clone(), covers: covers.clone() })
                .collect(),
            stamp: CasStamp { writer: String::new(), epoch: 0, nonce: String::new() },
        }
    }
}

/// Handoffs newest first by (time, then id), one per id (the first seen), at most `keep`: the
/// order and the cut history makes, so the newest `keep` of a union are the newest of the
/// newest `keep` of each side.
fn newest(handoffs: impl Iterator<Item = SpoolRecord>, keep: usize) -> Vec<SpoolRecord> {
    let mut by_id: BTreeMap<String, SpoolRecord> = BTreeMap::new();
    for record in handoffs {
        if let SpoolRecord::Handoff { id, .. } = &record {
            by_id.entry(id.clone()).or_insert(record);
        }
    }
    let mut kept: Vec<SpoolRecord> = by_id.into_values().collect();
    // Newest time first; of equal times, the lower id first.
    kept.sort_by_key(|record| {
        let (at, id) = request_order(record);
        (std::cmp::Reverse(at), id)
    });
    kept.truncate(keep);
    kept
}

/// Reads a checkpoint's body: the lake is shared, so these bytes are outside input.
pub fn parse(body: &[u8]) -> Result<Folded, Unusable> {
    // The version first, so a newer writer's new fields are reported as a newer version.
    let version = serde_json::from_slice::<serde_json::Value>(body)
        .ok()
        .and_then(|v| v.get("version").and_then(serde_json::Value::as_u64));
    if let Some(version) = version.filter(|v| *v > VERSION.get()) {
        return Err(Unusable::Newer(version));
    }
    let document: FoldCheckpoint = serde_json::from_slice(body).map_err(|e| Unusable::Invalid(e.to_string()))?;
    document_to_folded(&document)
}

fn document_to_folded(document: &FoldCheckpoint) -> Result<Folded, Unusable> {
    if document.version > VERSION {
        return Err(Unusable::Newer(document.version.get()));
    }
    let mut handoffs = Vec::with_capacity(document.handoffs.len());
    for (index, map) in document.handoffs.iter().enumerate() {
        match serde_json::from_value::<SpoolRecord>(serde_json::Value::Object(map.clone())) {
            Ok(record @ SpoolRecord::Handoff { .. }) => handoffs.push(record),
            Ok(_) => return Err(Unusable::Handoff { index, why: "not a handoff".into() }),
            Err(e) => return Err(Unusable::Handoff { index, why: e.to_string() }),
        }
    }
    Ok(Folded {
        batches: document.batches.iter().map(|b| (b.key.clone(), b.proposals)).collect(),
        agents: document.agents.iter().cloned().collect(),
        handoffs,
        announced: document.announced.iter().map(|a| (a.agent_id.clone(), a.clone())).collect(),
        packs: document.packs.iter().map(|p| (p.key.clone(), p.covers.clone())).collect(),
    })
}

/// The fleet's checkpoint, or `None` (absent, or unusable: logged, and the run folds from
/// scratch).
pub fn read(lake: &Lake, layout: &FleetLayout) -> Result<Option<Folded>, LakeError> {
    let key = layout.checkpoint();
    let Some(object) = lake.get(&key)? else { return Ok(None) };
    match parse(&object.body) {
        Ok(folded) => Ok(Some(folded)),
        Err(why) => {
            tracing::warn!(%key, %why, "the fold checkpoint cannot be used; folding from scratch");
            Ok(None)
        }
    }
}

/// Merges what this run folded into the checkpoint. `gone` are keys the run's checkpoint named
/// and its listing (made after reading it) no longer holds: deleted batches, dropped so the
/// checkpoint does not grow with them. A checkpoint of a newer version is left as it is.
pub fn write(
    lake: &Lake,
    layout: &FleetLayout,
    writer: &str,
    folded: &Folded,
    gone: &BTreeSet<String>,
    keep: usize,
) -> Result<(), CasError> {
    let key = layout.checkpoint();
    // A newer build's checkpoint may carry fields this one cannot parse, and compare-and-swap
    // replaces what it cannot parse: look at its version first.
    if let Some(object) = lake.get(&key)?
        && let Err(Unusable::Newer(version)) = parse(&object.body)
    {
        tracing::warn!(%key, version, "a newer build's fold checkpoint is left as it is");
        return Ok(());
    }
    let updated = cas::update::<FoldCheckpoint, CasError>(lake, &key, writer, |current| {
        let mut merged = match current.map(document_to_folded) {
            None => Folded::default(),
            Some(Ok(current)) => current,
            Some(Err(Unusable::Newer(_))) => return Ok(None),
            // Unreadable handoffs: what this run folded replaces it (it covers at least as much).
            Some(Err(_)) => Folded::default(),
        };
        merged.merge(folded, keep);
        for key in gone {
            merged.batches.remove(key);
        }
        Ok(Some(merged.document()))
    })?;
    if matches!(updated, Updated::Declined) {
        tracing::warn!(%key, "a newer build's fold checkpoint is left as it is");
    }
    Ok(())
}

/// Names `pack`, holding `covers`, in the checkpoint (`true` also when it is named so already);
/// `false` (and nothing written) when there is
/// no checkpoint this build can use, a batch of `covers` is not one it covers as holding
/// proposals, or a pack it names holds one of them already (another compaction was first).
pub fn name_pack(
    lake: &Lake,
    layout: &FleetLayout,
    writer: &str,
    pack: &str,
    covers: &[String],
) -> Result<bool, CasError> {
    let updated = cas::update::<FoldCheckpoint, CasError>(lake, &layout.checkpoint(), writer, |current| {
        let Some(Ok(mut folded)) = current.map(document_to_folded) else { return Ok(None) };
        let packed = folded.packed();
        let covered = |key: &String| folded.batches.get(key).is_some_and(|n| *n > 0) && !packed.contains(key.as_str());
        if folded.packs.get(pack).is_some_and(|held| held == covers) {
            // Named already (a compaction killed before its removals): unchanged, not written.
            return Ok(Some(folded.document()));
        }
        if folded.packs.contains_key(pack) || !covers.iter().all(covered) {
            return Ok(None);
        }
        folded.packs.insert(pack.to_string(), covers.to_vec());
        Ok(Some(folded.document()))
    })?;
    Ok(!matches!(updated, Updated::Declined))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn handoff(id: &str, at: &str) -> SpoolRecord {
        serde_json::from_value(serde_json::json!({
            "kind": "handoff", "id": id, "at": at, "fleet_id": "f", "agent_id": format!("agent-{id}"),
            "summary": "s", "status": "done", "next": null
        }))
        .expect("a handoff")
    }

    fn ids(folded: &Folded) -> Vec<&str> {
        folded.handoffs.iter().map(crate::lake::leases::request_id).collect()
    }

    #[test]
    fn the_newest_handoffs_of_a_merge_are_the_newest_of_both_sides() {
        let mut left = Folded::default();
        left.add_batch("k1", 0, &[handoff("a", "2026-09-01T00:00:00Z"), handoff("c", "2026-09-03T00:00:00Z")], 2);
        let mut right = Folded::default();
        right.add_batch("k2", 3, &[handoff("b", "2026-09-02T00:00:00Z"), handoff("d", "2026-09-04T00:00:00Z")], 2);
        left.merge(&right, 2);
        assert_eq!(ids(&left), ["d", "c"]);
        assert_eq!(left.batches, BTreeMap::from([("k1".into(), 0), ("k2".into(), 3)]));
        assert_eq!(left.proposal_batches().collect::<Vec<_>>(), ["k2"]);
        assert_eq!(left.agents, ["agent-a", "agent-b", "agent-c", "agent-d"].map(String::from).into());
        // Merging again, or in the other order, changes nothing.
        let once = left.clone();
        left.merge(&right, 2);
        assert_eq!(left, once);
        let mut other_way = right.clone();
        let mut first = Folded::default();
        first.add_batch("k1", 0, &[handoff("a", "2026-09-01T00:00:00Z"), handoff("c", "2026-09-03T00:00:00Z")], 2);
        other_way.merge(&first, 2);
        assert_eq!(other_way, once);
    }

    #[test]
    fn equal_times_keep_the_lower_id_and_an_id_is_kept_once() {
        let mut folded = Folded::default();
        let same = "2026-09-01T00:00:00Z";
        folded.add_batch("k", 0, &[handoff("b", same), handoff("a", same), handoff("a", same)], 10);
        assert_eq!(ids(&folded), ["a", "b"]);
    }

    #[test]
    fn a_checkpoint_reads_back_what_was_written() {
        let mut folded = Folded::default();
        folded.add_batch("fleets/f/spool/h/x.ndjson", 2, &[handoff("a", "2026-09-01T00:00:00Z")], 10);
        assert_eq!(parse(&folded.body()), Ok(folded));
    }

    #[test]
    fn a_newer_builds_checkpoint_is_never_replaced() {
        let dir = tempfile::tempdir().expect("temp dir");
        let lake = Lake::open(&format!("file://{}", dir.path().display()), &Default::default()).expect("a lake");
        let layout = FleetLayout::new(&crate::local::paths::FleetId::new("f").expect("a fleet id"));
        let newer = br#"{"version":4,"batches":[],"agents":[],"handoffs":[],"segments":[],"stamp":{"writer":"w","epoch":0,"nonce":"n"}}"#;
        lake.put(&layout.checkpoint(), newer.to_vec()).expect("written");
        let mut folded = Folded::default();
        folded.add_batch("k", 1, &[], 10);
        write(&lake, &layout, "old-build", &folded, &BTreeSet::new(), 10).expect("no error");
        assert_eq!(lake.get(&layout.checkpoint()).expect("read").expect("there").body, newer.to_vec());
        assert_eq!(read(&lake, &layout).expect("read"), None, "this build folds from scratch");
    }

    #[test]
    fn a_newer_version_a_broken_body_and_a_handoff_that_is_not_one_are_refused() {
        let newer = br#"{"version":4,"batches":[],"agents":[],"handoffs":[],"stamp":{"writer":"w","epoch":0,"nonce":"n"},"more":1}"#;
        assert_eq!(parse(newer), Err(Unusable::Newer(4)));
        assert!(matches!(parse(b"{\"version\":1"), Err(Unusable::Invalid(_))));
        let not_handoff = br#"{"version":1,"batches":[],"agents":[],"handoffs":[{"kind":"release_request","id":"r","at":"2026-09-01T00:00:00Z","fleet_id":"f","agent_id":"a","paths":null}],"stamp":{"writer":"w","epoch":0,"nonce":"n"}}"#;
        assert_eq!(parse(not_handoff), Err(Unusable::Handoff { index: 0, why: "not a handoff".into() }));
    }

    #[test]
    fn of_two_announcements_of_an_agent_the_newer_stands_in_either_order() {
        let presence = |last_seen: &str, repo: &str| -> Presence {
            serde_json::from_value(serde_json::json!({"agent_id": "agent-a", "fleet_id": "f", "host": "h",
                "last_seen": last_seen, "heartbeat_at": last_seen, "repo": repo}))
            .unwrap()
        };
        let (old, new) = (presence("2026-09-01T00:00:00Z", "old/repo"), presence("2026-09-02T00:00:00Z", "new/repo"));
        for order in [[old.clone(), new.clone()], [new.clone(), old.clone()]] {
            let mut folded = Folded::default();
            folded.announce(&order);
            assert_eq!(folded.announced["agent-a"].repo.as_deref(), Some("new/repo"));
            let mut merged = Folded::default();
            merged.announce(std::slice::from_ref(&old));
            merged.merge(&folded, 10);
            assert_eq!(merged.announced["agent-a"].repo.as_deref(), Some("new/repo"));
            assert_eq!(parse(&merged.body()), Ok(merged.clone()), "announcements read back as written");
        }
    }
}
