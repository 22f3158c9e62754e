import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/components/ui/table";
import type { TokenMapping } from "@/lib/engine/contracts/goal-state";

const VIA_BADGE: Record<TokenMapping["via"], { variant: BadgeVariant; word: string }> = {
  exact: { variant: "success", word: "exact" },
  stem: { variant: "success", word: "stem" },
  equivalence: { variant: "info", word: "equivalence" },
  model: { variant: "info", word: "model" },
  none: { variant: "danger", word: "unmapped" },
};

/** Intent preservation ("must map to original goal tokens"): each content token of the original and where it went. */
export function TokenMappingTable({ mapping }: { mapping: TokenMapping[] }) {
  if (mapping.length === 0) {
    return <p className="text-muted-foreground text-sm">The original has no content tokens to map.</p>;
  }
  return (
    <Table data-testid="token-mapping">
      <TableHeadings labels={["Original token", "Candidate", "Via"]} />
      <TableBody>
        {mapping.map((row, index) => (
          // A token may repeat in the original; its position is its identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <TableRow key={index}>
            <TableCell>
              <Mono>{row.original_token}</Mono>
            </TableCell>
            <TableCell>
              {row.candidate_token ? (
                <Mono>{row.candidate_token}</Mono>
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </TableCell>
            <TableCell>
              <Badge variant={VIA_BADGE[row.via].variant}>{VIA_BADGE[row.via].word}</Badge>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
