import Link from "next/link";
import { formatUtc } from "@/components/ledger/ledger-event-row";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import type { LedgerEventRow } from "@/db/schema";
import {
  BundleImportedPayload,
  ConfigChangedPayload,
  summarizeConfigEvent,
} from "@/lib/versioning/config-change-payload";
import { BundleImportDiff } from "./bundle-import-diff";
import { FieldDiffTable } from "./field-diff-table";

/** One configuration version: who made it, when, what it changed, and its ledger event. */
export function ConfigVersionEntry({ event, agentKey }: { event: LedgerEventRow; agentKey: string }) {
  const { version, summary } = summarizeConfigEvent(event.type, event.payload);
  const change = event.type === "CONFIG_CHANGED" ? ConfigChangedPayload.safeParse(event.payload) : null;
  const imported = event.type === "BUNDLE_IMPORTED" ? BundleImportedPayload.safeParse(event.payload) : null;
  return (
    <Card id={`v${version ?? `seq-${event.seq}`}`} data-testid="config-version">
      <CardHeader className="flex flex-row flex-wrap items-center gap-x-3 gap-y-1">
        <Badge variant="neutral" className="font-mono">
          {version === null ? "v?" : `v${version}`}
        </Badge>
        {event.type === "BUNDLE_IMPORTED" ? <Badge variant="info">bundle import</Badge> : null}
        <span className="font-medium text-sm">
          {summary}
          {change?.success && change.data.entity === "rule" && change.data.action !== "deleted" ? (
            <>
              {" "}
              <Link
                className="text-xs underline underline-offset-4"
                href={`/agents/${agentKey}/rules?q=${encodeURIComponent(change.data.key)}`}
              >
                open
              </Link>
            </>
          ) : null}
        </span>
        <span className="ml-auto text-muted-foreground text-xs">
          {event.actor} · <time dateTime={event.occurredAt.toISOString()}>{formatUtc(event.occurredAt)}</time> ·{" "}
          <Link className="underline underline-offset-4" href={`/ledger?before=${event.seq + 1}#seq-${event.seq}`}>
            ledger #{event.seq}
          </Link>
        </span>
      </CardHeader>
      <CardContent>
        {change?.success ? <FieldDiffTable diff={change.data.diff} /> : null}
        {imported?.success ? <BundleImportDiff diff={imported.data.diff} /> : null}
        {change && !change.success ? (
          <p className="text-muted-foreground text-xs">This event's payload has an older shape; see the ledger.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
