///an agent's newest presence as the fold checkpoint keeps it
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Announced {
    pub agent_id: ::std::string::String,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub branch: ::std::option::Option<::std::string::String>,
    ///the presence's `last_seen`
    pub last_seen: ::chrono::DateTime<::chrono::offset::Utc>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub repo: ::std::option::Option<::std::string::String>,
}
///A claim or release request already applied, and what became of it: what `fleet_status` tells the agent that made it.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AppliedRequest {
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub agent_id: ::std::option::Option<::std::string::String>,
    ///when the agent made the request (its host's clock)
    pub at: ::chrono::DateTime<::chrono::offset::Utc>,
    ///the store's clock when it was applied
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub decided_at: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
    pub id: ::std::string::String,
    ///one per resource the request named (a release without paths: one per lease it freed)
    #[serde(default, skip_serializing_if = "::std::vec::Vec::is_empty")]
    pub results: ::std::vec::Vec<LeaseResult>,
    ///true when the request was older than its own TTL when it reached the lake, and so granted nothing
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub stale: ::std::option::Option<bool>,
}
///Who wrote a compare-and-swap body: the writer id, a counter one above the body it replaced, a fresh ULID.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
pub struct CasStamp {
    pub epoch: u64,
    pub nonce: ::std::string::String,
    pub writer: ::std::string::String,
}
///fleets/<fleet>/approvals/<sha256 of claim id>.json: the fleet owner approved a claim (`ctxlake claims approve`); how a preference is promoted. Created once (create-if-absent).
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ClaimApproval {
    ///the store's clock
    pub at: ::chrono::DateTime<::chrono::offset::Utc>,
    ///who approved: `human:<name>`
    pub by: ::std::string::String,
    pub claim_id: ::std::string::String,
}
///`FileOffset`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FileOffset {
    ///<dev>:<inode>
    pub file_id: ::std::string::String,
    ///bytes shipped or quarantined
    pub offset: u64,
    pub path: ::std::string::String,
}
///fleets/<fleet>/checkpoint.json: what the fleet's maint runs have folded from its drained batches, so a run reads only the batches that arrived since (src/lake/checkpoint.rs). Merged by compare-and-swap, never replaced: the union of both sides' batches, agents and packs, the newest handoffs of both. A reader that cannot use it (unreadable, or a newer version) folds from scratch.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FoldCheckpoint {
    ///every agent that wrote a record in a folded batch, sorted (with presence, the gate's known agents)
    pub agents: ::std::vec::Vec<::std::string::String>,
    ///what each agent's newest folded presence announced (version 2): sessions keep their repo and branch, and the agent stays known, after gc removes a presence older than its retention
    #[serde(default, skip_serializing_if = "::std::vec::Vec::is_empty")]
    pub announced: ::std::vec::Vec<Announced>,
    ///every drained batch folded, in key order
    pub batches: ::std::vec::Vec<FoldedBatch>,
    ///the newest handoff records of the folded batches (at most as many as history keeps), newest first: spool records of kind handoff (schemas/wire/spool_record.json)
    pub handoffs: ::std::vec::Vec<
        ::serde_json::Map<::std::string::String, ::serde_json::Value>,
    >,
    ///the packs compaction wrote and named here (version 3), in key order, each with the drained batches whose proposals it holds: gc removes a batch holding proposals only once a pack named here holds them, and compaction names a pack only over batches no pack named here holds
    #[serde(default, skip_serializing_if = "::std::vec::Vec::is_empty")]
    pub packs: ::std::vec::Vec<NamedPack>,
    pub stamp: CasStamp,
    ///the checkpoint's format; this build reads 1 to 3 (2 added `announced`, 3 `packs`) and writes 3 once it names a pack, 2 before (so builds that read only 2 keep using it until the first compaction)
    pub version: ::std::num::NonZeroU64,
}
///fleets/<fleet>/fold.json: who folds the fleet's lake and when (src/lake/fold.rs). A host that drained something new raises `requested`; a host whose service sees `requested` above `folded` takes the fold lease (`holder` until `held_until`) by compare-and-swap, folds, and sets `folded` to the `requested` it read before folding. Correctness never rests on it (every fold is safe under compare-and-swap): it saves two hosts folding the same input at once.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FoldDocument {
    pub folded: u64,
    ///the store's clock after which the lease is free again (a folder killed mid-fold)
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub held_until: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
    ///the host folding now
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub holder: ::std::option::Option<::std::string::String>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub last: ::std::option::Option<FoldRun>,
    ///the fleet's mode, as the owner last set it with `ctxlake maint --mode`: every fold folds in it (absent: agent)
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub mode: ::std::option::Option<FoldDocumentMode>,
    pub requested: u64,
    pub stamp: CasStamp,
}
///the fleet's mode, as the owner last set it with `ctxlake maint --mode`: every fold folds in it (absent: agent)
#[derive(
    ::serde::Deserialize,
    ::serde::Serialize,
    Clone,
    Copy,
    Debug,
    Eq,
    Hash,
    Ord,
    PartialEq,
    PartialOrd
)]
pub enum FoldDocumentMode {
    #[serde(rename = "agent")]
    Agent,
    #[serde(rename = "shadow")]
    Shadow,
}
impl ::std::fmt::Display for FoldDocumentMode {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::Agent => f.write_str("agent"),
            Self::Shadow => f.write_str("shadow"),
        }
    }
}
impl ::std::str::FromStr for FoldDocumentMode {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        match value {
            "agent" => Ok(Self::Agent),
            "shadow" => Ok(Self::Shadow),
            _ => Err("invalid value".into()),
        }
    }
}
impl ::std::convert::TryFrom<&str> for FoldDocumentMode {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for FoldDocumentMode {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
///The last fold that finished.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FoldRun {
    ///why a failed fold failed
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub error: ::std::option::Option<::std::string::String>,
    pub finished_at: ::chrono::DateTime<::chrono::offset::Utc>,
    pub host: ::std::string::String,
    pub ok: bool,
    pub started_at: ::chrono::DateTime<::chrono::offset::Utc>,
}
///One drained batch a checkpoint covers.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FoldedBatch {
    ///the batch's lake key
    pub key: ::std::string::String,
    ///how many proposals it holds, counting the lines the folding build could not read (they may be another build's proposals): a run that gates reads every batch holding any again, and gc removes one only once a pack the checkpoint names holds it
    pub proposals: u64,
}
///fleets/<fleet>/history.json: the fleet's sessions, newest first; `sessions` are SessionDigest objects (schemas/wire/history.json).
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HistoryDocument {
    pub generated_at: ::chrono::DateTime<::chrono::offset::Utc>,
    pub sessions: ::std::vec::Vec<::serde_json::Value>,
    pub stamp: CasStamp,
}
///fleets/<fleet>/kb/current.json: which content-addressed knowledge base is the fleet's published set (`ctxlake kb publish`).
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct KbPointer {
    ///sha256 hex of the JSONL blob
    pub content_hash: ::std::string::String,
    ///the blob's key, fleets/<fleet>/kb/<content_hash>.jsonl: one approved record (schemas/wire/kb_record.json) per line, in id order
    pub key: ::std::string::String,
    pub published_at: ::chrono::DateTime<::chrono::offset::Utc>,
    pub records: u64,
}
///One lease as the lake holds it; the cache's Lease shape (schemas/wire/leases.json) plus the request that set it and the requests that lost to it.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LakeLease {
    pub acquired_at: ::chrono::DateTime<::chrono::offset::Utc>,
    ///hand-off counter, not a fencing token
    pub epoch: u64,
    #[serde(deserialize_with = "::std::option::Option::deserialize")]
    pub expires_at: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
    #[serde(deserialize_with = "::std::option::Option::deserialize")]
    pub holder: ::std::option::Option<::std::string::String>,
    pub lost: ::std::vec::Vec<LostRequest>,
    pub reason: ::std::string::String,
    pub request_id: ::std::string::String,
    pub resource: ::std::string::String,
}
///What one request did to one resource's lease.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LeaseResult {
    ///granted or renewed: until when; refused: when the holder's lease ends
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub expires_at: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
    ///refused: who held the lease
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub holder: ::std::option::Option<::std::string::String>,
    pub outcome: LeaseResultOutcome,
    pub resource: ::std::string::String,
}
///`LeaseResultOutcome`
#[derive(
    ::serde::Deserialize,
    ::serde::Serialize,
    Clone,
    Copy,
    Debug,
    Eq,
    Hash,
    Ord,
    PartialEq,
    PartialOrd
)]
pub enum LeaseResultOutcome {
    #[serde(rename = "granted")]
    Granted,
    #[serde(rename = "renewed")]
    Renewed,
    #[serde(rename = "refused")]
    Refused,
    #[serde(rename = "released")]
    Released,
}
impl ::std::fmt::Display for LeaseResultOutcome {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::Granted => f.write_str("granted"),
            Self::Renewed => f.write_str("renewed"),
            Self::Refused => f.write_str("refused"),
            Self::Released => f.write_str("released"),
        }
    }
}
impl ::std::str::FromStr for LeaseResultOutcome {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        match value {
            "granted" => Ok(Self::Granted),
            "renewed" => Ok(Self::Renewed),
            "refused" => Ok(Self::Refused),
            "released" => Ok(Self::Released),
            _ => Err("invalid value".into()),
        }
    }
}
impl ::std::convert::TryFrom<&str> for LeaseResultOutcome {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for LeaseResultOutcome {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
///fleets/<fleet>/leases.json: every advisory lease of the fleet, and the lease requests already applied (kept while a request could still matter: for the longest TTL).
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LeasesDocument {
    pub applied: ::std::vec::Vec<AppliedRequest>,
    pub generated_at: ::chrono::DateTime<::chrono::offset::Utc>,
    pub leases: ::std::vec::Vec<LakeLease>,
    pub stamp: CasStamp,
}
///`LiveSession`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LiveSession {
    pub agent_id: ::std::string::String,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub branch: ::std::option::Option<::std::string::String>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub cwd: ::std::option::Option<::std::string::String>,
    pub fleet_id: ::std::string::String,
    pub pid: ::std::num::NonZeroU64,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub pid_start: ::std::option::Option<::std::string::String>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub repo: ::std::option::Option<::std::string::String>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub runtime: ::std::option::Option<::std::string::String>,
    pub session_id: ::std::string::String,
    pub started_at: ::chrono::DateTime<::chrono::offset::Utc>,
}
///A claim request that found the resource held by someone else.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LostRequest {
    pub agent_id: ::std::string::String,
    pub at: ::chrono::DateTime<::chrono::offset::Utc>,
    pub request_id: ::std::string::String,
}
///<cache_root>/<fleet>/.mirror.json: the lake ETag each cache file was last written from, so an idle refresh is a few conditional reads.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MirrorState {
    pub etags: ::std::vec::Vec<MirroredFile>,
}
///`MirroredFile`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MirroredFile {
    pub etag: ::std::string::String,
    pub name: ::std::string::String,
}
///A pack a checkpoint names.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct NamedPack {
    ///the keys of the drained batches it holds, in key order
    pub covers: ::std::vec::Vec<::std::string::String>,
    ///fleets/<fleet>/packs/<sha256 of its body>.ndjson
    pub key: ::std::string::String,
}
///A pack (fleets/<fleet>/packs/<sha256>.ndjson) is a sequence of sections, each this line followed by `lines` lines of one drained batch copied byte for byte: its proposals and the lines the compacting build could not read (perhaps another build's proposals). Its lease requests, handoffs and syncs are folded already and left out (src/lake/pack.rs).
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PackSection {
    ///the drained batch's key, fleets/<fleet>/spool/<host>/<sha256>.ndjson
    pub batch: ::std::string::String,
    ///how many of the batch's lines follow
    pub lines: u64,
}
///A byte range the drain decided to ship and had not yet confirmed: a rerun ships exactly this range again, so the batch gets the same content name.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PendingBatch {
    pub end: u64,
    pub file_id: ::std::string::String,
    pub path: ::std::string::String,
    pub start: u64,
}
///fleets/<fleet>/presence/<agent key>.json: an agent's heartbeat, overwritten by the sync of the host it was last seen on.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Presence {
    pub agent_id: ::std::string::String,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub branch: ::std::option::Option<::std::string::String>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub cwd: ::std::option::Option<::std::string::String>,
    pub fleet_id: ::std::string::String,
    ///the store's clock when sync wrote this
    pub heartbeat_at: ::chrono::DateTime<::chrono::offset::Utc>,
    pub host: ::std::string::String,
    ///time of the agent's newest spooled record
    pub last_seen: ::chrono::DateTime<::chrono::offset::Utc>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub repo: ::std::option::Option<::std::string::String>,
    ///the session's client: `<name> <version>` from `initialize`
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub runtime: ::std::option::Option<::std::string::String>,
    ///the live `ctxlake mcp` session this heartbeat renews, when there is one
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub session_id: ::std::option::Option<::std::string::String>,
}
///fleets/<fleet>/quarantine/<host>/<sha256>.json: a spool line the drain refused. The line itself is never shipped (it may hold anything): only its hash, length and the reason.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct QuarantineRecord {
    pub bytes: u64,
    pub file: ::std::string::String,
    pub host: ::std::string::String,
    pub offset: u64,
    pub reason: ::std::string::String,
    pub sha256: ::std::string::String,
}
///fleets/<fleet>/roster.json: the merged roster, rebuilt from presence objects; `agents` are RosterEntry objects (schemas/wire/roster.json).
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RosterDocument {
    pub agents: ::std::vec::Vec<::serde_json::Value>,
    pub generated_at: ::chrono::DateTime<::chrono::offset::Utc>,
    pub source: ::std::string::String,
    pub stamp: CasStamp,
}
///<spool>/sync/service.json: what this host's `ctxlake sync` service did last, for `ctxlake doctor`. Written atomically by the service only.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ServiceStatus {
    ///the lake has been unreachable since then; the service retries with backoff
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub failing_since: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
    pub fleets: ::std::vec::Vec<::std::string::String>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub last_drain_at: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub last_error: ::std::option::Option<::std::string::String>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub last_fold: ::std::option::Option<FoldRun>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub last_mirror_at: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
    ///of the lease decisions this host mirrored lately: from the request to this host's cache, p50 and p95 (null until one is seen)
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub lease_latency_ms: ::std::option::Option<::std::vec::Vec<i64>>,
    pub pid: u64,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub retry_in_secs: ::std::option::Option<i64>,
    pub started_at: ::chrono::DateTime<::chrono::offset::Utc>,
    pub updated_at: ::chrono::DateTime<::chrono::offset::Utc>,
}
///fleets/<fleet>/snapshot/current.json: which content-addressed snapshot is current.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SnapshotPointer {
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub claims: ::std::option::Option<u64>,
    ///sha256 hex of the snapshot file
    pub content_hash: ::std::string::String,
    pub generated_at: ::chrono::DateTime<::chrono::offset::Utc>,
    ///what the snapshot was built from: the sha256 hex of the gate's inputs (the keys of every batch holding proposals, every verdict batch, owner event and approval, the known agents, the mode and the builder), a '.', and the sha256 hex of the sessions it holds. A maint run that finds the same gate inputs (and is not past recheck_at) runs no gate, and rewrites only the sessions of the current snapshot when they differ.
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub inputs: ::std::option::Option<::std::string::String>,
    ///the snapshot object's key
    pub key: ::std::string::String,
    ///the store time from which a candidate held only for evidence dated in the future could pass with the same inputs
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub recheck_at: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
    pub stamp: CasStamp,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub visible: ::std::option::Option<u64>,
}
///<spool_root>/sync/state.json: how far the drain has shipped each spool file, keyed by inode (a rotation renames the file, the inode stays), and the batch it was shipping when it stopped.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SyncState {
    pub files: ::std::vec::Vec<FileOffset>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub pending: ::std::option::Option<PendingBatch>,
    ///`ctxlake mcp` sessions on this host that announced a start and no end yet; each is heartbeated while its process lives
    #[serde(default, skip_serializing_if = "::std::vec::Vec::is_empty")]
    pub sessions: ::std::vec::Vec<LiveSession>,
}
/// Error types.
pub mod error {
    /// Error from a `TryFrom` or `FromStr` implementation.
    pub struct ConversionError(::std::borrow::Cow<'static, str>);
    impl ::std::error::Error for ConversionError {}
    impl ::std::fmt::Display for ConversionError {
        fn fmt(
            &self,
            f: &mut ::std::fmt::Formatter<'_>,
        ) -> Result<(), ::std::fmt::Error> {
            ::std::fmt::Display::fmt(&self.0, f)
        }
    }
    impl ::std::fmt::Debug for ConversionError {
        fn fmt(
            &self,
            f: &mut ::std::fmt::Formatter<'_>,
        ) -> Result<(), ::std::fmt::Error> {
            ::std::fmt::Debug::fmt(&self.0, f)
        }
    }
    impl From<&'static str> for ConversionError {
        fn from(value: &'static str) -> Self {
            Self(value.into())
        }
    }
    impl From<String> for ConversionError {
        fn from(value: String) -> Self {
            Self(value.into())
        }
    }
}
