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
