import { findPhoneNumbersInText, isSupportedCountry } from "libphonenumber-js";
import type { PiiDetector, PiiMatch } from "./pii-match";

// Phone numbers, in E.164 (+44 20 7946 0958) and in the national forms of `default_region`
// (privacy.default_region), found and validated by libphonenumber-js against each region's numbering
// plan. A region it does not know reads only numbers written with their +country code.

// Fewer than 7 digits in the whole text: no phone number of any plan fits, and the finder is skipped.
const MIN_DIGITS = 7;

function enoughDigits(text: string): boolean {
  let digits = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code >= 48 && code <= 57 && ++digits >= MIN_DIGITS) return true;
  }
  return false;
}

/** A detector reading national numbers of `region` (ISO 3166-1 alpha-2). */
export function phoneNumberDetector(region: string): PiiDetector {
  const options = isSupportedCountry(region) ? { defaultCountry: region } : {};
  return (text) => {
    if (!enoughDigits(text)) return [];
    return findPhoneNumbersInText(text, options).map(
      (found): PiiMatch => ({
        start: found.startsAt,
        end: found.endsAt,
        label: "PHONE",
        value: text.slice(found.startsAt, found.endsAt),
        normalized: found.number.number,
      }),
    );
  };
}
