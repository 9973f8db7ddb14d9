//! ctxlake's own fixtures: cache files, spool files, claim snapshots and the briefing, in the
//! scratch directory each `--self` check gets. Scenarios using them are tagged `@ctxlake`.

use super::{Registry, docstring, hex_bytes, json_arg, pointer};
use crate::conform::suite::Step;
use crate::conform::world::{Outcome, StepError, World, ensure, fail};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub fn register(r: &mut Registry) {
    r.add(r#"the fleet id is "([^"]*)""#, |w, a, _| {
        w.fleet = a[0].clone();
        Ok(())
    });
    r.add(r#"the fleet cache file "([^"]*)" contains:"#, |w, a, s| write_cache(w, &a[0], docstring(s)?.as_bytes()));
    r.add(r#"the fleet cache file "([^"]*)" is a sparse file of (\d+) bytes"#, |w, a, _| {
        let path = cache_dir(w)?.join(&a[0]);
        std::fs::create_dir_all(cache_dir(w)?).map_err(io)?;
        let len = a[1].parse().map_err(|_| fail("a size"))?;
        std::fs::File::create(path).and_then(|f| f.set_len(len)).map_err(io)
    });
    r.add(r#"the fleet cache file "([^"]*)" holds the bytes "([^"]*)""#, |w, a, _| {
        write_cache(w, &a[0], &hex_bytes(&a[1])?)
    });
    r.add(r#"the fleet cache file "([^"]*)" is cut to (\d+) bytes"#, |w, a, _| {
        let len = a[1].parse().map_err(|_| fail("a size"))?;
        let path = cache_dir(w)?.join(&a[0]);
        std::fs::OpenOptions::new().write(true).open(path).and_then(|f| f.set_len(len)).map_err(io)
    });
    r.add(r#"the fleet cache holds (\d+) sessions in "([^"]*)""#, |w, a, _| {
        let n: usize = a[0].parse().map_err(|_| fail("a count"))?;
        let sessions: Vec<Value> = (0..n)
            .map(|i| {
                json!({"session_id": format!("s{i:04}"), "agent_id": "cc-01", "repo": a[1],
                       "ended_at": format!("2026-09-{:02}T{:02}:{:02}:00Z", 1 + i / 1440 % 28, i / 60 % 24, i % 60),
                       "summary": format!("session {i}")})
            })
            .collect();
        write_json(w, "history.json", &json!({"generated_at": "2026-09-30T00:00:00Z", "sessions": sessions}))
    });
    r.add(r"the roster holds an agent whose task has U\+([0-9A-Fa-f]{4,6}) inside", |w, a, _| {
        let c = u32::from_str_radix(&a[0], 16).ok().and_then(char::from_u32).ok_or_else(|| fail("a code point"))?;
        let agent = json!({"agent_id": "cc-01", "task": format!("fix{c}bug"), format!("ke{c}y"): format!("va{c}l")});
        write_json(w, "roster.json", &json!({"agents": [agent]}))
    });
    r.add(r"the roster holds an agent with a task of (\d+) characters", |w, a, _| {
        let n: usize = a[0].parse().map_err(|_| fail("a count"))?;
        write_json(w, "roster.json", &json!([{"agent_id": "cc-01", "task": "é".repeat(n)}]))
    });
    r.add(r"the roster holds an agent whose task is (.+)", |w, a, _| {
        let task = json_arg(&a[0])?;
        write_json(
            w,
            "roster.json",
            &json!({"agents": [{"agent_id": "cc-01", "runtime": "claude_code", "task": task}]}),
        )
    });
    r.add(r"the roster holds (\d+) agents with (\d+)-character tasks", |w, a, _| {
        let (n, len): (usize, usize) =
            (a[0].parse().map_err(|_| fail("a count"))?, a[1].parse().map_err(|_| fail("a length"))?);
        let agents: Vec<Value> = (0..n)
            .map(|i| json!({"agent_id": format!("cc-{i:02}"), "runtime": "claude_code", "task": "t".repeat(len)}))
            .collect();
        write_json(w, "roster.json", &json!({"agents": agents}))
    });
    r.add(r"the leases file holds (\d+) leases held in turn by (\d+) agents", |w, a, _| {
        let (n, holders): (usize, usize) =
            (a[0].parse().map_err(|_| fail("a count"))?, a[1].parse().map_err(|_| fail("a count"))?);
        let leases: Vec<Value> = (0..n)
            .map(|i| {
                json!({"resource": format!("org/app:src/part{i:03}/**"), "holder": format!("cc-{:02}", i % holders.max(1)),
                       "reason": "refactor", "expires_at": "2026-09-09T10:05:00Z", "epoch": i})
            })
            .collect();
        write_json(w, "leases.json", &json!({"leases": leases}))
    });
    r.add(r"the spool directory already holds (\d+) bytes", |w, a, _| {
        let len = a[0].parse().map_err(|_| fail("a size"))?;
        std::fs::create_dir_all(spool_dir(w)?).map_err(io)?;
        std::fs::File::create(spool_dir(w)?.join("other-fleet.ndjson")).and_then(|f| f.set_len(len)).map_err(io)
    });
    r.add(r"the fleet spool file already holds (\d+) bytes", |w, a, _| {
        let len = a[0].parse().map_err(|_| fail("a size"))?;
        std::fs::create_dir_all(spool_dir(w)?).map_err(io)?;
        std::fs::File::create(spool_file(w)?).and_then(|f| f.set_len(len)).map_err(io)
    });
    r.add(r"the spool file has (\d+) lines?", |w, a, _| {
        let text = spool_text(w)?;
        ensure(text.lines().count().to_string() == a[0], || format!("expected {} lines: {text}", a[0]))
    });
    r.add(r#"the spool file contains "([^"]*)""#, |w, a, _| {
        let text = spool_text(w)?;
        ensure(text.contains(&a[0]), || format!("{:?} not in {text}", a[0]))
    });
    r.add(r#"the spool file does not contain "([^"]*)""#, |w, a, _| {
        let text = spool_text(w)?;
        ensure(!text.contains(&a[0]), || format!("{:?} leaked into {text}", a[0]))
    });
    r.add(r#"the server runs in a linked worktree of a repository (?:whose origin is "([^"]*)"|without a remote, in a folder named "([^"]*)")"#, |w, a, _| {
        worktree(w, a.first().filter(|u| !u.is_empty()).map(String::as_str), a.get(1).map(String::as_str))
    });
    r.add(r#"the spool holds a presence record whose repo is "([^"]*)""#, |w, a, _| {
        // The record is written beside the session, not before its first answer: it may take
        // a moment (within 5 s).
        let started = std::time::Instant::now();
        loop {
            let text = std::fs::read_to_string(spool_file(w)?).unwrap_or_default();
            let repos: Vec<Value> = text
                .lines()
                .filter(|l| is_presence(l))
                .filter_map(|l| serde_json::from_str::<Value>(l).ok())
                .filter_map(|r| r.get("repo").cloned())
                .collect();
            if repos.iter().any(|r| r == a[0].as_str()) || started.elapsed() > std::time::Duration::from_secs(5) {
                return ensure(repos.iter().any(|r| r == a[0].as_str()), || {
                    format!("no presence record names {:?} within 5 s: {repos:?}", a[0])
                });
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    });
    r.add(r"the last spool record at (\S+) is (.+)", |w, a, _| {
        let text = spool_text(w)?;
        let last = json_arg(text.lines().last().ok_or_else(|| fail("the spool is empty"))?)?;
        let expected = json_arg(&a[1])?;
        ensure(*pointer(&last, &a[0])? == expected, || format!("expected {expected} at {}: {last}", a[0]))
    });
    // ---- the lake: other hosts, `ctxlake sync` and `ctxlake maint` on a folder lake ----------
    // "Host H" is a spool and a cache under the scratch folder; "this host" is the server under
    // test (its spool and cache). All share one folder lake, `<scratch>/lake`.
    // The claim's id is `claim-<subject>` unless the step names one ("as claim ID"): two claims
    // of one subject need ids of their own.
    r.add(
        r#"agent "([^"]*)" on host "([^"]*)" proposes the (\S+) "([^"]*)" about "([^"]*)"(?: as claim "([^"]*)")? with evidence from sessions "([^"]*)""#,
        |w, a, _| {
            let evidence: Vec<Value> = a[6]
                .split(',')
                .map(str::trim)
                .map(|s| json!({"session_id": s, "message_id": format!("{s}-m1"), "excerpt_hash": "", "observed_at": "2026-09-01T10:00:00Z"}))
                .collect();
            let id = if a[5].is_empty() { format!("claim-{}", a[4]) } else { a[5].clone() };
            let record = json!({"kind": "proposed", "claim_id": id, "claim": a[3], "claim_type": a[2],
                "subject": a[4], "scope": "agent", "observed_by": a[0], "observed_at": "2026-09-01T10:30:00Z", "evidence": evidence});
            host_spool(w, &a[1], &record.to_string())
        },
    );
    r.add(r#"agent "([^"]*)" on host "([^"]*)" hands off "([^"]*)""#, |w, a, _| {
        let record = json!({"kind": "handoff", "id": ulid::Ulid::new().to_string(), "at": now(), "fleet_id": w.fleet,
            "agent_id": a[0], "summary": a[2], "status": "done", "next": null});
        host_spool(w, &a[1], &record.to_string())
    });
    r.add(r#"agent "([^"]*)" on host "([^"]*)" requests the lease on "([^"]*)""#, |w, a, _| {
        let record = json!({"kind": "claim_request", "id": ulid::Ulid::new().to_string(), "at": now(), "fleet_id": w.fleet,
            "agent_id": a[0], "paths": [a[2]], "reason": "editing", "ttl_secs": 300});
        host_spool(w, &a[1], &record.to_string())
    });
    r.add(r#"host "([^"]*)" spools these lines:"#, |w, a, s| {
        let text = docstring(s)?.replace("<fleet>", &w.fleet);
        text.lines().try_for_each(|line| host_spool(w, &a[0], line))
    });
    r.add(r#"the lake holds a lease on "([^"]*)" held by "([^"]*)" that (expired a minute ago|expires in an hour)"#, |w, a, _| {
        let offset = if a[2].starts_with("expired") { -60 } else { 3600 };
        let at = |secs: i64| {
            let time = chrono::DateTime::<chrono::Utc>::from(std::time::SystemTime::now()) + chrono::Duration::seconds(secs);
            time.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
        };
        let doc = json!({"generated_at": at(0), "applied": [], "stamp": {"writer": "fixture", "epoch": 1, "nonce": ulid::Ulid::new().to_string()},
            "leases": [{"resource": a[0], "holder": a[1], "reason": "editing", "acquired_at": at(offset - 300),
                        "expires_at": at(offset), "epoch": 1, "request_id": "fixture", "lost": []}]});
        let dir = lake_dir(w)?.join("fleets").join(&w.fleet);
        std::fs::create_dir_all(&dir).map_err(io)?;
        std::fs::write(dir.join("leases.json"), doc.to_string()).map_err(io)
    });
    r.add(r#"host "([^"]*)" runs ctxlake sync"#, |w, a, _| {
        let host = host_dir(w, &a[0])?;
        let mut sync = ctxlake(w, &["sync", "--once", "--host", &a[0]])?;
        sync.env("CTXLAKE_SPOOL_DIR", host.join("spool")).env("CTXLAKE_CACHE_DIR", host.join("cache"));
        lake_command(w, sync)
    });
    r.add("this host runs ctxlake sync", |w, _, _| {
        let sync = ctxlake(w, &["sync", "--once", "--host", "this-host"])?;
        lake_command(w, sync)
    });
    r.add(r"ctxlake maint runs(?: in (agent|shadow) mode)?", |w, a, _| {
        let mode = a.first().filter(|m| !m.is_empty()).map_or("agent", String::as_str);
        let maint = ctxlake(w, &["maint", "--mode", mode])?;
        lake_command(w, maint)
    });
    // The fleet owner's decisions (`ctxlake claims`) on the scenario's folder lake.
    r.add(
        r#"the fleet's owner runs ctxlake claims (retract|retire) on the claim "([^"]*)" because "([^"]*)""#,
        |w, a, _| {
            let id = claim_id_of(w, &a[1])?;
            let out = owner(w, &[&a[0], &id, "--reason", &a[2]])?;
            ensure(out.status.success(), || String::from_utf8_lossy(&out.stderr).into_owned())
        },
    );
    // `ctxlake lake <args>` (stats, gc) on the scenario's lake; the arguments split at spaces.
    r.add(r#"ctxlake lake (.+) prints "([^"]*)""#, |w, a, _| {
        let out = lake_ops(w, &a[0])?;
        let printed = String::from_utf8_lossy(&out.stdout);
        ensure(out.status.success() && printed.contains(&a[1]), || {
            format!("{:?} not in: {printed}{}", a[1], String::from_utf8_lossy(&out.stderr))
        })
    });
    r.add(r#"ctxlake lake (.+) exits (\d+) saying "([^"]*)""#, |w, a, _| {
        let before = count_files(&lake_dir(w)?);
        let out = lake_ops(w, &a[0])?;
        let said = String::from_utf8_lossy(&out.stderr);
        ensure(
            out.status.code().map(|c| c.to_string()).as_deref() == Some(a[1].as_str()) && said.contains(&a[2]),
            || format!("exit {:?}: {said}", out.status.code()),
        )?;
        let after = count_files(&lake_dir(w)?);
        ensure(after == before, || format!("the lake went from {before} to {after} files"))
    });
    // `ctxlake keys ARGS` in the scenario's folder, `{state}` standing for a SQLite state store
    // there (`sqlite:<scratch>/state/keys.sqlite`), with the serve pepper or the one named.
    r.add(
        r#"ctxlake keys (.+?)(?: with the pepper "([^"]*)")? (succeeds|exits (\d+) saying "([^"]*)"(?: and not "([^"]*)")?)$"#,
        |w, a, _| {
            let home = w.scratch_dir()?.join("state");
            std::fs::create_dir_all(&home).map_err(io)?;
            let state = format!("sqlite:{}", home.join("keys.sqlite").display());
            let line = a[0].replace("{state}", &state);
            let args: Vec<&str> = std::iter::once("keys").chain(line.split_whitespace()).collect();
            let pepper = a.get(1).filter(|p| !p.is_empty()).map_or(SERVE_PEPPER, String::as_str);
            let out = ctxlake(w, &args)?.env("HOME", &home).env("CTXLAKE_KEY_PEPPER", pepper).output().map_err(io)?;
            let said = String::from_utf8_lossy(&out.stderr);
            if a[2] == "succeeds" {
                return ensure(out.status.success(), || format!("exit {:?}: {said}", out.status.code()));
            }
            let status = out.status.code().map(|c| c.to_string());
            ensure(status.as_deref() == Some(a[3].as_str()) && said.contains(&a[4]), || {
                format!("exit {:?}: {said}", out.status.code())
            })?;
            match a.get(5).filter(|never| !never.is_empty()) {
                Some(never) => ensure(!said.contains(never.as_str()), || format!("{never:?} was said: {said}")),
                None => Ok(()),
            }
        },
    );
    // `ctxlake lake import` of the docstring: refused with exit 1 at the line and pointer, and
    // the scenario's lake holds as many files as before.
    r.add(r"importing this file into the lake is refused at line (\d+), (\S+):", |w, a, s| {
        let file = w.scratch_dir()?.join("refused.jsonl");
        std::fs::write(&file, docstring(s)?).map_err(io)?;
        let before = count_files(&lake_dir(w)?);
        let out = lake_ops(w, &format!("import {}", file.display()))?;
        let said = String::from_utf8_lossy(&out.stderr);
        ensure(out.status.code() == Some(1), || format!("exit status {:?}: {said}", out.status.code()))?;
        let at = format!("refused.jsonl:{}: {}:", a[0], a[1]);
        ensure(said.contains(&at), || format!("{at:?} not in {said}"))?;
        let after = count_files(&lake_dir(w)?);
        ensure(after == before, || format!("the lake went from {before} to {after} files"))
    });
    // A correction: the arguments, with `supersedes` the lake's id of the claim named by its text.
    r.add(r#"the client calls "([^"]*)" correcting the claim "([^"]*)" with:"#, |w, a, s| {
        let mut args = json_arg(docstring(s)?)?;
        args["supersedes"] = json!(claim_id_of(w, &a[1])?);
        w.request("tools/call", json!({"name": a[0], "arguments": args})).map(drop)
    });
    r.add(r#"ctxlake claims (list|show on the claim "[^"]*") prints "([^"]*)""#, |w, a, _| {
        let args = match a[0].strip_prefix("show on the claim ") {
            Some(text) => vec!["show".to_string(), claim_id_of(w, text.trim_matches('"'))?],
            None => vec!["list".to_string()],
        };
        let out = owner(w, &args.iter().map(String::as_str).collect::<Vec<_>>())?;
        let printed = String::from_utf8_lossy(&out.stdout);
        ensure(out.status.success() && printed.contains(&a[1]), || format!("{:?} not in: {printed}", a[1]))
    });
    r.add(r#"ctxlake claims retract "([^"]*)" because "([^"]*)" exits (\d+) saying "([^"]*)""#, |w, a, _| {
        let before = count_files(&lake_dir(w)?);
        let out = owner(w, &["retract", &a[0], "--reason", &a[1]])?;
        let said = String::from_utf8_lossy(&out.stderr);
        ensure(
            out.status.code().map(|c| c.to_string()).as_deref() == Some(a[2].as_str()) && said.contains(&a[3]),
            || format!("exit {:?}: {said}", out.status.code()),
        )?;
        let after = count_files(&lake_dir(w)?);
        ensure(after == before, || format!("the lake went from {before} to {after} files"))
    });
    r.add(r#"the lake command reported "([^"]*)""#, |w, a, _| {
        ensure(w.text_output.contains(&a[0]), || format!("{:?} not in: {}", a[0], w.text_output))
    });
    // Sets back every drained batch's file time (a folder lake: an object's age is its file's).
    r.add(r"the lake's drained batches are (\d+) days old", |w, a, _| {
        let days: u64 = a[0].parse().map_err(|_| fail("a count of days"))?;
        let then = std::time::SystemTime::now() - std::time::Duration::from_secs(days * 86_400);
        let spool = lake_dir(w)?.join("fleets").join(&w.fleet).join("spool");
        for host in std::fs::read_dir(&spool).map_err(io)? {
            for batch in std::fs::read_dir(host.map_err(io)?.path()).map_err(io)? {
                let file = std::fs::File::options().write(true).open(batch.map_err(io)?.path()).map_err(io)?;
                file.set_modified(then).map_err(io)?;
            }
        }
        Ok(())
    });
    r.add(r#"the lake holds (\d+) quarantine records? from host "([^"]*)""#, |w, a, _| {
        let dir = lake_dir(w)?.join("fleets").join(&w.fleet).join("quarantine").join(&a[1]);
        let n = std::fs::read_dir(&dir).map(|d| d.count()).unwrap_or(0);
        ensure(n.to_string() == a[0], || format!("{n} quarantine records in {}", dir.display()))
    });
    r.add(r#"the lake's spool batches from host "([^"]*)" do not contain "([^"]*)""#, |w, a, _| {
        let dir = lake_dir(w)?.join("fleets").join(&w.fleet).join("spool").join(&a[0]);
        for entry in std::fs::read_dir(&dir).map_err(io)? {
            let text = std::fs::read_to_string(entry.map_err(io)?.path()).map_err(io)?;
            ensure(!text.contains(&a[1]), || format!("{:?} reached the lake: {text}", a[1]))?;
        }
        Ok(())
    });
    r.add("every spool line is a valid spool record", spool_valid);
    r.add(r"the spool directory holds (\d+) files", |w, a, _| {
        let n = std::fs::read_dir(spool_dir(w)?).map_err(io)?.count();
        ensure(n.to_string() == a[0], || format!("{n} files"))
    });
    // `ctxlake serve` with bearer keys beside the stdio target, over the same cache, spool and
    // knowledge base (issue 14: a key limited to some projects).
    r.add(r#"ctxlake serve runs with a key of this fleet limited to the project "([^"]*)""#, |w, a, _| {
        let home = w.scratch_dir()?.join("serve-home");
        std::fs::create_dir_all(&home).map_err(io)?;
        let fleet = w.fleet.clone();
        let create = ["keys", "create", "--name", "pack-bot", "--fleets", &fleet, "--projects", &a[0]];
        let out =
            ctxlake(w, &create)?.env("HOME", &home).env("CTXLAKE_KEY_PEPPER", SERVE_PEPPER).output().map_err(io)?;
        ensure(out.status.success(), || String::from_utf8_lossy(&out.stderr).to_string())?;
        let token = String::from_utf8_lossy(&out.stdout).trim().to_string();
        let (child, url) = spawn_serve(w, &home, &["--keys"])?;
        w.served = Some(crate::conform::world::Served { child, url, token, tokens: Default::default() });
        Ok(())
    });
    // The scope table (features/scopes.feature): keys made with `ctxlake keys` options in the
    // state store the run names (a SQLite file here by default), then one request per row.
    r.add("ctxlake serve runs on the state store with guests and these keys:", |w, _, step| {
        let (home, state) = serve_state(w)?;
        let keys = |args: &[&str]| state_keys(w, &home, &state, args);
        let mut tokens = std::collections::BTreeMap::new();
        for row in table_rows(step)? {
            let [name, options] = &row[..] else { return Err(fail("each row is: key | options")) };
            let (options, revoked) = match options.strip_suffix("(revoked)") {
                Some(options) => (options, true),
                None => (options.as_str(), false),
            };
            let args: Vec<&str> =
                ["create", "--name", name.as_str()].into_iter().chain(options.split_whitespace()).collect();
            tokens.insert(name.clone(), keys(&args)?);
            if revoked {
                keys(&["revoke", name])?;
            }
        }
        let (child, url) = spawn_serve(w, &home, &["--state", &state, "--guests"])?;
        w.served = Some(crate::conform::world::Served { child, url, token: String::new(), tokens });
        Ok(())
    });
    // Sessions across hosts (features/state.feature): two hosts on the run's state store.
    r.add(
        r#"two ctxlake serve hosts share the state store with sessions, the fixtures and the keys "([^"]*)" of fleet "([^"]*)""#,
        |w, a, _| {
            let (home, state) = serve_state(w)?;
            let mut tokens = std::collections::BTreeMap::new();
            for name in a[0].split(',') {
                tokens.insert(name.to_string(), state_keys(w, &home, &state, &["create", "--name", name, "--fleets", &a[1]])?);
            }
            for _ in 0..2 {
                let args = ["--state", &state, "--sessions", "--conformance-fixtures"];
                let (child, url) = spawn_serve(w, &home, &args)?;
                let served = crate::conform::world::Served { child, url, token: String::new(), tokens: tokens.clone() };
                w.hosts.push(served);
            }
            Ok(())
        },
    );
    r.add("the session's requests, each to the host named, are answered as the table says:", |w, _, step| {
        let mut session = HostsSession::default();
        let mut wrong = vec![];
        for row in table_rows(step)? {
            let [host, caller, request, answer] = &row[..] else {
                return Err(fail("each row is: host | caller | request | answer"));
            };
            let served = host
                .parse::<usize>()
                .ok()
                .and_then(|n| w.hosts.get(n.wrapping_sub(1)))
                .ok_or_else(|| fail(format!("no host {host}")))?;
            let got = session.request(served, caller, request)?;
            if got != *answer {
                wrong.push(format!("host {host}, {caller}, {request}: {got}, not {answer}"));
            }
        }
        ensure(wrong.is_empty(), || wrong.join("; "))
    });
    r.add("each caller's requests are answered as the table says:", |w, _, step| {
        let served = w.served.as_ref().ok_or_else(|| fail("no ctxlake serve was started"))?;
        let mut wrong = vec![];
        for row in table_rows(step)? {
            let [caller, method, target, answer] = &row[..] else {
                return Err(fail("each row is: caller | method | target | answer"));
            };
            let got = scoped_request(served, caller, method, target)?;
            if got != *answer {
                wrong.push(format!("{caller} {method} {target}: {got}, not {answer}"));
            }
        }
        ensure(wrong.is_empty(), || wrong.join("; "))
    });
    r.add(r#"the key's client calls "([^"]*)" over HTTP with:"#, |w, a, s| {
        let served = w.served.as_ref().ok_or_else(|| fail("no ctxlake serve was started"))?;
        let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                          "params": {"name": a[0], "arguments": json_arg(docstring(s)?)?}});
        let headers: Vec<(String, String)> = [
            ("Content-Type", "application/json".to_string()),
            ("Accept", "application/json, text/event-stream".to_string()),
            ("MCP-Protocol-Version", "2025-11-25".to_string()),
            ("Authorization", format!("Bearer {}", served.token)),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        let timeout = std::time::Duration::from_secs(20);
        let response = crate::conform::http::send(&served.url, "POST", &headers, body.to_string().as_bytes(), timeout)
            .map_err(io)?;
        w.answers = response.frames().map_err(fail)?;
        w.last_http = Some(response);
        Ok(())
    });
    r.add(
        r#"the server is configured with (CTXLAKE_TOOLS|CTXLAKE_EMBEDDER|CTXLAKE_TRANSFORMER_DIR) "([^"]*)""#,
        |w, a, _| {
            w.extra_env.push((a[0].clone(), a[1].clone()));
            Ok(())
        },
    );
    r.add(r#"the server refuses to start with exit status 78, saying "([^"]*)""#, |w, a, _| {
        let out = ctxlake(w, &["mcp"])?.stdin(Stdio::null()).output().map_err(io)?;
        let stderr = String::from_utf8_lossy(&out.stderr);
        ensure(out.status.code() == Some(78), || format!("exit status {:?}: {stderr}", out.status.code()))?;
        ensure(stderr.contains(&a[0]), || format!("stderr does not say {:?}: {stderr}", a[0]))?;
        ensure(out.stdout.is_empty(), || "something was written to stdout".into())
    });
    r.add("the server refuses to start with exit status 78, naming the fleet id", |w, _, _| {
        let out = ctxlake(w, &["mcp"])?.stdin(Stdio::null()).output().map_err(io)?;
        ensure(out.status.code() == Some(78), || format!("exit status {:?}", out.status.code()))?;
        ensure(String::from_utf8_lossy(&out.stderr).contains("fleet id"), || {
            "stderr does not name the fleet id".into()
        })?;
        ensure(out.stdout.is_empty(), || "something was written to stdout".into())
    });
    r.add("the client searches memory for:", |w, _, s| {
        let query = docstring(s)?.to_string();
        w.request("tools/call", json!({"name": "memory_search", "arguments": {"query": query}})).map(drop)
    });
    // What this host's mirrored snapshot file holds: its claims' ids, and every claim its meta
    // counts (docs/memory.md: a snapshot holds what agents may be told of).
    r.add(r#"this host's snapshot holds the claims "([^"]*)" of (\d+) counted"#, |w, a, _| {
        let path = cache_dir(w)?.join("snapshot.bin");
        let unreadable = |e: rusqlite::Error| fail(format!("{}: {e}", path.display()));
        let db = rusqlite::Connection::open_with_flags(&path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .map_err(unreadable)?;
        let mut ids = db.prepare("SELECT claim_id FROM claims ORDER BY claim_id").map_err(unreadable)?;
        let ids: Vec<String> = ids.query_map([], |r| r.get(0)).and_then(|rows| rows.collect()).map_err(unreadable)?;
        let counted: String = db
            .query_row("SELECT value FROM snapshot_meta WHERE key = 'claim_count'", [], |r| r.get(0))
            .map_err(unreadable)?;
        ensure(ids.join(",") == a[0] && counted == a[1], || format!("it holds {ids:?} of {counted} counted"))
    });
    r.add(r#"the fleet snapshot is built in "([^"]*)" mode from these claims:"#, snapshot_from_table);
    r.add(r#"the fleet snapshot holds (\d+) promoted "([^"]*)" claims about "([^"]*)""#, |w, a, _| {
        let n: usize = a[0].parse().map_err(|_| fail("a count"))?;
        let events: Vec<Value> = (0..n)
            .flat_map(|i| {
                let row: HashMap<String, String> = [
                    ("claim_id", format!("c{i:05}")),
                    ("claim", format!("migration step {i} of the deploy pipeline passed")),
                    ("type", a[1].clone()),
                    ("subject", a[2].clone()),
                    ("observer", "cc-01".to_string()),
                    ("status", "promoted".to_string()),
                    ("at", format!("2026-09-{:02}T{:02}:{:02}:00Z", 1 + i / 1440 % 28, i / 60 % 24, i % 60)),
                ]
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect();
                claim_events(&row).unwrap_or_default()
            })
            .collect();
        build_snapshot(w, "agent", &events)
    });
    knowledge_steps(r);
    context_steps(r);
    r.add(r#"the briefing is printed as "([^"]*)""#, |w, a, _| {
        let out = ctxlake(w, &["briefing", "--format", &a[0]])?.stdin(Stdio::null()).output().map_err(io)?;
        ensure(out.status.success(), || String::from_utf8_lossy(&out.stderr).to_string())?;
        w.text_output = String::from_utf8(out.stdout).map_err(|e| fail(format!("the briefing is not UTF-8: {e}")))?;
        Ok(())
    });
    r.add("the briefing is empty", |w, _, _| ensure(w.text_output.trim().is_empty(), || w.text_output.clone()));
    r.add("the briefing reads:", |w, _, s| {
        let expected = docstring(s)?;
        ensure(w.text_output.trim_end() == expected, || format!("the briefing reads:\n{}", w.text_output))
    });
    r.add(r#"the briefing does not contain "([^"]*)""#, |w, a, _| {
        ensure(!w.text_output.contains(&a[0]), || w.text_output.clone())
    });
    r.add(r#"the briefing is Claude Code hook JSON whose context contains "([^"]*)""#, |w, a, _| {
        let hook = json_arg(w.text_output.trim())?;
        ensure(hook["hookSpecificOutput"]["hookEventName"] == "SessionStart", || format!("{hook}"))?;
        let context = hook["hookSpecificOutput"]["additionalContext"].as_str().unwrap_or_default();
        ensure(context.contains(&a[0]), || context.to_string())
    });
    // Client configuration files for `ctxlake install`, in a HOME of the scenario's own.
    r.add(r#"the client file "([^"]*)" holds:"#, |w, a, s| {
        let path = home_file(w, &a[0])?;
        let text = format!("{}\n", super::docstring(s)?);
        std::fs::create_dir_all(path.parent().unwrap_or(&path)).map_err(io)?;
        std::fs::write(&path, &text).map_err(io)?;
        let original = w.scratch_dir()?.join("originals").join(&a[0]);
        std::fs::create_dir_all(original.parent().unwrap_or(&original)).map_err(io)?;
        std::fs::write(original, text).map_err(io)
    });
    r.add(r"(\d+) ms pass", |_, a, _| {
        std::thread::sleep(std::time::Duration::from_millis(a[0].parse().map_err(|_| fail("a count"))?));
        Ok(())
    });
    r.add(r#"the lake's lease on "([^"]*)" ran out a minute ago"#, |w, a, _| {
        let path = lake_dir(w)?.join("fleets").join(&w.fleet).join("leases.json");
        let mut doc: Value =
            serde_json::from_slice(&std::fs::read(&path).map_err(io)?).map_err(|e| fail(e.to_string()))?;
        let ago = (chrono::DateTime::<chrono::Utc>::from(std::time::SystemTime::now()) - chrono::Duration::seconds(60))
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        let leases = doc["leases"].as_array_mut().ok_or_else(|| fail("a leases document"))?;
        let lease = leases.iter_mut().find(|l| l["resource"] == a[0].as_str()).ok_or_else(|| fail("no such lease"))?;
        lease["expires_at"] = json!(ago);
        doc["stamp"]["nonce"] = json!(ulid::Ulid::new().to_string());
        std::fs::write(&path, doc.to_string()).map_err(io)
    });
    r.add(r#"ctxlake (install|uninstall|leases) runs with "([^"]*)"(?: and exits with status (\d+))?"#, |w, a, _| {
        let mut args = vec![a[0].as_str()];
        args.extend(a[1].split_whitespace());
        let home = w.scratch_dir()?.join("home");
        std::fs::create_dir_all(&home).map_err(io)?;
        let mut command = ctxlake(w, &args)?;
        // Every client folder lies under HOME, whatever the caller's environment points elsewhere.
        for moved in ["XDG_CONFIG_HOME", "CODEX_HOME", "HERMES_HOME", "GOOSE_PATH_ROOT"] {
            command.env_remove(moved);
        }
        let out = command.env("HOME", &home).current_dir(&home).stdin(Stdio::null()).output().map_err(io)?;
        w.text_output = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        let wanted = a.get(2).filter(|c| !c.is_empty()).map_or("0", String::as_str);
        let got = out.status.code().map(|c| c.to_string()).unwrap_or_else(|| "a signal".into());
        ensure(got == wanted, || format!("exit status {got}, wanted {wanted}: {}", w.text_output))
    });
    r.add(r#"ctxlake said "([^"]*)""#, |w, a, _| {
        ensure(w.text_output.contains(&a[0]), || format!("{:?} not in: {}", a[0], w.text_output))
    });
    // The expected text may hold quotes, written \" as in the file.
    r.add(r#"the client file "([^"]*)" (contains|does not contain) "(.*)""#, |w, a, _| {
        let text = std::fs::read_to_string(home_file(w, &a[0])?).map_err(io)?;
        let (wanted, needle) = (a[1] == "contains", a[2].replace("\\\"", "\""));
        ensure(text.contains(&needle) == wanted, || {
            format!("{} {} {needle:?}:\n{text}", a[0], if wanted { "lacks" } else { "has" })
        })
    });
    r.add(r#"the client file "([^"]*)" is byte for byte as it was"#, |w, a, _| {
        let now = std::fs::read(home_file(w, &a[0])?).map_err(io)?;
        let before = std::fs::read(w.scratch_dir()?.join("originals").join(&a[0])).map_err(io)?;
        ensure(now == before, || format!("{} changed:\n{}", a[0], String::from_utf8_lossy(&now)))
    });
    r.add(r#"the client file "([^"]*)" does not exist"#, |w, a, _| {
        let path = home_file(w, &a[0])?;
        ensure(!path.exists(), || format!("{} exists", path.display()))
    });
    r.add(r"the briefing is at most (\d+) bytes and ends with the truncation marker", |w, a, _| {
        let max: usize = a[0].parse().map_err(|_| fail("a size"))?;
        let text = w.text_output.strip_suffix('\n').unwrap_or(&w.text_output);
        ensure(text.len() <= max, || format!("{} bytes", text.len()))?;
        ensure(text.ends_with("[ctxlake: briefing truncated]"), || text.chars().rev().take(80).collect())
    });
}

