//! The key store: the keys (public prefix, name, HMAC of the secret, quota, fleets, tools,
//! revocation) and the daily usage counters quotas are charged against, in a state store with
//! two backends (`keys::state`): one SQLite file (`~/.ctxlake/keys.sqlite` by default, no
//! service to run) or a PostgreSQL database that every `ctxlake serve` of a fleet of hosts
//! shares. The pepper's work (minting, hashing, checking a token) is done here, the same for
//! both; a backend stores rows and answers. Nothing is cached: every request reads its key's
//! row, so a revocation reaches every host sharing the store on their next request.

use super::backend::{Backend, Lookup, Tally};
use super::{KeyError, Pepper, mint, parse_key};
use std::net::IpAddr;

pub use super::backend::{Facts, HttpState, KeyRecord, SessionRow, StreamRow};

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
    /// Calls of tools that write per UTC day; `None`: `write_budget`'s default.
    pub write_quota: Option<u32>,
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
    pub(crate) fn column(&self) -> String {
        match self {
            Subject::Key(prefix) => format!("key:{prefix}"),
            Subject::Guest(digest) => format!("ip:{digest}"),
        }
    }
}

/// The outcome of a charge: granted or not, the day's counts after it, and the limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Charge {
    pub granted: bool,
    pub used: Tally,
    pub limits: Tally,
}

impl Charge {
    /// A refused charge that the write budget refused while the daily quota had room for it.
    pub fn refused_for_writes(&self, spend: Tally) -> bool {
        !self.granted && self.used.calls.saturating_add(spend.calls) <= self.limits.calls
    }
}

/// The write budget of a key (or of guests) with daily `quota` and `write_quota`: the latter
/// when set, else a quarter of the quota (rounded up), else none. Tools that write cost the
/// fleet more than reads (a claim to review, a lease others wait on), so a key's share of them
/// is lower by default.
pub fn write_budget(quota: Option<u32>, write_quota: Option<u32>) -> Option<u32> {
    write_quota.or(quota.map(|q| q.div_ceil(4).max(1)))
}

/// The limits a charge checks: both counts, `u32::MAX` where there is none; `None` when
/// neither is limited (nothing to charge).
pub fn limits(quota: Option<u32>, write_quota: Option<u32>) -> Option<Tally> {
    let writes = write_budget(quota, write_quota);
    (quota.is_some() || writes.is_some())
        .then(|| Tally { calls: quota.unwrap_or(u32::MAX), writes: writes.unwrap_or(u32::MAX) })
}

/// The PostgreSQL schema version this build writes.
pub const SCHEMA_VERSION: usize = super::postgres::SCHEMA_VERSION;

impl Facts {
    pub fn read(state: &super::state::StateUrl) -> Result<Facts, KeyError> {
        match state {
            super::state::StateUrl::Sqlite(path) => super::sqlite::inspect(path),
            super::state::StateUrl::Postgres(url) => super::postgres::inspect(url),
        }
    }

    /// Whether the store was first used with `pepper`; `None` when it records no pepper yet.
    pub fn pepper_is(&self, pepper: &Pepper) -> Option<bool> {
        self.pepper_check.as_ref().map(|check| *check == pepper.digest(PEPPER_CHECK.as_bytes()))
    }
}

pub struct KeyStore {
    db: Box<dyn Backend>,
    pepper: Pepper,
    /// This pepper's check (the HMAC of `PEPPER_CHECK`).
    check: String,
}

impl KeyStore {
    /// Opens (creating if needed) the SQLite store at `path`.
    pub fn open(path: &std::path::Path, pepper: Pepper) -> Result<KeyStore, KeyError> {
        KeyStore::with_backend(Box::new(super::sqlite::Sqlite::open(path)?), pepper)
    }

    /// Opens the store `state` names: a SQLite file or a PostgreSQL database.
    pub fn open_state(state: &super::state::StateUrl, pepper: Pepper) -> Result<KeyStore, KeyError> {
        match state {
            super::state::StateUrl::Sqlite(path) => KeyStore::open(path, pepper),
            super::state::StateUrl::Postgres(url) => {
                KeyStore::with_backend(Box::new(super::postgres::Postgres::open(url)?), pepper)
            }
        }
    }

    /// The store over `db`, refused when `db` records another pepper's check. A store with no
    /// key yet records this pepper's; one made before checks were recorded, which holds keys,
    /// records the pepper of the first key created next (opening it to list or to serve does
    /// not pin a pepper that may be the wrong one).
    fn with_backend(db: Box<dyn Backend>, pepper: Pepper) -> Result<KeyStore, KeyError> {
        let check = pepper.digest(PEPPER_CHECK.as_bytes());
        let empty = db.keys(Lookup::All)?.is_empty();
        match db.pepper_check(&check, empty)? {
            Some(recorded) if recorded != check => Err(KeyError::OtherPepper { store: db.describe() }),
            _ => Ok(KeyStore { db, pepper, check }),
        }
    }

