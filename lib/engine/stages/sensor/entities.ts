import type { SenseRequest } from "../../contracts/model";
import { fold } from "../../text/words";
import { COUNTRY_ALIASES } from "./countries";

// Entity extraction for the local sensor (and the offline provider), driven by the profile field definitions of the request
// (their description and extraction_hints are the definitions). Every field goes through the
// first extractor that claims it:
//
//   email      the field name mentions "email"                → first e-mail address
//   country    name/description mentions "country"/"nation"  → English country name ("French" → France)
//   date       field_type "date"                              → first ISO date (2025-03-02)
//   boolean    field_type "boolean"                           → true when a hinted term is present
//   number     field_type "number"                            → a number after a hinted prefix
//   identifier name ends in "_id"/"number", or hints quote "prefix 123" examples → the id after the prefix
//   terms      hints quote short terms ('VIP', 'premium')    → the first term, lower-cased ("vip")
//
// Only fields present in the request are returned; the engine validates values against the field's
// validation_rules before anything reaches the profile, so a weak guess here is caught there.

type Field = SenseRequest["profileFields"][number];

export interface EntityContext {
  message: string;
  history: SenseRequest["history"];
  activeStep: SenseRequest["activeStep"];
}

const ID_VALUE = "[A-Za-z0-9][A-Za-z0-9-]{0,31}";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Quoted fragments of hints: "order 123", 'VIP'. Straight and curly quotes. */
function quotedFragments(hints: readonly string[]): string[] {
  const out: string[] = [];
  for (const hint of hints) {
    for (const match of hint.matchAll(
      /["\u201c]([^"\u201d]{1,80})["\u201d]|'([^']{1,40})'|\u2018([^\u2019]{1,40})\u2019/g,
    )) {
      const fragment = (match[1] ?? match[2] ?? match[3] ?? "").trim();
      if (fragment) out.push(fragment);
    }
  }
  return out;
}

/**
 * "order 123" → prefix "order"; "order #A-1042" → "order"; "my order number is …" → "my order number is".
 * A hint example teaches "these words, then the value".
 */
export function learnedPrefixes(hints: readonly string[]): string[] {
  const prefixes = new Set<string>();
  for (const fragment of quotedFragments(hints)) {
    const placeholder = /^(.*?\S)\s*(?:…|\.\.\.)\s*$/.exec(fragment);
    if (placeholder?.[1]) {
      prefixes.add(placeholder[1].toLowerCase());
      continue;
    }
    const valued = /^(.*?[A-Za-z])\s*#?\s*([A-Za-z]*-?\d[\w-]*)$/.exec(fragment);
    if (valued?.[1]) prefixes.add(valued[1].toLowerCase());
  }
  return [...prefixes].sort((a, b) => b.length - a.length);
}

/** Short quoted terms of "Look for 'VIP', 'premium', 'gold member'"-style hints. */
function hintedTerms(hints: readonly string[]): string[] {
  return quotedFragments(hints).filter((f) => f.split(/\s+/).length <= 3 && !/\d/.test(f));
}

function isEmailField(field: Field): boolean {
  // The name only: an order number's description may well say "in your confirmation email".
  return /e-?mail/i.test(field.fieldName);
}

function isCountryField(field: Field): boolean {
  return /\bcountry\b|\bnation/i.test(`${field.fieldName.replace(/_/g, " ")} ${field.description}`);
}

function isIdentifierField(field: Field): boolean {
  return (
    /(?:^|_)(?:id|number|no|ref|reference|code)$/.test(field.fieldName) ||
    learnedPrefixes(field.extractionHints).length > 0
  );
}

/** Fields about the customer themselves ("Customer tier") only take terms the customer says about themselves. */
export function needsSelfReference(field: Field): boolean {
  return /tier|status|level|member|customer|loyalty/i.test(`${field.fieldName} ${field.description}`);
}

function extractEmail(message: string): string | null {
  return /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/.exec(message)?.[0] ?? null;
}

export function extractCountry(message: string): string | null {
  const folded = ` ${fold(message)
    .replace(/'/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join(" ")} `;
  let best: { at: number; country: string } | null = null;
  for (const alias of COUNTRY_ALIASES) {
    let from = 0;
    for (;;) {
      const at = folded.indexOf(` ${alias.phrase} `, from);
      if (at < 0) break;
      from = at + 1;
      if (alias.needsCapital && !capitalizedInOriginal(message, alias.phrase)) continue;
      if (!best || at < best.at) best = { at, country: alias.country };
      break;
    }
  }
  return best?.country ?? null;
}

function capitalizedInOriginal(message: string, phrase: string): boolean {
  const first = phrase.split(" ")[0] ?? "";
  const pattern = new RegExp(`\\b${escapeRegExp(first.charAt(0).toUpperCase() + first.slice(1))}\\b`);
  return pattern.test(message.normalize("NFD").replace(/[\u0300-\u036f]/g, ""));
}

