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

#[cfg(test)]
mod tests {
    use super::scrub;

    #[test]
    fn a_secret_split_by_a_tag_character_or_variation_selector_is_still_redacted() {
        for hidden in ["\u{E0020}", "\u{FE0F}", "\u{E0100}", "\u{3164}", "\u{AD}"] {
            let out = scrub(&format!("AKIA{hidden}IOSFODNN7EXAMPLE"));
            assert!(!out.contains("IOSFODNN7EXAMPLE"), "{hidden:?}: {out}");
        }
    }

    #[test]
    fn line_and_paragraph_separators_become_newlines_as_on_the_read_path() {
        assert_eq!(scrub(" a\u{2028}b\u{2029}c\u{2028}"), "a\nb\nc");
    }
}
