//! `ctxlake lake gc`: removes what no reader needs and no fold reads, and says what it keeps and
//! why. Verdicts, owner events and approvals are inputs of every fold, so gc never touches them.
//! A drained batch holding proposals is read again whenever the gate runs: gc first gathers those
//! its checkpoint covers and older than `drained` into packs (`lake::pack`), and removes a batch
//! holding proposals only once a pack the checkpoint names holds them. It removes:
//!
//! - a drained batch holding proposals that a listed pack the checkpoint names holds;
//! - a pack the checkpoint does not name (a compaction killed before naming it, or one that lost
//!   to another host's), older than `blob_grace`, when every batch it holds is still in the lake
//!   or held by a named pack, so it is nobody's only copy;
//! - a drained batch the fleet's checkpoint covers and that holds no proposal, older than
//!   `drained` (its leases are applied, its handoffs and agents are in the checkpoint: no fold
//!   reads it again);
//! - a snapshot no pointer names, unless it is among the newest `blobs_kept` or younger than
//!   `blob_grace` (a maint may have written it and not yet moved the pointer, or a host may have
//!   read the old pointer and not yet fetched). A snapshot's bytes hold the time it was built, so
//!   no pointer ever moves back to an old one; a knowledge base published again with the same
//!   records does name its old blob again, so knowledge-base blobs are kept;
//! - a presence not rewritten for `presence` (its agent has been gone that long) whose
//!   announcement the checkpoint holds (the known agent, each session's repo and branch): read
//!   again just before the delete, and kept if it announced anything newer;
//! - a quarantined spool line older than `quarantine`;
//! - a doctor probe older than `probe` (doctor deletes its own; a killed run leaves one).
//!
//! Each removal is one delete of an object nothing else refers to, so a gc killed at any point
//! leaves a lake every reader can read, and the next gc finishes the job. Before a snapshot is
//! deleted its pointer is read again, and a fleet whose pointer or id cannot be read keeps all.

use crate::lake::layout::{FleetLayout, classify};
use crate::lake::pack::{self, PackError};
use crate::lake::store::{Lake, LakeError, Listed};
use crate::local::paths::FleetId;
use crate::spec::wire::lake::{KbPointer, Presence, SnapshotPointer};
use crate::spec::wire::lake_ops::{GcCompaction, GcGroup, GcReport, ObjectKind};
use chrono::{DateTime, Duration, Utc};
use object_store::path::Path;
use std::collections::{BTreeMap, HashMap, HashSet};

/// How long what gc may remove is kept (docs/lake.md, "Retention").
#[derive(Debug, Clone)]
pub struct Retention {
    pub drained: Duration,
    pub presence: Duration,
    pub quarantine: Duration,
    pub probe: Duration,
    pub blob_grace: Duration,
    pub blobs_kept: usize,
}

impl Default for Retention {
    fn default() -> Retention {
        Retention {
            drained: Duration::days(7),
            presence: Duration::days(30),
            quarantine: Duration::days(30),
            probe: Duration::hours(1),
            blob_grace: Duration::hours(1),
            blobs_kept: 2,
        }
    }
}

/// One object of the lake, sorted by the layout.
#[derive(Debug, Clone)]
pub struct Entry {
    pub fleet: String,
    pub kind: ObjectKind,
    pub listed: Listed,
}

/// The objects of `fleets` (every fleet in the lake when empty), and those outside any
/// fleet's layout (only when listing the whole lake).
pub fn listing(lake: &Lake, fleets: &[FleetId]) -> Result<(Vec<Entry>, Vec<Listed>), LakeError> {
    let listed = match fleets {
        [] => lake.list(&Path::default())?,
        some => {
            let mut all = vec![];
            for fleet in some {
                all.extend(lake.list(&FleetLayout::new(fleet).root())?);
            }
            all
        }
    };
    let (mut entries, mut other) = (vec![], vec![]);
    for listed in listed {
        match classify(listed.key.as_ref()) {
            Some((fleet, kind)) => entries.push(Entry { fleet, kind, listed }),
            None => other.push(listed),
        }
    }
    Ok((entries, other))
}

