import "server-only";
import { createHash } from "node:crypto";
import { listRules } from "@/db/queries/agent-config";
import { listSessionTurns } from "@/db/queries/conversations";
import { insertReviewIfAbsent, saveReviewLabels } from "@/db/queries/reviews";
import { lockSessionGoal } from "@/db/queries/session-goal";
import type { Database } from "@/db/types";
import type { SavedReview, SaveReviewLabelsData } from "@/lib/reviews/review-schemas";
import { sessionOr404 } from "@/lib/server/access/agent-lookup";
import { AppError, type FieldIssue } from "@/lib/server/errors";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor } from "@/lib/server/ledger/event-types";

/**
 * Saves a reviewer's labels for one session: its resolution, each turn's verdict and fault, a note.
 * A session not yet in the queue enters it (added by the reviewer). One transaction with a
 * REVIEW_LABELLED event on the session's chain, under the session's row lock like a turn's events;
 * the event carries the note's SHA-256, never its text (docs/reviews.md#ledger).
 */
export async function saveSessionReviewLabels(
  db: Database,
  input: SaveReviewLabelsData,
  who: { actor: Actor; requestId: string },
): Promise<SavedReview> {
  const { session, agent } = await sessionOr404(db, input.session_id);
  const turns = await listSessionTurns(db, session.id);
  const ruleKeys = new Set((await listRules(db, agent.id)).map((rule) => rule.key));
  const turnIds = new Set(turns.map((turn) => turn.id));
  const issues: FieldIssue[] = [];
  input.turns.forEach((label, index) => {
    if (!turnIds.has(label.turn_id)) {
      issues.push({ path: `turns[${index}].turn_id`, message: "not a turn of this session" });
    }
    if (label.fault?.kind === "rule" && !ruleKeys.has(label.fault.rule_key)) {
      issues.push({
        path: `turns[${index}].fault.rule_key`,
        message: `no rule "${label.fault.rule_key}" on this agent`,
      });
    }
  });
  if (issues.length > 0) throw new AppError("VALIDATION", "Some labels need attention.", issues);
  const note = input.note.trim() === "" ? null : input.note;
  const configVersion = turns.at(-1)?.configVersion ?? null;
  const labels = input.turns.map((label) => ({
    turnId: label.turn_id,
    verdict: label.verdict,
    faultRuleKey: label.fault?.kind === "rule" ? label.fault.rule_key : null,
    faultStage: label.fault?.kind === "stage" ? label.fault.stage : null,
  }));
  await db.transaction(async (tx) => {
    // The session chain's appenders are serialized by this lock (append-ledger-event.ts).
    if (!(await lockSessionGoal(tx, session.id))) throw new AppError("NOT_FOUND", `No session with id ${session.id}.`);
    await insertReviewIfAbsent(tx, {
      sessionId: session.id,
      agentId: agent.id,
      reason: "added",
      addedBy: who.actor.name,
    });
    await saveReviewLabels(tx, {
      sessionId: session.id,
      resolved: input.resolved,
      note,
      reviewedBy: who.actor.name,
      configVersion,
      turns: labels,
    });
    await appendLedgerEvent(tx, {
      type: "REVIEW_LABELLED",
      sessionChain: session.id,
      actor: who.actor,
      agentId: agent.id,
      requestId: who.requestId,
      payload: {
        session_id: session.id,
        resolved: input.resolved,
        config_version: configVersion,
        turns: labels.map((label) => ({
          turn_id: label.turnId,
          verdict: label.verdict,
          fault_rule_key: label.faultRuleKey,
          fault_stage: label.faultStage,
        })),
        note_sha256: note === null ? null : createHash("sha256").update(note).digest("hex"),
      },
    });
  });
  return { session_id: session.id, state: input.resolved === null ? "open" : "reviewed", resolved: input.resolved };
}
