//! The knowledge family (seed 002): search_knowledge, get_guidance, submit_feedback over the
//! approved records of the knowledge base (`kb.sqlite`, or the starter base compiled into the
//! binary while no base has been imported). Every string read from a record is sanitized here,
//! at render time; the query text is never logged or stored; feedback is stored without
//! anything that names its sender and never reaches ranking. docs/knowledge.md has the field
//! sets, the budget estimator and the thresholds.

use crate::catalog::{Call, ToolError};
use crate::config::Ctx;
use crate::embed::{Embedder, model};
use crate::guard::sanitize::{MAX_SHORT_FIELD, clean_single_line, clean_value};
use crate::guard::scrub;
use crate::knowledge::searches::SearchLog;
use crate::knowledge::store::Feedback;
use crate::knowledge::{Base, CacheState, Found, Mode, Query, Store, starter_records};
use crate::spec::tools::knowledge::*;
use crate::spec::wire::kb_record::KbRecord;
use crate::tools::paging::{self, Paging};
use serde_json::{Map, Value};
use std::os::unix::fs::MetadataExt;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

/// Stored strings are bounded at the record schema's longest field (rationale, 4000).
const MAX_RECORD_FIELD: usize = 4000;
/// How deep a cursor may page into one ranking (memory_search's depth).
const MAX_RANKED: usize = 1000;

/// The fields of `brief` (search_knowledge's default, and get_guidance's `brief`).
pub const BRIEF_FIELDS: &[&str] =
    &["id", "slug", "title", "topic", "summary", "recommendation", "applies_to", "confidence", "updated_at", "sources"];
/// `standard` adds these, and each source's evidence excerpt.
pub const STANDARD_FIELDS: &[&str] = &["rationale", "conditions", "exceptions", "pitfalls", "verification_checks"];
/// get_guidance's `full` adds these to `standard` (the last two only when the record has them).
pub const FULL_FIELDS: &[&str] = &["status", "content_version", "approved_at", "version_constraints", "examples"];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Detail {
    Brief,
    Standard,
    Full,
}

pub struct KnowledgeTools {
    kb_path: PathBuf,
    /// The fleet's published base as `ctxlake sync` mirrors it (`lake::kb`), served before
    /// `kb_path` while it is there; `None` when `CTXLAKE_KB` named the base.
    published: Option<PathBuf>,
    /// Resolved on the first search, not when the server starts: the transformer, when chosen,
    /// is 87 MiB to read and check.
    embedder: OnceLock<Result<&'static dyn Embedder, String>>,
    loaded: Mutex<Option<(Identity, Arc<Base>)>>,
    /// Where search_knowledge counts its searches (by mode) and the records it returns.
    searches: Arc<SearchLog>,
}

/// What the loaded base was read from: the published file's version and the store's.
type Identity = (Option<FileIdentity>, Option<FileIdentity>);

/// One version of kb.sqlite (`ctxlake kb` commits change its size or mtime): a new one is
/// loaded on the next call. `None` stands for "no store, the starter base".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FileIdentity {
    inode: u64,
    len: u64,
    modified_ns: i128,
}

impl KnowledgeTools {
    /// The tools over `ctx.kb_path`, with the configured semantic model when it loads, counting
    /// searches in `searches` (the store's log; `serve` shares one among its scopes).
    pub fn new(ctx: &Ctx, searches: Arc<SearchLog>) -> KnowledgeTools {
        let published = (!ctx.kb_explicit).then(|| ctx.fleet_id.cache_dir(&ctx.cache_root).join("kb.jsonl"));
        KnowledgeTools {
            kb_path: ctx.kb_path.clone(),
            published,
            embedder: OnceLock::new(),
            loaded: Mutex::new(None),
            searches,
        }
    }

    /// The tools over the store at `kb_path` with an explicit embedder, or the reason there is
    /// none (tests build the service without one).
    pub fn with_embedder(kb_path: PathBuf, embedder: Result<&'static dyn Embedder, String>) -> KnowledgeTools {
        let searches = Arc::new(SearchLog::new(&kb_path));
        KnowledgeTools {
            kb_path,
            published: None,
            embedder: OnceLock::from(embedder),
            loaded: Mutex::new(None),
            searches,
        }
    }

