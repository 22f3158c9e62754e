"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toaster";
import { createRuleAction } from "@/lib/actions/rules/create-rule";
import { updateRuleAction } from "@/lib/actions/rules/update-rule";
import type { BundleRule } from "@/lib/engine/contracts/bundle";
import type { RulesWorkspaceData } from "@/lib/rules/rules-workspace";
import { CelTester } from "./cel-tester";
import { RuleFormFields } from "./rule-form-fields";
import {
  formFromRule,
  keyFromName,
  NEW_RULE_FORM,
  type RuleFormState,
  ruleFromForm,
  usesExpression,
} from "./rule-form-state";
import { useUnsavedChangesGuard } from "./use-unsaved-changes-guard";

export interface EditorTarget {
  /** null: a new rule. */
  rule: BundleRule | null;
  /** The config_version the editor was opened on: sent as expected_config_version. */
  loadedVersion: number;
}

interface RuleEditorDrawerProps {
  target: EditorTarget;
  data: RulesWorkspaceData;
  /** The version the page shows now; used after "reload, keep my edits". */
  currentVersion: number;
  readOnly: boolean;
  onSaved: (version: number) => void;
  onClose: () => void;
}

// A drawer from the right (UI.md "editor drawer"): the form on the left, the tester beside it.
const FORM_ID = "rule-editor-form";
const DRAWER =
  "top-0 right-0 left-auto flex h-screen max-h-screen w-full max-w-5xl translate-x-0 translate-y-0 flex-col gap-0 overflow-hidden rounded-none border-y-0 border-r-0 p-0";

export function RuleEditorDrawer({ target, data, currentVersion, readOnly, onSaved, onClose }: RuleEditorDrawerProps) {
  const router = useRouter();
  const initial = useMemo(() => (target.rule ? formFromRule(target.rule) : NEW_RULE_FORM), [target.rule]);
  const [form, setForm] = useState(initial);
  const [keyEdited, setKeyEdited] = useState(target.rule !== null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [rebased, setRebased] = useState(false);
  const [saving, startSave] = useTransition();
  const [reloading, startReload] = useTransition();
  const dirty = !readOnly && JSON.stringify(form) !== JSON.stringify(initial);
  useUnsavedChangesGuard(dirty);
  const expectedVersion = rebased ? currentVersion : target.loadedVersion;

  function update(patch: Partial<RuleFormState>) {
    if (patch.key !== undefined) setKeyEdited(true);
    setForm((current) => {
      const next = { ...current, ...patch };
      if (!keyEdited && patch.name !== undefined) next.key = keyFromName(patch.name);
      return next;
    });
    // A field's server error is about the old value: drop it once the designer edits the field.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))));
  }

  function requestClose() {
    if (dirty && !window.confirm("Discard your unsaved changes to this rule?")) return;
    onClose();
  }

  function save() {
    const converted = ruleFromForm(form);
    if (!converted.ok) {
      setErrors(converted.fieldErrors);
      setMessage("Some fields need attention.");
      return;
    }
    const at = { agent_key: data.agent.key, expected_config_version: expectedVersion };
    startSave(async () => {
      const result = target.rule
        ? await updateRuleAction({ ...converted.rule, ...at, rule_key: target.rule.key })
        : await createRuleAction({ ...converted.rule, ...at });
      if (result.ok) {
        toast.success(
          result.data.changed ? `Saved ${converted.rule.key} · v${result.data.config_version}` : "Nothing changed.",
        );
        onSaved(result.data.config_version);
        router.refresh();
        onClose();
        return;
      }
      setErrors(result.fieldErrors ?? {});
      setConflict(result.code === "CONFLICT" ? result.message : null);
      setMessage(result.code === "CONFLICT" ? null : result.message);
    });
  }

  function discard() {
    onClose();
    router.refresh();
  }

  /** Loads the newer version and saves on top of it next time; the form keeps what was typed. */
  function reloadKeepingEdits() {
    setConflict(null);
    setRebased(true);
    startReload(() => router.refresh());
  }

  const title = readOnly ? "Rule" : target.rule ? "Edit rule" : "New rule";
  return (
    <Dialog open onOpenChange={(open) => (open ? null : requestClose())}>
      <DialogContent className={DRAWER} data-testid="rule-editor">
        <DialogHeader className="border-border border-b p-5 pr-12">
          <DialogTitle>
            {title}
            {target.rule ? <span className="ml-2 font-mono font-normal text-sm">{target.rule.key}</span> : null}
          </DialogTitle>
          <DialogDescription>
            {readOnly
              ? `${data.agent.name} · v${currentVersion} · read-only: designers edit rules; you can use the tester.`
              : `${data.agent.name} · editing v${expectedVersion}; saving makes v${expectedVersion + 1}, recorded in the ledger.`}
          </DialogDescription>
        </DialogHeader>
        <div className="grid min-h-0 flex-1 grid-cols-1 gap-5 overflow-y-auto p-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
          {/* The tester sits outside the form: Enter in a tester input must not save the rule. */}
          <form
            id={FORM_ID}
            noValidate
            className="space-y-4"
            aria-label={title}
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
          >
            {conflict ? (
              <ConflictAlert message={conflict} reloading={reloading} onKeep={reloadKeepingEdits} onDiscard={discard} />
            ) : null}
            {message ? <Alert variant="danger">{message}</Alert> : null}
            <fieldset disabled={readOnly} className="min-w-0">
              <RuleFormFields form={form} update={update} errors={errors} data={data} />
            </fieldset>
          </form>
          <aside className="lg:sticky lg:top-0 lg:self-start">
            {usesExpression(form) ? (
              <CelTester
                agentKey={data.agent.key}
                expression={form.enforcement_expression}
                declarations={data.declarations}
              />
            ) : (
              <p className="rounded-lg border border-border border-dashed p-3 text-muted-foreground text-xs">
                The tester evaluates lane-1 CEL expressions. Make this a hard constraint in lane 1 to write one.
              </p>
            )}
          </aside>
        </div>
        <div className="flex items-center justify-end gap-2 border-border border-t p-4">
          {dirty ? <span className="mr-auto text-muted-foreground text-xs">Unsaved changes</span> : null}
          <Button type="button" variant="ghost" onClick={requestClose}>
            {readOnly ? "Close" : "Cancel"}
          </Button>
          {readOnly ? null : (
            <Button type="submit" form={FORM_ID} pending={saving} disabled={!dirty || reloading}>
              {target.rule ? "Save rule" : "Create rule"}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ConflictAlert({
  message,
  reloading,
  onKeep,
  onDiscard,
}: {
  message: string;
  reloading: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  return (
    <Alert variant="warning" title="Someone saved a newer version">
      <p>{message}</p>
      <div className="mt-2 flex gap-2">
        <Button type="button" size="sm" onClick={onKeep} pending={reloading}>
          Reload, keep my edits
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDiscard}>
          Discard my edits
        </Button>
      </div>
    </Alert>
  );
}
