import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { ConsoleShell } from "@/components/console/console-shell";
import { OperatorRoleProvider } from "@/components/console/operator-role";
import { listAgents } from "@/db/queries/agents";
import { countAttention } from "@/lib/attention/server/attention-counts";
import { AGENT_IN_CONTEXT_COOKIE } from "@/lib/console/agent-in-context";
import { reachableAgentIdsForPage, reachableAgentsForPage } from "@/lib/server/access/agent-page";
import { requireOperator } from "@/lib/server/auth/require-operator";
import { getDb } from "@/lib/server/db";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const operator = await requireOperator();
  const db = await getDb();
  const agents = await reachableAgentsForPage(await listAgents(db));
  const reachable = await reachableAgentIdsForPage();
  const counts = await countAttention(db, { agentIds: reachable, operatorId: operator.id });
  const remembered = (await cookies()).get(AGENT_IN_CONTEXT_COOKIE)?.value ?? null;
  return (
    <ConsoleShell
      agents={agents.map((a) => ({ key: a.key, name: a.name }))}
      rememberedAgentKey={remembered}
      counts={{
        waitingHandoffs: counts.waiting_handoffs,
        unreadHandoffs: counts.unread_handoffs,
        pendingApprovals: counts.pending_approvals,
        expiringApprovals: counts.expiring_approvals,
      }}
      operator={{ email: operator.email, role: operator.role }}
    >
      <OperatorRoleProvider role={operator.role}>{children}</OperatorRoleProvider>
    </ConsoleShell>
  );
}
