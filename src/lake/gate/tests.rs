//! The gate's table, one rule per test.

use super::*;
use crate::snapshot::fold;

fn facts() -> GateFacts {
    GateFacts {
        known_agents: ["agent-a", "agent-b"].into_iter().map(String::from).collect(),
        approved: BTreeSet::new(),
        now: "2026-09-10T00:00:00Z".parse().unwrap(),
    }
}

fn proposed(id: &str, claim_type: &str, subject: &str, claim: &str, by: &str, sessions: &[&str]) -> ClaimEvent {
    let evidence: Vec<serde_json::Value> = sessions
        .iter()
        .map(|s| serde_json::json!({"session_id": s, "message_id": format!("m-{s}"), "excerpt_hash": "", "observed_at": "2026-09-09T00:00:00Z"}))
        .collect();
    serde_json::from_value(serde_json::json!({"kind": "proposed", "claim_id": id, "claim": claim, "claim_type": claim_type,
        "subject": subject, "scope": "agent", "observed_by": by, "observed_at": "2026-09-09T00:00:00Z", "evidence": evidence}))
    .unwrap()
}

fn promoted_ids(outcome: &GateOutcome) -> Vec<(String, u64, f64)> {
    outcome
        .events
        .iter()
        .filter_map(|e| match e {
            ClaimEvent::Promoted { claim_id, independent_count, confidence, .. } => {
                Some((claim_id.clone(), *independent_count, *confidence))
            }
            _ => None,
        })
        .collect()
}

