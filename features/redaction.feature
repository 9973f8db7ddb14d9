# The write-path guard (seed 000, "Every write-shaped argument is scrubbed for secrets before the
# spool"): a secret in any free-text argument never reaches the spool file, and ordinary prose
# passes unchanged (no bare-prefix false positives like "task-list" or "ASIAN").
@stdio @ctxlake
Feature: Secrets are redacted before anything is spooled
  Ref: seed 000 (ctxlake mcp), "Every write-shaped argument is scrubbed for secrets before the spool": the write-path redactor

  Scenario Outline: a <rule> secret in a handoff summary never reaches the spool
    Given a server initialized with revision "2025-11-25"
    When the client calls "fleet_handoff" with:
      """
      {"summary": "deploy notes: <text> (rotate it)", "status": "done"}
      """
    Then the tool output at /queued is true
    And the spool file does not contain "<secret>"
    And the spool file contains "[ctxlake:redacted:<rule>]"

    Examples:
      | rule                    | text                                                                 | secret                                           |
      | aws_access_key_id       | AKIAIOSFODNN7EXAMPLE                                                 | AKIAIOSFODNN7EXAMPLE                             |
      | aws_access_key_id       | ASIAY34FZKBOKMUTVV7A                                                 | ASIAY34FZKBOKMUTVV7A                             |
      | github_token            | ghp_0123456789abcdefghijABCDEFGHIJ012345                             | ghp_0123456789abcdefghijABCDEFGHIJ012345         |
      | github_fine_grained_pat | github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEF      | 0123456789_abcdefghijklmnopqrstuvwxyz            |
      | gitlab_token            | glpat-AbCdEfGhIjKlMnOpQrSt12                                         | glpat-AbCdEfGhIjKlMnOpQrSt12                     |
      | slack_token             | xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOp                     | 1234567890123-AbCdEfGhIjKlMnOp                   |
      | slack_webhook           | https://hooks.slack.com/services/T0000/B0000/XXXXXXXXXXXXXXXX        | T0000/B0000/XXXXXXXXXXXXXXXX                     |
      | stripe_key              | sk_live_51H8abcdefghijklmnopQRST                                     | 51H8abcdefghijklmnopQRST                         |
      | google_api_key          | AIzaSyA1234567890abcdefghijklmnopqrstuv                              | SyA1234567890abcdefghijklmnopqrstuv              |
      | google_oauth_token      | ya29.a0AfH6SMBx1234567890abcdefghij                                  | a0AfH6SMBx1234567890abcdefghij                   |
      | openai_key              | sk-proj-abc123DEF456ghi789JKL012mno345                               | abc123DEF456ghi789JKL012mno345                   |
      | anthropic_key           | sk-ant-api03-abcdefghijklmnopqrstuvwx_yz-0123456789                  | abcdefghijklmnopqrstuvwx_yz                      |
      | huggingface_token       | hf_abcdefghijklmnopqrstuvwxyz0123456789                              | hf_abcdefghijklmnopqrstuvwxyz0123456789          |
      | npm_token               | npm_abcdefghijklmnopqrstuvwxyz0123456789                             | npm_abcdefghijklmnopqrstuvwxyz0123456789         |
      | jwt                     | eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N      | dozjgNryP4J3jVmNHl0w5N                           |
      | url_credentials         | postgres://app:s3cr3tpass@db.internal:5432/app                       | s3cr3tpass                                       |
      | authorization_header    | Authorization: Bearer abcdef0123456789xyz                            | abcdef0123456789xyz                              |
      | bearer_token            | curl -H 'X: Bearer abcdef0123456789xyzXYZ'                           | abcdef0123456789xyzXYZ                           |
      | secret_assignment       | PGPASSWORD=hunter2hunter2                                            | hunter2hunter2                                   |
      | secret_assignment       | client_secret: Zq8vX2mN4pL7rT1w                                      | Zq8vX2mN4pL7rT1w                                 |

  Scenario: a PEM private key block is withheld whole
    Given a server initialized with revision "2025-11-25"
    When the client calls "fleet_handoff" with:
      """
      {"summary": "key:\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\ndone", "status": "done"}
      """
    Then the spool file does not contain "b3BlbnNzaC1rZXktdjEAAAAA"
    And the spool file contains "[ctxlake:redacted:private_key]"

  Scenario: a secret hidden behind zero-width characters is still redacted
    Given a server initialized with revision "2025-11-25"
    When the client calls "fleet_handoff" with:
      """
      {"summary": "AKIA\u200bIOSFODNN7EXAMPLE", "status": "done"}
      """
    Then the spool file does not contain "IOSFODNN7EXAMPLE"

  Scenario: every free-text argument of every write tool is redacted
    Given a server initialized with revision "2025-11-25"
    When the client calls "fleet_claim" with:
      """
      {"paths": ["src/ghp_0123456789abcdefghijABCDEFGHIJ012345.rs"], "reason": "token=abcd1234efgh"}
      """
    And the client calls "fleet_handoff" with:
      """
      {"summary": "s", "status": "AKIAIOSFODNN7EXAMPLE", "next": "use sk_test_51H8abcdefghijklmnopQRST"}
      """
    Then the spool file has 2 lines
    And the spool file does not contain "ghp_0123456789"
    And the spool file does not contain "abcd1234efgh"
    And the spool file does not contain "AKIAIOSFODNN7EXAMPLE"
    And the spool file does not contain "51H8abcdefghijklmnopQRST"

  Scenario Outline: ordinary prose passes unchanged
    Given a server initialized with revision "2025-11-25"
    When the client calls "fleet_handoff" with:
      """
      {"summary": "<text>", "status": "done"}
      """
    Then the last spool record at /summary is "<text>"

    Examples:
      | text                                                         |
      | update the task-list and the risk-based plan                 |
      | ASIAN markets; AKIA alone is not a key                       |
      | sk-learn-based-pipeline-approach works                       |
      | the password: ask bob                                        |
      | 3 tokens: left over, secret sauce recipe                     |
      | Bearer of bad news                                           |
      | see https://example.com:8080/path?a=b and user@example.com   |
      | authorization: required for every call                       |
