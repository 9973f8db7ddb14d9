//! The one place generated code is included: typify types for every schema under `schemas/`,
//! and per tool family the trait, the dispatcher and the catalog (see `build.rs`).
#![allow(clippy::all, clippy::pedantic, missing_docs, dead_code, unused_imports)]

/// JSON-RPC 2.0 frames (`schemas/rpc/jsonrpc.json`).
pub mod rpc {
    include!(concat!(env!("OUT_DIR"), "/rpc.rs"));
}

/// MCP messages for every supported revision (`schemas/mcp/mcp.json`).
pub mod mcp {
    include!(concat!(env!("OUT_DIR"), "/mcp.rs"));
}

/// Wire formats: spool records and the cache files (`schemas/wire/`).
pub mod wire {
    pub mod spool {
        include!(concat!(env!("OUT_DIR"), "/wire_spool.rs"));
    }
    pub mod claim_event {
        include!(concat!(env!("OUT_DIR"), "/wire_claim_event.rs"));
    }
    pub mod claude_code {
        include!(concat!(env!("OUT_DIR"), "/wire_claude_code.rs"));
    }
    pub mod roster {
        include!(concat!(env!("OUT_DIR"), "/wire_roster.rs"));
    }
    pub mod leases {
        include!(concat!(env!("OUT_DIR"), "/wire_leases.rs"));
    }
    pub mod history {
        include!(concat!(env!("OUT_DIR"), "/wire_history.rs"));
    }
    pub mod lake {
        include!(concat!(env!("OUT_DIR"), "/wire_lake.rs"));
    }
    pub mod install {
        include!(concat!(env!("OUT_DIR"), "/wire_install.rs"));
    }
    pub mod doctor {
        include!(concat!(env!("OUT_DIR"), "/wire_doctor.rs"));
    }
    pub mod kb_record {
        include!(concat!(env!("OUT_DIR"), "/wire_kb_record.rs"));
    }
    pub mod lake_ops {
        include!(concat!(env!("OUT_DIR"), "/wire_lake_ops.rs"));
    }
    pub mod lake_export {
        include!(concat!(env!("OUT_DIR"), "/wire_lake_export.rs"));
    }
    pub mod http_session {
        include!(concat!(env!("OUT_DIR"), "/wire_http_session.rs"));
    }
}

/// `ctxlake conform`'s report and baseline files (`schemas/conform/`).
pub mod conform {
    pub mod report {
        include!(concat!(env!("OUT_DIR"), "/conform_report.rs"));
    }
    pub mod baseline {
        include!(concat!(env!("OUT_DIR"), "/conform_baseline.rs"));
    }
    pub mod client_rules {
        include!(concat!(env!("OUT_DIR"), "/conform_client_rules.rs"));
    }
}

/// Tool families: input/output types, one trait per family, `call`, and `CATALOG`
/// (`schemas/tools/<family>/`).
pub mod tools {
    include!(concat!(env!("OUT_DIR"), "/tools.rs"));
}

/// Resources and prompts: the URI variables, prompt arguments, the `Resources` and `Prompts`
/// traits, their dispatchers, and `TEMPLATES` and `PROMPTS` (`schemas/surface/`).
pub mod surface {
    include!(concat!(env!("OUT_DIR"), "/surface.rs"));
}
