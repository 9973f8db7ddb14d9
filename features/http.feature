# Streamable HTTP (seed 002; spec basic/transports): what a server on one endpoint must do with
# POST bodies, headers and sessions. Run by `ctxlake conform --url`.
@http
Feature: Streamable HTTP transport

  @id:http.notification-202 @must @rev-2025-11-25
  Scenario: a notification POST is accepted with 202 and no body
    Ref: 2025-11-25 basic/transports: "If the input is a JSON-RPC response or notification ... the server MUST return HTTP status code 202 Accepted with no body"
    Given a server initialized with revision "2025-11-25"
    When the client sends the line {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99}}
    Then there is no answer
