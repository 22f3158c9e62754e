"use client";

import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import type { ApprovalBody } from "@/lib/approvals/approval-schemas";
import { ApprovalCard, NoticeAlert } from "./approval-card";
import { useApprovalList } from "./use-approval-list";

/**
 * The pending approvals of every agent the operator reaches, oldest first (docs/approvals.md#the-console):
 * the one place to watch, kept live by the console's attention stream.
 */
export function AllApprovalsView({
  approvals,
  agentNames,
  decidable,
}: {
  approvals: ApprovalBody[];
  /** Agent key → name. */
  agentNames: Record<string, string>;
  /** The agent keys on which the operator's role may approve or deny. */
  decidable: string[];
}) {
  const { notice, shown, decided, gone } = useApprovalList(approvals, true);
  return (
    <>
      <PageHeader
        title="Approvals"
        description="Every agent you reach · tool calls marked “Requires approval” wait here, oldest first; the customer's turn resumes once you decide. An agent's name opens its decided ones."
      />
      <NoticeAlert notice={notice} />
      {shown.length === 0 ? (
        <EmptyState
          title="No approvals are waiting."
          description="A tool marked requires_approval pauses the turn here."
        />
      ) : (
        <ul aria-label="Pending approvals" className="flex flex-col gap-3" data-testid="approvals">
          {shown.map((approval) => (
            <ApprovalCard
              key={approval.id}
              approval={approval}
              agentName={agentNames[approval.agent_key] ?? approval.agent_key}
              canDecide={decidable.includes(approval.agent_key)}
              onDecided={decided}
              onGone={gone}
            />
          ))}
        </ul>
      )}
    </>
  );
}
