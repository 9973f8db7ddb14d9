//! The key store: the keys (public prefix, name, HMAC of the secret, quota, fleets, tools,
//! revocation) and the daily usage counters quotas are charged against, in a state store with
//! two backends (`keys::state`): one SQLite file (`~/.ctxlake/keys.sqlite` by default, no
//! service to run) or a PostgreSQL database that every `ctxlake serve` of a fleet of hosts
//! shares. The pepper's work (minting, hashing, checking a token) is done here, the same for
//! both; a backend stores rows and answers. Nothing is cached: every request reads its key's
//! row, so a revocation reaches every host sharing the store on their next request.

use super::backend::{Backend, Lookup};
use super::{KeyError, Pepper, mint, parse_key};
use std::net::IpAddr;

pub use super::backend::KeyRecord;

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

/// The outcome of a charge: granted or not, and the day's usage after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Charge {
    pub granted: bool,
    pub used: u32,
    pub limit: u32,
}

/// What `ctxlake doctor` reads of a store without opening it for use: nothing is created,
/// migrated or recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Facts {
    /// PostgreSQL's schema version (0: no ctxlake made its tables yet); SQLite files are brought
    /// up to date when opened and carry none.
    pub schema: Option<usize>,
    /// The check of the pepper the store was first used with, if it records one.
    pub pepper_check: Option<String>,
    pub keys: usize,
    pub revoked: usize,
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
    pub fn charge(&self, subject: &Subject, calls: u32, limit: u32, day: &str) -> Result<Charge, KeyError> {
        let (granted, used) = self.db.charge(&subject.column(), day, calls, limit)?;
        Ok(Charge { granted, used, limit })
    }

    /// The calls charged to `subject` on `day`.
    pub fn used(&self, subject: &Subject, day: &str) -> Result<u32, KeyError> {
        self.db.used(&subject.column(), day)
    }

    /// Guests' use per UTC day, newest first: `(day, guests, calls)`. A guest is counted by the
    /// HMAC of its address, so this says how many, never who.
    pub fn guest_days(&self) -> Result<Vec<(String, u32, u32)>, KeyError> {
        self.db.guest_days()
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
        for (subject, day, calls) in self.db.usage()? {
            if to.db.raise_usage(&subject, &day, calls)? {
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
        assert_eq!(keys.charge(&guest, 3, 2, "2026-12-06").unwrap(), Charge { granted: false, used: 0, limit: 2 });
        assert!(keys.guest_days().unwrap().is_empty());
        assert_eq!(keys.charge(&guest, 2, 2, "2026-12-06").unwrap(), Charge { granted: true, used: 2, limit: 2 });
        assert_eq!(keys.charge(&guest, 1, 2, "2026-12-06").unwrap(), Charge { granted: false, used: 2, limit: 2 });
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
