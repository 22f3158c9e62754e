import { z } from "zod";
import { CEL_MAX_EXPRESSION_LENGTH, CEL_RESERVED_WORDS } from "../cel/cel-environment";
import { AgentSettingsInput } from "./agent-settings";
import { BundleTestCase } from "./test-case";

// The agent bundle: an agent's whole configuration as one JSON file. References
// use stable keys, never database ids. Every object is strict, so a misspelled field is an error
// rather than silently dropped; optional fields have defaults, so a minimal bundle stays short.
// The field order below is the order export writes.

const BUNDLE_FORMAT_VERSION = 1;

// "import" is a sibling route segment of /api/v1/agents/{key}; an agent with that key would be unreachable.
const RESERVED_AGENT_KEYS = new Set(["import"]);

const nonBlank = (s: string) => s.trim() !== "";

/** Text lengths the bundle accepts, in characters; the editors' inputs stop at the same ones (maxLength). */
export const TEXT_LIMITS = {
  /** Agent keys, entity keys, variable names. */
  key: 64,
  /** Names, scope refs, tool output paths, phrase names. */
  name: 200,
  /** Descriptions, condition texts, clarification hints. */
  description: 2000,
  actionText: 4000,
  url: 2000,
  instructions: 8000,
  intentLabel: 100,
  /** One entry of a list: an example, an extraction hint, a pattern, a tool input's description. */
  listEntry: 500,
  contextWord: 60,
  /** ISO 4217. */
  currency: 3,
} as const;

/** How many entries a list of one entity may hold. */
export const LIST_LIMITS = { validationRules: 20, extractionHints: 20, patterns: 50 } as const;

const T = TEXT_LIMITS;

export const AgentKey = z
  .string()
  .max(T.key)
  .regex(/^[a-z0-9][a-z0-9-]*$/, "Use lower-case letters, digits and hyphens, starting with a letter or digit")
  .refine((k) => !RESERVED_AGENT_KEYS.has(k), "This key is reserved; choose another");

/** Keys of tools, scenarios, steps and rules; no "/" because a STEP rule refers to "scenario/step". */
export const EntityKey = z
  .string()
  .max(T.key)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, "Use lower-case letters, digits, '_' and '-', starting with a letter or digit");

/** Profile fields, response variables and tool outputs are CEL variables, so their names are CEL identifiers. */
export const VariableName = z
  .string()
  .max(T.key)
  .regex(/^[a-z][a-z0-9_]*$/, "Use lower-case letters, digits and '_', starting with a letter")
  .refine((n) => !CEL_RESERVED_WORDS.has(n), "This is a reserved word in CEL; choose another name");

const Name = z.string().min(1).max(T.name).refine(nonBlank, "Must not be blank");
const Text = (max: number) => z.string().max(max);
const Phrases = (maxItems: number, maxLength: number) =>
  z.array(z.string().min(1).max(maxLength).refine(nonBlank, "Must not be blank")).max(maxItems);

/** A profile field definition: what the sensor extracts into the customer's profile. */
export const BundleProfileField = z.strictObject({
  field_name: VariableName,
  display_name: Name,
  description: Text(T.description).default(""),
  /** CEL type: string → string, number → double, boolean → bool, date (ISO-8601 text) → string. */
  field_type: z.enum(["string", "number", "boolean", "date"]),
  /** CEL predicates over `value` that an extracted value must pass, e.g. `value in ["standard", "vip"]`. */
  validation_rules: z
    .array(z.string().min(1).max(CEL_MAX_EXPRESSION_LENGTH))
    .max(LIST_LIMITS.validationRules)
    .default([]),
  extraction_hints: Phrases(LIST_LIMITS.extractionHints, T.listEntry).default([]),
});

/** ISO 4217, e.g. "USD", "EUR". */
export const CurrencyCode = z.string().regex(/^[A-Z]{3}$/, "Use a three-letter ISO 4217 code in capitals, e.g. USD");

/** Units of the variable's currency one unit of another is worth. */
export const MoneyRate = z.number().positive("A rate is above 0").max(1_000_000, "A rate is at most 1,000,000");

/** How many of the variable's currency one unit of another is worth: `{ "EUR": 1.08 }` = 1 EUR is 1.08 USD. */
const MoneyRates = z
  .record(CurrencyCode, MoneyRate)
  .refine((rates) => Object.keys(rates).length <= 50, "At most 50 rates");

/** Money variables only: a word of the reply that ties an amount to the variable, e.g. "refund". */
export const ContextWord = z
  .string()
  .min(1)
  .max(T.contextWord)
  .refine(nonBlank, "Must not be blank")
  .refine((w) => !/[\d$€£¥]/.test(w), "A context word has no digits or currency signs");

