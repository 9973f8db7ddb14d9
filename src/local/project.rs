//! A repository's project id: the one name every host and every worktree of it agrees on, so
//! presence, leases, claims, history and context packs meet in one place. An absolute path is
//! never one (it differs per machine and per worktree); the remote URL is, once normalised.
//!
//! `git@github.com:Org/Repo.git`, `https://user:token@github.com/org/repo`,
//! `ssh://git@github.com:22/org/repo.git/` all become `github.com/org/repo`: scheme, user,
//! password, port and `.git` go, the host and path are lowercased (hosts are case-blind and
//! so is GitHub; a host that keeps two repositories differing only in case is not served).
//! A repository without a remote is named by its top-level folder (for a linked worktree, the
//! main checkout's folder), lowercased, which is only as unique as that name.

/// The project id of a remote URL, or of an id already normalised (normalising is idempotent,
/// so a tool argument may be either). `None` when nothing is left of it.
pub fn from_remote(url: &str) -> Option<String> {
    let url = url.trim();
    let (host, path) = match url.split_once("://") {
        Some((_scheme, rest)) => {
            let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
            let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
            (strip_port(host), path)
        }
        // scp-like `user@host:path`; a bare id or folder name has no `:` before its first `/`.
        None => match url.split_once(':').filter(|(before, _)| !before.contains('/')) {
            Some((user_host, path)) => (user_host.rsplit_once('@').map_or(user_host, |(_, h)| h), path),
            None => ("", url),
        },
    };
    let mut segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty() && *s != ".").collect();
    if let Some(last) = segments.last_mut() {
        *last = last.strip_suffix(".git").unwrap_or(last);
    }
    segments.retain(|s| !s.is_empty());
    let id: Vec<&str> = std::iter::once(host).filter(|h| !h.is_empty()).chain(segments).collect();
    (!id.is_empty()).then(|| id.join("/").to_lowercase())
}

/// `host:port` → `host`; an IPv6 literal `[::1]:22` keeps its brackets.
fn strip_port(host: &str) -> &str {
    match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) && !name.is_empty() => name,
        _ => host,
    }
}

/// The id of a repository with no remote: its top-level folder's name.
pub fn from_folder(top_level: &std::path::Path) -> Option<String> {
    top_level.file_name().and_then(|n| n.to_str()).and_then(from_remote)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_of_one_remote_gives_one_id() {
        for url in [
            "git@github.com:org/repo.git",
            "git@github.com:org/repo",
            "https://github.com/org/repo",
            "https://github.com/org/repo.git",
            "https://github.com/org/repo/",
            "https://user:ghp_token@github.com/org/repo.git",
            "http://GitHub.com/Org/Repo",
            "ssh://git@github.com/org/repo.git",
            "ssh://git@github.com:22/org/repo.git",
            "git+ssh://git@github.com/org/repo",
            "git://github.com/org/repo.git",
            "  github.com/org/repo  ",
        ] {
            assert_eq!(from_remote(url).as_deref(), Some("github.com/org/repo"), "{url}");
        }
    }

    #[test]
    fn nested_groups_and_other_hosts_keep_their_whole_path() {
        assert_eq!(
            from_remote("git@gitlab.example.com:group/sub/proj.git").as_deref(),
            Some("gitlab.example.com/group/sub/proj")
        );
        assert_eq!(
            from_remote("https://gitlab.example.com:8443/group/sub/proj").as_deref(),
            Some("gitlab.example.com/group/sub/proj")
        );
        assert_eq!(from_remote("ssh://git@[::1]:2222/o/r.git").as_deref(), Some("[::1]/o/r"));
    }

    #[test]
    fn normalising_is_idempotent_and_a_bare_name_is_its_own_id() {
        let id = from_remote("git@github.com:Org/Repo.git").unwrap();
        assert_eq!(from_remote(&id).as_deref(), Some(id.as_str()));
        assert_eq!(from_remote("MyTool").as_deref(), Some("mytool"));
        assert_eq!(from_remote("file:///srv/git/tools.git").as_deref(), Some("srv/git/tools"));
        assert_eq!(from_remote("   "), None);
        assert_eq!(from_remote("https://host.example/.git"), Some("host.example".into()));
    }

    #[test]
    fn a_folder_is_named_by_its_last_segment() {
        assert_eq!(from_folder(std::path::Path::new("/home/a/src/My-App")).as_deref(), Some("my-app"));
    }
}
