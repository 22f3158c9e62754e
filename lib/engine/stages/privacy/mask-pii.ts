import type { PrivacySettings } from "../../contracts/privacy-settings";
import type { PiiVault } from "../../ports";
import { detectorsFor, detectPii } from "./detect-pii";
import type { PiiMatch } from "./pii-match";
import { placeholderOf } from "./placeholder";

/** What masking left: the text with placeholders, and one entry per value replaced (no values). */
export interface MaskedText {
  text: string;
  masked: { label: string; placeholder: string }[];
}

/**
 * A vault for one run with no session vault (a replay, a test): numbers from 1 per label, the same
 * value keeping its placeholder within the run. Nothing is kept after it.
 */
export function turnLocalVault(): PiiVault {
  const byValue = new Map<string, string>();
  const counts = new Map<string, number>();
  return {
    placeholderFor(found) {
      const key = `${found.label}\u0000${found.normalized}`;
      const known = byValue.get(key);
      if (known) return known;
      const n = (counts.get(found.label) ?? 0) + 1;
      counts.set(found.label, n);
      const placeholder = placeholderOf(found.label, n);
      byValue.set(key, placeholder);
      return placeholder;
    },
  };
}

/**
 * The text with every value the privacy settings name replaced by its placeholder: the privacy
 * stage's work, and the host's for a message no pipeline reads (queued while a person has the session).
 */
export function maskPii(text: string, settings: PrivacySettings, vault: PiiVault = turnLocalVault()): MaskedText {
  return maskMatches(text, detectPii(text, detectorsFor(settings)), vault);
}

/** Replaces each match (in text order, not overlapping) with its placeholder from the vault. */
function maskMatches(text: string, matches: readonly PiiMatch[], vault: PiiVault): MaskedText {
  if (matches.length === 0) return { text, masked: [] };
  const parts: string[] = [];
  const masked: MaskedText["masked"] = [];
  let at = 0;
  for (const match of matches) {
    const placeholder = vault.placeholderFor(match);
    parts.push(text.slice(at, match.start), placeholder);
    masked.push({ label: match.label, placeholder });
    at = match.end;
  }
  parts.push(text.slice(at));
  return { text: parts.join(""), masked };
}
