import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookDeliveries } from "@/db/schema";
import { decideApproval } from "@/lib/approvals/server/decide-approval";
import { expireApprovals } from "@/lib/approvals/server/expire-approvals";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import {
  fileAppWithReceiver,
  importApprovingDemo,
  pausedApproval,
  receiverWebhook,
} from "../support/approval-fixtures";

// approval.requested and approval.decided (docs/webhooks.md), queued in the transactions that pause a
// turn and decide it. The receiver is a closed port on 127.0.0.1, allowlisted the way an admin unlocks
// a private host: attempts never leave the machine, and this file reads the queued rows only.

const handle = fileAppWithReceiver();
let agents = 0;

/** A fresh agent (the demo with its lookup behind an approval) subscribed to both events, and a paused turn. */
async function pausedWithHook() {
  agents += 1;
  const agent = await importApprovingDemo(handle, `hooked-approvals-${agents}`);
  const hook = await receiverWebhook(handle, agent, ["approval.requested", "approval.decided"]);
  const { session, turn, approval } = await pausedApproval(handle, agent);
  return { hookId: hook.id, sessionId: session.id, turnId: turn.turn.id, approval };
}

/** The queued events, once each is handed to the job queue (dispatch follows the commit, unawaited). */
async function events(hookId: string, count: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await handle.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hookId))
      .orderBy(asc(webhookDeliveries.createdAt));
    const dispatched = rows.length === count && rows.every((row) => row.dispatchedAt !== null);
    if (dispatched || Date.now() > deadline) {
      return rows.map((row) => ({ type: row.eventType, data: JSON.parse(row.body).data }));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("approval webhooks", () => {
  it("a paused turn queues approval.requested; a denial queues approval.decided, ids and names only", async () => {
    const { hookId, sessionId, turnId, approval } = await pausedWithHook();
    const reason = "Order belongs to someone else";
    await decideApproval(handle.db, {
      approvalId: approval.id,
      decision: "deny",
      reason,
      actor: SYSTEM_ACTOR,
      requestId: "r",
    });
    const queued = await events(hookId, 2);
    expect(queued).toEqual([
      {
        type: "approval.requested",
        data: {
          session_id: sessionId,
          approval_id: approval.id,
          tool_key: "lookup_order",
          rule_key: expect.any(String),
          turn_id: turnId,
          expires_at: approval.expiresAt.toISOString(),
        },
      },
      {
        type: "approval.decided",
        data: {
          session_id: sessionId,
          approval_id: approval.id,
          tool_key: "lookup_order",
          decision: "denied",
          decided_by: "system",
          resumed_turn_id: expect.any(String),
        },
      },
    ]);
    expect(JSON.stringify(queued)).not.toContain(reason);
  });

  it("an expiry queues approval.decided with decision expired", async () => {
    const { hookId, approval } = await pausedWithHook();
    await expireApprovals(handle.db, new Date(approval.expiresAt.getTime() + 1000));
    expect((await events(hookId, 2)).map((e) => [e.type, e.data.decision])).toEqual([
      ["approval.requested", undefined],
      ["approval.decided", "expired"],
    ]);
  });
});
