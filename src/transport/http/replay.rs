//! Resumable SSE answers, for the revisions whose streams can be resumed (2025-03-26 to
//! 2025-11-25; 2026-07-28 has no resumption, and a closed stream cancels there). Each event of
//! a POST's SSE answer gets the id `<stream>-<n>` and is kept in the stream's log; the response
//! body only follows the log. So a client that loses the connection loses nothing: the handler
//! runs on (the spec: disconnection "SHOULD NOT be interpreted as the client cancelling its
//! request"), and a GET carrying `Last-Event-ID` receives the events after that one, then the
//! rest as they come, on that stream only. In 2025-11-25 the log begins with a priming event (an
//! id and empty data), so a client can resume before the first message.
//!
//! Bounded: at most `MAX_STREAMS` logs (past it an answer streams as before, without ids), each
//! at most `MAX_BYTES` beyond its last `MIN_EVENTS` events (past it the oldest events are
//! dropped; a resume from before them is refused rather than answered with a gap), kept `KEEP`
//! after the answer went out. A stream id is 96 random bits and a log serves only the
//! principal that posted its request.
//!
//! With a state store, each log is also copied there as it grows, by a task of its own that
//! follows the log (`Mirror`: the answer's reader and its handler never wait for the store), in
//! order, the last `STORED_EVENTS` kept, and the stream's time of last use renewed every
//! `HEARTBEAT` while it is unfinished. So a client may resume on any host sharing the store: a
//! host that does not hold the log reads the store every `FOLLOW_EVERY` until the stream ends,
//! or until its host has written nothing to it for `STALE` (the host is then taken to be gone).
//! Stored logs go `KEEP` after their end, or `MAX_AGE` after their last use.

use crate::keys::KeyStore;
use std::collections::{HashMap, VecDeque};
use std::convert::Infallible;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// How long a log is kept after its stream ended, for a client that reconnects late.
pub const KEEP: Duration = Duration::from_secs(60);
/// Logs kept at once.
pub const MAX_STREAMS: usize = 1024;
/// The events a log keeps, in bytes, past the last `MIN_EVENTS`.
pub const MAX_BYTES: usize = 1 << 20;
/// The last events a log always keeps, however large: a reader that lags behind by fewer
/// (the window the client's connection buffers) still gets a large answer after them.
pub const MIN_EVENTS: usize = 64;
/// The last events of a stream the state store keeps.
pub const STORED_EVENTS: u64 = 256;
/// How often a host that does not hold a stream's log reads the store for more of it.
pub const FOLLOW_EVERY: Duration = Duration::from_millis(200);
/// An unfinished stream its host wrote nothing to for this long is taken to be abandoned.
pub const STALE: Duration = Duration::from_secs(60);
/// How often the host of an unfinished stream says it is still at it.
const HEARTBEAT: Duration = Duration::from_secs(15);
/// Reads of a stream not found in the store yet, `FOLLOW_EVERY` apart (its host stores it just
/// after it answers, on a pool that may be busy).
const FIND_TRIES: usize = 5;
/// Streams followed in the store at once by this host; past it, a resume is 503.
pub const MAX_FOLLOWERS: usize = 256;
/// A stored stream its host never ended is removed this long after its last event.
pub const MAX_AGE: Duration = Duration::from_secs(3600);
/// How often a host removes old stored streams (when it opens one).
const PRUNE_EVERY: i64 = 10;

/// A place in a stream: what `Last-Event-ID` names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventId {
    pub stream: String,
    pub seq: u64,
}

impl EventId {
    /// `<24 lowercase hex>-<n>`, the form this server writes; anything else is no id of ours.
    pub fn parse(text: &str) -> Option<EventId> {
        let (stream, seq) = text.trim().split_once('-')?;
        let hex = stream.len() == 24 && stream.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        let digits = !seq.is_empty() && seq.bytes().all(|b| b.is_ascii_digit());
        (hex && digits).then(|| seq.parse().ok().map(|seq| EventId { stream: stream.to_string(), seq })).flatten()
    }
}

/// Why a resume is refused.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("no stream of yours has this event id (ended more than {}s ago, or never)", KEEP.as_secs())]
    Unknown,
    #[error("the events after this id are no longer kept (the stream outgrew its log)")]
    Dropped,
    #[error("the state store is unavailable")]
    Unavailable,
}

#[derive(Default)]
struct Log {
    /// Rendered events; the first has sequence number `first`.
    events: VecDeque<String>,
    first: u64,
    bytes: usize,
    ended: Option<Instant>,
}

