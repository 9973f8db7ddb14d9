//! The input side of stdio: lines read on the serving thread, with no reader thread.
//!
//! A line is read when the loop wants the next request. While a request is being handled, the
//! core asks now and then whether it was cancelled; then `catch_up` reads whatever has already
//! arrived (a `poll(2)` with no wait says whether anything has), so a `notifications/cancelled`
//! reaches the request it names. A reader thread did this before and cost one more thread
//! wake-up per round trip (docs/performance.md, "Fast again"). Every complete line is looked at
//! once, when it is first split off, for a cancellation; only a line naming
//! `notifications/cancelled` is parsed there.
//!
//! Memory stays bounded: the buffer holds what one read brought in, and `catch_up` reads no
//! further once it holds `AHEAD_BYTES` not yet handled, so a burst waits in the pipe. A line
//! longer than `MAX_LINE_BYTES` is read and dropped, never held whole.

use super::scan::Scan;
use crate::rpc::Cancellations;
use std::io::{ErrorKind, Read};
use std::time::Duration;

/// A line longer than this is discarded (read and dropped, never buffered whole) and answered
/// with -32600; the server keeps serving.
pub const MAX_LINE_BYTES: usize = 4 * 1024 * 1024;
/// One read asks for this much; the buffer starts at this size and grows only for a long line.
const READ_BYTES: usize = 64 * 1024;
/// `catch_up` stops reading once this much read input waits to be handled.
const AHEAD_BYTES: usize = 1024 * 1024;

/// One line of input, without its newline.
#[derive(Debug, PartialEq)]
pub enum Line<'a> {
    Complete(&'a [u8]),
    /// Longer than `MAX_LINE_BYTES`: its bytes were dropped.
    TooLong,
}

/// Something lines are read from that can say, without reading, whether a read would block.
pub trait Source: Read {
    /// Whether input (or end of input) is there to read within `wait`.
    fn ready(&self, wait: Duration) -> std::io::Result<bool>;
}

impl Source for std::fs::File {
    fn ready(&self, wait: Duration) -> std::io::Result<bool> {
        poll_readable(self, wait)
    }
}

impl Source for std::io::PipeReader {
    fn ready(&self, wait: Duration) -> std::io::Result<bool> {
        poll_readable(self, wait)
    }
}

/// Bytes in memory (tests, fuzz targets, `serve` over a recorded session) never block.
impl<T: AsRef<[u8]>> Source for std::io::Cursor<T> {
    fn ready(&self, _: Duration) -> std::io::Result<bool> {
        Ok(true)
    }
}

/// Input in memory as the pieces a pipe would deliver, one per read, always ready: what tests
/// and fuzz targets feed `Input` to see that the way input is cut never changes its lines.
pub struct Pieces(pub std::collections::VecDeque<Vec<u8>>);

impl Read for Pieces {
    fn read(&mut self, into: &mut [u8]) -> std::io::Result<usize> {
        // An empty piece is no read at all (a pipe never returns 0 before the end).
        let Some(mut piece) = std::iter::from_fn(|| self.0.pop_front()).find(|piece| !piece.is_empty()) else {
            return Ok(0);
        };
        let n = piece.len().min(into.len());
        into[..n].copy_from_slice(&piece[..n]);
        if n < piece.len() {
            self.0.push_front(piece.split_off(n));
        }
        Ok(n)
    }
}

impl Source for Pieces {
    fn ready(&self, _: Duration) -> std::io::Result<bool> {
        Ok(true)
    }
}

/// `poll(2)` on one descriptor for input; a hang-up or an error counts as ready (the read that
/// follows reports it).
fn poll_readable(fd: &impl std::os::fd::AsRawFd, wait: Duration) -> std::io::Result<bool> {
    let mut entry = libc::pollfd { fd: fd.as_raw_fd(), events: libc::POLLIN, revents: 0 };
    let millis = libc::c_int::try_from(wait.as_millis()).unwrap_or(libc::c_int::MAX);
    loop {
        // SAFETY: one valid pollfd, borrowed for the duration of the call.
        let found = unsafe { libc::poll(&mut entry, 1, millis) };
        if found >= 0 {
            return Ok(found > 0);
        }
        let error = std::io::Error::last_os_error();
        if error.kind() != ErrorKind::Interrupted {
            return Err(error);
        }
    }
}

