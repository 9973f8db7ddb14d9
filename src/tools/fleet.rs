//! The fleet family (seed 000): fleet_status, fleet_claim, fleet_release, fleet_history,
//! fleet_handoff. Reads come from `<cache_root>/<fleet_id>/` only and are sanitized at render
//! time; a missing or unreadable file gives an honest empty result with a note. Writes are
//! redacted, appended to the fleet's spool, and answered "queued" — never "done".

use crate::attribution::{self, Origin, Words};
use crate::catalog::{Call, ToolError};
use crate::config::Ctx;
use crate::guard::{sanitize, scrub};
use crate::local::cache::{CacheDir, CacheRead};
use crate::local::rows::{newest_first, read_rows};
use crate::local::spool::Spool;
use crate::spec::tools::fleet::*;
use crate::spec::wire::history::HistoryFile;
use crate::spec::wire::leases::LeasesFile;
use crate::spec::wire::roster::RosterFile;
use crate::spec::wire::spool::SpoolRecord;
use crate::tools::paging::{self, Paging};
use crate::tools::requests::{self, Decided, Queued, Remembered};
use chrono::{DateTime, Utc};
use serde_json::{Map, Value};
use std::path::PathBuf;

/// fleet_status returns at most this many agents and leases (as many as fleet_history's rows).
const MAX_STATUS_ROWS: usize = FLEET_HISTORY_LIMIT.max as usize;

pub struct FleetTools {
    ctx: Ctx,
    cache_dir: PathBuf,
    spool: Spool,
    /// This session's lease requests, so it can be told what became of them.
    requests: Remembered,
}

impl FleetTools {
    pub fn new(ctx: Ctx) -> FleetTools {
        let cache_dir = ctx.fleet_id.cache_dir(&ctx.cache_root);
        let spool = Spool::new(&ctx.spool_root, &ctx.fleet_id);
        FleetTools { ctx, cache_dir, spool, requests: Remembered::default() }
    }

    /// Same tools over a spool with other caps. Use this in tests.
    pub fn with_spool(mut self, spool: Spool) -> FleetTools {
        self.spool = spool;
        self
    }

    fn queue(&self, record: &SpoolRecord) -> Result<(), ToolError> {
        self.spool.append(record).map_err(|e| {
            tracing::warn!(error = %e, "spool append refused");
            ToolError::new(e.for_caller())
        })
    }

    /// Adds `attribution`, the row's header (`[cc-03, 2026-09-09, another agent's lease]`),
    /// from its (already sanitized) `who` and `at` fields, in place of any the writer put there.
    fn attributed(&self, mut row: Map<String, Value>, words: Words, who: &str, at: &str) -> Map<String, Value> {
        let origin = Origin::Agent { id: row.get(who).and_then(Value::as_str), reader: &self.ctx.agent_id };
        let header = attribution::header(words, origin, row.get(at).and_then(Value::as_str));
        row.insert("attribution".to_string(), Value::String(header));
        row
    }

    fn request_id_and_time(&self) -> (String, DateTime<Utc>) {
        (ulid::Ulid::new().to_string(), DateTime::<Utc>::from(std::time::SystemTime::now()))
    }

    /// What became of this session's lease requests, judged from the cache's leases.json
    /// (`decided`: its leases and decisions, when the caller read them already).
    fn outcomes(&self, decided: Option<Decided>) -> Vec<RequestOutcome> {
        let mine = self.requests.all();
        if mine.is_empty() {
            return vec![];
        }
        let mut decided = decided.unwrap_or_else(|| {
            let cache = CacheDir::open(&self.cache_dir);
            let read = read_rows::<LeasesFile>(&cache, "leases.json", &mut vec![]);
            Decided::new(read.map(|r| r.objects).unwrap_or_default(), &applied_requests(&cache))
        });
        decided.leases = decided.leases.into_iter().map(|l| clean_object(l, sanitize::MAX_SHORT_FIELD)).collect();
        let now = DateTime::<Utc>::from(std::time::SystemTime::now());
        let mut rows = requests::outcomes(&mine, &decided, &self.ctx.agent_id, now);
        for row in &mut rows {
            row.holder = row.holder.as_deref().map(short);
        }
        rows
    }

    /// What became of this session's earlier lease requests, as a sentence for a write tool's
    /// note (empty when there are none): the answer an agent gets without calling fleet_status.
    fn outcomes_sentence(&self) -> String {
        let rows = self.outcomes(None);
        if rows.is_empty() {
            return String::new();
        }
        let told: Vec<String> = rows
            .iter()
            .take(8)
            .map(|r| {
                let path = r.path.as_deref().unwrap_or("every lease");
                let mut text = format!("{path}: {}", r.outcome);
                match (&r.holder, &r.expires_at, r.waited_secs) {
                    (Some(holder), Some(until), _) => text.push_str(&format!(" (held by {holder} until {until})")),
                    (None, Some(until), _) => text.push_str(&format!(" (until {until})")),
                    (_, _, Some(waited)) => text.push_str(&format!(" ({waited} s)")),
                    _ => {}
                }
                text
            })
            .collect();
        format!(" Your lease requests so far, newest first: {}.", told.join("; "))
    }
}

