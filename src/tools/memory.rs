//! The memory family (seed 000): memory_search, memory_propose, memory_timeline.
//! Agents only propose: a proposal is spooled as a `proposed` ClaimEvent at agent scope and
//! nothing here can widen it or promote it. Reads come from the local snapshot, show only rows
//! the writer marked visible, and render with attribution through the sanitizer. Every search
//! result says how it was ranked (`retrieval`): the static model, the lexical hash, or keywords.

use crate::attribution::render;
use crate::catalog::{Call, ToolError};
use crate::config::Ctx;
use crate::embed::{Embedder, LEXICAL_MODEL, STATIC_MODEL, TRANSFORMER_I8_MODEL, TRANSFORMER_MODEL};
use crate::guard::sanitize::{MAX_SHORT_FIELD, clean_single_line};
use crate::guard::scrub;
use crate::local::cache::CacheDir;
use crate::local::spool::Spool;
use crate::snapshot::read::{SharedVectors, Unavailable};
use crate::snapshot::{Filters, Snapshot, restate};
use crate::spec::tools::memory::*;
use crate::spec::wire::claim_event::{ClaimEvent, ClaimType, Evidence, Scope};
use crate::tools::paging::{self, Paging};
use chrono::{DateTime, SecondsFormat, Utc};
use std::os::unix::fs::MetadataExt;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};

/// Framing every read result carries: these are peers' observations, not facts.
pub const PEER_NOTE: &str = "peer observations — verify before relying on these; a claim resting on 1 independent \
session or marked CONTESTED is weaker evidence than it may read as.";

pub struct MemoryTools {
    ctx: Ctx,
    fleet_dir: PathBuf,
    snapshot_path: PathBuf,
    spool: Spool,
    /// The snapshot file's current version, opened; replaced when `ctxlake sync` replaces the file.
    current: Mutex<Option<Arc<Handles>>>,
}

/// The open handles on one version of the snapshot file. A search takes an idle handle (or
/// opens one more) and runs without any lock held, so searches run side by side, one SQLite
/// connection each, sharing one vector index. Idle handles are as many as searches once ran
/// at once (the callers are bounded: one on stdio, the blocking pool's size over HTTP).
struct Handles {
    identity: FileIdentity,
    /// The first handle's generation: a handle opened later shares the vectors only if it
    /// opened the same snapshot (a sync may have replaced the file in between).
    generation: String,
    vectors: SharedVectors,
    idle: Mutex<Vec<Snapshot>>,
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

pub(crate) enum Opened<'a> {
    Ready(&'a Snapshot),
    Unavailable(String),
}

impl MemoryTools {
    pub fn new(ctx: Ctx) -> MemoryTools {
        let fleet_dir = ctx.fleet_id.cache_dir(&ctx.cache_root);
        let snapshot_path = fleet_dir.join("snapshot.bin");
        let spool = Spool::new(&ctx.spool_root, &ctx.fleet_id);
        MemoryTools { ctx, fleet_dir, snapshot_path, spool, current: Mutex::new(None) }
    }

    /// Runs `f` with the current snapshot, opening (or reopening, after a sync replaced it) as
    /// needed. No lock is held while `f` runs.
    pub(crate) fn with_snapshot<R>(&self, f: impl FnOnce(Opened<'_>) -> R) -> R {
        match CacheDir::open(&self.fleet_dir).exists() {
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
                *lock(&self.current) = None;
                return f(Opened::Unavailable(missing_note()));
            }
        };
        let (handles, snapshot) = {
            let mut current = lock(&self.current);
            match current.as_ref().filter(|handles| handles.identity == identity) {
                Some(handles) => (handles.clone(), lock(&handles.idle).pop()),
                None => {
                    *current = None;
                    match Snapshot::open(&self.snapshot_path) {
                        Ok(snapshot) => {
                            let (generation, vectors) = (snapshot.generation().to_string(), snapshot.vectors());
                            let handles = Arc::new(Handles { identity, generation, vectors, idle: Mutex::new(vec![]) });
                            *current = Some(handles.clone());
                            (handles, Some(snapshot))
                        }
                        Err(Unavailable::Missing) => return f(Opened::Unavailable(missing_note())),
                        Err(Unavailable::Unusable(why)) => return f(Opened::Unavailable(why)),
                    }
                }
            }
        };
        // Every handle is busy: open one more on the same file, sharing the vector index.
        let snapshot = match snapshot {
            Some(snapshot) => snapshot,
            None => {
                match Snapshot::open(&self.snapshot_path) {
                    Ok(snapshot) if snapshot.generation() == handles.generation => {
                        snapshot.with_vectors(handles.vectors.clone())
                    }
                    // The file changed since: this search reads the new one on its own; the
                    // next call reopens.
                    Ok(snapshot) => return f(Opened::Ready(&snapshot)),
                    Err(Unavailable::Missing) => return f(Opened::Unavailable(missing_note())),
                    Err(Unavailable::Unusable(why)) => return f(Opened::Unavailable(why)),
                }
            }
        };
        let answer = f(Opened::Ready(&snapshot));
        lock(&handles.idle).push(snapshot);
        answer
    }

