import { formatIssuePath } from "@/lib/engine/contracts/bundle-issue";
import type { FieldIssue } from "../errors";

/**
 * How deep a JSON body may nest objects and arrays. Focal's deepest schema (a bundle's scenario graph,
 * a CEL expression tree stored as text) is under 10 levels; 64 leaves room for any honest client,
 * while 5,000 levels overflowed the stack in zod and 2,000 were stored as they came.
 */
export const MAX_JSON_DEPTH = 64;

// The path shown stops after this many parts: "bias_tags[0][0][0][0][0][0][0]…" names the field.
const SHOWN_PARTS = 8;

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);

function nextNonSpace(text: string, from: number): string | undefined {
  let at = from;
  while (at < text.length && WHITESPACE.has(text[at] as string)) at++;
  return text[at];
}

function decodedKey(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

/**
 * The first place where `text` nests deeper than `max`, as a field issue, or null. One pass over the
 * characters with no recursion and no parse, so it runs before JSON.parse on any body the size limit
 * admitted (1 MiB of "[" is a million levels). Malformed JSON is left for the parser to name.
 */
export function findDeepNesting(text: string, max = MAX_JSON_DEPTH): FieldIssue | null {
  // Per open container: the key or index of the child being read.
  const path: (string | number)[] = [];
  const inArray: boolean[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      const start = i + 1;
      for (i = start; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
      if (path.length > 0 && !inArray[inArray.length - 1] && nextNonSpace(text, i + 1) === ":") {
        path[path.length - 1] = decodedKey(text.slice(start, i));
      }
    } else if (char === "{" || char === "[") {
      if (inArray.length >= max) {
        const shown = path.slice(0, SHOWN_PARTS);
        return {
          path: `${formatIssuePath(shown)}${path.length > SHOWN_PARTS ? "…" : ""}`,
          message: `nests objects and arrays more than ${max} levels deep`,
        };
      }
      inArray.push(char === "[");
      path.push(char === "[" ? 0 : "");
    } else if (char === "}" || char === "]") {
      inArray.pop();
      path.pop();
    } else if (char === "," && inArray[inArray.length - 1]) {
      path[path.length - 1] = (path[path.length - 1] as number) + 1;
    }
  }
  return null;
}