/// What gc removes and keeps, each with its rule.
#[derive(Debug, Default)]
pub struct Plan {
    pub remove: Vec<(Entry, &'static str)>,
    pub keep: Vec<(Entry, &'static str)>,
}

/// What each fleet's own documents say gc may not remove, or may, by fleet.
pub type Current = HashMap<String, FleetRefs>;

#[derive(Debug, Clone, Default)]
pub struct FleetRefs {
    /// The keys the fleet's pointers name now (snapshot and knowledge base); `None` when a
    /// pointer cannot be read, and every blob is kept until it is repaired.
    pub named: Option<Vec<String>>,
    /// The drained batches its checkpoint covers that hold no proposal.
    pub folded: HashSet<String>,
    /// The presence keys whose announcement its checkpoint holds, with the `last_seen` held.
    pub announced: HashMap<String, DateTime<Utc>>,
    /// The packs its checkpoint names, with the batches each holds.
    pub packs: HashMap<String, Vec<String>>,
    /// The listed packs it does not name, with the batches each holds (`None`: unreadable).
    pub unnamed: HashMap<String, Option<Vec<String>>>,
}

impl FleetRefs {
    pub fn naming(keys: Vec<String>) -> FleetRefs {
        FleetRefs { named: Some(keys), ..FleetRefs::default() }
    }
}

/// Decides, by the rules above, for `entries` at `now` (the store's clock).
pub fn plan(entries: &[Entry], current: &Current, now: DateTime<Utc>, retention: &Retention) -> Plan {
    // The newest snapshots of each fleet, kept whatever the pointer says.
    let mut newest: BTreeMap<&str, Vec<&Entry>> = BTreeMap::new();
    for entry in entries.iter().filter(|e| e.kind == ObjectKind::Snapshot) {
        newest.entry(entry.fleet.as_str()).or_default().push(entry);
    }
    let mut recent_blobs: Vec<&Path> = vec![];
    for blobs in newest.values_mut() {
        blobs.sort_by_key(|e| std::cmp::Reverse(e.listed.last_modified));
        recent_blobs.extend(blobs.iter().take(retention.blobs_kept).map(|e| &e.listed.key));
    }
    let older = |entry: &Entry, age: Duration| entry.listed.last_modified < now - age;
    let listed: HashSet<&str> = entries.iter().map(|e| e.listed.key.as_ref()).collect();
    // Per fleet, the batches a listed pack its checkpoint names holds: computed once, since a
    // fleet may hold many thousand batches and each is looked up here.
    let packed: HashMap<&str, HashSet<&str>> = current
        .iter()
        .map(|(fleet, refs)| {
            let held = refs
                .packs
                .iter()
                .filter(|(pack, _)| listed.contains(pack.as_str()))
                .flat_map(|(_, covers)| covers.iter().map(String::as_str))
                .collect();
            (fleet.as_str(), held)
        })
        .collect();
    let held = |entry: &Entry, batch: &str| packed.get(entry.fleet.as_str()).is_some_and(|h| h.contains(batch));
    let mut plan = Plan::default();
    for entry in entries {
        let (remove, why) = match entry.kind {
            ObjectKind::SpoolBatch if held(entry, entry.listed.key.as_ref()) => {
                (true, "a pack the checkpoint names holds its proposals, and the rest of it is folded")
            }
            ObjectKind::Pack => {
                let elsewhere = |batch: &str| listed.contains(batch) || held(entry, batch);
                pack_rule(current, entry, elsewhere, older(entry, retention.blob_grace))
            }
            ObjectKind::Snapshot => {
                if kept_by_pointer(current, entry) {
                    (false, "its pointer names it, or a pointer of the fleet cannot be read")
                } else if recent_blobs.contains(&&entry.listed.key) || !older(entry, retention.blob_grace) {
                    (false, "replaced, but among the newest: a host may still be fetching it")
                } else {
                    (true, "replaced by a newer one its pointer names")
                }
            }
            ObjectKind::Kb => (false, "a knowledge base published again with the same records names its old blob"),
            ObjectKind::Presence if !older(entry, retention.presence) => {
                (false, "every fold reads it: the fleet's known agents, and each session's repo and branch")
            }
            ObjectKind::Presence if !announced(current, entry) => {
                (false, "its agent is gone past the presence retention, but no checkpoint holds what it announced")
            }
            ObjectKind::Presence => {
                (true, "its agent is gone past the presence retention; the checkpoint holds what it announced")
            }
            ObjectKind::Quarantine if older(entry, retention.quarantine) => {
                (true, "a refused spool line older than the quarantine retention")
            }
            ObjectKind::Quarantine => (false, "a refused spool line, kept for the quarantine retention"),
            ObjectKind::DoctorProbe if older(entry, retention.probe) => {
                (true, "a probe a killed `ctxlake doctor` left")
            }
            ObjectKind::DoctorProbe => (false, "a probe `ctxlake doctor` may still be using"),
            ObjectKind::SpoolBatch if !folded_without_proposals(current, entry) => {
                (false, "no checkpoint covers it yet, or it holds proposals (a fold that gates reads them)")
            }
            ObjectKind::SpoolBatch if older(entry, retention.drained) => {
                (true, "the checkpoint covers it and it holds no proposal: no fold reads it again")
            }
            ObjectKind::SpoolBatch => (false, "folded, kept for the drained-batch retention"),
            ObjectKind::Verdicts | ObjectKind::OwnerEvent | ObjectKind::Approval => (false, "every fold reads it"),
            ObjectKind::ClockProbe => (false, "its writer overwrites it on every use"),
            ObjectKind::Other => (false, "not a key ctxlake writes; left alone"),
            ObjectKind::Roster
            | ObjectKind::Leases
            | ObjectKind::History
            | ObjectKind::Fold
            | ObjectKind::Checkpoint
            | ObjectKind::SnapshotPointer
            | ObjectKind::KbPointer => (false, "the fleet's current document"),
        };
        let side = if remove { &mut plan.remove } else { &mut plan.keep };
        side.push((entry.clone(), why));
    }
    plan
}

/// What becomes of a pack: kept while the checkpoint names it; unnamed, removed once old and
/// nobody's only copy of a batch (`elsewhere`: the batch is listed, or a listed named pack holds it).
fn pack_rule(current: &Current, entry: &Entry, elsewhere: impl Fn(&str) -> bool, old: bool) -> (bool, &'static str) {
    let key = entry.listed.key.as_ref();
    let Some(refs) = current.get(&entry.fleet) else { return (false, "its fleet's checkpoint cannot be read") };
    if refs.packs.contains_key(key) {
        return (false, "the checkpoint names it: every fold that gates reads it");
    }
    if !old {
        return (false, "not named yet: a compaction may still be naming it");
    }
    let Some(Some(covers)) = refs.unnamed.get(key) else { return (false, "not a pack this build can read") };
    if covers.iter().all(|batch| elsewhere(batch)) {
        (true, "a compaction left it unnamed, and every batch it holds is in the lake or a named pack")
    } else {
        (false, "unnamed, but the only copy of batches no longer in the lake")
    }
}

/// Whether the fleet's pointers name `entry`, or cannot be read (which keeps every blob).
fn kept_by_pointer(current: &Current, entry: &Entry) -> bool {
    current
        .get(&entry.fleet)
        .is_some_and(|refs| refs.named.as_ref().is_none_or(|keys| keys.iter().any(|k| k == entry.listed.key.as_ref())))
}

/// Whether the fleet's checkpoint covers the batch `entry` and counted no proposal in it.
fn folded_without_proposals(current: &Current, entry: &Entry) -> bool {
    current.get(&entry.fleet).is_some_and(|refs| refs.folded.contains(entry.listed.key.as_ref()))
}

/// The fleets of a listing, each once (a listing is in key order, so a fleet's keys are together).
pub fn fleets_of(entries: &[Entry]) -> Vec<String> {
    let mut names: Vec<String> = entries.iter().map(|e| e.fleet.clone()).collect();
    names.dedup();
    names
}

/// The snapshot and knowledge-base keys each fleet's pointers name now, and the batches its
/// checkpoint covers without proposals (none when it cannot be read: those batches are kept).
pub fn current(lake: &Lake, entries: &[Entry]) -> Result<Current, LakeError> {
    let mut refs = Current::new();
    for fleet in fleets_of(entries) {
        let fleet_refs = match FleetId::new(fleet.as_str()) {
            Ok(id) => {
                let layout = FleetLayout::new(&id);
                let checkpoint = crate::lake::checkpoint::read(lake, &layout)?.unwrap_or_default();
                let folded = checkpoint.batches.into_iter().filter(|(_, n)| *n == 0).map(|(key, _)| key).collect();
                let announced = checkpoint
                    .announced
                    .into_values()
                    .map(|a| (layout.presence(&a.agent_id).to_string(), a.last_seen))
                    .collect();
                let packs: HashMap<String, Vec<String>> = checkpoint.packs.into_iter().collect();
                let mut unnamed = HashMap::new();
                for entry in entries.iter().filter(|e| e.fleet == fleet && e.kind == ObjectKind::Pack) {
                    let key = entry.listed.key.to_string();
                    if packs.contains_key(&key) {
                        continue;
                    }
                    let covers = lake.get(&entry.listed.key)?.and_then(|object| {
                        pack::read(&key, &object.body).ok().map(|s| s.into_iter().map(|s| s.batch).collect())
                    });
                    unnamed.insert(key, covers);
                }
                FleetRefs { named: pointed(lake, &layout)?, folded, announced, packs, unnamed }
            }
            Err(_) => FleetRefs::default(),
        };
        refs.insert(fleet, fleet_refs);
    }
    Ok(refs)
}

fn pointed(lake: &Lake, layout: &FleetLayout) -> Result<Option<Vec<String>>, LakeError> {
    let mut keys = vec![];
    if let Some(object) = lake.get(&layout.snapshot_pointer())? {
        match serde_json::from_slice::<SnapshotPointer>(&object.body) {
            Ok(pointer) => keys.push(pointer.key),
            Err(_) => return Ok(None),
        }
    }
    if let Some(object) = lake.get(&layout.kb_pointer())? {
        match serde_json::from_slice::<KbPointer>(&object.body) {
            Ok(pointer) => keys.push(pointer.key),
            Err(_) => return Ok(None),
        }
    }
    Ok(Some(keys))
}

/// Plans and, unless `dry_run`, removes, over `fleets` (every fleet in the lake when empty).
/// Ages are judged by the store's clock, probed as `writer` in the first fleet listed.
pub fn run(
    lake: &Lake,
    fleets: &[FleetId],
    writer: &str,
    retention: &Retention,
    dry_run: bool,
) -> Result<GcReport, PackError> {
    let (mut entries, _) = listing(lake, fleets)?;
    let names = fleets_of(&entries);
    let Some(first) = names.first().and_then(|name| FleetId::new(name.as_str()).ok()) else {
        return Ok(GcReport { dry_run, compacted: vec![], removed: vec![], kept: vec![] });
    };
    let now = lake.clock(&FleetLayout::new(&first).clock_probe(writer))?;
    let compacted = compact(lake, &entries, writer, now, retention, dry_run)?;
    if !dry_run && !compacted.is_empty() {
        // The batches compaction removed, and the packs it wrote, are planned from a new listing.
        entries = listing(lake, fleets)?.0;
    }
    let refs = current(lake, &entries)?;
    let plan = plan(&entries, &refs, now, retention);
    let (mut removed, mut kept) = (vec![], plan.keep);
    for (entry, why) in plan.remove {
        if !dry_run {
            if entry.kind == ObjectKind::Snapshot
                && kept_by_pointer(&current(lake, std::slice::from_ref(&entry))?, &entry)
            {
                kept.push((entry, "its pointer names it again"));
                continue;
            }
            if entry.kind == ObjectKind::Pack && named_now(lake, &entry)? {
                kept.push((entry, "the checkpoint names it now"));
                continue;
            }
            // A compaction that found it written rewrites it (its age restarts) before naming it.
            let rewritten = |at: Option<Listed>| at.is_none_or(|at| at.last_modified >= now - retention.blob_grace);
            if entry.kind == ObjectKind::Pack && rewritten(lake.head(&entry.listed.key)?) {
                kept.push((entry, "written again since the listing: a compaction is naming it"));
                continue;
            }
            if entry.kind == ObjectKind::Presence && !announcement_held(lake, &refs, &entry)? {
                kept.push((entry, "it announced something the checkpoint does not hold yet"));
                continue;
            }
            lake.delete(&entry.listed.key)?;
            tracing::info!(fleet = entry.fleet, kind = ?entry.kind, "gc removed an object");
        }
        removed.push((entry, why));
    }
    Ok(GcReport { dry_run, compacted, removed: groups(&removed), kept: groups(&kept) })
}

/// Compaction of each listed fleet's batches holding proposals (`lake::pack::compact`).
fn compact(
    lake: &Lake,
    entries: &[Entry],
    writer: &str,
    now: DateTime<Utc>,
    retention: &Retention,
    dry_run: bool,
) -> Result<Vec<GcCompaction>, PackError> {
    let mut compacted = vec![];
    for name in fleets_of(entries) {
        let Ok(fleet) = FleetId::new(name.as_str()) else { continue };
        let spool: Vec<Listed> = entries
            .iter()
            .filter(|e| e.fleet == name && e.kind == ObjectKind::SpoolBatch)
            .map(|e| e.listed.clone())
            .collect();
        let layout = FleetLayout::new(&fleet);
        compacted.extend(pack::compact(lake, &layout, writer, &spool, now, retention.drained, dry_run)?);
    }
    Ok(compacted)
}

/// Whether the fleet's checkpoint names this pack now (read again just before its delete).
fn named_now(lake: &Lake, entry: &Entry) -> Result<bool, LakeError> {
    let Ok(fleet) = FleetId::new(entry.fleet.as_str()) else { return Ok(true) };
    let checkpoint = crate::lake::checkpoint::read(lake, &FleetLayout::new(&fleet))?;
    Ok(checkpoint.is_none_or(|c| c.packs.contains_key(entry.listed.key.as_ref())))
}

/// Whether the checkpoint holds what this presence says now (read again just before its
/// delete: a host may have rewritten it since the listing). An unreadable one is kept.
fn announcement_held(lake: &Lake, current: &Current, entry: &Entry) -> Result<bool, LakeError> {
    let Some(held) = current.get(&entry.fleet).and_then(|refs| refs.announced.get(entry.listed.key.as_ref())) else {
        return Ok(false);
    };
    let Some(object) = lake.get(&entry.listed.key)? else { return Ok(false) };
    Ok(serde_json::from_slice::<Presence>(&object.body).is_ok_and(|p| p.last_seen <= *held))
}

/// Whether the fleet's checkpoint holds an announcement of this presence's agent.
fn announced(current: &Current, entry: &Entry) -> bool {
    current.get(&entry.fleet).is_some_and(|refs| refs.announced.contains_key(entry.listed.key.as_ref()))
}

/// Entries summed by fleet, kind and rule, in that order.
pub fn groups(entries: &[(Entry, &'static str)]) -> Vec<GcGroup> {
    let mut sums: BTreeMap<(String, ObjectKind, &'static str), (u64, u64)> = BTreeMap::new();
    for (entry, why) in entries {
        let sum = sums.entry((entry.fleet.clone(), entry.kind, why)).or_default();
        sum.0 += 1;
        sum.1 = sum.1.saturating_add(entry.listed.size);
    }
    sums.into_iter()
        .map(|((fleet, kind, why), (objects, bytes))| GcGroup { fleet, kind, objects, bytes, why: why.to_string() })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(fleet: &str, kind: ObjectKind, key: &str, days_old: i64, now: DateTime<Utc>) -> Entry {
        let listed =
            Listed { key: Path::from(key), size: 10, etag: None, last_modified: now - Duration::days(days_old) };
        Entry { fleet: fleet.to_string(), kind, listed }
    }

    fn removed(plan: &Plan) -> Vec<&str> {
        plan.remove.iter().map(|(e, _)| e.listed.key.as_ref()).collect()
    }

    #[test]
    fn only_unnamed_old_snapshots_beyond_the_newest_two_and_old_quarantine_go() {
        let now: DateTime<Utc> = "2026-12-04T00:00:00Z".parse().unwrap();
        let blob = |key: &str, days: i64| entry("t", ObjectKind::Snapshot, key, days, now);
        let entries = vec![
            blob("fleets/t/snapshot/a.sqlite", 40),
            blob("fleets/t/snapshot/b.sqlite", 30),
            blob("fleets/t/snapshot/c.sqlite", 20),
            blob("fleets/t/snapshot/d.sqlite", 10),
            blob("fleets/t/snapshot/e.sqlite", 5),
            entry("t", ObjectKind::Presence, "fleets/t/presence/old.json", 800, now),
            entry("t", ObjectKind::Kb, "fleets/t/kb/old.jsonl", 800, now),
            entry("t", ObjectKind::Quarantine, "fleets/t/quarantine/h/old.json", 31, now),
            entry("t", ObjectKind::Quarantine, "fleets/t/quarantine/h/new.json", 29, now),
            entry("t", ObjectKind::SpoolBatch, "fleets/t/spool/h/ancient.ndjson", 900, now),
            entry("t", ObjectKind::OwnerEvent, "fleets/t/events/owner/retired-1.json", 900, now),
        ];
        let current = Current::from([("t".to_string(), FleetRefs::naming(vec!["fleets/t/snapshot/a.sqlite".into()]))]);
        let plan = plan(&entries, &current, now, &Retention::default());
        assert_eq!(
            removed(&plan),
            ["fleets/t/snapshot/b.sqlite", "fleets/t/snapshot/c.sqlite", "fleets/t/quarantine/h/old.json"]
        );
        assert_eq!(plan.remove.len() + plan.keep.len(), entries.len());
        let unreadable = Current::from([("t".to_string(), FleetRefs::default())]);
        let plan = super::plan(&entries, &unreadable, now, &Retention::default());
        assert!(!removed(&plan).iter().any(|key| key.contains("/snapshot/")), "an unreadable pointer keeps every blob");
    }

    #[test]
    fn a_drained_batch_goes_only_once_folded_without_proposals_and_past_its_retention() {
        let now: DateTime<Utc> = "2026-12-04T00:00:00Z".parse().unwrap();
        let batch =
            |name: &str, days: i64| entry("t", ObjectKind::SpoolBatch, &format!("fleets/t/spool/h/{name}"), days, now);
        let entries = vec![batch("folded-old", 8), batch("folded-young", 6), batch("proposals", 8), batch("new", 8)];
        let mut refs = FleetRefs::naming(vec![]);
        refs.folded = ["folded-old", "folded-young"].map(|n| format!("fleets/t/spool/h/{n}")).into();
        let plan = plan(&entries, &Current::from([("t".to_string(), refs)]), now, &Retention::default());
        assert_eq!(removed(&plan), ["fleets/t/spool/h/folded-old"]);
        let plan = super::plan(&entries, &Current::new(), now, &Retention::default());
        assert!(plan.remove.is_empty(), "no checkpoint: every batch is kept");
    }

    #[test]
    fn a_packed_batch_goes_once_a_named_pack_holds_it_and_an_unnamed_pack_only_when_nobody_needs_it() {
        let now: DateTime<Utc> = "2026-12-04T00:00:00Z".parse().unwrap();
        let key = |name: &str| format!("fleets/t/spool/h/{name}");
        let batch = |name: &str| entry("t", ObjectKind::SpoolBatch, &key(name), 0, now);
        let pack = |name: &str, days: i64| entry("t", ObjectKind::Pack, &format!("fleets/t/packs/{name}"), days, now);
        let entries = vec![
            batch("in-named"),
            batch("unpacked"),
            batch("in-unlisted-named"),
            pack("named", 0),
            pack("stale", 1),
            pack("stale-young", 0),
            pack("only-copy", 1),
            pack("unreadable", 1),
        ];
        let mut refs = FleetRefs::naming(vec![]);
        refs.packs = HashMap::from([
            ("fleets/t/packs/named".to_string(), vec![key("in-named"), key("gone-but-named")]),
            ("fleets/t/packs/unlisted".to_string(), vec![key("in-unlisted-named")]),
        ]);
        refs.unnamed = HashMap::from([
            ("fleets/t/packs/stale".to_string(), Some(vec![key("unpacked"), key("gone-but-named")])),
            ("fleets/t/packs/stale-young".to_string(), Some(vec![key("unpacked")])),
            ("fleets/t/packs/only-copy".to_string(), Some(vec![key("unpacked"), key("gone-elsewhere")])),
            ("fleets/t/packs/unreadable".to_string(), None),
        ]);
        let plan = plan(&entries, &Current::from([("t".to_string(), refs)]), now, &Retention::default());
        assert_eq!(removed(&plan), [key("in-named").as_str(), "fleets/t/packs/stale"]);
    }

    #[test]
    fn a_presence_goes_only_once_idle_past_its_retention_and_announced_in_the_checkpoint() {
        let now: DateTime<Utc> = "2026-12-04T00:00:00Z".parse().unwrap();
        let presence = |name: &str, days: i64| {
            entry("t", ObjectKind::Presence, &format!("fleets/t/presence/{name}.json"), days, now)
        };
        let entries = vec![presence("gone-held", 31), presence("gone-unheld", 31), presence("recent-held", 29)];
        let mut refs = FleetRefs::naming(vec![]);
        refs.announced = ["gone-held", "recent-held"].map(|n| (format!("fleets/t/presence/{n}.json"), now)).into();
        let plan = plan(&entries, &Current::from([("t".to_string(), refs)]), now, &Retention::default());
        assert_eq!(removed(&plan), ["fleets/t/presence/gone-held.json"]);
        let plan = super::plan(&entries, &Current::new(), now, &Retention::default());
        assert!(plan.remove.is_empty(), "no checkpoint: every presence is kept");
    }

    #[test]
    fn a_blob_younger_than_the_grace_is_kept_even_beyond_the_newest() {
        let now: DateTime<Utc> = "2026-12-04T00:00:00Z".parse().unwrap();
        let mut entries: Vec<Entry> =
            (0..4).map(|i| entry("t", ObjectKind::Kb, &format!("fleets/t/kb/{i}.jsonl"), 0, now)).collect();
        for e in &mut entries {
            e.listed.last_modified = now - Duration::minutes(10);
        }
        let plan = plan(&entries, &Current::new(), now, &Retention::default());
        assert!(plan.remove.is_empty(), "{:?}", removed(&plan));
    }
}
