# The rules `ctxlake fuzz` judges a server by (src/fuzz/oracle.rs, docs/fuzzing.md "How it
# judges"): for a frame sent and what came back, the one rule broken, or none. Not a conformance
# check of any server: run by `cargo test` (src/fuzz/table.rs), never by `ctxlake conform`. Each
# rule is the conformance tables' own, named by its check family.
@fuzz
Feature: What ctxlake fuzz holds an exchange to

  Scenario Outline: over stdio, a frame and the line the server wrote for it break at most one rule
    Ref: features/protocol.feature and basic/transports (stdio): what a server must answer to each kind of frame, and that stdout carries frames only
    When the fuzzer sends <frame> over stdio and the server <answers>
    Then the fuzz verdict is <rule>

    Examples: what the tables require, answered as they require
      | frame                                                   | answers                                                                         | rule |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}                | writes {"jsonrpc":"2.0","id":1,"result":{}}                                     | none |
      | {"jsonrpc":"2.0",                                       | writes {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse"}}    | none |
      | {"jsonrpc":"2.0","id":1.5,"method":"ping"}              | writes {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"id"}}       | none |
      | {"id":4,"method":"ping"}                                | writes {"jsonrpc":"2.0","id":4,"error":{"code":-32600,"message":"jsonrpc"}}     | none |
      | {"jsonrpc":"2.0","id":5,"method":"fuzz/none"}           | writes {"jsonrpc":"2.0","id":5,"error":{"code":-32601,"message":"unknown"}}     | none |
      | {"jsonrpc":"2.0","method":"notifications/fuzz"}         | writes nothing                                                                  | none |
      | {"jsonrpc":"2.0","id":6,"method":"ping"}                | writes {"jsonrpc":"2.0","method":"notifications/message","params":{}} then {"jsonrpc":"2.0","id":6,"result":{}} | none |

    Examples: what the tables leave open, or hold only as a SHOULD, is not judged
      | frame                                                   | answers                                                                         | rule |
      | {"jsonrpc":"2.0","id":7,"result":{}}                    | writes nothing                                                                  | none |
      | [{"jsonrpc":"2.0","id":8,"method":"ping"}]              | writes nothing                                                                  | none |
      | {"jsonrpc":"2.0","id":9007199254740993,"method":"ping"} | writes nothing                                                                  | none |
      | {"method":"notifications/fuzz"}                         | writes {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"x"}}        | none |

    Examples: each way of answering wrongly names its rule
      | frame                                                   | answers                                                                         | rule                      |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}                | writes listening on stdio then {"jsonrpc":"2.0","id":1,"result":{}}             | stdio.stdout-frames-only  |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}                | writes {"level":30,"msg":"ready"} then {"jsonrpc":"2.0","id":1,"result":{}}     | stdio.stdout-frames-only  |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}                | exits                                                                           | server.stays-up           |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}                | hangs                                                                           | server.answers-in-time    |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}                | writes nothing                                                                  | rpc.answers-every-request |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}                | writes {"jsonrpc":"2.0","id":1,"result":{}} then {"jsonrpc":"2.0","id":1,"result":{}} | rpc.answers-every-request |
      | {"jsonrpc":"2.0",                                       | writes nothing                                                                  | rpc.parse-error           |
      | {"jsonrpc":"2.0",                                       | writes {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"x"}}        | rpc.parse-error           |
      | {"jsonrpc":"2.0","id":null,"method":"ping"}             | writes {"jsonrpc":"2.0","id":null,"result":{}}                                  | rpc.invalid-request       |
      | {"id":4,"method":"ping"}                                | writes {"jsonrpc":"2.0","id":4,"result":{}}                                     | rpc.invalid-request       |
      | {"jsonrpc":"2.0","id":5,"method":"fuzz/none"}           | writes {"jsonrpc":"2.0","id":5,"result":{}}                                     | rpc.method-not-found      |
      | {"jsonrpc":"2.0","method":"notifications/fuzz"}         | writes {"jsonrpc":"2.0","id":null,"result":{}}                                  | rpc.no-answer             |
      | {"jsonrpc":"2.0","id":"a","method":"ping"}              | writes {"jsonrpc":"2.0","id":"a","result":{}} then {"jsonrpc":"2.0","id":"z","result":{}} | rpc.id-echo |

    Examples: a 2026-07-28 envelope that names no revision, or lacks the client's capabilities
      | frame                                                                                                                                         | answers                                                                         | rule                       |
      | {"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"1900-01-01","io.modelcontextprotocol/clientCapabilities":{}}}} | writes {"jsonrpc":"2.0","id":2,"error":{"code":-32022,"message":"unsupported"}} | none                       |
      | {"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"1900-01-01","io.modelcontextprotocol/clientCapabilities":{}}}} | writes {"jsonrpc":"2.0","id":2,"result":{"tools":[]}}                           | modern.unsupported-version |
      | {"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}                       | writes {"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"envelope"}}    | none                       |
      | {"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}                       | writes {"jsonrpc":"2.0","id":2,"result":{"tools":[]}}                           | modern.envelope-required   |
      | {"jsonrpc":"2.0","id":2,"method":"fuzz/none","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}                        | writes {"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"envelope"}}    | none                       |
      | {"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2025-11-25"}}}                       | writes {"jsonrpc":"2.0","id":2,"result":{"tools":[]}}                           | none                       |

  Scenario Outline: over Streamable HTTP, each request's status, then the answer its body carries
    Ref: features/http.feature and basic/transports (Streamable HTTP): the statuses a server owes a POST, and RFC 9110 section 15.6 for 5xx
    When the fuzzer posts <frame> with <header> in a <session> session and the server answers <status> with <body>
    Then the fuzz verdict is <rule>

    Examples: what the tables require, answered as they require
      | frame                                           | session    | header                                       | status          | body                                                                            | rule |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}        | 2025-11-25 | no header bent                               | HTTP 200        | {"jsonrpc":"2.0","id":1,"result":{}}                                            | none |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}        | 2025-11-25 | Origin: http://evil.example                  | HTTP 403        | nothing                                                                         | none |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}        | 2025-11-25 | MCP-Protocol-Version: 1999-01-01             | HTTP 400        | nothing                                                                         | none |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}        | 2025-11-25 | Mcp-Session-Id: ctxlake-fuzz-no-such-session | HTTP 404        | nothing                                                                         | none |
      | {"jsonrpc":"2.0","method":"notifications/fuzz"} | 2025-11-25 | no header bent                               | HTTP 202        | nothing                                                                         | none |
      | {"jsonrpc":"2.0","method":"notifications/fuzz"} | 2025-11-25 | no header bent                               | HTTP 400        | nothing                                                                         | none |
      | {"jsonrpc":"2.0",                               | 2025-11-25 | no header bent                               | HTTP 400        | {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse"}}           | none |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}        | 2025-11-25 | Accept: text/html                            | HTTP 406        | nothing                                                                         | none |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}        | 2025-11-25 | no header bent                               | HTTP 200        | text/event-stream {"jsonrpc":"2.0","id":1,"result":{}}                          | none |

    Examples: each way of answering wrongly names its rule
      | frame                                           | session    | header                                       | status          | body                                                                            | rule                         |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}        | 2025-11-25 | no header bent                               | HTTP 500        | nothing                                                                         | http.no-server-error         |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}        | 2025-11-25 | Accept: text/html                            | HTTP 503        | nothing                                                                         | http.no-server-error         |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}        | 2025-11-25 | Origin: http://evil.example                  | HTTP 200        | {"jsonrpc":"2.0","id":1,"result":{}}                                            | http.origin-403              |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}        | 2025-11-25 | MCP-Protocol-Version: 1999-01-01             | HTTP 200        | {"jsonrpc":"2.0","id":1,"result":{}}                                            | http.protocol-version-header |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}        | 2025-11-25 | Mcp-Session-Id: ctxlake-fuzz-no-such-session | HTTP 400        | nothing                                                                         | http.unknown-session-404     |
      | {"jsonrpc":"2.0","method":"notifications/fuzz"} | 2025-11-25 | no header bent                               | HTTP 200        | nothing                                                                         | http.notification-202        |
      | {"jsonrpc":"2.0","method":"notifications/fuzz"} | 2025-11-25 | no header bent                               | HTTP 200        | {"jsonrpc":"2.0","id":null,"result":{}}                                         | rpc.no-answer                |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}        | 2025-11-25 | no header bent                               | HTTP 200        | text/plain pong                                                                 | http.request-answer          |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}        | 2025-11-25 | no header bent                               | HTTP 200        | {"error":"bad"}                                                                 | http.request-answer          |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}        | 2025-11-25 | no header bent                               | HTTP 202        | nothing                                                                         | rpc.answers-every-request    |
      | {"jsonrpc":"2.0",                               | 2025-11-25 | no header bent                               | HTTP 400        | text/plain Bad Request                                                          | rpc.parse-error              |
      | {"jsonrpc":"2.0","id":5,"method":"fuzz/none"}   | 2025-11-25 | no header bent                               | HTTP 200        | {"jsonrpc":"2.0","id":5,"result":{}}                                            | rpc.method-not-found         |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}        | 2025-11-25 | no header bent                               | nothing in time | nothing                                                                      | server.answers-in-time       |
      | {"jsonrpc":"2.0","id":1,"method":"ping"}        | 2025-11-25 | no header bent                               | HTTP 200        | an event stream still open                                                   | server.answers-in-time       |

    Examples: in 2026-07-28 a body no header can mirror may be refused for its headers first
      | frame                                                                                                                                                   | session    | header         | status   | body                                                                       | rule                 |
      | {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}} | 2026-07-28 | no header bent | HTTP 400 | {"jsonrpc":"2.0","id":1,"error":{"code":-32020,"message":"no Mcp-Name"}}   | none                 |
      | {"jsonrpc":"2.0","id":1,"method":"fuzz/é","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}   | 2026-07-28 | no header bent | HTTP 400 | {"jsonrpc":"2.0","id":1,"error":{"code":-32020,"message":"no Mcp-Method"}} | none                 |
      | {"jsonrpc":"2.0","id":1,"method":"fuzz/none","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}     | 2026-07-28 | no header bent | HTTP 400 | {"jsonrpc":"2.0","id":1,"error":{"code":-32020,"message":"mismatch"}}      | rpc.method-not-found |
      | {"jsonrpc":"2.0","id":1,"method":"fuzz/none","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}     | 2026-07-28 | no header bent | HTTP 404 | {"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"unknown"}}       | none                 |
      | {"jsonrpc":"2.0","id":1,"method":"fuzz/none","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}     | 2026-07-28 | no header bent | HTTP 200 | {"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"unknown"}}       | http.modern-unknown-method |

  Scenario Outline: a request cancelled after it was sent may go unanswered, never answered twice
    Ref: basic/utilities/cancellation: receivers "SHOULD ... Not send a response for the cancelled request"; JSON-RPC 2.0 section 4 for every other request
    When the fuzzer sends {"jsonrpc":"2.0","id":3,"method":"ping"} then {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":<cancelled>}} over stdio and the server <answers>
    Then the fuzz verdict is <rule>

    Examples:
      | cancelled | answers                                                                                  | rule                      |
      | 3         | writes nothing                                                                           | none                      |
      | 3         | writes {"jsonrpc":"2.0","id":3,"result":{}}                                              | none                      |
      | 3         | writes {"jsonrpc":"2.0","id":3,"result":{}} then {"jsonrpc":"2.0","id":3,"result":{}}     | rpc.answers-every-request |
      | 4         | writes nothing                                                                           | rpc.answers-every-request |
