# Tool groups (issue 17, docs/protocol.md "Tool groups"): CTXLAKE_TOOLS serves only some of
# the catalog's families, so a client that pays for every listed schema pays only for these.
@ctxlake
Feature: CTXLAKE_TOOLS serves only the tool groups it names
  Ref: issue 17: tool groups — tools/list and tools/call honour the selection; an unknown group is a startup error naming the valid ones

  Scenario Outline: a selection lists exactly its groups' tools, in catalog order
    Given the server is configured with CTXLAKE_TOOLS "<selection>"
    And a server initialized with revision "2025-11-25"
    When the client sends "tools/list"
    Then the tool list is "<tools>"

    Examples:
      | selection               | tools                                                                    |
      | fleet                   | fleet_status,fleet_claim,fleet_release,fleet_history,fleet_handoff       |
      | memory                  | memory_search,memory_propose,memory_timeline                             |
      | knowledge               | search_knowledge,get_guidance,submit_feedback                            |
      | memory,knowledge        | search_knowledge,get_guidance,submit_feedback,memory_search,memory_propose,memory_timeline |
      | fleet_status, memory    | fleet_status,memory_search,memory_propose,memory_timeline                |

  Scenario Outline: a tool outside the selection is refused on call as an unknown tool
    Given the server is configured with CTXLAKE_TOOLS "knowledge"
    And a server initialized with revision "<revision>"
    When the client calls "<tool>"
    Then the answer is error -32602

    Examples:
      | revision   | tool          |
      | 2025-11-25 | fleet_status  |
      | 2025-11-25 | memory_search |
      | 2024-11-05 | fleet_handoff |

  Scenario: a tool inside the selection is served
    Given the server is configured with CTXLAKE_TOOLS "fleet"
    And a server initialized with revision "2025-11-25"
    When the client calls "fleet_status"
    Then the answer is a result

  Scenario Outline: an unknown group stops the server at startup, naming the valid groups
    Given the server is configured with CTXLAKE_TOOLS "<selection>"
    Then the server refuses to start with exit status 78, saying "<said>"

    Examples:
      | selection    | said                                   |
      | memroy       | unknown tool group                     |
      | memroy       | memroy                                 |
      | fleet,bogus  | the groups are context, fleet, knowledge, memory |
