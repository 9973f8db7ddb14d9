//! Bearer keys for `ctxlake serve` (seed 002, chatctx): `kb_live_<prefix>_<secret>`, printed
//! once by `ctxlake keys create` and stored only as HMAC-SHA256(pepper, secret); the pepper
//! lives in a mode-0600 file or an environment variable, never in the database. `store` holds
//! the key table and the daily usage counters that quotas are charged against (guests
//! under an HMAC of their IP, keys under their public prefix), so no raw key or IP is stored;
//! `state` says where: a SQLite file (`sqlite`) or a PostgreSQL database hosts share (`postgres`).
//! Behind the `serve` feature. The library reads no environment: the CLI passes paths and values.

mod backend;
mod postgres;
mod sqlite;
pub mod state;
pub mod store;

pub use backend::Tally;
pub use state::StateUrl;
pub use store::{
    Charge, Copied, Facts, HttpState, KeyRecord, KeyStore, NewKey, SCHEMA_VERSION, SessionRow, StreamRow, Subject,
    limits, write_budget,
};

use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::path::{Path, PathBuf};

/// What every key starts with.
pub const KEY_PREFIX: &str = "kb_live_";
/// Hex digits of the public prefix (which names the key in `keys list`) and of the secret.
pub const PREFIX_LEN: usize = 8;
pub const SECRET_LEN: usize = 48;
/// A pepper shorter than this is refused (bytes of the file's or variable's trimmed text).
pub const MIN_PEPPER_BYTES: usize = 16;

#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error("the pepper file {path} is readable by others (mode {mode:o}); `chmod 600` it")]
    PepperMode { path: PathBuf, mode: u32 },
    #[error("the pepper is shorter than {MIN_PEPPER_BYTES} bytes")]
    PepperShort,
    #[error("cannot read the pepper file {path}: {source}")]
    PepperRead { path: PathBuf, source: std::io::Error },
    #[error("cannot create the pepper file {path}: {source}")]
    PepperWrite { path: PathBuf, source: std::io::Error },
    #[error("no randomness from the operating system: {0}")]
    Random(String),
    #[error("key store: {0}")]
    Db(#[from] rusqlite::Error),
    #[error("cannot create the key store's folder {path}: {source}")]
    Folder { path: PathBuf, source: std::io::Error },
    #[error("a key named '{0}' already exists")]
    Duplicate(String),
    #[error("invalid key name '{0}': use 1-64 of a-z, A-Z, 0-9, '.', '_', '-'")]
    InvalidName(String),
    #[error("key store: {0}")]
    State(String),
    #[error(
        "the key store {store} was first opened with another pepper: this host's CTXLAKE_KEY_PEPPER (or pepper \
         file) differs, so its hashes would match no key. Give every host sharing the store the same pepper"
    )]
    OtherPepper { store: String },
}

/// The server-side secret every stored hash is keyed with.
#[derive(Clone)]
pub struct Pepper(Vec<u8>);

impl std::fmt::Debug for Pepper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Pepper(..)")
    }
}

impl Pepper {
    /// The pepper from an environment variable's value.
    pub fn from_value(value: &str) -> Result<Pepper, KeyError> {
        let bytes = value.trim().as_bytes().to_vec();
        if bytes.len() < MIN_PEPPER_BYTES {
            return Err(KeyError::PepperShort);
        }
        Ok(Pepper(bytes))
    }

    /// The pepper from `path`, which must not be readable or writable by group or others.
    pub fn read(path: &Path) -> Result<Pepper, KeyError> {
        use std::os::unix::fs::PermissionsExt as _;
        let read_error = |source| KeyError::PepperRead { path: path.to_path_buf(), source };
        let mode = std::fs::metadata(path).map_err(read_error)?.permissions().mode() & 0o777;
        if mode & 0o077 != 0 {
            return Err(KeyError::PepperMode { path: path.to_path_buf(), mode });
        }
        let text = std::fs::read_to_string(path).map_err(read_error)?;
        Pepper::from_value(&text)
    }

