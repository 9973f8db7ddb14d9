//! Legacy-era HTTP sessions (`ctxlake serve --sessions`): the `Session` an `initialize`
//! created, under a random `Mcp-Session-Id`, owned by the principal that created it. Bounded:
//! past the cap, sessions idle longest are dropped first.

use crate::rpc::Session;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A session not used for this long is dropped when room is needed.
pub const IDLE: Duration = Duration::from_secs(3600);

struct Entry {
    session: Session,
    owner: String,
    used: Instant,
}

pub struct Sessions {
    cap: usize,
    map: Mutex<HashMap<String, Entry>>,
}

impl Sessions {
    pub fn new(cap: usize) -> Sessions {
        Sessions { cap: cap.max(1), map: Mutex::new(HashMap::new()) }
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Entry>> {
        self.map.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A copy of the session `id`, if it exists and belongs to `owner`.
    pub fn get(&self, id: &str, owner: &str) -> Option<Session> {
        let mut map = self.map();
        let entry = map.get_mut(id).filter(|e| e.owner == owner)?;
        entry.used = Instant::now();
        Some(entry.session.clone())
    }

    /// Stores `session` under `id` (after a request on it changed it).
    pub fn put(&self, id: &str, owner: &str, session: Session) {
        let mut map = self.map();
        if !map.contains_key(id) && map.len() >= self.cap {
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
    }

    /// Changes the session `id` of `owner` in place, under the lock (`change` must be quick);
    /// false when there is none.
    pub fn update(&self, id: &str, owner: &str, change: impl FnOnce(&mut Session)) -> bool {
        let mut map = self.map();
        let Some(entry) = map.get_mut(id).filter(|e| e.owner == owner) else { return false };
        change(&mut entry.session);
        true
    }

    /// Ends the session `id` of `owner`; false when there is none.
    pub fn remove(&self, id: &str, owner: &str) -> bool {
        let mut map = self.map();
        if map.get(id).is_some_and(|e| e.owner == owner) {
            map.remove(id);
            return true;
        }
        false
    }

    pub fn exists(&self, id: &str, owner: &str) -> bool {
        self.map().get(id).is_some_and(|e| e.owner == owner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_belongs_to_its_owner_and_the_map_stays_bounded() {
        let sessions = Sessions::new(2);
        sessions.put("a", "key:1", Session::new());
        assert!(sessions.get("a", "key:1").is_some());
        assert!(sessions.get("a", "key:2").is_none(), "another principal cannot use it");
        assert!(!sessions.remove("a", "key:2"));
        sessions.put("b", "key:1", Session::new());
        sessions.put("c", "key:1", Session::new());
        assert!(!sessions.exists("a", "key:1"), "the least recently used one made room");
        assert!(sessions.exists("c", "key:1"));
        assert!(sessions.remove("c", "key:1"));
        assert!(!sessions.exists("c", "key:1"));
    }
}
