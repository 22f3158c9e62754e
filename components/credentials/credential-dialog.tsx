"use client";

import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect, ValueOptions } from "@/components/ui/select";
import { TitledDialog } from "@/components/ui/titled-dialog";
import { useApiFormDialog } from "@/components/ui/use-api-form-dialog";
import { CREDENTIAL_KINDS, type CredentialKind } from "@/lib/credentials/credential-schemas";
import { createCredential, rotateCredential } from "@/lib/credentials/credentials-client";

// Add a credential, or rotate one binding: the kind and its fields. Secret fields are password inputs
// and nothing typed is ever shown back: the list shows the fingerprint of what was stored.

const KIND_LABELS: Record<CredentialKind, string> = {
  bearer: "Bearer token",
  header: "API key in a header",
  basic: "Basic (username and password)",
  query: "API key in the query",
  oauth2_client_credentials: "OAuth 2.0 client credentials",
};

interface KindField {
  name: string;
  label: string;
  secret?: boolean;
  optional?: boolean;
  placeholder?: string;
}

const KIND_FIELDS: Record<CredentialKind, KindField[]> = {
  bearer: [{ name: "token", label: "Token", secret: true }],
  header: [
    { name: "header", label: "Header", placeholder: "X-Api-Key" },
    { name: "value", label: "Value", secret: true },
  ],
  basic: [
    { name: "username", label: "Username" },
    { name: "password", label: "Password", secret: true },
  ],
  query: [
    { name: "param", label: "Query parameter", placeholder: "api_key" },
    { name: "value", label: "Value", secret: true },
  ],
  oauth2_client_credentials: [
    { name: "token_url", label: "Token URL", placeholder: "https://auth.example.com/oauth/token" },
    { name: "client_id", label: "Client id" },
    { name: "client_secret", label: "Client secret", secret: true },
    { name: "scope", label: "Scope", optional: true },
    { name: "audience", label: "Audience", optional: true },
  ],
};

interface CredentialDialogProps {
  agentKey: string;
  /** Rotating this binding; absent: adding a credential. */
  rotating?: { name: string; environment: string | null; kind: CredentialKind };
  label: string;
  variant?: "default" | "outline";
}

export function CredentialDialog({ agentKey, rotating, label, variant = "default" }: CredentialDialogProps) {
  const { open, onOpenChange, pending, errors, message, submit } = useApiFormDialog();
  const [kind, setKind] = useState<CredentialKind>(rotating?.kind ?? "bearer");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value: Record<string, string> = {};
    for (const field of KIND_FIELDS[kind]) {
      const text = String(form.get(field.name) ?? "");
      if (text !== "" || !field.optional) value[field.name] = text;
    }
    const environment = rotating ? rotating.environment : String(form.get("environment") ?? "").trim() || null;
    const body = { kind, environment, ...value } as never;
    submit(() =>
      rotating
        ? rotateCredential(agentKey, rotating.name, body)
        : createCredential(agentKey, { ...(body as object), name: String(form.get("name") ?? "") } as never),
    );
  }

  const title = rotating
    ? `Rotate ${rotating.name}${rotating.environment ? ` (${rotating.environment})` : ""}`
    : "Add credential";
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant={variant} size={rotating ? "sm" : "default"}>
          {label}
        </Button>
      }
      title={title}
      description="The value is sealed with this instance's key. It is never shown again, not here, in traces or in exports; the list shows a fingerprint to tell values apart."
    >
      <form onSubmit={onSubmit} className="space-y-4" aria-label={title}>
        {message ? <Alert variant="danger">{message}</Alert> : null}
        {rotating ? null : (
          <div className="grid grid-cols-2 gap-3">
            <FormField
              label="Name"
              htmlFor="credential-name"
              errors={errors.name}
              hint="What a tool's Credential picks."
              required
            >
              <Input id="credential-name" name="name" placeholder="orders-api" autoComplete="off" required />
            </FormField>
            <FormField
              label="Environment"
              htmlFor="credential-environment"
              errors={errors.environment}
              hint="Empty: the default for every environment."
            >
              <Input id="credential-environment" name="environment" placeholder="staging" autoComplete="off" />
            </FormField>
          </div>
        )}
        <FormField label="Kind" htmlFor="credential-kind" errors={errors.kind}>
          <NativeSelect id="credential-kind" value={kind} onChange={(e) => setKind(e.target.value as CredentialKind)}>
            <ValueOptions values={CREDENTIAL_KINDS} label={(option) => KIND_LABELS[option]} />
          </NativeSelect>
        </FormField>
        {KIND_FIELDS[kind].map((field) => (
          <FormField
            key={`${kind}-${field.name}`}
            label={field.label}
            htmlFor={`credential-${field.name}`}
            errors={errors[field.name]}
            required={!field.optional}
          >
            <Input
              id={`credential-${field.name}`}
              name={field.name}
              type={field.secret ? "password" : "text"}
              placeholder={field.placeholder}
              autoComplete={field.secret ? "new-password" : "off"}
              spellCheck={false}
              required={!field.optional}
            />
          </FormField>
        ))}
        <DialogFooter>
          <Button type="submit" pending={pending}>
            {rotating ? "Rotate" : "Add credential"}
          </Button>
        </DialogFooter>
      </form>
    </TitledDialog>
  );
}
