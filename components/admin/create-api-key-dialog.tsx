"use client";

import { CheckboxFieldset } from "@/components/ui/checkbox-fieldset";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { createApiKeyAction } from "@/lib/actions/api-keys/create-api-key";
import { API_SCOPES } from "@/lib/identity/roles";
import type { AgentChoice } from "./agent-options";
import { CreateKeyDialog } from "./create-key-dialog";

interface Sent {
  name: string;
  scopes: string[];
  agents: string[] | null;
}

function read(form: FormData): Sent {
  const limited = form.getAll("agents").map(String);
  return {
    name: String(form.get("name") ?? ""),
    scopes: form.getAll("scopes").map(String),
    agents: limited.length > 0 ? limited : null,
  };
}

export function CreateApiKeyDialog({ agents }: { agents: AgentChoice[] }) {
  return (
    <CreateKeyDialog
      title="Create API key"
      description="REST clients send it as Authorization: Bearer fk_…"
      secretLabel="API key"
      secretTestId="new-api-key"
      read={read}
      create={(sent) => createApiKeyAction(sent as never)}
      nameOf={(created) => created.name}
      fields={(draft, errors) => (
        <>
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
        </>
      )}
    />
  );
}
