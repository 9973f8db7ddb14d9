///An HTTP session of `ctxlake serve --sessions` as the state store keeps it (the `state` column of `sessions` / `ctxlake_sessions`), so any host sharing the store continues it. What a host holds only while a request runs (cancellations, requests to the client awaiting answers) is not here. Fields a newer build adds are ignored, so hosts of two builds share sessions during an upgrade.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, Default, PartialEq)]
pub struct HttpSession {
    ///the client's `clientInfo` from `initialize` (an MCP Implementation), read as an open object
    #[serde(default, skip_serializing_if = "::serde_json::Map::is_empty")]
    pub client: ::serde_json::Map<::std::string::String, ::serde_json::Value>,
    ///the level `logging/setLevel` set
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub log_level: ::std::option::Option<::std::string::String>,
    ///the protocol revision `initialize` agreed on; absent before any handshake
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub revision: ::std::option::Option<::std::string::String>,
    ///the resources the client subscribed to, each with a digest of what it read last (a stored session can always hold subscriptions: its GET stream carries their updates)
    #[serde(default, skip_serializing_if = ":: std :: collections :: HashMap::is_empty")]
    pub subscriptions: ::std::collections::HashMap<::std::string::String, u64>,
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