/// Context packs: properties that take more than one call to see.
fn context_steps(r: &mut Registry) {
    r.add(
        r#"calling "context" with these arguments at markdown_token_budget (.+) never gives less content:"#,
        |w, a, s| {
            let arguments = json_arg(docstring(s)?)?;
            let mut previous: Option<(u64, Vec<String>)> = None;
            for budget in a[0].split(", ") {
                let budget: u64 =
                    budget.trim().parse().map_err(|_| fail(format!("budget {budget} is not a number")))?;
                let mut call = arguments.clone();
                call["markdown_token_budget"] = json!(budget);
                let answer = w.request("tools/call", json!({"name": "context", "arguments": call}))?;
                let text = answer["result"]["content"][0]["text"].as_str().unwrap_or_default();
                let output = json_arg(text)?;
                let markdown = output["markdown"].as_str().unwrap_or_default();
                let items: Vec<String> = markdown.lines().filter(|l| l.starts_with("- ")).map(str::to_string).collect();
                let kept = output["usage_metadata"]["markdown"]["items"].as_u64().unwrap_or_default();
                ensure(kept >= 1, || format!("budget {budget}: no item rendered"))?;
                let tokens = markdown.len().div_ceil(4) as u64;
                ensure(kept == 1 || tokens <= budget, || format!("budget {budget}: {tokens} tokens for {kept} items"))?;
                if let Some((smaller, lines)) = &previous {
                    for line in lines {
                        ensure(items.contains(line), || {
                            format!("budget {budget} lost, from budget {smaller}: {line}")
                        })?;
                    }
                }
                previous = Some((budget, items));
            }
            Ok(())
        },
    );
}

