import type { ReactNode } from "react";
import { OperatorRoleProvider } from "@/components/console/operator-role";
import { Sidebar } from "@/components/console/sidebar";
import { listAgents } from "@/db/queries/agents";
import { requireOperator } from "@/lib/server/auth/require-operator";
import { getDb } from "@/lib/server/db";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const operator = await requireOperator();
  const agents = await listAgents(await getDb());
  return (
    <div className="flex h-screen">
      <Sidebar
        agents={agents.map((a) => ({ key: a.key, name: a.name }))}
        operator={{ email: operator.email, role: operator.role }}
      />
      <main className="flex-1 overflow-y-auto">
        <div className="mx-auto max-w-6xl space-y-6 p-6">
          <OperatorRoleProvider role={operator.role}>{children}</OperatorRoleProvider>
        </div>
      </main>
    </div>
  );
}
