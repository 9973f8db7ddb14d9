//! Every object key of the lake, written once. No other module formats a key: they ask here.
//!
//! ```text
//! fleets/<fleet>/
//!   spool/<host>/<sha256>.ndjson        drained spool records, named by content (Create)
//!   quarantine/<host>/<sha256>.json     refused spool lines: hash, length, reason (Create)
//!   events/verdicts/<sha256>.ndjson     one maint run's promoted/contested events, named by content (Create)
//!   events/owner/<kind>-<ulid>.json     the owner's retired/retracted/quarantine events (Create)
//!   approvals/<claim key>.json          the owner's approvals, how a preference is promoted (Create)
//!   presence/<agent key>.json           one heartbeat per agent (Overwrite, one writer)
//!   clock/<writer key>.probe            read back for the store's clock (Overwrite)
//!   doctor/<ulid>.probe                 `ctxlake doctor`'s create-if-absent check (Create, then deleted)
//!   roster.json                         merged roster (CAS)
//!   leases.json                         every lease of the fleet (CAS)
//!   history.json                        sessions from handoffs (CAS)
//!   fold.json                           who folds next, and the last fold (CAS)
//!   checkpoint.json                     what the fold has read of the drained batches (CAS, merged)
//!   snapshot/<sha256>.sqlite            published snapshots, named by content (Create)
//!   snapshot/current.json               the pointer (CAS)
//!   kb/<sha256>.jsonl                   published knowledge bases, named by content (Create)
//!   kb/current.json                     the pointer (Overwrite)
//! ```
//!
//! [`classify`] reads a key back into its fleet and kind (`ctxlake lake stats` and `gc`).
//!
//! The fleet segment is a validated `FleetId`; a host id is validated the same way. Agent ids,
//! claim ids and writer ids are free text written by agents, so they enter a key only as the
//! sha256 hex of their bytes: fixed length, no separator, no `.`/`..`, whatever the agent sent.

use crate::local::paths::{FleetId, InvalidSegment};
use crate::spec::wire::lake_ops::ObjectKind;
use object_store::path::Path;
use sha2::{Digest, Sha256};

/// A validated host id: the same rules as a fleet id (one ordinary path segment).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostId(String);

