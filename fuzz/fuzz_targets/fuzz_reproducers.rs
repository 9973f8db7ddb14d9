//! What `ctxlake fuzz` reads from outside: reproducer files (`--replay`, `--corpus`), the
//! lines a server writes on stdout and the HTTP answers it sends. A reproducer the parser
//! accepts survives being written back and read again; any bytes as a server's output are
//! judged without a panic, a line that is not a JSON object or array is always
//! `stdio.stdout-frames-only`, and any body with a 5xx status is `http.no-server-error`.
#![no_main]

use ctxlake::conform::http::Response;
use ctxlake::fuzz::frame::{FOREIGN_ORIGIN, Frame, HttpFrame, expect, expect_http};
use ctxlake::fuzz::oracle::{OutputSchemas, judge};
use ctxlake::fuzz::reproducer;
use ctxlake::fuzz::session::{End, HttpOutcome, Outcome, Posted};
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(read) = reproducer::parse(&text) {
        for frame in &read.frames {
            let _ = expect(frame);
            let _ = expect_http(frame, "2025-11-25", true);
        }
        assert_eq!(reproducer::parse(&reproducer::render(&read)), Ok(read));
    }
    let lines: Vec<Vec<u8>> = data.split(|b| *b == b'\n').map(<[u8]>::to_vec).collect();
    let frames = [Frame::Json(json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}))];
    for end in [End::Answered, End::Timeout, End::Exited] {
        let outcome = Outcome::stdio(lines.clone(), end, json!("b"), true);
        let verdict = judge(&frames, &outcome, &OutputSchemas::new());
        let framed =
            |line: &Vec<u8>| matches!(serde_json::from_slice::<Value>(line), Ok(Value::Object(_) | Value::Array(_)));
        if !lines.iter().all(framed) {
            assert_eq!(verdict.map(|v| v.rule), Some("stdio.stdout-frames-only"));
        }
    }
    // The same bytes as the body of an HTTP answer, of a status and content type the first two
    // bytes choose, to a request, a notification and a request with a foreign Origin.
    let status = [200, 202, 400, 403, 404, 500, 503][data.first().map_or(0, |b| *b as usize % 7)];
    let kind = ["application/json", "text/event-stream", "text/plain"][data.get(1).map_or(0, |b| *b as usize % 3)];
    let response = Response {
        status,
        headers: vec![("content-type".into(), kind.into())],
        body: data.to_vec(),
        ..Response::default()
    };
    let ping = Frame::Json(json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}));
    let sent = [
        ping.clone(),
        Frame::Json(json!({"jsonrpc": "2.0", "method": "notifications/x"})),
        Frame::Http(HttpFrame {
            method: "POST".into(),
            headers: vec![("Origin".into(), Some(FOREIGN_ORIGIN.into()))],
            body: Box::new(ping),
        }),
    ];
    for frame in sent {
        let http = HttpOutcome { posts: vec![Posted::of(&response)], revision: "2025-11-25".into(), session: true };
        let outcome = Outcome { http: Some(http), ..Outcome::stdio(vec![], End::Answered, json!("b"), true) };
        let verdict = judge(std::slice::from_ref(&frame), &outcome, &OutputSchemas::new());
        if status >= 500 {
            assert_eq!(verdict.map(|v| v.rule), Some("http.no-server-error"));
        }
    }
});
