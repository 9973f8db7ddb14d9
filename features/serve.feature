# Streamable HTTP past the checks of http.feature: the header rules `ctxlake serve` enforces
# (seed 002 chatctx: 403/406; the 2026-07-28 mirroring and version rules; DNS rebinding).
# Run by `ctxlake conform --url` against any server; cargo test runs them against `ctxlake serve`
# (tests/it/serve.rs). Keys, guests and quotas are ctxlake's own and tested there, not here.
@http
Feature: Streamable HTTP request checks

  @id:http.accept-406 @strict
  Scenario Outline: a POST whose Accept does not list both JSON and SSE is refused with 406
    Ref: 2025-03-26 basic/transports: "The client MUST include an Accept header, listing both application/json and text/event-stream as supported content types"; seed 002: "A missing SSE Accept value gives 406"
    Given a server initialized with revision "<revision>"
    When the client posts the line {"jsonrpc":"2.0","id":60,"method":"ping"} with the header "Accept" set to "<accept>"
    Then the HTTP status is 406

    Examples:
      | revision   | accept            |
      | 2025-06-18 | application/json  |
      | 2025-11-25 | text/event-stream |

  @id:http.accept-missing-406 @strict @rev-2025-11-25
  Scenario: a POST without Accept is refused with 406
    Ref: 2025-03-26 basic/transports: "The client MUST include an Accept header, listing both application/json and text/event-stream"
    Given a server initialized with revision "2025-11-25"
    When the client posts the line {"jsonrpc":"2.0","id":61,"method":"ping"} without the header "Accept"
    Then the HTTP status is 406

  @id:http.content-type-415 @strict @rev-2025-11-25
  Scenario: a POST body that is not declared JSON is refused with 415
    Ref: basic/transports: the client sends JSON-RPC messages as the body of an HTTP POST; RFC 9110 15.5.16: 415 for a content type the target does not support
    Given a server initialized with revision "2025-11-25"
    When the client posts the line {"jsonrpc":"2.0","id":62,"method":"ping"} with the header "Content-Type" set to "text/plain"
    Then the HTTP status is 415

  @id:http.host-403 @should
  Scenario Outline: a request naming a foreign Host is refused with 403
    Ref: 2025-11-25 basic/transports (security warning): DNS rebinding attacks let a remote website reach a local server; local servers SHOULD bind to localhost and validate what reaches them (the SDKs check Host)
    Given a server initialized with revision "<revision>"
    When the client posts the line <request> with the header "Host" set to "evil.example"
    Then the HTTP status is 403 or 421

    Examples:
      | revision   | request                                                                                                                                                              |
      | 2025-11-25 | {"jsonrpc":"2.0","id":63,"method":"ping"}                                                                                                                            |
      | 2026-07-28 | {"jsonrpc":"2.0","id":63,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}} |

  @id:http.get-sse-or-405 @must @rev-2025-11-25
  Scenario: GET on the endpoint opens an SSE stream or is 405
    Ref: 2025-03-26 basic/transports: "The server MUST either return Content-Type: text/event-stream in response to this HTTP GET, or else return HTTP 405 Method Not Allowed"
    Given a server initialized with revision "2025-11-25"
    When the client sends an HTTP GET request
    Then the HTTP status is 200 or 405

  @id:http.modern-unsupported-version-400 @must @rev-2026-07-28
  Scenario: a modern request naming an unsupported revision is 400 with -32022
    Ref: 2026-07-28 basic/transports: a request whose protocol version the server does not support is answered 400 Bad Request with -32022 UnsupportedProtocolVersion
    Given a running server
    When the client sends the line {"jsonrpc":"2.0","id":64,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"1900-01-01","io.modelcontextprotocol/clientCapabilities":{}}}}
    Then the HTTP status is 400
    And the answer is error -32022 with id 64

  @id:http.modern-mismatch-before-version @must @rev-2026-07-28
  Scenario: a header naming another version than _meta is a mismatch, even when _meta's version is unsupported
    Ref: 2026-07-28 basic/transports: "If the values do not match, the server MUST reject the request with 400 Bad Request and a HeaderMismatch JSON-RPC error" (official suite: sep-2575-http-server-header-mismatch-400)
    Given a server initialized with revision "2026-07-28"
    When the client posts the line {"jsonrpc":"2.0","id":68,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"v999.0.0","io.modelcontextprotocol/clientCapabilities":{}}}} with the header "MCP-Protocol-Version" set to "2026-07-28"
    Then the HTTP status is 400
    And the answer is error -32020 with id 68

  @id:http.modern-envelope-400 @must @rev-2026-07-28
  Scenario Outline: a modern request without its _meta envelope's required fields is 400 with -32602
    Ref: 2026-07-28 basic: every request's _meta carries io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities; requests missing them are rejected with -32602 Invalid params and, on HTTP, 400 Bad Request (official suite: sep-2575-http-server-meta-invalid-400)
    Given a server initialized with revision "2026-07-28"
    When the client sends the line <request>
    Then the HTTP status is 400
    And the answer is error -32602 with id 69

    Examples:
      | missing             | request                                                                                                                     |
      | _meta               | {"jsonrpc":"2.0","id":69,"method":"server/discover","params":{}}                                                            |
      | its protocolVersion | {"jsonrpc":"2.0","id":69,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/clientCapabilities":{}}}}  |
      | clientCapabilities  | {"jsonrpc":"2.0","id":69,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}} |

  @id:http.modern-header-missing @must @rev-2026-07-28
  Scenario Outline: a modern request without a mirrored header is 400 with -32020
    Ref: 2026-07-28 basic/transports: Mcp-Method is required on every request, Mcp-Name on tools/call, resources/read and prompts/get; a missing or mismatched header is answered 400 with -32020 HeaderMismatch
    Given a server initialized with revision "2026-07-28"
    When the client posts the line <request> without the header "<header>"
    Then the HTTP status is 400
    And the answer is error -32020 with id 65

    Examples:
      | header     | request                                                                                                                                                                                              |
      | Mcp-Method | {"jsonrpc":"2.0","id":65,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}                           |
      | Mcp-Name   | {"jsonrpc":"2.0","id":65,"method":"tools/call","params":{"name":"no_such_tool","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}} |

  @id:http.modern-name-mismatch @must @rev-2026-07-28
  Scenario: a modern tools/call whose Mcp-Name differs from the tool named in the body is 400 with -32020
    Ref: 2026-07-28 basic/transports: the Mcp-Name header MUST equal params.name of tools/call; a mismatch is answered 400 with -32020 HeaderMismatch
    Given a server initialized with revision "2026-07-28"
    When the client posts the line {"jsonrpc":"2.0","id":66,"method":"tools/call","params":{"name":"no_such_tool","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}} with the header "Mcp-Name" set to "another_tool"
    Then the HTTP status is 400
    And the answer is error -32020 with id 66

  @id:http.modern-delete-405 @should @rev-2026-07-28
  Scenario: a modern client's DELETE is 405
    Ref: 2026-07-28 basic/transports: Streamable HTTP is POST only; GET and DELETE are answered 405 Method Not Allowed
    Given a server initialized with revision "2026-07-28"
    When the client sends an HTTP DELETE request
    Then the HTTP status is 405

  @ctxlake @rev-2025-11-25
  Scenario: an answer streamed over SSE is primed, and a GET with Last-Event-ID replays the rest of it
    Ref: 2025-11-25 basic/transports: the server SHOULD immediately send an SSE event consisting of an event ID and an empty data field; a client resumes with GET and Last-Event-ID, and the server "MUST NOT replay messages that would have been delivered on a different stream"
    Given a server initialized with revision "2025-11-25"
    When the client calls the tool "test_tool_with_progress" with a progress token
    Then the answer came on an SSE stream whose first event has an id and empty data
    And resuming that stream after its first event replays the rest of it, and only that

  @ctxlake
  Scenario Outline: a GET whose Last-Event-ID names no stream of the caller is refused
    Ref: ctxlake docs/serve.md: Last-Event-ID names an event this server wrote (<24 hex digits>-<number>); another form is 400, an id of no stream the caller may resume is 404
    Given a server initialized with revision "<revision>"
    When the client sends an HTTP GET request with the header "Last-Event-ID" set to "<id>"
    Then the HTTP status is <status>

    Examples:
      | revision   | id                         | status |
      | 2025-11-25 | 0123456789abcdef01234567-1 | 404    |
      | 2025-06-18 | not-an-event-id            | 400    |
