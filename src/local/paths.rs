//! Path rules. A fleet id becomes one directory or file name under the cache and spool roots,
//! so it must be a single, ordinary path segment; `FleetId` can only hold one that is.

use std::path::{Path, PathBuf};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("fleet id {value:?} is not a single path segment: {why}")]
pub struct InvalidSegment {
    pub value: String,
    pub why: &'static str,
}

/// A validated fleet id: non-empty, not `.` or `..`, no `/`, `\` or NUL, at most 128 bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FleetId(String);

impl FleetId {
    pub fn new(value: impl Into<String>) -> Result<FleetId, InvalidSegment> {
        let value = value.into();
        let why = if value.is_empty() {
            Some("it is empty")
        } else if value == "." || value == ".." {
            Some("it names a directory")
        } else if value.contains(['/', '\\', '\0']) {
            Some("it contains '/', '\\' or NUL")
        } else if value.len() > 128 {
            Some("it is longer than 128 bytes")
        } else {
            None
        };
        match why {
            Some(why) => Err(InvalidSegment { value, why }),
            None => Ok(FleetId(value)),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// `<cache_root>/<fleet_id>`: the only directory the read tools look in.
    pub fn cache_dir(&self, cache_root: &Path) -> PathBuf {
        cache_root.join(&self.0)
    }

    /// `<spool_root>/mcp/<fleet_id>.ndjson`: the file the write tools append to.
    pub fn spool_file(&self, spool_root: &Path) -> PathBuf {
        spool_root.join("mcp").join(format!("{}.ndjson", self.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_fleet_ids_pass() {
        for ok in ["default", "team-a", "fleet.prod", "ünïcode"] {
            assert!(FleetId::new(ok).is_ok(), "{ok}");
        }
    }

    #[test]
    fn traversal_and_separator_fleet_ids_are_refused() {
        for bad in ["", ".", "..", "a/b", "../x", "a\\b", "a\0b", &"x".repeat(129)] {
            assert!(FleetId::new(bad).is_err(), "{bad:?}");
        }
    }
}
