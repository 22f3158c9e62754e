import type { SessionState } from "../contracts/session-state";

// CHAT_HISTORY_MAX_TURNS = 8 turns of history, i.e. 16 messages.
export const HISTORY_MAX_ENTRIES = 16;

/**
 * The history after one more turn: the customer's message, then the reply when there was one (a turn
 * queued for a person without a holding reply has none). The one way a history grows — in the
 * pipeline, in a turn that ran none, and in the host rebuilding it from stored turns — so the history a
 * turn starts from is the same whether the host loaded it or a replay carried it over.
 */
export function appendHistory(
  history: SessionState["history"],
  message: string,
  reply: string,
): SessionState["history"] {
  return [
    ...history,
    { role: "user" as const, text: message },
    ...(reply ? [{ role: "agent" as const, text: reply }] : []),
  ].slice(-HISTORY_MAX_ENTRIES);
}
