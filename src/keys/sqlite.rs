//! The key store's SQLite backend: one file (`~/.ctxlake/keys.sqlite` by default), no service to
//! run. A charge is one statement, the same upsert as on PostgreSQL (`INSERT … WHERE n <= limit
//! ON CONFLICT DO UPDATE … WHERE calls + n <= limit`), on a connection behind a mutex: SQLite
//! runs a statement under its write lock, so it is exact under any number of threads in this
//! process and of processes on the file.

use super::KeyError;
use super::backend::{
    Backend, COLUMNS, Facts, HttpState, KeyRecord, Lookup, SessionRow, StreamRow, Tally, list_from_json, list_to_json,
    seq_of, seq_value,
};
use rusqlite::{Connection, OptionalExtension as _, params};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

pub(crate) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS keys (
    prefix     TEXT PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    hash       TEXT NOT NULL,        -- HMAC-SHA256(pepper, secret), hex
    quota      INTEGER,              -- tool calls per UTC day; NULL: unlimited
    fleets     TEXT NOT NULL,        -- JSON array of fleet ids
    tools      TEXT,                 -- JSON array of tool names; NULL: every tool its fleets allow
    created_at TEXT NOT NULL,
    revoked_at TEXT,
    projects   TEXT,                 -- JSON array of project ids; NULL: every project of its fleets
    owner      INTEGER NOT NULL DEFAULT 0, -- 1: may sign in to the console of its fleets
    write_quota INTEGER              -- calls of tools that write per UTC day; NULL: the default
);
CREATE TABLE IF NOT EXISTS usage (
    subject TEXT NOT NULL,           -- 'key:<prefix>' or 'ip:<HMAC-SHA256(pepper, ip)>'
    day     TEXT NOT NULL,           -- UTC, YYYY-MM-DD
    calls   INTEGER NOT NULL,
    writes  INTEGER NOT NULL DEFAULT 0, -- the calls among them of tools that write
    PRIMARY KEY (subject, day)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS sessions (  -- HTTP sessions (serve --sessions)
    id      TEXT PRIMARY KEY,
    owner   TEXT NOT NULL,           -- 'local', 'key:<prefix>' or 'guest:<HMAC>'
    state   TEXT NOT NULL,           -- JSON, schemas/wire/http_session.json
    touched INTEGER NOT NULL         -- Unix seconds
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS streams (   -- resumable SSE answers
    id      TEXT PRIMARY KEY,
    owner   TEXT NOT NULL,
    touched INTEGER NOT NULL,
    ended   INTEGER                  -- Unix seconds; NULL while its host writes it
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS sessions_touched ON sessions (touched);
CREATE INDEX IF NOT EXISTS streams_touched ON streams (touched);
CREATE INDEX IF NOT EXISTS streams_ended ON streams (ended);
CREATE TABLE IF NOT EXISTS stream_events (
    stream TEXT NOT NULL,
    seq    INTEGER NOT NULL,
    event  TEXT NOT NULL,            -- the SSE event as sent, id line included
    PRIMARY KEY (stream, seq)
) WITHOUT ROWID;
";

/// The store's own facts (the pepper's check), apart from the tables a store made before them has.
const META: &str = "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;";

pub(crate) struct Sqlite {
    db: Mutex<Connection>,
    path: PathBuf,
}

/// What `ctxlake doctor` reads of the file at `path`, opened read-only (nothing is created or
/// migrated): the pepper check it records, and its keys and revoked keys.
pub(crate) fn inspect(path: &Path) -> Result<Facts, KeyError> {
    let db = Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    let (keys, revoked): (i64, i64) =
        db.query_row("SELECT count(*), count(revoked_at) FROM keys", [], |r| Ok((r.get(0)?, r.get(1)?)))?;
    let has_meta: bool = db.query_row("SELECT count(*) FROM sqlite_master WHERE name = 'meta'", [], |r| r.get(0))?;
    let pepper_check = match has_meta {
        true => db.query_row("SELECT value FROM meta WHERE key = 'pepper_check'", [], |row| row.get(0)).optional()?,
        false => None,
    };
    let count = |n: i64| usize::try_from(n).unwrap_or(0);
    Ok(Facts { schema: None, pepper_check, keys: count(keys), revoked: count(revoked) })
}

impl Sqlite {
    /// Opens (creating if needed) the store at `path`, bringing an older one's tables up to date.
    pub(crate) fn open(path: &Path) -> Result<Sqlite, KeyError> {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)
                .map_err(|source| KeyError::Folder { path: parent.to_path_buf(), source })?;
        }
        let db = Connection::open(path)?;
        db.busy_timeout(Duration::from_secs(10))?;
        db.pragma_update(None, "journal_mode", "WAL")?;
        db.pragma_update(None, "synchronous", "NORMAL")?;
        db.execute_batch(SCHEMA)?;
        db.execute_batch(META)?;
        // A store made before keys had projects gains the column; its keys read every project.
        let has_projects: bool =
            db.query_row("SELECT count(*) FROM pragma_table_info('keys') WHERE name = 'projects'", [], |r| r.get(0))?;
        if !has_projects {
            db.execute_batch("ALTER TABLE keys ADD COLUMN projects TEXT")?;
        }
        // Likewise a store made before owner keys: its keys are fleet keys.
        let has_owner: bool =
            db.query_row("SELECT count(*) FROM pragma_table_info('keys') WHERE name = 'owner'", [], |r| r.get(0))?;
        if !has_owner {
            db.execute_batch("ALTER TABLE keys ADD COLUMN owner INTEGER NOT NULL DEFAULT 0")?;
        }
        // And before writes were counted apart: its keys take the default write budget, and
        // today's calls count as reads.
        let has = |table: &str, column: &str| -> rusqlite::Result<bool> {
            db.query_row(&format!("SELECT count(*) FROM pragma_table_info('{table}') WHERE name = ?1"), [column], |r| {
                r.get(0)
            })
        };
        if !has("keys", "write_quota")? {
            db.execute_batch("ALTER TABLE keys ADD COLUMN write_quota INTEGER")?;
        }
        if !has("usage", "writes")? {
            db.execute_batch("ALTER TABLE usage ADD COLUMN writes INTEGER NOT NULL DEFAULT 0")?;
        }
        Ok(Sqlite { db: Mutex::new(db), path: path.to_path_buf() })
    }

    fn used_on(&self, db: &Connection, subject: &str, day: &str) -> Result<Tally, KeyError> {
        let used = db
            .prepare_cached("SELECT calls, writes FROM usage WHERE subject = ?1 AND day = ?2")?
            .query_row(params![subject, day], |row| Ok(Tally { calls: row.get(0)?, writes: row.get(1)? }))
            .optional()?;
        Ok(used.unwrap_or_default())
    }

    fn db(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock leaves SQLite consistent (statements are atomic).
        self.db.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

fn record(row: &rusqlite::Row<'_>) -> rusqlite::Result<(KeyRecord, String)> {
    let key = KeyRecord {
        prefix: row.get(0)?,
        name: row.get(1)?,
        quota: row.get(2)?,
        fleets: list_from_json(row.get(3)?),
        tools: row.get::<_, Option<String>>(4)?.map(list_from_json),
        created_at: row.get(5)?,
        revoked_at: row.get(6)?,
        projects: row.get::<_, Option<String>>(7)?.map(list_from_json),
        owner: row.get(8)?,
        write_quota: row.get(9)?,
    };
    Ok((key, row.get(10)?))
}

impl Backend for Sqlite {
    fn insert(&self, record: &KeyRecord, hash: &str) -> Result<bool, KeyError> {
        let inserted = self.db().execute(
            "INSERT INTO keys (prefix, name, hash, quota, fleets, tools, created_at, projects, owner, revoked_at,
                               write_quota)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            params![
                record.prefix,
                record.name,
                hash,
                record.quota,
                list_to_json(&record.fleets),
                record.tools.as_ref().map(list_to_json),
                record.created_at,
                record.projects.as_ref().map(list_to_json),
                record.owner,
                record.revoked_at,
                record.write_quota
            ],
        );
        match inserted {
            Err(rusqlite::Error::SqliteFailure(e, _)) if e.code == rusqlite::ErrorCode::ConstraintViolation => {
                Ok(false)
            }
            Err(e) => Err(e.into()),
            Ok(_) => Ok(true),
        }
    }

    fn keys(&self, by: Lookup<'_>) -> Result<Vec<(KeyRecord, String)>, KeyError> {
        let (clause, value) = by.clause("?1");
        let db = self.db();
        // Cached, as the charge: a request reads its key with it, and parsing both anew cost a keyed
        // call 12-22 % of its throughput (benches/http.sh, docs/performance.md, 2026-12-06).
        let mut statement =
            db.prepare_cached(&format!("SELECT {COLUMNS} FROM keys WHERE {clause} ORDER BY created_at, name"))?;
        let rows = statement.query_map([value], record)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn revoke(&self, by: Lookup<'_>, at: &str) -> Result<bool, KeyError> {
        let (clause, value) = by.clause("?1");
        let sql = format!("UPDATE keys SET revoked_at = COALESCE(revoked_at, ?2) WHERE {clause}");
        Ok(self.db().execute(&sql, params![value, at])? > 0)
    }

    fn set_quota(&self, by: Lookup<'_>, quota: Option<u32>) -> Result<bool, KeyError> {
        let (clause, value) = by.clause("?1");
        Ok(self.db().execute(&format!("UPDATE keys SET quota = ?2 WHERE {clause}"), params![value, quota])? > 0)
    }

    fn set_write_quota(&self, by: Lookup<'_>, quota: Option<u32>) -> Result<bool, KeyError> {
        let (clause, value) = by.clause("?1");
        Ok(self.db().execute(&format!("UPDATE keys SET write_quota = ?2 WHERE {clause}"), params![value, quota])? > 0)
    }

    fn charge(&self, subject: &str, day: &str, spend: Tally, limits: Tally) -> Result<(bool, Tally), KeyError> {
        let db = self.db();
        // One statement, as on PostgreSQL: a first charge past a limit inserts nothing (the
        // SELECT's WHERE), a later one updates nothing (the DO UPDATE's WHERE).
        let granted = db
            .prepare_cached(
                "INSERT INTO usage (subject, day, calls, writes) SELECT ?1, ?2, ?3, ?4 WHERE ?3 <= ?5 AND ?4 <= ?6
                 ON CONFLICT (subject, day) DO UPDATE
                 SET calls = calls + excluded.calls, writes = writes + excluded.writes
                 WHERE calls + excluded.calls <= ?5 AND writes + excluded.writes <= ?6
                 RETURNING calls, writes",
            )?
            .query_row(params![subject, day, spend.calls, spend.writes, limits.calls, limits.writes], |row| {
                Ok(Tally { calls: row.get(0)?, writes: row.get(1)? })
            })
            .optional()?;
        match granted {
            Some(used) => Ok((true, used)),
            // Refused: the counts to report (read after; nothing is decided by them).
            None => Ok((false, self.used_on(&db, subject, day)?)),
        }
    }

    fn used(&self, subject: &str, day: &str) -> Result<Tally, KeyError> {
        self.used_on(&self.db(), subject, day)
    }

    fn guest_days(&self) -> Result<Vec<(String, u32, u32)>, KeyError> {
        let db = self.db();
        let mut statement = db.prepare(
            "SELECT day, count(*), sum(calls) FROM usage WHERE subject LIKE 'ip:%' GROUP BY day ORDER BY day DESC",
        )?;
        let rows = statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn prune_usage(&self, day: &str) -> Result<usize, KeyError> {
        Ok(self.db().execute("DELETE FROM usage WHERE day < ?1", [day])?)
    }

    fn usage(&self) -> Result<Vec<(String, String, Tally)>, KeyError> {
        let db = self.db();
        let mut statement = db.prepare("SELECT subject, day, calls, writes FROM usage ORDER BY day, subject")?;
        let rows = statement
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?, Tally { calls: row.get(2)?, writes: row.get(3)? })))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn raise_usage(&self, subject: &str, day: &str, to: Tally) -> Result<bool, KeyError> {
        let changed = self.db().execute(
            "INSERT INTO usage (subject, day, calls, writes) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (subject, day) DO UPDATE
             SET calls = max(calls, excluded.calls), writes = max(writes, excluded.writes)
             WHERE excluded.calls > calls OR excluded.writes > writes",
            params![subject, day, to.calls, to.writes],
        )?;
        Ok(changed > 0)
    }

    fn pepper_check(&self, check: &str, record: bool) -> Result<Option<String>, KeyError> {
        let db = self.db();
        if record {
            db.execute("INSERT INTO meta (key, value) VALUES ('pepper_check', ?1) ON CONFLICT DO NOTHING", [check])?;
        }
        Ok(db.query_row("SELECT value FROM meta WHERE key = 'pepper_check'", [], |row| row.get(0)).optional()?)
    }

    fn describe(&self) -> String {
        self.path.display().to_string()
    }
}

impl HttpState for Sqlite {
    fn session(&self, id: &str) -> Result<Option<SessionRow>, KeyError> {
        let db = self.db();
        let row = db
            .prepare_cached("SELECT owner, state, touched FROM sessions WHERE id = ?1")?
            .query_row([id], |row| Ok(SessionRow { owner: row.get(0)?, state: row.get(1)?, touched: row.get(2)? }))
            .optional()?;
        Ok(row)
    }

    fn create_session(&self, id: &str, row: &SessionRow) -> Result<bool, KeyError> {
        let created = self
            .db()
            .prepare_cached(
                "INSERT INTO sessions (id, owner, state, touched) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
            )?
            .execute(params![id, row.owner, row.state, row.touched])?;
        Ok(created > 0)
    }

    fn update_session(&self, id: &str, row: &SessionRow, found: &str) -> Result<bool, KeyError> {
        let updated = self
            .db()
            .prepare_cached("UPDATE sessions SET state = ?3, touched = ?4 WHERE id = ?1 AND owner = ?2 AND state = ?5")?
            .execute(params![id, row.owner, row.state, row.touched, found])?;
        Ok(updated > 0)
    }

    fn touch_session(&self, id: &str, now: i64) -> Result<(), KeyError> {
        self.db().prepare_cached("UPDATE sessions SET touched = ?2 WHERE id = ?1")?.execute(params![id, now])?;
        Ok(())
    }

    fn remove_session(&self, id: &str, owner: &str) -> Result<bool, KeyError> {
        Ok(self.db().execute("DELETE FROM sessions WHERE id = ?1 AND owner = ?2", params![id, owner])? > 0)
    }

    fn evict_sessions(&self, before: i64, cap: usize) -> Result<usize, KeyError> {
        let db = self.db();
        let held: i64 = db.prepare_cached("SELECT count(*) FROM sessions")?.query_row([], |row| row.get(0))?;
        if usize::try_from(held).unwrap_or(usize::MAX) < cap {
            return Ok(0);
        }
        let idle = db.execute("DELETE FROM sessions WHERE touched < ?1", [before])?;
        let keep = i64::try_from(cap.saturating_sub(1)).unwrap_or(i64::MAX);
        let over = db.execute(
            "DELETE FROM sessions WHERE id IN (SELECT id FROM sessions ORDER BY touched DESC LIMIT -1 OFFSET ?1)",
            [keep],
        )?;
        Ok(idle + over)
    }

    fn append_events(
        &self,
        stream: &str,
        owner: &str,
        events: &[(u64, String)],
        drop_below: u64,
        now: i64,
    ) -> Result<(), KeyError> {
        let mut db = self.db();
        // One transaction: a reader sees the events and the stream's new time together.
        let tx = db.transaction()?;
        tx.prepare_cached(
            "INSERT INTO streams (id, owner, touched) VALUES (?1, ?2, ?3)
             ON CONFLICT (id) DO UPDATE SET touched = excluded.touched",
        )?
        .execute(params![stream, owner, now])?;
        {
            let mut insert =
                tx.prepare_cached("INSERT OR IGNORE INTO stream_events (stream, seq, event) VALUES (?1, ?2, ?3)")?;
            for (seq, event) in events {
                insert.execute(params![stream, seq_value(*seq), event])?;
            }
        }
        if drop_below > 0 {
            tx.prepare_cached("DELETE FROM stream_events WHERE stream = ?1 AND seq < ?2")?
                .execute(params![stream, seq_value(drop_below)])?;
        }
        tx.commit()?;
        Ok(())
    }

    fn end_stream(&self, stream: &str, now: i64) -> Result<(), KeyError> {
        self.db().execute("UPDATE streams SET ended = ?2, touched = ?2 WHERE id = ?1", params![stream, now])?;
        Ok(())
    }

    fn stream(&self, stream: &str) -> Result<Option<StreamRow>, KeyError> {
        let db = self.db();
        let row = db
            .prepare_cached(
                "SELECT owner, touched, ended IS NOT NULL,
                        (SELECT min(seq) FROM stream_events WHERE stream = ?1),
                        (SELECT max(seq) FROM stream_events WHERE stream = ?1)
                 FROM streams WHERE id = ?1",
            )?
            .query_row([stream], |row| {
                let kept = match (row.get::<_, Option<i64>>(3)?, row.get::<_, Option<i64>>(4)?) {
                    (Some(first), Some(last)) => Some((seq_of(first), seq_of(last))),
                    _ => None,
                };
                Ok(StreamRow { owner: row.get(0)?, touched: row.get(1)?, ended: row.get(2)?, kept })
            })
            .optional()?;
        Ok(row)
    }

    fn stream_events(&self, stream: &str, from: u64, limit: usize) -> Result<Vec<(u64, String)>, KeyError> {
        let db = self.db();
        let mut statement = db.prepare_cached(
            "SELECT seq, event FROM stream_events WHERE stream = ?1 AND seq >= ?2 ORDER BY seq LIMIT ?3",
        )?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let rows = statement
            .query_map(params![stream, seq_value(from), limit], |row| Ok((seq_of(row.get(0)?), row.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn prune_streams(&self, ended_before: i64, touched_before: i64) -> Result<usize, KeyError> {
        let mut db = self.db();
        let tx = db.transaction()?;
        const GONE: &str = "SELECT id FROM streams WHERE ended < ?1 OR touched < ?2";
        tx.execute(
            &format!("DELETE FROM stream_events WHERE stream IN ({GONE})"),
            params![ended_before, touched_before],
        )?;
        let removed =
            tx.execute(&format!("DELETE FROM streams WHERE id IN ({GONE})"), params![ended_before, touched_before])?;
        tx.commit()?;
        Ok(removed)
    }
}
