# The JSON-RPC 2.0 / MCP conformance table (seed 000, "Protocol conformance"), per revision, as
# `ctxlake conform` holds any MCP server to it and `cargo test` holds ctxlake to it.
# Tags (docs/conformance/README.md): @id stable check id, @must/@should/@strict level,
# @rev-<revision> or a `revision` column, @cap-<capability>, @stdio/@http, @ctxlake.
# Scenarios without @stdio also run over Streamable HTTP, one POST per message.
Feature: JSON-RPC framing and the MCP method table
  Ref: seed 000 (ctxlake mcp), "Protocol conformance"; ctxlake's own choices where the spec is silent are listed in docs/protocol.md

  @id:rpc.parse-error @must
  Scenario Outline: malformed JSON is a parse error, and the server keeps serving
    Ref: JSON-RPC 2.0 section 5.1: -32700 Parse error, "Invalid JSON was received by the server"
    Given a server initialized with revision "<revision>"
    When the client sends the line {"jsonrpc":"2.0","id":201,"method":
    Then the answer is error -32700 without a request id

    Examples:
      | revision   |
      | 2024-11-05 |
      | 2025-03-26 |
      | 2025-06-18 |
      | 2025-11-25 |
      | 2026-07-28 |

  @id:rpc.parse-error-utf8 @must @rev-2025-11-25 @stdio
  Scenario: invalid UTF-8 is a parse error, and the server keeps serving
    Ref: RFC 8259 section 8.1: JSON text "MUST be encoded using UTF-8"; JSON-RPC 2.0 section 5.1: -32700
    Given a server initialized with revision "2025-11-25"
    When the client sends the bytes "7b ff fe 7d 0a"
    Then the answer is error -32700 without a request id
    When the client sends "ping"
    Then the answer is a result with the request's id

  @id:rpc.error-id-null @strict
  Scenario Outline: an error whose request id could not be read carries "id": null
    Ref: JSON-RPC 2.0 section 5: "If there was an error in detecting the id in the Request object (e.g. Parse error/Invalid Request), it MUST be Null" (MCP's schema also lets the id be omitted)
    Given a server initialized with revision "<revision>"
    When the client sends the line <frame>
    Then the answer is error <code> with a null id

    Examples:
      | check        | revision   | frame                                       | code   |
      | parse-error  | 2025-11-25 | {"jsonrpc":"2.0","id":201,"method":         | -32700 |
      | not-an-object| 2025-11-25 | 42                                          | -32600 |
      | null-id      | 2025-11-25 | {"jsonrpc":"2.0","id":null,"method":"ping"} | -32600 |

  @id:rpc.invalid-request @must
  Scenario Outline: a frame that is not a valid request is -32600, with its id or a null one
    Ref: JSON-RPC 2.0 section 5.1: -32600 Invalid Request, "The JSON sent is not a valid Request object"; section 5: "If there was an error in detecting the id in the Request object (e.g. Parse error/Invalid Request), it MUST be Null"; MCP basic: request ids "MUST NOT be null"
    Given a server initialized with revision "<revision>"
    When the client sends the line <frame>
    Then the answer is error -32600 <id>

    Examples:
      | check             | revision   | frame                                       | id                           |
      | number            | 2024-11-05 | 42                                          | without a request id         |
      | string            | 2024-11-05 | "hello"                                     | without a request id         |
      | no-method         | 2024-11-05 | {"jsonrpc":"2.0","id":202}                  | with id 202 or a null id     |
      | no-jsonrpc        | 2025-06-18 | {"id":203,"method":"ping"}                  | with id 203 or a null id     |
      | null-id           | 2025-11-25 | {"jsonrpc":"2.0","id":null,"method":"ping"} | without a request id         |
      | fractional-id     | 2025-11-25 | {"jsonrpc":"2.0","id":1.5,"method":"ping"}  | without a request id         |
      | method-not-string | 2025-11-25 | {"jsonrpc":"2.0","id":"x","method":7}       | with id "x" or a null id     |
      | modern-no-method  | 2026-07-28 | {"jsonrpc":"2.0","id":205}                  | with id 205 or a null id     |

  @id:rpc.invalid-request-id @should
  Scenario Outline: an invalid request whose id is readable is answered with that id
    Ref: JSON-RPC 2.0 section 5: the response id "MUST be the same as the value of the id member in the Request Object", but "If there was an error in detecting the id in the Request object (e.g. Parse error/Invalid Request), it MUST be Null": the text names Invalid Request as a case for null, so echoing a readable id is held as SHOULD (a client can match the error to its request only then), not MUST
    Given a server initialized with revision "<revision>"
    When the client sends the line <frame>
    Then the answer is error -32600 with id <id>

    Examples:
      | check             | revision   | frame                                 | id  |
      | no-method         | 2024-11-05 | {"jsonrpc":"2.0","id":212}            | 212 |
      | no-jsonrpc        | 2025-06-18 | {"id":213,"method":"ping"}            | 213 |
      | method-not-string | 2025-11-25 | {"jsonrpc":"2.0","id":"y","method":7} | "y" |
      | modern-no-method  | 2026-07-28 | {"jsonrpc":"2.0","id":215}            | 215 |

  @id:rpc.method-not-found @must
  Scenario Outline: an unknown method is -32601 with the request's id
    Ref: JSON-RPC 2.0 section 5.1: -32601 Method not found, "The method does not exist / is not available"
    Given a server initialized with revision "<revision>"
    When the client sends "foo/bar"
    Then the answer is error -32601 with the request's id

    Examples:
      | revision   |
      | 2024-11-05 |
      | 2025-11-25 |
      | 2026-07-28 |

  @id:rpc.params-not-object @strict @rev-2025-11-25
  Scenario: params given as an array are invalid params, since MCP methods take objects
    Ref: MCP basic: every MCP request's params is an object; JSON-RPC 2.0 section 5.1: -32602 Invalid params
    Given a server initialized with revision "2025-11-25"
    When the client sends the line {"jsonrpc":"2.0","id":"s","method":"ping","params":[1]}
    Then the answer is error -32602 with id "s"

  @id:rpc.id-echo @must
  Scenario Outline: the answer carries the request's id, with its type
    Ref: JSON-RPC 2.0 section 5: the response id "MUST be the same as the value of the id member in the Request Object"
    Given a server initialized with revision "<revision>"
    When the client sends a request with id <id>
    Then the answer carries exactly the id <id>

    Examples:
      | check          | revision   | id          |
      | string         | 2025-11-25 | "abc-1"     |
      | integer        | 2025-11-25 | 77          |
      | digits-string  | 2025-11-25 | "78"        |
      | modern-string  | 2026-07-28 | "abc-2"     |
      | modern-integer | 2026-07-28 | 79          |

    @should
    Examples: integers past 2^53 (JavaScript numbers lose them)
      | check          | revision   | id               |
      | large-integer  | 2025-11-25 | 9007199254740993 |

  @id:rpc.no-answer @must
  Scenario Outline: notifications are never answered, even unknown or malformed ones
    Ref: JSON-RPC 2.0 section 4.1: "The Server MUST NOT reply to a Notification"
    Given a server initialized with revision "<revision>"
    When the client sends the line <frame>
    Then there is no answer

    Examples:
      | check          | revision   | frame                                                              |
      | initialized    | 2024-11-05 | {"jsonrpc":"2.0","method":"notifications/initialized"}             |
      | cancelled      | 2025-03-26 | {"jsonrpc":"2.0","method":"notifications/cancelled","params":{}}   |
      | unknown        | 2025-06-18 | {"jsonrpc":"2.0","method":"no/such/notification"}                  |
      | array-params   | 2025-11-25 | {"jsonrpc":"2.0","method":"x","params":[1]}                        |

    # A server that picks its era from a connection's first message (rmcp) treats a modern
    # notification differently when it comes first, so this row gets a process of its own.
    @fresh
    Examples: a modern notification, first on its connection
      | check          | revision   | frame                                                              |
      | modern-unknown | 2026-07-28 | {"jsonrpc":"2.0","method":"notifications/no-such","params":{}}     |

    @should
    Examples: stray responses (no request of the server's is pending)
      | check          | revision   | frame                                                      |
      | stray-result   | 2025-11-25 | {"jsonrpc":"2.0","id":9,"result":{}}                       |
      | stray-error    | 2025-11-25 | {"jsonrpc":"2.0","id":9,"error":{"code":-1,"message":"x"}} |

    @strict @stdio
    Examples: frames ctxlake chooses not to answer: no id and no method, a blank line
      | check          | revision   | frame             |
      | bare-envelope  | 2025-11-25 | {"jsonrpc":"2.0"} |
      | blank-line     | 2025-11-25 |                   |

  @id:rpc.batch-rejected @strict
  Scenario Outline: outside 2025-03-26 a batch is refused with one -32600, not ignored
    Ref: MCP 2025-06-18 changelog: "Remove support for JSON-RPC batching"; ctxlake answers rather than staying silent
    Given a server initialized with revision "<revision>"
    When the client sends the line [{"jsonrpc":"2.0","id":1,"method":"ping"}]
    Then the answer is error -32600 without a request id

    Examples:
      | revision   |
      | 2024-11-05 |
      | 2025-06-18 |
      | 2025-11-25 |

  @id:rpc.batch @must @rev-2025-03-26
  Scenario: 2025-03-26 accepts batches: an array of answers, none for notifications
    Ref: MCP 2025-03-26 basic: implementations "MUST support receiving JSON-RPC batches"; JSON-RPC 2.0 section 6
    Given a server initialized with revision "2025-03-26"
    When the client sends the line [{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/x"},{"jsonrpc":"2.0","id":2,"method":"nope"},7]
    Then the answer is a batch:
      """
      [{"id": 1, "error": null}, {"id": 2, "error": -32601}, {"id": null, "error": -32600}]
      """

  @id:rpc.batch-edges @must @rev-2025-03-26
  Scenario: 2025-03-26: an all-notification batch gets no answer
    Ref: JSON-RPC 2.0 section 4.1: "The Server MUST NOT reply to a Notification, including those that are within a batch request"; section 6: "the server MUST NOT return an empty Array and should return nothing at all"; over HTTP a server that cannot accept it "MUST return an HTTP error status code" whose body "MAY comprise a JSON-RPC error response that has no id" (2025-03-26 basic/transports)
    Given a server initialized with revision "2025-03-26"
    When the client sends the line [{"jsonrpc":"2.0","method":"notifications/initialized"}]
    Then there is no answer

  @id:rpc.batch-empty @must @rev-2025-03-26 @stdio
  Scenario: 2025-03-26: an empty batch is one -32600 with a null id
    Ref: JSON-RPC 2.0 section 6: "rpc call Batch (invalid JSON but an empty Array)" is answered {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}
    Given a server initialized with revision "2025-03-26"
    When the client sends the line []
    Then the answer is error -32600 without a request id

  @id:rpc.batch-empty-http @interpretation @rev-2025-03-26 @http
  Scenario: 2025-03-26 over HTTP: an empty batch is one -32600 with a null id
    Ref: JSON-RPC 2.0 section 6 answers an empty array with -32600 and a null id; but 2025-03-26 basic/transports says "If the input consists solely of (any number of) JSON-RPC responses or notifications: If the server accepts the input, the server MUST return HTTP status code 202 Accepted with no body", and an empty array is such an input read literally (zero of them): a 202 follows that sentence, so this check is an interpretation
    Given a server initialized with revision "2025-03-26"
    When the client sends the line []
    Then the answer is error -32600 without a request id

  @id:stdio.eof-answers-all @must @rev-2025-11-25 @stdio
  Scenario: every request read before the end of input is answered
    Ref: MCP basic/lifecycle (stdio shutdown): the client closes the server's input stream; JSON-RPC 2.0 section 4: every request gets a response
    Given a running server
    When the client sends these lines and closes its input:
      """
      {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}
      {"jsonrpc":"2.0","method":"notifications/initialized"}
      {"jsonrpc":"2.0","id":2,"method":"ping"}
      {"jsonrpc":"2.0","id":3,"method":"ping"}
      {"jsonrpc":"2.0","id":4,"method":"ping"}
      """
    Then the answers have ids "[1, 2, 3, 4]"

  @id:stdio.eof-exits @should @rev-2025-11-25 @stdio
  Scenario: the server exits with status 0 once its input is closed
    Ref: MCP 2026-07-28 basic/transports (stdio): the server SHOULD exit promptly when its input closes
    Given a running server
    When the client sends these lines and closes its input:
      """
      {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}
      """
    Then the process exits with status 0

  @id:stdio.line-cap @ctxlake @rev-2025-11-25 @stdio
  Scenario: a line over the 4 MiB cap is answered with one error frame and the next request is served
    Given a server initialized with revision "2025-11-25"
    When the client sends a line of 4194400 bytes
    Then the answer is error -32600 with a null id
    And the error message mentions "4194304 bytes"
    When the client sends "ping"
    Then the answer is a result with id 2

  @id:lifecycle.initialize-agrees @must
  Scenario Outline: initialize answers the client's revision when the server supports it
    Ref: MCP basic/lifecycle: "If the server supports the requested protocol version, it MUST respond with the same version"
    Given a running server
    When the client sends "initialize" with params:
      """
      {"protocolVersion": "<revision>", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
      """
    Then the result at /protocolVersion is "<revision>"

    Examples:
      | revision   |
      | 2024-11-05 |
      | 2025-03-26 |
      | 2025-06-18 |
      | 2025-11-25 |

  @id:lifecycle.initialize-counter-offer @must @rev-2024-11-05 @rev-2025-03-26 @rev-2025-06-18 @rev-2025-11-25
  Scenario: initialize asking for an unknown revision is answered with one the server supports
    Ref: MCP basic/lifecycle: "Otherwise, the server MUST respond with another protocol version it supports"
    Given a running server
    When the client sends "initialize" with params:
      """
      {"protocolVersion": "1999-01-01", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
      """
    Then the result at /protocolVersion names a revision the target admits

  @id:lifecycle.initialize-latest @ctxlake
  Scenario Outline: ctxlake counter-offers its latest legacy revision and names itself
    Given a running server
    When the client sends "initialize" with params:
      """
      {"protocolVersion": "<asked>", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
      """
    Then the result at /protocolVersion is "2025-11-25"
    And the result at /capabilities/tools/listChanged is false
    And the result at /serverInfo/name is "ctxlake"

    Examples:
      | asked      |
      | 2026-07-28 |
      | 1999-01-01 |

  @id:lifecycle.initialize-invalid-params @should @rev-2024-11-05 @rev-2025-03-26 @rev-2025-06-18 @rev-2025-11-25
  Scenario: initialize without its required params is invalid params
    Ref: JSON-RPC 2.0 section 5.1: -32602 Invalid params; MCP basic/lifecycle: InitializeRequest requires protocolVersion, capabilities and clientInfo
    Given a running server
    When the client sends "initialize" with params:
      """
      {"capabilities": {}}
      """
    Then the answer is error -32602

  @id:lifecycle.ping @must
  Scenario Outline: ping is answered with an empty result
    Ref: MCP basic/utilities/ping: "The receiver MUST respond promptly with an empty response"
    Given a server initialized with revision "<revision>"
    When the client sends "ping"
    Then the answer is a result with the request's id
    And the result is {}

    Examples:
      | revision   |
      | 2024-11-05 |
      | 2025-03-26 |
      | 2025-06-18 |
      | 2025-11-25 |

  @id:modern.discover @must @rev-2026-07-28
  Scenario: server/discover lists 2026-07-28 among the supported revisions
    Ref: MCP 2026-07-28 basic/lifecycle: servers MUST implement server/discover, returning supportedVersions and capabilities; every result MUST carry resultType
    Given a server initialized with revision "2026-07-28"
    When the client sends "server/discover"
    Then the result at /supportedVersions contains "2026-07-28"
    And the result at /resultType is "complete"

  @id:modern.discover-server-info @should @rev-2026-07-28
  Scenario: server/discover names the server in its result metadata
    Ref: MCP 2026-07-28: servers SHOULD put io.modelcontextprotocol/serverInfo in each result's _meta
    Given a server initialized with revision "2026-07-28"
    When the client sends "server/discover"
    Then the result has /_meta/io.modelcontextprotocol~1serverInfo/name

  @id:modern.discover-ctxlake @ctxlake @rev-2026-07-28
  Scenario: ctxlake's server/discover lists every revision it serves
    Given a server initialized with revision "2026-07-28"
    When the client sends "server/discover"
    Then the result at /supportedVersions is ["2024-11-05","2025-03-26","2025-06-18","2025-11-25","2026-07-28"]
    And the result at /capabilities/tools/listChanged is false
    And the result at /_meta/io.modelcontextprotocol~1serverInfo/name is "ctxlake"

  @id:modern.unsupported-version @must @rev-2026-07-28
  Scenario: a modern request naming an unsupported revision is -32022 with the supported list
    Ref: MCP 2026-07-28 basic/lifecycle: an unsupported version is answered with -32022 UnsupportedProtocolVersion, data.supported and data.requested
    Given a server initialized with revision "2026-07-28"
    When the client sends the line {"jsonrpc":"2.0","id":5,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"1900-01-01","io.modelcontextprotocol/clientCapabilities":{}}}}
    Then the answer is error -32022 with id 5
    And the error data at /supported lists supported revisions
    And the error data at /requested is "1900-01-01"

  @id:modern.unsupported-version-ctxlake @ctxlake @rev-2026-07-28
  Scenario: ctxlake's -32022 lists the modern revision it serves
    Given a server initialized with revision "2026-07-28"
    When the client sends the line {"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"1900-01-01","io.modelcontextprotocol/clientCapabilities":{}}}}
    Then the answer is error -32022 with id 5
    And the error data at /supported is ["2026-07-28"]

  @id:modern.envelope-required @must @rev-2026-07-28
  Scenario: a modern envelope without client capabilities is invalid params
    Ref: MCP 2026-07-28 basic: every request's _meta MUST carry io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities
    Given a server initialized with revision "2026-07-28"
    When the client sends the line {"jsonrpc":"2.0","id":6,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}
    Then the answer is error -32602 with id 6

  @id:modern.ping-removed @must @rev-2026-07-28 @fresh
  Scenario: ping does not exist in 2026-07-28
    Ref: MCP 2026-07-28 changelog: ping is removed; an unknown method is -32601
    Given a server initialized with revision "2026-07-28"
    When the client sends the line {"jsonrpc":"2.0","id":7,"method":"ping","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    Then the answer is error -32601 with id 7

  @id:modern.removed-methods @must @rev-2026-07-28 @fresh
  Scenario Outline: the handshake era's methods that 2026-07-28 removed are unknown in a modern envelope
    Ref: MCP 2026-07-28 changelog: initialize, ping, logging/setLevel and resources/subscribe|unsubscribe are removed; basic/versioning: "A request carrying modern per-request _meta is served statelessly according to this revision"; "If the server does not implement the requested RPC method, it MUST respond with ... -32601 (Method not found)". For initialize, basic/versioning also says "An initialize request selects legacy semantics" for a dual-era server: the two sentences meet on an initialize carrying modern _meta, so that row is an interpretation (it reports, and is not counted as a MUST failure)
    Given a server initialized with revision "2026-07-28"
    When the client sends the line {"jsonrpc":"2.0","id":8,"method":"<method>","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}},"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"},"level":"info","uri":"test://x"}}
    Then the answer is error -32601 with id 8

    @interpretation
    Examples: initialize with modern _meta (a dual-era server may read it as the handshake)
      | method                |
      | initialize            |

    Examples:
      | method                |
      | logging/setLevel      |
      | resources/subscribe   |
      | resources/unsubscribe |

  @id:modern.list-result @must @rev-2026-07-28 @cap-tools
  Scenario: a modern tools/list result names its type and its cache hints
    Ref: MCP 2026-07-28 server/tools: ListToolsResult is a CacheableResult (resultType, ttlMs, cacheScope required)
    Given a server initialized with revision "2026-07-28"
    When the client sends "tools/list"
    Then the result at /resultType is "complete"
    And the result has /ttlMs
    And the result has /cacheScope

  @id:modern.list-result-ctxlake @ctxlake @rev-2026-07-28
  Scenario: ctxlake's modern tools/list is public and names the server
    Given a server initialized with revision "2026-07-28"
    When the client sends "tools/list"
    Then the result at /cacheScope is "public"
    And the result at /_meta/io.modelcontextprotocol~1serverInfo/name is "ctxlake"

  @id:compat.no-newer-fields @strict @cap-tools
  Scenario Outline: a legacy session is sent no field of a later revision
    Ref: each revision's schema.json defines the fields of its results; a field a later revision added (a tool's outputSchema, serverInfo's title, a list's ttlMs) is one a client written for the older revision was never written for. The spec has no sentence for it: ctxlake-strict
    Given a server initialized with revision "<revision>"
    When the client sends "tools/list"
    Then the initialize result and the tools/list result carry no field of a later revision

    # Over HTTP a request without MCP-Protocol-Version is read as 2025-03-26 ("the server SHOULD
    # assume protocol version 2025-03-26"), and 2024-11-05 sends none: a stateless server cannot
    # tell a 2024-11-05 client, so that row holds stdio only.
    @stdio
    Examples: 2024-11-05
      | revision   |
      | 2024-11-05 |

    Examples:
      | revision   |
      | 2025-03-26 |
      | 2025-06-18 |
      | 2025-11-25 |

  @id:tools.input-schema @must @cap-tools
  Scenario Outline: every listed tool has an object input schema
    Ref: MCP server/tools: Tool.inputSchema is a JSON Schema object with "type": "object"
    Given a server initialized with revision "<revision>"
    When the client sends "tools/list"
    Then every tool has an object input schema

    Examples:
      | revision   |
      | 2024-11-05 |
      | 2025-06-18 |
      | 2025-11-25 |
      | 2026-07-28 |

  @id:tools.names @should @cap-tools
  Scenario Outline: tool names follow the naming rule
    Ref: MCP 2025-11-25 server/tools: tool names SHOULD be 1 to 128 characters of A-Z, a-z, 0-9, _, - and .
    Given a server initialized with revision "<revision>"
    When the client sends "tools/list"
    Then every tool name follows the naming rule

    Examples:
      | revision   |
      | 2025-11-25 |
      | 2026-07-28 |

  @id:tools.list-shapes @ctxlake
  Scenario Outline: ctxlake's tools/list shapes follow the revision
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

  @id:tools.call-unknown-tool @should @cap-tools
  Scenario Outline: calling an unknown tool is a protocol error, -32602
    Ref: MCP server/tools (Error Handling): "Unknown tools" are protocol errors; the spec's example answers -32602
    Given a server initialized with revision "<revision>"
    When the client sends "tools/call" with params:
      """
      {"name": "no_such_tool_ctxlake_conform", "arguments": {}}
      """
    Then the answer is error -32602

    Examples:
      | revision   |
      | 2024-11-05 |
      | 2025-11-25 |
      | 2026-07-28 |

  @id:tools.call-malformed @should @cap-tools
  Scenario Outline: a malformed tools/call request is invalid params
    Ref: MCP server/tools (Error Handling): an invalid CallToolRequest is a protocol error; JSON-RPC 2.0 section 5.1: -32602 Invalid params
    Given a server initialized with revision "<revision>"
    When the client sends "tools/call" with params:
      """
      <params>
      """
    Then the answer is error -32602

    Examples:
      | check         | revision   | params             |
      | no-name       | 2025-11-25 | {"arguments": {}}  |
      | name-a-number | 2025-11-25 | {"name": 5}        |

  @id:tools.call-arguments-not-object @ctxlake
  Scenario: tools/call with arguments that are not an object is invalid params
    Given a server initialized with revision "2025-11-25"
    When the client sends "tools/call" with params:
      """
      {"name": "fleet_status", "arguments": 3}
      """
    Then the answer is error -32602

  @id:tools.input-validation-is-tool-error @should @cap-tools
  Scenario Outline: from 2025-11-25 a missing or mistyped argument is a tool result with isError
    Ref: MCP 2025-11-25 server/tools (SEP-1303), Error Handling: "Tool Execution Errors: Reported in tool results with isError: true: ... Input validation errors"; the section states it without MUST or SHOULD (only its sentences on clients carry a keyword), so the check is held as SHOULD
    Given a server initialized with revision "<revision>"
    And a tool that takes a required string argument
    When the client calls that tool <call>
    Then the tool result is an error

    Examples:
      | check          | revision   | call                            |
      | missing        | 2025-11-25 | without that argument           |
      | mistyped       | 2025-11-25 | with that argument set to 12345 |
      | modern-missing | 2026-07-28 | without that argument           |

  @id:tools.argument-errors-ctxlake @ctxlake
  Scenario Outline: a missing or wrong-typed argument: -32602 up to 2025-06-18, an isError result naming the field from 2025-11-25 (SEP-1303)
    Given a server initialized with revision "<revision>"
    When the client calls "<tool>" with:
      """
      <arguments>
      """
    Then the <outcome>

    Examples:
      | revision   | tool          | arguments                         | outcome                                  |
      | 2024-11-05 | fleet_handoff | {}                                | answer is error -32602                   |
      | 2025-03-26 | fleet_history | {"limit": "not-a-number"}         | answer is error -32602                   |
      | 2025-06-18 | fleet_claim   | {"paths": 123, "reason": "x"}     | answer is error -32602                   |
      | 2025-11-25 | fleet_handoff | {"status": "done"}                | tool result is an error naming /summary  |
      | 2025-11-25 | fleet_history | {"limit": "not-a-number"}         | tool result is an error naming /limit    |
      | 2026-07-28 | fleet_claim   | {"paths": 123, "reason": "x"}     | tool result is an error naming /paths    |
      | 2026-07-28 | fleet_status  | {"bogus": true}                   | tool result is an error naming /bogus    |

  @id:tools.argument-pointer-ctxlake @ctxlake
  Scenario: a -32602 for a bad argument names the JSON pointer in its data
    Given a server initialized with revision "2025-06-18"
    When the client calls "fleet_history" with:
      """
      {"since": "yesterday"}
      """
    Then the answer is error -32602
    And the error data at /errors/0/pointer is "/since"

  @id:tools.refusal-ctxlake @ctxlake
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
