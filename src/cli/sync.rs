//! `ctxlake sync`: the one service per host (what `ctxlake install --service` runs). It keeps
//! the fleet going with nobody at the keyboard:
//!
//! - **drain**: a write to the spool wakes it (a file watcher; a poll when none can be had), and
//!   the drain ships the new lines to the lake and decides their lease requests there and then,
//!   by compare-and-swap on the fleet's leases document;
//! - **leases**: every `--leases-poll-ms` one conditional GET of each fleet's leases document,
//!   so a lease decided on another host reaches this host's cache within seconds;
//! - **fold**: every `--interval` seconds, a fleet whose lake holds something no fold saw is
//!   folded (`lake::fold`: one host at a time, by a fold lease in the lake), unless `--no-fold`;
//!   each fleet's fold is kept in memory between rounds (`lake::kept`), so a fold with new
//!   proposals folds only those, unless `--no-keep-fold`;
//! - **mirror**: then the rest of the cache (roster, history, snapshot, knowledge base);
//! - **gc**: ten minutes after start, then every six hours (`--gc-every`), `lake::gc` over the fleets it serves
//!   (replaced snapshots, old quarantined lines; `ctxlake lake gc` says what), unless `--no-fold`.
//!
//! A lake that cannot be reached is retried with backoff (up to 5 minutes) while the agents
//! keep working on the cache; `<spool>/sync/service.json` says what happened last, for
//! `ctxlake doctor`. `--once` runs one whole round (drain, fold if due, mirror) and exits.

use super::lake::{LakeArgs, Opened};
use super::watch::SpoolWatch;
use anyhow::Context as _;
use chrono::{DateTime, Utc};
use ctxlake::config::Ctx;
use ctxlake::lake::fold::{self, FoldOutcome, FoldPolicy};
use ctxlake::lake::gc;
use ctxlake::lake::kept::KeptFold;
use ctxlake::lake::layout::FleetLayout;
use ctxlake::lake::{DrainOptions, DrainReport, MaintOptions, drain, mirror};
use ctxlake::local::paths::FleetId;
use ctxlake::spec::wire::lake::{AppliedRequest, FoldRun, ServiceStatus};
use std::collections::{BTreeMap, VecDeque};
use std::io::IsTerminal as _;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    lake: LakeArgs,
    /// Run one round (drain, decide leases, fold if due, mirror) and exit.
    #[arg(long)]
    once: bool,
    /// Seconds between whole rounds (fold check and full mirror). Writes to the spool are
    /// drained as they happen whatever this is, and live sessions' heartbeats renewed every 60 s.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    interval: u64,
    /// Milliseconds between conditional reads of each fleet's leases document: how soon a
    /// lease decided on another host shows here (one GET per fleet per poll on S3).
    #[arg(long, default_value_t = 2_000, value_parser = clap::value_parser!(u64).range(100..))]
    leases_poll_ms: u64,
    /// Never fold on this host (another host's service folds); drain, decide and mirror only.
    #[arg(long)]
    no_fold: bool,
    /// Fold at least this often (seconds) even when nothing new arrived: the roster drops
    /// agents whose heartbeat aged out, and the gate rechecks what it held back.
    #[arg(long, default_value_t = 120, value_parser = clap::value_parser!(u64).range(1..))]
    fold_every: u64,
    /// Do not keep each fleet's fold in memory between folds: every fold with a new proposal
    /// reads and folds the fleet's whole history again (less memory, slower folds; docs/lake.md).
    #[arg(long)]
    no_keep_fold: bool,
    /// At most this many spool lines per lake object (smaller batches: more requests, less to
    /// re-ship after a crash).
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    batch_lines: u64,
    /// Run gc (`ctxlake lake gc`, default retention) this often, in seconds (at most a year):
    /// first ten minutes after start, or after this when it is shorter. A service that does not
    /// fold runs none.
    #[arg(long, default_value_t = 6 * 3600, value_parser = clap::value_parser!(u64).range(1..=365 * 86_400))]
    gc_every: u64,
}

