# The lake (issue 10, docs/lake.md): hosts share one object store through `ctxlake sync` (drain
# the spool, mirror the cache) and `ctxlake maint` (leases, history, roster, the promotion gate,
# the snapshot). Each scenario runs the real binary on a folder lake in its scratch folder:
# "host A" is a spool and cache of its own, "this host" is the server under test.
@stdio @ctxlake
Feature: The lake: what one host spools, another host reads after sync, maint and sync
  Ref: issue 10, the lake: spool drain, presence and roster, advisory leases by compare-and-swap, the promotion gate, snapshot publish, cache mirror

  Scenario: a claim proposed on host A is found on this host after sync, maint and sync, attributed to its observer
    Given a server initialized with revision "2025-11-25"
    And agent "agent-a" on host "A" proposes the convention "the workspace builds with just ci" about "build" with evidence from sessions "s1"
    And agent "agent-a" on host "A" proposes the convention "the workspace builds with just ci" about "build" with evidence from sessions "s2"
    When host "A" runs ctxlake sync
    And ctxlake maint runs
    And this host runs ctxlake sync
    And the client calls "memory_search" with:
      """
      {"query": "how does the workspace build"}
      """
    Then the tool output at /enabled is true
    And the tool output at /results/0 mentions "the workspace builds with just ci"
    And the tool output at /results/0 mentions "agent-a"
    And the tool output at /results/0 mentions "2 independent sessions"

  Scenario: a claim the owner retracts leaves memory_search for good and keeps its reason
    Given a server initialized with revision "2025-11-25"
    And agent "agent-a" on host "A" proposes the convention "the workspace builds with just ci" about "build" with evidence from sessions "s1"
    And agent "agent-a" on host "A" proposes the convention "the workspace builds with just ci" about "build" with evidence from sessions "s2"
    When host "A" runs ctxlake sync
    And ctxlake maint runs
    And the fleet's owner runs ctxlake claims retract on the claim "builds with just ci" because "we build with make since the move"
    And ctxlake maint runs
    And this host runs ctxlake sync
    And the client calls "memory_search" with:
      """
      {"query": "how does the workspace build"}
      """
    Then the tool output at /results is []
    And ctxlake claims list prints "retracted"
    And ctxlake claims show on the claim "builds with just ci" prints "we build with make since the move"

  Scenario Outline: a retraction the owner cannot make exits <status>, naming why, and writes nothing
    Given a server initialized with revision "2025-11-25"
    And agent "agent-a" on host "A" proposes the convention "tabs, not spaces" about "style" with evidence from sessions "s1"
    When host "A" runs ctxlake sync
    And ctxlake maint runs
    Then ctxlake claims retract "<id>" because "<reason>" exits <status> saying "<said>"

    Examples:
      | id            | reason | status | said                       |
      | no-such-claim | wrong  | 2      | has no claim no-such-claim |

  Scenario: an agent's correction, once promoted, replaces the claim it names: searches leave the old one out unless asked, and the timeline shows the chain
    Given a server initialized with revision "2025-11-25"
    And agent "agent-a" on host "A" proposes the outcome "the nightly deploy failed on a missing secret" about "deploy" with evidence from sessions "s1"
    When host "A" runs ctxlake sync
    And ctxlake maint runs
    And this host runs ctxlake sync
    And the client calls "memory_propose" correcting the claim "failed on a missing secret" with:
      """
      {"claim": "the nightly deploy failed on an expired registry token, not a missing secret", "type": "outcome", "subject": "deploy",
       "evidence": [{"session_id": "s7", "message_id": "m1"}]}
      """
    Then the tool output at /note mentions "replaces claim"
    When this host runs ctxlake sync
    And ctxlake maint runs
    And this host runs ctxlake sync
    And the client calls "memory_search" with:
      """
      {"query": "why did the nightly deploy fail"}
      """
    Then the tool output at /results has 1 items
    And the tool output at /results/0 mentions "expired registry token"
    And the tool output at /results/0 mentions ", replaces claim-deploy]"
    When the client calls "memory_search" with:
      """
      {"query": "why did the nightly deploy fail", "include_superseded": true}
      """
    Then the tool output at /results has 2 items
    And the tool output at /results mentions "SUPERSEDED by"
    When the client calls "memory_timeline" with:
      """
      {"subject": "deploy"}
      """
    Then the tool output at /entries has 2 items
    And the tool output at /entries/0/rendered mentions "SUPERSEDED by"
    And the tool output at /entries/1/rendered mentions "replaces claim-deploy"
    And ctxlake claims list prints "superseded"

  Scenario Outline: two agents state one convention as "<first>" and "<second>": <verdict>
    Given a server initialized with revision "2025-11-25"
    And agent "agent-a" on host "A" proposes the convention "<first>" about "build" as claim "claim-a" with evidence from sessions "s1"
    And agent "agent-b" on host "B" proposes the convention "<second>" about "build" as claim "claim-b" with evidence from sessions "s2"
    When host "A" runs ctxlake sync
    And host "B" runs ctxlake sync
    And ctxlake maint runs
    And this host runs ctxlake sync
    And the client calls "memory_search" with:
      """
      {"query": "<first>"}
      """
    Then the tool output at /results has <found> items
    And ctxlake claims show on the claim "<first>" prints "<shown>"

    # Merged: one claim holding both sessions, which a convention needs to be promoted. Kept
    # apart: two candidates with one session each, so neither is promoted.
    Examples:
      | verdict     | first                                        | second                                      | found | shown                     |
      | merged      | The workspace builds with just ci.           | the workspace builds with just CI           | 1     | restated by: claim-b      |
      | merged      | Builds retry flaky tests three times         | builds retry flaky test 3 times             | 1     | restated by: claim-b      |
      | merged      | The workspace doesn't build on Windows       | workspace does not build on Windows         | 1     | restated by: claim-b      |
      | kept apart  | the workspace builds with just ci            | the workspace builds with make ci           | 0     | 1 sessions                |
      | kept apart  | builds retry flaky tests three times         | builds retry flaky tests five times         | 0     | 1 sessions                |
      | kept apart  | the workspace builds on Windows              | the workspace never builds on Windows       | 0     | 1 sessions                |
      | kept apart  | release builds run before the tests          | release builds run after the tests          | 0     | 1 sessions                |
      | kept apart  | the workspace builds with just ci            | just ci is how the workspace gets built     | 0     | 1 sessions                |

  Scenario: a restatement of a promoted claim corroborates it: one claim, its sessions counted, no contest
    Given a server initialized with revision "2025-11-25"
    And agent "agent-a" on host "A" proposes the convention "The workspace builds with just ci." about "build" as claim "claim-a" with evidence from sessions "s1,s2"
    When host "A" runs ctxlake sync
    And ctxlake maint runs
    And agent "agent-b" on host "B" proposes the convention "the workspace builds with just CI" about "build" as claim "claim-b" with evidence from sessions "s3"
    And host "B" runs ctxlake sync
    And ctxlake maint runs
    And this host runs ctxlake sync
    And the client calls "memory_search" with:
      """
      {"query": "how does the workspace build"}
      """
    Then the tool output at /results has 1 items
    And the tool output at /results/0 mentions "3 independent sessions"
    And the tool output at /results/0 mentions "id claim-a]"
    And ctxlake claims show on the claim "builds with just ci." prints "corroborated"
    And ctxlake claims list prints "promoted"
    When the client calls "memory_propose" with:
      """
      {"claim": "The workspace builds with just CI", "type": "convention", "subject": "build",
       "evidence": [{"session_id": "s9", "message_id": "m1"}]}
      """
    Then the tool output at /note mentions "restates claim claim-a"

  Scenario: a correction the gate has not promoted replaces nothing yet
    Given a server initialized with revision "2025-11-25"
    And agent "agent-a" on host "A" proposes the convention "the workspace builds with just ci" about "build" with evidence from sessions "s1,s2"
    When host "A" runs ctxlake sync
    And ctxlake maint runs
    And this host runs ctxlake sync
    And the client calls "memory_propose" correcting the claim "builds with just ci" with:
      """
      {"claim": "the workspace builds with make since the move", "type": "convention", "subject": "build",
       "evidence": [{"session_id": "s9", "message_id": "m1"}]}
      """
    And this host runs ctxlake sync
    And ctxlake maint runs
    And this host runs ctxlake sync
    And the client calls "memory_search" with:
      """
      {"query": "how does the workspace build"}
      """
    Then the tool output at /results has 1 items
    And the tool output at /results/0 mentions "builds with just ci"

  Scenario Outline: a correction naming <what> is an isError naming supersedes, and nothing is queued
    Given a server initialized with revision "2025-11-25"
    And agent "agent-a" on host "A" proposes the convention "the workspace builds with just ci" about "build" with evidence from sessions "s1,s2"
    And agent "agent-a" on host "A" proposes the convention "tabs, not spaces" about "style" with evidence from sessions "s1,s2"
    And agent "agent-a" on host "A" proposes the convention "yaml is indented by two spaces" about "yaml" with evidence from sessions "s1"
    When host "A" runs ctxlake sync
    And ctxlake maint runs
    And the fleet's owner runs ctxlake claims retract on the claim "tabs, not spaces" because "we use spaces"
    And ctxlake maint runs
    And this host runs ctxlake sync
    And the client calls "memory_propose" with:
      """
      {"claim": "the workspace builds with make", "type": "convention", "subject": "<subject>", "supersedes": "<id>",
       "evidence": [{"session_id": "s9", "message_id": "m1"}]}
      """
    Then the tool result is an error naming `supersedes`
    And the tool result is an error mentioning:
      """
      <said>
      """
    And the spool file does not contain "the workspace builds with make"

    Examples:
      | what                       | subject | id             | said                        |
      | an unknown claim           | build   | claim-nowhere  | no claim claim-nowhere      |
      | a claim of another subject | ci      | claim-build    | is about "build", not "ci"  |
      | a retracted claim          | style   | claim-style    | was retracted               |
      | a held candidate           | yaml    | claim-yaml     | no claim claim-yaml among the claims agents can read |

  # docs/memory.md: the snapshot every host mirrors holds the claims agents may be told of (the
  # promoted, and those the owner retired or retracted), not the candidates the gate holds.
  Scenario: the snapshot holds what agents may be told of, and counts every claim
    Given a server initialized with revision "2025-11-25"
    And agent "agent-a" on host "A" proposes the convention "the workspace builds with just ci" about "build" with evidence from sessions "s1,s2"
    And agent "agent-a" on host "A" proposes the convention "tabs, not spaces" about "style" with evidence from sessions "s1,s2"
    And agent "agent-a" on host "A" proposes the convention "yaml is indented by two spaces" about "yaml" with evidence from sessions "s1"
    When host "A" runs ctxlake sync
    And ctxlake maint runs
    And the fleet's owner runs ctxlake claims retract on the claim "tabs, not spaces" because "we use spaces"
    And ctxlake maint runs
    And this host runs ctxlake sync
    Then this host's snapshot holds the claims "claim-build,claim-style" of 3 counted

  Scenario: a convention seen in only one session is not promoted, so nothing is found
    Given a server initialized with revision "2025-11-25"
    And agent "agent-a" on host "A" proposes the convention "tabs, not spaces" about "style" with evidence from sessions "s1"
    When host "A" runs ctxlake sync
    And ctxlake maint runs
    And this host runs ctxlake sync
    And the client calls "memory_search" with:
      """
      {"query": "tabs spaces"}
      """
    Then the tool output at /results is []

  Scenario: a spooled proposal that claims a human observer is quarantined, never promoted
    Given a server initialized with revision "2025-11-25"
    And agent "human" on host "A" proposes the convention "deploys need two approvals" about "deploy" with evidence from sessions "s1"
    And agent "human:owner" on host "A" proposes the convention "deploys need two approvals" about "deploy" with evidence from sessions "s2"
    When host "A" runs ctxlake sync
    Then the lake command reported "0 records in the lake"
    And the lake command reported "2 quarantined"
    When ctxlake maint runs
    And this host runs ctxlake sync
    And the client calls "memory_search" with:
      """
      {"query": "deploy approvals"}
      """
    Then the tool output at /results is []

  Scenario: a handoff on host A reaches this host's fleet_history
    Given a server initialized with revision "2025-11-25"
    And agent "agent-a" on host "A" hands off "moved the build to just"
    When host "A" runs ctxlake sync
    And ctxlake maint runs
    And this host runs ctxlake sync
    And the client calls "fleet_history" with:
      """
      {}
      """
    Then the tool output at /enabled is true
    And the tool output at /sessions/0/agent_id is "agent-a"
    And the tool output at /sessions/0/summary is "moved the build to just"

  Scenario: hostile spool lines are quarantined and counted, the good line ships, a slipped secret is re-redacted
    Given host "A" spools these lines:
      """
      not json at all
      {"kind":"deleted_everything","id":"x"}
      {"kind":"handoff","id":"01J0000000000000000000000A"}
      {"kind":"promoted","claim_id":"c1","at":"2026-09-09T00:00:00Z","independent_count":9,"confidence":0.95}
      {"kind":"handoff","id":"01J0000000000000000000000B","at":"2026-09-09T10:00:00Z","fleet_id":"another-fleet","agent_id":"a","summary":"s","status":"done","next":null}
      {"kind":"handoff","id":"01J0000000000000000000000C","at":"2026-09-09T10:00:00Z","fleet_id":"<fleet>","agent_id":"a","summary":"token ghp_abcdefghijklmnopqrstuvwxyz0123456789","status":"done","next":null}
      """
    When host "A" runs ctxlake sync
    Then the lake command reported "1 records in the lake"
    And the lake command reported "5 quarantined"
    And the lake command reported "1 re-redacted"
    And the lake holds 5 quarantine records from host "A"
    And the lake's spool batches from host "A" do not contain "ghp_abcdefghijklmnopqrstuvwxyz0123456789"

  Scenario: a lease held by one agent is not granted to another while it lasts; the request that lost is shown
    Given a server initialized with revision "2025-11-25"
    And the lake holds a lease on "src/db.rs" held by "agent-a" that expires in an hour
    And agent "agent-b" on host "B" requests the lease on "src/db.rs"
    When host "B" runs ctxlake sync
    And ctxlake maint runs
    And this host runs ctxlake sync
    And the client calls "fleet_status" with:
      """
      {}
      """
    Then the tool output at /leases/0/resource is "src/db.rs"
    And the tool output at /leases/0/holder is "agent-a"
    And the tool output at /leases/0/lost/0/agent_id is "agent-b"

  Scenario: an expired lease is granted to the next agent that asks
    Given a server initialized with revision "2025-11-25"
    And the lake holds a lease on "src/db.rs" held by "agent-a" that expired a minute ago
    And agent "agent-b" on host "B" requests the lease on "src/db.rs"
    When host "B" runs ctxlake sync
    And ctxlake maint runs
    And this host runs ctxlake sync
    And the client calls "fleet_status" with:
      """
      {}
      """
    Then the tool output at /leases/0/holder is "agent-b"

  Scenario: in shadow mode maint publishes a snapshot that shows nothing
    Given a server initialized with revision "2025-11-25"
    And agent "agent-a" on host "A" proposes the environment "staging ssh listens on port 2222" about "staging" with evidence from sessions "s1, s2"
    When host "A" runs ctxlake sync
    And ctxlake maint runs in shadow mode
    And this host runs ctxlake sync
    And the client calls "memory_search" with:
      """
      {"query": "staging ssh"}
      """
    Then the tool output at /enabled is true
    And the tool output at /results is []
    And the tool output at /note mentions "shadow mode"

  # ---- the knowledge base published through the lake (`ctxlake kb publish`, docs/knowledge.md)

  Scenario: the knowledge base the owner publishes on host A is what this host serves after sync
    Given the owner on host "A" imports with --approve and publishes these records:
      | id     | slug                     | status   | title                                     | summary                                            | applies_to  |
      | team-1 | deploy-with-blue-green   | approved | Deploy with the fleet's blue-green script | Deploy every service with the blue-green script    | tool:deploy |
      | team-2 | draft-deploy-freeze      | draft    | Freeze deploys on Fridays                 | A draft the owner has not reviewed yet             | tool:deploy |
    And the lake command reported "1 approved records"
    And this host runs ctxlake sync
    And the server serves the fleet's published knowledge base
    And a server initialized with revision "2025-11-25"
    When the client calls "get_guidance" with:
      """
      {"ids": ["deploy-with-blue-green", "draft-deploy-freeze", "write-only-protocol-messages-to-stdout-in-stdio-mcp-servers"]}
      """
    Then the tool output at /results has 1 items
    And the tool output at /results/0/slug is "deploy-with-blue-green"
    And the tool output at /missing is ["draft-deploy-freeze", "write-only-protocol-messages-to-stdout-in-stdio-mcp-servers"]

  Scenario: with CTXLAKE_KB set, the base it names is served, not the fleet's published one
    Given the owner on host "A" imports with --approve and publishes these records:
      | id     | slug                   | status   | title                                     | summary                                         | applies_to  |
      | team-1 | deploy-with-blue-green | approved | Deploy with the fleet's blue-green script | Deploy every service with the blue-green script | tool:deploy |
    And this host runs ctxlake sync
    And a server initialized with revision "2025-11-25"
    When the client calls "get_guidance" with:
      """
      {"ids": ["deploy-with-blue-green", "write-only-protocol-messages-to-stdout-in-stdio-mcp-servers"]}
      """
    Then the tool output at /missing is ["deploy-with-blue-green"]

  # The lease-outcome table (issue 30): the agent that asked is told what became of its
  # request, judged from this host's cache after this host's sync decided and mirrored it.
  # The server under test is agent "agent-under-test"; "0 ms pass" is a step that does nothing.
  Scenario Outline: fleet_status tells the agent that claimed a path what became of it: <check>
    Given a server initialized with revision "2025-11-25"
    And <before>
    When the client calls "fleet_claim" with:
      """
      {"paths": ["src/db.rs"], "reason": "editing"}
      """
    And <step 1>
    And <step 2>
    And <step 3>
    And <step 4>
    And <step 5>
    And the client calls "fleet_status" with:
      """
      {}
      """
    Then the tool output at /requests/0/outcome is "<check>"
    And <also>
    And the structured content matches the text content and the tool's output schema

    Examples:
      | check   | before                                                                                   | step 1                      | step 2                                               | step 3                                                        | step 4                     | step 5                      | also                                                      |
      | pending | 0 ms pass                                                                                | 0 ms pass                   | 0 ms pass                                            | 0 ms pass                                                     | 0 ms pass                  | 0 ms pass                   | the tool output at /requests/0/path is "src/db.rs"        |
      | granted | 0 ms pass                                                                                | this host runs ctxlake sync | 0 ms pass                                            | 0 ms pass                                                     | 0 ms pass                  | 0 ms pass                   | the tool output at /leases/0/holder is "agent-under-test" |
      | refused | the lake holds a lease on "src/db.rs" held by "agent-a" that expires in an hour          | this host runs ctxlake sync | 0 ms pass                                            | 0 ms pass                                                     | 0 ms pass                  | 0 ms pass                   | the tool output at /requests/0/holder is "agent-a"        |
      | renewed | the lake holds a lease on "src/db.rs" held by "agent-under-test" that expires in an hour | this host runs ctxlake sync | 0 ms pass                                            | 0 ms pass                                                     | 0 ms pass                  | 0 ms pass                   | the tool output at /leases/0/epoch is 1                   |
      | expired | 0 ms pass                                                                                | this host runs ctxlake sync | the lake's lease on "src/db.rs" ran out a minute ago | this host runs ctxlake sync                                   | 0 ms pass                  | 0 ms pass                   | the tool output at /requests/0/path is "src/db.rs"        |
      | taken   | 0 ms pass                                                                                | this host runs ctxlake sync | the lake's lease on "src/db.rs" ran out a minute ago | agent "agent-a" on host "A" requests the lease on "src/db.rs" | host "A" runs ctxlake sync | this host runs ctxlake sync | the tool output at /requests/0/holder is "agent-a"        |

  Scenario: a released lease reads released, for the release and for the claim before it
    Given a server initialized with revision "2025-11-25"
    When the client calls "fleet_claim" with:
      """
      {"paths": ["src/db.rs"], "reason": "editing"}
      """
    And this host runs ctxlake sync
    And the client calls "fleet_release" with:
      """
      {}
      """
    And this host runs ctxlake sync
    And the client calls "fleet_status" with:
      """
      {}
      """
    Then the tool output at /requests/0/kind is "release"
    And the tool output at /requests/0/outcome is "released"
    And the tool output at /requests/1/outcome is "released"
    And the tool output at /leases/0/holder is null

  # The guard's exit codes (issue 30): `ctxlake leases check` reads this host's cache only.
  Scenario Outline: ctxlake leases check <paths> exits <status>
    Given the fleet cache file "leases.json" contains:
      """
      {"leases": [
        {"resource": "src/db.rs", "holder": "agent-a", "expires_at": "2099-01-01T00:00:00Z"},
        {"resource": "docs/", "holder": "agent-a", "expires_at": "2099-01-01T00:00:00Z"},
        {"resource": "tests/**/*.rs", "holder": "agent-b", "expires_at": "2099-01-01T00:00:00Z"},
        {"resource": "src/mine.rs", "holder": "agent-under-test", "expires_at": "2099-01-01T00:00:00Z"},
        {"resource": "src/old.rs", "holder": "agent-a", "expires_at": "2020-01-01T00:00:00Z"}]}
      """
    When ctxlake leases runs with "check <paths>" and exits with status <status>
    Then ctxlake said "<said>"

    Examples:
      | paths                              | status | said                                                                       |
      | src/db.rs                          | 1      | src/db.rs is leased by agent-a until 2099-01-01T00:00:00Z (lease on src/db.rs) |
      | docs/guide.md tests/it/x.rs        | 1      | tests/it/x.rs is leased by agent-b                                         |
      | src/mine.rs src/old.rs src/free.rs | 0      |                                                                            |
      | --hook src/db.rs                   | 0      | committing anyway                                                          |
      | --staged                           | 2      | git diff --cached                                                          |
      |                                    | 2      | name the paths to check, or --staged                                       |