/// The knowledge base in the scratch folder (`CTXLAKE_KB`), filled through `ctxlake kb`.
fn knowledge_steps(r: &mut Registry) {
    r.add(r"the knowledge base imports these records( with --approve)?:", |w, a, s| {
        let table = s.table.as_ref().ok_or_else(|| fail("this step needs a table"))?;
        let (header, rows) = table.split_first().ok_or_else(|| fail("an empty table"))?;
        let records: Vec<Value> =
            rows.iter().map(|cells| kb_record(&header.iter().cloned().zip(cells.iter().cloned()).collect())).collect();
        kb_import(w, &records, a.first().is_some_and(|f| !f.is_empty()))
    });
    r.add(r#"the knowledge base imports (\d+) approved records about "([^"]*)""#, |w, a, _| {
        let n: usize = a[0].parse().map_err(|_| fail("a count"))?;
        let records: Vec<Value> = (0..n)
            .map(|i| {
                let row: HashMap<String, String> = [
                    ("id", format!("bulk-{i:03}")),
                    ("slug", format!("bulk-record-{i:03}")),
                    ("status", "approved".to_string()),
                    ("title", format!("{} decision number {i}", a[1])),
                    ("summary", format!("How to decide about {} in case {i}. {}", a[1], "Long detail. ".repeat(30))),
                ]
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect();
                kb_record(&row)
            })
            .collect();
        kb_import(w, &records, true)
    });
    r.add(r"importing this file into the knowledge base is refused at line (\d+), (\S+):", |w, a, s| {
        let file = w.scratch_dir()?.join("refused.jsonl");
        std::fs::write(&file, docstring(s)?).map_err(io)?;
        let out = ctxlake(w, &["kb", "import", &file.display().to_string(), "--approve"])?.output().map_err(io)?;
        let stderr = String::from_utf8_lossy(&out.stderr).to_string();
        ensure(out.status.code() == Some(1), || format!("exit status {:?}: {stderr}", out.status.code()))?;
        let at = format!("refused.jsonl:{}: {}:", a[0], a[1]);
        ensure(stderr.contains(&at), || format!("{at:?} not in {stderr}"))
    });
    r.add(r"the knowledge base imports this file with --approve:", |w, _, s| {
        let records: Vec<Value> =
            docstring(s)?.lines().filter(|l| !l.trim().is_empty()).map(json_arg).collect::<Result<_, _>>()?;
        kb_import(w, &records, true)
    });
    r.add(r"the knowledge base holds (\d+) records?", |w, a, _| {
        let out = ctxlake(w, &["kb", "list"])?.output().map_err(io)?;
        let n = String::from_utf8_lossy(&out.stdout).lines().count();
        ensure(n.to_string() == a[0], || format!("{n} records"))
    });
    r.add(r#"the knowledge base owner runs "kb ([^"]*)""#, |w, a, _| {
        let mut args = vec!["kb"];
        args.extend(a[0].split_whitespace());
        let out = ctxlake(w, &args)?.output().map_err(io)?;
        ensure(out.status.success(), || String::from_utf8_lossy(&out.stderr).to_string())
    });
    // The fleet's published knowledge base (`ctxlake kb publish`): the owner's own store on a
    // host of its own, published to the scenario's folder lake.
    r.add(r#"the owner on host "([^"]*)" imports with --approve and publishes these records:"#, |w, a, s| {
        let table = s.table.as_ref().ok_or_else(|| fail("this step needs a table"))?;
        let (header, rows) = table.split_first().ok_or_else(|| fail("an empty table"))?;
        let records: Vec<Value> =
            rows.iter().map(|cells| kb_record(&header.iter().cloned().zip(cells.iter().cloned()).collect())).collect();
        let host = host_dir(w, &a[0])?;
        std::fs::create_dir_all(&host).map_err(io)?;
        let (file, kb) = (host.join("records.jsonl"), host.join("kb.sqlite"));
        let lines: Vec<String> = records.iter().map(Value::to_string).collect();
        std::fs::write(&file, lines.join("\n")).map_err(io)?;
        let (file, kb) = (file.display().to_string(), kb.display().to_string());
        let out = ctxlake(w, &["kb", "import", &file, "--approve", "--kb", &kb])?.output().map_err(io)?;
        ensure(out.status.success(), || format!("kb import failed: {}", String::from_utf8_lossy(&out.stderr)))?;
        let publish = ctxlake(w, &["kb", "publish", "--kb", &kb])?;
        lake_command(w, publish)
    });
    r.add("the server serves the fleet's published knowledge base", |w, _, _| {
        // No CTXLAKE_KB (an empty value is unset), and a home of its own for the default path.
        let home = w.scratch_dir()?.join("home");
        w.extra_env.push(("CTXLAKE_KB".into(), String::new()));
        w.extra_env.push(("HOME".into(), home.display().to_string()));
        Ok(())
    });
    r.add("no semantic embedding model is available", |w, _, _| {
        // The static model chosen (so the compiled-in transformer is not the default) and its
        // files pointed at an empty folder: what a build without either model does.
        let empty = w.scratch_dir()?.join("no-model");
        std::fs::create_dir_all(&empty).map_err(io)?;
        w.extra_env.push(("CTXLAKE_EMBEDDER".into(), "static".into()));
        w.extra_env.push(("CTXLAKE_MODEL_DIR".into(), empty.display().to_string()));
        Ok(())
    });
    r.add(r"the results in the tool output fit (\d+) tokens at 4 characters each", |w, a, _| {
        let budget: usize = a[0].parse().map_err(|_| fail("a budget"))?;
        let output = json_arg(w.result()?["content"][0]["text"].as_str().unwrap_or_default())?;
        let results = pointer(&output, "/results")?.as_array().cloned().unwrap_or_default();
        let used: usize = results.iter().map(|r| r.to_string().chars().count().div_ceil(4)).sum();
        ensure(results.len() > 1 && used <= budget, || format!("{} results, {used} tokens", results.len()))
    });
}

