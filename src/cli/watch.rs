//! What wakes the sync service's drain: a write to the spool folder. A file watcher (inotify
//! on Linux, FSEvents on macOS, through `notify`) when the system gives one; otherwise a poll
//! of the folder's files (name, length, modification time) every half second, so an idle
//! service never reads the lake to find that nothing was spooled.

use notify::{RecommendedWatcher, RecursiveMode, Watcher as _};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant, SystemTime};

/// How often the fallback looks at the folder.
const POLL: Duration = Duration::from_millis(500);
/// After the first event, how long to gather the rest of one write (a spool line, a rotation).
const SETTLE: Duration = Duration::from_millis(20);

pub struct SpoolWatch {
    dir: PathBuf,
    events: Option<(RecommendedWatcher, Receiver<()>)>,
    seen: Vec<(PathBuf, u64, Option<SystemTime>)>,
}

impl SpoolWatch {
    pub fn new(dir: &Path) -> SpoolWatch {
        if let Err(e) = std::fs::create_dir_all(dir) {
            tracing::warn!(dir = %dir.display(), error = %e, "cannot create the spool folder to watch it");
        }
        let events = watcher(dir)
            .inspect_err(|e| tracing::warn!(dir = %dir.display(), error = %e, "no file watcher; polling the spool"))
            .ok();
        let mut watch = SpoolWatch { dir: dir.to_path_buf(), events, seen: vec![] };
        watch.seen = watch.listing();
        watch
    }

    /// "inotify" (or the platform's watcher) or "poll", for the logs.
    pub fn kind(&self) -> &'static str {
        if self.events.is_some() { "watcher" } else { "poll" }
    }

    /// Waits until the spool changes (true) or `deadline` passes (false).
    pub fn wait_until(&mut self, deadline: Instant) -> bool {
        match &self.events {
            Some((_, events)) => {
                let left = deadline.saturating_duration_since(Instant::now());
                match events.recv_timeout(left) {
                    Ok(()) => {
                        std::thread::sleep(SETTLE);
                        while events.try_recv().is_ok() {}
                        true
                    }
                    Err(RecvTimeoutError::Timeout) => false,
                    Err(RecvTimeoutError::Disconnected) => {
                        tracing::warn!("the file watcher stopped; polling the spool");
                        self.events = None;
                        false
                    }
                }
            }
            None => loop {
                let now = Instant::now();
                if now >= deadline {
                    return false;
                }
                std::thread::sleep(POLL.min(deadline - now));
                let listing = self.listing();
                if listing != self.seen {
                    self.seen = listing;
                    return true;
                }
            },
        }
    }

    fn listing(&self) -> Vec<(PathBuf, u64, Option<SystemTime>)> {
        let Ok(entries) = std::fs::read_dir(&self.dir) else { return vec![] };
        let mut listing: Vec<_> = entries
            .filter_map(|entry| {
                let entry = entry.ok()?;
                let meta = entry.metadata().ok()?;
                Some((entry.path(), meta.len(), meta.modified().ok()))
            })
            .collect();
        listing.sort();
        listing
    }
}

fn watcher(dir: &Path) -> notify::Result<(RecommendedWatcher, Receiver<()>)> {
    let (send, receive) = channel();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        // Reads and metadata-only changes (access times) do not spool anything.
        if let Ok(event) = event
            && (event.kind.is_create() || event.kind.is_modify() || event.kind.is_remove())
            && !matches!(event.kind, notify::EventKind::Modify(notify::event::ModifyKind::Metadata(_)))
        {
            let _ = send.send(());
        }
    })?;
    watcher.watch(dir, RecursiveMode::NonRecursive)?;
    Ok((watcher, receive))
}
