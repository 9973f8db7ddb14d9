//! Steps any MCP server can be driven by: connecting, sending frames, reading answers.

use super::{Registry, docstring, hex_bytes, json_arg, pointer};
use crate::conform::revisions::MODERN;
use crate::conform::suite::Step;
use crate::conform::world::{Outcome, StepError, World, ensure, fail, shown};
use serde_json::{Value, json};

pub fn register(r: &mut Registry) {
    // ---- connection
    r.add("a running server", |w, _, _| w.connect());
    r.add(r#"a server initialized with revision "([^"]*)""#, |w, a, _| {
        if !w.env.admitted.iter().any(|r| *r == a[0]) {
            return Err(StepError::Elsewhere(format!("the target does not admit revision {}", a[0])));
        }
        w.initialize(&a[0]).map(drop)
    });
    r.add("a tool that takes a required string argument", pick_tool);
    r.add("the server issued a session id", |w, _, _| match w.session_id() {
        Some(_) => Ok(()),
        None => Err(StepError::NotApplicable("the server runs without sessions (no Mcp-Session-Id)".into())),
    });
    r.add("the session id is visible ASCII", |w, _, _| {
        let id = w.session_id().unwrap_or_default();
        ensure(!id.is_empty() && id.bytes().all(|b| (0x21..=0x7e).contains(&b)), || {
            format!("the session id {id:?} holds a character outside 0x21 to 0x7E")
        })
    });

    // ---- sending
    r.add("the client sends the line (.*)", |w, a, _| w.exchange(format!("{}\n", a[0]).as_bytes()));
    r.add("the client sends:", |w, _, s| w.exchange(format!("{}\n", docstring(s)?).as_bytes()));
    r.add(r#"the client sends the bytes "([^"]*)""#, |w, a, _| w.exchange(&hex_bytes(&a[0])?));
    r.add(r"the client sends a line of (\d+) bytes", |w, a, _| {
        let len: usize = a[0].parse().map_err(|_| fail("a length"))?;
        let mut line = vec![b' '; len.max(1)];
        line[0] = b'[';
        line.push(b'\n');
        w.exchange(&line)
    });
    r.add(r#"the client sends "([^"]*)" with params:"#, |w, a, s| w.request(&a[0], json_arg(docstring(s)?)?).map(drop));
    r.add(r#"the client sends "([^"]*)""#, |w, a, _| w.request(&a[0], json!({})).map(drop));
    r.add("the client sends a request with id (.+)", |w, a, _| {
        let id = json_arg(&a[0])?;
        let frame = if w.is_modern() {
            json!({"jsonrpc": "2.0", "id": id, "method": "server/discover", "params": {"_meta": crate::conform::world::modern_meta(MODERN)}})
        } else {
            json!({"jsonrpc": "2.0", "id": id, "method": "ping"})
        };
        w.exchange(format!("{frame}\n").as_bytes())
    });
    r.add(r#"the client calls "([^"]*)" with:"#, |w, a, s| {
        let args = json_arg(docstring(s)?)?;
        w.request("tools/call", json!({"name": a[0], "arguments": args})).map(drop)
    });
    // A string argument of a given length made of words found nowhere else ("zyxq0001 ..."),
    // so any part of it echoed back can be found (validation messages must not quote it).
    r.add(r#"the client calls "([^"]*)" with (\{.*\}) and a (\d+)-character text at /(\S+)"#, |w, a, _| {
        let length: usize = a[2].parse().map_err(|_| fail("a length"))?;
        let mut text = String::new();
        while text.chars().count() < length {
            text.push_str(&format!("zyxq{:04} ", text.len() / 9));
        }
        text.truncate(length);
        let mut args = json_arg(&a[1])?;
        args[a[3].as_str()] = json!(text);
        w.sent_text = text;
        w.request("tools/call", json!({"name": a[0], "arguments": args})).map(drop)
    });
    r.add("nothing the server sent holds any part of that text", |w, _, _| {
        let heard: String = w.heard.iter().map(Value::to_string).collect();
        ensure(!w.sent_text.is_empty() && !heard.contains("zyxq"), || format!("echoed: {heard:.300}"))
    });
    r.add(r#"the client calls "([^"]*)""#, |w, a, _| {
        w.request("tools/call", json!({"name": a[0], "arguments": {}})).map(drop)
    });
    r.add("the client calls that tool without that argument", |w, _, _| {
        let (tool, _) = w.picked_tool.clone().ok_or_else(|| fail("no tool was picked"))?;
        w.request("tools/call", json!({"name": tool, "arguments": {}})).map(drop)
    });
    r.add("the client calls that tool with that argument set to (.+)", |w, a, _| {
        let (tool, arg) = w.picked_tool.clone().ok_or_else(|| fail("no tool was picked"))?;
        let value = json_arg(&a[0])?;
        w.request("tools/call", json!({"name": tool, "arguments": {arg: value}})).map(drop)
    });
    r.add("the client sends these lines and closes its input:", |w, _, s| {
        w.send_and_close(format!("{}\n", docstring(s)?).as_bytes())
    });

    r.add(r#"the client posts the line (.*) with the header "([^"]*)" set to "([^"]*)""#, |w, a, _| {
        w.answers.clear();
        w.post(a[0].as_bytes(), &[(&a[1], &a[2])])
    });
    r.add(r#"the client posts the line (.*) without the header "([^"]*)""#, |w, a, _| {
        w.answers.clear();
        w.post(a[0].as_bytes(), &[(&a[1], "")])
    });
    r.add(r#"the client sends an HTTP (GET|DELETE) request"#, |w, a, _| {
        w.http_request(&a[0], &[("Accept", "text/event-stream")])
    });
    r.add(r#"the client sends an HTTP GET request with the header "([^"]*)" set to "([^"]*)""#, |w, a, _| {
        w.http_request("GET", &[("Accept", "text/event-stream"), (&a[0], &a[1])])
    });
    r.add(r#"the client calls the tool "([^"]+)" with a progress token"#, |w, a, _| {
        let mut frame = w.frame("tools/call", json!({"name": a[0], "arguments": {}}));
        frame["params"]["_meta"]["progressToken"] = json!("ctxlake-conform-resume");
        w.exchange(format!("{frame}\n").as_bytes())
    });

    // ---- answers
    r.add("the answer came on an SSE stream whose first event has an id and empty data", |w, _, _| {
        let events = w.last_http.as_ref().map(|r| r.events()).unwrap_or_default();
        match events.first() {
            Some((Some(_), data)) if data.is_empty() => Ok(()),
            None => Err(fail("the answer is not an SSE stream with events")),
            Some(first) => Err(fail(format!("the stream's first event is not an id with empty data: {first:?}"))),
        }
    });
    r.add("resuming that stream after its first event replays the rest of it, and only that", |w, _, _| {
        let before = w.last_http.as_ref().map(|r| r.events()).unwrap_or_default();
        let Some((Some(first), _)) = before.first().cloned() else { return Err(fail("no event id to resume from")) };
        w.http_request("GET", &[("Accept", "text/event-stream"), ("Last-Event-ID", &first)])?;
        let resumed = w.last_http.as_ref().map(|r| (r.status, r.events())).unwrap_or_default();
        ensure(resumed == (200, before[1..].to_vec()), || {
            format!("resumed after {first}: expected HTTP 200 with {:?}, got {resumed:?}", &before[1..])
        })
    });
    r.add(r"the HTTP status is (\d+)", |w, a, _| {
        let status = w.last_http.as_ref().map(|r| r.status.to_string());
        ensure(status.as_deref() == Some(a[0].as_str()), || format!("expected HTTP {}, got {status:?}", a[0]))
    });
    r.add(r"the HTTP status is (\d+) or (\d+)", |w, a, _| {
        let status = w.last_http.as_ref().map(|r| r.status.to_string()).unwrap_or_default();
        ensure(status == a[0] || status == a[1], || format!("expected HTTP {} or {}, got {status}", a[0], a[1]))
    });
    r.add("there is no answer", |w, _, _| {
        ensure(w.answers.is_empty() || refused_over_http(w), || {
            let status = w.last_http.as_ref().map(|r| format!(" (HTTP {})", r.status)).unwrap_or_default();
            format!("expected no answer, got {}{status}", shown(&w.answers))
        })
    });
    r.add(r"there are (\d+) answers", |w, a, _| {
        ensure(w.answers.len().to_string() == a[0], || format!("expected {} answers, got {}", a[0], shown(&w.answers)))
    });
    r.add(r"the answer is error (-?\d+) with a null id", |w, a, _| {
        let answer = error_code(w, &a[0])?;
        ensure(answer.get("id").is_some_and(Value::is_null), || format!("the id must be present and null: {answer}"))
    });
    r.add(r"the answer is error (-?\d+) without a request id", |w, a, _| {
        let answer = error_code(w, &a[0])?;
        ensure(answer.get("id").is_none_or(Value::is_null), || format!("the id must be null or absent: {answer}"))
    });
    r.add(r"the answer is error (-?\d+) with the request's id", |w, a, _| {
        let answer = error_code(w, &a[0])?;
        let id = json!(w.last_id());
        ensure(answer.get("id") == Some(&id), || format!("expected id {id}: {answer}"))
    });
    r.add(r"the answer is error (-?\d+) with id (\S+) or a null id", |w, a, _| {
        let answer = error_code(w, &a[0])?;
        let id = json_arg(&a[1])?;
        let null = answer.get("id").is_none_or(Value::is_null);
        ensure(null || answer.get("id") == Some(&id), || format!("expected id {id} or a null id: {answer}"))
    });
    r.add(r"the answer is error (-?\d+) with id (\S+)", |w, a, _| {
        let answer = error_code(w, &a[0])?;
        let id = json_arg(&a[1])?;
        ensure(answer.get("id") == Some(&id), || format!("expected id {id}: {answer}"))
    });
    r.add(r"the answer is error (-?\d+)", |w, a, _| error_code(w, &a[0]).map(drop));
    r.add("the answer is an error", |w, _, _| {
        let answer = w.only_answer()?;
        ensure(answer["error"]["code"].is_i64(), || format!("expected an error: {answer}"))
    });
    r.add(r#"the error message mentions "([^"]*)""#, |w, a, _| {
        let answer = w.only_answer()?;
        let message = answer["error"]["message"].as_str().unwrap_or_default();
        ensure(message.contains(&a[0]), || format!("{:?} not in {answer}", a[0]))
    });
    r.add(r"the error data at (\S+) is (.+)", |w, a, _| {
        let answer = w.only_answer()?;
        let expected = json_arg(&a[1])?;
        let got = pointer(&answer["error"]["data"], &a[0])?;
        ensure(*got == expected, || format!("expected {expected} at {}: {answer}", a[0]))
    });
    r.add(r"the error data at (\S+) lists supported revisions", |w, a, _| {
        let answer = w.only_answer()?;
        let got = pointer(&answer["error"]["data"], &a[0])?;
        let ok = got.as_array().is_some_and(|l| !l.is_empty() && l.iter().all(Value::is_string));
        ensure(ok, || format!("expected a non-empty list of revisions at {}: {answer}", a[0]))
    });
    r.add(r"the answer is a result with id (.+)", |w, a, _| {
        w.result()?;
        let id = json_arg(&a[0])?;
        let answer = w.only_answer()?;
        ensure(answer.get("id") == Some(&id), || format!("expected id {id}: {answer}"))
    });
    r.add(r"the answer is a result with the request's id", |w, _, _| {
        w.result()?;
        let id = json!(w.last_id());
        let answer = w.only_answer()?;
        ensure(answer.get("id") == Some(&id), || format!("expected id {id}: {answer}"))
    });
    r.add(r"the answer is a result", |w, _, _| w.result().map(drop));
    r.add(r"the result at (\S+) names a revision the target admits", |w, a, _| {
        let got = pointer(w.result()?, &a[0])?.clone();
        let admitted = &w.env.admitted;
        ensure(got.as_str().is_some_and(|v| admitted.iter().any(|r| r == v)), || {
            format!("{got} is not among the revisions the target admits ({admitted:?})")
        })
    });
    r.add(r"the result at (\S+) contains (.+)", |w, a, _| {
        let expected = json_arg(&a[1])?;
        let got = pointer(w.result()?, &a[0])?;
        ensure(got.as_array().is_some_and(|l| l.contains(&expected)), || format!("{expected} not in {got}"))
    });
    r.add(r"the result at (\S+) is (.+)", |w, a, _| {
        let expected = json_arg(&a[1])?;
        let result = w.result()?;
        let got = pointer(result, &a[0])?;
        ensure(*got == expected, || format!("expected {expected} at {}: {result}", a[0]))
    });
    r.add(r"the result has no (\S+)", |w, a, _| {
        let result = w.result()?;
        ensure(result.pointer(&a[0]).is_none(), || format!("{} should be absent: {result}", a[0]))
    });
    r.add(r"the result has (\S+)", |w, a, _| {
        let result = w.result()?;
        ensure(result.pointer(&a[0]).is_some(), || format!("nothing at {}: {result}", a[0]))
    });
    r.add(r"the result is (.+)", |w, a, _| {
        let expected = json_arg(&a[0])?;
        let result = w.result()?;
        ensure(*result == expected, || format!("expected {expected}, got {result}"))
    });
    r.add("the answer is a batch:", |w, _, s| {
        let answer = w.only_answer()?;
        let items = answer.as_array().ok_or_else(|| fail(format!("expected an array, got {answer}")))?;
        let expected = json_arg(docstring(s)?)?;
        let mut got: Vec<Value> = items.iter().map(|i| json!({"id": i["id"], "error": i["error"]["code"]})).collect();
        // Batch answers may come in any order (JSON-RPC 2.0 section 6).
        let key = |v: &Value| v.to_string();
        got.sort_by_key(key);
        let mut want = expected.as_array().cloned().unwrap_or_default();
        want.sort_by_key(key);
        ensure(got == want, || format!("expected {expected}, got {answer}"))
    });
    r.add(r#"the answers have ids "([^"]*)""#, |w, a, _| {
        // In any order: JSON-RPC does not order answers, and some servers answer concurrently.
        let key = |v: &Value| v.to_string();
        let mut expected = json_arg(&a[0])?.as_array().cloned().unwrap_or_default();
        let mut got = w.answer_ids();
        expected.sort_by_key(key);
        got.sort_by_key(key);
        ensure(got == expected, || {
            format!("expected ids {}, got {}", Value::Array(expected.clone()), Value::Array(w.answer_ids()))
        })
    });
    r.add(r"the answer carries exactly the id (.+)", |w, a, _| {
        let expected = json_arg(&a[0])?;
        let answer = w.only_answer()?;
        ensure(answer.get("id") == Some(&expected), || format!("sent id {expected}, answered {answer}"))
    });
    r.add(r"the process exits with status (-?\d+)", |w, a, _| {
        ensure(w.exit_code.map(|c| c.to_string()).as_deref() == Some(a[0].as_str()), || {
            format!("expected exit status {}, got {:?}", a[0], w.exit_code)
        })
    });

    // ---- tools
    r.add(r"the tool result is an error naming (\S+)", |w, a, _| {
        let text = tool_error_text(w)?;
        ensure(text.contains(&format!("{}:", a[0])), || format!("{} is not named in {text:?}", a[0]))
    });
    r.add("the tool result is an error mentioning:", |w, _, s| {
        let text = tool_error_text(w)?;
        for needle in docstring(s)?.lines() {
            ensure(text.contains(needle.trim()), || format!("{needle:?} not in {text:?}"))?;
        }
        Ok(())
    });
    r.add("the tool result is an error", |w, _, _| tool_error_text(w).map(drop));
    r.add(r"the tool output at (\S+) is (.+)", |w, a, _| {
        let output = tool_output(w)?;
        let expected = json_arg(&a[1])?;
        ensure(*pointer(&output, &a[0])? == expected, || format!("expected {expected} at {}: {output}", a[0]))
    });
    r.add(r"the tool output (has|lacks) (\S+)$", |w, a, _| {
        let output = tool_output(w)?;
        let wanted = a[0] == "has";
        ensure(output.get(&a[1]).is_some() == wanted, || {
            format!("{} is {}: {output}", a[1], if wanted { "absent" } else { "present" })
        })
    });
    r.add(r"the tool output at (\S+) has (\d+) items", |w, a, _| {
        let output = tool_output(w)?;
        let len = pointer(&output, &a[0])?.as_array().map(Vec::len);
        ensure(len.map(|n| n.to_string()).as_deref() == Some(a[1].as_str()), || format!("{output}"))
    });
    // At a list of strings: any of them.
    r.add(r"the tool output at (\S+) mentions (.+)", |w, a, _| {
        let output = tool_output(w)?;
        let needle = json_arg(&a[1])?;
        let text = match pointer(&output, &a[0])? {
            Value::Array(items) => items.iter().filter_map(Value::as_str).collect::<Vec<_>>().join("\n"),
            other => other.as_str().unwrap_or_default().to_string(),
        };
        ensure(text.contains(needle.as_str().unwrap_or_default()), || format!("{needle} not in {output}"))
    });
    r.add(r"the tool output at (\S+) does not mention (.+)", |w, a, _| {
        let output = tool_output(w)?;
        let needle = json_arg(&a[1])?;
        let text = pointer(&output, &a[0])?.to_string();
        ensure(!text.contains(needle.as_str().unwrap_or_default()), || format!("{needle} found in {text}"))
    });
    r.add(r"the tool output at (\S+) has (\d+) characters before the marker", |w, a, _| {
        let output = tool_output(w)?;
        let text = pointer(&output, &a[0])?.as_str().unwrap_or_default();
        let kept = text.strip_suffix("…[truncated]").ok_or_else(|| fail(format!("no marker on {text:?}")))?;
        ensure(kept.chars().count().to_string() == a[1], || format!("{} characters kept", kept.chars().count()))
    });
    r.add(r"the tool output at (\S+) has (\d+) lines?", |w, a, _| {
        let output = tool_output(w)?;
        let text = pointer(&output, &a[0])?.as_str().unwrap_or_default();
        ensure(text.lines().count().to_string() == a[1], || format!("{text:?}"))
    });
    // Pages and cursors (issue 17): a read tool's pages concatenate to its unpaged answer. A
    // tool may page more than one list (fleet_status: agents, then leases): `/a and /b`.
    r.add(
        r#"paging "([^"]*)" with (\{.*\}) through (\S+(?: and \S+)*) gives the rows of one call with (\{.*\})"#,
        |w, a, _| {
            let (tool, lists) = (a[0].clone(), a[2].split(" and ").map(str::to_string).collect::<Vec<_>>());
            let mut paged: Vec<Vec<Value>> = vec![vec![]; lists.len()];
            let mut cursor: Option<String> = None;
            for _ in 0..500 {
                let mut args = json_arg(&a[1])?;
                if let Some(cursor) = &cursor {
                    args["cursor"] = json!(cursor);
                }
                w.request("tools/call", json!({"name": tool, "arguments": args}))?;
                let output = tool_output(w)?;
                let pages = lists.iter().map(|at| rows_at(&output, at)).collect::<Result<Vec<_>, _>>()?;
                ensure(pages.iter().any(|rows| !rows.is_empty()), || format!("an empty page: {output}"))?;
                paged.iter_mut().zip(pages).for_each(|(all, rows)| all.extend(rows));
                match output["next_cursor"].as_str() {
                    Some(next) => cursor = Some(next.to_string()),
                    None => break,
                }
            }
            w.request("tools/call", json!({"name": tool, "arguments": json_arg(&a[3])?}))?;
            let whole = tool_output(w)?;
            for (at, rows) in lists.iter().zip(paged) {
                let expected = rows_at(&whole, at)?;
                ensure(rows == expected, || {
                    format!("{} paged rows at {at} differ from the {} of one call", rows.len(), expected.len())
                })?;
            }
            Ok(())
        },
    );
    r.add(r#"the client calls "([^"]*)" with the next cursor( edited)? and (\{.*\})"#, |w, a, _| {
        let cursor = tool_output(w)?["next_cursor"].as_str().map(str::to_string);
        let mut cursor = cursor.ok_or_else(|| fail("the last answer has no next_cursor"))?;
        if !a[1].is_empty() {
            // One page further on: a cursor someone edited to skip ahead.
            let mut parts: Vec<String> = cursor.split('.').map(str::to_string).collect();
            let offset: usize = parts.get(1).and_then(|o| o.parse().ok()).ok_or_else(|| fail("c1.<offset>.…"))?;
            parts[1] = (offset + 1).to_string();
            cursor = parts.join(".");
        }
        let mut args = json_arg(&a[2])?;
        args["cursor"] = json!(cursor);
        w.request("tools/call", json!({"name": a[0], "arguments": args})).map(drop)
    });
    r.add(r"the whole tool output fits (\d+) tokens at 4 characters each", |w, a, _| {
        let budget: usize = a[0].parse().map_err(|_| fail("a budget"))?;
        let used = tool_output(w)?.to_string().len().div_ceil(4);
        ensure(used <= budget, || format!("{used} tokens"))
    });
    r.add(r"the rows at (\S+(?: and \S+)*) fit (\d+) tokens at 4 characters each, or are one row", |w, a, _| {
        let budget: usize = a[1].parse().map_err(|_| fail("a budget"))?;
        let rows = rows_of(&tool_output(w)?, &a[0])?;
        let used: usize = rows.iter().map(|r| r.to_string().len().div_ceil(4)).sum();
        ensure(rows.len() == 1 || used <= budget, || format!("{} rows, {used} tokens", rows.len()))
    });
    r.add(
        r#"a bigger token_budget never gives fewer rows at (\S+(?: and \S+)*) from "([^"]*)" with (\{.*\})"#,
        |w, a, _| {
            let mut last = 0;
            for budget in [200, 300, 500, 800, 1300, 2100, 3400, 5500, 8900, 20000] {
                let mut args = json_arg(&a[2])?;
                args["token_budget"] = json!(budget);
                w.request("tools/call", json!({"name": a[1], "arguments": args}))?;
                // A budget past the tool's range (search_knowledge: seed 002 refuses over 5000)
                // ends the ladder; the first rung must be served.
                let refused = tool_error_text(w).is_ok_and(|text| text.contains("/token_budget: must be from"));
                if refused && last > 0 {
                    break;
                }
                let n = rows_of(&tool_output(w)?, &a[0])?.len();
                ensure(n >= last && n >= 1, || format!("budget {budget}: {n} rows after {last}"))?;
                last = n;
            }
            Ok(())
        },
    );
    r.add("the structured content matches the text content and the tool's output schema", structured_matches);
    r.add("every tool has an object input schema and a description", |w, _, _| {
        for tool in tools(w)? {
            ensure(tool["inputSchema"]["type"] == "object", || format!("inputSchema is not an object schema: {tool}"))?;
            ensure(tool["description"].as_str().is_some_and(|d| !d.is_empty()), || format!("no description: {tool}"))?;
            ensure(!tool["inputSchema"].to_string().contains("$ref"), || format!("$ref in inputSchema: {tool}"))?;
        }
        Ok(())
    });
    r.add("every tool has an object input schema", |w, _, _| {
        for tool in tools(w)? {
            ensure(tool["inputSchema"]["type"] == "object", || format!("inputSchema is not an object schema: {tool}"))?;
        }
        Ok(())
    });
    r.add("every tool name follows the naming rule", |w, _, _| {
        for tool in tools(w)? {
            let name = tool["name"].as_str().unwrap_or_default();
            let ok = (1..=128).contains(&name.len())
                && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
            ensure(ok, || format!("tool name {name:?} is not 1-128 characters of [A-Za-z0-9_.-]"))?;
        }
        Ok(())
    });
    r.add(r#"the tool list is "([^"]*)""#, |w, a, _| {
        let names: Vec<&str> = tools(w)?.iter().filter_map(|t| t["name"].as_str()).collect();
        ensure(names.join(",") == a[0], || format!("tools are {names:?}"))
    });
    r.add(r"every tool (has|lacks) (\S+)", |w, a, _| {
        for tool in tools(w)? {
            ensure(tool.get(&a[1]).is_some() == (a[0] == "has"), || format!("{} {}: {tool}", a[0], a[1]))?;
        }
        Ok(())
    });
}

