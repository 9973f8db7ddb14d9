///One event in a claim's life, internally tagged on `kind`: an agent proposes (memory_propose spools exactly the `proposed` shape, scope always `agent`); only the promotion gate emits promoted/corroborated/contested/superseded, and only the owner retired/retracted; calibration and quarantine events are about agents. The snapshot writer folds these into snapshot.bin. Unknown claim ids are ignored by the fold; the first promotion wins.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(tag = "kind", deny_unknown_fields)]
pub enum ClaimEvent {
    ///Proposed
    #[serde(rename = "proposed")]
    Proposed {
        claim: ::std::string::String,
        claim_id: ProposedClaimId,
        claim_type: ClaimType,
        ///optional embedding of `claim` (256 numbers for the built-in model); omitted when absent
        #[serde(default, skip_serializing_if = "::std::vec::Vec::is_empty")]
        embedding: ::std::vec::Vec<f64>,
        evidence: ::std::vec::Vec<Evidence>,
        ///time of first proposal
        observed_at: ::chrono::DateTime<::chrono::offset::Utc>,
        ///agent id, or `human` for imported conventions
        observed_by: ::std::string::String,
        ///hypotheses only: when the claim can be checked
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        resolves_at: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
        scope: Scope,
        subject: ::std::string::String,
        ///the id of a claim of the same subject this one corrects (memory_propose's `supersedes`): when the gate promotes this claim it supersedes that one
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        supersedes: ::std::option::Option<ProposedSupersedes>,
    },
    ///Promoted
    #[serde(rename = "promoted")]
    Promoted {
        at: ::chrono::DateTime<::chrono::offset::Utc>,
        claim_id: ::std::string::String,
        confidence: f64,
        independent_count: u64,
    },
    /**Corroborated

the gate counted more independent sessions for a claim it promoted earlier than that promotion did (restatements merged into it, or a repeated proposal): the claim's count and confidence rise to these, never fall*/
    #[serde(rename = "corroborated")]
    Corroborated {
        at: ::chrono::DateTime<::chrono::offset::Utc>,
        claim_id: ::std::string::String,
        confidence: f64,
        independent_count: ::std::num::NonZeroU64,
    },
    ///Contested
    #[serde(rename = "contested")]
    Contested {
        at: ::chrono::DateTime<::chrono::offset::Utc>,
        claim_id: ::std::string::String,
        #[serde(deserialize_with = "::std::option::Option::deserialize")]
        conflicts_with: ::std::option::Option<::std::string::String>,
        reason: ::std::string::String,
    },
    ///Retired
    #[serde(rename = "retired")]
    Retired {
        at: ::chrono::DateTime<::chrono::offset::Utc>,
        claim_id: ::std::string::String,
        ///who decided: the CLI's `human:<user>` or the console's `human:<owner key's name>`; absent in events written before it was recorded
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        decided_by: ::std::option::Option<::std::string::String>,
        reason: ::std::string::String,
    },
    /**Retracted

the owner's verdict that the claim was wrong (`ctxlake claims retract`): it leaves every read for good and is kept, with its reason, for `ctxlake claims show`*/
    #[serde(rename = "retracted")]
    Retracted {
        at: ::chrono::DateTime<::chrono::offset::Utc>,
        claim_id: ::std::string::String,
        ///who decided: the CLI's `human:<user>` or the console's `human:<owner key's name>`; absent in events written before it was recorded
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        decided_by: ::std::option::Option<::std::string::String>,
        reason: ::std::string::String,
    },
    /**Superseded

the gate promoted `by`, a correction naming this claim in `supersedes`: this claim leaves the default reads and is found only on request (`include_superseded`), marked with what replaced it*/
    #[serde(rename = "superseded")]
    Superseded {
        at: ::chrono::DateTime<::chrono::offset::Utc>,
        by: ::std::string::String,
        claim_id: ::std::string::String,
    },
    ///CalibrationScored
    #[serde(rename = "calibration_scored")]
    CalibrationScored {
        agent_id: ::std::string::String,
        at: ::chrono::DateTime<::chrono::offset::Utc>,
        brier_score: f64,
        correct_count: u64,
        expired_count: u64,
        incorrect_count: u64,
        low_sample: bool,
        resolved_count: u64,
    },
    ///AgentQuarantined
    #[serde(rename = "agent_quarantined")]
    AgentQuarantined {
        agent_id: ::std::string::String,
        at: ::chrono::DateTime<::chrono::offset::Utc>,
        ///who decided: the CLI's `human:<user>` or the console's `human:<owner key's name>`; absent in events written before it was recorded
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        decided_by: ::std::option::Option<::std::string::String>,
        reason: ::std::string::String,
    },
    ///AgentUnquarantined
    #[serde(rename = "agent_unquarantined")]
    AgentUnquarantined {
        agent_id: ::std::string::String,
        at: ::chrono::DateTime<::chrono::offset::Utc>,
        ///who decided: the CLI's `human:<user>` or the console's `human:<owner key's name>`; absent in events written before it was recorded
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        decided_by: ::std::option::Option<::std::string::String>,
    },
}
///`ClaimType`
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
pub enum ClaimType {
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
impl ::std::fmt::Display for ClaimType {
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
impl ::std::str::FromStr for ClaimType {
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
impl ::std::convert::TryFrom<&str> for ClaimType {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for ClaimType {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
///One citation: the session and message a claim rests on. excerpt_hash is computed by ctxlake from the transcript (sha256:<hex>), never taken from the model.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Evidence {
    pub excerpt_hash: ::std::string::String,
    pub message_id: EvidenceMessageId,
    pub observed_at: ::chrono::DateTime<::chrono::offset::Utc>,
    pub session_id: EvidenceSessionId,
}
///`EvidenceMessageId`
#[derive(::serde::Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
#[serde(transparent)]
pub struct EvidenceMessageId(::std::string::String);
impl ::std::ops::Deref for EvidenceMessageId {
    type Target = ::std::string::String;
    fn deref(&self) -> &::std::string::String {
        &self.0
    }
}
impl ::std::convert::From<EvidenceMessageId> for ::std::string::String {
    fn from(value: EvidenceMessageId) -> Self {
        value.0
    }
}
impl ::std::str::FromStr for EvidenceMessageId {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        if value.chars().count() < 1usize {
            return Err("shorter than 1 characters".into());
        }
        Ok(Self(value.to_string()))
    }
}
impl ::std::convert::TryFrom<&str> for EvidenceMessageId {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for EvidenceMessageId {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl<'de> ::serde::Deserialize<'de> for EvidenceMessageId {
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
///`EvidenceSessionId`
#[derive(::serde::Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
#[serde(transparent)]
pub struct EvidenceSessionId(::std::string::String);
impl ::std::ops::Deref for EvidenceSessionId {
    type Target = ::std::string::String;
    fn deref(&self) -> &::std::string::String {
        &self.0
    }
}
impl ::std::convert::From<EvidenceSessionId> for ::std::string::String {
    fn from(value: EvidenceSessionId) -> Self {
        value.0
    }
}
impl ::std::str::FromStr for EvidenceSessionId {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        if value.chars().count() < 1usize {
            return Err("shorter than 1 characters".into());
        }
        Ok(Self(value.to_string()))
    }
}
impl ::std::convert::TryFrom<&str> for EvidenceSessionId {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for EvidenceSessionId {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl<'de> ::serde::Deserialize<'de> for EvidenceSessionId {
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
///`ProposedClaimId`
#[derive(::serde::Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
#[serde(transparent)]
pub struct ProposedClaimId(::std::string::String);
impl ::std::ops::Deref for ProposedClaimId {
    type Target = ::std::string::String;
    fn deref(&self) -> &::std::string::String {
        &self.0
    }
}
impl ::std::convert::From<ProposedClaimId> for ::std::string::String {
    fn from(value: ProposedClaimId) -> Self {
        value.0
    }
}
impl ::std::str::FromStr for ProposedClaimId {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        if value.chars().count() < 1usize {
            return Err("shorter than 1 characters".into());
        }
        Ok(Self(value.to_string()))
    }
}
impl ::std::convert::TryFrom<&str> for ProposedClaimId {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for ProposedClaimId {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl<'de> ::serde::Deserialize<'de> for ProposedClaimId {
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
///the id of a claim of the same subject this one corrects (memory_propose's `supersedes`): when the gate promotes this claim it supersedes that one
#[derive(::serde::Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
#[serde(transparent)]
pub struct ProposedSupersedes(::std::string::String);
impl ::std::ops::Deref for ProposedSupersedes {
    type Target = ::std::string::String;
    fn deref(&self) -> &::std::string::String {
        &self.0
    }
}
impl ::std::convert::From<ProposedSupersedes> for ::std::string::String {
    fn from(value: ProposedSupersedes) -> Self {
        value.0
    }
}
impl ::std::str::FromStr for ProposedSupersedes {
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
impl ::std::convert::TryFrom<&str> for ProposedSupersedes {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for ProposedSupersedes {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl<'de> ::serde::Deserialize<'de> for ProposedSupersedes {
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
///`Scope`
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
pub enum Scope {
    #[serde(rename = "agent")]
    Agent,
    #[serde(rename = "repo")]
    Repo,
    #[serde(rename = "fleet")]
    Fleet,
}
impl ::std::fmt::Display for Scope {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::Agent => f.write_str("agent"),
            Self::Repo => f.write_str("repo"),
            Self::Fleet => f.write_str("fleet"),
        }
    }
}
impl ::std::str::FromStr for Scope {
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
impl ::std::convert::TryFrom<&str> for Scope {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for Scope {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
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
