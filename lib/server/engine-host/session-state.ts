import "server-only";
import { getProfile, lastTurns } from "@/db/queries/conversations";
import type { SessionRow } from "@/db/schema";
import type { DbOrTx } from "@/db/types";
import type { CompiledAgent } from "@/lib/engine/compile/compile-agent";
import type { SessionState } from "@/lib/engine/contracts/session-state";
import { HISTORY_MAX_ENTRIES } from "@/lib/engine/pipeline/finish-turn";

/** The engine's SessionState from the stored session, its profile and its last turns. */
export async function loadSessionState(db: DbOrTx, session: SessionRow, agent: CompiledAgent): Promise<SessionState> {
  const [profile, recent] = await Promise.all([
    getProfile(db, session.customerProfileId),
    lastTurns(db, session.id, HISTORY_MAX_ENTRIES / 2),
  ]);
  // A config change may have removed the scenario or step the session was in: then it is in none.
  const scenario = session.activeScenarioId ? agent.scenarios.get(session.activeScenarioId) : undefined;
  const step = scenario && session.activeStepId ? scenario.steps.get(session.activeStepId) : undefined;
  return {
    activeScenarioId: scenario ? session.activeScenarioId : null,
    activeStepId: step ? session.activeStepId : null,
    variables: { ...session.variables },
    ruleFires: { ...session.ruleFires },
    stepClarificationCount: { ...session.stepClarificationCount },
    profile: { ...(profile?.fields ?? {}) },
    history: recent.flatMap((t) => [
      { role: "user" as const, text: t.userMessage },
      { role: "agent" as const, text: t.response },
    ]),
    turnIndex: session.turnCount,
    continuity: { ...session.continuity },
    goal: { ...session.goal },
  };
}
