//! The layer table of ARCHITECTURE.md, enforced: every `crate::<module>` a library source file
//! names (outside comments) must be one its module may import. A handler importing `rpc`, or
//! `rpc` naming a handler, fails here before review has to catch it. The document is held to
//! the code too: its layer table is this one, and its code map names every module of `src/`
//! and nothing that is gone.

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
    ("snapshot", &["cores", "embed", "spec"]),
    ("config", &["local"]),
    ("conform", &["spec"]),
    ("fuzz", &["conform", "spec"]),
    ("lake", &["cores", "embed", "guard", "knowledge", "local", "snapshot", "spec"]),
    ("keys", &[]),
    ("console", &["transport", "keys", "lake", "knowledge", "embed", "guard", "local", "snapshot", "spec"]),
    ("install", &["spec"]),
    ("embed", &[]),
    ("cores", &[]),
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

fn architecture() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md")).unwrap()
}

/// The lines of the `## <title>` section of ARCHITECTURE.md.
fn section(text: &str, title: &str) -> Vec<String> {
    let heading = format!("## {title}");
    let start = text.lines().position(|l| l.trim() == heading).unwrap_or_else(|| panic!("no `{heading}`"));
    text.lines().skip(start + 1).take_while(|l| !l.starts_with("## ")).map(str::to_string).collect()
}

/// The `src/` modules a code map bullet is about: its backticked `src/...` paths before the
/// first ``: `` (`- `src/main.rs`, `src/cli/`: ...` is about `main` and `cli`).
fn mapped_modules(bullet: &str) -> Vec<String> {
    let head = bullet.split("`: ").next().unwrap_or_default();
    head.split('`')
        .filter_map(|token| token.strip_prefix("src/"))
        .map(|path| path.trim_end_matches('/').trim_end_matches(".rs").to_string())
        .filter(|module| !module.is_empty())
        .collect()
}

/// Every module of `src/` (a folder or a `.rs` file beside `lib.rs`), the crate root left out.
fn source_modules() -> Vec<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut modules: Vec<String> = std::fs::read_dir(&src)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir() || path.extension().is_some_and(|e| e == "rs"))
        .filter_map(|path| path.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .filter(|module| module != "lib")
        .collect();
    modules.sort();
    modules
}

#[test]
fn the_code_map_names_every_module_of_src_and_no_other() {
    let text = architecture();
    let mut mapped: Vec<String> =
        section(&text, "Code map").iter().filter_map(|line| line.strip_prefix("- ")).flat_map(mapped_modules).collect();
    mapped.sort();
    let unique_count = {
        let mut unique = mapped.clone();
        unique.dedup();
        unique.len()
    };
    assert_eq!(unique_count, mapped.len(), "a module is mapped twice: {mapped:?}");
    let modules = source_modules();
    let missing: Vec<&String> = modules.iter().filter(|m| !mapped.contains(m)).collect();
    let gone: Vec<&String> = mapped.iter().filter(|m| !modules.contains(m)).collect();
    assert!(
        missing.is_empty() && gone.is_empty(),
        "ARCHITECTURE.md's code map is out of date: src/ has {missing:?} the map does not name, \
         and the map names {gone:?} that src/ does not have"
    );
}

#[test]
fn the_layer_table_of_architecture_md_is_the_one_enforced() {
    let text = architecture();
    let backticked = |cell: &str| -> Vec<String> { cell.split('`').skip(1).step_by(2).map(str::to_string).collect() };
    let mut documented: Vec<(String, Vec<String>)> = vec![];
    for line in section(&text, "Layers") {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let [_, module, imports, _] = cells.as_slice() else { continue };
        let Some(module) = backticked(module).into_iter().next() else { continue };
        let mut imports = backticked(imports);
        imports.sort();
        documented.push((module, imports));
    }
    let mut enforced: Vec<(String, Vec<String>)> = ALLOWED
        .iter()
        .map(|(module, allowed)| {
            let mut allowed: Vec<String> = allowed.iter().map(|a| a.to_string()).collect();
            allowed.sort();
            (module.to_string(), allowed)
        })
        .collect();
    documented.sort();
    enforced.sort();
    assert_eq!(documented, enforced, "ARCHITECTURE.md's layer table differs from the one this test enforces");
}

#[test]
fn a_code_map_bullet_names_the_modules_before_its_colon() {
    assert_eq!(mapped_modules("`src/main.rs`, `src/cli/`: the binary, see `src/rpc/`"), ["main", "cli"]);
    assert_eq!(mapped_modules("`schemas/`: the source of truth"), Vec::<String>::new());
}