fn error_code(w: &World<'_>, code: &str) -> Result<Value, StepError> {
    let answer = w.only_answer()?.clone();
    let got = answer["error"]["code"].as_i64().map(|c| c.to_string());
    ensure(got.as_deref() == Some(code), || format!("expected error {code}, got {answer}"))?;
    Ok(answer)
}

fn tools<'w>(w: &'w World<'_>) -> Result<&'w Vec<Value>, StepError> {
    let result = w.result()?;
    result["tools"].as_array().ok_or_else(|| fail(format!("no tools array: {result}")))
}

fn tool_error_text(w: &World<'_>) -> Result<String, StepError> {
    let result = w.result()?;
    ensure(result["isError"] == true, || format!("expected isError: true, got {result}"))?;
    let text: Vec<&str> =
        result["content"].as_array().into_iter().flatten().filter_map(|c| c["text"].as_str()).collect();
    Ok(text.join("\n"))
}

/// The rows of the list at `at` (a JSON pointer) in a tool's output. A `*` step flattens a
/// list of lists: `/sections/*/items` is every section's items, in order.
fn rows_at(output: &Value, at: &str) -> Result<Vec<Value>, StepError> {
    if let Some((outer, inner)) = at.split_once("/*") {
        let mut rows = vec![];
        for element in rows_at(output, outer)? {
            rows.extend(rows_at(&element, if inner.is_empty() { "" } else { inner })?);
        }
        return Ok(rows);
    }
    Ok(pointer(output, at)?.as_array().cloned().unwrap_or_default())
}

