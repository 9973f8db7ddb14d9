//! The key store's PostgreSQL backend (13 or newer): the store every `ctxlake serve` of a fleet
//! of hosts shares, so a key revoked on one is refused by all and a quota is one count however
//! many hosts charge it. Synchronous, like the rest of the core (the `postgres` client, which
//! drives tokio-postgres on a small runtime of its own, from the blocking pool), with a pool of
//! connections (r2d2). Tables are prefixed `ctxlake_` so the store can share a database.
//!
//! A charge is one statement: an `INSERT … ON CONFLICT DO UPDATE … WHERE calls + n <= limit`,
//! atomic under PostgreSQL's row lock, with no read before it. Migrations are numbered, run in
//! one transaction under an advisory lock, and recorded in `ctxlake_meta`: two hosts starting at
//! the same moment run each once, and a store migrated by a newer ctxlake is refused, not misread.
//!
//! Faults fail closed: with the server unreachable a request waits at most `WAIT` for a
//! connection, then its key check or charge fails (the HTTP edge answers 503 with
//! `Retry-After`). A connection found closed (the server restarted) retires every connection
//! opened before it, so the pool holds no stale ones once the server is back; a connection idle
//! a while is tested before use; reads that met a closed one are tried again once, a charge
//! never (it might have been counted).

use super::KeyError;
use super::backend::{
    Backend, COLUMNS, Facts, HttpState, KeyRecord, Lookup, SessionRow, StreamRow, Tally, list_from_json, list_to_json,
    seq_of, seq_value,
};
use postgres::NoTls;
use postgres::types::ToSql;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Each migration, in order; the store's schema version is how many have run.
const MIGRATIONS: &[&str] = &[
    "
CREATE TABLE ctxlake_keys (
    prefix     TEXT PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    hash       TEXT NOT NULL,
    quota      BIGINT,
    fleets     TEXT NOT NULL,
    tools      TEXT,
    created_at TEXT NOT NULL,
    revoked_at TEXT,
    projects   TEXT,
    owner      BOOLEAN NOT NULL DEFAULT false
);
CREATE TABLE ctxlake_usage (
    subject TEXT NOT NULL,
    day     TEXT NOT NULL,
    calls   BIGINT NOT NULL,
    PRIMARY KEY (subject, day)
);
",
    "
ALTER TABLE ctxlake_keys ADD COLUMN write_quota BIGINT;
ALTER TABLE ctxlake_usage ADD COLUMN writes BIGINT NOT NULL DEFAULT 0;
",
    "
CREATE TABLE ctxlake_sessions (
    id      TEXT PRIMARY KEY,
    owner   TEXT NOT NULL,
    state   TEXT NOT NULL,
    touched BIGINT NOT NULL
);
CREATE TABLE ctxlake_streams (
    id      TEXT PRIMARY KEY,
    owner   TEXT NOT NULL,
    touched BIGINT NOT NULL,
    ended   BIGINT
);
CREATE INDEX ctxlake_sessions_touched ON ctxlake_sessions (touched);
CREATE INDEX ctxlake_streams_touched ON ctxlake_streams (touched);
CREATE INDEX ctxlake_streams_ended ON ctxlake_streams (ended);
CREATE TABLE ctxlake_stream_events (
    stream TEXT NOT NULL,
    seq    BIGINT NOT NULL,
    event  TEXT NOT NULL,
    PRIMARY KEY (stream, seq)
);
",
];

/// The advisory lock migrations hold (any fixed number; "ctxl").
const MIGRATION_LOCK: i64 = 0x6374_786c;
/// Connections a host keeps at most; a request waits for one at most `WAIT` (also the limit
/// on opening one), so a request answers within about that while the server is away.
const POOL_SIZE: u32 = 16;
const WAIT: Duration = Duration::from_secs(2);
/// A connection idle longer than this is checked (one round trip) before its next statement.
const CHECK_IDLE: Duration = Duration::from_secs(1);

