# The state store every `ctxlake serve` of a fleet of hosts shares (issue 36, docs/serve.md
# "Many hosts"): keys, revocations, quota counters, sessions and the logs of resumable answers, in
# SQLite (`sqlite:PATH`) or PostgreSQL (`postgres://…`, tested in tests/it/serve/state.rs against
# a real server, which also runs the sessions table there). These rules hold for both; the
# scenarios use a SQLite store in the scenario's folder.
@stdio @ctxlake
Feature: The state store: one pepper per store, and URLs that say what they name
  Ref: issue 36, serve on many hosts: "hosts with different peppers refuse to start against the same store, with a clear message"

  Scenario: a host whose pepper differs is refused by a store another pepper opened first
    Given ctxlake keys --state {state} create --name ci --fleets web succeeds
    Then ctxlake keys --state {state} list with the pepper "another pepper, long enough" exits 2 saying "first opened with another pepper"
    And ctxlake keys --state {state} list succeeds

  Scenario Outline: a state URL that names no store is refused with exit 78, and a password in it is never repeated
    Then ctxlake keys --state <url> list exits 78 saying "<says>" and not "hunter22"

    Examples:
      | url                             | says                         |
      | mysql://root:hunter22@db/keys   | not `mysql`                  |
      | sqlite:                         | needs a path                 |
      | /var/lib/ctxlake/keys.sqlite    | sqlite:PATH or postgres://   |
      | redis://:hunter22@cache:6379/0  | not `redis`                  |
      | u:hunter22@db/keys              | sqlite:PATH or postgres://   |
      | postgres:u:hunter22@db          | sqlite:PATH or postgres://   |

  Scenario: a session opened on one host is served, changed, resumed and ended on another host sharing the store
    Ref: issue 36: "sessions (--sessions) and the replay logs that Last-Event-ID resumes" live in the state store; proof: "a session and its stream resumed on the other host"
    Given two ctxlake serve hosts share the state store with sessions, the fixtures and the keys "ci,other" of fleet "web"
    Then the session's requests, each to the host named, are answered as the table says:
      | host | caller | request                               | answer                 |
      | 1    | ci     | initialize                            | a session              |
      | 2    | ci     | tools/call test_tool_with_logging     | log messages           |
      | 2    | ci     | logging/setLevel error                | HTTP 200               |
      | 1    | ci     | tools/call test_tool_with_logging     | no log messages        |
      | 2    | other  | tools/list                            | HTTP 404               |
      | 1    | other  | tools/list                            | HTTP 404               |
      | 1    | ci     | tools/call test_tool_with_progress    | 5 events               |
      | 2    | ci     | resume after the first event          | the other 4 events     |
      | 2    | other  | resume after the first event          | HTTP 404               |
      | 2    | ci     | GET                                   | HTTP 200               |
      | 2    | ci     | DELETE                                | HTTP 204               |
      | 1    | ci     | tools/list                            | HTTP 404               |
      | 1    | ci     | DELETE                                | HTTP 404               |
