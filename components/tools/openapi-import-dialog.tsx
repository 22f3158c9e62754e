"use client";

import { FileUp } from "lucide-react";
import type { ChangeEvent } from "react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Mono } from "@/components/ui/mono";
import { NativeSelect, ValueOptions } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { TitledDialog } from "@/components/ui/titled-dialog";
import type { ImportOpenApiResult } from "@/lib/tools/openapi/openapi-import-schemas";
import { OpenApiImportPreview } from "./openapi-import-preview";
import { useOpenApiImport } from "./use-openapi-import";

// "Import from OpenAPI" on the Tools page (docs/tools.md#import-from-openapi): paste or upload a
// document, read its operations, tick some, pick the credential for its security scheme, see what
// will be created, import. Each problem the server names shows beside the control it is about.

interface OpenApiImportDialogProps {
  agentKey: string;
  credentialNames: string[];
  onImported: (result: ImportOpenApiResult) => void;
}

export function OpenApiImportDialog({ agentKey, credentialNames, onImported }: OpenApiImportDialogProps) {
  const [open, setOpen] = useState(false);
  const state = useOpenApiImport(agentKey, (result) => {
    setOpen(false);
    onImported(result);
  });
  const { draft, setDraft, listed, problemsAt } = state;
  const secured = listed?.operations.some((op) => op.security !== null) ?? false;
  const documentErrors = problemsAt("document", true);
  const known = new Set(["credential", "base_url", "document.servers", "document.servers[0].url"]);
  const other = (state.problems?.issues ?? []).filter(
    (issue) => !issue.path.startsWith("document") && !issue.path.startsWith("operations[") && !known.has(issue.path),
  );

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const text = await file.text();
    setDraft((d) => ({ ...d, text }));
  }

  return (
    <TitledDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant="outline">
          <FileUp aria-hidden="true" />
          Import from OpenAPI
        </Button>
      }
      title="Import from OpenAPI"
      description="Each operation you pick becomes an http tool: its parameters and JSON body become inputs, its response's properties output variables. Nothing is saved until Import."
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
      testId="openapi-import-dialog"
    >
      <div className="space-y-4">
        <FormField
          label="OpenAPI 3.x document (JSON or YAML)"
          htmlFor="openapi-document"
          errors={documentErrors.filter((m) => !m.startsWith("document.servers"))}
          hint={
            <span className="flex items-center gap-2">
              Paste it, or
              <input
                type="file"
                accept=".json,.yaml,.yml,application/json,application/yaml,text/yaml"
                aria-label="Upload an OpenAPI file"
                onChange={upload}
                className="text-xs"
              />
            </span>
          }
        >
          <Textarea
            id="openapi-document"
            rows={8}
            className="font-mono text-xs"
            value={draft.text}
            onChange={(event) => setDraft({ ...draft, text: event.target.value })}
            placeholder={
              "openapi: 3.0.3\ninfo: { title: Orders, version: '1' }\nservers: [{ url: https://api.example.com }]\npaths: …"
            }
          />
        </FormField>
        <Button
          type="button"
          variant="outline"
          onClick={state.read}
          pending={state.reading}
          disabled={!draft.text.trim()}
        >
          Read operations
        </Button>
        {listed ? <OperationPicker state={state} /> : null}
        {listed ? (
          <FormField
            label="Server URL"
            htmlFor="openapi-base-url"
            hint="Leave empty to use the document's first server; needed when it is relative or has {variables}."
            errors={[
              ...problemsAt("base_url"),
              ...problemsAt("document.servers"),
              ...problemsAt("document.servers[0].url"),
            ]}
          >
            <Input
              id="openapi-base-url"
              value={draft.baseUrl}
              onChange={(event) => setDraft({ ...draft, baseUrl: event.target.value })}
              placeholder="The document's first server"
            />
          </FormField>
        ) : null}
        {listed && secured ? (
          <FormField
            label="Credential for the document's security scheme"
            htmlFor="openapi-credential"
            hint="The tools name it; its value stays under Settings → Credentials."
            errors={problemsAt("credential")}
          >
            <NativeSelect
              id="openapi-credential"
              value={draft.credential}
              onChange={(event) => setDraft({ ...draft, credential: event.target.value })}
            >
              <option value="">Named after the scheme</option>
              <ValueOptions values={credentialNames} />
            </NativeSelect>
          </FormField>
        ) : null}
        <OpenApiImportPreview preview={state.preview} pending={state.previewing} />
        {state.problems && other.length + documentErrors.length > 0 ? (
          <Alert variant="danger">{state.problems.message}</Alert>
        ) : null}
        <FieldError messages={other.map((issue) => `${issue.path}: ${issue.message}`)} />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => setOpen(false)}>
          Cancel
        </Button>
        <Button
          type="button"
          onClick={state.submit}
          pending={state.importing}
          disabled={!state.preview || state.previewing}
          data-testid="openapi-import-submit"
        >
          Import {state.preview ? state.preview.tools.length : ""}{" "}
          {state.preview?.tools.length === 1 ? "tool" : "tools"}
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}

function OperationPicker({ state }: { state: ReturnType<typeof useOpenApiImport> }) {
  const { draft, setDraft, listed, problemsAt } = state;
  if (!listed) return null;
  const toggle = (name: string, on: boolean) =>
    setDraft({ ...draft, picked: on ? [...draft.picked, name] : draft.picked.filter((n) => n !== name) });
  return (
    <fieldset className="space-y-1" aria-describedby="openapi-operations-hint">
      <legend className="font-medium text-sm">Operations of {listed.title}</legend>
      <p id="openapi-operations-hint" className="text-muted-foreground text-xs">
        {listed.operations.length === 0
          ? "The document has no GET, POST, PUT, PATCH or DELETE operation to import."
          : "Tick the operations to import; each becomes a tool with the key shown."}
      </p>
      <ul className="max-h-56 space-y-1 overflow-y-auto">
        {listed.operations.map((op) => {
          const name = op.operation_id ?? op.operation;
          const index = draft.picked.indexOf(name);
          return (
            <li key={op.operation}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={index >= 0}
                  onChange={(event) => toggle(name, event.target.checked)}
                  aria-label={`${op.method} ${op.path}${op.summary ? ` — ${op.summary}` : ""}`}
                />
                <Badge variant={op.method === "GET" ? "info" : "warning"}>{op.method}</Badge>
                <Mono>{op.path}</Mono>
                <span className="truncate text-muted-foreground">{op.summary}</span>
                <Mono className="ml-auto text-muted-foreground text-xs">{op.tool_key}</Mono>
              </label>
              {index >= 0 ? <FieldError messages={problemsAt(`operations[${index}]`, true)} /> : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
