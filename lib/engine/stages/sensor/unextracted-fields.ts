import type { SenseRequest } from "../../contracts/model";
import { fold } from "../../text/words";
import { needsSelfReference } from "./entities";

// Cues that a declared field is stated: a value-shaped token the extractors did not take.
const COUNTRY_CUE = /\b(?:in|from|to|live|living|based|ship(?:ping|ped)?|deliver(?:y|ed)?)\s+(?:the\s+)?[A-Z][a-z]{2,}/;
const MONEY_TOKEN = /^(?:\$|€|£)|(?:\$|€|£|usd|eur|gbp|dollars?|euros?|pounds?)$/i;

/**
 * Declared fields the message seems to state but no deterministic extractor read: then the model
 * sensor still runs. An id-like token (digits, not an amount), an e-mail-like "@", a capitalised place
 * after "in/from/to/shipping to", a hinted term or the field's own name.
 */
export function unextractedFields(request: SenseRequest, entities: Record<string, unknown>): string[] {
  const out: string[] = [];
  const message = request.message;
  const folded = fold(message);
  const tokens = message.split(/\s+/).filter(Boolean);
  const idLike = tokens.some((raw) => {
    const t = raw.replace(/^[("'#]+|[)"'.,!?:;]+$/g, "");
    if (!/\d/.test(t) || MONEY_TOKEN.test(t)) return false;
    const at = tokens.indexOf(raw);
    const next = (tokens[at + 1] ?? "").toLowerCase();
    return !/^(?:dollars?|euros?|pounds?|usd|eur|gbp|bucks|days?|weeks?|months?|years?|hours?|minutes?|items?|times?|x|kg|l)\b/.test(
      next,
    );
  });
  for (const field of request.profileFields) {
    if (entities[field.fieldName] !== undefined) continue;
    const name = field.fieldName.toLowerCase();
    const nameWords = name.split(/_/).filter((w) => w.length > 2 && !["id", "number", "code", "ref"].includes(w));
    let cue = false;
    if (/e-?mail/.test(name)) cue = /@/.test(message);
    else if (/country|nation/.test(`${name} ${field.description.toLowerCase()}`))
      cue = COUNTRY_CUE.test(message) || /\bcountry\b/.test(folded);
    else if (/(?:^|_)(?:id|number|no|ref|reference|code)$/.test(name)) cue = idLike;
    else {
      const terms = field.extractionHints.flatMap((hint) =>
        [...hint.matchAll(/'([^']{1,40})'|"([^"]{1,40})"/g)].map((m) => fold(m[1] ?? m[2] ?? "")),
      );
      // Terms about the customer ("VIP", "premium") are stated only in the first person.
      const aboutMe = /\b(?:i|im|i'm|my|me|we|our|as an?)\b/.test(folded);
      cue =
        ((aboutMe || !needsSelfReference(field)) &&
          terms.some(
            (t) => t && !/\d/.test(t) && new RegExp(`\\b${t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(folded),
          )) ||
        nameWords.some((w) => new RegExp(`\\b${w}\\b`).test(folded));
    }
    if (cue) out.push(field.fieldName);
  }
  return out;
}
