//! The two filters every string passes: `sanitize` on the read path (cache → tool result),
//! `redact` on the write path (tool argument → spool).

pub mod redact;
pub mod sanitize;

/// Write-path guard: strips invisible characters (so they cannot split a secret's shape),
/// trims, then redacts secrets. Every free-text tool argument goes through this before a
/// record is built.
pub fn scrub(text: &str) -> String {
    let visible = sanitize::strip(text);
    redact::redact(visible.trim()).into_owned()
}
