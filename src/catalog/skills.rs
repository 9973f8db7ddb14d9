//! The Skills extension's seam (SEP-2640, `io.modelcontextprotocol/skills`): a handler writes a
//! skill as a `Draft` (where it lives, what it says, its supporting files) and `Draft::serve`
//! derives everything the wire needs from it: the `skill://` URIs, SKILL.md with its YAML
//! frontmatter, each file's sha256 digest and size, and the extension's limits. Handlers never
//! spell a URI or compute a digest; the core never reads a record or a claim.

use crate::spec::mcp::{Skill, SkillFrontmatter, SkillResource, SkillResources};
use sha2::{Digest, Sha256};

/// The extension's identifier in `capabilities.extensions`.
pub const EXTENSION_ID: &str = "io.modelcontextprotocol/skills";
/// The URI scheme the extension names (`skill://<skill-path>/<file-path>`).
pub const SCHEME: &str = "skill://";
/// Every skill's root file.
pub const SKILL_MD: &str = "SKILL.md";
/// The extension's limits per skill: files (SKILL.md included) and their bytes summed.
pub const MAX_FILES: usize = 512;
pub const MAX_BYTES: usize = 16 * 1024 * 1024;
/// What each file is served as: every file ctxlake writes into a skill is Markdown.
pub const MIME_TYPE: &str = "text/markdown";
/// A directory resource's type in `resources/directory/read`.
pub const DIRECTORY_MIME_TYPE: &str = "inode/directory";
/// The tools whose data skills show: the knowledge base's (`search_knowledge`) and the fleet's
/// promoted claims (`memory_search`). A caller who sees neither is offered no skills.
pub const SOURCES: [&str; 2] = ["search_knowledge", "memory_search"];

/// A skill as a handler writes it.
#[derive(Debug, Clone, PartialEq)]
pub struct Draft {
    /// `<authority>/<prefix>/…/<name>`: the skill's path; its last segment is its name.
    pub path: String,
    /// The frontmatter's `description`: what the skill is for and when to load it (one line).
    pub description: String,
    /// SKILL.md after its frontmatter.
    pub body: String,
    /// Supporting files: (path inside the skill, such as `references/x.md`; text).
    pub files: Vec<(String, String)>,
    /// The tool whose data it shows: served only where that tool is visible.
    pub reads: &'static str,
}

/// A skill as served: its entry's parts and every file's bytes.
#[derive(Debug, Clone, PartialEq)]
pub struct Served {
    pub name: String,
    pub description: String,
    /// `skill://<path>`: the skill's directory (no trailing slash).
    pub root: String,
    /// SKILL.md first, then the supporting files in the draft's order.
    pub files: Vec<File>,
    pub reads: &'static str,
}

/// One file of a served skill.
#[derive(Debug, Clone, PartialEq)]
pub struct File {
    pub uri: String,
    pub text: String,
    /// `sha256:<64 lowercase hex>` of `text`'s UTF-8 bytes.
    pub digest: String,
}

/// Why a draft cannot be served.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("skill path `{0}`: {1}")]
    Path(String, &'static str),
    #[error("skill `{0}`: {1} files, over the extension's {MAX_FILES}")]
    TooManyFiles(String, usize),
    #[error("skill `{0}`: {1} bytes, over the extension's {MAX_BYTES}")]
    TooLarge(String, usize),
}

impl Draft {
    /// The skill with its URIs and digests, or why the extension forbids serving it: a path
    /// whose name breaks the Agent Skills naming rules, a file path that is not plain segments,
    /// a file named twice, or more files or bytes than the limits allow.
    pub fn serve(self) -> Result<Served, Refused> {
        let name = match self.path.rsplit_once('/') {
            Some((_, name)) => name.to_string(),
            None => return Err(Refused::Path(self.path, "needs an authority and a name")),
        };
        if !self.path.split('/').all(is_segment) {
            return Err(Refused::Path(self.path, "a segment is empty or not unreserved characters"));
        }
        if !is_name(&name) {
            return Err(Refused::Path(self.path, "its name breaks the Agent Skills naming rules"));
        }
        let mut paths = std::collections::BTreeSet::from([SKILL_MD]);
        for (path, _) in &self.files {
            if !path.split('/').all(is_segment) || !paths.insert(path.as_str()) {
                return Err(Refused::Path(
                    self.path,
                    "a supporting file's path is not plain segments, or is SKILL.md or named twice",
                ));
            }
        }
        let count = self.files.len() + 1;
        if count > MAX_FILES {
            return Err(Refused::TooManyFiles(self.path, count));
        }
        let skill_md = format!("{}{}", frontmatter(&name, &self.description), self.body);
        let bytes = skill_md.len() + self.files.iter().map(|(_, text)| text.len()).sum::<usize>();
        if bytes > MAX_BYTES {
            return Err(Refused::TooLarge(self.path, bytes));
        }
        let root = format!("{SCHEME}{}", self.path);
        let files = std::iter::once((SKILL_MD.to_string(), skill_md))
            .chain(self.files)
            .map(|(path, text)| File { uri: format!("{root}/{path}"), digest: digest(&text), text })
            .collect();
        Ok(Served { name, description: self.description, root, files, reads: self.reads })
    }
}

