"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { NameKeyFields } from "@/components/config-editor/name-key-fields";
import { useKeyFromName } from "@/components/config-editor/use-key-from-name";
import { FormDialog } from "@/components/ui/form-dialog";
import { submitWithoutReload } from "@/components/ui/submit-keeping-values";
import { TextField, textFieldsOf } from "@/components/ui/text-field";
import { toast } from "@/components/ui/toaster";
import { useFormProblems } from "@/components/ui/use-form-problems";
import { createScenarioAction } from "@/lib/actions/scenarios/create-scenario";
import { BundleScenario } from "@/lib/engine/contracts/bundle";
import { keyFromName } from "@/lib/keys/key-from-name";

interface NewScenarioDialogProps {
  open: boolean;
  agentKey: string;
  version: number;
  onVersion: (version: number) => void;
  onClose: () => void;
}

const EMPTY = { name: "", key: "", intent_label: "", step: "" };

/**
 * A new scenario starts as a name, a key and its first step, disabled: no conversation is routed to it
 * until the designer has given it entry examples, steps and transitions in its editor and enabled it.
 */
export function NewScenarioDialog({ open, agentKey, version, onVersion, onClose }: NewScenarioDialogProps) {
  const router = useRouter();
  const [fields, setFields] = useState(EMPTY);
  const keyFollows = useKeyFromName<typeof EMPTY>(true, keyFromName);
  const { errors, message, setErrors, valid, refused } = useFormProblems();
  const [pending, startCreate] = useTransition();

  const update = (patch: Partial<typeof EMPTY>) => {
    setFields((current) => ({ ...current, ...patch, ...keyFollows(patch) }));
    setErrors({});
  };

  function create() {
    const stepKey = keyFromName(fields.step, "_") || "start";
    const scenario = valid(
      BundleScenario,
      {
        key: fields.key.trim(),
        name: fields.name,
        intent_label: fields.intent_label.trim(),
        entry_step: stepKey,
        enabled: false,
        steps: [{ key: stepKey, name: fields.step }],
      },
      // The first step's name and key are the form's one Step field.
      (path) => path.replace(/^steps\[0\]\.(name|key)$/, "step"),
    );
    if (!scenario) return;
    startCreate(async () => {
      const result = await createScenarioAction({
        ...scenario,
        agent_key: agentKey,
        expected_config_version: version,
      });
      if (!result.ok) {
        refused(result);
        return;
      }
      onVersion(result.data.config_version);
      toast.success(`Created ${scenario.key}, disabled until you enable it · v${result.data.config_version}`);
      setFields(EMPTY);
      keyFollows.reset();
      onClose();
      router.push(`/agents/${agentKey}/scenarios/${scenario.key}`);
    });
  }

  const field = textFieldsOf({ id: "new-scenario", form: fields, update, errors: (key) => errors[key] });
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? null : onClose())}
      title="New scenario"
      description={`It starts disabled with one step; add entry examples, steps and transitions in its editor, then enable it. Creating it makes v${version + 1}.`}
      message={message}
      submitLabel="Create scenario"
      pending={pending}
      onSubmit={submitWithoutReload(create)}
    >
      <NameKeyFields id="new-scenario" of={{ form: fields, errors, update }} keyHint="Stable id in bundles." />
      <TextField
        {...field("intent_label", "intent")}
        label="Intent label"
        hint="Logged on every turn routed here."
        inputClassName="font-mono text-xs"
      />
      <TextField
        {...field("step")}
        errors={errors.step ?? errors.steps ?? errors.entry_step}
        label="First step"
        required
        hint={`Its entry step; key ${keyFromName(fields.step, "_") || "start"}.`}
      />
    </FormDialog>
  );
}
