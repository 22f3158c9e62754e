import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { Mono } from "@/components/ui/mono";
import { TableCell, TableRow } from "@/components/ui/table";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { LedgerEventRow } from "@/db/types";
import { LedgerPayload } from "./ledger-payload";

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
      <TableCell className="max-w-[16rem]">
        <LedgerPayload seq={event.seq} type={event.type} payload={event.payload} />
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <Mono title={event.hash}>{event.hash.slice(0, 10)}…</Mono>
        <CopyButton value={event.hash} label={`hash of event ${event.seq}`} />
      </TableCell>
    </TableRow>
  );
}
