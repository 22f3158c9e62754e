import "server-only";
import { getProfile, lastTurns } from "@/db/queries/conversations";
import type { DbOrTx, SessionRow } from "@/db/types";
import type { CompiledAgent } from "@/lib/engine/compile/compile-agent";
import type { SessionState } from "@/lib/engine/contracts/session-state";
import { appendHistory, HISTORY_MAX_ENTRIES } from "@/lib/engine/pipeline/session-history";
import { fitStateToAgent } from "@/lib/engine/replay/next-start-state";

interface StoredTurnMessages {
  userMessage: string;
  response: string;
}

/** The engine's SessionState from the stored session, its profile and its last turns. */
export async function loadSessionState(db: DbOrTx, session: SessionRow, agent: CompiledAgent): Promise<SessionState> {
  const [profile, recent] = await Promise.all([
    getProfile(db, session.customerProfileId),
    // Every turn adds at least one entry: this many turns always fill the history.
    lastTurns(db, session.id, HISTORY_MAX_ENTRIES),
  ]);
  return sessionStateOf(session, profile?.fields ?? {}, recent, agent);
}

/**
 * The engine's SessionState from what was read of the session: the customer's profile fields and the
 * session's last turns, oldest first (the last HISTORY_MAX_ENTRIES of them always fill the history).
 */
export function sessionStateOf(
  session: SessionRow,
  profileFields: Record<string, unknown>,
  recentOldestFirst: readonly StoredTurnMessages[],
  agent: CompiledAgent,
): SessionState {
  return fitStateToAgent(
    {
      activeScenarioId: session.activeScenarioId,
      activeStepId: session.activeStepId,
      variables: { ...session.variables },
      ruleFires: { ...session.ruleFires },
      stepClarificationCount: { ...session.stepClarificationCount },
      profile: { ...profileFields },
      // Grown turn by turn as the turns grew it, so a replay carries over the same history.
      history: recentOldestFirst
        .slice(-HISTORY_MAX_ENTRIES)
        .reduce<SessionState["history"]>((h, t) => appendHistory(h, t.userMessage, t.response), []),
      turnIndex: session.turnCount,
      continuity: { ...session.continuity },
      goal: { ...session.goal },
    },
    agent,
  );
}
