use super::markdown::{Header, render, tokens};
use super::*;
use crate::spec::tools::context::ContextQuality;

fn item(id: &str, content: &str, score: f64) -> ContextItem {
    ContextItem {
        id: id.into(),
        type_: "claim".into(),
        name: id.into(),
        content: content.into(),
        score,
        facet: String::new(),
        reason: "test".into(),
        source: None,
        quality: ContextQuality {
            origin: None,
            source: None,
            url: None,
            created_at: None,
            updated_at: None,
            valid_at: None,
            project_id: None,
        },
        metadata: Default::default(),
        related: vec![],
    }
}

fn candidate(facet: Facet, id: &str, content: &str, score: f64) -> Candidate {
    Candidate { facet, item: item(id, content, score), lineage: vec![format!("id:{id}"), text_key(content)] }
}

#[test]
fn the_layer_caps_the_limit_and_wake_keeps_only_its_facets() {
    let wake = Plan::new(Intent::Build, Layer::Wake, 50, true, 3);
    assert_eq!(wake.limit, 8);
    assert_eq!(
        wake.facets,
        [Facet::RecentMemory, Facet::ActiveWork, Facet::Decisions, Facet::Gotchas, Facet::Procedures]
    );
    assert_eq!(wake.related_limit, 0, "wake ignores include_related");
    assert_eq!(Plan::new(Intent::Build, Layer::Recall, 50, true, 3).limit, 24);
    assert_eq!(Plan::new(Intent::Build, Layer::DeepSearch, 50, true, 3).limit, 50);
    // ideate has none of the wake facets but recent_memory and decisions.
    assert_eq!(Plan::new(Intent::Ideate, Layer::Wake, 8, true, 3).facets, [Facet::RecentMemory, Facet::Decisions]);
    // plan's wake facets are active_work and decisions, in wake priority.
    assert_eq!(Plan::new(Intent::Plan, Layer::Wake, 8, true, 3).facets, [Facet::ActiveWork, Facet::Decisions]);
}

#[test]
fn per_facet_counts_follow_the_limit_between_two_and_eight() {
    assert_eq!(Plan::new(Intent::Build, Layer::Recall, 24, true, 3).per_facet, 4);
    assert_eq!(Plan::new(Intent::Build, Layer::Recall, 1, true, 3).per_facet, 2);
    assert_eq!(Plan::new(Intent::Build, Layer::DeepSearch, 50, true, 3).per_facet, 8);
}

#[test]
fn leading_facets_are_served_first_and_sections_follow_the_intent_order() {
    let plan = Plan::new(Intent::Debug, Layer::Recall, 3, true, 3);
    let candidates = vec![
        candidate(Facet::ActiveWork, "a1", "agent one", 0.9),
        candidate(Facet::Gotchas, "g1", "gotcha one", 0.1),
        candidate(Facet::Gotchas, "g2", "gotcha two", 0.2),
        candidate(Facet::Procedures, "p1", "procedure one", 0.5),
    ];
    let (sections, _) = select(candidates, &plan);
    let facets: Vec<Facet> = sections.iter().map(|s| s.facet).collect();
    assert_eq!(facets, [Facet::Gotchas, Facet::Procedures, Facet::ActiveWork]);
    assert_eq!(sections[0].items[0].id, "g2", "best first within a facet");
}

#[test]
fn a_facet_gets_more_than_its_share_only_when_the_others_run_dry() {
    let plan = Plan::new(Intent::Build, Layer::Recall, 10, true, 3);
    assert_eq!(plan.per_facet, 2);
    let mut candidates: Vec<Candidate> = (0..10)
        .map(|i| candidate(Facet::Decisions, &format!("d{i}"), &format!("decision {i}"), 1.0 - i as f64 / 20.0))
        .collect();
    candidates.push(candidate(Facet::ActiveWork, "a", "agent", 0.1));
    let (sections, _) = select(candidates, &plan);
    assert_eq!(sections.iter().map(|s| s.items.len()).sum::<usize>(), 10);
    assert_eq!(sections[0].facet, Facet::ActiveWork);
    assert_eq!(sections[1].items.len(), 9);
}

