//! Faults the spool and the server must survive without losing or tearing a line: concurrent
//! writers, a writer killed mid-stream, a file-size limit (disk full), an unwritable spool.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};

fn server(root: &Path, shell_prefix: Option<&str>) -> Child {
    let binary = env!("CARGO_BIN_EXE_ctxlake");
    let mut cmd = match shell_prefix {
        // `trap '' XFSZ` survives exec: the server then sees EFBIG instead of being killed.
        Some(prefix) => {
            let mut sh = Command::new("sh");
            sh.arg("-c").arg(format!("{prefix}; exec \"{binary}\" mcp"));
            sh
        }
        None => {
            let mut direct = Command::new(binary);
            direct.arg("mcp");
            direct
        }
    };
    cmd.env("CTXLAKE_SPOOL_DIR", root.join("spool"))
        .env("CTXLAKE_CACHE_DIR", root.join("cache"))
        .env("CTXLAKE_FLEET_ID", "faults")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn ctxlake mcp")
}

fn handoff(id: usize, summary: &str) -> String {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
           "params": {"name": "fleet_handoff", "arguments": {"summary": summary, "status": "done"}}})
    .to_string()
}

fn send(stdin: &mut ChildStdin, line: &str) {
    writeln!(stdin, "{line}").expect("write to server");
}

fn spool_lines(root: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(root.join("spool/mcp/faults.ndjson")).unwrap_or_default();
    assert!(text.is_empty() || text.ends_with('\n'), "the spool ends with a complete line");
    text.lines().map(str::to_string).collect()
}

#[test]
fn eight_concurrent_writers_lose_and_interleave_nothing() {
    let root = tempfile::tempdir().unwrap();
    let (writers, calls) = (8, 60);
    let children: Vec<Child> = (0..writers)
        .map(|w| {
            let mut child = server(root.path(), None);
            let mut stdin = child.stdin.take().unwrap();
            std::thread::spawn(move || {
                for i in 0..calls {
                    // Long summaries make an interleaved write visible as a broken line.
                    send(&mut stdin, &handoff(i, &format!("writer {w} call {i:03} {}", "x".repeat(1900))));
                }
            });
            child
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success());
        let answers = String::from_utf8(out.stdout).unwrap();
        assert_eq!(answers.lines().count(), calls);
        assert!(answers.lines().all(|l| l.contains("\"isError\":false")), "every write was queued");
    }
    let lines = spool_lines(root.path());
    assert_eq!(lines.len(), writers * calls, "no line lost");
    let mut seen = std::collections::HashSet::new();
    for line in &lines {
        let record: Value = serde_json::from_str(line).expect("every line parses: nothing interleaved");
        let key: String = record["summary"].as_str().unwrap().chars().take(22).collect();
        assert!(seen.insert(key), "no duplicate: {line:.40}");
    }
}

#[test]
fn a_writer_killed_mid_stream_leaves_only_complete_lines() {
    let root = tempfile::tempdir().unwrap();
    let mut child = server(root.path(), None);
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    // Feed from a thread: the server's answers are read below while it still has input.
    let feeder = std::thread::spawn(move || {
        for i in 0..2000 {
            if writeln!(stdin, "{}", handoff(i, &format!("call {i} {}", "y".repeat(500)))).is_err() {
                return; // the server was killed
            }
        }
    });
    // Wait until some writes are durably queued, then kill without warning.
    let mut line = String::new();
    for _ in 0..20 {
        line.clear();
        stdout.read_line(&mut line).unwrap();
    }
    child.kill().unwrap();
    child.wait().unwrap();
    feeder.join().unwrap();
    let file = root.path().join("spool/mcp/faults.ndjson");
    let contents = ctxlake::local::spool_read::read(&file).expect("the spool is readable");
    assert!(contents.lines.len() >= 20, "every answered write is in the spool");
    assert_eq!(contents.skipped, [], "every line is a valid record");
    assert_eq!(contents.torn_tail, None, "the writer leaves no torn line behind");
}

#[test]
fn spool_inspect_reports_a_torn_final_line_and_exits_1() {
    let root = tempfile::tempdir().unwrap();
    let file = root.path().join("x.ndjson");
    let whole = r#"{"kind":"handoff","id":"01J0000000000000000000000A","fleet_id":"f","agent_id":"a","at":"2026-09-09T10:00:00Z","summary":"done","status":"done","next":null}"#;
    std::fs::write(&file, format!("{whole}\n{}", &whole[..whole.len() / 2])).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ctxlake")).args(["spool", "inspect"]).arg(&file).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("1 records (handoff 1)") && text.contains("torn final line 2"), "{text}");
}

#[test]
fn a_full_disk_is_an_is_error_result_with_no_partial_line_and_the_server_keeps_serving() {
    let root = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(root.path().join("spool")).unwrap();
    // 8 KiB file-size limit: the spool file hits it after a few writes.
    let mut child = server(root.path(), Some("trap '' XFSZ; ulimit -f 8"));
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut refused = None;
    for i in 0..40 {
        send(&mut stdin, &handoff(i, &"z".repeat(700)));
        let mut answer = String::new();
        stdout.read_line(&mut answer).unwrap();
        let answer: Value = serde_json::from_str(&answer).unwrap();
        if answer["result"]["isError"] == true {
            refused = Some(answer);
            break;
        }
    }
    let refused = refused.expect("the size limit was reached");
    let text = refused["result"]["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("the local spool could not be written"), "{text}");
    assert!(!text.contains(&root.path().display().to_string()), "no path of this host reaches the caller: {text}");
    send(&mut stdin, r#"{"jsonrpc":"2.0","id":"after","method":"ping"}"#);
    let mut answer = String::new();
    stdout.read_line(&mut answer).unwrap();
    assert!(answer.contains("\"after\""), "still serving: {answer}");
    drop(stdin);
    child.wait().unwrap();
    for line in spool_lines(root.path()) {
        serde_json::from_str::<Value>(&line).expect("no partial line");
    }
}

#[test]
fn an_unwritable_spool_is_an_is_error_result_naming_the_cause() {
    let root = tempfile::tempdir().unwrap();
    // A file where the spool directory should be: no permission trick that root would bypass.
    std::fs::create_dir_all(root.path().join("spool")).unwrap();
    std::fs::write(root.path().join("spool/mcp"), b"not a directory").unwrap();
    let mut child = server(root.path(), None);
    let mut stdin = child.stdin.take().unwrap();
    send(&mut stdin, &handoff(1, "s"));
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["result"]["isError"], true);
    let text = answer["result"]["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("the local spool could not be written"), "{text}");
    assert!(!text.contains(&root.path().display().to_string()), "no path of this host reaches the caller: {text}");
}
