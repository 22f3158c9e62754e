import { z } from "zod";
import { AgentSettingsInput } from "./agent-settings";
import { AgentKey } from "./bundle-keys";
import { BundleKnowledgeSource } from "./bundle-knowledge-source";
import { BundleProfileField } from "./bundle-profile-field";
import { BundleRule } from "./bundle-rule";
import { BundleScenario } from "./bundle-scenario";
import { Name, TEXT_LIMITS as T, Text } from "./bundle-text";
import { BundleTool } from "./bundle-tool";
import { BundleVariable } from "./bundle-variable";
import { BundleTestCase } from "./test-case";

// The agent bundle: an agent's whole configuration as one JSON file. References
// use stable keys, never database ids. Every object is strict, so a misspelled field is an error
// rather than silently dropped; optional fields have defaults, so a minimal bundle stays short.
// The field order of every schema is the order export writes. Each entity's schema has its own file
// (bundle-<entity>.ts), the keys bundle-keys.ts, the text fields and their limits bundle-text.ts; the
// rest of the code imports them from here.

export { AgentKey, EntityKey, VariableName } from "./bundle-keys";
export {
  BundleKnowledgeSource,
  KNOWLEDGE_SOURCE_MAX_CHARS,
  KnowledgeSourceFields,
  knowledgeContentFitsKind,
} from "./bundle-knowledge-source";
export { BundleProfileField } from "./bundle-profile-field";
export { BundleRule } from "./bundle-rule";
export { BundleScenario, BundleStep, BundleTransition } from "./bundle-scenario";
export { LIST_LIMITS, TEXT_LIMITS } from "./bundle-text";
export { BundleTool, HeaderName, HTTP_TOOL_METHODS, McpToolName } from "./bundle-tool";
export { BundleVariable, ContextWord, CurrencyCode, MAX_PHRASES, MoneyRate, PhraseName } from "./bundle-variable";

const BUNDLE_FORMAT_VERSION = 1;

const BundleAgent = z.strictObject({
  key: AgentKey,
  name: Name,
  description: Text(T.description).default(""),
  /** Stored as given; omitted keys take their defaults when resolved (agent-settings.ts). */
  settings: AgentSettingsInput.default({}),
});

export const Bundle = z.strictObject({
  focal_bundle: z.literal(BUNDLE_FORMAT_VERSION, {
    error: `focal_bundle must be ${BUNDLE_FORMAT_VERSION}: this file is not a Focal bundle, or it is from another format version`,
  }),
  agent: BundleAgent,
  profile_fields: z.array(BundleProfileField).max(200).default([]),
  variables: z.array(BundleVariable).max(200).default([]),
  tools: z.array(BundleTool).max(100).default([]),
  scenarios: z.array(BundleScenario).max(100).default([]),
  rules: z.array(BundleRule).max(2000).default([]),
  knowledge_sources: z.array(BundleKnowledgeSource).max(200).default([]),
  /** Conversation test cases (test-case.ts), checked against this configuration on import. */
  tests: z.array(BundleTestCase).max(500).default([]),
});

/** A parsed bundle: every default filled in. */
export type Bundle = z.output<typeof Bundle>;
/** What a bundle file may contain: optional fields may be omitted. */
export type BundleInput = z.input<typeof Bundle>;
