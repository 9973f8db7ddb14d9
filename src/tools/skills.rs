//! ctxlake's skills (the Skills extension, SEP-2640), written as `catalog::skills::Draft`s:
//! - **guidance**: the knowledge base's approved records, one skill per topic
//!   (`skill://guidance/<topic>-guidance`): SKILL.md says when each record applies and what it
//!   recommends; each record whole is `references/<slug>.md` (when it applies, the
//!   recommendation and why, exceptions, pitfalls, verification checks, sources with their
//!   evidence). A topic past the extension's limits continues in `<topic>-guidance-2`, ….
//! - **fleet**: what the fleet's agents learned and the gate promoted, one skill per subject
//!   (`skill://fleet/learned-<subject>`): its `convention` and `environment` claims, each with
//!   the attribution `memory_search` gives it.
//!
//! Every string from the knowledge base or the lake is sanitized here, as it is written.
//! Skills are rebuilt only when the snapshot or the knowledge base changes.

use crate::attribution::render;
use crate::catalog::Detached;
use crate::catalog::skills::{Draft, MAX_BYTES, MAX_FILES, Served, to_name};
use crate::catalog::surface::SurfaceError;
use crate::guard::sanitize::{MAX_LONG_FIELD, MAX_SHORT_FIELD, clean_single_line};
use crate::knowledge::Base;
use crate::snapshot::SnapshotRow;
use crate::snapshot::read::Learned;
use crate::spec::wire::kb_record::KbRecord;
use crate::tools::Toolbox;
use crate::tools::memory::{Opened, PEER_NOTE};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::{Arc, Mutex};

/// The claim types a fleet skill gathers: how the fleet works, and what its machines are.
const LEARNED_TYPES: [&str; 2] = ["convention", "environment"];
/// Subjects with fleet skills, at most: those with the most promoted claims of these types.
/// The others are found through `memory_search`.
const MAX_FLEET_SKILLS: usize = 500;
/// Claims of each type one subject's skill shows (the most confident); the others are counted.
const MAX_CLAIMS_PER_TYPE: usize = 200;
/// Hex digits of a subject's sha256 in its skill's name (48 bits: no two subjects of a fleet
/// share a name short of a deliberate collision, and a duplicate is dropped, not served).
const TAG: usize = 12;
/// A skill name's room for the subject after `learned-` and before `-<tag>` (64 in all).
const SUBJECT_NAME: usize = 64 - "learned-".len() - 1 - TAG;

/// The skills last built, with the generations they were built from: the knowledge base's
/// and the snapshot's (`None`: no snapshot).
#[derive(Default)]
pub struct Built(Mutex<Option<Cached>>);

struct Cached {
    base: String,
    snapshot: Option<String>,
    skills: Arc<Vec<Served>>,
}