/// A line split off the buffer and not yet handed out.
#[derive(Debug, Clone, Copy)]
enum Piece {
    /// A line of this many bytes at the front of the unhandled bytes, followed by its newline.
    Complete(usize),
    /// A line past the cap, already dropped from the buffer.
    TooLong,
}

/// The lines of a `Source`, read on demand.
pub struct Input<R> {
    source: R,
    /// Read bytes live in `buf[start..end]`: first the lines in `pieces`, from `scanned` on the
    /// line in progress (no newline seen yet).
    buf: Vec<u8>,
    start: usize,
    scanned: usize,
    end: usize,
    pieces: std::collections::VecDeque<Piece>,
    /// Inside a line longer than the cap: its bytes are dropped up to its newline.
    discarding: bool,
    eof: bool,
    /// A read error `catch_up` met, reported by the `next_line` that needs input.
    failed: Option<std::io::Error>,
    cancellations: Cancellations,
    scan: Scan,
}

impl<R: Source> Input<R> {
    /// Lines of `source`; every cancellation among them is noted in `cancellations` as soon as
    /// it is read, before the loop reaches it.
    pub fn new(source: R, cancellations: Cancellations) -> Input<R> {
        Input {
            source,
            buf: vec![0; READ_BYTES],
            start: 0,
            scanned: 0,
            end: 0,
            pieces: std::collections::VecDeque::new(),
            discarding: false,
            eof: false,
            failed: None,
            cancellations,
            scan: Scan::new(),
        }
    }

    /// Whether `next_line` would return at once: a line, an error or the end is already known.
    pub fn has_next(&self) -> bool {
        !self.pieces.is_empty() || self.failed.is_some() || self.eof
    }

