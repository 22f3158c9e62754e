import type { ReactNode } from "react";
import { SentRequestView } from "@/components/tools/sent-request-view";
import { Badge } from "@/components/ui/badge";
import { Mono } from "@/components/ui/mono";
import { ClaimComparisons } from "./claim-comparison";
import { MiniTable } from "./key-value-table";
import { checkVariant, formatMs, formatScore, inlineValue, isRecord, shortId } from "./sandbox-format";

// Renderers for the list-shaped span attributes the engine writes (lib/engine/pipeline/run-turn.ts).
// Attributes are stored JSON, so every field is read defensively; an unknown shape falls back to JSON.

type Item = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === "string" ? value : (inlineValue(value) ?? "—"));

function Variables({ value }: { value: unknown }) {
  if (!isRecord(value)) return null;
  return (
    <div className="mt-0.5 font-mono text-[11px] text-muted-foreground">
      {Object.entries(value)
        .map(([name, v]) => `${name} = ${inlineValue(v) ?? JSON.stringify(v)}`)
        .join(", ")}
    </div>
  );
}

function scenarios(items: Item[]): ReactNode {
  return (
    <MiniTable
      caption="Scenario candidates"
      columns={[
        { label: "Scenario" },
        { label: "Intent" },
        { label: "Similarity", numeric: true },
        { label: "Score", numeric: true },
      ]}
      rows={items.map((s) => [
        text(s.name),
        <Mono key="i">{text(s.intentLabel)}</Mono>,
        formatScore(s.similarity),
        formatScore(s.score),
      ])}
    />
  );
}

function transitions(items: Item[]): ReactNode {
  return (
    <MiniTable
      caption="Transition candidates"
      columns={[{ label: "From → to step" }, { label: "Similarity", numeric: true }, { label: "Score", numeric: true }]}
      rows={items.map((t) => [
        <Mono key="ft" title={`${text(t.fromStepId)} → ${text(t.toStepId)}`}>
          {shortId(text(t.fromStepId))} → {shortId(text(t.toStepId))}
        </Mono>,
        formatScore(t.similarity),
        formatScore(t.score),
      ])}
    />
  );
}

function considered(items: Item[]): ReactNode {
  return (
    <MiniTable
      caption="Rules considered"
      columns={[{ label: "Rule" }, { label: "Scope" }, { label: "Score", numeric: true }, { label: "Outcome" }]}
      rows={items.map((r) => [
        <Mono key="k">{text(r.key)}</Mono>,
        text(r.scope),
        formatScore(r.score),
        r.outcome === "matched" ? (
          <Badge key="o" variant="success">
            matched
          </Badge>
        ) : (
          <span key="o" className="text-muted-foreground">
            {text(r.outcome)}
          </span>
        ),
      ])}
    />
  );
}

/** Checks as a list, not a table: the detail and the variables need the panel's full width. */
function checks(items: Item[]): ReactNode {
  return (
    <div className="space-y-1">
      <p className="font-medium text-muted-foreground text-xs">Checks</p>
      <ul aria-label="Checks" className="divide-y divide-border rounded-md border border-border">
        {items.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: checks keep the enforcement order and never reorder.
          <li key={i} data-testid="rule-check" className="space-y-0.5 px-2 py-1.5 text-xs">
            <div className="flex flex-wrap items-center gap-1.5">
              <Badge variant={checkVariant(text(c.result))}>{text(c.result)}</Badge>
              <Badge variant={c.lane === 2 ? "lane-subjective" : "lane-deterministic"} />
              <Mono className="font-medium">{text(c.ruleKey)}</Mono>
              <span className="min-w-0 truncate text-muted-foreground">{text(c.ruleName)}</span>
            </div>
            <p className="break-words">
              {text(c.detail)}
              {typeof c.score === "number" ? (
                <span className="text-muted-foreground"> (score {formatScore(c.score)})</span>
              ) : null}
            </p>
            <Variables value={c.variables} />
            <ClaimComparisons claims={c.claims} decidedBy={c.decidedBy} />
            {Array.isArray(c.unsupportedFacts) && c.unsupportedFacts.length ? (
              <p className="text-[11px] text-warning">
                found in no evidence:{" "}
                {c.unsupportedFacts.map((f: Item) => `${text(f.text)} (${text(f.kind)})`).join(", ")}
              </p>
            ) : null}
            {Array.isArray(c.unresolved) && c.unresolved.length ? (
              <p className="text-[11px] text-warning">unresolved: {c.unresolved.map(text).join(", ")}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function calls(items: Item[]): ReactNode {
  const sent = items.filter((call) => call.request);
  return (
    <>
      <MiniTable
        caption="Tool calls"
        columns={[{ label: "Tool" }, { label: "Result" }, { label: "Detail" }, { label: "Took", numeric: true }]}
        rows={items.map((call) => [
          <div key="t">
            <Mono>{text(call.key)}</Mono>
            <Variables value={call.input} />
          </div>,
          call.ok ? (
            <Badge key="ok" variant="success">
              ✓ ok
            </Badge>
          ) : (
            <Badge key="ok" variant="danger">
              ✗ failed
            </Badge>
          ),
          text(call.detail),
          <span key="ms" className="whitespace-nowrap">
            {typeof call.durationMs === "number" ? formatMs(call.durationMs) : "—"}
          </span>,
        ])}
      />
      {/* Below the table, full width: a URL and its headers do not fit a cell. */}
      {sent.map((call) => (
        // A tool runs once per turn: its key tells the calls apart.
        <details key={text(call.key)} className="mt-1" data-testid="tool-call-request">
          <summary className="cursor-pointer text-[11px] text-muted-foreground">
            Request as sent · <Mono>{text(call.key)}</Mono>
          </summary>
          <SentRequestView request={call.request} />
        </details>
      ))}
    </>
  );
}

/** Known list attributes by name; each renderer gets the items only when every item is an object. */
export const ATTRIBUTE_LISTS: Record<string, (items: Item[]) => ReactNode> = {
  scenarios,
  transitions,
  considered,
  checks,
  calls,
};