/// Opens connections for the pool, each stamped with the epoch it was opened in.
struct Manager {
    config: postgres::Config,
    /// Raised when a connection is found closed: every connection of an earlier epoch is then
    /// dropped rather than used (a restarted server closed them all, unseen until used).
    epoch: Arc<AtomicU64>,
}

struct Connection {
    client: postgres::Client,
    epoch: u64,
    /// When a statement last ran on it.
    used: Instant,
    /// Statements prepared on this connection, by their text: without them the client prepares
    /// an unnamed statement before each use, a second round trip (and a second transaction in
    /// the server's count) per statement. The texts are this module's, a few dozen at most.
    prepared: std::collections::HashMap<String, postgres::Statement>,
}

impl Connection {
    /// `sql` prepared on this connection, once.
    fn prepared(&mut self, sql: &str) -> Result<postgres::Statement, postgres::Error> {
        if let Some(statement) = self.prepared.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.client.prepare(sql)?;
        self.prepared.insert(sql.to_string(), statement.clone());
        Ok(statement)
    }

    fn query(&mut self, sql: &str, params: &[&(dyn ToSql + Sync)]) -> Result<Vec<postgres::Row>, postgres::Error> {
        let statement = self.prepared(sql)?;
        self.client.query(&statement, params)
    }

    fn query_opt(
        &mut self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Option<postgres::Row>, postgres::Error> {
        let statement = self.prepared(sql)?;
        self.client.query_opt(&statement, params)
    }

    fn execute(&mut self, sql: &str, params: &[&(dyn ToSql + Sync)]) -> Result<u64, postgres::Error> {
        let statement = self.prepared(sql)?;
        self.client.execute(&statement, params)
    }
}

impl r2d2::ManageConnection for Manager {
    type Connection = Connection;
    type Error = postgres::Error;

    fn connect(&self) -> Result<Connection, postgres::Error> {
        let epoch = self.epoch.load(Ordering::Acquire);
        Ok(Connection {
            client: self.config.connect(NoTls)?,
            epoch,
            used: Instant::now(),
            prepared: Default::default(),
        })
    }

    fn is_valid(&self, conn: &mut Connection) -> Result<(), postgres::Error> {
        conn.client.simple_query("").map(|_| ())
    }

    fn has_broken(&self, conn: &mut Connection) -> bool {
        conn.client.is_closed() || conn.epoch < self.epoch.load(Ordering::Acquire)
    }
}

type Pool = r2d2::Pool<Manager>;

pub(crate) struct Postgres {
    pool: Pool,
    epoch: Arc<AtomicU64>,
    /// The URL without its password, for messages.
    shown: String,
}

impl Postgres {
    /// Connects to `url` (`postgres://user[:password]@host[:port]/database`, or a unix socket's
    /// folder as `host`), runs the migrations this ctxlake knows and the store lacks.
    pub(crate) fn open(url: &str) -> Result<Postgres, KeyError> {
        let shown = without_password(url);
        let mut config: postgres::Config =
            url.parse().map_err(|e| KeyError::State(format!("{shown} is not a PostgreSQL URL: {e}")))?;
        limit_waits(&mut config);
        let epoch = Arc::new(AtomicU64::new(0));
        let manager = Manager { config, epoch: epoch.clone() };
        let pool = r2d2::Pool::builder()
            .max_size(POOL_SIZE)
            .min_idle(Some(1))
            .connection_timeout(WAIT)
            // Testing each checkout would add a round trip to every call: only a connection idle
            // over CHECK_IDLE is tested (`once`), and one found closed retires its epoch.
            .test_on_check_out(false)
            // Its own log line names no URL; ours (the request's error) does.
            .error_handler(Box::new(r2d2::NopErrorHandler))
            .build(manager)
            .map_err(|e| KeyError::State(format!("cannot connect to {shown}: {e}")))?;
        let store = Postgres { pool, epoch, shown };
        store.migrate()?;
        Ok(store)
    }