/// The rows of every list named in `lists` (`/a and /b`), one after the other.
fn rows_of(output: &Value, lists: &str) -> Result<Vec<Value>, StepError> {
    let mut rows = vec![];
    for at in lists.split(" and ") {
        rows.extend(rows_at(output, at)?);
    }
    Ok(rows)
}

fn tool_output(w: &World<'_>) -> Result<Value, StepError> {
    let result = w.result()?;
    ensure(result["isError"] == false, || format!("expected a successful tool result, got {result}"))?;
    let text = result["content"][0]["text"].as_str().ok_or_else(|| fail(format!("no text block: {result}")))?;
    serde_json::from_str(text).map_err(|e| fail(format!("tool text is not JSON ({e}): {text}")))
}

/// Picks, from tools/list, a tool with a required argument of type string.
fn pick_tool(w: &mut World<'_>, _: &[String], _: &Step) -> Outcome {
    let answer = w.request("tools/list", json!({}))?;
    let listed = answer.pointer("/result/tools").and_then(Value::as_array).cloned().unwrap_or_default();
    for tool in &listed {
        let schema = &tool["inputSchema"];
        let required = schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str);
        for arg in required {
            if schema["properties"][arg]["type"] == "string"
                && let Some(name) = tool["name"].as_str()
            {
                w.picked_tool = Some((name.to_string(), arg.to_string()));
                return Ok(());
            }
        }
    }
    Err(StepError::NotApplicable("no listed tool takes a required string argument".into()))
}

