//! The memory family (seed 000): memory_search, memory_propose, memory_timeline.
//! Agents only propose: a proposal is spooled as a `proposed` ClaimEvent at agent scope and
//! nothing here can widen it or promote it. Reads come from the local snapshot, show only rows
//! the writer marked visible, and render with attribution through the sanitizer.

use crate::attribution::render;
use crate::catalog::ToolError;
use crate::config::Ctx;
use crate::embed::{Embedder, Lexical};
use crate::guard::sanitize::{MAX_SHORT_FIELD, clean_single_line};
use crate::guard::scrub;
use crate::local::cache::check_fleet_dir;
use crate::local::spool::Spool;
use crate::snapshot::read::Unavailable;
use crate::snapshot::{Filters, Snapshot};
use crate::spec::tools::memory::*;
use crate::spec::wire::claim_event::{ClaimEvent, ClaimType, Evidence, Scope};
use chrono::{DateTime, SecondsFormat, Utc};
use std::os::unix::fs::MetadataExt;
use std::path::PathBuf;
use std::sync::Mutex;

/// Framing every read result carries: these are peers' observations, not facts.
pub const PEER_NOTE: &str = "peer observations — verify before relying on these; a claim resting on 1 independent \
session or marked CONTESTED is weaker evidence than it may read as.";

pub struct MemoryTools {
    ctx: Ctx,
    fleet_dir: PathBuf,
    snapshot_path: PathBuf,
    spool: Spool,
    embedder: Box<dyn Embedder>,
    open: Mutex<Option<(FileIdentity, Snapshot)>>,
}

/// Identifies one version of the snapshot file: `ctxlake sync` replaces it by rename, so a new
/// inode or size or mtime means a new snapshot to open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FileIdentity {
    device: u64,
    inode: u64,
    len: u64,
    modified_ns: i128,
}

enum Opened<'a> {
    Ready(&'a Snapshot),
    Unavailable(String),
}

impl MemoryTools {
    pub fn new(ctx: Ctx) -> MemoryTools {
        let fleet_dir = ctx.fleet_id.cache_dir(&ctx.cache_root);
        let snapshot_path = fleet_dir.join("snapshot.bin");
        let spool = Spool::new(&ctx.spool_root, &ctx.fleet_id);
        MemoryTools { ctx, fleet_dir, snapshot_path, spool, embedder: Box::new(Lexical), open: Mutex::new(None) }
    }

    /// Runs `f` with the current snapshot, opening (or reopening, after a sync replaced it) as needed.
    fn with_snapshot<R>(&self, f: impl FnOnce(Opened<'_>) -> R) -> R {
        let mut guard = self.open.lock().unwrap_or_else(|poisoned| {
            tracing::error!("snapshot cache lock poisoned by an earlier panic; reopening");
            let mut inner = poisoned.into_inner();
            *inner = None;
            inner
        });
        match check_fleet_dir(&self.fleet_dir) {
            Ok(true) => {}
            Ok(false) => return f(Opened::Unavailable(missing_note())),
            Err(why) => return f(Opened::Unavailable(why)),
        }
        let identity = match std::fs::metadata(&self.snapshot_path) {
            Ok(meta) => FileIdentity {
                device: meta.dev(),
                inode: meta.ino(),
                len: meta.len(),
                modified_ns: i128::from(meta.mtime()) * 1_000_000_000 + i128::from(meta.mtime_nsec()),
            },
            Err(_) => {
                *guard = None;
                return f(Opened::Unavailable(missing_note()));
            }
        };
        if guard.as_ref().is_none_or(|(known, _)| *known != identity) {
            *guard = None;
            match Snapshot::open(&self.snapshot_path) {
                Ok(snapshot) => *guard = Some((identity, snapshot)),
                Err(Unavailable::Missing) => return f(Opened::Unavailable(missing_note())),
                Err(Unavailable::Unusable(why)) => return f(Opened::Unavailable(why)),
            }
        }
        let (_, snapshot) = guard.as_ref().expect("opened above");
        f(Opened::Ready(snapshot))
    }

    fn now(&self) -> DateTime<Utc> {
        DateTime::<Utc>::from(std::time::SystemTime::now())
    }
}

impl Memory for MemoryTools {
    fn memory_search(&self, input: MemorySearchInput) -> Result<MemorySearchOutput, ToolError> {
        let k = MEMORY_SEARCH_K.rows(input.k);
        let filters = Filters {
            scope: input.scope.map(|s| s.to_string()),
            subject: input.subject.map(|s| s.to_string()),
            claim_type: input.claim_type.map(|t| t.to_string()),
        };
        Ok(self.with_snapshot(|opened| {
            let snapshot = match opened {
                Opened::Ready(snapshot) => snapshot,
                Opened::Unavailable(note) => {
                    return MemorySearchOutput { enabled: false, results: vec![], truncated: false, note };
                }
            };
            match snapshot.search(self.embedder.as_ref(), &input.query, &filters, k) {
                Ok((rows, truncated)) => MemorySearchOutput {
                    enabled: true,
                    results: rows.iter().map(render).collect(),
                    truncated,
                    note: read_note(snapshot),
                },
                Err(e) => {
                    tracing::error!(error = %e, "memory_search failed");
                    let note = format!(
                        "the local snapshot could not be searched ({e}); nothing is returned rather than a guess."
                    );
                    MemorySearchOutput { enabled: true, results: vec![], truncated: false, note }
                }
            }
        }))
    }

