//! Asks the linker to place the functions a stdio session runs at the start of `.text`
//! (`build/stdio.order`, written by `scripts/stdio-order.sh`). The stdio server's memory is mostly
//! the binary's own code pages, and the kernel maps file pages in large folios around each fault:
//! with the session's functions spread over 20 MB of code, ~1.2 MB of them cost 7 MB of resident
//! pages (docs/performance.md, "The stdio path gathered in `.text`"). Gathered, they cost what
//! they weigh.
//!
//! Only lld takes a symbol ordering file, and whether rustc links with lld depends on how rustc
//! was built and configured, so a release build first links an empty program with the same
//! rustc, flags and linker plus the ordering option, and passes the option on only if that
//! links. A name the file lists and the binary lacks is skipped, so a stale file costs memory,
//! never correctness. The probe runs when the build script does: after switching linkers
//! (`target.<triple>.linker`), `cargo clean -p ctxlake --release` makes it look again.

use std::path::Path;
use std::process::Command;

pub fn order_stdio_path(root: &Path, out: &Path) {
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    if var("PROFILE") != "release" || var("CARGO_CFG_TARGET_OS") != "linux" {
        return;
    }
    let order = root.join("build/stdio.order");
    // `-Xlinker` carries the option whole: `-Wl,` would split a path at its commas.
    let Some(option) = order.to_str().filter(|_| order.exists()).map(|p| format!("--symbol-ordering-file={p}")) else {
        return;
    };
    let args = ["-Xlinker", option.as_str(), "-Xlinker", "--no-warn-symbol-ordering"];
    if !links(out, &args) {
        println!(
            "cargo:warning=the linker takes no symbol ordering file: the stdio path is not gathered (build/link.rs)"
        );
        return;
    }
    for arg in args {
        println!("cargo:rustc-link-arg-bin=ctxlake={arg}");
    }
}

/// Whether an empty program links with the crate's rustc, target, flags and linker plus `args`.
fn links(out: &Path, args: &[&str]) -> bool {
    let source = out.join("link_probe.rs");
    if std::fs::write(&source, "fn main() {}\n").is_err() {
        return false;
    }
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let mut probe = Command::new(rustc);
    probe.arg(&source).arg("-o").arg(out.join("link_probe")).args(["--crate-type", "bin", "-C", "opt-level=0"]);
    if let Ok(target) = std::env::var("TARGET") {
        probe.args(["--target", &target]);
    }
    if let Ok(linker) = std::env::var("RUSTC_LINKER") {
        probe.arg(format!("-Clinker={linker}"));
    }
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    probe.args(flags.split('\x1f').filter(|f| !f.is_empty()));
    for arg in args {
        probe.arg(format!("-Clink-arg={arg}"));
    }
    probe.output().is_ok_and(|o| o.status.success())
}