impl HostId {
    pub fn new(value: impl Into<String>) -> Result<HostId, InvalidSegment> {
        // The rules are FleetId's; only the noun in the message differs.
        FleetId::new(value).map(|id| HostId(id.as_str().to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The sha256 of some bytes, lower-case hex: content names and encoded key segments.
pub fn sha256_hex(bytes: &[u8]) -> String {
    format!("{:x}", Sha256::digest(bytes))
}

/// The keys of one fleet.
#[derive(Debug, Clone)]
pub struct FleetLayout {
    fleet: FleetId,
}

impl FleetLayout {
    pub fn new(fleet: &FleetId) -> FleetLayout {
        FleetLayout { fleet: fleet.clone() }
    }

    pub fn fleet(&self) -> &FleetId {
        &self.fleet
    }

    /// `fleets/<fleet>`: every key of the fleet is under it.
    pub fn root(&self) -> Path {
        Path::from_iter(["fleets", self.fleet.as_str()])
    }

    fn key(&self, rest: &str) -> Path {
        // Every segment in `rest` is built here from validated ids, hex or constants, so parsing
        // cannot fail on a `..` or an empty segment; `Path::from` would percent-encode a '/'.
        Path::from_iter(["fleets", self.fleet.as_str()].into_iter().chain(rest.split('/')))
    }

    /// Prefix of every drained batch of every host.
    pub fn spool_prefix(&self) -> Path {
        self.key("spool")
    }

    pub fn spool_batch(&self, host: &HostId, content_sha256: &str) -> Path {
        self.key(&format!("spool/{}/{content_sha256}.ndjson", host.as_str()))
    }

    /// Prefix of every pack (`lake::pack`).
    pub fn packs_prefix(&self) -> Path {
        self.key("packs")
    }

    /// The proposals of drained batches gc's compaction gathered into one object, named by its
    /// content (`lake::pack`).
    pub fn pack(&self, content_sha256: &str) -> Path {
        self.key(&format!("packs/{content_sha256}.ndjson"))
    }

    pub fn quarantine_prefix(&self) -> Path {
        self.key("quarantine")
    }

    pub fn quarantined_line(&self, host: &HostId, line_sha256: &str) -> Path {
        self.key(&format!("quarantine/{}/{line_sha256}.json", host.as_str()))
    }

    pub fn events_prefix(&self) -> Path {
        self.key("events")
    }

    /// The verdicts one maint run reached, as one object named by its content: a rerun that
    /// reaches the same verdicts finds them already there. Two runs at once can write the same
    /// verdict in two batches; readers keep the earliest per (kind, claim).
    pub fn verdict_batch(&self, content_sha256: &str) -> Path {
        self.key(&format!("events/verdicts/{content_sha256}.ndjson"))
    }

    /// An event the fleet's owner wrote (`ctxlake claims retire|retract|quarantine|unquarantine`): a
    /// fresh key each time, so quarantining an agent again after releasing it is a new event.
    pub fn owner_event(&self, kind: &str, unique: &str) -> Path {
        self.key(&format!("events/owner/{kind}-{unique}.json"))
    }

    pub fn approvals_prefix(&self) -> Path {
        self.key("approvals")
    }

    /// The owner's approval of a claim (how a preference is promoted): one per claim.
    pub fn approval(&self, claim_id: &str) -> Path {
        self.key(&format!("approvals/{}.json", sha256_hex(claim_id.as_bytes())))
    }

    pub fn presence_prefix(&self) -> Path {
        self.key("presence")
    }

    pub fn presence(&self, agent_id: &str) -> Path {
        self.key(&format!("presence/{}.json", sha256_hex(agent_id.as_bytes())))
    }

    pub fn clock_probe(&self, writer: &str) -> Path {
        self.key(&format!("clock/{}.probe", sha256_hex(writer.as_bytes())))
    }

    /// `ctxlake doctor`'s create-if-absent probe: a fresh key per run, deleted after.
    pub fn doctor_probe(&self, unique: &str) -> Path {
        self.key(&format!("doctor/{unique}.probe"))
    }

    pub fn roster(&self) -> Path {
        self.key("roster.json")
    }

    pub fn leases(&self) -> Path {
        self.key("leases.json")
    }

    pub fn history(&self) -> Path {
        self.key("history.json")
    }

    /// Who folds the fleet and when (`lake::fold`).
    pub fn fold(&self) -> Path {
        self.key("fold.json")
    }

    /// What the fold has read of the drained batches (`lake::checkpoint`).
    pub fn checkpoint(&self) -> Path {
        self.key("checkpoint.json")
    }

    pub fn snapshot(&self, content_sha256: &str) -> Path {
        self.key(&format!("snapshot/{content_sha256}.sqlite"))
    }

    pub fn snapshot_pointer(&self) -> Path {
        self.key("snapshot/current.json")
    }

    /// The published knowledge base, content-addressed (`lake::kb`).
    pub fn kb(&self, content_sha256: &str) -> Path {
        self.key(&format!("kb/{content_sha256}.jsonl"))
    }

    pub fn kb_pointer(&self) -> Path {
        self.key("kb/current.json")
    }
}

/// The fleet and kind of a key of this layout (`None` outside `fleets/<fleet>/`): how
/// `ctxlake lake stats` and `gc` sort a listing. Every key function above has its kind here.
/// The fleet comes back as the id it was written from: a key holds it percent-encoded where
/// object_store encodes a character (`a b` is `a%20b`), and [`FleetLayout::new`] encodes again.
pub fn classify(key: &str) -> Option<(String, ObjectKind)> {
    let mut parts = key.split('/');
    let (Some("fleets"), Some(segment)) = (parts.next(), parts.next().filter(|f| !f.is_empty())) else { return None };
    let fleet = percent_encoding::percent_decode_str(segment).decode_utf8_lossy().into_owned();
    let rest: Vec<&str> = parts.collect();
    let kind = match rest.as_slice() {
        ["spool", _, _] => ObjectKind::SpoolBatch,
        ["packs", _] => ObjectKind::Pack,
        ["quarantine", _, _] => ObjectKind::Quarantine,
        ["events", "verdicts", _] => ObjectKind::Verdicts,
        ["events", "owner", _] => ObjectKind::OwnerEvent,
        ["approvals", _] => ObjectKind::Approval,
        ["presence", _] => ObjectKind::Presence,
        ["clock", _] => ObjectKind::ClockProbe,
        ["doctor", _] => ObjectKind::DoctorProbe,
        ["roster.json"] => ObjectKind::Roster,
        ["leases.json"] => ObjectKind::Leases,
        ["history.json"] => ObjectKind::History,
        ["fold.json"] => ObjectKind::Fold,
        ["checkpoint.json"] => ObjectKind::Checkpoint,
        ["snapshot", "current.json"] => ObjectKind::SnapshotPointer,
        ["snapshot", _] => ObjectKind::Snapshot,
        ["kb", "current.json"] => ObjectKind::KbPointer,
        ["kb", _] => ObjectKind::Kb,
        _ => ObjectKind::Other,
    };
    Some((fleet, kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout() -> FleetLayout {
        FleetLayout::new(&FleetId::new("team-a").unwrap())
    }

    #[test]
    fn keys_sit_under_their_fleet() {
        let host = HostId::new("laptop").unwrap();
        let hash = sha256_hex(b"x");
        assert_eq!(layout().spool_batch(&host, &hash).as_ref(), format!("fleets/team-a/spool/laptop/{hash}.ndjson"));
        assert_eq!(layout().snapshot_pointer().as_ref(), "fleets/team-a/snapshot/current.json");
        assert_eq!(layout().leases().as_ref(), "fleets/team-a/leases.json");
        assert_eq!(layout().kb_pointer().as_ref(), "fleets/team-a/kb/current.json");
        assert_eq!(layout().kb(&hash).as_ref(), format!("fleets/team-a/kb/{hash}.jsonl"));
    }

    #[test]
    fn agent_supplied_ids_enter_a_key_only_as_a_hash() {
        for hostile in ["../../etc", "a/b", "", ".", "x\0y", "%2e%2e"] {
            let key = layout().presence(hostile);
            let last = key.filename().unwrap();
            assert_eq!(last.len(), 64 + ".json".len(), "{hostile:?} -> {key}");
            assert!(key.as_ref().starts_with("fleets/team-a/presence/"));
            assert_eq!(key.parts().count(), 4);
        }
    }

    #[test]
    fn host_ids_follow_the_fleet_id_rules() {
        assert!(HostId::new("build-01").is_ok());
        for bad in ["", "..", "a/b"] {
            assert!(HostId::new(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn every_key_of_the_layout_is_classified_as_its_kind() {
        let l = layout();
        let host = HostId::new("host-a").unwrap();
        let table = [
            (l.spool_batch(&host, "ab"), ObjectKind::SpoolBatch),
            (l.pack("ab"), ObjectKind::Pack),
            (l.quarantined_line(&host, "ab"), ObjectKind::Quarantine),
            (l.verdict_batch("ab"), ObjectKind::Verdicts),
            (l.owner_event("retired", "01"), ObjectKind::OwnerEvent),
            (l.approval("c1"), ObjectKind::Approval),
            (l.presence("cc-01"), ObjectKind::Presence),
            (l.clock_probe("maint"), ObjectKind::ClockProbe),
            (l.doctor_probe("01"), ObjectKind::DoctorProbe),
            (l.roster(), ObjectKind::Roster),
            (l.leases(), ObjectKind::Leases),
            (l.history(), ObjectKind::History),
            (l.fold(), ObjectKind::Fold),
            (l.checkpoint(), ObjectKind::Checkpoint),
            (l.snapshot("ab"), ObjectKind::Snapshot),
            (l.snapshot_pointer(), ObjectKind::SnapshotPointer),
            (l.kb("ab"), ObjectKind::Kb),
            (l.kb_pointer(), ObjectKind::KbPointer),
            (l.key("spool/stray"), ObjectKind::Other),
        ];
        for (key, kind) in table {
            assert_eq!(classify(key.as_ref()), Some(("team-a".to_string(), kind)), "{key}");
        }
        assert_eq!(classify("elsewhere/x"), None);
        let odd = FleetLayout::new(&FleetId::new("team a%").unwrap());
        let (fleet, kind) = classify(odd.presence("cc").as_ref()).expect("a fleet key");
        assert_eq!((fleet.as_str(), kind), ("team a%", ObjectKind::Presence));
        assert_eq!(FleetLayout::new(&FleetId::new(fleet).unwrap()).presence("cc"), odd.presence("cc"), "round trip");
    }

    #[test]
    fn sha256_hex_matches_a_known_digest() {
        assert_eq!(sha256_hex(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