    /// A connection of the current epoch (older ones are dropped as they come up).
    fn client(&self) -> Result<Pooled, KeyError> {
        for _ in 0..=POOL_SIZE {
            let conn = self
                .pool
                .get()
                .map_err(|e| KeyError::State(format!("no connection to {} within {WAIT:?}: {e}", self.shown)))?;
            if conn.epoch >= self.epoch.load(Ordering::Acquire) && !conn.client.is_closed() {
                return Ok(Pooled(conn));
            }
            // Returned to the pool, which finds it broken and drops it.
        }
        Err(KeyError::State(format!("{}: every pooled connection was closed", self.shown)))
    }

    /// `read` on a connection, once more on a new one if the first was lost (a restarted
    /// server): for statements that change nothing, so repeating them is harmless.
    fn read<T>(&self, read: impl Fn(&mut Connection) -> Result<T, postgres::Error>) -> Result<T, KeyError> {
        match self.once(&read) {
            Err(Lost) => read(&mut self.client()?.0).map_err(|e| self.err(e)),
            Ok(done) => done,
        }
    }

    /// `write` on a connection, never repeated: had the statement reached the server before
    /// the connection was lost, it may have been applied.
    fn write<T>(&self, write: impl Fn(&mut Connection) -> Result<T, postgres::Error>) -> Result<T, KeyError> {
        match self.once(&write) {
            Err(Lost) => Err(KeyError::State(format!("{}: the connection was lost", self.shown))),
            Ok(done) => done,
        }
    }

    /// `run` on a connection; `Err(Lost)` when it failed and left the connection closed (the
    /// server's error then is often "terminating connection due to administrator command"),
    /// after retiring every connection as old as it.
    fn once<T>(
        &self,
        run: &impl Fn(&mut Connection) -> Result<T, postgres::Error>,
    ) -> Result<Result<T, KeyError>, Lost> {
        let mut conn = match self.client() {
            Ok(conn) => conn,
            Err(e) => return Ok(Err(e)),
        };
        // A connection idle a while may belong to a server that restarted meanwhile: one round
        // trip says so before anything is sent (so even a charge may then go to a new one).
        if conn.0.used.elapsed() > CHECK_IDLE && conn.0.client.is_valid(WAIT).is_err() {
            tracing::warn!("key store {}: an idle connection was lost; opening new ones", self.shown);
            self.retire(conn.0.epoch);
            drop(conn);
            conn = match self.client() {
                Ok(conn) => conn,
                Err(e) => return Ok(Err(e)),
            };
        }
        let done = run(&mut conn.0);
        conn.0.used = Instant::now();
        match done {
            Err(e) if conn.is_closed() => {
                tracing::warn!("key store {}: connection lost ({e}); opening new ones", self.shown);
                self.retire(conn.0.epoch);
                Err(Lost)
            }
            done => Ok(done.map_err(|e| self.err(e))),
        }
    }

    /// Retires every connection as old as one of `epoch` (raised at most once per epoch: many
    /// requests finding stale connections at once retire those, not each other's new ones).
    fn retire(&self, epoch: u64) {
        self.epoch.fetch_max(epoch + 1, Ordering::AcqRel);
    }

    fn migrate(&self) -> Result<(), KeyError> {
        let mut client = self.client()?;
        let mut tx = client.transaction().map_err(|e| self.err(e))?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK]).map_err(|e| self.err(e))?;
        tx.batch_execute("CREATE TABLE IF NOT EXISTS ctxlake_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            .map_err(|e| self.err(e))?;
        let version: usize = tx
            .query_opt("SELECT value FROM ctxlake_meta WHERE key = 'schema_version'", &[])
            .map_err(|e| self.err(e))?
            .map(|row| row.get::<_, String>(0))
            .map_or(Ok(0), |v| v.parse())
            .map_err(|_| KeyError::State(format!("{}: ctxlake_meta's schema_version is not a number", self.shown)))?;
        if version > MIGRATIONS.len() {
            return Err(KeyError::State(format!(
                "{} has key store schema version {version}; this ctxlake knows {}: upgrade ctxlake",
                self.shown,
                MIGRATIONS.len()
            )));
        }
        if version == MIGRATIONS.len() {
            return tx.commit().map_err(|e| self.err(e));
        }
        for migration in &MIGRATIONS[version..] {
            tx.batch_execute(migration).map_err(|e| self.err(e))?;
        }
        tx.execute(
            "INSERT INTO ctxlake_meta (key, value) VALUES ('schema_version', $1)
             ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
            &[&MIGRATIONS.len().to_string()],
        )
        .map_err(|e| self.err(e))?;
        tx.commit().map_err(|e| self.err(e))
    }

