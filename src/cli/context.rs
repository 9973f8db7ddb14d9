//! `ctxlake context`: the context tool on the command line, for hooks and scripts. Prints the
//! pack's Markdown (or the whole pack as JSON); a refusal goes to stderr with exit status 1.

use anyhow::Context as _;
use ctxlake::config::Ctx;
use ctxlake::spec::tools::context::{Context, ContextInput};
use ctxlake::tools::Toolbox;
use serde_json::{Value, json};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// What the agent is trying to accomplish.
    #[arg(long)]
    goal: String,
    /// The project (a repository of the fleet, as fleet_status names it).
    #[arg(long, conflicts_with = "all_projects")]
    project: Option<String>,
    /// Read every project, on purpose.
    #[arg(long)]
    all_projects: bool,
    /// build, plan, ideate, research, debug, decide, learn or general (default build).
    #[arg(long)]
    intent: Option<String>,
    /// wake, recall or deep_search (default recall).
    #[arg(long)]
    layer: Option<String>,
    /// A domain appended to the retrieval query.
    #[arg(long)]
    domain: Option<String>,
    /// Also include this agent's proposals still in this host's spool.
    #[arg(long)]
    agent_id: Option<String>,
    /// Items at most (clamped to 1..50, then capped by the layer).
    #[arg(long)]
    limit: Option<i64>,
    /// Size the Markdown to about this many tokens (default 4000, clamped to 100..32000).
    #[arg(long, conflicts_with = "no_budget")]
    budget: Option<i64>,
    /// No Markdown budget (the tool's `markdown_token_budget: null`): every item the whole
    /// answer's budget allows.
    #[arg(long)]
    no_budget: bool,
    /// The whole answer's budget in tokens (the tool's `token_budget`, clamped to 2000..24000).
    /// Default here 24000, the most: what is printed is the Markdown, not the JSON it is cut by.
    #[arg(long, default_value_t = 24_000)]
    token_budget: i64,
    /// Print the whole pack as JSON instead of its Markdown.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, ctx: Ctx) -> anyhow::Result<ExitCode> {
    let mut arguments = json!({"goal": args.goal, "all_projects": args.all_projects});
    let optional = [
        ("project", args.project.map(Value::from)),
        ("intent", args.intent.map(Value::from)),
        ("layer", args.layer.map(Value::from)),
        ("domain", args.domain.map(Value::from)),
        ("agent_id", args.agent_id.map(Value::from)),
        ("limit", args.limit.map(Value::from)),
        ("markdown_token_budget", if args.no_budget { Some(Value::Null) } else { args.budget.map(Value::from) }),
        ("token_budget", Some(Value::from(args.token_budget))),
    ];
    for (key, value) in optional {
        if let Some(value) = value {
            arguments[key] = value;
        }
    }
    let input: ContextInput = match serde_json::from_value(arguments) {
        Ok(input) => input,
        Err(e) => {
            eprintln!("ctxlake context: invalid arguments: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    let toolbox = Toolbox::new(ctx);
    match toolbox.context.context(&ctxlake::catalog::Detached, input) {
        Ok(pack) if args.json => println!("{}", serde_json::to_string_pretty(&pack).context("serializing the pack")?),
        Ok(pack) => print!("{}", pack.markdown),
        Err(refused) => {
            eprintln!("ctxlake context: {refused}");
            return Ok(ExitCode::from(1));
        }
    }
    Ok(ExitCode::SUCCESS)
}
