//! The key store: one SQLite file (`~/.ctxlake/keys.sqlite` by default) with the keys (public
//! prefix, name, HMAC of the secret, quota, fleets, tools, revocation) and the daily usage
//! counters quotas are charged against. A charge is one `UPDATE … WHERE calls + n <= limit`
//! inside an IMMEDIATE transaction on a connection behind a mutex, so it is exact under any
//! number of threads in this process and of processes on the file.

use super::{KeyError, Pepper, mint, parse_key};
use rusqlite::{Connection, OptionalExtension as _, TransactionBehavior, params};
use std::net::IpAddr;
use std::path::Path;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

const SCHEMA: &str = "
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
    owner      INTEGER NOT NULL DEFAULT 0 -- 1: may sign in to the console of its fleets
);
CREATE TABLE IF NOT EXISTS usage (
    subject TEXT NOT NULL,           -- 'key:<prefix>' or 'ip:<HMAC-SHA256(pepper, ip)>'
    day     TEXT NOT NULL,           -- UTC, YYYY-MM-DD
    calls   INTEGER NOT NULL,
    PRIMARY KEY (subject, day)
) WITHOUT ROWID;
";

/// What `keys create` asks for.
#[derive(Debug, Clone, Default)]
pub struct NewKey {
    pub name: String,
    pub quota: Option<u32>,
    pub fleets: Vec<String>,
    pub tools: Option<Vec<String>>,
    /// The project ids (`github.com/org/repo`) the key may read; `None`: every project.
    pub projects: Option<Vec<String>>,
    /// An owner key: besides its MCP use, it signs in to the console (`serve --console`) of its
    /// fleets, where the owner's decisions are made.
    pub owner: bool,
}

/// One stored key, without anything secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyRecord {
    pub prefix: String,
    pub name: String,
    pub quota: Option<u32>,
    pub fleets: Vec<String>,
    pub tools: Option<Vec<String>>,
    pub projects: Option<Vec<String>>,
    pub owner: bool,
    pub created_at: String,
    pub revoked_at: Option<String>,
}

/// Why a bearer token was refused (each is a 401; none falls through to guest access).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthFailure {
    Malformed,
    Unknown,
    Revoked,
}

impl AuthFailure {
    pub fn as_str(self) -> &'static str {
        match self {
            AuthFailure::Malformed => "the bearer token is not a ctxlake key (kb_live_<prefix>_<secret>)",
            AuthFailure::Unknown => "the key is unknown",
            AuthFailure::Revoked => "the key was revoked",
        }
    }
}

/// Whose usage a charge counts against.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Subject {
    /// A key, by its public prefix.
    Key(String),
    /// A guest, by HMAC-SHA256(pepper, its IP): the IP itself is never stored.
    Guest(String),
}

impl Subject {
    fn column(&self) -> String {
        match self {
            Subject::Key(prefix) => format!("key:{prefix}"),
            Subject::Guest(digest) => format!("ip:{digest}"),
        }
    }
}

/// The outcome of a charge: granted or not, and the day's usage after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Charge {
    pub granted: bool,
    pub used: u32,
    pub limit: u32,
}

pub struct KeyStore {
    db: Mutex<Connection>,
    pepper: Pepper,
}