    fn err(&self, e: postgres::Error) -> KeyError {
        KeyError::State(format!("{}: {e}", self.shown))
    }
}

/// A statement failed and its connection is closed.
struct Lost;

/// A pooled connection, used as the client it holds.
struct Pooled(r2d2::PooledConnection<Manager>);

impl std::ops::Deref for Pooled {
    type Target = postgres::Client;
    fn deref(&self) -> &postgres::Client {
        &self.0.client
    }
}

impl std::ops::DerefMut for Pooled {
    fn deref_mut(&mut self) -> &mut postgres::Client {
        &mut self.0.client
    }
}

/// Bounds on waiting for a server that went away: opening a connection gives up after `WAIT`
/// (unless the URL sets `connect_timeout`), and a connection whose server vanished without a
/// reset (a host down, a partition) is found dead by TCP keepalives and unacknowledged data
/// (`tcp_user_timeout`, Linux) within seconds rather than the kernel's minutes.
fn limit_waits(config: &mut postgres::Config) {
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(WAIT);
    }
    config
        .keepalives(true)
        .keepalives_idle(Duration::from_secs(5))
        .keepalives_interval(Duration::from_secs(1))
        .keepalives_retries(3)
        .tcp_user_timeout(Duration::from_secs(5));
}

/// What `ctxlake doctor` reads of the store at `url` on one connection, writing nothing: its
/// schema version (`Some(0)` when no ctxlake made its tables yet), the pepper check it records,
/// and its keys and revoked keys.
pub(crate) fn inspect(url: &str) -> Result<Facts, KeyError> {
    let shown = without_password(url);
    let err = |e: postgres::Error| KeyError::State(format!("{shown}: {e}"));
    let mut config: postgres::Config =
        url.parse().map_err(|e| KeyError::State(format!("{shown} is not a PostgreSQL URL: {e}")))?;
    limit_waits(&mut config);
    let mut client = config.connect(NoTls).map_err(|e| KeyError::State(format!("cannot connect to {shown}: {e}")))?;
    let made = client.query_one("SELECT to_regclass('ctxlake_meta') IS NOT NULL", &[]).map_err(err)?.get::<_, bool>(0);
    if !made {
        return Ok(Facts { schema: Some(0), pepper_check: None, keys: 0, revoked: 0 });
    }
    let version = client_value(&mut client, "schema_version").map_err(err)?;
    let pepper_check = client_value(&mut client, "pepper_check").map_err(err)?;
    let schema = Some(
        version
            .as_deref()
            .map_or(Ok(0), str::parse)
            .map_err(|_| KeyError::State(format!("{shown}: ctxlake_meta's schema_version is not a number")))?,
    );
    let (keys, revoked) =
        match client.query_one("SELECT to_regclass('ctxlake_keys') IS NOT NULL", &[]).map_err(err)?.get(0) {
            true => {
                let row = client.query_one("SELECT count(*), count(revoked_at) FROM ctxlake_keys", &[]).map_err(err)?;
                (row.get::<_, i64>(0), row.get::<_, i64>(1))
            }
            false => (0, 0),
        };
    let count = |n: i64| usize::try_from(n).unwrap_or(0);
    Ok(Facts { schema, pepper_check, keys: count(keys), revoked: count(revoked) })
}

fn client_value(client: &mut postgres::Client, key: &str) -> Result<Option<String>, postgres::Error> {
    Ok(client.query_opt("SELECT value FROM ctxlake_meta WHERE key = $1", &[&key])?.map(|row| row.get(0)))
}

/// Schema versions this build knows (the store's, once opened, is this).
pub(crate) const SCHEMA_VERSION: usize = MIGRATIONS.len();

