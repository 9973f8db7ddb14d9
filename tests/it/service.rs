//! The fleet running itself: two hosts (two homes) on one lake, a folder and the embedded S3
//! server, where nothing runs but each host's sync service, started exactly as
//! `ctxlake install --service` writes it, and each host's agent (`ctxlake mcp`). No `sync
//! --once`, no `maint`: whatever host B's agent learns, the services carried.

use super::s3 as s3_server;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// The latency the docs promise for a lease decision, A's request to B's fleet_status (p95).
const LEASE_LATENCY: Duration = Duration::from_secs(10);
/// How long a claim or a handoff may take to reach B (a fold and a round).
const FOLD_LATENCY: Duration = Duration::from_secs(30);

#[derive(Clone, Copy)]
enum Backend {
    Folder,
    S3,
}

struct Host {
    name: &'static str,
    home: PathBuf,
}

impl Host {
    fn config_home(&self) -> PathBuf {
        self.home.join(".config")
    }
}

/// Runs `ctxlake install --service` in `host`'s home, then starts the unit's command line with
/// the unit's environment, as systemd would (plus the host's name and, on S3, its credentials,
/// which the unit leaves to the user's own environment file).
fn start_service(host: &Host, lake: &str, s3_endpoint: Option<&str>) -> Child {
    let mut install = ctxlake(host);
    install.args(["install", "--service", "--fleet", "team", "--lake", lake]);
    if let Some(endpoint) = s3_endpoint {
        install.args(["--lake-endpoint", endpoint]);
    }
    let out = install.output().expect("ctxlake install runs");
    assert!(out.status.success(), "install --service: {}", String::from_utf8_lossy(&out.stderr));
    let unit = std::fs::read_to_string(host.config_home().join("systemd/user/ctxlake-sync.service"))
        .expect("install wrote the unit");
    let exec = unit.lines().find_map(|l| l.strip_prefix("ExecStart=")).expect("the unit has ExecStart");
    let mut words = exec.split(' ');
    let mut command = Command::new(words.next().expect("a program"));
    command.args(words);
    command
        .env_clear_but_path()
        .env("HOME", &host.home)
        .env("CTXLAKE_HOST_ID", host.name)
        .env("CTXLAKE_LOG", "info")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(host.home.join("service.log")).expect("a log file"));
    for (key, value) in unit.lines().filter_map(|l| l.strip_prefix("Environment=")?.split_once('=')) {
        command.env(key, value);
    }
    if s3_endpoint.is_some() {
        command
            .env("AWS_ACCESS_KEY_ID", s3_server::ACCESS_KEY)
            .env("AWS_SECRET_ACCESS_KEY", s3_server::SECRET_KEY)
            .env("AWS_REGION", "us-east-1");
    }
    command.spawn().expect("the service starts")
}

/// Clears the environment but for PATH: the service sees only what its unit gives it.
trait ClearButPath {
    fn env_clear_but_path(&mut self) -> &mut Self;
}

impl ClearButPath for Command {
    fn env_clear_but_path(&mut self) -> &mut Self {
        let path = std::env::var_os("PATH").unwrap_or_default();
        self.env_clear().env("PATH", path)
    }
}

fn ctxlake(host: &Host) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ctxlake"));
    command
        .env_clear_but_path()
        .env("HOME", &host.home)
        .env("XDG_CONFIG_HOME", host.config_home())
        .stdin(Stdio::null());
    command
}

/// One agent: a live `ctxlake mcp` session in `host`'s home.
struct Agent {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next_id: u64,
}

impl Agent {
    fn start(host: &Host, agent: &str) -> Agent {
        let mut child = ctxlake(host)
            .arg("mcp")
            .env("CTXLAKE_FLEET_ID", "team")
            .env("CTXLAKE_AGENT_ID", agent)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("ctxlake mcp starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut agent = Agent { child, stdin, stdout, next_id: 1 };
        agent.request(
            "initialize",
            json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "it", "version": "1"}}),
        );
        agent
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        writeln!(self.stdin, "{}", json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
            .expect("the agent reads");
        loop {
            let mut line = String::new();
            assert!(self.stdout.read_line(&mut line).expect("the agent answers") > 0, "ctxlake mcp ended");
            let frame: Value = serde_json::from_str(&line).expect("a JSON frame");
            if frame["id"] == id {
                return frame;
            }
        }
    }

    fn call(&mut self, tool: &str, arguments: Value) -> Value {
        let answer = self.request("tools/call", json!({"name": tool, "arguments": arguments}));
        assert_ne!(answer["result"]["isError"], true, "{tool}: {answer}");
        answer["result"]["structuredContent"].clone()
    }
}