fn structured_matches(w: &mut World<'_>, _: &[String], _: &Step) -> Outcome {
    let output = tool_output(w)?;
    let structured = w.result()?["structuredContent"].clone();
    ensure(structured == output, || format!("structuredContent {structured} differs from the text {output}"))?;
    let tool = w.last_tool.clone().ok_or_else(|| fail("no tool was called"))?;
    let call = w.answers.clone();
    let listed = w.request("tools/list", json!({}))?;
    w.answers = call;
    let tools = listed.pointer("/result/tools").and_then(Value::as_array).cloned().unwrap_or_default();
    let schema = tools
        .iter()
        .find(|t| t["name"] == json!(tool))
        .map(|t| t["outputSchema"].clone())
        .ok_or_else(|| fail(format!("{tool} is not listed")))?;
    let validator = jsonschema::validator_for(&schema).map_err(|e| fail(format!("{tool}'s outputSchema: {e}")))?;
    let errors: Vec<String> =
        validator.iter_errors(&structured).map(|e| format!("{}: {e}", e.instance_path().as_str())).collect();
    ensure(errors.is_empty(), || format!("{tool} output fails its outputSchema: {errors:?}"))
}

/// Over Streamable HTTP a server may refuse a notification (or a batch of them) it cannot
/// accept: 2025-11-25 basic/transports, "If the server cannot accept the input, it MUST return
/// an HTTP error status code (e.g., 400 Bad Request). The HTTP response body MAY comprise a
/// JSON-RPC error response that has no id." That is not an answer to the notification; a
/// result, an error carrying an id, or a 2xx with a body still is.
fn refused_over_http(w: &World<'_>) -> bool {
    let Some(response) = &w.last_http else { return false };
    let id_less_error = |a: &Value| a.get("error").is_some() && a.get("id").is_none_or(Value::is_null);
    (400..500).contains(&response.status) && w.answers.iter().all(id_less_error)
}
