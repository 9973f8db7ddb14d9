//! Newline-delimited JSON-RPC over a byte stream: the only code that touches the process's
//! stdin and stdout. It owns the framing (lines, a size cap, UTF-8, JSON decoding); the shared
//! `rpc::Server` sees decoded values only. One connection is one `Session`, and one request is
//! handled at a time, on the one thread that reads and writes: `input` reads a line when the
//! loop wants one and, while a request is being handled, reads ahead what has already arrived
//! whenever the core asks whether the request was cancelled (`Outbox::catch_up`), so a
//! `notifications/cancelled` reaches the request it names. Answers are buffered and flushed
//! whenever no line is waiting, so pipelined requests share writes. While the client holds
//! resource subscriptions (`resources/subscribe`, or a 2026-07-28 `subscriptions/listen` stream
//! held open), the loop reads them again every `WATCH_EVERY` and sends
//! `notifications/resources/updated` for each that changed; at end of input it ends the streams
//! still open with their answers. What a handler sends before its answer (progress, log
//! messages, a subscription's acknowledgment) is written and flushed at once, ahead of the answer.

mod input;
mod scan;

use crate::rpc::server::WATCH_EVERY;
use crate::rpc::{Frame, Outbox, RpcError, Server, Session};
pub use input::{Input, Line, MAX_LINE_BYTES, Pieces, Source};
use serde_json::Value;
use std::cell::{Cell, RefCell};
use std::io::{BufWriter, Write};
use std::time::Instant;

const BUFFER_BYTES: usize = 64 * 1024;
/// How often, at most, a request being handled looks at stdin for a cancellation. A request
/// answered sooner never costs a `poll(2)`; a cancellation is seen within this.
const CATCH_UP_EVERY: std::time::Duration = std::time::Duration::from_millis(1);

/// Serves `input` until end of input, answering on `output`, as one session. Every request read
/// before EOF is answered before this returns. A write error (the client went away) ends the
/// loop with it.
pub fn serve<R: Source, W: Write>(server: &Server, input: R, output: W) -> std::io::Result<()> {
    serve_observed(server, input, output, &mut |_| {})
}

/// `serve`, calling `on_client` once with the session as soon as a client has named itself in
/// `initialize`, after that answer has been flushed (so whatever the callback does, such as a
/// presence record's fsync, never delays the handshake).
pub fn serve_observed<R: Source, W: Write>(
    server: &Server,
    input: R,
    output: W,
    on_client: &mut dyn FnMut(&Session),
) -> std::io::Result<()> {
    // stdio can write at any time: it offers resource subscriptions. Its frames are handled one
    // at a time, in the order they came.
    let mut session = Session::new().with_updates().in_order();
    let mut announced = false;
    let input = RefCell::new(Input::new(input, session.cancellations().clone()));
    let writer = RefCell::new(BufWriter::with_capacity(BUFFER_BYTES, output));
    let notes =
        Notes { writer: &writer, input: &input, look_at: Cell::new(Instant::now()), failed: RefCell::new(None) };
    let mut watched_at = Instant::now();
    loop {
        if session.is_subscribed() && watched_at.elapsed() >= WATCH_EVERY {
            watched_at = Instant::now();
            for update in server.resource_updates(&mut session) {
                write_line(&mut *writer.borrow_mut(), &update)?;
            }
        }
        if !input.borrow().has_next() {
            writer.borrow_mut().flush()?;
            if session.is_subscribed() && !input.borrow_mut().wait(WATCH_EVERY.saturating_sub(watched_at.elapsed()))? {
                continue;
            }
        }
        // The line is decoded before the handler runs: the handler may read ahead into the
        // buffer the line lives in.
        let decoded = match input.borrow_mut().next_line()? {
            None => break,
            Some(Line::TooLong) => Err(oversized_line()),
            Some(Line::Complete(line)) => decode(line),
        };
        let answer = match decoded {
            Ok(None) => None,
            Ok(Some(value)) => {
                notes.look_at.set(Instant::now() + CATCH_UP_EVERY);
                server.handle_with(&mut session, value, &notes)
            }
            Err(frame) => Some(frame),
        };
        if let Some(e) = notes.failed.take() {
            return Err(e);
        }
        if let Some(frame) = answer {
            write_line(&mut *writer.borrow_mut(), &frame)?;
        }
        if !announced && session.client().is_some() {
            announced = true;
            writer.borrow_mut().flush()?;
            on_client(&session);
        }
    }
    // The client closed our input: end the streams it still holds gracefully, in case it reads on.
    for frame in server.end_listens(&mut session) {
        write_line(&mut *writer.borrow_mut(), &frame)?;
    }
    writer.into_inner().flush()
}

