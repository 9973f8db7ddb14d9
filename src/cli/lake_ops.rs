//! `ctxlake lake`: the lake in operation. `stats` says what it holds, per fleet and kind, and
//! how fast it grows; `gc` removes what no reader needs and no fold reads (src/lake/gc.rs has
//! the rules), saying what it removed or keeps and why. Both act on every fleet in the lake
//! unless `--fleet` names some. `export` writes one fleet's state as JSON Lines and `import`
//! loads such a file into a lake (src/lake/export.rs).

use super::ConfigError;
use super::lake::LakeArgs;
use anyhow::Context as _;
use ctxlake::config::Ctx;
use ctxlake::guard::sanitize::{MAX_SHORT_FIELD, clean_single_line};
use ctxlake::lake::export::{self, ImportError};
use ctxlake::lake::gc::{self, Retention};
use ctxlake::lake::stats::{human, summarize};
use ctxlake::local::paths::FleetId;
use ctxlake::spec::wire::lake_ops::{GcCompaction, GcGroup, LakeStats};
use std::io::Write as _;
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
    /// Gather folded batches holding proposals (after 7 days) into packs, then remove replaced
    /// snapshots, folded batches (after 7 days; those holding proposals once a pack holds them),
    /// presence gone 30 days, old quarantined lines and leftover doctor probes; decisions are
    /// kept (folds read them). Safe to kill at any point and to run on many hosts at once. A dry
    /// run writes only the store-clock probe.
    Gc {
        /// Say what would be removed, and remove nothing.
        #[arg(long)]
        dry_run: bool,
        /// `text` (default) or `json` (schemas/wire/lake_ops.json, GcReport).
        #[arg(long, default_value = "text")]
        format: Format,
    },
    /// Write one fleet's state (`--fleet`) as versioned JSON Lines (schemas/wire/lake_export.json):
    /// its drained batches and packs, verdicts, owner events and approvals, presence, leases, history and
    /// checkpoint, and the published knowledge base. A backup, or what `import` loads elsewhere.
    Export {
        /// The file to write (complete or not at all); default: standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<std::path::PathBuf>,
    },
    /// Load an export into this lake. The whole file is checked first, and nothing is written
    /// when a line is refused or an object the lake holds differs; what it already holds is
    /// kept, so importing twice adds nothing. The next fold builds the fleet's snapshot.
    Import {
        /// The export file.
        file: std::path::PathBuf,
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
            let now = chrono::DateTime::<chrono::Utc>::from(std::time::SystemTime::now());
            let plan = gc::plan(&entries, &gc::current(lake, &entries)?, now, &Retention::default());
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
                    print!("{}", compacted_text(dry_run, &report.compacted));
                    print!("{}", groups_text(verb, &report.removed));
                    print!("{}", groups_text("kept", &report.kept));
                }
            }
        }
        Command::Export { out } => {
            let [fleet] = fleets.as_slice() else {
                return Err(ConfigError("lake export: name the fleet to export with one --fleet".into()).into());
            };
            let exported = export::export(lake, fleet)?;
            let bytes = export::to_lines(&exported);
            let written = match &out {
                Some(path) => {
                    write_whole(path, &bytes)?;
                    path.display().to_string()
                }
                None => {
                    std::io::stdout().write_all(&bytes)?;
                    "standard output".to_string()
                }
            };
            eprintln!(
                "ctxlake lake export: fleet {}: {} objects ({}) written to {written}",
                fleet.as_str(),
                exported.objects.len(),
                human(bytes.len() as u64)
            );
        }
        Command::Import { file } => {
            let bytes = std::fs::read(&file).with_context(|| format!("reading {}", file.display()))?;
            let exported = match export::read(&file.display().to_string(), &bytes) {
                Ok(exported) => exported,
                Err(refused) => {
                    eprintln!("ctxlake lake import: refused, nothing written: {refused}");
                    return Ok(ExitCode::from(1));
                }
            };
            if let Some(other) = fleets.iter().find(|f| **f != exported.fleet) {
                return Err(ConfigError(format!(
                    "--fleet `{}`: the file is an export of fleet `{}`",
                    other.as_str(),
                    exported.fleet.as_str()
                ))
                .into());
            }
            match export::import(lake, &exported) {
                Ok(imported) => eprintln!(
                    "ctxlake lake import: fleet {}: {} objects written, {} already in {}; the next fold (ctxlake maint, or the service) builds its snapshot",
                    exported.fleet.as_str(),
                    imported.written,
                    imported.already,
                    lake.url()
                ),
                Err(ImportError::Conflict { key }) => {
                    eprintln!("ctxlake lake import: refused: {}", ImportError::Conflict { key });
                    return Ok(ExitCode::from(1));
                }
                Err(other) => return Err(other.into()),
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes `bytes` to `path` whole: a temporary file beside it, renamed over it.
fn write_whole(path: &std::path::Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    let mut file = tempfile::NamedTempFile::new_in(dir).with_context(|| format!("writing in {}", dir.display()))?;
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    file.persist(path).with_context(|| format!("writing {}", path.display()))?;
    Ok(())
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

/// A line per pack compaction wrote (nothing when it wrote none).
fn compacted_text(dry_run: bool, packs: &[GcCompaction]) -> String {
    let verb = if dry_run { "would compact" } else { "compacted" };
    packs
        .iter()
        .map(|p| {
            let fleet = clean_single_line(&p.fleet, MAX_SHORT_FIELD);
            format!(
                "{verb} {} drained batches ({} lines) into a pack ({}) in {fleet}\n",
                p.batches,
                p.lines,
                human(p.bytes)
            )
        })
        .collect()
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
