//! Pages of a read tool's rows: a token budget per answer, and an opaque cursor that resumes
//! exactly where the previous page ended.
//!
//! A cursor is `c1.<offset>.<basis>.<check>`: the offset into the tool's full, ordered answer;
//! a digest of what that answer was computed from (the cache file's or snapshot's generation,
//! and every argument but the cursor, the row limit and the budget); and a digest of the three
//! that catches an edited cursor. A cursor of another tool, of other arguments or of data that
//! has changed since is refused by name (`cursor`), never answered with a page that would skip
//! or repeat rows. Tokens are estimated as JSON bytes / 4, as everywhere in ctxlake.

use crate::catalog::ToolError;
use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

const VERSION: &str = "c1";

/// Where a page starts and what its cursor must agree with.
pub struct Paging {
    tool: &'static str,
    basis: Basis,
    pub offset: usize,
}

impl Paging {
    /// Reads `cursor` (none: the first page) for `tool` over data and arguments summed up by
    /// `basis` (see [`basis`]).
    pub fn start(tool: &'static str, basis: Basis, cursor: Option<&str>) -> Result<Paging, ToolError> {
        let offset = match cursor {
            None => 0,
            Some(text) => decode(tool, &basis.digest(), text)?,
        };
        Ok(Paging { tool, basis, offset })
    }

    /// The rows after the offset that fit `limit` rows and `budget` tokens (at least one row, so
    /// a page always moves on), and the cursor of the rest; `rest` says whether `rows` (already
    /// started at the offset) was cut before it ended.
    pub fn page<T: Serialize>(
        &self,
        rows: impl IntoIterator<Item = T>,
        limit: usize,
        budget: usize,
        more_after: bool,
    ) -> Page<T> {
        let mut taken = Vec::new();
        let mut used = 0;
        let mut cut = false;
        for row in rows {
            let cost = serde_json::to_string(&row).map_or(0, |s| s.len().div_ceil(4));
            if taken.len() == limit || (!taken.is_empty() && used + cost > budget) {
                cut = true;
                break;
            }
            used += cost;
            taken.push(row);
        }
        let truncated = cut || more_after;
        let next_cursor = truncated.then(|| encode(self.tool, &self.basis.digest(), self.offset + taken.len()));
        Page { rows: taken, truncated, next_cursor }
    }

    /// The cursor that resumes after `taken` rows past the offset, for a tool that cuts its
    /// page itself (`context`, whose page is cut by its Markdown and its whole answer).
    pub fn cursor_after(&self, taken: usize) -> String {
        encode(self.tool, &self.basis.digest(), self.offset + taken)
    }
}

/// One page: its rows, whether rows were left out, and the cursor that resumes after them.
pub struct Page<T> {
    pub rows: Vec<T>,
    pub truncated: bool,
    pub next_cursor: Option<String>,
}

/// What an answer is computed from: the data's generation and the arguments that shape it, in
/// a fixed order, each after its length.
pub fn basis(parts: &[&str]) -> Basis {
    let mut bytes = Vec::with_capacity(parts.iter().map(|part| part.len() + 8).sum());
    for part in parts {
        bytes.extend_from_slice(&(part.len() as u64).to_le_bytes());
        bytes.extend_from_slice(part.as_bytes());
    }
    Basis(bytes)
}

/// A [`basis`], digested only when a cursor is read or written: most answers are one page, and
/// hashing was a tenth of an empty `fleet_status` call's instructions (docs/performance.md).
#[derive(Clone)]
pub struct Basis(Vec<u8>);

impl Basis {
    fn digest(&self) -> String {
        format!("{:x}", Sha256::digest(&self.0))[..16].to_string()
    }
}

