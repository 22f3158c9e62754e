import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { StageDecision } from "@/lib/replay/replay-types";
import { pairStages } from "@/lib/replay/stage-pairs";

function Side({ stage }: { stage: StageDecision | null }) {
  if (!stage) return <span className="text-muted-foreground">did not run</span>;
  return (
    <span className="flex min-w-0 items-start gap-1.5">
      {stage.status === "ok" ? null : (
        <Badge variant={stage.status === "error" ? "danger" : "neutral"}>{stage.status}</Badge>
      )}
      <span className="min-w-0 break-words">{stage.decision}</span>
    </span>
  );
}

/** Each pipeline stage's decision as the trace stored it and as the replay made it. */
export function StageComparison({ stored, replayed }: { stored: StageDecision[]; replayed: StageDecision[] }) {
  const pairs = pairStages(stored, replayed);
  return (
    <Table aria-label="Stages, original and replay" className="table-fixed">
      <TableHeader>
        <TableRow>
          <TableHead className="w-32">Stage</TableHead>
          <TableHead>Original (stored span)</TableHead>
          <TableHead>Replay</TableHead>
          <TableHead className="w-24">
            <span className="sr-only">Same or changed</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {pairs.map((pair) => (
          <TableRow key={pair.key} data-testid="stage-pair" data-same={pair.same}>
            <TableCell className="align-top font-mono text-xs">{pair.name}</TableCell>
            <TableCell className="align-top text-xs">
              <Side stage={pair.before} />
            </TableCell>
            <TableCell className="align-top text-xs">
              <Side stage={pair.after} />
            </TableCell>
            <TableCell className="align-top">
              <Badge variant={pair.same ? "neutral" : "info"}>{pair.same ? "same" : "changed"}</Badge>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
