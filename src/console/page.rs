//! The console's pages as HTML, pure functions of what the handlers read (maud escapes every
//! interpolation). Every string that came from the lake is another agent's or the store's text:
//! it is cleaned to one bounded line (`guard::sanitize`) before it is put on a page, as on every
//! other read path. Accessible by construction: one `h1` a page and headings in order, a label
//! on every input, native controls only (reachable by keyboard; the stylesheet draws their
//! focus), tables with header cells, nothing that needs script.

use super::form::{Done, link_query};
use super::session::{Session, may_revoke};
use crate::guard::sanitize::{MAX_LONG_FIELD, MAX_SHORT_FIELD, clean_single_line};
use crate::keys::store::KeyRecord;
use crate::knowledge::searches::{DayCounts, SearchStats};
use crate::knowledge::store::{Feedback, Listed};
use crate::lake::claims::Review;
use crate::lake::overview::Overview;
use crate::local::paths::FleetId;
use crate::snapshot::{ClaimRow, Status};
use crate::spec::wire::claim_event::ClaimEvent;
use maud::{DOCTYPE, Markup, html};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// Which page of the navigation is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nav {
    Review,
    Fleet,
    Keys,
    Knowledge,
}

/// What every signed-in page carries: who, which fleet, the CSRF token for its forms.
pub struct Frame<'a> {
    pub owner: &'a str,
    pub fleets: &'a [FleetId],
    pub fleet: &'a FleetId,
    pub csrf: &'a str,
    /// Whether the server has a key store (the keys page exists).
    pub keys: bool,
    /// Whether the owner owns the server's knowledge base (the knowledge pages exist).
    pub knowledge: bool,
    pub session: &'a Session,
}

fn short(text: &str) -> String {
    clean_single_line(text, MAX_SHORT_FIELD)
}

fn long(text: &str) -> String {
    clean_single_line(text, MAX_LONG_FIELD)
}

/// A time as the pages show it: to the second, in UTC.
fn when(at: &chrono::DateTime<chrono::Utc>) -> String {
    at.format("%Y-%m-%d %H:%M:%S UTC").to_string()
}

fn document(title: &str, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · ctxlake console" }
                link rel="stylesheet" href="/console/style.css";
            }
            body { (body) }
        }
    }
}

fn chrome(frame: &Frame<'_>, nav: Nav, title: &str, main: Markup) -> Markup {
    let fleet = frame.fleet.as_str();
    let link = |path: &str, fleet: &str| format!("/console{path}?{}", link_query(&[("fleet", fleet)]));
    document(
        title,
        html! {
            header {
                nav aria-label="Console" {
                    ul {
                        li { a href=(link("", fleet)) aria-current=[(nav == Nav::Review).then_some("page")] { "Review" } }
                        li { a href=(link("/fleet", fleet)) aria-current=[(nav == Nav::Fleet).then_some("page")] { "Fleet" } }
                        @if frame.knowledge {
                            li { a href=(link("/knowledge", fleet)) aria-current=[(nav == Nav::Knowledge).then_some("page")] { "Knowledge" } }
                        }
                        @if frame.keys {
                            li { a href=(link("/keys", fleet)) aria-current=[(nav == Nav::Keys).then_some("page")] { "Keys" } }
                        }
                    }
                }
                @if frame.fleets.len() > 1 {
                    nav aria-label="Fleets" {
                        ul {
                            @for other in frame.fleets {
                                li { a href=(link("", other.as_str())) aria-current=[(other == frame.fleet).then_some("page")] { (other.as_str()) } }
                            }
                        }
                    }
                }
                form method="post" action="/console/sign-out" {
                    input type="hidden" name="csrf" value=(frame.csrf);
                    span { "Signed in as " (short(frame.owner)) " " }
                    button type="submit" { "Sign out" }
                }
            }
            main {
                h1 { (title) }
                (main)
            }
        },
    )
}

fn notice(done: Option<Done>) -> Markup {
    html! {
        @if let Some(done) = done {
            p role="status" class="notice" { (done.message()) }
        }
    }
}

fn claim_link(fleet: &FleetId, claim_id: &str) -> String {
    format!("/console/claim?{}", link_query(&[("fleet", fleet.as_str()), ("id", claim_id)]))
}