    fn now(&self) -> DateTime<Utc> {
        DateTime::<Utc>::from(std::time::SystemTime::now())
    }

    /// `old` when it names a claim of this host's snapshot that a correction about `subject`
    /// may replace; otherwise the `supersedes` argument is refused, saying why. The lake's gate
    /// ignores a `supersedes` it cannot honour; refusing here tells the agent while it can fix it.
    /// The claim agents read that a proposal restates (`snapshot::restate`: the fold will merge
    /// them), so the note can say so. A snapshot that cannot be read says nothing: the fold
    /// merges regardless.
    fn restated(&self, claim: &str, claim_type: &str, subject: &str) -> Option<String> {
        let key = restate::key(claim);
        if key.is_empty() {
            return None;
        }
        self.with_snapshot(|opened| match opened {
            Opened::Ready(snapshot) => match snapshot.about_subject(subject, RESTATED_LOOKUP) {
                Ok(rows) => rows.into_iter().find(|r| r.claim_type == claim_type && restate::key(&r.claim) == key),
                Err(e) => {
                    tracing::debug!(error = %e, "restatement lookup failed");
                    None
                }
            },
            Opened::Unavailable(_) => None,
        })
        .map(|row| row.claim_id)
    }

    fn correctable(&self, old: &str, subject: &str) -> Result<String, ToolError> {
        let shown = clean_single_line(old, MAX_SHORT_FIELD);
        let refuse = |why: String| Err(ToolError::new(format!("`supersedes`: {why}")));
        self.with_snapshot(|opened| {
            let snapshot = match opened {
                Opened::Ready(snapshot) => snapshot,
                Opened::Unavailable(note) => return refuse(format!("claim {shown} cannot be checked: {note}")),
            };
            let row = match snapshot.claim(old) {
                Ok(Some((row, read))) if read || matches!(row.status.as_str(), "retired" | "retracted") => row,
                Ok(_) => {
                    return refuse(format!(
                        "no claim {shown} among the claims agents can read; name the id a memory_search hit showed"
                    ));
                }
                Err(e) => {
                    tracing::error!(error = %e, "snapshot lookup failed");
                    return refuse(format!("claim {shown} cannot be checked: the local snapshot could not be read"));
                }
            };
            let by = clean_single_line(row.superseded_by.as_deref().unwrap_or_default(), MAX_SHORT_FIELD);
            match row.status.as_str() {
                "retracted" | "retired" => refuse(format!(
                    "claim {shown} was {} by the fleet's owner; propose without `supersedes`",
                    row.status
                )),
                "superseded" => refuse(format!("claim {shown} was already replaced by {by}; supersede {by} instead")),
                _ if row.subject != subject => refuse(format!(
                    "claim {shown} is about {:?}, not {:?}; a correction keeps the subject of the claim it corrects",
                    clean_single_line(&row.subject, MAX_SHORT_FIELD),
                    clean_single_line(subject, MAX_SHORT_FIELD)
                )),
                _ => Ok(row.claim_id),
            }
        })
    }
}

impl Memory for MemoryTools {
    fn memory_search(&self, _: &dyn Call, input: MemorySearchInput) -> Result<MemorySearchOutput, ToolError> {
        let k = MEMORY_SEARCH_K.rows(input.k);
        let budget = MEMORY_SEARCH_TOKEN_BUDGET.rows(input.token_budget);
        let filters = Filters {
            scope: input.scope.map(|s| s.to_string()),
            subject: input.subject.map(|s| s.to_string()),
            claim_type: input.claim_type.map(|t| t.to_string()),
            include_superseded: input.include_superseded,
        };
        self.with_snapshot(|opened| {
            let snapshot = match opened {
                Opened::Ready(snapshot) => snapshot,
                Opened::Unavailable(note) => {
                    return Ok(MemorySearchOutput {
                        enabled: false,
                        results: vec![],
                        truncated: false,
                        note,
                        retrieval: None,
                        next_cursor: None,
                    });
                }
            };
            let basis = paging::basis(&[
                snapshot.generation(),
                &input.query,
                filters.scope.as_deref().unwrap_or_default(),
                filters.subject.as_deref().unwrap_or_default(),
                filters.claim_type.as_deref().unwrap_or_default(),
                if filters.include_superseded { "superseded" } else { "" },
            ]);
            let paging = Paging::start("memory_search", basis, input.cursor.as_deref().map(|c| c.as_str()))?;
            let (embedder, planned) = query_embedder(snapshot);
            // The ranking is deterministic for one snapshot, so page N is ranks offset..offset+k.
            let wanted = paging.offset.saturating_add(k).min(MAX_RANKED);
            Ok(match snapshot.search(embedder, &input.query, &filters, wanted) {
                Ok(hits) => {
                    let rendered = hits.rows.iter().skip(paging.offset).map(render);
                    let page = paging.page(rendered, k, budget, hits.truncated && wanted < MAX_RANKED);
                    MemorySearchOutput {
                        enabled: true,
                        results: page.rows,
                        truncated: page.truncated || hits.truncated,
                        note: read_note(snapshot),
                        retrieval: Some(if hits.dense { planned } else { keyword_only(snapshot, planned) }),
                        next_cursor: page.next_cursor,
                    }
                }
                Err(e) => {
                    tracing::error!(error = %e, "memory_search failed");
                    let note = format!(
                        "the local snapshot could not be searched ({e}); nothing is returned rather than a guess."
                    );
                    MemorySearchOutput {
                        enabled: true,
                        results: vec![],
                        truncated: false,
                        note,
                        retrieval: None,
                        next_cursor: None,
                    }
                }
            })
        })
    }

