//! The MCP revisions ctxlake speaks and what changes between them. Every revision-dependent
//! behaviour of the server asks one of these predicates; the matrix is documented in
//! docs/protocol.md.

/// Declaration order is chronological, so `<`/`>=` compare revisions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Revision {
    V2024_11_05,
    V2025_03_26,
    V2025_06_18,
    V2025_11_25,
    V2026_07_28,
}

impl Revision {
    pub const ALL: [Revision; 5] = [
        Revision::V2024_11_05,
        Revision::V2025_03_26,
        Revision::V2025_06_18,
        Revision::V2025_11_25,
        Revision::V2026_07_28,
    ];
    /// The newest handshake-era revision: what `initialize` offers when it cannot echo the
    /// client's, and what a request with neither a handshake nor a modern envelope is served as.
    pub const LATEST_LEGACY: Revision = Revision::V2025_11_25;

    pub fn as_str(self) -> &'static str {
        match self {
            Revision::V2024_11_05 => "2024-11-05",
            Revision::V2025_03_26 => "2025-03-26",
            Revision::V2025_06_18 => "2025-06-18",
            Revision::V2025_11_25 => "2025-11-25",
            Revision::V2026_07_28 => "2026-07-28",
        }
    }

    pub fn parse(text: &str) -> Option<Revision> {
        Revision::ALL.into_iter().find(|r| r.as_str() == text)
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// 2026-07-28 is stateless: no handshake, a per-request `_meta` envelope, `resultType`.
    pub fn is_modern(self) -> bool {
        self >= Revision::V2026_07_28
    }

    /// Only 2025-03-26 lets a client send a JSON array of requests.
    pub fn accepts_batches(self) -> bool {
        self == Revision::V2025_03_26
    }

    /// Tool annotations (readOnlyHint, ...) exist since 2025-03-26.
    pub fn has_tool_annotations(self) -> bool {
        self >= Revision::V2025_03_26
    }

    /// `title`, `outputSchema` and `structuredContent` exist since 2025-06-18.
    pub fn has_structured_output(self) -> bool {
        self >= Revision::V2025_06_18
    }

    /// `title` on tools, resources, templates, prompts and serverInfo exists since 2025-06-18.
    pub fn has_titles(self) -> bool {
        self >= Revision::V2025_06_18
    }

    /// The `completions` capability is announced since 2025-03-26 (2024-11-05 served
    /// completion/complete without one).
    pub fn announces_completions(self) -> bool {
        self >= Revision::V2025_03_26
    }

    /// `logging/setLevel` sets a session's level before 2026-07-28; from then on each request
    /// names its own in `_meta` (`io.modelcontextprotocol/logLevel`).
    pub fn has_session_log_level(self) -> bool {
        !self.is_modern()
    }

    /// `resources/subscribe` and `resources/unsubscribe` exist before 2026-07-28 (which moved
    /// change notifications to `subscriptions/listen`).
    pub fn has_resource_subscriptions(self) -> bool {
        !self.is_modern()
    }

    /// The Skills extension (SEP-2640) is specified against 2026-07-28: its capability is read
    /// from `server/discover`, its results are cacheable results.
    pub fn has_skills(self) -> bool {
        self.is_modern()
    }

    /// SEP-1303 (2025-11-25): a tool argument that fails validation is a tool execution error
    /// (`isError: true`, so the model can correct itself), no longer a -32602 protocol error.
    pub fn argument_errors_are_tool_errors(self) -> bool {
        self >= Revision::V2025_11_25
    }
}

impl std::fmt::Display for Revision {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_revision_round_trips_through_its_name() {
        for r in Revision::ALL {
            assert_eq!(Revision::parse(r.as_str()), Some(r));
        }
        assert_eq!(Revision::parse("1999-01-01"), None);
    }

    #[test]
    fn only_2025_03_26_accepts_batches() {
        let batching: Vec<_> = Revision::ALL.into_iter().filter(|r| r.accepts_batches()).collect();
        assert_eq!(batching, [Revision::V2025_03_26]);
    }
}
