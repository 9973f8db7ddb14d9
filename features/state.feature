# The state store every `ctxlake serve` of a fleet of hosts shares (issue 36, docs/serve.md
# "Many hosts"): keys, revocations and quota counters, in SQLite (`sqlite:PATH`) or PostgreSQL
# (`postgres://…`, tested in tests/it/serve/state.rs against a real server). These rules hold for
# both; the scenarios use a SQLite store in the scenario's folder.
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
