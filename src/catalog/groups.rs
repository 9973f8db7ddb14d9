//! Tool groups: a family of the catalog (`fleet`, `memory`, `knowledge`, …) is a group, so an
//! operator can serve only some of the tools (`CTXLAKE_TOOLS`, `serve --tools`, a key's
//! `--tools`). A selection names groups or single tools; anything else is refused up front
//! with the valid names, never discovered at call time.

use super::CATALOG;
use std::collections::BTreeSet;

/// The selection that means every tool.
pub const ALL: &str = "all";

/// The groups, in catalog order.
pub fn names() -> Vec<&'static str> {
    let mut seen = Vec::new();
    for spec in CATALOG {
        if !seen.contains(&spec.family) {
            seen.push(spec.family);
        }
    }
    seen
}

/// A selection naming something that is neither a group nor a tool.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown tool group {name:?}: the groups are {} (or {ALL}, or a tool's name)", names().join(", "))]
pub struct UnknownGroup {
    pub name: String,
}

/// The tools a comma-separated selection (`"fleet,memory"`, `"knowledge,fleet_status"`) names.
/// Blank entries are ignored; a selection of only blanks, or one containing `all`, is every
/// tool. The result is a set of catalog names.
pub fn select(selection: &str) -> Result<BTreeSet<&'static str>, UnknownGroup> {
    select_each(selection.split(','))
}

/// `select` over entries already split (a clap list).
pub fn select_each<'a>(entries: impl IntoIterator<Item = &'a str>) -> Result<BTreeSet<&'static str>, UnknownGroup> {
    let mut tools = BTreeSet::new();
    let mut any = false;
    for entry in entries.into_iter().map(str::trim).filter(|e| !e.is_empty()) {
        any = true;
        if entry == ALL {
            return Ok(CATALOG.iter().map(|s| s.name).collect());
        }
        let named: Vec<&'static str> =
            CATALOG.iter().filter(|s| s.family == entry || s.name == entry).map(|s| s.name).collect();
        if named.is_empty() {
            return Err(UnknownGroup { name: entry.to_string() });
        }
        tools.extend(named);
    }
    if !any {
        return Ok(CATALOG.iter().map(|s| s.name).collect());
    }
    Ok(tools)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_is_a_group_and_a_group_names_exactly_its_tools() {
        let groups = names();
        for family in ["fleet", "memory", "knowledge"] {
            assert!(groups.contains(&family), "{groups:?}");
        }
        for group in groups {
            let tools = select(group).unwrap();
            let expected: BTreeSet<_> = CATALOG.iter().filter(|s| s.family == group).map(|s| s.name).collect();
            assert_eq!(tools, expected, "{group}");
        }
    }

    #[test]
    fn groups_and_single_tools_combine_and_blanks_or_all_mean_everything() {
        let picked = select(" memory , fleet_status,").unwrap();
        assert!(picked.contains("memory_search") && picked.contains("fleet_status"));
        assert!(!picked.contains("fleet_claim"));
        assert_eq!(select("").unwrap().len(), CATALOG.len());
        assert_eq!(select("fleet,all").unwrap().len(), CATALOG.len());
    }

    #[test]
    fn an_unknown_group_is_refused_naming_the_valid_ones() {
        let error = select("fleet,memroy").unwrap_err();
        assert_eq!(error.name, "memroy");
        let message = error.to_string();
        for group in names() {
            assert!(message.contains(group), "{message}");
        }
    }
}
