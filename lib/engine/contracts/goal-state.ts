import { z } from "zod";

// Goal reformulation guardrails (docs/goals.md) as zod contracts: the session's goal state, a candidate,
// and the verdict of the five criteria. Shared by the engine, the REST API, the console and OpenAPI.

/** The allowed kinds of reformulation. A candidate must claim one of these. */
export const ALLOWED_REFORMULATION_TYPES = [
  "clarification",
  "scope_narrowing",
  "constraint_addition",
  "format_specification",
] as const;
/** The forbidden kinds of reformulation: detected, never accepted. */
const FORBIDDEN_REFORMULATION_TYPES = [
  "scope_expansion",
  "topic_change",
  "assumption_injection",
  "constraint_removal",
] as const;

export const ReformulationType = z.enum(ALLOWED_REFORMULATION_TYPES, {
  error: `type must be one of the allowed types: ${ALLOWED_REFORMULATION_TYPES.join(", ")}.`,
});
export type ReformulationType = z.infer<typeof ReformulationType>;
export const DetectedReformulationType = z.enum([...ALLOWED_REFORMULATION_TYPES, ...FORBIDDEN_REFORMULATION_TYPES]);
export type DetectedReformulationType = z.infer<typeof DetectedReformulationType>;

/** The abort codes. 007–010 abort the reformulation; 011 aborts the whole run. */
const GOAL_ABORT_CODES = ["DTL-STRAT-007", "DTL-STRAT-008", "DTL-STRAT-009", "DTL-STRAT-010", "DTL-STRAT-011"] as const;
export const GoalAbortCode = z.enum(GOAL_ABORT_CODES);
export type GoalAbortCode = z.infer<typeof GoalAbortCode>;

/** The five criteria, in the order they are checked (the order of their abort codes). */
const GOAL_CRITERIA = [
  "confidence",
  "intent_preservation",
  "evidence_support",
  "scope_reduction",
  "reversibility",
] as const;
export const GoalCriterion = z.enum(GOAL_CRITERIA);
export type GoalCriterion = z.infer<typeof GoalCriterion>;

export const GoalEvidence = z.strictObject({
  id: z
    .string({ error: "Each evidence item needs an id." })
    .trim()
    .min(1, "Each evidence item needs an id.")
    .max(200, "An evidence id is at most 200 characters."),
  text: z.string({ error: "Each evidence item needs a text." }).max(4000, "Evidence text is at most 4000 characters."),
});
export type GoalEvidence = z.infer<typeof GoalEvidence>;

const goalText = (what: string) =>
  z
    .string({ error: `${what} is required.` })
    .trim()
    .min(1, `${what} is required.`)
    .max(1000, `${what} is at most 1000 characters.`);

/** A candidate for a session: its original goal is the session's own. */
export const ReformulationCandidate = z.strictObject({
  reformulated: goalText("The reformulated goal"),
  type: ReformulationType,
  confidence: z
    .number({ error: "confidence must be a number between 0 and 1." })
    .min(0, "confidence must be between 0 and 1.")
    .max(1, "confidence must be between 0 and 1."),
  // 50 items: far more than a reformulation cites; keeps one request's work bounded.
  evidence: z
    .array(GoalEvidence, { error: "evidence must be a list of {id, text} items (it may be empty)." })
    .max(50, "At most 50 evidence items."),
});
export type ReformulationCandidate = z.infer<typeof ReformulationCandidate>;

/** A free-standing candidate (the tester and POST /goal-reformulations/validate). */
export const ValidateReformulationBody = ReformulationCandidate.extend({ original: goalText("The original goal") });
export type ValidateReformulationBody = z.infer<typeof ValidateReformulationBody>;

/**
 * Intent preservation ("must map to original goal tokens"): a mapping a model judged ("crypto" ↔ "digital asset"),
 * as an explicit pair. Used after the exact, stem and equivalence passes (reformulation/model-pairs.ts).
 */
