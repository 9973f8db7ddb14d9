//! Finding newlines and the cancellation method in stdio input without asking the CPU what it
//! can do.
//!
//! `memchr::memchr` and `memmem::find` pick AVX2 or SSE2 at their first call by running
//! `std_detect`, about ten `cpuid` instructions. In a virtual machine each one is a trap to the
//! hypervisor (7.7 µs apiece on the project machine, measured with a loop of 1,000): the first
//! line of a cold start paid about a tenth of the process's time there (a profile of 60 cold
//! starts, docs/performance.md). SSE2 is part of x86-64 itself, so its searchers need no
//! detection; on the short lines MCP sends they keep up with AVX2. Other targets use memchr's own
//! choice.

/// Finds each line's end, and whether a line names `notifications/cancelled`.
#[derive(Clone, Copy)]
pub struct Scan {
    #[cfg(target_arch = "x86_64")]
    newline: memchr::arch::x86_64::sse2::memchr::One,
    #[cfg(target_arch = "x86_64")]
    method: Option<memchr::arch::x86_64::sse2::packedpair::Finder>,
}

/// The method whose lines are parsed as soon as they are split off.
pub const CANCELLED: &[u8] = b"notifications/cancelled";

impl Scan {
    pub fn new() -> Scan {
        Scan {
            #[cfg(target_arch = "x86_64")]
            newline: memchr::arch::x86_64::sse2::memchr::One::new(b'\n').expect("SSE2 is part of x86-64"),
            #[cfg(target_arch = "x86_64")]
            method: memchr::arch::x86_64::sse2::packedpair::Finder::new(CANCELLED),
        }
    }

    /// Where the first newline of `bytes` is.
    pub fn newline(&self, bytes: &[u8]) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        return self.newline.find(bytes);
        #[cfg(not(target_arch = "x86_64"))]
        return memchr::memchr(b'\n', bytes);
    }

    /// Whether `line` holds [`CANCELLED`] anywhere.
    pub fn names_cancelled(&self, line: &[u8]) -> bool {
        #[cfg(target_arch = "x86_64")]
        return match &self.method {
            // The vector search reads at least a vector's worth; a shorter line is compared
            // window by window.
            Some(finder) if line.len() >= finder.min_haystack_len() => finder.find(line, CANCELLED).is_some(),
            _ => line.windows(CANCELLED.len()).any(|window| window == CANCELLED),
        };
        #[cfg(not(target_arch = "x86_64"))]
        return memchr::memmem::find(line, CANCELLED).is_some();
    }
}

impl Default for Scan {
    fn default() -> Scan {
        Scan::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newlines_and_the_cancellation_method_are_found_at_every_offset_and_length() {
        let scan = Scan::new();
        for len in 0..200 {
            for at in 0..len {
                let mut bytes = vec![b'x'; len];
                bytes[at] = b'\n';
                assert_eq!(scan.newline(&bytes), Some(at), "len {len} at {at}");
            }
            assert_eq!(scan.newline(&vec![b'x'; len]), None);
            for at in 0..=len.saturating_sub(CANCELLED.len()) {
                let mut line = vec![b'"'; len];
                if len >= CANCELLED.len() {
                    line[at..at + CANCELLED.len()].copy_from_slice(CANCELLED);
                }
                assert_eq!(scan.names_cancelled(&line), len >= CANCELLED.len(), "len {len} at {at}");
                // One byte short of the method, wherever it is cut, is not the method.
                if len >= CANCELLED.len() {
                    line[at + CANCELLED.len() - 1] = b's';
                    assert!(!scan.names_cancelled(&line), "len {len} at {at}");
                }
            }
        }
    }
}
