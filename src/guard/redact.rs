//! Write-path secret redactor. Every free-text argument of a write tool passes through here
//! before a record is built, because the spool is shipped to the lake and the lake is immutable.
//!
//! Rules match the *shape* of a credential (prefix plus enough token characters, or a key like
//! `password=` followed by a token), never a bare prefix: "task-list", "ASIAN" or "risk-based"
//! pass unchanged. Distinctive prefixes (`ghp_`, `AKIA`, `xoxb-`, ...) match even glued to a
//! preceding word; the generic `sk-` shape needs a word boundary, since prose has "task-…".
//! A match is replaced by `[ctxlake:redacted:<rule>]`; where only part of the match is secret
//! (a URL password, a header value) only that part is replaced.
//!
//! Word boundaries are ASCII ones (`(?-u:\b)`): a Unicode `\b` keeps the regex engine off its
//! DFA on non-ASCII text, which made accented prose 60 to 100 times slower (benches/redact.rs).
//! An accented letter before `sk-` now counts as a boundary, which can only redact more.

use regex::{Captures, Regex, RegexSet};
use std::borrow::Cow;
use std::sync::OnceLock;

/// The prefix of every replacement, so a redacted value is recognisable downstream.
pub const REDACTED_PREFIX: &str = "[ctxlake:redacted:";

struct Rule {
    name: &'static str,
    pattern: &'static str,
    /// Extra shape test on the captures; `None` accepts every match.
    accept: Option<fn(&Captures<'_>) -> bool>,
}

const RULES: &[Rule] = &[
    Rule {
        name: "private_key",
        pattern: r"-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?s:.*?)(?:-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\z)",
        accept: None,
    },
    Rule { name: "jwt", pattern: r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}", accept: None },
    Rule {
        name: "aws_access_key_id",
        pattern: r"(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|APKA|AROA|ASCA)[A-Z0-9]{16,}",
        accept: None,
    },
    Rule { name: "github_token", pattern: r"(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,}", accept: None },
    Rule { name: "github_fine_grained_pat", pattern: r"github_pat_[A-Za-z0-9_]{40,}", accept: None },
    Rule { name: "gitlab_token", pattern: r"(?:glpat|glrt|gldt|glptt|glsoat)-[A-Za-z0-9_-]{20,}", accept: None },
    Rule { name: "slack_token", pattern: r"xox[abposr]-[A-Za-z0-9-]{10,}", accept: None },
    Rule { name: "slack_app_token", pattern: r"xapp-\d-[A-Za-z0-9-]{10,}", accept: None },
    Rule {
        name: "slack_webhook",
        pattern: r"https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_-]+",
        accept: None,
    },
    Rule {
        name: "discord_webhook",
        pattern: r"https://(?:discord|discordapp)\.com/api/webhooks/\d+/[A-Za-z0-9_-]+",
        accept: None,
    },
    Rule { name: "stripe_key", pattern: r"(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}", accept: None },
    Rule { name: "stripe_webhook_secret", pattern: r"whsec_[A-Za-z0-9]{24,}", accept: None },
    Rule { name: "google_api_key", pattern: r"AIza[0-9A-Za-z_-]{35}", accept: None },
    Rule { name: "google_oauth_token", pattern: r"ya29\.[0-9A-Za-z_-]{20,}", accept: None },
    Rule { name: "anthropic_key", pattern: r"sk-ant-[a-z]{2,8}[0-9]{0,3}-[A-Za-z0-9_-]{20,}", accept: None },
    Rule {
        name: "openai_key",
        pattern: r"(?-u:\b)sk-(?:proj-|svcacct-|admin-)?(?P<token>[A-Za-z0-9_-]{20,})",
        accept: Some(|c| has_letter_and_digit(&c["token"])),
    },
    Rule { name: "huggingface_token", pattern: r"hf_[A-Za-z0-9]{30,}", accept: None },
    Rule { name: "npm_token", pattern: r"npm_[A-Za-z0-9]{36,}", accept: None },
    Rule { name: "sendgrid_key", pattern: r"SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}", accept: None },
    Rule { name: "digitalocean_token", pattern: r"do[opr]_v1_[a-f0-9]{64,}", accept: None },
    Rule { name: "shopify_token", pattern: r"shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32,}", accept: None },
    Rule { name: "groq_key", pattern: r"gsk_[A-Za-z0-9]{40,}", accept: None },
    Rule { name: "xai_key", pattern: r"xai-[A-Za-z0-9]{40,}", accept: None },
    Rule {
        name: "url_credentials",
        pattern: r"(?-u:\b)[A-Za-z][A-Za-z0-9+.-]*://[^\s/?#@:]+:(?P<secret>[^\s/?#@]+)@",
        accept: None,
    },
    Rule {
        name: "authorization_header",
        pattern: r"(?i)(?-u:\b)(?:proxy-)?authorization\s*:\s*(?P<scheme>(?:bearer|basic|token|digest|negotiate)\s+)?(?P<secret>[A-Za-z0-9._~+/=-]{8,})",
        accept: Some(|c| c.name("scheme").is_some() || has_letter_and_digit(&c["secret"]) || c["secret"].len() >= 20),
    },
    Rule { name: "bearer_token", pattern: r"(?-u:\b)[Bb]earer\s+(?P<secret>[A-Za-z0-9._~+/=-]{16,})", accept: None },
    Rule {
        name: "secret_assignment",
        pattern: r#"(?i)(?-u:\b)[a-z0-9_.-]*(?:password|passwd|pwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credentials?)[a-z0-9_.-]*["']?\s*(?P<op>[:=])\s*["']?(?P<secret>[^\s"',;&]+)"#,
        accept: Some(assignment_value_is_secret),
    },
];

/// The set tells which rules match; a rule's own regex (for its captures) and the marker's are
/// compiled the first time they are needed. Most texts match no rule, and compiling all 27 rule
/// regexes took two thirds of a redactor's start: 16 M of 25 M instructions, on every
/// `ctxlake mcp` start, whose presence record is redacted (docs/performance.md).
struct Compiled {
    set: RegexSet,
    rules: Vec<OnceLock<Regex>>,
    marker: OnceLock<Regex>,
}

impl Compiled {
    fn rule(&self, index: usize) -> &Regex {
        self.rules[index].get_or_init(|| Regex::new(RULES[index].pattern).expect("redaction patterns are valid"))
    }

