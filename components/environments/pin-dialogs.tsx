"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect, ValueOptions } from "@/components/ui/select";
import { submitKeepingValues } from "@/components/ui/submit-keeping-values";
import { Textarea } from "@/components/ui/textarea";
import { endSplitAction } from "@/lib/actions/environments/end-split";
import { promoteEnvironmentAction } from "@/lib/actions/environments/promote-environment";
import { useEnvironmentDialog } from "./use-environment-dialog";
import { VersionImpact } from "./version-impact";

interface PinDialogProps {
  agentKey: string;
  environment: string;
  /** The versions offered, newest first. */
  versions: number[];
  /** Preselected: the latest for a promotion, the first arm when a split ends. */
  chosen: number;
  /** Admins may force past a blocking test gate with a reason. */
  isAdmin: boolean;
  /** The environment's latest sessions with turns: a promotion previews its impact on them. */
  recentSessionIds: string[];
  mode: "promote" | "end-split";
}

const WORDS = {
  promote: {
    open: "Promote…",
    title: (env: string) => `Promote a version to ${env}`,
    description:
      "New sessions get this version; sessions already running keep theirs. The agent's conversation tests run first on both versions: a version that turns a passing test red is refused when the test gate blocks.",
    submit: "Promote",
    field: "Version",
  },
  "end-split": {
    open: "End split…",
    title: (env: string) => `End the split of ${env}`,
    description:
      "The environment keeps one arm's version for new sessions. Keeping a version other than the one it served before the split is a promotion: the test gate runs.",
    submit: "End split",
    field: "Keep version",
  },
};

/** Promote…, and End split… (the same choice of one version, and the same test gate). */
export function PinDialog(props: PinDialogProps) {
  const words = WORDS[props.mode];
  const [version, setVersion] = useState(props.chosen);
  const { open, onOpenChange, pending, errors, message, run } = useEnvironmentDialog(() => setVersion(props.chosen));

  function onSubmit(form: FormData) {
    const version = Number(form.get("config_version"));
    const reason = String(form.get("force_reason") ?? "").trim();
    const base = {
      agent_key: props.agentKey,
      environment: props.environment,
      ...(reason ? { force_reason: reason } : {}),
    };
    run<unknown>(
      () =>
        props.mode === "promote"
          ? promoteEnvironmentAction({ ...base, config_version: version })
          : endSplitAction({ ...base, keep: version }),
      () => `${props.environment} now serves version ${version}.`,
    );
  }

  const id = `${props.mode}-${props.environment}`;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button size="sm" variant={props.mode === "promote" ? "default" : "outline"} data-testid={`${id}-open`}>
          {words.open}
        </Button>
      }
      title={words.title(props.environment)}
      description={words.description}
      message={message}
      submitLabel={words.submit}
      pending={pending}
      onSubmit={submitKeepingValues(onSubmit)}
    >
      <FormField label={words.field} htmlFor={`${id}-version`} errors={errors.config_version ?? errors.keep}>
        <NativeSelect
          id={`${id}-version`}
          name="config_version"
          value={String(version)}
          onChange={(event) => setVersion(Number(event.target.value))}
        >
          <ValueOptions values={props.versions} label={(version) => `v${version}`} />
        </NativeSelect>
      </FormField>
      {props.mode === "promote" ? <VersionImpact key={version} promotion={props} version={version} /> : null}
      {props.isAdmin ? (
        <FormField
          label="Reason to pass a failing test gate"
          htmlFor={`${id}-reason`}
          errors={errors.force_reason}
          hint="Admins only. Leave empty unless the gate refused this version; the ledger keeps the reason with the failing tests."
        >
          <Textarea id={`${id}-reason`} name="force_reason" maxLength={1000} rows={2} />
        </FormField>
      ) : null}
    </FormDialog>
  );
}
