import type { TurnView } from "@/lib/turns/turn-view";
import { isRecord } from "./sandbox-format";

// The continuity telemetry of one turn (docs/continuity.md#telemetry-and-rollout), read back from
// its stored `continuity` span (or, for turns stored without spans, `provenance.continuity`: the same
// object). Stored JSON is read defensively: a missing or odd field becomes null / empty, never a
// crash in the side panel.

export type ContinuityDecision = "resolved" | "clarify" | "skip";

interface ContinuityCandidateView {
  id: string;
  label: string;
  sublabel: string | null;
}

export interface ContinuityTelemetryView {
  decision: ContinuityDecision;
  /** The span's one-line decision, e.g. "resolved: deterministic_continuity_resolve". */
  summary: string | null;
  reasons: string[];
  blockedReason: string | null;
  activeOptionSetId: string | null;
  activeScope: string | null;
  candidates: ContinuityCandidateView[];
  winner: { id: string; label: string } | null;
  /** Candidate id → why it lost. */
  nonWinners: Map<string, string>;
  loopCycleId: string | null;
  fingerprintBefore: string | null;
  fingerprintAfter: string | null;
  retryAttemptIndex: number | null;
  retryBudgetRemaining: number | null;
  fallbackReason: string | null;
  raw: Record<string, unknown>;
}

/** What the telemetry is read from: the turn's outcome, spans and continuity provenance. */
type TelemetrySource = Pick<TurnView, "outcome" | "spans"> & { provenance: Pick<TurnView["provenance"], "continuity"> };

const str = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

function decisionOf(summary: string | null, raw: Record<string, unknown>, turn: TelemetrySource): ContinuityDecision {
  const word = summary?.split(":")[0]?.trim();
  if (word === "resolved" || word === "clarify" || word === "skip") return word;
  if (isRecord(raw.winner)) return "resolved";
  // Without a span decision: a clarified turn with a continuity fallback reason was continuity's clarifier.
  return turn.outcome === "clarified" && str(raw.fallback_reason) ? "clarify" : "skip";
}

/** The turn's continuity telemetry, or null when continuity did not run for it (no span, no provenance). */
export function readContinuityTelemetry(turn: TelemetrySource): ContinuityTelemetryView | null {
  const span = turn.spans.find((s) => s.name === "continuity");
  const fromProvenance = turn.provenance.continuity;
  const raw = span && Object.keys(span.attributes).length > 0 ? span.attributes : fromProvenance;
  if (!span && !isRecord(raw)) return null;
  const attributes: Record<string, unknown> = isRecord(raw) ? raw : {};
  const summary = span ? str(span.decision) : null;

  const candidates = (Array.isArray(attributes.candidates) ? attributes.candidates : []).flatMap((c) => {
    if (!isRecord(c)) return [];
    const id = str(c.id);
    return id ? [{ id, label: str(c.label) ?? id, sublabel: str(c.sublabel) }] : [];
  });
  const nonWinners = new Map<string, string>();
  for (const item of Array.isArray(attributes.non_winners) ? attributes.non_winners : []) {
    if (!isRecord(item)) continue;
    const id = str(item.id);
    if (id) nonWinners.set(id, str(item.why) ?? "not chosen");
  }
  const winnerRaw = isRecord(attributes.winner) ? attributes.winner : null;
  const winnerId = winnerRaw ? str(winnerRaw.id) : null;

  return {
    decision: decisionOf(summary, attributes, turn),
    summary,
    reasons: (Array.isArray(attributes.reasons) ? attributes.reasons : []).flatMap((r) =>
      str(r) ? [r as string] : [],
    ),
    blockedReason: str(attributes.blocked_reason),
    activeOptionSetId: str(attributes.activeOptionSetId),
    activeScope: str(attributes.activeScope),
    candidates,
    winner: winnerRaw && winnerId ? { id: winnerId, label: str(winnerRaw.label) ?? winnerId } : null,
    nonWinners,
    loopCycleId: str(attributes.loop_cycle_id),
    fingerprintBefore: str(attributes.fingerprint_before),
    fingerprintAfter: str(attributes.fingerprint_after),
    retryAttemptIndex: num(attributes.retry_attempt_index),
    retryBudgetRemaining: num(attributes.retry_budget_remaining),
    fallbackReason: str(attributes.fallback_reason),
    raw: attributes,
  };
}

/** Whether the bounded model loop (docs/continuity.md#resolution) ran: only then do fingerprints and budgets mean anything. */
export function selectionLoopRan(t: ContinuityTelemetryView): boolean {
  return t.loopCycleId !== null || t.fingerprintBefore !== null || t.retryBudgetRemaining !== null;
}
