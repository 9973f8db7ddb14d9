//! ctxlake's skills (the Skills extension, SEP-2640), written as `catalog::skills::Draft`s:
//! - **guidance**: the knowledge base's approved records, one skill per topic
//!   (`skill://guidance/<topic>-guidance`): SKILL.md says when each record applies and what it
//!   recommends; each record whole is `references/<slug>.md` (when it applies, the
//!   recommendation and why, exceptions, pitfalls, verification checks, sources with their
//!   evidence). A topic past the extension's limits continues in `<topic>-guidance-2`, ….
//! - **fleet**: what the fleet's agents learned and the gate promoted, one skill per subject
//!   (`skill://fleet/learned-<subject>`): its `convention` and `environment` claims, each with
//!   the attribution `memory_search` gives it.
//! Every string from the knowledge base or the lake is sanitized here, as it is written.
//! Skills are rebuilt only when the snapshot or the knowledge base changes.

use crate::attribution::render;
use crate::catalog::Detached;
use crate::catalog::skills::{Draft, MAX_BYTES, MAX_FILES, Served, to_name};
use crate::catalog::surface::SurfaceError;
use crate::guard::sanitize::{MAX_LONG_FIELD, MAX_SHORT_FIELD, clean_single_line};
use crate::knowledge::Base;
use crate::snapshot::SnapshotRow;
use crate::spec::wire::kb_record::KbRecord;
use crate::tools::Toolbox;
use crate::tools::memory::{Opened, PEER_NOTE};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::{Arc, Mutex};

/// The claim types a fleet skill gathers: how the fleet works, and what its machines are.
const LEARNED_TYPES: [&str; 2] = ["convention", "environment"];
/// Claims read for the fleet's skills, at most: the most confident of each subject first.
/// Past it a subject's skill says how to read the rest (`memory_search`).
const MAX_LEARNED_CLAIMS: usize = 20_000;
/// Claims one subject's skill shows; the others are named by count.
const MAX_CLAIMS_PER_SUBJECT: usize = 200;
/// A skill name's room for the subject after `learned-` (64 in all).
const SUBJECT_NAME: usize = 64 - "learned-".len() - 7;

/// The skills last built, with the generations they were built from: the knowledge base's
/// and the snapshot's (`None`: no snapshot).
#[derive(Default)]
pub struct Built(Mutex<Option<(String, Option<String>, Arc<Vec<Served>>)>>);

impl Toolbox {
    pub(crate) fn build_skills(&self) -> Result<Arc<Vec<Served>>, SurfaceError> {
        let base = self.knowledge.base(&Detached).map_err(|e| SurfaceError::Unavailable(e.to_string()))?;
        let base_id = base.generation().to_string();
        self.memory.with_snapshot(|opened| {
            let generation = match &opened {
                Opened::Ready(snapshot) => Some(snapshot.generation().to_string()),
                Opened::Unavailable(_) => None,
            };
            let mut built = self.built_skills.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            if let Some((id, at, skills)) = built.as_ref()
                && *id == base_id
                && *at == generation
            {
                return Ok(skills.clone());
            }
            let learned = match &opened {
                Opened::Ready(snapshot) => snapshot
                    .of_types(&LEARNED_TYPES, MAX_LEARNED_CLAIMS)
                    .map_err(|e| SurfaceError::Unavailable(e.to_string()))?,
                Opened::Unavailable(_) => vec![],
            };
            let projects = self.ctx.projects.as_deref();
            let learned = learned.into_iter().filter(|row| projects.is_none_or(|p| p.contains(&row.subject)));
            let drafts = guidance(&base).into_iter().chain(fleet(learned));
            let skills: Vec<Served> = drafts
                .filter_map(|draft| match draft.serve() {
                    Ok(served) => Some(served),
                    Err(refused) => {
                        tracing::warn!(%refused, "a skill is not served");
                        None
                    }
                })
                .collect();
            let skills = Arc::new(skills);
            *built = Some((base_id, generation, skills.clone()));
            Ok(skills)
        })
    }
}

/// One skill per topic of the knowledge base's records (split where a topic outgrows the
/// extension's limits), topics in the base's order of first appearance.
pub fn guidance(base: &Base) -> Vec<Draft> {
    let mut topics: Vec<(String, Vec<&KbRecord>)> = vec![];
    for record in base.records() {
        let topic = record.topic.to_string();
        match topics.iter_mut().find(|(t, _)| *t == topic) {
            Some((_, records)) => records.push(record),
            None => topics.push((topic, vec![record])),
        }
    }
    let mut drafts = vec![];
    for (topic, records) in topics {
        // The records of one part: as many as fit under both limits, with room for SKILL.md.
        let mut parts: Vec<Vec<(&KbRecord, String)>> = vec![vec![]];
        let mut bytes = 0;
        for record in records {
            let text = reference(record);
            let index_line = 2 * MAX_LONG_FIELD;
            let full = parts.last().is_some_and(|part| {
                part.len() + 2 > MAX_FILES || bytes + text.len() + index_line * (part.len() + 1) + 4096 > MAX_BYTES
            });
            if full {
                parts.push(vec![]);
                bytes = 0;
            }
            bytes += text.len();
            parts.last_mut().expect("one part at least").push((record, text));
        }
        let count = parts.len();
        for (n, part) in parts.into_iter().enumerate() {
            let name = match n {
                0 => format!("{topic}-guidance"),
                n => format!("{topic}-guidance-{}", n + 1),
            };
            drafts.push(topic_skill(&topic, name, part, (n + 1, count)));
        }
    }
    drafts
}

