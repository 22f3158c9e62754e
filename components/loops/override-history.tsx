import { Badge } from "@/components/ui/badge";
import { TableCell, TableRow } from "@/components/ui/table";
import type { LoopOverrideView } from "@/lib/loops/loop-view";
import { utc } from "@/lib/loops/loop-view";
import { LoopTableSection, MonoLinkOrDash } from "./loop-table-section";

/** Who overrode this loop, when and why — each row links to its GUARDRAIL_OVERRIDE ledger event. */
export function OverrideHistory({ overrides }: { overrides: LoopOverrideView[] }) {
  return (
    <LoopTableSection
      id="overrides"
      title="Overrides"
      testId="override-history"
      empty={overrides.length === 0 ? "No override on this loop." : null}
      headings={["When", "Who", "Lifted", "Why", "Ledger"]}
    >
      {overrides.map((o) => (
        <TableRow key={o.id}>
          <TableCell className="whitespace-nowrap text-xs">
            <time dateTime={o.createdAt}>{utc(o.createdAt)}</time>
          </TableCell>
          <TableCell className="text-xs">
            {o.overriddenBy}{" "}
            <span className="text-muted-foreground">({o.actorKind === "api_key" ? "API key" : "operator"})</span>
          </TableCell>
          <TableCell className="space-x-1">
            {o.overrideFatigue ? <Badge variant="warning">fatigue</Badge> : null}
            {o.overrideMaxReruns ? <Badge variant="warning">max reruns</Badge> : null}
          </TableCell>
          <TableCell className="max-w-md text-sm">{o.overrideReason}</TableCell>
          <TableCell>
            <MonoLinkOrDash href={o.ledgerSeq ? `/ledger?type=GUARDRAIL_OVERRIDE#seq-${o.ledgerSeq}` : null}>
              #{o.ledgerSeq}
            </MonoLinkOrDash>
          </TableCell>
        </TableRow>
      ))}
    </LoopTableSection>
  );
}
