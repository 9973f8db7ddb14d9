pub mod fleet {
    ///Queue an advisory-lease request for paths you are about to change. The request is appended to the local spool for `ctxlake sync` to apply with compare-and-swap; this call never tells you that you now hold a lease (check fleet_status after the next sync). Leases are advisory: they stop no writer. Secrets in any argument are redacted before anything is written.
    #[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct FleetClaimInput {
        ///repository paths or globs to claim (1 to 100, each at most 1024 characters)
        pub paths: ::std::vec::Vec<FleetClaimInputPathsItem>,
        ///why you need them (at most 2000 characters)
        pub reason: FleetClaimInputReason,
        ///lease lifetime in seconds; default 300, clamped to 30..86400
        #[serde(default = "defaults::default_u64::<i64, 300>")]
        pub ttl_secs: i64,
    }
    ///`FleetClaimInputPathsItem`
    #[derive(::serde::Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct FleetClaimInputPathsItem(::std::string::String);
    impl ::std::ops::Deref for FleetClaimInputPathsItem {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }
    impl ::std::convert::From<FleetClaimInputPathsItem> for ::std::string::String {
        fn from(value: FleetClaimInputPathsItem) -> Self {
            value.0
        }
    }
    impl ::std::str::FromStr for FleetClaimInputPathsItem {
        type Err = self::error::ConversionError;
        fn from_str(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 1024usize {
                return Err("longer than 1024 characters".into());
            }
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }
    impl ::std::convert::TryFrom<&str> for FleetClaimInputPathsItem {
        type Error = self::error::ConversionError;
        fn try_from(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl ::std::convert::TryFrom<::std::string::String> for FleetClaimInputPathsItem {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl<'de> ::serde::Deserialize<'de> for FleetClaimInputPathsItem {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?
                .parse()
                .map_err(|e: self::error::ConversionError| {
                    <D::Error as ::serde::de::Error>::custom(e.to_string())
                })
        }
    }
    ///why you need them (at most 2000 characters)
    #[derive(::serde::Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct FleetClaimInputReason(::std::string::String);
    impl ::std::ops::Deref for FleetClaimInputReason {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }
    impl ::std::convert::From<FleetClaimInputReason> for ::std::string::String {
        fn from(value: FleetClaimInputReason) -> Self {
            value.0
        }
    }
    impl ::std::str::FromStr for FleetClaimInputReason {
        type Err = self::error::ConversionError;
        fn from_str(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 2000usize {
                return Err("longer than 2000 characters".into());
            }
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }
    impl ::std::convert::TryFrom<&str> for FleetClaimInputReason {
        type Error = self::error::ConversionError;
        fn try_from(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl ::std::convert::TryFrom<::std::string::String> for FleetClaimInputReason {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl<'de> ::serde::Deserialize<'de> for FleetClaimInputReason {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?
                .parse()
                .map_err(|e: self::error::ConversionError| {
                    <D::Error as ::serde::de::Error>::custom(e.to_string())
                })
        }
    }
    ///`FleetClaimOutput`
    #[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct FleetClaimOutput {
        pub note: ::std::string::String,
        pub paths: ::std::vec::Vec<::std::string::String>,
        ///always true: the request is durably in the local spool
        pub queued: bool,
        ///id of the spooled request (a ULID)
        pub request_id: ::std::string::String,
        ///the lifetime actually requested, after clamping
        pub ttl_secs: i64,
    }
    ///Leave a note for whoever picks this work up next. It is queued to the local spool and reaches the fleet's briefing after `ctxlake sync`. Secrets in any argument are redacted before anything is written.
    #[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct FleetHandoffInput {
        ///what the next agent should do (at most 2000 characters)
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub next: ::std::option::Option<FleetHandoffInputNext>,
        ///one short word or phrase, e.g. done, blocked, in progress (at most 200 characters)
        pub status: FleetHandoffInputStatus,
        ///what was done and what state it is in (at most 2000 characters)
        pub summary: FleetHandoffInputSummary,
    }
    ///what the next agent should do (at most 2000 characters)
    #[derive(::serde::Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct FleetHandoffInputNext(::std::string::String);
    impl ::std::ops::Deref for FleetHandoffInputNext {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }
    impl ::std::convert::From<FleetHandoffInputNext> for ::std::string::String {
        fn from(value: FleetHandoffInputNext) -> Self {
            value.0
        }
    }
    impl ::std::str::FromStr for FleetHandoffInputNext {
        type Err = self::error::ConversionError;
        fn from_str(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 2000usize {
                return Err("longer than 2000 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }
    impl ::std::convert::TryFrom<&str> for FleetHandoffInputNext {
        type Error = self::error::ConversionError;
        fn try_from(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl ::std::convert::TryFrom<::std::string::String> for FleetHandoffInputNext {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl<'de> ::serde::Deserialize<'de> for FleetHandoffInputNext {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?
                .parse()
                .map_err(|e: self::error::ConversionError| {
                    <D::Error as ::serde::de::Error>::custom(e.to_string())
                })
        }
    }
    ///one short word or phrase, e.g. done, blocked, in progress (at most 200 characters)
    #[derive(::serde::Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct FleetHandoffInputStatus(::std::string::String);
    impl ::std::ops::Deref for FleetHandoffInputStatus {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }
    impl ::std::convert::From<FleetHandoffInputStatus> for ::std::string::String {
        fn from(value: FleetHandoffInputStatus) -> Self {
            value.0
        }
    }
    impl ::std::str::FromStr for FleetHandoffInputStatus {
        type Err = self::error::ConversionError;
        fn from_str(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 200usize {
                return Err("longer than 200 characters".into());
            }
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }
    impl ::std::convert::TryFrom<&str> for FleetHandoffInputStatus {
        type Error = self::error::ConversionError;
        fn try_from(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl ::std::convert::TryFrom<::std::string::String> for FleetHandoffInputStatus {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl<'de> ::serde::Deserialize<'de> for FleetHandoffInputStatus {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?
                .parse()
                .map_err(|e: self::error::ConversionError| {
                    <D::Error as ::serde::de::Error>::custom(e.to_string())
                })
        }
    }
    ///what was done and what state it is in (at most 2000 characters)
    #[derive(::serde::Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct FleetHandoffInputSummary(::std::string::String);
    impl ::std::ops::Deref for FleetHandoffInputSummary {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }
    impl ::std::convert::From<FleetHandoffInputSummary> for ::std::string::String {
        fn from(value: FleetHandoffInputSummary) -> Self {
            value.0
        }
    }
    impl ::std::str::FromStr for FleetHandoffInputSummary {
        type Err = self::error::ConversionError;
        fn from_str(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 2000usize {
                return Err("longer than 2000 characters".into());
            }
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }
    impl ::std::convert::TryFrom<&str> for FleetHandoffInputSummary {
        type Error = self::error::ConversionError;
        fn try_from(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl ::std::convert::TryFrom<::std::string::String> for FleetHandoffInputSummary {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl<'de> ::serde::Deserialize<'de> for FleetHandoffInputSummary {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?
                .parse()
                .map_err(|e: self::error::ConversionError| {
                    <D::Error as ::serde::de::Error>::custom(e.to_string())
                })
        }
    }
    ///`FleetHandoffOutput`
    #[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct FleetHandoffOutput {
        pub note: ::std::string::String,
        ///always true: the request is durably in the local spool
        pub queued: bool,
        pub request_id: ::std::string::String,
    }
    ///Recent sessions of this fleet and their outcomes, newest first, from the local cache (history.json written by `ctxlake sync`).
    #[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct FleetHistoryInput {
        ///rows to return; default 50, clamped to 1..200
        #[serde(default = "defaults::default_u64::<i64, 50>")]
        pub limit: i64,
        ///only sessions in this repository (exact match)
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub repo: ::std::option::Option<::std::string::String>,
        ///only sessions that ended at or after this RFC 3339 time
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub since: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
    }
    impl ::std::default::Default for FleetHistoryInput {
        fn default() -> Self {
            Self {
                limit: defaults::default_u64::<i64, 50>(),
                repo: Default::default(),
                since: Default::default(),
            }
        }
    }
    ///`FleetHistoryOutput`
    #[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct FleetHistoryOutput {
        ///false when no readable history is cached for this fleet
        pub enabled: bool,
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub note: ::std::option::Option<::std::string::String>,
        pub sessions: ::std::vec::Vec<
            ::serde_json::Map<::std::string::String, ::serde_json::Value>,
        >,
        ///true when more sessions matched than were returned
        pub truncated: bool,
    }
    ///Queue a release of advisory leases you hold. Omit `paths` to release everything you hold. The request is appended to the local spool for `ctxlake sync` to apply; it takes effect only then.
    #[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, Default, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct FleetReleaseInput {
        ///paths to release (1 to 100); omit to release all
        #[serde(default, skip_serializing_if = "::std::vec::Vec::is_empty")]
        pub paths: ::std::vec::Vec<FleetReleaseInputPathsItem>,
    }
    ///`FleetReleaseInputPathsItem`
    #[derive(::serde::Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct FleetReleaseInputPathsItem(::std::string::String);
    impl ::std::ops::Deref for FleetReleaseInputPathsItem {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }
    impl ::std::convert::From<FleetReleaseInputPathsItem> for ::std::string::String {
        fn from(value: FleetReleaseInputPathsItem) -> Self {
            value.0
        }
    }
    impl ::std::str::FromStr for FleetReleaseInputPathsItem {
        type Err = self::error::ConversionError;
        fn from_str(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 1024usize {
                return Err("longer than 1024 characters".into());
            }
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }
    impl ::std::convert::TryFrom<&str> for FleetReleaseInputPathsItem {
        type Error = self::error::ConversionError;
        fn try_from(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl ::std::convert::TryFrom<::std::string::String> for FleetReleaseInputPathsItem {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl<'de> ::serde::Deserialize<'de> for FleetReleaseInputPathsItem {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?
                .parse()
                .map_err(|e: self::error::ConversionError| {
                    <D::Error as ::serde::de::Error>::custom(e.to_string())
                })
        }
    }
    ///`FleetReleaseOutput`
    #[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct FleetReleaseOutput {
        pub note: ::std::string::String,
        ///null means every lease this agent holds
        #[serde(deserialize_with = "::std::option::Option::deserialize")]
        pub paths: ::std::option::Option<::std::vec::Vec<::std::string::String>>,
        ///always true: the request is durably in the local spool
        pub queued: bool,
        pub request_id: ::std::string::String,
    }
    ///Who is active in this fleet and which advisory leases they hold, as of the last local cache refresh (roster.json and leases.json written by `ctxlake sync`). Takes no arguments. An empty list can mean nobody is active or the cache has not been refreshed; the note says which files were missing.
    #[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, Default, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct FleetStatusInput {}
    ///`FleetStatusOutput`
    #[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct FleetStatusOutput {
        ///roster entries as the cache holds them (every key and value sanitized), each with `held_leases`: the resources this agent holds according to leases.json
        pub agents: ::std::vec::Vec<
            ::serde_json::Map<::std::string::String, ::serde_json::Value>,
        >,
        pub fleet_id: ::std::string::String,
        ///every lease in leases.json (sanitized)
        pub leases: ::std::vec::Vec<
            ::serde_json::Map<::std::string::String, ::serde_json::Value>,
        >,
        pub note: ::std::string::String,
        ///when the roster in the cache was built, if it says
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub roster_generated_at: ::std::option::Option<::std::string::String>,
        ///true when more than 200 agents or leases were cached
        pub truncated: bool,
    }
    /// Generation of default values for serde.
    pub mod defaults {
        pub(super) fn default_u64<T, const V: u64>() -> T
        where
            T: ::std::convert::TryFrom<u64>,
            <T as ::std::convert::TryFrom<u64>>::Error: ::std::fmt::Debug,
        {
            T::try_from(V).unwrap()
        }
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
    /// One method per tool of this family; `crate::tools` implements it.
    pub trait Fleet: Send + Sync {
        ///Who is active in this fleet and which advisory leases they hold, as of the last local cache refresh (roster.json and leases.json written by `ctxlake sync`). Takes no arguments. An empty list can mean nobody is active or the cache has not been refreshed; the note says which files were missing.
        fn fleet_status(
            &self,
            input: FleetStatusInput,
        ) -> Result<FleetStatusOutput, crate::catalog::ToolError>;
        ///Queue an advisory-lease request for paths you are about to change. The request is appended to the local spool for `ctxlake sync` to apply with compare-and-swap; this call never tells you that you now hold a lease (check fleet_status after the next sync). Leases are advisory: they stop no writer. Secrets in any argument are redacted before anything is written.
        fn fleet_claim(
            &self,
            input: FleetClaimInput,
        ) -> Result<FleetClaimOutput, crate::catalog::ToolError>;
        ///Queue a release of advisory leases you hold. Omit `paths` to release everything you hold. The request is appended to the local spool for `ctxlake sync` to apply; it takes effect only then.
        fn fleet_release(
            &self,
            input: FleetReleaseInput,
        ) -> Result<FleetReleaseOutput, crate::catalog::ToolError>;
        ///Recent sessions of this fleet and their outcomes, newest first, from the local cache (history.json written by `ctxlake sync`).
        fn fleet_history(
            &self,
            input: FleetHistoryInput,
        ) -> Result<FleetHistoryOutput, crate::catalog::ToolError>;
        ///Leave a note for whoever picks this work up next. It is queued to the local spool and reaches the fleet's briefing after `ctxlake sync`. Secrets in any argument are redacted before anything is written.
        fn fleet_handoff(
            &self,
            input: FleetHandoffInput,
        ) -> Result<FleetHandoffOutput, crate::catalog::ToolError>;
    }
    ///`fleet_claim.ttl_secs`: default 300, clamped to 30..86400.
    pub const FLEET_CLAIM_TTL_SECS: crate::catalog::Clamp = crate::catalog::Clamp {
        default: 300i64,
        min: 30i64,
        max: 86400i64,
    };
    ///`fleet_history.limit`: default 50, clamped to 1..200.
    pub const FLEET_HISTORY_LIMIT: crate::catalog::Clamp = crate::catalog::Clamp {
        default: 50i64,
        min: 1i64,
        max: 200i64,
    };
}
pub mod memory {
    ///File a claim candidate the fleet may learn from, citing the sessions and messages it rests on (no evidence, no claim). It is queued to the local spool at agent scope; only the promotion gate can make it visible to other agents, never this call. Secrets in any argument are redacted before anything is written.
    #[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct MemoryProposeInput {
        ///the observation, one or two sentences (at most 2000 characters)
        pub claim: MemoryProposeInputClaim,
        ///1 to 20 citations; more than 20 is refused, not trimmed
        pub evidence: ::std::vec::Vec<MemoryProposeInputEvidenceItem>,
        ///what the claim is about: a repo, tool, service or file (at most 200 characters)
        pub subject: MemoryProposeInputSubject,
        ///environment (a fact about a machine or service), convention (how this repo does things), outcome (what happened when something was tried), preference (how a human wants things), hypothesis (a guess to check)
        #[serde(rename = "type")]
        pub type_: MemoryProposeInputType,
    }
    ///the observation, one or two sentences (at most 2000 characters)
    #[derive(::serde::Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct MemoryProposeInputClaim(::std::string::String);
    impl ::std::ops::Deref for MemoryProposeInputClaim {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }
    impl ::std::convert::From<MemoryProposeInputClaim> for ::std::string::String {
        fn from(value: MemoryProposeInputClaim) -> Self {
            value.0
        }
    }
    impl ::std::str::FromStr for MemoryProposeInputClaim {
        type Err = self::error::ConversionError;
        fn from_str(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 2000usize {
                return Err("longer than 2000 characters".into());
            }
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }
    impl ::std::convert::TryFrom<&str> for MemoryProposeInputClaim {
        type Error = self::error::ConversionError;
        fn try_from(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl ::std::convert::TryFrom<::std::string::String> for MemoryProposeInputClaim {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl<'de> ::serde::Deserialize<'de> for MemoryProposeInputClaim {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?
                .parse()
                .map_err(|e: self::error::ConversionError| {
                    <D::Error as ::serde::de::Error>::custom(e.to_string())
                })
        }
    }
    ///`MemoryProposeInputEvidenceItem`
    #[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct MemoryProposeInputEvidenceItem {
        ///sha256:<hex> of the cited excerpt, if known
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub excerpt_hash: ::std::option::Option<
            MemoryProposeInputEvidenceItemExcerptHash,
        >,
        pub message_id: MemoryProposeInputEvidenceItemMessageId,
        ///when the cited message was written (default: now)
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub observed_at: ::std::option::Option<
            ::chrono::DateTime<::chrono::offset::Utc>,
        >,
        pub session_id: MemoryProposeInputEvidenceItemSessionId,
    }
    ///sha256:<hex> of the cited excerpt, if known
    #[derive(::serde::Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct MemoryProposeInputEvidenceItemExcerptHash(::std::string::String);
    impl ::std::ops::Deref for MemoryProposeInputEvidenceItemExcerptHash {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }
    impl ::std::convert::From<MemoryProposeInputEvidenceItemExcerptHash>
    for ::std::string::String {
        fn from(value: MemoryProposeInputEvidenceItemExcerptHash) -> Self {
            value.0
        }
    }
    impl ::std::str::FromStr for MemoryProposeInputEvidenceItemExcerptHash {
        type Err = self::error::ConversionError;
        fn from_str(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 200usize {
                return Err("longer than 200 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }
    impl ::std::convert::TryFrom<&str> for MemoryProposeInputEvidenceItemExcerptHash {
        type Error = self::error::ConversionError;
        fn try_from(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl ::std::convert::TryFrom<::std::string::String>
    for MemoryProposeInputEvidenceItemExcerptHash {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl<'de> ::serde::Deserialize<'de> for MemoryProposeInputEvidenceItemExcerptHash {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?
                .parse()
                .map_err(|e: self::error::ConversionError| {
                    <D::Error as ::serde::de::Error>::custom(e.to_string())
                })
        }
    }
    ///`MemoryProposeInputEvidenceItemMessageId`
    #[derive(::serde::Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct MemoryProposeInputEvidenceItemMessageId(::std::string::String);
    impl ::std::ops::Deref for MemoryProposeInputEvidenceItemMessageId {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }
    impl ::std::convert::From<MemoryProposeInputEvidenceItemMessageId>
    for ::std::string::String {
        fn from(value: MemoryProposeInputEvidenceItemMessageId) -> Self {
            value.0
        }
    }
    impl ::std::str::FromStr for MemoryProposeInputEvidenceItemMessageId {
        type Err = self::error::ConversionError;
        fn from_str(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 200usize {
                return Err("longer than 200 characters".into());
            }
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }
    impl ::std::convert::TryFrom<&str> for MemoryProposeInputEvidenceItemMessageId {
        type Error = self::error::ConversionError;
        fn try_from(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl ::std::convert::TryFrom<::std::string::String>
    for MemoryProposeInputEvidenceItemMessageId {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl<'de> ::serde::Deserialize<'de> for MemoryProposeInputEvidenceItemMessageId {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?
                .parse()
                .map_err(|e: self::error::ConversionError| {
                    <D::Error as ::serde::de::Error>::custom(e.to_string())
                })
        }
    }
    ///`MemoryProposeInputEvidenceItemSessionId`
    #[derive(::serde::Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct MemoryProposeInputEvidenceItemSessionId(::std::string::String);
    impl ::std::ops::Deref for MemoryProposeInputEvidenceItemSessionId {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }
    impl ::std::convert::From<MemoryProposeInputEvidenceItemSessionId>
    for ::std::string::String {
        fn from(value: MemoryProposeInputEvidenceItemSessionId) -> Self {
            value.0
        }
    }
    impl ::std::str::FromStr for MemoryProposeInputEvidenceItemSessionId {
        type Err = self::error::ConversionError;
        fn from_str(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 200usize {
                return Err("longer than 200 characters".into());
            }
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }
    impl ::std::convert::TryFrom<&str> for MemoryProposeInputEvidenceItemSessionId {
        type Error = self::error::ConversionError;
        fn try_from(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl ::std::convert::TryFrom<::std::string::String>
    for MemoryProposeInputEvidenceItemSessionId {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl<'de> ::serde::Deserialize<'de> for MemoryProposeInputEvidenceItemSessionId {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?
                .parse()
                .map_err(|e: self::error::ConversionError| {
                    <D::Error as ::serde::de::Error>::custom(e.to_string())
                })
        }
    }
    ///what the claim is about: a repo, tool, service or file (at most 200 characters)
    #[derive(::serde::Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct MemoryProposeInputSubject(::std::string::String);
    impl ::std::ops::Deref for MemoryProposeInputSubject {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }
    impl ::std::convert::From<MemoryProposeInputSubject> for ::std::string::String {
        fn from(value: MemoryProposeInputSubject) -> Self {
            value.0
        }
    }
    impl ::std::str::FromStr for MemoryProposeInputSubject {
        type Err = self::error::ConversionError;
        fn from_str(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 200usize {
                return Err("longer than 200 characters".into());
            }
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }
    impl ::std::convert::TryFrom<&str> for MemoryProposeInputSubject {
        type Error = self::error::ConversionError;
        fn try_from(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl ::std::convert::TryFrom<::std::string::String> for MemoryProposeInputSubject {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl<'de> ::serde::Deserialize<'de> for MemoryProposeInputSubject {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?
                .parse()
                .map_err(|e: self::error::ConversionError| {
                    <D::Error as ::serde::de::Error>::custom(e.to_string())
                })
        }
    }
    ///environment (a fact about a machine or service), convention (how this repo does things), outcome (what happened when something was tried), preference (how a human wants things), hypothesis (a guess to check)
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
    pub enum MemoryProposeInputType {
        #[serde(rename = "environment")]
        Environment,
        #[serde(rename = "convention")]
        Convention,
        #[serde(rename = "outcome")]
        Outcome,
        #[serde(rename = "preference")]
        Preference,
        #[serde(rename = "hypothesis")]
        Hypothesis,
    }
    impl ::std::fmt::Display for MemoryProposeInputType {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Environment => f.write_str("environment"),
                Self::Convention => f.write_str("convention"),
                Self::Outcome => f.write_str("outcome"),
                Self::Preference => f.write_str("preference"),
                Self::Hypothesis => f.write_str("hypothesis"),
            }
        }
    }
    impl ::std::str::FromStr for MemoryProposeInputType {
        type Err = self::error::ConversionError;
        fn from_str(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "environment" => Ok(Self::Environment),
                "convention" => Ok(Self::Convention),
                "outcome" => Ok(Self::Outcome),
                "preference" => Ok(Self::Preference),
                "hypothesis" => Ok(Self::Hypothesis),
                _ => Err("invalid value".into()),
            }
        }
    }
    impl ::std::convert::TryFrom<&str> for MemoryProposeInputType {
        type Error = self::error::ConversionError;
        fn try_from(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl ::std::convert::TryFrom<::std::string::String> for MemoryProposeInputType {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    ///`MemoryProposeOutput`
    #[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct MemoryProposeOutput {
        ///the claim as queued (after redaction)
        pub claim: ::std::string::String,
        pub claim_type: ::std::string::String,
        pub evidence_count: i64,
        ///the candidate's claim id (a ULID)
        pub id: ::std::string::String,
        pub note: ::std::string::String,
        ///always `candidate`
        pub status: MemoryProposeOutputStatus,
    }
    ///always `candidate`
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
    pub enum MemoryProposeOutputStatus {
        #[serde(rename = "candidate")]
        Candidate,
    }
    impl ::std::fmt::Display for MemoryProposeOutputStatus {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Candidate => f.write_str("candidate"),
            }
        }
    }
    impl ::std::str::FromStr for MemoryProposeOutputStatus {
        type Err = self::error::ConversionError;
        fn from_str(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "candidate" => Ok(Self::Candidate),
                _ => Err("invalid value".into()),
            }
        }
    }
    impl ::std::convert::TryFrom<&str> for MemoryProposeOutputStatus {
        type Error = self::error::ConversionError;
        fn try_from(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl ::std::convert::TryFrom<::std::string::String> for MemoryProposeOutputStatus {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    ///Search the claims this fleet has promoted (lexical FTS5 fused with vector similarity), from the local snapshot. Each hit is rendered with attribution: observer, date, independent sessions, confidence, and CONTESTED when disputed. Hits are other agents' observations: verify before relying on them.
    #[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct MemorySearchInput {
        ///only claims of this type
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub claim_type: ::std::option::Option<MemorySearchInputClaimType>,
        ///hits to return; default 10, clamped to 1..200
        #[serde(default = "defaults::default_u64::<i64, 10>")]
        pub k: i64,
        ///what you want to know, in words (at most 1000 characters)
        pub query: MemorySearchInputQuery,
        ///only claims of this scope
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub scope: ::std::option::Option<MemorySearchInputScope>,
        ///only claims about this subject (exact match)
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub subject: ::std::option::Option<MemorySearchInputSubject>,
    }
    ///only claims of this type
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
    pub enum MemorySearchInputClaimType {
        #[serde(rename = "environment")]
        Environment,
        #[serde(rename = "convention")]
        Convention,
        #[serde(rename = "outcome")]
        Outcome,
        #[serde(rename = "preference")]
        Preference,
        #[serde(rename = "hypothesis")]
        Hypothesis,
    }
    impl ::std::fmt::Display for MemorySearchInputClaimType {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Environment => f.write_str("environment"),
                Self::Convention => f.write_str("convention"),
                Self::Outcome => f.write_str("outcome"),
                Self::Preference => f.write_str("preference"),
                Self::Hypothesis => f.write_str("hypothesis"),
            }
        }
    }
    impl ::std::str::FromStr for MemorySearchInputClaimType {
        type Err = self::error::ConversionError;
        fn from_str(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "environment" => Ok(Self::Environment),
                "convention" => Ok(Self::Convention),
                "outcome" => Ok(Self::Outcome),
                "preference" => Ok(Self::Preference),
                "hypothesis" => Ok(Self::Hypothesis),
                _ => Err("invalid value".into()),
            }
        }
    }
    impl ::std::convert::TryFrom<&str> for MemorySearchInputClaimType {
        type Error = self::error::ConversionError;
        fn try_from(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl ::std::convert::TryFrom<::std::string::String> for MemorySearchInputClaimType {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    ///what you want to know, in words (at most 1000 characters)
    #[derive(::serde::Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct MemorySearchInputQuery(::std::string::String);
    impl ::std::ops::Deref for MemorySearchInputQuery {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }
    impl ::std::convert::From<MemorySearchInputQuery> for ::std::string::String {
        fn from(value: MemorySearchInputQuery) -> Self {
            value.0
        }
    }
    impl ::std::str::FromStr for MemorySearchInputQuery {
        type Err = self::error::ConversionError;
        fn from_str(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 1000usize {
                return Err("longer than 1000 characters".into());
            }
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }
    impl ::std::convert::TryFrom<&str> for MemorySearchInputQuery {
        type Error = self::error::ConversionError;
        fn try_from(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl ::std::convert::TryFrom<::std::string::String> for MemorySearchInputQuery {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl<'de> ::serde::Deserialize<'de> for MemorySearchInputQuery {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?
                .parse()
                .map_err(|e: self::error::ConversionError| {
                    <D::Error as ::serde::de::Error>::custom(e.to_string())
                })
        }
    }
    ///only claims of this scope
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
    pub enum MemorySearchInputScope {
        #[serde(rename = "agent")]
        Agent,
        #[serde(rename = "repo")]
        Repo,
        #[serde(rename = "fleet")]
        Fleet,
    }
    impl ::std::fmt::Display for MemorySearchInputScope {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Agent => f.write_str("agent"),
                Self::Repo => f.write_str("repo"),
                Self::Fleet => f.write_str("fleet"),
            }
        }
    }
    impl ::std::str::FromStr for MemorySearchInputScope {
        type Err = self::error::ConversionError;
        fn from_str(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "agent" => Ok(Self::Agent),
                "repo" => Ok(Self::Repo),
                "fleet" => Ok(Self::Fleet),
                _ => Err("invalid value".into()),
            }
        }
    }
    impl ::std::convert::TryFrom<&str> for MemorySearchInputScope {
        type Error = self::error::ConversionError;
        fn try_from(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl ::std::convert::TryFrom<::std::string::String> for MemorySearchInputScope {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    ///only claims about this subject (exact match)
    #[derive(::serde::Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct MemorySearchInputSubject(::std::string::String);
    impl ::std::ops::Deref for MemorySearchInputSubject {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }
    impl ::std::convert::From<MemorySearchInputSubject> for ::std::string::String {
        fn from(value: MemorySearchInputSubject) -> Self {
            value.0
        }
    }
    impl ::std::str::FromStr for MemorySearchInputSubject {
        type Err = self::error::ConversionError;
        fn from_str(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 200usize {
                return Err("longer than 200 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }
    impl ::std::convert::TryFrom<&str> for MemorySearchInputSubject {
        type Error = self::error::ConversionError;
        fn try_from(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl ::std::convert::TryFrom<::std::string::String> for MemorySearchInputSubject {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl<'de> ::serde::Deserialize<'de> for MemorySearchInputSubject {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?
                .parse()
                .map_err(|e: self::error::ConversionError| {
                    <D::Error as ::serde::de::Error>::custom(e.to_string())
                })
        }
    }
    ///`MemorySearchOutput`
    #[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct MemorySearchOutput {
        ///false when no usable snapshot is cached for this fleet
        pub enabled: bool,
        pub note: ::std::string::String,
        ///rendered hits, best first: `[observer, date, N independent sessions, conf 0.81]` then the claim on the next line, indented two spaces
        pub results: ::std::vec::Vec<::std::string::String>,
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub retrieval: ::std::option::Option<MemorySearchOutputRetrieval>,
        ///true when more claims matched than were returned
        pub truncated: bool,
    }
    ///how the results were ranked; present whenever a snapshot was searched
    #[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct MemorySearchOutputRetrieval {
        ///true when the static embedding model was not used
        pub degraded: bool,
        ///the model that embedded the query, when vectors took part
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub embedder: ::std::option::Option<::std::string::String>,
        ///`semantic`: the keyword index fused with the static embedding model; `hash`: the keyword index fused with the lexical hash fallback; `keyword`: the keyword index alone
        pub mode: MemorySearchOutputRetrievalMode,
        ///why the search is degraded
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub reason: ::std::option::Option<::std::string::String>,
    }
    ///`semantic`: the keyword index fused with the static embedding model; `hash`: the keyword index fused with the lexical hash fallback; `keyword`: the keyword index alone
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
    pub enum MemorySearchOutputRetrievalMode {
        #[serde(rename = "semantic")]
        Semantic,
        #[serde(rename = "hash")]
        Hash,
        #[serde(rename = "keyword")]
        Keyword,
    }
    impl ::std::fmt::Display for MemorySearchOutputRetrievalMode {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Semantic => f.write_str("semantic"),
                Self::Hash => f.write_str("hash"),
                Self::Keyword => f.write_str("keyword"),
            }
        }
    }
    impl ::std::str::FromStr for MemorySearchOutputRetrievalMode {
        type Err = self::error::ConversionError;
        fn from_str(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "semantic" => Ok(Self::Semantic),
                "hash" => Ok(Self::Hash),
                "keyword" => Ok(Self::Keyword),
                _ => Err("invalid value".into()),
            }
        }
    }
    impl ::std::convert::TryFrom<&str> for MemorySearchOutputRetrievalMode {
        type Error = self::error::ConversionError;
        fn try_from(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl ::std::convert::TryFrom<::std::string::String>
    for MemorySearchOutputRetrievalMode {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    ///What this fleet has actually tried about a subject: its promoted outcome claims, oldest first, from the local snapshot, each rendered with attribution.
    #[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct MemoryTimelineInput {
        ///entries to return; default 50, clamped to 1..200
        #[serde(default = "defaults::default_u64::<i64, 50>")]
        pub limit: i64,
        ///only entries updated at or after this RFC 3339 time
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub since: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
        ///the subject (exact match)
        pub subject: MemoryTimelineInputSubject,
    }
    ///the subject (exact match)
    #[derive(::serde::Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct MemoryTimelineInputSubject(::std::string::String);
    impl ::std::ops::Deref for MemoryTimelineInputSubject {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }
    impl ::std::convert::From<MemoryTimelineInputSubject> for ::std::string::String {
        fn from(value: MemoryTimelineInputSubject) -> Self {
            value.0
        }
    }
    impl ::std::str::FromStr for MemoryTimelineInputSubject {
        type Err = self::error::ConversionError;
        fn from_str(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 200usize {
                return Err("longer than 200 characters".into());
            }
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }
    impl ::std::convert::TryFrom<&str> for MemoryTimelineInputSubject {
        type Error = self::error::ConversionError;
        fn try_from(
            value: &str,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl ::std::convert::TryFrom<::std::string::String> for MemoryTimelineInputSubject {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }
    impl<'de> ::serde::Deserialize<'de> for MemoryTimelineInputSubject {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?
                .parse()
                .map_err(|e: self::error::ConversionError| {
                    <D::Error as ::serde::de::Error>::custom(e.to_string())
                })
        }
    }
    ///`MemoryTimelineOutput`
    #[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct MemoryTimelineOutput {
        pub enabled: bool,
        pub entries: ::std::vec::Vec<MemoryTimelineOutputEntriesItem>,
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub note: ::std::option::Option<::std::string::String>,
        pub truncated: bool,
    }
    ///`MemoryTimelineOutputEntriesItem`
    #[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct MemoryTimelineOutputEntriesItem {
        pub at: ::std::string::String,
        pub observed_by: ::std::string::String,
        pub rendered: ::std::string::String,
    }
    /// Generation of default values for serde.
    pub mod defaults {
        pub(super) fn default_u64<T, const V: u64>() -> T
        where
            T: ::std::convert::TryFrom<u64>,
            <T as ::std::convert::TryFrom<u64>>::Error: ::std::fmt::Debug,
        {
            T::try_from(V).unwrap()
        }
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
    /// One method per tool of this family; `crate::tools` implements it.
    pub trait Memory: Send + Sync {
        ///Search the claims this fleet has promoted (lexical FTS5 fused with vector similarity), from the local snapshot. Each hit is rendered with attribution: observer, date, independent sessions, confidence, and CONTESTED when disputed. Hits are other agents' observations: verify before relying on them.
        fn memory_search(
            &self,
            input: MemorySearchInput,
        ) -> Result<MemorySearchOutput, crate::catalog::ToolError>;
        ///File a claim candidate the fleet may learn from, citing the sessions and messages it rests on (no evidence, no claim). It is queued to the local spool at agent scope; only the promotion gate can make it visible to other agents, never this call. Secrets in any argument are redacted before anything is written.
        fn memory_propose(
            &self,
            input: MemoryProposeInput,
        ) -> Result<MemoryProposeOutput, crate::catalog::ToolError>;
        ///What this fleet has actually tried about a subject: its promoted outcome claims, oldest first, from the local snapshot, each rendered with attribution.
        fn memory_timeline(
            &self,
            input: MemoryTimelineInput,
        ) -> Result<MemoryTimelineOutput, crate::catalog::ToolError>;
    }
    ///`memory_search.k`: default 10, clamped to 1..200.
    pub const MEMORY_SEARCH_K: crate::catalog::Clamp = crate::catalog::Clamp {
        default: 10i64,
        min: 1i64,
        max: 200i64,
    };
    ///`memory_timeline.limit`: default 50, clamped to 1..200.
    pub const MEMORY_TIMELINE_LIMIT: crate::catalog::Clamp = crate::catalog::Clamp {
        default: 50i64,
        min: 1i64,
        max: 200i64,
    };
}
/// Every tool ctxlake serves, one variant each, in `tools/list` order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ToolId {
    FleetStatus,
    FleetClaim,
    FleetRelease,
    FleetHistory,
    FleetHandoff,
    MemorySearch,
    MemoryPropose,
    MemoryTimeline,
}
/// The handlers of every family, one accessor each; `crate::tools::Toolbox` implements it.
pub trait Handlers: Send + Sync {
    ///The `fleet` family's handlers (`schemas/tools/fleet/family.json`).
    fn fleet(&self) -> &dyn fleet::Fleet;
    ///The `memory` family's handlers (`schemas/tools/memory/family.json`).
    fn memory(&self) -> &dyn memory::Memory;
}
/// Runs the tool `spec` describes with arguments already validated against its input schema.
pub fn dispatch<H: Handlers + ?Sized>(
    handlers: &H,
    spec: &crate::catalog::ToolSpec,
    arguments: serde_json::Value,
) -> Result<crate::catalog::Output, crate::catalog::CallError> {
    match spec.id {
        ToolId::FleetStatus => {
            crate::catalog::invoke(
                arguments,
                |input| handlers.fleet().fleet_status(input),
            )
        }
        ToolId::FleetClaim => {
            crate::catalog::invoke(
                arguments,
                |input| handlers.fleet().fleet_claim(input),
            )
        }
        ToolId::FleetRelease => {
            crate::catalog::invoke(
                arguments,
                |input| handlers.fleet().fleet_release(input),
            )
        }
        ToolId::FleetHistory => {
            crate::catalog::invoke(
                arguments,
                |input| handlers.fleet().fleet_history(input),
            )
        }
        ToolId::FleetHandoff => {
            crate::catalog::invoke(
                arguments,
                |input| handlers.fleet().fleet_handoff(input),
            )
        }
        ToolId::MemorySearch => {
            crate::catalog::invoke(
                arguments,
                |input| handlers.memory().memory_search(input),
            )
        }
        ToolId::MemoryPropose => {
            crate::catalog::invoke(
                arguments,
                |input| handlers.memory().memory_propose(input),
            )
        }
        ToolId::MemoryTimeline => {
            crate::catalog::invoke(
                arguments,
                |input| handlers.memory().memory_timeline(input),
            )
        }
    }
}
/// Every tool ctxlake serves, in `tools/list` order.
pub static CATALOG: &[crate::catalog::ToolSpec] = &[
    crate::catalog::ToolSpec {
        index: 0usize,
        id: ToolId::FleetStatus,
        family: "fleet",
        name: "fleet_status",
        title: "Fleet status",
        description: "Who is active in this fleet and which advisory leases they hold, as of the last local cache refresh (roster.json and leases.json written by `ctxlake sync`). Takes no arguments. An empty list can mean nobody is active or the cache has not been refreshed; the note says which files were missing.",
        input_schema: include_str!(
            concat!(env!("CARGO_MANIFEST_DIR"),
            "/schemas/tools/fleet/fleet_status.input.json")
        ),
        output_schema: include_str!(
            concat!(env!("CARGO_MANIFEST_DIR"),
            "/schemas/tools/fleet/fleet_status.output.json")
        ),
        read_only: true,
        destructive: false,
        idempotent: true,
        open_world: false,
    },
    crate::catalog::ToolSpec {
        index: 1usize,
        id: ToolId::FleetClaim,
        family: "fleet",
        name: "fleet_claim",
        title: "Queue an advisory lease request",
        description: "Queue an advisory-lease request for paths you are about to change. The request is appended to the local spool for `ctxlake sync` to apply with compare-and-swap; this call never tells you that you now hold a lease (check fleet_status after the next sync). Leases are advisory: they stop no writer. Secrets in any argument are redacted before anything is written.",
        input_schema: include_str!(
            concat!(env!("CARGO_MANIFEST_DIR"),
            "/schemas/tools/fleet/fleet_claim.input.json")
        ),
        output_schema: include_str!(
            concat!(env!("CARGO_MANIFEST_DIR"),
            "/schemas/tools/fleet/fleet_claim.output.json")
        ),
        read_only: false,
        destructive: false,
        idempotent: false,
        open_world: false,
    },
    crate::catalog::ToolSpec {
        index: 2usize,
        id: ToolId::FleetRelease,
        family: "fleet",
        name: "fleet_release",
        title: "Queue a lease release",
        description: "Queue a release of advisory leases you hold. Omit `paths` to release everything you hold. The request is appended to the local spool for `ctxlake sync` to apply; it takes effect only then.",
        input_schema: include_str!(
            concat!(env!("CARGO_MANIFEST_DIR"),
            "/schemas/tools/fleet/fleet_release.input.json")
        ),
        output_schema: include_str!(
            concat!(env!("CARGO_MANIFEST_DIR"),
            "/schemas/tools/fleet/fleet_release.output.json")
        ),
        read_only: false,
        destructive: false,
        idempotent: false,
        open_world: false,
    },
    crate::catalog::ToolSpec {
        index: 3usize,
        id: ToolId::FleetHistory,
        family: "fleet",
        name: "fleet_history",
        title: "Recent fleet sessions",
        description: "Recent sessions of this fleet and their outcomes, newest first, from the local cache (history.json written by `ctxlake sync`).",
        input_schema: include_str!(
            concat!(env!("CARGO_MANIFEST_DIR"),
            "/schemas/tools/fleet/fleet_history.input.json")
        ),
        output_schema: include_str!(
            concat!(env!("CARGO_MANIFEST_DIR"),
            "/schemas/tools/fleet/fleet_history.output.json")
        ),
        read_only: true,
        destructive: false,
        idempotent: true,
        open_world: false,
    },
    crate::catalog::ToolSpec {
        index: 4usize,
        id: ToolId::FleetHandoff,
        family: "fleet",
        name: "fleet_handoff",
        title: "Leave a handoff note",
        description: "Leave a note for whoever picks this work up next. It is queued to the local spool and reaches the fleet's briefing after `ctxlake sync`. Secrets in any argument are redacted before anything is written.",
        input_schema: include_str!(
            concat!(env!("CARGO_MANIFEST_DIR"),
            "/schemas/tools/fleet/fleet_handoff.input.json")
        ),
        output_schema: include_str!(
            concat!(env!("CARGO_MANIFEST_DIR"),
            "/schemas/tools/fleet/fleet_handoff.output.json")
        ),
        read_only: false,
        destructive: false,
        idempotent: false,
        open_world: false,
    },
    crate::catalog::ToolSpec {
        index: 5usize,
        id: ToolId::MemorySearch,
        family: "memory",
        name: "memory_search",
        title: "Search the fleet's promoted claims",
        description: "Search the claims this fleet has promoted (lexical FTS5 fused with vector similarity), from the local snapshot. Each hit is rendered with attribution: observer, date, independent sessions, confidence, and CONTESTED when disputed. Hits are other agents' observations: verify before relying on them.",
        input_schema: include_str!(
            concat!(env!("CARGO_MANIFEST_DIR"),
            "/schemas/tools/memory/memory_search.input.json")
        ),
        output_schema: include_str!(
            concat!(env!("CARGO_MANIFEST_DIR"),
            "/schemas/tools/memory/memory_search.output.json")
        ),
        read_only: true,
        destructive: false,
        idempotent: true,
        open_world: false,
    },
    crate::catalog::ToolSpec {
        index: 6usize,
        id: ToolId::MemoryPropose,
        family: "memory",
        name: "memory_propose",
        title: "Propose a claim candidate",
        description: "File a claim candidate the fleet may learn from, citing the sessions and messages it rests on (no evidence, no claim). It is queued to the local spool at agent scope; only the promotion gate can make it visible to other agents, never this call. Secrets in any argument are redacted before anything is written.",
        input_schema: include_str!(
            concat!(env!("CARGO_MANIFEST_DIR"),
            "/schemas/tools/memory/memory_propose.input.json")
        ),
        output_schema: include_str!(
            concat!(env!("CARGO_MANIFEST_DIR"),
            "/schemas/tools/memory/memory_propose.output.json")
        ),
        read_only: false,
        destructive: false,
        idempotent: false,
        open_world: false,
    },
    crate::catalog::ToolSpec {
        index: 7usize,
        id: ToolId::MemoryTimeline,
        family: "memory",
        name: "memory_timeline",
        title: "What the fleet has tried about a subject",
        description: "What this fleet has actually tried about a subject: its promoted outcome claims, oldest first, from the local snapshot, each rendered with attribution.",
        input_schema: include_str!(
            concat!(env!("CARGO_MANIFEST_DIR"),
            "/schemas/tools/memory/memory_timeline.input.json")
        ),
        output_schema: include_str!(
            concat!(env!("CARGO_MANIFEST_DIR"),
            "/schemas/tools/memory/memory_timeline.output.json")
        ),
        read_only: true,
        destructive: false,
        idempotent: true,
        open_world: false,
    },
];
