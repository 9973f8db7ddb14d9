//! What `ctxlake fuzz` reads from outside: reproducer files (`--replay`, `--corpus`) and the
//! lines a server writes on stdout. A reproducer the parser accepts survives being written
//! back and read again; any bytes as a server's output are judged without a panic, and a line
//! that is not a JSON object or array is always `stdio.stdout-frames-only`.
#![no_main]

use ctxlake::fuzz::frame::{Frame, expect};
use ctxlake::fuzz::oracle::{OutputSchemas, judge};
use ctxlake::fuzz::reproducer;
use ctxlake::fuzz::session::{End, Outcome};
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(read) = reproducer::parse(&text) {
        for frame in &read.frames {
            let _ = expect(frame);
        }
        assert_eq!(reproducer::parse(&reproducer::render(&read)), Ok(read));
    }
    let lines: Vec<Vec<u8>> = data.split(|b| *b == b'\n').map(<[u8]>::to_vec).collect();
    let frames = [Frame::Json(json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}))];
    for end in [End::Answered, End::Timeout, End::Exited] {
        let outcome = Outcome { lines: lines.clone(), end, barrier: json!("b"), barrier_answered: true };
        let verdict = judge(&frames, &outcome, &OutputSchemas::new());
        let framed =
            |line: &Vec<u8>| matches!(serde_json::from_slice::<Value>(line), Ok(Value::Object(_) | Value::Array(_)));
        if !lines.iter().all(framed) {
            assert_eq!(verdict.map(|v| v.rule), Some("stdio.stdout-frames-only"));
        }
    }
});
