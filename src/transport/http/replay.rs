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

use std::collections::{HashMap, VecDeque};
use std::convert::Infallible;
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

    /// The events from sequence number `from` on, as one chunk (see `keeps`).
    fn since(&self, from: u64) -> Result<String, Refused> {
        self.keeps(from)?;
        let skip = usize::try_from(from - self.first).unwrap_or(usize::MAX);
        Ok(self.events.iter().skip(skip).map(String::as_str).collect())
    }
}

struct Entry {
    owner: String,
    log: watch::Sender<Log>,
}

/// The logs of the resumable streams, shared by all connections.
#[derive(Default)]
pub struct Replays {
    streams: Mutex<HashMap<String, Arc<Entry>>>,
}

impl Replays {
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
}
