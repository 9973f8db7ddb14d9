//! Parsing and validating record files: JSONL, a JSON array or object (or a stream of objects),
//! and Markdown with YAML front matter for hand-written records. Every record is checked against
//! `schemas/wire/kb_record.json`, then against what a schema cannot say (id and slug shapes,
//! http(s) URLs, kinds, version constraints, duplicates within the file). The first bad record refuses
//! the whole file, named by file, line and JSON pointer: a file is imported whole or not at all.

use super::version::Constraint;
use crate::guard::scrub;
use crate::spec::wire::kb_record::KbRecord;
use serde_json::Value;
use std::sync::OnceLock;

/// Why a file was refused: where (file, 1-based line of the record, JSON pointer inside it)
/// and what. `pointer` is "" when the record as a whole is wrong.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{file}:{line}: {}: {reason}", if pointer.is_empty() { "(record)" } else { pointer.as_str() })]
pub struct ImportError {
    pub file: String,
    pub line: usize,
    pub pointer: String,
    pub reason: String,
}

/// One valid record and the line it starts on.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    pub line: usize,
    pub record: KbRecord,
}

/// The formats a file can be in, chosen by its extension (`.md`/`.markdown`, `.jsonl`/`.ndjson`,
/// anything else: JSON, which also reads JSONL since it accepts a stream of values).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Json,
    Markdown,
}

impl Format {
    pub fn of(file: &str) -> Format {
        let lower = file.to_ascii_lowercase();
        if lower.ends_with(".md") || lower.ends_with(".markdown") { Format::Markdown } else { Format::Json }
    }
}

/// Parses and validates every record of one file; the first problem refuses the file.
pub fn parse(file: &str, text: &str) -> Result<Vec<Parsed>, ImportError> {
    parse_as(Format::of(file), file, text)
}

/// [`parse`] in an explicit format (the fuzz target tries both on the same bytes).
pub fn parse_as(format: Format, file: &str, text: &str) -> Result<Vec<Parsed>, ImportError> {
    let fail = |line: usize, pointer: &str, reason: String| ImportError {
        file: file.to_string(),
        line,
        pointer: pointer.to_string(),
        reason,
    };
    let values = match format {
        Format::Json => json_values(text).map_err(|(line, reason)| fail(line, "", reason))?,
        Format::Markdown => vec![front_matter(text).map_err(|(line, reason)| fail(line, "", reason))?],
    };
    let mut parsed = Vec::with_capacity(values.len());
    let (mut ids, mut slugs) = (std::collections::HashMap::new(), std::collections::HashMap::new());
    for (line, value) in values {
        let value = scrubbed(value);
        let record = check(&value).map_err(|(pointer, reason)| fail(line, &pointer, reason))?;
        if let Some(first) = ids.insert(record.id.to_string(), line) {
            return Err(fail(line, "/id", format!("id {} is already used on line {first}", *record.id)));
        }
        if let Some(first) = slugs.insert(record.slug.to_string(), line) {
            return Err(fail(line, "/slug", format!("slug {} is already used on line {first}", *record.slug)));
        }
        parsed.push(Parsed { line, record });
    }
    Ok(parsed)
}

/// Every string of a record through the write-path guard (invisible characters stripped,
/// secrets redacted) before it is checked and stored; keys are left for the schema to judge.
fn scrubbed(value: Value) -> Value {
    match value {
        Value::String(text) => Value::String(scrub(&text)),
        Value::Array(items) => Value::Array(items.into_iter().map(scrubbed).collect()),
        Value::Object(map) => Value::Object(map.into_iter().map(|(k, v)| (k, scrubbed(v))).collect()),
        other => other,
    }
}

/// Every top-level JSON value with the line it starts on: the elements of one array, or a
/// stream of objects (one JSON object, JSONL, or objects back to back).
fn json_values(text: &str) -> Result<Vec<(usize, Value)>, (usize, String)> {
    let start = text.len() - text.trim_start().len();
    let mut out = vec![];
    if text[start..].starts_with('[') {
        let mut at = start + 1;
        loop {
            at = skip_space(text, at);
            if text[at..].starts_with(']') && out.is_empty() {
                at += 1;
                break;
            }
            let (value, end) = one_value(text, at)?;
            out.push((line_of(text, at), value));
            at = skip_space(text, end);
            match text[at..].chars().next() {
                Some(',') => at += 1,
                Some(']') => {
                    at += 1;
                    break;
                }
                _ => return Err((line_of(text, at), "expected `,` or `]` after an array element".into())),
            }
        }
        let rest = skip_space(text, at);
        if rest < text.len() {
            return Err((line_of(text, rest), "text after the closing `]`".into()));
        }
        return Ok(out);
    }
    let mut at = start;
    while at < text.len() {
        let (value, end) = one_value(text, at)?;
        out.push((line_of(text, at), value));
        at = skip_space(text, end);
    }
    Ok(out)
}

