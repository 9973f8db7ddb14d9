//! Read-only access to a snapshot file: hybrid search, the outcome timeline of a subject, and
//! the top claims for the briefing. Only rows the writer marked visible are ever returned.
//!
//! Search fuses two ranked lists (`rank.rs` holds the weights): BM25 over the keyword index
//! (`lexical.rs`; query text is only ever split into word tokens, never parsed as syntax), and
//! the cosine of the query's embedding against every visible claim's vector, held in memory as
//! signed bytes after the first search (256 bytes per claim). The vector list runs only when the
//! query is embedded by the model that filled the snapshot.
//!
//! A claim a promoted correction superseded keeps its postings and vector, and is left out of
//! a search's ranked lists unless the search asks for it (`Filters::include_superseded`).

use crate::embed::{Embedder, dot_i8, dot_i8_each, quantize};
use crate::snapshot::lexical::{LEXICAL_INDEX_V1, accumulate, query_terms, query_terms_unfolded};
use crate::snapshot::rank::{Best, Fusion, fuse, fusion_for, keep_strong};
use crate::snapshot::{SCHEMA_VERSION, SCHEMA_VERSION_V2, SnapshotError};
use rusqlite::{Connection, OpenFlags, OptionalExtension, params};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// A visible claim as the tools render it.
#[derive(Debug, Clone, PartialEq)]
pub struct SnapshotRow {
    pub claim_id: String,
    pub claim: String,
    pub claim_type: String,
    pub subject: String,
    pub scope: String,
    pub observed_by: String,
    pub status: String,
    pub independent_count: i64,
    pub confidence: f64,
    pub updated_at: String,
    /// The claim this one corrects, when it is a correction.
    pub supersedes: Option<String>,
    /// The correction that replaced this claim (only ever on a superseded claim).
    pub superseded_by: Option<String>,
}

/// What `Snapshot::learned` reads: the claims shown, and how many each (subject, type) has.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Learned {
    pub rows: Vec<SnapshotRow>,
    pub counts: Vec<(String, String, i64)>,
}

/// Exact-match filters; `None` matches everything.
#[derive(Debug, Default, Clone)]
pub struct Filters {
    pub scope: Option<String>,
    pub subject: Option<String>,
    pub claim_type: Option<String>,
    /// Also the claims a promoted correction superseded.
    pub include_superseded: bool,
}

impl Filters {
    fn is_empty(&self) -> bool {
        self.scope.is_none() && self.subject.is_none() && self.claim_type.is_none()
    }
}

/// Why there is no usable snapshot.
#[derive(Debug, Clone, PartialEq)]
pub enum Unavailable {
    Missing,
    Unusable(String),
}

pub struct Snapshot {
    db: Connection,
    agent_reads_enabled: bool,
    embedding_model: String,
    embedding_dimensions: usize,
    /// One past the largest claims rowid: the size of the keyword accumulator.
    rowid_bound: usize,
    /// False for a snapshot whose keyword index kept accents (`LEXICAL_INDEX_V1`).
    folds_accents: bool,
    /// When it was built and how many claims it holds, read once at open: what a read tool's
    /// cursor is tied to.
    generation: String,
    /// What a row read selects: a version 2 snapshot has no supersede columns.
    columns: &'static str,
    /// The superseded claims' rowids, read once at open (a handful): what a search leaves out
    /// unless asked.
    superseded: HashSet<i64>,
    /// Loaded on the first dense search, and shared by every handle opened on the same file
    /// (`with_vectors`), so concurrent searches, each on its own connection, hold one copy.
    vectors: SharedVectors,
}

/// A snapshot's vector index, loaded once and shared by the handles open on one file.
#[derive(Clone, Default)]
pub struct SharedVectors(Arc<OnceLock<VectorIndex>>);

impl SharedVectors {
    /// Whether both are the one index.
    pub fn same_as(&self, other: &SharedVectors) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// Which ranked lists a search may use; both, except in benchmarks that measure one alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lanes {
    pub lexical: bool,
    pub dense: bool,
}

impl Lanes {
    pub const BOTH: Lanes = Lanes { lexical: true, dense: true };
}

/// The best claims for a query, whether more matched, and whether the vector list took part
/// (false when no embedder was given or it is not the model that filled the snapshot).
#[derive(Debug, Clone, PartialEq)]
pub struct Hits {
    pub rows: Vec<SnapshotRow>,
    /// Each row's fused score, in the same order (context packs merge claims with other items by it).
    pub scores: Vec<f64>,
    pub truncated: bool,
    pub dense: bool,
}

