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
