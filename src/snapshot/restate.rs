//! When a proposal restates a claim: the rule the fold merges duplicates by.
//!
//! Two claims of one subject restate each other when their texts reduce to the same key: the
//! words in order, lower-cased, with a few function words dropped ("the", "is", "we"…), number
//! words written as digits ("three" = "3"), digit groups joined ("1,000" = "1000"), "n't" and
//! "cannot" spelled "not", and a plural "s" taken off. Order, values and negations stay, so
//! "captured when it ships, not when it is placed" and its reverse, "port 5432" and "port 5433",
//! "runs on main" and "never runs on main" all stay apart.
//!
//! Why words, not an embedding's cosine (docs/memory.md, "Duplicates"): on 160 labelled pairs no
//! cosine threshold of either model merged with a precision above 0.65, because a sentence with
//! one value changed is nearer its original than a real restatement in other words is, and a
//! wrong merge silently folds one fact into another. This rule merged no pair of different
//! facts there. It is also the same on every host: the fold must give hosts running different
//! models the same claims.

use crate::embed::tokens;

/// Words whose presence never changes what a claim states. Short on purpose: no preposition,
/// quantifier or negation (those carry meaning: "before"/"after", "only", "not").
const DROPPED: &[&str] = &[
    "a", "am", "an", "and", "are", "be", "been", "being", "is", "it", "its", "our", "the", "this", "us", "was", "we",
    "were",
];

/// Number words up to the tens, as digits; larger numbers are written in digits in practice.
const NUMBERS: &[(&str, &str)] = &[
    ("zero", "0"),
    ("one", "1"),
    ("two", "2"),
    ("three", "3"),
    ("four", "4"),
    ("five", "5"),
    ("six", "6"),
    ("seven", "7"),
    ("eight", "8"),
    ("nine", "9"),
    ("ten", "10"),
    ("eleven", "11"),
    ("twelve", "12"),
    ("thirteen", "13"),
    ("fourteen", "14"),
    ("fifteen", "15"),
    ("sixteen", "16"),
    ("seventeen", "17"),
    ("eighteen", "18"),
    ("nineteen", "19"),
    ("twenty", "20"),
    ("thirty", "30"),
    ("forty", "40"),
    ("fifty", "50"),
    ("sixty", "60"),
    ("seventy", "70"),
    ("eighty", "80"),
    ("ninety", "90"),
    ("hundred", "100"),
];

/// The key two restatements share; empty when the text has no word that states anything (such
/// a claim never merges).
pub fn key(text: &str) -> String {
    let spelled = spell_out_negations(join_digit_groups(text.to_lowercase()));
    let mut words: Vec<String> = vec![];
    for token in tokens(&spelled) {
        // Singular first, so "ones" and "one" both become "1", "ours" is dropped as "our" is,
        // and a key is its own key.
        let word = singular(token);
        if DROPPED.binary_search(&word.as_str()).is_ok() {
            continue;
        }
        match NUMBERS.iter().find(|(number, _)| *number == word) {
            Some((_, digits)) => words.push((*digits).to_string()),
            None => words.push(word),
        }
    }
    words.join(" ")
}

/// Whether two claim texts restate each other (see the module's rule).
pub fn restates(a: &str, b: &str) -> bool {
    let key_a = key(a);
    !key_a.is_empty() && key_a == key(b)
}

/// "1,000" and "1000" are one number; a comma between words stays a separator. Digits and the
/// comma are ASCII, and no byte of a multi-byte character is, so bytes suffice.
fn join_digit_groups(text: String) -> String {
    if !text.contains(',') {
        return text;
    }
    let bytes = text.as_bytes();
    let digit = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        let between_digits = i > 0 && digit(i - 1) && (1..=3).all(|k| digit(i + k)) && !digit(i + 4);
        if c == ',' && between_digits {
            continue;
        }
        out.push(c);
    }
    out
}

/// "don't", "doesn’t" and "cannot" say "not" as a word of its own.
fn spell_out_negations(text: String) -> String {
    if !text.contains(['\'', '\u{2019}']) && !text.contains("cannot") {
        return text;
    }
    text.replace('\u{2019}', "'")
        .replace("can't", "can not")
        .replace("won't", "will not")
        .replace("cannot", "can not")
        .replace("n't", " not")
}

