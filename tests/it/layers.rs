//! The layer table of ARCHITECTURE.md, enforced: every `crate::<module>` a library source file
//! names (outside comments) must be one its module may import. A handler importing `rpc`, or
//! `rpc` naming a handler, fails here before review has to catch it.

use std::path::Path;

/// Module → the crate modules it may import (itself always allowed).
const ALLOWED: &[(&str, &[&str])] = &[
    ("transport", &["rpc", "keys"]),
    ("fixtures", &["rpc", "spec"]),
    ("rpc", &["catalog", "spec"]),
    ("catalog", &["spec"]),
    (
        "tools",
        &[
            "catalog",
            "attribution",
            "briefing",
            "config",
            "context",
            "embed",
            "guard",
            "knowledge",
            "local",
            "snapshot",
            "spec",
        ],
    ),
    ("context", &["guard", "snapshot", "spec"]),
    ("knowledge", &["attribution", "embed", "guard", "snapshot", "spec"]),
    ("briefing", &["attribution", "config", "guard", "local", "snapshot", "spec"]),
    ("attribution", &["guard", "snapshot"]),
    ("local", &["spec"]),
    ("snapshot", &["embed", "spec"]),
    ("config", &["local"]),
    ("conform", &["spec"]),
    ("lake", &["embed", "guard", "knowledge", "local", "snapshot", "spec"]),
    ("keys", &[]),
    ("install", &["spec"]),
    ("embed", &[]),
    ("guard", &[]),
];

/// The `crate::<name>` paths in `source`, comments and `#[cfg(test)]` modules left out (tests
/// may plug stand-ins into any layer).
fn imports(source: &str) -> Vec<String> {
    let code = source.split("#[cfg(test)]").next().unwrap_or_default();
    let mut found = vec![];
    for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
        for (at, _) in line.match_indices("crate::") {
            let name: String = line[at + 7..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            found.push(name);
        }
    }
    found
}

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_library_module_imports_only_the_layers_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut violations = vec![];
    for (module, allowed) in ALLOWED {
        let mut sources = vec![];
        let dir = src.join(module);
        if dir.is_dir() {
            files(&dir, &mut sources);
        } else {
            sources.push(src.join(format!("{module}.rs")));
        }
        for path in sources {
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            for name in imports(&text) {
                if name != *module && !allowed.contains(&name.as_str()) {
                    violations.push(format!("{} imports crate::{name}", path.display()));
                }
            }
        }
    }
    assert!(violations.is_empty(), "imports ARCHITECTURE.md's layer table does not allow:\n{}", violations.join("\n"));
}

#[test]
fn every_library_module_is_in_the_layer_table() {
    let lib = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    for line in lib.lines().filter_map(|l| l.trim().strip_prefix("pub mod ")) {
        let module = line.trim_end_matches(';');
        let known = module == "spec" || ALLOWED.iter().any(|(m, _)| *m == module);
        assert!(known, "src/lib.rs declares `{module}`, which has no row in the layer table");
    }
}

#[test]
fn a_handler_importing_rpc_is_a_violation() {
    assert_eq!(imports("use crate::rpc::Server;\n// crate::tools in a comment\n"), ["rpc"]);
    assert!(imports("#[cfg(test)]\nmod tests { use crate::rpc::Frame; }").is_empty());
}