struct VectorIndex {
    rowids: Vec<i64>,
    vectors: Vec<i8>,
    dimensions: usize,
}

const ROW_COLUMNS: &str = "claim_id, claim, claim_type, subject, scope, observed_by, status, independent_count, \
     confidence, updated_at, supersedes, superseded_by";
const ROW_COLUMNS_V2: &str = "claim_id, claim, claim_type, subject, scope, observed_by, status, independent_count, \
     confidence, updated_at, NULL, NULL";

impl Snapshot {
    /// Opens a snapshot read-only and checks it is one (schema version 3 or 2, a `claims` table).
    pub fn open(path: &Path) -> Result<Snapshot, Unavailable> {
        if !path.exists() {
            return Err(Unavailable::Missing);
        }
        let unusable = |e: rusqlite::Error| {
            tracing::warn!(path = %path.display(), error = %e, "snapshot unusable");
            Unavailable::Unusable(format!("{} is not a usable snapshot ({e})", path.display()))
        };
        // A snapshot that is a symbolic link is refused, as the cache's other files are.
        let flags =
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX | OpenFlags::SQLITE_OPEN_NOFOLLOW;
        let db = Connection::open_with_flags(path, flags).map_err(unusable)?;
        // Map the file instead of copying pages through read(2); the snapshot is read-only.
        db.execute_batch("PRAGMA mmap_size = 4294967296;").map_err(unusable)?;
        let meta = |key: &str| -> Result<Option<String>, Unavailable> {
            db.query_row("SELECT value FROM snapshot_meta WHERE key = ?1", [key], |r| r.get(0))
                .optional()
                .map_err(unusable)
        };
        let version = meta("schema_version")?;
        let columns = match version.as_deref() {
            Some(SCHEMA_VERSION) => ROW_COLUMNS,
            Some(SCHEMA_VERSION_V2) => ROW_COLUMNS_V2,
            _ => "",
        };
        if columns.is_empty() {
            let why =
                format!("{} has snapshot schema {version:?}, this ctxlake reads {SCHEMA_VERSION}", path.display());
            return Err(Unavailable::Unusable(why));
        }
        let agent_reads_enabled = meta("agent_reads_enabled")?.as_deref() == Some("true");
        let embedding_model = meta("embedding_model")?.unwrap_or_default();
        let embedding_dimensions = meta("embedding_dimensions")?.and_then(|d| d.parse().ok()).unwrap_or(0);
        let folds_accents = meta("lexical_index")?.as_deref() != Some(LEXICAL_INDEX_V1);
        // The id tells apart two snapshots of one time and claim count (a late proposal that
        // only joined a claim); older snapshots have none.
        let generation = format!(
            "{}|{}|{}",
            meta("generated_at")?.unwrap_or_default(),
            meta("claim_count")?.unwrap_or_default(),
            meta("snapshot_id")?.unwrap_or_default()
        );
        let (largest, count): (i64, i64) = db
            .query_row("SELECT coalesce(max(rowid), 0), count(*) FROM claims", [], |r| Ok((r.get(0)?, r.get(1)?)))
            .map_err(unusable)?;
        // The keyword lane scores into an array indexed by rowid, and ctxlake writes rowids
        // 1..=n. A snapshot whose rowids run far past its row count was not written by ctxlake,
        // and would make that array as large as its largest rowid (found by `cache_files`).
        if largest > count.saturating_mul(2).saturating_add(1024) {
            let why = format!("{} has {count} claims but rowids up to {largest}", path.display());
            return Err(Unavailable::Unusable(why));
        }
        let rowid_bound = usize::try_from(largest).unwrap_or(0) + 1;
        let superseded = match columns {
            ROW_COLUMNS => {
                let mut stmt = db.prepare("SELECT rowid FROM claims WHERE visible_to_agents = 2").map_err(unusable)?;
                let rowids = stmt.query_map([], |r| r.get(0)).map_err(unusable)?;
                rowids.collect::<Result<_, _>>().map_err(unusable)?
            }
            _ => HashSet::new(),
        };
        Ok(Snapshot {
            db,
            agent_reads_enabled,
            embedding_model,
            embedding_dimensions,
            rowid_bound,
            folds_accents,
            generation,
            columns,
            superseded,
            vectors: SharedVectors::default(),
        })
    }

