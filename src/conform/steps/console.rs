//! ctxlake's own console (`ctxlake serve --console`), driven over HTTP without a browser: who
//! may see which page and make which decision (`features/console.feature`). Scenarios using
//! these steps are tagged `@ctxlake`: the server is started from the check's scratch folder.

use super::Registry;
use super::fixtures::{claim_id_of, count_files, ctxlake, io, lake_dir, spawn_serve};
use crate::conform::http::{Response, Url, send};
use crate::conform::world::{Served, StepError, World, ensure, fail};
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(30);

pub fn register(r: &mut Registry) {
    r.add(r"ctxlake serve runs with the console( and a key store)?", |w, a, _| {
        let home = w.scratch_dir()?.join("serve-home");
        std::fs::create_dir_all(&home).map_err(io)?;
        let lake = lake_dir(w)?.display().to_string();
        let mut args = vec!["--console", "--lake", &lake];
        if a.first().is_some_and(|keys| !keys.is_empty()) {
            args.push("--keys");
        }
        let (child, url) = spawn_serve(w, &home, &args)?;
        w.served = Some(Served { child, url, token: String::new(), tokens: Default::default() });
        Ok(())
    });
    r.add(r#"an? (owner|fleet) key "([^"]*)" of (this fleet|the fleet "[^"]*")"#, |w, a, _| {
        let home = w.scratch_dir()?.join("serve-home");
        std::fs::create_dir_all(&home).map_err(io)?;
        let fleet = match a[2].strip_prefix("the fleet ") {
            Some(named) => named.trim_matches('"').to_string(),
            None => w.fleet.clone(),
        };
        let mut create = vec!["keys", "create", "--name", &a[1], "--fleets", &fleet];
        if a[0] == "owner" {
            create.push("--owner");
        }
        let out = ctxlake(w, &create)?
            .env("HOME", &home)
            .env("CTXLAKE_KEY_PEPPER", super::fixtures::SERVE_PEPPER)
            .output()
            .map_err(io)?;
        ensure(out.status.success(), || String::from_utf8_lossy(&out.stderr).to_string())?;
        w.console_keys.insert(a[1].clone(), String::from_utf8_lossy(&out.stdout).trim().to_string());
        Ok(())
    });
    r.add(r#""([^"]*)" signs in to the console"#, |w, a, _| {
        let token = match w.console_keys.get(&a[0]) {
            Some(token) => token.clone(),
            None => format!("kb_live_{}_unknown", a[0]),
        };
        let body = form_urlencoded::Serializer::new(String::new()).append_pair("key", &token).finish();
        let response = post(w, "/console/sign-in", None, &body)?;
        remember_cookie(w, &a[0], &response);
        w.last_http = Some(response);
        Ok(())
    });
    // `{fleet}` in the page stands for the check's fleet.
    r.add(r#"(a stranger|the operator|"[^"]*") opens the console page "([^"]*)""#, |w, a, _| {
        let who = a[0].trim_matches('"').to_string();
        let cookie = w.console_cookies.get(&who).cloned();
        let page = a[1].replace("{fleet}", &w.fleet);
        let response = get(w, &page, cookie.as_deref())?;
        if who == "the operator" {
            remember_cookie(w, &who, &response);
        }
        w.last_http = Some(response);
        Ok(())
    });
    r.add(
        r#"(the operator|"[^"]*") (approves|retires|retracts) the claim "([^"]*)"( without the CSRF token)?"#,
        |w, a, _| {
            let who = a[0].trim_matches('"').to_string();
            let cookie = w.console_cookies.get(&who).cloned();
            let id = claim_id_of(w, &a[2])?;
            let page = get(w, &format!("/console/claim?{}", query(&[("id", &id)])), cookie.as_deref())?;
            let page = String::from_utf8_lossy(&page.body).into_owned();
            let action = match a[1].as_str() {
                "approves" => "approve",
                "retires" => "retire",
                _ => "retract",
            };
            let mut fields = vec![("fleet", w.fleet.clone()), ("action", action.to_string()), ("claim", id)];
            if action != "approve" {
                fields.push(("reason", "decided in the console".to_string()));
            }
            if a.get(3).is_none_or(|without| without.is_empty()) {
                fields.push(("csrf", csrf_of(&page)?));
            }
            let body = form_urlencoded::Serializer::new(String::new()).extend_pairs(&fields).finish();
            let before = count_files(&lake_dir(w)?);
            let response = post(w, "/console/decide", cookie.as_deref(), &body)?;
            if response.status != 303 {
                let after = count_files(&lake_dir(w)?);
                ensure(after == before, || format!("a refused decision changed the lake: {before} to {after} files"))?;
            }
            w.last_http = Some(response);
            Ok(())
        },
    );
    r.add(r#"the console's page (says|does not say) "([^"]*)""#, |w, a, _| {
        let page = w.last_http.as_ref().map(|r| String::from_utf8_lossy(&r.body).into_owned()).unwrap_or_default();
        let wanted = a[0] == "says";
        ensure(page.contains(&a[1]) == wanted, || format!("{} {:?}: {page}", a[0], a[1]))
    });
    r.add(r#"the console's answer has the header "([^"]*)" containing "([^"]*)""#, |w, a, _| {
        let value = w.last_http.as_ref().and_then(|r| r.header(&a[0])).unwrap_or_default().to_string();
        ensure(value.contains(&a[1]), || format!("{}: {value:?} lacks {:?}", a[0], a[1]))
    });
}

fn url(w: &World<'_>, path: &str) -> Result<Url, StepError> {
    let served = w.served.as_ref().ok_or_else(|| fail("no ctxlake serve was started"))?;
    Url::parse(&format!("http://{}{path}", served.url.authority())).map_err(fail)
}

fn get(w: &World<'_>, path: &str, cookie: Option<&str>) -> Result<Response, StepError> {
    let headers: Vec<(String, String)> = cookie.map(|c| ("Cookie".to_string(), c.to_string())).into_iter().collect();
    send(&url(w, path)?, "GET", &headers, b"", TIMEOUT).map_err(io)
}

fn post(w: &World<'_>, path: &str, cookie: Option<&str>, body: &str) -> Result<Response, StepError> {
    let mut headers = vec![("Content-Type".to_string(), "application/x-www-form-urlencoded".to_string())];
    headers.extend(cookie.map(|c| ("Cookie".to_string(), c.to_string())));
    send(&url(w, path)?, "POST", &headers, body.as_bytes(), TIMEOUT).map_err(io)
}

fn query(pairs: &[(&str, &str)]) -> String {
    form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish()
}

/// Keeps the session cookie an answer set, as a browser would.
fn remember_cookie(w: &mut World<'_>, who: &str, response: &Response) {
    if let Some(cookie) = response.header("set-cookie").and_then(|c| c.split(';').next()) {
        w.console_cookies.insert(who.to_string(), cookie.to_string());
    }
}

/// The CSRF token a console page's forms carry.
fn csrf_of(page: &str) -> Result<String, StepError> {
    let marker = r#"name="csrf" value=""#;
    let at = page.find(marker).ok_or_else(|| fail("the page has no CSRF field"))?;
    let rest = &page[at + marker.len()..];
    Ok(rest[..rest.find('"').unwrap_or(rest.len())].to_string())
}
