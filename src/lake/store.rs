//! The lake as a synchronous object store: `Lake` owns a small current-thread tokio runtime and
//! `block_on`s every `object_store` call from the calling thread (which must not itself be a
//! runtime thread). Five operations, each naming its key in its errors: get (with the ETag),
//! put-if-absent, compare-and-swap, list by prefix, delete.
//!
//! Compare-and-swap per backend:
//! - S3: `PutMode::Update` with the ETag read before (`If-Match`), `PutMode::Create` when the
//!   object must not exist yet (`If-None-Match: *`). The server decides atomically.
//! - Folder: `LocalFileSystem` has no `PutMode::Update`, so every CAS on a key takes an exclusive
//!   `flock` on `<root>/_locks/<sha256 of key>.lock`, then head → compare the ETag → overwrite
//!   (a staged file renamed over the object, so readers never see a torn body) → unlock. It
//!   holds because every writer of a CAS key goes through `Lake::swap` and the folder is local:
//!   flock over NFS/SMB is not trustworthy, so a lake on a network share must be served over S3.
//!   The locks live outside `fleets/` so that no listing ever sees them.
//!
//! A CAS body carries a nonce (see `CasStamp` in schemas/wire/lake.json). When a retried
//! conditional PUT reports a precondition failure, the write may have landed on the first try
//! and its response been lost; `swap` re-reads the key and counts the write as ours when the
//! stored body holds our nonce.
//!
//! object_store retries a conditional PUT only when it believes the request was not sent (a
//! connection closed before any answer); one that fails while it is sent or answered (a broken
//! pipe, a reset, a timeout) comes back as a transport error, and the store may have applied it
//! or not. Both conditional writes settle that by reading the key back, at most
//! `UNKNOWN_OUTCOME_ATTEMPTS` times before the error stands: a swap whose nonce is stored is
//! ours, a key still at the expected version is written again, anything else is a conflict; a
//! put-if-absent finding nothing writes again, and finding bytes reports them as already there
//! (identical bytes may be another writer's). A write that lands after its read-back (a server
//! still working when the client timed out) can only land where the expected version still
//! holds, so it is never a lost update; an update may then be computed on top of it once more.

use chrono::{DateTime, Utc};
use futures::TryStreamExt;
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::{GetOptions, ObjectStore, ObjectStoreExt, PutMode, PutOptions, PutPayload, UpdateVersion};
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Debug, thiserror::Error)]
pub enum LakeError {
    #[error("lake url {url:?} is not usable: {why}")]
    Url { url: String, why: String },
    #[error("cannot start the lake's runtime: {0}")]
    Runtime(std::io::Error),
    #[error("lake key {key}: {source}")]
    Store { key: String, source: object_store::Error },
    #[error("lake key {key}: cannot take its lock {lock}: {source}")]
    Lock { key: String, lock: PathBuf, source: std::io::Error },
}

/// Options for an `s3://` lake, passed in by the caller (the library reads no environment).
#[derive(Debug, Clone, Default)]
pub struct S3Options {
    /// For S3-compatible stores (MinIO, R2, a test server): `http://127.0.0.1:9000`.
    pub endpoint: Option<String>,
    pub region: Option<String>,
    pub access_key_id: Option<String>,
    pub secret_access_key: Option<String>,
    pub session_token: Option<String>,
    /// Needed for an `http://` endpoint.
    pub allow_http: bool,
}

/// An object as read: its bytes and the metadata a CAS needs.
#[derive(Debug, Clone, PartialEq)]
pub struct Object {
    pub body: Vec<u8>,
    pub etag: Option<String>,
    pub last_modified: DateTime<Utc>,
}

/// One entry of a listing.
#[derive(Debug, Clone, PartialEq)]
pub struct Listed {
    pub key: Path,
    pub size: u64,
    pub etag: Option<String>,
    pub last_modified: DateTime<Utc>,
}

/// The outcome of a put-if-absent: both are normal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Created {
    Created,
    AlreadyExists,
}

/// The outcome of a compare-and-swap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Swap {
    /// Our body is stored; its new ETag, where the backend gives one.
    Swapped { etag: Option<String> },
    /// The object was not at the expected version: someone else wrote first. Re-read and retry.
    Conflict,
}

