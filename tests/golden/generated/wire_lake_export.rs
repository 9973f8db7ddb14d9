///One line of `ctxlake lake export`'s file (src/lake/export.rs): a header, then one line per object of the fleet in key order, then an end line that counts them. An object's `name` is its key under `fleets/<fleet>/` (its kind is read back from it, as `lake stats` does), its `body` the object's bytes as text.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(tag = "kind", deny_unknown_fields)]
pub enum LakeExportLine {
    ///Header
    #[serde(rename = "header")]
    Header {
        ///the fleet id the objects belong to
        fleet: ::std::string::String,
        ///the export format; this build reads and writes 1
        version: ::std::num::NonZeroU64,
    },
    ///Object
    #[serde(rename = "object")]
    Object {
        ///the object's bytes (UTF-8 text: every object an export carries is JSON or JSON Lines)
        body: ::std::string::String,
        ///the object's key under fleets/<fleet>/, e.g. spool/host-a/<sha256>.ndjson
        name: ::std::string::String,
    },
    ///End
    #[serde(rename = "end")]
    End {
        ///how many object lines the file holds
        objects: u64,
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
