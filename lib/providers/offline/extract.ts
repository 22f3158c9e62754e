import type { ExtractRequest } from "@/lib/engine/contracts/model";
import { fold, stem } from "./text";

// The offline stand-in for the optional model extractor (stage 8, after the deterministic patterns;
// lib/engine/stages/extraction/README.md). It only answers what it can read reliably: a NUMBER variable gets the money amount that
// shares a sentence with a word of the variable's name ("refund_amount" → an amount next to "refund").
// Boolean and string variables are left out — the bundle's patterns are authoritative for them, and
// a missing value is reported as unresolved by lane 1 rather than guessed here.

const GENERIC_PARTS = new Set([
  "amount",
  "value",
  "total",
  "number",
  "count",
  "sum",
  "given",
  "mentioned",
  "is",
  "has",
]);
const MONEY =
  /\$\s?(\d[\d,]*(?:\.\d{1,2})?)|(\d[\d,]*(?:\.\d{1,2})?)\s*(?:usd|dollars?|eur|euros?|gbp|pounds?)\b|[€£]\s?(\d[\d,]*(?:\.\d{1,2})?)/g;

/** Sentences and clauses; a decimal point ("$75.00") does not end one. */
function clauses(text: string): string[] {
  return text.split(/(?<=[!?;])\s+|\.(?=\s|$)|\n+/).filter((c) => c.trim().length > 0);
}

export function offlineExtract(request: ExtractRequest): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const parts = clauses(fold(request.response));
  for (const variable of request.variables) {
    if (variable.type !== "number") continue;
    const keys = variable.name
      .split("_")
      .filter((p) => p.length > 2 && !GENERIC_PARTS.has(p))
      .map(stem);
    if (keys.length === 0) continue;
    for (const clause of parts) {
      const clauseStems = clause.split(/[^a-z0-9]+/).map(stem);
      if (!keys.some((k) => clauseStems.includes(k))) continue;
      const money = [...clause.matchAll(MONEY)][0];
      const raw = money?.[1] ?? money?.[2] ?? money?.[3];
      if (raw) {
        out[variable.name] = Number(raw.replace(/,/g, ""));
        break;
      }
    }
  }
  return out;
}
