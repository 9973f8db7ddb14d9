//! Rules over everything a server sent during a check ([`World::heard`]), whatever the steps
//! before asked of it: `_meta` key names, log messages nobody asked for, cancellations of
//! requests the server never received, task results it never declared, and the 2026-07-28
//! `subscriptions/listen` stream. Most servers pass them by sending nothing wrong; each catches
//! a seeded defect of the toy server (tests/it/conform.rs).

use super::Registry;
use crate::conform::revisions::MODERN;
use crate::conform::suite::Step;
use crate::conform::world::{Outcome, StepError, Target, World, ensure, fail, modern_meta};
use regex::Regex;
use serde_json::{Map, Value, json};
use std::sync::LazyLock;
use std::time::Duration;

/// Read-only tools called at most by one step (a server may list hundreds; ctxlake with the
/// conformance fixtures lists 17).
const SAMPLE: usize = 32;
/// How long an HTTP `subscriptions/listen` stream is read before the check hangs up: the
/// acknowledgment is the server's first message, so a server that sends it at once is heard.
const LISTEN_WINDOW: Duration = Duration::from_millis(250);
/// The id of the check's `subscriptions/listen` request.
const LISTEN_ID: &str = "ctxlake-conform-listen";
const ACKNOWLEDGED: &str = "notifications/subscriptions/acknowledged";
const SUBSCRIPTION_ID: &str = "io.modelcontextprotocol/subscriptionId";

/// Which notification each field of a `SubscriptionFilter` opts in to.
const FILTER: [(&str, &str); 4] = [
    ("toolsListChanged", "notifications/tools/list_changed"),
    ("promptsListChanged", "notifications/prompts/list_changed"),
    ("resourcesListChanged", "notifications/resources/list_changed"),
    ("resourceSubscriptions", "notifications/resources/updated"),
];

