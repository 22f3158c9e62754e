import type { FallbackReason } from "../contracts/model";
import type {
  ApprovalRequest,
  HandoffRequest,
  RuleCheck,
  TurnLoopRecord,
  TurnOutcome,
  TurnOutcomeKind,
} from "../contracts/turn-outcome";
import type { ScoredRule } from "../stages/filtering/filter-rules";
import type { KnowledgeStageResult } from "../stages/knowledge/knowledge-provenance";
import type { ToolCall } from "../stages/tools/run-tools";

/** What the stages decided, gathered for the turn's end (finish-turn.ts builds the outcome from it). */
export interface TurnResultParts {
  response: string;
  outcome: TurnOutcomeKind;
  profileUpdates: Record<string, unknown>;
  detectedIntent: string | null;
  matched: ScoredRule[];
  toolCalls: ToolCall[];
  /** Checks of the draft that shipped (or of the last draft). */
  checks: RuleCheck[];
  /** Every failed check of every draft of the turn, caught before anything shipped. */
  violations: RuleCheck[];
  regenerations: number;
  fallbackReason: FallbackReason | "enforcement_exhausted" | null;
  loops: TurnLoopRecord[];
  continuity?: Record<string, unknown> | null;
  language?: { detected: string | null; reply: string } | null;
  goalCandidate?: TurnOutcome["goalCandidate"];
  /** Set with the outcome `handoff`: what asked for a person. */
  handoff?: HandoffRequest | null;
  /** Set with the outcome `awaiting_approval`: the tool call that waits. */
  approval?: ApprovalRequest | null;
  /** What the knowledge stage found (absent: the agent has no knowledge). */
  knowledge?: KnowledgeStageResult;
  /** The passage ids the shipped draft declared it rests on (GenerateOutput.citations). */
  citations?: string[];
}
