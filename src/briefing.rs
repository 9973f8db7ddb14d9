//! The SessionStart briefing: live agents, recent sessions, and the fleet's promoted claims,
//! rendered from the local cache with the same sanitizer and attribution as the tools, capped
//! at 8 KiB with a visible marker. Empty blocks are left out; an empty cache gives "".

use crate::attribution::render;
use crate::config::Ctx;
use crate::guard::sanitize::{MAX_SHORT_FIELD, clean_single_line};
use crate::local::cache::CacheDir;
use crate::local::rows::{newest_first, read_rows};
use crate::snapshot::Snapshot;
use crate::spec::wire::claude_code::{ClaudeCodeSessionStart, SessionStartOutput, SessionStartOutputHookEventName};
use crate::spec::wire::history::HistoryFile;
use crate::spec::wire::roster::RosterFile;
use serde_json::{Map, Value};

pub const MAX_BRIEFING_BYTES: usize = 8 * 1024;
pub const TRUNCATION_MARKER: &str = "\n\n[ctxlake: briefing truncated]";
pub const MAX_SESSIONS: usize = 5;
pub const MAX_CLAIMS: usize = 5;
pub const CLAIMS_HEADING: &str = "## Fleet context (peer observations — verify before relying on these)";

/// The briefing text for this fleet.
pub fn text(ctx: &Ctx) -> String {
    let dir = ctx.fleet_id.cache_dir(&ctx.cache_root);
    let mut notes = vec![];
    let cache = CacheDir::open(&dir);
    let agents = read_rows::<RosterFile>(&cache, "roster.json", &mut notes).map(|r| r.objects).unwrap_or_default();
    let sessions = read_rows::<HistoryFile>(&cache, "history.json", &mut notes).map(|r| r.objects).unwrap_or_default();
    for note in &notes {
        tracing::debug!(note, "briefing cache read");
    }
    let claims = match Snapshot::open(&dir.join("snapshot.bin")) {
        Ok(snapshot) => snapshot.top_by_confidence(MAX_CLAIMS).unwrap_or_else(|e| {
            tracing::warn!(error = %e, "briefing could not read the snapshot");
            vec![]
        }),
        _ => vec![],
    };
    let blocks = [
        block("## Live agents\n", agents.iter().map(agent_line).collect(), "\n"),
        block(
            "## Recent sessions\n",
            newest_first(sessions, None, None).iter().take(MAX_SESSIONS).map(session_line).collect(),
            "\n",
        ),
        block(&format!("{CLAIMS_HEADING}\n\n"), claims.iter().map(render).collect(), "\n\n"),
    ];
    cap(&blocks.into_iter().flatten().collect::<Vec<_>>().join("\n\n"))
}

/// The briefing as Claude Code's SessionStart hook output.
pub fn claude_code(text: String) -> ClaudeCodeSessionStart {
    ClaudeCodeSessionStart {
        hook_specific_output: SessionStartOutput {
            hook_event_name: SessionStartOutputHookEventName::SessionStart,
            additional_context: text,
        },
    }
}

fn block(heading: &str, lines: Vec<String>, separator: &str) -> Option<String> {
    (!lines.is_empty()).then(|| format!("{heading}{}", lines.join(separator)))
}

fn field(row: &Map<String, Value>, key: &str) -> Option<String> {
    row.get(key).and_then(Value::as_str).map(|s| clean_single_line(s, MAX_SHORT_FIELD)).filter(|s| !s.is_empty())
}

fn agent_line(agent: &Map<String, Value>) -> String {
    let id = field(agent, "agent_id").unwrap_or_else(|| "?".into());
    let runtime = field(agent, "runtime").unwrap_or_else(|| "?".into());
    match field(agent, "task") {
        Some(task) => format!("- {id} ({runtime}) — {task}"),
        None => format!("- {id} ({runtime})"),
    }
}

fn session_line(session: &Map<String, Value>) -> String {
    let repo = field(session, "repo").unwrap_or_else(|| "?".into());
    let ended = field(session, "ended_at").unwrap_or_else(|| "?".into());
    let summary = field(session, "summary").unwrap_or_default();
    format!("- [{repo}, {ended}] {summary}")
}

/// Cuts to `MAX_BRIEFING_BYTES` (marker included) on a character boundary.
fn cap(text: &str) -> String {
    if text.len() <= MAX_BRIEFING_BYTES {
        return text.to_string();
    }
    let mut cut = MAX_BRIEFING_BYTES - TRUNCATION_MARKER.len();
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}{TRUNCATION_MARKER}", &text[..cut])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_briefing_is_capped_at_8_kib_with_the_marker_on_a_char_boundary() {
        let capped = cap(&"€".repeat(5000));
        assert!(capped.len() <= MAX_BRIEFING_BYTES);
        assert!(capped.ends_with(TRUNCATION_MARKER));
    }

    #[test]
    fn a_short_briefing_is_unchanged() {
        assert_eq!(cap("## Live agents\n- a (b)"), "## Live agents\n- a (b)");
    }
}