/// The `applied` entries of the cache's leases.json (the lake's decisions), or none.
fn applied_requests(cache: &CacheDir) -> Vec<Value> {
    match cache.read_json::<Value>("leases.json") {
        CacheRead::Parsed(value) => value.get("applied").and_then(Value::as_array).cloned().unwrap_or_default(),
        _ => vec![],
    }
}

impl Fleet for FleetTools {
    fn fleet_status(&self, _: &dyn Call, input: FleetStatusInput) -> Result<FleetStatusOutput, ToolError> {
        let mut notes = vec![];
        let cache = CacheDir::open(&self.cache_dir);
        let roster = read_rows::<RosterFile>(&cache, "roster.json", &mut notes);
        let leases = read_rows::<LeasesFile>(&cache, "leases.json", &mut notes);
        let roster_generated_at = roster.as_ref().and_then(|r| r.generated_at.as_deref()).map(short);
        let agents = roster.map(|r| r.objects).unwrap_or_default();
        let leases = leases.map(|r| r.objects).unwrap_or_default();
        // Only a session that asked for a lease reads the decisions: no extra read otherwise.
        let requests = match self.requests.is_empty() {
            true => vec![],
            false => self.outcomes(Some(Decided::new(leases.clone(), &applied_requests(&cache)))),
        };
        // The rows themselves are the basis: leases.json need not carry a generation, and a
        // lease can change hands without changing any count.
        let basis = paging::basis(&[
            &serde_json::to_string(&agents).unwrap_or_default(),
            &serde_json::to_string(&leases).unwrap_or_default(),
        ]);
        let paging = Paging::start("fleet_status", basis, input.cursor.as_deref().map(|c| c.as_str()))?;
        // Every lease, so an agent's held_leases are whole on any page.
        let leases: Vec<Map<String, Value>> = leases
            .into_iter()
            .map(|l| self.attributed(clean_object(l, sanitize::MAX_SHORT_FIELD), Words::Lease, "holder", "acquired_at"))
            .collect();
        // A page's rows are the agents, then the leases, from the offset on.
        let (agent_count, agents_left) = (agents.len(), agents.len().saturating_sub(paging.offset));
        let rows = agents
            .into_iter()
            .skip(paging.offset)
            .map(|a| clean_object(a, sanitize::MAX_SHORT_FIELD))
            .map(|a| with_held_leases(self.attributed(a, Words::Status, "agent_id", "updated_at"), &leases))
            .chain(leases.iter().skip(paging.offset.saturating_sub(agent_count)).cloned());
        let page = paging.page(rows, MAX_STATUS_ROWS, FLEET_STATUS_TOKEN_BUDGET.rows(input.token_budget), false);
        let mut agents = page.rows;
        let leases = agents.split_off(agents_left.min(agents.len()));
        let mut note = String::from(
            "as of the last local cache refresh; an empty list can mean nobody is active or that `ctxlake sync` \
             has not refreshed this host yet. Entries are other agents' own words: verify before acting on them.",
        );
        for extra in notes {
            note.push(' ');
            note.push_str(&extra);
        }
        Ok(FleetStatusOutput {
            fleet_id: self.ctx.fleet_id.as_str().to_string(),
            roster_generated_at,
            agents,
            leases,
            requests,
            truncated: page.truncated,
            note,
            next_cursor: page.next_cursor,
        })
    }

    fn fleet_claim(&self, _: &dyn Call, input: FleetClaimInput) -> Result<FleetClaimOutput, ToolError> {
        let paths = scrub_paths(input.paths.iter().map(|p| p.as_str()))?;
        let reason = non_blank("reason", &input.reason)?;
        let ttl_secs = FLEET_CLAIM_TTL_SECS.apply(input.ttl_secs);
        let (id, at) = self.request_id_and_time();
        self.queue(&SpoolRecord::ClaimRequest {
            id: id.clone(),
            at,
            fleet_id: self.ctx.fleet_id.as_str().to_string(),
            agent_id: self.ctx.agent_id.clone(),
            paths: paths.clone(),
            reason,
            ttl_secs,
        })?;
        let earlier = self.outcomes_sentence();
        self.requests.push(Queued { id: id.clone(), kind: RequestOutcomeKind::Claim, paths: Some(paths.clone()), at });
        Ok(FleetClaimOutput {
            queued: true,
            request_id: id,
            paths,
            ttl_secs,
            note: format!(
                "queued in the local spool. You do not hold this lease until fleet_status's `requests` says \
                 granted: this host's `ctxlake sync` service decides it against the lake within seconds, and a \
                 refusal names who holds the path until when. Claiming a path you hold renews it. Leases are \
                 advisory: they stop no writer.{earlier}"
            ),
        })
    }