function idAfterPrefix(message: string, prefix: string): string | null {
  const words = prefix.split(/\s+/).map(escapeRegExp).join("\\s+");
  const pattern = new RegExp(
    `\\b${words}\\s*(?:number|no\\.?|num|id|#)?\\s*(?:is|was|=|:)?\\s*#?\\s*(${ID_VALUE})`,
    "gi",
  );
  for (const match of message.matchAll(pattern)) {
    const value = (match[1] ?? "").replace(/-+$/, "");
    if (/\d/.test(value)) return value;
  }
  return null;
}

/** Ids the agent itself listed in recent turns ("sample1 (…), sample2 (…)"): the customer may name one. */
function idsFromHistory(history: EntityContext["history"]): Set<string> {
  const ids = new Set<string>();
  for (const turn of history.slice(-4)) {
    if (turn.role !== "agent") continue;
    for (const match of turn.text.matchAll(/\b([A-Za-z]*\d[A-Za-z0-9-]*|[A-Za-z]+-?\d+)\b/g)) {
      if (match[1] && match[1].length >= 2) ids.add(match[1].toLowerCase());
    }
  }
  return ids;
}

function extractIdentifier(field: Field, context: EntityContext): string | null {
  const { message } = context;
  // 1. Prefixes learned from the hints, then the field's own name ("order_id" → "order").
  const prefixes = learnedPrefixes(field.extractionHints);
  const stemName = field.fieldName.replace(/_(?:id|number|no|ref|reference|code)$/, "").replace(/_/g, " ");
  if (stemName && stemName !== field.fieldName) prefixes.push(stemName);
  for (const prefix of prefixes) {
    const value = idAfterPrefix(message, prefix);
    if (value) return value;
  }
  // 2. An id the agent listed a moment ago.
  const listed = idsFromHistory(context.history);
  for (const match of message.matchAll(/#?\b([A-Za-z0-9][A-Za-z0-9-]*)\b/g)) {
    const token = match[1] ?? "";
    if (/\d/.test(token) && listed.has(token.toLowerCase())) return token;
  }
  // 3. "sample2"-style ids: a word of 4+ letters glued to digits.
  const glued = /\b([A-Za-z]{4,}\d{1,6})\b/.exec(message);
  if (glued?.[1]) return glued[1];
  // 4. A bare id ("123", "#A-1042") while the current step asks for this kind of thing.
  const bare = /^\s*#?\s*([A-Za-z]{0,4}-?\d[A-Za-z0-9-]{0,31})\s*[.!]?\s*$/.exec(message);
  const stepText = fold(`${context.activeStep?.name ?? ""} ${context.activeStep?.instructions ?? ""}`);
  const noun = stemName.split(" ")[0] ?? "";
  if (bare?.[1] && noun && stepText.includes(noun)) return bare[1];
  return null;
}

function numberAfterPrefix(message: string, prefixes: readonly string[]): number | null {
  for (const prefix of prefixes) {
    const words = prefix.split(/\s+/).map(escapeRegExp).join("\\s+");
    const match = new RegExp(`\\b${words}\\s*(?:is|of|:|=)?\\s*\\$?\\s*(-?\\d[\\d,]*(?:\\.\\d+)?)`, "i").exec(message);
    if (match?.[1]) return Number(match[1].replace(/,/g, ""));
  }
  return null;
}

function termMatch(message: string, term: string, selfReference: boolean): boolean {
  const t = escapeRegExp(fold(term)).replace(/\s+/g, "\\s+");
  const text = fold(message);
  if (!selfReference) return new RegExp(`\\b${t}\\b`).test(text);
  const aboutMe = new RegExp(
    `\\b(?:i'?m|i am|as an?|we'?re|we are|my|our|i have|i've got)\\b(?:\\s+[a-z-]+){0,3}?\\s+${t}\\b`,
  );
  const asStatus = new RegExp(`\\b${t}\\s+(?:member|customer|client|status|tier|level|account|membership)\\b`);
  return aboutMe.test(text) || asStatus.test(text);
}

/** Extracts a value for every field it can; unknown fields are skipped, never invented. */
export function extractEntities(fields: readonly Field[], context: EntityContext): Record<string, unknown> {
  const entities: Record<string, unknown> = {};
  const { message } = context;
  for (const field of fields) {
    let value: unknown = null;
    const terms = hintedTerms(field.extractionHints);
    if (isEmailField(field)) {
      value = extractEmail(message);
    } else if (isCountryField(field)) {
      value = extractCountry(message);
    } else if (field.fieldType === "date") {
      value = /\b(\d{4}-\d{2}-\d{2})\b/.exec(message)?.[1] ?? null;
    } else if (field.fieldType === "boolean") {
      value = terms.some((term) => termMatch(message, term, needsSelfReference(field))) ? true : null;
    } else if (field.fieldType === "number") {
      const prefixes = [...learnedPrefixes(field.extractionHints), field.fieldName.replace(/_/g, " ")];
      value = numberAfterPrefix(message, prefixes);
    } else if (isIdentifierField(field)) {
      value = extractIdentifier(field, context);
    } else if (terms.length > 0) {
      const hit = terms.find((term) => termMatch(message, term, needsSelfReference(field)));
      value = hit ? fold(terms[0] ?? hit) : null;
    }
    if (value !== null && value !== undefined && !(typeof value === "number" && !Number.isFinite(value))) {
      entities[field.fieldName] = value;
    }
  }
  return entities;
}
