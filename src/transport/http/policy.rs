//! The header rules of Streamable HTTP, as pure functions of the request's headers (and, for
//! the 2026-07-28 mirroring rule, its decoded body): Host and Origin allow-lists, Content-Type,
//! Accept negotiation, `MCP-Protocol-Version` / `Mcp-Method` / `Mcp-Name` mirroring, and the
//! client address behind a trusted proxy.

use crate::rpc::Revision;
use axum::http::{HeaderMap, header};
use base64::Engine as _;

/// How an answer is framed on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Framing {
    Json,
    /// `event: message` / `data: …`, one event per answer (seed 002: "responses are SSE-framed").
    Sse,
}

/// The client's address: the TCP peer, unless the peer is a proxy this server was told to
/// trust (`--trust-proxy`), in which case the rightmost `X-Forwarded-For` address that is not
/// itself a trusted proxy. Everything left of it could have been written by the client, so it
/// is never believed; a header that does not parse leaves the peer. Guest quotas are counted
/// under an HMAC of this address, so without the rule every guest behind a proxy would share one
/// quota, and with a naive one (the leftmost address) a guest could choose its own.
pub fn client_ip(headers: &HeaderMap, peer: std::net::IpAddr, trusted: &[std::net::IpAddr]) -> std::net::IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let mut hops: Vec<&str> = vec![];
    for value in headers.get_all("x-forwarded-for") {
        let Ok(text) = value.to_str() else { return peer };
        hops.extend(text.split(',').map(str::trim));
    }
    let mut client = peer;
    for hop in hops.iter().rev() {
        let Ok(ip) = hop.parse::<std::net::IpAddr>() else { return client };
        client = ip;
        if !trusted.contains(&ip) {
            break;
        }
    }
    client
}

/// The host part of a `Host` header or of an origin's authority, lower-cased, without port;
/// IPv6 literals keep their brackets (`[::1]`).
pub fn host_of(authority: &str) -> &str {
    let authority = authority.trim();
    if authority.starts_with('[') {
        return authority.find(']').map_or(authority, |end| &authority[..=end]);
    }
    match authority.rsplit_once(':') {
        Some((host, port)) if port.bytes().all(|b| b.is_ascii_digit()) => host,
        _ => authority,
    }
}

/// Whether the `Host` header names one of `allowed` (host names, any port). A request without
/// a Host header (HTTP/1.0) is allowed: DNS rebinding needs a browser, and browsers send one.
pub fn host_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(value) = headers.get(header::HOST) else { return true };
    let Ok(text) = value.to_str() else { return false };
    let host = host_of(text);
    allowed.iter().any(|a| a.eq_ignore_ascii_case(host))
}

/// Whether a present `Origin` is allowed: an exact entry of `origins`, or an `http(s)://`
/// origin whose host is one of `hosts`. An absent Origin (not a browser) is allowed; `null`
/// and anything unparsable are foreign (MCP 2025-11-25: a present, invalid Origin is 403).
pub fn origin_allowed(headers: &HeaderMap, hosts: &[String], origins: &[String]) -> bool {
    let Some(value) = headers.get(header::ORIGIN) else { return true };
    let Ok(origin) = value.to_str() else { return false };
    if origins.iter().any(|o| o.eq_ignore_ascii_case(origin)) {
        return true;
    }
    let Some(authority) = origin.strip_prefix("http://").or_else(|| origin.strip_prefix("https://")) else {
        return false;
    };
    !authority.contains('/') && hosts.iter().any(|h| h.eq_ignore_ascii_case(host_of(authority)))
}

/// Whether `Content-Type` is `application/json` (parameters such as charset allowed).
pub fn content_type_is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|media| media.trim().eq_ignore_ascii_case("application/json"))
}

/// The framing the client's `Accept` allows, or `None` (406) unless it lists both
/// `application/json` and `text/event-stream` (MCP basic/transports; `*/*` and `type/*` count,
/// a `q=0` does not). SSE is chosen unless the client weights JSON higher.
pub fn negotiate(headers: &HeaderMap) -> Option<Framing> {
    let mut json_q = 0.0f32;
    let mut sse_q = 0.0f32;
    for value in headers.get_all(header::ACCEPT) {
        let Ok(text) = value.to_str() else { continue };
        for range in text.split(',') {
            let mut parts = range.split(';');
            let media = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0)
                .clamp(0.0, 1.0);
            let covers = |wanted: &str| {
                let (kind, _) = wanted.split_once('/').unwrap_or_default();
                media == wanted || media == "*/*" || media == format!("{kind}/*")
            };
            if covers("application/json") {
                json_q = json_q.max(q);
            }
            if covers("text/event-stream") {
                sse_q = sse_q.max(q);
            }
        }
    }
    if json_q <= 0.0 || sse_q <= 0.0 {
        return None;
    }
    Some(if json_q > sse_q { Framing::Json } else { Framing::Sse })
}

