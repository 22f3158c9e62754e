"use client";

import Link from "next/link";
import { cn } from "@/components/ui/cn";
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
    <nav aria-label="Approval state" className="flex gap-1 text-xs">
      {APPROVAL_STATES.map((state) => (
        <Link
          key={state}
          href={approvalsHref(agentKey, state)}
          aria-current={state === current ? "page" : undefined}
          data-testid={`approval-filter-${state}`}
          className={cn(
            "rounded-md border border-border px-2 py-1 hover:bg-muted",
            state === current && "bg-muted font-medium text-foreground",
          )}
        >
          {STATE_LABEL[state]}
        </Link>
      ))}
    </nav>
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