/// A valid knowledge record from a table row (id, slug, status, topic, title, summary,
/// applies_to as `kind:name:requirement, ...`); the rest is filled in.
fn kb_record(row: &HashMap<String, String>) -> Value {
    let get = |k: &str| code_points(row.get(k).map(String::as_str).unwrap_or_default());
    let or = |v: String, d: &str| if v.is_empty() { d.to_string() } else { v };
    let applies_to: Vec<Value> = get("applies_to")
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|target| {
            let mut parts = target.splitn(3, ':');
            let (kind, name) = (parts.next().unwrap_or_default(), parts.next().unwrap_or_default());
            let requirement = parts.next().filter(|r| !r.is_empty());
            json!({"kind": kind, "name": name, "version_constraint": requirement})
        })
        .collect();
    let title = or(get("title"), "A decision");
    json!({
        "id": get("id"), "slug": get("slug"), "status": or(get("status"), "draft"), "topic": or(get("topic"), "implementation"),
        "title": title, "summary": or(get("summary"), "A summary."), "recommendation": format!("Do this: {}", get("summary")),
        "rationale": format!("Why: {title}."), "applies_to": applies_to, "confidence": "high",
        "pitfalls": list(&get("pitfalls")), "verification_checks": list(&get("checks")),
        "updated_at": "2026-10-01T00:00:00Z",
        "sources": [{"title": "Source", "url": "https://example.org/source", "publisher": "Example",
                     "evidence_excerpt": "quoted", "relation": "supports"}]
    })
}

