import "server-only";
import { createHash } from "node:crypto";
import type { SamplingRule } from "@/lib/engine/contracts/people-settings";
import type { TurnOutcomeKind } from "@/lib/engine/contracts/turn-outcome";

// 2^32: the draw reads the first 32 bits of a SHA-256, so it is uniform in [0, 1) to 1 part in 4e9.
const DRAW_RANGE = 0x1_0000_0000;

/**
 * The session's fixed draw in [0, 1) for one outcome. Hashing the outcome with the id keeps two rules
 * independent (answered=0.1 and fallback=0.1 do not pick the same tenth of sessions); the same session
 * and outcome always give the same number, so re-evaluating a session never changes its answer.
 */
export function sessionDraw(sessionId: string, outcome: TurnOutcomeKind): number {
  const digest = createHash("sha256").update(`${sessionId}:${outcome}`).digest();
  return digest.readUInt32BE(0) / DRAW_RANGE;
}

/** The rule that samples this session for a turn of this outcome, or null (share 0 never, 1 always). */
export function samplingRuleFor(
  rules: readonly SamplingRule[],
  sessionId: string,
  outcome: TurnOutcomeKind,
): SamplingRule | null {
  const rule = rules.find((candidate) => candidate.outcome === outcome);
  if (!rule || rule.share <= 0) return null;
  return sessionDraw(sessionId, outcome) < rule.share ? rule : null;
}
