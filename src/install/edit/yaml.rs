//! ctxlake's entry in and out of a YAML configuration (Goose, Hermes), through `yaml-edit`'s
//! lossless syntax tree, so comments, key order, quoting and every other entry stay as they were.
//!
//! The file is read twice: `serde_yaml_ng` says what it means (and, for a file that is not YAML,
//! where it stops being YAML), `yaml-edit` changes its text. Every edit is then read back and
//! must mean exactly the old file with ctxlake's entry set or removed; an edit that would change
//! anything else is refused and nothing is written. YAML has more ways to say one thing than the
//! JSON and TOML editors meet (anchors, flow and block styles, tags), and this check, not the
//! editor's care, is what holds the "only ctxlake's entry changes" promise.

use super::{Edit, EditError};
use serde_json::{Map, Value};
use std::str::FromStr;
use yaml_edit::{MappingBuilder, ScalarValue, SequenceBuilder, YamlFile};

const FORMAT: &str = "YAML";

/// What the text means; an empty file (or one holding only comments) means nothing: `Null`.
fn meaning(text: &str) -> Result<Value, EditError> {
    if text.trim().is_empty() {
        return Ok(Value::Null);
    }
    serde_yaml_ng::from_str::<Value>(text).map_err(|e| EditError::Syntax { format: FORMAT, message: e.to_string() })
}

fn tree(text: &str) -> Result<YamlFile, EditError> {
    YamlFile::from_str(text).map_err(|e| EditError::Syntax { format: FORMAT, message: e.to_string() })
}

fn member(edit: &Edit) -> (&[&'static str], &'static str, &Value) {
    match edit {
        Edit::Member { parents, name, value } => (parents, name, value),
        Edit::Element { .. } => unreachable!("YAML clients only take a member edit"),
    }
}

pub(super) fn install(text: &str, edit: &Edit) -> Result<String, EditError> {
    let (parents, name, value) = member(edit);
    let before = meaning(text)?;
    check_shape(&before, parents)?;
    if at(&before, parents).and_then(|o| o.get(name)) == Some(value) {
        return Ok(text.to_string());
    }
    let Value::Object(members) = value else { unreachable!("a client's entry is a mapping") };
    let file = tree(text)?;
    let document = file.ensure_document();
    let mut mapping =
        document.as_mapping().ok_or(EditError::Shape { at: "the top level".into(), expected: "a mapping" })?;
    for parent in parents {
        mapping = mapping.entry(*parent).or_insert_mapping();
    }
    mapping.set(name, fill(MappingBuilder::new(), members).build_document().as_mapping().expect("a built mapping"));
    let after = file.to_string();
    let mut expected = if before.is_null() { Value::Object(Map::new()) } else { before };
    set(&mut expected, parents, name, value);
    faithful(&after, &expected)?;
    // What install writes, uninstall must be able to take out again: yaml-edit reads a few
    // unusual files (complex `?` keys, found by fuzzing) otherwise than serde does.
    match uninstall(&after, edit) {
        Ok(Some(_)) => Ok(after),
        _ => Err(EditError::Unfaithful { format: FORMAT }),
    }
}

pub(super) fn uninstall(text: &str, edit: &Edit) -> Result<Option<String>, EditError> {
    let (parents, name, _) = member(edit);
    let mut expected = meaning(text)?;
    let Some(Value::Object(parent)) = at_mut(&mut expected, parents) else { return Ok(None) };
    if parent.remove(name).is_none() {
        return Ok(None);
    }
    // The entry is there: a tree that cannot find it reads the file otherwise than serde does.
    let unfaithful = || EditError::Unfaithful { format: FORMAT };
    let file = tree(text)?;
    let mut mapping = file.documents().next().and_then(|d| d.as_mapping()).ok_or_else(unfaithful)?;
    for parent in parents {
        mapping = mapping.get_mapping(parent).ok_or_else(unfaithful)?;
    }
    mapping.remove(name).ok_or_else(unfaithful)?;
    let after = file.to_string();
    faithful(&after, &expected)?;
    Ok(Some(after))
}

/// ctxlake's entry as the file has it (for `doctor`).
pub(super) fn entry(text: &str, edit: &Edit) -> Result<Option<Value>, EditError> {
    let (parents, name, _) = member(edit);
    Ok(at(&meaning(text)?, parents).and_then(|o| o.get(name)).cloned())
}

/// The top level and every parent must be a mapping where they exist (an empty value, `key:`,
/// counts as absent: it becomes the mapping).
fn check_shape(document: &Value, parents: &[&str]) -> Result<(), EditError> {
    let mut current = document;
    for depth in 0..=parents.len() {
        match current {
            Value::Null => return Ok(()),
            // A merge key (`<<: *base`) adds entries serde does not show, which ctxlake's own
            // mapping would then hide from the client (PyYAML applies merges).
            Value::Object(members) if members.contains_key("<<") => {
                return Err(EditError::Unfaithful { format: FORMAT });
            }
            Value::Object(members) => match parents.get(depth) {
                Some(parent) => current = members.get(*parent).unwrap_or(&Value::Null),
                None => return Ok(()),
            },
            _ => {
                let at = if depth == 0 { "the top level".to_string() } else { parents[..depth].join(".") };
                return Err(EditError::Shape { at, expected: "a mapping" });
            }
        }
    }
    Ok(())
}

fn at<'a>(document: &'a Value, parents: &[&str]) -> Option<&'a Map<String, Value>> {
    parents.iter().try_fold(document, |at, parent| at.get(parent))?.as_object()
}

