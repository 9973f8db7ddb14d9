//! `ctxlake doctor`: every part of this machine's ctxlake, checked, each with a plain verdict
//! and the fix. Environment variables are reported as resolving or not, never their values.

use super::install::places;
use ctxlake::config::Ctx;
use ctxlake::install::{self, Client, Edit, Places, Scope, Wiring};
use ctxlake::spec::wire::doctor::{DoctorCheck, DoctorCheckStatus, DoctorReport};
use std::path::Path;
use std::process::ExitCode;
use std::time::SystemTime;

#[derive(clap::Args)]
pub struct Args {
    /// `text` for a person, `json` (schemas/wire/doctor.json) for scripts.
    #[arg(long, value_parser = ["text", "json"], default_value = "text")]
    format: String,
    #[cfg(feature = "lake")]
    #[command(flatten)]
    lake: super::lake::LakeArgs,
    /// The state store `ctxlake serve --state` uses (sqlite:PATH or postgres://…; default the
    /// SQLite file ~/.ctxlake/keys.sqlite): read, never written.
    #[cfg(feature = "serve")]
    #[arg(long, value_name = "URL", env = "CTXLAKE_STATE", hide_env_values = true)]
    state: Option<String>,
}

struct Checks(Vec<DoctorCheck>);

impl Checks {
    fn add(
        &mut self,
        name: impl Into<String>,
        status: DoctorCheckStatus,
        verdict: impl Into<String>,
        fix: Option<&str>,
    ) {
        self.0.push(DoctorCheck { name: name.into(), status, verdict: verdict.into(), fix: fix.map(str::to_string) });
    }
    fn pass(&mut self, name: impl Into<String>, verdict: impl Into<String>) {
        self.add(name, DoctorCheckStatus::Pass, verdict, None);
    }
    fn fail(&mut self, name: impl Into<String>, verdict: impl Into<String>, fix: &str) {
        self.add(name, DoctorCheckStatus::Fail, verdict, Some(fix));
    }
    fn info(&mut self, name: impl Into<String>, verdict: impl Into<String>) {
        self.add(name, DoctorCheckStatus::Info, verdict, None);
    }
}