    fn marker(&self) -> &Regex {
        self.marker.get_or_init(|| Regex::new(r"\[ctxlake:redacted:[a-z_]+\]").expect("the marker pattern is valid"))
    }
}

fn compiled() -> &'static Compiled {
    static COMPILED: OnceLock<Compiled> = OnceLock::new();
    COMPILED.get_or_init(|| Compiled {
        set: RegexSet::new(RULES.iter().map(|r| r.pattern)).expect("redaction patterns are valid"),
        rules: RULES.iter().map(|_| OnceLock::new()).collect(),
        marker: OnceLock::new(),
    })
}

/// Replaces every secret-shaped span; text with no secret shape comes back borrowed, unchanged.
///
/// A pass matches every rule against the same text, so rules never see each other's markers
/// half-way through. Passes repeat until nothing changes, because a marker can complete another
/// rule's shape (its `:` can close a `scheme://user:…@` credential) and redaction must be
/// idempotent. The loop ends: a pass that changes anything replaces at least one character
/// outside the markers already present, and never touches a marker.
pub fn redact(text: &str) -> Cow<'_, str> {
    let mut current = Cow::Borrowed(text);
    while let Some(next) = redact_once(&current) {
        current = Cow::Owned(next);
    }
    current
}

/// A byte range of the text to replace, and the rule whose marker replaces it.
#[derive(Clone, Copy)]
struct Span {
    start: usize,
    end: usize,
    rule: usize,
}

/// One pass: the secret part of every accepted match of every rule, minus the markers already
/// in the text, merged where they overlap. `None` when there is nothing to replace.
fn redact_once(text: &str) -> Option<String> {
    let engine = compiled();
    let hits = engine.set.matches(text);
    if !hits.matched_any() {
        return None;
    }
    let markers: Vec<(usize, usize)> = engine.marker().find_iter(text).map(|m| (m.start(), m.end())).collect();
    let mut spans = Vec::new();
    for rule in hits.iter() {
        for captures in engine.rule(rule).captures_iter(text) {
            if RULES[rule].accept.is_some_and(|accept| !accept(&captures)) {
                continue;
            }
            let secret = captures.name("secret").or_else(|| captures.get(0)).expect("group 0 always matches");
            outside_markers(secret.start(), secret.end(), &markers, |start, end| spans.push(Span { start, end, rule }));
        }
    }
    if spans.is_empty() {
        return None;
    }
    // Earliest first; at one start the rule listed first (the more specific shape) names it.
    spans.sort_by_key(|s| (s.start, s.rule));
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut pending: Option<Span> = None;
    for span in spans {
        match &mut pending {
            Some(open) if span.start < open.end => open.end = open.end.max(span.end),
            _ => {
                if let Some(done) = pending.replace(span) {
                    push_marker(&mut out, text, &mut copied, done);
                }
            }
        }
    }
    if let Some(done) = pending {
        push_marker(&mut out, text, &mut copied, done);
    }
    out.push_str(&text[copied..]);
    Some(out)
}