pub fn register(r: &mut Registry) {
    r.add(
        r"the client calls every listed read-only tool( as a task)?( with a progress token)?(, if any)?",
        call_read_only,
    );
    r.add("every progress notification the server sent names a request in flight and increases", |w, _, _| {
        let mut last: std::collections::BTreeMap<String, f64> = Default::default();
        for (at, frame) in w.heard.iter().enumerate().filter(|(_, f)| f["method"] == "notifications/progress") {
            let token = &frame["params"]["progressToken"];
            // The step sends `ctxlake-conform-progress-<request id>` as each call's token.
            let request =
                token.as_str().and_then(|t| t.strip_prefix(PROGRESS_TOKEN)).and_then(|id| id.parse::<i64>().ok());
            let request = request.map(|id| json!(id)).filter(|id| w.sent_method(id).is_some());
            let Some(request) = request else {
                return Err(fail(format!("progress for a token no request of the client carried: {frame}")));
            };
            let answered = w.heard[..at].iter().any(|f| f.get("id") == Some(&request) && f.get("method").is_none());
            ensure(!answered, || format!("progress after request {request} was answered: {frame}"))?;
            let progress = frame["params"]["progress"].as_f64();
            let progress = progress.ok_or_else(|| fail(format!("progress is not a number: {frame}")))?;
            let key = token.to_string();
            if let Some(before) = last.insert(key, progress) {
                ensure(progress > before, || format!("progress went from {before} to {progress}: {frame}"))?;
            }
        }
        Ok(())
    });
    r.add(
        "the client calls a listed read-only tool, then calls it again and cancels that call at once",
        call_and_cancel,
    );
    r.add("the cancelled call was answered at most once, and only as the same call uncancelled was", |w, _, _| {
        let cancelled = w.last_id();
        let plain = answers_to(w, cancelled - 1);
        let [plain] = plain.as_slice() else {
            return Err(fail(format!("the uncancelled call got {} answers", plain.len())));
        };
        match answers_to(w, cancelled).as_slice() {
            [] => Ok(()),
            // It finished before the cancellation arrived (the spec lets a receiver ignore it then).
            [answer] if answer.get("error").is_some() == plain.get("error").is_some() => Ok(()),
            [answer] => Err(fail(format!(
                "the cancelled call was answered {answer}, unlike the same call uncancelled ({plain}): \
                 a receiver SHOULD NOT respond to a request it knows is cancelled"
            ))),
            answers => {
                let shown: Vec<String> = answers.iter().map(ToString::to_string).collect();
                Err(fail(format!("the cancelled call was answered {} times: {}", answers.len(), shown.join(", "))))
            }
        }
    });
    r.add(r#"the server sent no "([^"]*)""#, |w, a, _| {
        let sent: Vec<&Value> = w.heard.iter().filter(|f| f["method"] == json!(a[0])).collect();
        ensure(sent.is_empty(), || format!("the server sent {} {}: {}", sent.len(), a[0], sent[0]))
    });
    r.add(r#"the server sent (a|no) "([^"]*)" at level "([^"]*)""#, |w, a, _| {
        let count =
            w.heard.iter().filter(|f| f["method"] == json!(a[1]) && f["params"]["level"] == json!(a[2])).count();
        ensure((count > 0) == (a[0] == "a"), || format!("the server sent {count} {} at level {}", a[1], a[2]))
    });
    r.add("every _meta key the server sent follows the naming rules", |w, _, _| {
        let mut bad = vec![];
        for frame in &w.heard {
            meta_keys(frame, &mut |key| {
                if let Err(why) = meta_key(key, false) {
                    bad.push(format!("`{key}`: {why}"));
                }
            });
        }
        ensure(bad.is_empty(), || format!("_meta keys that break the naming rules: {}", bad.join("; ")))
    });
    r.add("every extension the server declares is named by a prefixed _meta key", |w, _, _| {
        let declared = declared_capabilities(w);
        let Some(extensions) = declared.get("extensions").and_then(Value::as_object) else {
            return Err(StepError::NotApplicable("the server declares no extensions".into()));
        };
        let bad: Vec<String> =
            extensions.keys().filter_map(|k| meta_key(k, true).err().map(|why| format!("`{k}`: {why}"))).collect();
        ensure(bad.is_empty(), || format!("extension keys that break the naming rules: {}", bad.join("; ")))
    });
    r.add("every notifications/cancelled the server sent names its subscriptions/listen", |w, _, _| {
        for frame in w.heard.iter().filter(|f| f["method"] == "notifications/cancelled") {
            let id = &frame["params"]["requestId"];
            let method = w.sent_method(id);
            ensure(method == Some("subscriptions/listen"), || {
                let what = method.map_or("no request of the client".to_string(), |m| format!("the client's {m}"));
                format!("the server cancelled {id}, {what}, not a subscriptions/listen: {frame}")
            })?;
        }
        Ok(())
    });
    r.add("a server that answered with a task declared task support for tools/call", |w, _, _| {
        let Some(first) = w.heard.iter().find(|f| f["result"]["task"].is_object()) else {
            return Err(StepError::NotApplicable("the server ran no call as a task".into()));
        };
        let declared = declared_capabilities(w);
        ensure(declared.get("tasks").and_then(|t| t.pointer("/requests/tools/call")).is_some(), || {
            format!("a call ran as a task ({first}) but capabilities.tasks.requests.tools.call is not declared")
        })
    });
    r.add(r#"the client listens for "([^"]*)""#, |w, a, step| {
        let notifications = filter(&a[0])?;
        listen(w, notifications, step)
    });
    r.add("the client listens for the first listed resource", |w, _, step| {
        let uri = w.listed.iter().find_map(|r| r["uri"].as_str().map(str::to_string));
        let uri = uri.ok_or_else(|| StepError::NotApplicable("the server lists no resource".into()))?;
        listen(w, Map::from_iter([("resourceSubscriptions".to_string(), json!([uri]))]), step)
    });
    r.add(r#"the acknowledgment names exactly the resources "([^"]*)""#, |w, a, _| {
        let ack = on_subscription(w)
            .find(|f| f["method"] == ACKNOWLEDGED)
            .ok_or_else(|| fail("the subscription was not acknowledged"))?;
        let expected: Vec<&str> = a[0].split(',').map(str::trim).filter(|u| !u.is_empty()).collect();
        let mut filter = Map::new();
        if !expected.is_empty() {
            filter.insert("resourceSubscriptions".into(), json!(expected));
        }
        let agreed = &ack["params"]["notifications"];
        ensure(*agreed == Value::Object(filter.clone()), || {
            format!("the acknowledgment agrees to {agreed}, expected {}", Value::Object(filter))
        })
    });
    r.add(r"the subscription was (not answered|answered with its id)", |w, a, _| {
        let answer = w.heard.iter().find(|f| f.get("method").is_none() && f["id"] == LISTEN_ID);
        match (a[0].as_str(), answer) {
            ("not answered", None) => Ok(()),
            ("not answered", Some(answer)) => Err(fail(format!("the stream was answered, so it ended: {answer}"))),
            (_, Some(answer)) => ensure(answer["result"]["_meta"][SUBSCRIPTION_ID] == LISTEN_ID, || {
                format!("the answer that ends the stream does not name it: {answer}")
            }),
            (_, None) => Err(fail("the stream was not answered: it is still open")),
        }
    });
    r.add("the first message carrying the subscription's id acknowledges it", |w, _, _| {
        let first = on_subscription(w).next().ok_or_else(|| {
            fail(format!("no message carried the subscription's id {LISTEN_ID:?}: the acknowledgment never came"))
        })?;
        ensure(first["method"] == ACKNOWLEDGED, || {
            format!("the first message carrying the subscription's id is not {ACKNOWLEDGED}: {first}")
        })
    });
    r.add("the acknowledgment agrees to no more than was asked for", |w, _, _| {
        let requested = &w.listened;
        let ack = on_subscription(w)
            .find(|f| f["method"] == ACKNOWLEDGED)
            .ok_or_else(|| fail("the subscription was not acknowledged"))?;
        let agreed = ack["params"]["notifications"]
            .as_object()
            .ok_or_else(|| fail(format!("the acknowledgment has no notifications filter: {ack}")))?;
        for (field, value) in agreed {
            let asked = requested.get(field);
            let within = match (value, asked) {
                (Value::Bool(false), _) => true,
                (Value::Bool(true), Some(Value::Bool(true))) => true,
                (Value::Array(uris), Some(Value::Array(asked))) => uris.iter().all(|u| asked.contains(u)),
                _ => false,
            };
            ensure(within, || {
                format!("the acknowledgment agrees to {field}: {value}, which was not requested: {ack}")
            })?;
        }
        Ok(())
    });
    r.add("every notification on the subscription is of a type that was asked for", |w, _, _| {
        let requested = &w.listened;
        for frame in on_subscription(w).filter(|f| f["method"] != ACKNOWLEDGED && f.get("method").is_some()) {
            let method = frame["method"].as_str().unwrap_or_default();
            let opted_in = FILTER.iter().any(|(field, m)| {
                *m == method
                    && match requested.get(*field) {
                        Some(Value::Bool(b)) => *b,
                        Some(Value::Array(uris)) => uris.contains(&frame["params"]["uri"]),
                        _ => false,
                    }
            });
            ensure(opted_in, || {
                format!("the subscription carried {method}, which the client did not request: {frame}")
            })?;
        }
        Ok(())
    });
    r.add("every change notification the server sent carries a subscription id", |w, _, _| {
        // 2026-07-28 delivers change notifications only on listen streams, so each must name
        // its stream; over HTTP, everything on the listen response's stream must.
        let stream: Vec<Value> = match (&w.env.target, &w.last_http) {
            (Target::Http(_), Some(response)) => response.frames().unwrap_or_default(),
            _ => vec![],
        };
        let changes = w.heard.iter().filter(|f| FILTER.iter().any(|(_, m)| f["method"] == *m));
        for frame in changes.chain(stream.iter().filter(|f| f.get("method").is_some())) {
            ensure(frame["params"]["_meta"].get(SUBSCRIPTION_ID).is_some(), || {
                format!("a notification delivered for a subscription lacks _meta.{SUBSCRIPTION_ID}: {frame}")
            })?;
        }
        Ok(())
    });
}

