//! A target spawned as a child process and spoken to over its stdin/stdout.
//!
//! Hygiene learned from real servers: stdout is read on its own thread so a check can wait with
//! a deadline; stderr is free-form and only its tail is kept for diagnostics; the child leads its
//! own process group, and at the end the whole group is closed, then TERM-ed, then KILL-ed, so
//! no server (or a shell's grandchild) outlives the run.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How to start the target.
#[derive(Debug, Clone)]
pub struct Launch {
    pub program: String,
    pub args: Vec<String>,
    pub env: Vec<(String, String)>,
    /// The folder the server starts in (`None`: the runner's own).
    pub cwd: Option<std::path::PathBuf>,
}

impl Launch {
    /// A command line as a user types it, run by `/bin/sh -c` (so `VAR=x node server.js` works).
    pub fn shell(command: &str) -> Launch {
        Launch { program: "/bin/sh".into(), args: vec!["-c".into(), command.into()], env: vec![], cwd: None }
    }
}

/// What the reader thread saw on stdout.
#[derive(Debug)]
pub enum Line {
    Bytes(Vec<u8>),
    Eof,
}

#[derive(Debug)]
pub enum Got {
    Line(Vec<u8>),
    Eof,
    Timeout,
}

const STDERR_TAIL: usize = 20;

pub struct StdioConn {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    eof: bool,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    grace: Duration,
}

impl StdioConn {
    pub fn spawn(launch: &Launch, grace: Duration) -> std::io::Result<StdioConn> {
        let mut command = Command::new(&launch.program);
        if let Some(dir) = &launch.cwd {
            command.current_dir(dir);
        }
        let mut child = command
            .args(&launch.args)
            .envs(launch.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()?;
        let stdin = child.stdin.take();
        let (tx, lines) = channel();
        if let Some(stdout) = child.stdout.take() {
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stdout);
                loop {
                    let mut line = Vec::new();
                    match reader.read_until(b'\n', &mut line) {
                        Ok(0) | Err(_) => {
                            let _ = tx.send(Line::Eof);
                            return;
                        }
                        Ok(_) => {
                            if line.last() == Some(&b'\n') {
                                line.pop();
                            }
                            if tx.send(Line::Bytes(line)).is_err() {
                                return;
                            }
                        }
                    }
                }
            });
        }
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        if let Some(stderr) = child.stderr.take() {
            let tail = Arc::clone(&stderr_tail);
            std::thread::spawn(move || keep_tail(stderr, &tail));
        }
        Ok(StdioConn { child, stdin, lines, eof: false, stderr_tail, grace })
    }

    pub fn write(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        let stdin = self.stdin.as_mut().ok_or_else(|| std::io::Error::other("stdin already closed"))?;
        stdin.write_all(bytes)?;
        stdin.flush()
    }

    /// Hands the child's stdin to the caller (a writer thread that may block on a full pipe
    /// while this side waits with a deadline); dropping it closes the child's input.
    pub fn take_input(&mut self) -> Option<ChildStdin> {
        self.stdin.take()
    }

    /// Whether its input is still open and its output has not ended.
    pub fn is_open(&self) -> bool {
        self.stdin.is_some() && !self.eof
    }

    pub fn close_input(&mut self) {
        self.stdin.take();
    }

    /// The next stdout line, waiting until `deadline`.
    pub fn read(&mut self, deadline: Instant) -> Got {
        if self.eof {
            return Got::Eof;
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Line::Bytes(b)) => Got::Line(b),
            Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => {
                self.eof = true;
                Got::Eof
            }
            Err(RecvTimeoutError::Timeout) => Got::Timeout,
        }
    }

    /// Waits for the process to exit on its own until `deadline`.
    pub fn wait_exit(&mut self, deadline: Instant) -> Option<i32> {
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return status.code().or(Some(-1)),
                Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
                Ok(None) | Err(_) => return None,
            }
        }
    }

    /// The last lines the target wrote to stderr, for a diagnostic.
    pub fn stderr_tail(&self) -> String {
        let tail = self.stderr_tail.lock().map(|t| t.iter().cloned().collect::<Vec<_>>()).unwrap_or_default();
        tail.join("\n")
    }
}

fn keep_tail(stderr: impl Read, tail: &Mutex<VecDeque<String>>) {
    for line in BufReader::new(stderr).lines() {
        let Ok(line) = line else { return };
        if let Ok(mut tail) = tail.lock() {
            if tail.len() == STDERR_TAIL {
                tail.pop_front();
            }
            tail.push_back(line);
        }
    }
}

impl Drop for StdioConn {
    /// Close stdin and give the server `grace` to exit, then TERM the group, then KILL it.
    fn drop(&mut self) {
        self.close_input();
        if self.wait_exit(Instant::now() + self.grace).is_some() {
            signal_group(self.child.id(), libc::SIGKILL);
            return;
        }
        signal_group(self.child.id(), libc::SIGTERM);
        if self.wait_exit(Instant::now() + Duration::from_secs(1)).is_none() {
            signal_group(self.child.id(), libc::SIGKILL);
            let _ = self.child.wait();
        }
    }
}

/// Signals every process in the group the child leads (it was spawned with `process_group(0)`,
/// so the group id is its pid). A group that is already gone is not an error.
fn signal_group(pid: u32, signal: libc::c_int) {
    let Ok(pid) = libc::pid_t::try_from(pid) else { return };
    // SAFETY: kill(2) with a negative pid only sends a signal; it touches no memory of ours.
    unsafe {
        libc::kill(-pid, signal);
    }
}