/// What the `MCP-Protocol-Version` header says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeaderVersion {
    Absent,
    Known(Revision),
    Unsupported(String),
}

pub fn protocol_version(headers: &HeaderMap) -> HeaderVersion {
    let Some(value) = headers.get("mcp-protocol-version") else { return HeaderVersion::Absent };
    let text = String::from_utf8_lossy(value.as_bytes()).trim().to_string();
    match Revision::parse(&text) {
        Some(revision) => HeaderVersion::Known(revision),
        None => HeaderVersion::Unsupported(text),
    }
}

/// The 2026-07-28 mirroring rule for a body whose `_meta` names a supported modern revision:
/// `MCP-Protocol-Version` equals it, `Mcp-Method` equals the method, and `Mcp-Name` equals
/// `params.name` (`params.uri` for resources/read) on tools/call, resources/read and
/// prompts/get. `Err` says which header, for the -32020 message.
/// `method` is the body's (empty for a body that has none), `target` its `params.name` or
/// `params.uri` (`rpc::message::Request::target`).
pub fn check_mirrored(headers: &HeaderMap, method: &str, target: Option<&str>, version: &str) -> Result<(), String> {
    let text = |name: &str| headers.get(name).map(|v| String::from_utf8_lossy(v.as_bytes()).trim().to_string());
    check_version_mirrored(headers, version)?;
    match text("mcp-method") {
        Some(header) if header == method => {}
        Some(header) => return Err(format!("Mcp-Method is `{header}` but the method is `{method}`")),
        None => return Err(format!("Mcp-Method is missing; the method is `{method}`")),
    }
    let named = match method {
        "tools/call" | "prompts/get" => "name",
        "resources/read" => "uri",
        _ => return Ok(()),
    };
    let expected = target.unwrap_or_default();
    match text("mcp-name").map(|h| decode_name(&h)) {
        Some(Some(header)) if header == expected => Ok(()),
        Some(Some(header)) => Err(format!("Mcp-Name is `{header}` but params.{named} is `{expected}`")),
        Some(None) => Err("Mcp-Name is not valid (a `=?base64?…?=` sentinel that does not decode)".to_string()),
        None => Err(format!("Mcp-Name is missing; params.{named} is `{expected}`")),
    }
}

/// The first mirroring rule alone: `MCP-Protocol-Version` equals the version `_meta` names.
pub fn check_version_mirrored(headers: &HeaderMap, version: &str) -> Result<(), String> {
    let header = headers.get("mcp-protocol-version").map(|v| String::from_utf8_lossy(v.as_bytes()).trim().to_string());
    match header {
        Some(header) if header == version => Ok(()),
        Some(header) => Err(format!("MCP-Protocol-Version is `{header}` but _meta names `{version}`")),
        None => Err(format!("MCP-Protocol-Version is missing; _meta names `{version}`")),
    }
}

/// An `Mcp-Name` value: plain ASCII, or `=?base64?<standard base64 of UTF-8>?=` for a name
/// that is not.
fn decode_name(header: &str) -> Option<String> {
    let Some(encoded) = header.strip_prefix("=?base64?").and_then(|h| h.strip_suffix("?=")) else {
        return Some(header.to_string());
    };
    let bytes = base64::engine::general_purpose::STANDARD.decode(encoded).ok()?;
    String::from_utf8(bytes).ok()
}

