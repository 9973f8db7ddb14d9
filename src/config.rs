//! The context every handler runs in: who this agent is and where its cache and spool live.
//! Read from the environment once, at startup, by `main`; nothing reads the environment after.

use crate::local::paths::{FleetId, InvalidSegment};
use std::path::PathBuf;

#[derive(Debug, Clone)]
pub struct Ctx {
    pub fleet_id: FleetId,
    pub agent_id: String,
    pub spool_root: PathBuf,
    pub cache_root: PathBuf,
    /// The folder lake used when no `--lake`/`CTXLAKE_LAKE` is given.
    pub lake_root: PathBuf,
    /// The knowledge base (`CTXLAKE_KB`, default `~/.ctxlake/kb.sqlite`).
    pub kb_path: PathBuf,
    /// Whether `CTXLAKE_KB` named the base. Then it is served; else the fleet's published base
    /// (`<cache>/<fleet>/kb.jsonl`, mirrored by `ctxlake sync`) comes first when there is one.
    pub kb_explicit: bool,
    /// The tool groups or tools to serve (`CTXLAKE_TOOLS`, comma-separated; `None`: all), as
    /// written: the binary checks it against the catalog at startup.
    pub tools: Option<String>,
    /// The project ids this caller may read (`None`: every project of its fleet). Over stdio
    /// always `None`; `ctxlake serve` sets it from a key's `--projects`.
    pub projects: Option<Vec<String>>,
}

impl Ctx {
    /// Builds the context from `CTXLAKE_*` variables (as a lookup function, so tests pass a map):
    /// `CTXLAKE_FLEET_ID` (default "default"), `CTXLAKE_AGENT_ID` (default "unknown"),
    /// `CTXLAKE_SPOOL_DIR` (default `~/.ctxlake/spool`), `CTXLAKE_CACHE_DIR` (default `~/.ctxlake/cache`),
    /// `CTXLAKE_KB` (default `~/.ctxlake/kb.sqlite`), `CTXLAKE_TOOLS` (default: every tool).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Ctx, InvalidSegment> {
        let non_empty = |key: &str| lookup(key).filter(|v| !v.is_empty());
        let home = non_empty("HOME").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("."));
        Ok(Ctx {
            fleet_id: FleetId::new(non_empty("CTXLAKE_FLEET_ID").unwrap_or_else(|| "default".into()))?,
            agent_id: non_empty("CTXLAKE_AGENT_ID").unwrap_or_else(|| "unknown".into()),
            spool_root: non_empty("CTXLAKE_SPOOL_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| home.join(".ctxlake/spool")),
            cache_root: non_empty("CTXLAKE_CACHE_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| home.join(".ctxlake/cache")),
            lake_root: home.join(".ctxlake/lake"),
            kb_path: non_empty("CTXLAKE_KB").map(PathBuf::from).unwrap_or_else(|| home.join(".ctxlake/kb.sqlite")),
            kb_explicit: non_empty("CTXLAKE_KB").is_some(),
            tools: non_empty("CTXLAKE_TOOLS"),
            projects: None,
        })
    }
}

impl Ctx {
    /// A context whose spool, cache and lake live under `root` (`root/spool`, `root/cache`, `root/lake`), for
    /// fleet `fleet` and agent "unknown". Use this in tests and fuzz targets.
    pub fn under(root: &std::path::Path, fleet: &str) -> Result<Ctx, InvalidSegment> {
        Ok(Ctx {
            fleet_id: FleetId::new(fleet)?,
            agent_id: "unknown".to_string(),
            spool_root: root.join("spool"),
            cache_root: root.join("cache"),
            lake_root: root.join("lake"),
            kb_path: root.join("kb.sqlite"),
            kb_explicit: false,
            tools: None,
            projects: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx(pairs: &[(&str, &str)]) -> Result<Ctx, InvalidSegment> {
        let map: std::collections::HashMap<String, String> =
            pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Ctx::from_lookup(|k| map.get(k).cloned())
    }

    #[test]
    fn defaults_apply_when_nothing_is_set() {
        let c = ctx(&[("HOME", "/home/a")]).unwrap();
        assert_eq!(c.fleet_id.as_str(), "default");
        assert_eq!(c.agent_id, "unknown");
        assert_eq!(c.spool_root, PathBuf::from("/home/a/.ctxlake/spool"));
        assert_eq!(c.cache_root, PathBuf::from("/home/a/.ctxlake/cache"));
    }

    #[test]
    fn a_traversal_fleet_id_is_refused_at_startup() {
        assert!(ctx(&[("CTXLAKE_FLEET_ID", "../etc")]).is_err());
    }
}
