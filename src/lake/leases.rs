//! Advisory leases: `fleet_claim` / `fleet_release` requests from the spool, applied in request
//! order to the fleet's one leases document by compare-and-swap.
//!
//! A free or expired lease, or one the requester already holds, is granted (or renewed) until
//! `now + ttl`; a lease held by another agent is not, and the request is listed under the lease's
//! `lost` with the holder visible beside it. A release without paths frees everything the agent
//! holds. Expiry is judged by the store's clock (`now`), never a host's. Every request is
//! applied once: applied ids are kept for the longest TTL, and a claim request older than its own
//! TTL when it reaches the lake is stale and grants nothing. Leases are advisory: they stop no
//! writer, and `epoch` is a hand-off counter, not a fencing token.

use crate::lake::cas::{self, CasError, Updated};
use crate::lake::layout::FleetLayout;
use crate::lake::store::Lake;
use crate::spec::wire::lake::{
    AppliedRequest, CasStamp, LakeLease, LeaseResult, LeaseResultOutcome, LeasesDocument, LostRequest,
};
use crate::spec::wire::spool::SpoolRecord;
use chrono::{DateTime, Duration, Utc};

/// Applied request ids are remembered this long: the longest TTL a claim can ask for.
const REMEMBER: Duration = Duration::seconds(86_400);
/// A lease keeps at most this many lost requests (the newest).
const MAX_LOST: usize = 10;

/// What applying a set of requests did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct LeaseReport {
    pub granted: usize,
    pub lost: usize,
    pub released: usize,
    pub stale: usize,
    pub already_applied: usize,
}

impl LeaseReport {
    /// Adds another run's counts to these.
    pub fn add(&mut self, other: &LeaseReport) {
        self.granted += other.granted;
        self.lost += other.lost;
        self.released += other.released;
        self.stale += other.stale;
        self.already_applied += other.already_applied;
    }
}

/// Applies every not yet applied claim/release request to the fleet's leases document.
pub fn apply(
    lake: &Lake,
    layout: &FleetLayout,
    writer: &str,
    requests: &[SpoolRecord],
    now: DateTime<Utc>,
) -> Result<LeaseReport, CasError> {
    let mut report = LeaseReport::default();
    cas::update::<LeasesDocument, CasError>(lake, &layout.leases(), writer, |current| {
        let mut doc = current.cloned().unwrap_or_else(|| empty(now));
        report = apply_to(&mut doc, requests, now);
        doc.generated_at = now;
        Ok(Some(doc))
    })
    .map(|_: Updated<LeasesDocument>| report)
}

fn empty(now: DateTime<Utc>) -> LeasesDocument {
    LeasesDocument {
        generated_at: now,
        leases: vec![],
        applied: vec![],
        stamp: CasStamp { writer: String::new(), epoch: 0, nonce: String::new() },
    }
}

/// The pure part: applies `requests` in (time, id) order to `doc`.
pub fn apply_to(doc: &mut LeasesDocument, requests: &[SpoolRecord], now: DateTime<Utc>) -> LeaseReport {
    let mut report = LeaseReport::default();
    for lease in doc.leases.iter_mut() {
        if lease.holder.is_some() && lease.expires_at.is_some_and(|end| end <= now) {
            lease.holder = None;
            lease.expires_at = None;
        }
    }
    doc.applied.retain(|a| a.at > now - REMEMBER);
    let mut ordered: Vec<&SpoolRecord> = requests
        .iter()
        .filter(|r| matches!(r, SpoolRecord::ClaimRequest { .. } | SpoolRecord::ReleaseRequest { .. }))
        .collect();
    ordered.sort_by_key(|r| request_order(r));
    for request in ordered {
        let (at, id) = request_order(request);
        if doc.applied.iter().any(|a| a.id == id) {
            report.already_applied += 1;
            continue;
        }
        if at <= now - REMEMBER {
            // Too old to remember as applied, so too old to apply: it could be a replay.
            report.stale += 1;
            continue;
        }
        let mut applied = AppliedRequest {
            id: id.to_string(),
            at,
            agent_id: Some(request_agent(request).to_string()),
            decided_at: Some(now),
            stale: None,
            results: vec![],
        };
        match request {
            SpoolRecord::ClaimRequest { id, at, agent_id, paths, reason, ttl_secs, .. } => {
                if *at + Duration::seconds(*ttl_secs) <= now {
                    report.stale += 1;
                    applied.stale = Some(true);
                } else {
                    for path in paths {
                        let result = claim(doc, path, agent_id, id, reason, *at, *ttl_secs, now, &mut report);
                        applied.results.push(result);
                    }
                }
            }
            SpoolRecord::ReleaseRequest { agent_id, paths, .. } => {
                for lease in doc.leases.iter_mut().filter(|l| l.holder.as_deref() == Some(agent_id.as_str())) {
                    if paths.as_ref().is_none_or(|paths| paths.contains(&lease.resource)) {
                        lease.holder = None;
                        lease.expires_at = None;
                        report.released += 1;
                        applied.results.push(result(&lease.resource, LeaseResultOutcome::Released, None, None));
                    }
                }
            }
            SpoolRecord::Handoff { .. } | SpoolRecord::Presence { .. } => {}
        }
        doc.applied.push(applied);
    }
    doc.leases.sort_by(|a, b| a.resource.cmp(&b.resource));
    report
}

