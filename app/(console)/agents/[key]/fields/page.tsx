import { ProfileFieldsTable, ResponseVariablesTable } from "@/components/fields/fields-tables";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { listFieldsAndVariables } from "@/db/queries/agent-config";
import { getAgentOr404 } from "@/lib/server/agents/get-agent-or-404";
import { requireOperator } from "@/lib/server/auth/require-operator";
import { getDb } from "@/lib/server/db";

export default async function FieldsPage({ params }: { params: Promise<{ key: string }> }) {
  await requireOperator();
  const db = await getDb();
  const agent = await getAgentOr404(db, (await params).key);
  const { fields, variables } = await listFieldsAndVariables(db, agent.id);
  return (
    <>
      <PageHeader
        title="Fields & Variables"
        description={`${agent.name} · profile schema v${agent.profileSchemaVersion} · read-only until the design studio lands`}
      />
      <Card>
        <CardHeader>
          <CardTitle>Profile fields</CardTitle>
          <CardDescription>
            What the sensor may extract about a customer; entities are validated against these.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ProfileFieldsTable fields={fields} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Response variables</CardTitle>
          <CardDescription>
            Extracted from each draft reply (patterns first) so lane-1 CEL checks such as refund_amount &lt;= 50 can
            run.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ResponseVariablesTable variables={variables} />
        </CardContent>
      </Card>
    </>
  );
}