/// Serves the process's real stdin and stdout; `on_client` as in `serve_observed`.
pub fn serve_stdio(server: &Server, on_client: &mut dyn FnMut(&Session)) -> std::io::Result<()> {
    // Raw handles: std's Stdout is line-buffered, which would cost one write(2) per frame, and
    // std's Stdin takes a lock and buffers on its own.
    use std::os::fd::AsFd;
    let stdin = std::fs::File::from(std::io::stdin().as_fd().try_clone_to_owned()?);
    let stdout = std::fs::File::from(std::io::stdout().as_fd().try_clone_to_owned()?);
    serve_observed(server, stdin, stdout, on_client)
}

/// One input line (without its newline) as a JSON value: `Ok(None)` for a blank line, which is
/// ignored; invalid UTF-8 or JSON is the -32700 frame to answer.
fn decode(line: &[u8]) -> Result<Option<Value>, Frame> {
    let text = match std::str::from_utf8(line) {
        Ok(text) => text,
        Err(e) => return Err(Frame::error(None, RpcError::parse(format!("line is not valid UTF-8 ({e})")))),
    };
    if text.trim().is_empty() {
        return Ok(None);
    }
    serde_json::from_str(text).map(Some).map_err(|e| Frame::error(None, RpcError::parse(e)))
}

/// Decodes one input line (without its newline) and hands it to the server: invalid UTF-8 or
/// JSON is answered -32700 here, a blank line is ignored. Use this in fuzz targets too.
pub fn answer_line(server: &Server, session: &mut Session, line: &[u8]) -> Option<Frame> {
    match decode(line) {
        Ok(value) => server.handle(session, value?),
        Err(frame) => Some(frame),
    }
}

/// What a handler sends before its answer, written and flushed at once (progress is worth
/// something only while the work goes on). stdio cannot ask the client anything mid-request:
/// its answer would arrive as a line the serving loop reads only after this request, so
/// requests to the client are refused, as over a transport without a stream.
struct Notes<'a, W: Write, R> {
    writer: &'a RefCell<BufWriter<W>>,
    input: &'a RefCell<Input<R>>,
    /// When the request being handled may next look at stdin (`CATCH_UP_EVERY`).
    look_at: Cell<Instant>,
    /// The write error that ended a notification, reported by the loop after the handler returns.
    failed: RefCell<Option<std::io::Error>>,
}

impl<W: Write, R: Source> Outbox for Notes<'_, W, R> {
    fn notify(&self, method: &str, params: Value) {
        let note = crate::rpc::extension::notification(method, params);
        let mut writer = self.writer.borrow_mut();
        let written = write_line(&mut *writer, &note).and_then(|()| writer.flush());
        if let Err(e) = written {
            self.failed.borrow_mut().get_or_insert(e);
        }
    }

    fn ask(&self, method: &str, _: Value) -> Result<Value, String> {
        Err(format!("{method}: the stdio transport cannot ask the client while it handles a request"))
    }

    fn catch_up(&self) {
        let now = Instant::now();
        if now >= self.look_at.get() {
            self.look_at.set(now + CATCH_UP_EVERY);
            self.input.borrow_mut().catch_up();
        }
    }
}

/// Writes one frame and its newline into the output buffer.
fn write_line(writer: &mut impl Write, frame: &impl serde::Serialize) -> std::io::Result<()> {
    serde_json::to_writer(&mut *writer, frame)?;
    writer.write_all(b"\n")
}

