//! `ctxlake leases check [--staged] [PATH…]`: whether another agent holds a lease on any of
//! the paths, from this host's cache (no lake, no network: it runs in a git hook). Exit 0 when
//! none is held, 1 naming each holder and expiry when one is, 2 when the check cannot run.
//! `--hook` is how the pre-commit guard calls it: it warns and exits 0 unless
//! `git config ctxlake.leaseGuard` says `block`, and a check that cannot run never blocks.

use anyhow::Context as _;
use chrono::{SecondsFormat, Utc};
use ctxlake::config::Ctx;
use ctxlake::local::cache::CacheDir;
use ctxlake::local::lease_check::{Held, held_by_others};
use ctxlake::local::rows::read_rows;
use ctxlake::spec::wire::leases::LeasesFile;
use std::process::{Command, ExitCode};

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
}

#[derive(clap::Subcommand)]
enum Sub {
    /// Exit 1, naming the holder and expiry, when another agent holds a lease on one of the
    /// paths (repository-relative, as agents claim them).
    Check {
        /// Check the files staged for commit (`git diff --cached --name-only`) as well.
        #[arg(long)]
        staged: bool,
        /// Run as the pre-commit guard: warn, and block (exit 1) only when `git config
        /// ctxlake.leaseGuard` is `block`; `off` skips the check.
        #[arg(long)]
        hook: bool,
        paths: Vec<String>,
    },
}

pub fn run(args: Args, ctx: Ctx, fleets: Vec<ctxlake::local::paths::FleetId>) -> anyhow::Result<ExitCode> {
    let Sub::Check { staged, hook, mut paths } = args.command;
    let mode = if hook { git_config("ctxlake.leaseGuard").unwrap_or_else(|| "warn".into()) } else { "block".into() };
    if mode == "off" {
        return Ok(ExitCode::SUCCESS);
    }
    if !matches!(mode.as_str(), "warn" | "block") {
        eprintln!("ctxlake: git config ctxlake.leaseGuard is {mode:?}; one of warn, block, off (warning only)");
    }
    let checked = (|| -> anyhow::Result<Vec<Held>> {
        if staged {
            paths.extend(staged_files()?);
        }
        if paths.is_empty() && !staged {
            anyhow::bail!("name the paths to check, or --staged");
        }
        let now = chrono::DateTime::<Utc>::from(std::time::SystemTime::now());
        let mut held = vec![];
        for fleet in &fleets {
            let mut notes = vec![];
            let leases =
                read_rows::<LeasesFile>(&CacheDir::open(&fleet.cache_dir(&ctx.cache_root)), "leases.json", &mut notes);
            let leases = leases.map(|r| r.objects).unwrap_or_default();
            held.extend(held_by_others(&leases, &paths, &ctx.agent_id, now));
        }
        Ok(held)
    })();
    let held = match checked {
        Ok(held) => held,
        Err(e) if hook => {
            eprintln!("ctxlake: the lease guard could not run ({e:#}); committing");
            return Ok(ExitCode::SUCCESS);
        }
        Err(e) => return Err(e),
    };
    for h in &held {
        eprintln!(
            "ctxlake: {} is leased by {} until {} (lease on {})",
            h.path,
            h.holder,
            h.expires_at.to_rfc3339_opts(SecondsFormat::Secs, true),
            h.resource
        );
    }
    match (held.is_empty(), mode.as_str()) {
        (true, _) => Ok(ExitCode::SUCCESS),
        (false, "block") => Ok(ExitCode::from(1)),
        (false, _) => {
            eprintln!("ctxlake: committing anyway (`git config ctxlake.leaseGuard block` makes this block)");
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn staged_files() -> anyhow::Result<Vec<String>> {
    let out = Command::new("git")
        .args(["diff", "--cached", "--name-only", "-z"])
        .output()
        .context("running git diff --cached")?;
    if !out.status.success() {
        anyhow::bail!("git diff --cached failed: {}", String::from_utf8_lossy(&out.stderr).trim());
    }
    Ok(out
        .stdout
        .split(|b| *b == 0)
        .filter(|p| !p.is_empty())
        .map(|p| String::from_utf8_lossy(p).into_owned())
        .collect())
}

fn git_config(key: &str) -> Option<String> {
    let out = Command::new("git").args(["config", "--get", key]).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_lowercase())
}
