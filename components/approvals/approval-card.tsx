"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { cn } from "@/components/ui/cn";
import type { ApprovalBody, ApprovalDecisionBody, ApprovalStateName } from "@/lib/approvals/approval-schemas";
import { EXPIRING_SOON_MS } from "@/lib/approvals/approval-schemas";
import { turnHref } from "@/lib/traces/trace-search";
import { ApprovalDecideForm } from "./approval-decide-form";

// One approval as both lists show it: the tool, what led to it, when it was asked and when it expires,
// and the decision (or who made it).

export const STATE_LABEL: Record<ApprovalStateName, string> = {
  pending: "Pending",
  approved: "Approved",
  denied: "Denied",
  expired: "Expired",
};

const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;
const MINUTE_MS = 60_000;

/** The time now, again every 15 s: "expires in 4 min" counts down without a reload. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** "expires in 4 min" in words, amber within 5 minutes (the console's "expiring soon"). */
function ExpiresIn({ expiresAt }: { expiresAt: string }) {
  const left = new Date(expiresAt).getTime() - useNow();
  const minutes = Math.ceil(left / MINUTE_MS);
  const words =
    left <= 0 ? "expired: counts as denied" : minutes <= 1 ? "expires in under a minute" : `expires in ${minutes} min`;
  const soon = left <= EXPIRING_SOON_MS;
  return (
    // The server's minute and the browser's may differ by one: the browser's wins without a warning.
    <span
      suppressHydrationWarning
      className={cn("text-xs", soon ? "font-medium text-warning" : "text-muted-foreground")}
      data-testid="approval-expires-in"
      data-soon={soon ? "true" : undefined}
    >
      {words}
      {soon && left > 0 ? " · expiring soon" : ""}
    </span>
  );
}

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

function Decided({ approval }: { approval: ApprovalBody }) {
  return (
    <p className="text-sm">
      {STATE_LABEL[approval.state]} by {approval.decided_by ?? "—"}
      {approval.reason ? `: ${approval.reason}` : ""}
      {approval.resumed_turn_id ? (
        <>
          {" · "}
          <Link href={turnHref(approval.agent_key, approval.resumed_turn_id)} className="underline">
            reply
          </Link>
        </>
      ) : null}
    </p>
  );
}

export function ApprovalCard({
  approval,
  agentName,
  canDecide,
  onDecided,
  onGone,
}: {
  approval: ApprovalBody;
  /** Shown on the list across agents; each agent's own page leaves it out. */
  agentName?: string;
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
        {agentName ? (
          <Link
            href={`/agents/${encodeURIComponent(approval.agent_key)}/approvals`}
            className="font-medium text-sm underline"
            data-testid="approval-agent"
          >
            {agentName}
          </Link>
        ) : null}
        <h2 id={headingId} className="font-medium text-sm">
          {approval.tool.name} <span className="font-mono text-muted-foreground text-xs">{approval.tool.key}</span>
        </h2>
        <span className="text-muted-foreground text-xs">
          asked {utc(approval.requested_at)}
          {approval.state === "pending" ? ` · expires ${utc(approval.expires_at)}` : ""}
        </span>
        {approval.state === "pending" ? <ExpiresIn expiresAt={approval.expires_at} /> : null}
        <Link href={turnHref(approval.agent_key, approval.request_turn_id)} className="ml-auto text-xs underline">
          Open trace
        </Link>
      </div>
      <Context approval={approval} />
      {approval.state !== "pending" ? (
        <Decided approval={approval} />
      ) : canDecide ? (
        <ApprovalDecideForm approvalId={approval.id} onDecided={onDecided} onGone={onGone} />
      ) : (
        <p className="text-muted-foreground text-sm">Operators approve or deny; your role can read this list.</p>
      )}
    </li>
  );
}

export type Notice = { kind: "decided"; result: ApprovalDecisionBody } | { kind: "gone"; message: string };

/** What the last decision did: the customer's reply, or why it could not be made (the list is refreshed). */
export function NoticeAlert({ notice }: { notice: Notice | null }) {
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
