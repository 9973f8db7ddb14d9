//! The lake's parsers of outside input, on arbitrary bytes. The first byte picks the parser:
//!
//! | byte % 12 | parser | the table it must keep |
//! |---|---|---|
//! | 0 | the drain's `prepare` (spool lines → a batch) | every whole line is shipped or refused with a named reason; what it ships is a spool that reads back with nothing refused, re-scrubbing it changes nothing, and maint reads every line of it |
//! | 1 | maint's `parse_batch` (a batch body from the lake) | every non-empty line is a proposal, a request, or counted unreadable |
//! | 2, 3, 4 | the mirror's `render` of roster, leases, history | a document becomes a cache file the read tools parse; anything else is `MirrorError::Shape` naming the key |
//! | 5 | the mirror's `parse_pointer` | a pointer or `MirrorError::Shape` naming the key |
//! | 6 | `kb::parse_pointer` (the published knowledge base's pointer) | a pointer or `KbError::Pointer` naming the key |
//! | 7 | `kb::verify` (a published knowledge base's blob, under a pointer with its true hash) | every record approved and counted, and the set published again verifies to the same records; or a refusal naming the key |
//! | 8 | `layout::classify` (a key a listing returned, for `lake stats` and `gc`) | outside `fleets/<fleet>/` it is no fleet's; inside, the fleet is that segment, and a key of a kind gc may remove has that kind's shape |
//! | 10 | `export::read` (a file `ctxlake lake import` loads) | a file it accepts is written back by `to_lines` as a file it reads the same, every object named under the header's fleet as a kind an export carries; a refusal names a line of the file and says why |
//! | 9 | `checkpoint::parse` (the fold's checkpoint) | a checkpoint whose handoffs are all handoffs and that reads back the same once written again; or refused as newer (a version above 3), not a checkpoint, or a handoff named by its index |
//! | 11 | `pack::parse` (a pack compaction wrote) | its sections, each naming a drained batch once, whose lines are the body's lines less one per section, and which a pack written from them reads back the same; or refused with a line and why |
//!
//! Never a panic; a refused object is refused whole (the functions are pure, so nothing is
//! half-applied: the caller writes only what an `Ok` returned).
#![no_main]

use ctxlake::lake::drain::prepare;
use ctxlake::lake::kb::{self, KbError};
use ctxlake::lake::layout::sha256_hex;
use ctxlake::lake::maint::parse_batch;
use ctxlake::lake::mirror::{MirrorError, parse_pointer, render};
use ctxlake::local::paths::FleetId;
use ctxlake::local::spool_read;
use ctxlake::spec::wire::{history::HistoryFile, leases::LeasesFile, roster::RosterFile};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((which, body)) = data.split_first() else { return };
    match which % 12 {
        11 => packed(body),
        10 => exported(body),
        9 => checkpoint(body),
        8 => classified(body),
        0 => drain(body),
        6 => {
            if let Err(e) = kb::parse_pointer(body, "fleets/team/kb/current.json") {
                assert!(matches!(&e, KbError::Pointer { key, .. } if key == "fleets/team/kb/current.json"), "{e}");
            }
        }
        7 => published_kb(body),
        1 => {
            let batch = parse_batch(body);
            let lines = body.split(|b| *b == b'\n').filter(|l| !l.is_empty()).count();
            assert_eq!(batch.proposals.len() + batch.requests.len() + batch.unreadable, lines);
        }
        n => {
            let key = "fleets/team/doc.json";
            let shape_error = |e: &MirrorError| matches!(e, MirrorError::Shape { key: k, .. } if k == key);
            match n {
                2..=4 => {
                    let name = ["roster.json", "leases.json", "history.json"][usize::from(n - 2)];
                    match render(name, body, key) {
                        Ok(file) => {
                            let readable = match name {
                                "roster.json" => serde_json::from_slice::<RosterFile>(&file).is_ok(),
                                "leases.json" => serde_json::from_slice::<LeasesFile>(&file).is_ok(),
                                _ => serde_json::from_slice::<HistoryFile>(&file).is_ok(),
                            };
                            assert!(readable, "{name} rendered into a file its reader refuses");
                        }
                        Err(e) => assert!(shape_error(&e), "{name}: {e}"),
                    }
                }
                _ => {
                    if let Err(e) = parse_pointer(body, key) {
                        assert!(shape_error(&e), "pointer: {e}");
                    }
                }
            }
        }
    }
});

fn drain(body: &[u8]) {
    let fleet = FleetId::new("team").expect("a valid fleet id");
    // The drain hands `prepare` whole lines only; a torn tail waits for its newline.
    let whole = body.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
    let lines = &body[..whole];
    let prepared = prepare(lines, &fleet);
    let count = lines.iter().filter(|b| **b == b'\n').count();
    assert_eq!(prepared.records + prepared.refused.len(), count, "each line shipped or refused, once");
    assert!(prepared.refused.iter().all(|(_, why)| !why.is_empty()), "every refusal names its reason");
    assert_eq!(prepared.batch.iter().filter(|b| **b == b'\n').count(), prepared.records);

    let shipped = spool_read::parse(&prepared.batch);
    assert!(shipped.skipped.is_empty(), "the drain shipped a line its own reader refuses: {:?}", shipped.skipped);
    let again = prepare(&prepared.batch, &fleet);
    assert_eq!((again.records, again.refused.len(), again.rescrubbed), (prepared.records, 0, 0), "re-scrub is settled");
    assert_eq!(again.batch, prepared.batch, "what the drain ships is a fixed point of the drain");
    let read = parse_batch(&prepared.batch);
    assert_eq!((read.proposals.len() + read.requests.len(), read.unreadable), (prepared.records, 0));
}

