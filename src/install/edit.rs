//! Pure edits of a client's configuration text: ctxlake's entry in, or out, and nothing else.
//! JSON and JSONC go through a concrete syntax tree (`jsonc-parser`'s CST) and TOML through
//! `toml_edit`, and YAML through `yaml-edit` (`edit::yaml`), so comments, key order, indentation
//! and every other entry stay as they were. A text that does not parse is an error naming the
//! position; nothing is produced from it.

use jsonc_parser::ParseOptions;
use jsonc_parser::cst::{CstInputValue, CstNode, CstObject, CstRootNode};
use serde_json::Value;

/// How a file is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Strict JSON (Claude Code, Cursor, Claude Desktop): comments are an error.
    Json,
    /// JSON with comments and trailing commas (VS Code).
    Jsonc,
    Toml,
    /// YAML (Goose, Hermes).
    Yaml,
}

/// What ctxlake owns in a file.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// The member `name` of the object at `parents` (e.g. `mcpServers.ctxlake`).
    Member { parents: Vec<&'static str>, name: &'static str, value: Value },
    /// The element of the array at `parents` whose JSON text contains `marker` (e.g. the
    /// SessionStart hook that runs `ctxlake briefing`).
    Element { parents: Vec<&'static str>, marker: String, value: Value },
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum EditError {
    /// Not valid for its format; the message names the line and column.
    #[error("not valid {format}: {message}")]
    Syntax { format: &'static str, message: String },
    /// Valid, but something ctxlake must write into has another shape.
    #[error("{at} is not {expected}, so ctxlake's entry cannot be added without changing it")]
    Shape { at: String, expected: &'static str },
    /// The edited text, read back, meant more than ctxlake's entry changed (`edit::yaml`).
    #[error(
        "ctxlake's {format} editor would change more of this file than its own entry, so it writes nothing; add the entry by hand (docs/install.md shows it)"
    )]
    Unfaithful { format: &'static str },
}

/// The text with ctxlake's entry added or replaced. `None` text: the file does not exist.
/// Returns the same text when the entry is already there as wanted.
pub fn install(text: Option<&str>, format: Format, edit: &Edit) -> Result<String, EditError> {
    let text = text.filter(|t| !t.trim().is_empty());
    match (format, text) {
        (Format::Toml, text) => toml_install(text.unwrap_or(""), edit),
        (Format::Yaml, text) => yaml::install(text.unwrap_or(""), edit),
        (_, None) => Ok(new_json(edit)),
        (_, Some(text)) => json_install(text, format, edit),
    }
}

/// The text without ctxlake's entry; `None` when the entry is not there.
pub fn uninstall(text: &str, format: Format, edit: &Edit) -> Result<Option<String>, EditError> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    match format {
        Format::Toml => toml_uninstall(text, edit),
        Format::Yaml => yaml::uninstall(text, edit),
        _ => json_uninstall(text, format, edit),
    }
}

/// ctxlake's entry as the file has it, whatever it says (for `doctor`); `None`: not there.
pub fn entry(text: &str, format: Format, edit: &Edit) -> Result<Option<Value>, EditError> {
    if format == Format::Yaml {
        return yaml::entry(text, edit);
    }
    let document = match format {
        Format::Toml => toml_to_json(parse_toml(text)?.as_item()),
        _ => parse_json(text, format)?.value().and_then(|v| v.to_serde_value()),
    };
    let Some(document) = document else { return Ok(None) };
    Ok(match edit {
        Edit::Member { parents, name, .. } => {
            parents.iter().try_fold(&document, |at, parent| at.get(parent)).and_then(|at| at.get(name)).cloned()
        }
        Edit::Element { parents, marker, .. } => parents
            .iter()
            .try_fold(&document, |at, parent| at.get(parent))
            .and_then(Value::as_array)
            .and_then(|items| items.iter().find(|item| item.to_string().contains(marker.as_str())))
            .cloned(),
    })
}

// --- JSON and JSONC ---

fn parse_json(text: &str, format: Format) -> Result<CstRootNode, EditError> {
    let name = if format == Format::Json { "JSON" } else { "JSON with comments" };
    if format == Format::Json {
        // The CST parser is lenient (comments, trailing commas); a strict file must stay strict.
        serde_json::from_str::<Value>(text).map_err(|e| EditError::Syntax { format: name, message: e.to_string() })?;
    }
    // JSON with comments is JSON plus comments and trailing commas, as VS Code, Zed and OpenCode
    // read it; the parser's other leniencies (missing commas, single quotes, JSON5 numbers) would
    // let ctxlake carry a file its client refuses forward as if it were fine.
    let jsonc = format == Format::Jsonc;
    let options = ParseOptions {
        allow_comments: jsonc,
        allow_trailing_commas: jsonc,
        allow_loose_object_property_names: false,
        allow_missing_commas: false,
        allow_single_quoted_strings: false,
        allow_hexadecimal_numbers: false,
        allow_unary_plus_numbers: false,
        allow_bare_decimal_point_numbers: false,
        allow_non_finite_numbers: false,
        allow_extended_string_escapes: false,
    };
    CstRootNode::parse(text, &options).map_err(|e| EditError::Syntax { format: name, message: e.to_string() })
}

fn root_object(root: &CstRootNode) -> Result<CstObject, EditError> {
    root.object_value_or_create().ok_or(EditError::Shape { at: "the top level".into(), expected: "an object" })
}

/// The object at `parents`, created where missing.
fn object_at(mut object: CstObject, parents: &[&str]) -> Result<CstObject, EditError> {
    for (depth, name) in parents.iter().enumerate() {
        object = object
            .object_value_or_create(name)
            .ok_or_else(|| EditError::Shape { at: parents[..=depth].join("."), expected: "an object" })?;
    }
    Ok(object)
}

/// The object at `parents` if it is there (and an object).
fn existing_object(mut object: CstObject, parents: &[&str]) -> Option<CstObject> {
    for name in parents {
        object = object.object_value(name)?;
    }
    Some(object)
}

fn json_install(text: &str, format: Format, edit: &Edit) -> Result<String, EditError> {
    let root = parse_json(text, format)?;
    let top = root_object(&root)?;
    match edit {
        Edit::Member { parents, name, value } => {
            let object = object_at(top, parents)?;
            match object.get(name) {
                Some(prop) if prop.value().and_then(|v| v.to_serde_value()).as_ref() == Some(value) => {
                    return Ok(text.to_string());
                }
                Some(prop) => prop.set_value(input(value)),
                None => {
                    object.append(name, input(value));
                }
            }
        }
        Edit::Element { parents, marker, value } => {
            let (last, path) = parents.split_last().expect("an element edit names its array");
            let array = object_at(top, path)?
                .array_value_or_create(last)
                .ok_or_else(|| EditError::Shape { at: parents.join("."), expected: "an array" })?;
            match find_element(&array.elements(), marker) {
                Some((_, current)) if current == *value => return Ok(text.to_string()),
                Some((index, _)) => {
                    array.elements()[index].clone().remove();
                    array.insert(index, input(value));
                }
                None => {
                    array.append(input(value));
                }
            }
        }
    }
    Ok(root.to_string())
}

fn json_uninstall(text: &str, format: Format, edit: &Edit) -> Result<Option<String>, EditError> {
    let root = parse_json(text, format)?;
    let Some(top) = root.object_value() else { return Ok(None) };
    match edit {
        Edit::Member { parents, name, .. } => {
            let Some(prop) = existing_object(top, parents).and_then(|o| o.get(name)) else { return Ok(None) };
            prop.remove();
        }
        Edit::Element { parents, marker, .. } => {
            let (last, path) = parents.split_last().expect("an element edit names its array");
            let Some(array) = existing_object(top, path).and_then(|o| o.array_value(last)) else { return Ok(None) };
            let elements = array.elements();
            let Some((index, _)) = find_element(&elements, marker) else { return Ok(None) };
            elements[index].clone().remove();
        }
    }
    Ok(Some(root.to_string()))
}

fn find_element(elements: &[CstNode], marker: &str) -> Option<(usize, Value)> {
    elements.iter().enumerate().find_map(|(index, node)| {
        let value = node.to_serde_value()?;
        value.to_string().contains(marker).then_some((index, value))
    })
}

/// A file that did not exist: just ctxlake's entry, pretty-printed.
fn new_json(edit: &Edit) -> String {
    let (parents, leaf) = match edit {
        Edit::Member { parents, name, value } => (parents.as_slice(), serde_json::json!({ *name: value })),
        Edit::Element { parents, value, .. } => {
            let (last, path) = parents.split_last().expect("an element edit names its array");
            (path, serde_json::json!({ *last: [value] }))
        }
    };
    let document = parents.iter().rev().fold(leaf, |inner, name| serde_json::json!({ *name: inner }));
    let mut text = serde_json::to_string_pretty(&document).expect("JSON values serialize");
    text.push('\n');
    text
}

fn input(value: &Value) -> CstInputValue {
    match value {
        Value::Null => CstInputValue::Null,
        Value::Bool(b) => CstInputValue::Bool(*b),
        Value::Number(n) => CstInputValue::Number(n.to_string()),
        Value::String(s) => CstInputValue::String(s.clone()),
        Value::Array(items) => CstInputValue::Array(items.iter().map(input).collect()),
        Value::Object(members) => CstInputValue::Object(members.iter().map(|(k, v)| (k.clone(), input(v))).collect()),
    }
}

// --- TOML ---

fn parse_toml(text: &str) -> Result<toml_edit::DocumentMut, EditError> {
    text.parse::<toml_edit::DocumentMut>()
        .map_err(|e| EditError::Syntax { format: "TOML", message: e.to_string().trim().to_string() })
}

fn toml_install(text: &str, edit: &Edit) -> Result<String, EditError> {
    let Edit::Member { parents, name, value } = edit else { unreachable!("TOML clients only take a member edit") };
    let mut document = parse_toml(text)?;
    let mut table: &mut dyn toml_edit::TableLike = document.as_table_mut();
    for (depth, parent) in parents.iter().enumerate() {
        let entry = table.entry(parent).or_insert_with(|| {
            let mut created = toml_edit::Table::new();
            // No empty `[mcp_servers]` header of our own: only `[mcp_servers.ctxlake]` shows.
            created.set_implicit(true);
            toml_edit::Item::Table(created)
        });
        table = entry
            .as_table_like_mut()
            .ok_or_else(|| EditError::Shape { at: parents[..=depth].join("."), expected: "a table" })?;
    }
    if table.get(name).and_then(toml_to_json).as_ref() == Some(value) {
        return Ok(text.to_string());
    }
    table.insert(name, toml_item(value));
    Ok(document.to_string())
}

fn toml_uninstall(text: &str, edit: &Edit) -> Result<Option<String>, EditError> {
    let Edit::Member { parents, name, .. } = edit else { unreachable!("TOML clients only take a member edit") };
    let mut document = parse_toml(text)?;
    let mut table: &mut dyn toml_edit::TableLike = document.as_table_mut();
    for parent in parents {
        match table.get_mut(parent).and_then(toml_edit::Item::as_table_like_mut) {
            Some(inner) => table = inner,
            None => return Ok(None),
        }
    }
    Ok(table.remove(name).map(|_| document.to_string()))
}

/// ctxlake's entry as TOML: objects become tables (`[mcp_servers.ctxlake]`, then
/// `[mcp_servers.ctxlake.env]`), everything else a value.
fn toml_item(value: &Value) -> toml_edit::Item {
    match value {
        Value::Object(members) => {
            let mut table = toml_edit::Table::new();
            for (key, member) in members {
                table.insert(key, toml_item(member));
            }
            toml_edit::Item::Table(table)
        }
        other => toml_edit::Item::Value(toml_value(other)),
    }
}

fn toml_value(value: &Value) -> toml_edit::Value {
    match value {
        Value::Bool(b) => (*b).into(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.into(),
            None => n.as_f64().unwrap_or_default().into(),
        },
        Value::Array(items) => toml_edit::Value::Array(items.iter().map(toml_value).collect()),
        Value::Object(members) => {
            let mut table = toml_edit::InlineTable::new();
            for (key, member) in members {
                table.insert(key, toml_value(member));
            }
            toml_edit::Value::InlineTable(table)
        }
        Value::Null => "".into(),
        Value::String(s) => s.as_str().into(),
    }
}

/// What an entry says, whichever way it is written (a table, an inline table, dotted keys).
fn toml_to_json(item: &toml_edit::Item) -> Option<Value> {
    match item {
        toml_edit::Item::Value(value) => Some(toml_value_to_json(value)),
        toml_edit::Item::Table(table) => {
            Some(Value::Object(table.iter().filter_map(|(k, v)| Some((k.to_string(), toml_to_json(v)?))).collect()))
        }
        _ => None,
    }
}

fn toml_value_to_json(value: &toml_edit::Value) -> Value {
    match value {
        toml_edit::Value::String(s) => Value::String(s.value().clone()),
        toml_edit::Value::Integer(i) => Value::from(*i.value()),
        toml_edit::Value::Float(f) => Value::from(*f.value()),
        toml_edit::Value::Boolean(b) => Value::Bool(*b.value()),
        toml_edit::Value::Datetime(d) => Value::String(d.value().to_string()),
        toml_edit::Value::Array(items) => Value::Array(items.iter().map(toml_value_to_json).collect()),
        toml_edit::Value::InlineTable(table) => {
            Value::Object(table.iter().map(|(k, v)| (k.to_string(), toml_value_to_json(v))).collect())
        }
    }
}

mod yaml;

#[cfg(test)]
mod tests;
