import type { Metadata } from "next";
import { AccessDenied } from "@/components/admin/access-denied";
import { AddOperatorForm } from "@/components/admin/add-operator-form";
import { AgentGrants } from "@/components/admin/agent-grants";
import { ApiKeysTable } from "@/components/admin/api-keys-table";
import { CreateApiKeyDialog } from "@/components/admin/create-api-key-dialog";
import { CreatePublishableKeyDialog } from "@/components/admin/create-publishable-key-dialog";
import { IdentitySecretsTable } from "@/components/admin/identity-secrets-table";
import { OperatorsTable } from "@/components/admin/operators-table";
import { PublishableKeysTable } from "@/components/admin/publishable-keys-table";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { listAgentGrants } from "@/db/queries/agent-grants";
import { listAgents } from "@/db/queries/agents";
import { listCustomerIdentitySecrets } from "@/db/queries/customer-identity-secrets";
import { listApiKeys, listOperators } from "@/db/queries/identity";
import { livePublishableKeys } from "@/db/queries/publishable-keys";
import { roleAtLeast } from "@/lib/identity/roles";
import { definePage } from "@/lib/server/access/agent-page";
import { requireOperator } from "@/lib/server/auth/require-operator";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "Users & keys" };

async function AdminPage() {
  const operator = await requireOperator();
  if (!roleAtLeast(operator.role, "admin")) return <AccessDenied needs="admin" have={operator.role} />;
  const db = await getDb();
  const [operators, keys, grants, agents, publishable, identitySecrets] = await Promise.all([
    listOperators(db),
    listApiKeys(db),
    listAgentGrants(db),
    listAgents(db),
    livePublishableKeys(db),
    listCustomerIdentitySecrets(db),
  ]);
  const secretOf = new Map(identitySecrets.map((row) => [row.agentId, row]));
  const agentOptions = agents.map((a) => ({ key: a.key, name: a.name }));
  const agentKeyOf = new Map(agents.map((a) => [a.id, a.key]));
  return (
    <>
      <PageHeader
        title="Users & API keys"
        description="Operators sign in to the console; API keys call the REST API; publishable keys embed a chat in a web page."
      />
      <Card>
        <CardHeader>
          <CardTitle>Operators</CardTitle>
          <CardDescription>
            viewer reads · designer edits agents · operator also overrides guardrails · admin manages operators and
            keys. Disabling ends the operator&apos;s sessions at once.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <OperatorsTable operators={operators} selfId={operator.id} />
          <AddOperatorForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Access per agent</CardTitle>
          <CardDescription>
            An operator with a role on some agents sees only those, each at its role; other agents answer 404 as if they
            did not exist. Without any, they have their own role on every agent. Admins reach every agent.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <AgentGrants
            grants={grants}
            operators={operators.map((op) => ({ id: op.id, email: op.email, role: op.role }))}
            agents={agentOptions}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex flex-row items-start justify-between gap-4">
          <div>
            <CardTitle>API keys</CardTitle>
            <CardDescription>
              Shown once at creation; only a SHA-256 hash is stored. Revoked keys get 401.
            </CardDescription>
          </div>
          <CreateApiKeyDialog agents={agentOptions} />
        </CardHeader>
        <CardContent>
          <ApiKeysTable
            keys={keys.map((k) => ({
              ...k,
              agents: k.agentIds ? k.agentIds.map((id) => agentKeyOf.get(id)).filter((key) => key !== undefined) : null,
              createdAt: k.createdAt.toISOString(),
              lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
              revokedAt: k.revokedAt?.toISOString() ?? null,
            }))}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex flex-row items-start justify-between gap-4">
          <div>
            <CardTitle>Publishable keys</CardTitle>
            <CardDescription>
              For a web page&apos;s chat widget: one agent, only from the origins listed, and only to start
              conversations and talk in them. Shown once at creation; revoked keys get 401.
            </CardDescription>
          </div>
          <CreatePublishableKeyDialog agents={agentOptions} />
        </CardHeader>
        <CardContent>
          <PublishableKeysTable
            keys={publishable.flatMap((k) => {
              const agent = agentKeyOf.get(k.agentId);
              return agent ? [{ ...k, agent, createdAt: k.createdAt.toISOString() }] : [];
            })}
          />
          <div className="space-y-2 pt-6">
            <h3 className="font-medium text-sm">Signed-in customers</h3>
            <p className="text-xs text-muted-foreground">
              A page never names its customer. Your server signs who is signed in with the agent&apos;s identity secret,
              and the widget sends that token (docs/widget.md, “Identified customers”). Without a secret, an
              agent&apos;s widget chats are anonymous.
            </p>
            <IdentitySecretsTable
              rows={agents.map((agent) => {
                const secret = secretOf.get(agent.id);
                return {
                  agent: agent.key,
                  agentName: agent.name,
                  set: secret ? { by: secret.createdBy, at: secret.createdAt.toISOString() } : null,
                };
              })}
            />
          </div>
        </CardContent>
      </Card>
    </>
  );
}

export default definePage(AdminPage);
