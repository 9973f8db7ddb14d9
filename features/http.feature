# Streamable HTTP (spec basic/transports; seed 002): what a server on one endpoint must do with
# POST bodies, headers and sessions. Run by `ctxlake conform --url`; every other scenario of the
# suite that is not tagged @stdio also runs over HTTP, one POST per message.
@http
Feature: Streamable HTTP transport

  @id:http.notification-202 @must
  Scenario Outline: a notification is accepted with 202 and no body
    Ref: basic/transports (Streamable HTTP): "If the input is a JSON-RPC response or notification: If the server accepts the input, the server MUST return HTTP status code 202 Accepted with no body"
    Given a server initialized with revision "<revision>"
    When the client sends the line <notification>
    Then there is no answer
    And the HTTP status is 202

    Examples:
      | revision   | notification                                                                                                                                                                     |
      | 2025-06-18 | {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99}}                                                                                                   |
      | 2025-11-25 | {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99}}                                                                                                   |
      | 2026-07-28 | {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99,"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}} |

  @id:http.origin-403 @must
  Scenario Outline: a request from a foreign Origin is refused with 403
    Ref: 2025-11-25 basic/transports (security warning): servers MUST validate the Origin header; "If the Origin header is present and invalid, servers MUST respond with HTTP 403 Forbidden"
    Given a server initialized with revision "<revision>"
    When the client posts the line <request> with the header "Origin" set to "http://evil.example"
    Then the HTTP status is 403

    Examples:
      | revision   | request                                                                                                                                                              |
      | 2025-11-25 | {"jsonrpc":"2.0","id":50,"method":"ping"}                                                                                                                            |
      | 2026-07-28 | {"jsonrpc":"2.0","id":50,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}} |

  @id:http.protocol-version-header @must @rev-2025-11-25
  Scenario: an unsupported MCP-Protocol-Version header is 400 Bad Request
    Ref: 2025-06-18 basic/transports: "If the server receives a request with an invalid or unsupported MCP-Protocol-Version, it MUST respond with 400 Bad Request"
    Given a server initialized with revision "2025-11-25"
    When the client posts the line {"jsonrpc":"2.0","id":51,"method":"ping"} with the header "MCP-Protocol-Version" set to "1999-01-01"
    Then the HTTP status is 400

  @id:http.unknown-session-404 @must @rev-2025-11-25
  Scenario: a request naming a session the server does not know is 404 Not Found
    Ref: 2025-03-26 basic/transports (session management): a server that receives a request with a terminated or unknown session id "MUST respond ... with HTTP 404 Not Found"
    Given a server initialized with revision "2025-11-25"
    And the server issued a session id
    When the client posts the line {"jsonrpc":"2.0","id":52,"method":"ping"} with the header "Mcp-Session-Id" set to "ctxlake-conform-no-such-session"
    Then the HTTP status is 404

  @id:http.session-id-visible-ascii @must @rev-2025-11-25
  Scenario: the session id the server issues is visible ASCII
    Ref: 2025-03-26 basic/transports (session management): "The session ID MUST only contain visible ASCII characters (ranging from 0x21 to 0x7E)"
    Given a server initialized with revision "2025-11-25"
    And the server issued a session id
    Then the session id is visible ASCII

  @id:http.modern-header-mismatch @must @rev-2026-07-28
  Scenario: a modern request whose MCP-Protocol-Version header differs from its _meta is 400 with -32020
    Ref: 2026-07-28 basic/transports: the MCP-Protocol-Version header MUST equal the request's _meta protocolVersion; a mismatch is answered 400 with -32020 HeaderMismatch
    Given a server initialized with revision "2026-07-28"
    When the client posts the line {"jsonrpc":"2.0","id":53,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}} with the header "MCP-Protocol-Version" set to "2025-11-25"
    Then the HTTP status is 400
    And the answer is error -32020 with id 53

  @id:http.modern-unknown-method @must @rev-2026-07-28
  Scenario: a modern request for an unknown method is 404 with -32601
    Ref: 2026-07-28 basic/transports: an unknown method is answered 404 with a -32601 JSON-RPC error body
    Given a server initialized with revision "2026-07-28"
    When the client sends "foo/bar"
    Then the HTTP status is 404
    And the answer is error -32601 with the request's id

  @id:http.modern-get-405 @should @rev-2026-07-28
  Scenario: a modern server offers no GET stream
    Ref: 2026-07-28 basic/transports: Streamable HTTP is POST only; GET and DELETE are answered 405 Method Not Allowed
    Given a server initialized with revision "2026-07-28"
    When the client sends an HTTP GET request
    Then the HTTP status is 405
