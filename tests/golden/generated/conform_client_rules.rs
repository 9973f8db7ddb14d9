///`ClientRule`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ClientRule {
    pub check: RuleCheck,
    pub consumer: ::std::string::String,
    ///<consumer>.<kebab-case>, unique (checked with the consumer, the URL and the patterns when the rules load)
    pub id: ::std::string::String,
    ///breaks-session: one bad tool breaks every request of the session (a MUST failure); drops-tool: the tool is lost (SHOULD); degrades: it works, worse (strict).
    pub level: ClientRuleLevel,
    #[serde(rename = "ref")]
    pub ref_: RuleRef,
    pub summary: ::std::string::String,
}
///breaks-session: one bad tool breaks every request of the session (a MUST failure); drops-tool: the tool is lost (SHOULD); degrades: it works, worse (strict).
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
pub enum ClientRuleLevel {
    #[serde(rename = "breaks-session")]
    BreaksSession,
    #[serde(rename = "drops-tool")]
    DropsTool,
    #[serde(rename = "degrades")]
    Degrades,
}
impl ::std::fmt::Display for ClientRuleLevel {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::BreaksSession => f.write_str("breaks-session"),
            Self::DropsTool => f.write_str("drops-tool"),
            Self::Degrades => f.write_str("degrades"),
        }
    }
}
impl ::std::str::FromStr for ClientRuleLevel {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        match value {
            "breaks-session" => Ok(Self::BreaksSession),
            "drops-tool" => Ok(Self::DropsTool),
            "degrades" => Ok(Self::Degrades),
            _ => Err("invalid value".into()),
        }
    }
}
impl ::std::convert::TryFrom<&str> for ClientRuleLevel {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for ClientRuleLevel {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
///features/client_rules.json: what the clients and model APIs that consume a server's tools/list require of it, one rule per entry, each with its source. `ctxlake conform --clients` applies them.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ClientRules {
    pub consumers: ::std::vec::Vec<Consumer>,
    pub rules: ::std::vec::Vec<ClientRule>,
}
///`Consumer`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Consumer {
    pub id: ::std::string::String,
    pub kind: ConsumerKind,
    pub name: ::std::string::String,
}
///`ConsumerKind`
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
pub enum ConsumerKind {
    #[serde(rename = "model-api")]
    ModelApi,
    #[serde(rename = "client")]
    Client,
}
impl ::std::fmt::Display for ConsumerKind {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::ModelApi => f.write_str("model-api"),
            Self::Client => f.write_str("client"),
        }
    }
}
impl ::std::str::FromStr for ConsumerKind {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        match value {
            "model-api" => Ok(Self::ModelApi),
            "client" => Ok(Self::Client),
            _ => Err("invalid value".into()),
        }
    }
}
impl ::std::convert::TryFrom<&str> for ConsumerKind {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for ConsumerKind {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
///`RuleCheck`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(tag = "kind", deny_unknown_fields)]
pub enum RuleCheck {
    ///NamePattern
    #[serde(rename = "name_pattern")]
    NamePattern { pattern: ::std::string::String },
    ///NameMaxLength
    #[serde(rename = "name_max_length")]
    NameMaxLength {
        max: ::std::num::NonZeroU64,
        ///counted before the name; {server} is the server's name
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        prefix: ::std::option::Option<::std::string::String>,
    },
    ///DescriptionMaxLength
    #[serde(rename = "description_max_length")]
    DescriptionMaxLength { max: ::std::num::NonZeroU64 },
    #[serde(rename = "description_required")]
    DescriptionRequired,
    ///MaxTools
    #[serde(rename = "max_tools")]
    MaxTools { max: ::std::num::NonZeroU64 },
    ///SchemaRootTypeObject
    #[serde(rename = "schema_root_type_object")]
    SchemaRootTypeObject { schema: SchemaName },
    ///SchemaForbiddenKeywords
    #[serde(rename = "schema_forbidden_keywords")]
    SchemaForbiddenKeywords {
        keywords: ::std::vec::Vec<::std::string::String>,
        schema: SchemaName,
        #[serde(rename = "where")]
        where_: RuleCheckWhere,
    },
    ///SchemaMaxDepth
    #[serde(rename = "schema_max_depth")]
    SchemaMaxDepth { max: ::std::num::NonZeroU64, schema: SchemaName },
    ///SchemaMaxProperties
    #[serde(rename = "schema_max_properties")]
    SchemaMaxProperties { max: ::std::num::NonZeroU64, schema: SchemaName },
    ///SchemaMaxEnumValues
    #[serde(rename = "schema_max_enum_values")]
    SchemaMaxEnumValues { max: ::std::num::NonZeroU64, schema: SchemaName },
    ///StrictCompatible
    #[serde(rename = "strict_compatible")]
    StrictCompatible { schema: SchemaName },
}
///`RuleCheckWhere`
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
pub enum RuleCheckWhere {
    #[serde(rename = "root")]
    Root,
    #[serde(rename = "anywhere")]
    Anywhere,
}
impl ::std::fmt::Display for RuleCheckWhere {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::Root => f.write_str("root"),
            Self::Anywhere => f.write_str("anywhere"),
        }
    }
}
impl ::std::str::FromStr for RuleCheckWhere {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        match value {
            "root" => Ok(Self::Root),
            "anywhere" => Ok(Self::Anywhere),
            _ => Err("invalid value".into()),
        }
    }
}
impl ::std::convert::TryFrom<&str> for RuleCheckWhere {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for RuleCheckWhere {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
///`RuleRef`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RuleRef {
    ///false: known from an issue report, not from the vendor's documentation
    pub documented: bool,
    pub quote: ::std::string::String,
    pub url: ::std::string::String,
}
///`SchemaName`
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
pub enum SchemaName {
    #[serde(rename = "input")]
    Input,
    #[serde(rename = "output")]
    Output,
}
impl ::std::fmt::Display for SchemaName {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::Input => f.write_str("input"),
            Self::Output => f.write_str("output"),
        }
    }
}
impl ::std::str::FromStr for SchemaName {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        match value {
            "input" => Ok(Self::Input),
            "output" => Ok(Self::Output),
            _ => Err("invalid value".into()),
        }
    }
}
impl ::std::convert::TryFrom<&str> for SchemaName {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for SchemaName {
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
