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
///notifications/cancelled: the request the sender no longer wants answered (optional since 2025-11-25, where a task may be named instead).
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, Default, PartialEq)]
pub struct CancelledNotificationParams {
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub reason: ::std::option::Option<::std::string::String>,
    #[serde(
        rename = "requestId",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub request_id: ::std::option::Option<CancelledNotificationParamsRequestId>,
}
///`CancelledNotificationParamsRequestId`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum CancelledNotificationParamsRequestId {
    Integer(i64),
    String(::std::string::String),
}
impl ::std::fmt::Display for CancelledNotificationParamsRequestId {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match self {
            Self::Integer(x) => x.fmt(f),
            Self::String(x) => x.fmt(f),
        }
    }
}
impl ::std::convert::From<i64> for CancelledNotificationParamsRequestId {
    fn from(value: i64) -> Self {
        Self::Integer(value)
    }
}
///`CompleteParams`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
pub struct CompleteParams {
    pub argument: CompletionArgument,
    #[serde(rename = "ref")]
    pub ref_: CompletionReference,
}
///`CompleteResult`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CompleteResult {
    pub completion: Completion,
    #[serde(rename = "_meta", skip_serializing_if = "::std::option::Option::is_none")]
    pub meta: ::std::option::Option<ResultMeta>,
    #[serde(
        rename = "resultType",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub result_type: ::std::option::Option<ResultType>,
}
///`Completion`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Completion {
    #[serde(rename = "hasMore", skip_serializing_if = "::std::option::Option::is_none")]
    pub has_more: ::std::option::Option<bool>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub total: ::std::option::Option<u64>,
    pub values: ::std::vec::Vec<::std::string::String>,
}
///`CompletionArgument`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
pub struct CompletionArgument {
    pub name: ::std::string::String,
    pub value: ::std::string::String,
}
///`CompletionReference`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum CompletionReference {
    PromptReference(PromptReference),
    ResourceTemplateReference(ResourceTemplateReference),
}
impl ::std::convert::From<PromptReference> for CompletionReference {
    fn from(value: PromptReference) -> Self {
        Self::PromptReference(value)
    }
}
impl ::std::convert::From<ResourceTemplateReference> for CompletionReference {
    fn from(value: ResourceTemplateReference) -> Self {
        Self::ResourceTemplateReference(value)
    }
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
///`EmbeddedResource`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EmbeddedResource {
    pub resource: TextResourceContents,
    #[serde(rename = "type")]
    pub type_: EmbeddedResourceType,
}
///`EmbeddedResourceType`
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
pub enum EmbeddedResourceType {
    #[serde(rename = "resource")]
    Resource,
}
impl ::std::fmt::Display for EmbeddedResourceType {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::Resource => f.write_str("resource"),
        }
    }
}
impl ::std::str::FromStr for EmbeddedResourceType {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        match value {
            "resource" => Ok(Self::Resource),
            _ => Err("invalid value".into()),
        }
    }
}
impl ::std::convert::TryFrom<&str> for EmbeddedResourceType {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for EmbeddedResourceType {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
///A capability announced by its presence alone (`{}`).
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, Default, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EmptyCapability {}
///ping's answer (legacy era).
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, Default, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EmptyResult {}
///`GetPromptParams`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
pub struct GetPromptParams {
    #[serde(default, skip_serializing_if = ":: std :: collections :: HashMap::is_empty")]
    pub arguments: ::std::collections::HashMap<
        ::std::string::String,
        ::std::string::String,
    >,
    pub name: ::std::string::String,
}
///not a CacheableResult in 2026-07-28: no ttlMs or cacheScope
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GetPromptResult {
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub description: ::std::option::Option<::std::string::String>,
    pub messages: ::std::vec::Vec<PromptMessage>,
    #[serde(rename = "_meta", skip_serializing_if = "::std::option::Option::is_none")]
    pub meta: ::std::option::Option<ResultMeta>,
    #[serde(
        rename = "resultType",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub result_type: ::std::option::Option<ResultType>,
}
///skills/get: the URI of the skill's SKILL.md.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
pub struct GetSkillParams {
    pub uri: ::std::string::String,
}
///`GetSkillResult`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GetSkillResult {
    #[serde(rename = "cacheScope")]
    pub cache_scope: CacheScope,
    #[serde(rename = "_meta", skip_serializing_if = "::std::option::Option::is_none")]
    pub meta: ::std::option::Option<ResultMeta>,
    #[serde(rename = "resultType")]
    pub result_type: ResultType,
    pub skill: Skill,
    #[serde(rename = "ttlMs")]
    pub ttl_ms: u64,
}
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
///`ListPromptsResult`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ListPromptsResult {
    #[serde(
        rename = "cacheScope",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub cache_scope: ::std::option::Option<CacheScope>,
    #[serde(rename = "_meta", skip_serializing_if = "::std::option::Option::is_none")]
    pub meta: ::std::option::Option<ResultMeta>,
    ///an opaque token for the next page; absent on the last
    #[serde(
        rename = "nextCursor",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub next_cursor: ::std::option::Option<::std::string::String>,
    pub prompts: ::std::vec::Vec<Prompt>,
    #[serde(
        rename = "resultType",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub result_type: ::std::option::Option<ResultType>,
    ///since 2026-07-28
    #[serde(rename = "ttlMs", skip_serializing_if = "::std::option::Option::is_none")]
    pub ttl_ms: ::std::option::Option<u64>,
}
///`ListResourceTemplatesResult`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ListResourceTemplatesResult {
    #[serde(
        rename = "cacheScope",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub cache_scope: ::std::option::Option<CacheScope>,
    #[serde(rename = "_meta", skip_serializing_if = "::std::option::Option::is_none")]
    pub meta: ::std::option::Option<ResultMeta>,
    ///an opaque token for the next page; absent on the last
    #[serde(
        rename = "nextCursor",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub next_cursor: ::std::option::Option<::std::string::String>,
    #[serde(rename = "resourceTemplates")]
    pub resource_templates: ::std::vec::Vec<ResourceTemplate>,
    #[serde(
        rename = "resultType",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub result_type: ::std::option::Option<ResultType>,
    ///since 2026-07-28
    #[serde(rename = "ttlMs", skip_serializing_if = "::std::option::Option::is_none")]
    pub ttl_ms: ::std::option::Option<u64>,
}
///`ListResourcesResult`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ListResourcesResult {
    #[serde(
        rename = "cacheScope",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub cache_scope: ::std::option::Option<CacheScope>,
    #[serde(rename = "_meta", skip_serializing_if = "::std::option::Option::is_none")]
    pub meta: ::std::option::Option<ResultMeta>,
    ///an opaque token for the next page; absent on the last
    #[serde(
        rename = "nextCursor",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub next_cursor: ::std::option::Option<::std::string::String>,
    pub resources: ::std::vec::Vec<Resource>,
    #[serde(
        rename = "resultType",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub result_type: ::std::option::Option<ResultType>,
    ///since 2026-07-28
    #[serde(rename = "ttlMs", skip_serializing_if = "::std::option::Option::is_none")]
    pub ttl_ms: ::std::option::Option<u64>,
}
///skills/list (paged like resources/list).
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ListSkillsResult {
    #[serde(rename = "cacheScope")]
    pub cache_scope: CacheScope,
    #[serde(rename = "_meta", skip_serializing_if = "::std::option::Option::is_none")]
    pub meta: ::std::option::Option<ResultMeta>,
    #[serde(
        rename = "nextCursor",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub next_cursor: ::std::option::Option<::std::string::String>,
    #[serde(rename = "resultType")]
    pub result_type: ResultType,
    pub skills: ::std::vec::Vec<Skill>,
    #[serde(rename = "ttlMs")]
    pub ttl_ms: u64,
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
///RFC 5424 severities, least severe first.
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
pub enum LoggingLevel {
    #[serde(rename = "debug")]
    Debug,
    #[serde(rename = "info")]
    Info,
    #[serde(rename = "notice")]
    Notice,
    #[serde(rename = "warning")]
    Warning,
    #[serde(rename = "error")]
    Error,
    #[serde(rename = "critical")]
    Critical,
    #[serde(rename = "alert")]
    Alert,
    #[serde(rename = "emergency")]
    Emergency,
}
impl ::std::fmt::Display for LoggingLevel {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::Debug => f.write_str("debug"),
            Self::Info => f.write_str("info"),
            Self::Notice => f.write_str("notice"),
            Self::Warning => f.write_str("warning"),
            Self::Error => f.write_str("error"),
            Self::Critical => f.write_str("critical"),
            Self::Alert => f.write_str("alert"),
            Self::Emergency => f.write_str("emergency"),
        }
    }
}
impl ::std::str::FromStr for LoggingLevel {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        match value {
            "debug" => Ok(Self::Debug),
            "info" => Ok(Self::Info),
            "notice" => Ok(Self::Notice),
            "warning" => Ok(Self::Warning),
            "error" => Ok(Self::Error),
            "critical" => Ok(Self::Critical),
            "alert" => Ok(Self::Alert),
            "emergency" => Ok(Self::Emergency),
            _ => Err("invalid value".into()),
        }
    }
}
impl ::std::convert::TryFrom<&str> for LoggingLevel {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for LoggingLevel {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
///`LoggingMessageParams`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LoggingMessageParams {
    pub data: ::std::string::String,
    pub level: LoggingLevel,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub logger: ::std::option::Option<::std::string::String>,
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
///The params of a list request (resources/list, resources/templates/list, prompts/list).
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, Default, PartialEq)]
pub struct PaginatedParams {
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub cursor: ::std::option::Option<::std::string::String>,
}
///notifications/progress: how far a request with a progress token has come; `progress` increases with every notification.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ProgressNotificationParams {
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub message: ::std::option::Option<::std::string::String>,
    pub progress: f64,
    #[serde(rename = "progressToken")]
    pub progress_token: ProgressToken,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub total: ::std::option::Option<f64>,
}
///The token a request's `_meta.progressToken` names, echoed by every progress notification about that request.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum ProgressToken {
    Integer(i64),
    String(::std::string::String),
}
impl ::std::fmt::Display for ProgressToken {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match self {
            Self::Integer(x) => x.fmt(f),
            Self::String(x) => x.fmt(f),
        }
    }
}
impl ::std::convert::From<i64> for ProgressToken {
    fn from(value: i64) -> Self {
        Self::Integer(value)
    }
}
///`Prompt`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Prompt {
    #[serde(default, skip_serializing_if = "::std::vec::Vec::is_empty")]
    pub arguments: ::std::vec::Vec<PromptArgument>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub description: ::std::option::Option<::std::string::String>,
    pub name: ::std::string::String,
    ///since 2025-06-18
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub title: ::std::option::Option<::std::string::String>,
}
///`PromptArgument`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PromptArgument {
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub description: ::std::option::Option<::std::string::String>,
    pub name: ::std::string::String,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub required: ::std::option::Option<bool>,
}
///The content blocks ctxlake's prompts carry: text, and a resource embedded whole.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum PromptContent {
    TextContent(TextContent),
    EmbeddedResource(EmbeddedResource),
}
impl ::std::convert::From<TextContent> for PromptContent {
    fn from(value: TextContent) -> Self {
        Self::TextContent(value)
    }
}
impl ::std::convert::From<EmbeddedResource> for PromptContent {
    fn from(value: EmbeddedResource) -> Self {
        Self::EmbeddedResource(value)
    }
}
///`PromptMessage`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PromptMessage {
    pub content: PromptContent,
    pub role: Role,
}
///`PromptReference`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
pub struct PromptReference {
    pub name: ::std::string::String,
    #[serde(rename = "type")]
    pub type_: PromptReferenceType,
}
///`PromptReferenceType`
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
pub enum PromptReferenceType {
    #[serde(rename = "ref/prompt")]
    RefPrompt,
}
impl ::std::fmt::Display for PromptReferenceType {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::RefPrompt => f.write_str("ref/prompt"),
        }
    }
}
impl ::std::str::FromStr for PromptReferenceType {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        match value {
            "ref/prompt" => Ok(Self::RefPrompt),
            _ => Err("invalid value".into()),
        }
    }
}
impl ::std::convert::TryFrom<&str> for PromptReferenceType {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for PromptReferenceType {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
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
///resources/directory/read (the Skills extension's, with directoryRead): a directory's direct children, paged.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
pub struct ReadResourceDirectoryParams {
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub cursor: ::std::option::Option<::std::string::String>,
    pub uri: ::std::string::String,
}
///`ReadResourceDirectoryResult`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ReadResourceDirectoryResult {
    #[serde(
        rename = "cacheScope",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub cache_scope: ::std::option::Option<CacheScope>,
    #[serde(rename = "_meta", skip_serializing_if = "::std::option::Option::is_none")]
    pub meta: ::std::option::Option<ResultMeta>,
    #[serde(
        rename = "nextCursor",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub next_cursor: ::std::option::Option<::std::string::String>,
    pub resources: ::std::vec::Vec<Resource>,
    #[serde(rename = "resultType")]
    pub result_type: ResultType,
    #[serde(rename = "ttlMs", skip_serializing_if = "::std::option::Option::is_none")]
    pub ttl_ms: ::std::option::Option<u64>,
}
///`ReadResourceParams`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
pub struct ReadResourceParams {
    pub uri: ::std::string::String,
}
///`ReadResourceResult`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ReadResourceResult {
    #[serde(
        rename = "cacheScope",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub cache_scope: ::std::option::Option<CacheScope>,
    pub contents: ::std::vec::Vec<TextResourceContents>,
    #[serde(rename = "_meta", skip_serializing_if = "::std::option::Option::is_none")]
    pub meta: ::std::option::Option<ResultMeta>,
    #[serde(
        rename = "resultType",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub result_type: ::std::option::Option<ResultType>,
    ///since 2026-07-28
    #[serde(rename = "ttlMs", skip_serializing_if = "::std::option::Option::is_none")]
    pub ttl_ms: ::std::option::Option<u64>,
}
///`Resource`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Resource {
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub description: ::std::option::Option<::std::string::String>,
    #[serde(rename = "mimeType", skip_serializing_if = "::std::option::Option::is_none")]
    pub mime_type: ::std::option::Option<::std::string::String>,
    pub name: ::std::string::String,
    ///since 2025-06-18
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub title: ::std::option::Option<::std::string::String>,
    pub uri: ::std::string::String,
}
///the data of -32602 for resources/read of a URI no resource answers to (SEP-2164)
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ResourceNotFoundData {
    pub uri: ::std::string::String,
}
///`ResourceTemplate`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ResourceTemplate {
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub description: ::std::option::Option<::std::string::String>,
    #[serde(rename = "mimeType", skip_serializing_if = "::std::option::Option::is_none")]
    pub mime_type: ::std::option::Option<::std::string::String>,
    pub name: ::std::string::String,
    ///since 2025-06-18
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub title: ::std::option::Option<::std::string::String>,
    ///an RFC 6570 URI template
    #[serde(rename = "uriTemplate")]
    pub uri_template: ::std::string::String,
}
///`ResourceTemplateReference`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
pub struct ResourceTemplateReference {
    #[serde(rename = "type")]
    pub type_: ResourceTemplateReferenceType,
    pub uri: ::std::string::String,
}
///`ResourceTemplateReferenceType`
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
pub enum ResourceTemplateReferenceType {
    #[serde(rename = "ref/resource")]
    RefResource,
}
impl ::std::fmt::Display for ResourceTemplateReferenceType {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::RefResource => f.write_str("ref/resource"),
        }
    }
}
impl ::std::str::FromStr for ResourceTemplateReferenceType {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        match value {
            "ref/resource" => Ok(Self::RefResource),
            _ => Err("invalid value".into()),
        }
    }
}
impl ::std::convert::TryFrom<&str> for ResourceTemplateReferenceType {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for ResourceTemplateReferenceType {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
///notifications/resources/updated: a resource the client subscribed to changed; read it again. On a 2026-07-28 subscriptions/listen stream, `_meta` names the subscription.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ResourceUpdatedParams {
    #[serde(rename = "_meta", skip_serializing_if = "::std::option::Option::is_none")]
    pub meta: ::std::option::Option<SubscriptionMeta>,
    pub uri: ::std::string::String,
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
///`Role`
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
pub enum Role {
    #[serde(rename = "user")]
    User,
    #[serde(rename = "assistant")]
    Assistant,
}
impl ::std::fmt::Display for Role {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::User => f.write_str("user"),
            Self::Assistant => f.write_str("assistant"),
        }
    }
}
impl ::std::str::FromStr for Role {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        match value {
            "user" => Ok(Self::User),
            "assistant" => Ok(Self::Assistant),
            _ => Err("invalid value".into()),
        }
    }
}
impl ::std::convert::TryFrom<&str> for Role {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for Role {
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
    pub extensions: ::std::option::Option<ServerCapabilitiesExtensions>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub logging: ::std::option::Option<EmptyCapability>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub prompts: ::std::option::Option<PromptsCapability>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub resources: ::std::option::Option<ResourcesCapability>,
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub tools: ::std::option::Option<ToolsCapability>,
}
///since 2026-07-28 (as ctxlake offers them): the extensions the server implements, by identifier
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, Default, PartialEq)]
pub struct ServerCapabilitiesExtensions {
    #[serde(
        rename = "io.modelcontextprotocol/skills",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub io_modelcontextprotocol_skills: ::std::option::Option<SkillsExtension>,
}
///logging/setLevel (before 2026-07-28).
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
pub struct SetLevelParams {
    pub level: LoggingLevel,
}
///A skill entry: the URI of its SKILL.md, that file's YAML frontmatter as JSON, and its files.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
pub struct Skill {
    pub frontmatter: SkillFrontmatter,
    pub resources: SkillResources,
    pub uri: ::std::string::String,
}
///`SkillFrontmatter`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
pub struct SkillFrontmatter {
    pub description: ::std::string::String,
    pub name: ::std::string::String,
}
///One file of a skill: its URI, the sha256 of its raw bytes and their length.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SkillResource {
    ///`sha256:` and 64 lowercase hex digits
    pub digest: ::std::string::String,
    pub size: u64,
    pub uri: ::std::string::String,
}
///Every file of a skill, SKILL.md included, each once; or `dynamic` where no stable digest can be published.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum SkillResources {
    Array(::std::vec::Vec<SkillResource>),
    String(SkillResourcesString),
}
impl ::std::convert::From<::std::vec::Vec<SkillResource>> for SkillResources {
    fn from(value: ::std::vec::Vec<SkillResource>) -> Self {
        Self::Array(value)
    }
}
impl ::std::convert::From<SkillResourcesString> for SkillResources {
    fn from(value: SkillResourcesString) -> Self {
        Self::String(value)
    }
}
///`SkillResourcesString`
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
pub enum SkillResourcesString {
    #[serde(rename = "dynamic")]
    Dynamic,
}
impl ::std::fmt::Display for SkillResourcesString {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::Dynamic => f.write_str("dynamic"),
        }
    }
}
impl ::std::str::FromStr for SkillResourcesString {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        match value {
            "dynamic" => Ok(Self::Dynamic),
            _ => Err("invalid value".into()),
        }
    }
}
impl ::std::convert::TryFrom<&str> for SkillResourcesString {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for SkillResourcesString {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
///The Skills extension (SEP-2640, io.modelcontextprotocol/skills) as a server declares it.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, Default, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SkillsExtension {
    ///resources/directory/read is served
    #[serde(
        rename = "directoryRead",
        skip_serializing_if = "::std::option::Option::is_none"
    )]
    pub directory_read: ::std::option::Option<bool>,
}
///resources/subscribe and resources/unsubscribe (before 2026-07-28): the resource to watch, or to stop watching.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
pub struct SubscribeParams {
    pub uri: ::std::string::String,
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
///`TextResourceContents`
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TextResourceContents {
    #[serde(rename = "mimeType", skip_serializing_if = "::std::option::Option::is_none")]
    pub mime_type: ::std::option::Option<::std::string::String>,
    pub text: ::std::string::String,
    pub uri: ::std::string::String,
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
