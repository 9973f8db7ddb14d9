# What a server sends beside its answers, held to the schema's rules: the names of its `_meta`
# keys and extensions, log messages nobody asked for, cancellations, task results, and the
# 2026-07-28 subscription stream. The checks observe everything the server sent during the
# check; each catches a seeded defect of the toy server (`toy_mcp --modern`, tests/it/conform.rs).
# A server that offers no read-only tool, no extension or no subscriptions is not applicable.
# @fresh: each check observes a session nothing else has touched (no log level set, no
# subscription, no call in flight), so over stdio each gets a process of its own.
@fresh
Feature: What a server sends unasked

  @id:meta.key-names @must
  Scenario Outline: every _meta key the server sends follows the naming rules
    Ref: 2026-07-28 schema, MetaObject (the same rules as basic/index#general-fields since 2025-06-18): a prefix, "if specified, MUST be a series of labels separated by dots (.), followed by a slash (/)"; "Labels MUST start with a letter and end with a letter or digit"; the name, "Unless empty, MUST start and end with an alphanumeric character"
    Given a server initialized with revision "<revision>"
    When the client lists "tools/list" to the end
    And the client calls every listed read-only tool, if any
    Then every _meta key the server sent follows the naming rules

    Examples:
      | revision   |
      | 2025-11-25 |
      | 2026-07-28 |

  @id:meta.extension-keys @must @rev-2026-07-28
  Scenario: every extension the server declares is named with a prefix
    Ref: 2026-07-28 schema, ServerCapabilities.extensions: "Keys MUST follow the _meta key naming rules, with a mandatory prefix"
    Given a server initialized with revision "2026-07-28"
    When the client sends "server/discover"
    Then every extension the server declares is named by a prefixed _meta key

  @id:logging.no-message-without-level @must @rev-2026-07-28 @cap-tools
  Scenario: no log message comes for a request that set no log level
    Ref: 2026-07-28 schema, RequestMetaObject io.modelcontextprotocol/logLevel: "If absent, the server MUST NOT send any notifications/message notifications for this request"; CHANGELOG (SEP-2575): "servers MUST NOT emit notifications/message for requests that did not include this field"
    Given a server initialized with revision "2026-07-28"
    When the client lists "tools/list" to the end
    And the client calls every listed read-only tool
    Then the server sent no "notifications/message"

  @id:cancel.server-cancels-only-listen @must @rev-2026-07-28
  Scenario: the server cancels nothing but its own subscription streams
    Ref: 2026-07-28 schema, CancelledNotification: the server sends it "solely to terminate a subscriptions/listen stream"; "Servers MUST NOT use this notification to cancel any other request"
    Given a server initialized with revision "2026-07-28"
    When the client lists "tools/list" to the end
    And the client calls every listed read-only tool, if any
    Then every notifications/cancelled the server sent names its subscriptions/listen

  @id:tasks.declared-before-use @must @rev-2025-11-25 @cap-tools
  Scenario: a server that runs a call as a task declared task support for tools/call
    Ref: 2025-11-25 schema, TaskAugmentedRequestParams: "receivers MUST declare support for task augmentation of specific request types in their capabilities"
    Given a server initialized with revision "2025-11-25"
    When the client lists "tools/list" to the end
    And the client calls every listed read-only tool as a task
    Then a server that answered with a task declared task support for tools/call

  @id:subscriptions.acknowledged-first @must @rev-2026-07-28
  Scenario: a subscription is acknowledged before anything else is sent on it
    Ref: 2026-07-28 schema, SubscriptionsAcknowledgedNotification: "This notification MUST be the first message the server sends carrying the subscription's ID"; "The server MUST NOT send any notification on the subscription before acknowledging it"
    Given a server initialized with revision "2026-07-28"
    When the client listens for "toolsListChanged"
    Then the first message carrying the subscription's id acknowledges it

  @id:subscriptions.only-requested @must @rev-2026-07-28
  Scenario: a subscription carries only the notification types the client asked for
    Ref: 2026-07-28 schema, SubscriptionFilter and SubscriptionsListenRequestParams: "the server MUST NOT send notification types the client has not explicitly requested"; the acknowledgment names "the subset of requested notification types the server agreed to honor"
    Given a server initialized with revision "2026-07-28"
    When the client listens for "toolsListChanged"
    Then the acknowledgment agrees to no more than was asked for
    And every notification on the subscription is of a type that was asked for

  @id:subscriptions.resource-updates-only-requested @must @rev-2026-07-28 @cap-resources
  Scenario: a subscription to a listed resource honors and announces no other resource
    Ref: 2026-07-28 schema, SubscriptionFilter: resourceSubscriptions: "Subscribe to notifications/resources/updated for these resource URIs"; "the server MUST NOT send notification types the client has not explicitly requested"; the acknowledgment names "the subset of requested notification types the server agreed to honor"
    Given a server initialized with revision "2026-07-28"
    When the client lists "resources/list" to the end
    And the client listens for the first listed resource
    Then the first message carrying the subscription's id acknowledges it
    And the acknowledgment agrees to no more than was asked for
    And every notification on the subscription is of a type that was asked for

  @id:subscriptions.id-on-every-notification @must @rev-2026-07-28
  Scenario: every notification a subscription delivers names it
    Ref: 2026-07-28 schema, NotificationMetaObject: "The server MUST include this key on every notification delivered via a subscriptions/listen stream"; list-change notifications are "only delivered on a subscriptions/listen stream"
    Given a server initialized with revision "2026-07-28"
    When the client listens for "toolsListChanged,promptsListChanged,resourcesListChanged"
    Then every change notification the server sent carries a subscription id

  @id:cancel.unknown-request-ignored @must
  Scenario Outline: a cancellation of a request not sent yet does not swallow the request that later carries its id
    Ref: <revision> basic/utilities/cancellation: receivers "MAY ignore cancellation notifications if: The referenced request is unknown"; JSON-RPC 2.0 section 4: "When a rpc call is made, the Server MUST reply with a Response, except for in the case of Notifications" (found by `ctxlake fuzz`: ctxlake remembered it and dropped the later request)
    Given a server initialized with revision "<revision>"
    When the client sends the line {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"sent-later"}}
    And the client sends the line {"jsonrpc":"2.0","id":"sent-later","method":"ping"}
    Then the answer is a result with id "sent-later"

    Examples:
      | revision   |
      | 2025-06-18 |
      | 2025-11-25 |

  @id:cancel.no-answer-once-cancelled @should @cap-tools
  Scenario Outline: a request the client cancelled is answered at most once, and never because it was cancelled
    Ref: <revision> basic/utilities/cancellation (basic/patterns/cancellation from 2026-07-28): receivers of a cancellation "SHOULD: Stop processing the cancelled request; Free associated resources; Not send a response for the cancelled request"; they "MAY ignore cancellation notifications if: The referenced request is unknown; Processing has already completed"
    Given a server initialized with revision "<revision>"
    When the client lists "tools/list" to the end
    And the client calls a listed read-only tool, then calls it again and cancels that call at once
    Then the cancelled call was answered at most once, and only as the same call uncancelled was
    And the client lists "tools/list" to the end

    Examples:
      | revision   |
      | 2025-06-18 |
      | 2025-11-25 |
      | 2026-07-28 |

  @id:progress.names-a-request-in-flight-and-increases @must @cap-tools
  Scenario Outline: progress notifications name a request in flight, and their progress increases
    Ref: <revision> basic/utilities/progress: "Progress notifications MUST only reference tokens that: Were provided in an active request"; "The progress value MUST increase with each notification, even if the total is unknown"
    Given a server initialized with revision "<revision>"
    When the client lists "tools/list" to the end
    And the client calls every listed read-only tool with a progress token
    Then every progress notification the server sent names a request in flight and increases

    Examples:
      | revision   |
      | 2025-11-25 |
      | 2026-07-28 |