impl Served {
    /// The URI of its SKILL.md, which names the skill in `skills/get`.
    pub fn uri(&self) -> &str {
        &self.files[0].uri
    }

    /// The entry `skills/list` and `skills/get` answer with.
    pub fn entry(&self) -> Skill {
        let resources = self
            .files
            .iter()
            .map(|file| SkillResource {
                uri: file.uri.clone(),
                digest: file.digest.clone(),
                size: file.text.len() as u64,
            })
            .collect();
        Skill {
            uri: self.uri().to_string(),
            frontmatter: SkillFrontmatter { name: self.name.clone(), description: self.description.clone() },
            resources: SkillResources::Array(resources),
        }
    }
}

/// SKILL.md's frontmatter. Both values are written as double-quoted scalars (a JSON string is
/// one in YAML), so a description holding `: ` or `#`, or a name such as `true`, reads back as
/// the same string.
pub fn frontmatter(name: &str, description: &str) -> String {
    format!("---\nname: {}\ndescription: {}\n---\n\n", yaml_quoted(name), yaml_quoted(description))
}

/// `text` as a YAML double-quoted scalar: `"` and `\` escaped, and every character YAML may not
/// print or reads as a line break (C0 and C1 controls, DEL, U+2028, U+2029, U+FFFE, U+FFFF) as
/// `\uXXXX`, which YAML reads back as the character.
fn yaml_quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            // YAML 1.1 (what libyaml reads) folds these line breaks into spaces: escaped.
            '\u{85}' | '\u{2028}' | '\u{2029}' => out.push_str(&format!("\\u{:04x}", c as u32)),
            '\t' | '\u{20}'..='\u{7e}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'.. => out.push(c),
            _ => out.push_str(&format!("\\u{:04x}", c as u32)),
        }
    }
    out.push('"');
    out
}

pub fn digest(text: &str) -> String {
    let hash = Sha256::digest(text.as_bytes());
    let mut out = String::with_capacity(7 + 64);
    out.push_str("sha256:");
    for byte in hash {
        out.push_str(&format!("{byte:02x}"));
    }
    out
}

/// The Agent Skills naming rules: 1 to 64 characters, lowercase ASCII letters, digits and
/// hyphens, neither starting nor ending with a hyphen, never two in a row.
pub fn is_name(name: &str) -> bool {
    (1..=64).contains(&name.len())
        && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !name.starts_with('-')
        && !name.ends_with('-')
        && !name.contains("--")
}

/// A path segment ctxlake serves: RFC 3986 unreserved characters, not `.` or `..`. (A URI with
/// a percent-escape names nothing ctxlake serves, so none is decoded.)
fn is_segment(segment: &str) -> bool {
    !segment.is_empty()
        && segment != "."
        && segment != ".."
        && segment.bytes().all(|b| b.is_ascii_alphanumeric() || b"-._~".contains(&b))
}

/// `text` as a skill name (`org/App_1` → `org-app-1`): lowercase ASCII letters and digits, every
/// other run of characters one hyphen, within `max` characters. Empty when nothing is left.
pub fn to_name(text: &str, max: usize) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c.to_ascii_lowercase() {
            c @ ('a'..='z' | '0'..='9') => out.push(c),
            _ if !out.is_empty() && !out.ends_with('-') => out.push('-'),
            _ => {}
        }
    }
    out.truncate(max);
    out.trim_end_matches('-').to_string()
}

