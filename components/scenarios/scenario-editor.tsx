"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState, useTransition } from "react";
import { ConflictAlert } from "@/components/config-editor/conflict-alert";
import { HistoryButton } from "@/components/config-editor/page-actions";
import { TestsGateAlert } from "@/components/config-editor/tests-gate-alert";
import { type ForceTests, useTestsGate } from "@/components/config-editor/use-tests-gate";
import { useUnsavedChangesGuard } from "@/components/config-editor/use-unsaved-changes-guard";
import { ImpactPreviewControl } from "@/components/impact-preview/impact-preview-control";
import { useImpactPreview } from "@/components/impact-preview/use-impact-preview";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { toast } from "@/components/ui/toaster";
import { updateScenarioAction } from "@/lib/actions/scenarios/update-scenario";
import type { BundleScenario } from "@/lib/engine/contracts/bundle";
import { formFromScenario, reviewForm } from "@/lib/scenarios/scenario-form-state";
import type { ScenariosWorkspaceData } from "@/lib/scenarios/scenarios-workspace";
import { errorLookup } from "./form-errors";
import { marksFromChecks } from "./graph-marks";
import { ScenarioChecksPanel } from "./scenario-checks-panel";
import { ScenarioDetailsFields } from "./scenario-details-fields";
import { ScenarioGraph } from "./scenario-graph";
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
export function ScenarioEditor({ agent, scenario, ruleScopes, canEdit, initialStep }: ScenarioEditorProps) {
  const router = useRouter();
  const [baseline, setBaseline] = useState(() => formFromScenario(scenario));
  // The key the scenario is stored under: the update's scenario_key, and the prefix of its rules' scopes.
  const [storedKey, setStoredKey] = useState(scenario.key);
  const [loadedVersion, setLoadedVersion] = useState(agent.configVersion);
  const [rebased, setRebased] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [saving, startSave] = useTransition();
  const gate = useTestsGate();
  const [reloading, startReload] = useTransition();
  const firstStep = scenario.steps.some((s) => s.key === initialStep) ? initialStep : scenario.entry_step;
  const { form, selection, setSelection, selectionCount, focusStep, edits, reset } = useScenarioForm(
    baseline,
    firstStep ? { kind: "step", uid: `step:${firstStep}` } : null,
    () => {
      setServerErrors({});
      setMessage(null);
    },
  );

  const review = useMemo(() => reviewForm(form), [form]);
  const marks = useMemo(() => marksFromChecks(form, review.checks), [form, review.checks]);
  const errors = useMemo(() => errorLookup(review, serverErrors), [review, serverErrors]);
  // Steps this edit removes that rules are scoped to: the server refuses the save, so say it now.
  const ruleProblems = useMemo(() => {
    const kept = new Set(form.steps.map((s) => s.original_key));
    return baseline.steps.flatMap((step) => {
      const rules = step.original_key ? ruleScopes[`${storedKey}/${step.original_key}`] : undefined;
      if (!rules || kept.has(step.original_key)) return [];
      return [
        `Removed step ${step.key} is the scope of ${rules.join(", ")}: change their scope first, or keep the step.`,
      ];
    });
  }, [form.steps, baseline.steps, ruleScopes, storedKey]);

  const dirty = canEdit && JSON.stringify(form) !== JSON.stringify(baseline);
  useUnsavedChangesGuard(dirty);
  const expectedVersion = rebased ? agent.configVersion : loadedVersion;
  const blocking = review.errorCount + ruleProblems.length;

  const preview = useImpactPreview(agent.key, (fieldErrors, text) => {
    setServerErrors(fieldErrors);
    setMessage(text);
  });

  /** Save's input for this form, the same for Save and for its impact preview; null while errors block a save. */
  function draft() {
    if (blocking > 0) {
      setMessage(
        `Fix the ${blocking} ${blocking === 1 ? "error" : "errors"} marked below first; warnings do not block a save.`,
      );
      return null;
    }
    const at = { agent_key: agent.key, expected_config_version: expectedVersion };
    const input = { ...review.scenario, scenario_key: storedKey, renamed_steps: review.renamed_steps, ...at };
    return { edit: "updateScenario" as const, input };
  }

  function save(force: ForceTests = {}) {
    const request = draft();
    if (!request) return;
    startSave(async () => {
      const result = await updateScenarioAction({ ...preview.stamped(request.input), ...force });
      if (gate.settle(result, save)) {
        setConflict(null);
        setMessage(null);
        return;
      }
      if (!result.ok) {
        setServerErrors(result.fieldErrors ?? {});
        setConflict(result.code === "CONFLICT" ? result.message : null);
        setMessage(result.code === "CONFLICT" ? null : result.message);
        return;
      }
      const saved = result.data.scenario ?? review.scenario;
      const n = review.warningCount;
      const warnings = n > 0 ? ` with ${n} ${n === 1 ? "warning" : "warnings"}` : "";
      toast.success(
        result.data.changed ? `Saved ${saved.key}${warnings} · v${result.data.config_version}` : "Nothing changed.",
      );
      const next = formFromScenario(saved);
      setBaseline(next);
      reset(next);
      setLoadedVersion(result.data.config_version);
      setRebased(false);
      setStoredKey(saved.key);
      if (saved.key !== storedKey) router.replace(`/agents/${agent.key}/scenarios/${saved.key}`);
      else router.refresh();
    });
  }

  function discard() {
    edits.setForm(baseline);
    setConflict(null);
  }

  // "Discard my edits" after a conflict: when the refresh brings the newer version, it becomes the form.
  const [seenVersion, setSeenVersion] = useState(agent.configVersion);
  const [discardOnRefresh, setDiscardOnRefresh] = useState(false);
  if (agent.configVersion !== seenVersion) {
    setSeenVersion(agent.configVersion);
    if (discardOnRefresh) {
      const next = formFromScenario(scenario);
      setBaseline(next);
      reset(next);
      setLoadedVersion(agent.configVersion);
      setRebased(false);
      setDiscardOnRefresh(false);
    }
  }

  function discardAndReload() {
    setConflict(null);
    setDiscardOnRefresh(true);
    startReload(() => router.refresh());
  }

  /** Loads the newer version and saves on top of it next time; the form keeps what was typed. */
  function reloadKeepingEdits() {
    setConflict(null);
    setRebased(true);
    startReload(() => router.refresh());
  }

  const version = Math.max(agent.configVersion, loadedVersion);
  // What the steps and the transitions sections both show and edit.
  const graphSection = {
    form,
    marks,
    selection,
    onSelect: setSelection,
    errors,
    edits: canEdit ? edits : null,
    selectionCount,
  };
  return (
    <>
      <PageHeader
        breadcrumb={<Link href={`/agents/${agent.key}/scenarios`}>Scenarios</Link>}
        title={
          <span className="flex items-center gap-2">
            {form.name || scenario.name}
            <span className="font-mono font-normal text-muted-foreground text-sm">{storedKey}</span>
            {form.enabled ? null : <Badge variant="neutral">disabled</Badge>}
          </span>
        }
        description={
          canEdit
            ? `${agent.name} · editing v${expectedVersion}; saving makes v${expectedVersion + 1}, recorded in the ledger with a field diff.`
            : `${agent.name} · v${version} · read-only: designers edit scenarios.`
        }
        actions={
          <>
            <HistoryButton agentKey={agent.key} />
            {canEdit ? (
              <>
                {dirty ? (
                  <Button type="button" variant="ghost" onClick={discard}>
                    Discard changes
                  </Button>
                ) : null}
                <ImpactPreviewControl
                  agentKey={agent.key}
                  preview={preview}
                  draft={draft}
                  disabled={!dirty || reloading}
                />
                <Button type="submit" form={FORM_ID} pending={saving} disabled={!dirty || reloading}>
                  Save scenario
                </Button>
              </>
            ) : null}
          </>
        }
      />
      {conflict ? (
        <ConflictAlert
          message={conflict}
          reloading={reloading}
          onKeep={reloadKeepingEdits}
          onDiscard={discardAndReload}
        />
      ) : null}
      <TestsGateAlert gate={gate} saving={saving} />
      {message ? <Alert variant="danger">{message}</Alert> : null}
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <form
          id={FORM_ID}
          noValidate
          aria-label={canEdit ? "Edit scenario" : "Scenario"}
          className="min-w-0 space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
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
            focusStep={focusStep}
          />
          <TransitionsSection {...graphSection} />
        </form>
        <aside className="min-w-0 space-y-3 lg:sticky lg:top-0 lg:self-start">
          <div
            className="h-[34rem] overflow-hidden rounded-lg border border-border bg-background"
            data-testid="scenario-graph"
          >
            <ScenarioGraph
              form={form}
              marks={marks}
              selection={selection}
              onSelect={setSelection}
              onConnect={canEdit ? (from, to) => edits.addTransition(from, to) : null}
            />
          </div>
          <p className="text-muted-foreground text-xs">
            Click a step or a transition to edit it. Blue border: entry step · double border: terminal · dashed:
            unreachable · amber: dead end or unreachable · red: error.
            {canEdit ? " Drag from a step's bottom dot to another step to add a transition." : ""}
          </p>
          <ScenarioChecksPanel
            form={form}
            checks={review.checks}
            fieldErrorCount={Object.values(review.fieldErrors).flat().length}
            ruleProblems={ruleProblems}
            onSelect={setSelection}
          />
        </aside>
      </div>
    </>
  );
}
