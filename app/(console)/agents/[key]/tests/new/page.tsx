import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { TestCaseEditor } from "@/components/conversation-tests/test-case-editor";
import { duplicateForm, newCaseForm } from "@/lib/conversation-tests/case-form";
import { loadTestsWorkspace } from "@/lib/conversation-tests/server/load-tests-workspace";
import { testsHref } from "@/lib/conversation-tests/tests-href";
import { roleAtLeast } from "@/lib/identity/roles";
import { definePage, requireAgentOperator, requirePageAgent } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "New test" };

// A new case, empty or (`?from=`) a copy of another to save under a new key.
async function NewTestCasePage({
  params,
  searchParams,
}: {
  params: Promise<{ key: string }>;
  searchParams: Promise<{ from?: string }>;
}) {
  const operator = await requireAgentOperator((await params).key);
  const db = await getDb();
  const agent = await requirePageAgent((await params).key);
  if (!roleAtLeast(operator.role, "designer")) redirect(testsHref(agent.key));
  const data = await loadTestsWorkspace(db, agent, { withResults: false });
  const from = (await searchParams).from;
  const source = from ? data.tests.find((t) => t.key === from) : undefined;
  return (
    <TestCaseEditor
      key={from ?? "new"}
      agent={{ key: agent.key, name: agent.name }}
      loadedKey={null}
      initial={source ? duplicateForm(source) : newCaseForm()}
      options={data.options}
      canEdit
    />
  );
}

export default definePage(NewTestCasePage);
