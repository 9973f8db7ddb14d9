//! The lease guard's two parsers of outside input. The table:
//! - a repository's pre-commit hook (arbitrary text): `hook::merge` either refuses it with a
//!   named error or gives a hook that holds the block once, is a fixed point of a second merge,
//!   and that `hook::remove` turns back into the text it was (an empty hook: into the shebang
//!   merge gave it);
//! - this host's leases.json (arbitrary JSON): `leases check` names only paths it was asked
//!   about and holders other than the caller, and `fleet_status`'s request outcomes name only
//!   the caller's own requests, one row per request and path.
#![no_main]

use chrono::{DateTime, Utc};
use ctxlake::install::hook;
use ctxlake::local::lease_check::held_by_others;
use ctxlake::spec::tools::fleet::RequestOutcomeKind;
use ctxlake::tools::requests::{Decided, Queued, outcomes};
use libfuzzer_sys::fuzz_target;
use serde_json::{Map, Value};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    if selector & 1 == 0 {
        hook_table(text);
    } else {
        leases_table(text);
    }
});

fn hook_table(text: &str) {
    let block = hook::block("'/usr/bin/ctxlake' leases check --staged --hook");
    let Ok(merged) = hook::merge(Some(text), &block) else { return };
    let begins = |t: &str| t.lines().filter(|l| l.trim_end_matches('\r') == hook::BEGIN).count();
    assert_eq!(begins(&merged), 1, "one block: {merged:?}");
    assert_eq!(hook::merge(Some(&merged), &block).expect("merges again"), merged, "a second merge changes nothing");
    let removed = hook::remove(&merged).expect("removes");
    if begins(text) > 0 {
        // An earlier block was replaced in place: removing takes it out altogether.
        assert!(removed.as_deref().is_none_or(|r| begins(r) == 0), "{removed:?}");
        return;
    }
    match text.is_empty() {
        // merge gave an empty hook the shebang: that is what is left.
        true => assert_eq!(removed.as_deref(), Some("#!/bin/sh\n")),
        false => assert_eq!(removed.as_deref(), Some(text), "uninstall gives back the hook as it was"),
    }
}

fn leases_table(text: &str) {
    let Ok(value) = serde_json::from_str::<Value>(text) else { return };
    let leases: Vec<Map<String, Value>> = value
        .get("leases")
        .and_then(Value::as_array)
        .map(|l| l.iter().filter_map(|x| x.as_object().cloned()).collect())
        .unwrap_or_default();
    let applied = value.get("applied").and_then(Value::as_array).cloned().unwrap_or_default();
    let now: DateTime<Utc> = "2026-12-03T12:00:00Z".parse().expect("a time");
    let paths = vec!["src/db.rs".to_string(), "docs/a.md".to_string()];
    for held in held_by_others(&leases, &paths, "me", now) {
        assert!(paths.contains(&held.path) && held.holder != "me" && held.expires_at > now, "{held:?}");
    }
    let mine = [
        Queued { id: "r1".into(), kind: RequestOutcomeKind::Claim, paths: Some(paths.clone()), at: now },
        Queued { id: "r2".into(), kind: RequestOutcomeKind::Release, paths: None, at: now },
    ];
    for row in outcomes(&mine, &Decided::new(leases, &applied), "me", now) {
        assert!(row.request_id == "r1" || row.request_id == "r2", "{row:?}");
    }
}
