import { Plus } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import type { CaseFilters } from "@/lib/conversation-tests/case-list";
import { testsHref } from "@/lib/conversation-tests/tests-href";
import type { TestsWorkspaceData } from "@/lib/conversation-tests/tests-workspace";
import { ruleNamesOf } from "@/lib/conversation-tests/tests-workspace";
import { CaseFilterForm } from "./case-filter-form";
import { CaseTable } from "./case-table";
import { RunSuiteForm } from "./run-suite-form";
import { TestRunPanel } from "./test-run-panel";
import { TestRunsHistory } from "./test-runs-history";

interface TestsWorkspaceProps {
  data: TestsWorkspaceData;
  filters: CaseFilters;
  /** The run whose progress or report is open (`?run=`). */
  openRunId: string | null;
  canEdit: boolean;
}

/** The agent's conversation tests: cases by suite with their last result, suite runs, and run reports. */
export function TestsWorkspace({ data, filters, openRunId, canEdit }: TestsWorkspaceProps) {
  const agentKey = data.agent.key;
  return (
    <>
      <PageHeader
        title="Tests"
        description={`${data.agent.name} · v${data.agent.configVersion}. Scripted conversations with what each turn must do; a frozen run answers the engine's model calls from the recorded answers, so none reaches a provider.`}
        actions={
          canEdit ? (
            <Button asChild>
              <Link href={`${testsHref(agentKey)}/new`} data-testid="new-test">
                <Plus aria-hidden="true" />
                New test
              </Link>
            </Button>
          ) : null
        }
      />
      {data.tests.length === 0 ? (
        <EmptyState
          title="No tests yet"
          description="No tests yet: save a conversation from the Sandbox or a trace as a test, or create one here."
          action={
            <>
              <Button asChild variant="outline">
                <Link href={`/agents/${agentKey}/sandbox`}>Open the Sandbox</Link>
              </Button>
              {canEdit ? (
                <Button asChild>
                  <Link href={`${testsHref(agentKey)}/new`}>New test</Link>
                </Button>
              ) : null}
            </>
          }
        />
      ) : (
        <>
          <RunSuiteForm agentKey={agentKey} tests={data.tests} canRun={canEdit} />
          {openRunId ? (
            <TestRunPanel
              key={openRunId}
              agentKey={agentKey}
              runId={openRunId}
              canCancel={canEdit}
              ruleNames={ruleNamesOf(data.options)}
            />
          ) : null}
          <section aria-labelledby="cases-heading" className="space-y-3">
            <h2 id="cases-heading" className="font-semibold text-base">
              Cases
            </h2>
            <CaseFilterForm agentKey={agentKey} tests={data.tests} filters={filters} />
            <CaseTable agentKey={agentKey} tests={data.tests} filters={filters} lastResults={data.lastResults} />
          </section>
        </>
      )}
      <TestRunsHistory agentKey={agentKey} initialRuns={data.runs} openRunId={openRunId} />
    </>
  );
}
