//! Writes a snapshot file from folded claim rows: into a temporary file beside the target,
//! synced, then renamed over it, so a reader never sees a half-written snapshot.

use crate::embed::{Embedder, encode_f32_le, quantize};
use crate::snapshot::lexical::{self, LEXICAL_INDEX};
use crate::snapshot::{ClaimRow, SCHEMA_SQL, SCHEMA_VERSION, SnapshotError};
use chrono::{DateTime, SecondsFormat, Utc};
use rusqlite::{Connection, params};
use std::borrow::{Borrow, Cow};
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// Whether agents may read the promoted claims (`agent`) or nothing at all (`shadow`: the gate
/// runs and the snapshot is built, but no row is visible; an operator builds trust first).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Agent,
    Shadow,
}

impl Mode {
    pub fn agent_reads_enabled(self) -> bool {
        self == Mode::Agent
    }
}

/// What a write produced, for the caller to report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// Every claim folded, and those the file holds ([`ClaimRow::published`]).
    pub claims: usize,
    pub published: usize,
    pub visible: usize,
    /// Indexed claims (visible or superseded) whose text this write embedded, and those whose
    /// vector it carried over.
    pub embedded: usize,
    pub reused: usize,
}

/// Quantized vectors by claim text, from a previous snapshot filled by the same model
/// ([`crate::snapshot::Snapshot::vectors_by_text`]): a rebuild embeds only the texts it has not
/// seen. With the transformer a text costs milliseconds, so a fleet's maint would otherwise spend
/// minutes re-embedding what it embedded the last time.
pub type Reused = HashMap<String, Vec<u8>>;

/// Formats a time the way every snapshot column stores it (so text comparison orders by time).
pub fn timestamp(at: &DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

pub fn write(
    path: &Path,
    rows: &[ClaimRow],
    mode: Mode,
    embedder: &dyn Embedder,
    generated_at: DateTime<Utc>,
) -> Result<Written, SnapshotError> {
    write_reusing(path, rows, mode, embedder, &Reused::new(), Stamp::unnamed(generated_at))
}

/// When a snapshot's contents were current, and what names them (`snapshot_id` in its meta):
/// equal ids, equal rows. maint names a snapshot by the digest of its gate's inputs and `ctxlake
/// snapshot build` by its events file's; readers tell one snapshot from another by it, which
/// the time and the claim count alone do not always (a late proposal that only joins a claim
/// changes neither).
#[derive(Debug, Clone, Copy)]
pub struct Stamp<'a> {
    pub generated_at: DateTime<Utc>,
    pub id: Option<&'a str>,
}

impl Stamp<'_> {
    /// A snapshot without an id (tests, benchmarks): readers tell it apart by time and count.
    pub fn unnamed(generated_at: DateTime<Utc>) -> Stamp<'static> {
        Stamp { generated_at, id: None }
    }
}

/// [`write`], taking each visible claim's vector from `reused` where its text is there: the
/// caller vouches that `embedder` filled them.
pub fn write_reusing<R: Borrow<ClaimRow> + Sync>(
    path: &Path,
    rows: &[R],
    mode: Mode,
    embedder: &dyn Embedder,
    reused: &Reused,
    stamp: Stamp<'_>,
) -> Result<Written, SnapshotError> {
    let shown = path.display().to_string();
    let io = |source| SnapshotError::Io { path: shown.clone(), source };
    let sql = |source| SnapshotError::Sqlite { path: shown.clone(), source };
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(io)?;
    }
    let mut temp = path.as_os_str().to_owned();
    temp.push(format!(".tmp-{}", std::process::id()));
    let temp = std::path::PathBuf::from(temp);
    match std::fs::remove_file(&temp) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(io(e)),
        _ => {}
    }
    let written = fill(&temp, rows, mode, embedder, reused, stamp).map_err(sql)?;
    std::fs::File::open(&temp).and_then(|f| f.sync_all()).map_err(io)?;
    std::fs::rename(&temp, path).map_err(io)?;
    Ok(written)
}

