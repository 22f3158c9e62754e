"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import type { ApprovalBody, ApprovalDecisionBody, ApprovalStateName } from "@/lib/approvals/approval-schemas";
import { APPROVAL_STATES } from "@/lib/approvals/approval-schemas";
import { turnHref } from "@/lib/traces/trace-search";
import { ApprovalDecideForm } from "./approval-decide-form";

const STATE_LABEL: Record<ApprovalStateName, string> = {
  pending: "Pending",
  approved: "Approved",
  denied: "Denied",
  expired: "Expired",
};

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

const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

function Context({ approval }: { approval: ApprovalBody }) {
  const { rule, scenario, step } = approval.context;
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-muted-foreground">Customer</dt>
      <dd>{approval.message}</dd>
      <dt className="text-muted-foreground">Rule</dt>
      <dd className="font-mono text-xs leading-5">{rule.key}</dd>
      <dt className="text-muted-foreground">Step</dt>
      <dd className="font-mono text-xs leading-5">
        {scenario ? `${scenario.key}${step ? ` / ${step.key}` : ""}` : "no scenario"}
      </dd>
      <dt className="text-muted-foreground">Inputs</dt>
      <dd>
        {Object.keys(approval.input).length === 0 ? (
          <span className="text-muted-foreground">none</span>
        ) : (
          <pre className="whitespace-pre-wrap break-all font-mono text-xs" data-testid="approval-input">
            {JSON.stringify(approval.input, null, 2)}
          </pre>
        )}
      </dd>
    </dl>
  );
}

function ApprovalCard({
  agentKey,
  approval,
  canDecide,
  onDecided,
  onGone,
}: {
  agentKey: string;
  approval: ApprovalBody;
  canDecide: boolean;
  onDecided: (result: ApprovalDecisionBody) => void;
  onGone: (message: string) => void;
}) {
  const headingId = `approval-${approval.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-border p-3"
      data-testid="approval"
      data-state={approval.state}
    >
      <div className="flex flex-wrap items-baseline gap-2">
        <h2 id={headingId} className="font-medium text-sm">
          {approval.tool.name} <span className="font-mono text-muted-foreground text-xs">{approval.tool.key}</span>
        </h2>
        <span className="text-muted-foreground text-xs">
          asked {utc(approval.requested_at)}
          {approval.state === "pending" ? ` · expires ${utc(approval.expires_at)}` : ""}
        </span>
        <Link href={turnHref(agentKey, approval.request_turn_id)} className="ml-auto text-xs underline">
          Open trace
        </Link>
      </div>
      <Context approval={approval} />
      {approval.state !== "pending" ? (
        <p className="text-sm">
          {STATE_LABEL[approval.state]} by {approval.decided_by ?? "—"}
          {approval.reason ? `: ${approval.reason}` : ""}
          {approval.resumed_turn_id ? (
            <>
              {" · "}
              <Link href={turnHref(agentKey, approval.resumed_turn_id)} className="underline">
                reply
              </Link>
            </>
          ) : null}
        </p>
      ) : canDecide ? (
        <ApprovalDecideForm approvalId={approval.id} onDecided={onDecided} onGone={onGone} />
      ) : (
        <p className="text-muted-foreground text-sm">Operators approve or deny; your role can read this list.</p>
      )}
    </li>
  );
}

type Notice = { kind: "decided"; result: ApprovalDecisionBody } | { kind: "gone"; message: string };

/** What the last decision did: the customer's reply, or why it could not be made (the list is refreshed). */
function NoticeAlert({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  if (notice.kind === "gone") {
    return (
      <Alert variant="warning" title="Someone got there first">
        <span data-testid="approval-gone">{notice.message} The list below is up to date.</span>
      </Alert>
    );
  }
  const { approval, turn } = notice.result;
  return (
    <Alert
      variant={approval.state === "approved" ? "success" : "info"}
      title={`${approval.tool.name}: ${approval.state}`}
    >
      <span data-testid="approval-reply">The customer was told: “{turn?.response ?? "nothing"}”</span>
    </Alert>
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
  const router = useRouter();
  const [notice, setNotice] = useState<Notice | null>(null);
  const decided = (result: ApprovalDecisionBody) => {
    setNotice({ kind: "decided", result });
    router.refresh();
  };
  const gone = (message: string) => {
    setNotice({ kind: "gone", message });
    router.refresh();
  };
  const justDecided = notice?.kind === "decided" ? notice.result.approval.id : null;
  const shown = approvals.filter((a) => a.id !== justDecided || state !== "pending");
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
              agentKey={agentKey}
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
