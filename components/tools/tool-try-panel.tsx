"use client";

import { Play } from "lucide-react";
import { type ReactNode, useState, useTransition } from "react";
import { TesterPanel, TesterValue } from "@/components/config-editor/tester-panel";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { tryToolAction } from "@/lib/actions/tools/try-tool";
import type { ToolHostStatus } from "@/lib/tools/tool-action-schemas";
import type { ToolFormErrors, ToolFormState, ToolFromForm } from "@/lib/tools/tool-form-state";
import { SentRequestView } from "./sent-request-view";

type TryResult = Awaited<ReturnType<typeof tryToolAction>>;

// The output shown is cut at 20,000 characters: an http tool may return up to 1 MiB.
const OUTPUT_SHOWN = 20_000;

interface ToolTryPanelProps {
  agentKey: string;
  form: ToolFormState;
  /** The form as a tool, or its errors: the panel tries the draft, saved or not. */
  draft: () => ToolFromForm;
  onInvalid: (errors: ToolFormErrors) => void;
  hostStatus: ToolHostStatus | null;
  readOnly: boolean;
}

const REASONS: Record<string, string> = {
  refused: "refused",
  timeout: "timed out",
  too_large: "response too large",
  error: "failed",
};

/** "Try it": one real run of the draft with typed inputs, its output and the variables its paths extract. */
export function ToolTryPanel({ agentKey, form, draft, onInvalid, hostStatus, readOnly }: ToolTryPanelProps) {
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [result, setResult] = useState<TryResult | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [running, startRun] = useTransition();
  const inputs = form.inputs.filter((row) => row.name !== "");

  if (readOnly) {
    return (
      <section aria-labelledby="tool-try-title" className="space-y-2 rounded-lg border border-border p-3">
        <h3 id="tool-try-title" className="font-semibold text-sm">
          Try it
        </h3>
        <p className="text-muted-foreground text-xs">
          Designers can run a tool here with sample inputs. A try makes a real call for an http tool.
        </p>
      </section>
    );
  }

  function run() {
    const converted = draft();
    if (!converted.ok) {
      setInvalid(true);
      setResult(null);
      onInvalid(converted.errors);
      return;
    }
    setInvalid(false);
    const values = Object.fromEntries(inputs.map((row) => [row.name, texts[row.name] ?? ""]));
    startRun(async () => setResult(await tryToolAction({ agent_key: agentKey, tool: converted.tool, inputs: values })));
  }

  const skipped = result?.ok && result.data.state === "skipped" ? result.data : null;
  return (
    <TesterPanel
      id="tool-try"
      title="Try it"
      intro="Runs this draft once — saved or not — through the runner turns use. Writes nothing."
    >
      {inputs.length === 0 ? <p className="text-muted-foreground text-xs">The tool takes no inputs.</p> : null}
      {inputs.map((row) => {
        const id = `try-${row.name}`;
        const error = skipped?.input_errors[row.name] ?? (skipped?.missing.includes(row.name) ? "Required" : undefined);
        return (
          <TesterValue
            key={row.id}
            id={id}
            name={row.name}
            about={`${row.type}${row.required ? " · required" : ""}`}
            control={row.type === "boolean" ? "boolean" : "text"}
            value={texts[row.name] ?? ""}
            onChange={(value) => setTexts({ ...texts, [row.name]: value })}
            onEnter={run}
            placeholder={row.type === "string" ? "text; blank = no value" : "a number; blank = no value"}
            error={error}
          />
        );
      })}
      {form.kind === "http" && hostStatus && hostStatus.state !== "allowed" ? (
        <p className="text-warning text-xs" title={hostStatus.message}>
          {hostStatus.state === "invalid"
            ? "The URL is not complete yet: a run shows why it cannot be called."
            : "This server will refuse the call: its host is not allowed here (see under the URL). A run shows the refusal."}
        </p>
      ) : null}
      <Button type="button" size="sm" onClick={run} pending={running} data-testid="try-run">
        <Play aria-hidden="true" />
        Run
      </Button>
      <TryOutcome result={result} invalid={invalid} />
    </TesterPanel>
  );
}

function TryOutcome({ result, invalid }: { result: TryResult | null; invalid: boolean }) {
  if (invalid) {
    return (
      <Outcome state="invalid">
        <Badge variant="danger">fix the form</Badge>
        <span>The draft has errors (shown in the form); fix them to try it.</span>
      </Outcome>
    );
  }
  if (!result) return null;
  if (!result.ok) {
    return (
      <Outcome state="failed">
        <Badge variant="danger">error</Badge>
        <span>{result.message}</span>
      </Outcome>
    );
  }
  const data = result.data;
  if (data.state === "skipped") {
    return (
      <Outcome state="skipped">
        <Badge variant="warning">not run</Badge>
        <span>
          {data.missing.length > 0
            ? `A turn would skip it too: needs ${data.missing.join(", ")}.`
            : "Some inputs do not fit their type."}
        </span>
      </Outcome>
    );
  }
  if (data.state === "failed") {
    return (
      <>
        <Outcome state={data.reason}>
          <Badge variant="danger">{REASONS[data.reason] ?? data.reason}</Badge>
          <span>
            {data.message} <span className="text-muted-foreground tabular-nums">· {data.duration_ms} ms</span>
          </span>
        </Outcome>
        <SentRequestSection request={data.request} />
      </>
    );
  }
  const text = JSON.stringify(data.output, null, 2) ?? "null";
  return (
    <div data-testid="try-result" data-state="ok" aria-live="polite" className="space-y-2 text-xs">
      <div className="flex items-center gap-1.5">
        <Badge variant="success">ok</Badge>
        <span className="text-muted-foreground tabular-nums">ran in {data.duration_ms} ms</span>
      </div>
      <div>
        <h4 className="mb-1 font-medium">Variables set</h4>
        {data.variables.length === 0 ? (
          <p className="text-muted-foreground">The tool maps no output variables.</p>
        ) : (
          <dl className="space-y-1" data-testid="try-variables">
            {data.variables.map((variable) => (
              <div key={variable.name} className="rounded border border-border px-2 py-1">
                <dt className="flex items-center justify-between gap-2">
                  <span className="font-mono">{variable.name}</span>
                  {variable.found ? null : <Badge variant="warning">not found</Badge>}
                </dt>
                <dd className="break-all font-mono text-muted-foreground" title={variable.path}>
                  {variable.found ? JSON.stringify(variable.value) : `nothing at ${variable.path}`}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <SentRequestSection request={data.request} />
      <div>
        <h4 className="mb-1 font-medium">Output</h4>
        <pre className="max-h-64 overflow-auto rounded bg-muted p-2 font-mono" data-testid="try-output">
          {text.length > OUTPUT_SHOWN
            ? `${text.slice(0, OUTPUT_SHOWN)}\n… (${text.length - OUTPUT_SHOWN} more characters)`
            : text}
        </pre>
      </div>
    </div>
  );
}

/** The http request as sent, credential values as ••••; static tools send none. */
function SentRequestSection({ request }: { request: unknown }) {
  if (!request) return null;
  return (
    <div className="text-xs">
      <h4 className="mb-1 font-medium">Request as sent</h4>
      <SentRequestView request={request} />
    </div>
  );
}

function Outcome({ state, children }: { state: string; children: ReactNode }) {
  return (
    <div data-testid="try-result" data-state={state} aria-live="polite" className="flex items-start gap-1.5 text-xs">
      {children}
    </div>
  );
}
