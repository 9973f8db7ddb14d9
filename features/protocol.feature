# The JSON-RPC / MCP conformance table (seed 000, "Protocol conformance"), per revision.
# Tags: @rev-<revision> on Examples say which revisions a row applies to; @stdio marks the
# transport; @ctxlake marks rows that name ctxlake's own tools.
@stdio
Feature: JSON-RPC framing and MCP method table

  Scenario Outline: malformed JSON is a parse error with a null id, and the server keeps serving
    Given a server initialized with revision "<revision>"
    When the client sends the line {"jsonrpc":"2.0","id":201,"method":
    Then the answer is error -32700 with a null id

    @rev-2024-11-05 @rev-2025-03-26 @rev-2025-06-18 @rev-2025-11-25
    Examples:
      | revision   |
      | 2024-11-05 |
      | 2025-03-26 |
      | 2025-06-18 |
      | 2025-11-25 |

  Scenario Outline: frames that are not valid requests
    Given a server initialized with revision "<revision>"
    When the client sends the line <frame>
    Then the answer is error <code> with id <id>

    @rev-2024-11-05 @rev-2025-06-18 @rev-2025-11-25
    Examples: one row per rule of JSON-RPC 2.0 as MCP applies it
      | revision   | frame                                                   | code   | id   |
      | 2024-11-05 | 42                                                      | -32600 | null |
      | 2024-11-05 | "hello"                                                 | -32600 | null |
      | 2024-11-05 | {"jsonrpc":"2.0","id":202}                              | -32600 | 202  |
      | 2025-06-18 | {"id":203,"method":"ping"}                              | -32600 | 203  |
      | 2025-11-25 | {"jsonrpc":"2.0","id":null,"method":"ping"}             | -32600 | null |
      | 2025-11-25 | {"jsonrpc":"2.0","id":1.5,"method":"ping"}              | -32600 | null |
      | 2025-11-25 | {"jsonrpc":"2.0","id":"x","method":7}                   | -32600 | "x"  |
      | 2025-11-25 | {"jsonrpc":"2.0","id":204,"method":"foo/bar"}           | -32601 | 204  |
      | 2025-11-25 | {"jsonrpc":"2.0","id":"s","method":"ping","params":[1]} | -32602 | "s"  |
      | 2024-11-05 | [{"jsonrpc":"2.0","id":1,"method":"ping"}]              | -32600 | null |
      | 2025-06-18 | [{"jsonrpc":"2.0","id":1,"method":"ping"}]              | -32600 | null |
      | 2025-11-25 | [{"jsonrpc":"2.0","id":1,"method":"ping"}]              | -32600 | null |

  Scenario Outline: what is never answered
    Given a server initialized with revision "<revision>"
    When the client sends the line <frame>
    Then there is no answer

    @rev-2024-11-05 @rev-2025-03-26 @rev-2025-06-18 @rev-2025-11-25
    Examples: notifications (even for unknown methods), stray replies, malformed notifications, blank lines
      | revision   | frame                                                            |
      | 2024-11-05 | {"jsonrpc":"2.0","method":"notifications/initialized"}           |
      | 2025-03-26 | {"jsonrpc":"2.0","method":"notifications/cancelled","params":{}} |
      | 2025-06-18 | {"jsonrpc":"2.0","method":"no/such/notification"}                |
      | 2025-11-25 | {"jsonrpc":"2.0","id":9,"result":{}}                             |
      | 2025-11-25 | {"jsonrpc":"2.0","id":9,"error":{"code":-1,"message":"x"}}       |
      | 2025-11-25 | {"jsonrpc":"2.0"}                                                |
      | 2025-11-25 | {"jsonrpc":"2.0","method":"x","params":[1]}                      |
      | 2025-11-25 |                                                                  |

  Scenario: invalid UTF-8 is a parse error and the server keeps serving
    Given a server initialized with revision "2025-11-25"
    When the client sends the bytes "7b ff fe 7d 0a"
    Then the answer is error -32700 with a null id
    When the client sends "ping"
    Then the answer is a result with id 2

  Scenario: a line over the 4 MiB cap is answered with one error frame and the next request is served
    Given a server initialized with revision "2025-11-25"
    When the client sends a line of 4194400 bytes
    Then the answer is error -32600 with a null id
    And the error message mentions "4194304 bytes"
    When the client sends "ping"
    Then the answer is a result with id 2

  Scenario: every request read before end of input is answered, then the process exits 0
    Given a running server
    When the client sends these lines and closes its input:
      """
      {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}
      {"jsonrpc":"2.0","method":"notifications/initialized"}
      {"jsonrpc":"2.0","id":2,"method":"ping"}
      {"jsonrpc":"2.0","id":3,"method":"tools/list"}
      {"jsonrpc":"2.0","id":4,"method":"ping"}
      """
    Then the answers have ids "[1, 2, 3, 4]"
    And the process exits with status 0

  @rev-2025-03-26
  Scenario: 2025-03-26 accepts batches: an array of answers, none for notifications
    Given a server initialized with revision "2025-03-26"
    When the client sends the line [{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/x"},{"jsonrpc":"2.0","id":2,"method":"nope"},7]
    Then the answer is a batch:
      """
      [{"id": 1, "error": null}, {"id": 2, "error": -32601}, {"id": null, "error": -32600}]
      """

  @rev-2025-03-26
  Scenario: 2025-03-26: an all-notification batch gets no answer, an empty batch one -32600
    Given a server initialized with revision "2025-03-26"
    When the client sends the line [{"jsonrpc":"2.0","method":"notifications/initialized"}]
    Then there is no answer
    When the client sends the line []
    Then the answer is error -32600 with a null id

  Scenario Outline: initialize answers the client's revision when supported, else the latest
    Given a running server
    When the client sends "initialize" with params:
      """
      {"protocolVersion": "<asked>", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
      """
    Then the result at /protocolVersion is "<answered>"
    And the result at /capabilities/tools/listChanged is false
    And the result at /serverInfo/name is "ctxlake"

    Examples:
      | asked      | answered   |
      | 2024-11-05 | 2024-11-05 |
      | 2025-03-26 | 2025-03-26 |
      | 2025-06-18 | 2025-06-18 |
      | 2025-11-25 | 2025-11-25 |
      | 2026-07-28 | 2025-11-25 |
      | 1999-01-01 | 2025-11-25 |

  Scenario: initialize without its required params is invalid params
    Given a running server
    When the client sends "initialize" with params:
      """
      {"capabilities": {}}
      """
    Then the answer is error -32602

  Scenario Outline: ping answers an empty result
    Given a server initialized with revision "<revision>"
    When the client sends "ping"
    Then the answer is a result with id 2
    And the result is {}

    Examples:
      | revision   |
      | 2024-11-05 |
      | 2025-11-25 |

  @rev-2026-07-28
  Scenario: server/discover lists every supported revision
    Given a server initialized with revision "2026-07-28"
    When the client sends "server/discover"
    Then the result at /supportedVersions is ["2024-11-05","2025-03-26","2025-06-18","2025-11-25","2026-07-28"]
    And the result at /resultType is "complete"
    And the result at /capabilities/tools/listChanged is false
    And the result at /_meta/io.modelcontextprotocol~1serverInfo/name is "ctxlake"

  @rev-2026-07-28
  Scenario: a modern request naming an unsupported revision is -32022 with the supported list
    Given a running server
    When the client sends the line {"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"1900-01-01","io.modelcontextprotocol/clientCapabilities":{}}}}
    Then the answer is error -32022 with id 5
    And the error data at /supported is ["2026-07-28"]
    And the error data at /requested is "1900-01-01"

  @rev-2026-07-28
  Scenario: a modern envelope without client capabilities is invalid params
    Given a running server
    When the client sends the line {"jsonrpc":"2.0","id":6,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}
    Then the answer is error -32602 with id 6

  @rev-2026-07-28
  Scenario: ping does not exist in 2026-07-28
    Given a running server
    When the client sends the line {"jsonrpc":"2.0","id":7,"method":"ping","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    Then the answer is error -32601 with id 7

  @rev-2026-07-28
  Scenario: modern results carry resultType, cache hints and server identity
    Given a server initialized with revision "2026-07-28"
    When the client sends "tools/list"
    Then the result at /resultType is "complete"
    And the result at /cacheScope is "public"
    And the result at /_meta/io.modelcontextprotocol~1serverInfo/name is "ctxlake"

  Scenario Outline: tools/list shapes follow the revision
    Given a server initialized with revision "<revision>"
    When the client sends "tools/list"
    Then every tool has an object input schema and a description
    And every tool <outputSchema> outputSchema
    And every tool <annotations> annotations

    Examples:
      | revision   | outputSchema | annotations |
      | 2024-11-05 | lacks        | lacks       |
      | 2025-03-26 | lacks        | has         |
      | 2025-06-18 | has          | has         |
      | 2025-11-25 | has          | has         |
      | 2026-07-28 | has          | has         |

  Scenario Outline: tools/call protocol errors
    Given a server initialized with revision "<revision>"
    When the client sends "tools/call" with params:
      """
      <params>
      """
    Then the answer is error -32602

    Examples:
      | revision   | params                                 |
      | 2024-11-05 | {"name": "no_such_tool"}               |
      | 2025-11-25 | {"name": "no_such_tool"}               |
      | 2026-07-28 | {"name": "no_such_tool"}               |
      | 2025-11-25 | {"arguments": {}}                      |
      | 2025-11-25 | {"name": 5}                            |
      | 2025-11-25 | {"name": "fleet_status", "arguments": 3} |

  @ctxlake
  Scenario Outline: a missing or wrong-typed argument: -32602 up to 2025-06-18, an isError result naming the field from 2025-11-25 (SEP-1303)
    Given a server initialized with revision "<revision>"
    When the client calls "<tool>" with:
      """
      <arguments>
      """
    Then the <outcome>

    Examples:
      | revision   | tool          | arguments                         | outcome                                             |
      | 2024-11-05 | fleet_handoff | {}                                | answer is error -32602                              |
      | 2025-03-26 | fleet_history | {"limit": "not-a-number"}         | answer is error -32602                              |
      | 2025-06-18 | fleet_claim   | {"paths": 123, "reason": "x"}     | answer is error -32602                              |
      | 2025-11-25 | fleet_handoff | {"status": "done"}                | tool result is an error naming /summary            |
      | 2025-11-25 | fleet_history | {"limit": "not-a-number"}         | tool result is an error naming /limit              |
      | 2026-07-28 | fleet_claim   | {"paths": 123, "reason": "x"}     | tool result is an error naming /paths              |
      | 2026-07-28 | fleet_status  | {"bogus": true}                   | tool result is an error naming /bogus              |

  @ctxlake
  Scenario: a -32602 for a bad argument names the JSON pointer in its data
    Given a server initialized with revision "2025-06-18"
    When the client calls "fleet_history" with:
      """
      {"since": "yesterday"}
      """
    Then the answer is error -32602
    And the error data at /errors/0/pointer is "/since"

  @ctxlake
  Scenario: a tool refusing on its own terms is a normal result with isError, and the session goes on
    Given a server initialized with revision "2024-11-05"
    When the client calls "fleet_handoff" with:
      """
      {"summary": "   ", "status": "done"}
      """
    Then the tool result is an error mentioning:
      """
      `summary` must not be blank
      """
    When the client sends "ping"
    Then the answer is a result with id 3
