import { z } from "zod";
import { PENDING_CLARIFIER_TYPES } from "./runtime-constants";

// The ContinuityState sidecar (docs/continuity.md#state), bounded. Accepted/rejected choice
// windows hold the last 5 ids (the same bound as recentActionTrace).
const CHOICE_WINDOW = 5;

export const RecentAction = z.object({
  type: z.string(),
  targetRef: z.string(),
  sourceScope: z.string(),
  optionSetId: z.string().nullable(),
  timestamp: z.string(),
  outcome: z.string(),
});
export type RecentAction = z.infer<typeof RecentAction>;

export const ContinuityState = z.object({
  lastResolvedAction: RecentAction.nullable().default(null),
  /** Newest first, at most RECENT_ACTION_TRACE_MAX_ENTRIES (5). */
  recentActionTrace: z.array(RecentAction).max(5).default([]),
  lastAcceptedChoiceId: z.string().nullable().default(null),
  recentAcceptedChoiceIds: z.array(z.string()).max(CHOICE_WINDOW).default([]),
  recentRejectedChoiceIds: z.array(z.string()).max(CHOICE_WINDOW).default([]),
  activeOptionSetId: z.string().nullable().default(null),
  activeScope: z.string().nullable().default(null),
  pendingClarifierType: z.enum(PENDING_CLARIFIER_TYPES).default("none"),
});
export type ContinuityState = z.infer<typeof ContinuityState>;

export const OptionCandidate = z.object({
  id: z.string(),
  label: z.string(),
  sublabel: z.string().optional(),
  type: z.string().optional(),
});
export type OptionCandidate = z.infer<typeof OptionCandidate>;

/** An option set the agent offered: its candidates are the execution boundary. */
export const OptionSet = z.object({
  id: z.string(),
  scope: z.string(),
  source: z.string(),
  /** The session variable a choice binds (the tool input the list was looked up by, e.g. order_id). */
  bindsVariable: z.string().nullable(),
  candidates: z.array(OptionCandidate),
  createdTurn: z.number().int(),
  createdAt: z.string(),
});
export type OptionSet = z.infer<typeof OptionSet>;

/** What session.continuity holds: the continuity state plus the option sets still within the TTL. */
export const ContinuitySidecar = z.object({
  state: ContinuityState.prefault({}),
  optionSets: z.array(OptionSet).max(5).default([]),
});
export type ContinuitySidecar = z.infer<typeof ContinuitySidecar>;

export function readSidecar(raw: Record<string, unknown>): ContinuitySidecar {
  const parsed = ContinuitySidecar.safeParse(raw ?? {});
  return parsed.success ? parsed.data : ContinuitySidecar.parse({});
}

export function pushWindow(list: string[], id: string, size = CHOICE_WINDOW): string[] {
  return [id, ...list.filter((x) => x !== id)].slice(0, size);
}

export function pushAction(state: ContinuityState, action: RecentAction, max: number): ContinuityState {
  return { ...state, recentActionTrace: [action, ...state.recentActionTrace].slice(0, Math.min(max, 5)) };
}