/// The URL with any password (in its credentials or its query) replaced by `***`.
fn without_password(url: &str) -> String {
    let url = match url.split_once('?') {
        Some((base, query)) => {
            let hidden: Vec<String> = query
                .split('&')
                .map(|pair| match pair.split_once('=') {
                    // password=, sslpassword=, and a name spelled with %-escapes all hide their value.
                    Some((name, _)) if name.to_ascii_lowercase().contains("pass") || name.contains('%') => {
                        format!("{name}=***")
                    }
                    _ => pair.to_string(),
                })
                .collect();
            format!("{base}?{}", hidden.join("&"))
        }
        None => url.to_string(),
    };
    let url = url.as_str();
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let credentials = &url[scheme + 3..at];
            match credentials.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &url[..scheme + 3], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

fn record(row: &postgres::Row) -> (KeyRecord, String) {
    let key = KeyRecord {
        prefix: row.get(0),
        name: row.get(1),
        quota: row.get::<_, Option<i64>>(2).map(count),
        fleets: list_from_json(row.get(3)),
        tools: row.get::<_, Option<String>>(4).map(list_from_json),
        created_at: row.get(5),
        revoked_at: row.get(6),
        projects: row.get::<_, Option<String>>(7).map(list_from_json),
        owner: row.get(8),
        write_quota: row.get::<_, Option<i64>>(9).map(count),
    };
    (key, row.get(10))
}

/// The first two columns of `row`, calls and writes.
fn tally(row: &postgres::Row) -> Tally {
    Tally { calls: count(row.get(0)), writes: count(row.get(1)) }
}

/// A stored count as the u32 the API speaks (counts are written from u32s).
fn count(stored: i64) -> u32 {
    u32::try_from(stored.max(0)).unwrap_or(u32::MAX)
}

impl Backend for Postgres {
    fn insert(&self, record: &KeyRecord, hash: &str) -> Result<bool, KeyError> {
        let inserted = self.write(|conn| conn.execute(
            "INSERT INTO ctxlake_keys (prefix, name, hash, quota, fleets, tools, created_at, projects, owner, revoked_at,
                                       write_quota)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING",
            &[
                &record.prefix,
                &record.name,
                &hash,
                &record.quota.map(i64::from),
                &list_to_json(&record.fleets),
                &record.tools.as_ref().map(list_to_json),
                &record.created_at,
                &record.projects.as_ref().map(list_to_json),
                &record.owner,
                &record.revoked_at,
                &record.write_quota.map(i64::from),
            ],
        ))?;
        Ok(inserted == 1)
    }

    fn keys(&self, by: Lookup<'_>) -> Result<Vec<(KeyRecord, String)>, KeyError> {
        let (clause, value) = by.clause("$1");
        let sql = format!("SELECT {COLUMNS} FROM ctxlake_keys WHERE {clause} ORDER BY created_at, name");
        let rows = self.read(|conn| conn.query(&sql, &[&value]))?;
        Ok(rows.iter().map(record).collect())
    }

    fn revoke(&self, by: Lookup<'_>, at: &str) -> Result<bool, KeyError> {
        let (clause, value) = by.clause("$1");
        let sql = format!("UPDATE ctxlake_keys SET revoked_at = COALESCE(revoked_at, $2) WHERE {clause}");
        Ok(self.write(|conn| conn.execute(&sql, &[&value, &at]))? > 0)
    }

    fn set_quota(&self, by: Lookup<'_>, quota: Option<u32>) -> Result<bool, KeyError> {
        let (clause, value) = by.clause("$1");
        let sql = format!("UPDATE ctxlake_keys SET quota = $2 WHERE {clause}");
        Ok(self.write(|conn| conn.execute(&sql, &[&value, &quota.map(i64::from)]))? > 0)
    }

    fn set_write_quota(&self, by: Lookup<'_>, quota: Option<u32>) -> Result<bool, KeyError> {
        let (clause, value) = by.clause("$1");
        let sql = format!("UPDATE ctxlake_keys SET write_quota = $2 WHERE {clause}");
        Ok(self.write(|conn| conn.execute(&sql, &[&value, &quota.map(i64::from)]))? > 0)
    }

    fn charge(&self, subject: &str, day: &str, spend: Tally, limits: Tally) -> Result<(bool, Tally), KeyError> {
        let (calls, writes) = (i64::from(spend.calls), i64::from(spend.writes));
        let (limit, write_limit) = (i64::from(limits.calls), i64::from(limits.writes));
        // The accounting: one statement, the checks inside it. A first charge past a limit
        // inserts nothing (the SELECT's WHERE), a later one updates nothing (DO UPDATE's WHERE).
        let granted = self.write(|conn| {
            conn.query_opt(
                "INSERT INTO ctxlake_usage AS u (subject, day, calls, writes)
                 SELECT $1::TEXT, $2::TEXT, $3::BIGINT, $4::BIGINT WHERE $3::BIGINT <= $5::BIGINT AND $4::BIGINT <= $6::BIGINT
                 ON CONFLICT (subject, day) DO UPDATE
                 SET calls = u.calls + EXCLUDED.calls, writes = u.writes + EXCLUDED.writes
                 WHERE u.calls + EXCLUDED.calls <= $5::BIGINT AND u.writes + EXCLUDED.writes <= $6::BIGINT
                 RETURNING calls, writes",
                &[&subject, &day, &calls, &writes, &limit, &write_limit],
            )
        })?;
        match granted {
            Some(row) => Ok((true, tally(&row))),
            // Refused: the counts to report (read after; nothing is decided by them).
            None => Ok((false, self.used(subject, day)?)),
        }
    }

    fn used(&self, subject: &str, day: &str) -> Result<Tally, KeyError> {
        let used = self.read(|client| {
            client
                .query_opt("SELECT calls, writes FROM ctxlake_usage WHERE subject = $1 AND day = $2", &[&subject, &day])
        })?;
        Ok(used.map_or(Tally::default(), |row| tally(&row)))
    }

    fn guest_days(&self) -> Result<Vec<(String, u32, u32)>, KeyError> {
        let rows = self.read(|conn| {
            conn.query(
                "SELECT day, count(*), sum(calls)::BIGINT FROM ctxlake_usage WHERE subject LIKE 'ip:%'
                 GROUP BY day ORDER BY day DESC",
                &[],
            )
        })?;
        Ok(rows.iter().map(|row| (row.get(0), count(row.get(1)), count(row.get(2)))).collect())
    }

    fn prune_usage(&self, day: &str) -> Result<usize, KeyError> {
        let removed = self.write(|conn| conn.execute("DELETE FROM ctxlake_usage WHERE day < $1", &[&day]))?;
        Ok(usize::try_from(removed).unwrap_or(usize::MAX))
    }

    fn usage(&self) -> Result<Vec<(String, String, Tally)>, KeyError> {
        let rows = self.read(|conn| {
            conn.query("SELECT calls, writes, subject, day FROM ctxlake_usage ORDER BY day, subject", &[])
        })?;
        Ok(rows.iter().map(|row| (row.get(2), row.get(3), tally(row))).collect())
    }

    fn raise_usage(&self, subject: &str, day: &str, to: Tally) -> Result<bool, KeyError> {
        let changed = self.write(|conn| {
            conn.execute(
                "INSERT INTO ctxlake_usage AS u (subject, day, calls, writes) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (subject, day) DO UPDATE
                 SET calls = GREATEST(u.calls, EXCLUDED.calls), writes = GREATEST(u.writes, EXCLUDED.writes)
                 WHERE EXCLUDED.calls > u.calls OR EXCLUDED.writes > u.writes",
                &[&subject, &day, &i64::from(to.calls), &i64::from(to.writes)],
            )
        })?;
        Ok(changed > 0)
    }

    fn pepper_check(&self, check: &str, record: bool) -> Result<Option<String>, KeyError> {
        let mut client = self.client()?;
        if record {
            client
                .execute(
                    "INSERT INTO ctxlake_meta (key, value) VALUES ('pepper_check', $1) ON CONFLICT DO NOTHING",
                    &[&check],
                )
                .map_err(|e| self.err(e))?;
        }
        let row = client
            .query_opt("SELECT value FROM ctxlake_meta WHERE key = 'pepper_check'", &[])
            .map_err(|e| self.err(e))?;
        Ok(row.map(|row| row.get(0)))
    }

    fn describe(&self) -> String {
        self.shown.clone()
    }
}

