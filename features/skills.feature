# The Skills extension (SEP-2640, io.modelcontextprotocol/skills; docs/skills.md): ctxlake serves
# the knowledge base's approved records as one skill per topic (each record a reference file) and
# the fleet's promoted conventions and environment facts as one skill per subject, on 2026-07-28.
@stdio @ctxlake
Feature: ctxlake's skills
  Ref: issue 37, "Skills (SEP-2640)": knowledge records and the fleet's promoted claims served as skills, digests and sizes exact, paged like the other lists, shown only to the principals that may see the knowledge or the fleet

  Scenario: server/discover declares the extension with directoryRead, beside the resources it requires
    Given a server initialized with revision "2026-07-28"
    When the client sends "server/discover"
    Then the result at /capabilities/extensions/io.modelcontextprotocol~1skills/directoryRead is true
    And the result has /capabilities/resources

  Scenario: before 2026-07-28 no skill is offered, and skills/list is an unknown method
    Given a running server
    When the client sends "initialize" with params:
      """
      {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
      """
    Then the result has /capabilities/resources
    And the result has no /capabilities/extensions
    When the client sends "skills/list"
    Then the answer is error -32601

  Scenario: the starter knowledge base is one guidance skill per topic, in the base's order
    Given a server initialized with revision "2026-07-28"
    When the client lists "skills/list" to the end
    Then the items listed have the uri ["skill://guidance/data-guidance/SKILL.md", "skill://guidance/reliability-guidance/SKILL.md", "skill://guidance/implementation-guidance/SKILL.md", "skill://guidance/security-guidance/SKILL.md", "skill://guidance/architecture-guidance/SKILL.md", "skill://guidance/observability-guidance/SKILL.md", "skill://guidance/performance-guidance/SKILL.md", "skill://guidance/tooling-guidance/SKILL.md", "skill://guidance/testing-guidance/SKILL.md"]
    And every listed skill's files read back with the digest and size of its entry
    And every listed skill's SKILL.md begins with its entry's frontmatter, whose name ends its URI
    And skills/get answers every listed skill with the entry skills/list gave
    And resources/list names every listed skill's SKILL.md with its frontmatter's name and description

  Scenario: a topic's SKILL.md points to each record, and a record's reference file holds it whole with its sources
    Given a server initialized with revision "2026-07-28"
    When the client sends "resources/read" with params:
      """
      {"uri": "skill://guidance/security-guidance/SKILL.md"}
      """
    Then the result at /contents/0/mimeType is "text/markdown"
    And the result at /contents/0/text mentions "name: \"security-guidance\""
    And the result at /contents/0/text mentions "(references/redact-secrets-and-tokens-before-they-reach-logs.md)"
    When the client sends "resources/read" with params:
      """
      {"uri": "skill://guidance/security-guidance/references/redact-secrets-and-tokens-before-they-reach-logs.md"}
      """
    Then the result at /contents/0/text mentions "## Recommendation"
    And the result at /contents/0/text mentions "## Verification checks"
    And the result at /contents/0/text mentions "## Sources"
    And the result at /contents/0/text mentions "reviewed guidance]"

  Scenario: the fleet's promoted conventions and environment facts are one skill per subject, each claim with its attribution
    Given the fleet snapshot is built in "agent" mode from these claims:
      | claim_id | claim                                        | type        | subject | observer | status   |
      | c1       | Run the tests with cargo nextest, not cargo test | convention  | org/app | cc-01    | promoted |
      | c2       | CI runs on Debian 13 with 2 cores            | environment | org/app | cc-02    | promoted |
      | c3       | The staging database is reset nightly        | outcome     | org/app | cc-03    | promoted |
      | c4       | Deploys happen from the release branch       | convention  | ops     | cc-01    | promoted |
    And a server initialized with revision "2026-07-28"
    When the client lists "skills/list" to the end
    Then every listed skill's files read back with the digest and size of its entry
    And every listed skill's SKILL.md begins with its entry's frontmatter, whose name ends its URI
    When the client sends "resources/read" with params:
      """
      {"uri": "skill://fleet/learned-ops/SKILL.md"}
      """
    Then the result at /contents/0/text mentions "peer observations"
    And the result at /contents/0/text mentions "[cc-01, "
    And the result at /contents/0/text mentions "Deploys happen from the release branch"
    When the client sends "skills/get" with params:
      """
      {"uri": "skill://fleet/learned-ops/SKILL.md"}
      """
    Then the result at /skill/frontmatter/description mentions "1 convention and 0 environment facts"

  Scenario: a caller who sees only the knowledge tools is served the guidance skills and no fleet skill
    Given the server is configured with CTXLAKE_TOOLS "knowledge"
    And the fleet snapshot is built in "agent" mode from these claims:
      | claim_id | claim                                  | type       | subject | observer | status   |
      | c4       | Deploys happen from the release branch | convention | ops     | cc-01    | promoted |
    And a server initialized with revision "2026-07-28"
    When the client sends "skills/get" with params:
      """
      {"uri": "skill://fleet/learned-ops/SKILL.md"}
      """
    Then the answer is error -32602
    When the client sends "resources/read" with params:
      """
      {"uri": "skill://fleet/learned-ops/SKILL.md"}
      """
    Then the answer is error -32602
    When the client sends "skills/get" with params:
      """
      {"uri": "skill://guidance/security-guidance/SKILL.md"}
      """
    Then the result at /skill/uri is "skill://guidance/security-guidance/SKILL.md"

  Scenario Outline: skills/get of a URI that names no skill is -32602 saying why
    Given a server initialized with revision "2026-07-28"
    When the client sends "skills/get" with params:
      """
      {"uri": <uri>}
      """
    Then the answer is error -32602
    And the error message mentions "<why>"

    Examples:
      | uri                                                            | why                    |
      | "skill://mcp-conformance-nonexistent-skill-9f3a2b/SKILL.md"    | no skill of this server |
      | "skill://guidance/security-guidance/references"                | no skill of this server |
      | "skill://guidance/../guidance/security-guidance/SKILL.md"      | segment                |
      | "file:///etc/passwd"                                           | not a skill:// URI     |
      | 7                                                              | skills/get             |

  Scenario: resources/directory/read lists a skill's direct children, folders first, and refuses a file
    Given a server initialized with revision "2026-07-28"
    When the client sends "resources/directory/read" with params:
      """
      {"uri": "skill://guidance/security-guidance"}
      """
    Then the result at /resources/0/uri is "skill://guidance/security-guidance/references"
    And the result at /resources/0/mimeType is "inode/directory"
    And the result at /resources/1/uri is "skill://guidance/security-guidance/SKILL.md"
    And the result at /resources/1/mimeType is "text/markdown"
    When the client sends "resources/directory/read" with params:
      """
      {"uri": "skill://guidance"}
      """
    Then the result at /resources/0/uri is "skill://guidance/architecture-guidance"
    When the client sends "resources/directory/read" with params:
      """
      {"uri": "skill://guidance/security-guidance/SKILL.md"}
      """
    Then the answer is error -32602
    And the error message mentions "not a directory"

  Scenario: reading a skill file that does not exist is -32602 naming the uri
    Given a server initialized with revision "2026-07-28"
    When the client sends "resources/read" with params:
      """
      {"uri": "skill://guidance/security-guidance/references/no-such-record.md"}
      """
    Then the answer is error -32602
    And the error data at /uri is "skill://guidance/security-guidance/references/no-such-record.md"
