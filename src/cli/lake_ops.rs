//! `ctxlake lake`: the lake in operation. `stats` says what it holds, per fleet and kind, and
//! how fast it grows; `gc` removes what no reader needs and no fold reads (src/lake/gc.rs has
//! the rules), saying what it removed or keeps and why. Both act on every fleet in the lake
//! unless `--fleet` names some.

use super::ConfigError;
use super::lake::LakeArgs;
use ctxlake::config::Ctx;
use ctxlake::guard::sanitize::{MAX_SHORT_FIELD, clean_single_line};
use ctxlake::lake::gc::{self, Retention};
use ctxlake::lake::stats::{human, summarize};
use ctxlake::local::paths::FleetId;
use ctxlake::spec::wire::lake_ops::{GcGroup, LakeStats};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    lake: LakeArgs,
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Objects and bytes per fleet and kind, the oldest and newest, growth per day over the
    /// last 7 days, and what gc would free. Reads only; writes nothing.
    Stats {
        /// `text` (default) or `json` (schemas/wire/lake_ops.json, LakeStats).
        #[arg(long, default_value = "text")]
        format: Format,
    },
    /// Remove replaced snapshots, old quarantined lines and leftover doctor probes; drained
    /// batches, decisions and presence are kept (every fold reads them). Safe to kill at any
    /// point and to run on many hosts at once. A dry run writes only the store-clock probe.
    Gc {
        /// Say what would be removed, and remove nothing.
        #[arg(long)]
        dry_run: bool,
        /// `text` (default) or `json` (schemas/wire/lake_ops.json, GcReport).
        #[arg(long, default_value = "text")]
        format: Format,
    },
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    Text,
    Json,
}

pub fn run(args: Args, ctx: Ctx) -> anyhow::Result<ExitCode> {
    let opened = args.lake.open(&ctx)?;
    let fleets = args
        .lake
        .fleets()
        .iter()
        .map(|name| FleetId::new(name.as_str()).map_err(|e| ConfigError(format!("--fleet `{name}`: {e}"))))
        .collect::<Result<Vec<_>, _>>()?;
    let lake = &opened.lake;
    match args.command {
        Command::Stats { format } => {
            let (entries, other) = gc::listing(lake, &fleets)?;
            let names = gc::fleets_of(&entries);
            let now = chrono::DateTime::<chrono::Utc>::from(std::time::SystemTime::now());
            let plan = gc::plan(&entries, &gc::current(lake, names)?, now, &Retention::default());
            let stats = summarize(lake.url(), &entries, &other, &plan, now);
            match format {
                Format::Json => println!("{}", serde_json::to_string_pretty(&stats)?),
                Format::Text => print!("{}", stats_text(&stats)),
            }
        }
        Command::Gc { dry_run, format } => {
            let writer = format!("gc-{}", opened.host.as_str());
            let report = gc::run(lake, &fleets, &writer, &Retention::default(), dry_run)?;
            match format {
                Format::Json => println!("{}", serde_json::to_string_pretty(&report)?),
                Format::Text => {
                    let verb = if dry_run { "would remove" } else { "removed" };
                    print!("{}", groups_text(verb, &report.removed));
                    print!("{}", groups_text("kept", &report.kept));
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn stats_text(stats: &LakeStats) -> String {
    let mut out = format!("{} at {}\n", stats.lake, stats.generated_at.format("%Y-%m-%d %H:%M UTC"));
    let rows = stats.fleets.iter().flat_map(|f| f.kinds.iter().map(move |k| (f.fleet.as_str(), k)));
    let rows = rows.chain(stats.other.iter().map(|k| ("(outside fleets/)", k)));
    out.push_str(
        "fleet             kind              objects        bytes   last 7 days     per day  oldest      newest\n",
    );
    for (fleet, k) in rows {
        // A fleet id is whatever its owner chose; it reaches a terminal on one clean line.
        let fleet = clean_single_line(fleet, MAX_SHORT_FIELD);
        let day =
            |t: Option<chrono::DateTime<chrono::Utc>>| t.map_or("-".to_string(), |t| t.format("%Y-%m-%d").to_string());
        out.push_str(&format!(
            "{fleet:<17} {:<17} {:>7} {:>12} {:>13} {:>11}  {}  {}\n",
            k.kind.to_string(),
            k.objects,
            human(k.bytes),
            human(k.added_last_7_days.bytes),
            human(k.bytes_per_day as u64),
            day(k.oldest),
            day(k.newest)
        ));
    }
    for fleet in &stats.fleets {
        let name = clean_single_line(&fleet.fleet, MAX_SHORT_FIELD);
        out.push_str(&format!("{name}: {} objects, {}\n", fleet.objects, human(fleet.bytes)));
    }
    out.push_str(&format!("gc would free: {} objects, {}\n", stats.gc.objects, human(stats.gc.bytes)));
    out
}

fn groups_text(verb: &str, groups: &[GcGroup]) -> String {
    let mut out = String::new();
    for g in groups {
        let kind = g.kind.to_string();
        let fleet = clean_single_line(&g.fleet, MAX_SHORT_FIELD);
        out.push_str(&format!("{verb} {} {kind} ({}) in {fleet}: {}\n", g.objects, human(g.bytes), g.why));
    }
    if groups.is_empty() {
        out.push_str(&format!("{verb}: nothing\n"));
    }
    out
}
