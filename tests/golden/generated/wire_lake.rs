///`AppliedRequest`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AppliedRequest {
    pub at: ::chrono::DateTime<::chrono::offset::Utc>,
    pub id: ::std::string::String,
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
///fleets/<fleet>/snapshot/current.json: which content-addressed snapshot is current.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SnapshotPointer {
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub claims: ::std::option::Option<u64>,
    ///sha256 hex of the snapshot file
    pub content_hash: ::std::string::String,
    pub generated_at: ::chrono::DateTime<::chrono::offset::Utc>,
    ///sha256 hex of what the snapshot was built from: the keys of every batch, verdict batch, owner event and approval, the known agents, the mode and the builder. A maint run that finds the same inputs (and is not past recheck_at) builds nothing.
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