impl Log {
    fn next(&self) -> u64 {
        self.first + self.events.len() as u64
    }

    /// Whether the events from sequence number `from` on are all kept: `Err` when some of them
    /// were dropped, or `from` lies past the next event (no id this stream wrote).
    fn keeps(&self, from: u64) -> Result<(), Refused> {
        match from {
            from if from > self.next() => Err(Refused::Unknown),
            from if from < self.first => Err(Refused::Dropped),
            _ => Ok(()),
        }
    }

    /// The events from sequence number `from` on (see `keeps`).
    fn from(&self, from: u64) -> Result<impl Iterator<Item = &String>, Refused> {
        self.keeps(from)?;
        Ok(self.events.iter().skip(usize::try_from(from - self.first).unwrap_or(usize::MAX)))
    }

    /// The events from sequence number `from` on, numbered.
    fn numbered(&self, from: u64) -> Result<Vec<(u64, String)>, Refused> {
        Ok(self.from(from)?.zip(from..).map(|(event, seq)| (seq, event.clone())).collect())
    }

    /// The events from sequence number `from` on, as one chunk.
    fn since(&self, from: u64) -> Result<String, Refused> {
        Ok(self.from(from)?.map(String::as_str).collect())
    }
}

struct Entry {
    owner: String,
    log: watch::Sender<Log>,
}

/// The logs of the resumable streams, shared by all connections, and the state store they are
/// copied to, if any.
pub struct Replays {
    streams: Mutex<HashMap<String, Arc<Entry>>>,
    store: Option<Arc<KeyStore>>,
    /// When this host last removed old stored streams (Unix seconds).
    pruned: AtomicI64,
    /// Room for streams followed in the store.
    followers: Arc<tokio::sync::Semaphore>,
}

impl Default for Replays {
    fn default() -> Replays {
        Replays::new(None)
    }
}

impl Replays {
    /// Logs copied to `store`, where there is one.
    pub fn new(store: Option<Arc<KeyStore>>) -> Replays {
        let followers = Arc::new(tokio::sync::Semaphore::new(MAX_FOLLOWERS));
        Replays { streams: Mutex::default(), store, pruned: AtomicI64::new(0), followers }
    }

    /// Whether the logs are copied to a state store.
    pub fn stored(&self) -> bool {
        self.store.is_some()
    }

    /// Whether this host holds the log of `stream` (its ids are then this host's to judge).
    pub fn holds(&self, stream: &str) -> bool {
        self.streams().contains_key(stream)
    }

    fn streams(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Entry>>> {
        self.streams.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A new log for a stream `owner` is answered on, primed when `prime`; `None` when there
    /// is no room (every kept log is a live stream) or no randomness for its id.
    pub fn open(&self, owner: &str, prime: bool) -> Option<Writer> {
        let id = match crate::keys::random_bytes::<12>() {
            Ok(bytes) => crate::keys::hex(&bytes),
            Err(e) => {
                tracing::error!("no stream id minted: {e}");
                return None;
            }
        };
        let mut streams = self.streams();
        streams.retain(|_, entry| entry.log.borrow().ended.is_none_or(|at| at.elapsed() < KEEP));
        if streams.len() >= MAX_STREAMS {
            let oldest = streams.iter().filter_map(|(id, e)| Some((e.log.borrow().ended?, id.clone()))).min();
            streams.remove(&oldest?.1);
        }
        let entry = Arc::new(Entry { owner: owner.to_string(), log: watch::Sender::new(Log::default()) });
        streams.insert(id.clone(), entry.clone());
        if let Some(store) = self.store.clone() {
            let now = super::sessions::unix_now();
            let last = self.pruned.load(Ordering::Relaxed);
            if now - last >= PRUNE_EVERY
                && self.pruned.compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed).is_ok()
            {
                tokio::spawn(prune(store.clone(), now));
            }
            let mirror = Mirror { store, stream: id.clone(), owner: owner.to_string(), next: 0 };
            tokio::spawn(mirror.run(entry.log.subscribe()));
        }
        let writer = Writer { id, entry };
        if prime {
            writer.append(|id| format!("id: {id}\ndata:\n\n"));
        }
        Some(writer)
    }

    /// The events of `owner`'s stream after `from`, then the rest as they come, until the
    /// stream ends.
    pub fn follow(
        &self,
        from: &EventId,
        owner: &str,
    ) -> Result<impl futures::Stream<Item = Result<String, Infallible>> + Send + use<>, Refused> {
        let entry = self.streams().get(&from.stream).filter(|e| e.owner == owner).cloned().ok_or(Refused::Unknown)?;
        let log = entry.log.subscribe();
        let next = from.seq.checked_add(1).ok_or(Refused::Unknown)?;
        log.borrow().keeps(next)?;
        Ok(follow(log, next))
    }
}

/// The body that follows a log from sequence number `from`: what is there, then each change,
/// until the stream ended (or the reader fell behind the events kept: it then ends early, and a
/// resume says why).
fn follow(log: watch::Receiver<Log>, from: u64) -> impl futures::Stream<Item = Result<String, Infallible>> + Send {
    futures::stream::unfold((log, Some(from)), |(mut log, from)| async move {
        let from = from?;
        loop {
            let (chunk, next, ended) = {
                let now = log.borrow_and_update();
                (now.since(from).ok()?, now.next(), now.ended.is_some())
            };
            if !chunk.is_empty() {
                return Some((Ok(chunk), (log, (!ended).then_some(next))));
            }
            if ended || log.changed().await.is_err() {
                return None;
            }
        }
    })
}

/// The writing end of one stream's log; dropping it ends the stream.
pub struct Writer {
    id: String,
    entry: Arc<Entry>,
}

impl Writer {
    /// Appends the event that carries `frame`.
    pub fn push(&self, frame: &str) {
        self.append(|id| format!("id: {id}\nevent: message\ndata: {frame}\n\n"));
    }

