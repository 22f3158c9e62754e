import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TurnDetail } from "@/components/traces/turn-detail";
import { roleAtLeast } from "@/lib/identity/roles";
import { loadSessionReplayContext } from "@/lib/replay/server/load-session-replay-context";
import { definePage, requireAgentOperator, requirePageAgent } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";
import { loadTurnDetail } from "@/lib/traces/server/load-turn-detail";

export const metadata: Metadata = { title: "Turn detail" };

async function TurnDetailPage({ params }: { params: Promise<{ key: string; turnId: string }> }) {
  const operator = await requireAgentOperator((await params).key);
  const { key, turnId } = await params;
  const db = await getDb();
  const agent = await requirePageAgent(key);
  const data = await loadTurnDetail(db, agent, turnId);
  if (!data) notFound();
  const replay = await loadSessionReplayContext(db, agent, data.turn.sessionId);
  return (
    <TurnDetail
      agentKey={agent.key}
      data={data}
      replay={replay}
      canReplay={roleAtLeast(operator.role, "designer")}
      canRevealPii={operator.role === "admin"}
    />
  );
}

export default definePage(TurnDetailPage);
