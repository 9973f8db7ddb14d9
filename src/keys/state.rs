//! Where `ctxlake serve` and `ctxlake keys` keep what every host of a fleet must agree on (keys,
//! revocations, quota counters, the pepper's check): `--state URL` or `CTXLAKE_STATE`, either
//! `sqlite:PATH` (the default, `~/.ctxlake/keys.sqlite`, no service to run) or
//! `postgres://…` / `postgresql://…` (PostgreSQL 13 or newer, shared by every host).

use std::path::PathBuf;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StateUrl {
    Sqlite(PathBuf),
    Postgres(String),
}

impl std::str::FromStr for StateUrl {
    type Err = String;

    fn from_str(text: &str) -> Result<StateUrl, String> {
        if let Some(path) = text.strip_prefix("sqlite:") {
            let path = path.strip_prefix("//").unwrap_or(path);
            return match path.is_empty() {
                true => Err("`sqlite:` needs a path: sqlite:/var/lib/ctxlake/keys.sqlite".into()),
                false => Ok(StateUrl::Sqlite(PathBuf::from(path))),
            };
        }
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            return Ok(StateUrl::Postgres(text.to_string()));
        }
        // Only a scheme is ever repeated: the rest may hold a password, in any of the forms
        // libpq and people write (`user:pw@host`, `password=pw`).
        let scheme = text.split_once("://").map(|(scheme, _)| scheme).filter(|scheme| {
            scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                && scheme.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '.' | '-'))
        });
        Err(match scheme {
            Some(scheme) => format!("a state store is sqlite:PATH or postgres://USER@HOST/DATABASE, not `{scheme}`"),
            None => "a state store is sqlite:PATH or postgres://USER@HOST/DATABASE".to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_urls_name_a_sqlite_file_or_a_postgres_database_and_nothing_else() {
        assert_eq!("sqlite:/var/keys.sqlite".parse(), Ok(StateUrl::Sqlite("/var/keys.sqlite".into())));
        assert_eq!("sqlite://rel/keys.sqlite".parse(), Ok(StateUrl::Sqlite("rel/keys.sqlite".into())));
        assert_eq!("postgres://a@db/k".parse(), Ok(StateUrl::Postgres("postgres://a@db/k".into())));
        assert_eq!("postgresql://db/k".parse(), Ok(StateUrl::Postgres("postgresql://db/k".into())));
        assert!("sqlite:".parse::<StateUrl>().unwrap_err().contains("needs a path"));
        // The refusal names the scheme, never the rest (it may hold a password).
        let refused = "mysql://root:pw@db/k".parse::<StateUrl>().unwrap_err();
        assert!(refused.contains("`mysql`") && !refused.contains("pw"), "{refused}");
        assert!("/plain/path".parse::<StateUrl>().is_err());
        for secret in
            ["host=db user=u password=hunter22", "u:hunter22@db/k", "postgres:u:hunter22@db", "x y://hunter22@db"]
        {
            let refused = secret.parse::<StateUrl>().unwrap_err();
            assert!(!refused.contains("hunter22"), "{refused}");
        }
    }
}