impl HttpState for Postgres {
    fn session(&self, id: &str) -> Result<Option<SessionRow>, KeyError> {
        let row = self
            .read(|conn| conn.query_opt("SELECT owner, state, touched FROM ctxlake_sessions WHERE id = $1", &[&id]))?;
        Ok(row.map(|row| SessionRow { owner: row.get(0), state: row.get(1), touched: row.get(2) }))
    }

    fn create_session(&self, id: &str, row: &SessionRow) -> Result<bool, KeyError> {
        // Never repeated: a repeat of one that was applied would say the id was taken.
        let created = self.write(|conn| {
            conn.execute(
                "INSERT INTO ctxlake_sessions (id, owner, state, touched) VALUES ($1, $2, $3, $4)
                 ON CONFLICT DO NOTHING",
                &[&id, &row.owner, &row.state, &row.touched],
            )
        })?;
        Ok(created > 0)
    }

    fn update_session(&self, id: &str, row: &SessionRow, found: &str) -> Result<bool, KeyError> {
        // Never repeated: a repeat of one that was applied would find the state changed.
        let updated = self.write(|conn| {
            conn.execute(
                "UPDATE ctxlake_sessions SET state = $3, touched = $4 WHERE id = $1 AND owner = $2 AND state = $5",
                &[&id, &row.owner, &row.state, &row.touched, &found],
            )
        })?;
        Ok(updated > 0)
    }

