//! A request in flight: whether its client has cancelled it, and where its progress goes.
//!
//! Cancellation reaches the core by two roads. A `notifications/cancelled` names the request
//! (stdio; legacy HTTP sessions): the transport records it in the session's `Cancellations` as
//! soon as it reads it, even while the request is being handled. A 2026-07-28 HTTP client
//! instead closes the request's response stream, which its transport reports through
//! `Outbox::closed`. Either way the core stops the handler where it checks and sends no answer.
//!
//! A cancellation names a request sent before it. When the core reaches the notification in
//! its own turn, the record is kept only while a request with that id is running (HTTP runs a
//! session's requests at once; over stdio, handled in order, none is): a request that ended
//! needs it no more, and one not sent yet is not what it named, so a record kept would swallow
//! a later request that carries the id.

use crate::catalog::Call;
use crate::rpc::Outbox;
use crate::spec::mcp::{CancelledNotificationParams, ProgressNotificationParams, ProgressToken};
use crate::spec::rpc::RequestId;
use serde_json::{Map, Value};
use std::cell::Cell;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

/// How many cancelled ids a session remembers. A transport that reads ahead may note a
/// cancellation long before the core reaches it; the oldest is forgotten first.
const REMEMBERED: usize = 256;

/// The ids a session's client cancelled, and the requests of it running now; clones share one
/// record (a transport that reads ahead of the core holds one, the session another).
#[derive(Debug, Clone, Default)]
pub struct Cancellations(Arc<Mutex<Record>>);

#[derive(Debug, Default)]
struct Record {
    cancelled: VecDeque<String>,
    /// One entry per request being handled (a client may, wrongly, send one id twice at once).
    running: Vec<String>,
}

/// A request being handled: running until dropped, when its cancellation, if any, is forgotten.
pub struct Running {
    cancellations: Cancellations,
    key: String,
}

impl Drop for Running {
    fn drop(&mut self) {
        let mut record = self.cancellations.record();
        if let Some(at) = record.running.iter().position(|k| *k == self.key) {
            record.running.swap_remove(at);
        }
        if !record.running.contains(&self.key) {
            record.cancelled.retain(|k| *k != self.key);
        }
    }
}

impl Cancellations {
    fn record(&self) -> std::sync::MutexGuard<'_, Record> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Records that the request `id` was cancelled.
    pub fn cancel(&self, id: &RequestId) {
        let key = key(id);
        let ids = &mut self.record().cancelled;
        if !ids.contains(&key) {
            if ids.len() == REMEMBERED {
                ids.pop_front();
            }
            ids.push_back(key);
        }
    }

    pub fn is_cancelled(&self, id: &RequestId) -> bool {
        self.record().cancelled.contains(&key(id))
    }

    /// Marks the request `id` as being handled until the guard is dropped.
    pub fn running(&self, id: &RequestId) -> Running {
        let key = key(id);
        self.record().running.push(key.clone());
        Running { cancellations: self.clone(), key }
    }

    /// The core has reached, in its turn, a cancellation of `id`: kept only while a request
    /// with that id runs (see the module's comment).
    pub fn settle(&self, id: &RequestId) {
        let key = key(id);
        let mut record = self.record();
        if !record.running.contains(&key) {
            record.cancelled.retain(|k| *k != key);
        }
    }

    /// Records the cancellation `params` carry and returns the id it names; `None` when they
    /// name no request (a malformed notification is ignored, as notifications are never
    /// answered).
    pub fn note(&self, params: &Map<String, Value>) -> Option<RequestId> {
        let parsed = serde_json::from_value::<CancelledNotificationParams>(Value::Object(params.clone()));
        let id = parsed.ok().and_then(|p| p.request_id).and_then(|id| serde_json::to_value(id).ok());
        let id = serde_json::from_value::<RequestId>(id?).ok()?;
        self.cancel(&id);
        Some(id)
    }

    /// `note` for one raw frame, if it is a `notifications/cancelled` (a reader's look-ahead).
    pub fn note_frame(&self, frame: &Value) -> bool {
        let is_cancel =
            frame.get("method").and_then(Value::as_str) == Some("notifications/cancelled") && frame.get("id").is_none();
        match frame.get("params") {
            Some(Value::Object(params)) if is_cancel => self.note(params).is_some(),
            _ => false,
        }
    }
}

/// `1` and `"1"` are different ids: the key is the id's JSON text.
fn key(id: &RequestId) -> String {
    serde_json::to_string(id).unwrap_or_default()
}

/// The `Call` a tool handler gets: progress goes to the client as `notifications/progress` when
/// the request carried a progress token, each strictly greater than the last sent.
pub struct InFlight<'a> {
    pub id: &'a RequestId,
    pub token: Option<ProgressToken>,
    pub outbox: &'a dyn Outbox,
    pub cancellations: &'a Cancellations,
    sent: Cell<Option<u64>>,
}