    fn memory_propose(&self, _: &dyn Call, input: MemoryProposeInput) -> Result<MemoryProposeOutput, ToolError> {
        let claim = non_blank("claim", &input.claim)?;
        let subject = non_blank("subject", &input.subject)?;
        let supersedes = match input.supersedes.as_deref() {
            Some(old) => Some(self.correctable(old.trim(), &subject)?),
            None => None,
        };
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
        let restated = self.restated(&claim, &claim_type.to_string(), &subject);
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
            supersedes: supersedes
                .clone()
                .map(TryInto::try_into)
                .transpose()
                .map_err(|_| ToolError::new("`supersedes`: not a claim id"))?,
        };
        self.spool.append(&event).map_err(|e| {
            tracing::warn!(error = %e, "spool append refused");
            ToolError::new(e.for_caller())
        })?;
        Ok(MemoryProposeOutput {
            id,
            status: MemoryProposeOutputStatus::Candidate,
            claim,
            claim_type: claim_type.to_string(),
            evidence_count: input.evidence.len() as i64,
            note: format!(
                "queued locally as a candidate (a `proposed` claim event at agent scope); only the promotion gate \
                 in `ctxlake maint` can make it visible to the fleet.{}",
                supersedes
                    .map(|old| format!(" Once promoted it replaces claim {old}, which searches then leave out."))
                    .unwrap_or_default()
            ) + &restated
                .map(|claim| {
                    format!(
                        " It restates claim {} (same subject, type and words): the next fold adds your evidence \
                         to that claim, whose sessions then corroborate it, instead of making a second claim.",
                        clean_single_line(&claim, MAX_SHORT_FIELD)
                    )
                })
                .unwrap_or_default(),
        })
    }

