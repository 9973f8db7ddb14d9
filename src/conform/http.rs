//! A Streamable HTTP target: one HTTP/1.1 exchange per message, over a plain TCP connection.
//!
//! Written against std::net on purpose: a conformance client must be able to send what a
//! library would refuse to (no Accept header, a foreign Origin, a body that is not JSON), and
//! the stdio build stays free of network crates. Only `http://` is supported; put a local TLS
//! terminator in front of an `https://` server.

use serde_json::Value;
use std::io::{Read as _, Write as _};
use std::net::TcpStream;
use std::time::{Duration, Instant};

#[derive(Debug, Clone)]
pub struct Url {
    /// The host as it is connected to: an IPv6 literal without its brackets.
    pub host: String,
    pub port: u16,
    pub path: String,
}

impl Url {
    pub fn parse(url: &str) -> Result<Url, String> {
        let rest = url.strip_prefix("http://").ok_or_else(|| format!("{url}: only http:// URLs are supported"))?;
        let (authority, path) = match rest.find('/') {
            Some(at) => (&rest[..at], &rest[at..]),
            None => (rest, "/"),
        };
        let port_of = |p: &str| p.parse::<u16>().map_err(|_| format!("{url}: the port is not a number"));
        let (host, port) = match authority.strip_prefix('[') {
            // An IPv6 literal: `[::1]` or `[::1]:8080` (RFC 3986 section 3.2.2).
            Some(v6) => {
                let (host, after) = v6.split_once(']').ok_or_else(|| format!("{url}: an unclosed `[`"))?;
                match after.strip_prefix(':') {
                    Some(port) => (host, port_of(port)?),
                    None if after.is_empty() => (host, 80),
                    None => return Err(format!("{url}: text after the IPv6 literal")),
                }
            }
            None => match authority.rsplit_once(':') {
                Some((h, p)) => (h, port_of(p)?),
                None => (authority, 80),
            },
        };
        if host.is_empty() {
            return Err(format!("{url}: no host"));
        }
        Ok(Url { host: host.to_string(), port, path: path.to_string() })
    }

