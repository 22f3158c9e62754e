import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LoopDetail } from "@/components/loops/loop-detail";
import { LoopId } from "@/lib/engine/loops";
import { roleAtLeast } from "@/lib/identity/roles";
import { personMayOverride } from "@/lib/loops/loop-view";
import { loadLoopDetail } from "@/lib/loops/server/load-loop-detail";
import { definePage } from "@/lib/server/access/agent-page";
import { requireOperator } from "@/lib/server/auth/require-operator";
import { getDb } from "@/lib/server/db";

type Params = Promise<{ loopId: string }>;

/** A malformed escape ("%E0%A4%A") names no loop rather than failing the page. */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Loop ${decoded((await params).loopId)}` };
}

async function LoopPage({ params }: { params: Params }) {
  const operator = await requireOperator();
  const loopId = LoopId.safeParse(decoded((await params).loopId));
  if (!loopId.success) notFound();
  const detail = await loadLoopDetail(await getDb(), loopId.data);
  if (!detail) notFound();
  const canOverride = roleAtLeast(operator.role, "operator") && personMayOverride(detail.loop);
  return <LoopDetail {...detail} canOverride={canOverride} />;
}

export default definePage(LoopPage);
