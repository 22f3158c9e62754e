"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useAttention } from "@/components/console/attention";
import type { ApprovalBody, ApprovalDecisionBody } from "@/lib/approvals/approval-schemas";
import type { Notice } from "./approval-card";

/**
 * A list of approvals kept live: re-read (router.refresh) when the console's approval counts change —
 * one asked, decided or expired anywhere the operator reaches — and after this operator's own decision,
 * whose card leaves the pending list at once.
 */
export function useApprovalList(approvals: ApprovalBody[], pendingOnly: boolean) {
  const router = useRouter();
  const [notice, setNotice] = useState<Notice | null>(null);
  const counts = useAttention();
  const key = counts ? `${counts.pendingApprovals}:${counts.expiringApprovals}` : null;
  const seen = useRef(key);
  useEffect(() => {
    if (key === null || key === seen.current) return;
    seen.current = key;
    router.refresh();
  }, [key, router]);
  const decided = (result: ApprovalDecisionBody) => {
    setNotice({ kind: "decided", result });
    router.refresh();
  };
  const gone = (message: string) => {
    setNotice({ kind: "gone", message });
    router.refresh();
  };
  const justDecided = notice?.kind === "decided" ? notice.result.approval.id : null;
  const shown = approvals.filter((a) => a.id !== justDecided || !pendingOnly);
  return { notice, shown, decided, gone };
}