    /// The embedder for indexing and queries: the one given, else the configured semantic model.
    fn embedder(&self) -> &Result<&'static dyn Embedder, String> {
        self.embedder.get_or_init(|| {
            crate::embed::knowledge_semantic().ok_or_else(|| {
                let why = model::shared().err().unwrap_or("no semantic model loads");
                format!("the static embedding model is unavailable ({why}); keyword index only")
            })
        })
    }

    /// The base to serve: the fleet's published base when it is mirrored here, else the store
    /// when it holds records, else the starter base; loaded on first use and again after either
    /// file changed.
    /// The base as it is now, (re)built when its files changed; building it reports to `call`
    /// (embedding every record is the one long step a knowledge call may take).
    pub(crate) fn base(&self, call: &dyn Call) -> Result<Arc<Base>, ToolError> {
        let published = self.published.as_deref().and_then(identity_of);
        let identity = (published, identity_of(&self.kb_path));
        let mut guard = self.loaded.lock().unwrap_or_else(|poisoned| {
            let mut inner = poisoned.into_inner();
            *inner = None;
            inner
        });
        if let Some((known, base)) = guard.as_ref()
            && *known == identity
        {
            return Ok(base.clone());
        }
        let embedder = self.embedder().as_ref().ok().copied();
        let report = &mut |done, total| call.progress(done, Some(total), "embedding the knowledge base");
        let from_lake = match (&self.published, published) {
            (Some(path), Some(_)) => published_records(path),
            _ => None,
        };
        let base = match (from_lake, identity.1) {
            (Some(records), _) => Base::build_reporting(records, embedder, report),
            (None, Some(_)) => {
                let store = Store::open(&self.kb_path).map_err(unavailable)?;
                if store.record_count().map_err(unavailable)? > 0 {
                    store.load(embedder, report).map_err(unavailable)?
                } else {
                    Base::build_reporting(starter_records(), embedder, report)
                }
            }
            (None, None) => Base::build_reporting(starter_records(), embedder, report),
        };
        let base = Arc::new(base);
        *guard = Some((identity, base.clone()));
        Ok(base)
    }
}

fn identity_of(path: &std::path::Path) -> Option<FileIdentity> {
    std::fs::metadata(path).ok().map(|m| FileIdentity {
        inode: m.ino(),
        len: m.len(),
        modified_ns: i128::from(m.mtime()) * 1_000_000_000 + i128::from(m.mtime_nsec()),
    })
}

/// The published base's records. The mirror checked them before writing the file; they are
/// parsed (and redacted) again here, and a file that no longer parses is logged and passed
/// over for the local store, never served in part. A file that is a symbolic link is refused, as
/// the cache's other files are.
fn published_records(path: &std::path::Path) -> Option<Vec<KbRecord>> {
    use std::io::Read as _;
    use std::os::unix::fs::OpenOptionsExt as _;
    let mut text = String::new();
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW)
        .open(path)
        .and_then(|mut file| file.read_to_string(&mut text))
        .map_err(|e| tracing::warn!(error = %e, path = %path.display(), "published knowledge base unreadable"))
        .ok()?;
    match crate::knowledge::parse(&path.display().to_string(), &text) {
        Ok(parsed) => Some(
            parsed
                .into_iter()
                .map(|p| p.record)
                .filter(|r| r.status == crate::spec::wire::kb_record::KbRecordStatus::Approved)
                .collect(),
        ),
        Err(e) => {
            tracing::error!(error = %e, "published knowledge base refused; serving the local one");
            None
        }
    }
}

fn unavailable(e: crate::knowledge::StoreError) -> ToolError {
    tracing::error!(error = %e, "knowledge base unavailable");
    ToolError::new(format!("knowledge_unavailable: the knowledge base could not be read ({e})"))
}