impl Toolbox {
    /// The skills of this caller's scope, rebuilt when the knowledge base or the snapshot
    /// changed. Nothing is held while they are built (a concurrent miss builds them too).
    pub(crate) fn build_skills(&self) -> Result<Arc<Vec<Served>>, SurfaceError> {
        let base = self.knowledge.base(&Detached).map_err(|e| SurfaceError::Unavailable(e.to_string()))?;
        let base_id = base.generation().to_string();
        let generation = self.memory.with_snapshot(|opened| match opened {
            Opened::Ready(snapshot) => Some(snapshot.generation().to_string()),
            Opened::Unavailable(_) => None,
        });
        if let Some(cached) = self.built_skills.0.lock().unwrap_or_else(|p| p.into_inner()).as_ref()
            && cached.base == base_id
            && cached.snapshot == generation
        {
            return Ok(cached.skills.clone());
        }
        let projects = self.ctx.projects.as_deref();
        let (generation, Learned { rows, counts }) = self.memory.with_snapshot(|opened| match opened {
            Opened::Ready(snapshot) => {
                let read = snapshot.learned(&LEARNED_TYPES, projects, MAX_FLEET_SKILLS, MAX_CLAIMS_PER_TYPE);
                // A snapshot that cannot be read costs the fleet's skills, not the guidance.
                let learned: Learned = read.unwrap_or_else(|e| {
                    tracing::warn!(error = %e, "the fleet's skills are not served: the snapshot could not be read");
                    Learned::default()
                });
                (Some(snapshot.generation().to_string()), learned)
            }
            Opened::Unavailable(_) => (None, Learned::default()),
        });
        let mut paths = std::collections::HashSet::new();
        let skills: Vec<Served> = guidance(&base)
            .into_iter()
            .chain(fleet(rows, &counts))
            .filter_map(|draft| match draft.serve() {
                Ok(served) if paths.insert(served.root.clone()) => Some(served),
                Ok(served) => {
                    tracing::warn!(skill = %served.root, "two skills share a URI: the second is not served");
                    None
                }
                Err(refused) => {
                    tracing::warn!(%refused, "a skill is not served");
                    None
                }
            })
            .collect();
        let skills = Arc::new(skills);
        let cached = Cached { base: base_id, snapshot: generation, skills: skills.clone() };
        *self.built_skills.0.lock().unwrap_or_else(|p| p.into_inner()) = Some(cached);
        Ok(skills)
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
        // The records of one part: as many as fit under both limits, SKILL.md's lines counted
        // as written, with room for its heading and note.
        let mut parts: Vec<Vec<Written>> = vec![vec![]];
        let mut bytes = SKILL_MD_ROOM;
        for record in records {
            let written = Written { index: index_line(record), reference: reference(record), record };
            let size = written.index.len() + written.reference.len();
            if parts
                .last()
                .is_some_and(|part| !part.is_empty() && (part.len() + 2 > MAX_FILES || bytes + size > MAX_BYTES))
            {
                parts.push(vec![]);
                bytes = SKILL_MD_ROOM;
            }
            bytes += size;
            parts.last_mut().expect("one part at least").push(written);
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

/// What SKILL.md holds besides its records' lines (frontmatter, heading, note), at most.
const SKILL_MD_ROOM: usize = 4096;

/// One record as its topic's skill writes it: its line in SKILL.md and its reference file.
struct Written<'a> {
    record: &'a KbRecord,
    index: String,
    reference: String,
}

/// A record's line in its topic's SKILL.md: title, link, summary, what it applies to.
fn index_line(record: &KbRecord) -> String {
    let slug = record.slug.to_string();
    format!(
        "- **{}** ([references/{slug}.md](references/{slug}.md)): {}{}\n",
        line(&record.title),
        line(&record.summary),
        applies(record).map(|a| format!(" Applies to: {a}.")).unwrap_or_default(),
    )
}

fn topic_skill(topic: &str, name: String, records: Vec<Written<'_>>, (part, parts): (usize, usize)) -> Draft {
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
    let mut files = vec![];
    for written in records {
        body.push_str(&written.index);
        files.push((format!("references/{}.md", *written.record.slug), written.reference));
    }
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
                line(&source.url),
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

/// A field of a record, sanitized to one line that cannot open a Markdown block.
fn line(text: &str) -> String {
    inline(&clean_single_line(text, MAX_LONG_FIELD))
}

/// `text` (one line already) kept from opening a Markdown block where it starts a line or a
/// list item's line: a leading `#`, `>`, `-`, `+`, `*`, `=`, `|`, backtick, `~`, `<` or `1.`
/// is escaped with a backslash.
fn inline(text: &str) -> String {
    let numbered = text
        .split_once(['.', ')'])
        .is_some_and(|(n, _)| !n.is_empty() && n.len() <= 9 && n.bytes().all(|b| b.is_ascii_digit()));
    match numbered || text.starts_with(['#', '>', '-', '+', '*', '=', '|', '`', '~', '<']) {
        true => format!("\\{text}"),
        false => text.to_string(),
    }
}

fn short(text: &str) -> String {
    clean_single_line(text, MAX_SHORT_FIELD)
}

/// One skill per subject of the fleet's promoted conventions and environment facts, subjects
/// in order, each subject's claims most confident first (as `Snapshot::learned` reads them);
/// `counts` says how many each subject has of each type, shown or not.
pub fn fleet(rows: impl IntoIterator<Item = SnapshotRow>, counts: &[(String, String, i64)]) -> Vec<Draft> {
    let mut subjects: BTreeMap<String, Vec<SnapshotRow>> = BTreeMap::new();
    for row in rows {
        subjects.entry(row.subject.clone()).or_default().push(row);
    }
    let count = |subject: &str, kind: &str| {
        counts.iter().find(|(s, k, _)| s == subject && k == kind).map_or(0, |(_, _, n)| (*n).max(0) as usize)
    };
    subjects
        .into_iter()
        .map(|(subject, rows)| {
            let totals = (count(&subject, "convention"), count(&subject, "environment"));
            subject_skill(&subject, subject_name(&subject), rows, totals)
        })
        .collect()
}

/// `learned-<subject>` for a subject that is a name already (`org-app`) and does not end as a
/// tag does; any other (`org/app`, `Org App`) is its name form plus `TAG` hex digits of its
/// sha256 (`learned-org-app-3fa2c1d9e8b7`), so a subject's name never depends on which other
/// subjects exist, and no subject can take another's name by spelling out its tag.
fn subject_name(subject: &str) -> String {
    let name = to_name(subject, SUBJECT_NAME);
    let ends_as_tag =
        subject.rsplit_once('-').is_some_and(|(_, end)| end.len() == TAG && end.bytes().all(|b| b.is_ascii_hexdigit()));
    if name == subject && !ends_as_tag {
        return format!("learned-{name}");
    }
    let hash = crate::catalog::skills::digest(subject);
    let tag = &hash["sha256:".len()..TAG + "sha256:".len()];
    match name.is_empty() {
        true => format!("learned-{tag}"),
        false => format!("learned-{name}-{tag}"),
    }
}

fn subject_skill(
    subject: &str,
    name: String,
    rows: Vec<SnapshotRow>,
    (conventions, environment): (usize, usize),
) -> Draft {
    let shown = short(subject);
    let description = format!(
        "What this fleet's agents observed about {shown}, promoted by the fleet's review gate: {conventions} \
         convention{} and {environment} environment fact{}. Peer observations with their attribution; load it before \
         working on {shown}, and verify before relying on them.",
        if conventions == 1 { "" } else { "s" },
        if environment == 1 { "" } else { "s" },
    );
    let mut body = format!("# What the fleet learned about {}\n\nThese are {PEER_NOTE}\n\n", inline(&shown));
    for (kind, title, total) in
        [("convention", "Conventions", conventions), ("environment", "Environment", environment)]
    {
        let of_kind: Vec<&SnapshotRow> = rows.iter().filter(|row| row.claim_type == kind).collect();
        if of_kind.is_empty() {
            continue;
        }
        let _ = writeln!(body, "## {title}\n");
        for row in &of_kind {
            // render: the header, then the claim on one line; both kept from opening a block.
            let rendered = render(row);
            let (header, claim) = rendered.split_once("\n  ").unwrap_or((rendered.as_str(), ""));
            let _ = writeln!(body, "- {header}\n   {}", inline(claim));
        }
        if total > of_kind.len() {
            let _ = writeln!(
                body,
                "\n{} more, less confident: `memory_search` with `subject` {} and `claim_type` {kind}.",
                total - of_kind.len(),
                inline(&shown),
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
            row("c1", "org/app", "convention", "## Forged heading\nRun `make test`"),
            row("c2", "org/app", "environment", "CI runs on Debian 13"),
            row("c3", "other", "convention", "x"),
        ];
        let counts = vec![
            ("org/app".to_string(), "convention".to_string(), 1),
            ("org/app".to_string(), "environment".to_string(), 1),
            ("other".to_string(), "convention".to_string(), 3),
        ];
        let drafts = fleet(rows, &counts);
        assert_eq!(drafts.len(), 2);
        assert!(drafts[0].path.starts_with("fleet/learned-org-app-"), "{}", drafts[0].path);
        assert_eq!(drafts[1].path, "fleet/learned-other");
        let body = &drafts[0].body;
        assert!(body.contains(PEER_NOTE));
        assert!(body.contains("[cc-03, 2026-12-01, 2 independent sessions, conf 0.80, id c1]"), "{body}");
        assert!(body.contains("\n   \\## Forged heading Run"), "a claim cannot open a heading: {body}");
        assert!(drafts[0].description.contains("1 convention and 1 environment fact"));
        assert!(
            drafts[1].body.contains("2 more, less confident"),
            "the claims not shown are counted: {}",
            drafts[1].body
        );
    }

    #[test]
    fn subjects_whose_names_would_collide_get_distinct_stable_names() {
        let names = |subjects: &[&str]| -> Vec<String> {
            fleet(subjects.iter().map(|s| row("c", s, "convention", "x")), &[]).into_iter().map(|d| d.path).collect()
        };
        let both = names(&["org-app", "org/app"]);
        assert_ne!(both[0], both[1]);
        assert_eq!(both[0], "fleet/learned-org-app", "a subject that is a name already stays plain");
        assert_eq!(names(&["org/app"])[0], both[1], "a subject's name does not depend on the others");
        let tag_like = format!("org-app-{}", &crate::catalog::skills::digest("org/app")[7..7 + TAG]);
        assert_ne!(names(&[&tag_like])[0], names(&["org/app"])[0], "spelling out another subject's tag takes nothing");
        for draft in fleet(["日本", "ORG/APP", &"x".repeat(300)].iter().map(|s| row("c", s, "convention", "x")), &[])
        {
            let path = draft.path.clone();
            assert!(draft.serve().is_ok(), "{path}");
        }
    }
}