    /// The next line, read (blocking) if none is buffered; `None` at the end of input, after a
    /// last line without a newline.
    pub fn next_line(&mut self) -> std::io::Result<Option<Line<'_>>> {
        loop {
            if let Some(piece) = self.pieces.pop_front() {
                return Ok(Some(match piece {
                    Piece::TooLong => Line::TooLong,
                    Piece::Complete(length) => {
                        let line = self.start..self.start + length;
                        self.start += length + 1;
                        Line::Complete(&self.buf[line])
                    }
                }));
            }
            if let Some(error) = self.failed.take() {
                return Err(error);
            }
            if self.eof {
                return Ok(self.take_last());
            }
            self.read()?;
        }
    }

    /// Reads what has already arrived, without blocking and within the read-ahead bound, so
    /// the cancellations in it are noted. A read error is kept for `next_line`. One call reads
    /// at most `AHEAD_BYTES`, counting what it drops of an oversized line, so a client writing
    /// without end cannot keep a running request here.
    pub fn catch_up(&mut self) {
        let mut budget = AHEAD_BYTES;
        while !self.eof && self.failed.is_none() && self.end - self.start < AHEAD_BYTES && budget > 0 {
            match self.source.ready(Duration::ZERO) {
                Ok(true) => {}
                Ok(false) => return,
                Err(error) => {
                    self.failed = Some(error);
                    return;
                }
            }
            match self.read() {
                Ok(got) => budget = budget.saturating_sub(got),
                Err(error) => self.failed = Some(error),
            }
        }
    }

    /// Waits at most `wait` for input: `true` when `next_line` will not block.
    pub fn wait(&mut self, wait: Duration) -> std::io::Result<bool> {
        if !self.has_next() && self.source.ready(wait)? {
            self.read()?;
        }
        Ok(self.has_next())
    }

    /// What is left at the end of input: a last line without its newline, if any.
    fn take_last(&mut self) -> Option<Line<'_>> {
        if std::mem::take(&mut self.discarding) {
            return Some(Line::TooLong);
        }
        let line = self.scanned..self.end;
        self.start = self.end;
        self.scanned = self.end;
        note_cancellation(&self.scan, &self.buf[line.clone()], &self.cancellations);
        (!line.is_empty()).then(|| Line::Complete(&self.buf[line]))
    }

    /// One `read(2)` into the buffer (making room first), then the new lines split off; how
    /// many bytes it read.
    fn read(&mut self) -> std::io::Result<usize> {
        self.make_room();
        let got = loop {
            match self.source.read(&mut self.buf[self.end..]) {
                Ok(got) => break got,
                Err(error) if error.kind() == ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            }
        };
        if got == 0 {
            self.eof = true;
        }
        self.end += got;
        self.split();
        Ok(got)
    }

    /// Moves the unhandled bytes to the front when the buffer is full, and grows it when they
    /// fill it. The bytes held stay bounded: at most `AHEAD_BYTES` of lines read ahead and one
    /// line in progress of at most `MAX_LINE_BYTES`.
    fn make_room(&mut self) {
        if self.start == self.end && self.buf.len() > READ_BYTES {
            // After a long line: give its memory back.
            self.buf = vec![0; READ_BYTES];
            (self.start, self.scanned, self.end) = (0, 0, 0);
        }
        if self.start > 0 && (self.start == self.end || self.end == self.buf.len()) {
            self.buf.copy_within(self.start..self.end, 0);
            (self.scanned, self.end) = (self.scanned - self.start, self.end - self.start);
            self.start = 0;
        }
        if self.end == self.buf.len() {
            self.buf.resize(self.buf.len() * 2, 0);
        }
    }

    /// Splits off the lines completed by what was just read, each looked at for a
    /// cancellation; a line past the cap is dropped, and so is a line in progress past it.
    fn split(&mut self) {
        while let Some(at) = self.scan.newline(&self.buf[self.scanned..self.end]) {
            let newline = self.scanned + at;
            if std::mem::take(&mut self.discarding) || at > MAX_LINE_BYTES {
                self.drop_through(newline + 1);
                self.pieces.push_back(Piece::TooLong);
                continue;
            }
            note_cancellation(&self.scan, &self.buf[self.scanned..newline], &self.cancellations);
            self.pieces.push_back(Piece::Complete(at));
            self.scanned = newline + 1;
        }
        if self.discarding || self.end - self.scanned > MAX_LINE_BYTES {
            self.drop_through(self.end);
            self.discarding = !self.eof;
            if self.eof {
                self.pieces.push_back(Piece::TooLong);
            }
        }
    }

    /// Drops `buf[scanned..to]`, the part of a line past the cap that was read.
    fn drop_through(&mut self, to: usize) {
        self.buf.copy_within(to..self.end, self.scanned);
        self.end -= to - self.scanned;
    }
}

