# The Skills extension (SEP-2640, io.modelcontextprotocol/skills), held against any server that
# declares it on 2026-07-28 (docs/skills.md lists the sentences). Every check reads back what the
# server's own entries promise; none names a skill a test suite would plant. Each catches a seeded
# defect of the toy server (`toy_mcp --modern`, tests/it/conform.rs). A server that does not
# declare the extension is not applicable.
Feature: The Skills extension, on any server

  @id:skills.requires-resources @must @rev-2026-07-28
  Scenario: a server declaring the extension declares the resources capability
    Ref: SEP-2640 (specification/stable/skills.mdx, Capability): "A server declaring this extension therefore MUST also declare the resources capability"
    Given a server initialized with revision "2026-07-28"
    And the server declares the skills extension
    Then the server declares the resources capability

  @id:skills.list-paged @must @rev-2026-07-28
  Scenario: skills/list pages to the end, naming each skill once, with the cacheable result's members
    Ref: SEP-2640, skills/list: "A server declaring this extension MUST implement the skills/list method"; "on ListSkillsResult, as it is the standard result shape for the skills/list request"; "ListSkillsResult extends CacheableResult, so ttlMs and cacheScope are REQUIRED"
    Given a server initialized with revision "2026-07-28"
    And the server declares the skills extension
    When the client lists "skills/list" to the end
    Then no two listed items share their uri
    And every skills/list page has resultType "complete", a ttlMs and a cacheScope

  @id:skills.files-match-digests @must @rev-2026-07-28
  Scenario: every file a skill lists reads back with the digest and size its entry gives
    Ref: SEP-2640, SkillResource: "Each entry MUST carry size, the length in bytes of the file's raw content (the same bytes the digest covers)"; resources "MUST be complete. It lists every file of the skill, each exactly once, including an entry whose uri equals the skill's top-level uri"
    Given a server initialized with revision "2026-07-28"
    And the server declares the skills extension
    When the client lists "skills/list" to the end
    Then every listed skill lists its SKILL.md among its files, each file once and none outside its folder
    And every listed skill's files read back with the digest and size of its entry

  @id:skills.frontmatter-and-name @must @rev-2026-07-28
  Scenario: every skill's SKILL.md begins with its entry's frontmatter, and its URI ends with its name
    Ref: SEP-2640: "The frontmatter object MUST be identical in content to the frontmatter of the SKILL.md it describes"; "The final <skill-path> segment of the entry's uri MUST equal frontmatter.name"; the name "MUST satisfy the Agent Skills specification's naming rules"
    Given a server initialized with revision "2026-07-28"
    And the server declares the skills extension
    When the client lists "skills/list" to the end
    Then every listed skill's SKILL.md begins with its entry's frontmatter, whose name ends its URI

  @id:skills.get-listed @must @rev-2026-07-28
  Scenario: skills/get answers each listed skill with the entry skills/list gave
    Ref: SEP-2640, skills/get: "A server declaring this extension MUST implement the skills/get method, which returns the entry for a single skill named by the URI of its SKILL.md"; GetSkillResult's resultType "complete", ttlMs and cacheScope
    Given a server initialized with revision "2026-07-28"
    And the server declares the skills extension
    When the client lists "skills/list" to the end
    Then skills/get answers every listed skill with the entry skills/list gave

  @id:skills.unknown-32602 @must @rev-2026-07-28
  Scenario: skills/get of a URI that names no skill is -32602
    Ref: SEP-2640, skills/get: "If the URI does not identify a skill the server serves, the server MUST return error -32602 (Invalid params)"
    Given a server initialized with revision "2026-07-28"
    And the server declares the skills extension
    When the client sends "skills/get" with params:
      """
      {"uri": "skill://conformance-nonexistent-skill-7c1e/SKILL.md"}
      """
    Then the answer is error -32602

  @id:skills.within-limits @should @rev-2026-07-28
  Scenario: no listed skill has more than 512 files or 16 MiB
    Ref: SEP-2640, Limits: "Servers SHOULD NOT serve a skill that exceeds either limit" (512 entries, 16 MiB summed over size)
    Given a server initialized with revision "2026-07-28"
    And the server declares the skills extension
    When the client lists "skills/list" to the end
    Then every listed skill has at most 512 files and 16 MiB

  @id:skills.skill-md-listed @should @rev-2026-07-28
  Scenario: resources/list names each skill's SKILL.md with its frontmatter's name and description
    Ref: SEP-2640, Resource Mapping: "name SHOULD be set from the name field of the SKILL.md YAML frontmatter"; "description SHOULD be set from the description field"
    Given a server initialized with revision "2026-07-28"
    And the server declares the skills extension
    When the client lists "skills/list" to the end
    Then resources/list names every listed skill's SKILL.md with its frontmatter's name and description