fn published_kb(body: &[u8]) {
    let key = "fleets/team/kb/blob.jsonl";
    let lines = body.split(|b| *b == b'\n').filter(|l| !l.iter().all(u8::is_ascii_whitespace)).count() as u64;
    let pointer = |body: &[u8], records| ctxlake::spec::wire::lake::KbPointer {
        content_hash: sha256_hex(body),
        key: key.to_string(),
        records,
        published_at: chrono::DateTime::<chrono::Utc>::UNIX_EPOCH,
    };
    match kb::verify(body, &pointer(body, lines), key) {
        Ok(records) => {
            assert!(records.iter().all(|r| r.status == ctxlake::spec::wire::kb_record::KbRecordStatus::Approved));
            let again = kb::blob(&records);
            let count = records.len() as u64;
            let reread = kb::verify(&again, &pointer(&again, count), key).expect("a published set verifies");
            assert_eq!(reread.len(), records.len(), "publishing a verified set keeps every record");
        }
        Err(e) => assert!(e.to_string().contains(key), "a refusal names the key: {e}"),
    }
}

/// A listed key, sorted by the layout: never a panic; a fleet's key names its fleet; what gc may
/// remove (snapshots, quarantine, doctor probes) is only ever a key of that shape.
fn classified(body: &[u8]) {
    use ctxlake::lake::layout::classify;
    use ctxlake::spec::wire::lake_ops::ObjectKind;
    let text = String::from_utf8_lossy(body).into_owned();
    let Some((fleet, kind)) = classify(&text) else {
        let segment = text.strip_prefix("fleets/").map(|rest| rest.split('/').next().unwrap_or_default());
        assert!(segment.is_none_or(str::is_empty), "{text}");
        return;
    };
    assert!(text.starts_with("fleets/") && !fleet.is_empty() || text.starts_with("fleets/%"), "{text}");
    let rest: Vec<&str> = text.splitn(3, '/').nth(2).unwrap_or_default().split('/').collect();
    let removable = match kind {
        ObjectKind::Snapshot => rest.len() == 2 && rest[0] == "snapshot" && rest[1] != "current.json",
        ObjectKind::Kb => rest.len() == 2 && rest[0] == "kb" && rest[1] != "current.json",
        ObjectKind::Presence => rest.len() == 2 && rest[0] == "presence",
        ObjectKind::Quarantine => rest.len() == 3 && rest[0] == "quarantine",
        ObjectKind::DoctorProbe => rest.len() == 2 && rest[0] == "doctor",
        ObjectKind::SpoolBatch => rest.len() == 3 && rest[0] == "spool",
        _ => true,
    };
    assert!(removable, "{text} classified as {kind:?}");
}

/// The fold's checkpoint, read from the lake: never a panic; what it accepts it writes back to
/// the same checkpoint; what it refuses it says why.
fn checkpoint(body: &[u8]) {
    use ctxlake::lake::checkpoint::{self, Unusable, VERSION};
    use ctxlake::spec::wire::spool::SpoolRecord;
    match checkpoint::parse(body) {
        Ok(folded) => {
            assert!(folded.handoffs.iter().all(|h| matches!(h, SpoolRecord::Handoff { .. })));
            assert_eq!(checkpoint::parse(&folded.body()).as_ref(), Ok(&folded), "a checkpoint reads back as written");
        }
        Err(Unusable::Newer(version)) => assert!(version > VERSION.get()),
        Err(Unusable::Handoff { why, .. }) => assert!(!why.is_empty()),
        Err(Unusable::Invalid(why)) => assert!(!why.is_empty()),
    }
}

/// An export file: never a panic; what it accepts it writes back as a file it reads the same;
/// what it refuses it refuses at a line of the file.
fn exported(body: &[u8]) {
    use ctxlake::lake::export;
    use ctxlake::lake::layout::classify;
    match export::read("f.jsonl", body) {
        Ok(read) => {
            let prefix = format!("{}/", ctxlake::lake::FleetLayout::new(&read.fleet).root());
            for name in read.objects.keys() {
                let classified = classify(&format!("{prefix}{name}"));
                assert!(classified.is_some_and(|(fleet, _)| fleet == read.fleet.as_str()), "{name}");
            }
            let again = export::to_lines(&read);
            assert_eq!(export::read("f.jsonl", &again).as_ref(), Ok(&read), "an accepted file reads back the same");
        }
        Err(refused) => {
            let lines = body.split(|b| *b == b'\n').count().max(1);
            assert!((1..=lines).contains(&refused.line), "line {} of {lines}: {refused}", refused.line);
            assert!(!refused.reason.is_empty() && refused.file == "f.jsonl");
        }
    }
}

/// A pack from the lake: never a panic; what it accepts holds every line of the body once (a
/// section line or one of its batch's lines) and is written back as a pack that reads the same;
/// what it refuses it says where.
fn packed(body: &[u8]) {
    use ctxlake::lake::pack;
    match pack::parse(body) {
        Ok(sections) => {
            let lines = body.split(|b| *b == b'\n').count().saturating_sub(1);
            let held: usize = sections.iter().map(|s| s.lines.len() + 1).sum();
            assert_eq!(held, lines, "every line is a section's or one of its batch's");
            assert!(sections.iter().flat_map(|s| &s.lines).all(|l| !l.is_empty() && !l.contains(&b'\n')));
            let again = pack::body(&sections);
            assert_eq!(pack::parse(&again).as_ref(), Ok(&sections), "a pack written from its sections reads back");
        }
        Err(why) => assert!(why.starts_with("line ") || why.contains("newline"), "{why}"),
    }
}
