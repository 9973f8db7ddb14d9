# The owner's console (issue 35, docs/console.md): `ctxlake serve --console` serves pages under
# /console where a fleet's owner reviews the claims the gate holds and decides. Who may see what
# and do what, over HTTP without a browser; each scenario runs the real binary on a folder lake
# in its scratch folder.
@stdio @ctxlake
Feature: The owner's console: who sees it, who decides, and that a decision is the CLI's event
  Ref: issue 35, the owner's console: "Only an owner … a fleet key or a guest never sees the console (401/403)"; "Every state-changing form carries a CSRF token"

  Background:
    Given a server initialized with revision "2025-11-25"
    And agent "agent-a" on host "A" proposes the preference "the owner wants small commits" about "org/app" with evidence from sessions "s1,s2"
    When host "A" runs ctxlake sync
    And ctxlake maint runs

  Scenario Outline: <who> signing in to the console is answered <status>
    Given an owner key "ana" of this fleet
    And a fleet key "bot" of this fleet
    And ctxlake serve runs with the console and a key store
    When "<who>" signs in to the console
    Then the HTTP status is <status>

    Examples:
      | who     | status |
      | ana     | 303    |
      | bot     | 403    |
      | nobody  | 401    |

  Scenario Outline: <who> asking for <page> is answered <status>
    Given an owner key "ana" of this fleet
    And an owner key "carl" of the fleet "other"
    And ctxlake serve runs with the console and a key store
    And "ana" signs in to the console
    And "carl" signs in to the console
    When <who> opens the console page "<page>"
    Then the HTTP status is <status>
    And the console's answer has the header "Content-Security-Policy" containing "default-src 'none'"

    Examples:
      | who        | page                   | status |
      | a stranger | /console               | 401    |
      | a stranger | /console/fleet         | 401    |
      | "ana"      | /console               | 200    |
      | "ana"      | /console/fleet         | 200    |
      | a stranger | /console/keys          | 401    |
      | "ana"      | /console/keys          | 200    |
      | "ana"      | /console/knowledge     | 200    |
      | "carl"     | /console/knowledge     | 403    |
      | a stranger | /console/knowledge     | 401    |
      | "ana"      | /console?fleet=other   | 403    |
      | "carl"     | /console               | 200    |
      | "carl"     | /console?fleet={fleet} | 403    |

  Scenario: the review queue shows a held candidate with the gate's reason
    Given an owner key "ana" of this fleet
    And ctxlake serve runs with the console and a key store
    And "ana" signs in to the console
    When "ana" opens the console page "/console"
    Then the HTTP status is 200
    And the console's page says "the owner wants small commits"
    And the console's page says "a preference needs a human"

  Scenario: an owner of another fleet sees that fleet's queue, never this one's claims
    Given an owner key "carl" of the fleet "other"
    And ctxlake serve runs with the console and a key store
    And "carl" signs in to the console
    When "carl" opens the console page "/console"
    Then the HTTP status is 200
    And the console's page does not say "small commits"

  Scenario: a decision without the session's CSRF token is refused and writes nothing
    Given an owner key "ana" of this fleet
    And ctxlake serve runs with the console and a key store
    And "ana" signs in to the console
    When "ana" approves the claim "small commits" without the CSRF token
    Then the HTTP status is 403
    When ctxlake maint runs
    Then ctxlake claims list prints "candidate"

  Scenario: an owner's approval in the console is applied by the next fold
    Given an owner key "ana" of this fleet
    And ctxlake serve runs with the console and a key store
    And "ana" signs in to the console
    When "ana" approves the claim "small commits"
    Then the HTTP status is 303
    When ctxlake maint runs
    Then ctxlake claims list prints "promoted"

  Scenario: the operator of a loopback-only server decides without a key, and claims show lists the retraction
    Given ctxlake serve runs with the console
    When the operator opens the console page "/console"
    Then the HTTP status is 200
    When the operator retracts the claim "small commits"
    Then the HTTP status is 303
    When ctxlake maint runs
    Then ctxlake claims show on the claim "small commits" prints "decided in the console"
    And ctxlake claims show on the claim "small commits" prints "by human:"

  Scenario: a knowledge search is counted on the knowledge page by its retrieval mode, never with its query
    Given ctxlake serve runs with the console
    When the key's client calls "search_knowledge" over HTTP with:
      """
      {"query": "zebraquokka should a stdio server print logs to stdout", "max_results": 2}
      """
    And the operator opens the console page "/console/knowledge"
    Then the HTTP status is 200
    And the console's page says "Searches (1 in the last 30 days)"
    And the console's page says "Records returned most often"
    And the console's page does not say "zebraquokka"
