import type { ReviewState } from "./review-schemas";

const agentPath = (agentKey: string) => `/agents/${encodeURIComponent(agentKey)}/reviews`;

/** The agent's review queue, optionally filtered by state. */
export function reviewQueueHref(agentKey: string, state?: ReviewState | "all"): string {
  return state ? `${agentPath(agentKey)}?state=${state}` : agentPath(agentKey);
}

/** One session's review. */
export function reviewHref(agentKey: string, sessionId: string): string {
  return `${agentPath(agentKey)}/${sessionId}`;
}