    fn memory_propose(&self, input: MemoryProposeInput) -> Result<MemoryProposeOutput, ToolError> {
        let claim = non_blank("claim", &input.claim)?;
        let subject = non_blank("subject", &input.subject)?;
        let claim_type: ClaimType = input
            .type_
            .to_string()
            .parse()
            .map_err(|_| ToolError::new(format!("`type` {} is not a claim type", input.type_)))?;
        let now = self.now();
        let evidence = input
            .evidence
            .iter()
            .enumerate()
            .map(|(i, item)| {
                Ok(Evidence {
                    session_id: non_blank(&format!("evidence/{i}/session_id"), &item.session_id)?
                        .try_into()
                        .map_err(|_| ToolError::blank_argument(&format!("evidence/{i}/session_id")))?,
                    message_id: non_blank(&format!("evidence/{i}/message_id"), &item.message_id)?
                        .try_into()
                        .map_err(|_| ToolError::blank_argument(&format!("evidence/{i}/message_id")))?,
                    excerpt_hash: item.excerpt_hash.as_deref().map(|h| scrub(h)).unwrap_or_default(),
                    observed_at: item.observed_at.unwrap_or(now),
                })
            })
            .collect::<Result<Vec<_>, ToolError>>()?;
        let id = ulid::Ulid::new().to_string();
        let event = ClaimEvent::Proposed {
            claim_id: id.clone().try_into().map_err(|_| ToolError::new("could not mint a claim id"))?,
            claim: claim.clone(),
            claim_type,
            subject,
            // Agents write agent scope only; nothing in the arguments can widen it.
            scope: Scope::Agent,
            observed_by: self.ctx.agent_id.clone(),
            observed_at: now,
            evidence,
            embedding: vec![],
            resolves_at: None,
        };
        self.spool.append(&event).map_err(|e| {
            tracing::warn!(error = %e, "spool append refused");
            ToolError::new(e.to_string())
        })?;
        Ok(MemoryProposeOutput {
            id,
            status: MemoryProposeOutputStatus::Candidate,
            claim,
            claim_type: claim_type.to_string(),
            evidence_count: input.evidence.len() as i64,
            note: "queued locally as a candidate (a `proposed` claim event at agent scope); only the promotion gate \
                   in `ctxlake maint` can make it visible to the fleet."
                .to_string(),
        })
    }

    fn memory_timeline(&self, input: MemoryTimelineInput) -> Result<MemoryTimelineOutput, ToolError> {
        let limit = MEMORY_TIMELINE_LIMIT.rows(input.limit);
        let since = input.since.map(|t| t.to_rfc3339_opts(SecondsFormat::Secs, true));
        Ok(self.with_snapshot(|opened| {
            let empty = |note: String| MemoryTimelineOutput {
                enabled: false,
                entries: vec![],
                truncated: false,
                note: Some(note),
            };
            let snapshot = match opened {
                Opened::Ready(snapshot) => snapshot,
                Opened::Unavailable(note) => return empty(note),
            };
            match snapshot.timeline(&input.subject, since.as_deref(), limit) {
                Ok((rows, truncated)) => MemoryTimelineOutput {
                    enabled: true,
                    entries: rows
                        .iter()
                        .map(|row| MemoryTimelineOutputEntriesItem {
                            rendered: render(row),
                            observed_by: clean_single_line(&row.observed_by, MAX_SHORT_FIELD),
                            at: clean_single_line(&row.updated_at, MAX_SHORT_FIELD),
                        })
                        .collect(),
                    truncated,
                    note: Some(read_note(snapshot)),
                },
                Err(e) => {
                    tracing::error!(error = %e, "memory_timeline failed");
                    let note =
                        format!("the local snapshot could not be read ({e}); nothing is returned rather than a guess.");
                    MemoryTimelineOutput { enabled: true, entries: vec![], truncated: false, note: Some(note) }
                }
            }
        }))
    }
}

fn missing_note() -> String {
    "no snapshot has been synced for this fleet yet (no `ctxlake maint` has published one, or `ctxlake sync` has not \
     refreshed this host); memory_propose still queues candidates."
        .to_string()
}

/// The shadow-mode note when the snapshot says agent reads are off, else the peer framing.
fn read_note(snapshot: &Snapshot) -> String {
    if snapshot.agent_reads_enabled() {
        PEER_NOTE.to_string()
    } else {
        "this fleet's snapshot is in shadow mode: claims are gated and published, but none is visible to agents yet."
            .to_string()
    }
}

fn non_blank(name: &str, text: &str) -> Result<String, ToolError> {
    let clean = scrub(text);
    if clean.is_empty() { Err(ToolError::blank_argument(name)) } else { Ok(clean) }
}