#[cfg(test)]
mod tests {

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for v in values {
            headers.append("x-forwarded-for", v.parse().unwrap());
        }
        headers
    }

    #[test]
    fn the_client_behind_a_trusted_proxy_is_the_rightmost_untrusted_hop() {
        let ip = |s: &str| s.parse::<std::net::IpAddr>().unwrap();
        let (proxy, inner) = (ip("10.0.0.1"), ip("10.0.0.2"));
        let trusted = [proxy, inner];
        // A client that writes its own header only adds hops on the left.
        let headers = forwarded(&["6.6.6.6, 203.0.113.7", "10.0.0.2"]);
        assert_eq!(client_ip(&headers, proxy, &trusted), ip("203.0.113.7"));
        assert_eq!(
            client_ip(&headers, ip("198.51.100.9"), &trusted),
            ip("198.51.100.9"),
            "an untrusted peer's header is ignored"
        );
        assert_eq!(
            client_ip(&forwarded(&["not-an-ip"]), proxy, &trusted),
            proxy,
            "a header that does not parse leaves the peer"
        );
        assert_eq!(client_ip(&HeaderMap::new(), proxy, &trusted), proxy);
        assert_eq!(client_ip(&forwarded(&["2001:db8::1"]), proxy, &trusted), ip("2001:db8::1"));
    }
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (k, v) in pairs {
            map.append(*k, HeaderValue::from_str(v).unwrap());
        }
        map
    }

    #[test]
    fn accept_must_list_both_types_and_picks_the_framing() {
        let cases = [
            ("application/json, text/event-stream", Some(Framing::Sse)),
            ("text/event-stream, application/json", Some(Framing::Sse)),
            ("application/json, text/event-stream;q=0.5", Some(Framing::Json)),
            ("*/*", Some(Framing::Sse)),
            ("application/*, text/*", Some(Framing::Sse)),
            ("application/json", None),
            ("text/event-stream", None),
            ("application/json, text/event-stream;q=0", None),
            ("", None),
        ];
        for (accept, want) in cases {
            assert_eq!(negotiate(&headers(&[("accept", accept)])), want, "{accept}");
        }
        assert_eq!(negotiate(&HeaderMap::new()), None, "no Accept at all");
        let split = headers(&[("accept", "application/json"), ("accept", "text/event-stream")]);
        assert_eq!(negotiate(&split), Some(Framing::Sse), "several Accept headers are one list");
    }

    #[test]
    fn hosts_and_origins_are_matched_by_host_without_port() {
        let allowed = vec!["localhost".to_string(), "127.0.0.1".to_string(), "[::1]".to_string()];
        for ok in ["localhost:8765", "127.0.0.1", "[::1]:9", "LOCALHOST"] {
            assert!(host_allowed(&headers(&[("host", ok)]), &allowed), "{ok}");
        }
        for bad in ["evil.example", "evil.example:8765", "127.0.0.1.evil.example", "[::2]:80"] {
            assert!(!host_allowed(&headers(&[("host", bad)]), &allowed), "{bad}");
        }
        let extra = vec!["https://app.example".to_string()];
        for ok in ["http://localhost:3000", "https://127.0.0.1", "http://[::1]:5173", "https://app.example"] {
            assert!(origin_allowed(&headers(&[("origin", ok)]), &allowed, &extra), "{ok}");
        }
        for bad in ["http://evil.example", "null", "file://", "http://localhost.evil.example", "localhost"] {
            assert!(!origin_allowed(&headers(&[("origin", bad)]), &allowed, &extra), "{bad}");
        }
        assert!(origin_allowed(&HeaderMap::new(), &allowed, &extra), "no Origin: not a browser");
    }

    #[test]
    fn content_type_must_be_json() {
        assert!(content_type_is_json(&headers(&[("content-type", "application/json; charset=utf-8")])));
        assert!(content_type_is_json(&headers(&[("content-type", "Application/JSON")])));
        assert!(!content_type_is_json(&headers(&[("content-type", "text/plain")])));
        assert!(!content_type_is_json(&headers(&[("content-type", "application/jsonx")])));
        assert!(!content_type_is_json(&HeaderMap::new()));
    }

    #[test]
    fn modern_headers_must_mirror_the_body() {
        let call = ("tools/call", Some("fleet_status"));
        let check = |headers: &HeaderMap, (method, target): (&str, Option<&str>)| {
            check_mirrored(headers, method, target, "2026-07-28")
        };
        let good = [("mcp-protocol-version", "2026-07-28"), ("mcp-method", "tools/call"), ("mcp-name", "fleet_status")];
        assert_eq!(check(&headers(&good), call), Ok(()));
        for broken in [0, 1, 2] {
            let mut pairs: Vec<_> = good.to_vec();
            pairs.remove(broken);
            assert!(check(&headers(&pairs), call).is_err(), "without {:?}", good[broken]);
            let mut pairs = good.to_vec();
            pairs[broken].1 = "2025-11-25";
            assert!(check(&headers(&pairs), call).is_err(), "a different {:?}", good[broken]);
        }
        let accented = ("prompts/get", Some("résumé"));
        let sentinel = format!("=?base64?{}?=", base64::engine::general_purpose::STANDARD.encode("résumé"));
        let pairs = [("mcp-protocol-version", "2026-07-28"), ("mcp-method", "prompts/get"), ("mcp-name", &sentinel)];
        assert_eq!(check(&headers(&pairs), accented), Ok(()));
        let discover = ("server/discover", None);
        let pairs = [("mcp-protocol-version", "2026-07-28"), ("mcp-method", "server/discover")];
        assert_eq!(check(&headers(&pairs), discover), Ok(()), "no Mcp-Name for discover");
    }

    #[test]
    fn the_protocol_version_header_is_read_as_a_revision() {
        assert_eq!(protocol_version(&HeaderMap::new()), HeaderVersion::Absent);
        let known = headers(&[("mcp-protocol-version", "2025-06-18")]);
        assert_eq!(protocol_version(&known), HeaderVersion::Known(Revision::V2025_06_18));
        let odd = headers(&[("mcp-protocol-version", "1999-01-01")]);
        assert_eq!(protocol_version(&odd), HeaderVersion::Unsupported("1999-01-01".into()));
    }
}
