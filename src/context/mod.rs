//! Context packs (seed 003, the `context` tool): the pure part of compiling one. Which facets an
//! intent asks for and in what order, the per-layer caps and per-facet counts, lineage dedup,
//! and the round-robin that fills a pack; `markdown.rs` renders it within a token budget.
//! No I/O: `tools::context` reads the cache, the snapshot and the knowledge base into
//! [`Candidate`]s and hands them here. docs/context.md has the tables.

pub mod markdown;

use crate::snapshot::lexical::query_terms;
use crate::spec::tools::context::{ContextInputIntent as Intent, ContextInputLayer as Layer};
use crate::spec::tools::context::{ContextItem, ContextSection, ContextSectionFacet as Facet};
use std::collections::{HashSet, VecDeque};

/// The intent → facets table, in the order sections appear and facets are served.
/// Sibyl's table (docs/context.md), without `prior_art` (not a public facet) and `review`
/// (not an MCP intent).
pub fn intent_facets(intent: Intent) -> &'static [Facet] {
    use Facet::*;
    match intent {
        Intent::Build => &[ActiveWork, Decisions, Constraints, Procedures, Gotchas, Artifacts, RecentMemory],
        Intent::Plan => &[Planning, Decisions, Ideation, Domain, Constraints, ActiveWork],
        Intent::Ideate => &[Ideation, Domain, Decisions, Planning, RecentMemory],
        Intent::Research => &[Domain, Artifacts, RecentMemory, Decisions, Constraints],
        Intent::Debug => &[Gotchas, Procedures, Verification, Artifacts, ActiveWork, RecentMemory],
        Intent::Decide => &[Decisions, Ideation, Domain, Constraints, Planning],
        Intent::Learn => &[RecentMemory, Domain, Procedures, Gotchas, Decisions],
        Intent::General => &[ActiveWork, Decisions, Planning, Ideation, Domain, Procedures, RecentMemory],
    }
}

/// The facets `wake` keeps, in this priority, when the intent has them.
pub const WAKE_FACETS: &[Facet] =
    &[Facet::RecentMemory, Facet::ActiveWork, Facet::Decisions, Facet::Gotchas, Facet::Procedures];

/// The most items a pack of `layer` holds, whatever `limit` says.
pub fn layer_cap(layer: Layer) -> usize {
    match layer {
        Layer::Wake => 8,
        Layer::Recall => 24,
        Layer::DeepSearch => 50,
    }
}

/// A facet's section title.
pub fn title(facet: Facet) -> &'static str {
    match facet {
        Facet::ActiveWork => "Active Work",
        Facet::Artifacts => "Artifacts",
        Facet::Constraints => "Constraints",
        Facet::Decisions => "Decisions",
        Facet::Domain => "Domain Knowledge",
        Facet::Gotchas => "Gotchas",
        Facet::Ideation => "Ideas",
        Facet::Planning => "Plans",
        Facet::Procedures => "Procedures",
        Facet::RecentMemory => "Recent Memory",
        Facet::Verification => "Verification",
    }
}

/// How one pack is shaped: its facets in order, how many items in all and per facet, and
/// whether related items are attached.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub facets: Vec<Facet>,
    pub limit: usize,
    pub per_facet: usize,
    pub related_limit: usize,
}

impl Plan {
    /// `limit` is already clamped to 1..=50 by the tool's schema clamp; the layer caps it again.
    pub fn new(intent: Intent, layer: Layer, limit: usize, include_related: bool, related_limit: usize) -> Plan {
        let all = intent_facets(intent);
        let facets: Vec<Facet> = match layer {
            Layer::Wake => {
                let kept: Vec<Facet> = WAKE_FACETS.iter().copied().filter(|f| all.contains(f)).collect();
                if kept.is_empty() { all.iter().copied().take(3).collect() } else { kept }
            }
            _ => all.to_vec(),
        };
        let limit = limit.clamp(1, layer_cap(layer));
        let per_facet = limit.div_ceil(facets.len()).clamp(2, 8);
        // Related items are a working-context aid; a wake pack is a compact session start.
        let related_limit = if include_related && layer != Layer::Wake { related_limit } else { 0 };
        Plan { facets, limit, per_facet, related_limit }
    }
}

