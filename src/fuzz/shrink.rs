//! Shrinking a finding to a small reproducer: greedily, drop a frame, then simplify what is left
//! one step at a time (a member or element removed, a string halved or emptied, a number made
//! 0, a raw line halved), keeping a step only when a fresh server still breaks the same rule.

use super::frame::{Frame, HttpFrame};
use serde_json::{Value, json};
use std::time::Instant;

/// Shrinks `frames` while `still_fails` holds, trying at most `attempts` candidates and stopping
/// at `deadline`.
pub fn shrink(
    mut frames: Vec<Frame>,
    attempts: usize,
    deadline: Instant,
    mut still_fails: impl FnMut(&[Frame]) -> bool,
) -> Vec<Frame> {
    let mut tried = 0;
    'progress: loop {
        for candidate in candidates(&frames) {
            if tried >= attempts || Instant::now() >= deadline {
                return frames;
            }
            tried += 1;
            if still_fails(&candidate) {
                frames = candidate;
                continue 'progress;
            }
        }
        return frames;
    }
}

/// Every one-step simplification of a case, the largest steps first.
fn candidates(frames: &[Frame]) -> Vec<Vec<Frame>> {
    let mut out = vec![];
    if frames.len() > 1 {
        for at in 0..frames.len() {
            let mut fewer = frames.to_vec();
            fewer.remove(at);
            out.push(fewer);
        }
    }
    for (at, frame) in frames.iter().enumerate() {
        let simpler: Vec<Frame> = match frame {
            Frame::Json(value) => simpler(value).into_iter().map(Frame::Json).collect(),
            Frame::Raw(bytes) if bytes.len() > 1 => {
                vec![Frame::Raw(bytes[..bytes.len() / 2].to_vec()), Frame::Raw(bytes[bytes.len() / 2..].to_vec())]
            }
            Frame::Raw(_) => vec![],
            // Fewer bent headers, then a simpler body.
            Frame::Http(http) => {
                let mut out = vec![];
                for at in 0..http.headers.len() {
                    let mut fewer = http.clone();
                    fewer.headers.remove(at);
                    out.push(Frame::Http(fewer));
                }
                if let Frame::Json(body) = http.body.as_ref() {
                    for body in simpler(body) {
                        out.push(Frame::Http(HttpFrame { body: Box::new(Frame::Json(body)), ..http.clone() }));
                    }
                }
                out
            }
        };
        for replacement in simpler {
            let mut case = frames.to_vec();
            case[at] = replacement;
            out.push(case);
        }
    }
    out
}

/// One-step simplifications of `value`, at every depth.
fn simpler(value: &Value) -> Vec<Value> {
    let mut out = vec![];
    match value {
        Value::Object(map) => {
            for key in map.keys() {
                let mut smaller = map.clone();
                smaller.remove(key);
                out.push(Value::Object(smaller));
            }
            for (key, inner) in map {
                for replacement in simpler(inner) {
                    let mut changed = map.clone();
                    changed.insert(key.clone(), replacement);
                    out.push(Value::Object(changed));
                }
            }
        }
        Value::Array(items) => {
            for at in 0..items.len() {
                let mut smaller = items.clone();
                smaller.remove(at);
                out.push(Value::Array(smaller));
            }
            for (at, inner) in items.iter().enumerate() {
                for replacement in simpler(inner) {
                    let mut changed = items.clone();
                    changed[at] = replacement;
                    out.push(Value::Array(changed));
                }
            }
        }
        Value::String(text) if !text.is_empty() => {
            let half: String = text.chars().take(text.chars().count() / 2).collect();
            out.push(json!(half));
            out.push(json!(""));
        }
        Value::Number(n) if n.as_i64() != Some(0) => out.push(json!(0)),
        _ => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_shrinks_to_the_frame_and_the_member_that_break_the_rule() {
        let culprit = |frames: &[Frame]| {
            frames
                .iter()
                .any(|f| matches!(f, Frame::Json(v) if v.get("id").and_then(Value::as_i64).is_some_and(|id| id < 0)))
        };
        let case = vec![
            Frame::Json(json!({"jsonrpc": "2.0", "method": "notifications/x", "params": {"a": "bcd"}})),
            Frame::Json(json!({"jsonrpc": "2.0", "id": -17, "method": "ping", "params": {"x": [1, 2]}})),
            Frame::Raw(b"garbage".to_vec()),
        ];
        let shrunk = shrink(case, 1000, Instant::now() + std::time::Duration::from_secs(5), culprit);
        assert_eq!(shrunk, vec![Frame::Json(json!({"id": -17}))]);
    }
}
