///One advisory lease: the resource (a path or glob in a repo), its holder (null when free), why, when it was acquired and when it expires, and the hand-off epoch (not a fencing token).
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, Default, PartialEq)]
pub struct Lease {
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub acquired_at: ::std::option::Option<::std::string::String>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub epoch: ::std::option::Option<i64>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub expires_at: ::std::option::Option<::std::string::String>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub holder: ::std::option::Option<::std::string::String>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub reason: ::std::option::Option<::std::string::String>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub repo: ::std::option::Option<::std::string::String>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub resource: ::std::option::Option<::std::string::String>,
}
///<cache>/<fleet_id>/leases.json, the cache mirror of the lake's live leases: an object with `leases`, or a bare array of leases.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum LeasesFile {
    Snapshot {
        ///the lease requests already decided (schemas/wire/lake.json AppliedRequest), read one by one: an entry that does not parse is skipped
        #[serde(default, skip_serializing_if = "::std::vec::Vec::is_empty")]
        applied: ::std::vec::Vec<::serde_json::Value>,
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        generated_at: ::std::option::Option<::std::string::String>,
        leases: ::std::vec::Vec<::serde_json::Value>,
    },
    Array(::std::vec::Vec<::serde_json::Value>),
}
impl ::std::convert::From<::std::vec::Vec<::serde_json::Value>> for LeasesFile {
    fn from(value: ::std::vec::Vec<::serde_json::Value>) -> Self {
        Self::Array(value)
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
