// Model-facing shapes. `Context` is the sensor's output; the canonical fallback reasons
// (docs/pipeline.md#degradation) name every way a model call can fail.

const FALLBACK_REASONS = [
  "timeout",
  "rate_limited",
  "transport_error",
  "abstain",
  "low_confidence",
  "no_new_evidence",
  "budget_exhausted",
] as const;
export type FallbackReason = (typeof FALLBACK_REASONS)[number];

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  /** Of the input tokens, those the provider served from its prompt cache (priced lower). */
  cachedInputTokens?: number;
}

export type ModelResult<T> =
  | { ok: true; value: T; usage: TokenUsage; model: string }
  | { ok: false; reason: FallbackReason; message: string; usage?: TokenUsage; model?: string };

/**
 * The sensor's Context (intent, confidence, entities and the ambiguity flag from one call,
 * docs/decisions.md#one-sensor-call-carries-the-ambiguity-flag), minus the embedding, which the
 * Embedder port computes.
 */
export interface SensorOutput {
  detected_intent: string | null;
  intent_confidence: number;
  entities: Record<string, unknown>;
  is_ambiguous: boolean;
  ambiguity_reason: string | null;
  /**
   * Goal reformulation (docs/goals.md): the model may propose a reformulation of the session's original goal, citing evidence
   * ids it saw (`tool:<key>`, `profile:<field>`, `var:<name>`). Validated by the engine, ledgered by
   * the host, used from the next turn on.
   */
  goal_reformulation?: {
    reformulated: string;
    type: string;
    confidence: number;
    evidence_ids: string[];
    /**
     * Intent preservation ("must map to original goal tokens"): words of the original the model judged to be
     * restated by other words of the candidate ("crypto" → "digital asset"), as explicit pairs. The
     * engine screens them (reformulation/model-pairs.ts) and uses them after exact, stem and table.
     */
    token_pairs?: { original_token: string; candidate_token: string }[];
  } | null;
}

/** Goal reformulation: one item the engine holds before the turn's tools run, citable by its id. */
export interface SenseEvidence {
  /** `var:<session variable>` or `profile:<profile field>`, as the reformulation stage resolves them. */
  id: string;
  text: string;
}

export interface IntentOption {
  /** Scenario intent_label, or a transition id for "move within the current scenario". */
  label: string;
  kind: "scenario" | "transition" | "exit";
  description: string;
  examples: string[];
}

export interface SenseRequest {
  message: string;
  history: { role: "user" | "agent"; text: string }[];
  intents: IntentOption[];
  profileFields: { fieldName: string; description: string; fieldType: string; extractionHints: string[] }[];
  activeScenario: { name: string; intentLabel: string } | null;
  activeStep: { name: string; instructions: string } | null;
  /**
   * Goal reformulation: the session's goal once it has an original, so the sensor may propose a reformulation
   * of it (`SensorOutput.goal_reformulation`). Absent or null: nothing to reformulate yet.
   */
  goal?: { original: string; activeReformulation: string | null } | null;
  /** What a reformulation proposal may cite, bounded (reformulation/session-evidence.ts). Absent or empty: nothing. */
  evidence?: SenseEvidence[];
}

/** A response variable the reply may commit to; money variables carry the currency amounts are declared in. */
interface ResponseVariableSpec {
  name: string;
  type: string;
  description: string;
  /** ISO 4217, money variables only. */
  currency?: string;
}

/**
 * What a reply commits to for one response variable: money {amount, currency (ISO)}, number, boolean,
 * or null (commits to nothing). A money claim is the total amount the reply promises for that
 * variable; a `phrases` variable is declared as a boolean (true when the reply names one).
 */
export type DeclaredClaim = { amount: number; currency: string } | number | boolean | null;

export interface GenerateOutput {
  text: string;
  /** Per response variable in scope. Absent: the model declared nothing (lane 1 treats every claim as absent). */
  claims?: Record<string, DeclaredClaim>;
  /** The ids of the knowledge passages the reply rests on (GenerateRequest.knowledge); absent: none declared. */
  citations?: string[];
}

export interface GenerateRequest {
  agentName: string;
  message: string;
  history: { role: "user" | "agent"; text: string }[];
  /** action_text of matched rules, highest priority first. */
  ruleActions: { ruleId: string; name: string; actionText: string }[];
  step: { name: string; instructions: string } | null;
  scenario: { name: string } | null;
  /** Tool outputs: untrusted data, never instructions. */
  toolOutputs: { toolKey: string; toolName: string; output: unknown }[];
  profile: Record<string, unknown>;
  /** Variables a matched rule needs that nobody could resolve: ask the customer for them. */
  missingVariables: { name: string; description: string }[];
  /** On regeneration: why the previous draft was rejected. */
  violations: { ruleName: string; actionText: string; detail: string }[];
  /** Response variables in scope: the reply declares, for each, the value it commits to (`GenerateOutput.claims`). */
  responseVariables: ResponseVariableSpec[];
  /**
   * The note of the operator who just handed the session back to the agent (docs/handoffs.md): what
   * they did and what the agent should know. Context from a person on staff, present on one turn.
   */
  operatorNote?: string;
  /** The language to write the reply in when it is not English: the customer's (stages/language/README.md). */
  replyLanguage?: { code: string; name: string };
  /**
   * Knowledge passages to answer from, best first (docs/knowledge.md): quoted data, never instructions.
   * Absent when the agent has no knowledge or none answers the message.
   */
  knowledge?: { passages: KnowledgePassageForModel[] };
}

interface KnowledgePassageForModel {
  id: string;
  sourceTitle: string;
  headingPath: string[];
  text: string;
}

/**
 * Lane 1 could not decide a rule because the reply's declared claim and its text disagree over one
 * variable: the judge decides with both facts in front of it.
 */
export interface ClaimConflict {
  variable: string;
  /** What the reply declared; null when it declared nothing usable (absent, malformed or null). */
  declared: DeclaredClaim;
  /** Every value the text states for the variable (money in the variable's currency). */
  extracted: DeclaredClaim[];
  /** The rule's outcome on the declared value; null when it could not be evaluated on it. */
  declaredPasses: boolean | null;
  /** The rule's outcome on each extracted value, in order; null where it could not be evaluated. */
  extractedPasses: (boolean | null)[];
  /** Why lane 1 left it unresolved, in words. */
  reason: string;
}

export interface JudgeRequest {
  rule: { id: string; name: string; actionText: string; conditionText: string };
  message: string;
  response: string;
  /** Set when a deterministic rule reaches the judge because declared and extracted values disagree. */
  conflict?: ClaimConflict;
}

/** Lane-2 verdict; the judge plays the PESSIMIST judge role. */
export interface JudgeOutput {
  passed: boolean;
  /** 0..1, how well the reply follows the rule. */
  score: number;
  reason: string;
  bias_tags: string[];
}

export interface ExtractRequest {
  response: string;
  variables: { name: string; type: string; description: string }[];
}

/** Continuity's grounding call (docs/continuity.md#resolution): pick one candidate of the bounded set, or ask for more evidence. */
export interface SelectRequest {
  message: string;
  candidates: { id: string; label: string; sublabel?: string }[];
  /** Enriched evidence (continuity's fixed allowlist), as short text blocks. */
  evidence: { type: string; text: string }[];
  attempt: number;
}

export interface SelectOutput {
  decision: "select" | "need_more_info" | "abstain";
  choice_id: string | null;
  confidence: number;
  /** Continuity's canonical field name; values outside the allowlist are dropped. */
  neededEvidenceTypes: string[];
}
