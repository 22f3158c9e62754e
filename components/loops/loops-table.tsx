import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { type LoopView, REASON_WORDS } from "@/lib/loops/loop-view";
import { FatigueBar } from "./fatigue-bar";
import { DecisionBadge, KindBadge } from "./loop-badges";

export const loopHref = (loopId: string) => `/loops/${encodeURIComponent(loopId)}`;
export const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

/**
 * The Loops table: id, kind, agent, reruns n/max, fatigue bar with its line, bias echo tags, decision, overridden by.
 */
export function LoopsTable({ loops }: { loops: LoopView[] }) {
  return (
    <Table containerClassName="max-h-[calc(100vh-10rem)]" aria-label="Loops">
      <TableHeader>
        <TableRow>
          <TableHead>Loop</TableHead>
          <TableHead>Kind</TableHead>
          <TableHead>Agent</TableHead>
          <TableHead numeric>Reruns</TableHead>
          <TableHead>Fatigue</TableHead>
          <TableHead>Bias echo</TableHead>
          <TableHead>Decision</TableHead>
          <TableHead>Overridden by</TableHead>
          <TableHead>Updated</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loops.map((loop) => (
          <TableRow key={loop.id} data-testid={`loop-row-${loop.loopId}`}>
            <TableCell className="whitespace-nowrap">
              <Link href={loopHref(loop.loopId)} className="font-mono text-xs underline-offset-2 hover:underline">
                {loop.loopId}
              </Link>
              <CopyButton value={loop.loopId} label={`loop id ${loop.loopId}`} />
            </TableCell>
            <TableCell>
              <KindBadge kind={loop.kind} />
            </TableCell>
            <TableCell className="whitespace-nowrap text-xs">
              {loop.agentKey ? (
                <Link href={`/agents/${loop.agentKey}`}>{loop.agentKey}</Link>
              ) : (
                <span className="text-muted-foreground">default limits</span>
              )}
            </TableCell>
            <TableCell numeric>
              {loop.rerunCount} / {loop.maxReruns}
            </TableCell>
            <TableCell>
              <FatigueBar fatigue={loop.reflectionFatigue} limit={loop.fatigueLimit} />
            </TableCell>
            <TableCell className="space-x-1">
              {loop.biasEcho ? (
                loop.repeatedTags.map((tag) => (
                  <Badge key={tag} variant="danger">
                    {tag}
                  </Badge>
                ))
              ) : (
                <span className="text-muted-foreground text-xs">—</span>
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <DecisionBadge loop={loop} />
              {loop.finalizeReason && loop.finalizeReason !== "thresholds_met" ? (
                <span className="ml-1 text-muted-foreground text-xs">{REASON_WORDS[loop.finalizeReason]}</span>
              ) : null}
            </TableCell>
            <TableCell className="text-xs">
              {loop.overriddenBy ?? <span className="text-muted-foreground">—</span>}
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground text-xs">
              <time dateTime={loop.timestamp}>{utc(loop.timestamp)}</time>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