/// How often live sessions' heartbeats are renewed (the roster TTL is five of these).
const HEARTBEAT: Duration = Duration::from_secs(60);
/// When a service first runs gc (at most; sooner when `--gc-every` is shorter): a low rate,
/// for what grows by the day.
const GC_FIRST: Duration = Duration::from_secs(600);
/// The longest wait between attempts while the lake cannot be reached.
const MAX_BACKOFF: Duration = Duration::from_secs(300);
/// Lease latencies kept for the p50/p95 doctor reports.
const LATENCIES: usize = 200;

pub fn run(args: Args, ctx: Ctx) -> anyhow::Result<ExitCode> {
    let opened = args.lake.open(&ctx)?;
    let mut service = Service::new(&opened, &ctx, &args);
    if args.once {
        let line = service.round(true)?;
        eprintln!("ctxlake sync: {line}");
        return Ok(ExitCode::SUCCESS);
    }
    let mut watch = SpoolWatch::new(&ctx.spool_root.join("mcp"));
    tracing::info!(watcher = watch.kind(), fleets = opened.fleets.len(), "sync service started");
    let progress = std::io::stderr().is_terminal();
    service.request_folds();
    let interval = Duration::from_secs(args.interval);
    let poll = Duration::from_millis(args.leases_poll_ms);
    let (mut next_round, mut next_poll) = (Instant::now(), Instant::now() + poll);
    let mut backoff: Option<(Instant, Duration)> = None;
    loop {
        let deadline = match backoff {
            Some((until, _)) => until,
            None => next_round.min(next_poll),
        };
        let spooled = watch.wait_until(deadline);
        let now = Instant::now();
        if backoff.is_some_and(|(until, _)| now < until) {
            continue;
        }
        let whole = now >= next_round || backoff.is_some();
        if whole {
            next_round = now + interval;
        }
        let poll_due = now >= next_poll || spooled;
        if poll_due {
            next_poll = now + poll;
        }
        let step = service.step(whole, spooled, poll_due);
        match step {
            Ok(line) => {
                if backoff.take().is_some() {
                    tracing::info!("the lake answers again");
                }
                service.status.failing_since = None;
                service.status.last_error = None;
                service.status.retry_in_secs = None;
                if !line.is_empty() {
                    if progress {
                        eprintln!("ctxlake sync: {line}");
                    }
                    tracing::info!(%line, "sync");
                }
            }
            Err(e) => {
                let wait = backoff.map_or(Duration::from_secs(1), |(_, wait)| (wait * 2).min(MAX_BACKOFF));
                backoff = Some((Instant::now() + wait, wait));
                tracing::warn!(error = %format!("{e:#}"), retry_in_secs = wait.as_secs(), "sync round failed; retrying");
                service.status.failing_since.get_or_insert_with(Utc::now);
                service.status.last_error = Some(format!("{e:#}"));
                service.status.retry_in_secs = Some(wait.as_secs() as i64);
            }
        }
        service.save_status();
    }
}

/// What the service carries between rounds.
struct Service<'a> {
    opened: &'a Opened,
    ctx: &'a Ctx,
    drain_options: DrainOptions,
    fold: Option<FoldPolicy>,
    /// Each fleet's fold as the last rebuild left it (none with `--no-keep-fold`).
    kept: Option<BTreeMap<String, KeptFold>>,
    writer: String,
    last_heartbeat: Option<Instant>,
    /// How often the service runs gc, and when next (only a service that folds).
    gc_every: Duration,
    next_gc: Instant,
    live_sessions: usize,
    /// Per fleet: the newest decision already counted in `latencies`.
    seen_decisions: BTreeMap<String, DateTime<Utc>>,
    latencies: VecDeque<i64>,
    status: ServiceStatus,
}