fn fill<R: Borrow<ClaimRow> + Sync>(
    path: &Path,
    rows: &[R],
    mode: Mode,
    embedder: &dyn Embedder,
    reused: &Reused,
    stamp: Stamp<'_>,
) -> rusqlite::Result<Written> {
    // Every claim is counted by its status; only those agents may be told of are written.
    let mut statuses: BTreeMap<&str, u64> = BTreeMap::new();
    for row in rows {
        *statuses.entry(row.borrow().status.as_str()).or_default() += 1;
    }
    let published: Vec<&ClaimRow> = rows.iter().map(Borrow::borrow).filter(|row| row.published()).collect();
    let counted = Counted { claims: rows.len(), statuses: serde_json::to_string(&statuses).expect("counts serialize") };
    fill_published(path, &published, counted, mode, embedder, reused, stamp)
}

/// What a snapshot's meta says of every claim folded, the unpublished included.
struct Counted {
    claims: usize,
    /// `{status: count}`, statuses in order (`status_counts` in the meta).
    statuses: String,
}

fn fill_published<R: Borrow<ClaimRow> + Sync>(
    path: &Path,
    rows: &[R],
    counted: Counted,
    mode: Mode,
    embedder: &dyn Embedder,
    reused: &Reused,
    stamp: Stamp<'_>,
) -> rusqlite::Result<Written> {
    let mut db = Connection::open(path)?;
    // A page cache large enough for the index built at the end to sort in memory (SQLite takes
    // pages as it needs them; the default is 2 MB).
    db.execute_batch("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144;")?;
    db.execute_batch(SCHEMA_SQL)?;
    // The claims' secondary indexes are built after the rows, in one sort each, as for any bulk
    // load: kept while inserting, each row's entry went to a random place in the index's B-tree.
    // Read back from the schema, so `schema.sql` stays the one definition.
    let indexes: Vec<(String, String)> = db
        .prepare(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'claims' AND sql IS NOT NULL",
        )?
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    for (name, _) in &indexes {
        db.execute_batch(&format!("DROP INDEX \"{name}\""))?;
    }
    // Every rowid fits the keyword index's u32 (half the bytes of an i64): a snapshot of four
    // billion claims is refused before anything is written, rather than wrapped.
    if u32::try_from(rows.len()).is_err() {
        return Err(rusqlite::Error::IntegralValueOutOfRange(0, i64::try_from(rows.len()).unwrap_or(i64::MAX)));
    }
    let tx = db.transaction()?;
    let reads = mode.agent_reads_enabled();
    // Each row's rowid is given (one past its place), so the keyword index is built from the
    // rows alone, on a thread of its own while this one inserts them: SQLite writes on one
    // thread, and the postings had been a quarter of a write's time (docs/lake.md).
    let documents: Vec<(u32, String)> = crate::cores::map(rows, PARALLEL_FROM, |row| {
        let row = row.borrow();
        (shown(row, reads) != 0).then(|| format!("{} {}", row.claim, row.subject))
    })
    .into_iter()
    .enumerate()
    .filter_map(|(place, text)| Some((rowid_at(place), text?)))
    .collect();
    // Visible claims, and those with postings and vectors (the visible and the superseded).
    let (mut visible, mut indexed, mut embedded) = (0, 0, 0);
    let index = std::thread::scope(|scope| {
        let postings = crate::cores::beside(scope, || lexical::build(&documents));
        let inserted = (|| {
            let mut claim = tx.prepare(
                "INSERT INTO claims (rowid, claim_id, claim, claim_type, subject, scope, observed_by, status,
                 evidence_count, independent_count, confidence, evidence_json, updated_at, visible_to_agents,
                 embedding, supersedes, superseded_by)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)",
            )?;
            let mut vector = tx.prepare("INSERT INTO claim_vectors (claim_rowid, vector) VALUES (?1, ?2)")?;
            // Rows are prepared (serialized, embedded) a chunk at a time on every core, then
            // inserted in order on this thread: the chunk bounds what is held at once.
            for (first, chunk) in (0..).step_by(PREPARE_CHUNK).zip(rows.chunks(PREPARE_CHUNK)) {
                let prepared =
                    crate::cores::map(chunk, PARALLEL_FROM, |row| prepare(row.borrow(), reads, embedder, reused));
                for (place, (row, prepared)) in (first..).zip(chunk.iter().zip(prepared)) {
                    let (row, rowid) = (row.borrow(), rowid_at(place));
                    claim.execute(params![
                        rowid,
                        row.claim_id,
                        row.claim,
                        row.claim_type,
                        row.subject,
                        row.scope,
                        row.observed_by,
                        row.status.as_str(),
                        prepared.evidence_count,
                        row.independent_count as i64,
                        row.confidence,
                        prepared.evidence,
                        prepared.updated_at,
                        prepared.shown,
                        prepared.embedding,
                        row.replaces,
                        row.superseded_by,
                    ])?;
                    let Some(bytes) = prepared.vector else { continue };
                    visible += usize::from(prepared.shown == 1);
                    indexed += 1;
                    embedded += usize::from(matches!(bytes, Cow::Owned(_)));
                    vector.execute(params![rowid, bytes])?;
                }
            }
            Ok::<(), rusqlite::Error>(())
        })();
        // Joined whatever the inserts gave, so their error is the one returned.
        let index = postings.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        inserted.map(|()| index)
    })?;
    {
        let mut postings = tx.prepare("INSERT INTO lexical_postings (term, postings) VALUES (?1, ?2)")?;
        for (term, blob) in index.postings {
            postings.execute(params![term, blob])?;
        }
        let meta = [
            ("schema_version", SCHEMA_VERSION.to_string()),
            ("claim_count", counted.claims.to_string()),
            ("status_counts", counted.statuses),
            ("visible_count", visible.to_string()),
            ("agent_reads_enabled", mode.agent_reads_enabled().to_string()),
            ("embedding_model", embedder.model().to_string()),
            ("embedding_dimensions", embedder.dimensions().to_string()),
            ("lexical_index", LEXICAL_INDEX.to_string()),
            ("lexical_documents", index.stats.documents.to_string()),
            ("lexical_length", index.stats.length.to_string()),
            ("generated_at", timestamp(&stamp.generated_at)),
        ];
        let id = stamp.id.map(|id| ("snapshot_id", id.to_string()));
        let mut put = tx.prepare("INSERT INTO snapshot_meta (key, value) VALUES (?1, ?2)")?;
        for (key, value) in meta.into_iter().chain(id) {
            put.execute(params![key, value])?;
        }
        for (_, sql) in &indexes {
            tx.execute_batch(sql)?;
        }
    }
    tx.commit()?;
    Ok(Written { claims: counted.claims, published: rows.len(), visible, embedded, reused: indexed - embedded })
}

