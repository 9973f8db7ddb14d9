///The variables of `ctxlake://fleet/{fleet}/briefing`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BriefingVars {
    pub fleet: String,
}
impl From<BriefingVars> for crate::catalog::surface::Vars {
    fn from(vars: BriefingVars) -> Self {
        let mut map = crate::catalog::surface::Vars::new();
        map.insert("fleet".to_string(), vars.fleet);
        map
    }
}
impl From<crate::catalog::surface::Vars> for BriefingVars {
    /// The matcher guarantees every path variable; a missing one reads as "".
    fn from(mut map: crate::catalog::surface::Vars) -> Self {
        BriefingVars {
            fleet: map.remove("fleet").unwrap_or_default(),
        }
    }
}
///The variables of `ctxlake://fleet/{fleet}/status`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StatusVars {
    pub fleet: String,
}
impl From<StatusVars> for crate::catalog::surface::Vars {
    fn from(vars: StatusVars) -> Self {
        let mut map = crate::catalog::surface::Vars::new();
        map.insert("fleet".to_string(), vars.fleet);
        map
    }
}
impl From<crate::catalog::surface::Vars> for StatusVars {
    /// The matcher guarantees every path variable; a missing one reads as "".
    fn from(mut map: crate::catalog::surface::Vars) -> Self {
        StatusVars {
            fleet: map.remove("fleet").unwrap_or_default(),
        }
    }
}
///The variables of `ctxlake://fleet/{fleet}/context{?goal,project,intent}`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ContextVars {
    pub fleet: String,
    pub goal: Option<String>,
    pub project: Option<String>,
    pub intent: Option<String>,
}
impl From<ContextVars> for crate::catalog::surface::Vars {
    fn from(vars: ContextVars) -> Self {
        let mut map = crate::catalog::surface::Vars::new();
        map.insert("fleet".to_string(), vars.fleet);
        if let Some(value) = vars.goal {
            map.insert("goal".to_string(), value);
        }
        if let Some(value) = vars.project {
            map.insert("project".to_string(), value);
        }
        if let Some(value) = vars.intent {
            map.insert("intent".to_string(), value);
        }
        map
    }
}
impl From<crate::catalog::surface::Vars> for ContextVars {
    /// The matcher guarantees every path variable; a missing one reads as "".
    fn from(mut map: crate::catalog::surface::Vars) -> Self {
        ContextVars {
            fleet: map.remove("fleet").unwrap_or_default(),
            goal: map.remove("goal"),
            project: map.remove("project"),
            intent: map.remove("intent"),
        }
    }
}
///The variables of `ctxlake://guidance/{slug}`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GuidanceVars {
    pub slug: String,
}
impl From<GuidanceVars> for crate::catalog::surface::Vars {
    fn from(vars: GuidanceVars) -> Self {
        let mut map = crate::catalog::surface::Vars::new();
        map.insert("slug".to_string(), vars.slug);
        map
    }
}
impl From<crate::catalog::surface::Vars> for GuidanceVars {
    /// The matcher guarantees every path variable; a missing one reads as "".
    fn from(mut map: crate::catalog::surface::Vars) -> Self {
        GuidanceVars {
            slug: map.remove("slug").unwrap_or_default(),
        }
    }
}
/// Every resource template ctxlake serves, in resources/templates/list order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TemplateId {
    Briefing,
    Status,
    Context,
    Guidance,
}
/// One method per template to read an instance, and one per listed template to
/// enumerate its instances; `crate::tools::surface` implements it.
pub trait Resources: Send + Sync {
    ///`ctxlake://fleet/{fleet}/briefing` (text/markdown): The SessionStart briefing of the fleet: live agents, recent sessions and the fleet's promoted claims, as peers' observations (verify before relying on them).
    fn briefing(
        &self,
        vars: BriefingVars,
    ) -> Result<String, crate::catalog::surface::SurfaceError>;
    ///The instances of `ctxlake://fleet/{fleet}/briefing` resources/list enumerates.
    fn briefing_list(
        &self,
    ) -> Result<
        Vec<crate::catalog::surface::Listed<BriefingVars>>,
        crate::catalog::surface::SurfaceError,
    >;
    ///`ctxlake://fleet/{fleet}/status` (application/json): Who is working on what: the fleet_status tool's answer for every project (live agents, held claims).
    fn status(
        &self,
        vars: StatusVars,
    ) -> Result<String, crate::catalog::surface::SurfaceError>;
    ///The instances of `ctxlake://fleet/{fleet}/status` resources/list enumerates.
    fn status_list(
        &self,
    ) -> Result<
        Vec<crate::catalog::surface::Listed<StatusVars>>,
        crate::catalog::surface::SurfaceError,
    >;
    ///`ctxlake://fleet/{fleet}/context{?goal,project,intent}` (text/markdown): The context tool's pack for a goal, as Markdown: who is working on what, recent handoffs, promoted claims and reviewed guidance. goal is required; without project it reads every project.
    fn context(
        &self,
        vars: ContextVars,
    ) -> Result<String, crate::catalog::surface::SurfaceError>;
    ///`ctxlake://guidance/{slug}` (application/json): One approved guidance record of the knowledge base, whole, as get_guidance returns it with detail full.
    fn guidance(
        &self,
        vars: GuidanceVars,
    ) -> Result<String, crate::catalog::surface::SurfaceError>;
    ///The instances of `ctxlake://guidance/{slug}` resources/list enumerates.
    fn guidance_list(
        &self,
    ) -> Result<
        Vec<crate::catalog::surface::Listed<GuidanceVars>>,
        crate::catalog::surface::SurfaceError,
    >;
    /// Values for the variable or prompt argument `name` that start with `prefix`
    /// (an argument with an enum is completed from it without asking).
    fn complete(
        &self,
        name: &str,
        prefix: &str,
    ) -> Result<Vec<String>, crate::catalog::surface::SurfaceError>;
}
/// Reads the instance of `spec` that `vars` (as the matcher found them) names.
pub fn read<H: Resources + ?Sized>(
    handlers: &H,
    spec: &crate::catalog::surface::TemplateSpec,
    vars: crate::catalog::surface::Vars,
) -> Result<String, crate::catalog::surface::SurfaceError> {
    match spec.id {
        TemplateId::Briefing => handlers.briefing(vars.into()),
        TemplateId::Status => handlers.status(vars.into()),
        TemplateId::Context => handlers.context(vars.into()),
        TemplateId::Guidance => handlers.guidance(vars.into()),
    }
}
/// Every listed template's instances, template by template in catalog order.
pub fn list<H: Resources + ?Sized>(
    handlers: &H,
) -> Result<
    Vec<
        (
            &'static crate::catalog::surface::TemplateSpec,
            crate::catalog::surface::Listed<crate::catalog::surface::Vars>,
        ),
    >,
    crate::catalog::surface::SurfaceError,