export const ModelTokenPair = z.object({
  original_token: z.string().max(200),
  candidate_token: z.string().max(200),
});
export type ModelTokenPair = z.infer<typeof ModelTokenPair>;

export const TokenMappingVia = z.enum(["exact", "stem", "equivalence", "model", "none"]);
export type TokenMappingVia = z.infer<typeof TokenMappingVia>;
export const TokenMapping = z.object({
  original_token: z.string(),
  /** null when the token maps to nothing in the candidate. */
  candidate_token: z.string().nullable(),
  via: TokenMappingVia,
});
export type TokenMapping = z.infer<typeof TokenMapping>;

export const CriterionResult = z.object({
  criterion: GoalCriterion,
  passed: z.boolean(),
  value: z.number(),
  threshold: z.number(),
  /** at_least: value ≥ threshold passes; at_most: value ≤ threshold passes. */
  comparison: z.enum(["at_least", "at_most"]),
  /** The criterion's abort code; reversibility has none. */
  code: GoalAbortCode.nullable(),
  detail: z.string(),
});
export type CriterionResult = z.infer<typeof CriterionResult>;

export const ReformulationFinding = z.object({
  kind: z.enum([
    "conjunction_adds",
    "wider_time",
    "wider_place",
    "wider_limit",
    "ungrounded_entity",
    "ungrounded_content",
    "constraint_removed",
  ]),
  tokens: z.array(z.string()),
  detail: z.string(),
});
export type ReformulationFinding = z.infer<typeof ReformulationFinding>;

export const ReformulationVerdict = z.object({
  accepted: z.boolean(),
  /** The first failing criterion's code (criteria order), null when accepted. */
  code: GoalAbortCode.nullable(),
  criteria: z.array(CriterionResult),
  failed_criteria: z.array(CriterionResult.omit({ passed: true })),
  intent_preservation: z.number(),
  mapping: z.array(TokenMapping),
  detected_type: DetectedReformulationType,
  findings: z.array(ReformulationFinding),
});
export type ReformulationVerdict = z.infer<typeof ReformulationVerdict>;

export const GoalOriginal = z.object({ text: z.string(), set_at_turn: z.number().int().min(0) });
export type GoalOriginal = z.infer<typeof GoalOriginal>;

/** What a reformulation claimed: its text, its kind, how sure it was and the evidence it cites. */
const ReformulationClaim = z.object({
  text: z.string(),
  type: ReformulationType,
  confidence: z.number(),
  evidence_ids: z.array(z.string()),
});

export const ActiveReformulation = ReformulationClaim.extend({
  /**
   * The GOAL_REFORMULATION event committed before this reformulation was used
   * (docs/decisions.md#ledger-before-execution).
   */
  ledger_event_id: z.string().optional(),
  accepted_at_turn: z.number().int().min(0),
});
export type ActiveReformulation = z.infer<typeof ActiveReformulation>;

export const GoalCandidateRecord = ReformulationClaim.extend({
  accepted: z.boolean(),
  code: GoalAbortCode.nullable(),
  failed_criteria: z.array(GoalCriterion),
  intent_preservation: z.number(),
  detected_type: DetectedReformulationType,
  at_turn: z.number().int().min(0),
  ledger_event_id: z.string().nullable(),
  /** active → superseded (another was accepted) or restored (the original came back). */
  status: z.enum(["active", "rejected", "superseded", "restored"]),
  source: z.enum(["api", "model", "console"]),
});
export type GoalCandidateRecord = z.infer<typeof GoalCandidateRecord>;

/** The `goal` of a session (docs/goals.md#the-goal-of-a-session): the original is never overwritten. */
export const GoalState = z.object({
  original: GoalOriginal.nullable(),
  active_reformulation: ActiveReformulation.nullable(),
  history: z.array(GoalCandidateRecord),
});
export type GoalState = z.infer<typeof GoalState>;