fn contested_ids(outcome: &GateOutcome) -> Vec<String> {
    outcome
        .events
        .iter()
        .filter_map(|e| match e {
            ClaimEvent::Contested { claim_id, .. } => Some(claim_id.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_convention_from_two_sessions_is_promoted_with_confidence_from_them() {
    let events = [proposed("c1", "convention", "build", "uses just", "agent-a", &["s1", "s2"])];
    let outcome = run(&events, &facts());
    let promoted = promoted_ids(&outcome);
    assert_eq!(promoted.len(), 1);
    assert_eq!((promoted[0].0.as_str(), promoted[0].1), ("c1", 2));
    assert!((promoted[0].2 - 0.8).abs() < 1e-9, "{}", promoted[0].2);
}

#[test]
fn a_convention_from_one_session_stays_a_candidate_with_a_reason() {
    let events = [proposed("c1", "convention", "build", "uses just", "agent-a", &["s1", "s1"])];
    let outcome = run(&events, &facts());
    assert!(outcome.events.is_empty());
    assert!(outcome.held[0].1.contains("needs 2"), "{:?}", outcome.held);
}

#[test]
fn an_environment_fact_needs_one_session() {
    let events = [proposed("e1", "environment", "ssh", "staging ssh on 2222", "agent-a", &["s1"])];
    assert_eq!(promoted_ids(&run(&events, &facts())).len(), 1);
}

#[test]
fn a_hypothesis_never_promotes_however_many_sessions_back_it() {
    let events = [proposed("h1", "hypothesis", "flake", "colima artifact", "agent-a", &["s1", "s2", "s3", "s4"])];
    let outcome = run(&events, &facts());
    assert!(outcome.events.is_empty());
    assert!(outcome.held[0].1.contains("hypothesis"));
}

#[test]
fn a_preference_is_promoted_only_after_a_human_approves_it() {
    let events = [proposed("p1", "preference", "output", "terse output", "agent-a", &["s1"])];
    assert!(run(&events, &facts()).events.is_empty());
    let mut approved = facts();
    approved.approved.insert("p1".into());
    assert_eq!(promoted_ids(&run(&events, &approved)).len(), 1);
}

#[test]
fn a_contradicting_candidate_contests_both_sides() {
    let first = proposed("c1", "convention", "build", "repo uses just for builds", "agent-a", &["s1", "s2"]);
    let promotion = run(std::slice::from_ref(&first), &facts()).events;
    let mut events = vec![first];
    events.extend(promotion);
    events.push(proposed("c2", "convention", "build", "repo uses make for builds", "agent-b", &["s3", "s4"]));
    let outcome = run(&events, &facts());
    let mut contested = contested_ids(&outcome);
    contested.sort();
    assert_eq!(contested, ["c1", "c2"]);
    assert!(promoted_ids(&outcome).is_empty());
}

#[test]
fn a_candidate_contradicting_one_promoted_in_the_same_run_contests_both() {
    let events = [
        proposed("c1", "convention", "build", "repo uses just for builds", "agent-a", &["s1", "s2"]),
        proposed("c2", "convention", "build", "repo uses make for builds", "agent-b", &["s3", "s4"]),
        proposed("c3", "convention", "deploy", "repo uses make for builds", "agent-b", &["s5", "s6"]),
    ];
    let outcome = run(&events, &facts());
    let mut contested = contested_ids(&outcome);
    contested.sort();
    assert_eq!(contested, ["c1", "c2"], "c3 is on another subject");
    assert_eq!(promoted_ids(&outcome).iter().map(|p| p.0.as_str()).collect::<Vec<_>>(), ["c1", "c3"]);
}

#[test]
fn evidence_dated_in_the_future_is_held_until_the_store_clock_reaches_it() {
    let mut late = serde_json::to_value(proposed("e1", "environment", "ssh", "port 2222", "agent-a", &["s1"])).unwrap();
    late["evidence"][0]["observed_at"] = serde_json::json!("2026-09-10T01:00:00Z");
    let events = [serde_json::from_value(late).unwrap()];
    let outcome = run(&events, &facts());
    assert!(outcome.events.is_empty());
    assert_eq!(outcome.recheck_at, Some("2026-09-10T00:55:00Z".parse().unwrap()));
    let later = GateFacts { now: "2026-09-10T00:55:01Z".parse().unwrap(), ..facts() };
    assert_eq!(promoted_ids(&run(&events, &later)).len(), 1);
    assert_eq!(run(&[proposed("e2", "environment", "db", "pg 16", "agent-a", &["s1"])], &facts()).recheck_at, None);
}

#[test]
fn the_same_text_on_the_same_subject_joins_the_promoted_claim_instead_of_contradicting_it() {
    let first = proposed("c1", "environment", "ssh", "Port 2222", "agent-a", &["s1"]);
    let mut events = vec![first.clone()];
    events.extend(run(&[first], &facts()).events);
    events.push(proposed("c2", "environment", "ssh", "port 2222 ", "agent-b", &["s2"]));
    let outcome = run(&events, &facts());
    assert!(contested_ids(&outcome).is_empty());
    assert!(promoted_ids(&outcome).is_empty(), "no second claim to promote: {outcome:?}");
    let rows = fold(events);
    assert_eq!((rows.len(), rows[0].evidence_count(), rows[0].status), (1, 2, Status::Promoted));
}

#[test]
fn a_quarantined_observer_is_held_and_its_promoted_claims_are_contested() {
    let old = proposed("e1", "environment", "ssh", "port 2222", "agent-a", &["s1"]);
    let mut events = vec![old.clone()];
    events.extend(run(&[old], &facts()).events);
    events.push(ClaimEvent::AgentQuarantined {
        agent_id: "agent-a".into(),
        at: "2026-09-09T12:00:00Z".parse().unwrap(),
        reason: "wrong too often".into(),
        decided_by: None,
    });
    events.push(proposed("e2", "environment", "db", "postgres 16", "agent-a", &["s2"]));
    let outcome = run(&events, &facts());
    assert_eq!(contested_ids(&outcome), ["e1"]);
    assert!(promoted_ids(&outcome).is_empty());
    assert!(outcome.held.iter().any(|(id, why)| id == "e2" && why.contains("quarantined")));
}

#[test]
fn an_unknown_observer_fails_provenance() {
    let events = [proposed("e1", "environment", "ssh", "port 2222", "stranger", &["s1"])];
    let outcome = run(&events, &facts());
    assert!(outcome.events.is_empty());
    assert!(outcome.held[0].1.contains("not a known agent"));
}

#[test]
fn an_already_promoted_claim_gets_no_second_event() {
    let first = proposed("e1", "environment", "ssh", "port 2222", "agent-a", &["s1"]);
    let mut events = vec![first.clone()];
    events.extend(run(&[first], &facts()).events);
    assert!(run(&events, &facts()).events.is_empty());
}

#[test]
fn a_poor_track_record_lowers_confidence_and_a_good_one_raises_it() {
    let calibration = |correct, incorrect| ClaimEvent::CalibrationScored {
        agent_id: "agent-a".into(),
        at: "2026-09-01T00:00:00Z".parse().unwrap(),
        brier_score: 0.2,
        correct_count: correct,
        expired_count: 0,
        incorrect_count: incorrect,
        low_sample: false,
        resolved_count: correct + incorrect,
    };
    let claim = proposed("e1", "environment", "ssh", "port 2222", "agent-a", &["s1"]);
    let confidence_with = |score| promoted_ids(&run(&[score, claim.clone()], &facts()))[0].2;
    let (poor, good) = (confidence_with(calibration(0, 40)), confidence_with(calibration(40, 0)));
    assert!(poor < 0.65 && good > 0.65, "poor {poor}, good {good}");
}

#[test]
fn confidence_follows_the_formula_and_its_bounds() {
    assert!((confidence(1, 1.0) - 0.65).abs() < 1e-9);
    assert!((confidence(10, 1.3) - 0.95).abs() < 1e-9);
    assert!((confidence(0, 0.01) - 0.05).abs() < 1e-9);
}

/// `event` (a proposal) as a correction of `old`.
fn correcting(event: ClaimEvent, old: &str) -> ClaimEvent {
    let mut value = serde_json::to_value(event).unwrap();
    value["supersedes"] = serde_json::json!(old);
    serde_json::from_value(value).unwrap()
}

fn superseded_pairs(outcome: &GateOutcome) -> Vec<(String, String)> {
    let pairs = outcome.events.iter().filter_map(|e| match e {
        ClaimEvent::Superseded { claim_id, by, .. } => Some((claim_id.clone(), by.clone())),
        _ => None,
    });
    pairs.collect()
}

/// c1 promoted, then whatever follows it.
fn after_promoted_c1(later: Vec<ClaimEvent>) -> GateOutcome {
    let first = proposed("c1", "convention", "build", "repo uses just for builds", "agent-a", &["s1", "s2"]);
    let mut events = vec![first.clone()];
    events.extend(run(&[first], &facts()).events);
    events.extend(later);
    run(&events, &facts())
}

#[test]
fn a_promoted_correction_supersedes_the_claim_it_names_instead_of_contesting_it() {
    let fix = proposed("c2", "convention", "build", "repo uses make for builds", "agent-b", &["s3", "s4"]);
    let outcome = after_promoted_c1(vec![correcting(fix, "c1")]);
    assert_eq!(promoted_ids(&outcome).iter().map(|p| p.0.as_str()).collect::<Vec<_>>(), ["c2"]);
    assert_eq!(superseded_pairs(&outcome), [("c1".to_string(), "c2".to_string())]);
    assert!(contested_ids(&outcome).is_empty(), "{:?}", outcome.events);
}

#[test]
fn a_correction_the_gate_holds_supersedes_nothing_yet() {
    let fix = proposed("c2", "convention", "build", "repo uses make for builds", "agent-b", &["s3"]);
    let outcome = after_promoted_c1(vec![correcting(fix, "c1")]);
    assert!(outcome.events.is_empty(), "{:?}", outcome.events);
    assert!(outcome.held[0].1.contains("needs 2"), "{:?}", outcome.held);
}

#[test]
fn a_supersedes_naming_another_subject_or_an_unknown_claim_supersedes_nothing() {
    let elsewhere = proposed("c2", "convention", "deploy", "deploys go through argo", "agent-b", &["s3", "s4"]);
    let ghost = proposed("c3", "convention", "lint", "clippy runs with -D warnings", "agent-b", &["s5", "s6"]);
    let outcome = after_promoted_c1(vec![correcting(elsewhere, "c1"), correcting(ghost, "ghost")]);
    assert_eq!(promoted_ids(&outcome).iter().map(|p| p.0.as_str()).collect::<Vec<_>>(), ["c2", "c3"]);
    assert!(superseded_pairs(&outcome).is_empty(), "{:?}", outcome.events);
}

#[test]
fn a_correction_of_a_claim_already_superseded_is_promoted_without_superseding_it_twice() {
    let fix = correcting(proposed("c2", "convention", "build", "repo uses make", "agent-b", &["s3", "s4"]), "c1");
    let first = after_promoted_c1(vec![fix.clone()]);
    let again =
        correcting(proposed("c3", "convention", "build", "repo uses cargo xtask", "agent-a", &["s5", "s6"]), "c1");
    let mut later = vec![fix];
    later.extend(first.events);
    later.push(again);
    let outcome = after_promoted_c1(later);
    assert!(superseded_pairs(&outcome).is_empty(), "{:?}", outcome.events);
}

#[test]
fn a_candidate_checked_before_a_contradicting_claim_was_promoted_is_contested_in_the_same_run() {
    // c1 comes first in id order and is held (one session of a convention); c2 is promoted
    // after it in the same pass. The next pass finds c1 contradicts c2, and contests both.
    let events = [
        proposed("c1", "convention", "build", "uses just for the build", "agent-a", &["s1"]),
        proposed("c2", "environment", "build", "uses make for the build", "agent-b", &["s2"]),
    ];
    let outcome = run(&events, &facts());
    assert_eq!(promoted_ids(&outcome).into_iter().map(|p| p.0).collect::<Vec<_>>(), ["c2"]);
    assert_eq!(contested_ids(&outcome), ["c1", "c2"]);
    assert!(outcome.held.is_empty(), "{:?}", outcome.held);
}

#[test]
fn a_run_over_its_own_verdicts_reaches_none() {
    // Claims of four types over few subjects, from agents known and unknown, with one to three
    // sessions: promotions, contradictions in both orders, and held candidates.
    let types = ["convention", "environment", "outcome", "hypothesis"];
    let events: Vec<ClaimEvent> = (0..2_000)
        .map(|i| {
            let sessions: Vec<String> = (0..1 + i % 3).map(|s| format!("s{}", (i + s) % 97)).collect();
            let sessions: Vec<&str> = sessions.iter().map(String::as_str).collect();
            let agent = ["agent-a", "agent-b", "agent-z"][i % 3];
            let text = format!("module {} builds with profile {} and feature {}", i % 11, i % 7, i % 13);
            proposed(&format!("claim-{i:04}"), types[i % 4], &format!("subject-{}", i / 20), &text, agent, &sessions)
        })
        .collect();
    let first = run(&events, &facts());
    assert!(!promoted_ids(&first).is_empty() && !contested_ids(&first).is_empty() && !first.held.is_empty());
    let mut all = events.clone();
    all.extend(first.events.iter().cloned());
    let second = run(&all, &facts());
    assert!(
        second.events.is_empty(),
        "{} more verdicts: {:?}",
        second.events.len(),
        &second.events[..3.min(second.events.len())]
    );
    assert_eq!(second.held, first.held);
}

#[test]
fn a_convention_two_agents_state_in_the_same_words_is_promoted_once_from_both_sessions() {
    let events = [
        proposed("c1", "convention", "build", "The build uses just.", "agent-a", &["s1"]),
        proposed("c2", "convention", "build", "build uses Just", "agent-b", &["s2"]),
    ];
    let outcome = run(&events, &facts());
    assert_eq!(promoted_ids(&outcome).iter().map(|p| (p.0.as_str(), p.1)).collect::<Vec<_>>(), [("c1", 2)]);
    assert!(contested_ids(&outcome).is_empty(), "a restatement never contradicts its claim: {outcome:?}");
    let reworded = [
        proposed("c1", "convention", "build", "The build uses just.", "agent-a", &["s1"]),
        proposed("c2", "convention", "build", "just drives the build", "agent-b", &["s2"]),
    ];
    assert!(promoted_ids(&run(&reworded, &facts())).is_empty(), "other words are another claim, one session each");
}

#[test]
fn approving_a_restatements_id_approves_the_claim_it_joined() {
    let events = [
        proposed("c1", "preference", "style", "Prefer tabs.", "agent-a", &["s1"]),
        proposed("c2", "preference", "style", "prefer tabs", "agent-b", &["s2"]),
    ];
    let mut approved = facts();
    approved.approved.insert("c2".into());
    assert_eq!(promoted_ids(&run(&events, &approved)).iter().map(|p| p.0.as_str()).collect::<Vec<_>>(), ["c1"]);
}

#[test]
fn a_restatement_of_a_promoted_claim_corroborates_it_once() {
    let first = proposed("c1", "environment", "ssh", "Port 2222", "agent-a", &["s1"]);
    let mut events = vec![first.clone()];
    events.extend(run(&[first], &facts()).events);
    events.push(proposed("c2", "environment", "ssh", "port 2222.", "agent-b", &["s2"]));
    let outcome = run(&events, &facts());
    let corroborated: Vec<(String, u64, f64)> = outcome
        .events
        .iter()
        .filter_map(|e| match e {
            ClaimEvent::Corroborated { claim_id, independent_count, confidence, .. } => {
                Some((claim_id.clone(), independent_count.get(), *confidence))
            }
            _ => None,
        })
        .collect();
    assert_eq!(corroborated.len(), 1, "{outcome:?}");
    assert_eq!((corroborated[0].0.as_str(), corroborated[0].1), ("c1", 2));
    assert!((corroborated[0].2 - 0.8).abs() < 1e-9, "{}", corroborated[0].2);
    events.extend(outcome.events);
    assert_eq!(run(&events, &facts()).events, vec![], "a run over its own corroboration decides nothing");
    let row = fold(events).remove(0);
    assert_eq!((row.independent_count, row.status), (2, Status::Promoted));
}
