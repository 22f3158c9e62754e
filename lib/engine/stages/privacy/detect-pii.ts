import type { PrivacySettings } from "../../contracts/privacy-settings";
import { findCardNumbers } from "./card-numbers";
import { designerPatternDetector } from "./designer-patterns";
import { findEmailAddresses } from "./email-addresses";
import { findIbans } from "./iban";
import { nationalIdDetector } from "./national-ids";
import { phoneNumberDetector } from "./phone-numbers";
import type { PiiDetector, PiiMatch } from "./pii-match";

/**
 * The detectors the settings turn on, in priority order: a tie between two matches of the same span
 * goes to the earlier detector (a 16-digit card before the phone finder's reading of it).
 */
export function detectorsFor(settings: PrivacySettings): PiiDetector[] {
  const kinds = new Set(settings.mask);
  return [
    ...(kinds.has("card") ? [findCardNumbers] : []),
    ...(kinds.has("iban") ? [findIbans] : []),
    ...(kinds.has("email") ? [findEmailAddresses] : []),
    ...settings.national_ids.map(nationalIdDetector),
    ...settings.patterns.map(designerPatternDetector),
    ...(kinds.has("phone") ? [phoneNumberDetector(settings.default_region)] : []),
  ];
}

/**
 * Every detector's matches, overlaps resolved: the longest match wins, then the one that starts
 * first, then the earlier detector. The same text and settings always give the same matches, in text order.
 */
export function detectPii(text: string, detectors: readonly PiiDetector[]): PiiMatch[] {
  const candidates: { match: PiiMatch; priority: number }[] = [];
  for (const [priority, detect] of detectors.entries()) {
    const taken = candidates.map((candidate) => candidate.match);
    for (const match of detect(text, taken)) candidates.push({ match, priority });
  }
  if (candidates.length === 0) return [];
  candidates.sort(
    (a, b) =>
      b.match.end - b.match.start - (a.match.end - a.match.start) ||
      a.match.start - b.match.start ||
      a.priority - b.priority,
  );
  const kept: PiiMatch[] = [];
  for (const { match } of candidates) {
    if (!kept.some((other) => match.start < other.end && other.start < match.end)) kept.push(match);
  }
  return kept.sort((a, b) => a.start - b.start);
}
