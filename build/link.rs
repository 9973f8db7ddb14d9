//! Asks the linker to place the functions a stdio session runs at the start of `.text`
//! (`build/stdio.order`, written by `scripts/stdio-order.sh`). The stdio server's memory is mostly
//! the binary's own code pages, and the kernel maps file pages in large folios around each fault:
//! with the session's functions spread over 20 MB of code, ~1.2 MB of them cost 7 MB of resident
//! pages (docs/performance.md, "Where the RSS is"). Gathered, they cost what they weigh.
//!
//! Only lld takes a symbol ordering file, so this applies where rustc links with its bundled lld
//! (x86_64-unknown-linux-gnu since Rust 1.90) and nobody chose another linker. A name the file
//! lists and the binary lacks is skipped, so a stale file costs memory, never correctness.

use std::path::Path;
use std::process::Command;

pub fn order_stdio_path(root: &Path) {
    let order = root.join("build/stdio.order");
    println!("cargo:rerun-if-env-changed=RUSTC_LINKER");
    if !links_with_bundled_lld() || !order.exists() {
        return;
    }
    println!("cargo:rustc-link-arg-bin=ctxlake=-Wl,--symbol-ordering-file={}", order.display());
    println!("cargo:rustc-link-arg-bin=ctxlake=-Wl,--no-warn-symbol-ordering");
}

fn links_with_bundled_lld() -> bool {
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    let chose_a_linker = std::env::var_os("RUSTC_LINKER").is_some()
        || ["linker", "fuse-ld", "link-self-contained"]
            .iter()
            .any(|flag| var("CARGO_ENCODED_RUSTFLAGS").contains(flag));
    var("TARGET") == "x86_64-unknown-linux-gnu" && var("PROFILE") == "release" && !chose_a_linker && rustc_minor() >= 90
}

/// The minor version of the rustc that builds the crate (1.N.x), 0 when it cannot be told.
fn rustc_minor() -> u32 {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let Ok(out) = Command::new(rustc).arg("--version").output() else { return 0 };
    let text = String::from_utf8_lossy(&out.stdout);
    // "rustc 1.95.0 (59807616e 2026-04-14)"
    text.split_whitespace().nth(1).and_then(|v| v.split('.').nth(1)).and_then(|m| m.parse().ok()).unwrap_or(0)
}