/// The rowid of the row at `place` (from 0) in a snapshot's claims; `fill` refused a snapshot
/// whose places do not all fit.
fn rowid_at(place: usize) -> u32 {
    u32::try_from(place + 1).unwrap_or(u32::MAX)
}

/// 1: visible; 2: shown on request (superseded); 0: neither, so no postings and no vector.
fn shown(row: &ClaimRow, reads: bool) -> i64 {
    match (row.visible(reads), row.shown_on_request(reads)) {
        (true, _) => 1,
        (false, true) => 2,
        (false, false) => 0,
    }
}

/// Rows prepared at once: enough to share among the cores, few enough that their serialized
/// evidence and vectors stay small beside the rows.
const PREPARE_CHUNK: usize = 16_384;

/// Chunks of at least this many rows are prepared on every core (`crate::cores`).
const PARALLEL_FROM: usize = 256;

/// What a row's insert takes that costs work to compute.
struct Prepared<'a> {
    /// See [`shown`].
    shown: i64,
    evidence_count: i64,
    evidence: String,
    updated_at: String,
    embedding: Option<Vec<u8>>,
    /// The quantized vector of a row with postings: borrowed when reused, owned when this write
    /// embedded it.
    vector: Option<Cow<'a, [u8]>>,
}

fn prepare<'a>(row: &ClaimRow, reads: bool, embedder: &dyn Embedder, reused: &'a Reused) -> Prepared<'a> {
    let shown = shown(row, reads);
    // Always the claim text through this snapshot's embedder: a proposal's stored embedding
    // names no model, so it cannot be trusted to live in the same space.
    let vector = (shown != 0).then(|| match reused.get(&row.claim) {
        Some(bytes) => Cow::Borrowed(bytes.as_slice()),
        None => Cow::Owned(quantize(&embedder.embed(&row.claim)).into_iter().map(|b| b as u8).collect()),
    });
    Prepared {
        shown,
        evidence_count: row.evidence_count() as i64,
        evidence: serde_json::to_string(&row.evidence).expect("evidence serializes"),
        updated_at: timestamp(&row.updated_at),
        embedding: row.embedding.as_deref().map(encode_f32_le),
        vector,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::embed::testing::Counting;
    use crate::snapshot::{Snapshot, Status};

    pub(crate) fn row(id: &str, claim: &str) -> ClaimRow {
        ClaimRow {
            claim_id: id.into(),
            claim: claim.into(),
            claim_type: "environment".into(),
            subject: "staging".into(),
            scope: "fleet".into(),
            observed_by: "cc-01".into(),
            status: Status::Promoted,
            was_promoted: true,
            evidence: vec![],
            independent_count: 2,
            confidence: 0.8,
            updated_at: "2026-09-09T00:00:00Z".parse().expect("a time"),
            embedding: None,
            supersedes: None,
            replaces: None,
            superseded_by: None,
            merged: vec![],
        }
    }

    /// Two snapshots of one time and claim count, with other contents: readers tell them apart
    /// by the id, and each keeps the statistics its keyword impacts were scored with.
    #[test]
    fn a_snapshot_keeps_its_id_and_its_keyword_statistics() {
        let dir = tempfile::tempdir().expect("temp dir");
        let at = "2026-09-09T00:00:00Z".parse().expect("a time");
        let texts = ["staging ssh listens on 2222", "the build links with mold"];
        let open = |id: &str, second: &str| {
            let path = dir.path().join(id);
            let rows = [row("c1", texts[0]), row("c2", second)];
            let stamp = Stamp { generated_at: at, id: Some(id) };
            write_reusing(&path, &rows, Mode::Agent, &crate::embed::Lexical, &Reused::new(), stamp).expect("written");
            Snapshot::open(&path).expect("opens")
        };
        let (one, two) = (open("one", texts[1]), open("two", "the build links with lld"));
        assert_ne!(one.generation(), two.generation());
        let meta: HashMap<String, String> = one.meta().expect("meta").into_iter().collect();
        let length: usize = texts.iter().map(|text| lexical::terms(&format!("{text} staging")).count()).sum();
        assert_eq!(meta.get("snapshot_id").map(String::as_str), Some("one"));
        assert_eq!(meta.get("lexical_documents").map(String::as_str), Some("2"));
        assert_eq!(meta.get("lexical_length"), Some(&length.to_string()));
    }

    /// Candidates and claims contested before promotion are counted, not written: only what
    /// agents may be told of is copied to every host. In shadow mode the same rows are written,
    /// none visible.
    #[test]
    fn a_snapshot_holds_only_the_claims_agents_may_be_told_of_and_counts_every_claim() {
        let with = |id: &str, status: Status, was_promoted: bool| ClaimRow {
            status,
            was_promoted,
            ..row(id, &format!("claim {id} about the staging host"))
        };
        let rows = [
            with("a-promoted", Status::Promoted, true),
            with("b-candidate", Status::Candidate, false),
            with("c-contested-after", Status::Contested, true),
            with("d-contested-before", Status::Contested, false),
            with("e-superseded-shown", Status::Superseded, true),
            with("f-superseded-never-shown", Status::Superseded, false),
            with("g-retired", Status::Retired, false),
            with("h-retracted", Status::Retracted, true),
        ];
        let published = ["a-promoted", "c-contested-after", "e-superseded-shown", "g-retired", "h-retracted"];
        let dir = tempfile::tempdir().expect("temp dir");
        let at = "2026-09-09T00:00:00Z".parse().expect("a time");
        for (mode, visible) in [(Mode::Agent, 2), (Mode::Shadow, 0)] {
            let path = dir.path().join(format!("{mode:?}"));
            let written = write(&path, &rows, mode, &crate::embed::Lexical, at).expect("written");
            assert_eq!((written.claims, written.published, written.visible), (8, 5, visible), "{mode:?}");
            let db = Connection::open(&path).expect("opens");
            let mut ids = db.prepare("SELECT claim_id FROM claims ORDER BY rowid").expect("prepares");
            let ids: Vec<String> =
                ids.query_map([], |r| r.get(0)).expect("reads").map(|id| id.expect("an id")).collect();
            assert_eq!(ids, published, "{mode:?}");
            let snapshot = Snapshot::open(&path).expect("opens");
            let counts = snapshot.status_counts().expect("counts");
            let expected = [
                ("candidate", 1),
                ("contested", 2),
                ("promoted", 1),
                ("retired", 1),
                ("retracted", 1),
                ("superseded", 2),
            ];
            assert_eq!(counts, expected.map(|(s, n)| (s.to_string(), n)), "{mode:?}");
            assert!(snapshot.claim("b-candidate").expect("looks up").is_none(), "{mode:?}");
            assert!(snapshot.claim("g-retired").expect("looks up").is_some(), "{mode:?}");
        }
    }

    fn vectors(path: &Path) -> Vec<Vec<u8>> {
        let db = Connection::open(path).expect("opens");
        let mut stmt = db.prepare("SELECT vector FROM claim_vectors ORDER BY claim_rowid").expect("prepares");
        stmt.query_map([], |r| r.get(0)).expect("queries").map(|v| v.expect("a vector")).collect()
    }

    #[test]
    fn a_snapshot_prepared_on_many_cores_has_the_bytes_of_one_prepared_on_one() {
        // Visible, superseded, hidden and unpublished rows, more than a chunk, each text its own
        // vector.
        let rows: Vec<ClaimRow> = (0..(PREPARE_CHUNK + 700))
            .map(|i| {
                let mut r = row(&format!("c{i:06}"), &format!("port {i} is open on staging"));
                r.status = [
                    Status::Promoted,
                    Status::Superseded,
                    Status::Candidate,
                    Status::Promoted,
                    Status::Superseded,
                    Status::Retired,
                ][i % 6];
                r.was_promoted = i % 3 != 2;
                r.updated_at += chrono::Duration::seconds(i as i64);
                r.embedding = (i % 5 == 0).then(|| vec![i as f32; 3]);
                r
            })
            .collect();
        let reused: Reused = [(rows[3].claim.clone(), vec![7; 256])].into_iter().collect();
        let dir = tempfile::tempdir().expect("a temporary folder");
        let at = "2026-09-09T00:00:00Z".parse().expect("a time");
        let write_to = |name: &str| {
            let path = dir.path().join(name);
            let written = write_reusing(&path, &rows, Mode::Agent, &crate::embed::Lexical, &reused, Stamp::unnamed(at))
                .expect("writes");
            (written, std::fs::read(path).expect("reads"))
        };
        let many = write_to("many.sqlite");
        let one = crate::cores::on_one_core(|| write_to("one.sqlite"));
        let published = rows.iter().filter(|r| r.status != Status::Candidate).count();
        assert_eq!(many.0, Written { claims: rows.len(), published, visible: 5_695, embedded: 11_389, reused: 1 });
        assert!(many.1 == one.1, "the files differ");
        assert_eq!(many.0, one.0);
        // The postings name the row they index: "3" is the fourth claim's alone, after one left out.
        let db = Connection::open(dir.path().join("many.sqlite")).expect("opens");
        let blob: Vec<u8> =
            db.query_row("SELECT postings FROM lexical_postings WHERE term = '3'", [], |r| r.get(0)).expect("a term");
        let rowid = u32::from_le_bytes([blob[0], blob[1], blob[2], blob[3]]);
        let (id, at): (String, String) = db
            .query_row("SELECT claim_id, updated_at FROM claims WHERE rowid = ?1", [rowid], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .expect("its claim");
        assert_eq!((blob.len(), id.as_str(), at.as_str()), (8, "c000003", "2026-09-09T00:00:03Z"));
    }

    #[test]
    fn a_written_snapshot_has_every_index_the_schema_defines() {
        let indexes = |db: &Connection| -> Vec<(String, String)> {
            let mut stmt = db
                .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
                .expect("prepares");
            stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).expect("queries").map(|i| i.expect("an index")).collect()
        };
        let schema = Connection::open_in_memory().expect("opens");
        schema.execute_batch(SCHEMA_SQL).expect("the schema");
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("snapshot.bin");
        let at = "2026-09-09T00:00:00Z".parse().expect("a time");
        write(&path, &[row("c1", "staging ssh listens on 2222")], Mode::Agent, &Counting::default(), at)
            .expect("written");
        let written = indexes(&Connection::open(&path).expect("opens"));
        assert!(written.iter().any(|(name, _)| name == "claims_visible"), "{written:?}");
        assert_eq!(written, indexes(&schema));
    }

    #[test]
    fn a_rebuild_embeds_only_the_texts_the_previous_snapshot_did_not_have() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (first, second) = (dir.path().join("first.bin"), dir.path().join("second.bin"));
        let at = "2026-09-09T00:00:00Z".parse().expect("a time");
        let embedder = Counting::default();
        let old = [row("c1", "staging ssh listens on 2222"), row("c2", "cargo test needs a bigger stack")];
        write(&first, &old, Mode::Agent, &embedder, at).expect("written");
        assert_eq!(embedder.take(), 2);

        let reused = Snapshot::open(&first).expect("opens").vectors_by_text(&embedder).expect("read");
        let new = [old[0].clone(), old[1].clone(), row("c3", "the deploy timeout on staging is 90 s")];
        let written =
            write_reusing(&second, &new, Mode::Agent, &embedder, &reused, Stamp::unnamed(at)).expect("written");
        assert_eq!((written.embedded, written.reused), (1, 2));
        assert_eq!(embedder.take(), 1, "only the new claim was embedded");

        // The vectors are the ones a fresh build computes.
        let fresh = dir.path().join("fresh.bin");
        write(&fresh, &new, Mode::Agent, &embedder, at).expect("written");
        assert_eq!(vectors(&second), vectors(&fresh));
    }

    /// c1 superseded by c2, c2 a promoted correction of c1, c3 unrelated, in `path`.
    fn corrected(path: &Path) {
        let at = "2026-09-09T00:00:00Z".parse().expect("a time");
        let old = ClaimRow {
            status: Status::Superseded,
            superseded_by: Some("c2".into()),
            ..row("c1", "staging ssh listens on port 2222")
        };
        let fix = ClaimRow {
            supersedes: Some("c1".into()),
            replaces: Some("c1".into()),
            ..row("c2", "staging ssh moved to port 2200")
        };
        let other = row("c3", "the deploy timeout is 90 s");
        write(path, &[old, fix, other], Mode::Agent, &crate::embed::Lexical, at).expect("written");
    }

    fn found(snapshot: &Snapshot, filters: &crate::snapshot::Filters) -> Vec<(String, Option<String>)> {
        let hits = snapshot.search(Some(&crate::embed::Lexical), "staging ssh port", filters, 10).expect("searched");
        hits.rows.into_iter().map(|r| (r.claim_id, r.superseded_by.or(r.supersedes))).collect()
    }

    #[test]
    fn a_superseded_claim_is_found_only_when_asked_and_names_its_replacement() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("corrected.bin");
        corrected(&path);
        let snapshot = Snapshot::open(&path).expect("opens");
        let mut filters = crate::snapshot::Filters::default();
        let fix = ("c2".to_string(), Some("c1".to_string()));
        let old = ("c1".to_string(), Some("c2".to_string()));
        assert_eq!(found(&snapshot, &filters), std::slice::from_ref(&fix));
        filters.subject = Some("staging".into());
        assert_eq!(found(&snapshot, &filters), std::slice::from_ref(&fix), "the filtered path leaves it out too");
        filters.include_superseded = true;
        assert!(found(&snapshot, &filters).contains(&old));
        filters.subject = None;
        assert!(found(&snapshot, &filters).contains(&old));
        assert!(snapshot.top_by_confidence(10).expect("read").iter().all(|r| r.claim_id != "c1"));
        assert_eq!(
            snapshot.claim("c1").expect("read").map(|(r, read)| (r.status, read)),
            Some(("superseded".to_string(), true))
        );
    }

    #[test]
    fn a_superseded_claim_that_matches_best_neither_sets_the_keyword_floor_nor_hides_its_correction() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("corrected.bin");
        corrected(&path);
        let snapshot = Snapshot::open(&path).expect("opens");
        let hits = snapshot.search(None, "ssh 2222", &crate::snapshot::Filters::default(), 10).expect("searched");
        let ids: Vec<&str> = hits.rows.iter().map(|r| r.claim_id.as_str()).collect();
        assert_eq!(ids, ["c2"], "the old claim matched best, and only it is left out");
    }

    #[test]
    fn a_snapshot_that_is_a_symbolic_link_is_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (path, link) = (dir.path().join("real.bin"), dir.path().join("snapshot.bin"));
        corrected(&path);
        std::os::unix::fs::symlink(&path, &link).expect("a link");
        assert!(matches!(Snapshot::open(&link), Err(crate::snapshot::read::Unavailable::Unusable(_))));
        assert!(Snapshot::open(&path).is_ok());
    }

    #[test]
    fn a_version_2_snapshot_is_still_read_as_one_where_nothing_was_superseded() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("v2.bin");
        write(
            &path,
            &[row("c1", "staging ssh listens on port 2222")],
            Mode::Agent,
            &crate::embed::Lexical,
            "2026-09-09T00:00:00Z".parse().expect("a time"),
        )
        .expect("written");
        let db = Connection::open(&path).expect("opens");
        db.execute_batch(
            "ALTER TABLE claims DROP COLUMN supersedes; ALTER TABLE claims DROP COLUMN superseded_by;
             UPDATE snapshot_meta SET value = '2' WHERE key = 'schema_version';",
        )
        .expect("made version 2");
        drop(db);
        let snapshot = Snapshot::open(&path).expect("a version 2 snapshot opens");
        assert_eq!(found(&snapshot, &crate::snapshot::Filters::default()), [("c1".to_string(), None)]);
    }

    #[test]
    fn vectors_another_model_filled_are_not_offered_for_reuse() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("lexical.bin");
        let at = "2026-09-09T00:00:00Z".parse().expect("a time");
        write(&path, &[row("c1", "staging ssh listens on 2222")], Mode::Agent, &crate::embed::Lexical, at)
            .expect("written");
        let counting = Counting::default();
        let offered = Snapshot::open(&path).expect("opens").vectors_by_text(&counting).expect("read");
        assert!(offered.is_empty());
    }
}