impl KeyStore {
    /// Opens (creating if needed) the store at `path`.
    pub fn open(path: &Path, pepper: Pepper) -> Result<KeyStore, KeyError> {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)
                .map_err(|source| KeyError::Folder { path: parent.to_path_buf(), source })?;
        }
        let db = Connection::open(path)?;
        db.busy_timeout(Duration::from_secs(10))?;
        db.pragma_update(None, "journal_mode", "WAL")?;
        db.pragma_update(None, "synchronous", "NORMAL")?;
        db.execute_batch(SCHEMA)?;
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
        Ok(KeyStore { db: Mutex::new(db), pepper })
    }

    fn db(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock leaves SQLite consistent (statements are atomic).
        self.db.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Stores a new key and returns it with the token, which exists nowhere else afterwards.
    pub fn create(&self, key: &NewKey) -> Result<(KeyRecord, String), KeyError> {
        // A name shaped like a prefix (8 hex digits) could be taken for another key's.
        let like_prefix = key.name.len() == 8 && key.name.bytes().all(|b| b.is_ascii_hexdigit());
        let name_ok = (1..=64).contains(&key.name.len())
            && !like_prefix
            && key.name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
        if !name_ok {
            return Err(KeyError::InvalidName(key.name.clone()));
        }
        let (prefix, secret, token) = mint()?;
        let record = KeyRecord {
            prefix,
            name: key.name.clone(),
            quota: key.quota,
            fleets: key.fleets.clone(),
            tools: key.tools.clone(),
            projects: key.projects.clone(),
            owner: key.owner,
            created_at: now(),
            revoked_at: None,
        };
        let fleets = serde_json::to_string(&record.fleets).expect("strings serialize");
        let tools = record.tools.as_ref().map(|t| serde_json::to_string(t).expect("strings serialize"));
        let projects = record.projects.as_ref().map(|p| serde_json::to_string(p).expect("strings serialize"));
        let inserted = self.db().execute(
            "INSERT INTO keys (prefix, name, hash, quota, fleets, tools, created_at, projects, owner)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                record.prefix,
                record.name,
                self.pepper.digest(secret.as_bytes()),
                record.quota,
                fleets,
                tools,
                record.created_at,
                projects,
                record.owner
            ],
        );
        match inserted {
            Err(rusqlite::Error::SqliteFailure(e, _)) if e.code == rusqlite::ErrorCode::ConstraintViolation => {
                Err(KeyError::Duplicate(key.name.clone()))
            }
            Err(e) => Err(e.into()),
            Ok(_) => Ok((record, token)),
        }
    }

    pub fn list(&self) -> Result<Vec<KeyRecord>, KeyError> {
        let db = self.db();
        let mut statement = db.prepare(&format!("SELECT {COLUMNS} FROM keys ORDER BY created_at, name"))?;
        let rows = statement.query_map([], record)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The key named `name` (or whose prefix is `name`).
    pub fn find(&self, name: &str) -> Result<Option<KeyRecord>, KeyError> {
        let sql = format!("SELECT {COLUMNS} FROM keys WHERE name = ?1 OR prefix = ?1");
        Ok(self.db().query_row(&sql, [name], record).optional()?)
    }

    /// The key whose public prefix is `prefix` (never by name: a name may look like a prefix).
    pub fn by_prefix(&self, prefix: &str) -> Result<Option<KeyRecord>, KeyError> {
        let sql = format!("SELECT {COLUMNS} FROM keys WHERE prefix = ?1");
        Ok(self.db().query_row(&sql, [prefix], record).optional()?)
    }

    /// Revokes the key named `name` (or with that prefix); false when there is none. Takes
    /// effect on the next request: every request reads the key's row.
    pub fn revoke(&self, name: &str) -> Result<bool, KeyError> {
        let changed = self.db().execute(
            "UPDATE keys SET revoked_at = COALESCE(revoked_at, ?2) WHERE name = ?1 OR prefix = ?1",
            params![name, now()],
        )?;
        Ok(changed > 0)
    }

    /// Revokes the key whose public prefix is `prefix` (and no key merely named so).
    pub fn revoke_prefix(&self, prefix: &str) -> Result<bool, KeyError> {
        let changed = self.db().execute(
            "UPDATE keys SET revoked_at = COALESCE(revoked_at, ?2) WHERE prefix = ?1",
            params![prefix, now()],
        )?;
        Ok(changed > 0)
    }

    /// Sets (or, with `None`, lifts) the daily quota of a key; false when there is none.
    pub fn set_quota(&self, name: &str, quota: Option<u32>) -> Result<bool, KeyError> {
        let changed =
            self.db().execute("UPDATE keys SET quota = ?2 WHERE name = ?1 OR prefix = ?1", params![name, quota])?;
        Ok(changed > 0)
    }

    /// The key a bearer token stands for, or why it is refused.
    pub fn authenticate(&self, token: &str) -> Result<Result<KeyRecord, AuthFailure>, KeyError> {
        let Some(parsed) = parse_key(token) else { return Ok(Err(AuthFailure::Malformed)) };
        let sql = format!("SELECT {COLUMNS}, hash FROM keys WHERE prefix = ?1");
        let found = self
            .db()
            .query_row(&sql, [parsed.prefix], |row| Ok((record(row)?, row.get::<_, String>(9)?)))
            .optional()?;
        Ok(match found {
            Some((key, hash)) if self.pepper.verify(parsed.secret.as_bytes(), &hash) => match key.revoked_at {
                Some(_) => Err(AuthFailure::Revoked),
                None => Ok(key),
            },
            _ => Err(AuthFailure::Unknown),
        })
    }

    /// The usage subject of a guest at `ip`.
    pub fn guest(&self, ip: IpAddr) -> Subject {
        // An IPv4 client reached over an IPv6 socket is the same guest as over IPv4.
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map(IpAddr::V4).unwrap_or(IpAddr::V6(v6)),
            v4 => v4,
        };
        Subject::Guest(self.pepper.digest(format!("ip:{ip}").as_bytes()))
    }

    /// Charges `calls` tool calls to `subject` on `day` if that keeps it within `limit`;
    /// otherwise charges nothing. Exact under concurrency (see the module comment).
    pub fn charge(&self, subject: &Subject, calls: u32, limit: u32, day: &str) -> Result<Charge, KeyError> {
        let column = subject.column();
        let mut db = self.db();
        let tx = db.transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute(
            "INSERT INTO usage (subject, day, calls) VALUES (?1, ?2, 0) ON CONFLICT DO NOTHING",
            params![column, day],
        )?;
        let granted: Option<u32> = tx
            .query_row(
                "UPDATE usage SET calls = calls + ?3 WHERE subject = ?1 AND day = ?2 AND calls + ?3 <= ?4 RETURNING calls",
                params![column, day, calls, limit],
                |row| row.get(0),
            )
            .optional()?;
        let used = match granted {
            Some(used) => used,
            None => {
                tx.query_row("SELECT calls FROM usage WHERE subject = ?1 AND day = ?2", params![column, day], |row| {
                    row.get(0)
                })?
            }
        };
        tx.commit()?;
        Ok(Charge { granted: granted.is_some(), used, limit })
    }

    /// The calls charged to `subject` on `day`.
    pub fn used(&self, subject: &Subject, day: &str) -> Result<u32, KeyError> {
        let used = self
            .db()
            .query_row(
                "SELECT calls FROM usage WHERE subject = ?1 AND day = ?2",
                params![subject.column(), day],
                |row| row.get(0),
            )
            .optional()?;
        Ok(used.unwrap_or(0))
    }

    /// Guests' use per UTC day, newest first: `(day, guests, calls)`. A guest is counted by the
    /// HMAC of its address, so this says how many, never who.
    pub fn guest_days(&self) -> Result<Vec<(String, u32, u32)>, KeyError> {
        let db = self.db();
        let mut statement = db.prepare(
            "SELECT day, count(*), sum(calls) FROM usage WHERE subject LIKE 'ip:%' GROUP BY day ORDER BY day DESC",
        )?;
        let rows = statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Forgets usage counters of days before `day` (a quota only ever reads today's).
    pub fn prune_usage(&self, day: &str) -> Result<usize, KeyError> {
        Ok(self.db().execute("DELETE FROM usage WHERE day < ?1", [day])?)
    }
}

/// The columns `record` reads, in its order; a query that needs more appends them after these.
const COLUMNS: &str = "prefix, name, quota, fleets, tools, created_at, revoked_at, projects, owner";

fn record(row: &rusqlite::Row<'_>) -> rusqlite::Result<KeyRecord> {
    let json_list = |text: String| serde_json::from_str::<Vec<String>>(&text).unwrap_or_default();
    Ok(KeyRecord {
        prefix: row.get(0)?,
        name: row.get(1)?,
        quota: row.get(2)?,
        fleets: json_list(row.get(3)?),
        tools: row.get::<_, Option<String>>(4)?.map(json_list),
        created_at: row.get(5)?,
        revoked_at: row.get(6)?,
        projects: row.get::<_, Option<String>>(7)?.map(json_list),
        owner: row.get(8)?,
    })
}

fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store(dir: &Path) -> KeyStore {
        KeyStore::open(&dir.join("keys.sqlite"), Pepper::from_value("a test pepper, long enough").unwrap()).unwrap()
    }

    #[test]
    fn a_store_made_before_keys_had_projects_or_owners_opens_and_its_keys_are_fleet_keys_of_every_project() {
        let dir = tempfile::tempdir().unwrap();
        let old = Connection::open(dir.path().join("keys.sqlite")).unwrap();
        let before = SCHEMA
            .replace(",\n    projects   TEXT,                 -- JSON array of project ids; NULL: every project of its fleets", "")
            .replace("\n    owner      INTEGER NOT NULL DEFAULT 0 -- 1: may sign in to the console of its fleets", "");
        assert!(!before.contains("projects") && !before.contains("owner"), "{before}");
        old.execute_batch(&before).unwrap();
        old.execute(
            "INSERT INTO keys (prefix, name, hash, quota, fleets, created_at) VALUES ('p', 'old', 'h', NULL, '[]', 'now')",
            [],
        )
        .unwrap();
        drop(old);
        let keys = store(dir.path());
        let listed = keys.list().unwrap();
        assert_eq!((listed[0].name.as_str(), listed[0].projects.clone(), listed[0].owner), ("old", None, false));
    }

    #[test]
    fn guest_days_count_guests_and_their_calls_per_day_newest_first() {
        let dir = tempfile::tempdir().unwrap();
        let keys = store(dir.path());
        let (a, b) = (keys.guest("10.0.0.1".parse().unwrap()), keys.guest("10.0.0.2".parse().unwrap()));
        keys.charge(&a, 3, 10, "2026-12-04").unwrap();
        keys.charge(&a, 2, 10, "2026-12-05").unwrap();
        keys.charge(&b, 4, 10, "2026-12-05").unwrap();
        keys.charge(&Subject::Key("p".into()), 7, 10, "2026-12-05").unwrap();
        let days = keys.guest_days().unwrap();
        assert_eq!(days, vec![("2026-12-05".to_string(), 2, 6), ("2026-12-04".to_string(), 1, 3)]);
    }

    #[test]
    fn a_created_key_authenticates_and_only_its_hash_is_stored() {
        let dir = tempfile::tempdir().unwrap();
        let keys = store(dir.path());
        let new = NewKey {
            name: "ci-bot".into(),
            quota: Some(10),
            fleets: vec!["web".into()],
            tools: None,
            projects: Some(vec!["github.com/org/app".into()]),
            owner: false,
        };
        let (record, token) = keys.create(&new).unwrap();
        assert_eq!(keys.authenticate(&token).unwrap(), Ok(record.clone()));
        let parsed = parse_key(&token).unwrap();
        let raw = std::fs::read(dir.path().join("keys.sqlite")).unwrap();
        let wal = std::fs::read(dir.path().join("keys.sqlite-wal")).unwrap_or_default();
        for file in [raw, wal] {
            assert!(!file.windows(parsed.secret.len()).any(|w| w == parsed.secret.as_bytes()), "the secret is stored");
        }
        assert!(matches!(keys.create(&new), Err(KeyError::Duplicate(_))));
        assert!(matches!(keys.create(&NewKey { name: "a b".into(), ..new.clone() }), Err(KeyError::InvalidName(_))));
        let like_prefix = NewKey { name: "0badc0de".into(), ..new };
        assert!(matches!(keys.create(&like_prefix), Err(KeyError::InvalidName(_))), "a name shaped like a prefix");
    }

    #[test]
    fn malformed_unknown_and_revoked_keys_are_told_apart() {
        let dir = tempfile::tempdir().unwrap();
        let keys = store(dir.path());
        let (_, token) = keys.create(&NewKey { name: "k".into(), ..NewKey::default() }).unwrap();
        assert_eq!(keys.authenticate("kb_live_nope").unwrap(), Err(AuthFailure::Malformed));
        let (_, other, _) = mint().unwrap();
        let wrong_secret = format!("{}{other}", &token[..token.len() - other.len()]);
        assert_eq!(keys.authenticate(&wrong_secret).unwrap(), Err(AuthFailure::Unknown));
        let (_, _, stranger) = mint().unwrap();
        assert_eq!(keys.authenticate(&stranger).unwrap(), Err(AuthFailure::Unknown));
        assert!(keys.revoke("k").unwrap());
        assert_eq!(keys.authenticate(&token).unwrap(), Err(AuthFailure::Revoked));
        assert!(!keys.revoke("nobody").unwrap());
    }

    #[test]
    fn charges_stop_exactly_at_the_limit_under_concurrency() {
        let dir = tempfile::tempdir().unwrap();
        let keys = store(dir.path());
        let guest = keys.guest("203.0.113.9".parse().unwrap());
        let granted = std::sync::atomic::AtomicU32::new(0);
        std::thread::scope(|scope| {
            for _ in 0..16 {
                scope.spawn(|| {
                    for _ in 0..40 {
                        if keys.charge(&guest, 1, 250, "2026-12-01").unwrap().granted {
                            granted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        assert_eq!(granted.into_inner(), 250);
        assert_eq!(keys.used(&guest, "2026-12-01").unwrap(), 250);
        assert_eq!(keys.used(&guest, "2026-12-02").unwrap(), 0, "a new UTC day starts from zero");
        let refused = keys.charge(&guest, 1, 250, "2026-12-01").unwrap();
        assert_eq!(refused, Charge { granted: false, used: 250, limit: 250 });
    }

    #[test]
    fn a_guest_is_accounted_under_an_hmac_of_its_ip_never_the_ip() {
        let dir = tempfile::tempdir().unwrap();
        let keys = store(dir.path());
        let guest = keys.guest("198.51.100.77".parse().unwrap());
        assert_eq!(guest, keys.guest("::ffff:198.51.100.77".parse().unwrap()));
        assert_ne!(guest, keys.guest("198.51.100.78".parse().unwrap()));
        keys.charge(&guest, 1, 5, "2026-12-01").unwrap();
        drop(keys);
        for file in ["keys.sqlite", "keys.sqlite-wal"] {
            let bytes = std::fs::read(dir.path().join(file)).unwrap_or_default();
            assert!(!bytes.windows(13).any(|w| w == b"198.51.100.77"), "{file} holds the raw IP");
        }
    }
}
