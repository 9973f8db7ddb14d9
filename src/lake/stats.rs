//! `ctxlake lake stats`: what a lake holds, per fleet and kind of object, from one listing:
//! objects, bytes, the oldest and newest, what arrived in the last seven days (growth per
//! day), and what `ctxlake lake gc` would free now. Nothing is read but the listing and the
//! fleets' pointers; nothing is written.

use crate::lake::gc::{self, Entry, Plan};
use crate::lake::store::Listed;
use crate::spec::wire::lake_ops::{FleetStats, KindStats, LakeStats, ObjectKind, Tally};
use chrono::{DateTime, Duration, Utc};
use std::collections::BTreeMap;

/// The window growth is measured over.
const GROWTH_DAYS: i64 = 7;

/// Sums `entries` (and `other`, the objects outside any fleet) as of `now`; `plan` is what gc
/// would do with them.
pub fn summarize(lake: &str, entries: &[Entry], other: &[Listed], plan: &Plan, now: DateTime<Utc>) -> LakeStats {
    let mut by_fleet: BTreeMap<&str, BTreeMap<ObjectKind, Vec<&Listed>>> = BTreeMap::new();
    for entry in entries {
        by_fleet.entry(&entry.fleet).or_default().entry(entry.kind).or_default().push(&entry.listed);
    }
    let fleets = by_fleet
        .into_iter()
        .map(|(fleet, kinds)| {
            let kinds: Vec<KindStats> =
                kinds.into_iter().map(|(kind, listed)| kind_stats(kind, &listed, now)).collect();
            FleetStats {
                fleet: fleet.to_string(),
                objects: kinds.iter().map(|k| k.objects).sum(),
                bytes: kinds.iter().map(|k| k.bytes).sum(),
                kinds,
            }
        })
        .collect();
    let freed = gc::groups(&plan.remove);
    LakeStats {
        generated_at: now,
        lake: lake.to_string(),
        fleets,
        other: (!other.is_empty()).then(|| kind_stats(ObjectKind::Other, &other.iter().collect::<Vec<_>>(), now)),
        gc: Tally { objects: freed.iter().map(|g| g.objects).sum(), bytes: freed.iter().map(|g| g.bytes).sum() },
    }
}

fn kind_stats(kind: ObjectKind, listed: &[&Listed], now: DateTime<Utc>) -> KindStats {
    let bytes =
        |items: &mut dyn Iterator<Item = &&Listed>| -> u64 { items.map(|l| l.size).fold(0, u64::saturating_add) };
    let since = now - Duration::days(GROWTH_DAYS);
    let recent: Vec<&&Listed> = listed.iter().filter(|l| l.last_modified > since).collect();
    let added = Tally { objects: recent.len() as u64, bytes: bytes(&mut recent.iter().copied()) };
    KindStats {
        kind,
        objects: listed.len() as u64,
        bytes: bytes(&mut listed.iter()),
        oldest: listed.iter().map(|l| l.last_modified).min(),
        newest: listed.iter().map(|l| l.last_modified).max(),
        bytes_per_day: added.bytes as f64 / GROWTH_DAYS as f64,
        added_last_7_days: added,
    }
}

/// Bytes for a person: `12.3 MiB`.
pub fn human(bytes: u64) -> String {
    let units = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit < units.len() - 1 {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 { format!("{bytes} B") } else { format!("{value:.1} {}", units[unit]) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lake::gc::{Current, Retention, plan};
    use object_store::path::Path;

    #[test]
    fn sums_per_fleet_and_kind_count_every_object_once_with_growth_over_seven_days() {
        let now: DateTime<Utc> = "2026-12-04T00:00:00Z".parse().unwrap();
        let entry = |fleet: &str, kind, key: &str, size, days| Entry {
            fleet: fleet.to_string(),
            kind,
            listed: Listed { key: Path::from(key), size, etag: None, last_modified: now - Duration::days(days) },
        };
        let entries = vec![
            entry("a", ObjectKind::SpoolBatch, "fleets/a/spool/h/1.ndjson", 700, 1),
            entry("a", ObjectKind::SpoolBatch, "fleets/a/spool/h/2.ndjson", 300, 20),
            entry("a", ObjectKind::Quarantine, "fleets/a/quarantine/h/q.json", 50, 31),
            entry("b", ObjectKind::Leases, "fleets/b/leases.json", 5, 0),
        ];
        let other = [Listed { key: Path::from("stray"), size: 1, etag: None, last_modified: now }];
        let planned = plan(&entries, &Current::new(), now, &Retention::default());
        let stats = summarize("file:///lake", &entries, &other, &planned, now);
        assert_eq!(
            stats.fleets.iter().map(|f| (f.fleet.as_str(), f.objects, f.bytes)).collect::<Vec<_>>(),
            [("a", 3, 1050), ("b", 1, 5)]
        );
        let spool = &stats.fleets[0].kinds[0];
        assert_eq!(
            (spool.kind, spool.objects, spool.added_last_7_days.objects, spool.added_last_7_days.bytes),
            (ObjectKind::SpoolBatch, 2, 1, 700)
        );
        assert_eq!(spool.bytes_per_day, 100.0);
        assert_eq!((spool.oldest, spool.newest), (Some(now - Duration::days(20)), Some(now - Duration::days(1))));
        assert_eq!((stats.gc.objects, stats.gc.bytes), (1, 50), "the 31-day-old quarantined line");
        assert_eq!(stats.other.map(|o| o.objects), Some(1));
    }

    #[test]
    fn bytes_read_as_a_person_would_say_them() {
        assert_eq!(human(999), "999 B");
        assert_eq!(human(1536), "1.5 KiB");
        assert_eq!(human(5 * 1024 * 1024 * 1024), "5.0 GiB");
    }
}
