"use client";

import { FieldError } from "@/components/ui/field-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { createPublishableKeyAction } from "@/lib/actions/widget/create-publishable-key";
import { AllowedOrigin } from "@/lib/widget/publishable-key-schemas";
import { type AgentChoice, AgentOptions } from "./agent-options";
import { CreateKeyDialog } from "./create-key-dialog";

interface Draft {
  agent: string;
  label: string;
  origins: string;
  environments: string;
}

/** One origin a line; blank lines are dropped. */
const originsOf = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/** Environment names, comma- or space-separated; left empty, the server's default (production). */
const environmentsOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** Every environment error, each naming its entry (`environments[1]`: the second name). */
function environmentProblems(errors: Record<string, string[]>, names: string[]): string[] {
  return Object.entries(errors).flatMap(([path, messages]) => {
    const at = /^environments(?:\[(\d+)\])?$/.exec(path);
    if (!at) return [];
    const name = at[1] === undefined ? null : names[Number(at[1])];
    return messages.map((message) => (name ? `${name}: ${message}` : message));
  });
}

/**
 * The origins' errors, each bad one named by its line: the action answers per field, so the lines are
 * checked again with the same schema to say which.
 */
function originProblems(errors: Record<string, string[]>, lines: string[]): string[] {
  const messages = errors.allowed_origins ?? [];
  if (messages.length === 0) return [];
  const perLine = lines.flatMap((line, at) => {
    const parsed = AllowedOrigin.safeParse(line);
    return parsed.success ? [] : parsed.error.issues.map((issue) => `Line ${at + 1} (${line}): ${issue.message}`);
  });
  return perLine.length > 0 ? perLine : messages;
}

function read(form: FormData): Draft {
  return {
    agent: String(form.get("agent") ?? ""),
    label: String(form.get("label") ?? ""),
    origins: String(form.get("origins") ?? ""),
    environments: String(form.get("environments") ?? ""),
  };
}

function create(sent: Draft) {
  const environments = environmentsOf(sent.environments);
  return createPublishableKeyAction({
    agent: sent.agent,
    label: sent.label,
    allowed_origins: originsOf(sent.origins),
    ...(environments.length > 0 ? { environments } : {}),
  });
}

export function CreatePublishableKeyDialog({ agents }: { agents: AgentChoice[] }) {
  return (
    <CreateKeyDialog
      title="Create publishable key"
      description="A web page's chat widget sends it as Authorization: Bearer pk_… It can only start conversations with one agent, from the origins you list."
      triggerDisabled={agents.length === 0}
      secretLabel="Publishable key"
      secretTestId="new-publishable-key"
      read={read}
      create={create}
      nameOf={(created) => created.label}
      fields={(draft, errors) => (
        <>
          <FormField label="Agent" htmlFor="pk-agent" errors={errors.agent}>
            <NativeSelect id="pk-agent" name="agent" defaultValue={draft?.agent ?? agents[0]?.key} required>
              <AgentOptions agents={agents} />
            </NativeSelect>
          </FormField>
          <FormField
            label="Label"
            htmlFor="pk-label"
            errors={errors.label}
            hint="Where it is used, e.g. “Shop help page”."
          >
            <Input id="pk-label" name="label" defaultValue={draft?.label} required />
          </FormField>
          <OriginsField draft={draft} errors={errors} />
          <EnvironmentsField draft={draft} errors={errors} />
        </>
      )}
    />
  );
}

interface FieldProps {
  draft: Draft | null;
  errors: Record<string, string[]>;
}

function OriginsField({ draft, errors }: FieldProps) {
  const problems = originProblems(errors, originsOf(draft?.origins ?? ""));
  return (
    <div className="space-y-1">
      <label htmlFor="pk-origins" className="text-sm font-medium">
        Allowed origins
      </label>
      <p id="pk-origins-hint" className="text-xs text-muted-foreground">
        One a line, exactly scheme://host[:port], e.g. https://shop.example.com. No path, no wildcard.
      </p>
      <Textarea
        id="pk-origins"
        name="origins"
        rows={4}
        defaultValue={draft?.origins}
        placeholder="https://shop.example.com"
        aria-describedby="pk-origins-hint"
        aria-invalid={problems.length > 0 || undefined}
        className="font-mono text-xs"
        required
      />
      <FieldError messages={problems} />
    </div>
  );
}

function EnvironmentsField({ draft, errors }: FieldProps) {
  const problems = environmentProblems(errors, environmentsOf(draft?.environments ?? ""));
  return (
    <div className="space-y-1">
      <label htmlFor="pk-environments" className="text-sm font-medium">
        Environments
      </label>
      <p id="pk-environments-hint" className="text-xs text-muted-foreground">
        Where its chats may run, separated by commas: released environments only, never draft. Production unless you
        name others, e.g. “production, staging” for a staging site.
      </p>
      <Input
        id="pk-environments"
        name="environments"
        defaultValue={draft?.environments ?? "production"}
        aria-describedby="pk-environments-hint"
        aria-invalid={problems.length > 0 || undefined}
        className="font-mono text-xs"
      />
      <FieldError messages={problems} />
    </div>
  );
}