    /// Reads `path`, creating it first (32 random bytes as hex, mode 0600) when it is absent.
    pub fn read_or_create(path: &Path) -> Result<Pepper, KeyError> {
        use std::io::Write as _;
        use std::os::unix::fs::OpenOptionsExt as _;
        if !path.exists() {
            let write_error = |source| KeyError::PepperWrite { path: path.to_path_buf(), source };
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).map_err(write_error)?;
            }
            let value = hex(&random_bytes::<32>()?);
            let created = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path);
            match created {
                Ok(mut file) => file.write_all(value.as_bytes()).and_then(|()| file.sync_all()).map_err(write_error)?,
                // Another process created it meanwhile: read theirs.
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(write_error(e)),
            }
        }
        Pepper::read(path)
    }

    /// HMAC-SHA256(pepper, `data`), as lower-case hex.
    pub fn digest(&self, data: &[u8]) -> String {
        hex(&self.mac(data).finalize().into_bytes())
    }

    /// Whether `expected_hex` is HMAC-SHA256(pepper, `data`), compared in constant time.
    pub fn verify(&self, data: &[u8], expected_hex: &str) -> bool {
        let Some(expected) = unhex(expected_hex) else { return false };
        self.mac(data).verify_slice(&expected).is_ok()
    }

    fn mac(&self, data: &[u8]) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes a key of any length");
        mac.update(data);
        mac
    }
}

/// A bearer token taken apart: `kb_live_<prefix>_<secret>`, both parts lower-case hex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedKey<'a> {
    pub prefix: &'a str,
    pub secret: &'a str,
}

/// Splits a token into its prefix and secret; `None` for anything not shaped like a key.
pub fn parse_key(token: &str) -> Option<ParsedKey<'_>> {
    let rest = token.strip_prefix(KEY_PREFIX)?;
    let (prefix, secret) = rest.split_once('_')?;
    let hex_of = |s: &str, len| s.len() == len && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    (hex_of(prefix, PREFIX_LEN) && hex_of(secret, SECRET_LEN)).then_some(ParsedKey { prefix, secret })
}

/// A fresh key: its prefix, its secret, and the whole token to print once.
pub fn mint() -> Result<(String, String, String), KeyError> {
    let prefix = hex(&random_bytes::<{ PREFIX_LEN / 2 }>()?);
    let secret = hex(&random_bytes::<{ SECRET_LEN / 2 }>()?);
    let token = format!("{KEY_PREFIX}{prefix}_{secret}");
    Ok((prefix, secret, token))
}

/// `N` bytes from the operating system's generator.
pub fn random_bytes<const N: usize>() -> Result<[u8; N], KeyError> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|e| KeyError::Random(e.to_string()))?;
    Ok(bytes)
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_minted_key_parses_back_into_its_parts() {
        let (prefix, secret, token) = mint().unwrap();
        assert_eq!(parse_key(&token), Some(ParsedKey { prefix: &prefix, secret: &secret }));
        assert!(token.starts_with("kb_live_") && token.len() == 8 + PREFIX_LEN + 1 + SECRET_LEN);
    }

    #[test]
    fn anything_not_shaped_like_a_key_is_malformed() {
        let (_, _, token) = mint().unwrap();
        for bad in [
            "",
            "kb_live_",
            "kb_test_0123abcd_00",
            &token.to_uppercase(),
            &token[..token.len() - 1],
            &format!("{token}0"),
            &token.replacen('_', "-", 1),
            &format!("{token}_x"),
        ] {
            assert_eq!(parse_key(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_digest_is_keyed_by_the_pepper_and_verifies_in_constant_time() {
        let one = Pepper::from_value("0123456789abcdef0123").unwrap();
        let two = Pepper::from_value("fedcba9876543210fedc").unwrap();
        let digest = one.digest(b"secret");
        assert_eq!(digest.len(), 64);
        assert_ne!(digest, two.digest(b"secret"));
        assert!(one.verify(b"secret", &digest));
        assert!(!one.verify(b"secrex", &digest));
        assert!(!two.verify(b"secret", &digest));
        assert!(!one.verify(b"secret", "zz"));
        assert!(matches!(Pepper::from_value("short"), Err(KeyError::PepperShort)));
    }

    #[test]
    fn a_pepper_file_readable_by_others_is_refused_and_a_new_one_is_0600() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/pepper");
        let first = Pepper::read_or_create(&path).unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        assert_eq!(Pepper::read_or_create(&path).unwrap().digest(b"x"), first.digest(b"x"), "created once, then read");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        assert!(matches!(Pepper::read(&path), Err(KeyError::PepperMode { mode: 0o644, .. })));
    }
}