/// A cell of `;`-separated items.
fn list(cell: &str) -> Vec<String> {
    cell.split(';').map(str::trim).filter(|i| !i.is_empty()).map(str::to_string).collect()
}

fn kb_import(w: &World<'_>, records: &[Value], approve: bool) -> Outcome {
    let file = w.scratch_dir()?.join(format!("records-{}.jsonl", ulid::Ulid::new()));
    let lines: Vec<String> = records.iter().map(Value::to_string).collect();
    std::fs::write(&file, lines.join("\n")).map_err(io)?;
    let file = file.display().to_string();
    let mut args = vec!["kb", "import", file.as_str()];
    if approve {
        args.push("--approve");
    }
    let out = ctxlake(w, &args)?.output().map_err(io)?;
    ensure(out.status.success(), || format!("kb import failed: {}", String::from_utf8_lossy(&out.stderr)))
}

pub(super) fn io(e: std::io::Error) -> StepError {
    fail(format!("fixture I/O: {e}"))
}

fn cache_dir(w: &World<'_>) -> Result<PathBuf, StepError> {
    Ok(w.scratch_dir()?.join("cache").join(&w.fleet))
}

fn spool_dir(w: &World<'_>) -> Result<PathBuf, StepError> {
    Ok(w.scratch_dir()?.join("spool").join("mcp"))
}

