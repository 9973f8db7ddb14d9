//! The drain: ships every `<spool_root>/mcp/<fleet>.ndjson` (and its rotations
//! `<fleet>.ndjson.<micros>`) to the lake as content-named batches.
//!
//! Order of one round, per file, per batch of whole lines: record the byte range as pending in
//! `<spool_root>/sync/state.json` → parse it with `spool_read` → re-scrub every string with
//! `guard::scrub` → create the batch object (named by the sha256 of its bytes) and one
//! quarantine object per refused line → only then advance the file's offset and clear the pending
//! range. A crash anywhere reruns exactly the pending range, which yields the same bytes and so
//! the same key: the rerun finds it already there and nothing is duplicated.
//!
//! Offsets are keyed by inode, not name: the spool writer rotates by renaming, so the rotated
//! file keeps its inode and its offset. A torn last line stays unshipped until its newline
//! arrives; in a rotated file (which no writer appends to any more) it is quarantined once the
//! file has been still for `torn_grace`. A rotated file is deleted once everything in it is in
//! the lake. The live file is never truncated: an appender could be mid-write, and rotation
//! bounds its size anyway.

use crate::guard::scrub;
use crate::lake::cas::CasError;
use crate::lake::files::write_atomic;
use crate::lake::layout::{FleetLayout, HostId, sha256_hex};
use crate::lake::leases::{self, LeaseReport};
use crate::lake::store::{Created, Lake, LakeError};
use crate::local::paths::FleetId;
use crate::local::process;
use crate::local::spool_read::{self, SpoolLine};
use crate::spec::wire::lake::{FileOffset, LiveSession, PendingBatch, Presence, QuarantineRecord, SyncState};
use crate::spec::wire::spool::{PresenceEvent, SpoolRecord};
use chrono::{DateTime, Utc};
use serde_json::Value;
use std::collections::BTreeMap;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(Debug, thiserror::Error)]
pub enum DrainError {
    #[error(transparent)]
    Lake(#[from] LakeError),
    #[error(transparent)]
    Cas(#[from] CasError),
    #[error("spool {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("drain state {path} is unreadable ({why}); move it aside to re-ship every spool file from the start")]
    State { path: PathBuf, why: String },
}

/// How a drain round runs. `DrainOptions::new` has the production values.
#[derive(Debug, Clone)]
pub struct DrainOptions {
    pub spool_root: PathBuf,
    pub host: HostId,
    /// A batch holds at most this many lines...
    pub max_batch_lines: usize,
    /// ...and at most about this many bytes.
    pub max_batch_bytes: usize,
    /// How long a rotated file must have been still before its torn tail is quarantined.
    pub torn_grace: Duration,
    /// Decide the lease requests of each batch against the fleet's leases document as soon as
    /// the batch is in the lake (before the offset moves, so a crash re-decides, which changes
    /// nothing: a request is applied once). Off, leases wait for the next fold.
    pub decide_leases: bool,
    /// Renew the heartbeat of every live session this round (the service does it once a
    /// minute); otherwise only sessions that started this round and agents seen in it beat.
    pub heartbeat_sessions: bool,
}

impl DrainOptions {
    pub fn new(spool_root: &Path, host: &HostId) -> DrainOptions {
        DrainOptions {
            spool_root: spool_root.to_path_buf(),
            host: host.clone(),
            max_batch_lines: 10_000,
            max_batch_bytes: 8 * 1024 * 1024,
            torn_grace: Duration::from_secs(60),
            decide_leases: true,
            heartbeat_sessions: true,
        }
    }
}

/// What one round did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct DrainReport {
    /// Records now confirmed in the lake (shipped this round, or found already there).
    pub records: usize,
    pub batches_created: usize,
    pub batches_already_there: usize,
    /// Lines refused and quarantined (foreign, invalid, a promotion, a fleet mismatch, a torn
    /// tail in a rotated file).
    pub quarantined: usize,
    /// Strings the re-scrub changed (a secret that slipped past the write path, an invisible
    /// character).
    pub rescrubbed: usize,
    /// Files whose last line is still torn; it waits for the next round.
    pub torn_tails_waiting: usize,
    pub rotated_files_deleted: usize,
    /// Spool files whose name is not a valid fleet id, left alone.
    pub foreign_files: usize,
    /// Agents seen in this round's records (presence records aside), with their newest record's time.
    pub agents_seen: Vec<(FleetId, String, DateTime<Utc>)>,
    /// `ctxlake mcp` sessions on this host still running after this round; each was heartbeated.
    pub live_sessions: usize,
    /// Sessions dropped this round because their process is gone.
    pub sessions_ended: usize,
    /// Lease requests decided this round (`DrainOptions::decide_leases`), summed over fleets.
    pub leases: LeaseReport,
    /// Fleets that received a new batch this round: their fold has something new to do.
    pub fleets_with_news: Vec<FleetId>,
}

/// One spool file found in `mcp/`.
struct SpoolFile {
    path: PathBuf,
    fleet: FleetId,
    file_id: String,
    len: u64,
    rotated: bool,
    still_for: Duration,
}

/// Runs one drain round over every spool file, then writes a presence heartbeat for every
/// agent seen (`presence`), stamped with the store's clock.
pub fn drain(lake: &Lake, options: &DrainOptions) -> Result<DrainReport, DrainError> {
    let state_path = options.spool_root.join("sync").join("state.json");
    let mut state = load_state(&state_path)?;
    let mut report = DrainReport::default();
    let mut seen: BTreeMap<(String, String), DateTime<Utc>> = BTreeMap::new();
    let files = spool_files(&options.spool_root, &mut report)?;
    let sessions_before: Vec<String> = state.sessions.iter().map(|s| s.session_id.clone()).collect();

    if let Some(pending) = state.pending.clone() {
        match files.iter().find(|f| f.file_id == pending.file_id) {
            Some(file) => {
                // `None`: renamed since the listing; the range stays pending for the next round.
                if let Some(bytes) = read_range(&file.path, &file.file_id, pending.start, pending.end)? {
                    ship(lake, options, file, pending.start, &bytes, &mut report, &mut seen, &mut state.sessions)?;
                    set_offset(&mut state, file, pending.end);
                    state.pending = None;
                }
            }
            None => {
                tracing::warn!(path = %pending.path, "the pending batch's spool file is gone; nothing to re-ship");
                state.pending = None;
            }
        }
        save_state(&state_path, &state)?;
        if state.pending.is_some() {
            return Ok(report);
        }
    }

    for file in &files {
        drain_file(lake, options, file, &state_path, &mut state, &mut report, &mut seen)?;
    }
    state.files.retain(|entry| files.iter().any(|f| f.file_id == entry.file_id));
    save_state(&state_path, &state)?;

    // A session whose process is gone (or whose pid now names another process) ends here,
    // without an `end` record: its heartbeat is no longer renewed and it ages out of the roster.
    let before = state.sessions.len();
    state.sessions.retain(|s| {
        let pid = u32::try_from(s.pid.get()).unwrap_or(0);
        let alive = pid != 0 && process::alive(pid, s.pid_start.as_deref());
        if !alive {
            tracing::info!(agent = %s.agent_id, session = %s.session_id, pid, "session's process is gone");
        }
        alive
    });
    report.sessions_ended += before - state.sessions.len();
    report.live_sessions = state.sessions.len();
    save_state(&state_path, &state)?;

    report.agents_seen = seen
        .into_iter()
        .filter_map(|((fleet, agent), at)| FleetId::new(fleet).ok().map(|fleet| (fleet, agent, at)))
        .collect();
    let beating: Vec<LiveSession> = match options.heartbeat_sessions {
        true => state.sessions.clone(),
        false => state.sessions.iter().filter(|s| !sessions_before.contains(&s.session_id)).cloned().collect(),
    };
    heartbeat(lake, &options.host, &report.agents_seen, &beating)?;
    Ok(report)
}

fn drain_file(
    lake: &Lake,
    options: &DrainOptions,
    file: &SpoolFile,
    state_path: &Path,
    state: &mut SyncState,
    report: &mut DrainReport,
    seen: &mut BTreeMap<(String, String), DateTime<Utc>>,
) -> Result<(), DrainError> {
    let mut offset = offset_of(state, file);
    if offset > file.len {
        // A file with this inode is shorter than what we shipped from it: it was replaced.
        tracing::warn!(path = %file.path.display(), offset, len = file.len, "spool file shrank; reading it from the start");
        offset = 0;
    }
    let Some(bytes) = read_range(&file.path, &file.file_id, offset, file.len)? else { return Ok(()) };
    let whole = bytes.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
    for (start, end) in batch_ranges(&bytes[..whole], options) {
        let (start, end) = (offset + start as u64, offset + end as u64);
        state.pending =
            Some(PendingBatch { file_id: file.file_id.clone(), path: file.path.display().to_string(), start, end });
        save_state(state_path, state)?;
        let range = &bytes[(start - offset) as usize..(end - offset) as usize];
        ship(lake, options, file, start, range, report, seen, &mut state.sessions)?;
        set_offset(state, file, end);
        state.pending = None;
        save_state(state_path, state)?;
    }
    let shipped = offset + whole as u64;
    if shipped < file.len {
        if file.rotated && file.still_for >= options.torn_grace {
            let tail = &bytes[whole..];
            let why =
                format!("{} bytes after the last newline of a rotated file: a write that never finished", tail.len());
            quarantine(lake, options, file, shipped, tail, &why)?;
            report.quarantined += 1;
            set_offset(state, file, file.len);
            save_state(state_path, state)?;
        } else {
            report.torn_tails_waiting += 1;
            return Ok(());
        }
    }
    if file.rotated {
        remove_file(&file.path)?;
        report.rotated_files_deleted += 1;
    }
    Ok(())
}

/// Byte ranges of whole lines, each within the batch limits (a single over-long line is a
/// batch of its own).
fn batch_ranges(bytes: &[u8], options: &DrainOptions) -> Vec<(usize, usize)> {
    let mut ranges = vec![];
    let (mut start, mut lines) = (0, 0);
    let mut cursor = 0;
    while let Some(newline) = bytes[cursor..].iter().position(|b| *b == b'\n') {
        let end = cursor + newline + 1;
        lines += 1;
        if lines >= options.max_batch_lines || end - start >= options.max_batch_bytes {
            ranges.push((start, end));
            (start, lines) = (end, 0);
        }
        cursor = end;
    }
    if start < cursor {
        ranges.push((start, cursor));
    }
    ranges
}

/// Ships one range of whole lines: the batch object and one quarantine object per refused line.
/// Presence records also update `sessions`, which the caller saves with the range's offset, so
/// a rerun of the range applies them again to the same effect.
#[allow(clippy::too_many_arguments)]
fn ship(
    lake: &Lake,
    options: &DrainOptions,
    file: &SpoolFile,
    start: u64,
    bytes: &[u8],
    report: &mut DrainReport,
    seen: &mut BTreeMap<(String, String), DateTime<Utc>>,
    sessions: &mut Vec<LiveSession>,
) -> Result<(), DrainError> {
    let prepared = prepare(bytes, &file.fleet);
    for (relative, why) in &prepared.refused {
        let line = line_at(bytes, *relative as usize);
        quarantine(lake, options, file, start + relative, line, why)?;
        report.quarantined += 1;
    }
    if !prepared.batch.is_empty() {
        let layout = FleetLayout::new(&file.fleet);
        let key = layout.spool_batch(&options.host, &sha256_hex(&prepared.batch));
        let requests: Vec<SpoolRecord> = match options.decide_leases {
            true => crate::lake::maint::parse_batch(&prepared.batch)
                .requests
                .into_iter()
                .filter(|r| matches!(r, SpoolRecord::ClaimRequest { .. } | SpoolRecord::ReleaseRequest { .. }))
                .collect(),
            false => vec![],
        };
        match lake.put_if_absent(&key, prepared.batch)? {
            Created::Created => report.batches_created += 1,
            Created::AlreadyExists => report.batches_already_there += 1,
        }
        if !report.fleets_with_news.contains(&file.fleet) {
            report.fleets_with_news.push(file.fleet.clone());
        }
        if !requests.is_empty() {
            let now = lake.clock(&layout.clock_probe(options.host.as_str()))?;
            let decided = leases::apply(lake, &layout, options.host.as_str(), &requests, now)?;
            report.leases.add(&decided);
        }
    }
    // Only once the batch is in the lake: what it says about agents and sessions takes effect.
    report.records += prepared.records;
    report.rescrubbed += prepared.rescrubbed;
    for (agent, at) in prepared.seen {
        let newest = seen.entry((file.fleet.as_str().to_string(), agent)).or_insert(at);
        *newest = (*newest).max(at);
    }
    for change in prepared.sessions {
        match change {
            SessionChange::Start(session) => {
                sessions.retain(|s| s.session_id != session.session_id);
                sessions.push(session);
            }
            SessionChange::End(session_id) => sessions.retain(|s| s.session_id != session_id),
        }
    }
    Ok(())
}

/// One range of whole spool lines of fleet `fleet`, as the drain turns it into lake objects,
/// before anything is written: pure, so a crash can only happen before or after it.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Prepared {
    /// The batch body: one re-scrubbed JSON line per accepted record.
    pub batch: Vec<u8>,
    /// Lines in `batch`.
    pub records: usize,
    /// Refused lines: (offset in the range, the reason). Each is quarantined, never shipped.
    pub refused: Vec<(u64, String)>,
    /// Strings the re-scrub changed.
    pub rescrubbed: usize,
    /// Agents with a record in the range (presence records aside), with each record's time.
    pub seen: Vec<(String, DateTime<Utc>)>,
    /// Sessions started and ended by the range's presence records, in order.
    pub sessions: Vec<SessionChange>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum SessionChange {
    Start(LiveSession),
    End(String),
}

pub fn prepare(bytes: &[u8], fleet: &FleetId) -> Prepared {
    let contents = spool_read::parse(bytes);
    let mut prepared = Prepared {
        refused: contents.skipped.iter().map(|s| (s.offset, s.why.clone())).collect(),
        ..Prepared::default()
    };
    let good_offsets = good_line_offsets(bytes, &prepared.refused);
    for (line, line_offset) in contents.lines.into_iter().zip(good_offsets) {
        let (mut value, agent, at) = match &line {
            SpoolLine::Request(record) => {
                let value = serde_json::to_value(record).expect("spool records serialize");
                let record_fleet = value.get("fleet_id").and_then(Value::as_str).unwrap_or_default();
                if record_fleet != fleet.as_str() {
                    let why = format!("fleet_id {record_fleet:?} in the spool of fleet {:?}", fleet.as_str());
                    prepared.refused.push((line_offset, why));
                    continue;
                }
                let agent = value.get("agent_id").and_then(Value::as_str).unwrap_or_default().to_string();
                let at = value.get("at").and_then(Value::as_str).and_then(parse_time);
                (value, agent, at)
            }
            SpoolLine::Proposal(event) => {
                let value = serde_json::to_value(event).expect("claim events serialize");
                let agent = value.get("observed_by").and_then(Value::as_str).unwrap_or_default().to_string();
                // Provenance lets a human's observation pass without a known agent behind it;
                // a spool is written by agents, so a proposal there that claims a human is
                // refused, whatever CTXLAKE_AGENT_ID the agent was started with.
                if agent == "human" || agent.starts_with("human:") {
                    prepared
                        .refused
                        .push((line_offset, format!("observed_by {agent:?}: agents only propose as themselves")));
                    continue;
                }
                let at = value.get("observed_at").and_then(Value::as_str).and_then(parse_time);
                (value, agent, at)
            }
        };
        prepared.rescrubbed += rescrub(&mut value);
        serde_json::to_writer(&mut prepared.batch, &value).expect("a JSON value serializes");
        prepared.batch.push(b'\n');
        prepared.records += 1;
        if let SpoolLine::Request(SpoolRecord::Presence { .. }) = &line {
            if let Some(change) = session_change(&value) {
                prepared.sessions.push(change);
            }
            // A presence record is not activity: the live session, not the record, keeps the
            // agent's heartbeat (an `end` must not renew it).
            continue;
        }
        if let Some(at) = at {
            prepared.seen.push((scrub(&agent), at));
        }
    }
    prepared.refused.sort_by_key(|(offset, _)| *offset);
    prepared
}

/// What a (re-scrubbed) presence record does to the host's live sessions.
fn session_change(value: &Value) -> Option<SessionChange> {
    let SpoolRecord::Presence { event, at, fleet_id, agent_id, session_id, pid, pid_start, .. } =
        serde_json::from_value::<SpoolRecord>(value.clone()).ok()?
    else {
        return None;
    };
    if event == PresenceEvent::End {
        return Some(SessionChange::End(session_id));
    }
    let text = |key: &str| value.get(key).and_then(Value::as_str).map(str::to_string);
    let runtime = match (text("client_name"), text("client_version")) {
        (Some(name), Some(version)) => Some(format!("{name} {version}")),
        (name, _) => name,
    };
    Some(SessionChange::Start(LiveSession {
        fleet_id,
        agent_id,
        session_id,
        pid,
        pid_start,
        started_at: at,
        runtime,
        cwd: text("cwd"),
        // An older ctxlake spooled the remote URL; the fleet meets on the project id.
        repo: text("repo").and_then(|r| crate::local::project::from_remote(&r)),
        branch: text("branch"),
    }))
}

/// Offsets (relative to `bytes`) of the lines `spool_read::parse` accepted, in order: every
/// line start that is not a skipped one, so a line refused after parsing can be quarantined.
fn good_line_offsets(bytes: &[u8], skipped: &[(u64, String)]) -> Vec<u64> {
    let mut offsets = vec![];
    let mut cursor = 0usize;
    while cursor < bytes.len() {
        let Some(newline) = bytes[cursor..].iter().position(|b| *b == b'\n') else { break };
        if !skipped.iter().any(|(o, _)| *o == cursor as u64) {
            offsets.push(cursor as u64);
        }
        cursor += newline + 1;
    }
    offsets
}

fn line_at(bytes: &[u8], offset: usize) -> &[u8] {
    let rest = bytes.get(offset..).unwrap_or_default();
    let end = rest.iter().position(|b| *b == b'\n').unwrap_or(rest.len());
    &rest[..end]
}

/// Records a refused line: its hash, length and the reason, never its bytes (it may hold
/// anything, secrets included). Named by file, offset and content, so a rerun writes the same key.
fn quarantine(
    lake: &Lake,
    options: &DrainOptions,
    file: &SpoolFile,
    offset: u64,
    line: &[u8],
    why: &str,
) -> Result<(), DrainError> {
    let line_hash = sha256_hex(line);
    let record = QuarantineRecord {
        host: options.host.as_str().to_string(),
        file: file.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
        offset,
        // The reason can quote the line (a validator's message does): it is scrubbed like data.
        reason: scrub(why),
        bytes: line.len() as u64,
        sha256: line_hash.clone(),
    };
    let identity = format!("{}:{offset}:{line_hash}", file.file_id);
    let key = FleetLayout::new(&file.fleet).quarantined_line(&options.host, &sha256_hex(identity.as_bytes()));
    tracing::warn!(file = %record.file, offset, reason = %record.reason, "spool line quarantined");
    lake.put_if_absent(&key, serde_json::to_vec(&record).expect("a quarantine record serializes"))?;
    Ok(())
}

/// Scrubs every string of a value, keys included; returns how many it changed.
fn rescrub(value: &mut Value) -> usize {
    match value {
        Value::String(text) => {
            let clean = scrub(text);
            let changed = usize::from(clean != *text);
            *text = clean;
            changed
        }
        Value::Array(items) => items.iter_mut().map(rescrub).sum(),
        Value::Object(map) => {
            let entries = std::mem::take(map);
            let mut changed = 0;
            for (key, mut item) in entries {
                changed += rescrub(&mut item);
                let clean = scrub(&key);
                changed += usize::from(clean != key);
                map.insert(clean, item);
            }
            changed
        }
        Value::Null | Value::Bool(_) | Value::Number(_) => 0,
    }
}

/// Overwrites the presence object of every agent seen in this round's records and of every live
/// session's agent. Each agent's object has one writer at a time (the host its session runs on),
/// so a plain overwrite is enough.
pub fn heartbeat(
    lake: &Lake,
    host: &HostId,
    agents: &[(FleetId, String, DateTime<Utc>)],
    sessions: &[LiveSession],
) -> Result<(), DrainError> {
    let mut beats: BTreeMap<(String, String), Presence> = BTreeMap::new();
    let blank = |fleet: &str, agent: &str, last_seen: DateTime<Utc>| Presence {
        agent_id: agent.to_string(),
        fleet_id: fleet.to_string(),
        host: host.as_str().to_string(),
        last_seen,
        heartbeat_at: last_seen,
        session_id: None,
        runtime: None,
        cwd: None,
        repo: None,
        branch: None,
    };
    for (fleet, agent, last_seen) in agents {
        beats.insert((fleet.as_str().to_string(), agent.clone()), blank(fleet.as_str(), agent, *last_seen));
    }
    for session in sessions {
        let key = (session.fleet_id.clone(), session.agent_id.clone());
        let beat = beats.entry(key).or_insert_with(|| blank(&session.fleet_id, &session.agent_id, session.started_at));
        beat.last_seen = beat.last_seen.max(session.started_at);
        beat.session_id = Some(session.session_id.clone());
        beat.runtime = session.runtime.clone();
        beat.cwd = session.cwd.clone();
        beat.repo = session.repo.clone();
        beat.branch = session.branch.clone();
    }
    let mut clocks: BTreeMap<String, DateTime<Utc>> = BTreeMap::new();
    for ((fleet, agent), mut presence) in beats {
        // The fleet id of a session comes from a validated spool file name, but is re-checked:
        // it is about to become a key segment.
        let Ok(fleet) = FleetId::new(fleet) else { continue };
        let layout = FleetLayout::new(&fleet);
        let now = match clocks.get(fleet.as_str()) {
            Some(now) => *now,
            None => {
                let now = lake.clock(&layout.clock_probe(host.as_str()))?;
                clocks.insert(fleet.as_str().to_string(), now);
                now
            }
        };
        presence.heartbeat_at = now;
        lake.put(&layout.presence(&agent), serde_json::to_vec(&presence).expect("presence serializes"))?;
    }
    Ok(())
}

fn spool_files(spool_root: &Path, report: &mut DrainReport) -> Result<Vec<SpoolFile>, DrainError> {
    let dir = spool_root.join("mcp");
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| DrainError::Io { path, source }
    };
    let entries = match std::fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(vec![]),
        Err(e) => return Err(io(&dir)(e)),
    };
    let mut files = vec![];
    for entry in entries {
        let entry = entry.map_err(io(&dir))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some((stem, rotated)) = spool_name(&name) else { continue };
        let Ok(fleet) = FleetId::new(stem) else {
            report.foreign_files += 1;
            continue;
        };
        let path = entry.path();
        let meta = std::fs::symlink_metadata(&path).map_err(io(&path))?;
        if !meta.is_file() {
            report.foreign_files += 1;
            continue;
        }
        let still_for = meta.modified().ok().and_then(|m| m.elapsed().ok()).unwrap_or_default();
        let file_id = format!("{}:{}", meta.dev(), meta.ino());
        files.push(SpoolFile { path, fleet, file_id, len: meta.len(), rotated, still_for });
    }
    // Rotated files first (oldest name first), then live ones: records ship in write order.
    files.sort_by(|a, b| (!a.rotated, &a.path).cmp(&(!b.rotated, &b.path)));
    Ok(files)
}