    /// The `Host` header's value: `host:port`, an IPv6 literal in brackets.
    pub fn authority(&self) -> String {
        match self.host.contains(':') {
            true => format!("[{}]:{}", self.host, self.port),
            false => format!("{}:{}", self.host, self.port),
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// The last SSE `id:` seen on an event stream (what a client would resume from).
    pub last_event_id: Option<String>,
    /// The timeout came before the body ended or carried what was awaited (an event stream
    /// still open): what is here is what had come by then.
    pub cut: bool,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    fn is_event_stream(&self) -> bool {
        self.header("content-type").unwrap_or("").to_ascii_lowercase().starts_with("text/event-stream")
    }

    /// The SSE events of an event-stream body that carried data or an id, in order: the id each
    /// set and its data (empty for a priming event). Empty for any other body.
    pub fn events(&self) -> Vec<(Option<String>, String)> {
        if self.is_event_stream() { Events::parse(&self.body).all } else { vec![] }
    }

    /// The JSON-RPC frames in the body: one JSON value (object or batch array), the `data` of
    /// each SSE `message` event, or none for an empty body. A body that is neither is an error
    /// message.
    pub fn frames(&self) -> Result<Vec<Value>, String> {
        if self.is_event_stream() {
            return Events::parse(&self.body)
                .messages
                .iter()
                .map(|data| serde_json::from_str(data).map_err(|e| format!("an SSE event is not JSON ({e}): {data}")))
                .collect();
        }
        if self.body.iter().all(u8::is_ascii_whitespace) {
            return Ok(vec![]);
        }
        serde_json::from_slice(&self.body).map(|v| vec![v]).map_err(|e| {
            format!("the HTTP {} body is not JSON ({e}): {}", self.status, String::from_utf8_lossy(&self.body))
        })
    }
}

/// Sends one request and reads its answer (`Connection: close`), until `timeout`.
///
/// The body ends where its Content-Length or last chunk says, or at EOF. An SSE body is read
/// as it arrives and ends early once it has carried the answer to the request sent (the
/// response whose id is the request's), so a stream the server keeps open is not waited on;
/// a bodiless request (GET) ends once the stream's headers have arrived, unless it resumes a
/// stream (`Last-Event-ID`): that one ends once it has carried an answer, the resumed request's
/// (a server may send the headers before it has found the events to replay).
pub fn send(
    url: &Url,
    method: &str,
    headers: &[(String, String)],
    body: &[u8],
    timeout: Duration,
) -> std::io::Result<Response> {
    let deadline = Instant::now() + timeout;
    let mut stream = TcpStream::connect((url.host.as_str(), url.port))?;
    stream.set_read_timeout(Some(timeout))?;
    stream.set_write_timeout(Some(timeout))?;
    // One choke point for what reaches the request head: a line break or NUL would end a
    // header early and inject another.
    let broken = |t: &str| t.bytes().any(|b| matches!(b, b'\r' | b'\n' | 0));
    if broken(method) || headers.iter().any(|(k, v)| broken(k) || broken(v)) {
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, "a header holds a line break or NUL"));
    }
    let mut head = format!("{method} {} HTTP/1.1\r\nConnection: close\r\n", url.path);
    // A check may send a Host of its own (DNS rebinding), instead of the target's.
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        head.push_str(&format!("Host: {}\r\n", url.authority()));
    }
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    if !body.is_empty() || method == "POST" {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    // A server may answer a body it refuses (413) before reading it, and close: its answer is
    // read before the write's error stands.
    let written = match stream.write_all(body) {
        Err(e) if !matches!(e.kind(), std::io::ErrorKind::BrokenPipe | std::io::ErrorKind::ConnectionReset) => {
            return Err(e);
        }
        other => other,
    };
    let awaited = match serde_json::from_slice::<Value>(body).ok().and_then(|v| v.get("id").cloned()) {
        Some(id) => Awaited::Answer(id),
        None if headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("last-event-id")) => Awaited::AnyAnswer,
        None => Awaited::Headers,
    };
    let mut raw = Vec::new();
    let mut buf = [0u8; 16 * 1024];
    let mut closed = false;
    loop {
        if Instant::now() >= deadline {
            break;
        }
        match stream.read(&mut buf) {
            Ok(0) => {
                closed = true;
                break;
            }
            Ok(n) => raw.extend_from_slice(&buf[..n]),
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => break,
            // A reset after the answer began (a refused body) leaves what arrived to read.
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset && parse_response(&raw).is_some() => break,
            Err(e) => return Err(e),
        }
        if let Some(response) = parse_response(&raw)
            && response.done(&awaited)
        {
            break;
        }
    }
    match (parse_response(&raw), written) {
        (Some(partial), _) => {
            // A body without a length ends at the close.
            let cut = !closed && !partial.done(&awaited);
            Ok(Response { cut, ..partial.response })
        }
        (None, Err(e)) => Err(e),
        (None, Ok(())) if raw.is_empty() && !closed => {
            Err(std::io::Error::new(std::io::ErrorKind::TimedOut, format!("no answer within {timeout:?}")))
        }
        (None, Ok(())) if raw.is_empty() => Err(std::io::Error::other("the connection closed without an answer")),
        (None, Ok(())) => Err(std::io::Error::other("the answer is not an HTTP/1.1 response")),
    }
}

/// The longest one wait for a `Retry-After` lasts: a server asking for an hour is not waited on.
pub const MAX_RETRY_AFTER: Duration = Duration::from_secs(10);