fn spool_file(w: &World<'_>) -> Result<PathBuf, StepError> {
    Ok(spool_dir(w)?.join(format!("{}.ndjson", w.fleet)))
}

/// The spool's lines without the session's own presence records: every `ctxlake mcp` session
/// spools a presence `start` after `initialize` (and an `end` at EOF), and the spool steps are
/// about what the tools queued.
fn spool_text(w: &World<'_>) -> Result<String, StepError> {
    let text = std::fs::read_to_string(spool_file(w)?).unwrap_or_default();
    Ok(text.lines().filter(|l| !is_presence(l)).map(|l| format!("{l}\n")).collect())
}

fn is_presence(line: &str) -> bool {
    serde_json::from_str::<Value>(line).is_ok_and(|v| v["kind"] == "presence")
}

/// A file under the scenario's HOME; the name must stay inside it.
fn home_file(w: &World<'_>, name: &str) -> Result<PathBuf, StepError> {
    let inside = std::path::Path::new(name).components().all(|c| matches!(c, std::path::Component::Normal(_)));
    ensure(inside && !name.is_empty(), || format!("client file {name:?}: a relative path inside HOME"))?;
    Ok(w.scratch_dir()?.join("home").join(name))
}

pub(super) fn lake_dir(w: &World<'_>) -> Result<PathBuf, StepError> {
    Ok(w.scratch_dir()?.join("lake"))
}

fn host_dir(w: &World<'_>, host: &str) -> Result<PathBuf, StepError> {
    ensure(!host.is_empty() && host.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'), || {
        format!("host name {host:?}: letters, digits and dashes")
    })?;
    Ok(w.scratch_dir()?.join("hosts").join(host))
}

/// Appends one line to host `host`'s spool of the scenario's fleet, as `ctxlake mcp` would.
fn host_spool(w: &World<'_>, host: &str, line: &str) -> Outcome {
    use std::io::Write as _;
    let dir = host_dir(w, host)?.join("spool").join("mcp");
    std::fs::create_dir_all(&dir).map_err(io)?;
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(dir.join(format!("{}.ndjson", w.fleet)))
        .map_err(io)?;
    writeln!(file, "{line}").map_err(io)
}

/// Runs a `ctxlake sync` or `ctxlake maint` on the scenario's folder lake; its stderr (the
/// summary line) becomes the text output for `the lake command reported`.
fn lake_command(w: &mut World<'_>, mut command: Command) -> Outcome {
    let lake = lake_dir(w)?;
    let out = command.arg("--lake").arg(&lake).stdin(Stdio::null()).output().map_err(io)?;
    w.text_output = String::from_utf8_lossy(&out.stderr).into_owned();
    ensure(out.status.success(), || format!("exit status {:?}: {}", out.status.code(), w.text_output))
}

/// Runs `ctxlake claims --lake <the scenario's lake> <args>` as the fleet's owner.
pub(super) fn owner(w: &World<'_>, args: &[&str]) -> Result<std::process::Output, StepError> {
    let lake = lake_dir(w)?;
    let mut command = ctxlake(w, &["claims"])?;
    command.arg("--lake").arg(&lake).args(args).stdin(Stdio::null()).output().map_err(io)
}

/// Runs `ctxlake lake --lake <the scenario's lake> <args>`, `args` split at spaces.
fn lake_ops(w: &World<'_>, args: &str) -> Result<std::process::Output, StepError> {
    let lake = lake_dir(w)?;
    let mut command = ctxlake(w, &["lake"])?;
    command.arg("--lake").arg(&lake).args(args.split_whitespace()).stdin(Stdio::null()).output().map_err(io)
}

/// The id of the one claim in the lake whose text contains `text` (`ctxlake claims list`).
pub(super) fn claim_id_of(w: &World<'_>, text: &str) -> Result<String, StepError> {
    let out = owner(w, &["list"])?;
    let listed = String::from_utf8_lossy(&out.stdout);
    let line =
        listed.lines().find(|l| l.contains(text)).ok_or_else(|| fail(format!("no claim {text:?} in: {listed}")))?;
    Ok(line.split_whitespace().next().unwrap_or_default().to_string())
}

/// Files under `dir`, at any depth.
pub(super) fn count_files(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| e.path()).map(|p| if p.is_dir() { count_files(&p) } else { 1 }).sum())
        .unwrap_or(0)
}

fn now() -> String {
    chrono::DateTime::<chrono::Utc>::from(std::time::SystemTime::now())
        .to_rfc3339_opts(chrono::SecondsFormat::Micros, true)
}

fn write_cache(w: &World<'_>, file: &str, bytes: &[u8]) -> Outcome {
    let dir = cache_dir(w)?;
    std::fs::create_dir_all(&dir).map_err(io)?;
    std::fs::write(dir.join(file), bytes).map_err(io)
}

fn write_json(w: &World<'_>, file: &str, value: &Value) -> Outcome {
    write_cache(w, file, value.to_string().as_bytes())
}

/// Runs another ctxlake subcommand with the check's fixture environment.
/// The pepper of the keys a fixture's `ctxlake serve` checks (a test value, never a real one).
pub(super) const SERVE_PEPPER: &str = "the conformance fixtures' pepper, long enough";

pub(super) fn ctxlake(w: &World<'_>, args: &[&str]) -> Result<Command, StepError> {
    let launch = w.launch()?;
    let mut cmd = Command::new(&launch.program);
    // The launch runs `<ctxlake> mcp`; keep the program, replace the subcommand.
    cmd.args(args).envs(launch.env.iter().map(|(k, v)| (k, v))).stderr(Stdio::piped());
    // The operator's own stores stay out of the scenarios.
    cmd.env_remove("CTXLAKE_STATE").env_remove("CTXLAKE_KEYS");
    Ok(cmd)
}

