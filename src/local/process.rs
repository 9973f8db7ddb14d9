//! Is a process on this host still the one that announced itself? A pid alone can be reused
//! after its process dies, so a presence record also carries the process's start time (field
//! 22 of `/proc/<pid>/stat`, clock ticks after boot), and a live pid with another start time is
//! another process. Linux-only reads; without `/proc`, liveness falls back to `kill(pid, 0)`.

/// The start time of `pid` as `/proc/<pid>/stat` gives it, where readable.
pub fn start_time(pid: u32) -> Option<String> {
    stat_fields(pid).and_then(|fields| fields.get(19).cloned())
}

/// Whether `pid` runs and, when `start` is known, is still the process that started then.
/// A zombie (exited, not yet reaped) is not alive.
pub fn alive(pid: u32, start: Option<&str>) -> bool {
    if std::path::Path::new("/proc/self/stat").exists() {
        let Some(fields) = stat_fields(pid) else { return false };
        let running = fields.first().is_some_and(|state| state != "Z" && state != "X");
        return running && start.is_none_or(|start| fields.get(19).map(String::as_str) == Some(start));
    }
    let Ok(pid) = libc::pid_t::try_from(pid) else { return false };
    // SAFETY: kill with signal 0 sends nothing; it only reports whether the pid exists.
    let status = unsafe { libc::kill(pid, 0) };
    status == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

/// The fields of `/proc/<pid>/stat` after the command name, from field 3 (the state) on. The
/// name is in parentheses and may itself hold spaces and parentheses, so split after the last `)`.
fn stat_fields(pid: u32) -> Option<Vec<String>> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = &stat[stat.rfind(')')? + 1..];
    Some(rest.split_whitespace().map(str::to_string).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_is_alive_with_its_own_start_time_and_not_with_another() {
        let pid = std::process::id();
        let start = start_time(pid).expect("this process's start time");
        assert!(alive(pid, Some(&start)));
        assert!(alive(pid, None));
        assert!(!alive(pid, Some("1")), "a reused pid with another start time is another process");
    }

    #[test]
    fn a_reaped_child_is_not_alive() {
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        assert!(!alive(pid, None));
    }
}