/// The review queue: the fleet's candidate claims with the gate's reason for holding each, and
/// its contested claims.
pub fn review(frame: &Frame<'_>, review: &Review, done: Option<Done>) -> Markup {
    let count = |status: Status| review.rows.iter().filter(|r| r.status == status).count();
    let candidates: Vec<&ClaimRow> = review.rows.iter().filter(|r| r.status == Status::Candidate).collect();
    let contested: Vec<&ClaimRow> = review.rows.iter().filter(|r| r.status == Status::Contested).collect();
    let title = format!("Review: fleet {}", frame.fleet.as_str());
    chrome(
        frame,
        Nav::Review,
        &title,
        html! {
            (notice(done))
            p {
                (review.rows.len()) " claims: "
                (count(Status::Candidate)) " candidate, " (count(Status::Promoted)) " promoted, "
                (count(Status::Contested)) " contested, " (count(Status::Retired)) " retired, "
                (count(Status::Retracted)) " retracted, " (count(Status::Superseded)) " superseded."
            }
            h2 { "Candidates (" (candidates.len()) ")" }
            @if candidates.is_empty() {
                p { "No candidate waits for review." }
            } @else {
                (claims_table(frame.fleet, &candidates, Some(review)))
            }
            h2 { "Contested (" (contested.len()) ")" }
            @if contested.is_empty() {
                p { "No claim is contested." }
            } @else {
                (claims_table(frame.fleet, &contested, None))
            }
        },
    )
}

