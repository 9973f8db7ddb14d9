//! `features/fuzz/oracle.feature`, the table of what `ctxlake fuzz` holds an exchange to, run
//! against the oracle: each row's frames and what came back are judged, and the verdict must be
//! the row's rule. Read by the conformance suite's parser (`conform::suite::load`), run here
//! rather than by `ctxlake conform`: it checks the fuzzer, not a server.

#[cfg(test)]
mod tests {
    use crate::conform::http::Response;
    use crate::fuzz::frame::{Frame, HttpFrame};
    use crate::fuzz::oracle::{OutputSchemas, judge};
    use crate::fuzz::session::{End, HttpOutcome, Outcome, Posted};
    use regex::Regex;
    use serde_json::json;

    const TABLE: &str = include_str!("../../features/fuzz/oracle.feature");

    /// A cell as a frame: JSON when it parses, else the raw bytes.
    fn frame(cell: &str) -> Frame {
        serde_json::from_str(cell).map_or_else(|_| Frame::Raw(cell.as_bytes().to_vec()), Frame::Json)
    }

    /// What a stdio server did: `writes L1 then L2`, `writes nothing`, `exits` or `hangs`.
    fn over_stdio(frames: &[Frame], answers: &str) -> Option<&'static str> {
        let barrier = json!("fuzz-barrier");
        let outcome = match answers {
            "exits" => Outcome::stdio(vec![], End::Exited, barrier, false),
            "hangs" => Outcome::stdio(vec![], End::Timeout, barrier, false),
            _ => {
                let written = answers.strip_prefix("writes ").expect("writes …, exits or hangs");
                let mut lines: Vec<Vec<u8>> = match written {
                    "nothing" => vec![],
                    _ => written.split(" then ").map(|l| l.as_bytes().to_vec()).collect(),
                };
                lines.push(json!({"jsonrpc": "2.0", "id": barrier, "result": {}}).to_string().into_bytes());
                Outcome::stdio(lines, End::Answered, barrier, true)
            }
        };
        judge(frames, &outcome, &OutputSchemas::new()).map(|v| v.rule)
    }

    /// What a Streamable HTTP server answered one POST: `HTTP N` or `nothing in time`, with a
    /// body that is `nothing`, JSON, a content type and its text (`text/plain pong`), or `an
    /// event stream still open` when the timeout came.
    /// In a session of `revision` (in a handshake revision the server issued it an id).
    fn over_http(frame: Frame, header: &str, revision: &str, status: &str, body: &str) -> Option<&'static str> {
        let frame = match header.split_once(": ") {
            None => frame,
            Some((name, value)) => Frame::Http(HttpFrame {
                method: "POST".into(),
                headers: vec![(name.to_string(), Some(value.to_string()))],
                body: Box::new(frame),
            }),
        };
        let posted = match status.strip_prefix("HTTP ") {
            None => Posted::failed(format!("{status}: no answer within 250ms")),
            Some(code) => {
                let (kind, text) = match body {
                    "nothing" => ("application/json", ""),
                    "an event stream still open" => ("text/event-stream", ""),
                    _ if body.starts_with('{') => ("application/json", body),
                    _ => body.split_once(' ').expect("a content type and its text"),
                };
                let text = match kind {
                    "text/event-stream" => format!("event: message\ndata: {text}\n\n"),
                    _ => text.to_string(),
                };
                let response = Response {
                    status: code.parse().expect("a status"),
                    headers: vec![("content-type".into(), kind.into())],
                    body: text.into_bytes(),
                    cut: body == "an event stream still open",
                    ..Response::default()
                };
                Posted::of(&response)
            }
        };
        let session = revision != crate::conform::revisions::MODERN;
        let http = HttpOutcome { posts: vec![posted], revision: revision.into(), session };
        let barrier = json!("fuzz-barrier");
        let outcome = Outcome {
            http: Some(http),
            barrier_note: "HTTP 200".into(),
            ..Outcome::stdio(vec![], End::Answered, barrier, true)
        };
        judge(std::slice::from_ref(&frame), &outcome, &OutputSchemas::new()).map(|v| v.rule)
    }

    #[test]
    fn every_row_of_the_fuzz_table_gets_its_rule() {
        let checks = crate::conform::suite::load(&[("fuzz/oracle.feature", TABLE)]).expect("the table parses");
        let stdio = Regex::new(r"^the fuzzer sends (.+) over stdio and the server (.+)$").unwrap();
        let cancel = Regex::new(r"^the fuzzer sends (\{.*\}) then (\{.*\}) over stdio and the server (.+)$").unwrap();
        let http =
            Regex::new(r"^the fuzzer posts (.+) with (.+) in a (\S+) session and the server answers (HTTP \d+|nothing in time) with (.+)$")
                .unwrap();
        let then = Regex::new(r"^the fuzz verdict is (\S+)$").unwrap();
        let mut failures = vec![];
        for check in &checks {
            let mut verdict = None;
            for step in &check.steps {
                let text = step.text.as_str();
                if let Some(c) = cancel.captures(text) {
                    verdict = Some(over_stdio(&[frame(&c[1]), frame(&c[2])], &c[3]));
                } else if let Some(c) = stdio.captures(text) {
                    verdict = Some(over_stdio(&[frame(&c[1])], &c[2]));
                } else if let Some(c) = http.captures(text) {
                    let header = if &c[2] == "no header bent" { "" } else { &c[2] };
                    verdict = Some(over_http(frame(&c[1]), header, &c[3], &c[4], &c[5]));
                } else if let Some(c) = then.captures(text) {
                    let wanted = Some(&c[1]).filter(|rule| *rule != "none");
                    let got = verdict.take().expect("a When before the Then");
                    if got != wanted {
                        failures.push(format!("{} ({}): expected {wanted:?}, got {got:?}", check.id, check.source));
                    }
                } else {
                    panic!("no step matches `{text}` ({})", check.source);
                }
            }
        }
        assert!(checks.len() >= 40, "the table has {} rows", checks.len());
        assert!(failures.is_empty(), "{failures:#?}");
        // Every rule the oracle can name has a row that names it.
        for rule in crate::fuzz::oracle::RULES {
            if rule.id != "tools.output-schema" {
                let row = format!("| {}", rule.id);
                assert!(TABLE.contains(&row), "no row of features/fuzz/oracle.feature names {}", rule.id);
            }
        }
    }
}
