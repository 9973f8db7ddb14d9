//! Legacy-era HTTP sessions (`ctxlake serve --sessions`): the `Session` an `initialize`
//! created, under a random `Mcp-Session-Id`, owned by the principal that created it. Bounded:
//! past the cap, sessions idle longest are dropped first.
//!
//! Kept in this process when the server has no state store, else in the store (`Shared`), so
//! a session created on one host continues on any host sharing it: its revision, client, log
//! level and subscriptions (`schemas/wire/http_session.json`). A store-kept session is written
//! only when a request changed it, and its last use at most once a `TOUCH_EVERY`.
//! Cancellations stay with the host that runs the request they cancel.

use crate::keys::{KeyError, KeyStore, SessionRow};
use crate::rpc::{Cancellations, HttpSession, Session};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A session not used for this long is dropped when room is needed.
pub const IDLE: Duration = Duration::from_secs(3600);
/// How stale a store-kept session's time of last use may get before a request renews it.
pub const TOUCH_EVERY: Duration = Duration::from_secs(60);

pub struct Sessions {
    cap: usize,
    kept: Kept,
}

enum Kept {
    Memory(Mutex<HashMap<String, Entry>>),
    Shared { store: Arc<KeyStore>, live: Mutex<HashMap<String, Live>> },
}

struct Entry {
    session: Session,
    owner: String,
    used: Instant,
}

/// What this host keeps of a store-kept session besides the store: the cancellations its
/// requests here share (they reach only requests this host runs). Not authoritative: the
/// store is.
struct Live {
    cancellations: Cancellations,
}

/// The state a request found its session in: a request writes back only what it changed, onto
/// the session as it is by then (`merge`), so it never undoes another request's change.
pub struct Found {
    record: HttpSession,
    /// The stored text it was read from (the store's compare-and-swap); `None` in memory.
    text: Option<String>,
}

/// Compare-and-swap rounds a change is tried in before it is reported lost.
const ROUNDS: usize = 4;

