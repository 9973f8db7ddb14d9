//! Steps that test what a server offers besides tools, black-box: they discover the target's
//! resources, prompts and their arguments from its own lists and test those, never names a
//! test suite would plant. A check whose target offers nothing of the kind is not applicable.

use super::Registry;
use crate::conform::world::{StepError, World, ensure, fail};
use serde_json::{Value, json};

/// Items read at most per check (a server may list thousands).
const SAMPLE: usize = 10;
/// Pages followed at most by a listing step.
const PAGES: usize = 100;

pub fn register(r: &mut Registry) {
    r.add(r#"the client lists "([^"]*)" to the end"#, |w, a, _| {
        let key = match a[0].as_str() {
            "tools/list" => "tools",
            "resources/list" => "resources",
            "resources/templates/list" => "resourceTemplates",
            "prompts/list" => "prompts",
            "skills/list" => "skills",
            other => return Err(fail(format!("`{other}` is not a list method"))),
        };
        w.listed.clear();
        let mut cursor: Option<String> = None;
        for _ in 0..PAGES {
            let params = cursor.as_ref().map_or_else(|| json!({}), |c| json!({"cursor": c}));
            let answer = w.request(&a[0], params)?;
            let result = answer.get("result").ok_or_else(|| fail(format!("{} was answered {answer}", a[0])))?;
            let items = result[key].as_array().ok_or_else(|| fail(format!("no `{key}` array: {result}")))?;
            w.listed.extend(items.iter().cloned());
            match result.get("nextCursor") {
                Some(Value::String(next)) => cursor = Some(next.clone()),
                None | Some(Value::Null) => return Ok(()),
                Some(other) => return Err(fail(format!("nextCursor is not a string: {other}"))),
            }
        }
        Err(fail(format!("{} still had a nextCursor after {PAGES} pages", a[0])))
    });
    r.add(r"no two listed items share their (\S+)", |w, a, _| {
        let mut seen = std::collections::BTreeSet::new();
        for item in &w.listed {
            let key = item[&a[0]].to_string();
            ensure(seen.insert(key.clone()), || format!("two listed items share {} {key}", a[0]))?;
        }
        Ok(())
    });
    r.add(r"the items listed have the (\S+) (.+)", |w, a, _| {
        let got: Vec<Value> = w.listed.iter().map(|item| item[&a[0]].clone()).collect();
        let expected: Value = serde_json::from_str(&a[1]).map_err(|e| fail(format!("not JSON: {e}")))?;
        ensure(Value::Array(got.clone()) == expected, || format!("listed {}s: {got:?}, expected {expected}", a[0]))
    });
    // The quoted text may hold `\"` for a quote.
    r.add(r#"the result at (\S+) (mentions|does not mention) "((?:[^"\\]|\\.)*)""#, |w, a, _| {
        let result = w.result()?;
        let text = result.pointer(&a[0]).and_then(Value::as_str);
        let text = text.ok_or_else(|| fail(format!("no text at {}: {result}", a[0])))?;
        let (wanted, needle) = (a[1] == "mentions", a[2].replace("\\\"", "\""));
        ensure(text.contains(&needle) == wanted, || format!("{} {} {needle:?}: {text}", a[0], a[1]))
    });
    r.add(r"the result at (\S+) has no U\+([0-9A-Fa-f]{4,6})", |w, a, _| {
        let code = u32::from_str_radix(&a[1], 16).ok().and_then(char::from_u32).ok_or_else(|| fail("a code point"))?;
        let result = w.result()?;
        let text = result.pointer(&a[0]).and_then(Value::as_str);
        let text = text.ok_or_else(|| fail(format!("no text at {}: {result}", a[0])))?;
        ensure(!text.contains(code), || format!("U+{} reached {}: {text:?}", a[1], a[0]))
    });
    r.add(r"every listed item has a string (\S+) and a string (\S+)", |w, a, _| {
        for item in &w.listed {
            ensure(item[&a[0]].is_string() && item[&a[1]].is_string(), || {
                format!("a listed item needs a string {} and a string {}: {item}", a[0], a[1])
            })?;
        }
        Ok(())
    });
    r.add("the client subscribes to the first listed resource, then unsubscribes", |w, _, _| {
        let declared = super::observed::declared_capabilities(w);
        if declared.get("resources").and_then(|r| r.get("subscribe")) != Some(&Value::Bool(true)) {
            return Err(StepError::NotApplicable("the server does not declare resources.subscribe".into()));
        }
        let uri = listed(w, "resources")?.iter().find_map(|r| r["uri"].as_str().map(str::to_string));
        let uri = uri.ok_or_else(|| fail("no listed resource has a string uri"))?;
        for method in ["resources/subscribe", "resources/unsubscribe"] {
            let answer = w.request(method, json!({"uri": uri}))?;
            ensure(answer["result"].is_object(), || format!("{method} of the listed {uri} was answered {answer}"))?;
        }
        Ok(())
    });
    r.add("every listed resource reads as contents naming its uri", |w, _, _| {
        let uris: Vec<String> =
            listed(w, "resources")?.iter().filter_map(|r| r["uri"].as_str().map(str::to_string)).collect();
        for uri in uris.into_iter().take(SAMPLE) {
            let answer = w.request("resources/read", json!({"uri": uri}))?;
            let contents = answer.pointer("/result/contents").and_then(Value::as_array);
            let contents = contents.ok_or_else(|| fail(format!("resources/read {uri} was answered {answer}")))?;
            ensure(!contents.is_empty(), || format!("resources/read {uri}: empty contents"))?;
            for content in contents {
                let (text, blob) = (content["text"].is_string(), content["blob"].is_string());
                ensure(content["uri"].is_string() && text != blob, || {
                    format!("resources/read {uri}: a content needs a uri and exactly one of text and blob: {content}")
                })?;
            }
            ensure(contents.iter().any(|c| c["uri"] == json!(uri)), || {
                format!("resources/read {uri}: no content names the uri read")
            })?;
        }
        Ok(())
    });
    r.add("every listed resource reads as a result with its type and cache hints", |w, _, _| {
        let uris: Vec<String> =
            listed(w, "resources")?.iter().filter_map(|r| r["uri"].as_str().map(str::to_string)).collect();
        if uris.is_empty() {
            return Err(StepError::NotApplicable("the target lists no resource to read".into()));
        }
        for uri in uris.into_iter().take(SAMPLE) {
            let answer = w.request("resources/read", json!({"uri": uri}))?;
            let result =
                answer.get("result").ok_or_else(|| fail(format!("resources/read {uri} was answered {answer}")))?;
            // The schema lets a read ask for input first (an InputRequiredResult, not cacheable).
            if result["resultType"] == "input_required" {
                continue;
            }
            ensure(result["resultType"] == "complete", || {
                format!("resources/read {uri}: resultType is not \"complete\": {result}")
            })?;
            for hint in ["ttlMs", "cacheScope"] {
                ensure(result.get(hint).is_some(), || format!("resources/read {uri}: no {hint} in {result}"))?;
            }
        }
        Ok(())
    });
    r.add(r"reading an unknown resource is (an error|error -32602 naming its uri)", |w, a, _| {
        let uri = "ctxlake-conform://no-such-resource/7f3a";
        let answer = w.request("resources/read", json!({"uri": uri}))?;
        ensure(answer.get("error").is_some(), || format!("an unknown uri was answered {answer}"))?;
        if a[0] == "an error" {
            return Ok(());
        }
        ensure(answer["error"]["code"] == -32602, || format!("expected -32602: {answer}"))?;
        ensure(answer["error"]["data"]["uri"] == uri, || format!("error.data.uri does not name {uri}: {answer}"))
    });
    r.add(r#"every listed prompt gets messages, its required arguments given "([^"]*)""#, |w, a, _| {
        let prompts: Vec<Value> = listed(w, "prompts")?.iter().take(SAMPLE).cloned().collect();
        for prompt in prompts {
            let name = prompt["name"].as_str().ok_or_else(|| fail(format!("a prompt without a name: {prompt}")))?;
            let required: Vec<String> = prompt["arguments"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|arg| arg["required"] == true)
                .filter_map(|arg| arg["name"].as_str().map(str::to_string))
                .collect();
            // An argument may take only some values: the server's own first completion, if it
            // offers one, else the step's value.
            let mut arguments = serde_json::Map::new();
            let mut guessed = false;
            for argument in required {
                let value = suggestion(w, name, &argument).unwrap_or_else(|| {
                    guessed = true;
                    a[0].clone()
                });
                arguments.insert(argument, json!(value));
            }
            let answer = w.request("prompts/get", json!({"name": name, "arguments": arguments}))?;
            if guessed && answer.get("error").is_some() {
                continue; // a value it may not take was guessed: refusing it is the server's right
            }
            let result =
                answer.get("result").ok_or_else(|| fail(format!("prompts/get {name} was answered {answer}")))?;
            if result["resultType"] == "input_required" {
                continue; // it asks the client first (2026-07-28): a valid answer, not messages yet
            }
            let messages =
                result["messages"].as_array().ok_or_else(|| fail(format!("{name}: no messages: {result}")))?;
            for message in messages {
                let role = message["role"].as_str().unwrap_or_default();
                ensure(matches!(role, "user" | "assistant") && message["content"]["type"].is_string(), || {
                    format!("{name}: a message needs a role (user or assistant) and a typed content: {message}")
                })?;
            }
        }
        Ok(())
    });
    r.add("getting an unknown prompt is error -32602", |w, _, _| {
        let answer = w.request("prompts/get", json!({"name": "ctxlake-conform-no-such-prompt"}))?;
        ensure(answer["error"]["code"] == -32602, || format!("expected -32602, got {answer}"))
    });
    r.add("completing an argument of a listed prompt gives at most 100 values", |w, _, _| {
        let answer = w.request("prompts/list", json!({}))?;
        let prompts = answer.pointer("/result/prompts").and_then(Value::as_array).cloned().unwrap_or_default();
        let found = prompts.iter().find_map(|p| Some((p["name"].as_str()?, p["arguments"][0]["name"].as_str()?)));
        let Some((prompt, argument)) = found else {
            return Err(StepError::NotApplicable("no listed prompt takes an argument".into()));
        };
        let params =
            json!({"ref": {"type": "ref/prompt", "name": prompt}, "argument": {"name": argument, "value": ""}});
        let answer = w.request("completion/complete", params)?;
        let values = answer.pointer("/result/completion/values").and_then(Value::as_array);
        let values = values.ok_or_else(|| fail(format!("completion of {prompt}.{argument} was answered {answer}")))?;
        ensure(values.len() <= 100 && values.iter().all(Value::is_string), || {
            format!("completion values must be at most 100 strings: {values:?}")
        })
    });
}

/// The first value the server suggests for `argument` of `prompt`, when it completes them.
fn suggestion(w: &mut World<'_>, prompt: &str, argument: &str) -> Option<String> {
    if !w.env.capabilities.contains_key("completions") {
        return None;
    }
    let params = json!({"ref": {"type": "ref/prompt", "name": prompt}, "argument": {"name": argument, "value": ""}});
    let answer = w.request("completion/complete", params).ok()?;
    answer.pointer("/result/completion/values/0").and_then(Value::as_str).map(str::to_string)
}

fn listed<'w>(w: &'w World<'_>, what: &str) -> Result<&'w [Value], StepError> {
    match w.listed.as_slice() {
        [] => Err(StepError::NotApplicable(format!("the server lists no {what}"))),
        items => Ok(items),
    }
}