#[allow(clippy::too_many_arguments)]
fn claim(
    doc: &mut LeasesDocument,
    resource: &str,
    agent: &str,
    request_id: &str,
    reason: &str,
    at: DateTime<Utc>,
    ttl_secs: i64,
    now: DateTime<Utc>,
    report: &mut LeaseReport,
) -> LeaseResult {
    let expires_at = Some(now + Duration::seconds(ttl_secs));
    let granted = result(resource, LeaseResultOutcome::Granted, None, expires_at);
    let Some(lease) = doc.leases.iter_mut().find(|l| l.resource == resource) else {
        doc.leases.push(LakeLease {
            resource: resource.to_string(),
            holder: Some(agent.to_string()),
            reason: reason.to_string(),
            acquired_at: now,
            expires_at,
            epoch: 1,
            request_id: request_id.to_string(),
            lost: vec![],
        });
        report.granted += 1;
        return granted;
    };
    match lease.holder.as_deref() {
        Some(holder) if holder != agent => {
            lease.lost.push(LostRequest { agent_id: agent.to_string(), request_id: request_id.to_string(), at });
            let excess = lease.lost.len().saturating_sub(MAX_LOST);
            lease.lost.drain(..excess);
            report.lost += 1;
            result(resource, LeaseResultOutcome::Refused, Some(holder.to_string()), lease.expires_at)
        }
        Some(_) => {
            // A renewal by the holder: same hand-off, later expiry, no gap.
            lease.expires_at = expires_at;
            lease.reason = reason.to_string();
            lease.request_id = request_id.to_string();
            report.granted += 1;
            result(resource, LeaseResultOutcome::Renewed, None, expires_at)
        }
        None => {
            *lease = LakeLease {
                resource: resource.to_string(),
                holder: Some(agent.to_string()),
                reason: reason.to_string(),
                acquired_at: now,
                expires_at,
                epoch: lease.epoch + 1,
                request_id: request_id.to_string(),
                lost: vec![],
            };
            report.granted += 1;
            granted
        }
    }
}

fn result(
    resource: &str,
    outcome: LeaseResultOutcome,
    holder: Option<String>,
    expires_at: Option<DateTime<Utc>>,
) -> LeaseResult {
    LeaseResult { resource: resource.to_string(), outcome, holder, expires_at }
}

/// The agent that made a spooled record.
pub(crate) fn request_agent(request: &SpoolRecord) -> &str {
    match request {
        SpoolRecord::ClaimRequest { agent_id, .. }
        | SpoolRecord::ReleaseRequest { agent_id, .. }
        | SpoolRecord::Handoff { agent_id, .. }
        | SpoolRecord::Presence { agent_id, .. } => agent_id,
    }
}

/// Time first: ids are ULIDs, ordered only to the millisecond, and a claim and its release
/// within one millisecond must not trade places. The id breaks ties of equal times.
pub(crate) fn request_order(request: &SpoolRecord) -> (DateTime<Utc>, String) {
    match request {
        SpoolRecord::ClaimRequest { at, .. }
        | SpoolRecord::ReleaseRequest { at, .. }
        | SpoolRecord::Handoff { at, .. }
        | SpoolRecord::Presence { at, .. } => (*at, request_id(request).to_string()),
    }
}

