import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Mono } from "@/components/ui/mono";
import type { listScenariosWithSteps } from "@/db/queries/agent-config";

type Scenario = Awaited<ReturnType<typeof listScenariosWithSteps>>[number];

export function ScenariosList({ scenarios }: { scenarios: Scenario[] }) {
  if (scenarios.length === 0) {
    return <EmptyState title="No scenarios yet" description="Scenarios come with an imported bundle for now." />;
  }
  return (
    <div className="space-y-4">
      {scenarios.map((scenario) => {
        const stepName = Object.fromEntries(scenario.steps.map((s) => [s.id, s.name]));
        return (
          <Card key={scenario.id}>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                {scenario.name} <Mono>{scenario.key}</Mono>
                {scenario.intentLabel ? <Badge variant="info">intent {scenario.intentLabel}</Badge> : null}
                {scenario.enabled ? null : <Badge variant="neutral">disabled</Badge>}
              </CardTitle>
              {scenario.description ? <CardDescription>{scenario.description}</CardDescription> : null}
            </CardHeader>
            <CardContent className="grid gap-4 md:grid-cols-3">
              <section>
                <h3 className="mb-1 text-xs font-medium uppercase text-muted-foreground">Entry examples</h3>
                <ul className="list-disc space-y-0.5 pl-4 text-sm">
                  {scenario.entryExamples.map((example) => (
                    <li key={example}>{example}</li>
                  ))}
                </ul>
              </section>
              <section>
                <h3 className="mb-1 text-xs font-medium uppercase text-muted-foreground">Steps</h3>
                <ol className="list-decimal space-y-0.5 pl-4 text-sm">
                  {scenario.steps.map((step) => (
                    <li key={step.id}>
                      {step.name}
                      {step.id === scenario.entryStepId ? (
                        <Badge variant="info" className="ml-1">
                          entry
                        </Badge>
                      ) : null}
                      {step.isTerminal ? (
                        <Badge variant="neutral" className="ml-1">
                          terminal
                        </Badge>
                      ) : null}
                    </li>
                  ))}
                </ol>
              </section>
              <section>
                <h3 className="mb-1 text-xs font-medium uppercase text-muted-foreground">Transitions</h3>
                <ul className="space-y-0.5 text-sm">
                  {scenario.transitions.map((t) => (
                    <li key={t.id}>
                      {stepName[t.fromStepId]} → {stepName[t.toStepId]}
                      {t.conditionText ? (
                        <span className="text-xs text-muted-foreground"> when {t.conditionText}</span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </section>
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