impl Knowledge for KnowledgeTools {
    fn search_knowledge(
        &self,
        call: &dyn Call,
        input: SearchKnowledgeInput,
    ) -> Result<SearchKnowledgeOutput, ToolError> {
        if input.query.trim().chars().count() < 2 {
            return Err(ToolError::new(
                "invalid arguments for tool `search_knowledge`: /query: at least 2 characters that are not blank",
            ));
        }
        let base = self.base(call)?;
        call.check()?;
        let topics: Vec<String> = match &input.topic {
            None => vec![],
            Some(SearchKnowledgeInputTopic::String(topic)) => vec![topic.to_string()],
            Some(SearchKnowledgeInputTopic::Array(topics)) => topics.iter().map(|t| t.to_string()).collect(),
        };
        let technologies: Vec<String> = input.technologies.iter().map(|t| t.to_string()).collect();
        let task = input.task_type.as_ref().map(|t| t.to_string());
        let query = Query {
            text: &input.query,
            technologies: &technologies,
            versions: input.versions.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            topics: topics.clone(),
            task_type: task.as_deref(),
            // The schema holds it to 1..=10 (seed 002 refuses the rest).
            limit: usize::try_from(input.max_results.get()).unwrap_or(1),
        };
        let k = query.limit;
        let basis =
            paging::basis(&[base.generation(), &paging::arguments(&input, &["cursor", "max_results", "token_budget"])]);
        let paging = Paging::start("search_knowledge", basis, input.cursor.as_deref().map(|c| c.as_str()))?;
        // The ranking is deterministic for one base, so page N is ranks offset..offset+k; one
        // rank more says whether rows remain after it.
        let wanted = paging.offset.saturating_add(k).min(MAX_RANKED);
        let found = base.search(&Query { limit: wanted + 1, ..query });
        let detail = match input.detail {
            SearchKnowledgeInputDetail::Brief => Detail::Brief,
            SearchKnowledgeInputDetail::Standard => Detail::Standard,
        };
        // The schema holds it to 200..=5000.
        let budget = usize::try_from(input.token_budget).unwrap_or(0);
        let window = found.hits.get(paging.offset..wanted.min(found.hits.len())).unwrap_or_default();
        let rendered = window.iter().map(|h| render(&base.records()[h.index], detail));
        let more_after = found.hits.len() > wanted;
        let page = paging.page(rendered, k, budget, more_after && wanted < MAX_RANKED);
        let cut = window.len() - page.rows.len();
        let returned = window.iter().take(page.rows.len()).map(|h| base.records()[h.index].id.as_str());
        let now = chrono::DateTime::<chrono::Utc>::from(std::time::SystemTime::now());
        self.searches.record(found.mode, input.cursor.is_none(), returned, now);
        let results = page
            .rows
            .into_iter()
            .map(serde_json::from_value)
            .collect::<Result<Vec<SearchKnowledgeOutputResultsItem>, _>>()
            .map_err(|e| ToolError::new(format!("a record did not render: {e}")))?;
        let reason = self.embedder().as_ref().err().cloned().filter(|_| found.degraded);
        Ok(SearchKnowledgeOutput {
            query_summary: query_summary(&topics, &technologies),
            suggestions: suggestions(&found, &topics, &technologies, cut),
            retrieval: SearchKnowledgeOutputRetrieval {
                mode: match found.mode {
                    Mode::Hybrid => SearchKnowledgeOutputRetrievalMode::Hybrid,
                    Mode::KeywordFallback => SearchKnowledgeOutputRetrievalMode::KeywordFallback,
                    Mode::NoMatch => SearchKnowledgeOutputRetrievalMode::NoMatch,
                },
                degraded: found.degraded,
                degraded_reason: reason.or_else(|| {
                    found.degraded.then(|| "this knowledge base has no vectors of the static model".to_string())
                }),
                technology_filter_fallback: found.technology_filter_fallback.then_some(true),
                embedding_provider: base.embedder().map_or("none", |e| e.model()).to_string(),
                embedding_cache: match found.cache {
                    CacheState::Hit => SearchKnowledgeOutputRetrievalEmbeddingCache::Hit,
                    CacheState::Miss => SearchKnowledgeOutputRetrievalEmbeddingCache::Miss,
                    CacheState::None => SearchKnowledgeOutputRetrievalEmbeddingCache::None,
                },
                total_candidates: found.total_candidates as u64,
            },
            results,
            truncated: page.truncated || more_after,
            next_cursor: page.next_cursor,
        })
    }

