import { checkVariant } from "@/components/sandbox/sandbox-format";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/components/ui/table";
import { checkName, checkResultWord } from "@/lib/replay/check-words";
import type { DecisionDiff } from "@/lib/replay/replay-types";

function Result({ value }: { value: string | null }) {
  return value ? (
    <Badge variant={checkVariant(value)}>{checkResultWord(value)}</Badge>
  ) : (
    <span className="text-muted-foreground">not run</span>
  );
}

/** The checks whose result differs between the two sides (named as the comparison's columns are). */
export function CheckChanges({
  checks,
  titles,
}: {
  checks: NonNullable<DecisionDiff["checks"]>;
  titles: { before: string; after: string };
}) {
  return (
    <Table aria-label="Checks that changed">
      <TableHeadings labels={["Check that changed", titles.before, titles.after]} />
      <TableBody>
        {checks.map((c) => (
          <TableRow key={c.check}>
            <TableCell className="text-xs" title={c.check}>
              {checkName(c.check)}
            </TableCell>
            <TableCell>
              <Result value={c.before} />
            </TableCell>
            <TableCell>
              <Result value={c.after} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