impl Drop for Agent {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Running(Vec<Child>);

impl Drop for Running {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Polls `check` every 100 ms until it gives a value; the time it took.
fn within<T>(limit: Duration, what: &str, mut check: impl FnMut() -> Option<T>) -> (T, Duration) {
    let started = Instant::now();
    loop {
        if let Some(value) = check() {
            return (value, started.elapsed());
        }
        assert!(started.elapsed() < limit, "{what}: not within {limit:?}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The lake's URL on `backend` (a folder in `dir`, or a fresh prefix of the embedded S3
/// server's bucket), and the S3 endpoint when there is one.
fn lake_of(backend: Backend, dir: &Path) -> (String, Option<String>) {
    match backend {
        Backend::Folder => (format!("file://{}", dir.join("lake").display()), None),
        Backend::S3 => {
            let prefix = ulid::Ulid::new().to_string().to_lowercase();
            (format!("s3://{}/{prefix}", s3_server::BUCKET), Some(s3_server::server().endpoint.clone()))
        }
    }
}

fn hosts(dir: &Path) -> (Host, Host) {
    (Host { name: "host-a", home: dir.join("host-a") }, Host { name: "host-b", home: dir.join("host-b") })
}

fn a_fleet_left_to_its_services_shares_leases_claims_and_handoffs_and_refuses_a_competing_claim(backend: Backend) {
    let dir = tempfile::tempdir().expect("temp dir");
    let (a, b) = hosts(dir.path());
    let (lake, endpoint) = lake_of(backend, dir.path());
    let _services =
        Running(vec![start_service(&a, &lake, endpoint.as_deref()), start_service(&b, &lake, endpoint.as_deref())]);
    let mut agent_a = Agent::start(&a, "agent-a");
    let mut agent_b = Agent::start(&b, "agent-b");

    let claimed =
        agent_a.call("fleet_claim", json!({"paths": ["src/billing.rs"], "reason": "moving billing to cents"}));
    let request_id = claimed["request_id"].as_str().expect("a request id").to_string();
    let claimed_at = Instant::now();
    agent_a.call(
        "memory_propose",
        json!({"claim": "the billing tests need TZ=UTC or they fail at midnight", "type": "environment", "subject": "billing",
            "evidence": [{"session_id": "s-1", "message_id": "m-4"}, {"session_id": "s-2", "message_id": "m-9"}]}),
    );
    agent_a.call("fleet_handoff", json!({"summary": "billing now counts in cents", "status": "done"}));

    // A's own agent is told its lease was granted, and until when.
    let (granted, _) = within(LEASE_LATENCY, "A told its claim was granted", || {
        let status = agent_a.call("fleet_status", json!({}));
        let row = status["requests"].as_array()?.iter().find(|r| r["request_id"] == request_id.as_str())?.clone();
        (row["outcome"] == "granted").then_some(row)
    });
    assert!(granted["expires_at"].is_string(), "{granted}");

    // B sees A's lease within the promised latency.
    within(LEASE_LATENCY.saturating_sub(claimed_at.elapsed()), "B sees A's lease", || {
        let status = agent_b.call("fleet_status", json!({}));
        status["leases"]
            .as_array()?
            .iter()
            .any(|l| l["resource"] == "src/billing.rs" && l["holder"] == "agent-a")
            .then_some(())
    });

    // B's competing claim is refused, and B is told who holds the path until when.
    let competing = agent_b.call("fleet_claim", json!({"paths": ["src/billing.rs"], "reason": "me too"}));
    let competing_id = competing["request_id"].as_str().expect("a request id").to_string();
    let (refused, took) = within(LEASE_LATENCY, "B told its claim was refused", || {
        let status = agent_b.call("fleet_status", json!({}));
        let row = status["requests"].as_array()?.iter().find(|r| r["request_id"] == competing_id.as_str())?.clone();
        (row["outcome"] != "pending").then_some(row)
    });
    assert_eq!(
        (refused["outcome"].as_str(), refused["holder"].as_str()),
        (Some("refused"), Some("agent-a")),
        "{refused}"
    );
    assert_eq!(refused["expires_at"], granted["expires_at"], "B is told when A's lease ends");
    eprintln!("B's claim decided and seen on B in {took:?}");
    // B's next write tells it too, without a fleet_status.
    let next = agent_b.call("fleet_handoff", json!({"summary": "waiting for billing", "status": "blocked"}));
    assert!(
        next["note"].as_str().is_some_and(|n| n.contains("src/billing.rs: refused (held by agent-a until")),
        "{next}"
    );

    // The claim (two independent sessions: promoted) and the handoff reach B too.
    within(FOLD_LATENCY, "B finds A's claim", || {
        let found = agent_b.call("memory_search", json!({"query": "billing tests timezone midnight"}));
        found.to_string().contains("TZ=UTC").then_some(())
    });
    within(FOLD_LATENCY, "B sees A's handoff", || {
        let history = agent_b.call("fleet_history", json!({}));
        history.to_string().contains("billing now counts in cents").then_some(())
    });

    // Doctor on A reports the service, with a fold recorded in the lake.
    let mut doctor = ctxlake(&a);
    doctor.args(["doctor", "--format", "json", "--lake", &lake]).env("CTXLAKE_HOST_ID", "host-a");
    if let Some(endpoint) = &endpoint {
        doctor
            .args(["--lake-endpoint", endpoint])
            .env("AWS_ACCESS_KEY_ID", s3_server::ACCESS_KEY)
            .env("AWS_SECRET_ACCESS_KEY", s3_server::SECRET_KEY)
            .env("AWS_REGION", "us-east-1");
    }
    let report: Value = serde_json::from_slice(&doctor.output().expect("doctor runs").stdout).expect("doctor's JSON");
    let check = |name: &str| report["checks"].as_array().and_then(|c| c.iter().find(|c| c["name"] == name)).cloned();
    let service = check("service").expect("a service check");
    assert_eq!(service["status"], "pass", "{service}");
    let fold = check("fold of team").unwrap_or_else(|| panic!("the fleet installed is the one checked: {report}"));
    assert!(fold["verdict"].as_str().is_some_and(|v| v.contains("last fold by host-")), "{fold}");
}

#[test]
fn on_a_folder_lake_a_fleet_left_to_its_services_shares_everything() {
    a_fleet_left_to_its_services_shares_leases_claims_and_handoffs_and_refuses_a_competing_claim(Backend::Folder);
}

#[test]
fn on_s3_a_fleet_left_to_its_services_shares_everything() {
    a_fleet_left_to_its_services_shares_leases_claims_and_handoffs_and_refuses_a_competing_claim(Backend::S3);
}

/// `ctxlake sync` as host `name`'s service on `lake` (a folder), its spool and cache in `home`.
fn plain_service(home: &Path, name: &str, lake: &str) -> Child {
    service_with(home, name, lake, &[])
}

/// `plain_service` with more options.
fn service_with(home: &Path, name: &str, lake: &str, options: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_ctxlake"))
        .args(["sync", "--lake", lake, "--host", name, "--fleet", "team"])
        .args(options)
        .env_clear_but_path()
        .env("HOME", home)
        .env("CTXLAKE_LOG", "info")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the service starts")
}

/// Nobody runs `ctxlake lake gc`: the service does, at its own rate (`--gc-every`, six hours by
/// default). A presence whose agent has been gone past its retention is something only gc
/// removes, once a fold has announced it (the service folds on its own too).
#[test]
fn a_service_left_alone_runs_gc_and_removes_a_presence_gone_past_its_retention() {
    use ctxlake::lake::{FleetLayout, Lake, S3Options};
    use ctxlake::local::paths::FleetId;

    let dir = tempfile::tempdir().expect("temp dir");
    let (a, _) = hosts(dir.path());
    let lake_dir = dir.path().join("lake");
    let lake_url = format!("file://{}", lake_dir.display());
    let lake = Lake::open(&lake_url, &S3Options::default()).expect("the lake");
    let key = FleetLayout::new(&FleetId::new("team").expect("a fleet id")).presence("agent-gone");
    let presence = json!({"agent_id": "agent-gone", "fleet_id": "team", "host": "host-c",
        "last_seen": "2026-10-01T00:00:00Z", "heartbeat_at": "2026-10-01T00:00:00Z", "repo": "acme/app"});
    lake.put(&key, presence.to_string().into_bytes()).expect("the presence is written");
    let month_ago = std::time::SystemTime::now() - Duration::from_secs(31 * 86_400);
    let file = std::fs::File::options().write(true).open(lake_dir.join(key.as_ref())).expect("the presence file");
    file.set_modified(month_ago).expect("its age is set");

    let _service = Running(vec![service_with(&a.home, a.name, &lake_url, &["--interval", "1", "--gc-every", "1"])]);
    let (_, took) = within(FOLD_LATENCY, "the service's own gc removes the presence", || {
        lake.get(&key).expect("the lake reads").is_none().then_some(())
    });
    eprintln!("presence removed by the service's gc after {took:?}");
}

#[test]
fn services_killed_mid_round_over_and_over_lose_nothing_duplicate_nothing_and_never_grant_a_path_twice() {
    use ctxlake::lake::{FleetLayout, Lake, S3Options};
    use ctxlake::local::paths::FleetId;
    use ctxlake::local::spool::Spool;
    use ctxlake::spec::wire::lake::{LeaseResultOutcome, LeasesDocument};
    use ctxlake::spec::wire::spool::SpoolRecord;

    let dir = tempfile::tempdir().expect("temp dir");
    let (a, b) = hosts(dir.path());
    let lake_url = format!("file://{}", dir.path().join("lake").display());
    let fleet = FleetId::new("team").expect("a fleet id");
    let spool = |host: &Host| Spool::new(&host.home.join(".ctxlake/spool"), &fleet);
    let claim = |agent: &str, path: &str| SpoolRecord::ClaimRequest {
        id: ulid::Ulid::new().to_string(),
        at: chrono::Utc::now(),
        fleet_id: "team".into(),
        agent_id: agent.into(),
        paths: vec![path.into()],
        reason: "race".into(),
        ttl_secs: 3600,
    };
    let mut service_a = plain_service(&a.home, a.name, &lake_url);
    let _service_b = Running(vec![plain_service(&b.home, b.name, &lake_url)]);
    let mut ids = vec![];
    for round in 0..24 {
        let path = format!("src/part{}.rs", round % 12);
        for (host, agent) in [(&a, "agent-a"), (&b, "agent-b")] {
            let record = claim(agent, &path);
            if let SpoolRecord::ClaimRequest { id, .. } = &record {
                ids.push(id.clone());
            }
            spool(host).append(&record).expect("spooled");
        }
        // kill -9 host A's service at varying points of its work, and start it again.
        std::thread::sleep(Duration::from_millis(40 + 37 * (round % 5)));
        if round % 3 == 2 {
            service_a.kill().expect("killed");
            service_a.wait().expect("reaped");
            service_a = plain_service(&a.home, a.name, &lake_url);
        }
    }
    let _service_a = Running(vec![service_a]);
    let lake = Lake::open(&lake_url, &S3Options::default()).expect("the lake");
    let key = FleetLayout::new(&fleet).leases();
    let (doc, _) = within(Duration::from_secs(60), "every request decided", || {
        let doc: LeasesDocument = serde_json::from_slice(&lake.get(&key).ok()??.body).ok()?;
        ids.iter().all(|id| doc.applied.iter().any(|a| &a.id == id)).then_some(doc)
    });
    for id in &ids {
        assert_eq!(doc.applied.iter().filter(|a| &a.id == id).count(), 1, "{id} decided once");
    }
    for part in 0..12 {
        let path = format!("src/part{part}.rs");
        let granted: Vec<&str> = doc
            .applied
            .iter()
            .filter(|a| a.results.iter().any(|r| r.resource == path && r.outcome == LeaseResultOutcome::Granted))
            .filter_map(|a| a.agent_id.as_deref())
            .collect();
        let renewed_by_other = doc.applied.iter().any(|a| {
            a.results.iter().any(|r| r.resource == path && r.outcome == LeaseResultOutcome::Renewed)
                && granted.first().is_some_and(|g| a.agent_id.as_deref() != Some(*g))
        });
        assert_eq!(granted.len(), 1, "{path} granted once: {granted:?}");
        assert!(!renewed_by_other, "{path} never renewed by another agent");
        let lease = doc.leases.iter().find(|l| l.resource == path).expect("a lease");
        assert_eq!(lease.holder.as_deref(), granted.first().copied(), "{path}'s holder is the one granted");
    }
    // Every record reached the lake's batches exactly once.
    let mut seen = std::collections::HashMap::new();
    for listed in lake.list(&FleetLayout::new(&fleet).spool_prefix()).expect("listed") {
        let body = lake.get(&listed.key).expect("read").expect("there").body;
        for line in String::from_utf8_lossy(&body).lines() {
            let value: Value = serde_json::from_str(line).expect("a record");
            if value["kind"] == "claim_request" {
                *seen.entry(value["id"].as_str().unwrap_or_default().to_string()).or_insert(0) += 1;
            }
        }
    }
    for id in &ids {
        assert_eq!(seen.get(id), Some(&1), "{id} shipped once");
    }
}

/// A measurement, not a check (`cargo test --test it service::lease_latency -- --ignored
/// --nocapture`; `CTXLAKE_BENCH_BIN` names the binary, e.g. the release build): two hosts'
/// services with their default settings, 30 claims spooled on A one at a time, each timed until
/// B's cache shows it decided; then 60 s idle, counting the services' CPU time and, on S3, the
/// requests they make. Figures: docs/lake.md.
#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn lease_latency_and_idle_cost_of_two_services() {
    use ctxlake::local::paths::FleetId;
    use ctxlake::local::spool::Spool;
    use ctxlake::spec::wire::spool::SpoolRecord;
    let binary = std::env::var("CTXLAKE_BENCH_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_ctxlake").to_string());
    println!(
        "| backend | lease latency A → B p50 | p95 | max | idle CPU per service | S3 requests per host per hour, idle |"
    );
    println!("|---|---|---|---|---|---|");
    for backend in [Backend::Folder, Backend::S3] {
        let dir = tempfile::tempdir().expect("temp dir");
        let (a, b) = hosts(dir.path());
        let (lake, endpoint) = lake_of(backend, dir.path());
        let start = |host: &Host| {
            let mut command = Command::new(&binary);
            command
                .args(["sync", "--lake", &lake, "--host", host.name, "--fleet", "team"])
                .env_clear_but_path()
                .env("HOME", &host.home)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null());
            if let Some(endpoint) = &endpoint {
                command
                    .args(["--lake-endpoint", endpoint])
                    .env("AWS_ACCESS_KEY_ID", s3_server::ACCESS_KEY)
                    .env("AWS_SECRET_ACCESS_KEY", s3_server::SECRET_KEY)
                    .env("AWS_REGION", "us-east-1");
            }
            command.spawn().expect("the service starts")
        };
        let services = Running(vec![start(&a), start(&b)]);
        std::thread::sleep(Duration::from_secs(3));
        let fleet = FleetId::new("team").expect("a fleet id");
        let spool = Spool::new(&a.home.join(".ctxlake/spool"), &fleet);
        let leases = b.home.join(".ctxlake/cache/team/leases.json");
        let mut latencies = vec![];
        for i in 0..30 {
            let id = ulid::Ulid::new().to_string();
            spool
                .append(&SpoolRecord::ClaimRequest {
                    id: id.clone(),
                    at: chrono::Utc::now(),
                    fleet_id: "team".into(),
                    agent_id: "agent-a".into(),
                    paths: vec![format!("src/bench{i}.rs")],
                    reason: "bench".into(),
                    ttl_secs: 600,
                })
                .expect("spooled");
            let (_, took) = within(Duration::from_secs(30), "B sees the decision", || {
                std::fs::read_to_string(&leases).ok()?.contains(&id).then_some(())
            });
            latencies.push(took);
            std::thread::sleep(Duration::from_millis(250));
        }
        latencies.sort();
        let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q).round() as usize];
        // Idle: nothing spooled for 60 s.
        let ticks = |pid: u32| -> u64 {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
            fields.get(11).and_then(|u| u.parse::<u64>().ok()).unwrap_or(0)
                + fields.get(12).and_then(|s| s.parse::<u64>().ok()).unwrap_or(0)
        };
        let pids: Vec<u32> = services.0.iter().map(Child::id).collect();
        let (cpu_before, requests_before) = (pids.iter().map(|p| ticks(*p)).sum::<u64>(), s3_server::requests_served());
        let window = Duration::from_secs(60);
        std::thread::sleep(window);
        let cpu = pids.iter().map(|p| ticks(*p)).sum::<u64>() - cpu_before;
        let requests = s3_server::requests_served() - requests_before;
        // Clock ticks are 1/100 s on Linux.
        let cpu_share = cpu as f64 / 100.0 / window.as_secs_f64() / pids.len() as f64 * 100.0;
        let per_hour = match backend {
            Backend::S3 => format!("{:.0}", requests as f64 / pids.len() as f64 * 3600.0 / window.as_secs_f64()),
            Backend::Folder => "n/a".into(),
        };
        println!(
            "| {} | {} ms | {} ms | {} ms | {cpu_share:.2} % | {per_hour} |",
            match backend {
                Backend::Folder => "folder",
                Backend::S3 => "embedded S3",
            },
            at(0.5).as_millis(),
            at(0.95).as_millis(),
            latencies.last().map_or(0, Duration::as_millis)
        );
    }
}

