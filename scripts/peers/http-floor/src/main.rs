//! `http-floor PORT [hop]`: answers every request on 127.0.0.1:PORT with a fixed SSE-framed
//! JSON-RPC result, after reading its body (so the client's request is complete), with
//! TCP_NODELAY. With `hop`, each request first makes the one trip ctxlake's house rules require
//! of every call (async code reaches the synchronous core through the blocking pool): an empty
//! closure on `spawn_blocking`, awaited. That is the floor of any server built that way.
use http_body_util::{BodyExt as _, Full};
use hyper::body::Bytes;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;

const ANSWER: &[u8] = b"event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]}}\n\n";

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let port: u16 = std::env::args().nth(1).and_then(|p| p.parse().ok()).unwrap_or(18800);
    let hop = std::env::args().nth(2).is_some_and(|a| a == "hop");
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    loop {
        let (stream, _) = listener.accept().await?;
        stream.set_nodelay(true)?;
        tokio::spawn(async move {
            let service = service_fn(|request: hyper::Request<hyper::body::Incoming>| async move {
                let _ = request.into_body().collect().await;
                if hop {
                    let _ = tokio::task::spawn_blocking(|| ()).await;
                }
                let mut response = hyper::Response::new(Full::new(Bytes::from_static(ANSWER)));
                response.headers_mut().insert("content-type", "text/event-stream".parse().expect("a header value"));
                Ok::<_, std::convert::Infallible>(response)
            });
            let _ = http1::Builder::new().serve_connection(TokioIo::new(stream), service).await;
        });
    }
}