/// "retries" → "retry", "tests" → "test"; words ending in "ss", "us" or "is" keep their "s".
fn singular(word: String) -> String {
    let alphabetic = word.chars().all(|c| c.is_alphabetic());
    if !alphabetic || word.chars().count() <= 3 {
        return word;
    }
    if let Some(stem) = word.strip_suffix("ies") {
        return format!("{stem}y");
    }
    if word.ends_with("ss") || word.ends_with("us") || word.ends_with("is") {
        return word;
    }
    match word.strip_suffix('s') {
        Some(stem) => stem.to_string(),
        None => word,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dropped_words_are_sorted_for_binary_search() {
        assert!(DROPPED.windows(2).all(|w| w[0] < w[1]), "DROPPED must stay sorted");
    }

    #[test]
    fn case_punctuation_articles_plurals_and_number_words_fold_away() {
        for (a, b) in [
            ("The API listens on port 8080.", "api listens on port 8080"),
            ("The mailer retries SMTP failures three times.", "Mailer retries SMTP failure 3 times"),
            ("Use `pnpm`, not npm!", "use pnpm not npm"),
            ("The suite doesn't need network access", "The suite does not need network access"),
            ("Imports are capped at 1,000 rows", "imports are capped at 1000 rows"),
            ("We cannot deploy on Fridays", "We can't deploy on Friday"),
        ] {
            assert!(restates(a, b), "{a:?} and {b:?} should restate each other: {:?} / {:?}", key(a), key(b));
        }
    }

    #[test]
    fn order_values_negations_and_quantifiers_keep_claims_apart() {
        for (a, b) in [
            (
                "Payment capture happens when the order ships, not when it is placed.",
                "Payment capture happens when the order is placed, not when it ships.",
            ),
            ("Postgres listens on port 5432", "Postgres listens on port 5433"),
            ("CI runs the slow tests on main", "CI never runs the slow tests on main"),
            ("The mailer retries 3 times", "The mailer retries 5 times"),
            ("Migrations run before the deploy", "Migrations run after the deploy"),
            ("Only SRE may edit alerts", "SRE may edit alerts"),
            ("Imports are capped at 1,000 rows", "Imports are capped at 1 000 rows"),
        ] {
            assert!(!restates(a, b), "{a:?} and {b:?} must stay apart: both {:?}", key(a));
        }
    }

    /// Which pairs of a labelled set (`label\tclaim a\tclaim b` lines) merge: (restatements,
    /// different facts).
    fn merged(pairs: &str) -> (Vec<&str>, Vec<&str>) {
        let mut merged: (Vec<&str>, Vec<&str>) = (vec![], vec![]);
        for line in pairs.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let fields: Vec<&str> = line.split('\t').collect();
            if restates(fields[1], fields[2]) {
                if fields[0] == "same" { merged.0.push(line) } else { merged.1.push(line) }
            }
        }
        merged
    }

    /// The labelled sets the rule was measured on (docs/memory.md): it never merges two
    /// different facts, and keeps finding the restatements it found there.
    #[test]
    fn no_labelled_pair_of_different_facts_merges() {
        let (_, different) = merged(include_str!("../../benches/labelled/duplicate-pairs.tsv"));
        assert!(different.is_empty(), "different facts merged: {different:#?}");
        let (same, different) = merged(include_str!("../../benches/labelled/duplicate-pairs-verbatim.tsv"));
        assert!(different.is_empty(), "different facts merged: {different:#?}");
        assert!(same.len() >= 14, "restatements merged: {}: {same:#?}", same.len());
    }

    #[test]
    fn a_key_is_its_own_key() {
        for text in ["The ones we keep are ours: tens of retries, 1,000 rows, can't, Statuses", "İstanbul ΟΔΟΣ glasses"]
        {
            assert_eq!(key(&key(text)), key(text), "{text:?}");
        }
    }

    #[test]
    fn a_text_with_nothing_but_dropped_words_restates_nothing() {
        assert_eq!(key("It is the..."), "");
        assert!(!restates("It is.", "it is"));
    }
}