/// One row of the scope table: `caller` (a key's name, `NAME@FLEET` to name a fleet in the
/// fleet header, or `guest` for no key) sends `method` about `target` (a tool, a resource's URI,
/// a prompt); the answer in the table's words: `reached` (a result: the tool, resource or prompt
/// answered, even with `isError`), `unknown` (-32602: no such tool, resource or prompt for this
/// caller), `listed` / `not listed` (tools/list), `HTTP 429 daily` / `HTTP 429 writes` (which
/// budget refused, with `Retry-After`), or `HTTP <status>`.
fn scoped_request(
    served: &crate::conform::world::Served,
    caller: &str,
    method: &str,
    target: &str,
) -> Result<String, StepError> {
    let (name, fleet) = caller.split_once('@').map_or((caller, None), |(n, f)| (n, Some(f)));
    let params = match method {
        "tools/call" => json!({"name": target, "arguments": {}}),
        "resources/read" => json!({"uri": target}),
        "prompts/get" if target == "resume-work" => json!({"name": target, "arguments": {"goal": "ship the release"}}),
        "prompts/get" => json!({"name": target}),
        "tools/list" => json!({}),
        // The Skills extension is offered on 2026-07-28 requests only.
        "skills/get" => {
            json!({"uri": target, "_meta": crate::conform::world::modern_meta(crate::conform::revisions::MODERN)})
        }
        other => return Err(fail(format!("the scope table has no method {other}"))),
    };
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params});
    let mut headers = match method {
        "skills/get" => crate::conform::world::post_headers(None, None, body.to_string().as_bytes()),
        _ => vec![
            ("Content-Type".into(), "application/json".into()),
            ("Accept".into(), "application/json, text/event-stream".into()),
            ("MCP-Protocol-Version".into(), "2025-11-25".into()),
        ],
    };
    if name != "guest" {
        let token = served.tokens.get(name).ok_or_else(|| fail(format!("no key named {name}")))?;
        headers.push(("Authorization".into(), format!("Bearer {token}")));
    }
    if let Some(fleet) = fleet {
        // transport::http::FLEET_HEADER (the runner does not link the server's transport).
        headers.push(("Ctxlake-Fleet".into(), fleet.into()));
    }
    let timeout = std::time::Duration::from_secs(20);
    let response =
        crate::conform::http::send(&served.url, "POST", &headers, body.to_string().as_bytes(), timeout).map_err(io)?;
    if response.status == 429 {
        // Which budget refused, and whether the client is told when to come back.
        let body = String::from_utf8_lossy(&response.body);
        let budget = if body.contains("tools that write") { "writes" } else { "daily" };
        return Ok(match response.header("retry-after") {
            Some(_) => format!("HTTP 429 {budget}"),
            None => format!("HTTP 429 {budget} without Retry-After"),
        });
    }
    if response.status != 200 {
        return Ok(format!("HTTP {}", response.status));
    }
    let frames = response.frames().map_err(fail)?;
    let frame = frames.first().ok_or_else(|| fail("an answer without a frame"))?;
    Ok(match (method, frame.get("result"), frame["error"]["code"].as_i64()) {
        ("tools/list", Some(result), _) => {
            let tools = result["tools"].as_array().cloned().unwrap_or_default();
            let listed = tools.iter().any(|t| t["name"] == target);
            if listed { "listed".into() } else { "not listed".into() }
        }
        (_, Some(_), _) => "reached".into(),
        (_, None, Some(-32602)) => "unknown".into(),
        (_, None, code) => format!("error {code:?}: {}", frame["error"]["message"]),
    })
}

/// The folder `ctxlake serve` hosts of a scenario run in, and the state store they share: the
/// run's (`Env::state`, PostgreSQL in tests/it/serve/state.rs), else a SQLite file there.
fn serve_state(w: &World<'_>) -> Result<(std::path::PathBuf, String), StepError> {
    let home = w.scratch_dir()?.join("serve-home");
    std::fs::create_dir_all(&home).map_err(io)?;
    let state = match &w.env.state {
        Some(url) => url.clone(),
        None => format!("sqlite:{}", home.join("keys.sqlite").display()),
    };
    Ok((home, state))
}

/// `ctxlake keys --state STATE ARGS` in `home`: what it printed (a new key's token).
fn state_keys(w: &World<'_>, home: &Path, state: &str, args: &[&str]) -> Result<String, StepError> {
    let out = ctxlake(w, &[&["keys", "--state", state][..], args].concat())?
        .env("HOME", home)
        .env("CTXLAKE_KEY_PEPPER", SERVE_PEPPER)
        .output()
        .map_err(io)?;
    ensure(out.status.success(), || format!("keys {args:?}: {}", String::from_utf8_lossy(&out.stderr)))?;
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// One session across hosts (features/state.feature): its id once `initialize` made it, and
/// the events of the last answer streamed in it.
#[derive(Default)]
struct HostsSession {
    id: Option<String>,
    streamed: Vec<(Option<String>, String)>,
}

impl HostsSession {
    /// `request` (`initialize`, `METHOD [ARGUMENT]`, `resume after the first event`, `GET`,
    /// `DELETE`) to `served` as `caller` (a key's name, or `guest`: no key) in this session; the
    /// answer in the table's words: `a session`, `log messages` / `no log messages`, `N events`,
    /// `the other N events` (a resume that replayed exactly the rest), or `HTTP <status>`.
    fn request(
        &mut self,
        served: &crate::conform::world::Served,
        caller: &str,
        request: &str,
    ) -> Result<String, StepError> {
        let timeout = std::time::Duration::from_secs(20);
        let mut headers: Vec<(String, String)> = vec![("Accept".into(), "application/json, text/event-stream".into())];
        if caller != "guest" {
            let token = served.tokens.get(caller).ok_or_else(|| fail(format!("no key named {caller}")))?;
            headers.push(("Authorization".into(), format!("Bearer {token}")));
        }
        if request == "resume after the first event" {
            let first = self.streamed.first().and_then(|(id, _)| id.clone());
            headers.push(("Last-Event-ID".into(), first.ok_or_else(|| fail("no streamed answer to resume"))?));
            let response = crate::conform::http::send(&served.url, "GET", &headers, b"", timeout).map_err(io)?;
            let rest = self.streamed.get(1..).unwrap_or_default();
            return Ok(match (response.status, response.events()) {
                (200, events) if events == rest => format!("the other {} events", rest.len()),
                (200, events) => format!("{} events, not the rest: {events:?}", events.len()),
                (status, _) => format!("HTTP {status}"),
            });
        }
        if let Some(id) = &self.id {
            headers.push(("Mcp-Session-Id".into(), id.clone()));
        }
        if request == "GET" || request == "DELETE" {
            let response = crate::conform::http::send(&served.url, request, &headers, b"", timeout).map_err(io)?;
            return Ok(format!("HTTP {}", response.status));
        }
        let (method, argument) = request.split_once(' ').unwrap_or((request, ""));
        let params = match method {
            "initialize" => json!({"protocolVersion": "2025-11-25", "capabilities": {},
                                   "clientInfo": {"name": "conform", "version": "1"}}),
            "logging/setLevel" => json!({"level": argument}),
            "tools/call" => json!({"name": argument, "arguments": {}, "_meta": {"progressToken": "p"}}),
            _ => json!({}),
        };
        let body = json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params});
        headers.push(("Content-Type".into(), "application/json".into()));
        headers.push(("MCP-Protocol-Version".into(), "2025-11-25".into()));
        let response = crate::conform::http::send(&served.url, "POST", &headers, body.to_string().as_bytes(), timeout)
            .map_err(io)?;
        if response.status != 200 {
            return Ok(format!("HTTP {}", response.status));
        }
        Ok(match request {
            "initialize" => match response.header("mcp-session-id") {
                Some(id) => {
                    self.id = Some(id.to_string());
                    "a session".into()
                }
                None => "no session id".into(),
            },
            "tools/call test_tool_with_logging" => {
                let logs = String::from_utf8_lossy(&response.body).contains("notifications/message");
                if logs { "log messages" } else { "no log messages" }.into()
            }
            _ if method == "tools/call" => {
                self.streamed = response.events();
                format!("{} events", self.streamed.len())
            }
            _ => "HTTP 200".into(),
        })
    }
}

