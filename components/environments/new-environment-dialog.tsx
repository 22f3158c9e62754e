"use client";

import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect, ValueOptions } from "@/components/ui/select";
import { submitKeepingValues } from "@/components/ui/submit-keeping-values";
import { createEnvironmentAction } from "@/lib/actions/environments/create-environment";
import { useEnvironmentDialog } from "./use-environment-dialog";

/** Add environment… (admins): a name and the version it starts pinned to. */
export function NewEnvironmentDialog({ agentKey, versions }: { agentKey: string; versions: number[] }) {
  const { open, onOpenChange, pending, errors, message, run } = useEnvironmentDialog();

  function onSubmit(form: FormData) {
    const name = String(form.get("name") ?? "");
    const input = { agent_key: agentKey, name, config_version: Number(form.get("config_version")) };
    run(
      () => createEnvironmentAction(input),
      (data) => `${data.name} added, pinned to version ${data.pinned_version}.`,
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={<Button data-testid="new-environment-open">Add environment…</Button>}
      title="Add an environment"
      description="A named environment (staging, canary, …) pinned to a version. Sessions start in it with environment set to its name."
      message={message}
      submitLabel="Add environment"
      pending={pending}
      onSubmit={submitKeepingValues(onSubmit)}
    >
      <FormField
        label="Name"
        htmlFor="environment-name"
        required
        errors={errors.name}
        hint="Lowercase letters, digits and dashes."
      >
        <Input id="environment-name" name="name" required maxLength={32} placeholder="staging" autoComplete="off" />
      </FormField>
      <FormField label="Pinned version" htmlFor="environment-version" errors={errors.config_version}>
        <NativeSelect id="environment-version" name="config_version" defaultValue={String(versions[0] ?? 1)}>
          <ValueOptions values={versions} label={(version) => `v${version}`} />
        </NativeSelect>
      </FormField>
    </FormDialog>
  );
}
