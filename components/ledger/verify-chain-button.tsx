"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useActionResult } from "@/components/ui/use-action-result";
import { verifyLedgerAction } from "@/lib/actions/ledger/verify-ledger";
import { plural } from "@/lib/text/plural";

/** The intact verdict in words: every count agrees with its noun, and no anchor yet is said as such. */
function intactSentence(v: { total: number; chains: number; anchors: number; unanchored: number }): string {
  const linked = `${plural(v.total, "event")} in ${plural(v.chains, "chain")} link back to the genesis hash`;
  const anchored =
    v.anchors === 0
      ? "no anchor has been written yet"
      : v.anchors === 1
        ? "the anchor matches the chain heads it covers"
        : `all ${v.anchors} anchors match the chain heads they cover`;
  return `${linked}; ${anchored} (${plural(v.unanchored, "event")} not anchored yet). The seq column skips numbers taken by writes that were rolled back; no chain skips any of its own.`;
}

export function VerifyChainButton() {
  const { pending, data: verdict, error, run: verify } = useActionResult(() => verifyLedgerAction({}));

  return (
    <div className="flex max-w-xl flex-col items-end gap-2">
      <Button onClick={verify} pending={pending} data-testid="verify-chain">
        Verify chain
      </Button>
      <div aria-live="polite" data-testid="verify-result" className="text-right text-sm">
        {error ? <span className="text-destructive">Could not verify: {error}</span> : null}
        {verdict?.is_intact ? <span className="text-success">✓ Chain intact: {intactSentence(verdict)}</span> : null}
        {verdict && !verdict.is_intact ? (
          <Alert variant="danger" title={`Ledger broken at seq ${verdict.broken_at}`}>
            {verdict.reason ? `${verdict.reason}. ` : null}Something at seq {verdict.broken_at} was changed, removed or
            forged after it was written ({plural(verdict.total, "event")} in the table).{" "}
            <a href={`#seq-${verdict.broken_at}`}>Jump to it</a>, then restore the database from a backup taken before
            that event and compare the latest anchor hash with the copy kept outside the database.
          </Alert>
        ) : null}
      </div>
    </div>
  );
}