/** Phrases variables only: one name the reply must not contain, as a customer reads it ("QuickCart", "Acme Retail"). */
export const PhraseName = z
  .string()
  .max(T.name, `A name is at most ${T.name} characters`)
  .refine(nonBlank, "A name cannot be empty");

/** How many names a phrases variable may list. */
export const MAX_PHRASES = 500;

/**
 * A response variable: a variable extracted from the agent's response for enforcement. `patterns` are
 * regular expressions (RE2 syntax), matched case-insensitively, tried in order: for a boolean any
 * match means true; for a number or string the first capture group of every match is a value
 * (numbers drop "," thousands separators). `description` guides the model extractor.
 *
 * A `money` variable binds every amount the reply states near one of its `context_words` (a few words
 * either side, in any written form) in its `currency`; an amount in another currency is converted with
 * `rates` or left unresolved. Lane 1 also sees `<name>_total`, the sum of every bound amount
 * (stage: lib/engine/stages/extraction/bind-money.ts). An amount tied to a limit word ("capped at $50",
 * "your order of $75") is a limit, not a claim. `currency`, `context_words`, `limit_words` and `rates`
 * are for money variables only.
 *
 * A `phrases` variable is a boolean that is true when the reply names one of its `phrases`, matched
 * as names rather than regexes: normalized, with any separator or none between a name's words, and a
 * word boundary at both ends (stage: lib/engine/stages/extraction/match-phrases.ts). Its patterns,
 * if any, are extra detectors, as a boolean's.
 */
export const BundleVariable = z.strictObject({
  name: VariableName,
  type: z.enum(["string", "number", "boolean", "money", "phrases"]),
  description: Text(T.description).default(""),
  patterns: z.array(z.string().min(1).max(T.listEntry)).max(LIST_LIMITS.patterns).default([]),
  currency: CurrencyCode.optional(),
  context_words: z.array(ContextWord).max(50).optional(),
  /** Words that make an amount a limit, not a claim ("capped at $50"); added to money-limits.ts's English defaults. */
  limit_words: z.array(ContextWord).max(50).optional(),
  rates: MoneyRates.optional(),
  phrases: z.array(PhraseName).max(MAX_PHRASES, `At most ${MAX_PHRASES} names`).optional(),
});

/** A flat JSON-Schema object: the arguments the engine fills from variables of the same name. */
const ToolInputSchema = z.strictObject({
  type: z.literal("object").default("object"),
  properties: z
    .record(
      VariableName,
      z.strictObject({
        type: z.enum(["string", "number", "integer", "boolean"]),
        description: Text(T.listEntry).default(""),
      }),
    )
    .default({}),
  required: z.array(VariableName).default([]),
});

/** Output variable name → path into the result (grammar in tool-output-path.ts); values are `dyn` in CEL. */
const OutputVariables = z.record(VariableName, z.string().min(1).max(T.name)).default({});

const toolBase = {
  key: EntityKey,
  name: Name,
  description: Text(T.description).default(""),
  /** The turn pauses before calling it until an operator approves (docs/approvals.md); absent = false. */
  requires_approval: z.boolean().optional(),
};

/** A static tool returns `data` as is: for demos, tests and fixed catalogues. */
const BundleStaticTool = z.strictObject({
  ...toolBase,
  kind: z.literal("static"),
  input_schema: ToolInputSchema.prefault({}),
  output: z.strictObject({ data: z.json().default({}), variables: OutputVariables }).prefault({}),
});

export const HTTP_TOOL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

// RFC 9110 §5.1 token characters; the headers the transport sets itself may not be replaced.
const RESERVED_HEADERS = new Set(["host", "content-length", "transfer-encoding", "connection", "content-type"]);
export const HeaderName = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "A header name: letters, digits and !#$%&'*+.^_`|~-")
  .refine((name) => !RESERVED_HEADERS.has(name.toLowerCase()), "This header is set by Focal itself");

/** A header or query value with "{input}" placeholders: one line, so a filled header cannot start another. */
const LineTemplate = z
  .string()
  .max(T.url)
  .refine((value) => !/[\r\n]/.test(value), "Must be one line: no carriage return or line feed");

/**
 * An http tool calls `url` ("{input}" placeholders filled from its inputs, each an encoded path
 * segment) on an admin-allowed host (FOCAL_TOOL_HOSTS), with a timeout and a response-size cap
 * (docs/decisions.md#tool-output-is-data). `query` and `headers` are templates too; `body` is a JSON
 * template whose strings that are exactly "{input}" become the input's JSON value (docs/tools.md).
 * `credential` names one of the agent's credentials (never its value: docs/tools.md#credentials).
 */
