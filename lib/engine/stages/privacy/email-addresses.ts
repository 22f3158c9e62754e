import type { PiiDetector, PiiMatch } from "./pii-match";

// E-mail addresses: from each "@", the local part read leftwards (at most 64 characters, RFC 5321)
// and the domain rightwards (at most 253): labels of letters, digits and hyphens, at least two, the
// last one letters only (two or more). Each "@" costs at most 317 character reads: linear in the text.

const MAX_LOCAL = 64;
const MAX_DOMAIN = 253;
const LOCAL_CHAR = /[A-Za-z0-9._%+-]/;
const DOMAIN_CHAR = /[A-Za-z0-9.-]/;
const DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

function localStart(text: string, at: number): number {
  let start = at;
  while (start > 0 && at - start < MAX_LOCAL && LOCAL_CHAR.test(text[start - 1] ?? "")) start--;
  // A local part neither starts nor ends with a dot (a sentence's full stop before the address).
  while (text[start] === "." && start < at) start++;
  return start;
}

function domainEnd(text: string, at: number): number {
  let end = at + 1;
  while (end < text.length && end - at - 1 < MAX_DOMAIN && DOMAIN_CHAR.test(text[end] ?? "")) end++;
  // "write to me@example.com." — the full stop ends the sentence, not the domain.
  while (end > at + 1 && (text[end - 1] === "." || text[end - 1] === "-")) end--;
  return end;
}

export const findEmailAddresses: PiiDetector = (text) => {
  const found: PiiMatch[] = [];
  let resumeAt = 0;
  for (let at = text.indexOf("@"); at >= 0; at = text.indexOf("@", at + 1)) {
    if (at < resumeAt) continue;
    const start = Math.max(localStart(text, at), resumeAt);
    const end = domainEnd(text, at);
    const local = text.slice(start, at);
    if (local.length === 0 || local.endsWith(".") || !DOMAIN.test(text.slice(at + 1, end))) continue;
    const value = text.slice(start, end);
    found.push({ start, end, label: "EMAIL", value, normalized: value.toLowerCase() });
    resumeAt = end;
  }
  return found;
};
