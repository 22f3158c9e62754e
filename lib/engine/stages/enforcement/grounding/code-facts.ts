import { type CheckableFact, factAt } from "./facts";

// Codes: order, invoice and ticket numbers, SKUs, versions, form and model names ("ORD-48213",
// "#48213", "order 48213", "SKU AB-1234", "v2.3.1", "Form APP-001", "IPv4"). The same code is written
// with or without separators and in any case, so its value is upper case with only letters, digits and
// dots ("ord 48213" → "ORD48213").

/** A token mixing letters and digits, its parts joined by "-", "_", "/" or ".". */
const MIXED = /(?<![\p{L}\p{N}_./-])[\p{L}\p{N}]+(?:[-_./][\p{L}\p{N}]+)*(?![\p{L}\p{N}_]|[-./][\p{L}\p{N}])/gu;
/** After a word that names a code: "order 48213", "ticket #A-1001", "case number: 00123", "version 10.1". */
const NAMED =
  /(?<![\p{L}])(?:order|invoice|ticket|case|reference|ref|tracking|confirmation|booking|reservation|claim|policy|sku|model|serial|version|release|build)(?:\s+(?:number|no\.?|id|code|#))?\s*[:#]?\s*(?<code>#?[\p{L}\p{N}]*\d[\p{L}\p{N}]*(?:[-_./][\p{L}\p{N}]+)*)(?![\p{L}\p{N}])/giu;
const HASH = /(?<![\p{L}\p{N}])#\s?(?<code>\d{3,}[\p{L}\p{N}-]*)/gu;
/** "3rd", "5kg", "10GB", "24h", "2x": a number with a glued suffix, read as a number. */
const NUMBER_WITH_SUFFIX = /^\d+(?:\.\d+)?\p{L}{1,3}$/u;
/** "18-to-49-year-old", "60-dollar", "3-day": digits joined to lower-case words are a compound, not a code. */
const WORD_COMPOUND = /^(?:\d+(?:\.\d+)?|\p{Ll}{2,})(?:-(?:\d+(?:\.\d+)?|\p{Ll}{2,}))+$/u;

export function normalizeCode(code: string): string {
  return code.toUpperCase().replace(/[^\p{L}\p{N}.]/gu, "");
}

function isCode(token: string): boolean {
  if (!/\d/.test(token) || !/\p{L}/u.test(token)) return /^\d+(?:\.\d+){2,}$/.test(token);
  return !NUMBER_WITH_SUFFIX.test(token) && !WORD_COMPOUND.test(token);
}

export function codeFacts(text: string): CheckableFact[] {
  const facts: CheckableFact[] = [];
  // Every code holds a digit (NAMED, HASH, isCode): a text without one has none.
  if (!/\d/.test(text)) return facts;
  for (const pattern of [NAMED, HASH]) {
    for (const m of text.matchAll(pattern)) {
      const code = m.groups?.code ?? "";
      const start = (m.index ?? 0) + m[0].length - code.length;
      const short = code.replace(/^#/, "").length < 3 && !/^(?:version|release|build)/i.test(m[0]);
      if (!short) facts.push(factAt("code", [normalizeCode(code)], code, start));
    }
  }
  for (const m of text.matchAll(MIXED)) {
    if (isCode(m[0])) facts.push(factAt("code", [normalizeCode(m[0])], m[0], m.index ?? 0));
  }
  return facts;
}
