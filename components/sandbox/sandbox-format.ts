import type { BadgeVariant } from "@/components/ui/badge";
import type { CheckResult, TurnOutcomeKind } from "@/lib/engine/contracts/turn-outcome";

// Small formatters shared by the sandbox's chat, footer, timeline and state panel (client-safe).

export function outcomeVariant(outcome: TurnOutcomeKind): BadgeVariant {
  return `outcome-${outcome}`;
}

export function checkVariant(result: CheckResult | string): BadgeVariant {
  if (result === "passed") return "success";
  if (result === "failed") return "danger";
  if (result === "unresolved" || result === "reported") return "warning";
  return "neutral";
}

/** Milliseconds with the unit; sub-millisecond stages keep two decimals so they are not all "0 ms". */
export function formatMs(ms: number): string {
  if (ms >= 100) return `${Math.round(ms).toLocaleString("en-US")} ms`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(2)} ms`;
}

export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}

/** Scores and similarities: two decimals, as the engine's span decisions print them. */
export function formatScore(value: unknown): string {
  return typeof value === "number" ? value.toFixed(2) : "—";
}

/** UTC on both server and browser, so the server render and hydration agree. */
export function formatUtc(iso: string): string {
  return `${iso.slice(0, 16).replace("T", " ")} UTC`;
}

export function shortId(id: string): string {
  return id.slice(0, 8);
}

function isScalar(value: unknown): value is string | number | boolean | null {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** One line for a scalar or a list of scalars; undefined when the value needs a table or JSON. */
export function inlineValue(value: unknown): string | undefined {
  if (value === null) return "null";
  if (typeof value === "string") return value === "" ? '""' : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every(isScalar)) {
    return value.length === 0 ? "[]" : value.map((v) => inlineValue(v)).join(", ");
  }
  return undefined;
}

export function sandboxHref(agentKey: string, params: { session?: string | null; turn?: string | null }): string {
  const search = new URLSearchParams();
  if (params.session) search.set("session", params.session);
  if (params.turn) search.set("turn", params.turn);
  const query = search.toString();
  return `/agents/${encodeURIComponent(agentKey)}/sandbox${query ? `?${query}` : ""}`;
}
