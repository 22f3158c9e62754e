import type { DeclaredClaim } from "../../contracts/model";
import type { EngineResponseVariable } from "../../contracts/snapshot";
import type { ClaimStatus } from "../../contracts/turn-outcome";

// What the reply declared it commits to, read defensively: the model's output is untrusted, so a
// claim that is missing, malformed or for a variable the agent does not have is treated as absent and
// the reason kept for the generation span. Nothing here throws.

/** One response variable's claim, normalised: money in the variable's own currency. */
export interface ReadClaim {
  status: ClaimStatus;
  /** declared: the value (money as an amount in the variable's currency); otherwise null. */
  value: number | boolean | null;
  /** The claim as the model wrote it (money with its currency), for the trace and the judge. */
  raw: DeclaredClaim;
  /** absent / malformed: why. */
  why?: string;
}

export interface DeclaredClaims {
  byVariable: Map<string, ReadClaim>;
  /** The usable claims as read, per variable in scope: what the generation span records. */
  declared: Record<string, DeclaredClaim>;
  /** Everything that was set aside: no claims at all, malformed ones, unknown variables. */
  problems: string[];
}

/** Variables a reply declares a claim for: all but strings, which have no claim form. */
export const claimable = (variable: { type: string }): boolean => variable.type !== "string";

// A claim is at most this long as JSON, and all claims together at most the second: a model that
// pours text into its claims gets them set aside, not stored whole in spans.
const MAX_CLAIM_CHARS = 200;
const MAX_CLAIMS_CHARS = 8_000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function readOne(variable: EngineResponseVariable, claim: unknown): ReadClaim {
  const malformed = (why: string): ReadClaim => ({ status: "malformed", value: null, raw: null, why });
  if (claim === null) return { status: "null", value: null, raw: null };
  if (JSON.stringify(claim).length > MAX_CLAIM_CHARS) return malformed(`claim for ${variable.name} is too long`);
  if (variable.type === "money") {
    if (!isRecord(claim) || typeof claim.amount !== "number" || typeof claim.currency !== "string")
      return malformed(`claim for ${variable.name} is not {amount, currency}`);
    if (!Number.isFinite(claim.amount) || claim.amount < 0)
      return malformed(`claim for ${variable.name} has amount ${claim.amount}`);
    const raw = { amount: claim.amount, currency: claim.currency.toUpperCase() };
    const money = variable.money;
    const rate = !money || raw.currency === money.currency ? 1 : money.rates[raw.currency];
    if (rate === undefined)
      return { ...malformed(`claim for ${variable.name} is in ${raw.currency}, which has no rate`), raw };
    return { status: "declared", value: Math.round(raw.amount * rate * 100) / 100, raw };
  }
  if (variable.type === "number") {
    if (typeof claim !== "number" || !Number.isFinite(claim))
      return malformed(`claim for ${variable.name} is not a number`);
    return { status: "declared", value: claim, raw: claim };
  }
  if (typeof claim !== "boolean") return malformed(`claim for ${variable.name} is not a boolean`);
  return { status: "declared", value: claim, raw: claim };
}

/** Reads a generation's `claims` against the agent's response variables. */
export function readClaims(claims: unknown, variables: EngineResponseVariable[]): DeclaredClaims {
  const byVariable = new Map<string, ReadClaim>();
  const problems: string[] = [];
  const inScope = variables.filter(claimable);
  const setAside = (why: string): DeclaredClaims => {
    if (inScope.length > 0) problems.push(why);
    for (const v of inScope) byVariable.set(v.name, { status: "absent", value: null, raw: null, why });
    return { byVariable, declared: {}, problems };
  };
  if (claims === undefined || claims === null) return setAside("the reply declared no claims");
  if (!isRecord(claims)) return setAside("claims are not an object");
  if (JSON.stringify(claims).length > MAX_CLAIMS_CHARS)
    return setAside(`claims are over ${MAX_CLAIMS_CHARS.toLocaleString("en-US")} characters`);
  const known = new Set(inScope.map((v) => v.name));
  const unknown = Object.keys(claims).filter((name) => !known.has(name));
  if (unknown.length > 0) problems.push(`claims for unknown variables ignored: ${unknown.slice(0, 10).join(", ")}`);
  const declared: Record<string, DeclaredClaim> = {};
  for (const v of inScope) {
    if (!Object.hasOwn(claims, v.name)) {
      byVariable.set(v.name, { status: "absent", value: null, raw: null, why: `no claim for ${v.name}` });
      continue;
    }
    const read = readOne(v, claims[v.name]);
    if (read.status === "malformed" && read.why) problems.push(read.why);
    else declared[v.name] = read.raw;
    byVariable.set(v.name, read);
  }
  return { byVariable, declared, problems };
}

// Amounts are compared to the cent; converted amounts are rounded to cents on both sides.
const CENT = 0.005;
const same = (a: number, b: number) => Math.abs(a - b) < CENT;

/**
 * Whether a declared money total explains the amounts the text binds to the variable (see README.md,
 * "Declared claims"): it is their sum ("$30 now and $30 next week" = 60), or every mention restates
 * it ("$50 … yes, $50"), or it is the largest mention and the others are its breakdown ("$20 now and
 * $30 later, $50 in all"). A mention larger than the total is a promise the claim does not cover.
 */
export function explainsMoney(declared: number, mentions: number[]): boolean {
  if (mentions.length === 0) return declared === 0;
  const sum = mentions.reduce((a, b) => a + b, 0);
  if (same(declared, sum)) return true;
  if (mentions.every((m) => same(m, declared))) return true;
  const largest = Math.max(...mentions);
  return same(declared, largest) && same(sum - largest, largest);
}
