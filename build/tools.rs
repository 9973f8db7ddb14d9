//! Per tool family (`schemas/tools/<family>/family.json` plus `<tool>.input.json` and
//! `<tool>.output.json`): the typify types, a trait with one method per tool, the defaults and
//! clamp ranges of integer arguments; across families: `ToolId`, the `Handlers` trait (one
//! accessor per family), `dispatch` (a tool's catalog entry to its method) and `CATALOG`.

use heck::{ToShoutySnakeCase, ToSnakeCase, ToUpperCamelCase};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use serde_json::Value;
use std::path::Path;

/// What one family contributes to the cross-family items.
struct Family {
    module: TokenStream,
    accessor: TokenStream,
    tools: Vec<ToolCode>,
}

struct ToolCode {
    variant: proc_macro2::Ident,
    arm: TokenStream,
    entry: TokenStream,
}

pub fn generate(schemas: &Path) -> String {
    let tools_dir = schemas.join("tools");
    let family_schema = super::types::read_json(&tools_dir.join("family.schema.json"));
    let family_validator = jsonschema::validator_for(&family_schema).expect("family.schema.json is a valid schema");
    let mut dirs: Vec<_> = std::fs::read_dir(&tools_dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", tools_dir.display()))
        .map(|entry| entry.expect("readable schemas/tools entry").path())
        .filter(|p| p.join("family.json").exists())
        .collect();
    dirs.sort();

    let families: Vec<Family> = dirs.iter().map(|dir| family(dir, schemas, &family_validator)).collect();
    let modules = families.iter().map(|f| &f.module);
    let accessors = families.iter().map(|f| &f.accessor);
    let tools: Vec<&ToolCode> = families.iter().flat_map(|f| &f.tools).collect();
    let variants = tools.iter().map(|t| &t.variant);
    let arms = tools.iter().map(|t| &t.arm);
    let entries = tools.iter().enumerate().map(|(index, t)| {
        let entry = &t.entry;
        quote! { crate::catalog::ToolSpec { index: #index, #entry } }
    });
    let all = quote! {
        #(#modules)*

        /// Every tool ctxlake serves, one variant each, in `tools/list` order.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ToolId { #(#variants),* }

        /// The handlers of every family, one accessor each; `crate::tools::Toolbox` implements it.
        pub trait Handlers: Send + Sync {
            #(#accessors)*
        }

        /// Runs the tool `spec` describes with arguments already validated against its input schema.
        pub fn dispatch<H: Handlers + ?Sized>(
            handlers: &H,
            spec: &crate::catalog::ToolSpec,
            arguments: serde_json::Value,
            call: &dyn crate::catalog::Call,
        ) -> Result<crate::catalog::Output, crate::catalog::CallError> {
            match spec.id {
                #(#arms)*
            }
        }

        /// Every tool ctxlake serves, in `tools/list` order.
        pub static CATALOG: &[crate::catalog::ToolSpec] = &[#(#entries),*];
    };
    let file: syn::File = syn::parse2(all).expect("generated tool code is valid Rust");
    prettyplease::unparse(&file)
}

fn family(dir: &Path, schemas: &Path, family_validator: &jsonschema::Validator) -> Family {
    let family_name = dir.file_name().and_then(|n| n.to_str()).expect("utf-8 family directory name").to_string();
    let index_path = dir.join("family.json");
    let index = super::types::read_json(&index_path);
    let problems: Vec<String> = family_validator.iter_errors(&index).map(|e| format!("{e}")).collect();
    assert!(problems.is_empty(), "{} is not a valid family.json: {}", index_path.display(), problems.join("; "));
    let trait_name = format_ident!("{}", index["trait"].as_str().expect("checked by family.schema.json"));
    let module = format_ident!("{}", family_name.to_snake_case());

    let mut space = super::types::space();
    let (mut methods, mut clamps, mut tools) = (Vec::new(), Vec::new(), Vec::new());
    for tool in index["tools"].as_array().expect("checked by family.schema.json") {
        let name = tool["name"].as_str().expect("checked by family.schema.json");
        let input_path = dir.join(format!("{name}.input.json"));
        let output_path = dir.join(format!("{name}.output.json"));
        let input_schema = super::types::read_json(&input_path);
        check_self_contained(&input_path, &input_schema);
        check_enum_sources(&input_path, &input_schema, schemas);
        clamps.extend(clamp_constants(&input_path, name, &input_schema));
        let input =
            format_ident!("{}", super::types::add_file(&mut space, &input_path).expect("input schema has a title"));
        let output =
            format_ident!("{}", super::types::add_file(&mut space, &output_path).expect("output schema has a title"));
        let description = input_schema["description"]
            .as_str()
            .unwrap_or_else(|| panic!("{} needs a description", input_path.display()));
        let method = format_ident!("{}", name);
        methods.push(quote! {
            #[doc = #description]
            fn #method(&self, call: &dyn crate::catalog::Call, input: #input) -> Result<#output, crate::catalog::ToolError>;
        });
        let variant = format_ident!("{}", name.to_upper_camel_case());
        tools.push(ToolCode {
            arm: quote! {
                ToolId::#variant => crate::catalog::invoke(arguments, |input| handlers.#module().#method(call, input)),
            },
            entry: catalog_entry(&family_name, &variant, name, tool, description, &input_path, &output_path),
            variant,
        });
    }
    let types = syn::parse2::<syn::File>(space.to_stream()).expect("typify emits valid Rust");
    let family_doc = format!("The `{family_name}` family's handlers (`schemas/tools/{family_name}/family.json`).");
    let module_tokens = quote! {
        pub mod #module {
            #types
            /// One method per tool of this family; `crate::tools` implements it.
            pub trait #trait_name: Send + Sync {
                #(#methods)*
            }
            #(#clamps)*
        }
    };
    Family {
        module: module_tokens,
        accessor: quote! { #[doc = #family_doc] fn #module(&self) -> &dyn #module::#trait_name; },
        tools,
    }
}

fn catalog_entry(
    family: &str,
    variant: &proc_macro2::Ident,
    name: &str,
    tool: &Value,
    description: &str,
    input: &Path,
    output: &Path,
) -> TokenStream {
    let title = tool["title"].as_str().expect("checked by family.schema.json");
    let hint = |key: &str| tool["annotations"][key].as_bool().expect("checked by family.schema.json");
    let (read_only, destructive, idempotent, open_world) =
        (hint("readOnlyHint"), hint("destructiveHint"), hint("idempotentHint"), hint("openWorldHint"));
    // Paths relative to the crate, so the generated code (and its golden) names no machine's folders.
    let relative = |path: &Path| {
        let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
        format!("/{}", path.strip_prefix(root).expect("schemas live in the crate").display())
    };
    let (input, output) = (relative(input), relative(output));
    quote! {
        id: ToolId::#variant,
        family: #family,
        name: #name,
        title: #title,
        description: #description,
        input_schema: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), #input)),
        output_schema: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), #output)),
        read_only: #read_only,
        destructive: #destructive,
        idempotent: #idempotent,
        open_world: #open_world,
    }
}

/// Many MCP clients cannot resolve `$ref`, so tool input schemas must stand alone.
fn check_self_contained(path: &Path, schema: &Value) {
    let text = schema.to_string();
    assert!(!text.contains("\"$ref\""), "{} must be self-contained: no $ref", path.display());
    assert_eq!(schema["type"], "object", "{} must describe an object", path.display());
}

/// An input property that copies a wire enum (tool inputs cannot `$ref` it) names its source
/// in `x-enum-from`; the two lists must be equal, so the enum has one source in effect.
pub fn check_enum_sources(path: &Path, schema: &Value, schemas: &Path) {
    for (property, definition) in properties(schema) {
        let Some(source) = definition.get("x-enum-from") else { continue };
        let source = source.as_str().unwrap_or_else(|| panic!("{}: x-enum-from is a string", path.display()));
        let (file, pointer) =
            source.split_once('#').unwrap_or_else(|| panic!("{}: {source} needs a #", path.display()));
        let wire = super::types::read_json(&schemas.join(file));
        let expected = wire.pointer(pointer).and_then(|d| d.get("enum"));
        assert_eq!(
            definition.get("enum"),
            expected,
            "{}: the enum of `{property}` differs from {source}; change both or neither",
            path.display()
        );
    }
}

/// `pub const <TOOL>_<ARG>: Clamp` for every integer argument with a `default` and an
/// `x-clamp: [min, max]`; the handler applies it, the schema itself rejects nothing.
fn clamp_constants(path: &Path, tool: &str, schema: &Value) -> Vec<TokenStream> {
    let mut constants = Vec::new();
    for (property, definition) in properties(schema) {
        let Some(range) = definition.get("x-clamp") else { continue };
        let bound = |i: usize| {
            range.get(i).and_then(Value::as_i64).unwrap_or_else(|| panic!("{}: x-clamp is [min, max]", path.display()))
        };
        let (min, max) = (bound(0), bound(1));
        let default = definition["default"]
            .as_i64()
            .unwrap_or_else(|| panic!("{}: `{property}` has x-clamp, so it needs an integer default", path.display()));
        assert!(min <= default && default <= max, "{}: `{property}` default outside its clamp", path.display());
        let description = definition["description"].as_str().unwrap_or_default();
        let stated = format!("default {default}, clamped to {min}..{max}");
        assert!(description.contains(&stated), "{}: `{property}` description must say \"{stated}\"", path.display());
        let constant = format_ident!("{}_{}", tool.to_shouty_snake_case(), property.to_shouty_snake_case());
        let doc = format!("`{tool}.{property}`: {stated}.");
        constants.push(quote! {
            #[doc = #doc]
            pub const #constant: crate::catalog::Clamp = crate::catalog::Clamp { default: #default, min: #min, max: #max };
        });
    }
    constants
}

fn properties(schema: &Value) -> impl Iterator<Item = (&String, &Value)> {
    schema["properties"].as_object().into_iter().flatten()
}