    /// Where the store is (a path, or a PostgreSQL URL without its password).
    pub fn describe(&self) -> String {
        self.db.describe()
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
            write_quota: key.write_quota,
        };
        match self.db.insert(&record, &self.pepper.digest(secret.as_bytes()))? {
            true => {
                self.db.pepper_check(&self.check, true)?;
                Ok((record, token))
            }
            false => Err(KeyError::Duplicate(key.name.clone())),
        }
    }

    pub fn list(&self) -> Result<Vec<KeyRecord>, KeyError> {
        Ok(self.db.keys(Lookup::All)?.into_iter().map(|(key, _)| key).collect())
    }

    /// The key named `name` (or whose prefix is `name`).
    pub fn find(&self, name: &str) -> Result<Option<KeyRecord>, KeyError> {
        Ok(self.db.keys(Lookup::NameOrPrefix(name))?.into_iter().next().map(|(key, _)| key))
    }

    /// The key whose public prefix is `prefix` (never by name: a name may look like a prefix).
    pub fn by_prefix(&self, prefix: &str) -> Result<Option<KeyRecord>, KeyError> {
        Ok(self.db.keys(Lookup::Prefix(prefix))?.into_iter().next().map(|(key, _)| key))
    }

    /// Revokes the key named `name` (or with that prefix); false when there is none. Takes
    /// effect on the next request: every request reads the key's row.
    pub fn revoke(&self, name: &str) -> Result<bool, KeyError> {
        self.db.revoke(Lookup::NameOrPrefix(name), &now())
    }

    /// Revokes the key whose public prefix is `prefix` (and no key merely named so).
    pub fn revoke_prefix(&self, prefix: &str) -> Result<bool, KeyError> {
        self.db.revoke(Lookup::Prefix(prefix), &now())
    }

    /// Sets (or, with `None`, lifts) the daily quota of a key; false when there is none.
    pub fn set_quota(&self, name: &str, quota: Option<u32>) -> Result<bool, KeyError> {
        self.db.set_quota(Lookup::NameOrPrefix(name), quota)
    }

    /// Sets (or, with `None`, returns to the default) a key's daily budget of write tool calls.
    pub fn set_write_quota(&self, name: &str, quota: Option<u32>) -> Result<bool, KeyError> {
        self.db.set_write_quota(Lookup::NameOrPrefix(name), quota)
    }

    /// The key a bearer token stands for, or why it is refused.
    pub fn authenticate(&self, token: &str) -> Result<Result<KeyRecord, AuthFailure>, KeyError> {
        let Some(parsed) = parse_key(token) else { return Ok(Err(AuthFailure::Malformed)) };
        let found = self.db.keys(Lookup::Prefix(parsed.prefix))?.into_iter().next();
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
    /// otherwise charges nothing. Exact under concurrency, across hosts sharing the store: the
    /// check and the addition are one atomic step of the backend.
    pub fn charge(&self, subject: &Subject, spend: Tally, limits: Tally, day: &str) -> Result<Charge, KeyError> {
        let (granted, used) = self.db.charge(&subject.column(), day, spend, limits)?;
        Ok(Charge { granted, used, limits })
    }

    /// The calls (and writes among them) charged to `subject` on `day`.
    pub fn used(&self, subject: &Subject, day: &str) -> Result<Tally, KeyError> {
        self.db.used(&subject.column(), day)
    }

    /// Guests' use per UTC day, newest first: `(day, guests, calls)`. A guest is counted by the
    /// HMAC of its address, so this says how many, never who.
    pub fn guest_days(&self) -> Result<Vec<(String, u32, u32)>, KeyError> {
        self.db.guest_days()
    }

    /// The sessions and stream logs hosts sharing this store share.
    pub fn http_state(&self) -> &dyn HttpState {
        &*self.db
    }

    /// Forgets usage counters of days before `day` (a quota only ever reads today's).
    pub fn prune_usage(&self, day: &str) -> Result<usize, KeyError> {
        self.db.prune_usage(day)
    }

    /// Copies every key (its hash, quota, scopes and revocation) and usage counter into `to`
    /// (`ctxlake keys migrate`). Both stores were opened with this pepper (each checked it), so
    /// the hashes stay valid. A key `to` has already is left as it is there; a counter is raised
    /// to the copied count, never lowered or added twice: running it again copies nothing more.
    pub fn copy_to(&self, to: &KeyStore) -> Result<Copied, KeyError> {
        let mut copied = Copied::default();
        for (key, hash) in self.db.keys(Lookup::All)? {
            match to.db.insert(&key, &hash)? {
                true => copied.keys += 1,
                false => copied.present += 1,
            }
        }
        for (subject, day, counts) in self.db.usage()? {
            if to.db.raise_usage(&subject, &day, counts)? {
                copied.counters += 1;
            }
        }
        // The destination now holds this pepper's hashes: it records its check if it had none.
        to.db.pepper_check(&to.check, true)?;
        Ok(copied)
    }
}

