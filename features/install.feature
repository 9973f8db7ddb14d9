# `ctxlake install` and `uninstall` (issue 15, docs/install.md): ctxlake's entry in each MCP
# client's own configuration file, merged, never clobbered. Each scenario runs the real binary
# with HOME set to a folder of the scenario's own.
@ctxlake
Feature: Installing ctxlake into MCP clients touches only ctxlake's entry, and uninstall is exact
  Ref: issue 15; reference ctxlake.md §1 invariant 8: installers merge and never clobber, write a .bak first, are idempotent, and uninstall is exact

  Scenario: install adds ctxlake beside the user's servers, a second install changes nothing, uninstall restores the file
    Given the client file ".cursor/mcp.json" holds:
      """
      {"mcpServers": {"linear": {"command": "npx", "args": ["-y", "linear-mcp"]}}}
      """
    When ctxlake install runs with "--client cursor --fleet team --agent bob"
    Then the client file ".cursor/mcp.json" contains "\"linear\""
    And the client file ".cursor/mcp.json" contains "\"CTXLAKE_AGENT_ID\": \"bob\""
    And the client file ".cursor/mcp.json.bak" contains "linear-mcp"
    And the client file ".cursor/mcp.json.bak" does not contain "ctxlake"
    When ctxlake install runs with "--client cursor --fleet team --agent bob"
    Then ctxlake said "already wired, unchanged"
    When ctxlake uninstall runs with "--client cursor"
    Then the client file ".cursor/mcp.json" is byte for byte as it was

  Scenario: VS Code's comments and trailing commas survive install and uninstall
    Given the client file ".config/Code/User/mcp.json" holds:
      """
      // my servers
      {
        "servers": {
          /* python */ "py": { "type": "stdio", "command": "python3", },
        },
      }
      """
    When ctxlake install runs with "--client vscode"
    Then the client file ".config/Code/User/mcp.json" contains "// my servers"
    And the client file ".config/Code/User/mcp.json" contains "/* python */"
    And the client file ".config/Code/User/mcp.json" contains "\"type\": \"stdio\""
    When ctxlake uninstall runs with "--client vscode"
    Then the client file ".config/Code/User/mcp.json" is byte for byte as it was

  Scenario: Codex's TOML gets one table of ctxlake's and keeps its comments and other tables
    Given the client file ".codex/config.toml" holds:
      """
      model = "o4-mini"  # fast
      [mcp_servers.docs]
      command = "docs-mcp"
      """
    When ctxlake install runs with "--client codex --fleet team"
    Then the client file ".codex/config.toml" contains "[mcp_servers.ctxlake]"
    And the client file ".codex/config.toml" contains "model = \"o4-mini\"  # fast"
    When ctxlake uninstall runs with "--client codex"
    Then the client file ".codex/config.toml" is byte for byte as it was

  Scenario Outline: <client> gets ctxlake beside the user's servers, a second install changes nothing, uninstall restores the file
    Given the client file "<file>" holds:
      """
      {"mcpServers": {"linear": {"command": "npx", "args": ["-y", "linear-mcp"]}}}
      """
    When ctxlake install runs with "--client <client> --fleet team --agent bob"
    Then the client file "<file>" contains "\"linear\""
    And the client file "<file>" contains "\"ctxlake\""
    And the client file "<file>" contains "\"CTXLAKE_AGENT_ID\": \"bob\""
    And the client file "<file>.bak" contains "linear-mcp"
    And the client file "<file>.bak" does not contain "ctxlake"
    When ctxlake install runs with "--client <client> --fleet team --agent bob"
    Then ctxlake said "already wired, unchanged"
    When ctxlake uninstall runs with "--client <client>"
    Then the client file "<file>" is byte for byte as it was

    Examples:
      | client     | file                                                                                     |
      | gemini-cli | .gemini/settings.json                                                                    |
      | windsurf   | .codeium/windsurf/mcp_config.json                                                        |
      | cline      | .config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json |

  Scenario: Zed's settings get a context server beside the user's, keeping comments, and uninstall restores them
    Given the client file ".config/zed/settings.json" holds:
      """
      // Zed settings
      {
        "theme": "One Dark",
        "context_servers": {
          "docs": { "command": "docs-mcp", "args": [] }, // mine
        },
      }
      """
    When ctxlake install runs with "--client zed --fleet team --agent z-01"
    Then the client file ".config/zed/settings.json" contains "// Zed settings"
    And the client file ".config/zed/settings.json" contains "// mine"
    And the client file ".config/zed/settings.json" contains "\"CTXLAKE_AGENT_ID\": \"z-01\""
    When ctxlake install runs with "--client zed --fleet team --agent z-01"
    Then ctxlake said "already wired, unchanged"
    When ctxlake uninstall runs with "--client zed"
    Then the client file ".config/zed/settings.json" is byte for byte as it was

  Scenario: OpenCode's config gets a local server beside the user's, keeping comments, and uninstall restores it
    Given the client file ".config/opencode/opencode.json" holds:
      """
      {
        "$schema": "https://opencode.ai/config.json",
        // my servers
        "mcp": {
          "docs": { "type": "local", "command": ["docs-mcp"], "enabled": true },
        },
      }
      """
    When ctxlake install runs with "--client opencode --fleet team --agent oc-01"
    Then the client file ".config/opencode/opencode.json" contains "// my servers"
    And the client file ".config/opencode/opencode.json" contains "\"type\": \"local\""
    And the client file ".config/opencode/opencode.json" contains "\"command\": ["
    And the client file ".config/opencode/opencode.json" contains "\"environment\": {"
    And the client file ".config/opencode/opencode.json" contains "\"CTXLAKE_AGENT_ID\": \"oc-01\""
    When ctxlake install runs with "--client opencode --fleet team --agent oc-01"
    Then ctxlake said "already wired, unchanged"
    When ctxlake uninstall runs with "--client opencode"
    Then the client file ".config/opencode/opencode.json" is byte for byte as it was

  Scenario: OpenCode's opencode.jsonc is the file written when it is there, as OpenCode itself does
    Given the client file ".config/opencode/opencode.jsonc" holds:
      """
      { "theme": "opencode" }
      """
    When ctxlake install runs with "--client opencode --fleet team"
    Then the client file ".config/opencode/opencode.jsonc" contains "\"ctxlake\""
    And the client file ".config/opencode/opencode.json" does not exist

  Scenario: OpenCode's entry is found where install wrote it after an opencode.jsonc appeared beside it
    Given the client file ".config/opencode/opencode.json" holds:
      """
      {"theme": "system"}
      """
    When ctxlake install runs with "--client opencode --fleet team"
    And the client file ".config/opencode/opencode.jsonc" holds:
      """
      {"model": "anthropic/claude-sonnet-4"}
      """
    And ctxlake uninstall runs with "--client opencode"
    Then the client file ".config/opencode/opencode.json" is byte for byte as it was
    And the client file ".config/opencode/opencode.jsonc" is byte for byte as it was

  Scenario Outline: <client>'s YAML keeps its comments and other entries through install and uninstall
    Given the client file "<file>" holds:
      """
      # my settings
      model: gpt-4o   # the model
      <servers>:
        docs:
          <command>: docs-mcp
      """
    When ctxlake install runs with "--client <client> --fleet team --agent y-01"
    Then the client file "<file>" contains "# my settings"
    And the client file "<file>" contains "model: gpt-4o   # the model"
    And the client file "<file>" contains "    <command>: docs-mcp"
    And the client file "<file>" contains "  ctxlake:"
    And the client file "<file>" contains "    <command>: \"/"
    And the client file "<file>" contains "CTXLAKE_AGENT_ID: \"y-01\""
    When ctxlake install runs with "--client <client> --fleet team --agent y-01"
    Then ctxlake said "already wired, unchanged"
    When ctxlake uninstall runs with "--client <client>"
    Then the client file "<file>" is byte for byte as it was

    Examples:
      | client | file                      | servers     | command |
      | goose  | .config/goose/config.yaml | extensions  | cmd     |
      | hermes | .hermes/config.yaml       | mcp_servers | command |

  Scenario Outline: <client>'s entry for another agent is replaced in place, never duplicated, and the user's kept
    Given the client file "<file>" holds:
      """
      <text>
      """
    When ctxlake install runs with "--client <client> --fleet team --agent first-agent"
    And ctxlake install runs with "--client <client> --fleet team --agent second-agent"
    Then the client file "<file>" contains "second-agent"
    And the client file "<file>" does not contain "first-agent"
    And the client file "<file>" contains "<kept>"
    When ctxlake uninstall runs with "--client <client>"
    Then the client file "<file>" does not contain "ctxlake"
    And the client file "<file>" contains "<kept>"

    Examples:
      | client     | file                              | text                                                   | kept      |
      | gemini-cli | .gemini/settings.json             | {"mcpServers": {"docs": {"command": "docs-mcp"}}}      | docs-mcp  |
      | windsurf   | .codeium/windsurf/mcp_config.json | {"mcpServers": {"docs": {"command": "docs-mcp"}}}      | docs-mcp  |
      | zed        | .config/zed/settings.json         | {"context_servers": {"docs": {"command": "docs-mcp"}}} | docs-mcp  |
      | opencode   | .config/opencode/opencode.json    | {"mcp": {"docs": {"type": "remote", "url": "x"}}}      | "remote"  |
      | goose      | .config/goose/config.yaml         | extensions: {docs: {cmd: docs-mcp}}                    | docs-mcp  |
      | hermes     | .hermes/config.yaml               | mcp_servers:\n  docs:\n    command: docs-mcp           | docs-mcp  |

  Scenario Outline: <client>'s file that is not <format> is refused, naming its line, and not written
    Given the client file "<file>" holds:
      """
      <text>
      """
    When ctxlake install runs with "--client <client>" and exits with status 78
    Then ctxlake said "<file>: not valid <format>"
    And ctxlake said "line 2"
    And the client file "<file>" is byte for byte as it was
    And the client file "<file>.bak" does not exist

    Examples:
      | client     | format            | file                           | text                                    |
      | gemini-cli | JSON with comments | .gemini/settings.json          | {"mcpServers":\n  {"a": 1 "b": 2}}       |
      | zed        | JSON with comments | .config/zed/settings.json      | {"context_servers":\n  {"a": 1 "b": 2}}  |
      | opencode   | JSON with comments | .config/opencode/opencode.json | {"mcp":\n  {"a": 1 "b": 2}}              |
      | goose      | YAML               | .config/goose/config.yaml      | extensions:\n  a: [1, 2                  |

  Scenario Outline: YAML that <what> is refused, naming why, and not written
    Given the client file ".hermes/config.yaml" holds:
      """
      <text>
      """
    When ctxlake install runs with "--client hermes" and exits with status 78
    Then ctxlake said ".hermes/config.yaml"
    And ctxlake said "<said>"
    And the client file ".hermes/config.yaml" is byte for byte as it was
    And the client file ".hermes/config.yaml.bak" does not exist

    Examples:
      | what                                       | text                                                         | said                                              |
      | is not YAML                                | mcp_servers: [docs                                           | not valid YAML                                    |
      | holds its servers as a list                | mcp_servers: [docs]                                          | mcp_servers is not a mapping                      |
      | shares its servers with an alias           | mcp_servers: &s {docs: {command: docs-mcp}}\nbackup: *s      | would change more of this file than its own entry |

  Scenario: Gemini CLI's settings keep their comments and other keys through install and uninstall
    Given the client file ".gemini/settings.json" holds:
      """
      // my settings
      {
        "theme": "GitHub", /* dark later */
        "mcpServers": {}
      }
      """
    When ctxlake install runs with "--client gemini-cli --fleet team"
    Then the client file ".gemini/settings.json" contains "// my settings"
    And the client file ".gemini/settings.json" contains "/* dark later */"
    And the client file ".gemini/settings.json" contains "\"ctxlake\""
    When ctxlake uninstall runs with "--client gemini-cli"
    Then the client file ".gemini/settings.json" is byte for byte as it was

  Scenario Outline: <client>'s strict JSON with a comment is refused, named with its line, and not written
    Given the client file "<file>" holds:
      """
      {
        // a comment strict JSON does not allow
        "mcpServers": {}
      }
      """
    When ctxlake install runs with "--client <client>" and exits with status 78
    Then ctxlake said "<file>"
    And ctxlake said "line 2"
    And the client file "<file>" is byte for byte as it was
    And the client file "<file>.bak" does not exist

    Examples:
      | client   | file                                                                                     |
      | windsurf | .codeium/windsurf/mcp_config.json                                                        |
      | cline    | .config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json |

  Scenario: Claude Code gets the server and a SessionStart hook that prints the briefing, beside the user's hooks
    Given the client file ".claude/settings.json" holds:
      """
      {"hooks": {"SessionStart": [{"matcher": "", "hooks": [{"type": "command", "command": "echo hi"}]}]}}
      """
    When ctxlake install runs with "--client claude-code --fleet team --agent cc-01"
    Then the client file ".claude.json" contains "\"mcpServers\""
    And the client file ".claude/settings.json" contains "echo hi"
    And the client file ".claude/settings.json" contains "briefing --format claude-code"
    And the client file ".claude/settings.json" contains "CTXLAKE_FLEET_ID='team'"
    When ctxlake uninstall runs with "--client claude-code"
    Then the client file ".claude/settings.json" is byte for byte as it was
    And the client file ".claude.json" does not exist

  Scenario: Gemini CLI gets the server and a SessionStart hook that prints the briefing, beside the user's hooks
    Given the client file ".gemini/settings.json" holds:
      """
      {"hooks": {"SessionStart": [{"matcher": "startup", "hooks": [{"type": "command", "command": "echo hi"}]}]}}
      """
    When ctxlake install runs with "--client gemini-cli --fleet team --agent gem-01"
    Then the client file ".gemini/settings.json" contains "\"mcpServers\""
    And the client file ".gemini/settings.json" contains "echo hi"
    And the client file ".gemini/settings.json" contains "CTXLAKE_AGENT_ID='gem-01'"
    And the client file ".gemini/settings.json" contains "briefing --format claude-code"
    And the client file ".gemini/settings.json" contains "\"timeout\": 30000"
    When ctxlake install runs with "--client gemini-cli --fleet team --agent gem-01"
    Then ctxlake said "already wired, unchanged"
    When ctxlake uninstall runs with "--client gemini-cli"
    Then the client file ".gemini/settings.json" is byte for byte as it was

  Scenario: a file that is not valid for its format is never written, and the error names it and the position
    Given the client file ".cursor/mcp.json" holds:
      """
      {"mcpServers": {
        "a": 1,,
      }}
      """
    When ctxlake install runs with "--client cursor" and exits with status 78
    Then ctxlake said ".cursor/mcp.json"
    And ctxlake said "line 2"
    And the client file ".cursor/mcp.json" is byte for byte as it was
    And the client file ".cursor/mcp.json.bak" does not exist

  Scenario: a dry run prints the diff and writes nothing
    Given the client file ".codex/config.toml" holds:
      """
      model = "o3"
      """
    When ctxlake install runs with "--client codex --dry-run"
    Then ctxlake said "+[mcp_servers.ctxlake]"
    And ctxlake said "would be ctxlake's entry added"
    And the client file ".codex/config.toml" is byte for byte as it was

  Scenario Outline: <client>, without a project configuration, refuses --scope project with the fix
    When ctxlake install runs with "--client <client> --scope project" and exits with status 78
    Then ctxlake said "<client> has no project configuration; use --scope user"

    Examples:
      | client         |
      | claude-desktop |
      | windsurf       |
      | cline          |
      | goose          |
      | hermes         |

  Scenario: --all --scope project wires the clients that have a project file and skips the others, saying so
    Given the client file ".cursor/mcp.json" holds:
      """
      {"mcpServers": {}}
      """
    And the client file ".codeium/windsurf/mcp_config.json" holds:
      """
      {"mcpServers": {}}
      """
    When ctxlake install runs with "--all --scope project --fleet team"
    Then ctxlake said "windsurf has no project configuration; use --scope user; skipped"
    And ctxlake said "cursor"

  Scenario: the AGENTS.md snippet is printed to paste, and written only when asked, as one block uninstall takes out
    Given the client file "AGENTS.md" holds:
      """
      # Project rules

      Run make test before pushing.
      """
    When ctxlake install runs with "--agents-md"
    Then ctxlake said "call `context` with your goal"
    And the client file "AGENTS.md" does not contain "ctxlake"
    When ctxlake install runs with "--write-agents-md"
    Then the client file "AGENTS.md" contains "Run make test before pushing."
    And the client file "AGENTS.md" contains "<!-- ctxlake:begin"
    And the client file "AGENTS.md" contains "Before you stop, call `fleet_handoff`"
    When ctxlake install runs with "--write-agents-md"
    Then ctxlake said "AGENTS.md: unchanged"
    When ctxlake uninstall runs with "--write-agents-md"
    Then the client file "AGENTS.md" is byte for byte as it was
