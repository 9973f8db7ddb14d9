//! Where an agent works, read cheaply for its presence record: the repository's remote and the
//! checked-out branch, straight from `.git` (no `git` subprocess: `ctxlake mcp` starts on an
//! agent's critical path). Every read is bounded and every failure is `None`, never an error:
//! presence is a courtesy, not a reason to refuse a session.

use std::path::{Path, PathBuf};

/// `.git/HEAD` and `.git/config` are a few hundred bytes; anything larger is not one.
const MAX_GIT_FILE_BYTES: u64 = 64 * 1024;
/// How many parent folders are searched for `.git`.
const MAX_DEPTH: usize = 64;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Workspace {
    /// The `origin` remote's URL (else the first remote's), with any user and password removed.
    pub repo: Option<String>,
    /// The branch `HEAD` points at; `None` when detached.
    pub branch: Option<String>,
}

/// The repository that contains `cwd`, if any.
pub fn read(cwd: &Path) -> Workspace {
    let Some(git_dir) = find_git_dir(cwd) else { return Workspace::default() };
    let branch = read_small(&git_dir.join("HEAD"))
        .and_then(|head| head.trim().strip_prefix("ref: refs/heads/").map(str::to_string).filter(|b| !b.is_empty()));
    // A linked worktree keeps HEAD in its own git dir and the config in the common one.
    let common =
        read_small(&git_dir.join("commondir")).map(|c| git_dir.join(c.trim())).unwrap_or_else(|| git_dir.clone());
    let repo =
        read_small(&common.join("config")).and_then(|config| remote_url(&config)).map(|u| without_credentials(&u));
    Workspace { repo, branch }
}

/// `<dir>/.git` as a folder, or the folder a `.git` file points at (`gitdir: <path>`).
fn find_git_dir(cwd: &Path) -> Option<PathBuf> {
    for dir in cwd.ancestors().take(MAX_DEPTH) {
        let dot_git = dir.join(".git");
        if dot_git.is_dir() {
            return Some(dot_git);
        }
        if dot_git.is_file() {
            let pointer = read_small(&dot_git)?;
            let target = pointer.trim().strip_prefix("gitdir:")?.trim();
            return Some(dir.join(target));
        }
    }
    None
}

fn read_small(path: &Path) -> Option<String> {
    use std::io::Read as _;
    let file = std::fs::File::open(path).ok()?;
    let mut text = String::new();
    file.take(MAX_GIT_FILE_BYTES).read_to_string(&mut text).ok()?;
    Some(text)
}

/// The url of `[remote "origin"]`, else of the first remote section that has one.
fn remote_url(config: &str) -> Option<String> {
    let mut section: Option<String> = None;
    let mut first = None;
    for line in config.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line.strip_prefix("[remote \"").and_then(|r| r.strip_suffix("\"]")).map(str::to_string);
            continue;
        }
        let Some(name) = &section else { continue };
        let Some((key, value)) = line.split_once('=') else { continue };
        if key.trim() != "url" {
            continue;
        }
        let url = value.trim().trim_matches('"').to_string();
        if name == "origin" {
            return Some(url);
        }
        first.get_or_insert(url);
    }
    first
}

/// `https://user:token@host/path` → `https://host/path`: a remote URL can carry a credential,
/// and presence is shared with the whole fleet. An scp-like `git@host:path` has no password
/// and is kept as written.
fn without_credentials(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_string() };
    let authority_end = rest.find('/').unwrap_or(rest.len());
    match rest[..authority_end].rfind('@') {
        Some(at) => format!("{scheme}://{}", &rest[at + 1..]),
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repo(head: &str, config: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(".git")).unwrap();
        std::fs::create_dir_all(dir.path().join("src/deep")).unwrap();
        std::fs::write(dir.path().join(".git/HEAD"), head).unwrap();
        std::fs::write(dir.path().join(".git/config"), config).unwrap();
        dir
    }

    #[test]
    fn a_subfolder_of_a_checkout_reports_its_branch_and_origin_without_credentials() {
        let config = "[core]\n\tbare = false\n[remote \"upstream\"]\n\turl = https://example.com/up.git\n\
                      [remote \"origin\"]\n\turl = https://bot:ghp_secret@example.com/org/repo.git\n";
        let dir = repo("ref: refs/heads/feature/x\n", config);
        let found = read(&dir.path().join("src/deep"));
        assert_eq!(found.branch.as_deref(), Some("feature/x"));
        assert_eq!(found.repo.as_deref(), Some("https://example.com/org/repo.git"));
    }

    #[test]
    fn a_detached_head_has_no_branch_and_a_lone_remote_is_used() {
        let dir =
            repo("0123456789abcdef0123456789abcdef01234567\n", "[remote \"fork\"]\n  url = git@example.com:o/r.git\n");
        assert_eq!(read(dir.path()), Workspace { repo: Some("git@example.com:o/r.git".into()), branch: None });
    }

    #[test]
    fn a_linked_worktree_reads_head_from_its_gitdir_and_config_from_the_common_dir() {
        let main = repo("ref: refs/heads/main\n", "[remote \"origin\"]\n\turl = https://example.com/r\n");
        let linked = main.path().join(".git/worktrees/wt");
        std::fs::create_dir_all(&linked).unwrap();
        std::fs::write(linked.join("HEAD"), "ref: refs/heads/topic\n").unwrap();
        std::fs::write(linked.join("commondir"), "../..\n").unwrap();
        let wt = tempfile::tempdir().unwrap();
        std::fs::write(wt.path().join(".git"), format!("gitdir: {}\n", linked.display())).unwrap();
        let found = read(wt.path());
        assert_eq!((found.branch.as_deref(), found.repo.as_deref()), (Some("topic"), Some("https://example.com/r")));
    }

    #[test]
    fn outside_any_repository_nothing_is_reported() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(read(dir.path()), Workspace::default());
    }
}