/// The arguments an answer depends on, as canonical JSON (keys sorted): every one but
/// `leave_out` (the cursor, the row limit and the budget, which do not change the rows).
pub fn arguments<T: Serialize>(input: &T, leave_out: &[&str]) -> String {
    match serde_json::to_value(input) {
        Ok(Value::Object(mut map)) => {
            for name in leave_out {
                map.remove(*name);
            }
            Value::Object(map).to_string()
        }
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}

fn check(tool: &str, basis: &str, offset: usize) -> String {
    let digest = Sha256::digest(format!("{VERSION}|{tool}|{basis}|{offset}"));
    format!("{digest:x}")[..8].to_string()
}

fn encode(tool: &str, basis: &str, offset: usize) -> String {
    format!("{VERSION}.{offset}.{basis}.{}", check(tool, basis, offset))
}

fn decode(tool: &str, basis: &str, text: &str) -> Result<usize, ToolError> {
    let invalid = || {
        ToolError::new(format!(
            "`cursor` is not a cursor {tool} issued; call {tool} again without `cursor` for the first page"
        ))
    };
    let mut parts = text.trim().split('.');
    let (Some(VERSION), Some(offset), Some(given_basis), Some(given_check), None) =
        (parts.next(), parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(invalid());
    };
    let offset: usize = offset.parse().map_err(|_| invalid())?;
    if check(tool, given_basis, offset) != given_check {
        return Err(invalid());
    }
    if given_basis != basis {
        return Err(ToolError::new(format!(
            "`cursor` is stale: the data or the arguments changed since it was issued; call {tool} again without `cursor`"
        )));
    }
    Ok(offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pages(rows: &[u32], limit: usize, budget: usize) -> Vec<Vec<u32>> {
        let basis = basis(&["gen-1", "args"]);
        let mut cursor: Option<String> = None;
        let mut out = vec![];
        loop {
            let paging = Paging::start("t", basis.clone(), cursor.as_deref()).unwrap();
            let page = paging.page(rows[paging.offset..].iter().copied(), limit, budget, false);
            out.push(page.rows);
            match page.next_cursor {
                Some(next) => cursor = Some(next),
                None => return out,
            }
        }
    }

    /// The digest 1134b4d computed eagerly (SHA-256 over each part after its length as 8 bytes),
    /// so a cursor issued before the digest became lazy still reads.
    #[test]
    fn a_basis_digests_as_it_did_when_it_was_hashed_eagerly() {
        assert_eq!(basis(&["gen-1", "args"]).digest(), "97ad6c0d64fbca1b");
    }

    #[test]
    fn pages_concatenate_to_the_whole_answer_without_a_duplicate() {
        let rows: Vec<u32> = (0..23).collect();
        for (limit, budget) in [(5, 10_000), (100, 2), (1, 1), (7, 6)] {
            let got = pages(&rows, limit, budget);
            assert_eq!(got.concat(), rows, "limit {limit}, budget {budget}");
            assert!(got.iter().all(|p| !p.is_empty() && p.len() <= limit));
        }
    }

    #[test]
    fn a_bigger_budget_never_gives_fewer_rows() {
        let rows: Vec<u32> = (1000..1100).collect();
        let paging = Paging::start("t", basis(&["g"]), None).unwrap();
        let mut last = 0;
        for budget in [1, 2, 5, 10, 50, 100, 1000] {
            let n = paging.page(rows.iter().copied(), 1000, budget, false).rows.len();
            assert!(n >= last && n >= 1, "budget {budget}: {n} rows after {last}");
            last = n;
        }
    }

    #[test]
    fn a_cursor_of_other_data_another_tool_or_edited_is_refused_by_name() {
        let paging = Paging::start("t", basis(&["gen-1"]), None).unwrap();
        let cursor = paging.page(0..10u32, 3, 1000, false).next_cursor.unwrap();
        assert_eq!(Paging::start("t", basis(&["gen-1"]), Some(&cursor)).unwrap().offset, 3);
        let stale = Paging::start("t", basis(&["gen-2"]), Some(&cursor)).err().unwrap().to_string();
        assert!(stale.contains("`cursor` is stale"), "{stale}");
        let other = Paging::start("u", basis(&["gen-1"]), Some(&cursor)).err().unwrap().to_string();
        assert!(other.contains("`cursor` is not a cursor u issued"), "{other}");
        let edited = cursor.replacen("c1.3.", "c1.4.", 1);
        assert!(Paging::start("t", basis(&["gen-1"]), Some(&edited)).is_err());
        for junk in ["", "c1", "c1.x.y.z", "c1.3.abc.def.extra", "\u{0}"] {
            assert!(Paging::start("t", basis(&["gen-1"]), Some(junk)).is_err(), "{junk:?}");
        }
    }

    #[test]
    fn the_last_page_has_no_cursor_unless_rows_remain_after_it() {
        let paging = Paging::start("t", basis(&["g"]), None).unwrap();
        assert!(paging.page(0..3u32, 10, 1000, false).next_cursor.is_none());
        assert!(paging.page(0..3u32, 10, 1000, true).next_cursor.is_some(), "the source said more rows follow");
    }
}
