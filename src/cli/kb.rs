//! `ctxlake kb`: the knowledge base's owner imports, reviews, approves and deprecates records
//! (`src/knowledge/`). Only approved records are served by the knowledge tools.

use anyhow::Context as _;
use ctxlake::config::Ctx;
use ctxlake::embed::Embedder;
use ctxlake::knowledge::Store;
use ctxlake::spec::wire::kb_record::KbRecordStatus;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The knowledge base (default: CTXLAKE_KB, else ~/.ctxlake/kb.sqlite).
    #[arg(long, value_name = "PATH", global = true)]
    kb: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Import records from a file or every .jsonl, .json, .md file of a folder. Each file is
    /// validated whole and imported in one transaction, or refused (exit status 1) naming the
    /// file, line and JSON pointer. Records are drafts unless they say "status": "approved" and
    /// --approve is given.
    Import {
        path: PathBuf,
        #[arg(long)]
        approve: bool,
    },
    /// List records: id, status, content version, slug, title.
    List {
        /// Only records of this status (draft, approved, deprecated).
        #[arg(long)]
        status: Option<String>,
    },
    /// Print one record (by id or slug) as JSON, whatever its status.
    Show { id: String },
    /// Print the drafts waiting for review, each as JSON.
    Review,
    /// Approve a record (by id or slug): it is served from now on.
    Approve { id: String },
    /// Deprecate a record (by id or slug): it is no longer served.
    Deprecate { id: String },
    /// Print every record as JSONL (re-importable).
    Export,
    /// Publish the approved records as the fleet's knowledge base in the lake (every fleet this
    /// host serves): `ctxlake sync` on each host then mirrors it, and the knowledge tools serve
    /// it there before any local base (unless CTXLAKE_KB names one).
    #[cfg(feature = "lake")]
    Publish {
        #[command(flatten)]
        lake: super::lake::LakeArgs,
    },
}

pub fn run(args: Args, ctx: Ctx) -> anyhow::Result<ExitCode> {
    let path = args.kb.unwrap_or_else(|| ctx.kb_path.clone());
    let mut store = Store::open(&path).with_context(|| format!("opening {}", path.display()))?;
    let embedder: Option<&dyn Embedder> = ctxlake::embed::knowledge_semantic();
    if embedder.is_none() {
        tracing::warn!("no embedding model loads: records are stored without vectors");
    }
    let now = chrono::DateTime::<chrono::Utc>::from(std::time::SystemTime::now());
    let mut out = std::io::stdout().lock();
    match args.command {
        Command::Import { path: source, approve } => {
            let mut failed = false;
            for file in files(&source)? {
                let text = std::fs::read_to_string(&file).with_context(|| format!("reading {}", file.display()))?;
                let name = file.display().to_string();
                match store.import(&name, &text, approve, embedder, now) {
                    Ok(s) => eprintln!(
                        "{name}: {} added, {} edited, {} unchanged, {} approved",
                        s.added, s.edited, s.unchanged, s.approved
                    ),
                    Err(e) => {
                        eprintln!("ctxlake kb import: refused, nothing of this file imported: {e}");
                        failed = true;
                    }
                }
            }
            return Ok(if failed { ExitCode::from(1) } else { ExitCode::SUCCESS });
        }
        Command::List { status } => {
            let status = status.map(|s| parse_status(&s)).transpose()?;
            for row in store.list(status)? {
                writeln!(out, "{}\t{}\tv{}\t{}\t{}", row.id, row.status, row.content_version, row.slug, row.title)?;
            }
        }
        Command::Show { id } => match store.show(&id)? {
            Some(record) => writeln!(out, "{}", serde_json::to_string_pretty(&record)?)?,
            None => {
                eprintln!("ctxlake kb show: no record has id or slug {id}");
                return Ok(ExitCode::from(1));
            }
        },
        Command::Review => {
            for row in store.list(Some(KbRecordStatus::Draft))? {
                if let Some(record) = store.show(&row.id)? {
                    writeln!(out, "{}", serde_json::to_string_pretty(&record)?)?;
                }
            }
        }
        Command::Approve { id } => return set(&mut store, &id, KbRecordStatus::Approved, embedder, now),
        Command::Deprecate { id } => return set(&mut store, &id, KbRecordStatus::Deprecated, embedder, now),
        Command::Export => {
            for record in store.all()? {
                writeln!(out, "{}", serde_json::to_string(&record)?)?;
            }
        }
        #[cfg(feature = "lake")]
        Command::Publish { lake } => {
            let records = store.all()?;
            if !records.iter().any(|r| r.status == KbRecordStatus::Approved) {
                eprintln!(
                    "ctxlake kb publish: {} holds no approved record, so there is nothing to publish (a published empty set would empty every host's base); import and approve records first",
                    path.display()
                );
                return Ok(ExitCode::from(1));
            }
            let opened = lake.open(&ctx)?;
            for fleet in &opened.fleets {
                let published = ctxlake::lake::kb::publish(&opened.lake, fleet, &records, now)
                    .with_context(|| format!("publishing the knowledge base of fleet {}", fleet.as_str()))?;
                eprintln!(
                    "ctxlake kb publish: fleet {}: {} approved records at {}{}",
                    fleet.as_str(),
                    published.pointer.records,
                    published.pointer.key,
                    if published.new_blob { "" } else { " (already in the lake; pointer moved)" }
                );
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn set(
    store: &mut Store,
    id: &str,
    status: KbRecordStatus,
    embedder: Option<&dyn Embedder>,
    now: chrono::DateTime<chrono::Utc>,
) -> anyhow::Result<ExitCode> {
    if store.set_status(id, status, embedder, now)? {
        eprintln!("{id}: {status}");
        Ok(ExitCode::SUCCESS)
    } else {
        eprintln!("ctxlake kb: no record has id or slug {id}");
        Ok(ExitCode::from(1))
    }
}

fn parse_status(text: &str) -> anyhow::Result<KbRecordStatus> {
    text.parse().map_err(|_| anyhow::anyhow!("status {text:?}: draft, approved or deprecated"))
}

/// The file itself, or a folder's .jsonl, .ndjson, .json and .md files in name order.
fn files(path: &Path) -> anyhow::Result<Vec<PathBuf>> {
    if !path.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(path)
        .with_context(|| format!("listing {}", path.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| {
            p.is_file()
                && p.extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| ["jsonl", "ndjson", "json", "md", "markdown"].contains(&e))
        })
        .collect();
    files.sort();
    Ok(files)
}
