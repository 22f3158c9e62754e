import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { operatorIdByEmail } from "@/db/queries/identity";
import { toolApprovals, webhookDeliveries } from "@/db/schema";
import { decideApproval } from "@/lib/approvals/server/decide-approval";
import { warnExpiringApprovals } from "@/lib/approvals/server/warn-expiring-approvals";
import { AttentionCounts, parseAttentionCounts } from "@/lib/attention/attention-schemas";
import { countAttention } from "@/lib/attention/server/attention-counts";
import { setAgentGrant } from "@/lib/server/access/set-agent-grant";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import {
  fileAppWithReceiver,
  importApprovingDemo,
  pausedApproval,
  receiverWebhook,
} from "../support/approval-fixtures";
import { addOperator, signIn } from "../support/focal-test-app";
import { callWithCookie } from "../support/route-call";

// The console's counts (GET /api/v1/attention and its stream) held to the operator's grant, and the
// expiry warning: warned once, its webhook queued once, never for a decided approval (docs/approvals.md).
// The webhook receiver is a closed port on 127.0.0.1, allowlisted: attempts never leave the machine.

const MINUTE = 60_000;
const handle = fileAppWithReceiver();

/** A fresh agent (the demo with its tools behind an approval) with a webhook on approval.expiring. */
async function approvingAgent() {
  const agent = await importApprovingDemo(handle, `attention-${crypto.randomUUID().slice(0, 8)}`);
  const hook = await receiverWebhook(handle, agent, ["approval.expiring"]);
  return { agent, hookId: hook.id };
}

/** A turn of a new session that pauses before the order lookup; its pending approval. */
async function paused(agent: Awaited<ReturnType<typeof approvingAgent>>["agent"]) {
  return (await pausedApproval(handle, agent)).approval;
}

const expiringEvents = (hookId: string) =>
  handle.db
    .select({ type: webhookDeliveries.eventType, body: webhookDeliveries.body })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, hookId));

async function operatorGranted(agentKey: string) {
  const person = await addOperator(handle, `attention-${crypto.randomUUID()}@focal.test`, "viewer");
  const operatorId = (await operatorIdByEmail(handle.db, person.email)) ?? "";
  await handle.db.transaction((tx) => setAgentGrant(tx, { operatorId, agentKey, role: "operator" }, SYSTEM_ACTOR, "s"));
  return signIn(person.email, person.password);
}

describe("attention counts", () => {
  it("count only the agents an operator is granted, and which pending ones expire within 5 minutes", async () => {
    const { GET } = await import("@/app/api/v1/attention/route");
    const mine = await approvingAgent();
    const other = await approvingAgent();
    const approval = await paused(mine.agent);
    await paused(other.agent);
    await paused(other.agent);
    const cookie = await operatorGranted(mine.agent.key);
    const answer = await callWithCookie(cookie, GET, "GET", "/api/v1/attention");
    expect(answer.status).toBe(200);
    expect(AttentionCounts.parse(await answer.json())).toEqual({
      waiting_handoffs: 0,
      unread_handoffs: 0,
      pending_approvals: 1,
      expiring_approvals: 0,
    });
    const reach = { agentIds: [mine.agent.id, other.agent.id], operatorId: null };
    const soon = new Date(approval.expiresAt.getTime() - 4 * MINUTE);
    expect(await countAttention(handle.db, reach, soon)).toMatchObject({ pending_approvals: 3, expiring_approvals: 3 });
    const early = new Date(approval.expiresAt.getTime() - 6 * MINUTE);
    expect(await countAttention(handle.db, reach, early)).toMatchObject({ expiring_approvals: 0 });
  });

  it("the stream sends the counts when it opens and again when an approval of the grant is asked", async () => {
    const { GET } = await import("@/app/api/v1/attention/events/route");
    const mine = await approvingAgent();
    const other = await approvingAgent();
    const cookie = await operatorGranted(mine.agent.key);
    const answer = await callWithCookie(cookie, GET, "GET", "/api/v1/attention/events");
    expect(answer.headers.get("content-type")).toContain("text/event-stream");
    const reader = answer.body?.getReader();
    if (!reader) throw new Error("no stream");
    const decoder = new TextDecoder();
    let buffer = "";
    const nextCounts = async () => {
      for (;;) {
        const block = buffer.match(/event: counts\ndata: (.*)\n\n/);
        if (block?.[1] && block.index !== undefined) {
          buffer = buffer.slice(block.index + block[0].length);
          return parseAttentionCounts(block[1]);
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("stream ended");
        buffer += decoder.decode(value, { stream: true });
      }
    };
    expect(await nextCounts()).toMatchObject({ pending_approvals: 0 });
    // Another agent's approval changes nothing this operator sees; their own is counted within 250 ms.
    await paused(other.agent);
    await paused(mine.agent);
    expect(await nextCounts()).toMatchObject({ pending_approvals: 1 });
    await reader.cancel();
  });
});

describe("expiry warning", () => {
  it("warns a pending approval once within 5 minutes of its expiry: warned_at and one approval.expiring", async () => {
    const { agent, hookId } = await approvingAgent();
    const approval = await paused(agent);
    await warnExpiringApprovals(handle.db, new Date(approval.expiresAt.getTime() - 6 * MINUTE));
    expect(await expiringEvents(hookId)).toEqual([]);
    const now = new Date(approval.expiresAt.getTime() - 4 * MINUTE);
    expect((await warnExpiringApprovals(handle.db, now)).warned).toBeGreaterThanOrEqual(1);
    await warnExpiringApprovals(handle.db, new Date(now.getTime() + 30_000));
    const events = await expiringEvents(hookId);
    expect(events.map((e) => [e.type, JSON.parse(e.body).data])).toEqual([
      [
        "approval.expiring",
        {
          session_id: approval.sessionId,
          approval_id: approval.id,
          tool_key: approval.toolKey,
          expires_at: approval.expiresAt.toISOString(),
          minutes_left: 4,
        },
      ],
    ]);
    const [row] = await handle.db.select().from(toolApprovals).where(eq(toolApprovals.id, approval.id));
    expect(row?.warnedAt?.toISOString()).toBe(now.toISOString());
  });

  it("never warns a decided approval", async () => {
    const { agent, hookId } = await approvingAgent();
    const approval = await paused(agent);
    await decideApproval(handle.db, {
      approvalId: approval.id,
      decision: "deny",
      reason: "Not this one",
      actor: SYSTEM_ACTOR,
      requestId: "r",
    });
    await warnExpiringApprovals(handle.db, new Date(approval.expiresAt.getTime() - MINUTE));
    expect(await expiringEvents(hookId)).toEqual([]);
    const [row] = await handle.db.select().from(toolApprovals).where(eq(toolApprovals.id, approval.id));
    expect(row?.warnedAt).toBeNull();
  });
});
