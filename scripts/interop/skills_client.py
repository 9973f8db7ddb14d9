"""A host's side of the Skills extension (SEP-2640), raw JSON-RPC on 2026-07-28, against ctxlake
over stdio (`ctxlake mcp`) and Streamable HTTP (`ctxlake serve`). No released SDK has a skills
client yet (PyPI `mcp` 2.3.0 and npm `@modelcontextprotocol/sdk` 1.32.2 have none), so this one
follows the extension's host rules itself: discover the capability, list skills page by page,
fetch a skill's files only when loading it, verify each against its entry's digest and size
before using it, and compare SKILL.md's YAML frontmatter field by field with the entry's.

usage: skills_client.py PATH/TO/ctxlake     exit status 0 when every check held
"""
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import urllib.request

import yaml

REVISION = "2026-07-28"
META = {
    "io.modelcontextprotocol/protocolVersion": REVISION,
    "io.modelcontextprotocol/clientInfo": {"name": "skills-host", "version": "1"},
    "io.modelcontextprotocol/clientCapabilities": {},
}


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print(f"  ok: {what}")


class Stdio:
    def __init__(self, binary, env):
        self.proc = subprocess.Popen([binary, "mcp"], env=env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        self.next = 0

    def request(self, method, params=None):
        self.next += 1
        frame = {"jsonrpc": "2.0", "id": self.next, "method": method, "params": dict(params or {}, _meta=META)}
        self.proc.stdin.write(json.dumps(frame) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


class Http:
    def __init__(self, url):
        self.url, self.next = url, 0

    def request(self, method, params=None):
        self.next += 1
        body = {"jsonrpc": "2.0", "id": self.next, "method": method, "params": dict(params or {}, _meta=META)}
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
                   "MCP-Protocol-Version": REVISION, "Mcp-Method": method}
        if "uri" in (params or {}):
            headers["Mcp-Name"] = params["uri"]
        request = urllib.request.Request(self.url, json.dumps(body).encode(), headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=20) as answer:
                text = answer.read().decode()
        except urllib.error.HTTPError as refused:
            text = refused.read().decode()
        if text.startswith("event:") or text.startswith("data:") or text.startswith("id:"):
            text = next(line[5:] for line in text.splitlines() if line.startswith("data:"))
        return json.loads(text)

    def close(self):
        pass


def frontmatter(text):
    found = re.match(r"---\r?\n(.*?)\r?\n---[ \t]*(\r?\n|$)", text, re.S)
    return yaml.safe_load(found.group(1)) if found else None


def host(client, where):
    print(f"{where}:")
    discovered = client.request("server/discover")["result"]["capabilities"]
    skills_capability = discovered.get("extensions", {}).get("io.modelcontextprotocol/skills")
    check(isinstance(skills_capability, dict) and "resources" in discovered,
          "server/discover declares io.modelcontextprotocol/skills beside resources")
    entries, cursor = [], None
    while True:
        page = client.request("skills/list", {"cursor": cursor} if cursor else {})["result"]
        check(page["resultType"] == "complete" and "ttlMs" in page and "cacheScope" in page,
              f"a skills/list page carries resultType, ttlMs and cacheScope ({len(page['skills'])} skills)")
        entries += page["skills"]
        cursor = page.get("nextCursor")
        if not cursor:
            break
    names = [entry["frontmatter"]["name"] for entry in entries]
    check(len(entries) >= 9 and len(set(names)) == len(names), f"{len(entries)} skills, names unique: {names}")
    # Load one skill the way a host does when its model asks for it: every file, each verified.
    entry = next(e for e in entries if e["frontmatter"]["name"] == "security-guidance")
    fetched = client.request("skills/get", {"uri": entry["uri"]})["result"]["skill"]
    check(fetched == entry, "skills/get answers the entry skills/list gave")
    for resource in entry["resources"]:
        contents = client.request("resources/read", {"uri": resource["uri"]})["result"]["contents"][0]
        raw = contents["text"].encode("utf-8")
        if len(raw) != resource["size"] or "sha256:" + hashlib.sha256(raw).hexdigest() != resource["digest"]:
            raise AssertionError(f"{resource['uri']} fails verification")
    check(True, f"all {len(entry['resources'])} files of security-guidance match their digest and size")
    skill_md = client.request("resources/read", {"uri": entry["uri"]})["result"]["contents"][0]
    check(skill_md["mimeType"] == "text/markdown" and frontmatter(skill_md["text"]) == entry["frontmatter"],
          "SKILL.md's YAML frontmatter equals the entry's, field by field")
    folder = entry["uri"].rsplit("/", 1)[0]
    children = client.request("resources/directory/read", {"uri": folder})["result"]["resources"]
    check([c["mimeType"] for c in children] == ["inode/directory", "text/markdown"],
          "resources/directory/read lists references/ and SKILL.md")
    unknown = client.request("skills/get", {"uri": "skill://nowhere/none/SKILL.md"})
    check(unknown.get("error", {}).get("code") == -32602, "an unknown skill is -32602")


def main(binary):
    with tempfile.TemporaryDirectory() as root:
        env = dict(os.environ, HOME=root, CTXLAKE_FLEET_ID="interop", CTXLAKE_AGENT_ID="skills-host",
                   CTXLAKE_CACHE_DIR=f"{root}/cache", CTXLAKE_SPOOL_DIR=f"{root}/spool")
        stdio = Stdio(binary, env)
        try:
            host(stdio, "ctxlake mcp (stdio)")
        finally:
            stdio.close()
        server = subprocess.Popen([binary, "serve", "--bind", "127.0.0.1:0"], env=env,
                                  stderr=subprocess.PIPE, text=True)
        try:
            line = server.stderr.readline()
            found = re.search(r"http://\S+/mcp", line)
            check(found is not None, f"ctxlake serve printed its address ({line.strip()})")
            host(Http(found.group(0)), "ctxlake serve (HTTP)")
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main(sys.argv[1])
