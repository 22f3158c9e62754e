import { Plus } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/** Every config page links to the agent's history, where each of its saves is a ledger diff. */
export function HistoryButton({ agentKey }: { agentKey: string }) {
  return (
    <Button asChild variant="outline">
      <Link href={`/agents/${agentKey}/history`}>History</Link>
    </Button>
  );
}

/** "New rule", "New tool", …: opens an empty editor. */
export function NewButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button type="button" onClick={onClick}>
      <Plus aria-hidden="true" />
      {children}
    </Button>
  );
}

/** A config list page's header actions: History, and for designers the New button (null `onNew` for viewers). */
export function ConfigPageActions({
  agentKey,
  newLabel,
  onNew,
}: {
  agentKey: string;
  newLabel: string;
  onNew: (() => void) | null;
}) {
  return (
    <>
      <HistoryButton agentKey={agentKey} />
      {onNew ? <NewButton onClick={onNew}>{newLabel}</NewButton> : null}
    </>
  );
}
