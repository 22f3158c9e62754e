import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { approvalStatesOf, getApproval } from "@/db/queries/approvals";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { stopJobQueue } from "@/lib/server/jobs/process-queue";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { createWebhook } from "@/lib/webhooks/server/webhook-config";
import type { WebhookEventType } from "@/lib/webhooks/webhook-schemas";
import { demoWithTestsGate, fileTestApp } from "./focal-test-app";

// What the approval tests set up (docs/approvals.md): the demo with its tools behind an approval, a turn
// that pauses before the order lookup, and webhooks to a receiver that never answers.

/** The message that makes the demo look up the customer's orders: with approvals on, the turn pauses before it. */
export const ASK_ORDERS = "I want my money back, can you show me my orders?";

/** A closed port on 127.0.0.1, allowlisted the way an admin unlocks a private host: attempts never leave the machine. */
const RECEIVER = "127.0.0.1:9";

/** The demo (tests gate off) with every tool behind an approval, imported under `key`; its agent row. */
export async function importApprovingDemo(handle: DatabaseHandle, key: string, name = demo.agent.name) {
  const base = demoWithTestsGate("off");
  const tools = demo.tools.map((tool) => ({ ...tool, requires_approval: true }));
  await importBundle(handle.db, { ...base, agent: { ...base.agent, key, name }, tools }, SYSTEM_ACTOR, "setup");
  const agent = await getAgentByKey(handle.db, key);
  if (!agent) throw new Error(`${key} missing`);
  return agent;
}

type Agent = Awaited<ReturnType<typeof importApprovingDemo>>;

/** A new session whose first turn pauses before the order lookup: the session, the turn and its pending approval. */
export async function pausedApproval(handle: DatabaseHandle, agent: Agent) {
  const session = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
  const turn = await hostTurn(handle.db, {
    sessionId: session.id,
    message: ASK_ORDERS,
    actor: SYSTEM_ACTOR,
    requestId: "r",
  });
  const [pending] = await approvalStatesOf(handle.db, session.id);
  const approval = pending ? await getApproval(handle.db, pending.id) : null;
  if (!approval) throw new Error("no approval");
  return { session, turn, approval };
}

/** A webhook of the agent on these events, to the closed receiver. */
export function receiverWebhook(handle: DatabaseHandle, agent: Agent, events: WebhookEventType[]) {
  return createWebhook(
    handle.db,
    agent,
    { url: `http://${RECEIVER}/hook`, events, enabled: true },
    { actor: SYSTEM_ACTOR, requestId: "setup" },
  );
}

/**
 * The app for the whole file with the receiver allowlisted (FOCAL_TOOL_HOSTS): queued deliveries are
 * real rows and jobs, and the job queue stops before the database closes.
 */
export function fileAppWithReceiver(): DatabaseHandle {
  const savedHosts = process.env.FOCAL_TOOL_HOSTS;
  return fileTestApp({
    before: () => {
      process.env.FOCAL_TOOL_HOSTS = RECEIVER;
    },
    after: async () => {
      process.env.FOCAL_TOOL_HOSTS = savedHosts ?? "";
      await stopJobQueue();
    },
  });
}
