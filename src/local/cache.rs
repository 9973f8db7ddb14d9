//! Bounded reads of the JSON files `ctxlake sync` mirrors into `<cache_root>/<fleet_id>/`.
//! The cache is untrusted input: a read never fails the caller, it says what it found.

use rustix::fs::{Mode, OFlags};
use rustix::io::Errno;
use serde::de::DeserializeOwned;
use std::io::Read;
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};

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

/// A fleet's cache folder, opened once for the reads of one call. It is opened without
/// following a symbolic link (a planted link cannot point the read tools outside the cache
/// root), and its files are opened relative to the open folder, so the folder checked is the
/// folder read even if a link replaces it meanwhile, and a call walks the path once (two
/// `statx` per call were a quarter of an empty `fleet_status`, docs/performance.md).
pub struct CacheDir {
    path: PathBuf,
    opened: Result<Option<OwnedFd>, String>,
}

impl CacheDir {
    pub fn open(fleet_dir: &Path) -> CacheDir {
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        let opened = match rustix::fs::open(fleet_dir, flags, Mode::empty()) {
            Ok(fd) => Ok(Some(fd)),
            Err(Errno::NOENT) => Ok(None),
            // O_NOFOLLOW on a link: ELOOP; O_DIRECTORY on a link to a file: ENOTDIR.
            Err(Errno::LOOP) | Err(Errno::NOTDIR) if is_symlink(fleet_dir) => {
                tracing::warn!(dir = %fleet_dir.display(), "fleet cache directory is a symbolic link; refusing to read it");
                Err("this fleet's cache folder is a symbolic link; refused (`ctxlake doctor` names it)".to_string())
            }
            Err(e) => {
                tracing::warn!(dir = %fleet_dir.display(), error = %e, "fleet cache directory unreadable");
                Err(format!("this fleet's cache folder could not be read ({})", std::io::Error::from(e).kind()))
            }
        };
        CacheDir { path: fleet_dir.to_path_buf(), opened }
    }

    /// `Ok(true)` when the folder exists and is a real folder, `Ok(false)` when it does not
    /// exist, `Err(why)` when it is a symbolic link (refused) or cannot be opened.
    pub fn exists(&self) -> Result<bool, String> {
        self.opened.as_ref().map(Option::is_some).map_err(Clone::clone)
    }

    /// Reads `<fleet_dir>/<file>` as JSON of type `T` (one parse, straight from the bytes).
    /// A file that is a symbolic link is refused like the folder.
    pub fn read_json<T: DeserializeOwned>(&self, file: &str) -> CacheRead<T> {
        let dir = match &self.opened {
            Ok(Some(dir)) => dir,
            Ok(None) => return CacheRead::Missing,
            Err(why) => return CacheRead::Unreadable(why.clone()),
        };
        let path = self.path.join(file);
        let flags = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        let file_handle = match rustix::fs::openat(dir, file, flags, Mode::empty()) {
            Ok(fd) => std::fs::File::from(fd),
            Err(Errno::NOENT) => return CacheRead::Missing,
            Err(Errno::LOOP) => return unreadable(&path, "a symbolic link, refused"),
            Err(e) => return unreadable(&path, &std::io::Error::from(e).kind().to_string()),
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
}

/// Only asked after an open refused the path, to tell a planted link from a plain file.
fn is_symlink(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|meta| meta.file_type().is_symlink())
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
        CacheDir::open(dir).read_json("roster.json")
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
        assert!(CacheDir::open(&root.path().join("fleet")).exists().is_err());
    }

    #[test]
    fn a_symlinked_cache_file_is_refused() {
        let root = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.json"), b"[]").unwrap();
        std::os::unix::fs::symlink(outside.path().join("secret.json"), root.path().join("roster.json")).unwrap();
        match read(root.path()) {
            CacheRead::Unreadable(why) => assert!(why.contains("symbolic link"), "{why}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_folder_opened_is_the_folder_read_even_when_a_link_replaces_it() {
        let root = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        let fleet = root.path().join("fleet");
        std::fs::create_dir(&fleet).unwrap();
        std::fs::write(fleet.join("roster.json"), b"[1]").unwrap();
        std::fs::write(outside.path().join("roster.json"), b"[2]").unwrap();
        let dir = CacheDir::open(&fleet);
        std::fs::rename(&fleet, root.path().join("moved")).unwrap();
        std::os::unix::fs::symlink(outside.path(), &fleet).unwrap();
        assert_eq!(dir.read_json::<Value>("roster.json"), CacheRead::Parsed(serde_json::json!([1])));
    }
}
