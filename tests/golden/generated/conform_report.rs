///`CheckResult`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CheckResult {
    ///True when the baseline lists this check.
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub expected_failure: ::std::option::Option<bool>,
    ///Stable id: the scenario's @id, then /<row id> for a table row.
    pub id: ::std::string::String,
    pub level: Level,
    ///Why it failed, was not applicable or could not be verified.
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub message: ::std::option::Option<::std::string::String>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub millis: ::std::option::Option<u64>,
    pub name: ::std::string::String,
    ///The spec sentence or seed row the check enforces.
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub reference: ::std::option::Option<::std::string::String>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub revision: ::std::option::Option<::std::string::String>,
    ///feature file and line.
    pub source: ::std::string::String,
    pub status: Status,
}
///What `ctxlake conform --format json` prints: one entry per check, and the counts per status.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ConformReport {
    pub checks: ::std::vec::Vec<CheckResult>,
    pub counts: Counts,
    ///False when a MUST check failed and is not in the baseline, or when a baseline entry is stale.
    pub passed: bool,
    ///The revisions the run held the target to (admitted by the target, or chosen with --revision).
    pub revisions: ::std::vec::Vec<::std::string::String>,
    ///Baseline entries whose check did not fail.
    #[serde(default, skip_serializing_if = "::std::vec::Vec::is_empty")]
    pub stale_baseline: ::std::vec::Vec<::std::string::String>,
    ///The command or URL that was tested.
    pub target: ::std::string::String,
    ///file: --clients --tools-file, a catalog read from a file
    pub transport: ConformReportTransport,
}
///file: --clients --tools-file, a catalog read from a file
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
pub enum ConformReportTransport {
    #[serde(rename = "stdio")]
    Stdio,
    #[serde(rename = "http")]
    Http,
    #[serde(rename = "file")]
    File,
}
impl ::std::fmt::Display for ConformReportTransport {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::Stdio => f.write_str("stdio"),
            Self::Http => f.write_str("http"),
            Self::File => f.write_str("file"),
        }
    }
}
impl ::std::str::FromStr for ConformReportTransport {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        match value {
            "stdio" => Ok(Self::Stdio),
            "http" => Ok(Self::Http),
            "file" => Ok(Self::File),
            _ => Err("invalid value".into()),
        }
    }
}
impl ::std::convert::TryFrom<&str> for ConformReportTransport {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for ConformReportTransport {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
///`Counts`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Counts {
    pub expected_failures: u64,
    pub fail: u64,
    pub not_applicable: u64,
    pub not_verified: u64,
    pub pass: u64,
}
///must and should are the spec's requirement levels; strict is ctxlake holding itself to more than the spec asks; interpretation is a reading of sentences of the spec that pull in different directions (the check quotes both), never counted as a MUST failure.
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
pub enum Level {
    #[serde(rename = "must")]
    Must,
    #[serde(rename = "should")]
    Should,
    #[serde(rename = "strict")]
    Strict,
    #[serde(rename = "interpretation")]
    Interpretation,
}
impl ::std::fmt::Display for Level {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::Must => f.write_str("must"),
            Self::Should => f.write_str("should"),
            Self::Strict => f.write_str("strict"),
            Self::Interpretation => f.write_str("interpretation"),
        }
    }
}
impl ::std::str::FromStr for Level {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        match value {
            "must" => Ok(Self::Must),
            "should" => Ok(Self::Should),
            "strict" => Ok(Self::Strict),
            "interpretation" => Ok(Self::Interpretation),
            _ => Err("invalid value".into()),
        }
    }
}
impl ::std::convert::TryFrom<&str> for Level {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for Level {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
///`Status`
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
pub enum Status {
    #[serde(rename = "pass")]
    Pass,
    #[serde(rename = "fail")]
    Fail,
    #[serde(rename = "not_applicable")]
    NotApplicable,
    #[serde(rename = "not_verified")]
    NotVerified,
}
impl ::std::fmt::Display for Status {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::Pass => f.write_str("pass"),
            Self::Fail => f.write_str("fail"),
            Self::NotApplicable => f.write_str("not_applicable"),
            Self::NotVerified => f.write_str("not_verified"),
        }
    }
}
impl ::std::str::FromStr for Status {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        match value {
            "pass" => Ok(Self::Pass),
            "fail" => Ok(Self::Fail),
            "not_applicable" => Ok(Self::NotApplicable),
            "not_verified" => Ok(Self::NotVerified),
            _ => Err("invalid value".into()),
        }
    }
}
impl ::std::convert::TryFrom<&str> for Status {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for Status {
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
