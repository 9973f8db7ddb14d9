//! What a key store's backend stores and answers (`sqlite.rs`, `postgres.rs`), below the
//! store's API (`store.rs`), which does the pepper's work around it. Each method is one
//! statement or one transaction, so every host sharing a backend sees a change whole.

use super::KeyError;

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

/// Which keys a statement is about.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Lookup<'a> {
    All,
    /// A key by name, or by public prefix.
    NameOrPrefix(&'a str),
    /// A key by public prefix only (a name may look like a prefix).
    Prefix(&'a str),
}

impl<'a> Lookup<'a> {
    /// The WHERE clause for these keys with `param` (`?1`, `$1`) as its one parameter, and the
    /// parameter's value.
    pub(crate) fn clause(self, param: &str) -> (String, &'a str) {
        match self {
            Lookup::All => (format!("{param} = {param}"), ""),
            Lookup::NameOrPrefix(name) => (format!("(name = {param} OR prefix = {param})"), name),
            Lookup::Prefix(prefix) => (format!("prefix = {param}"), prefix),
        }
    }
}

/// The columns each backend's row reader takes, in its order, then the hash.
pub(crate) const COLUMNS: &str = "prefix, name, quota, fleets, tools, created_at, revoked_at, projects, owner, hash";

/// A list column (fleets, tools, projects) as the JSON text both backends store.
pub(crate) fn list_to_json(items: &Vec<String>) -> String {
    serde_json::to_string(items).expect("strings serialize")
}

/// A stored list column; text that is not a JSON list of strings reads as empty.
pub(crate) fn list_from_json(text: String) -> Vec<String> {
    serde_json::from_str(&text).unwrap_or_default()
}

/// A backend: rows in, rows out.
pub(crate) trait Backend: Send + Sync {
    /// Stores a key (with its revocation, if any); false when its name or prefix is taken.
    fn insert(&self, record: &KeyRecord, hash: &str) -> Result<bool, KeyError>;
    /// The keys `by` names, each with its stored hash, oldest first.
    fn keys(&self, by: Lookup<'_>) -> Result<Vec<(KeyRecord, String)>, KeyError>;
    /// Marks the keys `by` names revoked at `at` (an earlier revocation stands); false when none.
    fn revoke(&self, by: Lookup<'_>, at: &str) -> Result<bool, KeyError>;
    fn set_quota(&self, by: Lookup<'_>, quota: Option<u32>) -> Result<bool, KeyError>;
    /// Adds `calls` to `subject`'s counter of `day` if that keeps it within `limit`, in one
    /// atomic step; the counter after it, and whether it was added.
    fn charge(&self, subject: &str, day: &str, calls: u32, limit: u32) -> Result<(bool, u32), KeyError>;
    fn used(&self, subject: &str, day: &str) -> Result<u32, KeyError>;
    /// Guests' counters per day, newest first: (day, guests, calls).
    fn guest_days(&self) -> Result<Vec<(String, u32, u32)>, KeyError>;
    fn prune_usage(&self, day: &str) -> Result<usize, KeyError>;
    /// Every usage counter: (subject, day, calls).
    fn usage(&self) -> Result<Vec<(String, String, u32)>, KeyError>;
    /// Sets a counter to `calls` unless it holds as many already (so a copy made twice counts
    /// once); whether it changed.
    fn raise_usage(&self, subject: &str, day: &str, calls: u32) -> Result<bool, KeyError>;
    /// The pepper check the store records, after recording `check` when `record` and none is:
    /// hosts whose peppers differ must not share a store, since one's hashes are another's garbage.
    fn pepper_check(&self, check: &str, record: bool) -> Result<Option<String>, KeyError>;
    /// Where the store is, for messages (never a password).
    fn describe(&self) -> String;
}
