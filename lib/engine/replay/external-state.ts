import type { SessionState } from "../contracts/session-state";
import { canonicalSha256 } from "./request-hash";
import type { TapeExternalState, TurnTape } from "./tape";

/** The `end` block of a tape: hashes of the profile and goal the turn left behind. */
export function tapeEnd(profile: Record<string, unknown>, goal: Record<string, unknown>): TurnTape["end"] {
  return { profile_sha256: canonicalSha256(profile), goal_sha256: canonicalSha256(goal) };
}

function isEmpty(value: Record<string, unknown>): boolean {
  return Object.keys(value).length === 0;
}

/**
 * What a turn's tape must hold of its starting state because a replay cannot rebuild it from the
 * turns before: on a session's first turn a profile the customer already had; later, a profile or
 * goal that differs from what the previous turn left (another session of the same customer, the goal
 * API). `previousEnd` is null when the previous turn has no tape; then both are kept.
 */
export function externalStateAt(
  start: SessionState,
  previousEnd: TurnTape["end"] | null,
): TapeExternalState | undefined {
  const external: TapeExternalState = {};
  if (start.turnIndex === 0) {
    if (!isEmpty(start.profile)) external.profile = start.profile;
    if (!isEmpty(start.goal)) external.goal = start.goal;
  } else {
    if (previousEnd?.profile_sha256 !== canonicalSha256(start.profile)) external.profile = start.profile;
    if (previousEnd?.goal_sha256 !== canonicalSha256(start.goal)) external.goal = start.goal;
  }
  return isEmpty(external as Record<string, unknown>) ? undefined : structuredClone(external);
}