const BundleHttpTool = z.strictObject({
  ...toolBase,
  kind: z.literal("http"),
  input_schema: ToolInputSchema.prefault({}),
  output: z.strictObject({
    url: z.url({ protocol: /^https?$/ }).max(T.url),
    method: z.enum(HTTP_TOOL_METHODS).default("GET"),
    credential: EntityKey.optional(),
    query: z.record(z.string().min(1).max(T.name), LineTemplate).optional(),
    headers: z.record(HeaderName, LineTemplate).optional(),
    body: z.json().optional(),
    // 100 ms … 30 s: a turn has a latency budget; 5 s is generous for an order lookup.
    timeout_ms: z.number().int().min(100).max(30_000).default(5000),
    // 64 KiB by default, 1 MiB at most: tool output is untrusted text that goes into a prompt.
    max_bytes: z.number().int().min(1).max(1_048_576).default(65_536),
    variables: OutputVariables,
  }),
});

/** An MCP tool's name on its server (the MCP spec's tool names: letters, digits, `_`, `-`, `.`, `/`). */
export const McpToolName = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_./-]+$/, "An MCP tool name: letters, digits, '_', '-', '.' and '/'");

/**
 * An mcp tool calls `tool` on a streamable-HTTP MCP server (docs/tools.md#mcp-servers). A sync writes
 * it: `server` is the registration's name, and its `url` and `credential` name are copied here, so a
 * kept configuration version calls the server it was synced against. The inputs are the call's
 * arguments; output paths read the result's structured content, else its text parsed as JSON.
 */
const BundleMcpTool = z.strictObject({
  ...toolBase,
  kind: z.literal("mcp"),
  input_schema: ToolInputSchema.prefault({}),
  output: z.strictObject({
    server: EntityKey,
    url: z.url({ protocol: /^https?$/ }).max(T.url),
    tool: McpToolName,
    credential: EntityKey.optional(),
    timeout_ms: z.number().int().min(100).max(30_000).default(5000),
    max_bytes: z.number().int().min(1).max(1_048_576).default(65_536),
    variables: OutputVariables,
  }),
});

export const BundleTool = z.discriminatedUnion("kind", [BundleStaticTool, BundleHttpTool, BundleMcpTool]);

export const BundleStep = z.strictObject({
  key: EntityKey,
  name: Name,
  instructions: Text(T.instructions).default(""),
  clarification_hint: Text(T.description).default(""),
  is_terminal: z.boolean().default(false),
});

/** `from` and `to` are step keys of the same scenario. */
export const BundleTransition = z.strictObject({
  from: EntityKey,
  to: EntityKey,
  condition_text: Text(T.description).default(""),
  examples: Phrases(100, T.listEntry).default([]),
});

/** Steps and transitions keep their authored order: the editor and the graph show them that way. */
export const BundleScenario = z.strictObject({
  key: EntityKey,
  name: Name,
  description: Text(T.description).default(""),
  intent_label: Text(T.intentLabel).default(""),
  entry_examples: Phrases(100, T.listEntry).default([]),
  entry_step: EntityKey,
  enabled: z.boolean().default(true),
  steps: z.array(BundleStep).min(1, "A scenario needs at least one step").max(50),
  transitions: z.array(BundleTransition).max(200).default([]),
});

/**
 * `scope_ref`: null for GLOBAL, a scenario key for SCENARIO, "scenario_key/step_key" for STEP.
 * `attached_tools`: tool keys, run when the rule matches.
 */
export const BundleRule = z.strictObject({
  key: EntityKey,
  name: Name,
  condition_text: z.string().min(1).max(T.description).refine(nonBlank, "Must not be blank"),
  action_text: z.string().min(1).max(T.actionText).refine(nonBlank, "Must not be blank"),
  scope: z.enum(["GLOBAL", "SCENARIO", "STEP"]).default("GLOBAL"),
  scope_ref: z.string().min(1).max(T.name).nullable().default(null),
  priority: z.number().int().min(-1000).max(1000).default(0),
  is_hard_constraint: z.boolean().default(false),
  /** CEL (lane 1), checked against the declared variables on import. */
  enforcement_expression: z.string().max(CEL_MAX_EXPRESSION_LENGTH).nullable().default(null),
  enforcement_lane: z.enum(["deterministic", "subjective"]).default("deterministic"),
  /**
   * A hard rule's draft still violating it when regeneration is exhausted: `fallback` ships the safe
   * refusal (the default, and every bundle written before this field), `handoff` hands the
   * conversation to a person (docs/handoffs.md).
   */
  on_violation: z.enum(["fallback", "handoff"]).default("fallback"),
  attached_tools: z.array(EntityKey).max(20).default([]),
  max_fires_per_session: z.number().int().min(1).max(10_000).nullable().default(null),
  cooldown_turns: z.number().int().min(0).max(10_000).default(0),
  enabled: z.boolean().default(true),
});

