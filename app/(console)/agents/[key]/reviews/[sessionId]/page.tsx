import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { z } from "zod";
import { SessionReview } from "@/components/reviews/session-review";
import { roleAtLeast } from "@/lib/identity/roles";
import { loadSessionReview } from "@/lib/reviews/server/load-reviews";
import { definePage, requireAgentOperator, requirePageAgent } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "Review" };

async function SessionReviewPage({ params }: { params: Promise<{ key: string; sessionId: string }> }) {
  const operator = await requireAgentOperator((await params).key);
  const { key, sessionId } = await params;
  const agent = await requirePageAgent(key);
  // Not a uuid: no such review (the column is uuid, so the query would fail instead).
  if (!z.string().uuid().safeParse(sessionId).success) notFound();
  const data = await loadSessionReview(await getDb(), agent, sessionId);
  if (!data) notFound();
  return <SessionReview agentKey={agent.key} data={data} canLabel={roleAtLeast(operator.role, "designer")} />;
}

export default definePage(SessionReviewPage);
