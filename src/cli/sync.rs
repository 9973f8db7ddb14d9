//! `ctxlake sync`: one per host. Each round drains this host's spools into the lake, then
//! mirrors every fleet the host serves back into its cache (each file only when it changed).

use super::lake::{LakeArgs, Opened};
use anyhow::Context as _;
use ctxlake::config::Ctx;
use ctxlake::lake::{DrainOptions, drain, mirror};
use std::io::IsTerminal as _;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    lake: LakeArgs,
    /// Run one round and exit (the default is to run a round every --interval seconds).
    #[arg(long)]
    once: bool,
    /// Seconds between rounds when looping. Live sessions' heartbeats are renewed every 60 s
    /// whatever this is (a drain between rounds), so a long interval never drops a live agent
    /// from the roster.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..))]
    interval: u64,
    /// At most this many spool lines per lake object (smaller batches: more requests, less to
    /// re-ship after a crash).
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    batch_lines: u64,
}

pub fn run(args: Args, ctx: Ctx) -> anyhow::Result<ExitCode> {
    let opened = args.lake.open(&ctx)?;
    let progress = std::io::stderr().is_terminal();
    loop {
        let started = Instant::now();
        let line = round(&opened, &ctx, &args)?;
        if progress || args.once {
            eprintln!("ctxlake sync: {line} ({} ms)", started.elapsed().as_millis());
        }
        tracing::info!(%line, "sync round");
        if args.once {
            return Ok(ExitCode::SUCCESS);
        }
        // Sleep until the next round, draining every HEARTBEAT meanwhile: the drain renews the
        // heartbeat of every live session on this host (and ships what they spooled).
        let mut left = args.interval;
        while left > HEARTBEAT {
            std::thread::sleep(Duration::from_secs(HEARTBEAT));
            left -= HEARTBEAT;
            let drained = drain(&opened.lake, &drain_options(&ctx, &opened, &args))
                .with_context(|| format!("draining {} into {}", ctx.spool_root.display(), opened.lake.url()))?;
            tracing::info!(records = drained.records, "heartbeat drain");
        }
        std::thread::sleep(Duration::from_secs(left));
    }
}

/// How often live sessions' heartbeats are renewed (the roster TTL is five of these).
const HEARTBEAT: u64 = 60;

fn drain_options(ctx: &Ctx, opened: &Opened, args: &Args) -> DrainOptions {
    let mut options = DrainOptions::new(&ctx.spool_root, &opened.host);
    // The range check above keeps this within usize on every target ctxlake builds for.
    options.max_batch_lines = usize::try_from(args.batch_lines).unwrap_or(options.max_batch_lines);
    options
}

/// One drain and one mirror per fleet; the summary line says what moved.
fn round(opened: &Opened, ctx: &Ctx, args: &Args) -> anyhow::Result<String> {
    let drained = drain(&opened.lake, &drain_options(ctx, opened, args))
        .with_context(|| format!("draining {} into {}", ctx.spool_root.display(), opened.lake.url()))?;
    let mut fleets = opened.fleets.clone();
    fleets.extend(drained.agents_seen.iter().map(|(fleet, _, _)| fleet.clone()));
    fleets.sort_by(|a, b| a.as_str().cmp(b.as_str()));
    fleets.dedup_by(|a, b| a.as_str() == b.as_str());
    let mut written = vec![];
    for fleet in &fleets {
        let mirrored = mirror(&opened.lake, fleet, &ctx.cache_root)
            .with_context(|| format!("mirroring fleet {} into {}", fleet.as_str(), ctx.cache_root.display()))?;
        written.extend(mirrored.written.iter().map(|file| format!("{}/{file}", fleet.as_str())));
    }
    let mut line = format!(
        "{} records in the lake ({} new batches), {} quarantined, {} re-redacted, {} torn tails waiting",
        drained.records, drained.batches_created, drained.quarantined, drained.rescrubbed, drained.torn_tails_waiting
    );
    line.push_str(&match written.is_empty() {
        true => "; cache unchanged".to_string(),
        false => format!("; cache refreshed: {}", written.join(", ")),
    });
    Ok(line)
}
