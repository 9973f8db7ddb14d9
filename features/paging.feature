# Token budgets and cursors on the read tools (issue 17, docs/context-window.md): an answer
# stays inside its budget, and a cursor resumes exactly where the previous page ended.
@stdio @ctxlake
Feature: Read tools page their rows by a token budget and an opaque cursor
  Ref: issue 17: budgets and cursors on every read tool — truncated plus next_cursor when rows were left out; pages concatenate to the unpaged answer; an invalid or stale cursor is an isError naming it

  Scenario Outline: pages of <tool> concatenate to the unpaged answer, with no duplicate
    Given a server initialized with revision "2025-11-25"
    And the fleet cache holds 150 sessions in "org/app"
    And the fleet snapshot holds 60 promoted "outcome" claims about "deploy"
    Then paging "<tool>" with <page> through <rows> gives the rows of one call with <whole>

    Examples:
      | tool            | page                                          | rows      | whole                                              |
      | fleet_history   | {"limit": 7}                                  | /sessions | {"limit": 200, "token_budget": 20000}              |
      | fleet_history   | {"limit": 200, "token_budget": 200}           | /sessions | {"limit": 200, "token_budget": 20000}              |
      | memory_timeline | {"subject": "deploy", "limit": 9}             | /entries  | {"subject": "deploy", "limit": 200}                |
      | memory_timeline | {"subject": "deploy", "token_budget": 200}    | /entries  | {"subject": "deploy", "limit": 200}                |
      | memory_search   | {"query": "migration step", "k": 4}           | /results  | {"query": "migration step", "k": 200, "token_budget": 20000} |
      | memory_search   | {"query": "migration step", "token_budget": 200} | /results | {"query": "migration step", "k": 200, "token_budget": 20000} |

  Scenario Outline: an answer of <tool> fits its token budget, and a bigger budget never gives fewer rows
    Given a server initialized with revision "2025-11-25"
    And the fleet cache holds 300 sessions in "org/app"
    And the fleet snapshot holds 60 promoted "outcome" claims about "deploy"
    When the client calls "<tool>" with:
      """
      <arguments>
      """
    Then the rows at <rows> fit 300 tokens at 4 characters each, or are one row
    And the tool output at /truncated is true
    And a bigger token_budget never gives fewer rows at <rows> from "<tool>" with <base>

    Examples:
      | tool            | arguments                                         | rows      | base                                   |
      | fleet_history   | {"limit": 200, "token_budget": 300}               | /sessions | {"limit": 200}                         |
      | memory_timeline | {"subject": "deploy", "limit": 200, "token_budget": 300} | /entries | {"subject": "deploy", "limit": 200} |
      | memory_search   | {"query": "migration step", "k": 200, "token_budget": 300} | /results | {"query": "migration step", "k": 200} |

  Scenario Outline: a cursor that is not one of <tool>'s is an error naming the cursor
    Given a server initialized with revision "2025-11-25"
    And the fleet cache holds 30 sessions in "org/app"
    And the fleet snapshot holds 60 promoted "outcome" claims about "deploy"
    When the client calls "<tool>" with:
      """
      <arguments>
      """
    Then the tool result is an error mentioning:
      """
      `cursor` is not a cursor <tool> issued
      """

    Examples:
      | tool            | arguments                                                   |
      | fleet_history   | {"cursor": "c1.5.0123456789abcdef.00000000"}                |
      | fleet_history   | {"cursor": "not a cursor"}                                  |
      | memory_timeline | {"subject": "deploy", "cursor": "c1.-1.x.y"}                |
      | memory_search   | {"query": "deploy", "cursor": ""}                           |
      | context         | {"goal": "deploy", "project": "org/app", "cursor": "c1.0.x.y"} |

  Scenario: a cursor of fleet_history is not a cursor of memory_timeline
    Given a server initialized with revision "2025-11-25"
    And the fleet cache holds 30 sessions in "org/app"
    And the fleet snapshot holds 60 promoted "outcome" claims about "deploy"
    When the client calls "fleet_history" with:
      """
      {"limit": 5}
      """
    And the client calls "memory_timeline" with the next cursor and {"subject": "deploy"}
    Then the tool result is an error mentioning:
      """
      `cursor` is not a cursor memory_timeline issued
      """

  Scenario Outline: a cursor is stale once <change>
    Given a server initialized with revision "2025-11-25"
    And the fleet cache holds 30 sessions in "org/app"
    When the client calls "fleet_history" with:
      """
      {"limit": 5}
      """
    Then the tool output at /truncated is true
    Given <fixture>
    When the client calls "fleet_history" with the next cursor and <arguments>
    Then the tool result is an error mentioning:
      """
      `cursor` is stale
      """

    Examples:
      | change                   | fixture                                        | arguments                     |
      | the history is rewritten | the fleet cache holds 31 sessions in "org/app" | {"limit": 5}                  |
      | the filter changes       | the fleet cache holds 30 sessions in "org/app" | {"limit": 5, "repo": "org/x"} |

  Scenario: the last page has no cursor and says nothing was left out
    Given a server initialized with revision "2025-11-25"
    And the fleet cache holds 8 sessions in "org/app"
    When the client calls "fleet_history" with:
      """
      {"limit": 5}
      """
    And the client calls "fleet_history" with the next cursor and {"limit": 5}
    Then the tool output at /sessions has 3 items
    And the tool output at /truncated is false
    And the tool output lacks next_cursor

  # ---- fleet_status, get_guidance, search_knowledge (a record or a missing id per get_guidance row)

  Scenario Outline: <tool> pages concatenate to one call's answer, with no duplicate
    Given the knowledge base imports 8 approved records about "response caching"
    And a server initialized with revision "2025-11-25"
    And the roster holds 60 agents with 40-character tasks
    And the leases file holds 50 leases held in turn by 20 agents
    Then paging "<tool>" with <page> through <rows> gives the rows of one call with <whole>

    Examples:
      | tool             | page                                                        | rows                   | whole                                                  |
      | fleet_status     | {"token_budget": 700}                                       | /agents and /leases    | {"token_budget": 20000}                                |
      | fleet_status     | {"token_budget": 200}                                       | /agents and /leases    | {"token_budget": 20000}                                |
      | get_guidance     | {"ids": ["bulk-003", "bulk-000", "no-such-record", "bulk-007", "bulk-001", "bulk-002", "bulk-005", "bulk-004", "bulk-006"], "token_budget": 200}                       | /results and /missing  | {"ids": ["bulk-003", "bulk-000", "no-such-record", "bulk-007", "bulk-001", "bulk-002", "bulk-005", "bulk-004", "bulk-006"], "token_budget": 20000}                |
      | get_guidance     | {"ids": ["bulk-003", "bulk-000", "no-such-record", "bulk-007", "bulk-001", "bulk-002", "bulk-005", "bulk-004", "bulk-006"], "detail": "brief", "token_budget": 300}    | /results and /missing  | {"ids": ["bulk-003", "bulk-000", "no-such-record", "bulk-007", "bulk-001", "bulk-002", "bulk-005", "bulk-004", "bulk-006"], "detail": "brief", "token_budget": 20000} |
      | search_knowledge | {"query": "how to decide about response caching", "max_results": 3} | /results | {"query": "how to decide about response caching", "max_results": 10, "token_budget": 5000} |
      | search_knowledge | {"query": "how to decide about response caching", "detail": "standard", "token_budget": 200} | /results | {"query": "how to decide about response caching", "detail": "standard", "max_results": 10, "token_budget": 5000} |

  Scenario Outline: <tool> fits its token budget, and a bigger budget never gives fewer rows
    Given the knowledge base imports 8 approved records about "response caching"
    And a server initialized with revision "2025-11-25"
    And the roster holds 60 agents with 40-character tasks
    And the leases file holds 50 leases held in turn by 20 agents
    When the client calls "<tool>" with:
      """
      <arguments>
      """
    Then the rows at <rows> fit 300 tokens at 4 characters each, or are one row
    And the tool output at /truncated is true
    And a bigger token_budget never gives fewer rows at <rows> from "<tool>" with <base>

    Examples:
      | tool             | arguments                                                            | rows                  | base                                                      |
      | fleet_status     | {"token_budget": 300}                                                | /agents and /leases   | {}                                                        |
      | get_guidance     | {"ids": ["bulk-003", "bulk-000", "no-such-record", "bulk-007", "bulk-001", "bulk-002", "bulk-005", "bulk-004", "bulk-006"], "token_budget": 300}                                | /results and /missing | {"ids": ["bulk-003", "bulk-000", "no-such-record", "bulk-007", "bulk-001", "bulk-002", "bulk-005", "bulk-004", "bulk-006"]}                                          |
      | search_knowledge | {"query": "how to decide about response caching", "max_results": 10, "token_budget": 300} | /results | {"query": "how to decide about response caching", "max_results": 10} |

  Scenario Outline: a cursor <tool> did not issue is an error naming the cursor
    Given a server initialized with revision "2025-11-25"
    And the roster holds 60 agents with 40-character tasks
    When the client calls "<tool>" with:
      """
      <arguments>
      """
    Then the tool result is an error mentioning:
      """
      `cursor` is not a cursor <tool> issued
      """

    Examples:
      | tool             | arguments                                                   |
      | fleet_status     | {"cursor": "c1.5.0123456789abcdef.00000000"}                |
      | fleet_status     | {"cursor": "c1.5"}                                          |
      | get_guidance     | {"ids": ["bulk-000"], "cursor": "c1.-1.x.y"}                |
      | search_knowledge | {"query": "response caching", "cursor": "not a cursor"}     |

  Scenario Outline: a cursor of <first> is not a cursor of <then>, and an edited one is refused
    Given the knowledge base imports 8 approved records about "response caching"
    And a server initialized with revision "2025-11-25"
    And the roster holds 60 agents with 40-character tasks
    And the fleet cache holds 30 sessions in "org/app"
    And the fleet snapshot holds 60 promoted "outcome" claims about "deploy"
    When the client calls "<first>" with:
      """
      <arguments>
      """
    And the client calls "<then>" with the next cursor and <then arguments>
    Then the tool result is an error mentioning:
      """
      `cursor` is not a cursor <then> issued
      """
    When the client calls "<first>" with:
      """
      <arguments>
      """
    And the client calls "<first>" with the next cursor edited and <arguments>
    Then the tool result is an error mentioning:
      """
      `cursor` is not a cursor <first> issued
      """

    Examples:
      | first            | arguments                                                         | then             | then arguments                         |
      | fleet_status     | {"token_budget": 200}                                             | fleet_history    | {"limit": 5}                           |
      | fleet_history    | {"limit": 5}                                                      | fleet_status     | {}                                     |
      | search_knowledge | {"query": "how to decide about response caching", "max_results": 2} | get_guidance   | {"ids": ["bulk-000"]}                  |
      | get_guidance     | {"ids": ["bulk-003", "bulk-000", "no-such-record", "bulk-007", "bulk-001", "bulk-002", "bulk-005", "bulk-004", "bulk-006"], "token_budget": 200}                             | search_knowledge | {"query": "response caching"}          |
      | memory_search    | {"query": "migration step", "k": 4}                               | memory_timeline  | {"subject": "deploy"}                  |
      | memory_timeline  | {"subject": "deploy", "limit": 9}                                 | memory_search    | {"query": "migration step"}            |

  Scenario Outline: a cursor of <tool> is stale once <change>
    Given the knowledge base imports 8 approved records about "response caching"
    And a server initialized with revision "2025-11-25"
    And the roster holds 60 agents with 40-character tasks
    And the leases file holds 50 leases held in turn by 20 agents
    When the client calls "<tool>" with:
      """
      <first>
      """
    Then the tool output at /truncated is true
    Given <fixture>
    When the client calls "<tool>" with the next cursor and <then>
    Then the tool result is an error mentioning:
      """
      `cursor` is stale
      """

    Examples:
      | tool             | change                         | first                                                   | fixture                                                        | then                                                    |
      | fleet_status     | a lease changes hands          | {"token_budget": 200}                                   | the leases file holds 50 leases held in turn by 21 agents      | {"token_budget": 200}                                   |
      | fleet_status     | the roster changes             | {"token_budget": 200}                                   | the roster holds 61 agents with 40-character tasks             | {"token_budget": 200}                                   |
      | get_guidance     | the knowledge base changes     | {"ids": ["bulk-003", "bulk-000", "no-such-record", "bulk-007", "bulk-001", "bulk-002", "bulk-005", "bulk-004", "bulk-006"], "token_budget": 200}                   | the knowledge base imports 9 approved records about "response caching" | {"ids": ["bulk-003", "bulk-000", "no-such-record", "bulk-007", "bulk-001", "bulk-002", "bulk-005", "bulk-004", "bulk-006"], "token_budget": 200}           |
      | get_guidance     | the ids change                 | {"ids": ["bulk-003", "bulk-000", "no-such-record", "bulk-007", "bulk-001", "bulk-002", "bulk-005", "bulk-004", "bulk-006"], "token_budget": 200}                   | the roster holds 60 agents with 40-character tasks             | {"ids": ["bulk-001", "bulk-000"], "token_budget": 200}  |
      | search_knowledge | the knowledge base changes     | {"query": "how to decide about response caching", "max_results": 2} | the knowledge base imports 9 approved records about "response caching" | {"query": "how to decide about response caching", "max_results": 2} |
      | search_knowledge | the query changes              | {"query": "how to decide about response caching", "max_results": 2} | the roster holds 60 agents with 40-character tasks | {"query": "how to decide on response caching", "max_results": 2} |

  Scenario: a context pack whose Markdown left items out holds only the kept items in its sections
    The structured pack is bounded with its text: sections hold the prefix the Markdown kept, total_items counts every item selected.

    Given a server initialized with revision "2025-11-25"
    And the fleet snapshot holds 300 promoted "convention" claims about "deploy"
    When the client calls "context" with:
      """
      {"goal": "the deploy pipeline migration steps", "project": "org/app", "markdown_token_budget": 100}
      """
    Then the tool output at /truncated is true
    And the tool output at /total_items is 24
    And the tool output at /usage_metadata/markdown/items is 1
    And the tool output at /sections has 1 items
    And the tool output at /sections/0/items has 1 items

  Scenario Outline: a context pack says truncated, with a cursor, exactly when a budget left items out (<budgets>)
    Given a server initialized with revision "2025-11-25"
    And the fleet snapshot holds 300 promoted "convention" claims about "deploy"
    When the client calls "context" with:
      """
      {"goal": "the deploy pipeline migration steps", "project": "org/app", <budgets>}
      """
    Then the tool output at /truncated is <truncated>
    And the tool output at /total_items is 24
    And the tool output <cursor> next_cursor
    And the whole tool output fits <fits> tokens at 4 characters each

    Examples:
      | budgets                                                 | truncated | cursor | fits  |
      | "markdown_token_budget": 100                            | true      | has    | 12000 |
      | "markdown_token_budget": 4000, "token_budget": 2000     | true      | has    | 2000  |
      | "markdown_token_budget": 4000, "token_budget": 3000     | true      | has    | 3000  |
      | "markdown_token_budget": 8000, "token_budget": 24000    | false     | lacks  | 24000 |
      | "markdown_token_budget": null, "token_budget": 24000    | false     | lacks  | 24000 |

  Scenario: a context pack's default budgets keep its whole answer under 12,000 tokens
    Given a server initialized with revision "2025-11-25"
    And the fleet cache holds 150 sessions in "org/app"
    And the fleet snapshot holds 300 promoted "convention" claims about "deploy"
    When the client calls "context" with:
      """
      {"goal": "the deploy pipeline migration steps", "project": "org/app", "layer": "deep_search", "limit": 50, "markdown_token_budget": null}
      """
    Then the tool output at /truncated is true
    And the whole tool output fits 12000 tokens at 4 characters each

  Scenario Outline: pages of a context pack concatenate to its whole selection (<page>)
    Given a server initialized with revision "2025-11-25"
    And the fleet cache holds 150 sessions in "org/app"
    And the fleet snapshot holds 60 promoted "outcome" claims about "deploy"
    Then paging "context" with <page> through /sections/*/items gives the rows of one call with {"goal": "the deploy migration step", "project": "org/app", "markdown_token_budget": null, "token_budget": 24000}

    Examples:
      | page                                                                                   |
      | {"goal": "the deploy migration step", "project": "org/app", "token_budget": 2000}      |
      | {"goal": "the deploy migration step", "project": "org/app", "markdown_token_budget": 100} |

  Scenario: a bigger token_budget never gives a context pack fewer items
    Given a server initialized with revision "2025-11-25"
    And the fleet cache holds 150 sessions in "org/app"
    And the fleet snapshot holds 60 promoted "outcome" claims about "deploy"
    Then a bigger token_budget never gives fewer rows at /sections/*/items from "context" with {"goal": "the deploy migration step", "project": "org/app", "layer": "deep_search", "limit": 50}

  Scenario Outline: a context cursor is refused by name when <case>
    Given a server initialized with revision "2025-11-25"
    And the fleet cache holds 30 sessions in "org/app"
    And the fleet snapshot holds 60 promoted "outcome" claims about "deploy"
    When the client calls "context" with:
      """
      {"goal": "the deploy migration step", "project": "org/app", "token_budget": 2000}
      """
    Then the tool output at /truncated is true
    Given <fixture>
    When the client calls "context" with <cursor> and <arguments>
    Then the tool result is an error mentioning:
      """
      <error>
      """

    Examples:
      | case              | fixture                                        | cursor                 | arguments                                                   | error                                   |
      | the cache changed | the fleet cache holds 31 sessions in "org/app" | the next cursor        | {"goal": "the deploy migration step", "project": "org/app"} | `cursor` is stale                       |
      | the goal changed  | the fleet cache holds 30 sessions in "org/app" | the next cursor        | {"goal": "another goal", "project": "org/app"}              | `cursor` is stale                       |
      | it was edited     | the fleet cache holds 30 sessions in "org/app" | the next cursor edited | {"goal": "the deploy migration step", "project": "org/app"} | `cursor` is not a cursor context issued |
