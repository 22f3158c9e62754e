import "server-only";
import { listSessionTurns, spansOf } from "@/db/queries/conversations";
import { listConfigVersions } from "@/db/queries/replay";
import type { AgentRow, DbOrTx } from "@/db/types";
import type { StageDecision } from "@/lib/replay/replay-types";

export interface SessionReplayContext {
  sessionId: string;
  /** Kept configuration versions a replay can run under, newest first; the current one always among them. */
  configVersions: number[];
  currentVersion: number;
  /** Every stored turn of the session with its stages, to set beside a replay's. */
  turns: { id: string; turnIndex: number; userMessage: string; stages: StageDecision[] }[];
}

/** What "Replay this session" on a turn's trace needs: the versions to choose from and the stored stages. */
export async function loadSessionReplayContext(
  db: DbOrTx,
  agent: Pick<AgentRow, "id" | "configVersion">,
  sessionId: string,
): Promise<SessionReplayContext> {
  const [rows, kept] = await Promise.all([listSessionTurns(db, sessionId), listConfigVersions(db, agent.id)]);
  const spans = await spansOf(
    db,
    rows.map((r) => r.id),
  );
  const configVersions = [...new Set([agent.configVersion, ...kept])].sort((a, b) => b - a);
  return {
    sessionId,
    configVersions,
    currentVersion: agent.configVersion,
    turns: rows.map((row) => ({
      id: row.id,
      turnIndex: row.turnIndex,
      userMessage: row.userMessage,
      stages: spans
        .filter((s) => s.turnId === row.id)
        .map((s) => ({ name: s.name, status: s.status, decision: s.decision })),
    })),
  };
}
