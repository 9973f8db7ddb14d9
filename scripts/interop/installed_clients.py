"""`ctxlake install --all` in a scratch HOME where every client is present, then each written
configuration read back the way its client reads it and started as that client would (its
command, args and env), driven through a handshake and tools/list by the official Python SDK
client (PyPI `mcp` 2.x). VS Code's, Gemini CLI's, Zed's and OpenCode's files are JSON with comments;
Codex's is TOML; Goose's and Hermes' are YAML (PyPI `PyYAML`, as Hermes itself reads it).

usage: installed_clients.py PATH/TO/ctxlake     exit status 0 when every client's wiring works
"""
import asyncio
import json
import os
import re
import subprocess
import sys
import tempfile
import tomllib

import yaml

from mcp import Client
from mcp.client.stdio import StdioServerParameters

CLINE = ".config/Code/User/globalStorage/saoudrizwan.claude-dev"
FILES = {
    "claude-code": (".claude.json", "json", ("mcpServers", "ctxlake")),
    "cursor": (".cursor/mcp.json", "json", ("mcpServers", "ctxlake")),
    "claude-desktop": (".config/Claude/claude_desktop_config.json", "json", ("mcpServers", "ctxlake")),
    "vscode": (".config/Code/User/mcp.json", "jsonc", ("servers", "ctxlake")),
    "codex": (".codex/config.toml", "toml", ("mcp_servers", "ctxlake")),
    "gemini-cli": (".gemini/settings.json", "jsonc", ("mcpServers", "ctxlake")),
    "windsurf": (".codeium/windsurf/mcp_config.json", "json", ("mcpServers", "ctxlake")),
    "cline": (f"{CLINE}/settings/cline_mcp_settings.json", "json", ("mcpServers", "ctxlake")),
    "zed": (".config/zed/settings.json", "jsonc", ("context_servers", "ctxlake")),
    "opencode": (".config/opencode/opencode.json", "jsonc", ("mcp", "ctxlake")),
    "goose": (".config/goose/config.yaml", "yaml", ("extensions", "ctxlake")),
    "hermes": (".hermes/config.yaml", "yaml", ("mcp_servers", "ctxlake")),
}


def launch(client_name, entry):
    """(command, args, env) the way each client reads its entry."""
    if client_name == "opencode":
        assert entry["type"] == "local" and entry["enabled"] is True, entry
        return entry["command"][0], entry["command"][1:], entry["environment"]
    if client_name == "goose":
        assert entry["type"] == "stdio" and entry["enabled"] is True and entry["name"] == "ctxlake", entry
        return entry["cmd"], entry["args"], entry["envs"]
    return entry["command"], entry.get("args", []), entry.get("env", {})


def strip_jsonc(text):
    """Comments and trailing commas out, strings untouched (what VS Code's parser accepts)."""
    out, i, in_string = [], 0, False
    while i < len(text):
        c = text[i]
        if in_string:
            out.append(c)
            if c == "\\":
                out.append(text[i + 1]); i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True; out.append(c)
        elif text.startswith("//", i):
            i = text.find("\n", i) if "\n" in text[i:] else len(text); continue
        elif text.startswith("/*", i):
            i = text.index("*/", i) + 2; continue
        else:
            out.append(c)
        i += 1
    return re.sub(r",(\s*[}\]])", r"\1", "".join(out))


def entry(home, path, kind, keys):
    with open(os.path.join(home, path)) as f:
        text = f.read()
    parse = {"json": json.loads, "jsonc": lambda t: json.loads(strip_jsonc(t)), "toml": tomllib.loads, "yaml": yaml.safe_load}
    document = parse[kind](text)
    for key in keys:
        document = document[key]
    return document


async def drive(client_name, server, home):
    command, args, server_env = launch(client_name, server)
    env = dict(server_env, HOME=home, PATH=os.environ.get("PATH", ""))
    params = StdioServerParameters(command=command, args=args, env=env)
    async with Client(params, mode="legacy", raise_exceptions=True) as client:
        listed = await client.list_tools()
        status = await client.call_tool("fleet_status", {})
        assert "fleet_status" in {t.name for t in listed.tools}, listed
        assert status.structured_content["fleet_id"] == "interop", status
        print(f"  ok: {client_name}: {command} {' '.join(args)} answers as fleet interop")


async def main(binary):
    with tempfile.TemporaryDirectory() as home:
        os.makedirs(f"{home}/.claude")
        os.makedirs(f"{home}/.cursor")
        os.makedirs(f"{home}/.config/Claude")
        os.makedirs(f"{home}/.config/Code/User")
        os.makedirs(f"{home}/.codex")
        os.makedirs(f"{home}/.gemini")
        os.makedirs(f"{home}/.codeium/windsurf")
        os.makedirs(f"{home}/{CLINE}")
        os.makedirs(f"{home}/.config/zed")
        os.makedirs(f"{home}/.config/opencode")
        os.makedirs(f"{home}/.config/goose")
        os.makedirs(f"{home}/.hermes")
        with open(f"{home}/.config/goose/config.yaml", "w") as f:
            f.write("# mine\nGOOSE_PROVIDER: openai\nextensions:\n  developer:\n    enabled: true\n    type: builtin\n    name: developer\n")
        with open(f"{home}/.config/Code/User/mcp.json", "w") as f:
            f.write('// mine\n{\n  "servers": {\n    "py": {"type": "stdio", "command": "python3"}, // keep\n  },\n}\n')
        env = {"HOME": home, "PATH": os.environ.get("PATH", "")}
        subprocess.run([binary, "install", "--all", "--fleet", "interop", "--agent", "py-installed"], env=env, check=True)
        for client_name, (path, kind, keys) in FILES.items():
            await drive(client_name, entry(home, path, kind, keys), home)
        for client_name, path in [("claude-code", ".claude/settings.json"), ("gemini-cli", ".gemini/settings.json")]:
            # The SessionStart hook runs as each client runs it (bash -c) and prints the context.
            hook = entry(home, path, "jsonc", ("hooks", "SessionStart"))[-1]["hooks"][0]["command"]
            out = subprocess.run(["bash", "-c", hook], env=env, cwd=home, capture_output=True, text=True, check=True)
            # An empty cache gives an empty briefing; the shape is what each client reads.
            context = json.loads(out.stdout)["hookSpecificOutput"]["additionalContext"]
            assert isinstance(context, str), out.stdout
            print(f"  ok: {client_name}: its SessionStart hook prints the additionalContext both clients read")
        assert "py" in entry(home, *FILES["vscode"][:2], ("servers",)), "VS Code's own server is kept"
        assert "developer" in entry(home, *FILES["goose"][:2], ("extensions",)), "Goose's own extension is kept"
        subprocess.run([binary, "uninstall", "--all"], env=env, check=True)
        with open(f"{home}/.config/Code/User/mcp.json") as f:
            assert f.read().startswith("// mine"), "uninstall restored VS Code's file"
        with open(f"{home}/.config/goose/config.yaml") as f:
            assert f.read().startswith("# mine\nGOOSE_PROVIDER"), "uninstall restored Goose's file"
        print("  ok: every client's written configuration starts ctxlake; uninstall restored them")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