/// One JSON value starting at byte `at`, and the byte after it.
fn one_value(text: &str, at: usize) -> Result<(Value, usize), (usize, String)> {
    let mut stream = serde_json::Deserializer::from_str(&text[at..]).into_iter::<Value>();
    match stream.next() {
        Some(Ok(value)) => Ok((value, at + stream.byte_offset())),
        // The line the record starts on, as for every other refusal; serde's message says where inside.
        Some(Err(e)) => Err((line_of(text, at), format!("not JSON: {e}"))),
        None => Err((line_of(text, at), "expected a record".into())),
    }
}

fn skip_space(text: &str, at: usize) -> usize {
    at + (text[at..].len() - text[at..].trim_start().len())
}

fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

/// The record of a Markdown file: YAML between a first line `---` and the next `---` line.
/// The body after it is the rationale when the front matter has none.
fn front_matter(text: &str) -> Result<(usize, Value), (usize, String)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.split_inclusive('\n');
    if lines.next().map(str::trim_end) != Some("---") {
        return Err((1, "a Markdown record starts with a `---` line, then YAML front matter".into()));
    }
    let mut yaml = String::new();
    let mut closed = false;
    for line in lines.by_ref() {
        if line.trim_end() == "---" {
            closed = true;
            break;
        }
        yaml.push_str(line);
    }
    if !closed {
        return Err((1, "the front matter has no closing `---` line".into()));
    }
    let body: String = lines.collect();
    let mut value: Value = serde_yaml_ng::from_str(&yaml).map_err(|e| {
        // YAML counts a lone `\r` as a line break, so its own line number can run past the
        // file's lines; its position, counted in this file's `\n` lines, cannot.
        let line = e.location().map_or(1, |l| {
            let at = yaml.char_indices().nth(l.index()).map_or(yaml.len(), |(byte, _)| byte);
            1 + line_of(&yaml, at)
        });
        (line, format!("front matter is not YAML: {e}"))
    })?;
    if let Value::Object(map) = &mut value
        && !map.contains_key("rationale")
        && !body.trim().is_empty()
    {
        map.insert("rationale".into(), Value::String(body.trim().to_string()));
    }
    Ok((1, value))
}

fn validator() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| {
        let schema: Value = serde_json::from_str(include_str!("../../schemas/wire/kb_record.json"))
            .expect("kb_record.json is JSON (checked at build time)");
        jsonschema::options()
            .should_validate_formats(true)
            .build(&schema)
            .expect("kb_record.json is a valid schema (checked by tests)")
    })
}

/// One value as a record: the schema first, then the rules it cannot state. The error is a
/// JSON pointer into the record and a reason.
pub fn check(value: &Value) -> Result<KbRecord, (String, String)> {
    if let Some(error) = validator().iter_errors(value).next() {
        return Err((pointer_of(&error), error.to_string()));
    }
    let text = |pointer: &str| value.pointer(pointer).and_then(Value::as_str).unwrap_or_default();
    let id = text("/id");
    let id_ok = id.starts_with(|c: char| c.is_ascii_alphanumeric())
        && id.chars().all(|c| c.is_ascii_alphanumeric() || "._:-".contains(c));
    if !id_ok {
        return Err(("/id".into(), format!("id {id:?}: letters, digits and `._:-`, starting with a letter or digit")));
    }
    let slug = text("/slug");
    if !slug.split('-').all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())) {
        return Err(("/slug".into(), format!("slug {slug:?}: lower-case letters and digits joined by single dashes")));
    }
    for (i, source) in value["sources"].as_array().into_iter().flatten().enumerate() {
        let url = source["url"].as_str().unwrap_or_default();
        if !(url.starts_with("https://") || url.starts_with("http://")) || url.contains(char::is_whitespace) {
            return Err((format!("/sources/{i}/url"), format!("{url:?} is not an http or https URL")));
        }
    }
    for (i, target) in value["applies_to"].as_array().into_iter().flatten().enumerate() {
        let kind = target["kind"].as_str().unwrap_or_default();
        if !kind.starts_with(|c: char| c.is_ascii_lowercase())
            || !kind.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err((
                format!("/applies_to/{i}/kind"),
                "one short lower-case word: letters, digits and `-`, starting with a letter \
                 (e.g. language, library, runtime, database, os, cloud, standard, practice)"
                    .to_string(),
            ));
        }
        if let Some(requirement) = target["version_constraint"].as_str() {
            Constraint::parse(requirement)
                .map_err(|e| (format!("/applies_to/{i}/version_constraint"), e.to_string()))?;
        }
    }
    for (name, requirement) in value["version_constraints"].as_object().into_iter().flatten() {
        let requirement = requirement.as_str().unwrap_or_default();
        Constraint::parse(requirement).map_err(|e| {
            let name = name.replace('~', "~0").replace('/', "~1");
            (format!("/version_constraints/{name}"), e.to_string())
        })?;
    }
    serde_json::from_value(value.clone()).map_err(|e| (String::new(), format!("does not fit the record type: {e}")))
}

