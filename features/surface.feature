# What a server offers besides tools, tested black-box from its own lists: the resources it
# lists read back, the prompts it lists render, their arguments complete, lists page to the end,
# and the errors for what does not exist. A target without the capability is not applicable.
# ctxlake passes them with its own resources and prompts (the briefing, the fleet's status,
# guidance records; resume-work and handoff) over stdio and HTTP, and with the official suite's
# fixtures in their place (`serve --conformance-fixtures`, tests/it/serve.rs).
Feature: Resources, prompts, completion, logging and paging

  @id:resources.read-listed @must @cap-resources
  Scenario Outline: every resource the server lists reads back as contents naming its uri
    Ref: <revision> server/resources: resources/read answers "contents", each a TextResourceContents or BlobResourceContents with the resource's "uri" and its "text" or "blob"
    Given a server initialized with revision "<revision>"
    When the client lists "resources/list" to the end
    Then every listed resource reads as contents naming its uri

    Examples:
      | revision   |
      | 2025-11-25 |
      | 2026-07-28 |

  @id:resources.subscribe-listed @must @cap-resources @fresh
  Scenario Outline: a server that declares resource subscriptions lets the client subscribe to a resource it lists, and unsubscribe
    Ref: <revision> schema, ServerCapabilities.resources.subscribe: "Whether this server supports subscribing to resource updates"; SubscribeRequest: "Sent from the client to request resources/updated notifications from the server whenever a particular resource changes"; UnsubscribeRequest: "This should follow a previous resources/subscribe request"
    Given a server initialized with revision "<revision>"
    When the client lists "resources/list" to the end
    Then the client subscribes to the first listed resource, then unsubscribes

    Examples:
      | revision   |
      | 2024-11-05 |
      | 2025-11-25 |

  @id:resources.templates-listed @must @cap-resources
  Scenario Outline: every resource template the server lists has a uriTemplate and a name
    Ref: <revision> schema, ResourceTemplate: "uriTemplate" ("A URI template (according to RFC 6570) that can be used to construct resource URIs") and "name" are required
    Given a server initialized with revision "<revision>"
    When the client lists "resources/templates/list" to the end
    Then every listed item has a string uriTemplate and a string name

    Examples:
      | revision   |
      | 2025-11-25 |
      | 2026-07-28 |

  @id:resources.unknown-uri-error @must @cap-resources
  Scenario Outline: reading a resource that does not exist is an error, not empty contents
    Ref: <revision> server/resources, error handling: "Servers SHOULD return standard JSON-RPC errors for common failure cases: Resource not found"; SEP-2164: the server "MUST NOT return a result with an empty contents array"
    Given a server initialized with revision "<revision>"
    Then reading an unknown resource is an error

    Examples:
      | revision   |
      | 2025-11-25 |
      | 2026-07-28 |

  @id:resources.unknown-uri-32602 @should @cap-resources @rev-2026-07-28
  Scenario: a resource that does not exist is -32602 naming the uri
    Ref: 2026-07-28 server/resources (SEP-2164): for an unknown resource the server "SHOULD return a JSON-RPC error with code -32602 (Invalid Params)" and "SHOULD include the requested uri in the error data field"
    Given a server initialized with revision "2026-07-28"
    Then reading an unknown resource is error -32602 naming its uri

  @id:prompts.get-listed @must @cap-prompts
  Scenario Outline: every prompt the server lists renders as messages when its required arguments are given
    Ref: <revision> server/prompts: prompts/get answers "messages", each with a "role" (user or assistant) and a "content" block
    Given a server initialized with revision "<revision>"
    When the client lists "prompts/list" to the end
    Then every listed prompt gets messages, its required arguments given "conformance"

    Examples:
      | revision   |
      | 2025-11-25 |
      | 2026-07-28 |

  @id:prompts.unknown-32602 @should @cap-prompts
  Scenario Outline: getting a prompt that does not exist is -32602
    Ref: <revision> server/prompts, error handling: "Servers SHOULD return standard JSON-RPC errors for common failure cases: Invalid prompt name: -32602 (Invalid params)"
    Given a server initialized with revision "<revision>"
    Then getting an unknown prompt is error -32602

    Examples:
      | revision   |
      | 2025-11-25 |
      | 2026-07-28 |

  @id:completion.prompt-argument @must @cap-completions
  Scenario Outline: completing a listed prompt's argument gives at most 100 values
    Ref: <revision> server/utilities/completion: the result's completion carries "values" (an array of strings, "maximum 100 items")
    Given a server initialized with revision "<revision>"
    Then completing an argument of a listed prompt gives at most 100 values

    Examples:
      | revision   |
      | 2025-11-25 |
      | 2026-07-28 |

  @id:logging.set-level @must @cap-logging @rev-2025-11-25 @fresh
  Scenario: logging/setLevel is answered with an empty result
    Ref: 2025-11-25 server/utilities/logging: "To configure the minimum log level, clients MAY send a logging/setLevel request"; the result is empty
    Given a server initialized with revision "2025-11-25"
    When the client sends "logging/setLevel" with params:
      """
      {"level": "info"}
      """
    Then the result is {}

  @id:logging.invalid-level @should @cap-logging @rev-2025-11-25 @fresh
  Scenario: an unknown log level is -32602
    Ref: 2025-11-25 server/utilities/logging, error handling: "Servers SHOULD return standard JSON-RPC errors for common failure cases: Invalid log level: -32602 (Invalid params)"
    Given a server initialized with revision "2025-11-25"
    When the client sends "logging/setLevel" with params:
      """
      {"level": "loudest"}
      """
    Then the answer is error -32602

  @id:pagination.tools-to-the-end @must @cap-tools
  Scenario Outline: tools/list pages to the end without naming a tool twice
    Ref: <revision> server/utilities/pagination: the client follows "nextCursor" until a page has none; tool "name" is the tool's "unique identifier" (schema)
    Given a server initialized with revision "<revision>"
    When the client lists "tools/list" to the end
    Then no two listed items share their name

    Examples:
      | revision   |
      | 2025-11-25 |
      | 2026-07-28 |

  @id:pagination.invalid-cursor @should @cap-tools
  Scenario Outline: a list request with a cursor the server never issued is -32602
    Ref: <revision> server/utilities/pagination, error handling: "Invalid cursors SHOULD result in an error with code -32602 (Invalid params)"
    Given a server initialized with revision "<revision>"
    When the client sends "<method>" with params:
      """
      {"cursor": "ctxlake-conform-never-issued"}
      """
    Then the answer is error -32602

    Examples:
      | revision   | method         |
      | 2025-11-25 | tools/list     |
      | 2026-07-28 | tools/list     |

  @id:pagination.resources-to-the-end @must @cap-resources
  Scenario Outline: resources/list pages to the end without listing a uri twice
    Ref: <revision> server/utilities/pagination: the client follows "nextCursor" until a page has none; a resource's "uri" is its "unique identifier" (server/resources)
    Given a server initialized with revision "<revision>"
    When the client lists "resources/list" to the end
    Then no two listed items share their uri

    Examples:
      | revision   |
      | 2025-11-25 |
      | 2026-07-28 |

  @id:pagination.resources-invalid-cursor @should @cap-resources
  Scenario Outline: a resources/list cursor the server never issued is -32602
    Ref: <revision> server/utilities/pagination, error handling: "Invalid cursors SHOULD result in an error with code -32602 (Invalid params)"
    Given a server initialized with revision "<revision>"
    When the client sends "resources/list" with params:
      """
      {"cursor": "ctxlake-conform-never-issued"}
      """
    Then the answer is error -32602

    Examples:
      | revision   |
      | 2025-11-25 |
      | 2026-07-28 |

  @id:modern.resource-list-result @must @rev-2026-07-28 @cap-resources
  Scenario Outline: a modern resource list names its type and its cache hints
    Ref: MCP 2026-07-28 server/resources: ListResourcesResult and ListResourceTemplatesResult are CacheableResults (resultType, ttlMs, cacheScope required)
    Given a server initialized with revision "2026-07-28"
    When the client sends "<method>"
    Then the result at /resultType is "complete"
    And the result has /ttlMs
    And the result has /cacheScope

    Examples:
      | method                   |
      | resources/list           |
      | resources/templates/list |

  @id:modern.read-result @must @rev-2026-07-28 @cap-resources
  Scenario: a modern resources/read result names its type and its cache hints
    Ref: MCP 2026-07-28 schema: "export interface ReadResourceResult extends CacheableResult" (ttlMs and cacheScope required, like the lists); basic: every result MUST carry resultType
    Given a server initialized with revision "2026-07-28"
    When the client lists "resources/list" to the end
    Then every listed resource reads as a result with its type and cache hints

  @id:modern.prompt-list-result @must @rev-2026-07-28 @cap-prompts
  Scenario: a modern prompts/list result names its type and its cache hints
    Ref: MCP 2026-07-28 server/prompts: ListPromptsResult is a CacheableResult (resultType, ttlMs, cacheScope required)
    Given a server initialized with revision "2026-07-28"
    When the client sends "prompts/list"
    Then the result at /resultType is "complete"
    And the result has /ttlMs
    And the result has /cacheScope
