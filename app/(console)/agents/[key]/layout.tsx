import type { ReactNode } from "react";
import { OperatorRoleProvider } from "@/components/console/operator-role";
import { requireAgentOperator } from "@/lib/server/access/agent-page";

// Every page under an agent: unknown or out of the operator's grant → the not-found page, before the
// page loads anything; client leaves see the operator's role on this agent.
export default async function AgentLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ key: string }>;
}) {
  const operator = await requireAgentOperator((await params).key);
  return <OperatorRoleProvider role={operator.role}>{children}</OperatorRoleProvider>;
}
