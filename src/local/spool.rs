//! Durable appends to `<spool_root>/mcp/<fleet_id>.ndjson`, the queue `ctxlake sync` drains.
//!
//! Invariants: one record is one line written by a single `write(2)` on an `O_APPEND`
//! descriptor (so concurrent writers never interleave), synced to disk before `append` returns;
//! a fleet file is rotated before it would pass `MAX_FILE_BYTES`; the `mcp/` directory never
//! grows past `MAX_DIR_BYTES`; a write that cannot complete leaves no partial line behind.

use crate::local::paths::FleetId;
use serde::Serialize;
use std::fs::OpenOptions;
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

/// A fleet's spool file is rotated before it would grow past this (32 MiB).
pub const MAX_FILE_BYTES: u64 = 32 * 1024 * 1024;
/// The `mcp/` spool directory refuses writes that would take it past this (512 MiB).
pub const MAX_DIR_BYTES: u64 = 512 * 1024 * 1024;

#[derive(Debug, thiserror::Error)]
pub enum SpoolError {
    #[error(
        "the spool directory {dir} would grow past its cap of {cap} bytes (it holds {used}); \
         refusing to queue this write until `ctxlake sync` drains it"
    )]
    DirectoryFull { dir: PathBuf, cap: u64, used: u64 },
    #[error("cannot write to the spool {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("the record could not be serialized: {0}")]
    Serialize(#[from] serde_json::Error),
}

impl SpoolError {
    /// What the caller of a write tool is told: what went wrong and what to do, without this
    /// host's paths (the whole error, paths included, goes to the log).
    pub fn for_caller(&self) -> String {
        match self {
            SpoolError::DirectoryFull { cap, used, .. } => format!(
                "the local spool is full (it holds {used} bytes; its cap is {cap} bytes): refusing to queue this \
                 write, nothing was queued. It drains \
                 when this host's `ctxlake sync` service reaches the lake: `ctxlake doctor` says why it has not"
            ),
            SpoolError::Io { source, .. } => format!(
                "the local spool could not be written ({}); nothing was queued. `ctxlake doctor` checks the spool",
                source.kind()
            ),
            SpoolError::Serialize(_) => "the record could not be serialized; nothing was queued".to_string(),
        }
    }
}

/// Where a fleet's spool lives and how large it may grow.
#[derive(Debug, Clone)]
pub struct Spool {
    dir: PathBuf,
    file: PathBuf,
    max_file_bytes: u64,
    max_dir_bytes: u64,
}

impl Spool {
    pub fn new(spool_root: &Path, fleet: &FleetId) -> Spool {
        let file = fleet.spool_file(spool_root);
        let dir = file.parent().expect("spool_file always has a parent").to_path_buf();
        Spool { dir, file, max_file_bytes: MAX_FILE_BYTES, max_dir_bytes: MAX_DIR_BYTES }
    }

    /// Same spool with other caps. Use this in tests.
    pub fn with_caps(mut self, max_file_bytes: u64, max_dir_bytes: u64) -> Spool {
        self.max_file_bytes = max_file_bytes;
        self.max_dir_bytes = max_dir_bytes;
        self
    }

    pub fn file(&self) -> &Path {
        &self.file
    }

