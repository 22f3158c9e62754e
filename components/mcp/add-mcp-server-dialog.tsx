"use client";

import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect, ValueOptions } from "@/components/ui/select";
import { useApiFormDialog } from "@/components/ui/use-api-form-dialog";
import { createMcpServer } from "@/lib/mcp/mcp-servers-client";

// Register a streamable-HTTP MCP server: a name, its URL (on a host in FOCAL_TOOL_HOSTS) and which
// of the agent's credentials its requests carry. Nothing is fetched yet: Sync lists the tools.

export function AddMcpServerDialog({
  agentKey,
  credentialNames,
  label,
}: {
  agentKey: string;
  credentialNames: string[];
  label: string;
}) {
  const { open, onOpenChange, pending, errors, message, submit } = useApiFormDialog();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const credential = String(form.get("credential") ?? "");
    const body = {
      name: String(form.get("name") ?? "").trim(),
      url: String(form.get("url") ?? "").trim(),
      ...(credential ? { credential } : {}),
    };
    submit(() => createMcpServer(agentKey, body));
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={<Button>{label}</Button>}
      title="Add MCP server"
      description="A streamable-HTTP MCP endpoint. Its host must be an allowed tool host (FOCAL_TOOL_HOSTS); after adding it, Sync lists its tools."
      message={message}
      submitLabel="Add server"
      pending={pending}
      onSubmit={onSubmit}
    >
      <FormField
        label="Name"
        htmlFor="mcp-name"
        errors={errors.name}
        hint="Lower-case letters, digits, - and _."
        required
      >
        <Input id="mcp-name" name="name" placeholder="order-desk" autoComplete="off" maxLength={64} />
      </FormField>
      <FormField label="URL" htmlFor="mcp-url" errors={errors.url} required>
        <Input id="mcp-url" name="url" placeholder="https://mcp.example.com/mcp" autoComplete="off" maxLength={2000} />
      </FormField>
      <FormField
        label="Credential"
        htmlFor="mcp-credential"
        errors={errors.credential}
        hint={
          credentialNames.length === 0
            ? "No credentials yet: add one under Settings → Credentials if the server needs one."
            : "Sent with every request to the server; its value is never shown."
        }
      >
        <NativeSelect id="mcp-credential" name="credential" defaultValue="">
          <option value="">None</option>
          <ValueOptions values={credentialNames} />
        </NativeSelect>
      </FormField>
    </FormDialog>
  );
}
