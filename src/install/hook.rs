//! The pre-commit lease guard `ctxlake install --git-hook` adds to a repository's hook: one
//! marked block, merged into a hook that is already there (never replacing it), and taken out
//! exactly by uninstall. A hook written for another interpreter (Python, Node) cannot hold a
//! shell block, so it is refused, naming the line and why, and left as it is.

/// The block's first and last lines: what uninstall looks for.
pub const BEGIN: &str =
    "# >>> ctxlake lease guard (ctxlake install --git-hook; removed by ctxlake uninstall --git-hook) >>>";
pub const END: &str = "# <<< ctxlake lease guard <<<";
/// The first line of a hook install creates.
const SHEBANG: &str = "#!/bin/sh";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HookError {
    #[error("line 1: the hook runs {interpreter:?}, not a POSIX shell; add `{command}` to it by hand")]
    NotShell { interpreter: String, command: String },
    #[error("line {line}: a ctxlake block begins here and never ends; fix or remove it by hand")]
    Unterminated { line: usize },
    #[error("line {line}: a second ctxlake block; keep one and remove the other by hand")]
    Twice { line: usize },
    #[error("line 1: the hook's only line does not end with a newline, so the block cannot follow it exactly; add one")]
    NoNewline,
}

/// The block that runs `command` (a shell command line) before the rest of the hook.
pub fn block(command: &str) -> String {
    format!(
        "{BEGIN}\n\
         # Warns when a staged file is leased by another agent; blocks the commit only with\n\
         # `git config ctxlake.leaseGuard block`.\n\
         {command} || exit $?\n\
         {END}\n"
    )
}

/// The hook's text with `block` in it: after the shebang line of an existing shell hook (so it
/// runs before anything that could `exit`), or in place of an earlier ctxlake block.
pub fn merge(existing: Option<&str>, block: &str) -> Result<String, HookError> {
    let existing = existing.unwrap_or("");
    if existing.is_empty() {
        return Ok(format!("{SHEBANG}\n{block}"));
    }
    if let Some((start, end)) = find(existing)? {
        return Ok(format!("{}{block}{}", &existing[..start], &existing[end..]));
    }
    let first = existing.lines().next().unwrap_or("");
    if first.starts_with("#!") && !is_shell(first) {
        let command = block.lines().find(|l| !l.starts_with('#')).unwrap_or("").to_string();
        return Err(HookError::NotShell { interpreter: first[2..].trim().to_string(), command });
    }
    match first.starts_with("#!") {
        true => {
            let after = existing.find('\n').map(|i| i + 1).ok_or(HookError::NoNewline)?;
            Ok(format!("{}{block}{}", &existing[..after], &existing[after..]))
        }
        // No shebang: git runs it with the shell; the block goes first.
        false => Ok(format!("{block}{existing}")),
    }
}

/// The hook's text without the block, or `None` when nothing is left; the text unchanged when
/// there is no block. (A hook install created and nobody changed is put back by the install
/// record instead: removed whole.)
pub fn remove(existing: &str) -> Result<Option<String>, HookError> {
    let Some((start, end)) = find(existing)? else { return Ok(Some(existing.to_string())) };
    let rest = format!("{}{}", &existing[..start], &existing[end..]);
    Ok((!rest.is_empty()).then_some(rest))
}

/// The byte range of the block, from the start of its first line to the end of its last.
fn find(text: &str) -> Result<Option<(usize, usize)>, HookError> {
    let mut start: Option<(usize, usize)> = None;
    let mut found: Option<(usize, usize)> = None;
    let mut offset = 0;
    for (number, line) in text.split_inclusive('\n').enumerate() {
        let bare = line.trim_end_matches(['\n', '\r']);
        if bare == BEGIN {
            if start.is_some() {
                return Err(HookError::Unterminated { line: start.map_or(0, |s| s.1) });
            }
            if found.is_some() {
                return Err(HookError::Twice { line: number + 1 });
            }
            start = Some((offset, number + 1));
        } else if bare == END
            && let Some((begin, _)) = start.take()
        {
            found = Some((begin, offset + line.len()));
        }
        offset += line.len();
    }
    match start {
        Some((_, line)) => Err(HookError::Unterminated { line }),
        None => Ok(found),
    }
}

fn is_shell(shebang: &str) -> bool {
    let words: Vec<&str> = shebang[2..].split_whitespace().collect();
    let program = match words.as_slice() {
        [env, program, ..] if env.ends_with("/env") => program,
        [program, ..] => program,
        [] => return false,
    };
    let name = program.rsplit('/').next().unwrap_or(program);
    matches!(name, "sh" | "bash" | "dash" | "zsh" | "ksh" | "ash")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ours() -> String {
        block("'/usr/bin/ctxlake' leases check --staged --hook")
    }

    #[test]
    fn a_new_hook_is_a_shell_script_and_removing_the_block_leaves_its_shebang() {
        let hook = merge(None, &ours()).expect("merged");
        assert!(hook.starts_with("#!/bin/sh\n# >>> ctxlake"));
        assert_eq!(remove(&hook).expect("removed").as_deref(), Some("#!/bin/sh\n"));
        assert_eq!(remove(&ours()).expect("removed"), None, "a hook that was only the block is gone");
    }

    #[test]
    fn an_existing_shell_hook_keeps_every_byte_and_gets_the_block_after_its_shebang() {
        for existing in ["#!/bin/bash\nset -e\nnpm test\n", "#!/usr/bin/env sh\nexit 0", "npm run lint\n"] {
            let hook = merge(Some(existing), &ours()).expect("merged");
            assert!(hook.contains(BEGIN) && hook.contains("npm") || hook.contains("exit 0"), "{hook}");
            assert_eq!(merge(Some(&hook), &ours()).expect("again"), hook, "a second install changes nothing");
            assert_eq!(remove(&hook).expect("removed").as_deref(), Some(existing), "uninstall is exact");
        }
    }

    #[test]
    fn a_hook_in_another_language_or_with_a_broken_block_is_refused() {
        let python = merge(Some("#!/usr/bin/env python3\nprint('hi')\n"), &ours());
        assert!(
            matches!(python, Err(HookError::NotShell { ref interpreter, .. }) if interpreter == "/usr/bin/env python3")
        );
        assert_eq!(merge(Some("#!/bin/sh"), &ours()), Err(HookError::NoNewline));
        let torn = format!("#!/bin/sh\n{BEGIN}\necho hi\n");
        assert_eq!(merge(Some(&torn), &ours()), Err(HookError::Unterminated { line: 2 }));
        assert_eq!(remove(&torn), Err(HookError::Unterminated { line: 2 }));
    }
}
