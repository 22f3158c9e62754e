import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { toolApprovals, webhookDeliveries } from "@/db/schema";
import { decideApproval } from "@/lib/approvals/server/decide-approval";
import { expireApprovals } from "@/lib/approvals/server/expire-approvals";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { stopJobQueue } from "@/lib/server/jobs/process-queue";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { createWebhook } from "@/lib/webhooks/server/webhook-config";
import { demoWithTestsGate, startTestApp } from "../support/focal-test-app";

// approval.requested and approval.decided (docs/webhooks.md), queued in the transactions that pause a
// turn and decide it. The receiver is a closed port on 127.0.0.1, allowlisted the way an admin unlocks
// a private host: attempts never leave the machine, and this file reads the queued rows only.

const RECEIVER = "127.0.0.1:9";
const savedHosts = process.env.FOCAL_TOOL_HOSTS;
let handle: DatabaseHandle;
let agents = 0;

beforeAll(async () => {
  process.env.FOCAL_TOOL_HOSTS = RECEIVER;
  handle = await startTestApp();
}, 120_000);
afterAll(async () => {
  process.env.FOCAL_TOOL_HOSTS = savedHosts ?? "";
  await stopJobQueue();
  await handle?.close();
});

/** A fresh agent (the demo with its lookup behind an approval) subscribed to both events, and a paused turn. */
async function pausedWithHook() {
  agents += 1;
  const base = demoWithTestsGate("off");
  const key = `hooked-approvals-${agents}`;
  await importBundle(
    handle.db,
    { ...base, agent: { ...base.agent, key }, tools: demo.tools.map((t) => ({ ...t, requires_approval: true })) },
    SYSTEM_ACTOR,
    "setup",
  );
  const agent = await getAgentByKey(handle.db, key);
  if (!agent) throw new Error("agent missing");
  const hook = await createWebhook(
    handle.db,
    agent,
    { url: `http://${RECEIVER}/hook`, events: ["approval.requested", "approval.decided"], enabled: true },
    { actor: SYSTEM_ACTOR, requestId: "setup" },
  );
  const session = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
  const turn = await hostTurn(handle.db, {
    sessionId: session.id,
    message: "I want my money back, can you show me my orders?",
    actor: SYSTEM_ACTOR,
    requestId: "r",
  });
  const [approval] = await handle.db.select().from(toolApprovals).where(eq(toolApprovals.sessionId, session.id));
  if (!approval) throw new Error("no approval");
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
