import { type ContextWords, contextSpans } from "./money-context-words";
import { countedAmounts } from "./money-ranges";
import { requestReading } from "./money-requests";
import { readTables, type TableReading } from "./money-tables";
import type { MoneyToken } from "./money-tokens";
import { isNegatedPromise } from "./negation";

// What the binder knows of a reply's amounts before it binds any (bind-money.ts): limits, requests,
// tables, ranges and corrections, negations, and where a context word stands.

/** What the binder knows of each amount before binding: limits, requests, tables, ranges and corrections, own negations. */
export interface Readings {
  limitAt: Map<number, boolean>;
  isLimit: (at: number) => boolean;
  request: (at: number) => string | null;
  tables: ReturnType<typeof readTables>;
  table: (at: number) => TableReading | undefined;
  counted: Map<number, number>;
  /** An amount no promise can bind: a limit, a request, or a table's price, settled part or open cell. */
  excluded: (at: number) => boolean;
  /** Negated on its own, whatever binds it: "not $40", "no $75 refund". */
  negatedAlone: (at: number) => boolean;
  /** A context word in the amount's sentence or the one before. */
  refundNear: (at: number) => boolean;
}

export function readingsOf(tokens: MoneyToken[], context: ContextWords): Readings {
  const limitAt = new Map<number, boolean>();
  const isLimit = (at: number) => {
    let known = limitAt.get(at);
    if (known === undefined) {
      known = context.limits.isLimit(tokens, at);
      limitAt.set(at, known);
    }
    return known;
  };
  const requests = new Map<number, string | null>();
  const request = (at: number) => {
    let known = requests.get(at);
    if (known === undefined) {
      known = requestReading(tokens, at);
      requests.set(at, known);
    }
    return known;
  };
  const tables = readTables(tokens, context.isWord);
  const table = (at: number) => tables.amounts.get(at);
  const excluded = (at: number) => {
    const reading = table(at);
    return (reading !== undefined && reading !== "refund") || isLimit(at) || request(at) !== null;
  };
  const negatedAlone = (at: number) => isNegatedPromise(tokens, at, at);
  return {
    limitAt,
    isLimit,
    request,
    tables,
    table,
    counted: countedAmounts(tokens),
    excluded,
    negatedAlone,
    refundNear: refundNearness(tokens, context),
  };
}

/** Whether a context word stands in the sentence of token `at` or in the sentence before. */
function refundNearness(tokens: MoneyToken[], context: ContextWords): (at: number) => boolean {
  const sentence = new Uint32Array(tokens.length);
  let n = 0;
  for (let k = 0; k < tokens.length; k += 1) {
    const t = tokens[k];
    const boundary = t?.kind === "stop" || t?.kind === "newline";
    if (boundary && k > 0 && !["stop", "newline"].includes(tokens[k - 1]?.kind ?? "")) n += 1;
    sentence[k] = n;
  }
  const withContext = new Set(contextSpans(tokens, context).map(([first]) => sentence[first]));
  return (at) => {
    const s = sentence[at] ?? 0;
    return withContext.has(s) || (s > 0 && withContext.has(s - 1));
  };
}
