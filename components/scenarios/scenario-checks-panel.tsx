"use client";

import { CircleCheck, OctagonAlert, TriangleAlert } from "lucide-react";
import type { ScenarioForm } from "@/lib/scenarios/scenario-form-state";
import type { ScenarioCheck } from "@/lib/scenarios/scenario-graph-checks";
import type { EditorSelection } from "./selection";

interface ScenarioChecksPanelProps {
  form: ScenarioForm;
  checks: ScenarioCheck[];
  /** Field errors of the form (zod), counted here and shown under their fields. */
  fieldErrorCount: number;
  /** Steps this edit removes that rules are scoped to: the save would be refused. */
  ruleProblems: string[];
  onSelect: (selection: EditorSelection) => void;
}

/**
 * The graph checks as a list: errors block the save, warnings do not. Each item selects the step or
 * transition it is about, so the graph and the form jump to it.
 */
export function ScenarioChecksPanel({
  form,
  checks,
  fieldErrorCount,
  ruleProblems,
  onSelect,
}: ScenarioChecksPanelProps) {
  const target = (check: ScenarioCheck): EditorSelection => {
    const transition = check.transition === undefined ? undefined : form.transitions[check.transition];
    if (transition && check.code !== "terminal_outgoing") return { kind: "transition", uid: transition.uid };
    const step = check.step === undefined ? undefined : form.steps[check.step];
    if (step) return { kind: "step", uid: step.uid };
    return transition ? { kind: "transition", uid: transition.uid } : null;
  };
  const errors = checks.filter((c) => c.severity === "error");
  const warnings = checks.filter((c) => c.severity === "warning");
  const blocking = errors.length + fieldErrorCount + ruleProblems.length;

  return (
    <section aria-label="Checks" data-testid="scenario-checks" className="space-y-2 text-sm">
      <h2 className="font-medium text-sm">
        Checks{" "}
        <span className="font-normal text-muted-foreground text-xs">
          {blocking} {blocking === 1 ? "error" : "errors"} (block saving) · {warnings.length}{" "}
          {warnings.length === 1 ? "warning" : "warnings"}
        </span>
      </h2>
      {blocking === 0 && warnings.length === 0 ? (
        <p className="flex items-center gap-1.5 text-success text-xs">
          <CircleCheck aria-hidden="true" className="size-4" />
          Every step is reachable from the entry step and every step that is not terminal has a way out.
        </p>
      ) : null}
      <ul className="space-y-1">
        {ruleProblems.map((message) => (
          <CheckItem key={message} severity="error" code="rule_scope" message={message} />
        ))}
        {fieldErrorCount > 0 ? (
          <CheckItem
            severity="error"
            code="field"
            message={`${fieldErrorCount} ${fieldErrorCount === 1 ? "field needs" : "fields need"} attention: see the messages under the fields.`}
          />
        ) : null}
        {[...errors, ...warnings].map((check) => {
          const select = target(check);
          return (
            <CheckItem
              key={`${check.code}:${check.path}`}
              severity={check.severity}
              code={check.code}
              message={check.message}
              onClick={select ? () => onSelect(select) : undefined}
            />
          );
        })}
      </ul>
    </section>
  );
}

function CheckItem({
  severity,
  code,
  message,
  onClick,
}: {
  severity: "error" | "warning";
  code: string;
  message: string;
  onClick?: () => void;
}) {
  const icon =
    severity === "error" ? (
      <OctagonAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
    ) : (
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
    );
  const body = (
    <>
      {icon}
      <span>
        <span className="sr-only">{severity}: </span>
        {message}
      </span>
    </>
  );
  return (
    <li data-severity={severity} data-code={code} className="text-xs">
      {onClick ? (
        <button
          type="button"
          onClick={onClick}
          className="flex w-full gap-1.5 rounded-sm p-1 text-left hover:bg-accent"
        >
          {body}
        </button>
      ) : (
        <div className="flex gap-1.5 p-1">{body}</div>
      )}
    </li>
  );
}
