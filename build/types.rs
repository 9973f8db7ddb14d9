//! typify over one schema file: a file with a root type adds that type and its `$defs`;
//! a file that is only a bag of `$defs` adds each definition.

use std::path::Path;
use typify::{TypeSpace, TypeSpaceSettings};

pub fn space() -> TypeSpace {
    let mut settings = TypeSpaceSettings::default();
    settings.with_struct_builder(false).with_derive("PartialEq".to_string());
    // A response's `result` (schemas/rpc/jsonrpc.json) is held as the JSON text the core
    // serialized once, not as a `serde_json::Map`: the frame copies it onto the wire as it is.
    settings.with_replacement("ResultObject", "crate::rpc::ResultObject", std::iter::empty());
    TypeSpace::new(&settings)
}

pub fn read_json(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

/// Adds the types of one schema file and returns the root type's name, if the file has one.
pub fn add_file(space: &mut TypeSpace, path: &Path) -> Option<String> {
    let mut json = read_json(path);
    send_empty_lists(&mut json);
    let root: schemars::schema::RootSchema = serde_json::from_value(json.clone())
        .unwrap_or_else(|e| panic!("{} is not a schema typify understands: {e}", path.display()));
    let has_root_type = ["type", "oneOf", "anyOf", "properties"].iter().any(|k| json.get(k).is_some());
    if !has_root_type {
        space.add_ref_types(root.definitions).unwrap_or_else(|e| panic!("typify failed on {}: {e}", path.display()));
        return None;
    }
    let id = space
        .add_root_schema(root)
        .unwrap_or_else(|e| panic!("typify failed on {}: {e}", path.display()))
        .unwrap_or_else(|| panic!("{} has no root type (give it a title)", path.display()));
    let name = space.get_type(&id).expect("typify returned this id").name();
    Some(name)
}

/// `"x-send-empty": true` on an optional array: sent whenever it is set, `[]` included. typify
/// skips an empty optional list when serializing (`skip_serializing_if = "Vec::is_empty"`), so
/// for typify alone such a property is read as `array | null`: the field becomes
/// `Option<Vec<_>>`, skipped only when `None`. The schema a client sees is unchanged (tools/list
/// drops `x-` keywords), and nothing ever sends `null`.
fn send_empty_lists(value: &mut serde_json::Value) {
    use serde_json::Value;
    match value {
        Value::Object(map) => {
            if map.get("x-send-empty") == Some(&Value::Bool(true)) {
                assert_eq!(map.get("type"), Some(&Value::from("array")), "x-send-empty is for arrays");
                map.insert("type".into(), serde_json::json!(["array", "null"]));
            }
            map.values_mut().for_each(send_empty_lists);
        }
        Value::Array(items) => items.iter_mut().for_each(send_empty_lists),
        _ => {}
    }
}

pub fn render(space: &TypeSpace) -> String {
    let file: syn::File = syn::parse2(space.to_stream()).expect("typify emits valid Rust");
    prettyplease::unparse(&file)
}
