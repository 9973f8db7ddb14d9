//! `ctxlake briefing`: the SessionStart block, as text or as Claude Code's hook output.

use ctxlake::config::Ctx;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// `text`, or `claude-code` for Claude Code's SessionStart hook JSON.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    Text,
    ClaudeCode,
}

pub fn run(args: Args, ctx: Ctx) -> anyhow::Result<ExitCode> {
    let text = ctxlake::briefing::text(&ctx);
    match args.format {
        Format::Text => println!("{text}"),
        Format::ClaudeCode => println!("{}", serde_json::to_string(&ctxlake::briefing::claude_code(text))?),
    }
    Ok(ExitCode::SUCCESS)
}
