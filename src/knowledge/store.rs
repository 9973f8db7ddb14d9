//! `kb.sqlite`: every record with its review status, the keyword postings and the vectors of
//! the approved ones (rebuilt in the same transaction as any change to that set, so a reader
//! never sees an index of another set), and anonymous feedback. One transaction per imported
//! file: a file is in whole or not at all.

use crate::embed::{Embedder, quantize};
use crate::knowledge::import::{ImportError, parse};
use crate::knowledge::search::{Base, postings_of};
use crate::knowledge::{Report, embed_all, embedded_text};
use crate::spec::wire::kb_record::{KbRecord, KbRecordStatus};
use rusqlite::{Connection, OptionalExtension, params};
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS kb_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS records (
    rowid INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    slug TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL CHECK (status IN ('draft', 'approved', 'deprecated')),
    content_version INTEGER NOT NULL,
    content_hash TEXT NOT NULL,
    body TEXT NOT NULL
);
-- The approved body of a record an import edited since (it is a draft until approved again):
-- what the owner's review diffs the draft against. Gone once the record is approved again.
CREATE TABLE IF NOT EXISTS approved_versions (id TEXT PRIMARY KEY, body TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS lexical_postings (term TEXT PRIMARY KEY, postings BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS record_vectors (record_rowid INTEGER PRIMARY KEY, vector BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS feedback (
    rowid INTEGER PRIMARY KEY,
    day TEXT NOT NULL,
    category TEXT NOT NULL,
    record_id TEXT,
    source TEXT NOT NULL,
    comment TEXT
);
";
/// The store's format, in `kb_meta`; another value is refused rather than misread.
pub const STORE_VERSION: &str = "1";

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{path}: {source}")]
    Sqlite { path: String, source: rusqlite::Error },
    #[error(transparent)]
    Import(#[from] ImportError),
    #[error("{0}")]
    Invalid(String),
}

/// What one imported file changed.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Imported {
    pub added: usize,
    pub edited: usize,
    pub unchanged: usize,
    pub approved: usize,
}

/// A row of `ctxlake kb list`.
#[derive(Debug, Clone, PartialEq)]
pub struct Listed {
    pub id: String,
    pub slug: String,
    pub status: String,
    pub content_version: i64,
    pub title: String,
}

/// One piece of anonymous feedback: nothing that names who sent it.
#[derive(Debug, Clone, PartialEq)]
pub struct Feedback {
    pub category: String,
    pub record_id: Option<String>,
    pub source: String,
    pub comment: Option<String>,
}

pub struct Store {
    db: Connection,
    path: PathBuf,
}

impl Store {
    /// Opens (creating, with its parent folder) the store at `path`.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)
                .map_err(|e| StoreError::Invalid(format!("cannot create {}: {e}", parent.display())))?;
        }
        let db = Connection::open(path).map_err(|e| sqlite(path, e))?;
        let store = Store { db, path: path.to_path_buf() };
        store.db.busy_timeout(std::time::Duration::from_secs(5)).map_err(|e| store.err(e))?;
        store.db.execute_batch(SCHEMA).map_err(|e| store.err(e))?;
        match store.meta("store_version")? {
            None => store.set_meta("store_version", STORE_VERSION)?,
            Some(v) if v == STORE_VERSION => {}
            Some(v) => {
                return Err(StoreError::Invalid(format!(
                    "{} has knowledge store version {v}, this ctxlake reads {STORE_VERSION}",
                    path.display()
                )));
            }
        }
        Ok(store)
    }

    fn err(&self, e: rusqlite::Error) -> StoreError {
        sqlite(&self.path, e)
    }

    fn meta(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.db
            .query_row("SELECT value FROM kb_meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()
            .map_err(|e| self.err(e))
    }

    fn set_meta(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.db
            .execute(
                "INSERT INTO kb_meta (key, value) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET value = ?2",
                [key, value],
            )
            .map(drop)
            .map_err(|e| self.err(e))
    }

    /// How many records the store holds, whatever their status: a store with none is not yet
    /// a knowledge base, and the starter base is served instead.
    pub fn record_count(&self) -> Result<usize, StoreError> {
        let n: i64 = self.db.query_row("SELECT count(*) FROM records", [], |r| r.get(0)).map_err(|e| self.err(e))?;
        Ok(usize::try_from(n).unwrap_or(0))
    }

    /// Imports one file's text (named `file` in errors): every record is parsed and checked
    /// first, then all are written in one transaction, or none. A record is approved only when
    /// it says `"status": "approved"` and `approve` is true; a known id with other content is
    /// an edit: its content_version is bumped and it goes back to draft unless so approved.
    pub fn import(
        &mut self,
        file: &str,
        text: &str,
        approve: bool,
        embedder: Option<&dyn Embedder>,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<Imported, StoreError> {
        let parsed = parse(file, text)?;
        let path = self.path.clone();
        let tx = self.db.transaction().map_err(|e| sqlite(&path, e))?;
        let mut summary = Imported::default();
        for item in parsed {
            let mut record = item.record;
            let hash = content_hash(&record);
            let wants_approval = approve && record.status == KbRecordStatus::Approved;
            let known: Option<(i64, String, String)> = tx
                .query_row(
                    "SELECT content_version, content_hash, slug FROM records WHERE id = ?1",
                    [&*record.id],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                )
                .optional()
                .map_err(|e| sqlite(&path, e))?;
            let taken: Option<String> = tx
                .query_row("SELECT id FROM records WHERE slug = ?1 AND id != ?2", [&*record.slug, &*record.id], |r| {
                    r.get(0)
                })
                .optional()
                .map_err(|e| sqlite(&path, e))?;
            if let Some(other) = taken {
                return Err(StoreError::Import(ImportError {
                    file: file.to_string(),
                    line: item.line,
                    pointer: "/slug".into(),
                    reason: format!("slug {} already names record {other}", *record.slug),
                }));
            }
            match known {
                Some((_, known_hash, _)) if known_hash == hash => {
                    summary.unchanged += 1;
                    if wants_approval {
                        let changed = tx
                            .execute(
                                "UPDATE records SET status = 'approved', body = json_set(body, '$.status', 'approved', '$.approved_at', ?2) WHERE id = ?1 AND status != 'approved'",
                                params![&*record.id, stamp(now)],
                            )
                            .map_err(|e| sqlite(&path, e))?;
                        summary.approved += changed;
                        tx.execute("DELETE FROM approved_versions WHERE id = ?1", [&*record.id])
                            .map_err(|e| sqlite(&path, e))?;
                    }
                    continue;
                }
                Some((version, _, _)) => {
                    record.content_version = next_version(version);
                    summary.edited += 1;
                    // Keep what was approved, for the review's diff (a second edit keeps the first's).
                    tx.execute(
                        "INSERT OR REPLACE INTO approved_versions (id, body)
                         SELECT id, body FROM records WHERE id = ?1 AND status = 'approved'",
                        [&*record.id],
                    )
                    .map_err(|e| sqlite(&path, e))?;
                }
                None => summary.added += 1,
            }
            if wants_approval {
                record.approved_at = Some(now);
                summary.approved += 1;
                tx.execute("DELETE FROM approved_versions WHERE id = ?1", [&*record.id])
                    .map_err(|e| sqlite(&path, e))?;
            } else {
                record.status = KbRecordStatus::Draft;
                record.approved_at = None;
            }
            let body = serde_json::to_string(&record).map_err(|e| StoreError::Invalid(e.to_string()))?;
            tx.execute(
                "INSERT INTO records (id, slug, status, content_version, content_hash, body) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT(id) DO UPDATE SET slug = ?2, status = ?3, content_version = ?4, content_hash = ?5, body = ?6",
                params![&*record.id, &*record.slug, record.status.to_string(), record.content_version.get() as i64, hash, body],
            )
            .map_err(|e| sqlite(&path, e))?;
            // New content needs a new vector; reindex makes the missing ones.
            tx.execute(
                "DELETE FROM record_vectors WHERE record_rowid = (SELECT rowid FROM records WHERE id = ?1)",
                [&*record.id],
            )
            .map_err(|e| sqlite(&path, e))?;
        }
        reindex(&tx, &path, embedder)?;
        tx.commit().map_err(|e| sqlite(&path, e))?;
        Ok(summary)
    }

    /// Sets a record's status (by id or slug); approving stamps `approved_at`. Returns false
    /// when no record has that id or slug.
    pub fn set_status(
        &mut self,
        key: &str,
        status: KbRecordStatus,
        embedder: Option<&dyn Embedder>,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<bool, StoreError> {
        let path = self.path.clone();
        let tx = self.db.transaction().map_err(|e| sqlite(&path, e))?;
        let approved_at = if status == KbRecordStatus::Approved { Value::String(stamp(now)) } else { Value::Null };
        let changed = tx
            .execute(
                "UPDATE records SET status = ?2, body = json_set(body, '$.status', ?2, '$.approved_at', json(?3))
                 WHERE id = ?1 OR (slug = ?1 AND NOT EXISTS (SELECT 1 FROM records WHERE id = ?1))",
                params![key, status.to_string(), approved_at.to_string()],
            )
            .map_err(|e| sqlite(&path, e))?;
        if status == KbRecordStatus::Approved {
            tx.execute(
                "DELETE FROM approved_versions WHERE id IN (SELECT id FROM records
                 WHERE id = ?1 OR (slug = ?1 AND NOT EXISTS (SELECT 1 FROM records WHERE id = ?1)))",
                [key],
            )
            .map_err(|e| sqlite(&path, e))?;
        }
        reindex(&tx, &path, embedder)?;
        tx.commit().map_err(|e| sqlite(&path, e))?;
        Ok(changed > 0)
    }

    /// The approved version of record `id` that an import has since edited (the record is a
    /// draft until approved again), if any: what a review diffs the draft against.
    pub fn approved_version(&self, id: &str) -> Result<Option<KbRecord>, StoreError> {
        let body: Option<String> = self
            .db
            .query_row("SELECT body FROM approved_versions WHERE id = ?1", [id], |r| r.get(0))
            .optional()
            .map_err(|e| self.err(e))?;
        body.map(|b| decode(&b)).transpose()
    }

    /// Every record, or those of one status, in import order.
    pub fn list(&self, status: Option<KbRecordStatus>) -> Result<Vec<Listed>, StoreError> {
        let mut stmt = self
            .db
            .prepare(
                "SELECT id, slug, status, content_version, json_extract(body, '$.title') FROM records
                 WHERE ?1 IS NULL OR status = ?1 ORDER BY rowid",
            )
            .map_err(|e| self.err(e))?;
        let rows = stmt
            .query_map([status.map(|s| s.to_string())], |r| {
                Ok(Listed {
                    id: r.get(0)?,
                    slug: r.get(1)?,
                    status: r.get(2)?,
                    content_version: r.get(3)?,
                    title: r.get::<_, Option<String>>(4)?.unwrap_or_default(),
                })
            })
            .map_err(|e| self.err(e))?;
        rows.collect::<Result<_, _>>().map_err(|e| self.err(e))
    }

    /// One record by id or slug, whatever its status.
    pub fn show(&self, key: &str) -> Result<Option<KbRecord>, StoreError> {
        let body: Option<String> = self
            .db
            .query_row(
                "SELECT body FROM records WHERE id = ?1 UNION ALL SELECT body FROM records WHERE slug = ?1 LIMIT 1",
                [key],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| self.err(e))?;
        body.map(|b| decode(&b)).transpose()
    }

    /// Every record, whatever its status, in import order (what `ctxlake kb export` writes).
    pub fn all(&self) -> Result<Vec<KbRecord>, StoreError> {
        self.bodies("SELECT body FROM records ORDER BY rowid")
    }

    fn bodies(&self, sql: &str) -> Result<Vec<KbRecord>, StoreError> {
        let mut stmt = self.db.prepare(sql).map_err(|e| self.err(e))?;
        let bodies = stmt.query_map([], |r| r.get::<_, String>(0)).map_err(|e| self.err(e))?;
        let bodies: Vec<String> = bodies.collect::<Result<_, _>>().map_err(|e| self.err(e))?;
        bodies.iter().map(|b| decode(b)).collect()
    }

    /// The approved records and their stored index, as a searchable base. Vectors made by
    /// another model than `embedder` are remade in memory (and the store is left as it is).
    pub fn load(&self, embedder: Option<&'static dyn Embedder>, report: Report<'_>) -> Result<Base, StoreError> {
        let records = self.bodies("SELECT body FROM records WHERE status = 'approved' ORDER BY rowid")?;
        let mut stmt = self.db.prepare("SELECT term, postings FROM lexical_postings").map_err(|e| self.err(e))?;
        let postings: HashMap<String, Vec<u8>> = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .map_err(|e| self.err(e))?
            .collect::<Result<_, _>>()
            .map_err(|e| self.err(e))?;
        let Some(embedder) = embedder else { return Ok(Base::from_parts(records, Some(postings), vec![], None)) };
        if self.meta("embedding_model")?.as_deref() != Some(embedder.model()) {
            tracing::info!(model = embedder.model(), "knowledge vectors made by another model; embedding in memory");
            let vectors = embed_all(&records, embedder, report);
            return Ok(Base::from_parts(records, Some(postings), vectors, Some(embedder)));
        }
        let mut stmt = self
            .db
            .prepare(
                "SELECT v.vector FROM records r JOIN record_vectors v ON v.record_rowid = r.rowid
                 WHERE r.status = 'approved' ORDER BY r.rowid",
            )
            .map_err(|e| self.err(e))?;
        let blobs: Vec<Vec<u8>> = stmt
            .query_map([], |r| r.get(0))
            .map_err(|e| self.err(e))?
            .collect::<Result<_, _>>()
            .map_err(|e| self.err(e))?;
        let vectors: Vec<i8> = blobs.iter().flatten().map(|&b| b as i8).collect();
        Ok(Base::from_parts(records, Some(postings), vectors, Some(embedder)))
    }

    /// Stores one piece of feedback, dated to the day only. The caller has redacted the comment.
    pub fn add_feedback(&self, feedback: &Feedback, now: chrono::DateTime<chrono::Utc>) -> Result<(), StoreError> {
        self.db
            .execute(
                "INSERT INTO feedback (day, category, record_id, source, comment) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    now.format("%Y-%m-%d").to_string(),
                    feedback.category,
                    feedback.record_id,
                    feedback.source,
                    feedback.comment
                ],
            )
            .map(drop)
            .map_err(|e| self.err(e))
    }

    /// Every stored feedback row, oldest first (for the owner, and for tests).
    pub fn feedback(&self) -> Result<Vec<Feedback>, StoreError> {
        let mut stmt = self
            .db
            .prepare("SELECT category, record_id, source, comment FROM feedback ORDER BY rowid")
            .map_err(|e| self.err(e))?;
        let rows = stmt
            .query_map([], |r| {
                Ok(Feedback { category: r.get(0)?, record_id: r.get(1)?, source: r.get(2)?, comment: r.get(3)? })
            })
            .map_err(|e| self.err(e))?;
        rows.collect::<Result<_, _>>().map_err(|e| self.err(e))
    }
}

/// Rebuilds the postings and vectors of the approved set inside the caller's transaction.
/// Postings are keyed by the position of a record among the approved ones in rowid order, the
/// order [`Store::load`] reads them in.
fn reindex(tx: &rusqlite::Transaction<'_>, path: &Path, embedder: Option<&dyn Embedder>) -> Result<(), StoreError> {
    let mut stmt = tx
        .prepare("SELECT rowid, body FROM records WHERE status = 'approved' ORDER BY rowid")
        .map_err(|e| sqlite(path, e))?;
    let rows: Vec<(i64, String)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .map_err(|e| sqlite(path, e))?
        .collect::<Result<_, _>>()
        .map_err(|e| sqlite(path, e))?;
    drop(stmt);
    let records: Vec<(i64, KbRecord)> =
        rows.iter().map(|(rowid, body)| decode(body).map(|r| (*rowid, r))).collect::<Result<_, _>>()?;
    let plain: Vec<KbRecord> = records.iter().map(|(_, r)| r.clone()).collect();
    tx.execute("DELETE FROM lexical_postings", []).map_err(|e| sqlite(path, e))?;
    for (term, blob) in postings_of(&plain) {
        tx.execute("INSERT INTO lexical_postings (term, postings) VALUES (?1, ?2)", params![term, blob])
            .map_err(|e| sqlite(path, e))?;
    }
    let model = embedder.map_or("none", |e| e.model());
    let known: Option<String> = tx
        .query_row("SELECT value FROM kb_meta WHERE key = 'embedding_model'", [], |r| r.get(0))
        .optional()
        .map_err(|e| sqlite(path, e))?;
    if known.as_deref() != Some(model) {
        tx.execute("DELETE FROM record_vectors", []).map_err(|e| sqlite(path, e))?;
        tx.execute(
            "INSERT INTO kb_meta (key, value) VALUES ('embedding_model', ?1) ON CONFLICT(key) DO UPDATE SET value = ?1",
            [model],
        )
        .map_err(|e| sqlite(path, e))?;
    }
    // Vectors of records that left the approved set go; those of new content were dropped on import.
    tx.execute(
        "DELETE FROM record_vectors WHERE record_rowid NOT IN (SELECT rowid FROM records WHERE status = 'approved')",
        [],
    )
    .map_err(|e| sqlite(path, e))?;
    let Some(embedder) = embedder else { return Ok(()) };
    let mut stmt = tx.prepare("SELECT record_rowid FROM record_vectors").map_err(|e| sqlite(path, e))?;
    let have: std::collections::HashSet<i64> = stmt
        .query_map([], |r| r.get(0))
        .map_err(|e| sqlite(path, e))?
        .collect::<Result<_, _>>()
        .map_err(|e| sqlite(path, e))?;
    drop(stmt);
    for (rowid, record) in records.iter().filter(|(rowid, _)| !have.contains(rowid)) {
        let vector: Vec<u8> = quantize(&embedder.embed(&embedded_text(record))).iter().map(|&b| b as u8).collect();
        tx.execute(
            "INSERT INTO record_vectors (record_rowid, vector) VALUES (?1, ?2)
             ON CONFLICT(record_rowid) DO UPDATE SET vector = ?2",
            params![rowid, vector],
        )
        .map_err(|e| sqlite(path, e))?;
    }
    Ok(())
}

fn next_version(version: i64) -> std::num::NonZeroU64 {
    let next = u64::try_from(version).unwrap_or(0).saturating_add(1);
    std::num::NonZeroU64::new(next).unwrap_or(std::num::NonZeroU64::MIN)
}

/// A record's content, independent of its review state: the sha256 of its canonical JSON
/// without status, content_version and approved_at.
pub fn content_hash(record: &KbRecord) -> String {
    use sha2::{Digest, Sha256};
    let mut value = serde_json::to_value(record).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut value {
        for key in ["status", "content_version", "approved_at"] {
            map.remove(key);
        }
    }
    format!("{:x}", Sha256::digest(canonical(&value).as_bytes()))
}

/// JSON with object keys sorted at every depth, so equal content hashes equally.
fn canonical(value: &Value) -> String {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            let fields: Vec<String> =
                keys.iter().map(|k| format!("{}:{}", Value::String((*k).clone()), canonical(&map[*k]))).collect();
            format!("{{{}}}", fields.join(","))
        }
        Value::Array(items) => format!("[{}]", items.iter().map(canonical).collect::<Vec<_>>().join(",")),
        other => other.to_string(),
    }
}

