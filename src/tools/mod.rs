//! The handlers behind the generated traits, one file per family. A handler gets typed,
//! validated input and returns typed output; a refusal on its own terms is a
//! `catalog::ToolError`. Handlers import `catalog`, never `rpc`: the protocol is not theirs.
//! A new family is a schema folder, one file here, and one accessor in `Toolbox`.

pub mod context;
pub mod fleet;
pub mod knowledge;
pub mod memory;
pub mod paging;
pub mod requests;
pub mod skills;
pub mod surface;

use crate::catalog::surface::{Listed, PromptSpec, Surface, SurfaceError, TemplateSpec, Vars};
use crate::catalog::{Call, CallError, Output, ToolSpec, Tools};
use crate::knowledge::searches::SearchLog;
use crate::spec::mcp::PromptMessage;
use crate::spec::tools::{Handlers, dispatch};
use serde_json::Value;
use std::sync::Arc;

/// Every tool family's handler: what `ctxlake mcp` (and later `ctxlake serve`) runs tools with.
pub struct Toolbox {
    pub fleet: fleet::FleetTools,
    pub memory: Arc<memory::MemoryTools>,
    pub knowledge: Arc<knowledge::KnowledgeTools>,
    pub context: context::ContextTools,
    /// What the resources and prompts read beyond the tools (the briefing, the fleet's name).
    ctx: crate::config::Ctx,
    /// The skills last built (`skills.rs`), until the knowledge base or the snapshot changes.
    built_skills: skills::Built,
}

impl Toolbox {
    /// The toolbox of `ctx`, with a search log of its own (one process, one toolbox).
    pub fn new(ctx: crate::config::Ctx) -> Toolbox {
        let searches = Arc::new(SearchLog::new(&ctx.kb_path));
        Toolbox::sharing(ctx, searches)
    }

    /// The toolbox of `ctx`, counting knowledge searches in `searches`: `serve` builds a toolbox
    /// per scope over one knowledge store, and its console reads their counts from one log.
    pub fn sharing(ctx: crate::config::Ctx, searches: Arc<SearchLog>) -> Toolbox {
        let knowledge = Arc::new(knowledge::KnowledgeTools::new(&ctx, searches));
        let memory = Arc::new(memory::MemoryTools::new(ctx.clone()));
        // Context packs read through the same snapshot and knowledge base handles.
        let context = context::ContextTools::new(ctx.clone(), memory.clone(), knowledge.clone());
        Toolbox {
            fleet: fleet::FleetTools::new(ctx.clone()),
            memory,
            knowledge,
            context,
            ctx,
            built_skills: Default::default(),
        }
    }
}

impl Handlers for Toolbox {
    fn context(&self) -> &dyn crate::spec::tools::context::Context {
        &self.context
    }

    fn fleet(&self) -> &dyn crate::spec::tools::fleet::Fleet {
        &self.fleet
    }

    fn memory(&self) -> &dyn crate::spec::tools::memory::Memory {
        &*self.memory
    }

    fn knowledge(&self) -> &dyn crate::spec::tools::knowledge::Knowledge {
        &*self.knowledge
    }
}

impl Tools for Toolbox {
    fn call(&self, spec: &'static ToolSpec, arguments: Value, call: &dyn Call) -> Result<Output, CallError> {
        dispatch(self, spec, arguments, call)
    }

    fn surface(&self) -> Option<&dyn Surface> {
        Some(self)
    }
}

impl Surface for Toolbox {
    fn list(&self) -> Result<Vec<(&'static TemplateSpec, Listed<Vars>)>, SurfaceError> {
        crate::spec::surface::list(self)
    }

    fn read(&self, spec: &'static TemplateSpec, vars: Vars) -> Result<String, SurfaceError> {
        crate::spec::surface::read(self, spec, vars)
    }

    fn prompt(&self, spec: &'static PromptSpec, arguments: Value) -> Result<Vec<PromptMessage>, SurfaceError> {
        crate::spec::surface::get(self, spec, arguments)
    }

    fn complete(&self, name: &str, prefix: &str) -> Result<Vec<String>, SurfaceError> {
        crate::spec::surface::Resources::complete(self, name, prefix)
    }

    fn skills(&self) -> Result<Arc<Vec<crate::catalog::skills::Served>>, SurfaceError> {
        self.build_skills()
    }
}