#[test]
fn a_claim_and_the_record_it_restates_appear_once() {
    let plan = Plan::new(Intent::Build, Layer::Recall, 24, true, 3);
    let claim = candidate(Facet::Procedures, "claim:c1", "Run cargo fmt before committing.", 0.4);
    let record = candidate(Facet::Procedures, "kb:r1", "run  CARGO fmt before committing", 0.3);
    let (sections, duplicates) = select(vec![claim, record], &plan);
    assert_eq!(duplicates, 1);
    assert_eq!(sections[0].items.len(), 1);
    assert_eq!(sections[0].items[0].id, "claim:c1");
}

#[test]
fn the_query_is_the_goal_with_whitespace_collapsed_then_the_domain() {
    assert_eq!(query("help  agents\nbuild faster", Some(" agent-memory ")), "help agents build faster agent-memory");
    assert_eq!(query("x", Some("  ")), "x");
}

fn pack(n: usize) -> Vec<ContextSection> {
    let plan = Plan::new(Intent::Build, Layer::DeepSearch, 50, true, 3);
    let candidates = (0..n)
        .map(|i| {
            let facet = [Facet::ActiveWork, Facet::Decisions, Facet::Procedures][i % 3];
            candidate(facet, &format!("i{i}"), &format!("item {i} {}", "words ".repeat(i % 7 * 10)), 1.0)
        })
        .collect();
    select(candidates, &plan).0
}

#[test]
fn a_bigger_budget_never_gives_less_content_and_the_budget_holds_past_the_first_item() {
    let sections = pack(40);
    let header = Header { goal: "g", intent: "build", layer: "deep_search", project: Some("org/app") };
    let mut previous: Option<super::markdown::Rendered> = None;
    for budget in [100, 150, 200, 300, 450, 700, 1000, 1500, 2200, 3500, 5000, 8000, 32000] {
        let rendered = render(&header, &sections, Some(budget), usize::MAX);
        assert!(rendered.items >= 1);
        assert!(
            rendered.items == 1 || tokens(&rendered.markdown) <= budget,
            "{budget}: {}",
            tokens(&rendered.markdown)
        );
        if let Some(smaller) = &previous {
            assert!(rendered.items >= smaller.items, "{budget}: {} < {}", rendered.items, smaller.items);
            for line in smaller.markdown.lines().filter(|l| l.starts_with("- ")) {
                assert!(rendered.markdown.contains(line), "{budget} lost {line}");
            }
        }
        previous = Some(rendered);
    }
    let unbounded = render(&header, &sections, None, usize::MAX);
    assert_eq!((unbounded.items, unbounded.omitted), (40, 0));
}

#[test]
fn an_all_projects_pack_says_so_in_its_scope_line() {
    let header = Header { goal: "g", intent: "build", layer: "recall", project: None };
    assert!(render(&header, &pack(1), None, usize::MAX).markdown.contains("\nScope: all accessible projects\n"));
}

#[test]
fn an_empty_pack_says_nothing_matched_rather_than_rendering_nothing() {
    let header = Header { goal: "g", intent: "build", layer: "recall", project: Some("org/app") };
    let rendered = render(&header, &[], Some(4000), usize::MAX);
    assert_eq!((rendered.items, rendered.omitted), (0, 0));
    assert!(rendered.markdown.contains("Nothing in this fleet's cache"), "{}", rendered.markdown);
}

#[test]
fn a_cap_keeps_that_many_items_and_the_footer_names_the_budget_that_cut() {
    let header = Header { goal: "g", intent: "build", layer: "deep_search", project: Some("org/app") };
    let sections = pack(10);
    let capped = render(&header, &sections, None, 3);
    assert_eq!((capped.items, capped.omitted), (3, 7));
    assert!(capped.markdown.contains("7 more items did not fit token_budget;"), "{}", capped.markdown);
    let cut = render(&header, &sections, Some(100), usize::MAX);
    assert!(cut.markdown.contains("did not fit markdown_token_budget;"), "{}", cut.markdown);
    assert_eq!(render(&header, &sections, None, 0).items, 1, "the first item is kept whatever the cap");
}
