import { codeFacts } from "./code-facts";
import { emailFacts, phoneFacts, sourcePhoneFacts, urlFacts } from "./contact-facts";
import { dateFacts, timeFacts } from "./date-facts";
import { type CheckableFact, overlaps, type Span } from "./facts";
import { nameFacts } from "./name-facts";
import { notClaimSpans } from "./not-claims";
import { durationFacts, moneyFacts, numberFacts, oneUnitDurations, percentFacts } from "./numeric-facts";

/**
 * The readers in the order they claim text: a URL before the numbers in its path, a phone number
 * before its digit groups, a date before its year, money before a bare number, a duration before
 * its count, a code before its digits.
 */
const READERS: ((text: string) => CheckableFact[])[] = [
  urlFacts,
  emailFacts,
  phoneFacts,
  dateFacts,
  timeFacts,
  moneyFacts,
  percentFacts,
  durationFacts,
  codeFacts,
  numberFacts,
];

/** Every reading of every reader, overlaps and list markers kept: what a source states, read generously. */
export function readAllFacts(text: string): CheckableFact[] {
  const read = text.normalize("NFKC");
  return [...READERS.flatMap((reader) => reader(read)), ...oneUnitDurations(read), ...sourcePhoneFacts(read)];
}

/**
 * Every checkable fact the text states, in text order. Spans index the text's NFKC form (fullwidth
 * digits become digits), which is the text itself for ordinary replies. `language` (BCP 47, default
 * "en"): names are read in English only, where a capital inside a sentence marks one.
 */
export function extractCheckableFacts(text: string, language = "en"): CheckableFact[] {
  const read = text.normalize("NFKC");
  const taken: Span[] = notClaimSpans(read);
  const facts: CheckableFact[] = [];
  const claim = (candidates: CheckableFact[]) => {
    const ordered = [...candidates].sort((a, b) => a.start - b.start || b.end - a.end);
    for (const fact of ordered) {
      if (taken.some((span) => overlaps(span, fact))) continue;
      taken.push(fact);
      facts.push(fact);
    }
  };
  for (const reader of READERS) claim(reader(read));
  if (language.toLowerCase().startsWith("en")) claim(nameFacts(read));
  return facts.sort((a, b) => a.start - b.start);
}
