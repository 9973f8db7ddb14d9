//! Bounded reads of the JSON files `ctxlake sync` mirrors into `<cache_root>/<fleet_id>/`.
//! The cache is untrusted input: a read never fails the caller, it says what it found.

use serde::de::DeserializeOwned;
use std::io::Read;
use std::path::Path;

/// Files larger than this are not read at all (a cache file is a few hundred KiB at most).
pub const MAX_CACHE_FILE_BYTES: u64 = 16 * 1024 * 1024;

#[derive(Debug, PartialEq)]
pub enum CacheRead<T> {
    /// No such file: the cache has not been refreshed for this fleet yet.
    Missing,
    /// The file exists but cannot be used; the reason is for the tool's note.
    Unreadable(String),
    Parsed(T),
}

/// Reads `<fleet_dir>/<file>` as JSON of type `T` (one parse, straight from the bytes). A fleet directory that is a symbolic link is refused,
/// so a planted link cannot point the read tools outside the cache root.
pub fn read_json<T: DeserializeOwned>(fleet_dir: &Path, file: &str) -> CacheRead<T> {
    match check_fleet_dir(fleet_dir) {
        Ok(true) => {}
        Ok(false) => return CacheRead::Missing,
        Err(why) => return CacheRead::Unreadable(why),
    }
    let path = fleet_dir.join(file);
    let file_handle = match std::fs::File::open(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return CacheRead::Missing,
        Err(e) => return unreadable(&path, &e.kind().to_string()),
    };
    let mut bytes = Vec::new();
    if let Err(e) = file_handle.take(MAX_CACHE_FILE_BYTES + 1).read_to_end(&mut bytes) {
        return unreadable(&path, &e.kind().to_string());
    }
    if bytes.len() as u64 > MAX_CACHE_FILE_BYTES {
        return unreadable(&path, &format!("larger than {MAX_CACHE_FILE_BYTES} bytes"));
    }
    match serde_json::from_slice(&bytes) {
        Ok(parsed) => CacheRead::Parsed(parsed),
        Err(e) if e.is_data() => unreadable(&path, &format!("unexpected shape ({e})")),
        Err(e) => unreadable(&path, &format!("not valid JSON ({e})")),
    }
}

/// `Ok(true)` when the fleet directory exists and is a real directory, `Ok(false)` when it does
/// not exist, `Err(why)` when it is a symbolic link (refused) or cannot be inspected.
pub fn check_fleet_dir(fleet_dir: &Path) -> Result<bool, String> {
    match std::fs::symlink_metadata(fleet_dir) {
        Ok(meta) if meta.file_type().is_symlink() => {
            tracing::warn!(dir = %fleet_dir.display(), "fleet cache directory is a symbolic link; refusing to read it");
            Err("this fleet's cache folder is a symbolic link; refused (`ctxlake doctor` names it)".to_string())
        }
        Ok(_) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => {
            tracing::warn!(dir = %fleet_dir.display(), error = %e, "fleet cache directory unreadable");
            Err(format!("this fleet's cache folder could not be read ({})", e.kind()))
        }
    }
}

/// The note says which cache file and why, never where it lives: a note reaches the model, and
/// over `ctxlake serve` whoever holds a key. The path goes to the log.
fn unreadable<T>(path: &Path, why: &str) -> CacheRead<T> {
    tracing::warn!(path = %path.display(), why, "cache file unreadable");
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    CacheRead::Unreadable(format!("{name} in this fleet's cache could not be read: {why}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn read(dir: &Path) -> CacheRead<Value> {
        read_json(dir, "roster.json")
    }

    #[test]
    fn a_missing_fleet_directory_reads_as_missing() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(read(&dir.path().join("nope")), CacheRead::Missing);
    }

    #[test]
    fn invalid_json_is_unreadable_not_an_error() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("roster.json"), b"{not json").unwrap();
        assert!(matches!(read(dir.path()), CacheRead::Unreadable(_)));
    }

    #[test]
    fn deeply_nested_json_is_unreadable_not_a_crash() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("roster.json"), "[".repeat(100_000)).unwrap();
        assert!(matches!(read(dir.path()), CacheRead::Unreadable(_)));
    }

    #[test]
    fn a_symlinked_fleet_directory_is_refused() {
        let root = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("roster.json"), b"[]").unwrap();
        std::os::unix::fs::symlink(outside.path(), root.path().join("fleet")).unwrap();
        assert!(matches!(read(&root.path().join("fleet")), CacheRead::Unreadable(_)));
    }
}
