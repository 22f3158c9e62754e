import type { ModelTokenPair, ReformulationCandidate, ReformulationVerdict } from "./goal-state";
import type { ClaimConflict, DeclaredClaim, FallbackReason, TokenUsage } from "./model";
import type { SessionState } from "./session-state";

export const TURN_OUTCOMES = [
  "answered",
  "clarified",
  "regenerated",
  "fallback",
  "escalated",
  "error",
  /** The turn handed the conversation to a person (docs/handoffs.md): the reply is the hand-off message. */
  "handoff",
  /** The session is with a person: the message was stored and no pipeline ran. */
  "queued_for_human",
  /** A tool that requires approval was about to run: the turn paused before the call (docs/approvals.md). */
  "awaiting_approval",
  /** The input-safety stage refused the customer's message (mode `refuse`): a canned reply, no model call. */
  "refused_input",
  /** The customer asked what the agent's knowledge does not answer, and no scenario or tool did: it said so (docs/knowledge.md). */
  "abstained",
] as const;
export type TurnOutcomeKind = (typeof TURN_OUTCOMES)[number];

export const STAGE_NAMES = [
  /** Masks personal data in the customer's message before anything else reads it (docs/privacy.md). */
  "privacy",
  "input_safety",
  "language",
  "continuity",
  "sensor",
  "ambiguity",
  "retrieval",
  "routing",
  "filtering",
  "variables",
  "tools",
  /** Retrieves the knowledge passages the reply is written from, or abstains (docs/knowledge.md). */
  "knowledge",
  "generation",
  "extraction",
  "enforcement",
  "regeneration",
  "reformulation",
] as const;
export type StageName = (typeof STAGE_NAMES)[number];

/** One pipeline stage, shaped like an OpenTelemetry span so the host can store and export it. */
export interface Span {
  name: StageName;
  /** Milliseconds from the start of the turn. */
  startOffsetMs: number;
  durationMs: number;
  status: "ok" | "error" | "skipped";
  /** One line: what the stage decided and why. */
  decision: string;
  /** The numbers behind the decision: scores, boosts, thresholds, what was filtered and why. */
  attributes: Record<string, unknown>;
}

/**
 * `reported`: the check found a problem its setting only reports (the `ungrounded` check under
 * `enforcement.grounding_facts = report`): listed in the trace, never blocking, counted in no lane.
 */
export type CheckResult = "passed" | "failed" | "unresolved" | "skipped" | "reported";

export interface RuleCheck {
  ruleId: string;
  ruleKey: string;
  ruleName: string;
  lane: 1 | 2;
  result: CheckResult;
  detail: string;
  /** Lane 1: the variables the expression saw; lane 2: the judge's score. */
  variables?: Record<string, unknown>;
  unresolved?: string[];
  score?: number;
  /**
   * An unresolved check that still stops the reply: a money amount in a currency the variable has no
   * rate for, while `enforcement.unresolved_money_blocks` is on. It regenerates like a failure.
   */
  blocking?: boolean;
  /** Lane 1 over declared claims: declared and extracted values side by side, per variable read. */
  claims?: ClaimComparison[];
  /** Lane 1 over declared claims: which one decided. */
  decidedBy?: ClaimDecision;
  /** Unresolved by a claim conflict: the facts handed to the judge (or to the setting). */
  conflict?: ClaimConflict;
  /**
   * The `ungrounded` check (stages/enforcement/README.md#ungrounded-facts): the facts the reply states
   * that no evidence of the turn holds, as written and normalised.
   */
  unsupportedFacts?: UnsupportedFact[];
}

/** A checkable fact of a reply found in none of the turn's evidence: "$75" read as money "USD 75". */
export interface UnsupportedFact {
  kind: string;
  value: string;
  text: string;
}

/** How a reply's claim for one variable was read: declared, declared null (commits to nothing), or set aside. */
export type ClaimStatus = "declared" | "null" | "absent" | "malformed";

