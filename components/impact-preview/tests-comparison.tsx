import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Mono } from "@/components/ui/mono";
import type { SuiteComparison } from "@/lib/conversation-tests/test-types";
import { testCaseHref, testsHref } from "@/lib/conversation-tests/tests-href";

/** The agent's conversation tests, frozen, on the saved configuration and on the draft: what turns red or green. */
export function TestsComparison({ agentKey, tests }: { agentKey: string; tests: SuiteComparison | null }) {
  if (!tests) {
    return (
      <p className="text-muted-foreground text-xs" data-testid="impact-tests">
        Tests: none enabled. <Link href={testsHref(agentKey)}>Save a conversation as a test</Link> to check drafts
        against it.
      </p>
    );
  }
  const worse = tests.turned_red.length > 0;
  return (
    <section className="space-y-2 rounded-lg border border-border p-3" data-testid="impact-tests" aria-label="Tests">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span>
          <span className="font-medium">Tests:</span>{" "}
          <Mono>
            {tests.passing_before} → {tests.passing_after}
          </Mono>{" "}
          passing of {tests.cases}
        </span>
        {worse ? (
          <Badge variant="danger">{tests.turned_red.length} would turn red</Badge>
        ) : (
          <Badge variant="success">none would turn red</Badge>
        )}
        {tests.turned_green.length > 0 ? (
          <Badge variant="info">{tests.turned_green.length} would turn green</Badge>
        ) : null}
      </p>
      {tests.turned_red.length > 0 ? (
        <ul className="space-y-1.5 text-xs">
          {tests.turned_red.map((c) => (
            <li key={c.key}>
              <span className="flex flex-wrap items-center gap-2">
                <Badge variant="danger">red</Badge>
                <Link href={testCaseHref(agentKey, c.key)} className="font-mono hover:underline">
                  {c.key}
                </Link>
                <span className="text-muted-foreground">{c.name}</span>
              </span>
              <ul className="mt-0.5 ml-4 list-disc text-muted-foreground">
                {c.failures.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
      {tests.turned_green.length > 0 ? (
        <p className="text-xs">
          Would turn green:{" "}
          {tests.turned_green.map((c, i) => (
            <span key={c.key}>
              {i > 0 ? ", " : ""}
              <Link href={testCaseHref(agentKey, c.key)} className="font-mono hover:underline">
                {c.key}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
    </section>
  );
}
