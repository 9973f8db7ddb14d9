///one problem with a tool's arguments: where (a JSON pointer into the arguments; a missing or unexpected property is named by its own pointer) and what.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ArgumentError {
    pub message: ::std::string::String,
    pub pointer: ::std::string::String,
}
///data of the -32602 answering bad tool arguments up to 2025-06-18 (from 2025-11-25 on the same problems are an isError result).
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ArgumentErrorData {
    pub errors: ::std::vec::Vec<ArgumentError>,
    pub tool: ::std::string::String,
}
///`CacheScope`
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
pub enum CacheScope {
    #[serde(rename = "public")]
    Public,
    #[serde(rename = "private")]
    Private,
}
impl ::std::fmt::Display for CacheScope {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::Public => f.write_str("public"),
            Self::Private => f.write_str("private"),
        }
    }
}
impl ::std::str::FromStr for CacheScope {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        match value {
            "public" => Ok(Self::Public),
            "private" => Ok(Self::Private),
            _ => Err("invalid value".into()),
        }
    }
}
impl ::std::convert::TryFrom<&str> for CacheScope {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for CacheScope {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
///`CallToolParams`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
pub struct CallToolParams {
    #[serde(default, skip_serializing_if = "::serde_json::Map::is_empty")]
    pub arguments: ::serde_json::Map<::std::string::String, ::serde_json::Value>,
    #[serde(
        rename = "_meta",
        default,
        skip_serializing_if = "::serde_json::Map::is_empty"
    )]
    pub meta: ::serde_json::Map<::std::string::String, ::serde_json::Value>,
    pub name: ::std::string::String,
}
///`CallToolResult`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CallToolResult {
    pub content: ::std::vec::Vec<ContentBlock>,
    #[serde(rename = "isError")]
    pub is_error: bool,
    #[serde(rename = "_meta", skip_serializing_if = "::std::option::Option::is_none")]
    pub meta: ::std::option::Option<ResultMeta>,
    #[serde(
        rename = "resultType",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub result_type: ::std::option::Option<ResultType>,
    ///since 2025-06-18
    #[serde(
        rename = "structuredContent",
        default,
        skip_serializing_if = "::serde_json::Map::is_empty"
    )]
    pub structured_content: ::serde_json::Map<
        ::std::string::String,
        ::serde_json::Value,
    >,
}
///The content blocks ctxlake emits (text only).
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(transparent)]
pub struct ContentBlock(pub TextContent);
impl ::std::ops::Deref for ContentBlock {
    type Target = TextContent;
    fn deref(&self) -> &TextContent {
        &self.0
    }
}
impl ::std::convert::From<ContentBlock> for TextContent {
    fn from(value: ContentBlock) -> Self {
        value.0
    }
}
impl ::std::convert::From<TextContent> for ContentBlock {
    fn from(value: TextContent) -> Self {
        Self(value)
    }
}
///since 2026-07-28: the answer to server/discover.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DiscoverResult {
    #[serde(rename = "cacheScope")]
    pub cache_scope: CacheScope,
    pub capabilities: ServerCapabilities,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub instructions: ::std::option::Option<::std::string::String>,
    #[serde(rename = "_meta")]
    pub meta: ResultMeta,
    #[serde(rename = "resultType")]
    pub result_type: ResultType,
    #[serde(rename = "supportedVersions")]
    pub supported_versions: ::std::vec::Vec<::std::string::String>,
    #[serde(rename = "ttlMs")]
    pub ttl_ms: u64,
}
///A capability announced by its presence alone (`{}`).
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, Default, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EmptyCapability {}
///ping's answer (legacy era).
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, Default, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EmptyResult {}
///`Implementation`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
pub struct Implementation {
    pub name: ::std::string::String,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub title: ::std::option::Option<::std::string::String>,
    pub version: ::std::string::String,
}
///`InitializeParams`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
pub struct InitializeParams {
    pub capabilities: ::serde_json::Map<::std::string::String, ::serde_json::Value>,
    #[serde(rename = "clientInfo")]
    pub client_info: Implementation,
    #[serde(rename = "protocolVersion")]
    pub protocol_version: ::std::string::String,
}
///`InitializeResult`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct InitializeResult {
    pub capabilities: ServerCapabilities,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub instructions: ::std::option::Option<::std::string::String>,
    #[serde(rename = "protocolVersion")]
    pub protocol_version: ::std::string::String,
    #[serde(rename = "serverInfo")]
    pub server_info: Implementation,
}
///`ListToolsResult`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ListToolsResult {
    #[serde(
        rename = "cacheScope",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub cache_scope: ::std::option::Option<CacheScope>,
    #[serde(rename = "_meta", skip_serializing_if = "::std::option::Option::is_none")]
    pub meta: ::std::option::Option<ResultMeta>,
    #[serde(
        rename = "resultType",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub result_type: ::std::option::Option<ResultType>,
    pub tools: ::std::vec::Vec<Tool>,
    ///since 2026-07-28
    #[serde(rename = "ttlMs", skip_serializing_if = "::std::option::Option::is_none")]
    pub ttl_ms: ::std::option::Option<u64>,
}
///since 2026-07-28: the per-request envelope in params._meta.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
pub struct ModernRequestMeta {
    #[serde(rename = "io.modelcontextprotocol/clientCapabilities")]
    pub io_modelcontextprotocol_client_capabilities: ::serde_json::Map<
        ::std::string::String,
        ::serde_json::Value,
    >,
    #[serde(
        rename = "io.modelcontextprotocol/clientInfo",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub io_modelcontextprotocol_client_info: ::std::option::Option<Implementation>,
    #[serde(rename = "io.modelcontextprotocol/protocolVersion")]
    pub io_modelcontextprotocol_protocol_version: ::std::string::String,
}
///`PromptsCapability`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, Default, PartialEq)]
pub struct PromptsCapability {
    #[serde(
        rename = "listChanged",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub list_changed: ::std::option::Option<bool>,
}
///`ResourcesCapability`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, Default, PartialEq)]
pub struct ResourcesCapability {
    #[serde(
        rename = "listChanged",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub list_changed: ::std::option::Option<bool>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub subscribe: ::std::option::Option<bool>,
}
///since 2026-07-28: server identity on every result.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
pub struct ResultMeta {
    #[serde(rename = "io.modelcontextprotocol/serverInfo")]
    pub io_modelcontextprotocol_server_info: Implementation,
}
///since 2026-07-28: every result names its type.
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
pub enum ResultType {
    #[serde(rename = "complete")]
    Complete,
    #[serde(rename = "input_required")]
    InputRequired,
}
impl ::std::fmt::Display for ResultType {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::Complete => f.write_str("complete"),
            Self::InputRequired => f.write_str("input_required"),
        }
    }
}
impl ::std::str::FromStr for ResultType {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        match value {
            "complete" => Ok(Self::Complete),
            "input_required" => Ok(Self::InputRequired),
            _ => Err("invalid value".into()),
        }
    }
}
impl ::std::convert::TryFrom<&str> for ResultType {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for ResultType {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
///What a server serves. ctxlake serves tools; `serve --conformance-fixtures` adds what the official conformance suite exercises besides.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, Default, PartialEq)]
pub struct ServerCapabilities {
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub completions: ::std::option::Option<EmptyCapability>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub logging: ::std::option::Option<EmptyCapability>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub prompts: ::std::option::Option<PromptsCapability>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub resources: ::std::option::Option<ResourcesCapability>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub tools: ::std::option::Option<ToolsCapability>,
}
///since 2026-07-28: the notification types a subscriptions/listen stream carries, each opt-in.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, Default, PartialEq)]
pub struct SubscriptionFilter {
    #[serde(
        rename = "promptsListChanged",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub prompts_list_changed: ::std::option::Option<bool>,
    #[serde(
        rename = "resourceSubscriptions",
        default,
        skip_serializing_if = "::std::vec::Vec::is_empty"
    )]
    pub resource_subscriptions: ::std::vec::Vec<::std::string::String>,
    #[serde(
        rename = "resourcesListChanged",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub resources_list_changed: ::std::option::Option<bool>,
    #[serde(
        rename = "toolsListChanged",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub tools_list_changed: ::std::option::Option<bool>,
}
///since 2026-07-28: the JSON-RPC id of the subscriptions/listen request that opened a stream.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum SubscriptionId {
    Integer(i64),
    String(::std::string::String),
}
impl ::std::fmt::Display for SubscriptionId {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match self {
            Self::Integer(x) => x.fmt(f),
            Self::String(x) => x.fmt(f),
        }
    }
}
impl ::std::convert::From<i64> for SubscriptionId {
    fn from(value: i64) -> Self {
        Self::Integer(value)
    }
}
///since 2026-07-28: the _meta of a notification delivered on a subscription stream.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SubscriptionMeta {
    #[serde(rename = "io.modelcontextprotocol/subscriptionId")]
    pub io_modelcontextprotocol_subscription_id: SubscriptionId,
}
///since 2026-07-28: the _meta of the result that ends a subscription stream.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SubscriptionResultMeta {
    #[serde(rename = "io.modelcontextprotocol/serverInfo")]
    pub io_modelcontextprotocol_server_info: Implementation,
    #[serde(rename = "io.modelcontextprotocol/subscriptionId")]
    pub io_modelcontextprotocol_subscription_id: SubscriptionId,
}
///since 2026-07-28: notifications/subscriptions/acknowledged, the first message of a stream: the requested types the server agreed to honor.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SubscriptionsAcknowledgedParams {
    #[serde(rename = "_meta")]
    pub meta: SubscriptionMeta,
    pub notifications: SubscriptionFilter,
}
///since 2026-07-28: subscriptions/listen's params (besides _meta).
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
pub struct SubscriptionsListenParams {
    pub notifications: SubscriptionFilter,
}
///since 2026-07-28: the answer to subscriptions/listen, sent when the server ends the stream.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SubscriptionsListenResult {
    #[serde(rename = "_meta")]
    pub meta: SubscriptionResultMeta,
    #[serde(rename = "resultType")]
    pub result_type: ResultType,
}
///`TextContent`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TextContent {
    pub text: ::std::string::String,
    #[serde(rename = "type")]
    pub type_: TextContentType,
}
///`TextContentType`
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
pub enum TextContentType {
    #[serde(rename = "text")]
    Text,
}
impl ::std::fmt::Display for TextContentType {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::Text => f.write_str("text"),
        }
    }
}
impl ::std::str::FromStr for TextContentType {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        match value {
            "text" => Ok(Self::Text),
            _ => Err("invalid value".into()),
        }
    }
}
impl ::std::convert::TryFrom<&str> for TextContentType {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for TextContentType {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
///`Tool`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Tool {
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub annotations: ::std::option::Option<ToolAnnotations>,
    pub description: ::std::string::String,
    #[serde(rename = "inputSchema")]
    pub input_schema: ::serde_json::Map<::std::string::String, ::serde_json::Value>,
    pub name: ::std::string::String,
    ///since 2025-06-18
    #[serde(
        rename = "outputSchema",
        default,
        skip_serializing_if = "::serde_json::Map::is_empty"
    )]
    pub output_schema: ::serde_json::Map<::std::string::String, ::serde_json::Value>,
    ///since 2025-06-18
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub title: ::std::option::Option<::std::string::String>,
}
///since 2025-03-26: hints, untrusted by clients unless the server is trusted.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, Default, PartialEq)]
pub struct ToolAnnotations {
    #[serde(
        rename = "destructiveHint",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub destructive_hint: ::std::option::Option<bool>,
    #[serde(
        rename = "idempotentHint",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub idempotent_hint: ::std::option::Option<bool>,
    #[serde(
        rename = "openWorldHint",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub open_world_hint: ::std::option::Option<bool>,
    #[serde(
        rename = "readOnlyHint",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub read_only_hint: ::std::option::Option<bool>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub title: ::std::option::Option<::std::string::String>,
}
///`ToolsCapability`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, Default, PartialEq)]
pub struct ToolsCapability {
    #[serde(
        rename = "listChanged",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub list_changed: ::std::option::Option<bool>,
}
///data of the -32602 answering a tools/call of a tool this server does not have.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct UnknownToolData {
    pub tool: ::std::string::String,
}
///data of error -32022 (2026-07-28) and of a refused initialize.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct UnsupportedVersionData {
    pub requested: ::std::string::String,
    pub supported: ::std::vec::Vec<::std::string::String>,
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