/// The state store failed: the request cannot be served (503), and nothing was changed.
#[derive(Debug, thiserror::Error)]
#[error("the session store is unavailable: {0}")]
pub struct Unavailable(#[from] KeyError);

impl Sessions {
    /// Sessions kept in this process.
    pub fn new(cap: usize) -> Sessions {
        Sessions { cap: cap.max(1), kept: Kept::Memory(Mutex::new(HashMap::new())) }
    }

    /// Sessions kept in `store`, for every host sharing it.
    pub fn shared(cap: usize, store: Arc<KeyStore>) -> Sessions {
        Sessions { cap: cap.max(1), kept: Kept::Shared { store, live: Mutex::new(HashMap::new()) } }
    }

    /// A copy of the session `id`, if it exists and belongs to `owner`, and the state it was
    /// found in.
    pub fn get(&self, id: &str, owner: &str) -> Result<Option<(Session, Found)>, Unavailable> {
        match &self.kept {
            Kept::Memory(map) => {
                let mut map = lock(map);
                let Some(entry) = map.get_mut(id).filter(|e| e.owner == owner) else { return Ok(None) };
                entry.used = Instant::now();
                let found = Found { record: entry.session.record(), text: None };
                Ok(Some((entry.session.clone(), found)))
            }
            Kept::Shared { store, live } => {
                let Some(row) = store.http_state().session(id)? else {
                    lock(live).remove(id);
                    return Ok(None);
                };
                if row.owner != owner {
                    return Ok(None);
                }
                let now = unix_now();
                if now - row.touched >= TOUCH_EVERY.as_secs() as i64 {
                    store.http_state().touch_session(id, now)?;
                }
                // A state this build cannot read is the state of no session (a damaged row):
                // the client initializes again.
                let Ok(record) = serde_json::from_str::<HttpSession>(&row.state) else {
                    tracing::warn!("a stored HTTP session's state is unreadable; treating it as ended");
                    return Ok(None);
                };
                let cancellations = {
                    let mut live = lock(live);
                    if live.len() >= self.cap && !live.contains_key(id) {
                        // Only cancellations of requests running now are lost: they are rare.
                        live.clear();
                    }
                    let entry =
                        live.entry(id.to_string()).or_insert_with(|| Live { cancellations: Cancellations::default() });
                    entry.cancellations.clone()
                };
                let session = Session::from_record(record, cancellations);
                // Compared as this build reads it: what it drops is no change of this request.
                let found = Found { record: session.record(), text: Some(row.state) };
                Ok(Some((session, found)))
            }
        }
    }

    /// Stores the session `initialize` made under a new `id`, making room first.
    pub fn create(&self, id: &str, owner: &str, session: Session) -> Result<(), Unavailable> {
        match &self.kept {
            Kept::Memory(map) => {
                let mut map = lock(map);
                if map.len() >= self.cap {
                    let stale: Vec<String> =
                        map.iter().filter(|(_, e)| e.used.elapsed() > IDLE).map(|(k, _)| k.clone()).collect();
                    for key in stale {
                        map.remove(&key);
                    }
                    if map.len() >= self.cap
                        && let Some(oldest) = map.iter().min_by_key(|(_, e)| e.used).map(|(k, _)| k.clone())
                    {
                        map.remove(&oldest);
                    }
                }
                map.insert(id.to_string(), Entry { session, owner: owner.to_string(), used: Instant::now() });
                Ok(())
            }
            Kept::Shared { store, live } => {
                let now = unix_now();
                store.http_state().evict_sessions(now - IDLE.as_secs() as i64, self.cap)?;
                let state = serde_json::to_string(&session.record()).expect("a session record serializes");
                let row = SessionRow { owner: owner.to_string(), state, touched: now };
                if !store.http_state().create_session(id, &row)? {
                    // 128 random bits met an id in use: not to be papered over.
                    return Err(Unavailable(KeyError::State("a new session id was already in use".into())));
                }
                let cancellations = session.cancellations().clone();
                lock(live).insert(id.to_string(), Live { cancellations });
                Ok(())
            }
        }
    }

    /// Stores what a request on the session `id` changed since it was `found`, onto the session
    /// as it is by then; a session that ended meanwhile stays ended.
    pub fn put(&self, id: &str, owner: &str, session: Session, found: &Found) -> Result<(), Unavailable> {
        let mine = session.record();
        if mine == found.record {
            return Ok(());
        }
        match &self.kept {
            Kept::Memory(map) => {
                if let Some(entry) = lock(map).get_mut(id).filter(|e| e.owner == owner) {
                    let merged = merge(&found.record, &mine, &entry.session.record());
                    let cancellations = entry.session.cancellations().clone();
                    entry.session = Session::from_record(merged, cancellations);
                    entry.used = Instant::now();
                }
                Ok(())
            }
            Kept::Shared { store, .. } => {
                let state = store.http_state();
                let (mut record, mut expected) = (mine.clone(), found.text.clone().unwrap_or_default());
                for _ in 0..ROUNDS {
                    let text = serde_json::to_string(&record).expect("a session record serializes");
                    let row = SessionRow { owner: owner.to_string(), state: text, touched: unix_now() };
                    if state.update_session(id, &row, &expected)? {
                        return Ok(());
                    }
                    // Changed meanwhile (by another request, here or on another host), or ended.
                    let Some(now) = state.session(id)?.filter(|row| row.owner == owner) else { return Ok(()) };
                    let current = serde_json::from_str::<HttpSession>(&now.state)
                        .map(|current| Session::from_record(current, Cancellations::default()).record())
                        .unwrap_or_default();
                    record = merge(&found.record, &mine, &current);
                    expected = now.state;
                }
                Err(Unavailable(KeyError::State(format!(
                    "a session changed {ROUNDS} times while a request wrote to it"
                ))))
            }
        }
    }

    /// Ends the session `id` of `owner`; false when there is none.
    pub fn remove(&self, id: &str, owner: &str) -> Result<bool, Unavailable> {
        match &self.kept {
            Kept::Memory(map) => {
                let mut map = lock(map);
                if map.get(id).is_some_and(|e| e.owner == owner) {
                    map.remove(id);
                    return Ok(true);
                }
                Ok(false)
            }
            Kept::Shared { store, live } => {
                let removed = store.http_state().remove_session(id, owner)?;
                if removed {
                    lock(live).remove(id);
                }
                Ok(removed)
            }
        }
    }
}

/// `current` with what `mine` changed since `found`: its revision, client and log level where
/// it set them, the subscriptions it added and removed, and the digests it read anew of those
/// still subscribed (a watcher's reads never bring back a subscription another request ended).
fn merge(found: &HttpSession, mine: &HttpSession, current: &HttpSession) -> HttpSession {
    let mut merged = current.clone();
    if mine.revision != found.revision {
        merged.revision = mine.revision.clone();
    }
    if mine.client != found.client {
        merged.client = mine.client.clone();
    }
    if mine.log_level != found.log_level {
        merged.log_level = mine.log_level.clone();
    }
    for (uri, digest) in &mine.subscriptions {
        match found.subscriptions.get(uri) {
            None => {
                merged.subscriptions.insert(uri.clone(), *digest);
            }
            Some(before) if before != digest => {
                if let Some(kept) = merged.subscriptions.get_mut(uri) {
                    *kept = *digest;
                }
            }
            Some(_) => {}
        }
    }
    for uri in found.subscriptions.keys().filter(|uri| !mine.subscriptions.contains_key(*uri)) {
        merged.subscriptions.remove(uri);
    }
    merged
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Seconds since the Unix epoch, the store's clock for sessions and streams.
pub fn unix_now() -> i64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    i64::try_from(since.as_secs()).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sessions in memory and in a store (in a folder removed when the first is dropped).
    fn both() -> (tempfile::TempDir, Vec<(&'static str, Sessions)>) {
        let dir = tempfile::tempdir().unwrap();
        let pepper = crate::keys::Pepper::from_value("a pepper of sixteen bytes or more").unwrap();
        let store = Arc::new(KeyStore::open(&dir.path().join("state.sqlite"), pepper).unwrap());
        (dir, vec![("memory", Sessions::new(2)), ("store", Sessions::shared(2, store))])
    }

    #[test]
    fn a_session_belongs_to_its_owner_and_the_sessions_stay_bounded() {
        let (_dir, kinds) = both();
        for (kind, sessions) in kinds {
            let new = || Session::new().with_updates().kept();
            sessions.create("a", "key:1", new()).unwrap();
            assert!(sessions.get("a", "key:1").unwrap().is_some(), "{kind}");
            assert!(sessions.get("a", "key:2").unwrap().is_none(), "{kind}: another principal cannot use it");
            assert!(!sessions.remove("a", "key:2").unwrap(), "{kind}");
            sessions.create("b", "key:1", new()).unwrap();
            sessions.create("c", "key:1", new()).unwrap();
            let left = ["a", "b", "c"].iter().filter(|id| sessions.get(id, "key:1").unwrap().is_some()).count();
            assert_eq!(left, 2, "{kind}: one made room");
            assert!(sessions.get("c", "key:1").unwrap().is_some(), "{kind}: the newest is kept");
            assert!(sessions.remove("c", "key:1").unwrap(), "{kind}");
            assert!(sessions.get("c", "key:1").unwrap().is_none(), "{kind}");
        }
    }

    #[test]
    fn a_stored_session_keeps_a_change_for_another_host_and_a_request_that_changed_nothing_undoes_none() {
        let dir = tempfile::tempdir().unwrap();
        let pepper = || crate::keys::Pepper::from_value("a pepper of sixteen bytes or more").unwrap();
        let path = dir.path().join("state.sqlite");
        let open = || Arc::new(KeyStore::open(&path, pepper()).unwrap());
        let (here, there) = (Sessions::shared(8, open()), Sessions::shared(8, open()));
        here.create("s", "key:1", Session::new().with_updates().kept()).unwrap();
        // A long request here finds the session, then another host changes its level.
        let (long, found_long) = here.get("s", "key:1").unwrap().unwrap();
        let (mut quick, found_quick) = there.get("s", "key:1").unwrap().expect("the other host finds it");
        quick.log_level = Some("error".into());
        there.put("s", "key:1", quick, &found_quick).unwrap();
        // The long request ends, having changed nothing: the level stands.
        here.put("s", "key:1", long, &found_long).unwrap();
        let (seen, _) = here.get("s", "key:1").unwrap().unwrap();
        assert_eq!(seen.log_level.as_deref(), Some("error"));
        assert!(seen.keeps_log_level(), "a stored session is kept");
        // Two hosts subscribe at once, each from the same state: both subscriptions stand, and a
        // watcher's read of one never brings back a subscription removed meanwhile.
        let (mut a, found_a) = here.get("s", "key:1").unwrap().unwrap();
        let (mut b, found_b) = there.get("s", "key:1").unwrap().unwrap();
        a.subscriptions().unwrap().insert("ctxlake://a".into(), 1);
        b.subscriptions().unwrap().insert("ctxlake://b".into(), 2);
        here.put("s", "key:1", a, &found_a).unwrap();
        there.put("s", "key:1", b, &found_b).unwrap();
        let (both, found_both) = here.get("s", "key:1").unwrap().unwrap();
        assert_eq!(both.record().subscriptions.len(), 2, "{:?}", both.record());
        let mut watcher = both.clone();
        watcher.subscriptions().unwrap().insert("ctxlake://a".into(), 7);
        let (mut unsubscribe, found_un) = there.get("s", "key:1").unwrap().unwrap();
        unsubscribe.subscriptions().unwrap().remove("ctxlake://a");
        there.put("s", "key:1", unsubscribe, &found_un).unwrap();
        here.put("s", "key:1", watcher, &found_both).unwrap();
        let (after, _) = here.get("s", "key:1").unwrap().unwrap();
        assert_eq!(after.record().subscriptions.keys().collect::<Vec<_>>(), ["ctxlake://b"]);
        assert_eq!(after.log_level.as_deref(), Some("error"), "and the level still stands");
        // Another principal reaches nothing, and cannot take the id over.
        assert!(there.get("s", "key:2").unwrap().is_none());
        assert!(there.create("s", "key:2", Session::new()).is_err(), "the id is taken");
        // Ended on one host, it stays ended: a change found before the end brings nothing back.
        let (late, found_late) = here.get("s", "key:1").unwrap().unwrap();
        assert!(there.remove("s", "key:1").unwrap());
        let mut late = late;
        late.log_level = Some("debug".into());
        here.put("s", "key:1", late, &found_late).unwrap();
        assert!(here.get("s", "key:1").unwrap().is_none(), "ended on every host");
    }
}
