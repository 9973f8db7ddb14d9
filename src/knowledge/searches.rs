//! The search log: how many `search_knowledge` searches each day found their results by each
//! retrieval mode, and how often each record was among the results returned. It is what the
//! owner's console shows as knowledge quality. It holds a day, a mode, record ids and counts:
//! never the query, the key, the caller or the time of day.
//!
//! It lives in its own file beside the store (`kb.searches.sqlite` beside `kb.sqlite`): the
//! tools rebuild their base when the store's file changes, and counting a search must not.
//! Counts gather in memory and are written in one transaction, at most [`FLUSH_AFTER`] after
//! the oldest of them, by the search that finds them that old, by a reader before it reads, and
//! when the log is dropped: a search pays a lock and a few map updates, not a write. A process
//! killed with counts pending loses those (at most [`FLUSH_AFTER`] of searches).

use crate::knowledge::{Mode, StoreError};
use rusqlite::{Connection, OptionalExtension, params};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS searches (
    day TEXT NOT NULL,
    mode TEXT NOT NULL CHECK (mode IN ('hybrid', 'keyword_fallback', 'no_match')),
    count INTEGER NOT NULL,
    PRIMARY KEY (day, mode)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS returned (
    record_id TEXT PRIMARY KEY,
    count INTEGER NOT NULL,
    last_day TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS log_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
";

/// How long counts may wait in memory before a search writes them.
pub const FLUSH_AFTER: Duration = Duration::from_secs(5);
/// Days of per-day counts kept (a row per mode and day: about 4 KB a year).
pub const KEEP_DAYS: i64 = 400;

/// The log of one knowledge store.
pub struct SearchLog {
    path: PathBuf,
    pending: Mutex<Pending>,
    /// Held from taking the pending counts to committing them, so a reader's flush waits for
    /// another thread's write in progress and then reads every count taken before it.
    writing: Mutex<()>,
}

#[derive(Default)]
struct Pending {
    searches: BTreeMap<(String, Mode), u64>,
    returned: HashMap<String, (u64, String)>,
    since: Option<Instant>,
}

impl Pending {
    fn is_empty(&self) -> bool {
        self.searches.is_empty() && self.returned.is_empty()
    }
}

/// What the log holds, for the console.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct SearchStats {
    /// The first day anything was counted.
    pub since: Option<String>,
    /// Searches per day and mode, every day asked for (zero when none), oldest first.
    pub days: Vec<DayCounts>,
    /// Each record returned at least once: its id, how many times, the last day.
    pub returned: Vec<Returned>,
}

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct DayCounts {
    pub day: String,
    pub hybrid: u64,
    pub keyword_fallback: u64,
    pub no_match: u64,
}

impl DayCounts {
    pub fn total(&self) -> u64 {
        self.hybrid + self.keyword_fallback + self.no_match
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Returned {
    pub record_id: String,
    pub count: u64,
    pub last_day: String,
}

impl SearchLog {
    /// The log of the store at `kb_path`; nothing is opened or created until counts are written.
    pub fn new(kb_path: &Path) -> SearchLog {
        SearchLog { path: log_path(kb_path), pending: Mutex::new(Pending::default()), writing: Mutex::new(()) }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Counts one search (`first_page`: a call without a cursor; later pages count only their
    /// records) and the records it returned; writes what is pending once it is old enough.
    pub fn record<'a>(
        &self,
        mode: Mode,
        first_page: bool,
        returned: impl IntoIterator<Item = &'a str>,
        now: chrono::DateTime<chrono::Utc>,
    ) {
        let day = day_of(now);
        let due = {
            let mut pending = self.lock();
            if first_page {
                *pending.searches.entry((day.clone(), mode)).or_default() += 1;
            }
            for id in returned {
                let entry = pending.returned.entry(id.to_string()).or_insert_with(|| (0, day.clone()));
                entry.0 += 1;
                entry.1.clone_from(&day);
            }
            let since = *pending.since.get_or_insert_with(Instant::now);
            since.elapsed() >= FLUSH_AFTER
        };
        if due {
            self.flush(now);
        }
    }

    /// Writes what is pending. A failure is logged and those counts are dropped: the log is a
    /// statistic, and keeping counts no file takes would grow without bound.
    pub fn flush(&self, now: chrono::DateTime<chrono::Utc>) {
        let _writing = self.writing.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let pending = std::mem::take(&mut *self.lock());
        if pending.is_empty() {
            return;
        }
        if let Err(e) = self.write(&pending, now) {
            let searches: u64 = pending.searches.values().sum();
            tracing::warn!(error = %e, searches, "knowledge search counts not written");
        }
    }

    fn write(&self, pending: &Pending, now: chrono::DateTime<chrono::Utc>) -> Result<(), StoreError> {
        let mut db = open(&self.path)?;
        let err = |e| sqlite(&self.path, e);
        let tx = db.transaction().map_err(err)?;
        tx.execute("INSERT OR IGNORE INTO log_meta (key, value) VALUES ('since', ?1)", [day_of(now)]).map_err(err)?;
        for ((day, mode), count) in &pending.searches {
            tx.execute(
                "INSERT INTO searches (day, mode, count) VALUES (?1, ?2, ?3)
                 ON CONFLICT (day, mode) DO UPDATE SET count = count + excluded.count",
                params![day, mode.as_str(), sql_count(*count)],
            )
            .map_err(err)?;
        }
        for (id, (count, day)) in &pending.returned {
            tx.execute(
                "INSERT INTO returned (record_id, count, last_day) VALUES (?1, ?2, ?3)
                 ON CONFLICT (record_id) DO UPDATE SET count = count + excluded.count,
                     last_day = max(last_day, excluded.last_day)",
                params![id, sql_count(*count), day],
            )
            .map_err(err)?;
        }
        let oldest = day_of(now - chrono::Duration::days(KEEP_DAYS));
        tx.execute("DELETE FROM searches WHERE day < ?1", [oldest]).map_err(err)?;
        tx.commit().map_err(err)
    }

    /// The counts of the `days` days up to `now`'s (pending ones written first); zeros,
    /// creating nothing, when nothing was ever written.
    pub fn read(&self, now: chrono::DateTime<chrono::Utc>, days: i64) -> Result<SearchStats, StoreError> {
        self.flush(now);
        let mut by_day: BTreeMap<String, DayCounts> = (0..days.max(1))
            .rev()
            .map(|back| day_of(now - chrono::Duration::days(back)))
            .map(|day| (day.clone(), DayCounts { day, ..DayCounts::default() }))
            .collect();
        if !self.path.exists() {
            return Ok(SearchStats { days: by_day.into_values().collect(), ..SearchStats::default() });
        }
        let db = open(&self.path)?;
        let err = |e| sqlite(&self.path, e);
        let since = db
            .query_row("SELECT value FROM log_meta WHERE key = 'since'", [], |r| r.get::<_, String>(0))
            .optional()
            .map_err(err)?;
        let first = by_day.keys().next().cloned().unwrap_or_default();
        let mut stmt = db.prepare("SELECT day, mode, count FROM searches WHERE day >= ?1 ORDER BY day").map_err(err)?;
        let rows = stmt
            .query_map([first], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, count_of(r.get(2)?))))
            .map_err(err)?;
        for row in rows {
            let (day, mode, count) = row.map_err(err)?;
            // A day after `now` (a clock set back) is not in the window.
            let Some(counts) = by_day.get_mut(&day) else { continue };
            match mode.as_str() {
                "hybrid" => counts.hybrid += count,
                "keyword_fallback" => counts.keyword_fallback += count,
                _ => counts.no_match += count,
            }
        }
        let mut stmt = db
            .prepare("SELECT record_id, count, last_day FROM returned ORDER BY count DESC, record_id")
            .map_err(err)?;
        let returned = stmt
            .query_map([], |r| Ok(Returned { record_id: r.get(0)?, count: count_of(r.get(1)?), last_day: r.get(2)? }))
            .map_err(err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        Ok(SearchStats { since, days: by_day.into_values().collect(), returned })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Pending> {
        // Counts are plain numbers: a panic mid-update leaves nothing worse than a miscount.
        self.pending.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Drop for SearchLog {
    fn drop(&mut self) {
        // `Utc::now` needs chrono's clock, which the stdio build leaves out.
        self.flush(chrono::DateTime::<chrono::Utc>::from(std::time::SystemTime::now()));
    }
}

/// `kb.searches.sqlite` beside `kb.sqlite` (the store's name, its extension replaced).
pub fn log_path(kb_path: &Path) -> PathBuf {
    let stem = kb_path.file_stem().map_or_else(|| "kb".into(), |s| s.to_string_lossy().into_owned());
    kb_path.with_file_name(format!("{stem}.searches.sqlite"))
}

/// SQLite's integers are signed; a count past i64::MAX stays at it.
fn sql_count(count: u64) -> i64 {
    i64::try_from(count).unwrap_or(i64::MAX)
}

fn count_of(stored: i64) -> u64 {
    u64::try_from(stored).unwrap_or(0)
}

fn day_of(now: chrono::DateTime<chrono::Utc>) -> String {
    now.format("%Y-%m-%d").to_string()
}

fn open(path: &Path) -> Result<Connection, StoreError> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|e| StoreError::Invalid(format!("cannot create {}: {e}", parent.display())))?;
    }
    let db = Connection::open(path).map_err(|e| sqlite(path, e))?;
    db.busy_timeout(Duration::from_secs(5)).map_err(|e| sqlite(path, e))?;
    db.execute_batch(SCHEMA).map_err(|e| sqlite(path, e))?;
    Ok(db)
}

fn sqlite(path: &Path, source: rusqlite::Error) -> StoreError {
    StoreError::Sqlite { path: path.display().to_string(), source }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(day: &str) -> chrono::DateTime<chrono::Utc> {
        chrono::DateTime::parse_from_rfc3339(&format!("{day}T10:00:00Z")).unwrap().with_timezone(&chrono::Utc)
    }

    #[test]
    fn searches_are_counted_per_day_and_mode_and_records_per_return_across_flushes() {
        let dir = tempfile::tempdir().unwrap();
        let log = SearchLog::new(&dir.path().join("kb.sqlite"));
        log.record(Mode::Hybrid, true, ["a", "b"], at("2026-12-01"));
        log.record(Mode::Hybrid, true, ["a"], at("2026-12-01"));
        log.record(Mode::NoMatch, true, [], at("2026-12-01"));
        log.flush(at("2026-12-01"));
        log.record(Mode::KeywordFallback, true, ["b"], at("2026-12-02"));
        // A later page of the same search counts its records, not another search.
        log.record(Mode::Hybrid, false, ["c"], at("2026-12-02"));
        let stats = log.read(at("2026-12-02"), 3).unwrap();
        assert_eq!(stats.since.as_deref(), Some("2026-12-01"));
        assert_eq!(
            stats.days,
            vec![
                DayCounts { day: "2026-11-30".into(), ..DayCounts::default() },
                DayCounts { day: "2026-12-01".into(), hybrid: 2, keyword_fallback: 0, no_match: 1 },
                DayCounts { day: "2026-12-02".into(), hybrid: 0, keyword_fallback: 1, no_match: 0 },
            ]
        );
        let returned: Vec<_> =
            stats.returned.iter().map(|r| (r.record_id.as_str(), r.count, r.last_day.as_str())).collect();
        assert_eq!(returned, vec![("a", 2, "2026-12-01"), ("b", 2, "2026-12-02"), ("c", 1, "2026-12-02")]);
        // Only the days asked for.
        assert_eq!(log.read(at("2026-12-02"), 1).unwrap().days.len(), 1);
    }

    #[test]
    fn the_log_is_its_own_file_and_reading_an_empty_one_creates_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let kb = dir.path().join("kb.sqlite");
        let log = SearchLog::new(&kb);
        assert_eq!(log.path(), dir.path().join("kb.searches.sqlite"));
        let empty = log.read(at("2026-12-01"), 30).unwrap();
        assert_eq!((empty.since, empty.days.len(), empty.returned.len()), (None, 30, 0));
        assert!(empty.days.iter().all(|d| d.total() == 0));
        assert!(!log.path().exists() && !kb.exists());
        log.record(Mode::Hybrid, true, ["a"], at("2026-12-01"));
        drop(log);
        // Dropping the log wrote its counts; the store itself was never touched.
        assert!(!kb.exists());
        let again = SearchLog::new(&kb);
        assert_eq!(again.read(at("2026-12-01"), 30).unwrap().days[29].hybrid, 1);
    }

    #[test]
    fn the_log_holds_no_column_for_a_query_a_key_or_a_caller() {
        let dir = tempfile::tempdir().unwrap();
        let log = SearchLog::new(&dir.path().join("kb.sqlite"));
        log.record(Mode::Hybrid, true, ["a"], at("2026-12-01"));
        log.flush(at("2026-12-01"));
        let db = Connection::open(log.path()).unwrap();
        let mut columns = vec![];
        for table in ["searches", "returned", "log_meta"] {
            let mut stmt = db.prepare(&format!("SELECT name FROM pragma_table_info('{table}')")).unwrap();
            columns.extend(stmt.query_map([], |r| r.get::<_, String>(0)).unwrap().map(Result::unwrap));
        }
        assert_eq!(columns, ["day", "mode", "count", "record_id", "count", "last_day", "key", "value"]);
    }

    #[test]
    fn day_counts_older_than_the_retention_are_removed_when_counts_are_written() {
        let dir = tempfile::tempdir().unwrap();
        let log = SearchLog::new(&dir.path().join("kb.sqlite"));
        log.record(Mode::Hybrid, true, [], at("2025-01-01"));
        log.flush(at("2025-01-01"));
        log.record(Mode::Hybrid, true, [], at("2026-12-01"));
        log.flush(at("2026-12-01"));
        let days = log.read(at("2026-12-01"), 1_000).unwrap().days;
        assert_eq!(days.iter().filter(|d| d.total() > 0).map(|d| d.day.as_str()).collect::<Vec<_>>(), ["2026-12-01"]);
    }
}