    fn memory_timeline(&self, _: &dyn Call, input: MemoryTimelineInput) -> Result<MemoryTimelineOutput, ToolError> {
        let limit = MEMORY_TIMELINE_LIMIT.rows(input.limit);
        let budget = MEMORY_TIMELINE_TOKEN_BUDGET.rows(input.token_budget);
        let since = input.since.map(|t| t.to_rfc3339_opts(SecondsFormat::Secs, true));
        self.with_snapshot(|opened| {
            let empty = |note: String| MemoryTimelineOutput {
                enabled: false,
                entries: vec![],
                truncated: false,
                note: Some(note),
                next_cursor: None,
            };
            let snapshot = match opened {
                Opened::Ready(snapshot) => snapshot,
                Opened::Unavailable(note) => return Ok(empty(note)),
            };
            let basis = paging::basis(&[snapshot.generation(), &input.subject, since.as_deref().unwrap_or_default()]);
            let paging = Paging::start("memory_timeline", basis, input.cursor.as_deref().map(|c| c.as_str()))?;
            let wanted = paging.offset.saturating_add(limit);
            Ok(match snapshot.timeline(&input.subject, since.as_deref(), wanted) {
                Ok((rows, more)) => {
                    let entries = rows.iter().skip(paging.offset).map(|row| MemoryTimelineOutputEntriesItem {
                        rendered: render(row),
                        observed_by: clean_single_line(&row.observed_by, MAX_SHORT_FIELD),
                        at: clean_single_line(&row.updated_at, MAX_SHORT_FIELD),
                    });
                    let page = paging.page(entries, limit, budget, more);
                    MemoryTimelineOutput {
                        enabled: true,
                        entries: page.rows,
                        truncated: page.truncated,
                        note: Some(read_note(snapshot)),
                        next_cursor: page.next_cursor,
                    }
                }
                Err(e) => {
                    tracing::error!(error = %e, "memory_timeline failed");
                    let note =
                        format!("the local snapshot could not be read ({e}); nothing is returned rather than a guess.");
                    MemoryTimelineOutput {
                        enabled: true,
                        entries: vec![],
                        truncated: false,
                        note: Some(note),
                        next_cursor: None,
                    }
                }
            })
        })
    }
}

/// How deep a cursor may page into one ranking: past it a search is better asked again.
const MAX_RANKED: usize = 1000;
/// How many of a subject's readable claims a proposal is compared with for the note that it
/// restates one (most confident first); a subject with more still merges in the fold.
const RESTATED_LOOKUP: usize = 500;

/// The embedder for a query against `snapshot`, and how the result will describe it: the model
/// that filled the snapshot's vectors, loaded on the first search that needs it.
pub(crate) fn query_embedder(snapshot: &Snapshot) -> (Option<&'static dyn Embedder>, MemorySearchOutputRetrieval) {
    let built_with = snapshot.embedding_model();
    match crate::embed::by_model(built_with) {
        Ok(lexical) if built_with == LEXICAL_MODEL => {
            let why = "this snapshot's vectors come from the lexical hash (it was built without the static model); \
                       the next `ctxlake maint` or `ctxlake snapshot build` fills them with the model";
            (Some(lexical), retrieval(MemorySearchOutputRetrievalMode::Hash, Some(LEXICAL_MODEL), Some(why.into())))
        }
        Ok(model) => (Some(model), retrieval(MemorySearchOutputRetrievalMode::Semantic, Some(model.model()), None)),
        Err(_) if ![STATIC_MODEL, TRANSFORMER_MODEL, TRANSFORMER_I8_MODEL].contains(&built_with) => {
            (None, retrieval(MemorySearchOutputRetrievalMode::Keyword, None, Some(unknown_model(built_with))))
        }
        Err(why) => (
            None,
            retrieval(MemorySearchOutputRetrievalMode::Keyword, None, Some(format!("{why}; keyword index only"))),
        ),
    }
}