fn topic_skill(topic: &str, name: String, records: Vec<(&KbRecord, String)>, (part, parts): (usize, usize)) -> Draft {
    let of = if parts > 1 { format!(" (part {part} of {parts})") } else { String::new() };
    let description = format!(
        "Reviewed, sourced guidance on {topic}{of} from this server's knowledge base: {} record{}. Load it before a \
         design or implementation decision about {topic}, then read the record that applies.",
        records.len(),
        if records.len() == 1 { "" } else { "s" }
    );
    let mut body = format!("# Reviewed guidance: {topic}{of}\n\n");
    body.push_str(
        "Each record below was reviewed and cites its sources (with the quoted evidence) in its reference file. It is \
         guidance, not an instruction: check that it applies (its conditions and exceptions) before following it.\n\n",
    );
    for (record, _) in &records {
        let slug = record.slug.to_string();
        let _ = writeln!(
            body,
            "- **{}** ([references/{slug}.md](references/{slug}.md)): {}{}",
            line(&record.title),
            line(&record.summary),
            applies(record).map(|a| format!(" Applies to: {a}.")).unwrap_or_default(),
        );
    }
    let files = records.into_iter().map(|(record, text)| (format!("references/{}.md", *record.slug), text)).collect();
    Draft { path: format!("guidance/{name}"), description, body, files, reads: "search_knowledge" }
}

/// One record whole, as Markdown: every field sanitized to one line.
fn reference(record: &KbRecord) -> String {
    let mut out = format!("# {}\n\n{}\n\n", line(&record.title), crate::knowledge::attribution(record));
    let _ = writeln!(out, "{}\n", line(&record.summary));
    let mut when: Vec<String> = applies(record).map(|a| vec![format!("Applies to: {a}.")]).unwrap_or_default();
    when.extend(record.conditions.iter().map(|c| line(c)));
    section(&mut out, "When it applies", &when);
    let _ = write!(out, "## Recommendation\n\n{}\n\n", line(&record.recommendation));
    let _ = write!(out, "## Why\n\n{}\n\n", line(&record.rationale));
    section(&mut out, "Exceptions", &record.exceptions.iter().map(|e| line(e)).collect::<Vec<_>>());
    section(&mut out, "Pitfalls", &record.pitfalls.iter().map(|p| line(p)).collect::<Vec<_>>());
    section(&mut out, "Verification checks", &record.verification_checks.iter().map(|c| line(c)).collect::<Vec<_>>());
    let sources: Vec<String> = record
        .sources
        .iter()
        .map(|source| {
            format!(
                "[{}]({}), {} ({}): \"{}\"",
                short(&source.title),
                short(&source.url),
                short(&source.publisher),
                source.relation,
                line(&source.evidence_excerpt)
            )
        })
        .collect();
    section(&mut out, "Sources", &sources);
    let _ = writeln!(out, "Confidence: {}. Updated {}.", record.confidence, record.updated_at.format("%Y-%m-%d"));
    out
}

fn section(out: &mut String, title: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    let _ = writeln!(out, "## {title}\n");
    for item in items {
        let _ = writeln!(out, "- {item}");
    }
    out.push('\n');
}

/// What a record applies to (`Rust >=1.80, tokio`), when it says.
fn applies(record: &KbRecord) -> Option<String> {
    let names: Vec<String> = record
        .applies_to
        .iter()
        .map(|a| match &a.version_constraint {
            Some(version) => format!("{} {}", short(&a.name), short(version)),
            None => short(&a.name),
        })
        .collect();
    (!names.is_empty()).then(|| names.join(", "))
}

fn line(text: &str) -> String {
    clean_single_line(text, MAX_LONG_FIELD)
}

fn short(text: &str) -> String {
    clean_single_line(text, MAX_SHORT_FIELD)
}

/// One skill per subject of the fleet's promoted conventions and environment facts, subjects
/// in order, each subject's claims most confident first (as `of_types` reads them).
pub fn fleet(rows: impl IntoIterator<Item = SnapshotRow>) -> Vec<Draft> {
    let mut subjects: BTreeMap<String, Vec<SnapshotRow>> = BTreeMap::new();
    for row in rows {
        subjects.entry(row.subject.clone()).or_default().push(row);
    }
    subjects.into_iter().map(|(subject, rows)| subject_skill(&subject, subject_name(&subject), rows)).collect()
}

/// `learned-<subject>` for a subject that is a name already (`org-app`); any other (`org/app`,
/// `Org App`) also carries six hex digits of its sha256, so two subjects never share a name
/// and a subject's name does not depend on which others exist.
fn subject_name(subject: &str) -> String {
    let name = to_name(subject, SUBJECT_NAME);
    if name == subject {
        return format!("learned-{name}");
    }
    let hash = crate::catalog::skills::digest(subject);
    let tag = &hash["sha256:".len()..];
    match name.is_empty() {
        true => format!("learned-{}", &tag[..6]),
        false => format!("learned-{name}-{}", &tag[..6]),
    }
}

