import "server-only";
import { turnWhyRows } from "@/db/queries/conversations";
import type { Database } from "@/db/types";
import type { CustomerWhy } from "@/lib/widget/customer-response-schemas";
import { customerWhyOf } from "@/lib/widget/customer-turn";
import type { TranscriptMessage } from "../../handoff-schemas";

/**
 * "Why this answer" of the agent's replies among `messages`, by message id, for the customer's view
 * (docs/widget.md#what-a-customer-sees): one read for a snapshot's new lines. A fault leaves the replies
 * without it, never the stream without the reply.
 */
export async function customerWhysOf(db: Database, messages: TranscriptMessage[]): Promise<Map<string, CustomerWhy>> {
  const replies = messages.filter((m) => m.kind === "agent" && m.turn_id !== null);
  const whys = new Map<string, CustomerWhy>();
  if (replies.length === 0) return whys;
  try {
    const rows = await turnWhyRows(db, [...new Set(replies.map((m) => m.turn_id as string))]);
    const byTurn = new Map(
      rows.map((row) => [row.id, customerWhyOf(row.outcome, row.ruleNames ?? [], row.citedSources ?? [])]),
    );
    for (const reply of replies) {
      const why = reply.turn_id ? byTurn.get(reply.turn_id) : undefined;
      if (why) whys.set(reply.id, why);
    }
  } catch {
    // The replies go out without it.
  }
  return whys;
}
