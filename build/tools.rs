//! Per tool family (`schemas/tools/<family>/family.json` plus `<tool>.input.json` and
//! `<tool>.output.json`): the typify types, a trait with one method per tool, a dispatcher
//! from tool name to method, and one entry per tool in `CATALOG`.

use heck::ToSnakeCase;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use std::path::Path;

pub fn generate(tools_dir: &Path) -> String {
    let mut families: Vec<_> = std::fs::read_dir(tools_dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", tools_dir.display()))
        .map(|entry| entry.expect("readable schemas/tools entry").path())
        .filter(|p| p.join("family.json").exists())
        .collect();
    families.sort();

    let mut modules = Vec::new();
    let mut catalog = Vec::new();
    for dir in &families {
        let (module, entries) = family(dir);
        modules.push(module);
        catalog.extend(entries);
    }
    let all = quote! {
        #(#modules)*
        /// Every tool ctxlake serves, in `tools/list` order.
        pub static CATALOG: &[crate::tools::ToolSpec] = &[#(#catalog),*];
    };
    let file: syn::File = syn::parse2(all).expect("generated tool code is valid Rust");
    prettyplease::unparse(&file)
}

fn family(dir: &Path) -> (TokenStream, Vec<TokenStream>) {
    let family_name = dir.file_name().and_then(|n| n.to_str()).expect("utf-8 family directory name").to_string();
    let index = super::types::read_json(&dir.join("family.json"));
    let trait_name = format_ident!("{}", index["trait"].as_str().expect("family.json names its trait"));
    let module = format_ident!("{}", family_name.to_snake_case());
    let tools = index["tools"].as_array().expect("family.json lists its tools");

    let mut space = super::types::space();
    let (mut methods, mut arms, mut catalog) = (Vec::new(), Vec::new(), Vec::new());
    for tool in tools {
        let name = tool["name"].as_str().expect("each tool has a name");
        let input_path = dir.join(format!("{name}.input.json"));
        let output_path = dir.join(format!("{name}.output.json"));
        let input_schema = super::types::read_json(&input_path);
        check_self_contained(&input_path, &input_schema);
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
            fn #method(&self, input: #input) -> Result<#output, crate::tools::ToolError>;
        });
        arms.push(quote! { #name => crate::tools::invoke(arguments, |input| handler.#method(input)), });
        catalog.push(catalog_entry(&family_name, name, tool, description, &input_path, &output_path));
    }
    let types = syn::parse2::<syn::File>(space.to_stream()).expect("typify emits valid Rust");
    let module_tokens = quote! {
        pub mod #module {
            #types
            /// One method per tool of this family; `crate::tools` implements it.
            pub trait #trait_name {
                #(#methods)*
            }
            /// Runs tool `name` with arguments already validated against its input schema,
            /// or returns `None` when this family has no such tool.
            pub fn call<H: #trait_name + ?Sized>(
                handler: &H,
                name: &str,
                arguments: serde_json::Value,
            ) -> Option<Result<crate::tools::Output, crate::tools::CallError>> {
                Some(match name {
                    #(#arms)*
                    _ => return None,
                })
            }
        }
    };
    (module_tokens, catalog)
}

fn catalog_entry(
    family: &str,
    name: &str,
    tool: &serde_json::Value,
    description: &str,
    input: &Path,
    output: &Path,
) -> TokenStream {
    let title = tool["title"].as_str().unwrap_or(name);
    let hint =
        |key: &str| tool["annotations"][key].as_bool().unwrap_or_else(|| panic!("tool {name} needs annotations.{key}"));
    let (read_only, destructive, idempotent, open_world) =
        (hint("readOnlyHint"), hint("destructiveHint"), hint("idempotentHint"), hint("openWorldHint"));
    let (input, output) = (input.display().to_string(), output.display().to_string());
    quote! {
        crate::tools::ToolSpec {
            family: #family,
            name: #name,
            title: #title,
            description: #description,
            input_schema: include_str!(#input),
            output_schema: include_str!(#output),
            read_only: #read_only,
            destructive: #destructive,
            idempotent: #idempotent,
            open_world: #open_world,
        }
    }
}

/// Many MCP clients cannot resolve `$ref`, so tool input schemas must stand alone.
fn check_self_contained(path: &Path, schema: &serde_json::Value) {
    let text = schema.to_string();
    assert!(!text.contains("\"$ref\""), "{} must be self-contained: no $ref", path.display());
    assert_eq!(schema["type"], "object", "{} must describe an object", path.display());
}