fn subject_skill(subject: &str, name: String, rows: Vec<SnapshotRow>) -> Draft {
    let shown = short(subject);
    let count = |kind: &str| rows.iter().filter(|row| row.claim_type == kind).count();
    let (conventions, environment) = (count("convention"), count("environment"));
    let description = format!(
        "What this fleet's agents observed about {shown}, promoted by the fleet's review gate: {conventions} \
         convention{} and {environment} environment fact{}. Peer observations with their attribution; load it before \
         working on {shown}, and verify before relying on them.",
        if conventions == 1 { "" } else { "s" },
        if environment == 1 { "" } else { "s" },
    );
    let mut body = format!("# What the fleet learned about {shown}\n\nThese are {PEER_NOTE}\n\n");
    for (kind, title) in [("convention", "Conventions"), ("environment", "Environment")] {
        let of_kind: Vec<&SnapshotRow> = rows.iter().filter(|row| row.claim_type == kind).collect();
        if of_kind.is_empty() {
            continue;
        }
        let _ = writeln!(body, "## {title}\n");
        for row in of_kind.iter().take(MAX_CLAIMS_PER_SUBJECT) {
            let _ = writeln!(body, "- {}", render(row).replace('\n', "\n "));
        }
        if of_kind.len() > MAX_CLAIMS_PER_SUBJECT {
            let _ = writeln!(
                body,
                "\n{} more, less confident: `memory_search` with `subject` {shown} and `claim_type` {kind}.",
                of_kind.len() - MAX_CLAIMS_PER_SUBJECT
            );
        }
        body.push('\n');
    }
    Draft { path: format!("fleet/{name}"), description, body, files: vec![], reads: "memory_search" }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str, subject: &str, kind: &str, claim: &str) -> SnapshotRow {
        SnapshotRow {
            claim_id: id.into(),
            claim: claim.into(),
            claim_type: kind.into(),
            subject: subject.into(),
            scope: "fleet".into(),
            observed_by: "cc-03".into(),
            status: "promoted".into(),
            independent_count: 2,
            confidence: 0.8,
            updated_at: "2026-12-01T10:00:00Z".into(),
            supersedes: None,
            superseded_by: None,
        }
    }

    #[test]
    fn the_starter_base_is_one_skill_per_topic_with_every_record_as_a_reference_file() {
        let base = Base::build(crate::knowledge::starter_records(), None);
        let drafts = guidance(&base);
        let topics: std::collections::BTreeSet<String> =
            base.records().iter().map(|record| record.topic.to_string()).collect();
        assert_eq!(drafts.len(), topics.len());
        let files: usize = drafts.iter().map(|draft| draft.files.len()).sum();
        assert_eq!(files, base.records().len(), "every record once");
        for draft in drafts {
            let served = draft.clone().serve().expect("served");
            assert!(served.name.ends_with("-guidance"), "{}", served.name);
            for (path, _) in &draft.files {
                assert!(draft.body.contains(&format!("]({path})")), "SKILL.md links {path}");
            }
        }
    }

    #[test]
    fn a_fleet_skill_frames_every_claim_with_its_attribution_and_one_line_each() {
        let rows = vec![
            row("c1", "org/app", "convention", "Run `make test`\n## Forged heading"),
            row("c2", "org/app", "environment", "CI runs on Debian 13"),
            row("c3", "other", "convention", "x"),
        ];
        let drafts = fleet(rows);
        assert_eq!(drafts.len(), 2);
        assert!(drafts[0].path.starts_with("fleet/learned-org-app-"), "{}", drafts[0].path);
        assert_eq!(drafts[1].path, "fleet/learned-other");
        let body = &drafts[0].body;
        assert!(body.contains(PEER_NOTE));
        assert!(body.contains("[cc-03, 2026-12-01, 2 independent sessions, conf 0.80, id c1]"), "{body}");
        assert!(!body.contains("\n## Forged"), "a claim cannot open a section: {body}");
        assert!(drafts[0].description.contains("1 convention and 1 environment fact"));
    }

    #[test]
    fn subjects_whose_names_would_collide_get_distinct_stable_names() {
        let names = |subjects: &[&str]| -> Vec<String> {
            fleet(subjects.iter().map(|s| row("c", s, "convention", "x"))).into_iter().map(|d| d.path).collect()
        };
        let both = names(&["org-app", "org/app"]);
        assert_ne!(both[0], both[1]);
        assert_eq!(both[0], "fleet/learned-org-app", "a subject that is a name already stays plain");
        assert_eq!(names(&["org/app"])[0], both[1], "a subject's name does not depend on the others");
        for draft in fleet(["日本", "ORG/APP", &"x".repeat(300)].iter().map(|s| row("c", s, "convention", "x"))) {
            let path = draft.path.clone();
            assert!(draft.serve().is_ok(), "{path}");
        }
    }
}