impl<'a> Service<'a> {
    fn new(opened: &'a Opened, ctx: &'a Ctx, args: &Args) -> Service<'a> {
        let mut drain_options = DrainOptions::new(&ctx.spool_root, &opened.host);
        // The range check keeps this within usize on every target ctxlake builds for.
        drain_options.max_batch_lines = usize::try_from(args.batch_lines).unwrap_or(drain_options.max_batch_lines);
        let fold = (!args.no_fold).then(|| FoldPolicy {
            every: chrono::Duration::seconds(i64::try_from(args.fold_every).unwrap_or(i64::MAX / 1000)),
            ..FoldPolicy::default()
        });
        let now = Utc::now();
        let gc_every = Duration::from_secs(args.gc_every);
        Service {
            opened,
            ctx,
            drain_options,
            fold,
            kept: (!args.no_keep_fold).then(BTreeMap::new),
            writer: format!("{}:{}", opened.host.as_str(), std::process::id()),
            last_heartbeat: None,
            gc_every,
            next_gc: Instant::now() + GC_FIRST.min(gc_every),
            live_sessions: 0,
            seen_decisions: BTreeMap::new(),
            latencies: VecDeque::new(),
            status: ServiceStatus {
                pid: u64::from(std::process::id()),
                started_at: now,
                updated_at: now,
                fleets: opened.fleets.iter().map(|f| f.as_str().to_string()).collect(),
                last_drain_at: None,
                last_mirror_at: None,
                last_fold: None,
                lease_latency_ms: None,
                failing_since: None,
                last_error: None,
                retry_in_secs: None,
            },
        }
    }

    /// A new service raises a fold request on every fleet it serves: a service killed between
    /// shipping a batch and asking for its fold leaves nothing unfolded for long.
    fn request_folds(&self) {
        for fleet in &self.opened.fleets {
            if let Err(e) = fold::request(&self.opened.lake, &FleetLayout::new(fleet), &self.writer) {
                tracing::warn!(fleet = fleet.as_str(), error = %e, "could not request a fold");
            }
        }
    }

    /// What one wake-up of the loop does: a whole round, or a drain the spool asked for, then
    /// the leases poll when it is due.
    fn step(&mut self, whole: bool, spooled: bool, poll_due: bool) -> anyhow::Result<String> {
        let line = match (whole, spooled) {
            (true, _) => self.round(false)?,
            (false, true) => self.drain_step()?.unwrap_or_default(),
            (false, false) => String::new(),
        };
        if poll_due {
            self.poll_leases()?;
        }
        Ok(line)
    }

    /// Drain, decide, fold when due, mirror every fleet: the whole round.
    fn round(&mut self, once: bool) -> anyhow::Result<String> {
        let started = Instant::now();
        let drained = self.drain()?;
        let mut line = summary(&drained);
        let fleets = self.fleets(&drained);
        if let Some(policy) = self.fold.clone() {
            for fleet in &fleets {
                line.push_str(&self.fold(fleet, &policy, once)?);
            }
            if Instant::now() >= self.next_gc {
                self.next_gc = Instant::now() + self.gc_every;
                line.push_str(&self.gc(&fleets));
            }
        }
        let mut written = vec![];
        for fleet in &fleets {
            let mirrored = mirror(&self.opened.lake, fleet, &self.ctx.cache_root).with_context(|| {
                format!("mirroring fleet {} into {}", fleet.as_str(), self.ctx.cache_root.display())
            })?;
            written.extend(mirrored.written.iter().map(|file| format!("{}/{file}", fleet.as_str())));
            self.note_decisions(fleet);
        }
        self.status.last_mirror_at = Some(Utc::now());
        line.push_str(&match written.is_empty() {
            true => "; cache unchanged".to_string(),
            false => format!("; cache refreshed: {}", written.join(", ")),
        });
        line.push_str(&format!(" ({} ms)", started.elapsed().as_millis()));
        Ok(line)
    }

    /// A drain woken by the spool: ship, decide, mirror the leases of the fleets it touched,
    /// then fold them (when no other host is folding) and mirror the rest, so what an agent
    /// proposed or handed off reaches the lake's snapshot and history within seconds too.
    /// `None` when nothing moved.
    fn drain_step(&mut self) -> anyhow::Result<Option<String>> {
        let drained = self.drain()?;
        let mut line = summary(&drained);
        for fleet in &drained.fleets_with_news {
            self.mirror_leases(fleet)?;
        }
        if let Some(policy) = self.fold.clone() {
            for fleet in &drained.fleets_with_news {
                line.push_str(&self.fold(fleet, &policy, false)?);
                mirror(&self.opened.lake, fleet, &self.ctx.cache_root)
                    .with_context(|| format!("mirroring fleet {}", fleet.as_str()))?;
            }
        }
        Ok((drained.records > 0 || drained.quarantined > 0).then_some(line))
    }

    /// One drain; a fold is requested for each fleet that got a new batch or whose sessions
    /// changed (the roster shows who is live).
    fn drain(&mut self) -> anyhow::Result<DrainReport> {
        let beat = self.last_heartbeat.is_none_or(|at| at.elapsed() >= HEARTBEAT);
        self.drain_options.heartbeat_sessions = beat;
        let drained = drain(&self.opened.lake, &self.drain_options)
            .with_context(|| format!("draining {} into {}", self.ctx.spool_root.display(), self.opened.lake.url()))?;
        if beat {
            self.last_heartbeat = Some(Instant::now());
        }
        self.status.last_drain_at = Some(Utc::now());
        let sessions_changed = drained.live_sessions != self.live_sessions || drained.sessions_ended > 0;
        self.live_sessions = drained.live_sessions;
        let mut news = drained.fleets_with_news.clone();
        if sessions_changed {
            news = self.fleets(&drained);
        }
        for fleet in &news {
            fold::request(&self.opened.lake, &FleetLayout::new(fleet), &self.writer)
                .with_context(|| format!("requesting a fold of fleet {}", fleet.as_str()))?;
        }
        Ok(drained)
    }

    /// Every fleet's leases: one conditional GET each.
    fn poll_leases(&mut self) -> anyhow::Result<()> {
        for fleet in self.opened.fleets.clone() {
            self.mirror_leases(&fleet)?;
        }
        Ok(())
    }

    fn mirror_leases(&mut self, fleet: &FleetId) -> anyhow::Result<()> {
        let mirrored = mirror::mirror_leases(&self.opened.lake, fleet, &self.ctx.cache_root)
            .with_context(|| format!("mirroring fleet {}'s leases", fleet.as_str()))?;
        if !mirrored.written.is_empty() {
            self.note_decisions(fleet);
        }
        Ok(())
    }

    /// Removes what no reader needs from the fleets' lake (`lake::gc`, default retention). A
    /// failure is logged and retried at the next gc time: gc never stops the round.
    fn gc(&self, fleets: &[FleetId]) -> String {
        match gc::run(&self.opened.lake, fleets, &self.writer, &gc::Retention::default(), false) {
            Ok(report) => {
                let objects: u64 = report.removed.iter().map(|g| g.objects).sum();
                let bytes: u64 = report.removed.iter().map(|g| g.bytes).sum();
                let packed: u64 = report.compacted.iter().map(|c| c.batches).sum();
                let mut said = String::new();
                if packed > 0 {
                    said.push_str(&format!("; gc compacted {packed} batches into {} packs", report.compacted.len()));
                }
                if objects > 0 {
                    said.push_str(&format!("; gc removed {objects} objects ({})", ctxlake::lake::stats::human(bytes)));
                }
                said
            }
            Err(e) => {
                tracing::warn!(error = %e, "gc failed; retried at the next gc time");
                String::new()
            }
        }
    }

    fn fold(&mut self, fleet: &FleetId, policy: &FoldPolicy, once: bool) -> anyhow::Result<String> {
        // The fleet's mode (agent or shadow) is the one the owner last set with `ctxlake maint
        // --mode`, kept in the lake's fold.json.
        let mut options = MaintOptions::new(fleet, &self.writer);
        options.kept = self.kept.as_mut().map(|kept| kept.entry(fleet.as_str().to_string()).or_default().clone());
        let outcome = fold::fold_if_due(&self.opened.lake, &options, self.opened.host.as_str(), policy)
            .with_context(|| format!("folding fleet {}", fleet.as_str()))?;
        if let (FoldOutcome::Held { .. }, Some(kept)) = (&outcome, self.kept.as_mut()) {
            // Another host folds this fleet now: its fold is not held here meanwhile (at a million
            // claims, over a gigabyte); taking the fold back folds from scratch once.
            kept.remove(fleet.as_str());
        }
        Ok(match outcome {
            FoldOutcome::NotDue => String::new(),
            FoldOutcome::Held { holder, .. } if once => format!("; {} is folded by {holder} now", fleet.as_str()),
            FoldOutcome::Held { .. } => String::new(),
            FoldOutcome::Folded { report, run } => {
                self.status.last_fold = Some(run.clone());
                format!(
                    "; folded {} in {} ms: {} promoted, {} leases granted, {} sessions, {} on the roster",
                    fleet.as_str(),
                    fold_ms(&run),
                    report.promoted,
                    report.leases.granted,
                    report.sessions,
                    report.roster_agents
                )
            }
        })
    }

    /// The fleets this host serves, and any a drain found agents of.
    fn fleets(&self, drained: &DrainReport) -> Vec<FleetId> {
        let mut fleets = self.opened.fleets.clone();
        fleets.extend(drained.agents_seen.iter().map(|(fleet, _, _)| fleet.clone()));
        fleets.sort_by(|a, b| a.as_str().cmp(b.as_str()));
        fleets.dedup_by(|a, b| a.as_str() == b.as_str());
        fleets
    }

    /// Counts how long the decisions newly in the cache took from request to here.
    fn note_decisions(&mut self, fleet: &FleetId) {
        let path = fleet.cache_dir(&self.ctx.cache_root).join("leases.json");
        let Ok(bytes) = std::fs::read(&path) else { return };
        let Ok(value) = serde_json::from_slice::<serde_json::Value>(&bytes) else { return };
        let Some(applied) = value.get("applied").and_then(|a| a.as_array()) else { return };
        let now = Utc::now();
        let since = self.seen_decisions.get(fleet.as_str()).copied();
        let mut newest = since;
        for entry in applied {
            let Ok(request) = serde_json::from_value::<AppliedRequest>(entry.clone()) else { continue };
            let Some(decided) = request.decided_at else { continue };
            if since.is_some_and(|s| decided <= s) {
                continue;
            }
            newest = newest.max(Some(decided));
            // The first look at a fleet only sets the mark: those decisions are old news.
            if since.is_some() {
                self.latencies.push_back((now - request.at).num_milliseconds().max(0));
                if self.latencies.len() > LATENCIES {
                    self.latencies.pop_front();
                }
            }
        }
        if let Some(newest) = newest {
            self.seen_decisions.insert(fleet.as_str().to_string(), newest);
        }
        self.status.lease_latency_ms = percentiles(&self.latencies);
    }

    fn save_status(&mut self) {
        self.status.updated_at = Utc::now();
        let path = self.ctx.spool_root.join("sync").join("service.json");
        let bytes = serde_json::to_vec_pretty(&self.status).expect("the service status serializes");
        if let Err(e) = ctxlake::lake::files::write_atomic(&path, &bytes) {
            tracing::warn!(path = %path.display(), error = %e, "could not write the service status");
        }
    }
}

fn fold_ms(run: &FoldRun) -> i64 {
    (run.finished_at - run.started_at).num_milliseconds()
}

/// p50 and p95 of the latencies, in milliseconds.
fn percentiles(latencies: &VecDeque<i64>) -> Option<Vec<i64>> {
    if latencies.is_empty() {
        return None;
    }
    let mut sorted: Vec<i64> = latencies.iter().copied().collect();
    sorted.sort_unstable();
    let at = |q: f64| sorted[((sorted.len() - 1) as f64 * q).round() as usize];
    Some(vec![at(0.5), at(0.95)])
}

fn summary(drained: &DrainReport) -> String {
    format!(
        "{} records in the lake ({} new batches), {} quarantined, {} re-redacted, {} torn tails waiting; leases: {} granted, {} refused, {} released",
        drained.records,
        drained.batches_created,
        drained.quarantined,
        drained.rescrubbed,
        drained.torn_tails_waiting,
        drained.leases.granted,
        drained.leases.lost,
        drained.leases.released
    )
}
