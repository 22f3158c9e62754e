import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { Mono } from "@/components/ui/mono";
import { TableCell, TableRow } from "@/components/ui/table";
import type { LedgerEventRow } from "@/db/types";

function summarize(payload: Record<string, unknown>): string {
  const text = JSON.stringify(payload);
  return text.length > 140 ? `${text.slice(0, 140)}…` : text;
}

export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

export function LedgerEventTableRow({
  event,
  agentKey,
  showAgent = true,
}: {
  event: LedgerEventRow;
  agentKey?: string;
  showAgent?: boolean;
}) {
  const payloadText = JSON.stringify(event.payload, null, 2);
  return (
    <TableRow id={`seq-${event.seq}`}>
      <TableCell className="text-right">
        <Mono>{event.seq}</Mono>
        <div
          className="text-xs text-muted-foreground"
          title={event.chain === "global" ? "global chain" : `session chain ${event.chain}`}
        >
          {event.chain === "global" ? "global" : "session"} #{event.chainSeq}
        </div>
      </TableCell>
      <TableCell className="whitespace-nowrap text-xs text-muted-foreground">
        <time dateTime={event.occurredAt.toISOString()}>{formatUtc(event.occurredAt)}</time>
      </TableCell>
      <TableCell>
        <Badge variant="neutral">{event.type}</Badge>
      </TableCell>
      <TableCell className="text-xs">
        {event.actor}
        <span className="ml-1 text-muted-foreground">({event.actorKind})</span>
      </TableCell>
      {showAgent ? (
        <TableCell className="text-xs">
          {agentKey ? (
            <Link href={`/agents/${agentKey}`}>{agentKey}</Link>
          ) : (
            <span className="text-muted-foreground">—</span>
          )}
        </TableCell>
      ) : null}
      <TableCell className="max-w-[16rem] has-open:max-w-[36rem]">
        <details>
          <summary className="cursor-pointer truncate font-mono text-xs">{summarize(event.payload)}</summary>
          {/* The whole payload, wrapped: a box that scrolls both ways inside a narrow cell hid most of it. */}
          <div className="mt-1 flex items-start gap-1">
            <pre
              className="min-w-0 flex-1 whitespace-pre-wrap break-all rounded bg-muted p-2 text-xs"
              data-testid="ledger-payload"
            >
              {payloadText}
            </pre>
            <CopyButton value={payloadText} label={`payload of event ${event.seq}`} />
          </div>
        </details>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <Mono title={event.hash}>{event.hash.slice(0, 10)}…</Mono>
        <CopyButton value={event.hash} label={`hash of event ${event.seq}`} />
      </TableCell>
    </TableRow>
  );
}
