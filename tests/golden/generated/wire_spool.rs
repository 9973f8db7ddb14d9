///`PresenceEvent`
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
pub enum PresenceEvent {
    #[serde(rename = "start")]
    Start,
    #[serde(rename = "end")]
    End,
}
impl ::std::fmt::Display for PresenceEvent {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::Start => f.write_str("start"),
            Self::End => f.write_str("end"),
        }
    }
}
impl ::std::str::FromStr for PresenceEvent {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        match value {
            "start" => Ok(Self::Start),
            "end" => Ok(Self::End),
            _ => Err("invalid value".into()),
        }
    }
}
impl ::std::convert::TryFrom<&str> for PresenceEvent {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for PresenceEvent {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
///One line of <spool>/mcp/<fleet_id>.ndjson: a write-shaped tool call queued for `ctxlake sync`. Every free-text field has been through the secret redactor before the record was built. `id` is a ULID that makes the drain idempotent.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(tag = "kind", deny_unknown_fields)]
pub enum SpoolRecord {
    ///ClaimRequest
    #[serde(rename = "claim_request")]
    ClaimRequest {
        agent_id: ::std::string::String,
        at: ::chrono::DateTime<::chrono::offset::Utc>,
        fleet_id: ::std::string::String,
        id: ::std::string::String,
        paths: ::std::vec::Vec<::std::string::String>,
        reason: ::std::string::String,
        ttl_secs: i64,
    },
    ///ReleaseRequest
    #[serde(rename = "release_request")]
    ReleaseRequest {
        agent_id: ::std::string::String,
        at: ::chrono::DateTime<::chrono::offset::Utc>,
        fleet_id: ::std::string::String,
        id: ::std::string::String,
        ///null releases every lease the agent holds
        #[serde(deserialize_with = "::std::option::Option::deserialize")]
        paths: ::std::option::Option<::std::vec::Vec<::std::string::String>>,
    },
    ///Handoff
    #[serde(rename = "handoff")]
    Handoff {
        agent_id: ::std::string::String,
        at: ::chrono::DateTime<::chrono::offset::Utc>,
        fleet_id: ::std::string::String,
        id: ::std::string::String,
        #[serde(deserialize_with = "::std::option::Option::deserialize")]
        next: ::std::option::Option<::std::string::String>,
        status: ::std::string::String,
        summary: ::std::string::String,
    },
    /**Presence

`ctxlake mcp` announcing a session: `start` once the client has named itself in `initialize`, `end` when its input closes. `ctxlake sync` on the same host keeps the agent's heartbeat alive while `pid` (with `pid_start`, so a reused pid is not mistaken for it) runs.*/
    #[serde(rename = "presence")]
    Presence {
        agent_id: ::std::string::String,
        at: ::chrono::DateTime<::chrono::offset::Utc>,
        ///from .git/HEAD; null when detached
        #[serde(deserialize_with = "::std::option::Option::deserialize")]
        branch: ::std::option::Option<::std::string::String>,
        ///clientInfo.name from `initialize`
        #[serde(deserialize_with = "::std::option::Option::deserialize")]
        client_name: ::std::option::Option<::std::string::String>,
        #[serde(deserialize_with = "::std::option::Option::deserialize")]
        client_version: ::std::option::Option<::std::string::String>,
        #[serde(deserialize_with = "::std::option::Option::deserialize")]
        cwd: ::std::option::Option<::std::string::String>,
        event: PresenceEvent,
        fleet_id: ::std::string::String,
        host: ::std::string::String,
        id: ::std::string::String,
        pid: ::std::num::NonZeroU64,
        ///the process's start time in clock ticks after boot (/proc/<pid>/stat field 22), where readable
        #[serde(deserialize_with = "::std::option::Option::deserialize")]
        pid_start: ::std::option::Option<::std::string::String>,
        ///the origin remote's URL from .git/config, credentials removed
        #[serde(deserialize_with = "::std::option::Option::deserialize")]
        repo: ::std::option::Option<::std::string::String>,
        ///a ULID per `ctxlake mcp` process
        session_id: ::std::string::String,
    },
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