    /// This handle's vector index, to share with another handle on the same file.
    pub fn vectors(&self) -> SharedVectors {
        self.vectors.clone()
    }

    /// This handle, sharing `vectors` (another handle's on the same file) instead of loading
    /// its own.
    pub fn with_vectors(mut self, vectors: SharedVectors) -> Snapshot {
        self.vectors = vectors;
        self
    }

    /// False in shadow mode. Only for saying why results are empty: visibility itself is baked
    /// into the rows (`visible_to_agents`), so no read path consults this flag to filter.
    pub fn agent_reads_enabled(&self) -> bool {
        self.agent_reads_enabled
    }

    /// What names this snapshot's contents: its build time, claim count and `snapshot_id` (none
    /// before 2026-12-07). Only compared for equality: cursors, caches and shared vectors.
    pub fn generation(&self) -> &str {
        &self.generation
    }

    /// The model that filled the snapshot's vectors (its meta's `embedding_model`).
    pub fn embedding_model(&self) -> &str {
        &self.embedding_model
    }

    /// Each visible claim's stored vector by its text, when `embedder` is the model that filled
    /// them (none otherwise): what a rebuild carries over instead of embedding the same text
    /// again. A vector of the wrong length is left out.
    pub fn vectors_by_text(&self, embedder: &dyn Embedder) -> Result<HashMap<String, Vec<u8>>, SnapshotError> {
        let mut found = HashMap::new();
        if embedder.model() != self.embedding_model || embedder.dimensions() != self.embedding_dimensions {
            return Ok(found);
        }
        let mut stmt = self
            .db
            .prepare("SELECT c.claim, v.vector FROM claim_vectors v JOIN claims c ON c.rowid = v.claim_rowid")
            .map_err(err)?;
        let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, Vec<u8>>(1)?))).map_err(err)?;
        for row in rows {
            let (claim, vector) = row.map_err(err)?;
            if vector.len() == self.embedding_dimensions {
                found.insert(claim, vector);
            }
        }
        Ok(found)
    }

    /// Every meta key and value, for `ctxlake snapshot inspect`.
    pub fn meta(&self) -> Result<Vec<(String, String)>, SnapshotError> {
        let mut stmt = self.db.prepare("SELECT key, value FROM snapshot_meta ORDER BY key").map_err(err)?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).map_err(err)?;
        rows.collect::<Result<_, _>>().map_err(err)
    }

    /// Claim counts by status, for `ctxlake snapshot inspect`: of every claim folded, from the
    /// meta; a snapshot written before 2026-12-07 held every claim and has no such key.
    pub fn status_counts(&self) -> Result<Vec<(String, i64)>, SnapshotError> {
        let counted: Option<String> = self
            .db
            .query_row("SELECT value FROM snapshot_meta WHERE key = 'status_counts'", [], |r| r.get(0))
            .optional()
            .map_err(err)?;
        if let Some(counted) = counted {
            let counts: BTreeMap<String, i64> = serde_json::from_str(&counted).map_err(|e| {
                SnapshotError::Invalid(format!("the snapshot's status_counts is not a map of counts ({e})"))
            })?;
            return Ok(counts.into_iter().collect());
        }
        let mut stmt =
            self.db.prepare("SELECT status, count(*) FROM claims GROUP BY status ORDER BY status").map_err(err)?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).map_err(err)?;
        rows.collect::<Result<_, _>>().map_err(err)
    }

    /// The best `k` visible claims for `query` with the shipped fusion. `embedder` embeds the
    /// query for the vector list; `None`, or a model other than the snapshot's, leaves the
    /// keyword list alone (`Hits::dense` says which happened).
    pub fn search(
        &self,
        embedder: Option<&dyn Embedder>,
        query: &str,
        filters: &Filters,
        k: usize,
    ) -> Result<Hits, SnapshotError> {
        self.search_with(embedder, query, filters, k, fusion_for(embedder.map(|e| e.model())), Lanes::BOTH)
    }

    /// [`Snapshot::search`] with explicit fusion parameters and lanes. Use this in benchmarks.
    pub fn search_with(
        &self,
        embedder: Option<&dyn Embedder>,
        query: &str,
        filters: &Filters,
        k: usize,
        fusion: &Fusion,
        lanes: Lanes,
    ) -> Result<Hits, SnapshotError> {
        let allowed = if filters.is_empty() { None } else { Some(self.filtered_rowids(filters)?) };
        // An allowed set already says whether superseded claims take part; otherwise they leave
        // both lanes before any cut, so a replaced claim never sets the keyword floor or takes
        // a candidate's place.
        let excluded = match allowed.is_none() && !filters.include_superseded {
            true => &self.superseded,
            false => &HashSet::new(),
        };
        let lexical =
            if lanes.lexical { self.lexical_ranks(query, allowed.as_ref(), excluded, fusion)? } else { vec![] };
        let embedder = embedder.filter(|e| lanes.dense && self.embedded_by(*e));
        let dense = match embedder {
            Some(embedder) => {
                // At most `excluded.len()` of the best are left out: fetch that many more.
                let wanted = fusion.candidates + excluded.len();
                let mut ranked = self.vector_ranks(embedder, query, allowed.as_ref(), wanted)?;
                ranked.retain(|rowid| !excluded.contains(rowid));
                ranked.truncate(fusion.candidates);
                ranked
            }
            None => vec![],
        };
        let mut fused = fuse(&dense, &lexical, fusion);
        let truncated = fused.len() > k;
        fused.truncate(k);
        let rows = fused.iter().map(|(rowid, _)| self.row(*rowid)).collect::<Result<_, _>>()?;
        let scores = fused.iter().map(|(_, score)| *score).collect();
        Ok(Hits { rows, scores, truncated, dense: embedder.is_some() })
    }

    /// Whether `embedder` is the model that filled this snapshot's vectors.
    fn embedded_by(&self, embedder: &dyn Embedder) -> bool {
        let same = embedder.model() == self.embedding_model && embedder.dimensions() == self.embedding_dimensions;
        if !same {
            tracing::warn!(snapshot = %self.embedding_model, query = embedder.model(), "embedding models differ; keyword search only");
        }
        same
    }

    /// Visible `outcome` claims about `subject`, and the superseded ones (the chain of
    /// corrections, each marked), oldest first, updated at or after `since`. A superseded claim
    /// keeps its date, and at an equal second comes before the claims still read.
    pub fn timeline(
        &self,
        subject: &str,
        since: Option<&str>,
        limit: usize,
    ) -> Result<(Vec<SnapshotRow>, bool), SnapshotError> {
        let sql = format!(
            "SELECT {} FROM claims WHERE visible_to_agents IN (1, 2) AND claim_type = 'outcome' AND subject = ?1
             AND (?2 IS NULL OR updated_at >= ?2) ORDER BY updated_at ASC, visible_to_agents DESC, claim_id ASC LIMIT ?3",
            self.columns
        );
        let mut rows = self.rows(&sql, params![subject, since, limit as i64 + 1])?;
        let truncated = rows.len() > limit;
        rows.truncate(limit);
        Ok((rows, truncated))
    }

    /// Visible claims about `subject`, most confident first: a context pack's one-hop neighbours.
    pub fn about_subject(&self, subject: &str, limit: usize) -> Result<Vec<SnapshotRow>, SnapshotError> {
        let sql = format!(
            "SELECT {} FROM claims WHERE visible_to_agents = 1 AND subject = ?1
             ORDER BY confidence DESC, claim_id ASC LIMIT ?2",
            self.columns
        );
        self.rows(&sql, params![subject, limit as i64])
    }

    /// What the fleet's skills are written from: of the visible claims of `types`, how many
    /// each subject has of each type, and the `per` most confident of each type for the
    /// `subjects` subjects with the most (those `allowed` only, when given), by subject.
    pub fn learned(
        &self,
        types: &[&str],
        allowed: Option<&[String]>,
        subjects: usize,
        per: usize,
    ) -> Result<Learned, SnapshotError> {
        let marks = |from: usize, n: usize| (from..from + n).map(|i| format!("?{i}")).collect::<Vec<_>>().join(", ");
        let sql = format!(
            "SELECT subject, claim_type, COUNT(*) FROM claims WHERE visible_to_agents = 1 AND claim_type IN ({})
             GROUP BY subject, claim_type",
            marks(1, types.len())
        );
        let mut stmt = self.db.prepare_cached(&sql).map_err(err)?;
        let counts: Vec<(String, String, i64)> = stmt
            .query_map(rusqlite::params_from_iter(types), |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .map_err(err)?
            .collect::<Result<_, _>>()
            .map_err(err)?;
        let counts: Vec<_> =
            counts.into_iter().filter(|(subject, _, _)| allowed.is_none_or(|a| a.contains(subject))).collect();
        let mut totals: HashMap<&str, i64> = HashMap::new();
        for (subject, _, n) in &counts {
            *totals.entry(subject).or_default() += n;
        }
        let mut chosen: Vec<(&str, i64)> = totals.into_iter().collect();
        chosen.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        chosen.truncate(subjects);
        let chosen: Vec<String> = chosen.into_iter().map(|(subject, _)| subject.to_string()).collect();
        if chosen.is_empty() {
            return Ok(Learned::default());
        }
        let sql = format!(
            "SELECT {columns} FROM (SELECT {columns}, ROW_NUMBER() OVER
               (PARTITION BY subject, claim_type ORDER BY confidence DESC, claim_id ASC) AS rank
             FROM claims WHERE visible_to_agents = 1 AND claim_type IN ({types}) AND subject IN ({subjects}))
             WHERE rank <= ?1 ORDER BY subject ASC, confidence DESC, claim_id ASC",
            columns = self.columns,
            types = marks(2, types.len()),
            subjects = marks(2 + types.len(), chosen.len()),
        );
        let per = per as i64;
        let params = std::iter::once(&per as &dyn rusqlite::ToSql)
            .chain(types.iter().map(|t| t as &dyn rusqlite::ToSql))
            .chain(chosen.iter().map(|s| s as &dyn rusqlite::ToSql));
        let rows = self.rows(&sql, rusqlite::params_from_iter(params))?;
        let counts = counts.into_iter().filter(|(subject, _, _)| chosen.contains(subject)).collect();
        Ok(Learned { rows, counts })
    }

    /// A claim by its id, whatever its status, and whether agents could ever read it (it is
    /// visible, or superseded): what a correction is checked against before it is queued. The
    /// caller says only what an agent may know of a claim it could not read: that it is not one.
    pub fn claim(&self, claim_id: &str) -> Result<Option<(SnapshotRow, bool)>, SnapshotError> {
        let sql = format!("SELECT {} FROM claims WHERE claim_id = ?1", self.columns);
        let Some(row) = self.rows(&sql, params![claim_id])?.pop() else { return Ok(None) };
        let visible: i64 = self
            .db
            .query_row("SELECT visible_to_agents FROM claims WHERE claim_id = ?1", params![claim_id], |r| r.get(0))
            .map_err(err)?;
        Ok(Some((row, visible > 0)))
    }

    /// The visible claims with the highest confidence, for the briefing.
    pub fn top_by_confidence(&self, limit: usize) -> Result<Vec<SnapshotRow>, SnapshotError> {
        let sql = format!(
            "SELECT {} FROM claims WHERE visible_to_agents = 1 ORDER BY confidence DESC, claim_id ASC LIMIT ?1",
            self.columns
        );
        self.rows(&sql, params![limit as i64])
    }

    fn lexical_ranks(
        &self,
        query: &str,
        allowed: Option<&HashSet<i64>>,
        excluded: &HashSet<i64>,
        fusion: &Fusion,
    ) -> Result<Vec<i64>, SnapshotError> {
        let terms = if self.folds_accents { query_terms(query) } else { query_terms_unfolded(query) };
        if terms.is_empty() {
            return Ok(vec![]);
        }
        let mut scores = vec![0.0f32; self.rowid_bound];
        let mut touched: Vec<u32> = Vec::new();
        let mut stmt = self.db.prepare_cached("SELECT postings FROM lexical_postings WHERE term = ?1").map_err(err)?;
        for term in terms {
            stmt.query_row([term], |r| {
                accumulate(r.get_ref(0)?.as_blob()?, &mut scores, &mut touched);
                Ok(())
            })
            .optional()
            .map_err(err)?;
        }
        let scored: Vec<(f32, i64)> = touched
            .into_iter()
            .map(|rowid| (scores[rowid as usize], i64::from(rowid)))
            .filter(|(_, rowid)| allowed.is_none_or(|set| set.contains(rowid)) && !excluded.contains(rowid))
            .collect();
        Ok(keep_strong(scored, fusion))
    }

    fn vector_ranks(
        &self,
        embedder: &dyn Embedder,
        query: &str,
        allowed: Option<&HashSet<i64>>,
        candidates: usize,
    ) -> Result<Vec<i64>, SnapshotError> {
        let index = match self.vectors.0.get() {
            Some(index) => index,
            None => {
                let loaded = self.load_vectors(embedder.dimensions())?;
                self.vectors.0.get_or_init(|| loaded)
            }
        };
        let query = quantize(&embedder.embed(query));
        if query.len() != index.dimensions {
            return Ok(vec![]);
        }
        // A lexical query vector has a handful of non-zero dimensions: scoring only those is the
        // same dot product at a fraction of the cost. Dense (model) queries take the full dot.
        let nonzero: Vec<(usize, i32)> =
            query.iter().enumerate().filter(|(_, q)| **q != 0).map(|(d, q)| (d, i32::from(*q))).collect();
        let sparse = nonzero.len() * 4 <= index.dimensions;
        let score = |vector: &[i8]| -> i32 {
            if sparse { nonzero.iter().map(|&(d, q)| q * i32::from(vector[d])).sum() } else { dot_i8(&query, vector) }
        };
        let vector_of =
            |position: usize| &index.vectors[position * index.dimensions..(position + 1) * index.dimensions];
        let mut best = Best::new(candidates);
        let mut consider = |position: usize, value: i32| {
            if value > 0 {
                best.offer(value, index.rowids[position]);
            }
        };
        match allowed {
            // Filtered: visit only the allowed rows (the index is in rowid order).
            Some(set) => set
                .iter()
                .filter_map(|rowid| index.rowids.binary_search(rowid).ok())
                .for_each(|position| consider(position, score(vector_of(position)))),
            None if !sparse => dot_i8_each(&query, &index.vectors, &mut consider),
            None => (0..index.rowids.len()).for_each(|position| consider(position, score(vector_of(position)))),
        }
        Ok(best.into_rowids())
    }

    fn load_vectors(&self, dimensions: usize) -> Result<VectorIndex, SnapshotError> {
        let mut stmt =
            self.db.prepare("SELECT claim_rowid, vector FROM claim_vectors ORDER BY claim_rowid").map_err(err)?;
        let mut rows = stmt.query([]).map_err(err)?;
        let (mut rowids, mut vectors) = (vec![], vec![]);
        while let Some(row) = rows.next().map_err(err)? {
            let blob = row.get_ref(1).map_err(err)?.as_blob().unwrap_or_default();
            if blob.len() != dimensions {
                continue;
            }
            rowids.push(row.get(0).map_err(err)?);
            vectors.extend(blob.iter().map(|&b| b as i8));
        }
        Ok(VectorIndex { rowids, vectors, dimensions })
    }

    fn filtered_rowids(&self, filters: &Filters) -> Result<HashSet<i64>, SnapshotError> {
        let mut stmt = self
            .db
            .prepare_cached(
                "SELECT rowid FROM claims WHERE (visible_to_agents = 1 OR (?4 AND visible_to_agents = 2))
                 AND (?1 IS NULL OR scope = ?1) AND (?2 IS NULL OR subject = ?2) AND (?3 IS NULL OR claim_type = ?3)",
            )
            .map_err(err)?;
        let wanted = params![filters.scope, filters.subject, filters.claim_type, filters.include_superseded];
        let ids = stmt.query_map(wanted, |r| r.get(0)).map_err(err)?;
        ids.collect::<Result<_, _>>().map_err(err)
    }

    fn row(&self, rowid: i64) -> Result<SnapshotRow, SnapshotError> {
        let sql = format!("SELECT {} FROM claims WHERE rowid = ?1", self.columns);
        let mut rows = self.rows(&sql, params![rowid])?;
        rows.pop().ok_or_else(|| SnapshotError::Invalid(format!("claim row {rowid} vanished")))
    }

    fn rows(&self, sql: &str, params: impl rusqlite::Params) -> Result<Vec<SnapshotRow>, SnapshotError> {
        let mut stmt = self.db.prepare_cached(sql).map_err(err)?;
        let rows = stmt
            .query_map(params, |r| {
                Ok(SnapshotRow {
                    claim_id: r.get(0)?,
                    claim: r.get(1)?,
                    claim_type: r.get(2)?,
                    subject: r.get(3)?,
                    scope: r.get(4)?,
                    observed_by: r.get(5)?,
                    status: r.get(6)?,
                    independent_count: r.get(7)?,
                    confidence: r.get(8)?,
                    updated_at: r.get(9)?,
                    supersedes: r.get(10)?,
                    superseded_by: r.get(11)?,
                })
            })
            .map_err(err)?;
        rows.collect::<Result<_, _>>().map_err(err)
    }
}

fn err(source: rusqlite::Error) -> SnapshotError {
    SnapshotError::Sqlite { path: "snapshot".to_string(), source }
}