    /// Appends one record as one compact JSON line and syncs it to disk.
    pub fn append<T: Serialize>(&self, record: &T) -> Result<(), SpoolError> {
        let mut line = serde_json::to_vec(record)?;
        line.push(b'\n');
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| SpoolError::Io { path, source }
        };
        std::fs::create_dir_all(&self.dir).map_err(io(&self.dir))?;
        let used = directory_bytes(&self.dir).map_err(io(&self.dir))?;
        let len = line.len() as u64;
        if used + len > self.max_dir_bytes {
            return Err(SpoolError::DirectoryFull { dir: self.dir.clone(), cap: self.max_dir_bytes, used });
        }
        self.rotate_if_full(len).map_err(io(&self.file))?;
        let mut file =
            OpenOptions::new().append(true).create(true).mode(0o600).open(&self.file).map_err(io(&self.file))?;
        write_whole_line(&mut file, &line).map_err(io(&self.file))?;
        file.sync_data().map_err(io(&self.file))
    }

    fn rotate_if_full(&self, incoming: u64) -> std::io::Result<()> {
        let size = match std::fs::metadata(&self.file) {
            Ok(meta) => meta.len(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(e),
        };
        if size == 0 || size + incoming <= self.max_file_bytes {
            return Ok(());
        }
        let micros = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_micros())
            .unwrap_or_default();
        let mut rotated = self.file.clone().into_os_string();
        rotated.push(format!(".{micros}"));
        match std::fs::rename(&self.file, &rotated) {
            // Another writer rotated it first: the fresh file is theirs and ours to share.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            other => other,
        }
    }
}

/// One `write(2)`. On a short write (disk full) the torn tail is cut off again, so readers
/// never see a partial line; the cut is safe because an `O_APPEND` write lands at the end.
fn write_whole_line(file: &mut std::fs::File, line: &[u8]) -> std::io::Result<()> {
    let written = file.write(line)?;
    if written == line.len() {
        return Ok(());
    }
    let end = file.metadata()?.len();
    if written > 0
        && let Err(e) = file.set_len(end.saturating_sub(written as u64))
    {
        tracing::error!(error = %e, "could not cut a torn spool line; readers will skip it");
    }
    Err(std::io::Error::new(std::io::ErrorKind::WriteZero, format!("short write: {written} of {} bytes", line.len())))
}

fn directory_bytes(dir: &Path) -> std::io::Result<u64> {
    let mut total = 0;
    for entry in std::fs::read_dir(dir)? {
        let meta = entry?.metadata()?;
        if meta.is_file() {
            total += meta.len();
        }
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn spool(root: &Path) -> Spool {
        Spool::new(root, &FleetId::new("oxidant").unwrap())
    }

    #[test]
    fn each_append_is_one_line_of_compact_json() {
        let root = tempfile::tempdir().unwrap();
        let s = spool(root.path());
        s.append(&json!({"kind": "handoff", "summary": "a\nb"})).unwrap();
        s.append(&json!({"kind": "handoff"})).unwrap();
        let text = std::fs::read_to_string(s.file()).unwrap();
        assert_eq!(text.lines().count(), 2);
        assert!(text.ends_with('\n'));
        for line in text.lines() {
            serde_json::from_str::<serde_json::Value>(line).unwrap();
        }
    }

    #[test]
    fn a_full_file_rotates_into_exactly_one_file_and_the_fresh_file_holds_the_new_line() {
        let root = tempfile::tempdir().unwrap();
        let s = spool(root.path()).with_caps(64, 1 << 20);
        s.append(&json!({"n": "x".repeat(60)})).unwrap();
        s.append(&json!({"n": 2})).unwrap();
        let names: Vec<_> =
            std::fs::read_dir(root.path().join("mcp")).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 2, "{names:?}");
        assert_eq!(std::fs::read_to_string(s.file()).unwrap(), "{\"n\":2}\n");
    }

    #[test]
    fn an_over_cap_directory_refuses_and_writes_nothing() {
        let root = tempfile::tempdir().unwrap();
        let s = spool(root.path()).with_caps(1 << 20, 30);
        s.append(&json!({"n": 1})).unwrap();
        let before = std::fs::read(s.file()).unwrap();
        let err = s.append(&json!({"n": "x".repeat(40)})).unwrap_err();
        assert!(matches!(err, SpoolError::DirectoryFull { cap: 30, .. }), "{err}");
        assert!(err.to_string().contains("30 bytes"));
        assert_eq!(std::fs::read(s.file()).unwrap(), before);
    }
}