    fn append(&self, render: impl FnOnce(&str) -> String) {
        self.entry.log.send_modify(|log| {
            let event = render(&format!("{}-{}", self.id, log.next()));
            log.bytes += event.len();
            log.events.push_back(event);
            while log.bytes > MAX_BYTES && log.events.len() > MIN_EVENTS {
                let dropped = log.events.pop_front().map_or(0, |e| e.len());
                log.bytes -= dropped;
                log.first += 1;
            }
        });
    }

    /// The body the POST's own response carries: the whole log, as it grows.
    pub fn body(&self) -> impl futures::Stream<Item = Result<String, Infallible>> + Send + use<> {
        follow(self.entry.log.subscribe(), 0)
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        self.entry.log.send_modify(|log| log.ended = Some(Instant::now()));
    }
}

/// Removes the stored streams that ended `KEEP` ago or were last used `MAX_AGE` ago.
async fn prune(store: Arc<KeyStore>, now: i64) {
    let (ended_before, idle_since) = (now - KEEP.as_secs() as i64, now - MAX_AGE.as_secs() as i64);
    let pruned = tokio::task::spawn_blocking(move || store.http_state().prune_streams(ended_before, idle_since)).await;
    if let Ok(Err(e)) = pruned {
        tracing::warn!("old stream logs were not removed from the state store: {e}");
    }
}

/// Copies one stream's log to the state store, in order, as it grows (`run` says what happens
/// when a copy fails). A stream it cannot copy whole is emptied and ended in the store: a resume
/// elsewhere is then refused, never answered with a gap.
struct Mirror {
    store: Arc<KeyStore>,
    stream: String,
    owner: String,
    /// The first event not copied yet.
    next: u64,
}

impl Mirror {
    /// Follows `log` until the stream ends, copying what it gained each time it changed, and
    /// renewing the stream's time of last use every `HEARTBEAT` meanwhile. A copy that fails is
    /// tried again a second later (from the same event: copies are idempotent), for `STALE` at
    /// most; only events the log dropped before they were copied abandon the stored stream.
    async fn run(mut self, mut log: watch::Receiver<Log>) {
        let mut heartbeat = tokio::time::interval(HEARTBEAT);
        heartbeat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        heartbeat.tick().await;
        let mut failing: Option<tokio::time::Instant> = None;
        loop {
            let (events, ended) = {
                let now = log.borrow_and_update();
                (now.numbered(self.next), now.ended.is_some())
            };
            let Ok(events) = events else { return self.abandon().await };
            if !events.is_empty() || failing.is_some() {
                if self.copy(events).await {
                    failing = None;
                    heartbeat.reset();
                    continue;
                }
                let since = *failing.get_or_insert_with(tokio::time::Instant::now);
                if since.elapsed() > STALE {
                    return self.abandon().await;
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
            if ended {
                return self.end().await;
            }
            tokio::select! {
                // An error: the log's sender is gone, after its end was set; the next turn sees it.
                changed = log.changed() => if changed.is_err() && log.borrow().ended.is_none() {
                    return self.end().await;
                },
                _ = heartbeat.tick() => if !self.copy(vec![]).await {
                    failing = Some(tokio::time::Instant::now());
                },
            }
        }
    }

    /// Appends `events` (none: only the time of last use) on the blocking pool; false when the
    /// store failed.
    async fn copy(&mut self, events: Vec<(u64, String)>) -> bool {
        let last = events.last().map(|(seq, _)| *seq);
        let drop_below = last.map_or(0, |last| (last + 1).saturating_sub(STORED_EVENTS));
        let (store, stream, owner) = (self.store.clone(), self.stream.clone(), self.owner.clone());
        let copied = tokio::task::spawn_blocking(move || {
            let now = super::sessions::unix_now();
            store.http_state().append_events(&stream, &owner, &events, drop_below, now)
        })
        .await;
        match copied {
            Ok(Ok(())) => {
                self.next = last.map_or(self.next, |last| last + 1);
                true
            }
            Ok(Err(e)) => {
                tracing::warn!("a stream's log was not copied to the state store: {e}");
                false
            }
            Err(e) => {
                tracing::error!("copying a stream's log failed: {e}");
                false
            }
        }
    }

    /// Marks the stored log ended: nothing more will come.
    async fn end(self) {
        let (store, stream) = (self.store, self.stream);
        let ended =
            tokio::task::spawn_blocking(move || store.http_state().end_stream(&stream, super::sessions::unix_now()))
                .await;
        if let Ok(Err(e)) = ended {
            tracing::warn!("a stream's end was not copied to the state store: {e}");
        }
    }

    /// Empties and ends the stored log (if the store answers: else its readers stop when it
    /// goes stale).
    async fn abandon(self) {
        let (store, stream, owner) = (self.store, self.stream, self.owner);
        let abandoned = tokio::task::spawn_blocking(move || {
            let now = super::sessions::unix_now();
            store.http_state().append_events(&stream, &owner, &[], u64::MAX, now)?;
            store.http_state().end_stream(&stream, now)
        })
        .await;
        if let Ok(Err(e)) = abandoned {
            tracing::warn!("a stream whose copy failed was not ended in the state store: {e}");
        }
    }
}

impl Replays {
    /// The events after `from` of a stream this host does not hold, from the state store: what
    /// is there, then the rest as its host copies it, until it ends (refused as `follow`
    /// refuses; an id past the events stored yet is accepted while the stream is unfinished,
    /// since its host sends an event before it copies it, and a stream not found is looked for
    /// `FIND_TRIES` times, `FOLLOW_EVERY` apart, since its host stores it just after it answers). Each
    /// read runs on the blocking pool under a permit of `inflight` (a busy pool: 503 at first,
    /// the next turn later), at most `MAX_FOLLOWERS` at once.
    pub async fn follow_stored(
        &self,
        inflight: &Arc<tokio::sync::Semaphore>,
        from: &EventId,
        owner: &str,
    ) -> Result<impl futures::Stream<Item = Result<String, Infallible>> + Send + use<>, Refused> {
        let store = self.store.clone().ok_or(Refused::Unknown)?;
        let room = self.followers.clone().try_acquire_owned().map_err(|_| Refused::Unavailable)?;
        let next = from.seq.checked_add(1).ok_or(Refused::Unknown)?;
        let mut row = None;
        for attempt in 0..FIND_TRIES {
            if attempt > 0 {
                tokio::time::sleep(FOLLOW_EVERY).await;
            }
            let permit = inflight.clone().try_acquire_owned().map_err(|_| Refused::Unavailable)?;
            let (reader, id) = (store.clone(), from.stream.clone());
            let read = tokio::task::spawn_blocking(move || {
                let _permit = permit;
                reader.http_state().stream(&id)
            });
            row = read.await.map_err(|_| Refused::Unavailable)?.map_err(|e| {
                tracing::warn!("{e}");
                Refused::Unavailable
            })?;
            if row.is_some() {
                break;
            }
        }
        let row = row.filter(|row| row.owner == owner).ok_or(Refused::Unknown)?;
        let stored_next = row.kept.map_or(0, |(_, last)| last + 1);
        let first = row.kept.map_or(stored_next, |(first, _)| first);
        let stale = super::sessions::unix_now() - row.touched > STALE.as_secs() as i64;
        match next {
            _ if !row.ended && stale => return Err(Refused::Unknown),
            next if next < first => return Err(Refused::Dropped),
            next if next > stored_next && row.ended => return Err(Refused::Unknown),
            _ => {}
        }
        let (inflight, stream) = (inflight.clone(), from.stream.clone());
        Ok(futures::stream::unfold(Some((next, room)), move |state| {
            let (store, inflight, stream) = (store.clone(), inflight.clone(), stream.clone());
            async move {
                let (mut next, room) = state?;
                loop {
                    let Ok(permit) = inflight.clone().try_acquire_owned() else {
                        tokio::time::sleep(FOLLOW_EVERY).await;
                        continue;
                    };
                    let (reader, id) = (store.clone(), stream.clone());
                    let read = tokio::task::spawn_blocking(move || {
                        let _permit = permit;
                        let state = reader.http_state();
                        Ok::<_, crate::keys::KeyError>((
                            state.stream(&id)?,
                            state.stream_events(&id, next, MIN_EVENTS)?,
                        ))
                    })
                    .await;
                    let (row, events) = match read {
                        Ok(Ok((Some(row), events))) => (row, events),
                        Ok(Ok((None, _))) => return None,
                        Ok(Err(e)) => {
                            tracing::warn!("a stream followed in the state store ends early: {e}");
                            return None;
                        }
                        Err(_) => return None,
                    };
                    // Events dropped before they were read: end rather than answer with a gap.
                    if events.first().is_some_and(|(seq, _)| *seq != next) {
                        return None;
                    }
                    if let Some((last, _)) = events.last() {
                        next = last + 1;
                        let chunk: String = events.into_iter().map(|(_, event)| event).collect();
                        return Some((Ok(chunk), Some((next, room))));
                    }
                    let idle = super::sessions::unix_now() - row.touched;
                    if row.ended || idle > STALE.as_secs() as i64 {
                        return None;
                    }
                    tokio::time::sleep(FOLLOW_EVERY).await;
                }
            }
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures::StreamExt as _;

    #[test]
    fn an_event_id_parses_only_in_the_form_this_server_writes() {
        let stream = "0123456789abcdef01234567";
        assert_eq!(EventId::parse(&format!("{stream}-12")), Some(EventId { stream: stream.into(), seq: 12 }));
        for bad in [
            "",
            "12",
            &format!("{stream}-"),
            &format!("{stream}--1"),
            &format!("{stream}-1x"),
            "0123456789ABCDEF01234567-1",
            "0123456789abcdef0123456-1",
            &format!("{stream}-99999999999999999999"),
        ] {
            assert_eq!(EventId::parse(bad), None, "{bad:?}");
        }
    }

    async fn all(stream: impl futures::Stream<Item = Result<String, Infallible>>) -> String {
        stream.map(|chunk| chunk.unwrap_or_default()).collect::<Vec<_>>().await.concat()
    }

    fn id(text: &str, seq: u64) -> EventId {
        let stream = EventId::parse(text.lines().next().and_then(|l| l.strip_prefix("id: ")).unwrap()).unwrap().stream;
        EventId { stream, seq }
    }

    #[tokio::test]
    async fn a_resume_gets_the_events_after_its_id_then_the_rest_until_the_stream_ends() {
        let replays = Replays::default();
        let writer = replays.open("key:a", false).unwrap();
        writer.push("{\"n\":0}");
        writer.push("{\"n\":1}");
        let first = all(writer.body().take(1)).await;
        let resumed = replays.follow(&id(&first, 0), "key:a").unwrap();
        writer.push("{\"n\":2}");
        drop(writer);
        let text = all(resumed).await;
        assert!(!text.contains("\"n\":0") && text.contains("\"n\":1") && text.contains("\"n\":2"), "{text}");
        assert_eq!(text.matches("id: ").count(), 2, "{text}");
    }

    #[tokio::test]
    async fn a_primed_log_begins_with_an_id_and_empty_data() {
        let replays = Replays::default();
        let writer = replays.open("local", true).unwrap();
        drop(writer.body());
        let body = writer.body();
        drop(writer);
        let text = all(body).await;
        assert!(text.starts_with("id: ") && text.ends_with("-0\ndata:\n\n"), "{text:?}");
    }

    #[tokio::test]
    async fn another_principal_cannot_resume_a_stream() {
        let replays = Replays::default();
        let writer = replays.open("key:a", false).unwrap();
        writer.push("{}");
        let first = all(writer.body().take(1)).await;
        assert!(replays.follow(&id(&first, 0), "key:b").is_err());
        assert!(replays.follow(&id(&first, 0), "key:a").is_ok());
        assert!(replays.follow(&id(&first, 5), "key:a").is_err(), "an id past the stream's events is none of ours");
    }

    #[tokio::test]
    async fn a_resume_from_before_the_events_kept_is_refused_not_answered_with_a_gap() {
        let replays = Replays::default();
        let writer = replays.open("local", false).unwrap();
        let big = format!("\"{}\"", "x".repeat(MAX_BYTES / 32));
        writer.push(&big);
        let first = all(writer.body().take(1)).await;
        for _ in 0..MIN_EVENTS + 5 {
            writer.push(&big);
        }
        assert_eq!(replays.follow(&id(&first, 0), "local").err(), Some(Refused::Dropped));
        assert!(replays.follow(&id(&first, 6), "local").is_ok(), "the last MIN_EVENTS events are kept");
    }

    #[tokio::test]
    async fn an_answer_larger_than_the_log_still_reaches_a_reader_that_lags_behind_by_one_event() {
        let replays = Replays::default();
        let writer = replays.open("local", true).unwrap();
        let body = writer.body();
        writer.push("{\"method\":\"notifications/progress\"}");
        writer.push(&format!("{{\"result\":\"{}\"}}", "x".repeat(MAX_BYTES)));
        drop(writer);
        let text = all(body).await;
        assert!(text.contains("notifications/progress") && text.contains("\"result\""), "{}", &text[..200]);
    }

    fn stores() -> (tempfile::TempDir, Arc<KeyStore>, Arc<KeyStore>) {
        let dir = tempfile::tempdir().unwrap();
        let pepper = || crate::keys::Pepper::from_value("a pepper of sixteen bytes or more").unwrap();
        let path = dir.path().join("state.sqlite");
        let one = Arc::new(KeyStore::open(&path, pepper()).unwrap());
        let two = Arc::new(KeyStore::open(&path, pepper()).unwrap());
        (dir, one, two)
    }

    #[tokio::test]
    async fn a_stream_copied_to_the_store_resumes_on_another_host_and_only_for_its_owner() {
        let (_dir, one, two) = stores();
        let (here, there) = (Replays::new(Some(one)), Replays::new(Some(two)));
        let inflight = Arc::new(tokio::sync::Semaphore::new(4));
        let writer = here.open("key:a", true).unwrap();
        writer.push("{\"n\":1}");
        let first = all(writer.body().take(1)).await;
        assert!(there.follow(&id(&first, 0), "key:a").is_err(), "the other host holds no log of it");
        let resumed = there.follow_stored(&inflight, &id(&first, 0), "key:a").await.unwrap();
        writer.push("{\"n\":2}");
        drop(writer);
        let text = all(resumed).await;
        assert!(text.contains("\"n\":1") && text.contains("\"n\":2"), "{text}");
        assert_eq!(text.matches("id: ").count(), 2, "{text}");
        let refused = there.follow_stored(&inflight, &id(&first, 0), "key:b").await.err();
        assert_eq!(refused, Some(Refused::Unknown));
        let past = there.follow_stored(&inflight, &id(&first, 9), "key:a").await.err();
        assert_eq!(past, Some(Refused::Unknown), "an ended stream has no event 9");
    }

    #[tokio::test]
    async fn a_stored_resume_from_before_the_events_kept_is_refused_not_answered_with_a_gap() {
        let (_dir, one, two) = stores();
        let (here, there) = (Replays::new(Some(one)), Replays::new(Some(two)));
        let inflight = Arc::new(tokio::sync::Semaphore::new(4));
        let writer = here.open("local", false).unwrap();
        for n in 0..STORED_EVENTS + 10 {
            writer.push(&format!("{{\"n\":{n}}}"));
        }
        let first = all(writer.body().take(1)).await;
        drop(writer);
        // The copy runs beside the answer: wait for it to end the stored stream.
        let stream = id(&first, 0).stream;
        let store = there.store.clone().unwrap();
        for _ in 0..100 {
            if store.http_state().stream(&stream).unwrap().is_some_and(|row| row.ended) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let refused = there.follow_stored(&inflight, &id(&first, 0), "local").await.err();
        assert_eq!(refused, Some(Refused::Dropped));
        let kept = there.follow_stored(&inflight, &id(&first, 9), "local").await.unwrap();
        let text = all(kept).await;
        assert_eq!(text.matches("id: ").count() as u64, STORED_EVENTS, "the last {STORED_EVENTS} events");
    }
}