/**
 * A knowledge source's text, in characters: a manual uploaded as a file (docs/knowledge.md#uploaded-files),
 * 5 MB of text with room, about 6,000 passages of 1,000 characters; 2,000 dense PDF pages. Pasted text
 * stays under the 1 MiB a JSON body holds; only a file sent as a file reaches this.
 */
export const KNOWLEDGE_SOURCE_MAX_CHARS = 6_000_000;
/** FAQ entries in one source. */
const KNOWLEDGE_FAQ_MAX_ENTRIES = 500;

const BundleFaqEntry = z.strictObject({
  question: z.string().min(1).max(T.description).refine(nonBlank, "Must not be blank"),
  answer: z.string().min(1).max(T.instructions).refine(nonBlank, "Must not be blank"),
  /** A group heading ("Shipping"), kept as the passage's heading path. */
  section: Text(T.name).default(""),
});

/** A URL source's refresh interval: at least hourly, at most every 30 days (720 hours). */
const KNOWLEDGE_REFRESH_HOURS = { min: 1, max: 720 } as const;

/**
 * Knowledge the agent answers from (docs/knowledge.md): pasted text or Markdown, cut into passages by
 * headings and paragraphs, or FAQ entries (one passage each). An uploaded HTML or PDF file keeps its
 * kind, but its `content` is the Markdown it was converted to on save (headings from h1–h6, one
 * "Page N" heading per PDF page): the bundle and the engine only ever hold text. A `url` source keeps
 * its address and refresh interval beside the Markdown its page (or its sitemap's pages) became when
 * last fetched. Scoped like a rule: `scope_ref` null for GLOBAL, a scenario key for SCENARIO,
 * "scenario_key/step_key" for STEP.
 */
export const KnowledgeSourceFields = z.strictObject({
  key: EntityKey,
  title: Name,
  kind: z.enum(["text", "markdown", "faq", "html", "pdf", "url"]),
  content: Text(KNOWLEDGE_SOURCE_MAX_CHARS).default(""),
  entries: z.array(BundleFaqEntry).max(KNOWLEDGE_FAQ_MAX_ENTRIES).default([]),
  scope: z.enum(["GLOBAL", "SCENARIO", "STEP"]).default("GLOBAL"),
  scope_ref: z.string().min(1).max(T.name).nullable().default(null),
  /** kind url: the page or sitemap fetched (through the tool host allow-list). Absent for every other kind. */
  url: z
    .url({ protocol: /^https?$/, error: "Type an http or https URL" })
    .max(T.url, `A URL is at most ${T.url} characters`)
    .optional()
    .describe("kind url: the page or sitemap the source is fetched from (its host on the tool host allow-list)"),
  /** kind url: re-fetched every this many hours by the `knowledge.refresh` job; null or absent: only on demand. */
  refresh_hours: z
    .number()
    .int("Whole hours")
    .min(KNOWLEDGE_REFRESH_HOURS.min, "At least every hour")
    .max(KNOWLEDGE_REFRESH_HOURS.max, "At most every 720 hours (30 days)")
    .nullable()
    .optional()
    .describe("kind url: fetch the URL again every this many hours (1–720); null: only when asked"),
});

/** Every kind but faq carries `content`, faq carries `entries`; each needs its own and not the other. */
export function knowledgeContentFitsKind(
  source: Pick<z.infer<typeof KnowledgeSourceFields>, "kind" | "content" | "url" | "refresh_hours"> & {
    entries: readonly unknown[];
  },
  ctx: z.RefinementCtx,
): void {
  const problem = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (source.kind === "url" && source.url === undefined) problem("url", "A url source needs the URL to fetch");
  if (source.kind !== "url") {
    if (source.url !== undefined) problem("url", "Only a url source takes a url");
    if (source.refresh_hours != null) problem("refresh_hours", "Only a url source is refreshed");
  }
  if (source.kind === "faq") {
    if (source.entries.length === 0) problem("entries", "An FAQ source needs at least one entry");
    if (source.content !== "") problem("content", "An FAQ source has entries, not content");
  } else {
    if (!nonBlank(source.content)) problem("content", "Paste the text the agent should answer from");
    if (source.entries.length > 0) problem("entries", `A ${source.kind} source has content, not entries`);
  }
}

export const BundleKnowledgeSource = KnowledgeSourceFields.superRefine(knowledgeContentFitsKind);

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
export type BundleTool = Bundle["tools"][number];
export type BundleScenario = Bundle["scenarios"][number];
export type BundleRule = Bundle["rules"][number];
export type BundleKnowledgeSource = Bundle["knowledge_sources"][number];
