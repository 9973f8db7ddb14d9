//! The write-path redactor: a known secret of each format placed anywhere in arbitrary text
//! never survives `guard::scrub`, and redaction is idempotent.
#![no_main]

use ctxlake::guard::{redact::redact, sanitize::strip, scrub};
use libfuzzer_sys::fuzz_target;

const SECRETS: &[&str] = &[
    "AKIAIOSFODNN7EXAMPLE",
    "ghp_0123456789abcdefghijABCDEFGHIJ012345",
    "glpat-AbCdEfGhIjKlMnOpQrSt12",
    "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOp",
    "sk_live_51H8abcdefghijklmnopQRST",
    "AIzaSyA1234567890abcdefghijklmnopqrstuv",
    "sk-proj-abc123DEF456ghi789JKL012mno345",
    "sk-ant-api03-abcdefghijklmnopqrstuvwx_yz-0123456789",
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N",
    "npm_abcdefghijklmnopqrstuvwxyz0123456789",
];

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let once = redact(&text).into_owned();
    assert_eq!(redact(&once), once, "redaction is idempotent");

    let secret = SECRETS[usize::from(selector) % SECRETS.len()];
    let mut at = usize::from(selector) * 7 % (text.len() + 1);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let planted = format!("{} {secret} {}", &text[..at], &text[at..]);
    let scrubbed = scrub(&planted);
    // The generic `sk-` shape needs a word boundary, so the input itself may already hold the
    // same characters glued to a word ("xsk-proj-…"): those may stay, the planted one may not.
    let allowed = if secret.starts_with("sk-") { strip(&text).matches(secret).count() } else { 0 };
    assert!(scrubbed.matches(secret).count() <= allowed, "secret survived: {scrubbed:?}");
});
