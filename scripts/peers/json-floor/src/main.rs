//! The floor of a stdio server that reads JSON: each line is parsed (serde_json, as every Rust
//! MCP server does) and answered with a fixed `tools/call` result carrying its id, flushed when
//! no more input is buffered. What it costs above `../shared/tools/floor` (a line echo that
//! parses nothing) is what touching a line's bytes and a JSON parser costs after a wake-up on
//! this machine, before any server logic (docs/performance.md, "Fast again").

use std::io::{BufRead, Write};
use std::os::fd::AsFd;

fn main() -> std::io::Result<()> {
    let stdin = std::fs::File::from(std::io::stdin().as_fd().try_clone_to_owned()?);
    let mut input = std::io::BufReader::with_capacity(64 * 1024, stdin);
    let mut output = std::io::BufWriter::new(std::io::stdout().lock());
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return output.flush();
        }
        let Ok(frame) = serde_json::from_str::<serde_json::Value>(&line) else { continue };
        let id = frame.get("id").cloned().unwrap_or_default();
        let answer = serde_json::json!({"jsonrpc": "2.0", "id": id,
            "result": {"content": [{"type": "text", "text": "ok"}], "isError": false}});
        serde_json::to_writer(&mut output, &answer)?;
        output.write_all(b"\n")?;
        if input.buffer().is_empty() {
            output.flush()?;
        }
    }
}