/// Calls `each` with the non-empty pieces of `start..end` that no marker covers, so a marker
/// is never redacted again and a marker typed into the text shields nothing beside it.
fn outside_markers(start: usize, end: usize, markers: &[(usize, usize)], mut each: impl FnMut(usize, usize)) {
    let mut from = start;
    for &(m_start, m_end) in markers.iter().filter(|&&(s, e)| s < end && e > start) {
        if m_start > from {
            each(from, m_start);
        }
        from = from.max(m_end);
    }
    if from < end {
        each(from, end);
    }
}

fn push_marker(out: &mut String, text: &str, copied: &mut usize, span: Span) {
    out.push_str(&text[*copied..span.start]);
    out.push_str(REDACTED_PREFIX);
    out.push_str(RULES[span.rule].name);
    out.push(']');
    *copied = span.end;
}

/// The names of the rules that fire on `text`. Use this in tests and diagnostics.
pub fn rules_matching(text: &str) -> Vec<&'static str> {
    let engine = compiled();
    engine
        .set
        .matches(text)
        .iter()
        .filter(|&i| engine.rule(i).captures_iter(text).any(|c| RULES[i].accept.is_none_or(|accept| accept(&c))))
        .map(|i| RULES[i].name)
        .collect()
}

fn has_letter_and_digit(token: &str) -> bool {
    token.bytes().any(|b| b.is_ascii_digit()) && token.bytes().any(|b| b.is_ascii_alphabetic())
}

