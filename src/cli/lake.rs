//! What `sync`, `maint` and `claims` share: where the lake is, how to reach an S3 endpoint,
//! which host this is and which fleets it serves. Read once, from flags and the environment.

use super::ConfigError;
use anyhow::Context as _;
use ctxlake::config::Ctx;
use ctxlake::lake::{HostId, Lake, LakeError, S3Options};
use ctxlake::local::paths::FleetId;
use std::path::Path;

#[derive(clap::Args)]
pub struct LakeArgs {
    /// The lake: a folder (a path, or file:///abs/path) or s3://bucket/prefix.
    /// Default: ~/.ctxlake/lake, a folder, so a single host needs no service.
    #[arg(long, env = "CTXLAKE_LAKE", value_name = "URL")]
    lake: Option<String>,
    /// An S3-compatible endpoint (MinIO, R2, a local test server), e.g. http://127.0.0.1:9000.
    /// Credentials and region come from the standard AWS_* variables.
    #[arg(long, env = "CTXLAKE_LAKE_ENDPOINT", value_name = "URL")]
    lake_endpoint: Option<String>,
    /// This host's id in the lake (one path segment). Default: the machine's host name.
    #[arg(long, env = "CTXLAKE_HOST_ID")]
    host: Option<String>,
    /// A fleet to serve besides CTXLAKE_FLEET_ID and those with a spool on this host (repeatable).
    #[arg(long = "fleet", value_name = "FLEET")]
    fleets: Vec<String>,
}

pub struct Opened {
    pub lake: Lake,
    pub host: HostId,
    pub fleets: Vec<FleetId>,
}

impl LakeArgs {
    /// The lake of another subcommand's own flags (`serve --console`): no host, no fleets.
    pub fn for_lake(lake: Option<String>, lake_endpoint: Option<String>) -> LakeArgs {
        LakeArgs { lake, lake_endpoint, host: None, fleets: vec![] }
    }

    /// The `--fleet` values as given.
    pub fn fleets(&self) -> &[String] {
        &self.fleets
    }

    /// Opens the lake and resolves the host and the fleets this host serves.
    pub fn open(&self, ctx: &Ctx) -> anyhow::Result<Opened> {
        let url = lake_url(self.lake.as_deref(), ctx)?;
        let s3 = S3Options {
            endpoint: self.lake_endpoint.clone(),
            region: env("AWS_REGION").or_else(|| env("AWS_DEFAULT_REGION")),
            access_key_id: env("AWS_ACCESS_KEY_ID"),
            secret_access_key: env("AWS_SECRET_ACCESS_KEY"),
            session_token: env("AWS_SESSION_TOKEN"),
            allow_http: self.lake_endpoint.as_deref().is_some_and(|e| e.starts_with("http://")),
        };
        let lake = Lake::open(&url, &s3).map_err(|e| match e {
            LakeError::Url { .. } => anyhow::Error::new(ConfigError(e.to_string())),
            other => anyhow::Error::new(other),
        })?;
        let host = self.host.clone().unwrap_or_else(super::host_name);
        let host =
            HostId::new(&host).map_err(|e| ConfigError(format!("host id `{host}` (CTXLAKE_HOST_ID, --host): {e}")))?;
        let mut fleets = vec![ctx.fleet_id.clone()];
        for name in &self.fleets {
            let fleet = FleetId::new(name.as_str()).map_err(|e| ConfigError(format!("--fleet `{name}`: {e}")))?;
            fleets.push(fleet);
        }
        fleets.extend(spooled_fleets(&ctx.spool_root));
        fleets.sort_by(|a, b| a.as_str().cmp(b.as_str()));
        fleets.dedup_by(|a, b| a.as_str() == b.as_str());
        tracing::info!(lake = %lake.url(), host = host.as_str(), fleets = fleets.len(), "lake opened");
        Ok(Opened { lake, host, fleets })
    }
}

/// `--lake` as a URL `Lake::open` takes: a plain path becomes `file://` of its absolute form.
fn lake_url(lake: Option<&str>, ctx: &Ctx) -> anyhow::Result<String> {
    let Some(lake) = lake.filter(|l| !l.is_empty()) else {
        return Ok(format!("file://{}", absolute(&ctx.lake_root)?.display()));
    };
    if lake.contains("://") {
        return Ok(lake.to_string());
    }
    Ok(format!("file://{}", absolute(Path::new(lake))?.display()))
}

fn absolute(path: &Path) -> anyhow::Result<std::path::PathBuf> {
    std::path::absolute(path).with_context(|| format!("cannot make {} absolute", path.display()))
}

/// Fleets with a spool file on this host (`<spool>/mcp/<fleet>.ndjson`, rotations included).
fn spooled_fleets(spool_root: &Path) -> Vec<FleetId> {
    let Ok(entries) = std::fs::read_dir(spool_root.join("mcp")) else { return vec![] };
    entries
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter_map(|name| FleetId::new(ctxlake::lake::drain::spool_name(&name)?.0).ok())
        .collect()
}

fn env(key: &str) -> Option<String> {
    std::env::var(key).ok().filter(|v| !v.is_empty())
}
