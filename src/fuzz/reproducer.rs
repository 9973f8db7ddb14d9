//! The reproducer file: what `ctxlake fuzz` writes for a finding and `--replay` and `--corpus`
//! read back. Version 1: `{"ctxlakeFuzzReproducer": 1, "rule", "sentence", "revision",
//! "frames": [{"json": …} | {"hex": "…"} | {"http": {"method", "headers", "body"}}]}`. A file is outside input: it is parsed whole and
//! refused with the field at fault before anything is sent.

use super::frame::Frame;
use super::oracle;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// The version this build writes and reads.
pub const VERSION: u64 = 1;

/// A reproducer: the rule it broke, the revision it was found in, its frames.
#[derive(Debug, Clone, PartialEq)]
pub struct Reproducer {
    pub rule: String,
    pub revision: String,
    pub frames: Vec<Frame>,
    /// Whether the frames broke the rule on a fresh process when written (a finding that needs
    /// the state an earlier case left is kept as found, not shrunk).
    pub reproduced: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum ReproducerError {
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{path}: {why}")]
    Refused { path: PathBuf, why: ParseError },
}

/// Why a reproducer's text is refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ParseError {
    #[error("not JSON: {0}")]
    NotJson(String),
    #[error("no `ctxlakeFuzzReproducer` version: not a reproducer")]
    NotAReproducer,
    #[error("reproducer version {0}; this ctxlake reads {VERSION}")]
    Version(u64),
    #[error("{pointer}: {why}")]
    Field { pointer: String, why: String },
}

fn field(pointer: &str, why: &str) -> ParseError {
    ParseError::Field { pointer: pointer.to_string(), why: why.to_string() }
}

/// A reproducer from its text.
pub fn parse(text: &str) -> Result<Reproducer, ParseError> {
    let value: Value = serde_json::from_str(text).map_err(|e| ParseError::NotJson(e.to_string()))?;
    match value.get("ctxlakeFuzzReproducer").and_then(Value::as_u64) {
        Some(VERSION) => {}
        Some(other) => return Err(ParseError::Version(other)),
        None => return Err(ParseError::NotAReproducer),
    }
    let text_of = |name: &str| value.get(name).and_then(Value::as_str).map(str::to_string);
    let frames = value.get("frames").and_then(Value::as_array).ok_or_else(|| field("/frames", "not an array"))?;
    let frames = frames
        .iter()
        .enumerate()
        .map(|(at, frame)| Frame::from_file(frame).map_err(|why| field(&format!("/frames/{at}"), &why)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Reproducer {
        rule: text_of("rule").unwrap_or_default(),
        // A revision goes into `initialize` and, over HTTP, a header: a date's characters only.
        revision: text_of("revision")
            .filter(|r| !r.is_empty() && r.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
            .ok_or_else(|| field("/revision", "missing, or not a revision (letters, digits and dashes)"))?,
        frames,
        reproduced: value.get("reproduced").and_then(Value::as_bool).unwrap_or(true),
    })
}

pub fn read(path: &Path) -> Result<Reproducer, ReproducerError> {
    let text =
        std::fs::read_to_string(path).map_err(|source| ReproducerError::Io { path: path.to_path_buf(), source })?;
    parse(&text).map_err(|why| ReproducerError::Refused { path: path.to_path_buf(), why })
}

/// The text of `reproducer`.
pub fn render(reproducer: &Reproducer) -> String {
    let body = json!({
        "ctxlakeFuzzReproducer": VERSION,
        "rule": reproducer.rule,
        "sentence": oracle::sentence(&reproducer.rule),
        "revision": reproducer.revision,
        "reproduced": reproducer.reproduced,
        "frames": reproducer.frames.iter().map(Frame::to_file).collect::<Vec<_>>(),
    });
    serde_json::to_string_pretty(&body).expect("a JSON value serializes")
}

/// Writes `reproducer` into `dir` as `<rule>-<12 hex of its sha256>.json`, staged and renamed so
/// that no reader ever sees half of one.
pub fn write(dir: &Path, reproducer: &Reproducer) -> Result<PathBuf, ReproducerError> {
    let io = |path: &Path, source| ReproducerError::Io { path: path.to_path_buf(), source };
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let text = render(reproducer);
    let digest: String = {
        use sha2::Digest as _;
        sha2::Sha256::digest(text.as_bytes()).iter().take(6).map(|b| format!("{b:02x}")).collect()
    };
    let path = dir.join(format!("{}-{digest}.json", reproducer.rule));
    let staged = dir.join(format!(".{}-{digest}.tmp", reproducer.rule));
    std::fs::write(&staged, text).map_err(|e| io(&staged, e))?;
    std::fs::rename(&staged, &path).map_err(|e| io(&path, e))?;
    Ok(path)
}

/// Every reproducer in `dir` (a missing folder is an empty corpus), in file-name order.
pub fn read_corpus(dir: &Path) -> Result<Vec<Reproducer>, ReproducerError> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Ok(vec![]) };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths.iter().map(|path| read(path)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reproducer_reads_back_as_written_and_a_bad_one_names_its_field() {
        let reproducer = Reproducer {
            rule: "server.stays-up".into(),
            revision: "2025-06-18".into(),
            frames: vec![
                Frame::Json(json!({"id": 1})),
                Frame::Raw(vec![0xff]),
                Frame::Http(crate::fuzz::frame::HttpFrame {
                    method: "DELETE".into(),
                    headers: vec![("Accept".into(), None), ("Origin".into(), Some("http://evil.example".into()))],
                    body: Box::new(Frame::Raw(vec![])),
                }),
            ],
            reproduced: false,
        };
        assert_eq!(parse(&render(&reproducer)), Ok(reproducer));
        assert_eq!(parse(r#"{"ctxlakeFuzzReproducer": 2}"#), Err(ParseError::Version(2)));
        assert_eq!(parse("{}"), Err(ParseError::NotAReproducer));
        let bad_frame = r#"{"ctxlakeFuzzReproducer": 1, "revision": "r", "frames": [{"hex": "zz"}]}"#;
        assert!(matches!(parse(bad_frame), Err(ParseError::Field { pointer, .. }) if pointer == "/frames/0"));
        let http = |frame: &str| {
            format!(r#"{{"ctxlakeFuzzReproducer": 1, "revision": "r", "frames": [{{"http": {frame}}}]}}"#)
        };
        for bad in [
            r#"{"method": "GET / HTTP/1.1\r\nX:", "headers": [], "body": {"hex": ""}}"#,
            r#"{"method": "GET", "headers": [["X-A", "b\r\nInjected: 1"]], "body": {"hex": ""}}"#,
            r#"{"method": "GET", "headers": [["X A", "b"]], "body": {"hex": ""}}"#,
            r#"{"method": "GET", "headers": [["X-A"]], "body": {"hex": ""}}"#,
            r#"{"method": "GET", "headers": [], "body": {"http": {}}}"#,
        ] {
            assert!(matches!(parse(&http(bad)), Err(ParseError::Field { .. })), "{bad}");
        }
    }
}
