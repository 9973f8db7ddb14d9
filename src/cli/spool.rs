//! `ctxlake spool inspect`: a spool file read back the way the drain reads it.

use anyhow::Context as _;
use ctxlake::local::spool_read::{self, SpoolLine};
use ctxlake::spec::wire::spool::SpoolRecord;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Subcommand)]
pub enum Args {
    /// Exit status 0 when every line is a valid record, 1 when a line was skipped or torn.
    Inspect { path: PathBuf },
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let Args::Inspect { path } = args;
    let contents = spool_read::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut counts = std::collections::BTreeMap::new();
    for line in &contents.lines {
        let kind = match line {
            SpoolLine::Request(SpoolRecord::ClaimRequest { .. }) => "claim_request",
            SpoolLine::Request(SpoolRecord::ReleaseRequest { .. }) => "release_request",
            SpoolLine::Request(SpoolRecord::Handoff { .. }) => "handoff",
            SpoolLine::Request(SpoolRecord::Presence { .. }) => "presence",
            SpoolLine::Proposal(_) => "proposed",
        };
        *counts.entry(kind).or_insert(0usize) += 1;
    }
    let counts: Vec<String> = counts.iter().map(|(k, n)| format!("{k} {n}")).collect();
    println!("{}: {} records ({})", path.display(), contents.lines.len(), counts.join(", "));
    for skipped in &contents.skipped {
        println!("skipped line {} (byte {}): {}", skipped.line, skipped.offset, skipped.why);
    }
    if let Some(torn) = &contents.torn_tail {
        println!("torn final line {} (byte {}): {}", torn.line, torn.offset, torn.why);
    }
    let clean = contents.skipped.is_empty() && contents.torn_tail.is_none();
    Ok(if clean { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
