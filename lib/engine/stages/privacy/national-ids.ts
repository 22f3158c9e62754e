import type { NationalIdShape } from "../../contracts/privacy-settings";
import { luhnValid } from "./card-numbers";
import type { PiiDetector, PiiMatch } from "./pii-match";

// National id shapes a designer turns on (privacy.national_ids). Each is a bounded pattern (≤ 13
// characters, so the scan is linear) plus the issuer's published rules, which keep ordinary numbers
// of the same shape out.

interface NationalIdRule {
  label: string;
  pattern: RegExp;
  valid(compact: string): boolean;
}

// UK National Insurance numbers: prefixes the HMRC never issues (and D, F, I, Q, U, V anywhere in
// them, O second) are excluded by the pattern or here.
const NINO_NEVER = new Set(["BG", "GB", "KN", "NK", "NT", "TN", "ZZ"]);

const RULES: Record<NationalIdShape, NationalIdRule> = {
  // US Social Security numbers, written 123-45-6789 or 123 45 6789, or nine digits together right after
  // "SSN" or "social security number": area not 000, 666 or 9xx, group not 00, serial not 0000 (SSA's
  // rules since 2011).
  us_ssn: {
    label: "US_SSN",
    pattern:
      /(?<![A-Za-z0-9-])(?:\d{3}([- ])\d{2}\1\d{4}|(?<=\b(?:ssn|social security(?: number| no\.?)?)[:#]?\s{0,2})\d{9})(?![A-Za-z0-9-])/gi,
    valid: (compact) => !/^(000|666|9)/.test(compact) && compact.slice(3, 5) !== "00" && compact.slice(5) !== "0000",
  },
  uk_nino: {
    label: "UK_NINO",
    pattern: /(?<![A-Za-z0-9])[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D](?![A-Za-z0-9])/g,
    valid: (compact) => !NINO_NEVER.has(compact.slice(0, 2)),
  },
  // Canadian Social Insurance numbers: nine digits in threes, Luhn-valid, not starting with 0 or 8.
  ca_sin: {
    label: "CA_SIN",
    pattern: /(?<![A-Za-z0-9-])\d{3}([- ])\d{3}\1\d{3}(?![A-Za-z0-9-])/g,
    valid: (compact) => !/^[08]/.test(compact) && luhnValid(compact),
  },
};

/** A detector for one national id shape. */
export function nationalIdDetector(shape: NationalIdShape): PiiDetector {
  const rule = RULES[shape];
  return (text) => {
    const found: PiiMatch[] = [];
    for (const match of text.matchAll(rule.pattern)) {
      const value = match[0];
      const compact = value.replace(/[- ]/g, "").toUpperCase();
      if (!rule.valid(compact)) continue;
      found.push({
        start: match.index,
        end: match.index + value.length,
        label: rule.label,
        value,
        normalized: compact,
      });
    }
    return found;
  };
}