/// `<fleet>.ndjson` → (fleet, false); `<fleet>.ndjson.<digits>` → (fleet, true).
pub fn spool_name(name: &str) -> Option<(&str, bool)> {
    if let Some(stem) = name.strip_suffix(".ndjson") {
        return Some((stem, false));
    }
    let (head, suffix) = name.rsplit_once('.')?;
    let stem = head.strip_suffix(".ndjson")?;
    (!suffix.is_empty() && suffix.bytes().all(|b| b.is_ascii_digit())).then_some((stem, true))
}

/// Reads `start..end` of the file at `path`, or `None` when `path` no longer names the inode
/// `file_id` (the spool rotated it since the listing; it is found under its new name next round,
/// and reading the new file here would ship its bytes under the old file's offset).
fn read_range(path: &Path, file_id: &str, start: u64, end: u64) -> Result<Option<Vec<u8>>, DrainError> {
    use std::io::{Read, Seek, SeekFrom};
    let io = |source| DrainError::Io { path: path.to_path_buf(), source };
    let mut file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io(e)),
    };
    let meta = file.metadata().map_err(io)?;
    if format!("{}:{}", meta.dev(), meta.ino()) != file_id {
        return Ok(None);
    }
    file.seek(SeekFrom::Start(start)).map_err(io)?;
    let mut bytes = Vec::with_capacity(end.saturating_sub(start) as usize);
    file.take(end.saturating_sub(start)).read_to_end(&mut bytes).map_err(io)?;
    Ok(Some(bytes))
}