/** One variable a lane-1 rule reads: what the reply declared beside what its text states. */
export interface ClaimComparison {
  variable: string;
  status: ClaimStatus;
  /** The claim as declared (money with its currency); null unless `status` is declared. */
  declared: DeclaredClaim;
  /** What the text states for the variable: money amounts in the variable's currency, booleans, numbers. */
  extracted: unknown[];
  /** Money variables: the currency `extracted` is in. */
  currency?: string;
  /** Whether the claim explains every value the text states and the text states the claim (README, "Declared claims"). */
  agrees: boolean;
  /** Why they disagree, or why the claim was set aside. */
  why?: string;
}

/**
 * What decided a lane-1 check: the text alone (no declared value, or the text breaks the rule whatever
 * was declared); the declared value where the text states none; text and claims giving the same
 * verdict; or, for a real conflict, what `enforcement.unresolved` sent it to (a judge, block, allow).
 */
type ClaimDecision = "text" | "claim" | "agreement" | "judge" | "block" | "allow";

/** Whether a check stops the draft: it failed, or it is unresolved and blocking. */
export const blocksDraft = (check: RuleCheck): boolean => check.result === "failed" || check.blocking === true;

/**
 * Provenance (docs/pipeline.md#spans-and-provenance): what every agent message carries, in the
 * sandbox, the traces and the API.
 */
export interface Provenance {
  goal: { original: string | null; active_reformulation: string | null; evidence_ids: string[] };
  rules_applied: { id: string; key: string; name: string; hard: boolean; lane: "deterministic" | "subjective" }[];
  scenario: { id: string; name: string } | null;
  step: { id: string; name: string } | null;
  tools_called: { key: string; name: string; ok: boolean; detail: string }[];
  enforcement: {
    lane1: { passed: number; failed: number; unresolved: number };
    lane2: { passed: number; failed: number; skipped: number };
    checks: RuleCheck[];
    /** Failed checks of drafts that were regenerated or replaced by the fallback: never shipped. */
    violations_caught: { rule_key: string; lane: 1 | 2; detail: string }[];
  };
  regenerations: number;
  fallback_reason: FallbackReason | "enforcement_exhausted" | null;
  /** Continuity telemetry of the turn when continuity is enabled (decision reasons, loop-cycle fields). */
  continuity?: Record<string, unknown> | null;
  /** The customer's language (null: not clear) and the reply's (stages/language/README.md). */
  language?: { detected: string | null; reply: string };
  provider: string;
  model: string;
  config_version: number;
  /** The session's environment, filled in by the host (docs/environments.md); absent on older turns. */
  environment?: string | null;
  /**
   * The agent's budget when a period of it was spent before the turn ran (docs/budgets.md), filled in by
   * the host: the turn ran on the deterministic path (`offline`), went to a person (`handoff`), or ran
   * as usual with the operators told (`notify`). Absent while every budget has room.
   */
  budget?: { period: "day" | "month"; spent_usd: number; budget_usd: number; action: "notify" | "offline" | "handoff" };
  /** The knowledge the reply was written from (docs/knowledge.md); absent when the agent has none or the stage did not run. */
  knowledge?: KnowledgeProvenance;
}

/** Which passages a turn used and cited, and whether it abstained. */
export interface KnowledgeProvenance {
  /** Passages handed to generation, best first. */
  used: { passage_id: string; source_id: string; source_title: string; score: number }[];
  /** The passages the reply rests on: declared by the model, or read off the reply's words when it declared none. */
  citations: { passage_id: string; source_id: string; source_title: string; source_url?: string }[];
  abstained: boolean;
  /** How citations were decided: `declared` by the model, `overlap` with the reply's words, or `none`. */
  cited_by: "declared" | "overlap" | "none";
  answerability: number;
}

/** A ledger event the host appends in the turn's transaction (payload: ids and names, no customer text). */
interface LedgerIntent {
  type: "TURN_COMPLETED";
  payload: Record<string, unknown>;
}

/** One loop record (docs/loops.md) of the turn's regeneration loop, for the host to persist (kind "turn"). */
export interface TurnLoopRecord {
  loopId: string;
  record: Record<string, unknown>;
}

