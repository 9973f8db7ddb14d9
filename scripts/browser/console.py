#!/usr/bin/env python3
"""The owner's console in a real browser: headless Chromium (Debian's `chromium` and
`chromium-driver`) driven through WebDriver (selenium), against `ctxlake serve --keys --console`
on a folder lake in a fresh HOME.

A fleet key is refused at sign-in; the owner key signs in by typing it into the form; the review
queue shows the held preference with the gate's reason; the claim's page shows the other claim
of its subject with a word diff; the Approve button records the approval and the next
`ctxlake maint` promotes the claim; the fleet and keys pages render; the review page reflows at
320 px without the page scrolling sideways; every control is reached by Tab with a visible
focus outline; every page's text and chart marks pass WCAG AA contrast, measured from the
colours Chromium computed (the lowest ratio per page is printed); the knowledge page counts the
searches of two `ctxlake mcp` sessions; sign-out ends the session. With a second argument, a screenshot of each page is
written there (docs/console.md shows them).

Usage: console.py path/to/ctxlake [SCREENSHOT_DIR]
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.action_chains import ActionChains
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

BINARY = sys.argv[1]
SHOTS = sys.argv[2] if len(sys.argv) > 2 else None
HOME = tempfile.mkdtemp(prefix="ctxlake-console-")
ENV = {k: v for k, v in os.environ.items() if not k.startswith("CTXLAKE_")}
ENV.update(HOME=HOME, CTXLAKE_HOST_ID="host-a", CTXLAKE_KEY_PEPPER="a pepper for the browser test, long enough")


def ctxlake(*args, agent="owner", stdin=None):
    out = subprocess.run([BINARY, *args], env={**ENV, "CTXLAKE_AGENT_ID": agent}, input=stdin,
                         capture_output=True, text=True, timeout=120)
    if out.returncode != 0:
        sys.exit(f"ctxlake {' '.join(args)}: exit {out.returncode}: {out.stderr}")
    return out.stdout


def propose(agent, claim, claim_type, sessions):
    frames = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "browser-test", "version": "1"}}},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "memory_propose", "arguments": {
            "claim": claim, "type": claim_type, "subject": "org/app",
            "evidence": [{"session_id": s, "message_id": "m-1"} for s in sessions]}}},
    ]
    answer = ctxlake("mcp", agent=agent, stdin="".join(json.dumps(f) + "\n" for f in frames))
    assert "candidate" in answer, answer


def check(condition, what):
    if not condition:
        sys.exit(f"console in a browser: {what}")


def wait_for(driver, text, what):
    """Waits (a form's answer arrives after its click returns) until the page holds `text`."""
    try:
        WebDriverWait(driver, 15).until(lambda d: text in d.page_source)
    except TimeoutException:
        sys.exit(f"console in a browser: {what}: {driver.title}: {driver.page_source[-800:]}")


# WCAG 2.2's contrast ratio of every piece of text against the background it is drawn on
# (1.4.3: 4.5, or 3 for large text) and of every chart's marks against the page (1.4.11: 3),
# from the colours Chromium computed.
CONTRAST = """
const parse = c => { const m = /rgba?\\(([^)]+)\\)/.exec(c); if (!m) return null;
  const p = m[1].split(',').map(parseFloat); return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
const white = {r: 255, g: 255, b: 255, a: 1};
const behind = el => { for (let e = el; e; e = e.parentElement) {
  const c = parse(getComputedStyle(e).backgroundColor); if (c && c.a > 0) return c; } return white; };
const failures = []; let lowest = 99, checked = 0;
const judge = (what, colour, against, need) => { const r = ratio(colour, against); checked++;
  lowest = Math.min(lowest, r); if (r < need) failures.push(what + ': ' + r.toFixed(2) + ' < ' + need); };
for (const el of document.querySelectorAll('body *')) {
  const s = getComputedStyle(el);
  if (el.closest('svg') || s.display === 'none' || s.visibility === 'hidden') continue;
  if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
  const size = parseFloat(s.fontSize), bold = parseInt(s.fontWeight) >= 700;
  judge(el.tagName + ' ' + el.textContent.trim().slice(0, 30), parse(s.color), behind(el),
        size >= 24 || (size >= 18.66 && bold) ? 3 : 4.5);
}
for (const el of document.querySelectorAll('svg text')) judge('chart text', parse(getComputedStyle(el).fill), white, 4.5);
for (const el of document.querySelectorAll('svg rect')) judge('chart mark', parse(getComputedStyle(el).fill), white, 3);
return [failures, lowest, checked];
"""
LOWEST = {}


def shot(driver, name):
    """Measures the page's contrast, then saves its screenshot when asked to."""
    failures, lowest, checked = driver.execute_script(CONTRAST)
    check(checked > 0 and not failures, f"contrast on the {name} page ({checked} checked): {failures}")
    LOWEST[name] = (round(lowest, 2), checked)
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        driver.save_screenshot(os.path.join(SHOTS, f"{name}.png"))


propose("cc-01", "the owner wants small commits", "preference", ["s-1", "s-2"])
propose("cc-02", "the owner wants tiny commits on main", "convention", ["s-3"])
ctxlake("sync", "--once")
ctxlake("maint")
records = [{"id": f"kb-{n}", "slug": f"kb-{n}", "title": title, "topic": "testing", "summary": summary,
            "recommendation": "Pin the toolchain in rust-toolchain.toml", "rationale": "Reproducible builds",
            "applies_to": [], "confidence": "high", "updated_at": "2026-10-01T00:00:00Z", "status": "approved",
            "sources": [{"title": "A", "url": "https://example.org", "publisher": "P", "evidence_excerpt": "E",
                         "relation": "supports"}]}
           for n, title, summary in [(1, "Pin the Rust toolchain", "builds drift"), (2, "Vendor nothing", "old")]]
kb_file = os.path.join(HOME, "kb.jsonl")
with open(kb_file, "w") as f:
    f.write("".join(json.dumps(r) + "\n" for r in records))
ctxlake("kb", "import", kb_file, "--approve")
records[1]["summary"] = "new words"
with open(kb_file, "w") as f:
    f.write(json.dumps(records[1]) + "\n")
ctxlake("kb", "import", kb_file)
owner_key = ctxlake("keys", "create", "--name", "ana", "--owner", "--fleets", "default").strip()
fleet_key = ctxlake("keys", "create", "--name", "ci-bot", "--fleets", "default").strip()

serve_log = os.path.join(HOME, "serve.log")
serve = subprocess.Popen([BINARY, "serve", "--bind", "127.0.0.1:0", "--keys", "--console"],
                         env={**ENV, "CTXLAKE_AGENT_ID": "operator"}, stderr=open(serve_log, "w"))
driver = None
try:
    base = None
    for _ in range(200):
        found = re.search(r"listening on (http://\S+)", open(serve_log).read())
        if found:
            base = found.group(1).removesuffix("/mcp")
            break
        time.sleep(0.05)
    check(base, f"ctxlake serve printed no address: {open(serve_log).read()}")
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--user-data-dir={tempfile.mkdtemp(prefix='chromium-')}"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_window_size(1280, 1000)

    def sign_in(key):
        driver.get(base + "/console")
        check("Sign in" in driver.title, f"the sign-in page first, got {driver.title!r}")
        driver.find_element(By.ID, "key").send_keys(key)
        driver.find_element(By.CSS_SELECTOR, "main form button").click()

    sign_in(fleet_key)
    wait_for(driver, "Not an owner key", "a fleet key is refused")
    driver.get(base + "/console")
    shot(driver, "sign-in")
    sign_in(owner_key)
    wait_for(driver, "<title>Review: fleet default", "the review after signing in")
    page = driver.page_source
    check("the owner wants small commits" in page and "a preference needs a human" in page,
          "the held preference with the gate's reason")
    shot(driver, "review")

    # Every control by keyboard, each with a visible focus outline.
    # Tab from the top until focus comes back to the first control: every link and button is
    # reached, in document order, each with a visible outline.
    controls = [e for e in driver.find_elements(By.CSS_SELECTOR, "a[href], button, input:not([type=hidden]), textarea")]
    reached = []
    for _ in range(len(controls) + 3):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        focused = driver.switch_to.active_element
        if focused.tag_name == "body":
            continue  # past the last control, before Tab wraps to the first
        if reached and focused == reached[0]:
            break
        outline = focused.value_of_css_property("outline-style")
        check(outline not in ("none", ""), f"focus is visible on {focused.tag_name} {focused.text!r}: {outline}")
        reached.append(focused)
    check(reached == controls, f"Tab reaches every control in order: {[e.text for e in reached]} vs {[e.text for e in controls]}")
    reached = {e.text for e in reached}
    check("the owner wants small commits" in reached, f"Tab reaches the claim's link: {reached}")

    driver.find_element(By.LINK_TEXT, "the owner wants small commits").click()
    wait_for(driver, "<h2>Decide</h2>", "the claim's page")
    page = driver.page_source
    check("<del>small</del><ins>tiny</ins>" in page, "the word diff against the other claim of its subject")
    shot(driver, "claim")
    driver.find_element(By.XPATH, "//button[normalize-space()='Approve']").click()
    wait_for(driver, "Recorded: approved", "the approval is recorded")
    ctxlake("maint")
    listed = ctxlake("claims", "list")
    check(any("small commits" in l and " promoted " in l for l in listed.splitlines()),
          f"the next fold promoted the approved claim:\n{listed}")

    # The knowledge base: the edit's diff against the approved version, then a deprecation the
    # knowledge tools see at once.
    driver.find_element(By.LINK_TEXT, "Knowledge").click()
    wait_for(driver, "edited since approved", "the edited record is marked")
    shot(driver, "knowledge")
    driver.find_element(By.LINK_TEXT, "Vendor nothing").click()
    wait_for(driver, "<del>old</del><ins>new words</ins>", "the record's diff against its approved version")
    shot(driver, "record")
    def search(query):
        frames = [{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                      "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}},
                  {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                   "params": {"name": "search_knowledge", "arguments": {"query": query}}}]
        answer = json.loads(ctxlake("mcp", stdin="".join(json.dumps(f) + "\n" for f in frames)).strip().splitlines()[-1])
        check("result" in answer and not answer["result"].get("isError"), f"search_knowledge answered: {answer}")
        return json.dumps(answer["result"].get("structuredContent", {}))

    check('"kb-1"' in search("pin the rust toolchain"), "search_knowledge returns the approved record first")
    driver.get(base + "/console/record?id=kb-1")
    driver.find_element(By.XPATH, "//button[normalize-space()='Deprecate: stop serving it']").click()
    wait_for(driver, "Deprecated:", "the deprecation is recorded")
    check('"kb-1"' not in search("pin the rust toolchain"), "search_knowledge no longer returns the deprecated record")
    # Each `ctxlake mcp` above counted its search in the knowledge base's search log on exit.
    driver.get(base + "/console/knowledge")
    wait_for(driver, "Searches (2 in the last 30 days)", "the knowledge page counts both searches")
    check("Records returned most often" in driver.page_source and "pin the rust toolchain" not in driver.page_source,
          "the records returned are charted and the query is not shown")
    shot(driver, "knowledge-quality")

    driver.get(base + "/console/fleet")
    check("Live agents" in driver.page_source and "cc-01" in driver.page_source, "the fleet page")
    shot(driver, "fleet")
    driver.get(base + "/console/keys")
    check("ci-bot" in driver.page_source, "the keys page lists the fleet's keys")
    shot(driver, "keys")

    driver.set_window_size(320, 900)
    driver.get(base + "/console")
    width = driver.execute_script(
        "return [window.innerWidth, document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    check(width[0] <= 330, f"the window is 320 px wide: {width}")
    check(width[1] <= width[2], f"the page does not scroll sideways at 320 px: {width}")
    shot(driver, "review-320px")

    driver.set_window_size(1280, 1000)
    driver.find_element(By.XPATH, "//button[normalize-space()='Sign out']").click()
    wait_for(driver, "<title>Sign in", "signed out")
    driver.get(base + "/console")
    check("Sign in" in driver.title, "still signed out")
    print(f"console in a browser: ok ({driver.capabilities.get('browserVersion')}), screenshots: {SHOTS or 'none'}")
    print("lowest contrast ratio per page (ratio, pieces checked): "
          + ", ".join(f"{name} {ratio} ({n})" for name, (ratio, n) in LOWEST.items()))
finally:
    if driver:
        driver.quit()
    serve.kill()
