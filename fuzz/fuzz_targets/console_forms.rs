//! The console's form and query readers (`console::form`: decisions, keys, records, sign-in,
//! sign-out) and its cookie reader
//! (`console::session::token`) on arbitrary bytes. The table they keep: nothing panics; a form
//! past `MAX_FORM_BYTES` is refused whole; every other refusal names its field, and the message
//! says it; what is accepted is trimmed, non-blank where required and within its limit (a
//! reason 2,000 characters, anything else 200); whatever form reads whole carries the token
//! `csrf_only` reads (the handlers check it first); `done` is only one of its words; a form
//! written by `link_query` from fields within their limits reads back as written.
#![no_main]

use axum::http::{HeaderMap, HeaderValue, header};
use ctxlake::console::form::{self, Decision, Done, FormError, KeyAction, MAX_FORM_BYTES};
use ctxlake::console::session;
use libfuzzer_sys::fuzz_target;

const SHORT: usize = 200;
const LONG: usize = 2000;

fn within(value: &str, max: usize) {
    assert!(!value.is_empty() && value.trim() == value, "{value:?}");
    assert!(value.chars().count() <= max, "{} > {max}", value.chars().count());
}

/// What "the CSRF token first" rests on: a form that reads whole carries the token `csrf_only`
/// reads.
fn token_first(bytes: &[u8], csrf: &str) {
    assert_eq!(form::csrf_only(bytes).as_deref(), Ok(csrf));
}

fn refused(bytes: &[u8], error: &FormError) {
    match error.field() {
        None => assert!(bytes.len() > MAX_FORM_BYTES, "{error}"),
        Some(field) => assert!(error.to_string().contains(field), "{error}"),
    }
}

fuzz_target!(|bytes: &[u8]| {
    match form::decision(bytes) {
        Ok(read) => {
            within(&read.csrf, SHORT);
            within(&read.fleet, SHORT);
            token_first(bytes, &read.csrf);
            match &read.decision {
                Decision::Approve { claim } => within(claim, SHORT),
                Decision::Retire { claim, reason } | Decision::Retract { claim, reason } => {
                    within(claim, SHORT);
                    within(reason, LONG);
                }
                Decision::Quarantine { agent, reason } => {
                    within(agent, SHORT);
                    within(reason, LONG);
                }
            }
        }
        Err(e) => refused(bytes, &e),
    }
    match form::key_form(bytes) {
        Ok(read) => {
            within(&read.csrf, SHORT);
            within(&read.fleet, SHORT);
            token_first(bytes, &read.csrf);
            match &read.action {
                KeyAction::Create { name, fleets, quota, .. } => {
                    within(name, SHORT);
                    assert!(!fleets.is_empty());
                    fleets.iter().for_each(|f| within(f, SHORT));
                    assert!(fleets.iter().all(|f| !f.contains(',')));
                    assert!(quota.is_none_or(|q| q > 0));
                }
                KeyAction::Revoke { name } => within(name, SHORT),
            }
        }
        Err(e) => refused(bytes, &e),
    }
    match form::record_form(bytes) {
        Ok(read) => {
            within(&read.csrf, SHORT);
            within(&read.fleet, SHORT);
            within(&read.record, SHORT);
            token_first(bytes, &read.csrf);
        }
        Err(e) => refused(bytes, &e),
    }
    for read in [form::sign_in(bytes), form::csrf_only(bytes)] {
        match read {
            Ok(value) => within(&value, SHORT),
            Err(e) => refused(bytes, &e),
        }
    }
    let text = String::from_utf8_lossy(bytes);
    match form::query(Some(&text)) {
        Ok(query) => {
            query.fleet.iter().chain(&query.id).for_each(|v| within(v, SHORT));
            if let Some(done) = query.done {
                assert!(Done::ALL.contains(&done));
                let raw = form_urlencoded::parse(text.as_bytes()).find(|(name, _)| name == "done");
                assert_eq!(raw.map(|(_, v)| v.trim().to_string()).as_deref(), Some(done.as_str()), "{text:?}");
            }
        }
        Err(e) => refused(text.as_bytes(), &e),
    }

    // Written by the pages' own link builder, read back as written.
    let mut parts = text.splitn(3, '\u{0}');
    let (csrf, claim, reason) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let fits = |v: &str, max: usize| !v.trim().is_empty() && v.trim() == v && v.chars().count() <= max;
    if fits(csrf, SHORT) && fits(claim, SHORT) && fits(reason, LONG) {
        let body = form::link_query(&[
            ("csrf", csrf),
            ("fleet", "web"),
            ("action", "retire"),
            ("claim", claim),
            ("reason", reason),
        ]);
        if body.len() <= MAX_FORM_BYTES {
            let read = form::decision(body.as_bytes()).expect("a form the pages write");
            assert_eq!(read.decision, Decision::Retire { claim: claim.to_string(), reason: reason.to_string() });
            assert_eq!(read.csrf, csrf);
        }
    }

    // The session cookie, from any Cookie header.
    if let Ok(value) = HeaderValue::from_bytes(bytes) {
        let mut headers = HeaderMap::new();
        headers.insert(header::COOKIE, value);
        let _ = session::token(&headers);
    }
});