#[test]
fn a_service_whose_lake_cannot_be_reached_retries_with_backoff_says_so_and_recovers() {
    use ctxlake::local::paths::FleetId;
    use ctxlake::local::spool::Spool;
    let dir = tempfile::tempdir().expect("temp dir");
    let (a, _) = hosts(dir.path());
    let lake_path = dir.path().join("lake");
    let lake = format!("file://{}", lake_path.display());
    let _service = Running(vec![plain_service(&a.home, a.name, &lake)]);
    let status = a.home.join(".ctxlake/spool/sync/service.json");
    let read = || -> Option<Value> { serde_json::from_slice(&std::fs::read(&status).ok()?).ok() };
    within(Duration::from_secs(20), "a first round", || read().filter(|s| s["last_mirror_at"].is_string()));
    // The lake's folder goes away and a file takes its place: every write fails until it is back.
    let aside = dir.path().join("lake-aside");
    std::fs::rename(&lake_path, &aside).expect("moved aside");
    std::fs::write(&lake_path, "not a folder").expect("written");
    let spool = Spool::new(&a.home.join(".ctxlake/spool"), &FleetId::new("team").expect("a fleet id"));
    let handoff = |summary: &str| ctxlake::spec::wire::spool::SpoolRecord::Handoff {
        id: ulid::Ulid::new().to_string(),
        at: chrono::Utc::now(),
        fleet_id: "team".into(),
        agent_id: "agent-a".into(),
        summary: summary.into(),
        status: "done".into(),
        next: None,
    };
    spool.append(&handoff("written while the lake is gone")).expect("spooled");
    let (failing, _) = within(Duration::from_secs(20), "the service records the failure", || {
        read().filter(|s| s["failing_since"].is_string() && s["retry_in_secs"].is_u64())
    });
    assert!(failing["last_error"].as_str().is_some_and(|e| !e.is_empty()), "{failing}");
    let doctor =
        ctxlake(&a).args(["doctor", "--format", "json", "--lake", &format!("file://{}", aside.display())]).output();
    let report: Value = serde_json::from_slice(&doctor.expect("doctor runs").stdout).expect("doctor's JSON");
    let service = report["checks"].as_array().and_then(|c| c.iter().find(|c| c["name"] == "service")).cloned();
    let service = service.expect("a service check");
    assert_eq!(service["status"], "fail", "{service}");
    assert!(service["verdict"].as_str().is_some_and(|v| v.contains("the lake has failed since")), "{service}");

    std::fs::remove_file(&lake_path).expect("removed");
    std::fs::rename(&aside, &lake_path).expect("back");
    within(Duration::from_secs(40), "the service recovers and ships what waited", || {
        read().filter(|s| s["failing_since"].is_null())?;
        let history = std::fs::read_to_string(a.home.join(".ctxlake/cache/team/history.json")).ok()?;
        history.contains("written while the lake is gone").then_some(())
    });
}
