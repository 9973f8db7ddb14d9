//! Read-only access to a snapshot file: hybrid search, the outcome timeline of a subject, and
//! the top claims for the briefing. Only rows the writer marked visible are ever returned.
//!
//! Search fuses two ranked lists with reciprocal-rank fusion (score = Σ 1/(60 + rank)): FTS5
//! bm25 over the query's word tokens (each quoted, OR-ed: no query text is ever FTS syntax), and
//! cosine similarity of the query's embedding against every visible claim's vector, held in
//! memory as signed bytes after the first search (256 bytes per claim).

use crate::embed::{Embedder, dot_i8, quantize, tokens};
use crate::snapshot::{SCHEMA_VERSION, SnapshotError};
use rusqlite::{Connection, OpenFlags, OptionalExtension, params};
use std::cell::OnceCell;
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// How many hits each ranked list contributes before fusion.
const CANDIDATES_PER_LIST: usize = 1000;
/// The reciprocal-rank fusion constant (Cormack et al.'s 60).
const RRF_K: f64 = 60.0;
/// Query tokens beyond this are ignored.
const MAX_QUERY_TOKENS: usize = 32;

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
}

/// Exact-match filters; `None` matches everything.
#[derive(Debug, Default, Clone)]
pub struct Filters {
    pub scope: Option<String>,
    pub subject: Option<String>,
    pub claim_type: Option<String>,
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
    vectors: OnceCell<VectorIndex>,
}

struct VectorIndex {
    rowids: Vec<i64>,
    vectors: Vec<i8>,
    dimensions: usize,
}

const ROW_COLUMNS: &str =
    "claim_id, claim, claim_type, subject, scope, observed_by, status, independent_count, confidence, updated_at";

impl Snapshot {
    /// Opens a snapshot read-only and checks it is one (schema version 1, a `claims` table).
    pub fn open(path: &Path) -> Result<Snapshot, Unavailable> {
        if !path.exists() {
            return Err(Unavailable::Missing);
        }
        let unusable = |e: rusqlite::Error| {
            tracing::warn!(path = %path.display(), error = %e, "snapshot unusable");
            Unavailable::Unusable(format!("{} is not a usable snapshot ({e})", path.display()))
        };
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let db = Connection::open_with_flags(path, flags).map_err(unusable)?;
        // Map the file instead of copying pages through read(2); the snapshot is read-only.
        db.execute_batch("PRAGMA mmap_size = 4294967296;").map_err(unusable)?;
        let meta = |key: &str| -> Result<Option<String>, Unavailable> {
            db.query_row("SELECT value FROM snapshot_meta WHERE key = ?1", [key], |r| r.get(0))
                .optional()
                .map_err(unusable)
        };
        let version = meta("schema_version")?;
        if version.as_deref() != Some(SCHEMA_VERSION) {
            let why =
                format!("{} has snapshot schema {version:?}, this ctxlake reads {SCHEMA_VERSION}", path.display());
            return Err(Unavailable::Unusable(why));
        }
        let agent_reads_enabled = meta("agent_reads_enabled")?.as_deref() == Some("true");
        let embedding_model = meta("embedding_model")?.unwrap_or_default();
        db.prepare("SELECT claim_id FROM claims LIMIT 1").map_err(unusable)?;
        Ok(Snapshot { db, agent_reads_enabled, embedding_model, vectors: OnceCell::new() })
    }

    /// False in shadow mode. Only for saying why results are empty: visibility itself is baked
    /// into the rows (`visible_to_agents`), so no read path consults this flag to filter.
    pub fn agent_reads_enabled(&self) -> bool {
        self.agent_reads_enabled
    }

