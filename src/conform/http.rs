//! A Streamable HTTP target: one HTTP/1.1 exchange per message, over a plain TCP connection.
//!
//! Written against std::net on purpose: a conformance client must be able to send what a
//! library would refuse to (no Accept header, a foreign Origin, a body that is not JSON), and
//! the stdio build stays free of network crates. Only `http://` is supported; put a local TLS
//! terminator in front of an `https://` server.

use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

#[derive(Debug, Clone)]
pub struct Url {
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
        let (host, port) = match authority.rsplit_once(':') {
            Some((h, p)) => (h, p.parse::<u16>().map_err(|_| format!("{url}: the port is not a number"))?),
            None => (authority, 80),
        };
        if host.is_empty() {
            return Err(format!("{url}: no host"));
        }
        Ok(Url { host: host.to_string(), port, path: path.to_string() })
    }
}

#[derive(Debug, Clone, Default)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The JSON-RPC frames in the body: one JSON value (object or batch array), the `data` of
    /// each SSE event, or none for an empty body. A body that is neither is an error message.
    pub fn frames(&self) -> Result<Vec<Value>, String> {
        let content_type = self.header("content-type").unwrap_or("").to_ascii_lowercase();
        if content_type.starts_with("text/event-stream") {
            return sse_events(&self.body)
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

/// Sends one request and reads the whole answer (`Connection: close`), until `timeout`.
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
    let mut head = format!("{method} {} HTTP/1.1\r\nConnection: close\r\n", url.path);
    // A check may send a Host of its own (DNS rebinding), instead of the target's.
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        head.push_str(&format!("Host: {}:{}\r\n", url.host, url.port));
    }
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    if !body.is_empty() || method == "POST" {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    stream.write_all(body)?;
    let mut raw = Vec::new();
    let mut buf = [0u8; 16 * 1024];
    loop {
        if Instant::now() >= deadline {
            break;
        }
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => raw.extend_from_slice(&buf[..n]),
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => break,
            Err(e) => return Err(e),
        }
        if complete(&raw) {
            break;
        }
    }
    parse_response(&raw).ok_or_else(|| std::io::Error::other("the answer is not an HTTP/1.1 response"))
}

/// True once a Content-Length or chunked body has fully arrived (a close-delimited body is
/// complete at EOF only).
fn complete(raw: &[u8]) -> bool {
    let Some(end) = find(raw, b"\r\n\r\n") else { return false };
    let head = String::from_utf8_lossy(&raw[..end]).to_ascii_lowercase();
    let body = &raw[end + 4..];
    if let Some(len) = head.lines().find_map(|l| l.strip_prefix("content-length:")).and_then(|v| v.trim().parse().ok())
    {
        return body.len() >= len;
    }
    if head.contains("transfer-encoding: chunked") {
        return dechunk(body).is_some_and(|(_, done)| done);
    }
    false
}

fn parse_response(raw: &[u8]) -> Option<Response> {
    let end = find(raw, b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&raw[..end]);
    let mut lines = head.split("\r\n");
    let status = lines.next()?.split_whitespace().nth(1)?.parse().ok()?;
    let headers: Vec<(String, String)> =
        lines.filter_map(|l| l.split_once(':')).map(|(k, v)| (k.trim().to_string(), v.trim().to_string())).collect();
    let mut body = raw[end + 4..].to_vec();
    let chunked =
        headers.iter().any(|(k, v)| k.eq_ignore_ascii_case("transfer-encoding") && v.eq_ignore_ascii_case("chunked"));
    if chunked {
        body = dechunk(&body).map(|(b, _)| b).unwrap_or_default();
    }
    Some(Response { status, headers, body })
}

/// Decodes as many chunks as have arrived; `true` once the last chunk was seen.
fn dechunk(mut body: &[u8]) -> Option<(Vec<u8>, bool)> {
    let mut out = Vec::new();
    loop {
        let Some(line_end) = find(body, b"\r\n") else { return Some((out, false)) };
        let size_text = String::from_utf8_lossy(&body[..line_end]);
        let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
        if size == 0 {
            return Some((out, true));
        }
        let start = line_end + 2;
        if body.len() < start + size {
            out.extend_from_slice(&body[start..]);
            return Some((out, false));
        }
        out.extend_from_slice(&body[start..start + size]);
        body = body.get(start + size + 2..).unwrap_or_default();
    }
}

/// The `data` of each event in an SSE body (multi-line data joined with `\n`).
fn sse_events(body: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(body).replace("\r\n", "\n");
    let mut events = Vec::new();
    for block in text.split("\n\n") {
        let data: Vec<&str> =
            block.lines().filter_map(|l| l.strip_prefix("data:")).map(|d| d.strip_prefix(' ').unwrap_or(d)).collect();
        if !data.is_empty() && !data.iter().all(|d| d.is_empty()) {
            events.push(data.join("\n"));
        }
    }
    events
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
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
        let frames = parse_response(raw).unwrap().frames().unwrap();
        assert_eq!(frames.len(), 2);
        assert_eq!(frames[1]["id"], 2);
    }

    #[test]
    fn chunked_bodies_are_reassembled_and_known_complete() {
        let raw = b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\ncontent-type: application/json\r\n\r\n4\r\n{\"a\"\r\n3\r\n:1}\r\n0\r\n\r\n";
        assert!(complete(raw));
        assert!(!complete(&raw[..raw.len() - 5]));
        let response = parse_response(raw).unwrap();
        assert_eq!(response.frames().unwrap(), vec![serde_json::json!({"a": 1})]);
    }

    #[test]
    fn an_empty_202_has_no_frames() {
        let response = parse_response(b"HTTP/1.1 202 Accepted\r\ncontent-length: 0\r\n\r\n").unwrap();
        assert_eq!(response.status, 202);
        assert!(response.frames().unwrap().is_empty());
    }
}