/** Why a turn hands the conversation to a person, for the host to open the handoff (docs/handoffs.md). */
export interface HandoffRequest {
  reason: "rule" | "customer_request" | "repeated_fallback" | "input_safety" | "budget";
  /** The rule key, the fallback count or the matched phrase: never the customer's text. */
  detail: string;
}

/**
 * A person's follow-up the shipped reply promised (docs/handoffs.md#what-asks-for-a-person), for the host
 * to open as an inbox item while the agent keeps the session: the promising sentence, the agent's text.
 */
export interface FollowUpPromise {
  promise: string;
}

/**
 * A tool call that waits for an operator's approval (docs/approvals.md), for the host to record: the
 * tool, the inputs it would have been called with, and the rule and scenario step that led to it.
 */
export interface ApprovalRequest {
  toolId: string;
  toolKey: string;
  toolName: string;
  input: Record<string, unknown>;
  ruleId: string;
  ruleKey: string;
  scenario: { id: string; key: string } | null;
  step: { id: string; key: string } | null;
}

/** An operator's decision on a paused tool call, given to the turn that resumes it. */
export interface ApprovalDecision {
  toolId: string;
  decision: "approved" | "denied";
}

export interface TurnOutcome {
  /**
   * The customer's message as the turn read it: personal data replaced by placeholders (docs/privacy.md).
   * What the host stores and exports; absent on outcomes built without the pipeline.
   */
  message?: string;
  response: string;
  outcome: TurnOutcomeKind;
  session: SessionState;
  /** Profile fields this turn set (validated), already merged into session.profile. */
  profileUpdates: Record<string, unknown>;
  spans: Span[];
  ledgerIntents: LedgerIntent[];
  provenance: Provenance;
  modelCalls: number;
  tokens: TokenUsage;
  /** US dollars of the turn's model tokens at the agent's prices; null when a model has no price. */
  costUsd: number | null;
  detectedIntent: string | null;
  intentLabel: string | null;
  firedRuleIds: string[];
  violatedRuleIds: string[];
  loops: TurnLoopRecord[];
  fallbackReason: FallbackReason | "enforcement_exhausted" | null;
  /** Set when the outcome is `handoff`: what asked for the person. */
  handoff?: HandoffRequest | null;
  /** Set when the outcome is `awaiting_approval`: the tool call that waits. */
  approval?: ApprovalRequest | null;
  /** Set when the reply that shipped promises a person's follow-up and `handoff.open_on_promise` is on. */
  followUp?: FollowUpPromise | null;
  /** A model-proposed goal reformulation (docs/goals.md) with its verdict: the host ledgers it before use. */
  goalCandidate?: {
    candidate: ReformulationCandidate;
    verdict: ReformulationVerdict;
    modelPairs?: ModelTokenPair[];
  } | null;
}

export interface TurnInput {
  message: string;
  /** Stable id of this turn (the host's turn row id); loop ids derive from it. */
  turnId: string;
  /** Continuity for this turn (flag, agent setting and session toggle, resolved by the host). */
  continuityEnabled?: boolean;
  /** Fallback outcomes in a row just before this turn (docs/handoffs.md#repeated-fallbacks); 0 when absent. */
  fallbackStreak?: number;
  /** What the operator who returned the session to the agent wrote for it; told to generation this turn. */
  operatorNote?: string;
  /** The operator's decision on the tool call a previous turn paused at; that tool runs (or not) without asking again. */
  approval?: ApprovalDecision;
  /**
   * Knowledge the turn cites (filled by a knowledge stage; absent = none): the passages are evidence
   * the `ungrounded` check reads (stages/enforcement/README.md#ungrounded-facts).
   */
  knowledge?: TurnKnowledge;
}

/** A knowledge passage a turn cites: its id (knowledge/passage-id.ts) and its text. */
interface CitedPassage {
  id: string;
  text: string;
}

interface TurnKnowledge {
  citedPassages: readonly CitedPassage[];
}