/// Calls each listed tool its annotations mark read-only (never one that may change
/// anything), with its required arguments filled by type; optionally task-augmented. Not
/// applicable without one, unless the step says "if any".
/// The progress token a call of `call_read_only` carries, before its request id.
const PROGRESS_TOKEN: &str = "ctxlake-conform-progress-";

fn call_read_only(w: &mut World<'_>, a: &[String], _: &Step) -> Outcome {
    let tools: Vec<Value> =
        w.listed.iter().filter(|t| t["annotations"]["readOnlyHint"] == true).take(SAMPLE).cloned().collect();
    if tools.is_empty() && a[2].is_empty() {
        return Err(StepError::NotApplicable("the server marks no listed tool read-only".into()));
    }
    let mut calls = vec![];
    for tool in tools {
        let mut params = call_params(&tool);
        if !a[0].is_empty() {
            params["task"] = json!({"ttl": 60000});
        }
        let mut frame = w.frame("tools/call", params);
        if !a[1].is_empty() {
            let token = format!("{PROGRESS_TOKEN}{}", frame["id"]);
            frame["params"]["_meta"]["progressToken"] = json!(token);
        }
        calls.push(frame);
    }
    // One exchange for every call (one POST each over HTTP): over stdio, the sentinel and its
    // settle window then come once, not once a call.
    let lines: String = calls.iter().map(|frame| format!("{frame}\n")).collect();
    if lines.is_empty() { Ok(()) } else { w.exchange(lines.as_bytes()) }
}

