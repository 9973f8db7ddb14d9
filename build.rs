//! Turns `schemas/` into Rust at build time: typify types for every schema file, and per tool
//! family a trait with one typed method per tool, a dispatcher, and the catalog `tools/list` serves.
//! Generated code lands in `$OUT_DIR` and is included once, by `src/spec.rs`. It also asks the
//! linker to gather the stdio path's functions (`build/link.rs`).

#[path = "build/link.rs"]
mod link;
#[path = "build/surface.rs"]
mod surface;
#[path = "build/tools.rs"]
mod tools;
#[path = "build/types.rs"]
mod types;

use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let schemas = root.join("schemas");
    println!("cargo:rerun-if-changed=build");
    println!("cargo:rerun-if-changed=schemas");

    for (file, module) in [
        ("rpc/jsonrpc.json", "rpc"),
        ("mcp/mcp.json", "mcp"),
        ("wire/spool_record.json", "wire_spool"),
        ("wire/claim_event.json", "wire_claim_event"),
        ("wire/claude_code_session_start.json", "wire_claude_code"),
        ("wire/roster.json", "wire_roster"),
        ("wire/leases.json", "wire_leases"),
        ("wire/history.json", "wire_history"),
        ("wire/lake.json", "wire_lake"),
        ("wire/install.json", "wire_install"),
        ("wire/doctor.json", "wire_doctor"),
        ("wire/kb_record.json", "wire_kb_record"),
        ("wire/lake_ops.json", "wire_lake_ops"),
        ("wire/lake_export.json", "wire_lake_export"),
        ("wire/http_session.json", "wire_http_session"),
        ("conform/report.json", "conform_report"),
        ("conform/baseline.json", "conform_baseline"),
        ("conform/client_rules.json", "conform_client_rules"),
    ] {
        let path = schemas.join(file);
        println!("cargo:rerun-if-changed={}", path.display());
        let mut space = types::space();
        types::add_file(&mut space, &path);
        write(&out.join(format!("{module}.rs")), types::render(&space));
    }

    let code = tools::generate(&schemas);
    write(&out.join("tools.rs"), code);
    write(&out.join("surface.rs"), surface::generate(&schemas));
    link::order_stdio_path(&root, &out);
}

fn write(path: &Path, code: String) {
    std::fs::write(path, code).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}