impl<'a> InFlight<'a> {
    /// The request `id` with these `params` (its `_meta.progressToken`, if a string or an integer).
    pub fn new(
        id: &'a RequestId,
        params: &Map<String, Value>,
        outbox: &'a dyn Outbox,
        cancellations: &'a Cancellations,
    ) -> InFlight<'a> {
        let token = params.get("_meta").and_then(|meta| meta.get("progressToken")).cloned();
        let token = token.and_then(|token| serde_json::from_value(token).ok());
        InFlight { id, token, outbox, cancellations, sent: Cell::new(None) }
    }
}

impl Call for InFlight<'_> {
    fn progress(&self, done: u64, total: Option<u64>, message: &str) {
        let Some(token) = &self.token else { return };
        if self.sent.get().is_some_and(|last| done <= last) {
            return;
        }
        self.sent.set(Some(done));
        let params = ProgressNotificationParams {
            progress_token: token.clone(),
            progress: done as f64,
            total: total.map(|total| total as f64),
            message: (!message.is_empty()).then(|| message.to_string()),
        };
        if let Ok(params) = serde_json::to_value(params) {
            self.outbox.notify("notifications/progress", params);
        }
    }

    fn cancelled(&self) -> bool {
        self.outbox.catch_up();
        self.cancellations.is_cancelled(self.id) || self.outbox.closed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::cell::RefCell;

    #[derive(Default)]
    struct Heard(RefCell<Vec<Value>>);

    impl Outbox for Heard {
        fn notify(&self, method: &str, params: Value) {
            self.0.borrow_mut().push(json!({"method": method, "params": params}));
        }

        fn ask(&self, _: &str, _: Value) -> Result<Value, String> {
            Err("no".into())
        }
    }

    fn params(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap()
    }

    #[test]
    fn progress_is_sent_only_with_a_token_and_only_when_it_increases() {
        let (heard, cancellations, id) = (Heard::default(), Cancellations::default(), RequestId::Integer(1));
        let with = params(json!({"_meta": {"progressToken": "t"}}));
        let call = InFlight::new(&id, &with, &heard, &cancellations);
        for (done, message) in [(1, "a"), (1, "again"), (0, "back"), (3, "")] {
            call.progress(done, Some(3), message);
        }
        let sent: Vec<Value> = heard.0.borrow().iter().map(|n| n["params"].clone()).collect();
        assert_eq!(
            sent,
            [
                json!({"progressToken": "t", "progress": 1.0, "total": 3.0, "message": "a"}),
                json!({"progressToken": "t", "progress": 3.0, "total": 3.0}),
            ]
        );
        let without = InFlight::new(&id, &Map::new(), &heard, &cancellations);
        without.progress(9, None, "x");
        assert_eq!(heard.0.borrow().len(), 2, "no token, no progress");
    }

    #[test]
    fn a_cancellation_names_one_id_of_one_type() {
        let cancellations = Cancellations::default();
        assert!(
            cancellations.note_frame(
                &json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 7}})
            )
        );
        assert!(cancellations.is_cancelled(&RequestId::Integer(7)));
        assert!(!cancellations.is_cancelled(&RequestId::String("7".into())), "7 and \"7\" differ");
        assert!(
            !cancellations.note_frame(&json!({"method": "notifications/cancelled", "params": {"reason": "no id"}}))
        );
        assert!(
            !cancellations
                .note_frame(&json!({"id": 1, "method": "notifications/cancelled", "params": {"requestId": 2}}))
        );
        for n in 0..REMEMBERED as i64 {
            cancellations.cancel(&RequestId::Integer(100 + n));
        }
        assert!(!cancellations.is_cancelled(&RequestId::Integer(7)), "the oldest is forgotten past the cap");
    }

    #[test]
    fn a_cancellation_reached_in_its_turn_is_kept_only_while_its_request_runs() {
        let cancellations = Cancellations::default();
        let (early, late) = (RequestId::String("early".into()), RequestId::Integer(3));
        // Named before its request was sent: settled, it names nothing.
        cancellations.cancel(&early);
        cancellations.settle(&early);
        assert!(!cancellations.is_cancelled(&early));
        // Named while its request runs (HTTP): kept for the handler, forgotten when it ends.
        let running = cancellations.running(&late);
        cancellations.cancel(&late);
        cancellations.settle(&late);
        assert!(cancellations.is_cancelled(&late));
        drop(running);
        assert!(!cancellations.is_cancelled(&late), "a request that ended needs its cancellation no more");
    }
}