/// `tools/call` params for `tool` (a listed tool), with a plain value for each required argument.
fn call_params(tool: &Value) -> Value {
    let schema = &tool["inputSchema"];
    let mut arguments = Map::new();
    for name in schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str) {
        let value = match schema["properties"][name]["type"].as_str() {
            Some("integer" | "number") => json!(1),
            Some("boolean") => json!(false),
            Some("array") => json!([]),
            Some("object") => json!({}),
            _ => json!("conformance"),
        };
        arguments.insert(name.to_string(), value);
    }
    json!({"name": tool["name"], "arguments": arguments})
}

/// Calls the first listed read-only tool, then calls it again with a `notifications/cancelled`
/// for that second call right behind it (pipelined over stdio; the next POST over HTTP). The
/// second call's id is then `w.last_id()`, the first's the one before.
fn call_and_cancel(w: &mut World<'_>, _: &[String], _: &Step) -> Outcome {
    let Some(tool) = w.listed.iter().find(|t| t["annotations"]["readOnlyHint"] == true).cloned() else {
        return Err(StepError::NotApplicable("the server marks no listed tool read-only".into()));
    };
    let plain = w.frame("tools/call", call_params(&tool));
    w.exchange(format!("{plain}\n").as_bytes())?;
    let cancelled = w.frame("tools/call", call_params(&tool));
    let mut cancel = json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
        "params": {"requestId": cancelled["id"], "reason": "ctxlake conform"}});
    if w.is_modern() {
        cancel["params"]["_meta"] = modern_meta(MODERN);
    }
    w.exchange(format!("{cancelled}\n{cancel}\n").as_bytes())
}

/// The answers the server sent to the client's request `id`.
fn answers_to<'w>(w: &'w World<'_>, id: i64) -> Vec<&'w Value> {
    // An id echoed as a string is rpc.id-echo's finding, not this rule's.
    let echoed = |f: &&Value| f["id"] == json!(id) || f["id"] == json!(id.to_string());
    w.heard.iter().filter(echoed).filter(|f| f.get("method").is_none()).collect()
}

/// What the server declared in this check's `initialize` or `server/discover` answer, else
/// what the run probed.
pub(super) fn declared_capabilities(w: &World<'_>) -> Map<String, Value> {
    let answered = w.heard.iter().find(|f| {
        f.get("id").is_some_and(|id| matches!(w.sent_method(id), Some("initialize" | "server/discover")))
            && f["result"]["capabilities"].is_object()
    });
    match answered.and_then(|f| f["result"]["capabilities"].as_object()) {
        Some(declared) => declared.clone(),
        None => w.env.capabilities.clone(),
    }
}

