import { formatIssuePath } from "@/lib/engine/contracts/bundle-issue";
import type { FieldIssue } from "./errors";

// The one rule for text that comes in from outside (REST bodies, path parameters, server action
// inputs), checked before zod so no schema can forget it:
// - U+0000: PostgreSQL text and jsonb cannot hold it ("invalid byte sequence for encoding UTF8: 0x00").
// - an unpaired surrogate (U+D800–U+DFFF alone or in the wrong order) is not Unicode text: jsonb
//   rejects its \ud800 escape, and UTF-8 encoding silently turns it into U+FFFD, so what is stored
//   is not what was sent.
// - the other C0 controls (U+0001–U+001F but tab, line feed and carriage return) have no place in a
//   message, a name or an id, and ESC (U+001B) rewrites terminals that show our logs.
// Object keys obey the same rule: they become jsonb keys and column names in bundle diffs.

const NUL_REASON = "contains a NUL character (U+0000), which cannot be stored";
const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0d]);

// A body with thousands of bad strings needs only the first few named to be fixed.
const MAX_ISSUES = 20;

function hex(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Why `text` cannot be accepted, or null when it can. */
export function unstorableTextReason(text: string): string | null {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code < 0xd800) continue;
    if (code === 0) return NUL_REASON;
    if (code < 0x20) {
      if (ALLOWED_CONTROLS.has(code)) continue;
      return `contains the control character ${hex(code)}; of the controls only tab, line feed and carriage return are allowed`;
    }
    if (code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return `contains an unpaired surrogate (${hex(code)}), which is not valid Unicode text and cannot be stored`;
    }
    if (code <= 0xdfff) {
      return `contains an unpaired surrogate (${hex(code)}), which is not valid Unicode text and cannot be stored`;
    }
  }
  return null;
}

/** A key as it can be shown in a path: bad characters as \uXXXX escapes, so the path itself is clean. */
function printableKey(key: string): string {
  let out = "";
  for (const char of key) {
    out += unstorableTextReason(char) === null ? char : `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  }
  return out;
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

// A path as a chain back to the root: copying arrays per level would be quadratic in the depth.
interface PathLink {
  parent: PathLink | null;
  key: PropertyKey;
}

function pathOf(link: PathLink | null, last?: PropertyKey): string {
  const parts: PropertyKey[] = last === undefined ? [] : [last];
  for (let at = link; at; at = at.parent) parts.push(at.key);
  return formatIssuePath(parts.reverse());
}

/**
 * Every string and object key in `value` that breaks the policy, with its JSON path ("evidence[0].id").
 * Iterative: a 1 MiB body of nested arrays is ~500k levels deep, past any call stack.
 */
export function findUnstorableText(value: unknown): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const stack: { value: unknown; at: PathLink | null }[] = [{ value, at: null }];
  while (stack.length > 0 && issues.length < MAX_ISSUES) {
    const { value: current, at } = stack.pop() as (typeof stack)[number];
    if (typeof current === "string") {
      const reason = unstorableTextReason(current);
      if (reason) issues.push({ path: pathOf(at), message: reason });
      continue;
    }
    const children: (typeof stack)[number][] = [];
    const child = (key: PropertyKey, entry: unknown) => children.push({ value: entry, at: { parent: at, key } });
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) child(i, current[i]);
    } else if (current instanceof FormData) {
      for (const [key, entry] of current.entries()) child(key, entry);
    } else if (current !== null && typeof current === "object" && isPlainObject(current)) {
      for (const [key, entry] of Object.entries(current)) {
        const reason = unstorableTextReason(key);
        if (reason) issues.push({ path: pathOf(at, printableKey(key)), message: `the key ${reason}` });
        else child(key, entry);
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as (typeof stack)[number]);
  }
  return issues.slice(0, MAX_ISSUES);
}

/** One line for a whole list of issues, for the `message` a form shows above its fields. */
export function summarizeUnstorableText(issues: FieldIssue[]): string {
  const first = issues[0];
  if (!first) return "Some text cannot be stored.";
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
  return `${first.path} ${first.message}${more}.`;
}