/// An item a source offers for a facet, before selection.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub facet: Facet,
    pub item: ContextItem,
    /// What the item is a restatement of: ids and normalized texts. Two candidates sharing a
    /// key are one piece of memory; the better ranked one is kept.
    pub lineage: Vec<String>,
}

/// The pack: facets in plan order, each best first, lineage duplicates dropped, at most
/// `plan.limit` items. Facets take turns (leading facets first), each capped at
/// `plan.per_facet` while another facet still has items; room left then goes round-robin to
/// the facets that still have some. Also how many candidates were dropped as duplicates.
pub fn select(candidates: Vec<Candidate>, plan: &Plan) -> (Vec<ContextSection>, usize) {
    let mut queues: Vec<VecDeque<Candidate>> = plan
        .facets
        .iter()
        .map(|facet| {
            let mut mine: Vec<Candidate> = candidates.iter().filter(|c| c.facet == *facet).cloned().collect();
            mine.sort_by(|a, b| b.item.score.total_cmp(&a.item.score).then_with(|| a.item.id.cmp(&b.item.id)));
            mine.into()
        })
        .collect();
    let mut chosen: Vec<Vec<Candidate>> = vec![vec![]; plan.facets.len()];
    let mut seen: HashSet<String> = HashSet::new();
    let mut duplicates = 0;
    let mut total = 0;
    for capped in [true, false] {
        loop {
            let mut progressed = false;
            for (i, queue) in queues.iter_mut().enumerate() {
                if total == plan.limit || (capped && chosen[i].len() >= plan.per_facet) {
                    continue;
                }
                while let Some(candidate) = queue.pop_front() {
                    if candidate.lineage.iter().any(|key| seen.contains(key)) {
                        duplicates += 1;
                        continue;
                    }
                    seen.extend(candidate.lineage.iter().cloned());
                    chosen[i].push(candidate);
                    total += 1;
                    progressed = true;
                    break;
                }
            }
            if !progressed || total == plan.limit {
                break;
            }
        }
    }
    let sections = plan
        .facets
        .iter()
        .zip(chosen)
        .filter(|(_, items)| !items.is_empty())
        .map(|(facet, items)| ContextSection {
            facet: *facet,
            title: title(*facet).to_string(),
            items: items.into_iter().map(|c| c.item).collect(),
        })
        .collect();
    (sections, duplicates)
}

/// The retrieval query: the goal with runs of whitespace collapsed, then the domain.
pub fn query(goal: &str, domain: Option<&str>) -> String {
    let mut query = goal.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some(domain) = domain.map(|d| d.split_whitespace().collect::<Vec<_>>().join(" ")).filter(|d| !d.is_empty()) {
        query.push(' ');
        query.push_str(&domain);
    }
    query
}

/// The share of the query's terms (memory_search's tokenizer, stop words dropped) found in
/// `text`: how items without an index (live agents, sessions, handoffs) are ranked.
pub fn overlap(wanted: &[String], text: &str) -> f64 {
    if wanted.is_empty() {
        return 0.0;
    }
    let words: HashSet<String> = query_terms(text).into_iter().collect();
    wanted.iter().filter(|t| words.contains(*t)).count() as f64 / wanted.len() as f64
}

/// The terms of a query, as [`overlap`] wants them.
pub fn terms(query: &str) -> Vec<String> {
    query_terms(query)
}

/// A text's lineage key: lower-case words joined by single spaces, so a claim that restates a
/// record or a session that repeats a handoff meets its source whatever the spacing or case.
pub fn text_key(text: &str) -> String {
    let words: Vec<String> =
        text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
    format!("text:{}", words.join(" "))
}

#[cfg(test)]
mod tests;
