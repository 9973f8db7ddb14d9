//! What a run reports: its findings, the one-line summary a CI log shows, and JUnit with one
//! test case per rule.

use super::frame::Frame;
use super::oracle;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

/// One finding: the rule, what showed it, the case as found and as shrunk, its reproducer.
#[derive(Debug, Clone)]
pub struct Finding {
    pub rule: &'static str,
    pub detail: String,
    pub found: Vec<Frame>,
    pub frames: Vec<Frame>,
    /// Whether a fresh process broke the rule on the case alone (else it needs an earlier
    /// case's state, and is kept as found).
    pub reproduced: bool,
    pub reproducer: PathBuf,
}

#[derive(Debug)]
pub struct Report {
    pub seed: u64,
    pub revision: String,
    pub cases: u64,
    pub exchanges: u64,
    pub fuzzing: Duration,
    pub restarts: u64,
    /// Why the run ended before its budget, when it did (the server could not be restarted).
    pub cut_short: Option<String>,
    /// Cases that broke each rule (before deduplication).
    pub broken: BTreeMap<&'static str, u64>,
    pub findings: Vec<Finding>,
    /// Tools called, and tools listed but left alone.
    pub called: Vec<String>,
    pub skipped: Vec<String>,
}

impl Report {
    pub fn exchanges_per_second(&self) -> f64 {
        self.exchanges as f64 / self.fuzzing.as_secs_f64().max(1e-9)
    }

    /// The one-line summary a CI log shows.
    pub fn summary(&self) -> String {
        let rules: Vec<String> = self.broken.iter().map(|(rule, n)| format!("{rule} ×{n}")).collect();
        format!(
            "fuzz: seed {} | {} cases, {} exchanges in {:.1} s ({:.0}/s) | {} restarts | {} findings{}{}{}",
            self.seed,
            self.cases,
            self.exchanges,
            self.fuzzing.as_secs_f64(),
            self.exchanges_per_second(),
            self.restarts,
            self.findings.len(),
            if rules.is_empty() { "" } else { ": " },
            rules.join(", "),
            self.cut_short.as_ref().map_or(String::new(), |why| format!(" | stopped early: {why}")),
        )
    }

    /// JUnit: one test case per rule, failed when a finding names it.
    pub fn junit(&self) -> String {
        let failed = |rule: &'static str| self.findings.iter().filter(move |f| f.rule == rule);
        let mut xml = format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"ctxlake fuzz\" tests=\"{}\" failures=\"{}\" time=\"{:.3}\">\n",
            oracle::RULES.len(),
            oracle::RULES.iter().filter(|r| failed(r.id).next().is_some()).count(),
            self.fuzzing.as_secs_f64()
        );
        for rule in oracle::RULES {
            xml.push_str(&format!("  <testcase classname=\"fuzz\" name=\"{}\">", rule.id));
            let text: Vec<String> =
                failed(rule.id).map(|f| format!("{} (replay: {})", f.detail, f.reproducer.display())).collect();
            if !text.is_empty() {
                xml.push_str(&format!(
                    "<failure message=\"{}\">{}</failure>",
                    xml_text(rule.sentence),
                    xml_text(&text.join("\n"))
                ));
            }
            xml.push_str("</testcase>\n");
        }
        xml.push_str("</testsuite>\n");
        xml
    }
}

/// Text as XML 1.0 character data: markup escaped, and the characters XML cannot hold at all
/// (controls but tab and line breaks: a server's stdout may carry ANSI escapes or NUL) shown
/// as U+FFFD.
fn xml_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn junit_holds_a_servers_control_characters_as_valid_xml_text() {
        assert_eq!(xml_text("a\u{1b}[31m<b>\u{0}\t&"), "a\u{FFFD}[31m&lt;b&gt;\u{FFFD}\t&amp;");
    }
}