/// What the result says when the planned vectors did not take part after all.
fn keyword_only(snapshot: &Snapshot, planned: MemorySearchOutputRetrieval) -> MemorySearchOutputRetrieval {
    match planned.mode {
        MemorySearchOutputRetrievalMode::Keyword => planned,
        _ => retrieval(MemorySearchOutputRetrievalMode::Keyword, None, Some(unknown_model(snapshot.embedding_model()))),
    }
}

/// The model name comes from the snapshot file, so it is sanitized like any other stored string.
fn unknown_model(built_with: &str) -> String {
    format!(
        "this snapshot's vectors come from `{}`, which this ctxlake cannot embed queries with; keyword index only",
        clean_single_line(built_with, MAX_SHORT_FIELD)
    )
}

fn retrieval(
    mode: MemorySearchOutputRetrievalMode,
    embedder: Option<&str>,
    reason: Option<String>,
) -> MemorySearchOutputRetrieval {
    MemorySearchOutputRetrieval {
        degraded: mode != MemorySearchOutputRetrievalMode::Semantic,
        mode,
        embedder: embedder.map(str::to_string),
        reason,
    }
}

fn missing_note() -> String {
    "no snapshot has been synced for this fleet yet (no `ctxlake maint` has published one, or `ctxlake sync` has not \
     refreshed this host); memory_propose still queues candidates."
        .to_string()
}

