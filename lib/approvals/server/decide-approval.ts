import "server-only";
import { createHash } from "node:crypto";
import { getAgentById } from "@/db/queries/agents";
import {
  type ApprovalRow,
  getApproval,
  lockApproval,
  recordApprovalDecision,
  requestMessageOf,
} from "@/db/queries/approvals";
import { getSession } from "@/db/queries/conversations";
import { lockSessionMode } from "@/db/queries/handoffs";
import type { Database, Transaction } from "@/db/types";
import { reachesAgentId } from "@/lib/server/access/agent-access";
import { AppError } from "@/lib/server/errors";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor } from "@/lib/server/ledger/event-types";
import { runAndPersistTurn } from "@/lib/turns/server/host-turn";
import { queueWebhookEvent } from "@/lib/webhooks/server/queue-webhook-event";
import type { ApprovalDecisionBody } from "../approval-schemas";
import { approvalView } from "./approval-view";

// An operator's decision on a paused tool call (docs/approvals.md). The resumed turn runs the pipeline
// again on the paused turn's message with the decision; the decision is recorded in that turn's
// transaction (under the session's row lock, then the approval's), so the turn and the decision are
// stored together or not at all.

type Decided = "approved" | "denied" | "expired";

export interface Deciding {
  approvalId: string;
  state: Decided;
  reason: string;
  actor: Actor;
  requestId: string;
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The approval named in a request with its agent's key; unknown and out-of-grant ones answer the same 404. */
async function approvalOr404(db: Database, id: string) {
  const approval = await getApproval(db, id);
  const agent = approval && reachesAgentId(approval.agentId) ? await getAgentById(db, approval.agentId) : null;
  if (!approval || !agent) throw new AppError("NOT_FOUND", `No approval with id ${id}.`);
  return { approval, agentKey: agent.key };
}

/** 409 on a decided approval; 410 on a pending one past its expiry (the sweep records it as expired). */
function refuseUndecidable(approval: ApprovalRow, state: Decided, now: Date): void {
  if (approval.state !== "pending") {
    throw new AppError(
      "CONFLICT",
      `Approval ${approval.id} is already ${approval.state}${approval.decidedBy ? ` by ${approval.decidedBy}` : ""}.`,
    );
  }
  if (state !== "expired" && approval.expiresAt.getTime() <= now.getTime()) {
    throw new AppError(
      "GONE",
      `Approval ${approval.id} expired at ${approval.expiresAt.toISOString()}; it counts as denied.`,
    );
  }
}

/**
 * POST /approvals/{id}/approve|deny: the turn resumes with the decision (approved: the tool runs and
 * the reply is generated; denied: the agent's denied reply) and the decision is recorded in its
 * transaction. 409 when decided or the session is with a person; 410 when expired; nothing written.
 */
export async function decideApproval(
  db: Database,
  input: Omit<Deciding, "state"> & { decision: "approve" | "deny" },
): Promise<ApprovalDecisionBody> {
  const { approval, agentKey } = await approvalOr404(db, input.approvalId);
  const state = input.decision === "approve" ? "approved" : "denied";
  refuseUndecidable(approval, state, new Date());
  const session = await getSession(db, approval.sessionId);
  if (session && session.mode !== "agent") {
    throw new AppError(
      "CONFLICT",
      "The session is with a person now: answer the customer from the handoff instead, or return it to the agent first.",
    );
  }
  return resumeTurn(db, approval, agentKey, { ...input, state });
}

/** Runs the resumed turn and records the decision in its transaction. */
export async function resumeTurn(
  db: Database,
  approval: ApprovalRow,
  agentKey: string,
  deciding: Deciding,
): Promise<ApprovalDecisionBody> {
  const message = (await requestMessageOf(db, approval.requestTurnId)) ?? "";
  let decided: ApprovalRow | null = null;
  const turn = await runAndPersistTurn(db, {
    sessionId: approval.sessionId,
    message,
    actor: deciding.actor,
    requestId: deciding.requestId,
    approval: {
      approvalId: approval.id,
      toolId: approval.toolId,
      decision: deciding.state === "approved" ? "approved" : "denied",
    },
    onPersist: async (tx, persisted) => {
      decided = await recordDecision(tx, approval, deciding, persisted.turnId);
    },
  });
  if (!decided) throw new Error("the resumed turn committed without its decision");
  return {
    approval: approvalView(decided, agentKey, message),
    turn: { id: turn.turnId, outcome: turn.outcome.outcome, response: turn.outcome.response },
  };
}

/**
 * The decision, its ledger event on the session's chain (TOOL_APPROVED or TOOL_DENIED with a SHA-256 of
 * the reason, never its text) and the `approval.decided` webhook. Re-checked under the lock: a decision
 * that lost a race throws, and the transaction it is in writes nothing.
 */
export async function recordDecision(
  tx: Transaction,
  approval: ApprovalRow,
  deciding: Deciding,
  resumedTurnId: string | null,
): Promise<ApprovalRow> {
  await lockSessionMode(tx, approval.sessionId);
  const locked = await lockApproval(tx, approval.id);
  if (!locked) throw new AppError("NOT_FOUND", `No approval with id ${approval.id}.`);
  refuseUndecidable(locked, deciding.state, new Date());
  const row = await recordApprovalDecision(tx, approval.id, {
    state: deciding.state,
    by: deciding.actor.name,
    reason: deciding.reason,
    resumedTurnId,
  });
  await appendLedgerEvent(tx, {
    sessionChain: approval.sessionId,
    type: deciding.state === "approved" ? "TOOL_APPROVED" : "TOOL_DENIED",
    actor: deciding.actor,
    agentId: approval.agentId,
    requestId: deciding.requestId,
    payload: {
      approval_id: approval.id,
      session_id: approval.sessionId,
      tool_key: approval.toolKey,
      state: deciding.state,
      reason_sha256: sha256(deciding.reason),
      reason_length: deciding.reason.length,
      request_turn_id: approval.requestTurnId,
      resumed_turn_id: resumedTurnId,
    },
  });
  await queueWebhookEvent(tx, {
    agentId: approval.agentId,
    type: "approval.decided",
    sessionId: approval.sessionId,
    data: {
      approval_id: approval.id,
      tool_key: approval.toolKey,
      decision: deciding.state,
      decided_by: deciding.actor.name,
      resumed_turn_id: resumedTurnId,
    },
  });
  return row;
}
