"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "@/components/ui/toaster";
import { createProfileFieldAction } from "@/lib/actions/fields/create-profile-field";
import { createVariableAction } from "@/lib/actions/fields/create-variable";
import { deleteProfileFieldAction } from "@/lib/actions/fields/delete-profile-field";
import { deleteVariableAction } from "@/lib/actions/fields/delete-variable";
import type { ProfileField, ResponseVariable } from "@/lib/fields-editor/field-action-schemas";
import type { ActionResult } from "@/lib/server/define-action";

interface FieldCommandsOptions {
  agentKey: string;
  /** The config_version the page shows; every command sends it as expected_config_version. */
  version: number;
  onVersion: (version: number) => void;
}

// A conflict toast stays 10 s: long enough to read what changed and click Reload (as on the rules page).
const CONFLICT_TOAST_MS = 10_000;

type Saved = { config_version: number };

/** The tables' delete commands, each one save with a toast and an undo that re-creates the entity. */
export function useFieldCommands({ agentKey, version, onVersion }: FieldCommandsOptions) {
  const router = useRouter();
  const [pendingName, setPendingName] = useState<string | null>(null);
  const [, startTransition] = useTransition();

  function run<T extends Saved>(name: string, call: () => Promise<ActionResult<T>>, done: (data: T) => void) {
    setPendingName(name);
    startTransition(async () => {
      const result = await call();
      if (result.ok) {
        onVersion(result.data.config_version);
        router.refresh();
        done(result.data);
      } else if (result.code === "CONFLICT") {
        toast.error(result.message, {
          duration: CONFLICT_TOAST_MS,
          action: { label: "Reload", onClick: () => router.refresh() },
        });
      } else {
        toast.error(result.message);
      }
      setPendingName(null);
    });
  }

  function removeField(field: ProfileField, onDone: () => void) {
    run(
      field.field_name,
      () =>
        deleteProfileFieldAction({
          agent_key: agentKey,
          field_name: field.field_name,
          expected_config_version: version,
        }),
      (data) => {
        onDone();
        toast.success(`Deleted ${field.field_name} · v${data.config_version}`, {
          action: {
            label: "Undo",
            onClick: () =>
              run(
                field.field_name,
                () =>
                  createProfileFieldAction({
                    ...field,
                    agent_key: agentKey,
                    expected_config_version: data.config_version,
                  }),
                (restored) => toast.success(`Restored ${field.field_name} · v${restored.config_version}`),
              ),
          },
        });
      },
    );
  }

  function removeVariable(variable: ResponseVariable, onDone: () => void) {
    run(
      variable.name,
      () => deleteVariableAction({ agent_key: agentKey, name: variable.name, expected_config_version: version }),
      (data) => {
        onDone();
        toast.success(`Deleted ${variable.name} · v${data.config_version}`, {
          action: {
            label: "Undo",
            onClick: () =>
              run(
                variable.name,
                () =>
                  createVariableAction({
                    ...variable,
                    agent_key: agentKey,
                    expected_config_version: data.config_version,
                  }),
                (restored) => toast.success(`Restored ${variable.name} · v${restored.config_version}`),
              ),
          },
        });
      },
    );
  }

  return { pendingName, removeField, removeVariable };
}