/// The outcome of a conditional read.
#[derive(Debug, Clone, PartialEq)]
pub enum Fetched {
    Missing,
    NotModified,
    Changed(Object),
}

#[derive(Debug)]
enum Backend {
    Folder { root: PathBuf },
    S3,
}

/// One lake: a folder (`file:///abs/path`) or a bucket (`s3://bucket/prefix`).
pub struct Lake {
    store: Arc<dyn ObjectStore>,
    runtime: tokio::runtime::Runtime,
    backend: Backend,
    url: String,
}

impl std::fmt::Debug for Lake {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lake").field("url", &self.url).field("backend", &self.backend).finish()
    }
}

impl Lake {
    /// Opens a lake. A `file://` URL must be absolute; its folder is created when missing.
    /// An `s3://bucket/prefix` URL uses `s3` for credentials and endpoint.
    pub fn open(url: &str, s3: &S3Options) -> Result<Lake, LakeError> {
        let bad = |why: String| LakeError::Url { url: url.to_string(), why };
        let (store, backend): (Arc<dyn ObjectStore>, Backend) = if let Some(path) = url.strip_prefix("file://") {
            let root = PathBuf::from(path);
            if !root.is_absolute() {
                return Err(bad("a folder lake needs an absolute path: file:///abs/path".into()));
            }
            std::fs::create_dir_all(&root).map_err(|e| bad(format!("cannot create {}: {e}", root.display())))?;
            let store = LocalFileSystem::new_with_prefix(&root).map_err(|e| bad(e.to_string()))?;
            (Arc::new(store), Backend::Folder { root })
        } else if let Some(rest) = url.strip_prefix("s3://") {
            let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
            if bucket.is_empty() {
                return Err(bad("no bucket: s3://bucket/prefix".into()));
            }
            let store = s3_store(bucket, s3).map_err(|e| bad(e.to_string()))?;
            let store: Arc<dyn ObjectStore> = match prefix.trim_matches('/') {
                "" => Arc::new(store),
                prefix => Arc::new(object_store::prefix::PrefixStore::new(store, prefix)),
            };
            (store, Backend::S3)
        } else {
            return Err(bad("expected file:///abs/path or s3://bucket/prefix".into()));
        };
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(LakeError::Runtime)?;
        Ok(Lake { store, runtime, backend, url: url.to_string() })
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    /// The object at `key`, or `None` when there is none.
    pub fn get(&self, key: &Path) -> Result<Option<Object>, LakeError> {
        match self.get_if_changed(key, None)? {
            Fetched::Changed(object) => Ok(Some(object)),
            Fetched::Missing | Fetched::NotModified => Ok(None),
        }
    }

    /// The objects at `keys`, in their order (`None` for one that is missing), up to
    /// [`GET_CONCURRENCY`] requests in flight: a fold reads every batch holding proposals, and
    /// against an S3 service each GET is mostly waiting.
    pub fn get_many(&self, keys: &[Path]) -> Result<Vec<Option<Object>>, LakeError> {
        use futures::StreamExt;
        let fetches = keys.iter().map(|key| async move {
            match fetch(self.store.as_ref(), key, None).await? {
                Fetched::Changed(object) => Ok(Some(object)),
                Fetched::Missing | Fetched::NotModified => Ok(None),
            }
        });
        self.runtime.block_on(futures::stream::iter(fetches).buffered(GET_CONCURRENCY).try_collect())
    }

    /// The objects at keys read back from a listing or a document (already encoded, so parsed,
    /// not encoded again), each handed to `each` in the keys' order; one that is gone is skipped,
    /// and so is a string that is no key at all (a document in the lake is outside input), with
    /// a warning. Fetched with [`Lake::get_many`], 64 bodies held at once.
    pub fn get_each<K: AsRef<str>, E: From<LakeError>>(
        &self,
        keys: impl IntoIterator<Item = K>,
        mut each: impl FnMut(&str, Object) -> Result<(), E>,
    ) -> Result<(), E> {
        const CHUNK: usize = 64;
        let mut paths = vec![];
        for key in keys {
            let key = key.as_ref();
            match Path::parse(key) {
                Ok(path) => paths.push((key.to_string(), path)),
                Err(e) => tracing::warn!(key, error = %e, "not a lake key; skipped"),
            }
        }
        for chunk in paths.chunks(CHUNK) {
            let keys: Vec<Path> = chunk.iter().map(|(_, path)| path.clone()).collect();
            for ((key, _), object) in chunk.iter().zip(self.get_many(&keys)?) {
                if let Some(object) = object {
                    each(key, object)?;
                }
            }
        }
        Ok(())
    }

    /// The object at `key` unless its ETag is still `etag` (a conditional GET: an unchanged
    /// object costs one request and no body).
    pub fn get_if_changed(&self, key: &Path, etag: Option<&str>) -> Result<Fetched, LakeError> {
        self.runtime.block_on(fetch(self.store.as_ref(), key, etag))
    }

    /// Metadata of `key` without its body, or `None`.
    pub fn head(&self, key: &Path) -> Result<Option<Listed>, LakeError> {
        match self.runtime.block_on(self.store.head(key)) {
            Ok(meta) => Ok(Some(listed(meta))),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(source) => Err(store_error(key, source)),
        }
    }

    /// Creates `key` unless it exists (append-only objects: batches, events, snapshots).
    pub fn put_if_absent(&self, key: &Path, body: Vec<u8>) -> Result<Created, LakeError> {
        let payload = PutPayload::from(body);
        for attempt in 1.. {
            let options = PutOptions { mode: PutMode::Create, ..PutOptions::default() };
            match self.runtime.block_on(self.store.put_opts(key, payload.clone(), options)) {
                Ok(_) => return Ok(Created::Created),
                Err(object_store::Error::AlreadyExists { .. }) => return Ok(Created::AlreadyExists),
                Err(source) if attempt < UNKNOWN_OUTCOME_ATTEMPTS && outcome_unknown(&source) => {
                    tracing::info!(%key, error = %source, "a create's outcome is unknown; reading the key back");
                    match self.head(key)? {
                        // Ours or another writer's: the key holds bytes either way, and a caller
                        // that must know whose compares them (as `lake import` does).
                        Some(_) => return Ok(Created::AlreadyExists),
                        None => continue,
                    }
                }
                Err(source) => return Err(store_error(key, source)),
            }
        }
        unreachable!("the loop returns by its last attempt")
    }

    /// Overwrites `key`: only for objects with a single writer (an agent's presence, a probe).
    pub fn put(&self, key: &Path, body: Vec<u8>) -> Result<(), LakeError> {
        self.runtime.block_on(self.store.put(key, PutPayload::from(body))).map(|_| ()).map_err(|e| store_error(key, e))
    }

    /// Writes `body` at `key` only if the key is still at `expected` (an ETag from `get`;
    /// `None`: only if the key does not exist). `nonce` must appear in `body` and nowhere else:
    /// it is how a false precondition after a retry is recognised as our own write.
    pub fn swap(&self, key: &Path, expected: Option<&str>, body: Vec<u8>, nonce: &str) -> Result<Swap, LakeError> {
        let outcome = match &self.backend {
            Backend::S3 => self.swap_conditional(key, expected, body, nonce),
            Backend::Folder { root } => self.swap_locked(root, key, expected, body),
        }?;
        match outcome {
            Swap::Conflict => match self.get(key)? {
                Some(current) if contains(&current.body, nonce.as_bytes()) => {
                    tracing::debug!(%key, "a compare-and-swap reported a conflict, but the stored body is ours");
                    Ok(Swap::Swapped { etag: current.etag })
                }
                _ => Ok(Swap::Conflict),
            },
            swapped => Ok(swapped),
        }
    }

    fn swap_conditional(
        &self,
        key: &Path,
        expected: Option<&str>,
        body: Vec<u8>,
        nonce: &str,
    ) -> Result<Swap, LakeError> {
        let payload = PutPayload::from(body);
        for attempt in 1.. {
            let mode = match expected {
                Some(etag) => PutMode::Update(UpdateVersion { e_tag: Some(etag.to_string()), version: None }),
                None => PutMode::Create,
            };
            let options = PutOptions { mode, ..PutOptions::default() };
            match self.runtime.block_on(self.store.put_opts(key, payload.clone(), options)) {
                Ok(result) => return Ok(Swap::Swapped { etag: result.e_tag }),
                Err(object_store::Error::Precondition { .. } | object_store::Error::AlreadyExists { .. }) => {
                    return Ok(Swap::Conflict);
                }
                Err(source) if attempt < UNKNOWN_OUTCOME_ATTEMPTS && outcome_unknown(&source) => {
                    tracing::info!(%key, error = %source, "a swap's outcome is unknown; reading the key back");
                    match self.get(key)? {
                        Some(current) if contains(&current.body, nonce.as_bytes()) => {
                            return Ok(Swap::Swapped { etag: current.etag });
                        }
                        // Still where we expected it: our write did not land; send it again.
                        Some(current) if expected.is_some() && current.etag.as_deref() == expected => continue,
                        None if expected.is_none() => continue,
                        _ => return Ok(Swap::Conflict),
                    }
                }
                Err(source) => return Err(store_error(key, source)),
            }
        }
        unreachable!("the loop returns by its last attempt")
    }

    fn swap_locked(
        &self,
        root: &std::path::Path,
        key: &Path,
        expected: Option<&str>,
        body: Vec<u8>,
    ) -> Result<Swap, LakeError> {
        let locks = root.join("_locks");
        let lock = locks.join(format!("{}.lock", crate::lake::layout::sha256_hex(key.as_ref().as_bytes())));
        let lock_error = |source| LakeError::Lock { key: key.to_string(), lock: lock.clone(), source };
        std::fs::create_dir_all(&locks).map_err(lock_error)?;
        let file =
            std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(&lock).map_err(lock_error)?;
        // Held until `file` drops at the end of this function: head, compare and write happen
        // with no other `swap` of this key in between, in this process or any other.
        file.lock().map_err(lock_error)?;
        let current = self.head(key)?;
        let matches = match (&current, expected) {
            (None, None) => true,
            (Some(meta), Some(etag)) => meta.etag.as_deref() == Some(etag),
            _ => false,
        };
        if !matches {
            return Ok(Swap::Conflict);
        }
        let result =
            self.runtime.block_on(self.store.put(key, PutPayload::from(body))).map_err(|e| store_error(key, e))?;
        Ok(Swap::Swapped { etag: result.e_tag })
    }

    /// Every object under `prefix`, in key order.
    pub fn list(&self, prefix: &Path) -> Result<Vec<Listed>, LakeError> {
        let metas: Vec<object_store::ObjectMeta> =
            self.runtime.block_on(self.store.list(Some(prefix)).try_collect()).map_err(|e| store_error(prefix, e))?;
        let mut listed: Vec<Listed> = metas.into_iter().map(listed).collect();
        listed.sort_by(|a, b| a.key.as_ref().cmp(b.key.as_ref()));
        Ok(listed)
    }

    /// Deletes `key`; a missing key is not an error. Unconditional: object_store has no
    /// conditional delete, so shared objects are never deleted, only swapped.
    pub fn delete(&self, key: &Path) -> Result<(), LakeError> {
        match self.runtime.block_on(self.store.delete(key)) {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(source) => Err(store_error(key, source)),
        }
    }

    /// The store's clock: the last-modified time of a probe object just written. Lease expiry is
    /// judged by this, never by a host's clock, so hosts with skewed clocks agree.
    pub fn clock(&self, probe: &Path) -> Result<DateTime<Utc>, LakeError> {
        self.put(probe, ulid::Ulid::new().to_string().into_bytes())?;
        match self.head(probe)? {
            Some(meta) => Ok(meta.last_modified),
            None => Err(store_error(
                probe,
                object_store::Error::NotFound { path: probe.to_string(), source: "vanished after a put".into() },
            )),
        }
    }
}

fn s3_store(bucket: &str, options: &S3Options) -> object_store::Result<object_store::aws::AmazonS3> {
    let mut builder = AmazonS3Builder::new()
        .with_bucket_name(bucket)
        .with_region(options.region.clone().unwrap_or_else(|| "us-east-1".to_string()))
        .with_allow_http(options.allow_http)
        // Bounded: the sync service retries a failed round with its own backoff and reports
        // it (doctor), which object_store's default (up to 3 minutes per request) would hide.
        .with_retry(object_store::RetryConfig {
            max_retries: 4,
            retry_timeout: std::time::Duration::from_secs(30),
            ..Default::default()
        });
    if let Some(endpoint) = &options.endpoint {
        // S3-compatible servers are addressed by path (`endpoint/bucket/key`), not by a
        // bucket sub-domain that loopback and most self-hosted stores do not resolve.
        builder = builder.with_endpoint(endpoint).with_virtual_hosted_style_request(false);
    }
    if let Some(id) = &options.access_key_id {
        builder = builder.with_access_key_id(id);
    }
    if let Some(secret) = &options.secret_access_key {
        builder = builder.with_secret_access_key(secret);
    }
    if let Some(token) = &options.session_token {
        builder = builder.with_token(token);
    }
    builder.build()
}

fn listed(meta: object_store::ObjectMeta) -> Listed {
    Listed { key: meta.location, size: meta.size, etag: meta.e_tag, last_modified: meta.last_modified }
}

fn store_error(key: &Path, source: object_store::Error) -> LakeError {
    LakeError::Store { key: key.to_string(), source }
}

/// Tries of a conditional write whose outcome stays unknown before its error is returned.
const UNKNOWN_OUTCOME_ATTEMPTS: usize = 3;

/// Whether a write failed in transport, so the store may have applied it or not: somewhere in
/// the error's chain is object_store's `HttpError` (no answer, or an answer that could not be
/// read). It also covers a request never sent (a refused connection): reading back settles that
/// too. A final 5xx is not covered (object_store keeps its status private); it stays an error.
fn outcome_unknown(error: &object_store::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(error) = source {
        if error.is::<object_store::client::HttpError>() {
            return true;
        }
        source = error.source();
    }
    false
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    !needle.is_empty() && haystack.windows(needle.len()).any(|w| w == needle)
}

/// Requests in flight at once in [`Lake::get_many`].
pub const GET_CONCURRENCY: usize = 16;

/// One conditional GET ([`Lake::get_if_changed`]).
async fn fetch(store: &dyn ObjectStore, key: &Path, etag: Option<&str>) -> Result<Fetched, LakeError> {
    let options = GetOptions { if_none_match: etag.map(str::to_string), ..GetOptions::default() };
    let fetched = async {
        let result = store.get_opts(key, options).await?;
        let meta = result.meta.clone();
        let body = result.bytes().await?;
        Ok::<_, object_store::Error>((meta, body))
    }
    .await;
    match fetched {
        Ok((meta, body)) => {
            // LocalFileSystem ignores nothing here, but not every S3 server honours
            // If-None-Match on GET: compare the ETag ourselves as well.
            if etag.is_some() && meta.e_tag.as_deref() == etag {
                return Ok(Fetched::NotModified);
            }
            Ok(Fetched::Changed(Object { body: body.to_vec(), etag: meta.e_tag, last_modified: meta.last_modified }))
        }
        Err(object_store::Error::NotFound { .. }) => Ok(Fetched::Missing),
        Err(object_store::Error::NotModified { .. }) => Ok(Fetched::NotModified),
        Err(source) => Err(store_error(key, source)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder() -> (tempfile::TempDir, Lake) {
        let dir = tempfile::tempdir().unwrap();
        let lake = Lake::open(&format!("file://{}", dir.path().display()), &S3Options::default()).unwrap();
        (dir, lake)
    }

    #[test]
    fn many_gets_answer_in_the_keys_order_with_none_for_a_missing_one() {
        let (_dir, lake) = folder();
        let keys: Vec<Path> = (0..40).map(|i| Path::from(format!("k/{i:02}"))).collect();
        for (i, key) in keys.iter().enumerate().filter(|(i, _)| i % 7 != 3) {
            lake.put(key, i.to_string().into_bytes()).unwrap();
        }
        let got: Vec<Option<String>> =
            lake.get_many(&keys).unwrap().into_iter().map(|o| o.map(|o| String::from_utf8(o.body).unwrap())).collect();
        let expected: Vec<Option<String>> = (0..40).map(|i| (i % 7 != 3).then(|| i.to_string())).collect();
        assert_eq!(got, expected);
    }

    #[test]
    fn put_if_absent_never_overwrites() {
        let (_dir, lake) = folder();
        let key = Path::from("a/b.json");
        assert_eq!(lake.put_if_absent(&key, b"one".to_vec()).unwrap(), Created::Created);
        assert_eq!(lake.put_if_absent(&key, b"two".to_vec()).unwrap(), Created::AlreadyExists);
        assert_eq!(lake.get(&key).unwrap().unwrap().body, b"one");
    }

    #[test]
    fn folder_swap_with_a_stale_etag_is_a_conflict_and_keeps_the_newer_body() {
        let (_dir, lake) = folder();
        let key = Path::from("p/current.json");
        assert!(matches!(lake.swap(&key, None, b"v1 n1".to_vec(), "n1").unwrap(), Swap::Swapped { .. }));
        let v1 = lake.get(&key).unwrap().unwrap();
        assert_eq!(lake.swap(&key, None, b"v1b n1b".to_vec(), "n1b").unwrap(), Swap::Conflict);
        assert!(matches!(lake.swap(&key, v1.etag.as_deref(), b"v2 n2".to_vec(), "n2").unwrap(), Swap::Swapped { .. }));
        assert_eq!(lake.swap(&key, v1.etag.as_deref(), b"v3 n3".to_vec(), "n3").unwrap(), Swap::Conflict);
        assert_eq!(lake.get(&key).unwrap().unwrap().body, b"v2 n2");
    }

    #[test]
    fn a_conflict_whose_stored_body_holds_our_nonce_counts_as_our_write() {
        // What a lost response followed by a retry looks like: the body is there, the retry fails.
        let (_dir, lake) = folder();
        let key = Path::from("p/current.json");
        lake.swap(&key, None, b"body nonce-7".to_vec(), "nonce-7").unwrap();
        assert!(matches!(lake.swap(&key, None, b"body nonce-7".to_vec(), "nonce-7").unwrap(), Swap::Swapped { .. }));
        assert_eq!(lake.swap(&key, None, b"body nonce-8".to_vec(), "nonce-8").unwrap(), Swap::Conflict);
    }

    #[test]
    fn concurrent_folder_swaps_lose_no_update() {
        let (dir, _lake) = folder();
        let url = format!("file://{}", dir.path().display());
        let key = Path::from("counter.json");
        let workers: Vec<_> = (0..4)
            .map(|worker| {
                let (url, key) = (url.clone(), key.clone());
                std::thread::spawn(move || {
                    let lake = Lake::open(&url, &S3Options::default()).unwrap();
                    for i in 0..25 {
                        loop {
                            let current = lake.get(&key).unwrap();
                            let n: u64 = current
                                .as_ref()
                                .map(|o| String::from_utf8_lossy(&o.body).split(' ').next().unwrap().parse().unwrap())
                                .unwrap_or(0);
                            let nonce = format!("w{worker}-{i}");
                            let body = format!("{} {nonce}", n + 1).into_bytes();
                            let etag = current.as_ref().and_then(|o| o.etag.as_deref());
                            if let Swap::Swapped { .. } = lake.swap(&key, etag, body, &nonce).unwrap() {
                                break;
                            }
                        }
                    }
                })
            })
            .collect();
        for worker in workers {
            worker.join().unwrap();
        }
        let lake = Lake::open(&url, &S3Options::default()).unwrap();
        let body = lake.get(&key).unwrap().unwrap().body;
        assert!(String::from_utf8_lossy(&body).starts_with("100 "), "{}", String::from_utf8_lossy(&body));
    }

    #[test]
    fn listing_is_by_prefix_and_skips_the_lock_folder() {
        let (_dir, lake) = folder();
        lake.swap(&Path::from("fleets/f/roster.json"), None, b"r n".to_vec(), "n").unwrap();
        lake.put_if_absent(&Path::from("fleets/f/spool/h/1.ndjson"), b"x".to_vec()).unwrap();
        lake.put_if_absent(&Path::from("fleets/g/spool/h/1.ndjson"), b"x".to_vec()).unwrap();
        let keys: Vec<String> =
            lake.list(&Path::from("fleets/f")).unwrap().into_iter().map(|l| l.key.to_string()).collect();
        assert_eq!(keys, ["fleets/f/roster.json", "fleets/f/spool/h/1.ndjson"]);
    }

    #[test]
    fn a_relative_or_unknown_url_is_refused() {
        for url in ["file://relative/path", "ftp://x", "s3://"] {
            assert!(matches!(Lake::open(url, &S3Options::default()), Err(LakeError::Url { .. })), "{url}");
        }
    }
}