/// Sends `subscriptions/listen` opting in to `notifications` and hears what follows: over stdio until the sentinel's answer, over HTTP for
/// [`LISTEN_WINDOW`] of the stream.
fn listen(w: &mut World<'_>, notifications: Map<String, Value>, _: &Step) -> Outcome {
    w.listened = notifications.clone();
    let frame = json!({
        "jsonrpc": "2.0", "id": LISTEN_ID, "method": "subscriptions/listen",
        "params": {"notifications": notifications, "_meta": modern_meta(MODERN)}
    });
    let line = frame.to_string();
    match w.env.target {
        Target::Http(_) => w.post_for(line.as_bytes(), &[], LISTEN_WINDOW.min(w.env.timeout))?,
        Target::Stdio(_) => w.exchange(format!("{line}\n").as_bytes())?,
    }
    let refused = w.heard.iter().find(|f| f["id"] == LISTEN_ID && f.get("error").is_some());
    match refused {
        Some(answer) if answer["error"]["code"] == -32601 => {
            Err(StepError::NotApplicable("the server does not serve subscriptions/listen".into()))
        }
        Some(answer) => Err(fail(format!("subscriptions/listen was refused: {answer}"))),
        None => Ok(()),
    }
}

/// A `SubscriptionFilter` opting in to comma-separated fields (`resourceSubscriptions=uri`
/// subscribes to one resource).
fn filter(fields: &str) -> Result<Map<String, Value>, StepError> {
    let mut out = Map::new();
    for field in fields.split(',').map(str::trim) {
        let (name, uri) = field.split_once('=').map_or((field, None), |(n, u)| (n, Some(u)));
        if !FILTER.iter().any(|(f, _)| *f == name) {
            return Err(fail(format!("`{name}` is not a SubscriptionFilter field")));
        }
        out.insert(name.to_string(), uri.map_or(json!(true), |u| json!([u])));
    }
    Ok(out)
}

/// The messages that carry the check's subscription id, in the order they came.
fn on_subscription<'w>(w: &'w World<'_>) -> impl Iterator<Item = &'w Value> {
    w.heard.iter().filter(|f| {
        let meta = if f.get("method").is_some() { &f["params"]["_meta"] } else { &f["result"]["_meta"] };
        meta.get(SUBSCRIPTION_ID) == Some(&json!(LISTEN_ID))
    })
}

/// Calls `each` with every key of every `_meta` object in `value`, however deep.
fn meta_keys(value: &Value, each: &mut impl FnMut(&str)) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                if key == "_meta"
                    && let Some(meta) = inner.as_object()
                {
                    meta.keys().for_each(|k| each(k));
                }
                meta_keys(inner, each);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| meta_keys(v, each)),
        _ => {}
    }
}

/// The `_meta` key naming rules of the 2026-07-28 schema (`MetaObject`): an optional prefix of
/// dot-separated labels and a slash, then a name. `prefixed`: the prefix is mandatory
/// (extension identifiers).
fn meta_key(key: &str, prefixed: bool) -> Result<(), String> {
    static LABEL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?$").unwrap());
    static NAME: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"^(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$").unwrap());
    let (prefix, name) = match key.split_once('/') {
        Some((prefix, name)) => (Some(prefix), name),
        None => (None, key),
    };
    match prefix {
        None if prefixed => return Err("an extension identifier needs a prefix (`com.example/`)".into()),
        None => {}
        Some(prefix) => {
            if let Some(label) = prefix.split('.').find(|l| !LABEL.is_match(l)) {
                return Err(format!(
                    "prefix label `{label}` must start with a letter, end with a letter or digit, and hold only letters, digits and hyphens"
                ));
            }
        }
    }
    if !NAME.is_match(name) {
        return Err(format!(
            "name `{name}` must start and end with a letter or digit, and hold only those, hyphens, underscores and dots"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::meta_key;

    #[test]
    fn meta_keys_follow_the_schemas_naming_rules() {
        for good in ["progressToken", "io.modelcontextprotocol/protocolVersion", "com.example-1/a.b_c-d", "x/", ""] {
            assert_eq!(meta_key(good, false), Ok(()), "{good}");
        }
        for bad in ["-x", "x_", "1io/x", "io./x", "io.x-/y", "a/b/c", "io.example/x!", "io..x/y", "_x"] {
            assert!(meta_key(bad, false).is_err(), "{bad}");
        }
        assert!(meta_key("tasks", true).is_err(), "an extension key needs its prefix");
        assert_eq!(meta_key("io.modelcontextprotocol/tasks", true), Ok(()));
    }
}
