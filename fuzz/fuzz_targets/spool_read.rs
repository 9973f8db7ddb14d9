//! The drain's spool reader on arbitrary bytes, and on any prefix of them (a file copied or
//! crashed mid-append): it never panics; bytes that do not end with a newline are reported as a
//! torn tail and never parsed; a cut spool yields exactly the records of the whole lines before
//! the cut; every accepted line serializes back to a line the reader accepts as the same record.
#![no_main]

use ctxlake::local::spool_read::{SpoolLine, parse};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((cut_bytes, spool)) = data.split_first_chunk::<2>() else { return };
    let whole = parse(spool);
    let torn = |bytes: &[u8]| !bytes.is_empty() && !bytes.ends_with(b"\n");
    assert_eq!(
        whole.torn_tail.is_some(),
        torn(spool),
        "a torn tail is reported exactly when the last line lacks its newline"
    );

    let cut = usize::from(u16::from_le_bytes(*cut_bytes)) % (spool.len() + 1);
    let prefix = parse(&spool[..cut]);
    assert_eq!(prefix.torn_tail.is_some(), torn(&spool[..cut]));
    let complete = spool[..cut].iter().filter(|b| **b == b'\n').count();
    assert_eq!(prefix.lines.len() + prefix.skipped.len(), complete, "every complete line is accepted or skipped");
    let accepted_before = complete - whole.skipped.iter().filter(|s| s.line <= complete).count();
    assert_eq!(
        prefix.lines[..],
        whole.lines[..accepted_before],
        "a cut spool yields the records of the whole lines before it"
    );

    for line in &whole.lines {
        let text = match line {
            SpoolLine::Request(record) => serde_json::to_string(record),
            SpoolLine::Proposal(event) => serde_json::to_string(event),
        }
        .expect("an accepted record serializes");
        let again = parse(format!("{text}\n").as_bytes());
        assert_eq!(again.lines.as_slice(), std::slice::from_ref(line), "round trip: {text}");
    }
});
