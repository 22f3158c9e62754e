"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckboxFieldset } from "@/components/ui/checkbox-fieldset";
import { DialogFooter } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ShownOnceValue } from "@/components/ui/shown-once-value";
import { submitKeepingValues } from "@/components/ui/submit-keeping-values";
import { TitledDialog } from "@/components/ui/titled-dialog";
import { useFormProblems } from "@/components/ui/use-form-problems";
import { createApiKeyAction } from "@/lib/actions/api-keys/create-api-key";
import { API_SCOPES } from "@/lib/identity/roles";

export function CreateApiKeyDialog({ agents }: { agents: { key: string; name: string }[] }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const { errors, message, refused, clear } = useFormProblems();
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  // What was sent, so a refused form comes back as it was typed (React resets a form after its action).
  const [draft, setDraft] = useState<{ name: string; scopes: string[]; agents: string[] | null } | null>(null);

  function onSubmit(form: FormData) {
    const limited = form.getAll("agents").map(String);
    const input = {
      name: String(form.get("name") ?? ""),
      scopes: form.getAll("scopes").map(String),
      agents: limited.length > 0 ? limited : null,
    };
    startTransition(async () => {
      const result = await createApiKeyAction(input as never);
      setDraft(result.ok ? null : input);
      if (result.ok) {
        setCreated({ key: result.data.key, name: result.data.name });
        clear();
        router.refresh();
      } else {
        refused(result);
      }
    });
  }

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setCreated(null);
      setDraft(null);
      clear();
    }
  }

  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={<Button>Create API key</Button>}
      title={created ? "Copy the key now" : "Create API key"}
      description={
        created
          ? `This is the only time “${created.name}” is shown. Focal keeps only its SHA-256 hash.`
          : "REST clients send it as Authorization: Bearer fk_…"
      }
    >
      {created ? (
        <>
          <ShownOnceValue value={created.key} label="API key" testId="new-api-key" />
          <DialogFooter>
            <Button onClick={() => onOpenChange(false)}>Done</Button>
          </DialogFooter>
        </>
      ) : (
        <form onSubmit={submitKeepingValues(onSubmit)} className="space-y-4" aria-label="Create API key">
          {message ? <Alert variant="danger">{message}</Alert> : null}
          <FormField label="Name" htmlFor="key-name" errors={errors.name} hint="What uses it, e.g. “CI import job”.">
            <Input id="key-name" name="name" defaultValue={draft?.name} required />
          </FormField>
          <CheckboxFieldset
            legend="Scopes"
            name="scopes"
            options={API_SCOPES.map((scope) => ({
              value: scope,
              label: <span className="font-mono text-xs">{scope}</span>,
              checked: draft ? draft.scopes.includes(scope) : scope === "agents:read",
            }))}
            errors={errors.scopes}
          />
          <CheckboxFieldset
            legend="Agents"
            name="agents"
            describedBy="key-agents-hint"
            hint={
              <p id="key-agents-hint" className="text-xs text-muted-foreground">
                Tick none for every agent; tick some to limit the key to them (others answer 404).
              </p>
            }
            options={agents.map((agent) => ({
              value: agent.key,
              label: (
                <>
                  <span>{agent.name}</span>
                  <span className="font-mono text-xs text-muted-foreground">{agent.key}</span>
                </>
              ),
              checked: draft?.agents?.includes(agent.key) ?? false,
            }))}
            errors={Object.entries(errors)
              .filter(([path]) => path === "agents" || path.startsWith("agents["))
              .flatMap(([, messages]) => messages)}
          />
          <DialogFooter>
            <Button type="submit" pending={pending}>
              Create key
            </Button>
          </DialogFooter>
        </form>
      )}
    </TitledDialog>
  );
}