> {
    let mut all = Vec::new();
    for listed in handlers.briefing_list()? {
        all.push((&TEMPLATES[0usize], listed.map(Into::into)));
    }
    for listed in handlers.status_list()? {
        all.push((&TEMPLATES[1usize], listed.map(Into::into)));
    }
    for listed in handlers.guidance_list()? {
        all.push((&TEMPLATES[3usize], listed.map(Into::into)));
    }
    Ok(all)
}
/// Every resource template ctxlake serves.
pub static TEMPLATES: &[crate::catalog::surface::TemplateSpec] = &[
    crate::catalog::surface::TemplateSpec {
        id: TemplateId::Briefing,
        name: "briefing",
        uri_template: "ctxlake://fleet/{fleet}/briefing",
        title: "Fleet briefing",
        description: "The SessionStart briefing of the fleet: live agents, recent sessions and the fleet's promoted claims, as peers' observations (verify before relying on them).",
        mime_type: "text/markdown",
        listed: true,
        reads: "context",
    },
    crate::catalog::surface::TemplateSpec {
        id: TemplateId::Status,
        name: "status",
        uri_template: "ctxlake://fleet/{fleet}/status",
        title: "Fleet status",
        description: "Who is working on what: the fleet_status tool's answer for every project (live agents, held claims).",
        mime_type: "application/json",
        listed: true,
        reads: "fleet_status",
    },
    crate::catalog::surface::TemplateSpec {
        id: TemplateId::Context,
        name: "context",
        uri_template: "ctxlake://fleet/{fleet}/context{?goal,project,intent}",
        title: "Context pack",
        description: "The context tool's pack for a goal, as Markdown: who is working on what, recent handoffs, promoted claims and reviewed guidance. goal is required; without project it reads every project.",
        mime_type: "text/markdown",
        listed: false,
        reads: "context",
    },
    crate::catalog::surface::TemplateSpec {
        id: TemplateId::Guidance,
        name: "guidance",
        uri_template: "ctxlake://guidance/{slug}",
        title: "Reviewed guidance",
        description: "One approved guidance record of the knowledge base, whole, as get_guidance returns it with detail full.",
        mime_type: "application/json",
        listed: true,
        reads: "get_guidance",
    },
];
///prompts/get handoff: the arguments, all strings as MCP prompt arguments are.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, Default, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HandoffArguments {
    ///your agent id, as fleet_status lists it; your claims are named when given
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub agent_id: ::std::option::Option<HandoffArgumentsAgentId>,
}
///your agent id, as fleet_status lists it; your claims are named when given
#[derive(::serde::Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
#[serde(transparent)]
pub struct HandoffArgumentsAgentId(::std::string::String);
impl ::std::ops::Deref for HandoffArgumentsAgentId {
    type Target = ::std::string::String;
    fn deref(&self) -> &::std::string::String {
        &self.0
    }
}
impl ::std::convert::From<HandoffArgumentsAgentId> for ::std::string::String {
    fn from(value: HandoffArgumentsAgentId) -> Self {
        value.0
    }
}
impl ::std::str::FromStr for HandoffArgumentsAgentId {
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
impl ::std::convert::TryFrom<&str> for HandoffArgumentsAgentId {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for HandoffArgumentsAgentId {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl<'de> ::serde::Deserialize<'de> for HandoffArgumentsAgentId {
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
///prompts/get resume-work: the arguments, all strings as MCP prompt arguments are.
#[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ResumeWorkArguments {
    ///what you are trying to do, in words
    pub goal: ResumeWorkArgumentsGoal,
    ///which facets lead: build (default), plan, ideate, research, debug, decide, learn or general
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub intent: ::std::option::Option<ResumeWorkArgumentsIntent>,
    ///the repository, as fleet_status names it; every project when absent
    #[serde(skip_serializing_if = "::std::option::Option::is_none")]
    pub project: ::std::option::Option<ResumeWorkArgumentsProject>,
}
///what you are trying to do, in words
#[derive(::serde::Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
#[serde(transparent)]
pub struct ResumeWorkArgumentsGoal(::std::string::String);
impl ::std::ops::Deref for ResumeWorkArgumentsGoal {
    type Target = ::std::string::String;
    fn deref(&self) -> &::std::string::String {
        &self.0
    }
}
impl ::std::convert::From<ResumeWorkArgumentsGoal> for ::std::string::String {
    fn from(value: ResumeWorkArgumentsGoal) -> Self {
        value.0
    }
}
impl ::std::str::FromStr for ResumeWorkArgumentsGoal {
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
impl ::std::convert::TryFrom<&str> for ResumeWorkArgumentsGoal {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for ResumeWorkArgumentsGoal {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl<'de> ::serde::Deserialize<'de> for ResumeWorkArgumentsGoal {
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
///which facets lead: build (default), plan, ideate, research, debug, decide, learn or general
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
pub enum ResumeWorkArgumentsIntent {
    #[serde(rename = "build")]
    Build,
    #[serde(rename = "plan")]
    Plan,
    #[serde(rename = "ideate")]
    Ideate,
    #[serde(rename = "research")]
    Research,
    #[serde(rename = "debug")]
    Debug,
    #[serde(rename = "decide")]
    Decide,
    #[serde(rename = "learn")]
    Learn,
    #[serde(rename = "general")]
    General,
}
impl ::std::fmt::Display for ResumeWorkArgumentsIntent {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        match *self {
            Self::Build => f.write_str("build"),
            Self::Plan => f.write_str("plan"),
            Self::Ideate => f.write_str("ideate"),
            Self::Research => f.write_str("research"),
            Self::Debug => f.write_str("debug"),
            Self::Decide => f.write_str("decide"),
            Self::Learn => f.write_str("learn"),
            Self::General => f.write_str("general"),
        }
    }
}
impl ::std::str::FromStr for ResumeWorkArgumentsIntent {
    type Err = self::error::ConversionError;
    fn from_str(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        match value {
            "build" => Ok(Self::Build),
            "plan" => Ok(Self::Plan),
            "ideate" => Ok(Self::Ideate),
            "research" => Ok(Self::Research),
            "debug" => Ok(Self::Debug),
            "decide" => Ok(Self::Decide),
            "learn" => Ok(Self::Learn),
            "general" => Ok(Self::General),
            _ => Err("invalid value".into()),
        }
    }
}
impl ::std::convert::TryFrom<&str> for ResumeWorkArgumentsIntent {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for ResumeWorkArgumentsIntent {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
///the repository, as fleet_status names it; every project when absent
#[derive(::serde::Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
#[serde(transparent)]
pub struct ResumeWorkArgumentsProject(::std::string::String);
impl ::std::ops::Deref for ResumeWorkArgumentsProject {
    type Target = ::std::string::String;
    fn deref(&self) -> &::std::string::String {
        &self.0
    }
}
impl ::std::convert::From<ResumeWorkArgumentsProject> for ::std::string::String {
    fn from(value: ResumeWorkArgumentsProject) -> Self {
        value.0
    }
}
impl ::std::str::FromStr for ResumeWorkArgumentsProject {
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
impl ::std::convert::TryFrom<&str> for ResumeWorkArgumentsProject {
    type Error = self::error::ConversionError;
    fn try_from(
        value: &str,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl ::std::convert::TryFrom<::std::string::String> for ResumeWorkArgumentsProject {
    type Error = self::error::ConversionError;
    fn try_from(
        value: ::std::string::String,
    ) -> ::std::result::Result<Self, self::error::ConversionError> {
        value.parse()
    }
}
impl<'de> ::serde::Deserialize<'de> for ResumeWorkArgumentsProject {
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
/// Every prompt ctxlake serves, in prompts/list order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PromptId {
    ResumeWork,
    Handoff,
}
/// One method per prompt; `crate::tools::surface` implements it.
pub trait Prompts: Send + Sync {
    ///prompts/get `resume-work`: Start or resume a task: the fleet's context pack for the goal, embedded, with how to work beside the other agents.
    fn resume_work(
        &self,
        arguments: ResumeWorkArguments,
    ) -> Result<
        Vec<crate::spec::mcp::PromptMessage>,
        crate::catalog::surface::SurfaceError,
    >;
    ///prompts/get `handoff`: What to record before you stop: release your claims, propose what you learned, and leave a handoff; the fleet's status is embedded so you can see what you still hold.
    fn handoff(
        &self,
        arguments: HandoffArguments,
    ) -> Result<
        Vec<crate::spec::mcp::PromptMessage>,
        crate::catalog::surface::SurfaceError,
    >;
}
/// Runs the prompt `spec` describes with `arguments` (an object of strings).
pub fn get<H: Prompts + ?Sized>(
    handlers: &H,
    spec: &crate::catalog::surface::PromptSpec,
    arguments: serde_json::Value,
) -> Result<
    Vec<crate::spec::mcp::PromptMessage>,
    crate::catalog::surface::SurfaceError,
> {
    match spec.id {
        PromptId::ResumeWork => {
            crate::catalog::surface::invoke(
                arguments,
                spec.arguments_schema,
                |arguments| handlers.resume_work(arguments),
            )
        }
        PromptId::Handoff => {
            crate::catalog::surface::invoke(
                arguments,
                spec.arguments_schema,
                |arguments| handlers.handoff(arguments),
            )
        }
    }
}
/// The values of a prompt argument its schema enumerates, if it does.
pub fn enum_values(
    spec: &crate::catalog::surface::PromptSpec,
    argument: &str,
) -> Option<&'static [&'static str]> {
    match (spec.id, argument) {
        (PromptId::ResumeWork, "intent") => {
            Some(
                &[
                    "build",
                    "plan",
                    "ideate",
                    "research",
                    "debug",
                    "decide",
                    "learn",
                    "general",
                ],
            )
        }
        _ => None,
    }
}
/// Every prompt ctxlake serves.
pub static PROMPTS: &[crate::catalog::surface::PromptSpec] = &[
    crate::catalog::surface::PromptSpec {
        id: PromptId::ResumeWork,
        name: "resume-work",
        title: "Resume work on a goal",
        description: "Start or resume a task: the fleet's context pack for the goal, embedded, with how to work beside the other agents.",
        reads: "context",
        arguments_schema: include_str!(
            concat!(env!("CARGO_MANIFEST_DIR"),
            "/schemas/surface/prompts/resume-work.arguments.json")
        ),
    },
    crate::catalog::surface::PromptSpec {
        id: PromptId::Handoff,
        name: "handoff",
        title: "Hand off before stopping",
        description: "What to record before you stop: release your claims, propose what you learned, and leave a handoff; the fleet's status is embedded so you can see what you still hold.",
        reads: "fleet_handoff",
        arguments_schema: include_str!(
            concat!(env!("CARGO_MANIFEST_DIR"),
            "/schemas/surface/prompts/handoff.arguments.json")
        ),
    },
];
