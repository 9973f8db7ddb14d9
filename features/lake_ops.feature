# The lake in operation (issue 34, docs/lake.md "Retention and gc", "Export and import"):
# `ctxlake lake stats` says what a lake holds per fleet and kind, `ctxlake lake gc` what it
# removes or keeps and why, `ctxlake lake import` refuses a bad export whole. Each scenario runs
# the real binary on a folder lake in its scratch folder.
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
    And ctxlake lake gc prints "no checkpoint covers it yet, or it holds proposals"
    And ctxlake lake stats prints "spool_batch"

  Scenario: gc gathers the folded batches holding proposals past their retention into one pack, and the claims stay
    Given a server initialized with revision "2025-11-25"
    And agent "agent-a" on host "A" proposes the convention "the workspace builds with just ci" about "build" with evidence from sessions "s1,s2"
    When host "A" runs ctxlake sync
    And agent "agent-b" on host "A" proposes the convention "tabs, not spaces" about "style" with evidence from sessions "s3"
    And host "A" runs ctxlake sync
    And ctxlake maint runs
    And the lake's drained batches are 8 days old
    Then ctxlake lake gc --dry-run prints "would compact 2 drained batches (2 lines) into a pack"
    And ctxlake lake stats prints "spool_batch"
    And ctxlake lake gc prints "compacted 2 drained batches (2 lines) into a pack"
    And ctxlake lake stats prints "pack"
    And ctxlake claims list prints "tabs, not spaces"
    And ctxlake claims list prints "the workspace builds with just ci"
    And ctxlake lake gc prints "kept 1 pack"

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

  Scenario: an import of a newer export version is refused at its header, before the fields this version does not know
    Given a server initialized with revision "2025-11-25"
    Then importing this file into the lake is refused at line 1, /version:
      """
      {"kind":"header","version":2,"fleet":"team","compression":"zstd"}
      {"kind":"end","objects":0}
      """

  Scenario: an import of a file cut before its end line is refused, and nothing is written
    Given a server initialized with revision "2025-11-25"
    Then importing this file into the lake is refused at line 2, (line):
      """
      {"kind":"header","version":1,"fleet":"team"}
      {"kind":"object","name":"history.json","body":"{\"generated_at\":\"2026-12-01T00:00:00Z\",\"sessions\":[],\"stamp\":{\"writer\":\"w\",\"epoch\":0,\"nonce\":\"n\"}}"}
      """

  Scenario: an import whose end line miscounts its objects is refused at the end line
    Given a server initialized with revision "2025-11-25"
    Then importing this file into the lake is refused at line 2, /objects:
      """
      {"kind":"header","version":1,"fleet":"team"}
      {"kind":"end","objects":3}
      """

  Scenario Outline: an import of a line with <what> is refused at its line and <pointer>
    Given a server initialized with revision "2025-11-25"
    Then importing this file into the lake is refused at line 2, <pointer>:
      """
      {"kind":"header","version":1,"fleet":"team"}
      <line>
      {"kind":"end","objects":1}
      """

    Examples:
      | what                                   | pointer | line                                                                              |
      | a missing body                         | /body   | {"kind":"object","name":"leases.json"}                                            |
      | an unknown field                       | /extra  | {"kind":"object","name":"leases.json","body":"{}","extra":1}                      |
      | an unknown kind                        | /kind   | {"kind":"objects","name":"leases.json","body":"{}"}                               |
      | a name outside the fleet               | /name   | {"kind":"object","name":"../../etc/passwd","body":"x"}                             |
      | a batch not named by its content       | /name   | {"kind":"object","name":"spool/host-a/0000.ndjson","body":"x"}                     |
      | a leases document that fails its schema | /body   | {"kind":"object","name":"leases.json","body":"[7]"}                                |
