//! What became of this session's lease requests: the rows of `fleet_status`'s `requests` (and
//! of the write tools' answers). The session remembers what it queued (the newest
//! [`MAX_REMEMBERED`]); the cache's `leases.json` says what the lake decided (its `applied`
//! list, written by the decider) and who holds each path now. Judged at render time by this
//! host's clock, so a lease whose time ran out reads `expired` before any fold clears it.

use crate::spec::tools::fleet::{RequestOutcome, RequestOutcomeKind, RequestOutcomeOutcome};
use crate::spec::wire::lake::{AppliedRequest, LeaseResultOutcome};
use chrono::{DateTime, SecondsFormat, Utc};
use serde_json::{Map, Value};
use std::collections::VecDeque;
use std::sync::Mutex;

/// Requests remembered per session.
pub const MAX_REMEMBERED: usize = 32;

/// One request this session queued.
#[derive(Debug, Clone, PartialEq)]
pub struct Queued {
    pub id: String,
    pub kind: RequestOutcomeKind,
    /// `None`: a release of every lease this agent holds.
    pub paths: Option<Vec<String>>,
    pub at: DateTime<Utc>,
}

/// The session's requests, newest last.
#[derive(Debug, Default)]
pub struct Remembered(Mutex<VecDeque<Queued>>);

impl Remembered {
    pub fn push(&self, queued: Queued) {
        let mut requests = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        requests.push_back(queued);
        while requests.len() > MAX_REMEMBERED {
            requests.pop_front();
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).is_empty()
    }

    pub fn all(&self) -> Vec<Queued> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).iter().cloned().collect()
    }
}

/// The cache's view of the leases: who holds what now, and what was decided.
#[derive(Debug, Default)]
pub struct Decided {
    pub leases: Vec<Map<String, Value>>,
    pub applied: Vec<AppliedRequest>,
}

impl Decided {
    /// From the `leases` rows and the raw `applied` entries of leases.json; an entry that is
    /// not an applied request (the cache is outside input) is skipped.
    pub fn new(leases: Vec<Map<String, Value>>, applied: &[Value]) -> Decided {
        let applied = applied.iter().filter_map(|a| serde_json::from_value(a.clone()).ok()).collect();
        Decided { leases, applied }
    }

    fn lease(&self, path: &str) -> Option<&Map<String, Value>> {
        self.leases.iter().find(|l| l.get("resource").and_then(Value::as_str) == Some(path))
    }
}

/// The rows for `requests` of agent `me`, newest request first, one per (request, path).
pub fn outcomes(requests: &[Queued], decided: &Decided, me: &str, now: DateTime<Utc>) -> Vec<RequestOutcome> {
    let mut rows = vec![];
    for request in requests.iter().rev() {
        let applied = decided.applied.iter().find(|a| a.id == request.id);
        let row = |path: Option<&str>, outcome| RequestOutcome {
            request_id: request.id.clone(),
            kind: request.kind,
            path: path.map(str::to_string),
            outcome,
            holder: None,
            expires_at: None,
            queued_at: stamp(&request.at),
            waited_secs: None,
        };
        let Some(applied) = applied else {
            let mut pending = row(None, RequestOutcomeOutcome::Pending);
            pending.waited_secs = Some(u64::try_from((now - request.at).num_seconds()).unwrap_or(0));
            match &request.paths {
                Some(paths) => {
                    rows.extend(paths.iter().map(|p| RequestOutcome { path: Some(p.clone()), ..pending.clone() }))
                }
                None => rows.push(pending),
            }
            continue;
        };
        match request.kind {
            RequestOutcomeKind::Release => {
                let freed: Vec<&str> = applied.results.iter().map(|r| r.resource.as_str()).collect();
                match (&request.paths, freed.is_empty()) {
                    (None, true) => rows.push(row(None, RequestOutcomeOutcome::Released)),
                    _ => rows.extend(freed.iter().map(|p| row(Some(p), RequestOutcomeOutcome::Released))),
                }
            }
            RequestOutcomeKind::Claim if applied.stale == Some(true) => {
                let paths = request.paths.clone().unwrap_or_default();
                rows.extend(paths.iter().map(|p| row(Some(p), RequestOutcomeOutcome::Stale)));
            }
            RequestOutcomeKind::Claim => {
                for result in &applied.results {
                    let mut out = row(Some(&result.resource), RequestOutcomeOutcome::Granted);
                    judge(
                        &mut out,
                        result.outcome,
                        result.holder.as_deref(),
                        result.expires_at,
                        decided,
                        request,
                        me,
                        now,
                    );
                    rows.push(out);
                }
            }
        }
    }
    rows
}

