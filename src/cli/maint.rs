//! `ctxlake maint`: for every fleet this host serves, folds what the lake holds into leases,
//! history, the roster and the claim snapshot (through the promotion gate), and publishes them.
//! Safe to run on many hosts at once: every shared object changes by compare-and-swap.

use super::lake::LakeArgs;
use anyhow::Context as _;
use ctxlake::config::Ctx;
use ctxlake::lake::MaintOptions;
use ctxlake::lake::fold;
use ctxlake::snapshot::Mode;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    lake: LakeArgs,
    /// `agent`: promoted claims are visible to agents; `shadow`: the gate runs and publishes,
    /// but no claim is visible yet (for building trust in the gate). It becomes the fleet's
    /// mode: every sync service folds in it from then on.
    #[arg(long, value_enum, default_value = "agent")]
    mode: ModeArg,
    /// Seconds after its last heartbeat that an agent leaves the roster (sync renews live
    /// sessions' heartbeats every 60 s, so keep this above that).
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..))]
    roster_ttl: u32,
    /// Read every drained batch and run the gate even when the fold's checkpoint and the
    /// snapshot's inputs say nothing changed (what the checkpoint saves is then only checked).
    #[arg(long)]
    from_scratch: bool,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum ModeArg {
    Agent,
    Shadow,
}

pub fn run(args: Args, ctx: Ctx) -> anyhow::Result<ExitCode> {
    let opened = args.lake.open(&ctx)?;
    let writer = format!("{}:{}", opened.host.as_str(), std::process::id());
    for fleet in &opened.fleets {
        let mut options = MaintOptions::new(fleet, &writer);
        options.mode = match args.mode {
            ModeArg::Agent => Mode::Agent,
            ModeArg::Shadow => Mode::Shadow,
        };
        options.roster_ttl = chrono::Duration::seconds(i64::from(args.roster_ttl));
        options.from_scratch = args.from_scratch;
        // Recorded in the fleet's fold.json like a service's fold, so the services do not fold
        // the same input again (and do not refold a shadow run in agent mode).
        let (report, _) = fold::fold_now(&opened.lake, &options, opened.host.as_str())
            .with_context(|| format!("maint of fleet {}", fleet.as_str()))?;
        let snapshot = match (&report.snapshot, report.pointer_moved) {
            (Some(sha), true) if report.reused > 0 => format!(
                "snapshot {} published ({} claims embedded, {} vectors kept from the last one)",
                &sha[..sha.len().min(12)],
                report.embedded,
                report.reused
            ),
            (Some(sha), true) if report.sessions_rewritten => {
                format!(
                    "snapshot {} published (its sessions rewritten; no gate input changed)",
                    &sha[..sha.len().min(12)]
                )
            }
            (Some(sha), true) => format!("snapshot {} published", &sha[..sha.len().min(12)]),
            (Some(_), false) => "snapshot unchanged".to_string(),
            (None, _) => "no snapshot".to_string(),
        };
        eprintln!(
            "ctxlake maint: fleet {}: {} records in {} new batches ({} covered by the checkpoint), {} promoted, {} contested, {} held, {} sessions, {} agents on the roster; {snapshot}",
            fleet.as_str(),
            report.records,
            report.batches,
            report.checkpointed,
            report.promoted,
            report.contested,
            report.held.len(),
            report.sessions,
            report.roster_agents,
        );
        for (claim, why) in &report.held {
            tracing::info!(fleet = fleet.as_str(), claim, why, "held by the gate");
        }
    }
    Ok(ExitCode::SUCCESS)
}