fn claims_table(fleet: &FleetId, rows: &[&ClaimRow], held: Option<&Review>) -> Markup {
    html! {
        div class="scroll" {
            table {
                thead {
                    tr {
                        th scope="col" { "Claim" }
                        th scope="col" { "Type" }
                        th scope="col" { "Subject" }
                        th scope="col" { "Observer" }
                        th scope="col" { "Sessions" }
                        @if held.is_some() { th scope="col" { "Held because" } }
                    }
                }
                tbody {
                    @for row in rows {
                        tr {
                            td { a href=(claim_link(fleet, &row.claim_id)) { (long(&row.claim)) } }
                            td { (short(&row.claim_type)) }
                            td { (short(&row.subject)) }
                            td { (short(&row.observed_by)) }
                            td { (row.evidence_count()) }
                            @if let Some(review) = held {
                                td { (review.held.get(&row.claim_id).map_or("not held: the next fold decides it".to_string(), |r| long(r))) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// One claim: its fields, evidence and decisions, the other claims of its subject side by side
/// with a word diff, and the owner's decisions as forms.
pub fn claim(
    frame: &Frame<'_>,
    row: &ClaimRow,
    held: Option<&str>,
    decisions: &[ClaimEvent],
    same_subject: &[&ClaimRow],
    done: Option<Done>,
) -> Markup {
    let title = format!("Claim {}", short(&row.claim_id));
    let text = long(&row.claim);
    chrome(
        frame,
        Nav::Review,
        &title,
        html! {
            (notice(done))
            blockquote { p { (text) } }
            dl {
                dt { "Status" } dd { (row.status.as_str()) }
                @if let Some(reason) = held { dt { "Held because" } dd { (long(reason)) } }
                dt { "Type" } dd { (short(&row.claim_type)) }
                dt { "Subject" } dd { (short(&row.subject)) }
                dt { "Scope" } dd { (short(&row.scope)) }
                dt { "Observed by" } dd { (short(&row.observed_by)) " (another agent's observation)" }
                dt { "Independent sessions" } dd { (row.evidence_count()) }
                dt { "Confidence" } dd { (format!("{:.2}", row.confidence)) }
                dt { "Updated" } dd { (when(&row.updated_at)) }
                @if let Some(old) = &row.supersedes { dt { "Corrects" } dd { a href=(claim_link(frame.fleet, old)) { (short(old)) } } }
                @if let Some(by) = &row.superseded_by { dt { "Superseded by" } dd { a href=(claim_link(frame.fleet, by)) { (short(by)) } } }
            }
            h2 { "Evidence" }
            ul {
                @for evidence in &row.evidence {
                    li { "Session " (short(&evidence.session_id)) ", message " (short(&evidence.message_id)) ", observed " (when(&evidence.observed_at)) }
                }
                @for merged in &row.merged { li { "Restated by " (short(merged)) ", merged into this claim" } }
            }
            h2 { "Decisions" }
            @if decisions.is_empty() {
                p { "None yet." }
            } @else {
                ul { @for event in decisions { li { (decided(event)) } } }
            }
            h2 { "Other claims of this subject (" (same_subject.len()) ")" }
            @if same_subject.is_empty() {
                p { "None: nothing it could contradict or supersede." }
            } @else {
                div class="scroll" {
                    table {
                        thead { tr { th scope="col" { "Claim" } th scope="col" { "Status" } th scope="col" { "Words changed from this claim" } } }
                        tbody {
                            @for other in same_subject {
                                tr {
                                    td { a href=(claim_link(frame.fleet, &other.claim_id)) { (short(&other.claim_id)) } }
                                    td { (other.status.as_str()) }
                                    td class="diff" { (diff(&text, &long(&other.claim))) }
                                }
                            }
                        }
                    }
                }
            }
            h2 { "Decide" }
            (decide(frame, row))
        },
    )
}

/// Words removed from `from` as `del`, added in `to` as `ins` (the page's text, both cleaned);
/// a run of words changed alike is one element.
fn diff(from: &str, to: &str) -> Markup {
    let diff = similar::TextDiff::from_words(from, to);
    let mut runs: Vec<(similar::ChangeTag, String)> = vec![];
    for change in diff.iter_all_changes() {
        match runs.last_mut() {
            Some((tag, text)) if *tag == change.tag() => text.push_str(change.value()),
            _ => runs.push((change.tag(), change.value().to_string())),
        }
    }
    html! {
        @for (tag, text) in &runs {
            @match tag {
                similar::ChangeTag::Equal => (text),
                similar::ChangeTag::Delete => del { (text) },
                similar::ChangeTag::Insert => ins { (text) },
            }
        }
    }
}

/// A decision's line as `ctxlake claims show` prints it, with a capital first letter.
fn decided(event: &ClaimEvent) -> String {
    let line = crate::lake::claims::decision_line(event);
    let mut chars = line.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

fn decide(frame: &Frame<'_>, row: &ClaimRow) -> Markup {
    let hidden = |action: &str| {
        html! {
            input type="hidden" name="csrf" value=(frame.csrf);
            input type="hidden" name="fleet" value=(frame.fleet.as_str());
            input type="hidden" name="action" value=(action);
        }
    };
    let reason = |id: &str| {
        html! {
            label for=(id) { "Reason" }
            textarea id=(id) name="reason" required rows="2" maxlength=(MAX_LONG_FIELD) {}
        }
    };
    html! {
        div class="decide" {
            @if row.status == Status::Candidate {
                form method="post" action="/console/decide" {
                    (hidden("approve"))
                    input type="hidden" name="claim" value=(row.claim_id);
                    p { "Approve: the next fold promotes it if it passes the rest of the gate (a preference is promoted only this way)." }
                    button type="submit" { "Approve" }
                }
            }
            form method="post" action="/console/decide" {
                (hidden("retire"))
                input type="hidden" name="claim" value=(row.claim_id);
                (reason("retire-reason"))
                button type="submit" { "Retire" }
            }
            form method="post" action="/console/decide" {
                (hidden("retract"))
                input type="hidden" name="claim" value=(row.claim_id);
                (reason("retract-reason"))
                button type="submit" { "Retract (it was wrong)" }
            }
            form method="post" action="/console/decide" {
                (hidden("quarantine"))
                input type="hidden" name="agent" value=(row.observed_by);
                (reason("quarantine-reason"))
                button type="submit" { "Quarantine the observer, " (short(&row.observed_by)) }
            }
        }
    }
}

/// The fleet: live agents, leases, recent sessions and handoffs, the snapshot and the last fold.
pub fn fleet(frame: &Frame<'_>, overview: &Overview) -> Markup {
    let title = format!("Fleet {}", frame.fleet.as_str());
    let field = |value: &Value, name: &str| {
        value.get(name).map_or(String::new(), |v| match v {
            Value::String(text) => short(text),
            Value::Null => String::new(),
            other => short(&other.to_string()),
        })
    };
    chrome(
        frame,
        Nav::Fleet,
        &title,
        html! {
            h2 { "Live agents" }
            @match &overview.roster {
                None => p { "No roster yet: no fold has run." },
                Some(roster) if roster.agents.is_empty() => p { "No agent is live (as of " (when(&roster.generated_at)) ")." },
                Some(roster) => div class="scroll" { table {
                    caption { "As of " (when(&roster.generated_at)) }
                    thead { tr {
                        th scope="col" { "Agent" } th scope="col" { "Host" } th scope="col" { "Repository" }
                        th scope="col" { "Branch" } th scope="col" { "Task" } th scope="col" { "Last heartbeat" }
                    } }
                    tbody { @for agent in &roster.agents { tr {
                        td { (field(agent, "agent_id")) } td { (field(agent, "host")) } td { (field(agent, "repo")) }
                        td { (field(agent, "branch")) } td { (field(agent, "task")) } td { (field(agent, "heartbeat_at")) }
                    } } }
                } },
            }
            h2 { "Leases" }
            @match &overview.leases {
                None => p { "No lease document yet." },
                Some(leases) if leases.leases.iter().all(|l| l.holder.is_none()) => p { "Nothing is held." },
                Some(leases) => div class="scroll" { table {
                    thead { tr { th scope="col" { "Resource" } th scope="col" { "Holder" } th scope="col" { "Until" } th scope="col" { "Why" } } }
                    tbody { @for lease in leases.leases.iter().filter(|l| l.holder.is_some()) { tr {
                        td { (short(&lease.resource)) }
                        td { (short(lease.holder.as_deref().unwrap_or_default())) }
                        td { (lease.expires_at.as_ref().map_or("-".to_string(), when)) }
                        td { (long(&lease.reason)) }
                    } } }
                } },
            }
            h2 { "Recent sessions and handoffs" }
            @match &overview.history {
                None => p { "No history yet." },
                Some(history) if history.sessions.is_empty() => p { "No session has ended yet." },
                Some(history) => div class="scroll" { table {
                    thead { tr { th scope="col" { "Ended" } th scope="col" { "Agent" } th scope="col" { "Outcome" } th scope="col" { "Summary" } th scope="col" { "Next" } } }
                    tbody { @for session in history.sessions.iter().take(20) { tr {
                        td { (field(session, "ended_at")) } td { (field(session, "agent_id")) } td { (field(session, "outcome")) }
                        td { (session.get("summary").and_then(Value::as_str).map(long).unwrap_or_default()) }
                        td { (session.get("next").and_then(Value::as_str).map(long).unwrap_or_default()) }
                    } } }
                } },
            }
            h2 { "Snapshot and fold" }
            dl {
                @if let Some(pointer) = &overview.pointer {
                    dt { "Snapshot" } dd { (short(&pointer.content_hash)) ", built " (when(&pointer.generated_at)) }
                    @if let (Some(claims), Some(visible)) = (pointer.claims, pointer.visible) {
                        dt { "Claims" } dd { (claims) ", " (visible) " visible to agents" }
                    }
                } @else {
                    dt { "Snapshot" } dd { "none yet" }
                }
                @if let Some(last) = overview.fold.as_ref().and_then(|f| f.last.as_ref()) {
                    dt { "Last fold" }
                    dd {
                        "by " (short(&last.host)) ", finished " (when(&last.finished_at)) ", "
                        @if last.ok { "ok" } @else { "failed: " (last.error.as_deref().map(long).unwrap_or_default()) }
                    }
                } @else {
                    dt { "Last fold" } dd { "none recorded" }
                }
            }
        },
    )
}

/// The keys an owner manages (those of its fleets only), today's use against each quota,
/// guests' use per day, and the forms that create and revoke; `created` shows a new key's token,
/// the only time it is ever shown.
pub fn keys(
    frame: &Frame<'_>,
    keys: &[(KeyRecord, crate::keys::Tally)],
    guests: &[(String, u32, u32)],
    created: Option<(&str, &str)>,
    done: Option<Done>,
) -> Markup {
    let title = format!("Keys of fleet {}", frame.fleet.as_str());
    chrome(
        frame,
        Nav::Keys,
        &title,
        html! {
            (notice(done))
            @if let Some((name, token)) = created {
                div role="status" class="notice" {
                    p { "Created key " (short(name)) ". It is shown this once; store it now:" }
                    p { code class="token" { (token) } }
                }
            }
            h2 { "Keys" }
            @if keys.is_empty() {
                p { "No key names only fleets you own." }
            } @else {
                div class="scroll" { table {
                    thead { tr {
                        th scope="col" { "Name" } th scope="col" { "Prefix" } th scope="col" { "Fleets" } th scope="col" { "Kind" }
                        th scope="col" { "Used today / quota" } th scope="col" { "State" } th scope="col" { "Revoke" }
                    } }
                    tbody { @for (key, used) in keys { tr {
                        td { (short(&key.name)) } td { (short(&key.prefix)) } td { (short(&key.fleets.join(", "))) }
                        td { @if key.owner { "owner" } @else { "fleet" } }
                        td {
                            (used.calls) " / " (key.quota.map_or("unlimited".to_string(), |q| q.to_string()))
                            "; writes " (used.writes) " / "
                            (crate::keys::write_budget(key.quota, key.write_quota).map_or("unlimited".to_string(), |q| q.to_string()))
                        }
                        td { (key.revoked_at.as_deref().map_or("active".to_string(), |at| format!("revoked {}", short(at)))) }
                        td {
                            @if key.revoked_at.is_none() && may_revoke(frame.session, key) {
                                form method="post" action="/console/keys" {
                                    input type="hidden" name="csrf" value=(frame.csrf);
                                    input type="hidden" name="fleet" value=(frame.fleet.as_str());
                                    input type="hidden" name="action" value="revoke";
                                    input type="hidden" name="name" value=(key.name);
                                    button type="submit" aria-label=(format!("Revoke {}", short(&key.name))) { "Revoke" }
                                }
                            }
                        }
                    } } }
                } }
            }
            h2 { "Create a key" }
            form method="post" action="/console/keys" class="create" {
                input type="hidden" name="csrf" value=(frame.csrf);
                input type="hidden" name="fleet" value=(frame.fleet.as_str());
                input type="hidden" name="action" value="create";
                label for="key-name" { "Name (letters, digits, . _ -)" }
                input id="key-name" name="name" required maxlength="64" pattern="[A-Za-z0-9._\\-]+";
                label for="key-fleets" { "Fleets (comma-separated, yours only)" }
                input id="key-fleets" name="fleets" required value=(frame.fleet.as_str());
                label for="key-quota" { "Tool calls per UTC day (empty: unlimited)" }
                input id="key-quota" name="quota" inputmode="numeric" pattern="[0-9]*";
                div { input id="key-owner" name="owner" type="checkbox"; " " label for="key-owner" { "Owner key (signs in to this console)" } }
                button type="submit" { "Create" }
            }
            h2 { "Guests" }
            @if guests.is_empty() {
                p { "No guest use is counted (guests' use is shown to the knowledge base's owner)." }
            } @else {
                div class="scroll" { table {
                    thead { tr { th scope="col" { "Day (UTC)" } th scope="col" { "Guests" } th scope="col" { "Tool calls" } } }
                    tbody { @for (day, count, calls) in guests { tr { td { (short(day)) } td { (count) } td { (calls) } } } }
                } }
            }
        },
    )
}

fn record_link(fleet: &FleetId, id: &str) -> String {
    format!("/console/record?{}", link_query(&[("fleet", fleet.as_str()), ("id", id)]))
}

/// How many days of searches the knowledge page charts.
pub const SEARCH_DAYS: i64 = 30;

/// What the knowledge page shows of the base's use: the feedback agents sent and the search log.
pub struct Quality<'a> {
    pub feedback: &'a [Feedback],
    pub searches: &'a SearchStats,
}

/// The knowledge base's records by status: drafts first (those an import edited since their
/// approval marked), then the approved ones; each links to its page. Then its quality: searches
/// by retrieval mode per day, the records returned most and never, feedback by category.
pub fn knowledge(
    frame: &Frame<'_>,
    listed: &[Listed],
    edited: &BTreeSet<String>,
    quality: &Quality<'_>,
    done: Option<Done>,
) -> Markup {
    let of = |status: &str| listed.iter().filter(|l| l.status == status).collect::<Vec<_>>();
    let (drafts, approved, deprecated) = (of("draft"), of("approved"), of("deprecated"));
    let table = |rows: &[&Listed], mark: bool| {
        html! {
            div class="scroll" { table {
                thead { tr { th scope="col" { "Title" } th scope="col" { "Slug" } th scope="col" { "Version" }
                    @if mark { th scope="col" { "Review" } } } }
                tbody { @for row in rows { tr {
                    td { a href=(record_link(frame.fleet, &row.id)) { (short(&row.title)) } }
                    td { (short(&row.slug)) } td { (row.content_version) }
                    @if mark { td { @if edited.contains(&row.id) { "edited since approved: see the diff" } @else { "new" } } }
                } } }
            } }
        }
    };
    chrome(
        frame,
        Nav::Knowledge,
        "Knowledge base",
        html! {
            (notice(done))
            p { (listed.len()) " records: " (drafts.len()) " drafts, " (approved.len()) " approved (served), " (deprecated.len()) " deprecated." }
            h2 { "Drafts waiting for review (" (drafts.len()) ")" }
            @if drafts.is_empty() { p { "No draft waits for review." } } @else { (table(&drafts, true)) }
            h2 { "Approved (" (approved.len()) ")" }
            @if approved.is_empty() { p { "No record is approved." } } @else { (table(&approved, false)) }
            (searches(frame.fleet, quality.searches, listed, &approved))
            (feedback(quality.feedback))
        },
    )
}

/// The search log's part of the page: searches per day by mode, then which approved records
/// searches return most and which they never returned.
fn searches(fleet: &FleetId, stats: &SearchStats, listed: &[Listed], approved: &[&Listed]) -> Markup {
    let total: u64 = stats.days.iter().map(DayCounts::total).sum();
    // A record returned then deprecated is still named by its title; one the store never held
    // (the starter base's, or the published base's) by its id.
    let title_of = |id: &str| listed.iter().find(|l| l.id == id).map_or_else(|| short(id), |l| short(&l.title));
    let most: Vec<(String, usize)> = stats
        .returned
        .iter()
        .take(10)
        .map(|r| (title_of(&r.record_id), usize::try_from(r.count).unwrap_or(usize::MAX)))
        .collect();
    let returned: BTreeSet<&str> = stats.returned.iter().map(|r| r.record_id.as_str()).collect();
    let never: Vec<&&Listed> = approved.iter().filter(|l| !returned.contains(l.id.as_str())).collect();
    html! {
        h2 { "Searches (" (total) " in the last " (stats.days.len()) " days)" }
        p { "Each search_knowledge call without a cursor counts once, under the way its results were found; \
             every result returned, on any page, counts for its record. The log keeps a day, the mode and record \
             ids, never the query or who asked." }
        @if total == 0 {
            p { "No search in these days." }
        } @else {
            (columns("Searches per day by retrieval mode", &stats.days))
        }
        @if !most.is_empty() { (bars("Records returned most often", &most)) }
        h3 { "Approved records never returned (" (never.len()) ")" }
        @match &stats.since {
            None => p { "No search has been counted yet." },
            Some(since) if never.is_empty() => p { "Every approved record was returned at least once since " (short(since)) "." },
            Some(since) => {
                p { "Not among any search's results since " (short(since)) ": hard to find, or not needed." }
                ul { @for row in &never { li { a href=(record_link(fleet, &row.id)) { (short(&row.title)) } } } }
            }
        }
    }
}

fn feedback(feedback: &[Feedback]) -> Markup {
    let mut by_category: BTreeMap<String, usize> = BTreeMap::new();
    let mut by_record: BTreeMap<String, usize> = BTreeMap::new();
    for item in feedback {
        *by_category.entry(short(&item.category)).or_default() += 1;
        if let Some(record) = &item.record_id {
            *by_record.entry(short(record)).or_default() += 1;
        }
    }
    let mut most: Vec<(String, usize)> = by_record.into_iter().collect();
    most.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    most.truncate(10);
    html! {
        h2 { "Feedback (" (feedback.len()) ")" }
        @if feedback.is_empty() {
            p { "No feedback yet (agents send it with submit_feedback)." }
        } @else {
            (bars("Feedback by category", &by_category.into_iter().collect::<Vec<_>>()))
            (bars("Records with the most feedback", &most))
        }
    }
}

/// Each retrieval mode's name on the page and its fill (3:1 or more against white, WCAG's
/// rule for graphics; the legend carries the counts as text).
const MODES: [(&str, &str); 3] = [("hybrid", "#0b57d0"), ("keyword fallback", "#8a4b00"), ("no match", "#a50e0e")];

/// A column per day, stacked by retrieval mode, as inline SVG; the first and last day under it,
/// the tallest day's total beside it, and a legend with each mode's total as text.
fn columns(title: &str, days: &[DayCounts]) -> Markup {
    const HEIGHT: u64 = 120;
    const STEP: usize = 16;
    const WIDTH: usize = 12;
    const LEFT: usize = 40;
    let max = days.iter().map(DayCounts::total).max().unwrap_or(1).max(1);
    let totals = [
        days.iter().map(|d| d.hybrid).sum::<u64>(),
        days.iter().map(|d| d.keyword_fallback).sum(),
        days.iter().map(|d| d.no_match).sum(),
    ];
    let summary = MODES.iter().zip(totals).map(|((name, _), n)| format!("{name} {n}")).collect::<Vec<_>>().join(", ");
    let width = LEFT + STEP * days.len() + 8;
    let height = HEIGHT + 40;
    let (first, last) = (days.first().map_or("", |d| d.day.as_str()), days.last().map_or("", |d| d.day.as_str()));
    // Each day's modes stacked bottom up: (x, y, height, fill, day, count) per non-empty part.
    let mut stacks = vec![];
    for (i, day) in days.iter().enumerate() {
        let mut top = HEIGHT + 8;
        for ((_, fill), n) in MODES.iter().zip([day.hybrid, day.keyword_fallback, day.no_match]) {
            if n > 0 {
                let h = (n * HEIGHT / max).max(2).min(top);
                stacks.push((LEFT + i * STEP, top - h, h, *fill, day.day.as_str(), n));
                top -= h;
            }
        }
    }
    html! {
        figure {
            figcaption { (title) }
            svg xmlns="http://www.w3.org/2000/svg" role="img"
                aria-label=(format!("{title} from {first} to {last}: {summary}; the busiest day {max}"))
                width=(width) height=(height) viewBox=(format!("0 0 {width} {height}")) {
                text x="0" y="14" font-size="14" fill="#1a1a1a" { (max) }
                line x1=(LEFT - 4) y1=(HEIGHT + 8) x2=(width) y2=(HEIGHT + 8) stroke="#4a4a4a" {}
                @for (x, y, h, fill, day, n) in &stacks {
                    rect x=(x) y=(y) width=(WIDTH) height=(h) fill=(fill) { title { (day) ": " (n) } }
                }
                text x=(LEFT) y=(HEIGHT + 28) font-size="14" fill="#1a1a1a" { (short(first)) }
                text x=(width - 8) y=(HEIGHT + 28) font-size="14" fill="#1a1a1a" text-anchor="end" { (short(last)) }
            }
            ul class="legend" {
                @for ((name, fill), n) in MODES.iter().zip(totals) {
                    li { svg width="14" height="14" aria-hidden="true" { rect width="14" height="14" fill=(fill) {} }
                        " " (name) ": " (n) }
                }
            }
        }
    }
}

/// A horizontal bar chart as inline SVG (no script, no style attribute: the CSP allows it), with
/// its title and every count as text, so it reads without the bars.
fn bars(title: &str, rows: &[(String, usize)]) -> Markup {
    const ROW: usize = 24;
    const LABEL: usize = 180;
    const BAR: usize = 200;
    let max = rows.iter().map(|(_, n)| *n).max().unwrap_or(1).max(1);
    let height = ROW * rows.len() + 8;
    let summary = rows.iter().map(|(label, n)| format!("{label}: {n}")).collect::<Vec<_>>().join(", ");
    html! {
        figure {
            figcaption { (title) }
            svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label=(format!("{title}: {summary}"))
                width=(LABEL + BAR + 60) height=(height) viewBox=(format!("0 0 {} {height}", LABEL + BAR + 60)) {
                @for (i, (label, n)) in rows.iter().enumerate() {
                    @let y = i * ROW + 4;
                    text x="0" y=(y + 15) font-size="14" fill="#1a1a1a" { (label) }
                    rect x=(LABEL) y=(y + 2) width=((n * BAR / max).max(2)) height="16" fill="#0b57d0" {}
                    text x=(LABEL + (n * BAR / max).max(2) + 6) y=(y + 15) font-size="14" fill="#1a1a1a" { (n) }
                }
            }
        }
    }
}

/// The record's fields a review reads, in order.
const RECORD_FIELDS: [(&str, &str); 11] = [
    ("Title", "title"),
    ("Summary", "summary"),
    ("Recommendation", "recommendation"),
    ("Rationale", "rationale"),
    ("Applies to", "applies_to"),
    ("Conditions", "conditions"),
    ("Exceptions", "exceptions"),
    ("Pitfalls", "pitfalls"),
    ("Verification checks", "verification_checks"),
    ("Confidence", "confidence"),
    ("Sources", "sources"),
];

const SOURCE_ORDER: [&str; 5] = ["title", "publisher", "url", "relation", "evidence_excerpt"];

/// A field of a record as one line of text: a string, or a list's items joined by "; " (an
/// object item by its string values, joined by ", ").
fn field_text(record: &Value, field: &str) -> String {
    let item = |value: &Value| match value {
        Value::String(text) => text.clone(),
        // A source reads title first; other objects in their keys' order.
        Value::Object(map) => SOURCE_ORDER
            .iter()
            .filter_map(|k| map.get(*k))
            .chain(map.iter().filter(|(k, _)| !SOURCE_ORDER.contains(&k.as_str())).map(|(_, v)| v))
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join(", "),
        other => other.to_string(),
    };
    match record.get(field) {
        None | Some(Value::Null) => String::new(),
        Some(Value::Array(items)) => items.iter().map(item).collect::<Vec<_>>().join("; "),
        Some(value) => item(value),
    }
}

/// One record with its status and, when an import edited it since its approval, each field as a
/// word diff against the approved version; approve and deprecate as forms.
pub fn record(frame: &Frame<'_>, record: &Value, approved: Option<&Value>, done: Option<Done>) -> Markup {
    let status = record.get("status").and_then(Value::as_str).unwrap_or("draft");
    // Only a draft is waiting on its edit's review.
    let approved = approved.filter(|_| status == "draft");
    let id = record.get("id").and_then(Value::as_str).unwrap_or_default();
    let title = format!("Record {}", short(record.get("slug").and_then(Value::as_str).unwrap_or(id)));
    let form = |action: &str, label: &str| {
        html! {
            form method="post" action="/console/knowledge" {
                input type="hidden" name="csrf" value=(frame.csrf);
                input type="hidden" name="fleet" value=(frame.fleet.as_str());
                input type="hidden" name="action" value=(action);
                input type="hidden" name="record" value=(id);
                button type="submit" { (label) }
            }
        }
    };
    chrome(
        frame,
        Nav::Knowledge,
        &title,
        html! {
            (notice(done))
            p {
                "Status: " (status) ", version " (record.get("content_version").and_then(Value::as_u64).unwrap_or(1)) "."
                @if approved.is_some() { " Edited since it was approved: words removed from the approved version are struck through, words added underlined." }
            }
            dl {
                @for (label, field) in RECORD_FIELDS {
                    @let now = long(&field_text(record, field));
                    @if !now.is_empty() || approved.is_some_and(|a| !field_text(a, field).is_empty()) {
                        dt { (label) }
                        dd class="diff" {
                            @match approved {
                                Some(before) => (diff(&long(&field_text(before, field)), &now)),
                                None => (now),
                            }
                        }
                    }
                }
            }
            h2 { "Decide" }
            div class="decide" {
                @if status != "approved" { (form("approve", "Approve: serve it")) }
                @if status != "deprecated" { (form("deprecate", "Deprecate: stop serving it")) }
            }
        },
    )
}

/// The sign-in page, with why the last attempt failed.
pub fn sign_in(error: Option<&str>) -> Markup {
    document(
        "Sign in",
        html! {
            main {
                h1 { "Sign in to the ctxlake console" }
                @if let Some(error) = error { p role="alert" class="error" { (error) } }
                form method="post" action="/console/sign-in" {
                    label for="key" { "Owner key" }
                    input id="key" name="key" type="password" autocomplete="off" required;
                    button type="submit" { "Sign in" }
                }
                p { "An owner key is made with " code { "ctxlake keys create --owner --fleets FLEET --name NAME" } "." }
            }
        },
    )
}

/// A page that says what went wrong (the status line says how).
pub fn problem(title: &str, message: &str) -> Markup {
    document(
        title,
        html! {
            main {
                h1 { (title) }
                p role="alert" class="error" { (message) }
                p { a href="/console" { "Back to the console" } }
            }
        },
    )
}
