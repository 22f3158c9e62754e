import { type CheckableFact, factAt } from "./facts";

// E-mail addresses, URLs and phone numbers: a reply that gives the customer a way to reach someone must
// give one a source gave, in whatever format ("+1 (555) 010-2000" is "555-010-2000").

const EMAIL = /(?<![\w.+-])[a-z0-9][\w.+-]*@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?![\w-])/giu;
const TLDS = "com|org|net|gov|edu|io|co|uk|us|ca|au|de|fr|es|it|nl|eu|info|biz|app|dev|ai|me|ly|tv";
/** "https://x.y/z", "www.x.y", and a bare domain with a common ending ("AnnualCreditReport.com/faq"). */
const URL = new RegExp(
  String.raw`(?<![\w@.-])(?:https?://[^\s<>()"'\]\[]+|www\.[^\s<>()"'\]\[]+|[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:${TLDS})(?![\w-])(?:/[^\s<>()"'\]\[]*)?)`,
  "giu",
);
/** What every URL holds, tested first with the same flags: a scheme, "www." or a common ending. */
const URL_MARK = new RegExp(String.raw`https?://|www\.|\.(?:${TLDS})(?![\w-])`, "iu");
/** Punctuation that ends a sentence after a URL, not part of it. */
const URL_TAIL = /[.,;:!?*_`'’"]+$/u;

/**
 * "+1 (555) 010-2000", "+44 20 7946 0958", "(555) 010-2000", "555-010-2000", "555.010.2000",
 * "1-800-555-0199". Seven digits alone ("555-0199") are not read: codes and ranges look the same.
 */
const PHONE =
  /(?<![\w+.-])(?:\+\d{1,3}[\s.-]?(?:\(\d{1,4}\)[\s.-]?)?\d{1,4}(?:[\s.-]?\d{2,4}){1,4}|(?:1[\s.-])?(?:\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[\s.-]\d{4})(?!\d|[-.]\d)/gu;

function normalizeUrl(url: string): string {
  return url
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/^www\./, "")
    .replace(/[/#?]+$/, "");
}

/** Digits only, without the North American trunk "1" or a leading "0": a local and an international form share the tail. */
function normalizePhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) return digits.slice(1);
  return digits.replace(/^0+/, "");
}

export function emailFacts(text: string): CheckableFact[] {
  if (!text.includes("@")) return [];
  return [...text.matchAll(EMAIL)].map((m) => factAt("email", [m[0].toLowerCase()], m[0], m.index ?? 0));
}

export function urlFacts(text: string): CheckableFact[] {
  const facts: CheckableFact[] = [];
  if (!URL_MARK.test(text)) return facts;
  for (const m of text.matchAll(URL)) {
    const written = m[0].replace(URL_TAIL, "");
    // A template ("https://$ACCOUNT.cloudant.com/{db}") shows a form, it names no page.
    if (!/[a-z]/i.test(written.split(".").pop() ?? "") || /[$<>{}]/.test(written)) continue;
    facts.push(factAt("url", [normalizeUrl(written)], written, m.index ?? 0));
  }
  return facts;
}

export function phoneFacts(text: string): CheckableFact[] {
  const facts: CheckableFact[] = [];
  if (!/\d/.test(text)) return facts;
  for (const m of text.matchAll(PHONE)) {
    const digits = normalizePhone(m[0]);
    if (digits.length < 7 || digits.length > 15) continue;
    facts.push(factAt("phone", [digits], m[0], m.index ?? 0));
  }
  return facts;
}

/** Any run of digit groups in a source, read as a phone number: sources write local forms ("020 7946 0958") a reply may internationalise. */
const DIGIT_GROUPS = /\+?\(?\d[\d ().-]{5,}\d/gu;

export function sourcePhoneFacts(text: string): CheckableFact[] {
  const facts: CheckableFact[] = [];
  if (!/\d/.test(text)) return facts;
  for (const m of text.matchAll(DIGIT_GROUPS)) {
    const digits = normalizePhone(m[0]);
    if (digits.length >= 7 && digits.length <= 15) facts.push(factAt("phone", [digits], m[0], m.index ?? 0));
  }
  return facts;
}

/** Two phone numbers are the same when their digits are, or one is the other's tail of 7 digits or more (a country code dropped). */
export function samePhone(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.length >= 7 && long.endsWith(short) && long.length - short.length <= 3;
}
