"""The token cost of an MCP server's tool catalog, measured as tests/it/catalog_size.rs measures
ctxlake's: compact JSON bytes / 4 (no tokenizer), for the model's share (each tool's name,
description and input schema) and for the whole tools/list result (every page).

usage: python3 catalog_size.py NAME -- COMMAND [ARGS...]   (repeat "NAME -- COMMAND" groups
       separated by ";;"); prints a Markdown table row per server. Standard library only.
"""
import json
import subprocess
import sys


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def tokens(value):
    return -(-len(compact(value)) // 4)


def measure(command):
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def send(message):
        proc.stdin.write(compact(message) + b"\n")
        proc.stdin.flush()

    def answer(request_id):
        while True:
            line = proc.stdout.readline()
            if not line:
                raise RuntimeError(f"{command[0]} closed its output")
            message = json.loads(line)
            if message.get("id") == request_id:
                return message

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "catalog-size", "version": "1"}}})
    answer(1)
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    tools, pages, cursor, request_id = [], [], None, 2
    while True:
        send({"jsonrpc": "2.0", "id": request_id, "method": "tools/list", "params": {"cursor": cursor} if cursor else {}})
        result = answer(request_id)["result"]
        pages.append(result)
        tools.extend(result.get("tools", []))
        cursor = result.get("nextCursor")
        request_id += 1
        if not cursor:
            break
    proc.stdin.close()
    proc.wait(timeout=10)
    share = [{"name": t.get("name"), "description": t.get("description"), "inputSchema": t.get("inputSchema")} for t in tools]
    return len(tools), tokens(share), sum(tokens(p) for p in pages)


def main(argv):
    groups, current = [], []
    for arg in argv:
        if arg == ";;":
            groups.append(current)
            current = []
        else:
            current.append(arg)
    groups.append(current)
    print("| server | tools | model tokens | tools/list tokens |")
    print("|---|---|---|---|")
    for group in groups:
        name, separator, *command = group
        assert separator == "--", "usage: NAME -- COMMAND ..."
        count, model, wire = measure(command)
        print(f"| {name} | {count} | {model} | {wire} |")


if __name__ == "__main__":
    main(sys.argv[1:])
