import "server-only";
import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import { reviewTurnLabels, sessionReviews, sessions } from "../schema";
import type { DbOrTx, Transaction } from "../types";

type ReviewState = "open" | "reviewed";

export interface ReviewEntry {
  sessionId: string;
  agentId: string;
  reason: "sampled" | "added";
  sampledOutcome?: string | null;
  addedBy?: string | null;
}

/** Puts a session in the queue once: true when this call added it, false when it was already there. */
export async function insertReviewIfAbsent(db: DbOrTx, entry: ReviewEntry): Promise<boolean> {
  const inserted = await db
    .insert(sessionReviews)
    .values(entry)
    .onConflictDoNothing({ target: sessionReviews.sessionId })
    .returning({ sessionId: sessionReviews.sessionId });
  return inserted.length > 0;
}

export async function getReview(db: DbOrTx, sessionId: string) {
  const [row] = await db.select().from(sessionReviews).where(eq(sessionReviews.sessionId, sessionId));
  return row ?? null;
}

/** The agent's queue, newest first, with each session's turn count; `state` null = every state. */
export async function listReviews(db: DbOrTx, agentId: string, state: ReviewState | null, limit: number) {
  return db
    .select({
      review: sessionReviews,
      turnCount: sessions.turnCount,
      sessionCreatedAt: sessions.createdAt,
    })
    .from(sessionReviews)
    .innerJoin(sessions, eq(sessions.id, sessionReviews.sessionId))
    .where(and(eq(sessionReviews.agentId, agentId), state ? eq(sessionReviews.state, state) : undefined))
    .orderBy(desc(sessionReviews.createdAt), asc(sessionReviews.sessionId))
    .limit(limit);
}

export async function listReviewTurnLabels(db: DbOrTx, sessionId: string) {
  return db.select().from(reviewTurnLabels).where(eq(reviewTurnLabels.sessionId, sessionId));
}

export interface ReviewLabels {
  sessionId: string;
  resolved: boolean | null;
  note: string | null;
  reviewedBy: string;
  configVersion: number | null;
  turns: { turnId: string; verdict: "correct" | "wrong"; faultRuleKey: string | null; faultStage: string | null }[];
}

/** The review's verdict and its turn labels, replacing the previous ones; a resolution closes it. */
export async function saveReviewLabels(tx: Transaction, labels: ReviewLabels): Promise<void> {
  const now = new Date();
  await tx
    .update(sessionReviews)
    .set({
      resolved: labels.resolved,
      state: labels.resolved === null ? "open" : "reviewed",
      note: labels.note,
      reviewedBy: labels.reviewedBy,
      reviewedAt: now,
      configVersion: labels.configVersion,
      updatedAt: now,
    })
    .where(eq(sessionReviews.sessionId, labels.sessionId));
  await tx.delete(reviewTurnLabels).where(eq(reviewTurnLabels.sessionId, labels.sessionId));
  if (labels.turns.length === 0) return;
  await tx.insert(reviewTurnLabels).values(labels.turns.map((turn) => ({ ...turn, sessionId: labels.sessionId })));
}

/** Reviewed sessions and how many were resolved, per config version of their last turn, newest first. */
export async function resolutionByConfigVersion(db: DbOrTx, agentId: string) {
  return db
    .select({
      configVersion: sql<number>`${sessionReviews.configVersion}`,
      reviewed: sql<number>`count(*)::int`,
      resolved: sql<number>`count(*) filter (where ${sessionReviews.resolved})::int`,
    })
    .from(sessionReviews)
    .where(
      and(
        eq(sessionReviews.agentId, agentId),
        eq(sessionReviews.state, "reviewed"),
        isNotNull(sessionReviews.configVersion),
      ),
    )
    .groupBy(sessionReviews.configVersion)
    .orderBy(desc(sessionReviews.configVersion));
}
