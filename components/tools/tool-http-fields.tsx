"use client";

import { Alert } from "@/components/ui/alert";
import { ValueOptions } from "@/components/ui/select";
import { SelectField } from "@/components/ui/select-field";
import { TextField, textFieldsOf } from "@/components/ui/text-field";
import { HTTP_TOOL_METHODS, TEXT_LIMITS } from "@/lib/engine/contracts/bundle";
import type { ToolHostStatus } from "@/lib/tools/tool-action-schemas";
import type { ToolFormErrors, ToolFormState } from "@/lib/tools/tool-form-state";

interface ToolHttpFieldsProps {
  form: ToolFormState;
  update: (patch: Partial<ToolFormState>) => void;
  errors: ToolFormErrors;
  host: { status: ToolHostStatus | null; checking: boolean };
  /** The agent's credential names (never their values) for the picker. */
  credentialNames: readonly string[];
  /** A new tool: a method other than GET turns approval on with it (the designer may turn it off). */
  isNew: boolean;
}

/** The call's two limits: form key, input id, and the range the bundle allows. */
const LIMIT_FIELDS = [
  {
    key: "timeout_ms",
    id: "timeout",
    label: "Timeout (ms)",
    min: 100,
    max: 30_000,
    hint: "100 – 30,000; 5,000 default.",
  },
  {
    key: "max_bytes",
    id: "max-bytes",
    label: "Max response (bytes)",
    min: 1,
    max: 1_048_576,
    hint: "At most 1,048,576; 65,536 default.",
  },
] as const;

/**
 * An http tool's call: URL with {input} placeholders, method, credential, query, header and body
 * templates (docs/tools.md), and the two limits (docs/decisions.md#tool-output-is-data).
 */
export function ToolHttpFields({ form, update, errors, host, credentialNames, isNew }: ToolHttpFieldsProps) {
  const field = textFieldsOf({ id: "tool", form, update, errors: (key) => errors[key] });
  /** A request template's text box: several lines, monospace, no spell check ({input} names are not words). */
  const template = (key: "query" | "headers" | "body", minHeight: string) => ({
    ...field(key),
    multiline: true,
    inputClassName: `${minHeight} font-mono text-xs`,
    spellCheck: false,
  });
  return (
    <div className="space-y-3">
      <TextField
        {...field("url")}
        label="URL"
        required
        hint="{order_id} is replaced by that input, URL-encoded as a path segment."
        placeholder="https://api.example.com/orders/{order_id}"
        inputClassName="font-mono text-xs"
        maxLength={TEXT_LIMITS.url}
        spellCheck={false}
        autoComplete="off"
      />
      <HostStatus host={host} />
      <div className="grid grid-cols-3 gap-3">
        <SelectField
          {...field("method")}
          label="Method"
          onChange={(value) => {
            const method = value as ToolFormState["method"];
            // A new tool that changes something on the other side waits for an operator by default.
            const approval = isNew && form.method === "GET" && method !== "GET" ? { requiresApproval: true } : {};
            update({ method, ...approval });
          }}
        >
          <ValueOptions values={HTTP_TOOL_METHODS} />
        </SelectField>
        {LIMIT_FIELDS.map(({ key, id, ...limit }) => (
          <TextField key={key} {...field(key, id)} type="number" {...limit} />
        ))}
      </div>
      <SelectField
        {...field("credential")}
        label="Credential"
        hint="Sent with every call: a header, a query parameter or an OAuth token. Values live under Credentials and never appear in traces."
      >
        <option value="">None</option>
        <ValueOptions
          values={[...new Set([...credentialNames, ...(form.credential ? [form.credential] : [])])]}
          label={(name) => (credentialNames.includes(name) ? name : `${name} (not set)`)}
        />
      </SelectField>
      <TextField
        {...template("query", "min-h-14")}
        label="Query parameters"
        placeholder="status={status}"
        hint="One name=value a line; {input} is replaced by that input, URL-encoded."
      />
      <TextField
        {...template("headers", "min-h-14")}
        label="Headers"
        placeholder="X-Customer: {customer_id}"
        hint="One Name: value a line; a value that would hold a line break is refused at call time."
      />
      {form.method === "GET" ? null : (
        <TextField
          {...template("body", "min-h-20")}
          label="JSON body"
          placeholder={'{ "order": "{order_id}", "amount": "{amount}" }'}
          hint={
            '"{amount}" alone becomes the input\'s JSON value (a number stays a number). Empty: the inputs as JSON (DELETE: no body).'
          }
        />
      )}
    </div>
  );
}

function HostStatus({ host }: { host: ToolHostProps }) {
  if (host.checking) {
    return (
      <p className="text-muted-foreground text-xs" data-testid="host-status" data-state="checking">
        Checking the host against this server's allowed tool hosts…
      </p>
    );
  }
  const status = host.status;
  if (!status) return null;
  if (status.state === "allowed") {
    return (
      <p className="text-muted-foreground text-xs" data-testid="host-status" data-state="allowed">
        {status.message}
      </p>
    );
  }
  return (
    <div data-testid="host-status" data-state={status.state}>
      <Alert
        variant="warning"
        title={status.state === "invalid" ? "Not a URL this server can call" : "Host not allowed on this server"}
      >
        {status.message}
      </Alert>
    </div>
  );
}

type ToolHostProps = ToolHttpFieldsProps["host"];