    /// Every meta key and value, for `ctxlake snapshot inspect`.
    pub fn meta(&self) -> Result<Vec<(String, String)>, SnapshotError> {
        let mut stmt = self.db.prepare("SELECT key, value FROM snapshot_meta ORDER BY key").map_err(err)?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).map_err(err)?;
        rows.collect::<Result<_, _>>().map_err(err)
    }

    /// Claim counts by status, for `ctxlake snapshot inspect`.
    pub fn status_counts(&self) -> Result<Vec<(String, i64)>, SnapshotError> {
        let mut stmt =
            self.db.prepare("SELECT status, count(*) FROM claims GROUP BY status ORDER BY status").map_err(err)?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).map_err(err)?;
        rows.collect::<Result<_, _>>().map_err(err)
    }

    /// The best `k` visible claims for `query`, and whether more matched.
    pub fn search(
        &self,
        embedder: &dyn Embedder,
        query: &str,
        filters: &Filters,
        k: usize,
    ) -> Result<(Vec<SnapshotRow>, bool), SnapshotError> {
        let lexical = self.lexical_ranks(query, filters)?;
        let vector = self.vector_ranks(embedder, query, filters)?;
        let mut scores: HashMap<i64, f64> = HashMap::new();
        for list in [&lexical, &vector] {
            for (rank, rowid) in list.iter().enumerate() {
                *scores.entry(*rowid).or_default() += 1.0 / (RRF_K + rank as f64 + 1.0);
            }
        }
        let mut fused: Vec<(i64, f64)> = scores.into_iter().collect();
        fused.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let truncated = fused.len() > k;
        fused.truncate(k);
        let rows = fused.iter().map(|(rowid, _)| self.row(*rowid)).collect::<Result<_, _>>()?;
        Ok((rows, truncated))
    }

    /// Visible `outcome` claims about `subject`, oldest first, updated at or after `since`.
    pub fn timeline(
        &self,
        subject: &str,
        since: Option<&str>,
        limit: usize,
    ) -> Result<(Vec<SnapshotRow>, bool), SnapshotError> {
        let sql = format!(
            "SELECT {ROW_COLUMNS} FROM claims WHERE visible_to_agents = 1 AND claim_type = 'outcome' AND subject = ?1
             AND (?2 IS NULL OR updated_at >= ?2) ORDER BY updated_at ASC, claim_id ASC LIMIT ?3"
        );
        let mut rows = self.rows(&sql, params![subject, since, limit as i64 + 1])?;
        let truncated = rows.len() > limit;
        rows.truncate(limit);
        Ok((rows, truncated))
    }

    /// The visible claims with the highest confidence, for the briefing.
    pub fn top_by_confidence(&self, limit: usize) -> Result<Vec<SnapshotRow>, SnapshotError> {
        let sql = format!(
            "SELECT {ROW_COLUMNS} FROM claims WHERE visible_to_agents = 1 ORDER BY confidence DESC, claim_id ASC LIMIT ?1"
        );
        self.rows(&sql, params![limit as i64])
    }

    fn lexical_ranks(&self, query: &str, filters: &Filters) -> Result<Vec<i64>, SnapshotError> {
        let mut words: Vec<String> = vec![];
        for token in tokens(query) {
            if !words.contains(&token) && words.len() < MAX_QUERY_TOKENS {
                words.push(token);
            }
        }
        if words.is_empty() {
            return Ok(vec![]);
        }
        let expression =
            words.iter().map(|w| format!("\"{}\"", w.replace('"', "\"\""))).collect::<Vec<_>>().join(" OR ");
        // Only visible claims are in the FTS index, so without filters no join is needed.
        let sql = if filters.is_empty() {
            "SELECT rowid FROM claims_fts WHERE claims_fts MATCH ?1
             AND ?2 IS NULL AND ?3 IS NULL AND ?4 IS NULL ORDER BY bm25(claims_fts) LIMIT ?5"
        } else {
            "SELECT c.rowid FROM claims_fts JOIN claims c ON c.rowid = claims_fts.rowid
             WHERE claims_fts MATCH ?1 AND c.visible_to_agents = 1
             AND (?2 IS NULL OR c.scope = ?2) AND (?3 IS NULL OR c.subject = ?3) AND (?4 IS NULL OR c.claim_type = ?4)
             ORDER BY bm25(claims_fts) LIMIT ?5"
        };
        let mut stmt = self.db.prepare_cached(sql).map_err(err)?;
        let ids = stmt
            .query_map(
                params![expression, filters.scope, filters.subject, filters.claim_type, CANDIDATES_PER_LIST as i64],
                |r| r.get(0),
            )
            .map_err(err)?;
        ids.collect::<Result<_, _>>().map_err(err)
    }

    fn vector_ranks(&self, embedder: &dyn Embedder, query: &str, filters: &Filters) -> Result<Vec<i64>, SnapshotError> {
        if embedder.model() != self.embedding_model {
            tracing::warn!(snapshot = %self.embedding_model, query = embedder.model(), "embedding models differ; lexical search only");
            return Ok(vec![]);
        }
        let index = match self.vectors.get() {
            Some(index) => index,
            None => {
                let loaded = self.load_vectors(embedder.dimensions())?;
                self.vectors.get_or_init(|| loaded)
            }
        };
        let query = quantize(&embedder.embed(query));
        let allowed = if filters.is_empty() { None } else { Some(self.filtered_rowids(filters)?) };
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
        let mut scored: Vec<(i32, i64)> = Vec::new();
        let mut consider = |position: usize| {
            let value = score(vector_of(position));
            if value > 0 {
                scored.push((value, index.rowids[position]));
            }
        };
        match &allowed {
            // Filtered: visit only the allowed rows (the index is in rowid order).
            Some(set) => set.iter().filter_map(|rowid| index.rowids.binary_search(rowid).ok()).for_each(&mut consider),
            None => (0..index.rowids.len()).for_each(&mut consider),
        }
        let by_score = |a: &(i32, i64), b: &(i32, i64)| b.0.cmp(&a.0).then(a.1.cmp(&b.1));
        if scored.len() > CANDIDATES_PER_LIST {
            scored.select_nth_unstable_by(CANDIDATES_PER_LIST, by_score);
            scored.truncate(CANDIDATES_PER_LIST);
        }
        scored.sort_by(by_score);
        Ok(scored.into_iter().map(|(_, rowid)| rowid).collect())
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
                "SELECT rowid FROM claims WHERE visible_to_agents = 1
                 AND (?1 IS NULL OR scope = ?1) AND (?2 IS NULL OR subject = ?2) AND (?3 IS NULL OR claim_type = ?3)",
            )
            .map_err(err)?;
        let ids =
            stmt.query_map(params![filters.scope, filters.subject, filters.claim_type], |r| r.get(0)).map_err(err)?;
        ids.collect::<Result<_, _>>().map_err(err)
    }

    fn row(&self, rowid: i64) -> Result<SnapshotRow, SnapshotError> {
        let sql = format!("SELECT {ROW_COLUMNS} FROM claims WHERE rowid = ?1");
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
                })
            })
            .map_err(err)?;
        rows.collect::<Result<_, _>>().map_err(err)
    }
}

fn err(source: rusqlite::Error) -> SnapshotError {
    SnapshotError::Sqlite { path: "snapshot".to_string(), source }
}