/// The answer to a line longer than the cap (the line itself was discarded).
fn oversized_line() -> Frame {
    Frame::error(None, RpcError::invalid_request(format!("line longer than {MAX_LINE_BYTES} bytes was discarded")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{Call, CallError, Output, ToolSpec, Tools};
    use serde_json::{Value, json};

    /// Tools that echo their arguments; `fleet_status` panics, `fleet_history` runs until it is
    /// cancelled (at most 10 s), `memory_search` reports three steps of progress.
    struct Echo;

    impl Tools for Echo {
        fn call(&self, spec: &'static ToolSpec, arguments: Value, call: &dyn Call) -> Result<Output, CallError> {
            match spec.name {
                "fleet_status" => panic!("boom"),
                "fleet_history" => {
                    let started = std::time::Instant::now();
                    while !call.cancelled() && started.elapsed() < std::time::Duration::from_secs(10) {
                        std::thread::sleep(std::time::Duration::from_millis(1));
                    }
                    call.check()?;
                }
                "memory_search" => (1..=3).for_each(|step| call.progress(step, Some(3), "step")),
                _ => {}
            }
            Output::new(&json!({ "echo": arguments }))
        }
    }

    fn run(input: &[u8]) -> Vec<Value> {
        let mut out = Vec::new();
        serve(&Server::new(Echo), std::io::Cursor::new(input.to_vec()), &mut out).unwrap();
        String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    #[test]
    fn a_subscription_is_acknowledged_just_before_the_answer_that_ends_it_in_2026_07_28_only() {
        let meta = r#""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#;
        let listen = format!(
            r#"{{"jsonrpc":"2.0","id":"s1","method":"subscriptions/listen","params":{{"notifications":{{"toolsListChanged":true}},{meta}}}}}"#
        );
        let legacy = r#"{"jsonrpc":"2.0","id":2,"method":"subscriptions/listen","params":{"notifications":{}}}"#;
        let frames = run(format!("{listen}\n{legacy}\n").as_bytes());
        assert_eq!(frames.len(), 3, "{frames:?}");
        let on = json!({"io.modelcontextprotocol/subscriptionId": "s1"});
        assert_eq!(frames[0]["method"], "notifications/subscriptions/acknowledged");
        assert_eq!(frames[0]["params"], json!({"notifications": {}, "_meta": on}), "it agrees to honor nothing");
        assert_eq!(frames[1]["id"], "s1");
        assert_eq!(frames[1]["result"]["_meta"]["io.modelcontextprotocol/subscriptionId"], "s1");
        assert_eq!(frames[2]["error"]["code"], -32601, "no such method before 2026-07-28");
    }

    #[test]
    fn a_call_cancelled_while_it_runs_is_stopped_and_never_answered_and_the_server_keeps_serving() {
        let (input, mut client) = std::io::pipe().unwrap();
        let served = std::thread::spawn(move || {
            let mut out = Vec::new();
            serve(&Server::new(Echo), input, &mut out).map(|()| out)
        });
        let call = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fleet_history","arguments":{}}}"#;
        writeln!(client, "{call}").unwrap();
        // The call is running (it runs until cancelled) when the cancellation arrives.
        std::thread::sleep(std::time::Duration::from_millis(200));
        let started = std::time::Instant::now();
        writeln!(client, r#"{{"jsonrpc":"2.0","method":"notifications/cancelled","params":{{"requestId":1}}}}"#)
            .unwrap();
        writeln!(client, r#"{{"jsonrpc":"2.0","id":2,"method":"ping"}}"#).unwrap();
        drop(client);
        let out = served.join().unwrap().unwrap();
        let frames: Vec<Value> =
            String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(frames, [json!({"jsonrpc": "2.0", "id": 2, "result": {}})]);
        assert!(started.elapsed() < std::time::Duration::from_secs(5), "the handler saw the cancellation");
    }

    #[test]
    fn a_cancellation_of_initialize_is_ignored() {
        let input = concat!(
            r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
            "\n",
            r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#,
            "\n",
        );
        let frames = run(input.as_bytes());
        assert_eq!(frames.len(), 1, "{frames:?}");
        assert_eq!(frames[0]["result"]["protocolVersion"], "2025-11-25");
    }

    #[test]
    fn a_call_cancelled_before_it_starts_is_never_run_nor_answered() {
        let input = concat!(
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fleet_history","arguments":{}}}"#,
            "\n",
            r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"user"}}"#,
            "\n",
            r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"never-sent"}}"#,
            "\n",
            r#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#,
            "\n",
        );
        let started = std::time::Instant::now();
        let frames = run(input.as_bytes());
        assert_eq!(frames, [json!({"jsonrpc": "2.0", "id": 2, "result": {}})]);
        assert!(started.elapsed() < std::time::Duration::from_secs(5), "the handler saw the cancellation");
    }

    #[test]
    fn progress_names_the_callers_token_and_precedes_the_answer() {
        let input = concat!(
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"memory_search","arguments":{"query":"q"},"_meta":{"progressToken":"p-1"}}}"#,
            "\n",
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"memory_search","arguments":{"query":"q"}}}"#,
            "\n",
        );
        let frames = run(input.as_bytes());
        let methods: Vec<&str> = frames.iter().map(|f| f["method"].as_str().unwrap_or("answer")).collect();
        assert_eq!(
            methods,
            ["notifications/progress", "notifications/progress", "notifications/progress", "answer", "answer"]
        );
        assert_eq!(
            frames[2]["params"],
            json!({"progressToken": "p-1", "progress": 3.0, "total": 3.0, "message": "step"})
        );
        assert_eq!((frames[3]["id"].clone(), frames[4]["id"].clone()), (json!(1), json!(2)));
    }

    #[test]
    fn the_client_is_announced_once_when_the_first_initialize_names_it() {
        let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"claude-code","version":"2.1"}}}"#;
        let ping = r#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#;
        let input = format!("{ping}\n{init}\n{ping}\n{init}\n");
        let mut out = Vec::new();
        let mut announced = vec![];
        serve_observed(&Server::new(Echo), std::io::Cursor::new(input.into_bytes()), &mut out, &mut |session| {
            let client = session.client().map(|c| format!("{} {}", c.name, c.version));
            announced.push(client);
        })
        .unwrap();
        assert_eq!(announced, [Some("claude-code 2.1".to_string())]);
        assert_eq!(String::from_utf8(out).unwrap().lines().count(), 4);
    }

    #[test]
    fn a_mixed_session_yields_exactly_one_frame_per_request() {
        let input = concat!(
            r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
            "\n",
            "\n",
            "garbage{\n",
            r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            "\n",
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
            "\n",
            r#"{"jsonrpc":"2.0","method":"no/such/notification"}"#,
            "\n",
            r#"{"jsonrpc":"2.0","id":3,"result":{}}"#,
            "\n",
            r#"{"jsonrpc":"2.0","id":4,"method":"nope"}"#,
            "\n",
            r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"fleet_handoff","arguments":{}}}"#,
            "\n",
        );
        let frames = run(input.as_bytes());
        let ids: Vec<Value> = frames.iter().map(|f| f["id"].clone()).collect();
        assert_eq!(ids, [json!(1), json!(null), json!(2), json!(4), json!(5)]);
        assert!(frames.iter().all(|f| f["jsonrpc"] == "2.0"));
        assert_eq!(frames[1]["error"]["code"], -32700);
        assert_eq!(frames[3]["error"]["code"], -32601);
        assert_eq!(frames[4]["error"]["code"], -32602, "2025-06-18: a missing argument is -32602");
    }

    #[test]
    fn a_panicking_handler_answers_internal_error_and_the_server_keeps_serving() {
        let input = concat!(
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fleet_status"}}"#,
            "\n",
            r#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#,
            "\n",
        );
        let frames = run(input.as_bytes());
        assert_eq!(frames[0]["error"]["code"], -32603);
        assert_eq!(frames[1]["result"], json!({}));
    }

    #[test]
    fn an_oversized_line_is_answered_and_the_next_line_still_served() {
        let mut input = vec![b'x'; MAX_LINE_BYTES + 10];
        input.extend_from_slice(b"\n{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\"}\n");
        let frames = run(&input);
        assert_eq!(frames.len(), 2);
        assert_eq!(frames[0]["error"]["code"], -32600);
        assert_eq!(frames[1]["id"], 9);
    }

    #[test]
    fn invalid_utf8_is_a_parse_error_and_the_server_keeps_serving() {
        let frames = run(b"\xff\xfe{}\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n");
        assert_eq!(frames[0]["error"]["code"], -32700);
        assert_eq!(frames[0]["id"], Value::Null);
        assert_eq!(frames[1]["id"], 1);
    }

    #[test]
    fn a_last_line_without_newline_is_answered_at_eof() {
        let frames = run(br#"{"jsonrpc":"2.0","id":"end","method":"ping"}"#);
        assert_eq!(frames[0]["id"], "end");
    }
}
