//! Finding newlines and the cancellation method in stdio input without std's CPU feature
//! detection.
//!
//! `memchr::memchr` and `memmem::find` pick AVX2 or SSE2 at their first call by running
//! `std_detect`, about ten `cpuid` instructions. In a virtual machine each one is a trap to the
//! hypervisor (7.7 µs apiece on the project machine, measured with a loop of 1,000): the first
//! line of a cold start paid about a tenth of the process's time there (docs/performance.md).
//! SSE2 is part of x86-64, so its searchers need no detection; on lines of JSON-RPC the
//! difference from AVX2 is small beside parsing them. Other targets use memchr's own choice.

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
use memchr::arch::x86_64::sse2::{memchr::One, packedpair::Finder};

/// The method whose lines are parsed as soon as they are split off.
const CANCELLED: &[u8] = b"notifications/cancelled";

/// Finds each line's end, and whether a line names `notifications/cancelled`.
pub(super) struct Scan {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    newlines: One,
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    cancelled: Finder,
}

impl Scan {
    pub(super) fn new() -> Scan {
        Scan {
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            newlines: One::new(b'\n').expect("SSE2 is enabled at compile time"),
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            cancelled: Finder::new(CANCELLED).expect("a needle of more than one byte has a pair"),
        }
    }

    /// Where the first newline of `bytes` is.
    pub(super) fn newline(&self, bytes: &[u8]) -> Option<usize> {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        {
            self.newlines.find(bytes)
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
        {
            memchr::memchr(b'\n', bytes)
        }
    }

    /// Whether `line` holds [`CANCELLED`] anywhere.
    pub(super) fn names_cancelled(&self, line: &[u8]) -> bool {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        {
            // The packed-pair search panics on a haystack shorter than its minimum (at most 38
            // bytes for this needle); such a line is compared window by window.
            if line.len() >= self.cancelled.min_haystack_len() {
                self.cancelled.find(line, CANCELLED).is_some()
            } else {
                line.windows(CANCELLED.len()).any(|window| window == CANCELLED)
            }
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
        {
            memchr::memmem::find(line, CANCELLED).is_some()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newlines_are_found_as_memchr_finds_them_at_every_offset_and_length() {
        let scan = Scan::new();
        for len in 0..200 {
            for at in 0..len {
                let mut bytes = vec![b'x'; len];
                bytes[at] = b'\n';
                assert_eq!(scan.newline(&bytes), Some(at), "len {len} at {at}");
                bytes.push(b'\n');
                assert_eq!(scan.newline(&bytes), memchr::memchr(b'\n', &bytes), "len {len} at {at}");
            }
            assert_eq!(scan.newline(&vec![b'x'; len]), None);
        }
    }

    #[test]
    fn the_cancellation_method_is_found_as_memmem_finds_it_among_near_misses() {
        let scan = Scan::new();
        // Every prefix of the method, and the method with one byte changed, around it or alone.
        let mut near: Vec<Vec<u8>> = (1..CANCELLED.len()).map(|n| CANCELLED[..n].to_vec()).collect();
        for at in 0..CANCELLED.len() {
            let mut changed = CANCELLED.to_vec();
            changed[at] ^= 0x20;
            near.push(changed);
        }
        for filler in 0..60 {
            for piece in near.iter().chain([&CANCELLED.to_vec()]) {
                for before in [0, filler] {
                    let mut line = vec![b'"'; before];
                    line.extend_from_slice(piece);
                    line.extend(std::iter::repeat_n(b'n', filler - before));
                    let expected = memchr::memmem::find(&line, CANCELLED).is_some();
                    assert_eq!(scan.names_cancelled(&line), expected, "{:?}", String::from_utf8_lossy(&line));
                }
            }
        }
    }
}
