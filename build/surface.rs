//! `schemas/surface/surface.json` plus `prompts/<name>.arguments.json`: what ctxlake serves
//! besides tools. Per resource template, a struct of its URI variables and two trait methods
//! (read one, list the instances when `listed`); per prompt, its typify arguments type and one
//! trait method; across both, `TemplateId`, `PromptId`, the dispatchers (`read`, `list`, `get`,
//! `complete_enum`) and the catalogs `TEMPLATES` and `PROMPTS`.

use heck::{ToSnakeCase, ToUpperCamelCase};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use serde_json::Value;
use std::path::Path;

pub fn generate(schemas: &Path) -> String {
    let dir = schemas.join("surface");
    let index_path = dir.join("surface.json");
    let index = super::types::read_json(&index_path);
    let schema = super::types::read_json(&dir.join("surface.schema.json"));
    let validator = jsonschema::validator_for(&schema).expect("surface.schema.json is a valid schema");
    let problems: Vec<String> = validator.iter_errors(&index).map(|e| format!("{e}")).collect();
    assert!(problems.is_empty(), "{} is not valid: {}", index_path.display(), problems.join("; "));

    let resources = resources(&index["resources"]);
    let prompts = prompts(&index["prompts"], &dir, schemas);
    let all = quote! { #resources #prompts };
    let file: syn::File = syn::parse2(all).expect("generated surface code is valid Rust");
    prettyplease::unparse(&file)
}

/// A template's variables: `{name}` path segments (required) and `{?a,b}` query members.
fn variables(template: &str) -> (Vec<String>, Vec<String>) {
    let (mut path, mut query) = (Vec::new(), Vec::new());
    for piece in template.split('{').skip(1) {
        let inner = piece.split('}').next().expect("checked by surface.schema.json");
        match inner.strip_prefix('?') {
            Some(members) => query.extend(members.split(',').map(str::to_string)),
            None => path.push(inner.to_string()),
        }
    }
    (path, query)
}

fn resources(section: &Value) -> TokenStream {
    let trait_name = format_ident!("{}", section["trait"].as_str().expect("checked by surface.schema.json"));
    let (mut structs, mut methods, mut variants, mut entries, mut read_arms, mut list_calls) =
        (vec![], vec![], vec![], vec![], vec![], vec![]);
    for (index, template) in section["templates"].as_array().expect("checked").iter().enumerate() {
        let text = |key: &str| template[key].as_str().expect("checked by surface.schema.json").to_string();
        let (name, uri_template, title, description, mime) =
            (text("name"), text("uriTemplate"), text("title"), text("description"), text("mimeType"));
        let listed = template["listed"].as_bool().expect("checked by surface.schema.json");
        let reads = text("reads");
        let variant = format_ident!("{}", name.to_upper_camel_case());
        let vars = format_ident!("{}Vars", name.to_upper_camel_case());
        let (path, query) = variables(&uri_template);
        let path_fields: Vec<_> = path.iter().map(|v| format_ident!("{}", v.to_snake_case())).collect();
        let query_fields: Vec<_> = query.iter().map(|v| format_ident!("{}", v.to_snake_case())).collect();
        let vars_doc = format!("The variables of `{uri_template}`.");
        structs.push(quote! {
            #[doc = #vars_doc]
            #[derive(Debug, Clone, PartialEq, Eq, Default)]
            pub struct #vars {
                #(pub #path_fields: String,)*
                #(pub #query_fields: Option<String>,)*
            }
            impl From<#vars> for crate::catalog::surface::Vars {
                fn from(vars: #vars) -> Self {
                    let mut map = crate::catalog::surface::Vars::new();
                    #(map.insert(#path.to_string(), vars.#path_fields);)*
                    #(if let Some(value) = vars.#query_fields { map.insert(#query.to_string(), value); })*
                    map
                }
            }
            impl From<crate::catalog::surface::Vars> for #vars {
                /// The matcher guarantees every path variable; a missing one reads as "".
                fn from(mut map: crate::catalog::surface::Vars) -> Self {
                    #vars {
                        #(#path_fields: map.remove(#path).unwrap_or_default(),)*
                        #(#query_fields: map.remove(#query),)*
                    }
                }
            }
        });
        let method = format_ident!("{}", name);
        let method_doc = format!("`{uri_template}` ({mime}): {description}");
        methods.push(quote! {
            #[doc = #method_doc]
            fn #method(&self, vars: #vars) -> Result<String, crate::catalog::surface::SurfaceError>;
        });
        read_arms.push(quote! { TemplateId::#variant => handlers.#method(vars.into()), });
        if listed {
            let list = format_ident!("{}_list", name);
            let list_doc = format!("The instances of `{uri_template}` resources/list enumerates.");
            methods.push(quote! {
                #[doc = #list_doc]
                fn #list(&self) -> Result<Vec<crate::catalog::surface::Listed<#vars>>, crate::catalog::surface::SurfaceError>;
            });
            list_calls.push(quote! {
                for listed in handlers.#list()? {
                    all.push((&TEMPLATES[#index], listed.map(Into::into)));
                }
            });
        }
        entries.push(quote! {
            crate::catalog::surface::TemplateSpec {
                id: TemplateId::#variant,
                name: #name,
                uri_template: #uri_template,
                title: #title,
                description: #description,
                mime_type: #mime,
                listed: #listed,
                reads: #reads,
            }
        });
        variants.push(variant);
    }
    quote! {
        #(#structs)*

        /// Every resource template ctxlake serves, in resources/templates/list order.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum TemplateId { #(#variants),* }

        /// One method per template to read an instance, and one per listed template to
        /// enumerate its instances; `crate::tools::surface` implements it.
        pub trait #trait_name: Send + Sync {
            #(#methods)*
            /// Values for the variable or prompt argument `name` that start with `prefix`
            /// (an argument with an enum is completed from it without asking).
            fn complete(&self, name: &str, prefix: &str) -> Result<Vec<String>, crate::catalog::surface::SurfaceError>;
        }

        /// Reads the instance of `spec` that `vars` (as the matcher found them) names.
        pub fn read<H: #trait_name + ?Sized>(
            handlers: &H,
            spec: &crate::catalog::surface::TemplateSpec,
            vars: crate::catalog::surface::Vars,
        ) -> Result<String, crate::catalog::surface::SurfaceError> {
            match spec.id { #(#read_arms)* }
        }

        /// Every listed template's instances, template by template in catalog order.
        pub fn list<H: #trait_name + ?Sized>(
            handlers: &H,
        ) -> Result<Vec<(&'static crate::catalog::surface::TemplateSpec, crate::catalog::surface::Listed<crate::catalog::surface::Vars>)>, crate::catalog::surface::SurfaceError> {
            let mut all = Vec::new();
            #(#list_calls)*
            Ok(all)
        }

        /// Every resource template ctxlake serves.
        pub static TEMPLATES: &[crate::catalog::surface::TemplateSpec] = &[#(#entries),*];
    }
}

fn prompts(section: &Value, dir: &Path, schemas: &Path) -> TokenStream {
    let trait_name = format_ident!("{}", section["trait"].as_str().expect("checked by surface.schema.json"));
    let mut space = super::types::space();
    let (mut methods, mut variants, mut entries, mut arms, mut enum_arms) = (vec![], vec![], vec![], vec![], vec![]);
    for prompt in section["prompts"].as_array().expect("checked").iter() {
        let text = |key: &str| prompt[key].as_str().expect("checked by surface.schema.json").to_string();
        let (name, title, description, reads) = (text("name"), text("title"), text("description"), text("reads"));
        let path = dir.join("prompts").join(format!("{name}.arguments.json"));
        let schema = super::types::read_json(&path);
        check_arguments(&path, &schema);
        super::tools::check_enum_sources(&path, &schema, schemas);
        let arguments =
            format_ident!("{}", super::types::add_file(&mut space, &path).expect("an arguments schema has a title"));
        let method = format_ident!("{}", name.to_snake_case());
        let variant = format_ident!("{}", name.to_upper_camel_case());
        let method_doc = format!("prompts/get `{name}`: {description}");
        methods.push(quote! {
            #[doc = #method_doc]
            fn #method(&self, arguments: #arguments) -> Result<Vec<crate::spec::mcp::PromptMessage>, crate::catalog::surface::SurfaceError>;
        });
        arms.push(quote! {
            PromptId::#variant => crate::catalog::surface::invoke(arguments, spec.arguments_schema, |arguments| handlers.#method(arguments)),
        });
        for (argument, definition) in schema["properties"].as_object().into_iter().flatten() {
            let Some(values) = definition.get("enum").and_then(Value::as_array) else { continue };
            let values: Vec<&str> = values.iter().map(|v| v.as_str().expect("checked: string enums")).collect();
            enum_arms.push(quote! { (PromptId::#variant, #argument) => Some(&[#(#values),*]), });
        }
        let relative = {
            let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
            format!("/{}", path.strip_prefix(root).expect("schemas live in the crate").display())
        };
        entries.push(quote! {
            crate::catalog::surface::PromptSpec {
                id: PromptId::#variant,
                name: #name,
                title: #title,
                description: #description,
                reads: #reads,
                arguments_schema: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), #relative)),
            }
        });
        variants.push(variant);
    }
    let types = syn::parse2::<syn::File>(space.to_stream()).expect("typify emits valid Rust");
    quote! {
        #types

        /// Every prompt ctxlake serves, in prompts/list order.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum PromptId { #(#variants),* }

        /// One method per prompt; `crate::tools::surface` implements it.
        pub trait #trait_name: Send + Sync {
            #(#methods)*
        }

        /// Runs the prompt `spec` describes with `arguments` (an object of strings).
        pub fn get<H: #trait_name + ?Sized>(
            handlers: &H,
            spec: &crate::catalog::surface::PromptSpec,
            arguments: serde_json::Value,
        ) -> Result<Vec<crate::spec::mcp::PromptMessage>, crate::catalog::surface::SurfaceError> {
            match spec.id { #(#arms)* }
        }

        /// The values of a prompt argument its schema enumerates, if it does.
        pub fn enum_values(spec: &crate::catalog::surface::PromptSpec, argument: &str) -> Option<&'static [&'static str]> {
            match (spec.id, argument) {
                #(#enum_arms)*
                _ => None,
            }
        }

        /// Every prompt ctxlake serves.
        pub static PROMPTS: &[crate::catalog::surface::PromptSpec] = &[#(#entries),*];
    }
}

/// MCP prompt arguments are strings: an arguments schema is a closed object of string
/// properties, each with a description (prompts/list shows it).
fn check_arguments(path: &Path, schema: &Value) {
    assert_eq!(schema["type"], "object", "{} must describe an object", path.display());
    assert_eq!(
        schema["additionalProperties"],
        false,
        "{} must be closed (additionalProperties: false)",
        path.display()
    );
    for (name, definition) in schema["properties"].as_object().into_iter().flatten() {
        assert_eq!(definition["type"], "string", "{}: prompt argument `{name}` must be a string", path.display());
        assert!(definition["description"].is_string(), "{}: `{name}` needs a description", path.display());
    }
}
