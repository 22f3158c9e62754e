import { api } from "./focal-server";
import type { Cluster } from "./multi-instance-cluster";
import type { SessionRun } from "./multi-instance-drive";

// After a run the `turns` table is read directly: every acknowledged turn stored, each session's
// turn_index sequence 0…n-1 in acknowledgement order, and GET /api/v1/ledger/verify intact.

export interface StoredCheck {
  /** Acknowledged turns not in the `turns` table. */
  lost: number;
  /** Sessions whose stored turn_index sequence is not 0…n-1 holding the acknowledged turns in order. */
  orderViolations: number;
  /** The same turn id acknowledged for two different turns. */
  duplicateAcks: number;
  /** Stored turns nobody acknowledged (at most one per session whose last turn went unanswered). */
  unacknowledgedStored: number;
  details: string[];
}

/** Reads the sessions' turns straight from the database and compares them with the acknowledgements. */
export async function checkStored(cluster: Cluster, sessions: SessionRun[]): Promise<StoredCheck> {
  const ids = sessions.map((s) => s.sessionId);
  const rows = await cluster.sql<{ id: string; session_id: string; turn_index: number }[]>`
    select id, session_id, turn_index from turns where session_id in ${cluster.sql(ids)}
    order by session_id, turn_index`;
  const bySession = new Map<string, { id: string; turn_index: number }[]>();
  for (const row of rows) {
    const list = bySession.get(row.session_id) ?? [];
    list.push(row);
    bySession.set(row.session_id, list);
  }
  const stored = new Set(rows.map((r) => r.id));
  const check: StoredCheck = { lost: 0, orderViolations: 0, duplicateAcks: 0, unacknowledgedStored: 0, details: [] };
  const seen = new Set<string>();
  for (const session of sessions) {
    const acked = session.acks.map((a) => a.turnId);
    for (const id of acked) {
      if (seen.has(id)) check.duplicateAcks++;
      seen.add(id);
      if (!stored.has(id)) check.lost++;
    }
    const list = bySession.get(session.sessionId) ?? [];
    const contiguous = list.every((row, i) => row.turn_index === i);
    const prefix = acked.every((id, i) => list[i]?.id === id);
    const extra = list.length - acked.length;
    const extraAllowed = session.unresolved !== null ? 1 : 0;
    if (extra > 0) check.unacknowledgedStored += extra;
    if (!contiguous || !prefix || extra < 0 || extra > extraAllowed) {
      check.orderViolations++;
      if (check.details.length < 5) {
        check.details.push(
          `session ${session.sessionId}: acknowledged ${acked.join(",")}; stored ${list.map((r) => `${r.turn_index}:${r.id}`).join(",")}`,
        );
      }
    }
  }
  return check;
}

export async function verifyLedger(
  cluster: Cluster,
): Promise<{ is_intact: boolean; total: number; broken_at: unknown }> {
  return api(cluster.target, "GET", "/api/v1/ledger/verify");
}