    fn get_guidance(&self, call: &dyn Call, input: GetGuidanceInput) -> Result<GetGuidanceOutput, ToolError> {
        let base = self.base(call)?;
        let detail = match input.detail {
            GetGuidanceInputDetail::Brief => Detail::Brief,
            GetGuidanceInputDetail::Full => Detail::Full,
        };
        let basis = paging::basis(&[base.generation(), &paging::arguments(&input, &["cursor", "token_budget"])]);
        let paging = Paging::start("get_guidance", basis, input.cursor.as_deref().map(|c| c.as_str()))?;
        // A page's rows are the ids asked for, in order: a record renders as an object, an id
        // that names none as itself, made safe to show back.
        let rows = input.ids.iter().skip(paging.offset).map(|key| match base.get(key) {
            Some(record) => render(record, detail),
            None => Value::String(clean_single_line(key, MAX_SHORT_FIELD)),
        });
        let page = paging.page(rows, input.ids.len(), GET_GUIDANCE_TOKEN_BUDGET.rows(input.token_budget), false);
        let (mut results, mut missing) = (vec![], vec![]);
        for row in page.rows {
            match row {
                Value::String(key) => missing.push(key),
                record => results.push(
                    serde_json::from_value(record)
                        .map_err(|e| ToolError::new(format!("a record did not render: {e}")))?,
                ),
            }
        }
        Ok(GetGuidanceOutput { results, missing, truncated: page.truncated, next_cursor: page.next_cursor })
    }

    fn submit_feedback(&self, call: &dyn Call, input: SubmitFeedbackInput) -> Result<SubmitFeedbackOutput, ToolError> {
        let record_id = match &input.record {
            None => None,
            Some(key) => match self.base(call)?.get(key) {
                Some(record) => Some(record.id.to_string()),
                None => {
                    return Err(ToolError::new("/record: names no approved record (use a slug or id from a result)"));
                }
            },
        };
        let comment = match &input.comment {
            None => None,
            Some(text) => {
                let clean = scrub(text);
                if clean.is_empty() {
                    return Err(ToolError::new("/comment: must not be blank"));
                }
                Some(clean)
            }
        };
        let feedback =
            Feedback { category: input.category.to_string(), record_id, source: input.source.to_string(), comment };
        let store = Store::open(&self.kb_path).map_err(unavailable)?;
        store
            .add_feedback(&feedback, chrono::DateTime::<chrono::Utc>::from(std::time::SystemTime::now()))
            .map_err(unavailable)?;
        Ok(SubmitFeedbackOutput {
            accepted: true,
            note: "stored for the knowledge base's owner, without key, IP address, user agent or client identifier; \
                   feedback is never used as ranking input."
                .to_string(),
        })
    }
}

/// A record whole, as get_guidance returns it with detail full (the guidance resource).
pub(crate) fn full_record(record: &KbRecord) -> Value {
    render(record, Detail::Full)
}

