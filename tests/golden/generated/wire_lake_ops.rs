///`FleetStats`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FleetStats {
    pub bytes: u64,
    pub fleet: ::std::string::String,
    ///one entry per kind present, in the order of `kind`'s enum
    pub kinds: ::std::vec::Vec<KindStats>,
    pub objects: u64,
}
///`GcCompaction`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GcCompaction {
    ///how many drained batches it gathers (each removed once the checkpoint names the pack)
    pub batches: u64,
    ///the pack's size
    pub bytes: u64,
    pub fleet: ::std::string::String,
    ///how many of their lines it holds: proposals, and lines the compacting build could not read
    pub lines: u64,
    ///the pack's key, named by its content
    pub pack: ::std::string::String,
}
///`GcGroup`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GcGroup {
    pub bytes: u64,
    pub fleet: ::std::string::String,
    pub kind: ObjectKind,
    pub objects: u64,
    ///the rule, in words
    pub why: ::std::string::String,
}
///`ctxlake lake gc --format json`: what it removed (or, with --dry-run, would remove) and why, and what it keeps and why
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GcReport {
    ///the packs compaction wrote (or, with --dry-run, would write) before the removals: drained batches holding proposals, folded and older than the drained-batch retention, gathered into one object per pack
    pub compacted: ::std::vec::Vec<GcCompaction>,
    pub dry_run: bool,
    pub kept: ::std::vec::Vec<GcGroup>,
    pub removed: ::std::vec::Vec<GcGroup>,
}
///`KindStats`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct KindStats {
    ///objects last modified in the 7 days before `generated_at`
    pub added_last_7_days: Tally,
    pub bytes: u64,
    ///growth: `added_last_7_days.bytes` / 7
    pub bytes_per_day: f64,
    pub kind: ObjectKind,
    ///the newest object's last modification
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub newest: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
    pub objects: u64,
    ///the oldest object's last modification
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub oldest: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
}
///`ctxlake lake stats --format json`: what a lake holds, per fleet and kind of object, from one listing, and what `ctxlake lake gc` would free. Keys are never printed (an agent id or a path reaches a key only as a hash, but the kinds say enough).
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LakeStats {
    pub fleets: ::std::vec::Vec<FleetStats>,
    ///what `ctxlake lake gc` would remove now, over the fleets listed
    pub gc: Tally,
    ///this host's clock when the listing was taken (stats writes nothing, so it does not probe the store's clock)
    pub generated_at: ::chrono::DateTime<::chrono::offset::Utc>,
    ///the lake's URL as given (a folder or s3://bucket/prefix; never credentials)
    pub lake: ::std::string::String,
    ///objects under the lake that no fleet's layout names
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub other: ::std::option::Option<KindStats>,
}
///what a key is, by `src/lake/layout.rs`: spool_batch (a host's drained spool lines), pack (the proposals of drained batches compaction gathered), quarantine (a refused line), verdicts (a maint run's promotions and contests), owner_event, approval, presence (an agent's heartbeat), roster/leases/history/fold/checkpoint (one document each), snapshot and kb (content-addressed blobs) with their pointers, clock_probe and doctor_probe (the store-clock and doctor probes), other
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
pub enum ObjectKind {
    #[serde(rename = "spool_batch")]
    SpoolBatch,
    #[serde(rename = "pack")]
    Pack,
    #[serde(rename = "quarantine")]
    Quarantine,
    #[serde(rename = "verdicts")]
    Verdicts,
    #[serde(rename = "owner_event")]
    OwnerEvent,
    #[serde(rename = "approval")]
    Approval,
    #[serde(rename = "presence")]
    Presence,
    #[serde(rename = "roster")]
    Roster,
    #[serde(rename = "leases")]
    Leases,
    #[serde(rename = "history")]
    History,
    #[serde(rename = "fold")]
    Fold,
    #[serde(rename = "checkpoint")]
    Checkpoint,
    #[serde(rename = "snapshot")]
    Snapshot,
    #[serde(rename = "snapshot_pointer")]
    SnapshotPointer,
    #[serde(rename = "kb")]
    Kb,
    #[serde(rename = "kb_pointer")]
    KbPointer,
    #[serde(rename = "clock_probe")]
    ClockProbe,
    #[serde(rename = "doctor_probe")]
    DoctorProbe,
    #[serde(rename = "other")]
    Other,
}
impl ::std::fmt::Display for ObjectKind {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::SpoolBatch => f.write_str("spool_batch"),
            Self::Pack => f.write_str("pack"),
            Self::Quarantine => f.write_str("quarantine"),
            Self::Verdicts => f.write_str("verdicts"),
            Self::OwnerEvent => f.write_str("owner_event"),
            Self::Approval => f.write_str("approval"),
            Self::Presence => f.write_str("presence"),
            Self::Roster => f.write_str("roster"),
            Self::Leases => f.write_str("leases"),
            Self::History => f.write_str("history"),
            Self::Fold => f.write_str("fold"),
            Self::Checkpoint => f.write_str("checkpoint"),
            Self::Snapshot => f.write_str("snapshot"),
            Self::SnapshotPointer => f.write_str("snapshot_pointer"),
            Self::Kb => f.write_str("kb"),
            Self::KbPointer => f.write_str("kb_pointer"),
            Self::ClockProbe => f.write_str("clock_probe"),
            Self::DoctorProbe => f.write_str("doctor_probe"),
            Self::Other => f.write_str("other"),
        }
    }
}
impl ::std::str::FromStr for ObjectKind {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        match value {
            "spool_batch" => Ok(Self::SpoolBatch),
            "pack" => Ok(Self::Pack),
            "quarantine" => Ok(Self::Quarantine),
            "verdicts" => Ok(Self::Verdicts),
            "owner_event" => Ok(Self::OwnerEvent),
            "approval" => Ok(Self::Approval),
            "presence" => Ok(Self::Presence),
            "roster" => Ok(Self::Roster),
            "leases" => Ok(Self::Leases),
            "history" => Ok(Self::History),
            "fold" => Ok(Self::Fold),
            "checkpoint" => Ok(Self::Checkpoint),
            "snapshot" => Ok(Self::Snapshot),
            "snapshot_pointer" => Ok(Self::SnapshotPointer),
            "kb" => Ok(Self::Kb),
            "kb_pointer" => Ok(Self::KbPointer),
            "clock_probe" => Ok(Self::ClockProbe),
            "doctor_probe" => Ok(Self::DoctorProbe),
            "other" => Ok(Self::Other),
            _ => Err("invalid value".into()),
        }
    }
}
impl ::std::convert::TryFrom<&str> for ObjectKind {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for ObjectKind {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
///`Tally`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    pub bytes: u64,
    pub objects: u64,
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
