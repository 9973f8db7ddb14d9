//! The `ctxlake` command line: parses arguments, sets up logging, runs a subcommand (`cli/`).

mod cli;

fn main() -> std::process::ExitCode {
    let cli = cli::Cli::from_args();
    init_logging();
    match cli.run() {
        Ok(code) => code,
        Err(e) => {
            // Once, for the person at the terminal; the logger would print it a second time.
            eprintln!("ctxlake: {e:#}");
            cli::exit_code(&e)
        }
    }
}

/// Diagnostics go to stderr only: stdout belongs to the JSON-RPC frames. Without `CTXLAKE_LOG`
/// a plain level filter is used: building an `EnvFilter` costs measurable cold-start time.
/// With it, a span that closes is logged with how long it took (each request's, at debug).
fn init_logging() {
    let logger = tracing_subscriber::fmt().with_writer(std::io::stderr).with_ansi(false);
    match std::env::var("CTXLAKE_LOG") {
        Ok(spec) => logger
            .with_span_events(tracing_subscriber::fmt::format::FmtSpan::CLOSE)
            .with_env_filter(tracing_subscriber::EnvFilter::new(spec))
            .init(),
        Err(_) => logger.with_max_level(tracing::Level::WARN).init(),
    }
}