/// `password=x`-style assignments redact any value of 4+ characters; `password: x` reads like
/// prose too, so there the value must look like a token (8+ characters of 2+ character classes,
/// or 24+ characters).
fn assignment_value_is_secret(c: &Captures<'_>) -> bool {
    let value = &c["secret"];
    let len = value.chars().count();
    if &c["op"] == "=" {
        return len >= 4;
    }
    let classes = [
        value.chars().any(|ch| ch.is_ascii_lowercase()),
        value.chars().any(|ch| ch.is_ascii_uppercase()),
        value.chars().any(|ch| ch.is_ascii_digit()),
        value.chars().any(|ch| !ch.is_alphanumeric()),
    ];
    (len >= 8 && classes.iter().filter(|&&on| on).count() >= 2) || len >= 24
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_redacted(text: &str, secret: &str, rule: &str) {
        let out = redact(text);
        assert!(!out.contains(secret), "{rule}: secret survived in {out:?}");
        assert!(out.contains(&format!("{REDACTED_PREFIX}{rule}]")), "{rule}: no marker in {out:?}");
    }

    #[test]
    fn every_known_format_is_redacted() {
        let cases = [
            ("key AKIAIOSFODNN7EXAMPLE here", "AKIAIOSFODNN7EXAMPLE", "aws_access_key_id"),
            ("ASIAY34FZKBOKMUTVV7A", "ASIAY34FZKBOKMUTVV7A", "aws_access_key_id"),
            ("ghp_0123456789abcdefghijABCDEFGHIJ012345", "ghp_0123456789abcdefghijABCDEFGHIJ012345", "github_token"),
            ("glpat-xxxxxxxxxxxxxxxxxxxx1", "glpat-xxxxxxxxxxxxxxxxxxxx1", "gitlab_token"),
            ("xoxb-123456789012-abcdefABCDEF", "xoxb-123456789012-abcdefABCDEF", "slack_token"),
            ("sk_live_51H8abcdefghijklmnop", "sk_live_51H8abcdefghijklmnop", "stripe_key"),
            ("AIzaSyA1234567890abcdefghijklmnopqrstuv", "AIzaSyA1234567890abcdefghijklmnopqrstuv", "google_api_key"),
            ("sk-proj-abc123DEF456ghi789JKL012", "abc123DEF456ghi789JKL012", "openai_key"),
            ("sk-ant-api03-abcdefghijklmnopqrstuvwx_yz-0123", "abcdefghijklmnopqrstuvwx", "anthropic_key"),
            ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N", "dozjgNryP4J3jVmNHl0w5N", "jwt"),
            ("postgres://app:s3cr3tpass@db:5432/x", "s3cr3tpass", "url_credentials"),
            ("Authorization: Bearer abcdef0123456789xyz", "abcdef0123456789xyz", "authorization_header"),
            ("PGPASSWORD=hunter2hunter2 psql", "hunter2hunter2", "secret_assignment"),
            ("client_secret: Zq8vX2mN4pL7rT1w", "Zq8vX2mN4pL7rT1w", "secret_assignment"),
        ];
        for (text, secret, rule) in cases {
            assert_redacted(text, secret, rule);
        }
    }

    #[test]
    fn a_pem_block_is_withheld_whole() {
        let pem = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\nabc\n-----END RSA PRIVATE KEY-----";
        let text = format!("before\n{pem}\nafter");
        let out = redact(&text);
        assert_eq!(out, format!("before\n{REDACTED_PREFIX}private_key]\nafter"));
    }

    #[test]
    fn ordinary_words_with_secret_like_prefixes_pass_unchanged() {
        for text in [
            "update the task-list and the risk-based plan",
            "ASIAN markets and AKIA",
            "sk-learn-based-pipeline-approach",
            "the password: ask bob",
            "tokens: 5 left, secret sauce",
            "Bearer of bad news",
            "see https://example.com:8080/path?a=b",
            "authorization: pending",
            "authorization: required for every call",
        ] {
            assert_eq!(redact(text), text, "false positive on {text:?}");
        }
    }

    /// Found by the `redact` fuzz target: a token glued to a preceding word slipped past `\b`.
    #[test]
    fn fuzz_a_token_glued_to_a_word_is_still_redacted() {
        for (text, secret) in [
            ("xoglpat-AbCdEfGhIjKlMnOpQrSt12we", "AbCdEfGhIjKlMnOpQrSt12"),
            ("KEYAKIAIOSFODNN7EXAMPLEZ", "IOSFODNN7EXAMPLE"),
            ("idghp_0123456789abcdefghijABCDEFGHIJ012345_x", "0123456789abcdefghij"),
        ] {
            let out = redact(text);
            assert!(!out.contains(secret), "{out:?}");
        }
    }

    /// Found by the `redact` fuzz target: the `:` of a marker completed a URL-credential shape,
    /// so a second redaction changed the text again.
    #[test]
    fn fuzz_a_marker_that_completes_another_shape_is_redacted_in_the_same_call() {
        let text = "cps://\u{fffd}sk-ant-api03-abcdefghijklmnopqrstuvwx_yz\0\0@://\t";
        let once = redact(text).into_owned();
        assert_eq!(redact(&once), once);
        assert!(!once.contains("abcdefghijklmnopqrstuvwx"));
    }

    #[test]
    fn non_ascii_text_around_a_secret_is_a_boundary_and_stays_intact() {
        let text = "clé: ésk-proj-abc123DEF456ghi789JKL012mno345 Straße";
        let out = redact(text);
        assert_eq!(out, "clé: é[ctxlake:redacted:openai_key] Straße");
        assert_eq!(redact("déploiement prévu task-list schéma"), "déploiement prévu task-list schéma");
    }

    #[test]
    fn redaction_is_idempotent() {
        let once = redact("token=abcd1234efgh and ghp_0123456789abcdefghijABCDEFGHIJ012345").into_owned();
        assert_eq!(redact(&once), once);
    }
}
#[cfg(test)]
mod fuzz_findings {
    /// Found by the `redact` fuzz target: chains of `scheme://user:…@` shapes where each
    /// redaction marker completes the next shape. The first needed five passes, the second more
    /// than the eight a pass limit allowed; there is no limit now, and both are seeds.
    #[test]
    fn fuzz_a_chain_of_credential_shapes_settles_in_one_call() {
        for data in [
            &include_bytes!("../../fuzz/seeds/redact/url-credentials-chain")[..],
            &include_bytes!("../../fuzz/seeds/redact/url-credentials-chain-deep")[..],
        ] {
            let text = String::from_utf8_lossy(&data[1..]);
            let once = super::redact(&text).into_owned();
            assert_eq!(super::redact(&once), once, "redaction is idempotent");
        }
    }

    /// A marker typed into the text is left alone but shields nothing beside it.
    #[test]
    fn a_typed_marker_does_not_shield_the_secret_after_it() {
        let out = super::redact("password=[ctxlake:redacted:jwt]hunter22");
        assert_eq!(out, "password=[ctxlake:redacted:jwt][ctxlake:redacted:secret_assignment]");
    }
}