    fn touch_session(&self, id: &str, now: i64) -> Result<(), KeyError> {
        self.read(|conn| conn.execute("UPDATE ctxlake_sessions SET touched = $2 WHERE id = $1", &[&id, &now]))?;
        Ok(())
    }

    fn remove_session(&self, id: &str, owner: &str) -> Result<bool, KeyError> {
        // Never repeated: a repeat of one that was applied would say there was none.
        let removed = self
            .write(|conn| conn.execute("DELETE FROM ctxlake_sessions WHERE id = $1 AND owner = $2", &[&id, &owner]))?;
        Ok(removed > 0)
    }

    fn evict_sessions(&self, before: i64, cap: usize) -> Result<usize, KeyError> {
        let (cap, keep) =
            (i64::try_from(cap).unwrap_or(i64::MAX), i64::try_from(cap.saturating_sub(1)).unwrap_or(i64::MAX));
        let removed = self.read(|conn| {
            let held: i64 = conn.query_opt("SELECT count(*) FROM ctxlake_sessions", &[])?.map_or(0, |row| row.get(0));
            if held < cap {
                return Ok(0);
            }
            let idle = conn.execute("DELETE FROM ctxlake_sessions WHERE touched < $1", &[&before])?;
            let over = conn.execute(
                "DELETE FROM ctxlake_sessions WHERE id IN
                 (SELECT id FROM ctxlake_sessions ORDER BY touched DESC OFFSET $1)",
                &[&keep],
            )?;
            Ok(idle + over)
        })?;
        Ok(usize::try_from(removed).unwrap_or(usize::MAX))
    }