/// Records the cancellation `line` carries, if it is one. Only a line that names the method is
/// parsed here; the serving loop parses every line again, as it would without this look-ahead.
fn note_cancellation(scan: &Scan, line: &[u8], cancellations: &Cancellations) {
    if scan.names_cancelled(line)
        && let Ok(frame) = serde_json::from_slice::<serde_json::Value>(line)
    {
        cancellations.note_frame(&frame);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::rpc::RequestId;

    fn input(chunks: &[&[u8]]) -> Input<Pieces> {
        Input::new(Pieces(chunks.iter().map(|c| c.to_vec()).collect()), Cancellations::default())
    }

    /// Every line `next` hands out, as text ("<too long>" for a dropped one).
    fn drain(input: &mut Input<Pieces>) -> Vec<String> {
        let mut got = vec![];
        while let Some(line) = input.next_line().unwrap() {
            got.push(match line {
                Line::Complete(bytes) => String::from_utf8_lossy(bytes).into_owned(),
                Line::TooLong => "<too long>".to_string(),
            });
        }
        got
    }

    #[test]
    fn lines_split_across_reads_come_out_whole_and_in_order() {
        let mut lines = input(&[b"ab", b"c\nd", b"e\n\nf"]);
        assert_eq!(drain(&mut lines), ["abc", "de", "", "f"]);
    }

    #[test]
    fn a_line_past_the_cap_is_dropped_in_its_place_and_the_next_lines_are_kept() {
        let long = vec![b'x'; MAX_LINE_BYTES + 1];
        let mut lines = input(&[b"first\n", &long[..1000], &long[1000..], b"\nafter\n"]);
        assert_eq!(drain(&mut lines), ["first", "<too long>", "after"]);
        assert!(lines.buf.len() <= READ_BYTES, "the long line's memory is given back: {}", lines.buf.len());
    }

    #[test]
    fn a_line_of_exactly_the_cap_is_kept() {
        let mut exact = vec![b'y'; MAX_LINE_BYTES];
        exact.push(b'\n');
        let mut lines = input(&[&exact, b"z"]);
        let got = drain(&mut lines);
        assert_eq!((got.len(), got[0].len(), got[1].as_str()), (2, MAX_LINE_BYTES, "z"));
    }

    #[test]
    fn an_oversized_last_line_without_newline_is_reported_at_the_end() {
        let long = vec![b'x'; MAX_LINE_BYTES + 10];
        let mut lines = input(&[b"a\n", &long]);
        assert_eq!(drain(&mut lines), ["a", "<too long>"]);
    }

    #[test]
    fn a_cancellation_is_noted_when_it_is_read_before_the_loop_reaches_it() {
        let cancel = br#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}"#;
        let mut lines = input(&[b"{\"id\":7}\n", cancel, b"\n"]);
        let cancellations = lines.cancellations.clone();
        assert!(matches!(lines.next_line().unwrap(), Some(Line::Complete(_))));
        assert!(!cancellations.is_cancelled(&RequestId::Integer(7)), "not read yet");
        lines.catch_up();
        assert!(cancellations.is_cancelled(&RequestId::Integer(7)), "catch_up read it while request 7 ran");
    }

    #[test]
    fn catch_up_stops_within_its_budget_while_an_endless_line_is_dropped() {
        // 8 MiB without a newline. Once past the cap the line is dropped as it comes, so the
        // bytes held stay small: only a budget per call stops catch_up from reading it all.
        let chunks: Vec<Vec<u8>> = (0..8 * 1024).map(|_| vec![b'x'; 1024]).collect();
        let mut lines = Input::new(Pieces(chunks.into()), Cancellations::default());
        while !lines.discarding {
            lines.wait(Duration::ZERO).unwrap();
        }
        lines.catch_up();
        assert!(!lines.eof, "catch_up read no more than its budget");
        assert_eq!(drain(&mut lines), ["<too long>"]);
    }

    #[test]
    fn a_cancellation_on_a_last_line_without_newline_is_noted() {
        let cancel = br#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}"#;
        let mut lines = input(&[b"", cancel]);
        let cancellations = lines.cancellations.clone();
        assert_eq!(drain(&mut lines).len(), 1, "an empty read is not the end");
        assert!(cancellations.is_cancelled(&RequestId::Integer(7)));
    }

    #[test]
    fn catch_up_reads_no_further_than_the_bound() {
        let line = [vec![b'a'; 1023], vec![b'\n']].concat();
        let chunks: Vec<Vec<u8>> = (0..4096).map(|_| line.clone()).collect();
        let mut lines = Input::new(Pieces(chunks.into()), Cancellations::default());
        lines.catch_up();
        let held = lines.end - lines.start;
        assert!((AHEAD_BYTES..AHEAD_BYTES + 2048).contains(&held), "{held} bytes read ahead");
        assert_eq!(drain(&mut lines).len(), 4096, "the rest is read when the loop gets there");
    }
}