/// A decided claim on one path, as it stands now.
#[allow(clippy::too_many_arguments)]
fn judge(
    row: &mut RequestOutcome,
    decided_as: LeaseResultOutcome,
    decided_holder: Option<&str>,
    decided_until: Option<DateTime<Utc>>,
    decided: &Decided,
    request: &Queued,
    me: &str,
    now: DateTime<Utc>,
) {
    let path = row.path.clone().unwrap_or_default();
    let lease = decided.lease(&path);
    let holder = lease.and_then(|l| l.get("holder")).and_then(Value::as_str);
    let until = lease.and_then(|l| l.get("expires_at")).and_then(Value::as_str).and_then(parse);
    let live = until.is_some_and(|until| until > now);
    match decided_as {
        LeaseResultOutcome::Refused => {
            row.outcome = RequestOutcomeOutcome::Refused;
            // The holder now, while another agent holds it; else the one the decision saw.
            match holder.filter(|h| *h != me && live) {
                Some(holder) => {
                    row.holder = Some(holder.to_string());
                    row.expires_at = until.map(|u| stamp(&u));
                }
                None => {
                    row.holder = decided_holder.map(str::to_string);
                    row.expires_at = decided_until.map(|u| stamp(&u));
                }
            }
        }
        LeaseResultOutcome::Granted | LeaseResultOutcome::Renewed | LeaseResultOutcome::Released => {
            let by_this_request = lease.and_then(|l| l.get("request_id")).and_then(Value::as_str) == Some(&request.id);
            match holder {
                Some(h) if h == me && live => {
                    row.outcome = match (decided_as, by_this_request) {
                        (LeaseResultOutcome::Granted, true) => RequestOutcomeOutcome::Granted,
                        _ => RequestOutcomeOutcome::Renewed,
                    };
                    row.expires_at = until.map(|u| stamp(&u));
                }
                Some(h) if h == me => {
                    row.outcome = RequestOutcomeOutcome::Expired;
                    row.expires_at = until.map(|u| stamp(&u));
                }
                Some(other) if live => {
                    row.outcome = RequestOutcomeOutcome::Taken;
                    row.holder = Some(other.to_string());
                    row.expires_at = until.map(|u| stamp(&u));
                }
                _ => {
                    // Free now (or held by another whose time ran out too): released by this
                    // agent, or its time ran out.
                    let released = decided.applied.iter().any(|a| {
                        a.at > request.at
                            && a.agent_id.as_deref() == Some(me)
                            && a.results.iter().any(|r| r.resource == path && r.outcome == LeaseResultOutcome::Released)
                    });
                    row.outcome =
                        if released { RequestOutcomeOutcome::Released } else { RequestOutcomeOutcome::Expired };
                    if !released {
                        row.expires_at = decided_until.map(|u| stamp(&u));
                    }
                }
            }
        }
    }
}

fn parse(text: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(text).ok().map(|t| t.with_timezone(&Utc))
}

