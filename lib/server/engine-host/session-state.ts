import "server-only";
import { getProfile, lastTurns } from "@/db/queries/conversations";
import type { DbOrTx, SessionRow } from "@/db/types";
import type { CompiledAgent } from "@/lib/engine/compile/compile-agent";
import type { SessionState } from "@/lib/engine/contracts/session-state";
import { HISTORY_MAX_ENTRIES } from "@/lib/engine/pipeline/finish-turn";
import { fitStateToAgent } from "@/lib/engine/replay/next-start-state";

/** The engine's SessionState from the stored session, its profile and its last turns. */
export async function loadSessionState(db: DbOrTx, session: SessionRow, agent: CompiledAgent): Promise<SessionState> {
  const [profile, recent] = await Promise.all([
    getProfile(db, session.customerProfileId),
    lastTurns(db, session.id, HISTORY_MAX_ENTRIES / 2),
  ]);
  return fitStateToAgent(
    {
      activeScenarioId: session.activeScenarioId,
      activeStepId: session.activeStepId,
      variables: { ...session.variables },
      ruleFires: { ...session.ruleFires },
      stepClarificationCount: { ...session.stepClarificationCount },
      profile: { ...(profile?.fields ?? {}) },
      // A turn queued for a person without a holding reply has no reply (docs/handoffs.md).
      history: recent.flatMap((t) => [
        { role: "user" as const, text: t.userMessage },
        ...(t.response ? [{ role: "agent" as const, text: t.response }] : []),
      ]),
      turnIndex: session.turnCount,
      continuity: { ...session.continuity },
      goal: { ...session.goal },
    },
    agent,
  );
}