/// The shadow-mode note when the snapshot says agent reads are off, else the peer framing.
pub(crate) fn read_note(snapshot: &Snapshot) -> String {
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

/// A lock whose holder panicked is taken as it is: what it guards (handles, or none) is valid
/// whatever a search did.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| {
        tracing::error!("snapshot handle lock poisoned by an earlier panic; going on");
        poisoned.into_inner()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embed::{Lexical, model};
    use crate::snapshot::{Mode, write};

    /// An embedder whose model no ctxlake has, named with a control character a hostile
    /// snapshot could carry.
    struct Foreign;

    impl Embedder for Foreign {
        fn model(&self) -> &'static str {
            "foreign\u{1b}[2Jmodel"
        }
        fn dimensions(&self) -> usize {
            8
        }
        fn embed(&self, _: &str) -> Vec<f32> {
            vec![0.5; 8]
        }
    }

    fn snapshot_by(embedder: &dyn Embedder) -> (tempfile::TempDir, Snapshot) {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("snapshot.bin");
        let at = "2026-09-09T00:00:00Z".parse().expect("a time");
        let row = crate::snapshot::write::tests::row("c1", "staging ssh listens on 2222");
        write(&path, &[row], Mode::Agent, embedder, at).expect("written");
        let snapshot = Snapshot::open(&path).expect("opens");
        (dir, snapshot)
    }

    #[test]
    fn two_searches_run_side_by_side_each_on_its_own_handle_sharing_one_vector_index() {
        let root = tempfile::tempdir().expect("temp dir");
        let ctx = Ctx::under(root.path(), "f").expect("a fleet");
        let fleet_dir = ctx.fleet_id.cache_dir(&ctx.cache_root);
        std::fs::create_dir_all(&fleet_dir).expect("cache dir");
        let at = "2026-09-09T00:00:00Z".parse().expect("a time");
        let row = crate::snapshot::write::tests::row("c1", "staging ssh listens on 2222");
        write(&fleet_dir.join("snapshot.bin"), &[row], Mode::Agent, &Lexical, at).expect("written");
        let tools = MemoryTools::new(ctx);
        let ((entered, is_in), (seen, was_seen)) = (std::sync::mpsc::channel(), std::sync::mpsc::channel());
        std::thread::scope(|scope| {
            let tools = &tools;
            let first = scope.spawn(move || {
                tools.with_snapshot(|opened| {
                    let Opened::Ready(snapshot) = opened else { panic!("the snapshot opens") };
                    entered.send(()).expect("told");
                    // Held until the second search is inside too: a lock around searches would
                    // keep it out, and this would time out.
                    let beside = was_seen.recv_timeout(std::time::Duration::from_secs(10));
                    (beside.is_ok(), snapshot.vectors())
                })
            });
            is_in.recv().expect("the first search is in");
            let second = tools.with_snapshot(|opened| {
                let Opened::Ready(snapshot) = opened else { panic!("the snapshot opens") };
                seen.send(()).expect("told");
                snapshot.vectors()
            });
            let (beside, first_vectors) = first.join().expect("the first search ends");
            assert!(beside, "the second search ran while the first held its handle");
            assert!(first_vectors.same_as(&second), "both handles share one vector index");
        });
        assert_eq!(lock(&lock(&tools.current).as_ref().expect("open").idle).len(), 2, "both handles are kept");
    }

    #[test]
    fn fuzz_a_snapshot_with_rowids_far_past_its_row_count_is_unusable_not_a_huge_allocation() {
        // Found by `cache_files`: a rowid of 6.9e18 made the keyword lane allocate that many scores.
        let (dir, snapshot) = snapshot_by(&crate::embed::Lexical);
        drop(snapshot);
        let path = dir.path().join("snapshot.bin");
        let db = rusqlite::Connection::open(&path).expect("opens");
        db.execute("UPDATE claims SET rowid = 6971997760142193204", []).expect("updated");
        drop(db);
        let refused = Snapshot::open(&path).err().expect("refused");
        assert!(
            matches!(&refused, Unavailable::Unusable(why) if why.contains("rowids up to 6971997760142193204")),
            "{refused:?}"
        );
    }

    #[test]
    fn a_snapshot_of_lexical_hash_vectors_is_searched_by_hash_and_says_it_is_degraded() {
        let (_dir, snapshot) = snapshot_by(&Lexical);
        let (embedder, retrieval) = query_embedder(&snapshot);
        assert_eq!(embedder.map(|e| e.model()), Some(LEXICAL_MODEL));
        assert_eq!((retrieval.mode, retrieval.degraded), (MemorySearchOutputRetrievalMode::Hash, true));
        assert!(retrieval.reason.expect("a reason").contains("lexical hash"));
    }

    #[test]
    fn a_snapshot_of_an_unknown_model_falls_back_to_keywords_with_a_sanitized_reason() {
        let (_dir, snapshot) = snapshot_by(&Foreign);
        let (embedder, retrieval) = query_embedder(&snapshot);
        assert!(embedder.is_none());
        assert_eq!((retrieval.mode, retrieval.degraded), (MemorySearchOutputRetrievalMode::Keyword, true));
        let reason = retrieval.reason.expect("a reason");
        assert!(reason.contains("foreign") && !reason.contains('\u{1b}'), "{reason:?}");
    }

    #[test]
    fn a_snapshot_of_the_static_model_is_searched_semantically() {
        let model = model::shared().expect("the embedded model loads");
        let (_dir, snapshot) = snapshot_by(model);
        let (embedder, retrieval) = query_embedder(&snapshot);
        assert_eq!(embedder.map(|e| e.model()), Some(model::STATIC_MODEL));
        assert_eq!((retrieval.mode, retrieval.degraded), (MemorySearchOutputRetrievalMode::Semantic, false));
        let hits =
            snapshot.search(embedder, "which port does the staging box use for remote login", &Filters::default(), 1);
        assert!(hits.expect("search").dense);
    }

    #[cfg(feature = "transformer")]
    #[test]
    fn a_snapshot_of_the_transformer_is_searched_with_the_transformer() {
        let Some(dir) = crate::embed::transformer::test_dir() else { return };
        let model = crate::embed::transformer::shared(&dir).expect("the fetched transformer loads");
        let (_dir, snapshot) = snapshot_by(model);
        let (embedder, retrieval) = query_embedder(&snapshot);
        assert_eq!(embedder.map(|e| e.model()), Some(TRANSFORMER_MODEL));
        assert_eq!((retrieval.mode, retrieval.degraded), (MemorySearchOutputRetrievalMode::Semantic, false));
        let hits =
            snapshot.search(embedder, "which port does the staging box use for remote login", &Filters::default(), 1);
        assert!(hits.expect("search").dense);
    }
}
