//! `ctxlake install` and `uninstall`: ctxlake's entry in each MCP client's own configuration,
//! merged, never clobbered (docs/install.md).
//!
//! - `clients`: where each client keeps its configuration and what ctxlake's entry is;
//! - `agents_md`: the snippet for a project's AGENTS.md / CLAUDE.md, and its block;
//! - `edit`: the pure text edits (JSON and JSONC through a CST, TOML through toml_edit, YAML
//!   through yaml-edit, read back);
//! - here: planning the changes, and writing them (a `.bak` before the first change, atomic
//!   replace keeping the file's permissions) with a record of what each file held before, so
//!   that uninstall puts a file back byte for byte while nobody else has changed it since.

pub mod agents_md;
pub mod clients;
pub mod edit;
pub mod hook;

pub use clients::{Client, NoProjectScope, Places, Platform, Scope, Target, Wiring};
pub use edit::{Edit, EditError, Format};

use crate::spec::wire::install::{InstallState, InstalledFile};
use sha2::{Digest, Sha256};
use std::io::Write as _;
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum InstallError {
    #[error("{path}: {source}; nothing was written")]
    Invalid { path: String, source: EditError },
    #[error("{path} is not UTF-8 text; nothing was written")]
    NotText { path: String },
    #[error("{what} {path}: {source}")]
    Io { what: &'static str, path: String, source: std::io::Error },
    #[error("the install record {path} is unreadable ({message}); move it away to start over")]
    State { path: String, message: String },
    #[error(transparent)]
    Scope(#[from] NoProjectScope),
}

/// One file's change: its text now and after (`None`: absent). `client` is the MCP client
/// whose file it is; `None` for a file of ctxlake's own (the sync service's unit).
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    pub client: Option<Client>,
    pub path: PathBuf,
    pub before: Option<String>,
    pub after: Option<String>,
}

impl Change {
    pub fn changes_nothing(&self) -> bool {
        self.before == self.after
    }

    /// A unified diff of the change, for `--dry-run`.
    pub fn diff(&self) -> String {
        let (before, after) = (self.before.as_deref().unwrap_or(""), self.after.as_deref().unwrap_or(""));
        let shown = self.path.display().to_string();
        let before_name = if self.before.is_some() { shown.clone() } else { "/dev/null".into() };
        let after_name = if self.after.is_some() { shown } else { "/dev/null".into() };
        similar::TextDiff::from_lines(before, after).unified_diff().header(&before_name, &after_name).to_string()
    }
}

/// Where install keeps its record: `~/.ctxlake/install-state.json`.
pub fn state_path(places: &Places) -> PathBuf {
    places.home.join(".ctxlake/install-state.json")
}

/// The changes that wire ctxlake into `client`.
pub fn plan_install(
    client: Client,
    scope: Scope,
    places: &Places,
    wiring: &Wiring,
) -> Result<Vec<Change>, InstallError> {
    let mut changes: Vec<Change> = vec![];
    for target in clients::targets(client, scope, places, wiring)? {
        // Two edits of one file (Gemini CLI's server and its SessionStart hook) make one change.
        if let Some(change) = changes.iter_mut().find(|c| c.path == target.path) {
            let after = edit::install(change.after.as_deref(), target.format, &target.edit)
                .map_err(|source| invalid(&target, source))?;
            change.after = Some(after);
            continue;
        }
        let before = read_text(&target.path)?;
        let after =
            edit::install(before.as_deref(), target.format, &target.edit).map_err(|source| invalid(&target, source))?;
        changes.push(Change { client: Some(client), path: target.path, before, after: Some(after) });
    }
    Ok(changes)
}

/// The changes that take ctxlake out of `client`: a file nobody changed since install gets its
/// old text back exactly (or is removed, if install created it); a file changed since loses
/// only ctxlake's entry.
pub fn plan_uninstall(
    client: Client,
    scope: Scope,
    places: &Places,
    wiring: &Wiring,
) -> Result<Vec<Change>, InstallError> {
    let state = read_state(&state_path(places))?;
    let mut changes: Vec<Change> = vec![];
    // Files restored whole: their other edits have nothing left to take out.
    let mut restored: Vec<PathBuf> = vec![];
    for target in clients::targets(client, scope, places, wiring)? {
        if restored.contains(&target.path) {
            continue;
        }
        // A second edit of one file takes its entry out of what the first left.
        let earlier = changes.iter().position(|c| c.path == target.path);
        let current = match earlier {
            Some(i) => changes[i].after.clone(),
            None => read_text(&target.path)?,
        };
        let Some(current) = current else { continue };
        let recorded = state.files.iter().find(|f| Path::new(&f.path) == target.path);
        let after = match recorded {
            Some(file) if earlier.is_none() && file.after_sha256 == sha256_hex(&current) => {
                restored.push(target.path.clone());
                file.before.clone()
            }
            _ => match edit::uninstall(&current, target.format, &target.edit)
                .map_err(|source| invalid(&target, source))?
            {
                Some(after) => Some(after),
                None => continue,
            },
        };
        match earlier {
            Some(i) => changes[i].after = after,
            None => changes.push(Change { client: Some(client), path: target.path, before: Some(current), after }),
        }
    }
    Ok(changes)
}

/// What `path` held before install first changed it (`Some(None)`: nothing, install created
/// it), while the file still holds exactly what install last wrote; `None` otherwise.
pub fn recorded_before(places: &Places, path: &Path, current: &str) -> Option<Option<String>> {
    let state = read_state(&state_path(places)).ok()?;
    let recorded = state.files.into_iter().find(|f| Path::new(&f.path) == path)?;
    (recorded.after_sha256 == sha256_hex(current)).then_some(recorded.before)
}

/// The fleets of the entries install wrote (what the sync service serves and doctor checks),
/// sorted, without repeats; none when nothing was installed or the state cannot be read.
pub fn installed_fleets(places: &Places) -> Vec<String> {
    let mut fleets: Vec<String> = read_state(&state_path(places))
        .map(|state| state.files.into_iter().filter_map(|f| f.fleet).collect())
        .unwrap_or_default();
    fleets.sort();
    fleets.dedup();
    fleets
}

/// Writes an install's changes and records, per file, the text before the first install, a
/// hash of what was written and the fleet its entry joins.
pub fn apply_install(changes: &[Change], places: &Places, fleet: &str) -> Result<(), InstallError> {
    let state_file = state_path(places);
    let mut state = read_state(&state_file)?;
    for change in changes.iter().filter(|c| !c.changes_nothing()) {
        let Some(after) = &change.after else { continue };
        write_text(&change.path, after, change.before.is_some())?;
        let key = change.path.display().to_string();
        let earlier = state.files.iter().position(|f| f.path == key);
        // A reinstall keeps the text from before the first install: that is what uninstall restores.
        let before = earlier.map_or_else(|| change.before.clone(), |i| state.files[i].before.clone());
        let record = InstalledFile {
            path: key,
            client: change.client.map_or("ctxlake", Client::name).into(),
            before,
            after_sha256: sha256_hex(after),
            fleet: Some(fleet.to_string()),
        };
        match earlier {
            Some(i) => state.files[i] = record,
            None => state.files.push(record),
        }
    }
    write_state(&state_file, &state)
}

/// Writes an uninstall's changes (a file install created and nobody changed is removed) and
/// forgets those files.
pub fn apply_uninstall(changes: &[Change], places: &Places) -> Result<(), InstallError> {
    let state_file = state_path(places);
    let mut state = read_state(&state_file)?;
    for change in changes.iter().filter(|c| !c.changes_nothing()) {
        match &change.after {
            Some(after) => write_text(&change.path, after, true)?,
            None => std::fs::remove_file(&change.path).map_err(|source| io("removing", &change.path, source))?,
        }
        let key = change.path.display().to_string();
        state.files.retain(|f| f.path != key);
    }
    write_state(&state_file, &state)
}

fn invalid(target: &Target, source: EditError) -> InstallError {
    InstallError::Invalid { path: target.path.display().to_string(), source }
}

fn io(what: &'static str, path: &Path, source: std::io::Error) -> InstallError {
    InstallError::Io { what, path: path.display().to_string(), source }
}

fn read_text(path: &Path) -> Result<Option<String>, InstallError> {
    match std::fs::read(path) {
        Ok(bytes) => {
            String::from_utf8(bytes).map(Some).map_err(|_| InstallError::NotText { path: path.display().to_string() })
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(source) => Err(io("reading", path, source)),
    }
}

/// Atomic replace: a temporary file beside it, the old permissions, fsync, rename. Before the
/// first change to an existing file, a copy at `<file>.bak`.
fn write_text(path: &Path, text: &str, existed: bool) -> Result<(), InstallError> {
    let parent = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent).map_err(|source| io("creating", parent, source))?;
    let backup = PathBuf::from(format!("{}.bak", path.display()));
    if existed && !backup.exists() {
        std::fs::copy(path, &backup).map_err(|source| io("backing up", path, source))?;
    }
    let mut temp = tempfile::NamedTempFile::new_in(parent).map_err(|source| io("writing beside", path, source))?;
    temp.write_all(text.as_bytes()).map_err(|source| io("writing", temp.path(), source))?;
    if let Ok(metadata) = std::fs::metadata(path) {
        std::fs::set_permissions(temp.path(), metadata.permissions())
            .map_err(|source| io("setting permissions on", temp.path(), source))?;
    }
    temp.as_file().sync_all().map_err(|source| io("syncing", temp.path(), source))?;
    temp.persist(path).map_err(|e| io("replacing", path, e.error))?;
    Ok(())
}

fn read_state(path: &Path) -> Result<InstallState, InstallError> {
    match read_text(path)? {
        None => Ok(InstallState { version: serde_json::json!(1), files: vec![] }),
        Some(text) => serde_json::from_str(&text)
            .map_err(|e| InstallError::State { path: path.display().to_string(), message: e.to_string() }),
    }
}

fn write_state(path: &Path, state: &InstallState) -> Result<(), InstallError> {
    let mut text = serde_json::to_string_pretty(state).expect("the install record serializes");
    text.push('\n');
    write_text(path, &text, false)
}

fn sha256_hex(text: &str) -> String {
    format!("{:x}", Sha256::digest(text.as_bytes()))
}
