//! `ctxlake snapshot build|inspect`: fold ClaimEvents into a snapshot by hand, or read one back.

use anyhow::Context as _;
use ctxlake::snapshot::{self, Mode, Snapshot, read::Unavailable};
use sha2::{Digest as _, Sha256};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Subcommand)]
pub enum Args {
    /// Fold a JSON-lines file of ClaimEvents into a snapshot file.
    Build {
        /// JSON lines, one ClaimEvent per line.
        #[arg(long)]
        events: PathBuf,
        /// Where to write the snapshot (replaced atomically).
        #[arg(long)]
        out: PathBuf,
        /// `agent`: promoted claims are visible to agents; `shadow`: nothing is.
        #[arg(long, value_enum, default_value = "agent")]
        mode: ModeArg,
    },
    /// Print a snapshot's meta and claim counts.
    Inspect { path: PathBuf },
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum ModeArg {
    Agent,
    Shadow,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args {
        Args::Build { events, out, mode } => build(&events, &out, mode),
        Args::Inspect { path } => inspect(&path),
    }
    .map(|()| ExitCode::SUCCESS)
}

fn build(events: &std::path::Path, out: &std::path::Path, mode: ModeArg) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(events).with_context(|| format!("cannot read {}", events.display()))?;
    let parsed = snapshot::fold::parse_events(&text).with_context(|| events.display().to_string())?;
    let rows = snapshot::fold(parsed);
    let mode = match mode {
        ModeArg::Agent => Mode::Agent,
        ModeArg::Shadow => Mode::Shadow,
    };
    let now = chrono::DateTime::<chrono::Utc>::from(std::time::SystemTime::now());
    let embedder = ctxlake::embed::best_available();
    // The snapshot being replaced lends the vectors it has for the same texts, when they are
    // worth sparing (the transformer) and the same model filled them.
    let reused = match embedder.worth_reusing().then(|| Snapshot::open(out)) {
        Some(Ok(previous)) => previous.vectors_by_text(embedder).unwrap_or_default(),
        _ => snapshot::Reused::new(),
    };
    // Named by what it was built from and by what: the same events, mode, writer and model,
    // the same rows.
    let builder = snapshot::builder(mode, embedder.model());
    let id = format!("{:x}", Sha256::new().chain_update(builder).chain_update(&text).finalize());
    let stamp = snapshot::Stamp { generated_at: now, id: Some(&id) };
    let written = snapshot::write_reusing(out, &rows, mode, embedder, &reused, stamp)?;
    println!(
        "{}: {} claims, {} visible to agents, vectors from {}{}",
        out.display(),
        written.claims,
        written.visible,
        embedder.model(),
        if written.reused > 0 {
            format!(" ({} kept from the snapshot replaced)", written.reused)
        } else {
            String::new()
        }
    );
    Ok(())
}

fn inspect(path: &std::path::Path) -> anyhow::Result<()> {
    let snapshot = Snapshot::open(path).map_err(|why| match why {
        Unavailable::Missing => anyhow::anyhow!("{}: no such file", path.display()),
        Unavailable::Unusable(why) => anyhow::anyhow!(why),
    })?;
    for (key, value) in snapshot.meta()? {
        println!("{key}: {value}");
    }
    for (status, count) in snapshot.status_counts()? {
        println!("claims {status}: {count}");
    }
    Ok(())
}