/// The path segments of a `skill://` URI (its authority first), or why it is not a URI that
/// could name something ctxlake serves: another scheme, a query or fragment, an empty, `.` or
/// `..` segment, a character outside RFC 3986's unreserved set.
pub fn segments(uri: &str) -> Result<Vec<&str>, &'static str> {
    let rest = uri.strip_prefix(SCHEME).ok_or("not a skill:// URI")?;
    if rest.contains(['?', '#']) {
        return Err("a skill URI has no query or fragment");
    }
    let segments: Vec<&str> = rest.split('/').collect();
    if !segments.iter().all(|segment| is_segment(segment)) {
        return Err("a segment is empty, `.`, `..` or holds a character other than letters, digits and -._~");
    }
    Ok(segments)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft(path: &str, files: Vec<(String, String)>) -> Draft {
        Draft {
            path: path.to_string(),
            description: "Use when: testing. Says #1: \"quoted\"".to_string(),
            body: "# Body\n".to_string(),
            files,
            reads: "search_knowledge",
        }
    }

    #[test]
    fn a_served_skill_lists_skill_md_first_and_every_file_once_with_its_digest_and_size() {
        let served =
            draft("guidance/testing-guidance", vec![("references/a.md".into(), "A\n".into())]).serve().unwrap();
        let entry = serde_json::to_value(served.entry()).unwrap();
        assert_eq!(entry["uri"], "skill://guidance/testing-guidance/SKILL.md");
        assert_eq!(entry["frontmatter"]["name"], "testing-guidance");
        let resources = entry["resources"].as_array().unwrap();
        assert_eq!(resources.len(), 2);
        assert_eq!(resources[0]["uri"], entry["uri"]);
        assert_eq!(resources[1]["uri"], "skill://guidance/testing-guidance/references/a.md");
        assert_eq!(resources[1]["size"], 2);
        assert_eq!(resources[1]["digest"], digest("A\n"));
        assert_eq!(resources[0]["size"], served.files[0].text.len());
    }

    #[test]
    fn the_digest_is_sha256_of_the_bytes_in_lowercase_hex() {
        assert_eq!(digest("abc"), "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    #[test]
    fn the_frontmatter_reads_back_as_yaml_to_the_entrys_frontmatter() {
        for description in [
            "plain",
            "a: colon # and hash",
            "\"quotes\" and \\ and é and\ttab",
            "true",
            "- dash",
            "\u{fffe}\u{ffff}\u{7f}\u{80}\u{85}\u{2028}\n\u{1}",
        ] {
            let served = Draft { description: description.into(), ..draft("fleet/true", vec![]) }.serve().unwrap();
            let text = &served.files[0].text;
            let yaml = text.strip_prefix("---\n").and_then(|t| t.split_once("\n---\n")).unwrap().0;
            let read: serde_json::Value = serde_yaml_ng::from_str(yaml).unwrap();
            assert_eq!(read, serde_json::to_value(served.entry().frontmatter).unwrap(), "{description}");
        }
    }

    #[test]
    fn a_draft_breaking_a_naming_rule_or_a_limit_is_refused() {
        for path in ["guidance", "guidance/Upper", "guidance/a--b", "guidance/-a", "g//a", "g/../a", "g/a b"] {
            assert!(matches!(draft(path, vec![]).serve(), Err(Refused::Path(..))), "{path}");
        }
        let many = (0..MAX_FILES).map(|i| (format!("references/{i}.md"), String::new())).collect();
        assert!(matches!(draft("g/many", many).serve(), Err(Refused::TooManyFiles(_, 513))));
        let big = vec![("references/big.md".to_string(), "x".repeat(MAX_BYTES))];
        assert!(matches!(draft("g/big", big).serve(), Err(Refused::TooLarge(..))));
        let twice = vec![("a.md".to_string(), String::new()), ("a.md".to_string(), String::new())];
        assert!(matches!(draft("g/twice", twice).serve(), Err(Refused::Path(..))));
        assert!(matches!(draft("g/own", vec![(SKILL_MD.to_string(), String::new())]).serve(), Err(Refused::Path(..))));
        let at_the_limit = (1..MAX_FILES).map(|i| (format!("references/{i}.md"), String::new())).collect();
        assert!(draft("g/full", at_the_limit).serve().is_ok());
    }

    #[test]
    fn names_follow_the_agent_skills_rules() {
        for good in ["a", "pdf-processing", "a1", &"a".repeat(64)] {
            assert!(is_name(good), "{good}");
        }
        for bad in ["", "-a", "a-", "a--b", "A", "a_b", "é", &"a".repeat(65)] {
            assert!(!is_name(bad), "{bad}");
        }
        assert_eq!(to_name("org/App_1", 64), "org-app-1");
        assert_eq!(to_name("--Été--/x", 64), "t-x");
        assert_eq!(to_name("abc-def", 4), "abc");
        assert_eq!(to_name("日本", 64), "");
    }

    #[test]
    fn a_skill_uri_splits_into_plain_segments_or_says_what_is_wrong() {
        assert_eq!(segments("skill://guidance/x/SKILL.md"), Ok(vec!["guidance", "x", "SKILL.md"]));
        for bad in [
            "file://guidance/x",
            "skill://",
            "skill://guidance//x",
            "skill://guidance/x/",
            "skill://guidance/../x",
            "skill://guidance/x?y",
            "skill://guidance/x%2F",
        ] {
            assert!(segments(bad).is_err(), "{bad}");
        }
    }
}
