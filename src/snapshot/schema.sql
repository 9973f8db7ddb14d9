-- snapshot.bin, schema version 3: the SQLite claim snapshot `ctxlake maint` publishes and
-- `ctxlake sync` mirrors into <cache>/<fleet>/snapshot.bin. Written by src/snapshot/write.rs,
-- read by src/snapshot/read.rs; this file is the one definition both use.
-- `claims` holds the claims agents may be told of (`ClaimRow::published`): those the gate promoted
-- that are still shown or superseded, and those the owner retired or retracted. Candidates and
-- claims contested before promotion stay in the lake; `claim_count` and `status_counts` in the
-- meta count every claim folded (since 2026-12-07; a snapshot before held every claim).
-- Visibility is baked into the rows: `visible_to_agents` is 1 for a claim every read returns, 2
-- for a claim a promoted correction superseded (returned only with `include_superseded`), and 0
-- otherwise, for every claim when agent reads are disabled (shadow mode). Claims at 1 and 2 have
-- postings and vectors. Version 3 added 2, `supersedes` and `superseded_by`.

-- Meta keys: schema_version; claim_count, status_counts (`{status: count}`) and visible_count;
-- agent_reads_enabled; embedding_model and embedding_dimensions; lexical_index (the keyword
-- format), lexical_documents and lexical_length (what its impacts were scored with: the documents
-- indexed and the sum of their lengths in terms); generated_at; snapshot_id (what names the rows:
-- equal ids, equal rows; maint's digest of the gate's inputs). status_counts, lexical_documents,
-- lexical_length and snapshot_id are there since 2026-12-07.
CREATE TABLE snapshot_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE claims (
    claim_id          TEXT PRIMARY KEY,
    claim             TEXT NOT NULL,
    claim_type        TEXT NOT NULL,
    subject           TEXT NOT NULL,
    scope             TEXT NOT NULL,
    observed_by       TEXT NOT NULL,
    status            TEXT NOT NULL,     -- promoted | contested | retired | retracted | superseded (candidate before 2026-12-07)
    evidence_count    INTEGER NOT NULL,  -- distinct evidence sessions; never rendered
    independent_count INTEGER NOT NULL,
    confidence        REAL NOT NULL,
    evidence_json     TEXT NOT NULL,
    updated_at        TEXT NOT NULL,     -- RFC 3339 UTC, second precision, 'Z'
    visible_to_agents INTEGER NOT NULL,  -- 0 hidden (retired, retracted, shadow mode), 1 visible, 2 superseded (on request)
    embedding         BLOB,              -- little-endian f32, as proposed; NULL when none
    supersedes        TEXT,              -- the claim this one replaced (a superseded event names it)
    superseded_by     TEXT               -- the promoted correction that replaced this claim
);

CREATE INDEX claims_visible ON claims (visible_to_agents, subject, claim_type, updated_at);

-- The keyword index of visible claims (src/snapshot/lexical.rs; version 2 replaced FTS5, whose
-- bm25() scores every match): one row per term of `claim` and `subject`, stop words excluded;
-- `postings` is (claims.rowid u32 LE, BM25 impact f32 LE) per claim holding the term, in rowid order.
CREATE TABLE lexical_postings (
    term     TEXT PRIMARY KEY,
    postings BLOB NOT NULL
) WITHOUT ROWID;

-- One row per visible claim: the claim text embedded by the model `embedding_model` in the
-- meta names, as a unit vector quantized to signed bytes.
CREATE TABLE claim_vectors (
    claim_rowid INTEGER PRIMARY KEY,
    vector      BLOB NOT NULL
);

CREATE TABLE sessions (
    session_id    TEXT PRIMARY KEY,
    agent_id      TEXT NOT NULL,
    runtime       TEXT NOT NULL,
    repo          TEXT,
    branch        TEXT,
    started_at    TEXT,
    ended_at      TEXT,
    duration_ms   INTEGER,
    turn_count    INTEGER NOT NULL,
    outcome       TEXT NOT NULL,
    summary       TEXT NOT NULL,
    files_json    TEXT NOT NULL,
    commands_json TEXT NOT NULL,
    friction_json TEXT NOT NULL,
    input_tokens  INTEGER NOT NULL,
    output_tokens INTEGER NOT NULL,
    cost_usd      REAL NOT NULL
);

CREATE INDEX sessions_by_end ON sessions (ended_at DESC);