/// A spooled record's id (a ULID the agent's server gave it).
pub(crate) fn request_id(request: &SpoolRecord) -> &str {
    match request {
        SpoolRecord::ClaimRequest { id, .. }
        | SpoolRecord::ReleaseRequest { id, .. }
        | SpoolRecord::Handoff { id, .. }
        | SpoolRecord::Presence { id, .. } => id,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> DateTime<Utc> {
        "2026-09-10T12:00:00Z".parse().unwrap()
    }

    fn claim_request(id: &str, agent: &str, path: &str, ago_secs: i64, ttl_secs: i64) -> SpoolRecord {
        SpoolRecord::ClaimRequest {
            id: id.into(),
            at: now() - Duration::seconds(ago_secs),
            fleet_id: "f".into(),
            agent_id: agent.into(),
            paths: vec![path.into()],
            reason: "editing".into(),
            ttl_secs,
        }
    }

    fn release(id: &str, agent: &str, paths: Option<Vec<String>>) -> SpoolRecord {
        SpoolRecord::ReleaseRequest { id: id.into(), at: now(), fleet_id: "f".into(), agent_id: agent.into(), paths }
    }

    fn holder(doc: &LeasesDocument, resource: &str) -> Option<String> {
        doc.leases.iter().find(|l| l.resource == resource).and_then(|l| l.holder.clone())
    }

    #[test]
    fn the_first_request_holds_and_a_later_one_loses_and_sees_the_holder() {
        let mut doc = empty(now());
        let report = apply_to(
            &mut doc,
            &[claim_request("r2", "b", "src/x", 5, 300), claim_request("r1", "a", "src/x", 10, 300)],
            now(),
        );
        assert_eq!((report.granted, report.lost), (1, 1));
        assert_eq!(holder(&doc, "src/x").as_deref(), Some("a"));
        assert_eq!(doc.leases[0].lost[0].agent_id, "b");
    }

    #[test]
    fn requests_apply_in_time_order_even_when_their_ids_sort_the_other_way() {
        // ULIDs made in one millisecond sort at random: here the release's id sorts first, yet
        // it was made after the claim, so the lease ends free.
        let mut doc = empty(now());
        let claim = claim_request("01J0000000ZZZZ", "a", "src/x", 0, 300);
        let mut release = release("01J0000000AAAA", "a", None);
        if let SpoolRecord::ReleaseRequest { at, .. } = &mut release {
            *at = now() + Duration::microseconds(300);
        }
        let report = apply_to(&mut doc, &[release, claim], now() + Duration::seconds(1));
        assert_eq!((report.granted, report.released), (1, 1));
        assert_eq!(holder(&doc, "src/x"), None);
    }

    #[test]
    fn an_expired_lease_is_taken_by_the_next_request() {
        let mut doc = empty(now());
        apply_to(&mut doc, &[claim_request("r1", "a", "src/x", 10, 300)], now());
        let later = now() + Duration::seconds(400);
        let mut late = claim_request("r2", "b", "src/x", 0, 300);
        if let SpoolRecord::ClaimRequest { at, .. } = &mut late {
            *at = later;
        }
        apply_to(&mut doc, &[late], later);
        assert_eq!(holder(&doc, "src/x").as_deref(), Some("b"));
        assert_eq!(doc.leases[0].epoch, 2);
    }

    #[test]
    fn a_release_without_paths_frees_everything_the_agent_holds() {
        let mut doc = empty(now());
        apply_to(&mut doc, &[claim_request("r1", "a", "x", 3, 300), claim_request("r2", "a", "y", 2, 300)], now());
        apply_to(&mut doc, &[claim_request("r3", "b", "z", 1, 300)], now());
        let report = apply_to(&mut doc, &[release("r4", "a", None)], now());
        assert_eq!(report.released, 2);
        assert_eq!((holder(&doc, "x"), holder(&doc, "y"), holder(&doc, "z").as_deref()), (None, None, Some("b")));
    }

    #[test]
    fn a_request_is_applied_once_and_a_stale_one_not_at_all() {
        let mut doc = empty(now());
        let requests = [claim_request("r1", "a", "x", 10, 300), claim_request("r2", "b", "y", 600, 300)];
        let first = apply_to(&mut doc, &requests, now());
        assert_eq!((first.granted, first.stale), (1, 1));
        apply_to(&mut doc, &[release("r3", "a", None)], now());
        let again = apply_to(&mut doc, &requests, now());
        assert_eq!(again.already_applied, 2);
        assert_eq!(holder(&doc, "x"), None, "a replayed claim must not re-grant a released lease");
    }
}
