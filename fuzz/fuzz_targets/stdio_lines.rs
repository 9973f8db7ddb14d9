//! stdin's line reader (`transport::stdio::Input`) over input that arrives in arbitrary pieces:
//! whatever the pieces, it hands out exactly the lines of the whole input, in order (a last
//! line without its newline included), never blocks on input it has, and notes the
//! cancellations among them. The first byte of each piece is its length.
#![no_main]

use ctxlake::rpc::Cancellations;
use ctxlake::spec::rpc::RequestId;
use ctxlake::transport::stdio::{Input, Line, Pieces};
use libfuzzer_sys::fuzz_target;
use std::collections::VecDeque;

fuzz_target!(|data: &[u8]| {
    let (mut pieces, mut whole, mut rest) = (VecDeque::new(), Vec::new(), data);
    while let Some((&length, tail)) = rest.split_first() {
        let (piece, after) = tail.split_at(usize::from(length).min(tail.len()));
        pieces.push_back(piece.to_vec());
        whole.extend_from_slice(piece);
        rest = after;
    }
    let cancellations = Cancellations::default();
    let mut input = Input::new(Pieces(pieces), cancellations.clone());
    let mut got: Vec<Vec<u8>> = vec![];
    loop {
        // Reading ahead between lines, as a running request's cancellation checks do, changes
        // nothing about the lines handed out.
        if got.len() % 3 == 1 {
            input.catch_up();
        }
        match input.next_line().expect("in-memory reads do not fail") {
            None => break,
            Some(Line::Complete(line)) => got.push(line.to_vec()),
            Some(Line::TooLong) => panic!("no line here is longer than the cap"),
        }
    }
    let mut expected: Vec<Vec<u8>> = whole.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    if expected.last().is_some_and(Vec::is_empty) {
        expected.pop(); // the newline ends the last line; nothing follows it
    }
    assert_eq!(got, expected, "the lines of the input, in order");
    // A line naming a cancellation of request 7 is seen.
    let cancel = br#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}"#;
    if expected.iter().any(|line| line.as_slice() == cancel) {
        assert!(cancellations.is_cancelled(&RequestId::Integer(7)));
    }
});
