# The lake in operation (issue 34, docs/lake.md "Retention and gc"): `ctxlake lake stats` says
# what a lake holds per fleet and kind, `ctxlake lake gc` what it removes or keeps and why. Each
# scenario runs the real binary on a folder lake in its scratch folder.
@stdio @ctxlake
Feature: The lake in operation: stats and gc say what a lake holds and what gc removes
  Ref: issue 34, the lake in operation: retention and gc, stats

  Scenario: stats count a fleet's objects by kind, and gc on a young lake removes nothing and keeps every drained batch
    Given a server initialized with revision "2025-11-25"
    And agent "agent-a" on host "A" proposes the convention "the workspace builds with just ci" about "build" with evidence from sessions "s1,s2"
    When host "A" runs ctxlake sync
    And ctxlake maint runs
    Then ctxlake lake stats prints "spool_batch"
    And ctxlake lake stats prints "snapshot_pointer"
    And ctxlake lake stats prints "gc would free: 0 objects"
    And ctxlake lake stats --format json prints "bytes_per_day"
    And ctxlake lake gc --dry-run prints "would remove: nothing"
    And ctxlake lake gc prints "every fold reads it"
    And ctxlake lake stats prints "spool_batch"

  Scenario Outline: lake <command> with <what> exits <status> naming it, and the lake is unchanged
    Given a server initialized with revision "2025-11-25"
    And agent "agent-a" on host "A" proposes the convention "tabs, not spaces" about "style" with evidence from sessions "s1"
    When host "A" runs ctxlake sync
    Then ctxlake lake <command> exits <status> saying "<said>"

    Examples:
      | command                | what               | status | said                     |
      | --fleet ../x stats     | an invalid fleet   | 78     | --fleet `../x`           |
      | --fleet ../x gc        | an invalid fleet   | 78     | --fleet `../x`           |
      | stats --format yaml    | an unknown format  | 2      | invalid value 'yaml'     |
      | gc --format yaml       | an unknown format  | 2      | invalid value 'yaml'     |
