# ctxlake's own resources and prompts (issue 16; docs/resources.md): the fleet's briefing and
# status, a context pack per goal and every approved guidance record as resources; resume-work
# and handoff as prompts; completion for their arguments. Everything is read from the local
# cache and the knowledge base when asked, sanitized as the tools' output is, and shown only
# where the tool whose data it shows is visible.
@stdio @ctxlake
Feature: ctxlake's resources and prompts
  Ref: issue 16, "ctxlake as the positive target": resources (the briefing, the fleet's status, each approved guidance record, templates, pagination) and prompts (resume-work, handoff) with argument completion

  Scenario: resources/list names the fleet's briefing and status, then every approved guidance record
    Given the knowledge base imports these records with --approve:
      | id  | slug                      | status   | topic       | title                                 | summary                                                   | applies_to        |
      | r-1 | pool-database-connections | approved | performance | Pool database connections in services | Opening a database connection per request wastes latency. | language:Rust     |
      | r-2 | pin-the-toolchain         | approved | reliability | Pin the Rust toolchain                | An unpinned toolchain changes under you.                  | language:Rust     |
    And a server initialized with revision "2025-11-25"
    When the client lists "resources/list" to the end
    Then the items listed have the uri ["ctxlake://fleet/test-fleet/briefing", "ctxlake://fleet/test-fleet/status", "ctxlake://guidance/pool-database-connections", "ctxlake://guidance/pin-the-toolchain"]
    And the items listed have the title ["Fleet briefing: test-fleet", "Fleet status: test-fleet", "Pool database connections in services", "Pin the Rust toolchain"]

  Scenario: the starter knowledge base pages by 50 and the second page's cursor ends the list
    Given a server initialized with revision "2025-11-25"
    When the client sends "resources/list"
    Then the result at /resources/49/uri mentions "ctxlake://guidance/"
    And the result at /nextCursor is "ctxlake-offset:50"
    When the client sends "resources/list" with params:
      """
      {"cursor": "ctxlake-offset:50"}
      """
    Then the result has /resources/0/uri
    And the result has no /nextCursor

  Scenario Outline: a cursor this server did not issue for the list is -32602
    Given a server initialized with revision "2025-11-25"
    When the client sends "resources/list" with params:
      """
      {"cursor": "<cursor>"}
      """
    Then the answer is error -32602
    And the error message mentions "cursor"

    Examples:
      | cursor                 |
      | ctxlake-offset:0       |
      | ctxlake-offset:100000  |
      | ctxlake-offset:-1      |
      | 50                     |

  Scenario: the templates are listed with their MIME types
    Given a server initialized with revision "2025-11-25"
    When the client lists "resources/templates/list" to the end
    Then the items listed have the uriTemplate ["ctxlake://fleet/{fleet}/briefing", "ctxlake://fleet/{fleet}/status", "ctxlake://fleet/{fleet}/context{?goal,project,intent}", "ctxlake://guidance/{slug}"]
    And the items listed have the mimeType ["text/markdown", "application/json", "text/markdown", "application/json"]

  Scenario: the briefing resource is the fleet's briefing, sanitized
    Given the roster holds an agent whose task has U+202E inside
    And a server initialized with revision "2025-11-25"
    When the client sends "resources/read" with params:
      """
      {"uri": "ctxlake://fleet/test-fleet/briefing"}
      """
    Then the result at /contents/0/uri is "ctxlake://fleet/test-fleet/briefing"
    And the result at /contents/0/mimeType is "text/markdown"
    And the result at /contents/0/text mentions "## Live agents"
    And the result at /contents/0/text has no U+202E

  Scenario: an empty cache reads as a briefing that says how to fill it, never as empty contents
    Given a server initialized with revision "2025-11-25"
    When the client sends "resources/read" with params:
      """
      {"uri": "ctxlake://fleet/test-fleet/briefing"}
      """
    Then the result at /contents/0/text mentions "ctxlake sync"

  Scenario: the status resource is fleet_status's answer as JSON
    Given the fleet cache file "leases.json" contains:
      """
      {"leases": [{"resource": "org/app:migrations/**", "holder": "cc-01", "expires_at": "2026-09-09T10:05:00Z", "epoch": 3}]}
      """
    And a server initialized with revision "2025-11-25"
    When the client sends "resources/read" with params:
      """
      {"uri": "ctxlake://fleet/test-fleet/status"}
      """
    Then the result at /contents/0/mimeType is "application/json"
    And the result at /contents/0/text mentions "org/app:migrations/**"
    And the result at /contents/0/text mentions "\"fleet_id\": \"test-fleet\""

  Scenario Outline: a URI no resource answers to is -32602 naming the uri, and the server keeps serving
    Given a server initialized with revision "<revision>"
    When the client sends "resources/read" with params:
      """
      {"uri": "<uri>"}
      """
    Then the answer is error -32602
    And the error data at /uri is "<uri>"
    When the client calls "fleet_status"
    Then the answer is a result

    Examples:
      | revision   | uri                                          |
      | 2025-11-25 | ctxlake://fleet/another-fleet/briefing       |
      | 2025-11-25 | ctxlake://fleet/test-fleet/briefing/extra    |
      | 2025-11-25 | ctxlake://fleet/test-fleet/context           |
      | 2025-11-25 | ctxlake://guidance/no-such-record            |
      | 2025-11-25 | ctxlake://guidance/%FF                       |
      | 2026-07-28 | file:///etc/passwd                           |

  Scenario: a draft record is never served as a resource
    Given the knowledge base imports these records:
      | id  | slug             | status | topic   | title              | summary                        | applies_to    |
      | d-1 | a-draft-practice | draft  | testing | A draft practice   | Not reviewed yet by its owner. | language:Rust |
    And a server initialized with revision "2025-11-25"
    When the client sends "resources/read" with params:
      """
      {"uri": "ctxlake://guidance/a-draft-practice"}
      """
    Then the answer is error -32602

  Scenario: a guidance resource is the approved record whole, as JSON
    Given the knowledge base imports these records with --approve:
      | id  | slug              | status   | topic       | title                  | summary                                   | applies_to    |
      | r-2 | pin-the-toolchain | approved | reliability | Pin the Rust toolchain | An unpinned toolchain changes under you. | language:Rust |
    And a server initialized with revision "2026-07-28"
    When the client sends "resources/read" with params:
      """
      {"uri": "ctxlake://guidance/pin-the-toolchain"}
      """
    Then the result at /contents/0/mimeType is "application/json"
    And the result at /contents/0/text mentions "\"title\": \"Pin the Rust toolchain\""
    And the result at /ttlMs is 0
    And the result at /cacheScope is "private"

  Scenario: a context resource is the context tool's pack for its goal
    Given a server initialized with revision "2025-11-25"
    When the client sends "resources/read" with params:
      """
      {"uri": "ctxlake://fleet/test-fleet/context?goal=add+retries+to+the+http+client&intent=debug"}
      """
    Then the result at /contents/0/mimeType is "text/markdown"
    And the result at /contents/0/text mentions "add retries to the http client"

  Scenario: resume-work embeds the context pack for the goal as a resource
    Given a server initialized with revision "2025-11-25"
    When the client sends "prompts/get" with params:
      """
      {"name": "resume-work", "arguments": {"goal": "add retries to the http client", "intent": "debug"}}
      """
    Then the result at /messages/0/role is "user"
    And the result at /messages/0/content/text mentions "fleet_claim"
    And the result at /messages/1/content/type is "resource"
    And the result at /messages/1/content/resource/uri is "ctxlake://fleet/test-fleet/context?goal=add+retries+to+the+http+client&intent=debug"
    And the result at /messages/1/content/resource/text mentions "add retries to the http client"

  Scenario: handoff embeds the fleet's status and names the agent
    Given a server initialized with revision "2025-11-25"
    When the client sends "prompts/get" with params:
      """
      {"name": "handoff", "arguments": {"agent_id": "cc-07"}}
      """
    Then the result at /messages/0/content/text mentions "I am `cc-07`."
    And the result at /messages/0/content/text mentions "fleet_handoff"
    And the result at /messages/1/content/resource/uri is "ctxlake://fleet/test-fleet/status"

  Scenario Outline: prompt arguments outside their schema are -32602 naming the argument
    Given a server initialized with revision "2025-11-25"
    When the client sends "prompts/get" with params:
      """
      <params>
      """
    Then the answer is error -32602
    And the error message mentions "<field>"

    Examples:
      | params                                                                   | field    |
      | {"name": "resume-work"}                                                  | /goal    |
      | {"name": "resume-work", "arguments": {"goal": "x", "intent": "review"}}  | /intent  |
      | {"name": "resume-work", "arguments": {"goal": "x", "colour": "red"}}     | /colour  |
      | {"name": "handoff", "arguments": {"agent_id": ""}}                       | /agent_id |
      | {"name": "resume-work", "arguments": {"goal": 7}}                        | goal     |

  Scenario Outline: completion offers what an argument may take
    Given the knowledge base imports these records with --approve:
      | id  | slug                      | status   | topic       | title                                 | summary                                                   | applies_to    |
      | r-1 | pool-database-connections | approved | performance | Pool database connections in services | Opening a database connection per request wastes latency. | language:Rust |
      | r-2 | pin-the-toolchain         | approved | reliability | Pin the Rust toolchain                | An unpinned toolchain changes under you.                  | language:Rust |
    And a server initialized with revision "2025-11-25"
    When the client sends "completion/complete" with params:
      """
      {"ref": <ref>, "argument": {"name": "<argument>", "value": "<value>"}}
      """
    Then the result at /completion/values is <values>

    Examples:
      | ref                                                       | argument | value | values                          |
      | {"type": "ref/prompt", "name": "resume-work"}             | intent   | de    | ["debug", "decide"]             |
      | {"type": "ref/prompt", "name": "resume-work"}             | intent   | x     | []                              |
      | {"type": "ref/resource", "uri": "ctxlake://guidance/{slug}"} | slug  | p     | ["pin-the-toolchain", "pool-database-connections"] |
      | {"type": "ref/resource", "uri": "ctxlake://fleet/{fleet}/status"} | fleet | te | ["test-fleet"]              |
      | {"type": "ref/resource", "uri": "ctxlake://fleet/{fleet}/context{?goal,project,intent}"} | intent | de | ["debug", "decide"] |
      | {"type": "ref/resource", "uri": "ctxlake://fleet/{fleet}/context{?goal,project,intent}"} | intent | b  | ["build"]        |
      | {"type": "ref/resource", "uri": "ctxlake://fleet/{fleet}/context{?goal,project,intent}"} | intent |    | ["build", "plan", "ideate", "research", "debug", "decide", "learn", "general"] |
      | {"type": "ref/resource", "uri": "ctxlake://fleet/{fleet}/context{?goal,project,intent}"} | intent | x  | []               |

  Scenario Outline: completing what is not there is -32602
    Given a server initialized with revision "2025-11-25"
    When the client sends "completion/complete" with params:
      """
      {"ref": <ref>, "argument": {"name": "<argument>", "value": ""}}
      """
    Then the answer is error -32602

    Examples:
      | ref                                                   | argument |
      | {"type": "ref/prompt", "name": "no-such-prompt"}      | goal     |
      | {"type": "ref/prompt", "name": "resume-work"}         | colour   |
      | {"type": "ref/resource", "uri": "ctxlake://x/{y}"}    | y        |

  Scenario: a caller who sees only the knowledge tools is offered guidance and no prompt
    Given the server is configured with CTXLAKE_TOOLS "knowledge"
    And a server initialized with revision "2025-11-25"
    When the client lists "resources/templates/list" to the end
    Then the items listed have the name ["guidance"]
    When the client sends "resources/read" with params:
      """
      {"uri": "ctxlake://fleet/test-fleet/status"}
      """
    Then the answer is error -32602
    When the client sends "prompts/get" with params:
      """
      {"name": "handoff"}
      """
    Then the answer is error -32602

  Scenario: log messages go to a client that set a level, and only at or above it
    Given a server initialized with revision "2025-11-25"
    When the client sends "logging/setLevel" with params:
      """
      {"level": "warning"}
      """
    And the client calls "fleet_handoff" with:
      """
      {"summary": "   ", "status": "done"}
      """
    Then the server sent a "notifications/message" at level "warning"
    When the client calls "fleet_status"
    Then the server sent no "notifications/message" at level "debug"

  Scenario: over stdio a client may subscribe to a resource, and unsubscribe
    Ref: 2025-11-25 server/resources, subscriptions: "The protocol supports optional subscriptions to resource changes"; a server that supports them declares `subscribe`; docs/resources.md: stdio reads subscribed resources again every second and sends notifications/resources/updated for each that changed (tests/it/subscriptions.rs watches one change through a sync)
    Given a server initialized with revision "2025-11-25"
    When the client sends "resources/subscribe" with params:
      """
      {"uri": "ctxlake://fleet/test-fleet/status"}
      """
    Then the result is {}
    When the client sends "resources/unsubscribe" with params:
      """
      {"uri": "ctxlake://fleet/test-fleet/status"}
      """
    Then the result is {}

  Scenario Outline: a subscription to a resource the client cannot read is -32602 naming the uri
    Given a server initialized with revision "2025-11-25"
    When the client sends "resources/subscribe" with params:
      """
      {"uri": "<uri>"}
      """
    Then the answer is error -32602
    And the error data at /uri is "<uri>"

    Examples:
      | uri                                      |
      | ctxlake://fleet/another-fleet/status     |
      | ctxlake://guidance/no-such-record        |
      | https://example.com/x                    |

  Scenario Outline: a 2026-07-28 subscription to resources the client can read is acknowledged with those alone, and held open
    Ref: 2026-07-28 schema, SubscriptionsAcknowledgedNotificationParams: "The subset of requested notification types the server agreed to honor"; docs/resources.md, "Subscriptions": ctxlake honors resourceSubscriptions for the resources the caller can read now and holds the stream open until the client cancels it or the input ends (tests/it/subscriptions.rs and tests/it/serve.rs watch an update arrive)
    Given a server initialized with revision "2026-07-28"
    When the client listens for "<asked>"
    Then the acknowledgment names exactly the resources "ctxlake://fleet/test-fleet/status"
    And the subscription was not answered

    Examples:
      | asked                                                              |
      | resourceSubscriptions=ctxlake://fleet/test-fleet/status            |
      | toolsListChanged,resourceSubscriptions=ctxlake://fleet/test-fleet/status |

  Scenario Outline: a 2026-07-28 subscription with nothing ctxlake can honor is acknowledged empty and ended at once
    Ref: 2026-07-28 schema, SubscriptionsListenResult: "this result is sent only when the server tears the subscription down"; docs/protocol.md: with nothing honored, holding the stream would cost a connection for nothing
    Given a server initialized with revision "2026-07-28"
    When the client listens for "<asked>"
    Then the acknowledgment names exactly the resources ""
    And the subscription was answered with its id

    Examples:
      | asked                                                   |
      | resourceSubscriptions=ctxlake://fleet/another-fleet/status |
      | resourceSubscriptions=https://example.com/x             |
      | toolsListChanged,promptsListChanged,resourcesListChanged |

  Scenario: stdio announces resource subscriptions in the handshake
    Given a server initialized with revision "2025-11-25"
    When the client sends "initialize" with params:
      """
      {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
      """
    Then the result at /capabilities/resources/subscribe is true
