//! Host-local files the lake code keeps (the drain's state, the mirrored cache files): every
//! write goes to a temporary file beside the target, is synced, then renamed over it, so a crash
//! leaves the old file or the new one, never a torn one.

use std::io::Write;
use std::path::Path;

/// Replaces `path` with `bytes` atomically (temp file, fsync, rename, fsync of the folder).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let mut temp = tempfile::NamedTempFile::new_in(dir)?;
    temp.write_all(bytes)?;
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    // The rename is durable only once the folder's entry is on disk.
    std::fs::File::open(dir)?.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_atomic_replaces_the_whole_file_and_leaves_no_temp_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/state.json");
        write_atomic(&path, b"first, longer").unwrap();
        write_atomic(&path, b"second").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        assert_eq!(std::fs::read_dir(dir.path().join("sub")).unwrap().count(), 1);
    }
}
