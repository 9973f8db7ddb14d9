//! Arbitrary text as a client's configuration file (strict JSON, JSON with comments, TOML, YAML)
//! through `ctxlake install`'s edits. The table: install either refuses the text with a named
//! error, or gives a text that (1) parses in the same format, (2) holds ctxlake's entry exactly
//! as wanted, (3) is a fixed point of install (a second run changes nothing), and (4) keeps every
//! other member: taking ctxlake's entry out again gives what the file said before, ctxlake aside.
#![no_main]

use ctxlake::install::edit::{self, Edit, Format};
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let format = [Format::Json, Format::Jsonc, Format::Toml, Format::Yaml][usize::from(selector % 4)];
    let value =
        json!({"command": "/bin/ctxlake", "args": ["mcp"], "env": {"CTXLAKE_FLEET_ID": "f", "CTXLAKE_AGENT_ID": "a"}});
    let edit = match (format, selector & 0x80 != 0) {
        (Format::Toml | Format::Yaml, _) | (_, false) => {
            Edit::Member { parents: vec!["mcpServers"], name: "ctxlake", value: value.clone() }
        }
        (_, true) => Edit::Element {
            parents: vec!["hooks", "SessionStart"],
            marker: " briefing --format claude-code".into(),
            value: json!({"matcher": "", "hooks": [{"type": "command", "command": "x briefing --format claude-code"}]}),
        },
    };
    let wanted = match &edit {
        Edit::Member { value, .. } | Edit::Element { value, .. } => value.clone(),
    };
    let Ok(installed) = edit::install(Some(text), format, &edit) else { return };
    let entry = edit::entry(&installed, format, &edit).expect("install's output parses in its format");
    assert_eq!(entry.as_ref(), Some(&wanted), "install's output holds the entry: {installed:?}");
    assert_eq!(
        edit::install(Some(&installed), format, &edit).expect("parses"),
        installed,
        "a second install changes nothing"
    );
    let removed = edit::uninstall(&installed, format, &edit).expect("parses").expect("the entry is there to remove");
    assert_eq!(edit::entry(&removed, format, &edit).expect("parses"), None, "uninstall took the entry out");
    // Everything but ctxlake's entry is what the file said before install.
    if let (Some(before), Some(after)) = (document(text, format, &edit), document(&removed, format, &edit)) {
        assert_eq!(before, after, "install + uninstall kept the rest: {text:?} -> {removed:?}");
    }
});

/// The file's meaning with ctxlake's entry taken out, where the original text had a top-level
/// object (a text that only became one through install, like an empty file, is skipped).
fn document(text: &str, format: Format, edit: &Edit) -> Option<Value> {
    let mut value = match format {
        Format::Toml => serde_json::to_value(text.parse::<toml::Table>().ok()?).ok()?,
        Format::Json => serde_json::from_str(text).ok()?,
        Format::Yaml => serde_yaml_ng::from_str(text).ok()?,
        Format::Jsonc => {
            jsonc_parser::cst::CstRootNode::parse(text, &Default::default()).ok()?.value()?.to_serde_value()?
        }
    };
    let parents = match edit {
        Edit::Member { parents, .. } | Edit::Element { parents, .. } => parents,
    };
    let mut at = &mut value;
    for parent in &parents[..parents.len() - 1] {
        at = at.get_mut(*parent)?;
    }
    let last = parents.last()?;
    match edit {
        Edit::Member { name, .. } => {
            let container = at.get_mut(*last)?.as_object_mut()?;
            container.remove(*name);
            if container.is_empty() {
                at.as_object_mut()?.remove(*last);
            }
        }
        Edit::Element { marker, .. } => {
            let items = at.get_mut(*last)?.as_array_mut()?;
            items.retain(|item| !item.to_string().contains(marker.as_str()));
            if items.is_empty() {
                at.as_object_mut()?.remove(*last);
            }
        }
    }
    Some(value)
}
