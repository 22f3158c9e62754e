"use client";

import Link from "next/link";
import { ChoiceLinks } from "@/components/ui/choice-links";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import type { ApprovalBody, ApprovalStateName } from "@/lib/approvals/approval-schemas";
import { APPROVAL_STATES } from "@/lib/approvals/approval-schemas";
import { ApprovalCard, NoticeAlert, STATE_LABEL } from "./approval-card";
import { useApprovalList } from "./use-approval-list";

const EMPTY_TEXT: Record<ApprovalStateName, string> = {
  pending: "No tool call is waiting for approval",
  approved: "No tool call has been approved yet",
  denied: "No tool call has been denied yet",
  expired: "No approval has expired",
};

const approvalsHref = (agentKey: string, state: ApprovalStateName) =>
  `/agents/${encodeURIComponent(agentKey)}/approvals${state === "pending" ? "" : `?state=${state}`}`;

function StateFilter({ agentKey, current }: { agentKey: string; current: ApprovalStateName }) {
  return (
    <ChoiceLinks
      label="Approval state"
      choices={APPROVAL_STATES.map((state) => ({
        value: state,
        label: STATE_LABEL[state],
        href: approvalsHref(agentKey, state),
      }))}
      current={current}
      testIdPrefix="approval-filter-"
    />
  );
}

/** The agent's tool calls that wait for (or were given) an operator's decision (docs/approvals.md). */
export function ApprovalsView({
  agentKey,
  agentName,
  state,
  approvals,
  canDecide,
}: {
  agentKey: string;
  agentName: string;
  state: ApprovalStateName;
  approvals: ApprovalBody[];
  canDecide: boolean;
}) {
  const { notice, shown, decided, gone } = useApprovalList(approvals, state === "pending");
  return (
    <>
      <PageHeader
        title="Approvals"
        description={`${agentName} · tool calls marked “Requires approval” wait here; the customer's turn resumes once you decide`}
        actions={<StateFilter agentKey={agentKey} current={state} />}
      />
      <NoticeAlert notice={notice} />
      {shown.length === 0 ? (
        <EmptyState
          title={EMPTY_TEXT[state]}
          description={
            <>
              A tool waits here when its editor&apos;s <em>Requires approval</em> box is ticked in{" "}
              <Link href={`/agents/${encodeURIComponent(agentKey)}/tools`} className="underline">
                Tools
              </Link>{" "}
              and a turn is about to call it.
            </>
          }
        />
      ) : (
        <ul aria-label={`${STATE_LABEL[state]} approvals`} className="flex flex-col gap-3" data-testid="approvals">
          {shown.map((approval) => (
            <ApprovalCard
              key={approval.id}
              approval={approval}
              canDecide={canDecide}
              onDecided={decided}
              onGone={gone}
            />
          ))}
        </ul>
      )}
    </>
  );
}
