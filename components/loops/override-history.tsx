import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/components/ui/table";
import type { LoopOverrideView } from "@/lib/loops/loop-view";
import { utc } from "@/lib/loops/loop-view";

/** Who overrode this loop, when and why — each row links to its GUARDRAIL_OVERRIDE ledger event. */
export function OverrideHistory({ overrides }: { overrides: LoopOverrideView[] }) {
  return (
    <section aria-labelledby="overrides-heading" className="space-y-2" data-testid="override-history">
      <h2 id="overrides-heading" className="font-medium text-sm">
        Overrides
      </h2>
      {overrides.length === 0 ? (
        <p className="text-muted-foreground text-sm">No override on this loop.</p>
      ) : (
        <Table>
          <TableHeadings labels={["When", "Who", "Lifted", "Why", "Ledger"]} />
          <TableBody>
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
                  {o.ledgerSeq ? (
                    <Link href={`/ledger?type=GUARDRAIL_OVERRIDE#seq-${o.ledgerSeq}`}>
                      <Mono>#{o.ledgerSeq}</Mono>
                    </Link>
                  ) : (
                    "—"
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