    fn append_events(
        &self,
        stream: &str,
        owner: &str,
        events: &[(u64, String)],
        drop_below: u64,
        now: i64,
    ) -> Result<(), KeyError> {
        let seqs: Vec<i64> = events.iter().map(|(seq, _)| seq_value(*seq)).collect();
        let texts: Vec<&str> = events.iter().map(|(_, event)| event.as_str()).collect();
        let drop_below = seq_value(drop_below);
        // Every statement is idempotent (an event already stored is kept), so a lost
        // connection may repeat them; one round trip each, in one transaction.
        self.read(|conn| {
            let touch = conn.prepared(
                "INSERT INTO ctxlake_streams (id, owner, touched) VALUES ($1, $2, $3)
                 ON CONFLICT (id) DO UPDATE SET touched = EXCLUDED.touched",
            )?;
            let insert = conn.prepared(
                "INSERT INTO ctxlake_stream_events (stream, seq, event)
                 SELECT $1, seq, event FROM unnest($2::BIGINT[], $3::TEXT[]) AS e(seq, event)
                 ON CONFLICT DO NOTHING",
            )?;
            let trim = conn.prepared("DELETE FROM ctxlake_stream_events WHERE stream = $1 AND seq < $2")?;
            let mut tx = conn.client.transaction()?;
            tx.execute(&touch, &[&stream, &owner, &now])?;
            tx.execute(&insert, &[&stream, &seqs, &texts])?;
            if drop_below > 0 {
                tx.execute(&trim, &[&stream, &drop_below])?;
            }
            tx.commit()
        })
    }

    fn end_stream(&self, stream: &str, now: i64) -> Result<(), KeyError> {
        self.read(|conn| {
            conn.execute("UPDATE ctxlake_streams SET ended = $2, touched = $2 WHERE id = $1", &[&stream, &now])
        })?;
        Ok(())
    }

    fn stream(&self, stream: &str) -> Result<Option<StreamRow>, KeyError> {
        let row = self.read(|conn| {
            conn.query_opt(
                "SELECT owner, touched, ended IS NOT NULL,
                        (SELECT min(seq) FROM ctxlake_stream_events WHERE stream = $1),
                        (SELECT max(seq) FROM ctxlake_stream_events WHERE stream = $1)
                 FROM ctxlake_streams WHERE id = $1",
                &[&stream],
            )
        })?;
        Ok(row.map(|row| {
            let kept = match (row.get::<_, Option<i64>>(3), row.get::<_, Option<i64>>(4)) {
                (Some(first), Some(last)) => Some((seq_of(first), seq_of(last))),
                _ => None,
            };
            StreamRow { owner: row.get(0), touched: row.get(1), ended: row.get(2), kept }
        }))
    }

    fn stream_events(&self, stream: &str, from: u64, limit: usize) -> Result<Vec<(u64, String)>, KeyError> {
        let (from, limit) = (seq_value(from), i64::try_from(limit).unwrap_or(i64::MAX));
        let rows = self.read(|conn| {
            conn.query(
                "SELECT seq, event FROM ctxlake_stream_events WHERE stream = $1 AND seq >= $2 ORDER BY seq LIMIT $3",
                &[&stream, &from, &limit],
            )
        })?;
        Ok(rows.iter().map(|row| (seq_of(row.get(0)), row.get(1))).collect())
    }

    fn prune_streams(&self, ended_before: i64, touched_before: i64) -> Result<usize, KeyError> {
        // One statement: the rows and their events go together.
        let removed = self.read(|conn| {
            conn.execute(
                "WITH gone AS (DELETE FROM ctxlake_streams WHERE ended < $1 OR touched < $2 RETURNING id)
                 DELETE FROM ctxlake_stream_events WHERE stream IN (SELECT id FROM gone)",
                &[&ended_before, &touched_before],
            )
        })?;
        Ok(usize::try_from(removed).unwrap_or(usize::MAX))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_never_reaches_a_message() {
        assert_eq!(without_password("postgres://ana:s3cret@db:5432/keys"), "postgres://ana:***@db:5432/keys");
        assert_eq!(without_password("postgres://ana@db/keys"), "postgres://ana@db/keys");
        assert_eq!(without_password("postgresql://db/keys"), "postgresql://db/keys");
        assert_eq!(without_password("postgres://a:b@c@db/keys"), "postgres://a:***@db/keys");
        assert_eq!(
            without_password("postgres://db/keys?user=a&password=x&sslmode=disable"),
            "postgres://db/keys?user=a&password=***&sslmode=disable"
        );
        assert_eq!(
            without_password("postgres://db/k?pass%77ord=x&sslpassword=y&Password=z"),
            "postgres://db/k?pass%77ord=***&sslpassword=***&Password=***"
        );
    }
}
