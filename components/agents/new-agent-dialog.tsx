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
import { createAgentAction } from "@/lib/actions/agents/create-agent";
import { CreateAgentInput } from "@/lib/agents/agent-forms";
import { keyFromName } from "@/lib/keys/key-from-name";

const EMPTY = { name: "", key: "", description: "", start: "empty" as "empty" | "demo" };

const STARTS = [
  { value: "empty", label: "Empty", hint: "No rules, scenarios or tools yet: build it from scratch." },
  {
    value: "demo",
    label: "A copy of the Refund desk",
    hint: "The demo's rules, scenarios, tools and tests under your name, to change freely.",
  },
] as const;

/** New agent: a name, a key that follows the name until edited, and where to start from. */
export function NewAgentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const router = useRouter();
  const [fields, setFields] = useState(EMPTY);
  const { errors, message, valid, accepted, clear } = useFormProblems();
  const [pending, startCreate] = useTransition();

  // Mounted per opening (agent-create-actions.tsx), so the key follows the name afresh each time.
  const derive = useKeyFromName<typeof EMPTY>(true, keyFromName);

  const update = (patch: Partial<typeof EMPTY>) => {
    setFields((current) => ({ ...current, ...patch, ...derive(patch) }));
    clear();
  };

  function create() {
    const input = valid(CreateAgentInput, fields);
    if (!input) return;
    startCreate(async () => {
      const created = await accepted(createAgentAction(input));
      if (!created) return;
      toast.success(`Created ${input.name} · v${created.config_version}`);
      onClose();
      router.push(`/agents/${created.key}`);
      router.refresh();
    });
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? null : onClose())}
      title="New agent"
      description="An agent is its own set of rules, scenarios, tools and settings, with its own history."
      message={message}
      submitLabel="Create agent"
      pending={pending}
      onSubmit={submitWithoutReload(create)}
    >
      <NameKeyFields
        id="new-agent"
        of={{ form: fields, errors, update }}
        keyHint="In URLs, the API and bundle files; lower-case letters, digits and hyphens."
      />
      <TextField
        {...textFieldsOf({ id: "new-agent", form: fields, update, errors: (key) => errors[key] })("description")}
        label="Description"
      />
      <fieldset className="space-y-2">
        <legend className="font-medium text-sm">Start from</legend>
        {STARTS.map((start) => (
          <label
            key={start.value}
            className="flex cursor-pointer items-start gap-2 rounded-md border border-border p-2 has-[:checked]:border-ring has-[:checked]:bg-accent/40"
          >
            <input
              type="radio"
              name="new-agent-start"
              value={start.value}
              checked={fields.start === start.value}
              onChange={() => update({ start: start.value })}
              className="mt-1"
            />
            <span>
              <span className="block font-medium text-sm">{start.label}</span>
              <span className="block text-muted-foreground text-xs">{start.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </FormDialog>
  );
}
