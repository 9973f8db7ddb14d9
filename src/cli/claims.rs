//! `ctxlake claims`: the fleet owner's view of its claims (candidates included) and the owner's
//! decisions: approve (how a preference is promoted), retire, retract, quarantine and release an
//! agent.
//! Decisions are events in the lake; the next `ctxlake maint` applies them.

use super::ConfigError;
use super::lake::LakeArgs;
use ctxlake::config::Ctx;
use ctxlake::guard::sanitize::{MAX_LONG_FIELD, MAX_SHORT_FIELD, clean_single_line};
use ctxlake::lake::{Created, claims};
use ctxlake::local::paths::FleetId;
use ctxlake::snapshot::ClaimRow;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    lake: LakeArgs,
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Every claim of the fleet: id, status, type, sessions, confidence, observer, subject, text.
    List {
        /// Only claims with this status (candidate, promoted, contested, retired, retracted, superseded).
        #[arg(long)]
        status: Option<String>,
    },
    /// One claim with its evidence.
    Show { claim_id: String },
    /// Approve a claim; a preference is promoted only this way (at the next maint).
    Approve { claim_id: String },
    /// Retire a claim: it leaves every agent's view at the next maint, for good.
    Retire {
        claim_id: String,
        #[arg(long)]
        reason: String,
    },
    /// Retract a claim that was wrong: it leaves every read at the next maint, for good, and
    /// `claims show` keeps it with the reason.
    Retract {
        claim_id: String,
        #[arg(long)]
        reason: String,
    },
    /// Quarantine an agent: its candidates are held and its promoted claims contested.
    Quarantine {
        agent_id: String,
        #[arg(long)]
        reason: String,
    },
    /// Release an agent from quarantine.
    Unquarantine { agent_id: String },
}

pub fn run(args: Args, ctx: Ctx) -> anyhow::Result<ExitCode> {
    let opened = args.lake.open(&ctx)?;
    let fleet = one_fleet(&args.lake, &ctx)?;
    // Owner events carry who decided; the agent id is this shell's identity for ctxlake.
    let by = format!("human:{}", ctx.agent_id);
    let lake = &opened.lake;
    match args.command {
        Command::List { status } => {
            let rows = claims::list(lake, &fleet)?;
            for row in rows.iter().filter(|r| status.as_deref().is_none_or(|s| r.status.as_str() == s)) {
                println!("{}", line(row));
            }
        }
        Command::Show { claim_id } => {
            let rows = claims::list(lake, &fleet)?;
            let Some(row) = rows.iter().find(|r| r.answers_to(&claim_id)) else {
                anyhow::bail!("fleet {} has no claim {claim_id} in the lake", fleet.as_str());
            };
            println!("{}", line(row));
            if row.claim_id != claim_id {
                println!("  {} restated it and was merged into it", clean_single_line(&claim_id, MAX_SHORT_FIELD));
            }
            for merged in &row.merged {
                println!("  restated by: {}", clean_single_line(merged, MAX_SHORT_FIELD));
            }
            if let Some(old) = &row.supersedes {
                println!("  corrects: {}", clean_single_line(old, MAX_SHORT_FIELD));
            }
            for evidence in &row.evidence {
                let session = clean_single_line(&evidence.session_id, MAX_SHORT_FIELD);
                let message = clean_single_line(&evidence.message_id, MAX_SHORT_FIELD);
                println!("  evidence: session {session}, message {message}, observed {}", evidence.observed_at);
            }
            for decision in claims::decisions(lake, &fleet, &row.claim_id)? {
                println!("  {}", claims::decision_line(&decision));
            }
        }
        Command::Approve { claim_id } => match claims::approve(lake, &fleet, &claim_id, &by)? {
            Created::Created => eprintln!("approved {claim_id}; the next `ctxlake maint` applies it"),
            Created::AlreadyExists => eprintln!("{claim_id} was approved before; nothing changed"),
        },
        Command::Retire { claim_id, reason } => {
            claims::retire(lake, &fleet, &claim_id, &reason, &by)?;
            eprintln!("retired {claim_id}; the next `ctxlake maint` applies it");
        }
        Command::Retract { claim_id, reason } => {
            claims::retract(lake, &fleet, &claim_id, &reason, &by)?;
            eprintln!("retracted {claim_id}; the next `ctxlake maint` takes it out of every read");
        }
        Command::Quarantine { agent_id, reason } => {
            claims::quarantine(lake, &fleet, &agent_id, &reason, &by)?;
            eprintln!("quarantined {agent_id}; the next `ctxlake maint` applies it");
        }
        Command::Unquarantine { agent_id } => {
            claims::unquarantine(lake, &fleet, &agent_id, &by)?;
            eprintln!("released {agent_id} from quarantine; the next `ctxlake maint` applies it");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The fleet acted on: the one `--fleet`, else `CTXLAKE_FLEET_ID`.
fn one_fleet(args: &LakeArgs, ctx: &Ctx) -> anyhow::Result<FleetId> {
    match args.fleets() {
        [] => Ok(ctx.fleet_id.clone()),
        [one] => Ok(FleetId::new(one.as_str()).map_err(|e| ConfigError(format!("--fleet `{one}`: {e}")))?),
        _ => Err(ConfigError("`ctxlake claims` acts on one fleet: give --fleet once".into()).into()),
    }
}

/// One claim per line; every field is another agent's text, so it is cleaned to one line.
fn line(row: &ClaimRow) -> String {
    let clean = |text: &str| clean_single_line(text, MAX_SHORT_FIELD);
    format!(
        "{}  {:<9}  {:<11}  {} sessions  conf {:.2}  {}  [{}]  {}",
        clean(&row.claim_id),
        row.status.as_str(),
        clean(&row.claim_type),
        row.evidence_count(),
        row.confidence,
        clean(&row.observed_by),
        clean(&row.subject),
        clean_single_line(&row.claim, MAX_LONG_FIELD)
    )
}
