//! Console sessions: an owner signs in once (with an owner key, or as the operator on a
//! loopback-only server) and gets a random session token in a cookie (HttpOnly, SameSite=Strict,
//! Secure unless the server binds loopback, Path=/console) and a CSRF token that every
//! state-changing form carries. Sessions live in this process's memory: a restart signs every
//! owner out, and a console behind a load balancer needs sticky sessions (docs/console.md).

use crate::keys::store::KeyRecord;
use crate::keys::{KeyError, hex, random_bytes};
use crate::lake::layout::sha256_hex;
use crate::local::paths::FleetId;
use axum::http::{HeaderMap, header};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The cookie's name.
pub const COOKIE: &str = "ctxlake_console";

/// A session ends after this long without a request.
pub const IDLE: Duration = Duration::from_secs(12 * 3600);

/// Sessions held at once; past it the one idle longest is ended.
const CAP: usize = 1024;

/// Who is signed in, and to what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// The owner's name as decisions record it (`human:<name>`): the key's name, or the operator.
    pub owner: String,
    /// The owner key's prefix, looked up again on every request (a revoked key ends its
    /// sessions); `None` for the operator of a loopback-only server.
    pub key_prefix: Option<String>,
    /// The fleets the owner may see and decide for, in the order the key lists them.
    pub fleets: Vec<FleetId>,
    pub csrf: String,
}

#[derive(Default)]
pub struct Sessions {
    /// By the sha256 of the token, so a lookup's timing says nothing of the token itself.
    held: Mutex<HashMap<String, (Session, Instant)>>,
}

impl Sessions {
    /// Opens a session; returns the token for the cookie (it is stored nowhere else).
    pub fn open(
        &self,
        owner: String,
        key_prefix: Option<String>,
        fleets: Vec<FleetId>,
    ) -> Result<(String, Session), KeyError> {
        let token = hex(&random_bytes::<32>()?);
        let session = Session { owner, key_prefix, fleets, csrf: hex(&random_bytes::<32>()?) };
        let mut held = self.lock();
        held.retain(|_, (_, seen)| seen.elapsed() < IDLE);
        if held.len() >= CAP
            && let Some(oldest) = held.iter().min_by_key(|(_, (_, seen))| *seen).map(|(k, _)| k.clone())
        {
            held.remove(&oldest);
        }
        held.insert(sha256_hex(token.as_bytes()), (session.clone(), Instant::now()));
        Ok((token, session))
    }

    /// The session of `token`, if it is open and was used within [`IDLE`]; marks it used.
    pub fn get(&self, token: &str) -> Option<Session> {
        let mut held = self.lock();
        let id = sha256_hex(token.as_bytes());
        match held.get_mut(&id) {
            Some((session, seen)) if seen.elapsed() < IDLE => {
                *seen = Instant::now();
                Some(session.clone())
            }
            Some(_) => {
                held.remove(&id);
                None
            }
            None => None,
        }
    }

    pub fn close(&self, token: &str) {
        self.lock().remove(&sha256_hex(token.as_bytes()));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, (Session, Instant)>> {
        // A panic while holding the lock leaves the map whole (every change is one call).
        self.held.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The session token the request's `Cookie` headers carry, if any.
pub fn token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(cookie::Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|c| c.name() == COOKIE)
        .map(|c| c.value().to_string())
}

/// The `Set-Cookie` value that hands a browser its session: a session cookie (no Max-Age), so
/// the browser keeps it until it closes and the server ends it after [`IDLE`] without a request.
pub fn set_cookie(token: &str, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE}={token}; Path=/console; HttpOnly; SameSite=Strict{secure}")
}

/// The `Set-Cookie` value that ends it in the browser.
pub fn clear_cookie(secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE}=; Path=/console; HttpOnly; SameSite=Strict; Max-Age=0{secure}")
}

/// Whether a form's CSRF token is the session's, compared in constant time.
pub fn csrf_matches(session: &Session, given: &str) -> bool {
    let (a, b) = (session.csrf.as_bytes(), given.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Whether an owner sees `key`: it names fleets, and only fleets the owner's session holds (a
/// key of no fleet belongs to the knowledge base's operator, `ctxlake keys`).
pub fn manages(session: &Session, key: &KeyRecord) -> bool {
    !key.fleets.is_empty() && key.fleets.iter().all(|f| session.fleets.iter().any(|own| own.as_str() == f))
}

/// Whether an owner may revoke `key`: a fleet key it sees, or its own key; another owner's key
/// only with `ctxlake keys revoke` (one owner must not lock the others out).
pub fn may_revoke(session: &Session, key: &KeyRecord) -> bool {
    manages(session, key) && (!key.owner || session.key_prefix.as_deref() == Some(key.prefix.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fleets() -> Vec<FleetId> {
        vec![FleetId::new("web").unwrap()]
    }

    #[test]
    fn a_session_is_found_by_its_token_only_until_closed() {
        let sessions = Sessions::default();
        let (token, session) = sessions.open("ana".into(), Some("p".into()), fleets()).unwrap();
        assert_eq!(sessions.get(&token), Some(session.clone()));
        assert_eq!(sessions.get(&format!("{token}0")), None);
        assert!(csrf_matches(&session, &session.csrf));
        assert!(!csrf_matches(&session, ""));
        assert!(!csrf_matches(&session, &token), "the session token is not the CSRF token");
        sessions.close(&token);
        assert_eq!(sessions.get(&token), None);
    }

    #[test]
    fn the_cookie_is_read_among_others_and_set_http_only_strict() {
        let mut headers = HeaderMap::new();
        headers.append(header::COOKIE, "a=1; ctxlake_console=abc; b=2".parse().unwrap());
        assert_eq!(token(&headers).as_deref(), Some("abc"));
        assert_eq!(token(&HeaderMap::new()), None);
        let set = set_cookie("abc", true);
        for part in ["HttpOnly", "SameSite=Strict", "Secure", "Path=/console"] {
            assert!(set.contains(part), "{set}");
        }
        assert!(!set_cookie("abc", false).contains("Secure"));
    }
}
