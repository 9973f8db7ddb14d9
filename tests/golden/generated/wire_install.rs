///~/.ctxlake/install-state.json: what `ctxlake install` changed, so `ctxlake uninstall` can put each file back exactly. Written atomically by install and uninstall only.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct InstallState {
    pub files: ::std::vec::Vec<InstalledFile>,
    pub version: ::serde_json::Value,
}
///One client configuration file install changed.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct InstalledFile {
    ///sha256 hex of the text install last wrote: uninstall restores `before` only while the file still holds exactly that
    pub after_sha256: ::std::string::String,
    ///the file's text before the first install changed it; null when install created it
    #[serde(deserialize_with = "::std::option::Option::deserialize")]
    pub before: ::std::option::Option<::std::string::String>,
    ///the client it configures (claude-code, cursor, claude-desktop, vscode, codex)
    pub client: ::std::string::String,
    ///the fleet the entry joins: the sync service serves it and `ctxlake doctor` checks it (absent in files written before 2026-12-03)
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub fleet: ::std::option::Option<::std::string::String>,
    ///absolute path of the file
    pub path: ::std::string::String,
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
