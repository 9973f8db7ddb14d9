//! The rows of the JSON cache files `ctxlake sync` mirrors (roster, leases, history), whichever
//! of their two shapes a file has (a `{generated_at, ...}` snapshot or a bare array), read
//! through the bounded `CacheDir::read_json`. The read tools, the briefing and context packs share
//! these readers; none of them fails its caller: a missing or unusable file is a note.

use crate::local::cache::{CacheDir, CacheRead};
use crate::spec::wire::history::HistoryFile;
use crate::spec::wire::leases::LeasesFile;
use crate::spec::wire::roster::RosterFile;
use chrono::{DateTime, Utc};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// Sessions of `repo` (all when `None`) that ended at or after `since`, newest first; rows
/// without a readable `ended_at` keep file order after the dated ones (and are left out when
/// `since` is given).
pub fn newest_first(
    rows: Vec<Map<String, Value>>,
    repo: Option<&str>,
    since: Option<DateTime<Utc>>,
) -> Vec<Map<String, Value>> {
    // Both sides as project ids, so a URL, an scp remote or the id itself all find the project.
    let wanted = repo.map(super::project::from_remote);
    let mut dated: Vec<_> = rows
        .into_iter()
        .filter(|row| {
            wanted.as_ref().is_none_or(|wanted| {
                row.get("repo").and_then(Value::as_str).and_then(super::project::from_remote) == *wanted
            })
        })
        .map(|row| (ended_at(&row), row))
        .filter(|(ended, _)| since.is_none_or(|since| ended.is_some_and(|e| e >= since)))
        .collect();
    dated.sort_by_key(|row| std::cmp::Reverse(row.0));
    dated.into_iter().map(|(_, row)| row).collect()
}

/// The rows of one cache file, whichever of its two shapes it has.
pub struct Rows {
    pub generated_at: Option<String>,
    pub objects: Vec<Map<String, Value>>,
}

pub trait CacheFile: DeserializeOwned {
    fn into_parts(self) -> (Option<String>, Vec<Value>);
}

impl CacheFile for RosterFile {
    fn into_parts(self) -> (Option<String>, Vec<Value>) {
        match self {
            RosterFile::Snapshot { agents, generated_at, .. } => (generated_at, agents),
            RosterFile::Array(agents) => (None, agents),
        }
    }
}

impl CacheFile for LeasesFile {
    fn into_parts(self) -> (Option<String>, Vec<Value>) {
        match self {
            LeasesFile::Snapshot { leases, generated_at, .. } => (generated_at, leases),
            LeasesFile::Array(leases) => (None, leases),
        }
    }
}

impl CacheFile for HistoryFile {
    fn into_parts(self) -> (Option<String>, Vec<Value>) {
        match self {
            HistoryFile::Snapshot { sessions, generated_at } => (generated_at, sessions),
            HistoryFile::Array(sessions) => (None, sessions),
        }
    }
}

/// Reads a cache file's rows; `None` (with a note saying why) when there is nothing usable.
pub fn read_rows<F: CacheFile>(dir: &CacheDir, file: &str, notes: &mut Vec<String>) -> Option<Rows> {
    let parsed = match dir.read_json::<F>(file) {
        CacheRead::Parsed(parsed) => parsed,
        CacheRead::Missing => {
            notes.push(format!("{file} is not in the local cache: nothing has been synced for this fleet yet."));
            return None;
        }
        CacheRead::Unreadable(why) => {
            notes.push(format!("{why}; treated as empty."));
            return None;
        }
    };
    let (generated_at, rows) = parsed.into_parts();
    let total = rows.len();
    let objects: Vec<_> = rows
        .into_iter()
        .filter_map(|row| match row {
            Value::Object(map) => Some(map),
            _ => None,
        })
        .collect();
    if objects.len() < total {
        notes.push(format!("{} entries of {file} were not objects and were skipped.", total - objects.len()));
    }
    Some(Rows { generated_at, objects })
}

fn ended_at(row: &Map<String, Value>) -> Option<DateTime<Utc>> {
    let text = row.get("ended_at")?.as_str()?;
    DateTime::parse_from_rfc3339(text).ok().map(|t| t.with_timezone(&Utc))
}