/// A record as one result: the fields of `detail`, every string sanitized.
fn render(record: &KbRecord, detail: Detail) -> Value {
    let Ok(Value::Object(mut all)) = serde_json::to_value(record) else { return Value::Object(Map::new()) };
    let mut fields: Vec<&str> = BRIEF_FIELDS.to_vec();
    if detail != Detail::Brief {
        fields.extend(STANDARD_FIELDS);
    }
    if detail == Detail::Full {
        fields.extend(FULL_FIELDS);
    }
    let mut out = Map::new();
    for field in fields {
        match all.remove(field) {
            Some(Value::Array(items)) if items.is_empty() && ["version_constraints", "examples"].contains(&field) => {}
            Some(Value::Object(map)) if map.is_empty() && field == "version_constraints" => {}
            Some(value) => {
                out.insert(field.to_string(), value);
            }
            None if STANDARD_FIELDS.contains(&field) => {
                out.insert(field.to_string(), Value::Array(vec![]));
            }
            None if field == "approved_at" => {
                out.insert(field.to_string(), Value::Null);
            }
            None => {}
        }
    }
    if detail == Detail::Brief
        && let Some(Value::Array(sources)) = out.get_mut("sources")
    {
        for source in sources.iter_mut().filter_map(Value::as_object_mut) {
            source.remove("evidence_excerpt");
        }
    }
    // The header rides in the record itself, so a client that shows one result shows whose
    // words it is (the publishers are sanitized by `header`, like every other string here).
    out.insert("attribution".to_string(), Value::String(crate::knowledge::attribution(record)));
    clean_value(Value::Object(out), MAX_RECORD_FIELD)
}

/// The topics and technologies searched, joined by ` · `; never the query text.
fn query_summary(topics: &[String], technologies: &[String]) -> String {
    let parts: Vec<String> = topics.iter().chain(technologies).map(|t| clean_single_line(t, MAX_SHORT_FIELD)).collect();
    if parts.is_empty() { "all topics".to_string() } else { parts.join(" · ") }
}

