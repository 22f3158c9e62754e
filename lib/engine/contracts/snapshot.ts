import type { AgentSettings } from "./agent-settings";

// What the engine reads about an agent: one immutable snapshot per config_version. Ids are opaque
// strings (database uuids in the host, bundle keys in tests); the engine never looks inside them.

type RuleScope = "GLOBAL" | "SCENARIO" | "STEP";
type EnforcementLane = "deterministic" | "subjective";

export interface EngineRule {
  id: string;
  key: string;
  name: string;
  conditionText: string;
  actionText: string;
  scope: RuleScope;
  /** Scenario id for SCENARIO, step id for STEP, null for GLOBAL. */
  scopeId: string | null;
  priority: number;
  enabled: boolean;
  isHardConstraint: boolean;
  enforcementExpression: string | null;
  enforcementLane: EnforcementLane;
  /** A hard rule still violated after regeneration: the safe fallback reply, or a handoff to a person. */
  onViolation: "fallback" | "handoff";
  attachedToolIds: string[];
  maxFiresPerSession: number | null;
  cooldownTurns: number;
}

export interface EngineStep {
  id: string;
  key: string;
  name: string;
  instructions: string;
  clarificationHint: string;
  isTerminal: boolean;
}

export interface EngineTransition {
  id: string;
  fromStepId: string;
  toStepId: string;
  conditionText: string;
  examples: string[];
}

export interface EngineScenario {
  id: string;
  key: string;
  name: string;
  description: string;
  intentLabel: string;
  entryExamples: string[];
  entryStepId: string | null;
  enabled: boolean;
  steps: EngineStep[];
  transitions: EngineTransition[];
}

export interface EngineTool {
  id: string;
  key: string;
  name: string;
  description: string;
  kind: "static" | "http" | "mcp";
  inputSchema: Record<string, unknown>;
  /** static: { data, variables }; http: { url, method, timeout_ms, max_bytes, variables }; mcp: { server, url, tool, … }. */
  output: Record<string, unknown>;
  /** The turn pauses before calling it until an operator approves (docs/approvals.md); absent = false. */
  requiresApproval?: boolean;
}

export interface EngineProfileField {
  fieldName: string;
  displayName: string;
  description: string;
  fieldType: string;
  /** CEL over `value`, e.g. `value in ["standard", "vip"]`. */
  validationRules: string[];
  extractionHints: string[];
}

export interface EngineMoney {
  /** ISO 4217 code every bound amount is expressed in. */
  currency: string;
  /** Words that tie an amount to the variable ("refund", "back"). */
  contextWords: string[];
  /** The designer's words that make an amount a limit, not a claim; added to bind-money.ts's defaults. */
  limitWords?: string[];
  /** Other currency → units of `currency` for one unit of it; a currency not here is unresolved. */
  rates: Record<string, number>;
}

export interface EngineResponseVariable {
  name: string;
  type: "number" | "boolean" | "string" | "money" | "phrases";
  description: string;
  /** Regular expressions; number/string variables take capture group 1 (money ones too, as extra detectors). */
  patterns: string[];
  /** Money variables only. */
  money?: EngineMoney;
  /** Phrases variables only: the names the reply is checked for. */
  phrases?: string[];
}

/** A knowledge source (docs/knowledge.md), scoped like a rule; cut into passages when the agent is compiled. */
export interface EngineKnowledgeSource {
  id: string;
  key: string;
  title: string;
  /** html, pdf and url: converted to Markdown on save (or fetch), read like markdown. */
  kind: "text" | "markdown" | "faq" | "html" | "pdf" | "url";
  /** kind url: the address the source was fetched from, which "Why this answer" links (absent otherwise). */
  url?: string;
  /** Every kind but faq; "" for faq. */
  content: string;
  /** faq only. */
  entries: { question: string; answer: string; section: string }[];
  scope: RuleScope;
  /** Scenario id for SCENARIO, step id for STEP, null for GLOBAL. */
  scopeId: string | null;
}

export interface AgentSnapshot {
  agentId: string;
  key: string;
  name: string;
  description: string;
  configVersion: number;
  settings: AgentSettings;
  rules: EngineRule[];
  scenarios: EngineScenario[];
  tools: EngineTool[];
  profileFields: EngineProfileField[];
  responseVariables: EngineResponseVariable[];
  /** Absent in versions kept before knowledge existed: none. */
  knowledge?: EngineKnowledgeSource[];
}
