import { getAgentByKey } from "@/db/queries/agents";
import { listApprovalRows } from "@/db/queries/approvals";
import { openHandoffOf } from "@/db/queries/handoffs";
import type { Database } from "@/db/types";
import { decideApproval } from "@/lib/approvals/server/decide-approval";
import { expireApprovals } from "@/lib/approvals/server/expire-approvals";
import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import {
  claimHandoff,
  postOperatorMessage,
  requestOperatorHandoff,
  returnHandoff,
} from "@/lib/handoffs/server/operator-actions";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { updateAgentSettings } from "@/lib/settings/server/update-agent-settings";
import { createSession } from "@/lib/turns/server/create-session";
import { runAndPersistTurn } from "@/lib/turns/server/host-turn";

/**
 * One step of a recorded session: a customer message (a string), what a person does between turns,
 * or a save of the agent's settings (the session's later turns run on the new version).
 */
type CorpusStep =
  | string
  | { person: "take_over" | "claim" | "return"; note?: string }
  | { person: "reply"; text: string }
  | { approval: "approve" | "deny" | "expire" }
  | { save: Record<string, unknown> };

export interface CorpusSession {
  agent: string;
  steps: CorpusStep[];
  continuity?: boolean;
  /** The API's customer_id: sessions of one customer share a profile. */
  customer?: string;
}

const acting = { actor: SYSTEM_ACTOR, requestId: "fidelity-corpus" };
// Past any approval's expiry (at most 7 days): the sweep takes every pending one.
const AFTER_EXPIRY_MS = 8 * 86_400_000;

async function agentNamed(db: Database, key: string) {
  const agent = await getAgentByKey(db, key);
  if (!agent) throw new Error(`agent ${key} is not imported`);
  return agent;
}

async function openHandoffId(db: Database, sessionId: string): Promise<string> {
  const open = await openHandoffOf(db, sessionId);
  if (!open) throw new Error(`session ${sessionId} has no open handoff`);
  return open.id;
}

async function pendingApprovalId(db: Database, sessionId: string): Promise<string> {
  const pending = await listApprovalRows(db, { state: "pending", agentIds: null, limit: 500 });
  const mine = pending.find((row) => row.sessionId === sessionId);
  if (!mine) throw new Error(`session ${sessionId} has no pending approval`);
  return mine.id;
}

async function personStep(db: Database, sessionId: string, step: Extract<CorpusStep, { person: string }>) {
  if (step.person === "take_over") {
    await requestOperatorHandoff(db, { ...acting, sessionId, reason: "checking the order" });
  } else if (step.person === "claim") {
    await claimHandoff(db, { ...acting, handoffId: await openHandoffId(db, sessionId) });
  } else if (step.person === "reply") {
    await postOperatorMessage(db, { ...acting, sessionId, text: step.text });
  } else {
    await returnHandoff(db, { ...acting, handoffId: await openHandoffId(db, sessionId), note: step.note ?? "" });
  }
}

async function approvalStep(db: Database, sessionId: string, decision: "approve" | "deny" | "expire") {
  if (decision === "expire") {
    await expireApprovals(db, new Date(Date.now() + AFTER_EXPIRY_MS));
    return;
  }
  await decideApproval(db, { ...acting, approvalId: await pendingApprovalId(db, sessionId), decision, reason: "ok" });
}

/** Plays one session through the turn host and the people's services, as the API would; its id. */
export async function playSession(db: Database, session: CorpusSession): Promise<string> {
  const created = await createSession(db, {
    agent: await agentNamed(db, session.agent),
    channel: "api",
    customerRef: session.customer,
    continuityEnabled: session.continuity,
    createdBy: "fidelity-corpus",
  });
  for (const step of session.steps) {
    if (typeof step === "string") {
      await runAndPersistTurn(db, { ...acting, sessionId: created.id, message: step });
    } else if ("person" in step) {
      await personStep(db, created.id, step);
    } else if ("approval" in step) {
      await approvalStep(db, created.id, step.approval);
    } else {
      const agent = await agentNamed(db, session.agent);
      await updateAgentSettings(
        db,
        { ...acting, agentKey: agent.key, expectedVersion: agent.configVersion, policies: SAVE_POLICIES },
        step.save,
      );
    }
  }
  return created.id;
}
