import type { Metadata } from "next";
import { z } from "zod";
import { ReviewQueue } from "@/components/reviews/review-queue";
import { REVIEW_STATES } from "@/lib/reviews/review-schemas";
import { loadReviewQueue } from "@/lib/reviews/server/load-reviews";
import { definePage, requireAgentOperator, requirePageAgent } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "Reviews" };

// Open by default: what still needs a person. Anything else in the URL shows the default too.
const QueueFilter = z.enum([...REVIEW_STATES, "all"]).catch("open");

async function ReviewsPage({
  params,
  searchParams,
}: {
  params: Promise<{ key: string }>;
  searchParams: Promise<{ state?: string | string[] }>;
}) {
  await requireAgentOperator((await params).key);
  const agent = await requirePageAgent((await params).key);
  const filter = QueueFilter.parse((await searchParams).state);
  const rows = await loadReviewQueue(await getDb(), agent, filter === "all" ? null : filter);
  return <ReviewQueue agentKey={agent.key} agentName={agent.name} filter={filter} rows={rows} />;
}

export default definePage(ReviewsPage);
