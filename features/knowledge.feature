# Reviewed engineering guidance (seed 002: search_knowledge, get_guidance, submit_feedback).
# The knowledge base is the scratch folder's kb.sqlite (CTXLAKE_KB), filled by the real
# `ctxlake kb import`; a check that imports nothing is served the starter base compiled into
# the binary.
@stdio @ctxlake
Feature: Reviewed engineering guidance: search, fetch, feedback
  Ref: seed 002 (chatctx), the argument tables of search_knowledge, get_guidance and submit_feedback, the response shape, retrieval modes hybrid, keyword_fallback and no_match, technology_filter_fallback, token-budget shaping, only approved records served

  # ---- argument rules -----------------------------------------------------------------------

  Scenario Outline: search_knowledge refuses arguments outside its table, naming the field
    Given a server initialized with revision "2025-11-25"
    When the client calls "search_knowledge" with:
      """
      <arguments>
      """
    Then the tool result is an error naming <field>

    Examples:
      | arguments                                                                                        | field          |
      | {"query": "should I pin the toolchain", "colour": "red"}                                         | /colour        |
      | {}                                                                                               | /query         |
      | {"query": "a"}                                                                                   | /query         |
      | {"query": "   "}                                                                                 | /query         |
      | {"query": 42}                                                                                    | /query         |
      | {"query": "ok?", "technologies": ["a","b","c","d","e","f","g","h","i","j","k"]}                  | /technologies  |
      | {"query": "ok?", "technologies": [""]}                                                           | /technologies/0 |
      | {"query": "ok?", "versions": {"rust": 1.80}}                                                      | /versions/rust |
      | {"query": "ok?", "versions": {"rust": "1.80.0-with-a-build-suffix-much-longer-than-forty"}}       | /versions/rust |
      | {"query": "ok?", "topic": "cooking"}                                                             | /topic         |
      | {"query": "ok?", "topic": ["testing", "security", "data", "ux"]}                                 | /topic         |
      | {"query": "ok?", "topic": []}                                                                    | /topic         |
      | {"query": "ok?", "task_type": "party"}                                                           | /task_type     |
      | {"query": "ok?", "detail": "full"}                                                               | /detail        |
      | {"query": "ok?", "max_results": "five"}                                                          | /max_results   |
      | {"query": "ok?", "token_budget": 2.5}                                                            | /token_budget  |

  Scenario: more than 20 versions are refused
    Given a server initialized with revision "2025-11-25"
    When the client calls "search_knowledge" with:
      """
      {"query": "ok?", "versions": {"a": "1", "b": "1", "c": "1", "d": "1", "e": "1", "f": "1", "g": "1", "h": "1", "i": "1",
       "j": "1", "k": "1", "l": "1", "m": "1", "n": "1", "o": "1", "p": "1", "q": "1", "r": "1", "s": "1", "t": "1", "u": "1"}}
      """
    Then the tool result is an error naming /versions

  Scenario Outline: get_guidance refuses arguments outside its table, naming the field
    Given a server initialized with revision "2025-11-25"
    When the client calls "get_guidance" with:
      """
      <arguments>
      """
    Then the tool result is an error naming <field>

    Examples:
      | arguments                                                              | field   |
      | {}                                                                     | /ids    |
      | {"ids": []}                                                            | /ids    |
      | {"ids": ["a","b","c","d","e","f","g","h","i","j","k"]}                 | /ids    |
      | {"ids": [""]}                                                          | /ids/0  |
      | {"ids": ["write-only-protocol-messages-to-stdout-in-stdio-mcp-servers"], "detail": "standard"}                         | /detail |
      | {"ids": ["write-only-protocol-messages-to-stdout-in-stdio-mcp-servers"], "verbose": true}                              | /verbose |

  Scenario Outline: submit_feedback refuses arguments outside its table, naming the field
    Given a server initialized with revision "2025-11-25"
    When the client calls "submit_feedback" with:
      """
      <arguments>
      """
    Then the tool result is an error naming <field>

    Examples:
      | arguments                                                    | field     |
      | {}                                                           | /category |
      | {"category": "meh"}                                          | /category |
      | {"category": "helpful", "source": "web"}                     | /source   |
      | {"category": "helpful", "comment": ""}                       | /comment  |
      | {"category": "helpful", "comment": "   "}                    | /comment  |
      | {"category": "helpful", "record": ""}                        | /record   |
      | {"category": "helpful", "record": "no-such-record"}          | /record   |
      | {"category": "helpful", "client_id": "c-1"}                  | /client_id |

  Scenario: feedback is accepted anonymously and says it never ranks anything
    Given a server initialized with revision "2025-11-25"
    When the client calls "submit_feedback" with:
      """
      {"category": "outdated", "record": "write-only-protocol-messages-to-stdout-in-stdio-mcp-servers", "source": "search_knowledge",
       "comment": "token ghp_abcdefghijklmnopqrstuvwxyz0123456789 leaked here"}
      """
    Then the tool output at /accepted is true
    And the tool output at /note mentions "never used as ranking input"

  Scenario Outline: max_results and token_budget outside the seed's ranges are refused, naming the field and its range
    Ref: seed 002, search_knowledge's table (max_results 1-10, token_budget 200-5,000) and "Invalid tool arguments return a successful JSON-RPC response with result.isError: true and a validation message"
    Given a server initialized with revision "2025-11-25"
    When the client calls "search_knowledge" with:
      """
      <arguments>
      """
    Then the tool result is an error naming <field>
    And the tool result is an error mentioning:
      """
      <range>
      """

    Examples:
      | arguments                                  | field         | range             |
      | {"query": "ok?", "max_results": 0}         | /max_results  | from 1 to 10      |
      | {"query": "ok?", "max_results": 11}        | /max_results  | from 1 to 10      |
      | {"query": "ok?", "max_results": 50}        | /max_results  | from 1 to 10      |
      | {"query": "ok?", "token_budget": 199}      | /token_budget | from 200 to 5000  |
      | {"query": "ok?", "token_budget": 5001}     | /token_budget | from 200 to 5000  |
      | {"query": "ok?", "token_budget": 1}        | /token_budget | from 200 to 5000  |

  Scenario: max_results and token_budget at the ends of their ranges are served
    Given the knowledge base imports 12 approved records about "response caching"
    And a server initialized with revision "2025-11-25"
    When the client calls "search_knowledge" with:
      """
      {"query": "how to decide about response caching", "max_results": 10, "token_budget": 5000}
      """
    Then the tool output at /results has 10 items
    When the client calls "search_knowledge" with:
      """
      {"query": "how to decide about response caching", "max_results": 1, "token_budget": 200}
      """
    Then the tool output at /results has 1 items

  # ---- validation messages never quote a string argument ------------------------------------

  Scenario Outline: a string argument over its limit is refused by its length, and no part of it comes back
    Ref: docs/knowledge.md, "no result contains the query text"; seed 002 "Internal failures never include stack traces or query text"
    Given a server initialized with revision "<revision>"
    When the client calls "<tool>" with <arguments> and a <length>-character text at /<field>
    Then the tool result is an error naming /<field>
    And the tool result is an error mentioning:
      """
      at most <limit> characters; this one has <length>
      """
    And nothing the server sent holds any part of that text

    Examples:
      | revision   | tool             | arguments                | field   | limit | length |
      | 2025-11-25 | search_knowledge | {}                       | query   | 2000  | 2001   |
      | 2026-07-28 | search_knowledge | {"detail": "standard"}   | query   | 2000  | 5000   |
      | 2025-11-25 | submit_feedback  | {"category": "helpful"}  | comment | 1000  | 1001   |
      | 2025-11-25 | submit_feedback  | {"category": "helpful"}  | record  | 120   | 121    |

  Scenario: before 2025-11-25 the refusal is -32602, and it quotes no part of the query either
    Given a server initialized with revision "2025-06-18"
    When the client calls "search_knowledge" with {} and a 2001-character text at /query
    Then the answer is error -32602
    And the error message mentions "at most 2000 characters; this one has 2001"
    And nothing the server sent holds any part of that text

  # ---- retrieval modes ----------------------------------------------------------------------

  Scenario: hybrid retrieval over the starter base, with the seed's response shape
    Given a server initialized with revision "2025-11-25"
    When the client calls "search_knowledge" with:
      """
      {"query": "should my stdio MCP server print its log lines to stdout", "topic": "reliability", "technologies": ["MCP"]}
      """
    Then the tool output at /retrieval/mode is "hybrid"
    And the tool output at /retrieval/degraded is false
    And the tool output at /retrieval/embedding_provider mentions "m2v-minilm"
    And the tool output at /retrieval/embedding_cache is "miss"
    And the tool output at /results/0/slug is "write-only-protocol-messages-to-stdout-in-stdio-mcp-servers"
    And the tool output at /results/0/sources/0/relation is "supports"
    And the tool output at /results/0/attribution mentions ", reviewed guidance]"
    And the tool output at /query_summary is "reliability · MCP"
    And the tool output at /query_summary does not mention "stdout"
    And the structured content matches the text content and the tool's output schema

  Scenario: the same query again finds its embedding in the cache
    Given a server initialized with revision "2025-11-25"
    When the client calls "search_knowledge" with:
      """
      {"query": "should my stdio MCP server print its log lines to stdout"}
      """
    And the client calls "search_knowledge" with:
      """
      {"query": "should my stdio MCP server print its log lines to stdout"}
      """
    Then the tool output at /retrieval/embedding_cache is "hit"

  Scenario: without the embedding model the keyword index answers alone and says why
    Given no semantic embedding model is available
    And a server initialized with revision "2025-11-25"
    When the client calls "search_knowledge" with:
      """
      {"query": "should my stdio MCP server print its log lines to stdout"}
      """
    Then the tool output at /retrieval/mode is "keyword_fallback"
    And the tool output at /retrieval/degraded is true
    And the tool output at /retrieval/degraded_reason mentions "static embedding model is unavailable"
    And the tool output at /retrieval/embedding_provider is "none"
    And the tool output at /retrieval/embedding_cache is "none"
    And the tool output at /results/0/slug is "write-only-protocol-messages-to-stdout-in-stdio-mcp-servers"

  Scenario Outline: a question the base does not cover is no_match with suggestions, not a guess
    Given <setup>
    And a server initialized with revision "2025-11-25"
    When the client calls "search_knowledge" with:
      """
      {"query": "<query>"}
      """
    Then the tool output at /retrieval/mode is "no_match"
    And the tool output at /results has 0 items
    And the tool output at /suggestions/0 mentions "relevance threshold"
    And the tool output at /suggestions/1 mentions "decision being made"

    Examples:
      | setup                                      | query                                                     |
      | the knowledge base holds 0 records         | what is a good sourdough bread recipe for a beginner      |
      | the knowledge base holds 0 records         | which football club won the most league titles            |
      | no semantic embedding model is available  | what is a good sourdough bread recipe for a beginner      |

  Scenario: a topic filter that leaves nothing is no_match and suggests dropping it
    Given a server initialized with revision "2025-11-25"
    When the client calls "search_knowledge" with:
      """
      {"query": "should my stdio MCP server print its log lines to stdout", "topic": ["accessibility", "ux"]}
      """
    Then the tool output at /retrieval/mode is "no_match"
    And the tool output at /suggestions/1 mentions "drop the topic filter (accessibility, ux)"

  Scenario: a technology filter keeps the records that apply, case-insensitively
    Given the knowledge base imports these records with --approve:
      | id  | slug                      | status   | topic       | title                                  | summary                                                   | applies_to                        |
      | t-1 | pool-database-connections | approved | performance | Pool database connections in services  | Opening a database connection per request wastes latency. | library:sqlx:>=0.7, language:Rust |
      | t-2 | pool-http-connections     | approved | performance | Pool HTTP connections in clients       | Opening a connection per request wastes latency.          | library:reqwest:                  |
    And a server initialized with revision "2025-11-25"
    When the client calls "search_knowledge" with:
      """
      {"query": "should I pool connections or open one per request", "technologies": ["REQWEST"]}
      """
    Then the tool output at /results has 1 items
    And the tool output at /results/0/slug is "pool-http-connections"
    And the tool output at /retrieval does not mention "technology_filter_fallback"

  Scenario: a technology filter that leaves nothing is retried without it, and says so
    Given a server initialized with revision "2025-11-25"
    When the client calls "search_knowledge" with:
      """
      {"query": "should my stdio MCP server print its log lines to stdout", "technologies": ["Django"]}
      """
    Then the tool output at /retrieval/technology_filter_fallback is true
    And the tool output at /results/0/slug is "write-only-protocol-messages-to-stdout-in-stdio-mcp-servers"
    And the tool output at /suggestions/0 mentions "no approved record applies to Django"

  Scenario: a version outside a record's constraint ranks it below one that applies
    Given the knowledge base imports these records with --approve:
      | id  | slug                 | status   | topic          | title                             | summary                                          | applies_to              |
      | v-1 | old-runtime-advice   | approved | implementation | Spawn tasks on the runtime        | Spawn background tasks on the async runtime.     | library:tokio:<1.0      |
      | v-2 | new-runtime-advice   | approved | implementation | Spawn tasks on the runtime today  | Spawn background tasks on the async runtime.     | library:tokio:>=1.0     |
    And a server initialized with revision "2025-11-25"
    When the client calls "search_knowledge" with:
      """
      {"query": "spawn background tasks on the async runtime", "versions": {"Tokio": "1.40"}}
      """
    Then the tool output at /results/0/slug is "new-runtime-advice"
    When the client calls "search_knowledge" with:
      """
      {"query": "spawn background tasks on the async runtime", "versions": {"tokio": "0.2"}}
      """
    Then the tool output at /results/0/slug is "old-runtime-advice"

  Scenario Outline: a version constraint in the seed's own syntax imports, is shown as written and matches by its meaning
    Ref: seed 002's response shape, `"version_constraint": "≥16.0"`; issue 31
    Given the knowledge base imports these records with --approve:
      | id  | slug                 | status   | topic          | title                          | summary                                    | applies_to                     |
      | w-1 | keys-in-dynamic-lists | approved | implementation | Use stable keys in list items  | Give each list item a stable key.          | framework:React:<constraint>   |
      | w-2 | keys-in-other-lists   | approved | implementation | Use stable keys in list items too | Give each list item a stable key.       | framework:React:<other>        |
    And a server initialized with revision "2025-11-25"
    When the client calls "get_guidance" with:
      """
      {"ids": ["keys-in-dynamic-lists"]}
      """
    Then the tool output at /results/0/applies_to/0/version_constraint is "<constraint>"
    When the client calls "search_knowledge" with:
      """
      {"query": "give each list item a stable key", "versions": {"react": "<version>"}}
      """
    Then the tool output at /results/0/slug is "keys-in-dynamic-lists"

    Examples:
      | constraint | other  | version |
      | ≥16.0      | <16    | 17.0.2  |
      | ≥ 16       | <16    | 16      |
      | >=16       | <16    | 18.2    |
      | >= 16      | <16    | 18.2    |
      | ≤ 15       | >15    | 15.1    |
      | <=15       | >15    | 14      |
      | > 16       | <=16   | 17      |
      | < 16       | >=16   | 15.9    |
      | = 16.2     | >=17   | 16.2.1  |
      | 16         | 17     | 16.14   |
      | 16.x       | 17.x   | 16.0    |
      | >=16 <18   | >=18   | 17.0.1  |

  Scenario: an empty constraint and a star both mean every version
    Given the knowledge base imports this file with --approve:
      """
      {"id": "e-1", "slug": "every-version-empty", "status": "approved", "title": "T", "topic": "data", "summary": "S", "recommendation": "R", "rationale": "W", "applies_to": [{"kind": "database", "name": "PostgreSQL", "version_constraint": ""}], "confidence": "high", "updated_at": "2026-10-01T00:00:00Z", "sources": [{"title": "A", "url": "https://example.org", "publisher": "P", "evidence_excerpt": "E", "relation": "supports"}]}
      {"id": "e-2", "slug": "every-version-star", "status": "approved", "title": "T", "topic": "data", "summary": "S", "recommendation": "R", "rationale": "W", "applies_to": [{"kind": "database", "name": "PostgreSQL", "version_constraint": "*"}], "confidence": "high", "updated_at": "2026-10-01T00:00:00Z", "sources": [{"title": "A", "url": "https://example.org", "publisher": "P", "evidence_excerpt": "E", "relation": "supports"}]}
      """
    And a server initialized with revision "2025-11-25"
    When the client calls "get_guidance" with:
      """
      {"ids": ["every-version-empty", "every-version-star"]}
      """
    Then the tool output at /results/0/applies_to/0/version_constraint is ""
    And the tool output at /results/1/applies_to/0/version_constraint is "*"

  Scenario Outline: what cannot be a version is refused, naming the file, line and pointer
    When importing this file into the knowledge base is refused at line 2, /applies_to/0/version_constraint:
      """
      {"id": "ok-1", "slug": "ok-one", "title": "T", "topic": "data", "summary": "S", "recommendation": "R", "rationale": "W", "applies_to": [{"kind": "database", "name": "PostgreSQL", "version_constraint": "≥ 15"}], "confidence": "high", "updated_at": "2026-10-01T00:00:00Z", "sources": [{"title": "A", "url": "https://example.org", "publisher": "P", "evidence_excerpt": "E", "relation": "supports"}]}
      {"id": "bad-1", "slug": "bad-one", "title": "T", "topic": "data", "summary": "S", "recommendation": "R", "rationale": "W", "applies_to": [{"kind": "database", "name": "PostgreSQL", "version_constraint": "<constraint>"}], "confidence": "high", "updated_at": "2026-10-01T00:00:00Z", "sources": [{"title": "A", "url": "https://example.org", "publisher": "P", "evidence_excerpt": "E", "relation": "supports"}]}
      """
    Then the knowledge base holds 0 records

    Examples:
      | constraint  |
      | latest      |
      | 16 or later |
      | >=          |
      | ≥ <18       |
      | sixteen     |

  Scenario Outline: any short lower-case word is a kind, and technologies match by name whatever the kind
    Given the knowledge base imports these records with --approve:
      | id  | slug                    | status   | topic       | title                                  | summary                                                   | applies_to            |
      | k-1 | index-foreign-keys      | approved | performance | Index the foreign keys you join on      | Joins on unindexed foreign keys scan the whole table.     | <kind>:PostgreSQL:≥14 |
    And a server initialized with revision "2025-11-25"
    When the client calls "search_knowledge" with:
      """
      {"query": "should I index the foreign keys I join on", "technologies": ["postgresql"]}
      """
    Then the tool output at /results/0/slug is "index-foreign-keys"
    And the tool output at /results/0/applies_to/0/kind is "<kind>"
    And the tool output at /retrieval does not mention "technology_filter_fallback"

    Examples:
      | kind     |
      | database |
      | runtime  |
      | os       |
      | cloud    |
      | standard |
      | practice |

  Scenario: a kind that is not a short lower-case word is refused at its pointer
    When importing this file into the knowledge base is refused at line 1, /applies_to/0/kind:
      """
      {"id": "bad-1", "slug": "bad-one", "title": "T", "topic": "data", "summary": "S", "recommendation": "R", "rationale": "W", "applies_to": [{"kind": "Relational Database", "name": "PostgreSQL", "version_constraint": null}], "confidence": "high", "updated_at": "2026-10-01T00:00:00Z", "sources": [{"title": "A", "url": "https://example.org", "publisher": "P", "evidence_excerpt": "E", "relation": "supports"}]}
      """
    Then the knowledge base holds 0 records

  # ---- empty lists ----------------------------------------------------------------------------

  Scenario: a record's empty lists are sent, as [], in standard and full detail
    Ref: seed 002's response shape lists conditions, exceptions, pitfalls and verification_checks in every result
    Given the knowledge base imports these records with --approve:
      | id  | slug               | status   | topic   | title                     | summary                                  |
      | l-1 | keep-snapshots-small | approved | testing | Keep snapshot tests small | Keep snapshot tests small and reviewed. |
    And a server initialized with revision "2025-11-25"
    When the client calls "search_knowledge" with:
      """
      {"query": "keep snapshot tests small and reviewed", "detail": "standard"}
      """
    Then the tool output at /results/0/slug is "keep-snapshots-small"
    And the tool output at /results/0/conditions is []
    And the tool output at /results/0/exceptions is []
    And the tool output at /results/0/pitfalls is []
    And the tool output at /results/0/verification_checks is []
    When the client calls "get_guidance" with:
      """
      {"ids": ["keep-snapshots-small"]}
      """
    Then the tool output at /results/0/conditions is []
    And the tool output at /results/0/exceptions is []
    And the tool output at /results/0/pitfalls is []
    And the tool output at /results/0/verification_checks is []

  # ---- token budget -------------------------------------------------------------------------

  Scenario: results fill the token budget in rank order and never go over it
    Given the knowledge base imports 8 approved records about "response caching"
    And a server initialized with revision "2025-11-25"
    When the client calls "search_knowledge" with:
      """
      {"query": "how to decide about response caching", "detail": "standard", "token_budget": 900, "max_results": 10}
      """
    Then the results in the tool output fit 900 tokens at 4 characters each
    And the tool output at /suggestions/0 mentions "did not fit token_budget"

  Scenario: the first result is returned even when it alone is over the budget
    Given the knowledge base imports 3 approved records about "response caching"
    And a server initialized with revision "2025-11-25"
    When the client calls "search_knowledge" with:
      """
      {"query": "how to decide about response caching", "detail": "standard", "token_budget": 200}
      """
    Then the tool output at /results has 1 items
    And the tool output at /suggestions/0 mentions "2 more results did not fit token_budget"

  Scenario: brief results leave out rationale, pitfalls and evidence excerpts; standard ones carry them
    Given a server initialized with revision "2025-11-25"
    When the client calls "search_knowledge" with:
      """
      {"query": "should my stdio MCP server print its log lines to stdout"}
      """
    Then the tool output at /results/0 does not mention "rationale"
    And the tool output at /results/0 does not mention "evidence_excerpt"
    When the client calls "search_knowledge" with:
      """
      {"query": "should my stdio MCP server print its log lines to stdout", "detail": "standard"}
      """
    Then the tool output at /results/0/rationale mentions "The client parses"
    And the tool output at /results/0/sources/0/evidence_excerpt mentions "write anything to its `stdout` that is not a valid MCP message"
    And the tool output at /results/0/verification_checks has 2 items

  # ---- get_guidance and review status -------------------------------------------------------

  Scenario: get_guidance returns the full record by slug or id and lists the rest as missing
    Given a server initialized with revision "2025-11-25"
    When the client calls "get_guidance" with:
      """
      {"ids": ["write-only-protocol-messages-to-stdout-in-stdio-mcp-servers", "validate-origin-on-streamable-http-to-block-dns-rebinding", "no-such-record"]}
      """
    Then the tool output at /results has 2 items
    And the tool output at /results/0/status is "approved"
    And the tool output at /results/0/content_version is 1
    And the tool output at /results/0/attribution mentions ", reviewed guidance]"
    And the tool output at /results/1/slug is "validate-origin-on-streamable-http-to-block-dns-rebinding"
    And the tool output at /missing is ["no-such-record"]
    And the structured content matches the text content and the tool's output schema

  Scenario: get_guidance brief leaves out the review fields
    Given a server initialized with revision "2025-11-25"
    When the client calls "get_guidance" with:
      """
      {"ids": ["write-only-protocol-messages-to-stdout-in-stdio-mcp-servers"], "detail": "brief"}
      """
    Then the tool output at /results/0 does not mention "content_version"
    And the tool output at /results/0/summary mentions "corrupts the stream"

  Scenario: drafts, records approved in the file but imported without --approve, and deprecated records are never served
    Given the knowledge base imports these records:
      | id  | slug                 | status   | topic   | title                       | summary                                |
      | d-1 | draft-cache-advice   | draft    | testing | Snapshot tests for caches   | Snapshot the cache keys in tests.      |
      | d-2 | unapproved-cache-tip | approved | testing | Snapshot caches in CI       | Snapshot the cache keys in CI runs.    |
    And the knowledge base imports these records with --approve:
      | id  | slug                 | status   | topic   | title                       | summary                                |
      | a-1 | approved-cache-tip   | approved | testing | Snapshot cache keys         | Snapshot the cache keys in unit tests. |
      | a-2 | retired-cache-tip    | approved | testing | Snapshot cache keys weekly  | Snapshot the cache keys every week.    |
    And the knowledge base owner runs "kb deprecate retired-cache-tip"
    And a server initialized with revision "2025-11-25"
    When the client calls "get_guidance" with:
      """
      {"ids": ["draft-cache-advice", "d-2", "approved-cache-tip", "retired-cache-tip"]}
      """
    Then the tool output at /results has 1 items
    And the tool output at /results/0/id is "a-1"
    And the tool output at /missing is ["draft-cache-advice", "d-2", "retired-cache-tip"]
    When the client calls "search_knowledge" with:
      """
      {"query": "snapshot the cache keys in tests", "max_results": 10}
      """
    Then the tool output at /results has 1 items
    And the tool output at /results/0/slug is "approved-cache-tip"

  Scenario: an approved record that is edited goes back to review until the owner approves it
    Given the knowledge base imports these records with --approve:
      | id  | slug          | status   | topic    | title               | summary                          |
      | e-1 | rotate-keys   | approved | security | Rotate signing keys | Rotate signing keys every year.  |
    And the knowledge base imports these records:
      | id  | slug          | status   | topic    | title               | summary                          |
      | e-1 | rotate-keys   | approved | security | Rotate signing keys | Rotate signing keys every month. |
    And a server initialized with revision "2025-11-25"
    When the client calls "get_guidance" with:
      """
      {"ids": ["rotate-keys"]}
      """
    Then the tool output at /missing is ["rotate-keys"]
    When the knowledge base owner runs "kb approve e-1"
    And a server initialized with revision "2025-11-25"
    And the client calls "get_guidance" with:
      """
      {"ids": ["rotate-keys"]}
      """
    Then the tool output at /results/0/content_version is 2
    And the tool output at /results/0/summary is "Rotate signing keys every month."

  Scenario: a file with one bad record is refused whole, naming its line and pointer
    When importing this file into the knowledge base is refused at line 2, /confidence:
      """
      {"id": "ok-1", "slug": "ok-one", "title": "T", "topic": "data", "summary": "S", "recommendation": "R", "rationale": "W", "applies_to": [], "confidence": "high", "updated_at": "2026-10-01T00:00:00Z", "sources": [{"title": "A", "url": "https://example.org", "publisher": "P", "evidence_excerpt": "E", "relation": "supports"}]}
      {"id": "bad-1", "slug": "bad-one", "title": "T", "topic": "data", "summary": "S", "recommendation": "R", "rationale": "W", "applies_to": [], "confidence": "certain", "updated_at": "2026-10-01T00:00:00Z", "sources": [{"title": "A", "url": "https://example.org", "publisher": "P", "evidence_excerpt": "E", "relation": "supports"}]}
      """
    Then the knowledge base holds 0 records

  Scenario: record text is sanitized when it is served
    Given the knowledge base imports these records with --approve:
      | id  | slug          | status   | topic    | title                                | summary                                  |
      | s-1 | bidi-in-title | approved | security | Escape output<U+202E>txt.exe         | Escape every<U+200B> rendered string.    |
    And a server initialized with revision "2025-11-25"
    When the client calls "get_guidance" with:
      """
      {"ids": ["bidi-in-title"]}
      """
    Then the tool output at /results/0/title is "Escape outputtxt.exe"
    And the tool output at /results/0/summary is "Escape every rendered string."
