import "server-only";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { sessionMessages, turns } from "../schema";
import type { DbOrTx } from "../types";

/**
 * The operator messages of a session sent after its turn `afterTurnIndex` (all of them when -1), in
 * order: what a turn's tape records a person said before it (docs/replay.md#people-in-the-session).
 * On the index (session_id, created_at, id).
 */
export async function operatorMessagesSince(db: DbOrTx, sessionId: string, afterTurnIndex: number) {
  const after =
    afterTurnIndex < 0
      ? undefined
      : gt(
          sessionMessages.createdAt,
          sql`(select ${turns.createdAt} from ${turns} where ${turns.sessionId} = ${sessionId} and ${turns.turnIndex} = ${afterTurnIndex})`,
        );
  return db
    .select({ id: sessionMessages.id, text: sessionMessages.text })
    .from(sessionMessages)
    .where(and(eq(sessionMessages.sessionId, sessionId), eq(sessionMessages.kind, "operator"), after))
    .orderBy(asc(sessionMessages.createdAt), asc(sessionMessages.id));
}