fn suggestions(found: &Found, topics: &[String], technologies: &[String], cut: usize) -> Vec<String> {
    let mut out = vec![];
    if found.mode == Mode::NoMatch {
        out.push(
            "nothing in the reviewed knowledge base cleared the relevance threshold: the answer is not in it, \
             which is not an error"
                .to_string(),
        );
        if !topics.is_empty() {
            out.push(format!("drop the topic filter ({}) or add related topics", topics.join(", ")));
        }
        out.push("phrase the query as the decision being made, e.g. \"should X use Y or Z for W\"".to_string());
        out.push("use the field's general terms rather than project or product names".to_string());
        if found.degraded {
            out.push("vector search is unavailable: use the words a guidance record would use".to_string());
        }
    }
    if found.technology_filter_fallback {
        let names: Vec<String> = technologies.iter().map(|t| clean_single_line(t, MAX_SHORT_FIELD)).collect();
        out.push(format!(
            "no approved record applies to {}: these results are the best matches without that filter",
            names.join(", ")
        ));
    }
    if cut > 0 {
        out.push(format!(
            "{cut} more results did not fit token_budget: pass next_cursor as `cursor`, raise it, or use detail \"brief\""
        ));
    }
    if !found.hits.is_empty() {
        out.push("call get_guidance with a result's slug for exceptions, pitfalls and verification checks".to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Detached;
    use serde_json::json;

    fn tools(embedder: Result<&'static dyn Embedder, String>) -> (tempfile::TempDir, KnowledgeTools) {
        let dir = tempfile::tempdir().expect("temp dir");
        let tools = KnowledgeTools::with_embedder(dir.path().join("kb.sqlite"), embedder);
        (dir, tools)
    }

    fn search(tools: &KnowledgeTools, arguments: Value) -> SearchKnowledgeOutput {
        tools
            .search_knowledge(&Detached, serde_json::from_value(arguments).expect("valid arguments"))
            .expect("searches")
    }

    #[test]
    fn fuzz_a_blank_query_is_refused_in_the_validators_words_naming_the_field() {
        // Found by `tool_calls`: a query of blanks passed the schema (length 2) and was refused
        // with a message that did not say it was an argument error.
        let (_dir, tools) = tools(Err("none".into()));
        let error =
            tools.search_knowledge(&Detached, serde_json::from_value(json!({"query": "  \t "})).unwrap()).unwrap_err();
        let text = error.to_string();
        assert!(text.starts_with("invalid arguments for tool `search_knowledge`: /query:"), "{text}");
    }

    /// A call that records the progress it is told, and is cancelled when `cancelled` says so.
    #[derive(Default)]
    struct Watched {
        reports: std::cell::RefCell<Vec<(u64, Option<u64>)>>,
        cancelled: bool,
    }

    impl Call for Watched {
        fn progress(&self, done: u64, total: Option<u64>, _: &str) {
            self.reports.borrow_mut().push((done, total));
        }

        fn cancelled(&self) -> bool {
            self.cancelled
        }
    }

    #[test]
    fn embedding_the_base_reports_progress_once_and_a_cancelled_search_stops_after_it() {
        let model: &'static dyn Embedder = crate::embed::model::shared().expect("model loads");
        let (_dir, tools) = tools(Ok(model));
        let query = || serde_json::from_value(json!({"query": "stdio logs"})).unwrap();
        let first = Watched::default();
        tools.search_knowledge(&first, query()).expect("searches");
        let reports = first.reports.into_inner();
        let total = starter_records().len() as u64;
        assert_eq!(reports.first(), Some(&(0, Some(total))));
        assert_eq!(reports.last(), Some(&(total, Some(total))));
        assert!(reports.len() <= 22 && reports.windows(2).all(|w| w[0].0 < w[1].0), "{reports:?}");
        let again = Watched { cancelled: true, ..Watched::default() };
        let refused = tools.search_knowledge(&again, query()).unwrap_err();
        assert!(again.reports.borrow().is_empty(), "the base is built once");
        assert!(refused.to_string().contains("cancelled"), "{refused}");
    }

    #[test]
    fn the_starter_base_is_served_when_no_store_exists() {
        let (_dir, tools) = tools(Err("no model in this test".into()));
        let out = search(&tools, json!({"query": "should a stdio MCP server print logs to stdout"}));
        assert_eq!(out.retrieval.mode, SearchKnowledgeOutputRetrievalMode::KeywordFallback);
        assert!(out.retrieval.degraded);
        assert_eq!(out.retrieval.degraded_reason.as_deref(), Some("no model in this test"));
        assert_eq!(out.results[0].slug, "write-only-protocol-messages-to-stdout-in-stdio-mcp-servers");
    }

    #[test]
    fn a_search_is_counted_by_mode_with_the_records_it_returned_and_a_later_page_counts_only_its_records() {
        let (dir, tools) = tools(Err("no model in this test".into()));
        let first = search(&tools, json!({"query": "stdio MCP server logs stdout", "max_results": 2}));
        let cursor = first.next_cursor.clone().expect("a second page");
        let second =
            search(&tools, json!({"query": "stdio MCP server logs stdout", "max_results": 2, "cursor": cursor}));
        search(&tools, json!({"query": "zzqx unheard-of words"}));
        let log = SearchLog::new(&dir.path().join("kb.sqlite"));
        tools.searches.flush(chrono::Utc::now());
        let stats = log.read(chrono::Utc::now(), 1).expect("the log reads");
        let today = &stats.days[0];
        assert_eq!((today.hybrid, today.keyword_fallback, today.no_match), (0, 1, 1));
        let mut returned: Vec<(String, u64)> = stats.returned.iter().map(|r| (r.record_id.clone(), r.count)).collect();
        returned.sort();
        let mut expected: Vec<(String, u64)> =
            first.results.iter().chain(&second.results).map(|r| (r.id.to_string(), 1)).collect();
        expected.sort();
        assert_eq!(returned, expected);
        // The store itself was not created by counting.
        assert!(!dir.path().join("kb.sqlite").exists());
    }

    #[test]
    fn brief_results_carry_no_rationale_or_excerpts_and_standard_ones_do() {
        let (_dir, tools) = tools(Err("none".into()));
        let query = "should a stdio MCP server print logs to stdout";
        let brief = search(&tools, json!({"query": query}));
        assert!(brief.results[0].rationale.is_none() && brief.results[0].sources[0].evidence_excerpt.is_none());
        let standard = search(&tools, json!({"query": query, "detail": "standard"}));
        assert!(standard.results[0].rationale.is_some() && standard.results[0].sources[0].evidence_excerpt.is_some());
    }

    /// Issue 31: the generated output type skipped an empty list, so 25 starter records came back
    /// without `exceptions`. In standard and full detail the four lists are always sent.
    #[test]
    fn the_four_lists_are_sent_even_when_empty_in_standard_and_full_and_never_in_brief() {
        const LISTS: [&str; 4] = ["conditions", "exceptions", "pitfalls", "verification_checks"];
        let (_dir, tools) = tools(Err("none".into()));
        let record =
            starter_records().into_iter().find(|r| r.exceptions.is_empty()).expect("a record without exceptions");
        let sent = |output: Value| output["results"].as_array().cloned().unwrap_or_default();
        let query = json!({"query": record.title.to_string(), "detail": "standard", "max_results": 10});
        let standard = sent(serde_json::to_value(search(&tools, query)).unwrap());
        let one = standard.iter().find(|r| r["id"] == *record.id).expect("the record is found by its title");
        assert!(LISTS.iter().all(|list| one[list].is_array()), "{one}");
        assert_eq!(one["exceptions"], json!([]));
        let brief = sent(serde_json::to_value(search(&tools, json!({"query": record.title.to_string()}))).unwrap());
        assert!(!brief.is_empty());
        for result in brief {
            assert!(LISTS.iter().all(|list| result.get(list).is_none()), "{result}");
        }
        let input = json!({"ids": [record.slug.to_string()]});
        let full = tools.get_guidance(&Detached, serde_json::from_value(input).unwrap()).unwrap();
        let fetched = sent(serde_json::to_value(full).unwrap());
        assert!(LISTS.iter().all(|list| fetched[0][list].is_array()), "{}", fetched[0]);
        assert_eq!(fetched[0]["exceptions"], json!([]));
    }

    #[test]
    fn unknown_ids_go_to_missing_sanitized_and_known_ones_render_in_full() {
        let (_dir, tools) = tools(Err("none".into()));
        let input = json!({"ids": ["write-only-protocol-messages-to-stdout-in-stdio-mcp-servers", "no-such-record", "evil\u{202e}id"]});
        let out = tools.get_guidance(&Detached, serde_json::from_value(input).unwrap()).unwrap();
        assert_eq!(out.results.len(), 1);
        assert_eq!(out.results[0].content_version.map(|v| v.get()), Some(1));
        assert_eq!(out.missing, vec!["no-such-record", "evilid"]);
    }

    #[test]
    fn feedback_about_an_unknown_record_is_refused_and_a_comment_is_redacted() {
        let (dir, tools) = tools(Err("none".into()));
        let refused = tools.submit_feedback(
            &Detached,
            serde_json::from_value(json!({"category": "helpful", "record": "nope"})).unwrap(),
        );
        assert!(refused.unwrap_err().to_string().contains("/record"));
        let input = json!({"category": "incorrect", "record": "write-only-protocol-messages-to-stdout-in-stdio-mcp-servers", "comment": "key AKIAIOSFODNN7EXAMPLE leaked"});
        tools.submit_feedback(&Detached, serde_json::from_value(input).unwrap()).unwrap();
        let stored = Store::open(&dir.path().join("kb.sqlite")).unwrap().feedback().unwrap();
        assert_eq!(stored.len(), 1);
        let comment = stored[0].comment.clone().unwrap();
        assert!(!comment.contains("AKIAIOSFODNN7EXAMPLE"), "{comment}");
        // Feedback creates the store file, but an empty store still serves the starter base.
        let out = search(&tools, json!({"query": "should a stdio MCP server print logs to stdout"}));
        assert!(!out.results.is_empty());
    }

    #[test]
    fn record_text_is_sanitized_at_render_time_even_if_the_store_holds_it_raw() {
        let mut record = starter_records().remove(0);
        record.title = "Title\u{202e}txt.exe\u{200b}".try_into().expect("a title");
        let rendered = render(&record, Detail::Full);
        assert_eq!(rendered["title"], "Titletxt.exe");
    }

    #[test]
    fn the_query_summary_joins_topics_and_technologies_and_never_echoes_the_query() {
        assert_eq!(query_summary(&["security".into()], &["MCP".into()]), "security · MCP");
        assert_eq!(query_summary(&[], &[]), "all topics");
    }
}
