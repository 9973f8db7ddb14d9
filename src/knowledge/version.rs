//! Version constraints as people write them (`applies_to[].version_constraint` and
//! `version_constraints`): seed 002 writes `≥16.0`, a hand-written base `>= 16`, `16`, `16.x`
//! or `>=16 <18`, an export from semver-minded tools `^1.2, <2`. One parser reads them all into
//! semver's form, on import (where what cannot mean a version is refused) and when a search
//! matches versions; the record keeps the text as written, and that is what is shown.

/// A constraint in its one normalised form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Constraint {
    /// `""`, `"*"` (or no constraint at all): the record applies whatever version is in use.
    Every,
    Requirement(semver::VersionReq),
}

/// Why a constraint cannot mean a version: says what is accepted, never quotes the text back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "not a version constraint ({0}); write e.g. `>=16`, `≥ 16.0`, `<18`, `=1.2.3`, `16`, `16.x`, `>=16 <18`, \
     `^1.2, <2`, or `\"\"` / `*` for every version"
)]
pub struct ConstraintError(String);

impl Constraint {
    /// Reads `text`: operators `>=` `≥` `<=` `≤` `>` `<` `=` `~` `^` with or without a space
    /// before the version, comparators separated by commas or spaces (all must hold).
    pub fn parse(text: &str) -> Result<Constraint, ConstraintError> {
        let text = text.trim();
        if text.is_empty() || text == "*" {
            return Ok(Constraint::Every);
        }
        if text.contains("||") {
            return Err(ConstraintError("alternatives with `||` are not supported".into()));
        }
        let spelled = text.replace('≥', ">=").replace('≤', "<=");
        let mut comparators: Vec<String> = vec![];
        let mut pending_operator: Option<String> = None;
        for token in spelled.split(|c: char| c == ',' || c.is_whitespace()).filter(|t| !t.is_empty()) {
            let operator_len = token.find(|c: char| !"<>=~^".contains(c)).unwrap_or(token.len());
            let (operator, version) = token.split_at(operator_len);
            match (pending_operator.take(), operator.is_empty(), version.is_empty()) {
                // `>= 16`: the operator waits for its version.
                (None, false, true) => pending_operator = Some(operator.to_string()),
                (None, _, false) => comparators.push(format!("{operator}{}", without_v(version))),
                (Some(waiting), true, false) => comparators.push(format!("{waiting}{}", without_v(version))),
                _ => return Err(ConstraintError("an operator without a version".into())),
            }
        }
        if pending_operator.is_some() {
            return Err(ConstraintError("an operator without a version".into()));
        }
        let joined = comparators.join(", ");
        semver::VersionReq::parse(&joined).map(Constraint::Requirement).map_err(|e| ConstraintError(e.to_string()))
    }

    /// The normalised text: semver's own rendering, `*` for every version.
    pub fn normalised(&self) -> String {
        match self {
            Constraint::Every => "*".to_string(),
            Constraint::Requirement(requirement) => requirement.to_string(),
        }
    }

    /// Whether `version` (`1`, `1.80`, `v1.80.0` ...) satisfies the constraint; `None` when the
    /// version does not parse. Every version satisfies `Every`.
    pub fn matches(&self, version: &str) -> Option<bool> {
        let version = parse_version(version)?;
        Some(match self {
            Constraint::Every => true,
            Constraint::Requirement(requirement) => requirement.matches(&version),
        })
    }
}

/// `v16` is 16: the prefix people put on tags.
fn without_v(version: &str) -> &str {
    version.strip_prefix(['v', 'V']).filter(|rest| rest.starts_with(|c: char| c.is_ascii_digit())).unwrap_or(version)
}

/// A version in use, read as `1.0.0` when given as `1`, `1.80.0` when given as `1.80`.
fn parse_version(version: &str) -> Option<semver::Version> {
    let version = without_v(version.trim());
    let padded = match version.matches('.').count() {
        0 => format!("{version}.0.0"),
        1 => format!("{version}.0"),
        _ => version.to_string(),
    };
    semver::Version::parse(&padded).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The forms issue 31 lists, each with its normalised form and a version in and out of it.
    #[test]
    fn constraints_as_people_write_them_normalise_to_one_form() {
        let table = [
            ("≥16.0", ">=16.0", "16.4", "15.9"),
            ("≥ 16", ">=16", "17", "15"),
            (">=16", ">=16", "16.0.0", "15.99"),
            (">= 16", ">=16", "20", "9"),
            ("≤16", "<=16", "16.3", "17"),
            ("≤ 16.1", "<=16.1", "16.1.9", "16.2"),
            ("<18", "<18", "17.9", "18.0"),
            ("< 18", "<18", "1", "18"),
            (">16", ">16", "17", "16.5"),
            ("> 16", ">16", "17", "16"),
            ("=16.2", "=16.2", "16.2.7", "16.3"),
            ("= 16.2.1", "=16.2.1", "16.2.1", "16.2.2"),
            ("16", "^16", "16.9", "17"),
            ("16.x", "16.*", "16.0.1", "17.0"),
            (">=16 <18", ">=16, <18", "17.2", "18.1"),
            (">= 16, < 18", ">=16, <18", "16", "15"),
            ("^1.2, <2", "^1.2, <2", "1.9", "1.1"),
            ("v16", "^16", "16.1", "15.1"),
        ];
        for (written, normalised, inside, outside) in table {
            let constraint = Constraint::parse(written).unwrap_or_else(|e| panic!("{written:?}: {e}"));
            assert_eq!(constraint.normalised(), normalised, "{written:?}");
            assert_eq!(constraint.matches(inside), Some(true), "{written:?} holds for {inside}");
            assert_eq!(constraint.matches(outside), Some(false), "{written:?} excludes {outside}");
        }
    }

    #[test]
    fn an_empty_constraint_and_a_star_are_every_version() {
        for written in ["", "  ", "*", " * "] {
            assert_eq!(Constraint::parse(written), Ok(Constraint::Every), "{written:?}");
        }
        assert_eq!(Constraint::Every.matches("0.1"), Some(true));
        assert_eq!(Constraint::Every.matches("not a version"), None);
    }

    #[test]
    fn what_cannot_mean_a_version_is_refused_without_quoting_it() {
        for written in ["latest", "one", "16 or later", ">=", "≥", ">= <18", "16 ||17", "sixteen.x", ">=16 ≤"] {
            let error = Constraint::parse(written).expect_err(written);
            assert!(error.to_string().contains("not a version constraint"), "{written:?}: {error}");
        }
    }
}