fn at_mut<'a>(document: &'a mut Value, parents: &[&str]) -> Option<&'a mut Value> {
    parents.iter().try_fold(document, |at, parent| at.get_mut(*parent))
}

/// `document` with `parents.name` set to `value`, parents created (or an empty one filled).
fn set(document: &mut Value, parents: &[&str], name: &str, value: &Value) {
    let mut current = document;
    for parent in parents {
        let Value::Object(members) = current else { unreachable!("shapes are checked first") };
        let next = members.entry(parent.to_string()).or_insert(Value::Null);
        if next.is_null() {
            *next = Value::Object(Map::new());
        }
        current = next;
    }
    if let Value::Object(members) = current {
        members.insert(name.to_string(), value.clone());
    }
}

/// The edited text must mean `expected`: nothing but ctxlake's entry changed.
fn faithful(after: &str, expected: &Value) -> Result<(), EditError> {
    match meaning(after) {
        Ok(meant) if &meant == expected => Ok(()),
        _ => Err(EditError::Unfaithful { format: FORMAT }),
    }
}

/// Every string of ctxlake's entry double-quoted: yaml-edit leaves plain what YAML 1.2 reads as a
/// string, but YAML 1.1 readers (PyYAML, which Hermes uses) read `1_000` or `1:30` as numbers.
fn quoted(text: &str) -> ScalarValue {
    ScalarValue::double_quoted(text)
}

fn fill(mut builder: MappingBuilder, members: &Map<String, Value>) -> MappingBuilder {
    for (key, value) in members {
        builder = match value {
            Value::Object(inner) => builder.mapping(key.as_str(), |m| fill(m, inner)),
            Value::Array(items) => builder.sequence(key.as_str(), |s| fill_sequence(s, items)),
            Value::String(s) => builder.pair(key.as_str(), quoted(s)),
            Value::Bool(b) => builder.pair(key.as_str(), *b),
            Value::Number(n) => match n.as_i64() {
                Some(i) => builder.pair(key.as_str(), i),
                None => builder.pair(key.as_str(), n.as_f64().unwrap_or_default()),
            },
            Value::Null => builder.pair(key.as_str(), Option::<&str>::None),
        };
    }
    builder
}

fn fill_sequence(mut builder: SequenceBuilder, items: &[Value]) -> SequenceBuilder {
    for item in items {
        builder = match item {
            Value::Object(inner) => builder.mapping(|m| fill(m, inner)),
            Value::Array(inner) => builder.sequence(|s| fill_sequence(s, inner)),
            Value::String(s) => builder.item(quoted(s)),
            Value::Bool(b) => builder.item(*b),
            Value::Number(n) => match n.as_i64() {
                Some(i) => builder.item(i),
                None => builder.item(n.as_f64().unwrap_or_default()),
            },
            Value::Null => builder.item(Option::<&str>::None),
        };
    }
    builder
}
