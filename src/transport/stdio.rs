//! Newline-delimited JSON-RPC over a byte stream: the only code that touches the process's
//! stdin and stdout. It owns the framing (lines, a size cap, UTF-8, JSON decoding); the shared
//! `rpc::Server` sees decoded values only. One connection is one `Session`, and one request is
//! handled at a time, so work in flight is bounded by construction and a burst waits in the
//! pipe, not in memory. Answers are buffered and flushed whenever the next read would block, so
//! pipelined requests share writes. What a handler sends before its answer (a subscription's
//! acknowledgment, progress, log messages) is written just before the answer, in order.

use crate::rpc::{Frame, Outbox, RpcError, Server, Session};
use serde_json::Value;
use std::cell::RefCell;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};

/// A line longer than this is discarded (read and dropped, never buffered whole) and answered
/// with -32600; the server keeps serving.
pub const MAX_LINE_BYTES: usize = 4 * 1024 * 1024;
const BUFFER_BYTES: usize = 64 * 1024;

enum Line {
    Complete,
    TooLong,
    Eof,
}

/// Serves `input` until end of input, answering on `output`, as one session. Every request read
/// before EOF is answered before this returns. A write error (the client went away) ends the
/// loop with it.
pub fn serve<R: Read, W: Write>(server: &Server, input: R, output: W) -> std::io::Result<()> {
    serve_observed(server, input, output, &mut |_| {})
}

/// `serve`, calling `on_client` once with the session as soon as a client has named itself in
/// `initialize`, after that answer has been flushed (so whatever the callback does, such as a
/// presence record's fsync, never delays the handshake).
pub fn serve_observed<R: Read, W: Write>(
    server: &Server,
    input: R,
    output: W,
    on_client: &mut dyn FnMut(&Session),
) -> std::io::Result<()> {
    let mut session = Session::new();
    let mut announced = false;
    let mut reader = BufReader::with_capacity(BUFFER_BYTES, input);
    let mut writer = BufWriter::with_capacity(BUFFER_BYTES, output);
    let mut line = Vec::new();
    let before = Notes::default();
    loop {
        line.clear();
        let answer = match read_line(&mut reader, &mut line, &mut writer)? {
            Line::Eof => break,
            Line::TooLong => Some(oversized_line()),
            Line::Complete => answer_line_with(server, &mut session, &line, &before),
        };
        for note in before.0.take() {
            serde_json::to_writer(&mut writer, &note)?;
            writer.write_all(b"\n")?;
        }
        if let Some(frame) = answer {
            serde_json::to_writer(&mut writer, &frame)?;
            writer.write_all(b"\n")?;
        }
        if !announced && session.client().is_some() {
            announced = true;
            writer.flush()?;
            on_client(&session);
        }
    }
    writer.flush()
}

/// Serves the process's real stdin and stdout; `on_client` as in `serve_observed`.
pub fn serve_stdio(server: &Server, on_client: &mut dyn FnMut(&Session)) -> std::io::Result<()> {
    // Raw handles: std's Stdout is line-buffered, which would cost one write(2) per frame.
    use std::os::fd::AsFd;
    let stdin = std::fs::File::from(std::io::stdin().as_fd().try_clone_to_owned()?);
    let stdout = std::fs::File::from(std::io::stdout().as_fd().try_clone_to_owned()?);
    serve_observed(server, stdin, stdout, on_client)
}

/// Decodes one input line (without its newline) and hands it to the server: invalid UTF-8 or
/// JSON is answered -32700 here, a blank line is ignored. Use this in fuzz targets too.
pub fn answer_line(server: &Server, session: &mut Session, line: &[u8]) -> Option<Frame> {
    answer_line_with(server, session, line, &crate::rpc::extension::NoOutbox)
}

/// `answer_line`, with `outbox` for what the handler sends before its answer.
fn answer_line_with(server: &Server, session: &mut Session, line: &[u8], outbox: &dyn Outbox) -> Option<Frame> {
    let text = match std::str::from_utf8(line) {
        Ok(text) => text,
        Err(e) => return Some(Frame::error(None, RpcError::parse(format!("line is not valid UTF-8 ({e})")))),
    };
    if text.trim().is_empty() {
        return None;
    }
    match serde_json::from_str(text) {
        Ok(value) => server.handle_with(session, value, outbox),
        Err(e) => Some(Frame::error(None, RpcError::parse(e))),
    }
}

/// The notifications a handler sent before its answer, written by the serving loop just before
/// that answer. stdio cannot ask the client anything mid-request (the one reader is blocked in
/// the handler), so requests to the client are refused, as over a transport without a stream.
#[derive(Default)]
struct Notes(RefCell<Vec<Value>>);

impl Outbox for Notes {
    fn notify(&self, method: &str, params: Value) {
        self.0.borrow_mut().push(crate::rpc::extension::notification(method, params));
    }

    fn ask(&self, method: &str, _: Value) -> Result<Value, String> {
        Err(format!("{method}: the stdio transport cannot ask the client while it handles a request"))
    }
}

/// The answer to a line longer than the cap (the line itself was discarded).
fn oversized_line() -> Frame {
    Frame::error(None, RpcError::invalid_request(format!("line longer than {MAX_LINE_BYTES} bytes was discarded")))
}

/// Reads one line into `line` (without its newline), at most `MAX_LINE_BYTES`. Flushes
/// `pending` before any read that may block, so no answer waits behind a slow client.
fn read_line<R: Read, W: Write>(
    reader: &mut BufReader<R>,
    line: &mut Vec<u8>,
    pending: &mut W,
) -> std::io::Result<Line> {
    let mut too_long = false;
    loop {
        if reader.buffer().is_empty() {
            pending.flush()?;
        }
        let available = match reader.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            // EOF: a last line without a newline still counts.
            return Ok(match (too_long, line.is_empty()) {
                (true, _) => Line::TooLong,
                (false, true) => Line::Eof,
                (false, false) => Line::Complete,
            });
        }
        let (chunk, found_newline) = match available.iter().position(|&b| b == b'\n') {
            Some(at) => (&available[..at], true),
            None => (available, false),
        };
        if !too_long && line.len() + chunk.len() <= MAX_LINE_BYTES {
            line.extend_from_slice(chunk);
        } else {
            too_long = true;
            line.clear();
        }
        let used = chunk.len() + usize::from(found_newline);
        reader.consume(used);
        if found_newline {
            return Ok(if too_long { Line::TooLong } else { Line::Complete });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{CallError, Output, ToolSpec, Tools};
    use serde_json::{Value, json};

    /// Tools that echo their arguments, and panic for `fleet_status`.
    struct Echo;

    impl Tools for Echo {
        fn call(&self, spec: &'static ToolSpec, arguments: Value) -> Result<Output, CallError> {
            if spec.name == "fleet_status" {
                panic!("boom");
            }
            Output::new(&json!({ "echo": arguments }))
        }
    }

    fn run(input: &[u8]) -> Vec<Value> {
        let mut out = Vec::new();
        serve(&Server::new(Echo), input, &mut out).unwrap();
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
    fn the_client_is_announced_once_when_the_first_initialize_names_it() {
        let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"claude-code","version":"2.1"}}}"#;
        let ping = r#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#;
        let input = format!("{ping}\n{init}\n{ping}\n{init}\n");
        let mut out = Vec::new();
        let mut announced = vec![];
        serve_observed(&Server::new(Echo), input.as_bytes(), &mut out, &mut |session| {
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