/// [`send`], sent again after each `429 Too Many Requests` for as long as its `Retry-After`
/// asks (seconds, at least one; a date or nothing counts as one second, each wait at most
/// [`MAX_RETRY_AFTER`]) while `budget` lasts; then the last answer stands, a 429 included.
/// A rate limit is the server's to set: a check should not fail for one it would pass after.
pub fn send_waiting_out_429(
    url: &Url,
    method: &str,
    headers: &[(String, String)],
    body: &[u8],
    timeout: Duration,
    budget: Duration,
) -> std::io::Result<Response> {
    let mut left = budget;
    loop {
        let response = send(url, method, headers, body, timeout)?;
        if response.status != 429 || left.is_zero() {
            return Ok(response);
        }
        // At least a second a wait, so a `Retry-After: 0` cannot make it spin.
        let asked = response.header("retry-after").and_then(|v| v.trim().parse::<u64>().ok()).unwrap_or(1).max(1);
        let wait = Duration::from_secs(asked).min(MAX_RETRY_AFTER).min(left);
        tracing::info!(seconds = wait.as_secs_f64(), "429 Too Many Requests: waiting as Retry-After asks");
        std::thread::sleep(wait);
        left -= wait;
    }
}

/// A response parsed from the bytes read so far.
struct Partial {
    response: Response,
    /// The whole body has arrived (its length or its last chunk).
    complete: bool,
}

/// What ends the reading of an event stream.
enum Awaited {
    /// The answer with this id.
    Answer(Value),
    /// Any answer (a resumed stream carries the answer of the request that opened it).
    AnyAnswer,
    /// Nothing: the headers.
    Headers,
}

impl Partial {
    /// Whether reading can stop: the body is complete, or it is an event stream that has
    /// carried the answer awaited (or, for a request without an id, has begun).
    fn done(&self, awaited: &Awaited) -> bool {
        if self.complete {
            return true;
        }
        if !self.response.is_event_stream() || !(200..300).contains(&self.response.status) {
            return false;
        }
        let id = match awaited {
            Awaited::Headers => return true,
            Awaited::Answer(id) => Some(id),
            Awaited::AnyAnswer => None,
        };
        Events::parse(&self.response.body).messages.iter().any(|data| {
            serde_json::from_str::<Value>(data).is_ok_and(|frame| {
                id.is_none_or(|id| frame.get("id") == Some(id))
                    && (frame.get("result").is_some() || frame.get("error").is_some())
            })
        })
    }
}

/// The status line and headers by `httparse`, then the body as its framing says.
fn parse_response(raw: &[u8]) -> Option<Partial> {
    let mut slots = [httparse::EMPTY_HEADER; 64];
    let mut parsed = httparse::Response::new(&mut slots);
    let httparse::Status::Complete(end) = parsed.parse(raw).ok()? else { return None };
    let status = parsed.code?;
    let headers: Vec<(String, String)> = parsed
        .headers
        .iter()
        .map(|h| (h.name.to_string(), String::from_utf8_lossy(h.value).trim().to_string()))
        .collect();
    let header = |name: &str| headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str());
    let rest = &raw[end..];
    let (body, complete) = if header("transfer-encoding").is_some_and(|v| v.eq_ignore_ascii_case("chunked")) {
        dechunk(rest)?
    } else if let Some(len) = header("content-length").and_then(|v| v.parse::<usize>().ok()) {
        (rest[..rest.len().min(len)].to_vec(), rest.len() >= len)
    } else {
        // No length: the body runs to EOF (a 1xx, 204 or 304 has none).
        (rest.to_vec(), status == 204 || status == 304 || status < 200)
    };
    let mut response = Response { status, headers, body, last_event_id: None, cut: false };
    if response.is_event_stream() {
        response.last_event_id = Events::parse(&response.body).last_id;
    }
    Some(Partial { response, complete })
}

/// Decodes as many chunks as have arrived; `true` once the last chunk was seen.
fn dechunk(mut body: &[u8]) -> Option<(Vec<u8>, bool)> {
    let mut out = Vec::new();
    loop {
        let (start, size) = match httparse::parse_chunk_size(body).ok()? {
            httparse::Status::Complete((start, size)) => (start, usize::try_from(size).ok()?),
            httparse::Status::Partial => return Some((out, false)),
        };
        if size == 0 {
            return Some((out, true));
        }
        if body.len() < start + size {
            out.extend_from_slice(&body[start..]);
            return Some((out, false));
        }
        out.extend_from_slice(&body[start..start + size]);
        body = body.get(start + size + 2..).unwrap_or_default();
    }
}