fn remove_file(path: &Path) -> Result<(), DrainError> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(DrainError::Io { path: path.to_path_buf(), source: e })
        }
        _ => Ok(()),
    }
}

fn offset_of(state: &SyncState, file: &SpoolFile) -> u64 {
    state.files.iter().find(|f| f.file_id == file.file_id).map_or(0, |f| f.offset)
}

fn set_offset(state: &mut SyncState, file: &SpoolFile, offset: u64) {
    let path = file.path.display().to_string();
    match state.files.iter_mut().find(|f| f.file_id == file.file_id) {
        Some(entry) => {
            entry.offset = offset;
            entry.path = path;
        }
        None => state.files.push(FileOffset { file_id: file.file_id.clone(), path, offset }),
    }
}

fn load_state(path: &Path) -> Result<SyncState, DrainError> {
    match std::fs::read(path) {
        Ok(bytes) => serde_json::from_slice(&bytes)
            .map_err(|e| DrainError::State { path: path.to_path_buf(), why: e.to_string() }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Ok(SyncState { files: vec![], pending: None, sessions: vec![] })
        }
        Err(e) => Err(DrainError::State { path: path.to_path_buf(), why: e.to_string() }),
    }
}

fn save_state(path: &Path, state: &SyncState) -> Result<(), DrainError> {
    let bytes = serde_json::to_vec_pretty(state).expect("the drain state serializes");
    write_atomic(path, &bytes).map_err(|source| DrainError::Io { path: path.to_path_buf(), source })
}

fn parse_time(text: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(text).ok().map(|t| t.with_timezone(&Utc))
}

#[cfg(test)]
mod tests;
