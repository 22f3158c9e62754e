import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TestCaseEditor } from "@/components/conversation-tests/test-case-editor";
import { caseToForm } from "@/lib/conversation-tests/case-form";
import { loadTestsWorkspace } from "@/lib/conversation-tests/server/load-tests-workspace";
import { roleAtLeast } from "@/lib/identity/roles";
import { definePage, requireAgentOperator, requirePageAgent } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "Test" };

async function TestCasePage({ params }: { params: Promise<{ key: string; test_key: string }> }) {
  const operator = await requireAgentOperator((await params).key);
  const db = await getDb();
  const { key, test_key } = await params;
  const agent = await requirePageAgent(key);
  const data = await loadTestsWorkspace(db, agent, { withResults: false });
  const testCase = data.tests.find((t) => t.key === decodeURIComponent(test_key));
  if (!testCase) notFound();
  return (
    <TestCaseEditor
      key={testCase.key}
      agent={{ key: agent.key, name: agent.name }}
      loadedKey={testCase.key}
      initial={caseToForm(testCase)}
      options={data.options}
      canEdit={roleAtLeast(operator.role, "designer")}
    />
  );
}

export default definePage(TestCasePage);
