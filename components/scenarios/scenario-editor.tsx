"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { HistoryButton } from "@/components/config-editor/page-actions";
import { PageSaveAlerts } from "@/components/config-editor/page-save-alerts";
import { type PageSave, usePageSave } from "@/components/config-editor/use-page-save";
import { useUnsavedChangesGuard } from "@/components/config-editor/use-unsaved-changes-guard";
import { ImpactPreviewControl } from "@/components/impact-preview/impact-preview-control";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { submitWithoutReload } from "@/components/ui/submit-keeping-values";
import { toast } from "@/components/ui/toaster";
import { updateScenarioAction } from "@/lib/actions/scenarios/update-scenario";
import type { BundleScenario } from "@/lib/engine/contracts/bundle";
import { type FormReview, formFromScenario, reviewForm, type ScenarioForm } from "@/lib/scenarios/scenario-form-state";
import type { ScenariosWorkspaceData } from "@/lib/scenarios/scenarios-workspace";
import { errorLookup } from "./form-errors";
import { type GraphMarks, marksFromChecks } from "./graph-marks";
import { ScenarioChecksPanel } from "./scenario-checks-panel";
import { ScenarioDetailsFields } from "./scenario-details-fields";
import { ScenarioGraph } from "./scenario-graph";
import type { EditorSelection } from "./selection";
import { StepsSection, TransitionsSection } from "./steps-and-transitions";
import { useScenarioForm } from "./use-scenario-form";

interface ScenarioEditorProps {
  agent: ScenariosWorkspaceData["agent"];
  scenario: BundleScenario;
  ruleScopes: Record<string, string[]>;
  canEdit: boolean;
  /** ?step=<key>: the step to select first (links from traces and rules); else the entry step. */
  initialStep: string | null;
}

const FORM_ID = "scenario-editor-form";

/** One scenario: its fields, steps and transitions beside the graph they draw, with live checks. */
export function ScenarioEditor(props: ScenarioEditorProps) {
  const { agent, scenario, ruleScopes, canEdit } = props;
  const editor = useScenarioEditor(props);
  const { form, selection, setSelection, edits, errors, storedKey, page } = editor;
  // What the steps and the transitions sections both show and edit.
  const graphSection = {
    form,
    marks: editor.marks,
    selection,
    onSelect: setSelection,
    errors,
    edits: canEdit ? edits : null,
    selectionCount: editor.selectionCount,
  };
  return (
    <>
      <ScenarioHeader
        agent={agent}
        name={form.name || scenario.name}
        storedKey={storedKey}
        enabled={form.enabled}
        page={canEdit ? page : null}
        dirty={editor.dirty}
        onDiscard={editor.discard}
      />
      <PageSaveAlerts page={page} discard />
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <form
          id={FORM_ID}
          noValidate
          aria-label={canEdit ? "Edit scenario" : "Scenario"}
          className="min-w-0 space-y-5"
          onSubmit={submitWithoutReload(() => page.save())}
        >
          <Card>
            <CardContent className="pt-4">
              <fieldset disabled={!canEdit} className="relative min-w-0">
                <legend className="sr-only">Scenario</legend>
                <ScenarioDetailsFields
                  form={form}
                  update={edits.update}
                  errors={errors}
                  scopedRules={ruleScopes[storedKey] ?? []}
                />
              </fieldset>
            </CardContent>
          </Card>
          <StepsSection
            {...graphSection}
            ruleScopes={ruleScopes}
            scenarioKey={storedKey}
            agentKey={agent.key}
            focusStep={editor.focusStep}
          />
          <TransitionsSection {...graphSection} />
        </form>
        <GraphAside
          form={form}
          marks={editor.marks}
          review={editor.review}
          ruleProblems={editor.ruleProblems}
          selection={selection}
          onSelect={setSelection}
          onConnect={canEdit ? (from, to) => edits.addTransition(from, to) : null}
        />
      </div>
    </>
  );
}

/**
 * The editor's state: the form and its baseline (the last saved scenario), the key it is stored under,
 * the live checks, and the page's save (its draft blocked while errors stand).
 */
