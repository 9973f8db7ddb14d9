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
    /// Calls of tools that write, per UTC day; `None`: the default (`store::write_budget`).
    pub write_quota: Option<u32>,
}

/// A day's count of charged calls, and of the tool calls among them that write. Also a pair of
/// limits, with `u32::MAX` for none.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub calls: u32,
    pub writes: u32,
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

/// A stored HTTP session (`ctxlake serve --sessions`): the principal it belongs to, its state
/// as the transport wrote it (JSON text, opaque here) and when it was last used (Unix seconds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRow {
    pub owner: String,
    pub state: String,
    pub touched: i64,
}

/// A stored SSE stream (a resumable answer), as a reader on any host sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StreamRow {
    pub owner: String,
    /// When its host last appended to it (Unix seconds).
    pub touched: i64,
    /// Its host finished it: nothing more will come.
    pub ended: bool,
    /// The sequence numbers of its first and last events kept; `None` when none is.
    pub kept: Option<(u64, u64)>,
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
pub(crate) const COLUMNS: &str =
    "prefix, name, quota, fleets, tools, created_at, revoked_at, projects, owner, write_quota, hash";

/// A list column (fleets, tools, projects) as the JSON text both backends store.
pub(crate) fn list_to_json(items: &Vec<String>) -> String {
    serde_json::to_string(items).expect("strings serialize")
}

/// A stored list column; text that is not a JSON list of strings reads as empty.
pub(crate) fn list_from_json(text: String) -> Vec<String> {
    serde_json::from_str(&text).unwrap_or_default()
}

/// A stream's sequence number as the databases' 64-bit integer (numbers past `i64::MAX` never
/// occur: a stream would need that many events).
pub(crate) fn seq_value(seq: u64) -> i64 {
    i64::try_from(seq).unwrap_or(i64::MAX)
}

pub(crate) fn seq_of(stored: i64) -> u64 {
    u64::try_from(stored).unwrap_or(0)
}

/// What the HTTP transport keeps where every host sees it: sessions (`serve --sessions`) and the
/// logs of resumable SSE answers, so a session or a stream can continue on another host. Rows
/// only: what a session's state says, and when a row is old, is the transport's business.
pub trait HttpState: Send + Sync {
    fn session(&self, id: &str) -> Result<Option<SessionRow>, KeyError>;
    /// Stores a new session; false when `id` is taken.
    fn create_session(&self, id: &str, row: &SessionRow) -> Result<bool, KeyError>;
    /// Stores a change to `row.owner`'s session `id` if its state is still `found` (the text
    /// read); false when it is not, or there is none (it ended: a change never brings a session
    /// back).
    fn update_session(&self, id: &str, row: &SessionRow, found: &str) -> Result<bool, KeyError>;
    fn touch_session(&self, id: &str, now: i64) -> Result<(), KeyError>;
    /// Ends `owner`'s session `id`; false when there is none.
    fn remove_session(&self, id: &str, owner: &str) -> Result<bool, KeyError>;
    /// When `cap` sessions or more are stored: removes those untouched since `before`, then all
    /// but the `cap - 1` used last (room for one more).
    fn evict_sessions(&self, before: i64, cap: usize) -> Result<usize, KeyError>;
    /// Appends `events` (sequence number, rendered event) to `stream`, creating it as `owner`'s,
    /// and drops its events numbered below `drop_below`; with no events, it only says the
    /// stream's host is still at it (its time of last use).
    fn append_events(
        &self,
        stream: &str,
        owner: &str,
        events: &[(u64, String)],
        drop_below: u64,
        now: i64,
    ) -> Result<(), KeyError>;
    fn end_stream(&self, stream: &str, now: i64) -> Result<(), KeyError>;
    fn stream(&self, stream: &str) -> Result<Option<StreamRow>, KeyError>;
    /// `stream`'s events numbered `from` or more, at most `limit`, in order.
    fn stream_events(&self, stream: &str, from: u64, limit: usize) -> Result<Vec<(u64, String)>, KeyError>;
    /// Removes the streams ended before `ended_before` or untouched since `touched_before`.
    fn prune_streams(&self, ended_before: i64, touched_before: i64) -> Result<usize, KeyError>;
}

/// A backend: rows in, rows out.
pub(crate) trait Backend: HttpState {
    /// Stores a key (with its revocation, if any); false when its name or prefix is taken.
    fn insert(&self, record: &KeyRecord, hash: &str) -> Result<bool, KeyError>;
    /// The keys `by` names, each with its stored hash, oldest first.
    fn keys(&self, by: Lookup<'_>) -> Result<Vec<(KeyRecord, String)>, KeyError>;
    /// Marks the keys `by` names revoked at `at` (an earlier revocation stands); false when none.
    fn revoke(&self, by: Lookup<'_>, at: &str) -> Result<bool, KeyError>;
    fn set_quota(&self, by: Lookup<'_>, quota: Option<u32>) -> Result<bool, KeyError>;
    fn set_write_quota(&self, by: Lookup<'_>, quota: Option<u32>) -> Result<bool, KeyError>;
    /// Adds `spend` to `subject`'s counters of `day` if that keeps both within `limits`, in one
    /// atomic step; the counters after it, and whether it was added.
    fn charge(&self, subject: &str, day: &str, spend: Tally, limits: Tally) -> Result<(bool, Tally), KeyError>;
    fn used(&self, subject: &str, day: &str) -> Result<Tally, KeyError>;
    /// Guests' counters per day, newest first: (day, guests, calls).
    fn guest_days(&self) -> Result<Vec<(String, u32, u32)>, KeyError>;
    fn prune_usage(&self, day: &str) -> Result<usize, KeyError>;
    /// Every usage counter: (subject, day, counts).
    fn usage(&self) -> Result<Vec<(String, String, Tally)>, KeyError>;
    /// Raises a subject's counters of a day to `to` where they hold fewer (so a copy made twice
    /// counts once); whether they changed.
    fn raise_usage(&self, subject: &str, day: &str, to: Tally) -> Result<bool, KeyError>;
    /// The pepper check the store records, after recording `check` when `record` and none is:
    /// hosts whose peppers differ must not share a store, since one's hashes are another's garbage.
    fn pepper_check(&self, check: &str, record: bool) -> Result<Option<String>, KeyError>;
    /// Where the store is, for messages (never a password).
    fn describe(&self) -> String;
}
