// The detail of a follow-up the agent promised (docs/handoffs.md#what-asks-for-a-person): what an
// operator needs to keep the promise without opening the conversation — the order, the amounts, the
// promise itself. Built from the turn's stored facts only: profile fields and session variables as the
// turn stores them (placeholders where privacy masked a value, never the vault's), the amounts the
// shipped reply stated, and the promise (the agent's sentence). Never the customer's message.

/** The handoffs column's bound for every reason: a queue row, not a transcript. */
export const MAX_DETAIL_LENGTH = 500;
/** One value of a fact, at most: an order number or an amount, not a paragraph. */
const MAX_VALUE_LENGTH = 40;
const SEPARATOR = " · ";

export interface FollowUpFacts {
  promise: string;
  profile: Record<string, unknown>;
  variables: Record<string, unknown>;
  /** Values the shipped reply stated, per response variable (the extraction stage's). */
  stated: Record<string, unknown[]>;
}

/** A fact worth a queue row: a short scalar. Lists and objects (a tool's whole output) are left out. */
function shown(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string" && typeof value !== "boolean") return null;
  const text = String(value).replace(/\s+/g, " ").trim();
  return text === "" || text.length > MAX_VALUE_LENGTH ? null : text;
}

/** Orders and amounts first: what a refund's follow-up is about, kept when the bound cuts the rest. */
const rank = (key: string): number => (/order|amount|refund/i.test(key) ? 0 : 1);

function factsOf(facts: FollowUpFacts): string[] {
  const pairs = new Map<string, string>();
  for (const source of [facts.profile, facts.variables]) {
    for (const [key, value] of Object.entries(source)) {
      const text = shown(value);
      if (text !== null && !pairs.has(key)) pairs.set(key, text);
    }
  }
  // The amounts the reply stated; a variable's `_total` repeats its parts.
  for (const [key, values] of Object.entries(facts.stated)) {
    const first = values.find((v) => typeof v === "number");
    const repeats = key.endsWith("_total") && key.slice(0, -"_total".length) in facts.stated;
    if (first !== undefined && !repeats && !pairs.has(key)) pairs.set(key, String(first));
  }
  return [...pairs].sort(([a], [b]) => rank(a) - rank(b)).map(([key, value]) => `${key} ${value}`);
}

/** `order_id 123 · order_amount 75 · refund_amount 50 · "a specialist will review …"`, at most 500 characters. */
export function followUpDetail(facts: FollowUpFacts): string {
  const quote = `"${facts.promise}"`.slice(0, MAX_DETAIL_LENGTH);
  const kept: string[] = [];
  let length = quote.length;
  for (const fact of factsOf(facts)) {
    if (length + fact.length + SEPARATOR.length > MAX_DETAIL_LENGTH) break;
    kept.push(fact);
    length += fact.length + SEPARATOR.length;
  }
  return [...kept, quote].join(SEPARATOR);
}
