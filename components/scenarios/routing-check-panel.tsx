"use client";

import { Route } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useActionResult } from "@/components/ui/use-action-result";
import { checkRoutingAction } from "@/lib/actions/scenarios/check-routing";
import type { RoutingCheckReport } from "@/lib/engine/routing-check/routing-check-report";
import { routingAccuracySentence, routingFlagsSentence } from "@/lib/scenarios/routing-check-summary";
import { RoutingCheckTable } from "./routing-check-table";

/**
 * "Check routing": the agent's saved entry examples, each left out of its scenario, through the local
 * sensor; flagged examples and thin scenarios are shown with what to do about them.
 */
export function RoutingCheckPanel({ agentKey }: { agentKey: string }) {
  const {
    pending,
    data: report,
    error,
    run: check,
  } = useActionResult(() => checkRoutingAction({ agent_key: agentKey }));

  return (
    <section aria-labelledby="routing-check-title" data-testid="routing-check" className="mt-8 space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-2xl space-y-1">
          <h2 id="routing-check-title" className="font-medium text-sm">
            Routing check
          </h2>
          <p className="text-muted-foreground text-sm">
            Sends each saved entry example, left out of its own scenario, through the local sensor as a customer&apos;s
            first message. An example that does not come back home is one that customers who word things like it will
            miss too.
          </p>
        </div>
        <Button type="button" variant="outline" onClick={check} pending={pending} data-testid="check-routing">
          <Route aria-hidden="true" />
          Check routing
        </Button>
      </div>
      <div aria-live="polite" className="space-y-3">
        {error ? (
          <Alert variant="danger" title="Could not check routing">
            {error}
          </Alert>
        ) : null}
        {report ? <RoutingCheckResult report={report} /> : null}
      </div>
    </section>
  );
}

function RoutingCheckResult({ report }: { report: RoutingCheckReport }) {
  if (report.scenarios.length === 0) {
    // A page with no scenarios already shows its own empty state above: one line here, not a second box.
    return (
      <Alert title="Nothing to check yet">
        The check runs each scenario&apos;s entry examples. Create a scenario with at least 3 entry examples, then check
        again.
      </Alert>
    );
  }
  const { summary } = report;
  const thin = report.scenarios.filter((s) => s.problem !== null);
  return (
    <>
      <p data-testid="routing-check-summary" className="text-sm">
        <span className="font-medium">{routingAccuracySentence(summary)}</span>{" "}
        <span className="text-muted-foreground">{routingFlagsSentence(summary)}</span>
      </p>
      {thin.length > 0 ? (
        <ul className="space-y-2">
          {thin.map((s) => (
            <li key={s.scenario_key}>
              <Alert variant={s.problem === "few_examples" ? "warning" : "info"} title={s.name}>
                {s.advice}
              </Alert>
            </li>
          ))}
        </ul>
      ) : null}
      {report.examples.length > 0 ? <RoutingCheckTable report={report} /> : null}
    </>
  );
}