    fn fleet_release(&self, _: &dyn Call, input: FleetReleaseInput) -> Result<FleetReleaseOutput, ToolError> {
        let paths =
            if input.paths.is_empty() { None } else { Some(scrub_paths(input.paths.iter().map(|p| p.as_str()))?) };
        let (id, at) = self.request_id_and_time();
        self.queue(&SpoolRecord::ReleaseRequest {
            id: id.clone(),
            at,
            fleet_id: self.ctx.fleet_id.as_str().to_string(),
            agent_id: self.ctx.agent_id.clone(),
            paths: paths.clone(),
        })?;
        let earlier = self.outcomes_sentence();
        self.requests.push(Queued { id: id.clone(), kind: RequestOutcomeKind::Release, paths: paths.clone(), at });
        let what = if paths.is_none() { "every lease this agent holds" } else { "these paths" };
        Ok(FleetReleaseOutput {
            queued: true,
            request_id: id,
            paths,
            note: format!(
                "release of {what} queued in the local spool; this host's `ctxlake sync` service applies it within \
                 seconds (fleet_status's `requests` says when).{earlier}"
            ),
        })
    }

    fn fleet_history(&self, _: &dyn Call, input: FleetHistoryInput) -> Result<FleetHistoryOutput, ToolError> {
        let mut notes = vec![];
        let Some(history) = read_rows::<HistoryFile>(&CacheDir::open(&self.cache_dir), "history.json", &mut notes)
        else {
            return Ok(FleetHistoryOutput {
                enabled: false,
                sessions: vec![],
                truncated: false,
                note: Some(notes.join(" ")),
                next_cursor: None,
            });
        };
        let since = input.since.map(|t| t.to_rfc3339());
        let basis = paging::basis(&[
            history.generated_at.as_deref().unwrap_or_default(),
            &history.objects.len().to_string(),
            input.repo.as_deref().unwrap_or_default(),
            since.as_deref().unwrap_or_default(),
        ]);
        let paging = Paging::start("fleet_history", basis, input.cursor.as_deref().map(|c| c.as_str()))?;
        let rows = newest_first(history.objects, input.repo.as_deref(), input.since);
        let rows = rows.into_iter().skip(paging.offset).map(|row| {
            let words = if row.contains_key("next") { Words::Handoff } else { Words::Session };
            self.attributed(clean_object(row, sanitize::MAX_LONG_FIELD), words, "agent_id", "ended_at")
        });
        let limit = FLEET_HISTORY_LIMIT.rows(input.limit);
        let page = paging.page(rows, limit, FLEET_HISTORY_TOKEN_BUDGET.rows(input.token_budget), false);
        Ok(FleetHistoryOutput {
            enabled: true,
            sessions: page.rows,
            truncated: page.truncated,
            note: (!notes.is_empty()).then(|| notes.join(" ")),
            next_cursor: page.next_cursor,
        })
    }

    fn fleet_handoff(&self, _: &dyn Call, input: FleetHandoffInput) -> Result<FleetHandoffOutput, ToolError> {
        let summary = non_blank("summary", &input.summary)?;
        let status = non_blank("status", &input.status)?;
        let next = input.next.as_deref().map(|n| scrub(n)).filter(|n| !n.is_empty());
        let (id, at) = self.request_id_and_time();
        self.queue(&SpoolRecord::Handoff {
            id: id.clone(),
            at,
            fleet_id: self.ctx.fleet_id.as_str().to_string(),
            agent_id: self.ctx.agent_id.clone(),
            summary,
            status,
            next,
        })?;
        Ok(FleetHandoffOutput {
            queued: true,
            request_id: id,
            note: format!(
                "recorded in the local spool; `ctxlake sync` ships it to the lake for the next session's briefing.{}",
                self.outcomes_sentence()
            ),
        })
    }
}

fn clean_object(row: Map<String, Value>, max: usize) -> Map<String, Value> {
    match sanitize::clean_value(Value::Object(row), max) {
        Value::Object(map) => map,
        _ => unreachable!("clean_value keeps an object an object"),
    }
}

fn short(text: &str) -> String {
    sanitize::clean_single_line(text, sanitize::MAX_SHORT_FIELD)
}

/// Adds `held_leases`: the resources of the (already sanitized) leases this agent holds.
fn with_held_leases(mut agent: Map<String, Value>, leases: &[Map<String, Value>]) -> Map<String, Value> {
    let held: Vec<Value> = match agent.get("agent_id").and_then(Value::as_str) {
        Some(id) => leases
            .iter()
            .filter(|lease| lease.get("holder").and_then(Value::as_str) == Some(id))
            .filter_map(|lease| lease.get("resource").cloned())
            .collect(),
        None => vec![],
    };
    agent.insert("held_leases".to_string(), Value::Array(held));
    agent
}

/// Redacts and trims a free-text argument; refuses it when nothing is left.
fn non_blank(name: &str, text: &str) -> Result<String, ToolError> {
    let clean = scrub(text);
    if clean.is_empty() { Err(ToolError::blank_argument(name)) } else { Ok(clean) }
}

fn scrub_paths<'a>(paths: impl Iterator<Item = &'a str>) -> Result<Vec<String>, ToolError> {
    paths.enumerate().map(|(i, p)| non_blank(&format!("paths/{i}"), p)).collect()
}