/// What `KeyStore::copy_to` did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Copied {
    pub keys: usize,
    /// Keys the destination had already (by prefix or name), left as they are there.
    pub present: usize,
    /// Counters the destination lacked or held fewer calls in.
    pub counters: usize,
}

/// What the pepper's check is the HMAC of: a store records the check of the first pepper that
/// opened it and refuses any other.
const PEPPER_CHECK: &str = "ctxlake key store pepper check v1";

pub(crate) fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::sqlite::SCHEMA;
    use rusqlite::Connection;
    use std::path::Path;

    /// `n` calls, none of them writes.
    fn reads(n: u32) -> Tally {
        Tally { calls: n, writes: 0 }
    }

    /// A daily quota of `n` and no write budget.
    fn cap(n: u32) -> Tally {
        Tally { calls: n, writes: u32::MAX }
    }

    #[test]
    fn writes_have_a_budget_of_their_own_within_the_daily_quota() {
        let dir = tempfile::tempdir().unwrap();
        let keys = store(dir.path());
        let key = Subject::Key("0badc0de".into());
        let day = "2026-12-06";
        let budget = limits(Some(10), None).unwrap();
        assert_eq!(budget, Tally { calls: 10, writes: 3 }, "a quarter of the quota, rounded up");
        let write = Tally { calls: 1, writes: 1 };
        for _ in 0..3 {
            assert!(keys.charge(&key, write, budget, day).unwrap().granted);
        }
        let refused = keys.charge(&key, write, budget, day).unwrap();
        assert!(!refused.granted && refused.refused_for_writes(write), "{refused:?}");
        assert_eq!(refused.used, Tally { calls: 3, writes: 3 }, "a refused write charges nothing");
        // Reads go on up to the daily quota, which then refuses them.
        for _ in 0..7 {
            assert!(keys.charge(&key, reads(1), budget, day).unwrap().granted);
        }
        let refused = keys.charge(&key, reads(1), budget, day).unwrap();
        assert!(!refused.granted && !refused.refused_for_writes(reads(1)), "{refused:?}");
        assert_eq!(keys.used(&key, day).unwrap(), Tally { calls: 10, writes: 3 });
        // A write budget set on the key wins; without any quota nothing is charged.
        assert_eq!(limits(None, Some(5)), Some(Tally { calls: u32::MAX, writes: 5 }));
        assert_eq!(limits(Some(100), Some(50)), Some(Tally { calls: 100, writes: 50 }));
        assert_eq!(limits(None, None), None);
        assert_eq!(write_budget(Some(1), None), Some(1));
    }

    fn store(dir: &Path) -> KeyStore {
        KeyStore::open(&dir.join("keys.sqlite"), Pepper::from_value("a test pepper, long enough").unwrap()).unwrap()
    }

    #[test]
    fn a_store_made_before_projects_owners_or_write_budgets_opens_with_fleet_keys_of_every_project() {
        let dir = tempfile::tempdir().unwrap();
        let old = Connection::open(dir.path().join("keys.sqlite")).unwrap();
        // The two tables such a store had (the later ones are made whole on open).
        let before = SCHEMA[..SCHEMA.find("CREATE TABLE IF NOT EXISTS sessions").unwrap()]
            .replace(",\n    projects   TEXT,                 -- JSON array of project ids; NULL: every project of its fleets", "")
            .replace(
                "\n    owner      INTEGER NOT NULL DEFAULT 0, -- 1: may sign in to the console of its fleets\n    write_quota INTEGER              -- calls of tools that write per UTC day; NULL: the default",
                "",
            )
            .replace("\n    writes  INTEGER NOT NULL DEFAULT 0, -- the calls among them of tools that write", "");
        for added in ["projects", "owner", "write_quota", "writes"] {
            assert!(!before.contains(added), "{added}: {before}");
        }
        old.execute_batch(&before).unwrap();
        old.execute(
            "INSERT INTO keys (prefix, name, hash, quota, fleets, created_at) VALUES ('p', 'old', 'h', 8, '[]', 'now')",
            [],
        )
        .unwrap();
        old.execute("INSERT INTO usage (subject, day, calls) VALUES ('key:p', '2026-12-06', 5)", []).unwrap();
        drop(old);
        let keys = store(dir.path());
        let listed = keys.list().unwrap();
        let key = &listed[0];
        assert_eq!((key.name.as_str(), key.projects.clone(), key.owner, key.write_quota), ("old", None, false, None));
        // Its calls of today count as reads; writes get the default budget (2 of 8).
        let used = keys.used(&Subject::Key("p".into()), "2026-12-06").unwrap();
        assert_eq!(used, Tally { calls: 5, writes: 0 });
        assert_eq!(write_budget(key.quota, key.write_quota), Some(2));
    }

    #[test]
    fn a_store_pins_its_pepper_when_new_or_when_a_key_is_created_never_by_being_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("keys.sqlite");
        let (a, b) = (
            Pepper::from_value("pepper a, long enough").unwrap(),
            Pepper::from_value("pepper b, long enough").unwrap(),
        );
        let other =
            |pepper: &Pepper| matches!(KeyStore::open(&path, pepper.clone()), Err(KeyError::OtherPepper { .. }));
        // A new store takes the first pepper that opens it.
        KeyStore::open(&path, a.clone()).unwrap();
        assert!(other(&b) && !other(&a));
        // A store made before the check, holding keys: reading it pins nothing...
        Connection::open(&path).unwrap().execute("DELETE FROM meta", []).unwrap();
        let old = KeyStore::open(&path, a.clone()).unwrap();
        old.create(&NewKey { name: "old".into(), ..NewKey::default() }).unwrap();
        Connection::open(&path).unwrap().execute("DELETE FROM meta", []).unwrap();
        KeyStore::open(&path, b.clone()).unwrap().list().unwrap();
        assert!(!other(&a) && !other(&b));
        // ...creating a key pins the creator's.
        KeyStore::open(&path, a.clone()).unwrap().create(&NewKey { name: "new".into(), ..NewKey::default() }).unwrap();
        assert!(other(&b) && !other(&a));
    }

    #[test]
    fn a_refused_charge_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let keys = store(dir.path());
        let guest = keys.guest("10.0.0.9".parse().unwrap());
        assert_eq!(
            keys.charge(&guest, reads(3), cap(2), "2026-12-06").unwrap(),
            Charge { granted: false, used: reads(0), limits: cap(2) }
        );
        assert!(keys.guest_days().unwrap().is_empty());
        assert_eq!(
            keys.charge(&guest, reads(2), cap(2), "2026-12-06").unwrap(),
            Charge { granted: true, used: reads(2), limits: cap(2) }
        );
        assert_eq!(
            keys.charge(&guest, reads(1), cap(2), "2026-12-06").unwrap(),
            Charge { granted: false, used: reads(2), limits: cap(2) }
        );
    }

    #[test]
    fn guest_days_count_guests_and_their_calls_per_day_newest_first() {
        let dir = tempfile::tempdir().unwrap();
        let keys = store(dir.path());
        let (a, b) = (keys.guest("10.0.0.1".parse().unwrap()), keys.guest("10.0.0.2".parse().unwrap()));
        keys.charge(&a, reads(3), cap(10), "2026-12-04").unwrap();
        keys.charge(&a, reads(2), cap(10), "2026-12-05").unwrap();
        keys.charge(&b, reads(4), cap(10), "2026-12-05").unwrap();
        keys.charge(&Subject::Key("p".into()), reads(7), cap(10), "2026-12-05").unwrap();
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
            write_quota: Some(4),
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
                        if keys.charge(&guest, reads(1), cap(250), "2026-12-01").unwrap().granted {
                            granted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        assert_eq!(granted.into_inner(), 250);
        assert_eq!(keys.used(&guest, "2026-12-01").unwrap().calls, 250);
        assert_eq!(keys.used(&guest, "2026-12-02").unwrap().calls, 0, "a new UTC day starts from zero");
        let refused = keys.charge(&guest, reads(1), cap(250), "2026-12-01").unwrap();
        assert_eq!(refused, Charge { granted: false, used: reads(250), limits: cap(250) });
    }

    #[test]
    fn a_guest_is_accounted_under_an_hmac_of_its_ip_never_the_ip() {
        let dir = tempfile::tempdir().unwrap();
        let keys = store(dir.path());
        let guest = keys.guest("198.51.100.77".parse().unwrap());
        assert_eq!(guest, keys.guest("::ffff:198.51.100.77".parse().unwrap()));
        assert_ne!(guest, keys.guest("198.51.100.78".parse().unwrap()));
        keys.charge(&guest, reads(1), cap(5), "2026-12-01").unwrap();
        drop(keys);
        for file in ["keys.sqlite", "keys.sqlite-wal"] {
            let bytes = std::fs::read(dir.path().join(file)).unwrap_or_default();
            assert!(!bytes.windows(13).any(|w| w == b"198.51.100.77"), "{file} holds the raw IP");
        }
    }
}