/// Starts `ctxlake serve --bind 127.0.0.1:0 ARGS` with HOME `home` and the serve pepper, and
/// reads the address it prints.
pub(super) fn spawn_serve(
    w: &World<'_>,
    home: &Path,
    args: &[&str],
) -> Result<(std::process::Child, crate::conform::http::Url), StepError> {
    let mut child = ctxlake(w, &["serve", "--bind", "127.0.0.1:0"])?
        .args(args)
        .env("HOME", home)
        .env("CTXLAKE_KEY_PEPPER", SERVE_PEPPER)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .spawn()
        .map_err(io)?;
    // The address line may follow log lines (the launch can set CTXLAKE_LOG=debug).
    let mut line = String::new();
    if let Some(stderr) = child.stderr.take() {
        let mut reader = std::io::BufReader::new(stderr);
        for _ in 0..1000 {
            line.clear();
            let read = std::io::BufRead::read_line(&mut reader, &mut line).map_err(io)?;
            if read == 0 || line.contains("listening on http://") {
                break;
            }
        }
        // Keep draining, so the server never blocks on a full pipe.
        std::thread::spawn(move || std::io::copy(&mut reader, &mut std::io::sink()));
    }
    let address = line.split_whitespace().find(|word| word.starts_with("http://"));
    match address.and_then(|a| crate::conform::http::Url::parse(a).ok()) {
        Some(url) => Ok((child, url)),
        None => {
            let _ = child.kill();
            let _ = child.wait();
            Err(fail(format!("ctxlake serve printed no address: {line}")))
        }
    }
}

/// A main checkout and a linked worktree of it, laid out as git lays them (`.git/worktrees/<name>`
/// with `commondir`, and a `.git` file in the worktree pointing there), with `origin` set when
/// given; the server starts inside the worktree.
fn worktree(w: &mut World<'_>, origin: Option<&str>, folder: Option<&str>) -> Outcome {
    let scratch = w.scratch.as_ref().ok_or_else(|| fail("no scratch folder"))?.path().to_path_buf();
    let main = scratch.join(folder.filter(|f| !f.is_empty()).unwrap_or("main-checkout"));
    let linked = main.join(".git/worktrees/feature");
    std::fs::create_dir_all(&linked).map_err(io)?;
    let remote = origin.map(|url| format!("[remote \"origin\"]\n\turl = {url}\n")).unwrap_or_default();
    std::fs::write(main.join(".git/config"), format!("[core]\n\tbare = false\n{remote}")).map_err(io)?;
    std::fs::write(main.join(".git/HEAD"), "ref: refs/heads/main\n").map_err(io)?;
    std::fs::write(linked.join("HEAD"), "ref: refs/heads/feature\n").map_err(io)?;
    std::fs::write(linked.join("commondir"), "../..\n").map_err(io)?;
    let tree = scratch.join("feature-worktree");
    std::fs::create_dir_all(tree.join("src")).map_err(io)?;
    std::fs::write(tree.join(".git"), format!("gitdir: {}\n", linked.display())).map_err(io)?;
    w.cwd = Some(tree.join("src"));
    Ok(())
}

fn spool_valid(w: &mut World<'_>, _: &[String], _: &Step) -> Outcome {
    // A spool line is a SpoolRecord (lease requests, handoffs, presence) or a `proposed` ClaimEvent.
    let validators: Vec<jsonschema::Validator> = [
        include_str!("../../../schemas/wire/spool_record.json"),
        include_str!("../../../schemas/wire/claim_event.json"),
    ]
    .iter()
    .map(|schema| json_arg(schema).and_then(|s| jsonschema::validator_for(&s).map_err(|e| fail(e.to_string()))))
    .collect::<Result<_, _>>()?;
    for line in spool_text(w)?.lines() {
        let record = json_arg(line)?;
        ensure(validators.iter().any(|v| v.is_valid(&record)), || format!("not a valid spool line: {line}"))?;
        let kind = record["kind"].as_str().unwrap_or_default();
        if !["claim_request", "release_request", "handoff", "presence"].contains(&kind) {
            ensure(kind == "proposed", || format!("agents only ever spool proposals: {line}"))?;
        }
    }
    Ok(())
}

/// ClaimEvents for one table row: a proposal, then what its status needs.
fn claim_events(row: &HashMap<String, String>) -> Result<Vec<Value>, StepError> {
    let get = |k: &str| code_points(row.get(k).map(String::as_str).unwrap_or_default());
    let or = |v: String, d: &str| if v.is_empty() { d.to_string() } else { v };
    let sessions: u64 = get("sessions").parse().unwrap_or(1);
    let evidence: Vec<Value> = (0..sessions.max(1))
        .map(|i| json!({"session_id": format!("s{i}"), "message_id": "m1", "excerpt_hash": "", "observed_at": "2026-09-01T00:00:00Z"}))
        .collect();
    let id = get("claim_id");
    let mut events = vec![json!({
        "kind": "proposed", "claim_id": id, "claim": get("claim"), "claim_type": get("type"),
        "subject": get("subject"), "scope": or(get("scope"), "fleet"),
        "observed_by": get("observer"), "observed_at": "2026-09-01T00:00:00Z", "evidence": evidence
    })];
    let promoted = json!({"kind": "promoted", "claim_id": id, "at": or(get("at"), "2026-09-09T00:00:00Z"),
                          "independent_count": sessions, "confidence": get("confidence").parse::<f64>().unwrap_or(0.65)});
    match get("status").as_str() {
        "promoted" => events.push(promoted),
        "contested" => {
            events.push(promoted);
            events.push(json!({"kind": "contested", "claim_id": id, "at": "2026-09-10T00:00:00Z",
                               "conflicts_with": null, "reason": "disputed"}));
        }
        "retired" => {
            events.push(promoted);
            events.push(json!({"kind": "retired", "claim_id": id, "at": "2026-09-10T00:00:00Z", "reason": "stale"}));
        }
        "candidate" | "" => {}
        other => return Err(fail(format!("unknown status {other}"))),
    }
    Ok(events)
}

/// Replaces `<U+XXXX>` (4 to 6 hex digits) with that character, so table cells can hold
/// invisible ones.
fn code_points(cell: &str) -> String {
    let mut out = String::new();
    let mut rest = cell;
    while let Some(at) = rest.find("<U+") {
        out.push_str(&rest[..at]);
        let decoded = rest[at + 3..]
            .split_once('>')
            .filter(|(hex, _)| (4..=6).contains(&hex.len()))
            .and_then(|(hex, after)| Some((char::from_u32(u32::from_str_radix(hex, 16).ok()?)?, after)));
        match decoded {
            Some((c, after)) => {
                out.push(c);
                rest = after;
            }
            None => {
                out.push_str("<U+");
                rest = &rest[at + 3..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A step's table without its header row.
fn table_rows(s: &Step) -> Result<Vec<Vec<String>>, StepError> {
    let table = s.table.as_ref().ok_or_else(|| fail("this step needs a table"))?;
    Ok(table.iter().skip(1).cloned().collect())
}

fn snapshot_from_table(w: &mut World<'_>, a: &[String], s: &Step) -> Outcome {
    let table = s.table.as_ref().ok_or_else(|| fail("this step needs a table"))?;
    let (header, rows) = table.split_first().ok_or_else(|| fail("an empty table"))?;
    let mut events = Vec::new();
    for cells in rows {
        events.extend(claim_events(&header.iter().cloned().zip(cells.iter().cloned()).collect())?);
    }
    build_snapshot(w, &a[0], &events)
}

fn build_snapshot(w: &World<'_>, mode: &str, events: &[Value]) -> Outcome {
    let file = w.scratch_dir()?.join("events.jsonl");
    let lines: Vec<String> = events.iter().map(Value::to_string).collect();
    std::fs::write(&file, lines.join("\n")).map_err(io)?;
    std::fs::create_dir_all(cache_dir(w)?).map_err(io)?;
    let out_path = cache_dir(w)?.join("snapshot.bin");
    let (file, out_path) = (file.display().to_string(), out_path.display().to_string());
    let out = ctxlake(w, &["snapshot", "build", "--events", &file, "--out", &out_path, "--mode", mode])?
        .output()
        .map_err(io)?;
    ensure(out.status.success(), || format!("snapshot build failed: {}", String::from_utf8_lossy(&out.stderr)))
}

#[cfg(test)]
mod tests {
    #[test]
    fn code_points_decode_and_leave_malformed_markers_alone() {
        assert_eq!(super::code_points("a<U+200B>b"), "a\u{200B}b");
        assert_eq!(super::code_points("a<U+E0041>b<U+FE0F>"), "a\u{E0041}b\u{FE0F}");
        assert_eq!(super::code_points("a<U+zz>b<U+"), "a<U+zz>b<U+");
    }
}