function useScenarioEditor({ agent, scenario, ruleScopes, canEdit, initialStep }: ScenarioEditorProps) {
  const router = useRouter();
  const [baseline, setBaseline] = useState(() => formFromScenario(scenario));
  // The key the scenario is stored under: the update's scenario_key, and the prefix of its rules' scopes.
  const [storedKey, setStoredKey] = useState(scenario.key);
  const firstStep = scenario.steps.some((s) => s.key === initialStep) ? initialStep : scenario.entry_step;
  const { form, selection, setSelection, selectionCount, focusStep, edits, reset } = useScenarioForm(
    baseline,
    firstStep ? { kind: "step", uid: `step:${firstStep}` } : null,
    () => {
      page.setErrors({});
      page.setMessage(null);
    },
  );

  const review = useMemo(() => reviewForm(form), [form]);
  const marks = useMemo(() => marksFromChecks(form, review.checks), [form, review.checks]);
  const ruleProblems = useMemo(
    () => removedScopeProblems(form, baseline, ruleScopes, storedKey),
    [form, baseline, ruleScopes, storedKey],
  );
  const blocking = review.errorCount + ruleProblems.length;

  function rebaseOn(next: ScenarioForm) {
    setBaseline(next);
    reset(next);
  }

  const page = usePageSave({
    agent,
    draft: (expectedVersion) => {
      if (blocking > 0) {
        const errors = blocking === 1 ? "error" : "errors";
        return { blocked: `Fix the ${blocking} ${errors} marked below first; warnings do not block a save.` };
      }
      const at = { agent_key: agent.key, expected_config_version: expectedVersion };
      const input = { ...review.scenario, scenario_key: storedKey, renamed_steps: review.renamed_steps, ...at };
      return { edit: "updateScenario" as const, input };
    },
    send: updateScenarioAction,
    onSaved: (data) => {
      const saved = data.scenario ?? review.scenario;
      const n = review.warningCount;
      const warnings = n > 0 ? ` with ${n} ${n === 1 ? "warning" : "warnings"}` : "";
      toast.success(data.changed ? `Saved ${saved.key}${warnings} · v${data.config_version}` : "Nothing changed.");
      rebaseOn(formFromScenario(saved));
      setStoredKey(saved.key);
      if (saved.key !== storedKey) router.replace(`/agents/${agent.key}/scenarios/${saved.key}`);
      else router.refresh();
    },
    onDiscarded: () => rebaseOn(formFromScenario(scenario)),
  });
  const errors = useMemo(() => errorLookup(review, page.errors), [review, page.errors]);
  const dirty = canEdit && JSON.stringify(form) !== JSON.stringify(baseline);
  useUnsavedChangesGuard(dirty);

  function discard() {
    edits.setForm(baseline);
    page.setConflict(null);
  }

  const state = { form, selection, setSelection, selectionCount, focusStep, edits, review, marks, ruleProblems };
  return { ...state, errors, storedKey, page, dirty, discard };
}

/**
 * Steps this edit removes that rules are scoped to (`ruleScopes` by `scenario/step`): the server refuses
 * the save, so say it now.
 */
function removedScopeProblems(
  form: ScenarioForm,
  baseline: ScenarioForm,
  ruleScopes: Record<string, string[]>,
  storedKey: string,
): string[] {
  const kept = new Set(form.steps.map((s) => s.original_key));
  return baseline.steps.flatMap((step) => {
    const rules = step.original_key ? ruleScopes[`${storedKey}/${step.original_key}`] : undefined;
    if (!rules || kept.has(step.original_key)) return [];
    return [
      `Removed step ${step.key} is the scope of ${rules.join(", ")}: change their scope first, or keep the step.`,
    ];
  });
}

/** The scenario's name, key and version; History, and for designers Discard, Preview impact and Save. */
function ScenarioHeader(props: {
  agent: ScenarioEditorProps["agent"];
  name: string;
  storedKey: string;
  enabled: boolean;
  /** The page's save; null for viewers. */
  page: PageSave | null;
  dirty: boolean;
  onDiscard: () => void;
}) {
  const { agent, page, dirty } = props;
  return (
    <PageHeader
      breadcrumb={<Link href={`/agents/${agent.key}/scenarios`}>Scenarios</Link>}
      title={
        <span className="flex items-center gap-2">
          {props.name}
          <span className="font-mono font-normal text-muted-foreground text-sm">{props.storedKey}</span>
          {props.enabled ? null : <Badge variant="neutral">disabled</Badge>}
        </span>
      }
      description={
        page
          ? `${agent.name} · editing v${page.expectedVersion}; saving makes v${page.expectedVersion + 1}, recorded in the ledger with a field diff.`
          : `${agent.name} · v${agent.configVersion} · read-only: designers edit scenarios.`
      }
      actions={
        <>
          <HistoryButton agentKey={agent.key} />
          {page ? (
            <>
              {dirty ? (
                <Button type="button" variant="ghost" onClick={props.onDiscard}>
                  Discard changes
                </Button>
              ) : null}
              <ImpactPreviewControl
                agentKey={agent.key}
                preview={page.preview}
                draft={page.draft}
                disabled={!dirty || page.reloading}
              />
              <Button type="submit" form={FORM_ID} pending={page.saving} disabled={!dirty || page.reloading}>
                Save scenario
              </Button>
            </>
          ) : null}
        </>
      }
    />
  );
}

/** The graph the form draws (click to select, drag to connect), its legend, and the checks. */
function GraphAside(props: {
  form: ScenarioForm;
  marks: GraphMarks;
  review: FormReview;
  ruleProblems: string[];
  selection: EditorSelection;
  onSelect: (selection: EditorSelection) => void;
  onConnect: ((from: string, to: string) => void) | null;
}) {
  return (
    <aside className="min-w-0 space-y-3 lg:sticky lg:top-0 lg:self-start">
      <div
        className="h-[34rem] overflow-hidden rounded-lg border border-border bg-background"
        data-testid="scenario-graph"
      >
        <ScenarioGraph
          form={props.form}
          marks={props.marks}
          selection={props.selection}
          onSelect={props.onSelect}
          onConnect={props.onConnect}
        />
      </div>
      <p className="text-muted-foreground text-xs">
        Click a step or a transition to edit it. Blue border: entry step · double border: terminal · dashed: unreachable
        · amber: dead end or unreachable · red: error.
        {props.onConnect ? " Drag from a step's bottom dot to another step to add a transition." : ""}
      </p>
      <ScenarioChecksPanel
        form={props.form}
        checks={props.review.checks}
        fieldErrorCount={Object.values(props.review.fieldErrors).flat().length}
        ruleProblems={props.ruleProblems}
        onSelect={props.onSelect}
      />
    </aside>
  );
}
