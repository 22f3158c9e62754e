import Link from "next/link";
import { formatUtc } from "@/components/ledger/ledger-event-row";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { LedgerEventRow } from "@/db/types";
import { testsGateText } from "@/lib/conversation-tests/gate-text";
import { previewCountsText } from "@/lib/replay/impact-groups";
import {
  BundleImportedPayload,
  ConfigChangedPayload,
  type ConfigEntity,
  summarizeConfigEvent,
} from "@/lib/versioning/config-change-payload";
import { BundleImportDiff } from "./bundle-import-diff";
import { FieldDiffTable } from "./field-diff-table";

/** Where the editor of a changed entity lives; settings are the agent's own page of settings. */
function entityHref(agentKey: string, entity: ConfigEntity, key: string): string {
  const agent = `/agents/${encodeURIComponent(agentKey)}`;
  switch (entity) {
    case "rule":
      return `${agent}/rules?q=${encodeURIComponent(key)}`;
    case "scenario":
      return `${agent}/scenarios/${encodeURIComponent(key)}`;
    case "tool":
      return `${agent}/tools`;
    case "profile_field":
    case "variable":
      return `${agent}/fields`;
    case "knowledge_source":
      return `${agent}/knowledge`;
    case "settings":
      return `${agent}/settings`;
  }
}

function EntityLink({ agentKey, entity, entityKey }: { agentKey: string; entity: ConfigEntity; entityKey: string }) {
  return (
    <>
      {" "}
      <Link className="text-xs underline underline-offset-4" href={entityHref(agentKey, entity, entityKey)}>
        open
      </Link>
    </>
  );
}

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
          {change?.success && change.data.action !== "deleted" ? (
            <EntityLink agentKey={agentKey} entity={change.data.entity} entityKey={change.data.key} />
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
        {change?.success && change.data.impact_preview ? (
          <p className="mb-2 flex items-center gap-2 text-xs" data-testid="preview-counts">
            <Badge variant="info">impact preview</Badge>
            {previewCountsText(change.data.impact_preview)}
          </p>
        ) : null}
        {change?.success && change.data.tests_gate ? (
          <p className="mb-2 flex flex-wrap items-center gap-2 text-xs" data-testid="tests-gate-record">
            <Badge variant={change.data.tests_gate.turned_red.length > 0 ? "warning" : "success"}>tests</Badge>
            {testsGateText(change.data.tests_gate, event.actor)}
          </p>
        ) : null}
        {change?.success ? <FieldDiffTable diff={change.data.diff} /> : null}
        {imported?.success ? <BundleImportDiff diff={imported.data.diff} /> : null}
        {change && !change.success ? (
          <p className="text-muted-foreground text-xs">This event's payload has an older shape; see the ledger.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