/// The instance pointer of a schema error; a missing or unexpected property is named by its
/// own pointer, as the tool-argument validator does.
pub(crate) fn pointer_of(error: &jsonschema::ValidationError<'_>) -> String {
    use jsonschema::error::ValidationErrorKind as Kind;
    let mut pointer = error.instance_path().as_str().to_string();
    let named = match error.kind() {
        Kind::Required { property } => property.as_str().map(str::to_string),
        Kind::AdditionalProperties { unexpected } => unexpected.first().cloned(),
        _ => None,
    };
    if let Some(name) = named {
        pointer.push('/');
        pointer.push_str(&name.replace('~', "~0").replace('/', "~1"));
    }
    pointer
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use serde_json::json;

    /// A valid record, for tests to vary.
    pub fn record(id: &str, slug: &str) -> Value {
        json!({
            "id": id, "slug": slug, "title": "Pin the toolchain", "topic": "tooling",
            "summary": "Pin the Rust toolchain per repository.",
            "recommendation": "Commit a rust-toolchain.toml naming the channel.",
            "rationale": "Everyone builds with the same compiler.",
            "applies_to": [{"kind": "tool", "name": "rustup", "version_constraint": null}],
            "confidence": "high", "updated_at": "2026-10-01T00:00:00Z",
            "sources": [{"title": "Overrides", "url": "https://rust-lang.github.io/rustup/overrides.html",
                         "publisher": "rustup", "evidence_excerpt": "rust-toolchain.toml", "relation": "supports"}]
        })
    }

    fn jsonl(values: &[Value]) -> String {
        values.iter().map(|v| format!("{v}\n")).collect()
    }

    #[test]
    fn a_jsonl_file_of_valid_records_parses_with_their_lines() {
        let text = jsonl(&[record("a", "a-b"), record("b", "c-d")]);
        let parsed = parse("x.jsonl", &text).expect("valid");
        assert_eq!(parsed.iter().map(|p| p.line).collect::<Vec<_>>(), vec![1, 2]);
        assert!(parsed[0].record.conditions.is_empty());
    }

    #[test]
    fn a_bad_record_is_named_by_file_line_and_pointer() {
        let mut bad = record("b", "c-d");
        bad["applies_to"][0]["kind"] = json!("Space Ship");
        let text = jsonl(&[record("a", "a-b"), bad]);
        let e = parse("x.jsonl", &text).unwrap_err();
        assert_eq!((e.file.as_str(), e.line, e.pointer.as_str()), ("x.jsonl", 2, "/applies_to/0/kind"));
    }

    #[test]
    fn a_missing_and_an_unknown_field_are_named_by_their_own_pointers() {
        let mut missing = record("a", "a-b");
        missing.as_object_mut().unwrap().remove("summary");
        assert_eq!(parse("x.json", &missing.to_string()).unwrap_err().pointer, "/summary");
        let mut unknown = record("a", "a-b");
        unknown["score"] = json!(3);
        assert_eq!(parse("x.json", &unknown.to_string()).unwrap_err().pointer, "/score");
    }

    #[test]
    fn what_cannot_be_a_version_constraint_is_refused_at_its_pointer() {
        let mut bad = record("a", "a-b");
        bad["applies_to"][0]["version_constraint"] = json!("latest");
        let e = parse("x.json", &bad.to_string()).unwrap_err();
        assert_eq!((e.line, e.pointer.as_str()), (1, "/applies_to/0/version_constraint"));
        let mut bad = record("a", "a-b");
        bad["version_constraints"] = json!({"tokio": "one"});
        assert_eq!(parse("x.json", &bad.to_string()).unwrap_err().pointer, "/version_constraints/tokio");
    }

    /// Seed 002's own example (`≥16.0`) and what people write by hand import, kept as written.
    #[test]
    fn constraints_in_the_seeds_syntax_import_as_written() {
        for written in ["≥16.0", "≥ 16", "<= 16", "16", "16.x", ">=16 <18", "", "*"] {
            let mut good = record("a", "a-b");
            good["applies_to"][0]["version_constraint"] = json!(written);
            if !written.is_empty() {
                good["version_constraints"] = json!({"node": written});
            }
            let parsed = parse("x.json", &good.to_string()).unwrap_or_else(|e| panic!("{written:?}: {e}"));
            assert_eq!(parsed[0].record.applies_to[0].version_constraint.as_deref().map(String::as_str), Some(written));
        }
    }

    /// The seed names no list of kinds: any short lower-case word is one, so a record about a
    /// database is no longer refused whole.
    #[test]
    fn any_short_lower_case_word_is_a_kind() {
        for (kind, accepted) in [
            ("database", true),
            ("runtime", true),
            ("os", true),
            ("cloud", true),
            ("standard", true),
            ("practice", true),
            ("message-queue", true),
            ("k8s", true),
            ("Database", false),
            ("data base", false),
            ("-db", false),
            ("", false),
            ("a-very-long-kind-of-a-technology", false),
        ] {
            let mut one = record("a", "a-b");
            one["applies_to"][0]["kind"] = json!(kind);
            match parse("x.json", &one.to_string()) {
                Ok(_) => assert!(accepted, "{kind:?} was accepted"),
                Err(e) => assert!(!accepted && e.pointer == "/applies_to/0/kind", "{kind:?}: {e}"),
            }
        }
    }

    #[test]
    fn ids_slugs_and_urls_the_schema_cannot_shape_are_refused() {
        for (field, value, pointer) in [
            ("id", json!("-x"), "/id"),
            ("slug", json!("Not A Slug"), "/slug"),
            ("slug", json!("double--dash"), "/slug"),
        ] {
            let mut bad = record("a", "a-b");
            bad[field] = value;
            assert_eq!(parse("x.json", &bad.to_string()).unwrap_err().pointer, pointer);
        }
        let mut bad = record("a", "a-b");
        bad["sources"][0]["url"] = json!("javascript:alert(1)");
        assert_eq!(parse("x.json", &bad.to_string()).unwrap_err().pointer, "/sources/0/url");
    }

    #[test]
    fn secrets_and_invisible_characters_are_scrubbed_on_import() {
        let mut r = record("a", "a-b");
        r["summary"] = json!("Use key AKIAIOSFODNN7EXAMPLE\u{200B} here");
        let parsed = parse("x.json", &r.to_string()).expect("valid");
        let summary = parsed[0].record.summary.to_string();
        assert!(!summary.contains("AKIAIOSFODNN7EXAMPLE") && !summary.contains('\u{200B}'), "{summary}");
    }

    /// Found by the `kb_import` fuzz target: carriage returns made YAML report line 38 of a
    /// 7-line file.
    #[test]
    fn fuzz_a_yaml_error_after_carriage_returns_names_a_line_inside_the_file() {
        let text = "---\nid: a\nslug: b\r\r\r\r\rtitle: x: y\n---\n";
        let e = parse("r.md", text).unwrap_err();
        assert!(e.reason.contains("YAML"), "{e}");
        assert!((1..=text.split('\n').count()).contains(&e.line), "{e}");
        // An unclosed sequence is an error where the front matter ends: the closing `---`.
        assert_eq!(parse("r.md", "---\nid: [\n---\n").unwrap_err().line, 3);
    }

    #[test]
    fn a_duplicate_id_in_one_file_refuses_the_file() {
        let text = jsonl(&[record("a", "a-b"), record("a", "c-d")]);
        let e = parse("x.jsonl", &text).unwrap_err();
        assert_eq!((e.line, e.pointer.as_str()), (2, "/id"));
    }

    #[test]
    fn a_json_array_reports_the_line_each_element_starts_on() {
        let text = format!("[\n{},\n\n{}\n]\n", record("a", "a-b"), json!({"id": "b"}));
        let e = parse("x.json", &text).unwrap_err();
        assert_eq!((e.line, e.pointer.as_str()), (4, "/slug"));
        let ok = format!("[{}, {}]", record("a", "a-b"), record("b", "c-d"));
        assert_eq!(parse("x.json", &ok).expect("valid").len(), 2);
        assert!(parse("x.json", "[]").expect("empty").is_empty());
    }

    #[test]
    fn broken_json_is_refused_with_its_line() {
        let text = format!("{}\n{{\"id\": \n", record("a", "a-b"));
        let e = parse("x.jsonl", &text).unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.reason.contains("not JSON"), "{e}");
    }

    #[test]
    fn a_markdown_record_takes_its_body_as_the_rationale() {
        let text = "---\nid: md-1\nslug: md-one\ntitle: T\ntopic: testing\nsummary: S\nrecommendation: R\n\
                    applies_to: []\nconfidence: medium\nupdated_at: 2026-10-01T00:00:00Z\nsources:\n  - title: A\n    \
                    url: https://example.org/a\n    publisher: P\n    evidence_excerpt: E\n    relation: supports\n---\n\
                    Because tests.\n";
        let parsed = parse("r.md", text).expect("valid");
        assert_eq!(*parsed[0].record.rationale, "Because tests.");
        assert_eq!(parse("r.md", "no front matter").unwrap_err().line, 1);
        assert!(parse("r.md", "---\nid: [\n---\n").unwrap_err().reason.contains("YAML"));
    }
}
