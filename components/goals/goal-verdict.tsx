import { Badge } from "@/components/ui/badge";
import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/components/ui/table";
import type { CriterionResult, GoalCriterion, ReformulationVerdict } from "@/lib/engine/contracts/goal-state";
import { TokenMappingTable } from "./token-mapping-table";

const CRITERION_LABEL: Record<GoalCriterion, string> = {
  confidence: "Confidence",
  intent_preservation: "Intent preservation",
  evidence_support: "Supporting evidence",
  scope_reduction: "Scope expansions",
  reversibility: "Reversibility",
};

// Four decimals: 0.9499 must not read as 0.95 beside a 0.95 threshold.
const formatNumber = (value: number) => String(Number(value.toFixed(4)));
const typeLabel = (type: string) => type.replaceAll("_", " ");

function CriterionRow({ result }: { result: CriterionResult }) {
  return (
    <TableRow data-testid={`criterion-${result.criterion}`}>
      <TableCell className="font-medium">{CRITERION_LABEL[result.criterion]}</TableCell>
      <TableCell numeric>
        {formatNumber(result.value)} {result.comparison === "at_least" ? "≥" : "≤"} {formatNumber(result.threshold)}
      </TableCell>
      <TableCell>
        <Badge variant={result.passed ? "success" : "danger"}>{result.passed ? "✓ pass" : "✗ fail"}</Badge>
      </TableCell>
      <TableCell>
        {result.code ? <Mono>{result.code}</Mono> : <span className="text-muted-foreground">—</span>}
      </TableCell>
      <TableCell className="text-muted-foreground text-xs">{result.detail}</TableCell>
    </TableRow>
  );
}

/** The verdict of the five reformulation criteria: outcome, each value against its threshold, the token mapping. */
export function GoalVerdict({ verdict }: { verdict: ReformulationVerdict }) {
  return (
    <section aria-label="Verdict" className="flex flex-col gap-4" data-testid="goal-verdict">
      <div className="flex flex-wrap items-center gap-2">
        {verdict.accepted ? (
          <Badge variant="success">✓ accepted</Badge>
        ) : (
          <Badge variant="danger">✗ rejected {verdict.code ?? ""}</Badge>
        )}
        <span className="text-muted-foreground text-sm">detected:</span>
        <Badge variant="neutral">{typeLabel(verdict.detected_type)}</Badge>
        <span className="text-muted-foreground text-sm">
          intent preservation <Mono>{formatNumber(verdict.intent_preservation)}</Mono> / 0.95
        </span>
      </div>
      <Table>
        <TableHeadings
          labels={["Criterion", { label: "Value vs threshold", numeric: true }, "Result", "Code", "Why"]}
        />
        <TableBody>
          {verdict.criteria.map((result) => (
            <CriterionRow key={result.criterion} result={result} />
          ))}
        </TableBody>
      </Table>
      {verdict.findings.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5 text-sm" aria-label="Findings">
          {verdict.findings.map((finding) => (
            <li key={`${finding.kind}:${finding.detail}`}>
              <Mono>{finding.kind}</Mono> — {finding.detail}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-col gap-2">
        <h2 className="font-semibold text-sm">Token mapping</h2>
        <TokenMappingTable mapping={verdict.mapping} />
      </div>
    </section>
  );
}