fn stamp(now: chrono::DateTime<chrono::Utc>) -> String {
    now.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

fn decode(body: &str) -> Result<KbRecord, StoreError> {
    serde_json::from_str(body).map_err(|e| StoreError::Invalid(format!("a stored record does not decode: {e}")))
}

fn sqlite(path: &Path, source: rusqlite::Error) -> StoreError {
    StoreError::Sqlite { path: path.display().to_string(), source }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::import::tests::record;
    use crate::knowledge::search::Query;
    use serde_json::json;

    fn now() -> chrono::DateTime<chrono::Utc> {
        "2026-11-01T00:00:00Z".parse().expect("a time")
    }

    fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::open(&dir.path().join("kb.sqlite")).expect("opens");
        (dir, store)
    }

    fn approved(id: &str, slug: &str) -> Value {
        let mut r = record(id, slug);
        r["status"] = json!("approved");
        r
    }

    fn statuses(store: &Store) -> Vec<(String, String, i64)> {
        store.list(None).unwrap().into_iter().map(|l| (l.id, l.status, l.content_version)).collect()
    }

    #[test]
    fn records_are_drafts_unless_they_say_approved_and_the_importer_approves() {
        let (_dir, mut store) = store();
        let text = format!("{}\n{}\n", approved("a", "a-a"), record("b", "b-b"));
        store.import("f.jsonl", &text, false, None, now()).unwrap();
        assert!(statuses(&store).iter().all(|(_, s, _)| s == "draft"));
        store.import("f.jsonl", &text, true, None, now()).unwrap();
        assert_eq!(statuses(&store), vec![("a".into(), "approved".into(), 1), ("b".into(), "draft".into(), 1)]);
        assert_eq!(store.show("a").unwrap().unwrap().approved_at, Some(now()));
    }

    #[test]
    fn a_bad_record_leaves_nothing_of_its_file_imported() {
        let (_dir, mut store) = store();
        let mut bad = record("c", "c-c");
        bad["confidence"] = json!("certain");
        let text = format!("{}\n{}\n", approved("a", "a-a"), bad);
        let e = store.import("f.jsonl", &text, true, None, now()).unwrap_err();
        assert!(e.to_string().starts_with("f.jsonl:2: /confidence"), "{e}");
        assert_eq!(store.record_count().unwrap(), 0);
    }

    #[test]
    fn a_slug_taken_by_another_record_refuses_the_whole_file() {
        let (_dir, mut store) = store();
        store.import("f.jsonl", &record("a", "a-a").to_string(), false, None, now()).unwrap();
        let text = format!("{}\n{}\n", record("b", "b-b"), record("c", "a-a"));
        let e = store.import("g.jsonl", &text, false, None, now()).unwrap_err();
        assert!(e.to_string().starts_with("g.jsonl:2: /slug"), "{e}");
        assert_eq!(store.record_count().unwrap(), 1);
    }

    #[test]
    fn an_edited_approved_record_keeps_its_approved_version_for_review_until_approved_again() {
        let (_dir, mut store) = store();
        store.import("f.jsonl", &approved("a", "a-a").to_string(), true, None, now()).unwrap();
        let before = store.show("a").unwrap().unwrap();
        assert_eq!(store.approved_version("a").unwrap(), None, "nothing edited yet");
        for summary in ["Something else.", "Something else again."] {
            let mut edited = approved("a", "a-a");
            edited["summary"] = json!(summary);
            store.import("g.jsonl", &edited.to_string(), false, None, now()).unwrap();
        }
        assert_eq!(store.approved_version("a").unwrap(), Some(before), "the approved one, not the first edit");
        store.set_status("a-a", KbRecordStatus::Approved, None, now()).unwrap();
        assert_eq!(store.approved_version("a").unwrap(), None, "approved again: nothing to diff");

        // Approved again by importing the edit's file with --approve (its content unchanged).
        let mut edited = approved("a", "a-a");
        edited["summary"] = json!("A third text.");
        store.import("h.jsonl", &edited.to_string(), false, None, now()).unwrap();
        assert!(store.approved_version("a").unwrap().is_some());
        store.import("h.jsonl", &edited.to_string(), true, None, now()).unwrap();
        assert_eq!(store.approved_version("a").unwrap(), None, "approved by import: nothing to diff");
    }

    #[test]
    fn editing_an_approved_record_bumps_its_version_and_sends_it_back_to_review() {
        let (_dir, mut store) = store();
        store.import("f.jsonl", &approved("a", "a-a").to_string(), true, None, now()).unwrap();
        let mut edited = approved("a", "a-a");
        edited["summary"] = json!("Something else.");
        let summary = store.import("f.jsonl", &edited.to_string(), false, None, now()).unwrap();
        assert_eq!(summary.edited, 1);
        assert_eq!(statuses(&store), vec![("a".into(), "draft".into(), 2)]);
        assert!(store.load(None, &mut |_, _| {}).unwrap().records().is_empty());
        // The same content again changes nothing.
        let again = store.import("f.jsonl", &edited.to_string(), false, None, now()).unwrap();
        assert_eq!((again.unchanged, statuses(&store)[0].2), (1, 2));
    }

    #[test]
    fn only_approved_records_are_loaded_and_deprecating_one_takes_it_out() {
        let (_dir, mut store) = store();
        let text = format!("{}\n{}\n", approved("a", "a-a"), record("b", "b-b"));
        store.import("f.jsonl", &text, true, None, now()).unwrap();
        let ids = |store: &Store| -> Vec<String> {
            store.load(None, &mut |_, _| {}).unwrap().records().iter().map(|r| r.id.to_string()).collect()
        };
        assert_eq!(ids(&store), vec!["a"]);
        assert!(store.set_status("b-b", KbRecordStatus::Approved, None, now()).unwrap());
        assert_eq!(ids(&store), vec!["a", "b"]);
        assert!(store.set_status("a", KbRecordStatus::Deprecated, None, now()).unwrap());
        assert_eq!(ids(&store), vec!["b"]);
        assert!(!store.set_status("nope", KbRecordStatus::Approved, None, now()).unwrap());
        let base = store.load(None, &mut |_, _| {}).unwrap();
        let found = base.search(&Query { text: "pin rust toolchain", limit: 5, ..Query::default() });
        assert_eq!(found.hits.len(), 1);
    }

    #[test]
    fn stored_vectors_are_the_ones_a_search_uses() {
        let model: &'static dyn Embedder = crate::embed::model::shared().expect("model loads");
        let (_dir, mut store) = store();
        let text = format!("{}\n{}\n", approved("a", "a-a"), approved("b", "b-b"));
        store.import("f.jsonl", &text, true, Some(model), now()).unwrap();
        let base = store.load(Some(model), &mut |_, _| {}).unwrap();
        assert!(base.embedder().is_some());
        let rebuilt = Base::build(base.records().to_vec(), Some(model));
        let q = Query { text: "which compiler version should the repository use", limit: 5, ..Query::default() };
        assert_eq!(base.search(&q).hits, rebuilt.search(&q).hits);
    }

    #[test]
    fn feedback_rows_hold_only_category_record_source_comment_and_day() {
        let (_dir, store) = store();
        let feedback =
            Feedback { category: "helpful".into(), record_id: Some("a".into()), source: "other".into(), comment: None };
        store.add_feedback(&feedback, now()).unwrap();
        assert_eq!(store.feedback().unwrap(), vec![feedback]);
        let columns: Vec<String> = store
            .db
            .prepare("SELECT name FROM pragma_table_info('feedback')")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(columns, vec!["rowid", "day", "category", "record_id", "source", "comment"]);
    }
}
