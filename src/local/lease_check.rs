//! Which of some paths another agent holds a lease on, from the cache's leases.json: what
//! `ctxlake leases check` and the pre-commit guard report. A lease's resource is a path or a
//! glob (`src/**/*.rs`), as `fleet_claim` takes them; a resource that is a folder (`src` or
//! `src/`) covers everything under it. A lease whose time ran out holds nothing, whatever the
//! file says (the fold clears it later).

use chrono::{DateTime, Utc};
use globset::{Glob, GlobMatcher};
use serde_json::{Map, Value};

/// One path another agent holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Held {
    pub path: String,
    pub resource: String,
    pub holder: String,
    pub expires_at: DateTime<Utc>,
}

/// The paths among `paths` that an agent other than `me` holds now.
pub fn held_by_others(leases: &[Map<String, Value>], paths: &[String], me: &str, now: DateTime<Utc>) -> Vec<Held> {
    let live: Vec<(&str, &str, DateTime<Utc>, Option<GlobMatcher>)> = leases
        .iter()
        .filter_map(|lease| {
            let resource = lease.get("resource")?.as_str()?;
            let holder = lease.get("holder")?.as_str()?;
            let until = DateTime::parse_from_rfc3339(lease.get("expires_at")?.as_str()?).ok()?.with_timezone(&Utc);
            let glob = Glob::new(resource).ok().map(|g| g.compile_matcher());
            (holder != me && until > now).then_some((resource, holder, until, glob))
        })
        .collect();
    let mut held = vec![];
    for path in paths {
        let path = path.trim_start_matches("./");
        for (resource, holder, until, glob) in &live {
            if covers(resource, glob.as_ref(), path) {
                held.push(Held {
                    path: path.to_string(),
                    resource: resource.to_string(),
                    holder: holder.to_string(),
                    expires_at: *until,
                });
                break;
            }
        }
    }
    held
}

fn covers(resource: &str, glob: Option<&GlobMatcher>, path: &str) -> bool {
    let resource = resource.trim_start_matches("./");
    let folder = resource.trim_end_matches('/');
    path == resource
        || (!folder.is_empty() && path.starts_with(folder) && path[folder.len()..].starts_with('/'))
        || glob.is_some_and(|g| g.is_match(path))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn lease(resource: &str, holder: &str, expires_at: &str) -> Map<String, Value> {
        match json!({"resource": resource, "holder": holder, "expires_at": expires_at}) {
            Value::Object(map) => map,
            _ => unreachable!(),
        }
    }

    fn now() -> DateTime<Utc> {
        "2026-12-03T12:00:00Z".parse().expect("a time")
    }

    fn paths(list: &[&str]) -> Vec<String> {
        list.iter().map(|p| p.to_string()).collect()
    }

    #[test]
    fn a_path_a_folder_and_a_glob_each_cover_what_they_name_and_nothing_else() {
        let leases = [
            lease("src/lib.rs", "b", "2026-12-03T12:05:00Z"),
            lease("docs/", "c", "2026-12-03T12:05:00Z"),
            lease("tests/**/*.rs", "d", "2026-12-03T12:05:00Z"),
        ];
        let held = held_by_others(
            &leases,
            &paths(&["src/lib.rs", "docs/a.md", "tests/it/x.rs", "src/main.rs", "docsx/a"]),
            "a",
            now(),
        );
        let who: Vec<(&str, &str)> = held.iter().map(|h| (h.path.as_str(), h.holder.as_str())).collect();
        assert_eq!(who, [("src/lib.rs", "b"), ("docs/a.md", "c"), ("tests/it/x.rs", "d")]);
    }

    #[test]
    fn my_own_leases_free_leases_and_expired_leases_hold_nothing() {
        let leases = [
            lease("a.rs", "me", "2026-12-03T12:05:00Z"),
            lease("b.rs", "other", "2026-12-03T11:59:59Z"),
            match json!({"resource": "c.rs", "holder": null, "expires_at": null}) {
                Value::Object(map) => map,
                _ => unreachable!(),
            },
        ];
        assert!(held_by_others(&leases, &paths(&["a.rs", "b.rs", "c.rs"]), "me", now()).is_empty());
    }
}
