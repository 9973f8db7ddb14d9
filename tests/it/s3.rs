//! A real S3 server inside the test process: s3s-fs 0.14.0 as a library, served over HTTP with
//! SigV4 on 127.0.0.1:0, so the lake's S3 code path (path-style requests, `If-None-Match: *`,
//! `If-Match`, DeleteObjects) runs against the wire protocol and never a mock of object_store.
//!
//! s3s-fs checks a conditional PUT and then writes the body, with no lock in between, so two
//! racing writers can both pass the check (lake-servers.md measured it: double winners in most
//! rounds). Every mutating request therefore holds one global lock exclusively, which makes each
//! check-then-write atomic. Reads hold it shared: s3s-fs keeps an object's body and its ETag in
//! two files written one after the other, so a GET racing a PUT could return the new body with
//! the old ETag (or the reverse), and a compare-and-swap computed from that pair loses an update
//! (seen here: 99 of 100 increments with only writes locked). Shared reads still run in parallel.
//!
//! A test can have the next PUT of a key lose its reply ([`fail_next_put`]), so the lake meets a
//! write whose outcome it cannot know from the reply.

use ctxlake::lake::S3Options;
use hyper::service::service_fn;
use hyper_util::rt::{TokioExecutor, TokioIo};
use std::os::fd::AsRawFd;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

pub const ACCESS_KEY: &str = "ctxlake";
pub const SECRET_KEY: &str = "ctxlake-secret";
/// The one bucket; each test uses its own prefix in it.
pub const BUCKET: &str = "lake";

pub struct Server {
    pub endpoint: String,
    _root: tempfile::TempDir,
}

/// Requests served so far (every method), so a benchmark can count what a round costs.
static REQUESTS: AtomicU64 = AtomicU64::new(0);

// Used by benches/lake.rs, which includes this file; the tests do not count requests.
#[allow(dead_code)]
pub fn requests_served() -> u64 {
    REQUESTS.load(Ordering::Relaxed)
}

/// How a PUT loses its reply.
#[allow(dead_code)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// Written, then the connection reset (RST): the client sees a transport error.
    ReplyReset,
    /// Not written, the connection reset.
    RequestReset,
    /// Written, then the connection closed cleanly (FIN) with no answer: the client takes it
    /// for a request never sent and sends it again.
    ReplyClosed,
}

/// Armed faults: a key's path suffix and what its next PUT suffers.
static FAULTS: Mutex<Vec<(String, Fault)>> = Mutex::new(Vec::new());

/// The next PUT whose path ends with `key` suffers `fault` instead of being answered. Used
/// once, then forgotten.
#[allow(dead_code)]
pub fn fail_next_put(key: &str, fault: Fault) {
    FAULTS.lock().expect("the faults' lock").push((key.to_string(), fault));
}

/// Takes the fault armed for `request`, if any.
fn armed_fault(request: &hyper::Request<hyper::body::Incoming>) -> Option<Fault> {
    if request.method() != hyper::Method::PUT {
        return None;
    }
    let mut faults = FAULTS.lock().expect("the faults' lock");
    let at = faults.iter().position(|(key, _)| request.uri().path().ends_with(key.as_str()))?;
    Some(faults.remove(at).1)
}

/// Makes the connection on `fd` end with a reset when it is closed: `SO_LINGER` with a zero
/// timeout. `fd` is the socket of the connection whose request is being served, so it is open.
fn reset_on_close(fd: std::os::fd::RawFd) {
    let linger = libc::linger { l_onoff: 1, l_linger: 0 };
    // SAFETY: a valid socket descriptor and a `linger` of the size passed.
    let set = unsafe {
        libc::setsockopt(
            fd,
            libc::SOL_SOCKET,
            libc::SO_LINGER,
            (&linger as *const libc::linger).cast(),
            std::mem::size_of::<libc::linger>() as libc::socklen_t,
        )
    };
    assert_eq!(set, 0, "SO_LINGER on the test server's socket");
}

/// The process's server, started on first use and kept for the whole test run (its runtime
/// lives on a background thread that the test harness ends with the process).
pub fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(start)
}

/// Options that reach `endpoint` as object_store's S3 client would reach any S3-compatible store.
pub fn options(endpoint: &str) -> S3Options {
    S3Options {
        endpoint: Some(endpoint.to_string()),
        region: Some("us-east-1".to_string()),
        access_key_id: Some(ACCESS_KEY.to_string()),
        secret_access_key: Some(SECRET_KEY.to_string()),
        session_token: None,
        allow_http: true,
    }
}

fn start() -> Server {
    let root = tempfile::tempdir().expect("a temporary folder for the S3 server");
    // s3s-fs maps a bucket to a sub-directory of its root.
    std::fs::create_dir_all(root.path().join(BUCKET)).expect("the bucket's folder");
    let data: PathBuf = root.path().to_path_buf();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name("s3-server".into())
        .spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("the S3 server's runtime");
            runtime.block_on(serve(data, tx));
        })
        .expect("the S3 server's thread");
    let endpoint = rx.recv().expect("the S3 server reports its address");
    Server { endpoint, _root: root }
}

async fn serve(root: PathBuf, ready: std::sync::mpsc::Sender<String>) {
    let fs = s3s_fs::FileSystem::new(root).expect("s3s-fs over the temporary folder");
    let mut builder = s3s::service::S3ServiceBuilder::new(fs);
    builder.set_auth(s3s::auth::SimpleAuth::from_single(ACCESS_KEY, SECRET_KEY));
    let s3 = builder.build();
    let lock = Arc::new(tokio::sync::RwLock::new(()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind 127.0.0.1:0");
    let address = listener.local_addr().expect("the listener's address");
    ready.send(format!("http://{address}")).expect("the test thread waits for the address");
    loop {
        let Ok((socket, _)) = listener.accept().await else { continue };
        // As S3 services do: without it a response's head and body wait out the client's
        // delayed ACK (about 40 ms a GET here), and the benchmarks measure that.
        let _ = socket.set_nodelay(true);
        let fd = socket.as_raw_fd();
        let (s3, lock) = (s3.clone(), lock.clone());
        let service = service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
            let (s3, lock) = (s3.clone(), lock.clone());
            async move {
                REQUESTS.fetch_add(1, Ordering::Relaxed);
                if let Some(fault) = armed_fault(&request) {
                    if fault != Fault::RequestReset {
                        let _exclusive = lock.write().await;
                        hyper::service::Service::call(&s3, request).await?;
                    }
                    if fault != Fault::ReplyClosed {
                        reset_on_close(fd);
                    }
                    // An error from the service ends the connection without a reply.
                    return Err(s3s::HttpError::new("a fault armed by the test".into()));
                }
                let mutating = !matches!(*request.method(), hyper::Method::GET | hyper::Method::HEAD);
                // Held until the response is built: s3s-fs has written and renamed a PUT's body
                // by then, and a GET has opened its file (later bytes stream from that inode).
                if mutating {
                    let _exclusive = lock.write().await;
                    hyper::service::Service::call(&s3, request).await
                } else {
                    let _shared = lock.read().await;
                    hyper::service::Service::call(&s3, request).await
                }
            }
        });
        tokio::spawn(async move {
            let _ = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new())
                .serve_connection(TokioIo::new(socket), service)
                .await;
        });
    }
}
