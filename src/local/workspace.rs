//! Where an agent works, read cheaply for its presence record: the repository's remote and the
//! checked-out branch, straight from `.git` (no `git` subprocess: `ctxlake mcp` starts on an
//! agent's critical path). Every read is bounded and every failure is `None`, never an error:
//! presence is a courtesy, not a reason to refuse a session.

use super::project;
use std::path::{Path, PathBuf};

/// `.git/HEAD` and `.git/config` are a few hundred bytes; anything larger is not one.
const MAX_GIT_FILE_BYTES: u64 = 64 * 1024;
/// How many parent folders are searched for `.git`.
const MAX_DEPTH: usize = 64;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Workspace {
    /// The project id (`local::project`): the `origin` remote's URL (else the first remote's),
    /// normalised; without a remote, the top-level folder's name (a linked worktree's main
    /// checkout's).
    pub repo: Option<String>,
    /// The branch `HEAD` points at; `None` when detached.
    pub branch: Option<String>,
}

/// The repository that contains `cwd`, if any.
pub fn read(cwd: &Path) -> Workspace {
    let Some((top_level, git_dir)) = find_git_dir(cwd) else { return Workspace::default() };
    let branch = read_small(&git_dir.join("HEAD"))
        .and_then(|head| head.trim().strip_prefix("ref: refs/heads/").map(str::to_string).filter(|b| !b.is_empty()));
    // A linked worktree keeps HEAD in its own git dir and the config in the common one, the
    // main checkout's `.git`.
    let common = read_small(&git_dir.join("commondir")).map(|c| git_dir.join(c.trim()));
    let main_checkout = common.as_deref().and_then(normalized_parent).unwrap_or(top_level);
    let config = read_small(&common.unwrap_or(git_dir).join("config"));
    let repo = config
        .and_then(|config| remote_url(&config))
        .and_then(|url| project::from_remote(&url))
        .or_else(|| project::from_folder(&main_checkout));
    Workspace { repo, branch }
}

/// The folder holding `.git` (`main/.git` → `main`), with `..` resolved lexically, since a
/// commondir is written relative (`../..`).
fn normalized_parent(git_dir: &Path) -> Option<PathBuf> {
    let mut clean = PathBuf::new();
    for part in git_dir.components() {
        match part {
            std::path::Component::ParentDir => {
                clean.pop();
            }
            std::path::Component::CurDir => {}
            other => clean.push(other),
        }
    }
    clean.parent().map(Path::to_path_buf)
}

/// The top-level folder and its git dir: `<dir>/.git` as a folder, or the folder a `.git`
/// file points at (`gitdir: <path>`).
fn find_git_dir(cwd: &Path) -> Option<(PathBuf, PathBuf)> {
    for dir in cwd.ancestors().take(MAX_DEPTH) {
        let dot_git = dir.join(".git");
        if dot_git.is_dir() {
            return Some((dir.to_path_buf(), dot_git));
        }
        if dot_git.is_file() {
            let pointer = read_small(&dot_git)?;
            let target = pointer.trim().strip_prefix("gitdir:")?.trim();
            return Some((dir.to_path_buf(), dir.join(target)));
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
        assert_eq!(found.repo.as_deref(), Some("example.com/org/repo"), "the project id, without the credential");
    }

    #[test]
    fn a_detached_head_has_no_branch_and_a_lone_remote_is_used() {
        let dir =
            repo("0123456789abcdef0123456789abcdef01234567\n", "[remote \"fork\"]\n  url = git@example.com:o/r.git\n");
        assert_eq!(read(dir.path()), Workspace { repo: Some("example.com/o/r".into()), branch: None });
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
        assert_eq!((found.branch.as_deref(), found.repo.as_deref()), (Some("topic"), Some("example.com/r")));
    }

    #[test]
    fn without_a_remote_a_worktree_is_named_by_its_main_checkout_not_its_own_folder() {
        let parent = tempfile::tempdir().unwrap();
        let main = parent.path().join("Shop-API");
        std::fs::create_dir_all(main.join(".git/worktrees/wt")).unwrap();
        std::fs::write(main.join(".git/HEAD"), "ref: refs/heads/main\n").unwrap();
        std::fs::write(main.join(".git/config"), "[core]\n\tbare = false\n").unwrap();
        let linked = main.join(".git/worktrees/wt");
        std::fs::write(linked.join("HEAD"), "ref: refs/heads/topic\n").unwrap();
        std::fs::write(linked.join("commondir"), "../..\n").unwrap();
        let wt = parent.path().join("shop-api-topic");
        std::fs::create_dir_all(wt.join("src")).unwrap();
        std::fs::write(wt.join(".git"), format!("gitdir: {}\n", linked.display())).unwrap();
        assert_eq!(read(&wt.join("src")).repo.as_deref(), Some("shop-api"));
        assert_eq!(read(&main).repo.as_deref(), Some("shop-api"));
    }

    #[test]
    fn outside_any_repository_nothing_is_reported() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(read(dir.path()), Workspace::default());
    }
}
