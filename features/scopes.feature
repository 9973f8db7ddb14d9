# What each kind of caller of `ctxlake serve` may call, read and get over MCP (issue 36, docs/serve.md
# "Keys"): a key's fleets and tool groups decide the tools it sees and calls, and a resource or a
# prompt is served only where the tool whose data it shows is. `cargo test` runs this table on a
# SQLite state store; tests/it/serve/state.rs runs it again on PostgreSQL (`.ci/run`).
# Answers: reached (the tool, resource or prompt answered, even with isError for missing
# arguments), unknown (-32602: no such tool, resource, prompt or skill for this caller), listed or not
# listed (tools/list), HTTP 429 daily or HTTP 429 writes (the budget that refused, with
# Retry-After), or the HTTP status of another refusal (on 2026-07-28, a method not offered to the
# caller is 404: skills to a key that sees neither the knowledge nor the memory tools).
@stdio @ctxlake
Feature: Scopes on the MCP path: each kind of key gets what its scope allows, and nothing else
  Ref: issue 36, serve on many hosts: "A key's tool groups, fleets and projects are enforced on every tools/call, resources/read and prompt, on every host (a read-only key can never write through MCP)"

  Scenario: every kind of caller gets what its key allows and nothing else, on the state store
    Given ctxlake serve runs on the state store with guests and these keys:
      | key     | options                                                                            |
      | full    | --fleets web                                                                       |
      | reader  | --fleets web --tools memory_search,fleet_status,fleet_history,search_knowledge,get_guidance |
      | memory  | --fleets web --tools memory                                                        |
      | fleet   | --fleets web --tools fleet                                                         |
      | kb      |                                                                                    |
      | owner   | --fleets web --owner                                                               |
      | two     | --fleets web,ops                                                                   |
      | gone    | --fleets web (revoked)                                                             |
    Then each caller's requests are answered as the table says:
      | caller    | method         | target                        | answer     |
      | full      | tools/call     | memory_propose                | reached    |
      | full      | tools/call     | fleet_claim                   | reached    |
      | full      | tools/call     | submit_feedback               | reached    |
      | full      | resources/read | ctxlake://fleet/web/status    | reached    |
      | full      | resources/read | ctxlake://fleet/ops/status    | unknown    |
      | full      | prompts/get    | handoff                       | reached    |
      | full      | prompts/get    | resume-work                   | reached    |
      | full@ops  | tools/call     | fleet_status                  | HTTP 403   |
      | reader    | tools/call     | memory_search                 | reached    |
      | reader    | tools/call     | fleet_status                  | reached    |
      | reader    | tools/call     | memory_propose                | unknown    |
      | reader    | tools/call     | fleet_claim                   | unknown    |
      | reader    | tools/call     | fleet_release                 | unknown    |
      | reader    | tools/call     | fleet_handoff                 | unknown    |
      | reader    | tools/call     | submit_feedback               | unknown    |
      | reader    | tools/list     | memory_propose                | not listed |
      | reader    | tools/list     | memory_search                 | listed     |
      | reader    | resources/read | ctxlake://fleet/web/status    | reached    |
      | reader    | resources/read | ctxlake://fleet/web/briefing  | unknown    |
      | reader    | prompts/get    | handoff                       | unknown    |
      | reader    | prompts/get    | resume-work                   | unknown    |
      | memory    | tools/call     | memory_propose                | reached    |
      | memory    | tools/call     | fleet_status                  | unknown    |
      | memory    | tools/call     | search_knowledge              | unknown    |
      | memory    | resources/read | ctxlake://fleet/web/status    | unknown    |
      | memory    | prompts/get    | handoff                       | unknown    |
      | fleet     | tools/call     | fleet_claim                   | reached    |
      | fleet     | tools/call     | memory_propose                | unknown    |
      | fleet     | tools/call     | memory_search                 | unknown    |
      | fleet     | prompts/get    | handoff                       | reached    |
      | kb        | tools/call     | search_knowledge              | reached    |
      | kb        | tools/call     | fleet_status                  | unknown    |
      | kb        | tools/call     | memory_propose                | unknown    |
      | kb        | tools/list     | fleet_status                  | not listed |
      | kb        | resources/read | ctxlake://fleet/web/status    | unknown    |
      | kb        | prompts/get    | handoff                       | unknown    |
      | owner     | tools/call     | memory_propose                | reached    |
      | two       | tools/call     | fleet_status                  | HTTP 400   |
      | two@ops   | tools/call     | fleet_status                  | reached    |
      | two@other | tools/call     | fleet_status                  | HTTP 403   |
      | guest     | tools/call     | search_knowledge              | reached    |
      | guest     | tools/call     | fleet_status                  | unknown    |
      | guest     | tools/call     | memory_propose                | unknown    |
      | guest     | tools/list     | memory_search                 | not listed |
      | guest     | resources/read | ctxlake://fleet/web/status    | unknown    |
      | guest     | prompts/get    | handoff                       | unknown    |
      | gone      | tools/call     | search_knowledge              | HTTP 401   |
      | gone      | tools/list     | search_knowledge              | HTTP 401   |
      | gone      | resources/read | ctxlake://fleet/web/status    | HTTP 401   |
      | gone      | prompts/get    | handoff                       | HTTP 401   |
      | full      | skills/get     | skill://guidance/security-guidance/SKILL.md | reached     |
      | kb        | skills/get     | skill://guidance/security-guidance/SKILL.md | reached     |
      | guest     | skills/get     | skill://guidance/security-guidance/SKILL.md | reached     |
      | memory    | skills/get     | skill://guidance/security-guidance/SKILL.md | unknown     |
      | fleet     | skills/get     | skill://guidance/security-guidance/SKILL.md | HTTP 404    |
      | gone      | skills/get     | skill://guidance/security-guidance/SKILL.md | HTTP 401    |

  Scenario: calls of tools that write have a budget of their own, a quarter of the daily quota unless the key sets one
    Given ctxlake serve runs on the state store with guests and these keys:
      | key   | options                                |
      | small | --fleets web --quota 8                 |
      | wide  | --fleets web --quota 4 --write-quota 3 |
    Then each caller's requests are answered as the table says:
      | caller | method         | target                     | answer         |
      | small  | tools/call     | memory_propose             | reached        |
      | small  | tools/call     | fleet_claim                | reached        |
      | small  | tools/call     | submit_feedback            | HTTP 429 writes |
      | small  | tools/call     | memory_propose             | HTTP 429 writes |
      | small  | tools/call     | fleet_status               | reached        |
      | small  | tools/call     | memory_search              | reached        |
      | small  | resources/read | ctxlake://fleet/web/status | reached        |
      | small  | prompts/get    | handoff                    | reached        |
      | small  | tools/list     | fleet_status               | listed         |
      | small  | tools/call     | fleet_status               | reached        |
      | small  | tools/call     | fleet_history              | reached        |
      | small  | tools/call     | fleet_status               | HTTP 429 daily |
      | small  | tools/call     | memory_propose             | HTTP 429 daily |
      | wide   | tools/call     | memory_propose             | reached        |
      | wide   | tools/call     | memory_propose             | reached        |
      | wide   | tools/call     | memory_propose             | reached        |
      | wide   | tools/call     | memory_propose             | HTTP 429 writes |
      | wide   | tools/call     | fleet_status               | reached        |
      | wide   | tools/call     | fleet_status               | HTTP 429 daily |