fn stamp(at: &DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lake::leases::apply_to;
    use crate::spec::wire::lake::{CasStamp, LeasesDocument};
    use crate::spec::wire::spool::SpoolRecord;
    use chrono::Duration;

    fn t0() -> DateTime<Utc> {
        "2026-12-03T12:00:00Z".parse().expect("a time")
    }

    fn claim(id: &str, agent: &str, path: &str, at: DateTime<Utc>) -> SpoolRecord {
        SpoolRecord::ClaimRequest {
            id: id.into(),
            at,
            fleet_id: "f".into(),
            agent_id: agent.into(),
            paths: vec![path.into()],
            reason: "editing".into(),
            ttl_secs: 300,
        }
    }

    fn release(id: &str, agent: &str, at: DateTime<Utc>) -> SpoolRecord {
        SpoolRecord::ReleaseRequest { id: id.into(), at, fleet_id: "f".into(), agent_id: agent.into(), paths: None }
    }

    fn queued(id: &str, kind: RequestOutcomeKind, path: Option<&str>, at: DateTime<Utc>) -> Queued {
        Queued { id: id.into(), kind, paths: path.map(|p| vec![p.to_string()]), at }
    }

    /// The cache as the mirror renders a leases document decided at the given times.
    fn decided(steps: &[(&[SpoolRecord], DateTime<Utc>)]) -> Decided {
        let mut doc = LeasesDocument {
            generated_at: t0(),
            leases: vec![],
            applied: vec![],
            stamp: CasStamp { writer: String::new(), epoch: 0, nonce: String::new() },
        };
        for (requests, now) in steps {
            apply_to(&mut doc, requests, *now);
        }
        let leases = doc
            .leases
            .iter()
            .map(|l| match serde_json::to_value(l).expect("serializes") {
                Value::Object(map) => map,
                _ => unreachable!(),
            })
            .collect();
        let applied: Vec<Value> = doc.applied.iter().map(|a| serde_json::to_value(a).expect("serializes")).collect();
        Decided::new(leases, &applied)
    }

    fn only(rows: Vec<RequestOutcome>) -> RequestOutcome {
        assert_eq!(rows.len(), 1, "{rows:?}");
        rows.into_iter().next().expect("one row")
    }

    #[test]
    fn a_request_not_yet_in_the_cache_is_pending_with_its_wait() {
        let mine = [queued("r1", RequestOutcomeKind::Claim, Some("src/x"), t0())];
        let row = only(outcomes(&mine, &Decided::default(), "a", t0() + Duration::seconds(4)));
        assert_eq!(
            (row.outcome, row.waited_secs, row.path.as_deref()),
            (RequestOutcomeOutcome::Pending, Some(4), Some("src/x"))
        );
    }

    #[test]
    fn a_granted_claim_says_until_when_and_a_refused_one_names_the_holder_and_its_expiry() {
        let cache = decided(&[(&[claim("r1", "a", "src/x", t0()), claim("r2", "b", "src/x", t0())], t0())]);
        let now = t0() + Duration::seconds(10);
        let a = only(outcomes(&[queued("r1", RequestOutcomeKind::Claim, Some("src/x"), t0())], &cache, "a", now));
        assert_eq!(
            (a.outcome, a.expires_at.as_deref()),
            (RequestOutcomeOutcome::Granted, Some("2026-12-03T12:05:00Z"))
        );
        let b = only(outcomes(&[queued("r2", RequestOutcomeKind::Claim, Some("src/x"), t0())], &cache, "b", now));
        assert_eq!(
            (b.outcome, b.holder.as_deref(), b.expires_at.as_deref()),
            (RequestOutcomeOutcome::Refused, Some("a"), Some("2026-12-03T12:05:00Z"))
        );
    }

    #[test]
    fn claiming_a_held_path_again_renews_it_without_a_gap() {
        let later = t0() + Duration::seconds(60);
        let cache =
            decided(&[(&[claim("r1", "a", "src/x", t0())], t0()), (&[claim("r2", "a", "src/x", later)], later)]);
        let mine = [
            queued("r1", RequestOutcomeKind::Claim, Some("src/x"), t0()),
            queued("r2", RequestOutcomeKind::Claim, Some("src/x"), later),
        ];
        let rows = outcomes(&mine, &cache, "a", later);
        assert_eq!(rows[0].outcome, RequestOutcomeOutcome::Renewed);
        assert_eq!(rows[0].expires_at.as_deref(), Some("2026-12-03T12:06:00Z"));
        assert_eq!(rows[1].outcome, RequestOutcomeOutcome::Renewed, "the first grant now lives on as the renewal");
    }

    #[test]
    fn a_lease_whose_time_ran_out_reads_expired_and_one_taken_after_names_the_taker() {
        let cache = decided(&[(&[claim("r1", "a", "src/x", t0())], t0())]);
        let mine = [queued("r1", RequestOutcomeKind::Claim, Some("src/x"), t0())];
        let row = only(outcomes(&mine, &cache, "a", t0() + Duration::seconds(301)));
        assert_eq!(
            (row.outcome, row.expires_at.as_deref()),
            (RequestOutcomeOutcome::Expired, Some("2026-12-03T12:05:00Z"))
        );
        let later = t0() + Duration::seconds(400);
        let cache =
            decided(&[(&[claim("r1", "a", "src/x", t0())], t0()), (&[claim("r9", "b", "src/x", later)], later)]);
        let row = only(outcomes(&mine, &cache, "a", later));
        assert_eq!((row.outcome, row.holder.as_deref()), (RequestOutcomeOutcome::Taken, Some("b")));
    }

    #[test]
    fn a_release_frees_and_the_claim_before_it_reads_released() {
        let later = t0() + Duration::seconds(30);
        let cache = decided(&[(&[claim("r1", "a", "src/x", t0())], t0()), (&[release("r2", "a", later)], later)]);
        let mine = [
            queued("r1", RequestOutcomeKind::Claim, Some("src/x"), t0()),
            queued("r2", RequestOutcomeKind::Release, None, later),
        ];
        let rows = outcomes(&mine, &cache, "a", later);
        assert_eq!(
            (rows[0].kind, rows[0].outcome, rows[0].path.as_deref()),
            (RequestOutcomeKind::Release, RequestOutcomeOutcome::Released, Some("src/x"))
        );
        assert_eq!(rows[1].outcome, RequestOutcomeOutcome::Released);
    }

    #[test]
    fn a_claim_older_than_its_ttl_when_decided_is_stale() {
        let cache = decided(&[(&[claim("r1", "a", "src/x", t0())], t0() + Duration::seconds(301))]);
        let row = only(outcomes(&[queued("r1", RequestOutcomeKind::Claim, Some("src/x"), t0())], &cache, "a", t0()));
        assert_eq!(row.outcome, RequestOutcomeOutcome::Stale);
    }
}