pub fn run(args: Args, ctx: Ctx) -> anyhow::Result<ExitCode> {
    let places = places()?;
    let mut checks = Checks(vec![]);
    binary(&mut checks);
    let fleets = super::install::served_fleets(&places, &ctx);
    let names: Vec<&str> = fleets.iter().map(|f| f.as_str()).collect();
    checks.pass(
        "fleet",
        format!("fleets {names:?} (installed entries and CTXLAKE_FLEET_ID); agent id {:?}", ctx.agent_id),
    );
    clients(&mut checks, &places);
    folders(&mut checks, &ctx);
    service(&mut checks, &ctx);
    for fleet in &fleets {
        let ctx = Ctx { fleet_id: fleet.clone(), ..ctx.clone() };
        #[cfg(feature = "lake")]
        lake(&mut checks, &args.lake, &ctx);
        snapshot(&mut checks, &ctx);
    }
    embedder(&mut checks);
    knowledge(&mut checks, &ctx);
    #[cfg(feature = "serve")]
    key_store(&mut checks, &places.home, args.state.as_deref());
    environment(&mut checks);
    let ok = !checks.0.iter().any(|c| c.status == DoctorCheckStatus::Fail);
    let report = DoctorReport { ok, checks: checks.0 };
    match args.format.as_str() {
        "json" => println!("{}", serde_json::to_string_pretty(&report)?),
        _ => {
            for check in &report.checks {
                println!("{:<5} {}: {}", check.status.to_string(), check.name, check.verdict);
                if let Some(fix) = &check.fix {
                    println!("      fix: {fix}");
                }
            }
        }
    }
    Ok(if ok { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

fn binary(checks: &mut Checks) {
    let version = env!("CARGO_PKG_VERSION");
    let Ok(me) = std::env::current_exe() else {
        return checks.fail("binary", "this binary's path cannot be read", "run ctxlake from a readable path");
    };
    let on_path = std::env::var_os("PATH")
        .map(|path| std::env::split_paths(&path).map(|dir| dir.join("ctxlake")).find(|c| c.is_file()))
        .unwrap_or_default();
    match on_path {
        Some(found) if same_file(&found, &me) => {
            checks.pass("binary", format!("ctxlake {version} at {}, the one on PATH", me.display()))
        }
        Some(found) => checks.info(
            "binary",
            format!(
                "ctxlake {version} at {}; PATH finds another at {} (clients are wired by absolute path)",
                me.display(),
                found.display()
            ),
        ),
        None => checks.info(
            "binary",
            format!("ctxlake {version} at {}; not on PATH (clients are wired by absolute path)", me.display()),
        ),
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    matches!((a.canonicalize(), b.canonicalize()), (Ok(a), Ok(b)) if a == b)
}

/// Each client's user configuration: present, pointing at a binary that exists, env complete.
fn clients(checks: &mut Checks, places: &Places) {
    let wiring =
        Wiring { binary: std::env::current_exe().unwrap_or_default(), fleet: String::new(), agent: String::new() };
    for client in Client::ALL {
        let name = format!("client {}", client.name());
        if !install::clients::found(client, places) {
            checks.info(name, "not found on this machine");
            continue;
        }
        let Ok(targets) = install::clients::targets(client, Scope::User, places, &wiring) else { continue };
        for target in targets {
            let shown = target.path.display().to_string();
            let fix = format!("ctxlake install --client {}", client.name());
            let text = match std::fs::read_to_string(&target.path) {
                Ok(text) => text,
                Err(_) => {
                    checks.fail(&name, format!("{shown} is missing: ctxlake is not wired"), &fix);
                    continue;
                }
            };
            match install::edit::entry(&text, target.format, &target.edit) {
                Err(e) => checks.fail(
                    &name,
                    format!("{shown}: {e}"),
                    "repair the file by hand; ctxlake never overwrites an invalid file",
                ),
                Ok(None) if is_hook(&target.edit) => {
                    checks.fail(&name, format!("{shown} has no SessionStart hook of ctxlake's"), &fix)
                }
                Ok(None) => checks.fail(&name, format!("{shown} has no ctxlake entry"), &fix),
                Ok(Some(entry)) => match wired_problem(client, &target.edit, &entry) {
                    Some(problem) => checks.fail(&name, format!("{shown}: {problem}"), &fix),
                    None if is_hook(&target.edit) => checks.pass(
                        &name,
                        format!("{shown}: its SessionStart hook runs the briefing with fleet and agent set"),
                    ),
                    None => checks.pass(&name, format!("{shown} starts an existing ctxlake with fleet and agent set")),
                },
            }
        }
    }
}

/// Whether a target is a SessionStart hook (an element of a hooks array), not a server entry.
fn is_hook(edit: &Edit) -> bool {
    matches!(edit, Edit::Element { .. })
}

/// What is wrong with an entry (a server entry, or the SessionStart hook), if anything.
fn wired_problem(client: Client, edit: &Edit, entry: &serde_json::Value) -> Option<String> {
    if !is_hook(edit) {
        let Some((command, env)) = install::clients::started(client, entry) else {
            return Some("its entry names no command the client can start".into());
        };
        if !Path::new(command).is_file() {
            return Some(format!("its command {command} does not exist"));
        }
        let missing: Vec<&str> = ["CTXLAKE_FLEET_ID", "CTXLAKE_AGENT_ID"]
            .into_iter()
            .filter(|key| env.and_then(|e| e.get(key)).and_then(|v| v.as_str()).is_none_or(str::is_empty))
            .collect();
        return (!missing.is_empty()).then(|| format!("its env lacks {}", missing.join(" and ")));
    }
    // The hook: its command line names the fleet and agent and a binary.
    let line = entry.pointer("/hooks/0/command").and_then(|c| c.as_str()).unwrap_or_default();
    (!line.contains("CTXLAKE_FLEET_ID=") || !line.contains("CTXLAKE_AGENT_ID="))
        .then(|| "its SessionStart hook does not set CTXLAKE_FLEET_ID and CTXLAKE_AGENT_ID".to_string())
}

/// What this host's sync service last did (`<spool>/sync/service.json`).
fn service(checks: &mut Checks, ctx: &Ctx) {
    use ctxlake::spec::wire::lake::ServiceStatus;
    let path = ctx.spool_root.join("sync/service.json");
    let Some(status) = std::fs::read(&path).ok().and_then(|b| serde_json::from_slice::<ServiceStatus>(&b).ok()) else {
        checks.info("service", "no sync service has run on this host: `ctxlake install --service`, then start it");
        return;
    };
    let running = u32::try_from(status.pid).is_ok_and(|pid| ctxlake::local::process::alive(pid, None));
    let since = |at: Option<chrono::DateTime<chrono::Utc>>| {
        at.map_or("never".to_string(), |at| format!("{} ago", ago(SystemTime::from(at))))
    };
    let latency = match &status.lease_latency_ms {
        Some(ms) if ms.len() == 2 => {
            format!("lease decisions reached this cache in p50 {} ms, p95 {} ms", ms[0], ms[1])
        }
        _ => "no lease decision seen yet".to_string(),
    };
    let fold = match &status.last_fold {
        Some(run) => {
            format!("last fold here {} ({})", since(Some(run.finished_at)), if run.ok { "ok" } else { "failed" })
        }
        None => "no fold by this host yet".to_string(),
    };
    let verdict = format!(
        "pid {} {}; last drain {}, cache mirrored {}; {fold}; {latency}",
        status.pid,
        if running { "running" } else { "not running" },
        since(status.last_drain_at),
        since(status.last_mirror_at),
    );
    match (&status.failing_since, running) {
        (Some(failing), true) => checks.fail(
            "service",
            format!(
                "{verdict}; the lake has failed since {} ago ({}), retrying in {} s; agents work on a cache that old",
                ago(SystemTime::from(*failing)),
                status.last_error.as_deref().unwrap_or("unknown error"),
                status.retry_in_secs.unwrap_or(0)
            ),
            "check the lake's URL, endpoint, credentials and network",
        ),
        (_, true) => checks.pass("service", verdict),
        (_, false) => checks.fail("service", verdict, "start it: systemctl --user enable --now ctxlake-sync"),
    }
}

fn folders(checks: &mut Checks, ctx: &Ctx) {
    for (name, root) in [("spool", &ctx.spool_root), ("cache", &ctx.cache_root)] {
        let created = std::fs::create_dir_all(root).and_then(|_| tempfile::tempfile_in(root));
        match created {
            Ok(_) => {
                checks.pass(name, format!("{} is writable, {} in use", root.display(), human_bytes(size_of(root))))
            }
            Err(e) => checks.fail(
                name,
                format!("{} is not writable: {e}", root.display()),
                "fix the folder's owner or permissions, or point CTXLAKE_SPOOL_DIR / CTXLAKE_CACHE_DIR elsewhere",
            ),
        }
    }
    match modified(&ctx.spool_root.join("sync/state.json")) {
        Some(at) => checks.info("last sync", format!("{} ago", ago(at))),
        None => checks.info("last sync", "never on this host (no drain state): run `ctxlake sync`"),
    }
}

#[cfg(feature = "lake")]
fn lake(checks: &mut Checks, args: &super::lake::LakeArgs, ctx: &Ctx) {
    use ctxlake::lake::{Created, FleetLayout};
    let opened = match args.open(ctx) {
        Ok(opened) => opened,
        Err(e) => {
            return checks.fail(
                "lake",
                format!("cannot open: {e:#}"),
                "check --lake / CTXLAKE_LAKE and the AWS_* variables",
            );
        }
    };
    let layout = FleetLayout::new(&ctx.fleet_id);
    let probe = layout.doctor_probe(&ulid::Ulid::new().to_string());
    let conditional = opened
        .lake
        .put_if_absent(&probe, b"doctor".to_vec())
        .and_then(|first| Ok((first, opened.lake.put_if_absent(&probe, b"doctor".to_vec())?)));
    if let Err(e) = opened.lake.delete(&probe) {
        tracing::warn!(error = %e, "the doctor's probe object stays in the lake");
    }
    match conditional {
        Ok((Created::Created, Created::AlreadyExists)) => {
            checks.pass("lake", format!("{} is reachable and honours create-if-absent", opened.lake.url()));
            let name = format!("fold of {}", ctx.fleet_id.as_str());
            match ctxlake::lake::fold::read(&opened.lake, &layout) {
                Ok(Some(doc)) => checks.info(
                    name,
                    match &doc.last {
                        Some(run) => format!(
                            "last fold by {} at {} ({}); {} requested, {} folded{}",
                            run.host,
                            run.finished_at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                            if run.ok { "ok" } else { "failed" },
                            doc.requested,
                            doc.folded,
                            doc.holder.as_deref().map(|h| format!("; {h} is folding now")).unwrap_or_default()
                        ),
                        None => format!("never folded; {} requested", doc.requested),
                    },
                ),
                Ok(None) => checks.info(name, "never folded: no sync service has run for this fleet"),
                Err(e) => checks.info(name, format!("unreadable: {e}")),
            }
        }
        Ok(_) => checks.fail(
            "lake",
            format!("{} accepted a second create of the same key", opened.lake.url()),
            "use a store with conditional writes (S3, MinIO with If-None-Match, or a local folder)",
        ),
        Err(e) => checks.fail(
            "lake",
            format!("{} is not reachable: {e}", opened.lake.url()),
            "check the URL, endpoint and credentials",
        ),
    }
}

fn snapshot(checks: &mut Checks, ctx: &Ctx) {
    let path = ctx.fleet_id.cache_dir(&ctx.cache_root).join("snapshot.bin");
    match ctxlake::snapshot::Snapshot::open(&path) {
        Err(_) => {
            checks.info("snapshot", format!("none at {} yet: run `ctxlake maint` and `ctxlake sync`", path.display()))
        }
        Ok(snapshot) => {
            let counts = snapshot.status_counts().unwrap_or_default();
            let total: i64 = counts.iter().map(|(_, n)| n).sum();
            let mode = if snapshot.agent_reads_enabled() { "agent" } else { "shadow" };
            let age = modified(&path).map(ago).unwrap_or_else(|| "unknown".into());
            let meta = snapshot.meta().unwrap_or_default();
            let published =
                meta.iter().find(|(k, _)| k == "generated_at").map_or("an unknown time", |(_, v)| v.as_str());
            checks.pass(
                "snapshot",
                format!(
                    "{total} claims, mode {mode}, built by maint as of {published}, mirrored {age} ago, embedding {}",
                    snapshot.embedding_model()
                ),
            );
        }
    }
}

fn embedder(checks: &mut Checks) {
    let model = ctxlake::embed::best_available().model();
    match model == ctxlake::embed::LEXICAL_MODEL {
        true => checks.fail(
            "embedder",
            "only the lexical hash is available: the model did not load",
            "rebuild ctxlake; the model ships inside the binary",
        ),
        false => checks.pass("embedder", format!("{model} loaded")),
    }
}

/// The knowledge base the knowledge tools serve: `kb.sqlite` with its records by status, or
/// the starter base compiled in when there is none.
fn knowledge(checks: &mut Checks, ctx: &Ctx) {
    if !ctx.kb_path.exists() {
        let n = ctxlake::knowledge::starter_records().len();
        return checks.info(
            "knowledge base",
            format!("no {}: the tools serve the {n} starter records built in", ctx.kb_path.display()),
        );
    }
    match ctxlake::knowledge::store::Store::open(&ctx.kb_path).and_then(|store| store.list(None)) {
        Ok(records) => {
            let count = |status: &str| records.iter().filter(|r| r.status == status).count();
            let approved = count("approved");
            let verdict = format!(
                "{}: {approved} approved (served), {} drafts awaiting review, {} deprecated",
                ctx.kb_path.display(),
                count("draft"),
                count("deprecated")
            );
            match approved {
                0 => checks.fail(
                    "knowledge base",
                    verdict,
                    "approve records with `ctxlake kb review` and `ctxlake kb approve ID`",
                ),
                _ => checks.pass("knowledge base", verdict),
            }
        }
        Err(e) => checks.fail(
            "knowledge base",
            format!("{}: {e}", ctx.kb_path.display()),
            "move the file away to serve the starter base, or restore it",
        ),
    }
}

/// `ctxlake serve`'s state store (keys and quotas), read without writing: reachable, its schema
/// version known to this build, and this host's pepper the one it was first used with. The
/// pepper file must be readable by its owner only (the HMAC of every key depends on it).
#[cfg(feature = "serve")]
fn key_store(checks: &mut Checks, home: &Path, state: Option<&str>) {
    use ctxlake::keys::{Facts, Pepper, SCHEMA_VERSION, StateUrl};
    use std::os::unix::fs::PermissionsExt as _;
    const NAME: &str = "key store";
    let state = match state.map(super::keys::parse_state) {
        None => StateUrl::Sqlite(home.join(".ctxlake/keys.sqlite")),
        Some(Ok(state)) => state,
        Some(Err(e)) => {
            return checks.fail(NAME, e.to_string(), "give --state (CTXLAKE_STATE) as sqlite:PATH or postgres://…");
        }
    };
    let shown = match &state {
        StateUrl::Sqlite(path) if !path.exists() => {
            return checks.info(NAME, format!("none at {} (only `ctxlake serve --keys` needs one)", path.display()));
        }
        StateUrl::Sqlite(path) => path.display().to_string(),
        StateUrl::Postgres(_) => "the PostgreSQL store".to_string(),
    };
    let pepper_file = home.join(".ctxlake/pepper");
    let pepper = match std::env::var("CTXLAKE_KEY_PEPPER") {
        Ok(value) => Pepper::from_value(&value).map_err(|e| format!("CTXLAKE_KEY_PEPPER: {e}")),
        Err(_) => match std::fs::metadata(&pepper_file).map(|m| m.permissions().mode() & 0o777) {
            Ok(0o600 | 0o400) => Pepper::read(&pepper_file).map_err(|e| e.to_string()),
            Ok(mode) => {
                return checks.fail(
                    NAME,
                    format!("the pepper {} has mode {mode:o}: others can read it", pepper_file.display()),
                    &format!("chmod 600 {}", pepper_file.display()),
                );
            }
            Err(_) => Err(format!("no pepper: {} does not exist", pepper_file.display())),
        },
    };
    let pepper = match pepper {
        Ok(pepper) => pepper,
        Err(why) => {
            return checks.fail(
                NAME,
                format!("{shown} exists but {why}: no key can be checked"),
                "restore the pepper file, or set CTXLAKE_KEY_PEPPER, or create new keys",
            );
        }
    };
    let facts = match Facts::read(&state) {
        Ok(facts) => facts,
        Err(e) => {
            return checks.fail(
                NAME,
                format!("cannot read {shown}: {e}"),
                "check that the database server runs and the URL (CTXLAKE_STATE) is right",
            );
        }
    };
    let schema = match facts.schema {
        Some(found) if found > SCHEMA_VERSION => {
            return checks.fail(
                NAME,
                format!("{shown} has schema version {found}; this ctxlake knows {SCHEMA_VERSION}"),
                "upgrade ctxlake on this host (a newer ctxlake migrated the store)",
            );
        }
        Some(found) if found < SCHEMA_VERSION => {
            format!(", schema version {found} (the next `ctxlake serve` or `keys` migrates it to {SCHEMA_VERSION})")
        }
        Some(found) => format!(", schema version {found}"),
        None => String::new(),
    };
    let keys = format!("{} keys ({} revoked){schema}", facts.keys, facts.revoked);
    match facts.pepper_is(&pepper) {
        Some(false) => checks.fail(
            NAME,
            format!("{shown} was first used with another pepper than this host's: {keys}"),
            "give every host sharing the store the same pepper (CTXLAKE_KEY_PEPPER or the pepper file)",
        ),
        Some(true) => checks.pass(NAME, format!("{shown}: {keys}; this host's pepper is the store's")),
        None => checks.pass(NAME, format!("{shown}: {keys}; it records no pepper yet (the next key created does)")),
    }
}

/// The variables ctxlake reads, named with whether they resolve; never their values.
fn environment(checks: &mut Checks) {
    let names = [
        "CTXLAKE_FLEET_ID",
        "CTXLAKE_AGENT_ID",
        "CTXLAKE_SPOOL_DIR",
        "CTXLAKE_CACHE_DIR",
        "CTXLAKE_LAKE",
        "CTXLAKE_KEY_PEPPER",
        "AWS_ACCESS_KEY_ID",
        "AWS_SECRET_ACCESS_KEY",
        "AWS_REGION",
    ];
    let (set, unset): (Vec<&str>, Vec<&str>) =
        names.into_iter().partition(|n| std::env::var_os(n).is_some_and(|v| !v.is_empty()));
    checks.info("environment", format!("set: {}; not set: {}", list(&set), list(&unset)));
}

fn list(names: &[&str]) -> String {
    if names.is_empty() { "none".into() } else { names.join(", ") }
}

fn size_of(root: &Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(root) else { return 0 };
    entries
        .filter_map(Result::ok)
        .map(|e| match e.file_type() {
            Ok(t) if t.is_dir() => size_of(&e.path()),
            _ => e.metadata().map(|m| m.len()).unwrap_or(0),
        })
        .sum()
}

fn human_bytes(n: u64) -> String {
    match n {
        n if n >= 1 << 30 => format!("{:.1} GiB", n as f64 / f64::from(1u32 << 30)),
        n if n >= 1 << 20 => format!("{:.1} MiB", n as f64 / f64::from(1u32 << 20)),
        n if n >= 1 << 10 => format!("{:.1} KiB", n as f64 / 1024.0),
        n => format!("{n} B"),
    }
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

fn ago(at: SystemTime) -> String {
    let secs = SystemTime::now().duration_since(at).map(|d| d.as_secs()).unwrap_or(0);
    match secs {
        s if s < 120 => format!("{s} s"),
        s if s < 7200 => format!("{} min", s / 60),
        s => format!("{} h", s / 3600),
    }
}