/// An SSE body as the WHATWG event-stream rules read it (hand-rolled: the crates for it are
/// async): events end at a blank line; `data:` lines join with `\n`; `event:` names the type,
/// and only `message` (or none) carries JSON-RPC; `id:` sets the last event id; `retry:` and
/// comments are not data. An event not yet ended by its blank line is not counted.
#[derive(Debug, Default)]
struct Events {
    messages: Vec<String>,
    last_id: Option<String>,
    /// Every ended event, messages or not: the id it set (if any) and its data.
    all: Vec<(Option<String>, String)>,
}

impl Events {
    fn parse(body: &[u8]) -> Events {
        let text = String::from_utf8_lossy(body).replace("\r\n", "\n").replace('\r', "\n");
        let mut events = Events::default();
        let (mut data, mut kind): (Vec<String>, Option<String>) = (vec![], None);
        let mut id = None;
        let mut lines = text.split('\n').peekable();
        while let Some(line) = lines.next() {
            if lines.peek().is_none() {
                break; // the last piece has no newline yet: an incomplete line
            }
            if line.is_empty() {
                if !data.is_empty() && kind.as_deref().is_none_or(|k| k == "message") {
                    events.messages.push(data.join("\n"));
                }
                if !data.is_empty() || id.is_some() {
                    events.all.push((id.take(), data.join("\n")));
                }
                (data, kind) = (vec![], None);
                continue;
            }
            let (field, value) = line.split_once(':').unwrap_or((line, ""));
            let value = value.strip_prefix(' ').unwrap_or(value);
            match field {
                "data" => data.push(value.to_string()),
                "event" => kind = Some(value.to_string()),
                "id" if !value.contains('\0') => {
                    events.last_id = Some(value.to_string());
                    id = Some(value.to_string());
                }
                _ => {} // a comment (empty field), retry, or an unknown field
            }
        }
        // Keep-alive-only or priming events carry no data: they are not messages.
        events.messages.retain(|m| !m.is_empty());
        events
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_name_host_port_and_path() {
        let url = Url::parse("http://127.0.0.1:3901/mcp").unwrap();
        assert_eq!((url.host.as_str(), url.port, url.path.as_str()), ("127.0.0.1", 3901, "/mcp"));
        assert!(Url::parse("https://example.com/mcp").is_err());
        assert!(Url::parse("http://:80/").is_err());
    }

    #[test]
    fn sse_bodies_yield_one_frame_per_event() {
        let raw = b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\nevent: message\r\nid: 1\r\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\r\n\r\n: keep-alive\n\ndata: {\"jsonrpc\":\"2.0\",\ndata: \"id\":2,\"result\":{}}\n\n";
        let frames = parse_response(raw).unwrap().response.frames().unwrap();
        assert_eq!(frames.len(), 2);
        assert_eq!(frames[1]["id"], 2);
    }

    #[test]
    fn chunked_bodies_are_reassembled_and_known_complete() {
        let raw = b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\ncontent-type: application/json\r\n\r\n4\r\n{\"a\"\r\n3\r\n:1}\r\n0\r\n\r\n";
        assert!(parse_response(raw).unwrap().complete);
        assert!(!parse_response(&raw[..raw.len() - 5]).unwrap().complete);
        let response = parse_response(raw).unwrap().response;
        assert_eq!(response.frames().unwrap(), vec![serde_json::json!({"a": 1})]);
    }

    #[test]
    fn ipv6_literals_are_connected_without_brackets_and_named_with_them() {
        let url = Url::parse("http://[::1]:3901/mcp").unwrap();
        assert_eq!((url.host.as_str(), url.port, url.authority()), ("::1", 3901, "[::1]:3901".to_string()));
        assert_eq!(Url::parse("http://[::1]/").unwrap().port, 80);
        assert!(Url::parse("http://[::1/").is_err() && Url::parse("http://[::1]x/").is_err());
    }

    #[test]
    fn sse_reads_only_message_events_and_remembers_the_last_id() {
        let body = b"id: p-0\nretry: 1000\ndata:\n\nevent: other\ndata: {\"x\":1}\n\n: comment\nid: p-1\nevent: message\ndata: {\"id\":1,\"result\":{}}\n\ndata: {\"unfinished\"";
        let events = Events::parse(body);
        assert_eq!(events.messages, [r#"{"id":1,"result":{}}"#]);
        assert_eq!(events.last_id.as_deref(), Some("p-1"));
    }

    /// A server that answers 429 (Retry-After: 1) to its first `limited` requests, then 200.
    fn rate_limited(limited: usize) -> (Url, std::thread::JoinHandle<()>) {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = Url::parse(&format!("http://{}/mcp", listener.local_addr().unwrap())).unwrap();
        let server = std::thread::spawn(move || {
            for n in 0..=limited {
                let Ok((mut peer, _)) = listener.accept() else { return };
                let mut request = [0u8; 4096];
                let _ = peer.read(&mut request);
                let answer = if n < limited {
                    "HTTP/1.1 429 Too Many Requests\r\nretry-after: 1\r\ncontent-length: 0\r\n\r\n"
                } else {
                    "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}"
                };
                let _ = peer.write_all(answer.as_bytes());
            }
        });
        (url, server)
    }

    #[test]
    fn a_429_is_waited_out_as_retry_after_asks_while_the_budget_lasts() {
        let (url, server) = rate_limited(1);
        let started = Instant::now();
        let answer = send_waiting_out_429(&url, "POST", &[], b"{}", Duration::from_secs(5), Duration::from_secs(5));
        assert_eq!(answer.unwrap().status, 200);
        assert!(started.elapsed() >= Duration::from_secs(1), "it waited as Retry-After asked");
        server.join().unwrap();
        // Without a budget the 429 is the answer.
        let (url, server) = rate_limited(1);
        let answer = send_waiting_out_429(&url, "POST", &[], b"{}", Duration::from_secs(5), Duration::ZERO);
        assert_eq!(answer.unwrap().status, 429);
        drop(send(&url, "POST", &[], b"{}", Duration::from_secs(5)));
        server.join().unwrap();
    }

    #[test]
    fn an_answer_on_a_stream_that_stays_open_is_seen_without_waiting_for_its_end() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = Url::parse(&format!("http://{}/mcp", listener.local_addr().unwrap())).unwrap();
        let server = std::thread::spawn(move || {
            let (mut peer, _) = listener.accept().unwrap();
            let mut request = [0u8; 4096];
            let _ = peer.read(&mut request);
            let head = "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n";
            let event = "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\"}\n\ndata: {\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}\n\n";
            let _ = peer.write_all(format!("{head}{:x}\r\n{event}\r\n", event.len()).as_bytes());
            std::thread::sleep(Duration::from_secs(5)); // the stream stays open
        });
        let started = Instant::now();
        let body = br#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#;
        let response = send(&url, "POST", &[], body, Duration::from_secs(4)).unwrap();
        assert!(started.elapsed() < Duration::from_secs(2), "waited {:?} for the stream to end", started.elapsed());
        let frames = response.frames().unwrap();
        assert_eq!(frames.len(), 2);
        assert_eq!(frames[1]["id"], 7);
        drop(server);
    }

    #[test]
    fn an_empty_202_has_no_frames() {
        let response = parse_response(b"HTTP/1.1 202 Accepted\r\ncontent-length: 0\r\n\r\n").unwrap().response;
        assert_eq!(response.status, 202);
        assert!(response.frames().unwrap().is_empty());
    }
}
