import { parseDocument } from "yaml";
import { refuse } from "./openapi-issue";

// The pasted or uploaded document as a value: JSON when it starts with "{", YAML otherwise (JSON is
// YAML too, but JSON.parse is faster and its errors say more about JSON).

/** 5 MB: the largest public API descriptions (GitHub's is ~10 MB bundled, most are under 1 MB) fit a paste. */
const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

// A YAML alias expands to a copy of what it names; 1,000 of them bounds the "billion laughs" growth
// while leaving room for documents that reuse anchors for shared parameters.
const MAX_YAML_ALIASES = 1000;

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/** The document's value; refused (422 at `document`) over 5 MB or when it is neither JSON nor YAML. */
export function readOpenApiSource(source: string | Record<string, unknown>): unknown {
  const text = typeof source === "string" ? source : null;
  const bytes = utf8Length(text ?? JSON.stringify(source));
  if (bytes > MAX_DOCUMENT_BYTES) {
    refuse(
      "document",
      `The document is ${megabytes(bytes)} MB; at most 5 MB is imported. Import a smaller document, e.g. only the paths you need.`,
    );
  }
  if (text === null) return source;
  if (text.trim() === "") refuse("document", "The document is empty: paste an OpenAPI 3.x document in JSON or YAML.");
  if (text.trimStart().startsWith("{")) {
    try {
      return JSON.parse(text);
    } catch (error) {
      refuse("document", `The document is not valid JSON: ${error instanceof Error ? error.message : String(error)}.`);
    }
  }
  const parsed = parseDocument(text, { uniqueKeys: true });
  const [first] = parsed.errors;
  if (first) {
    const line = first.linePos?.[0]?.line;
    refuse(
      "document",
      `The document is not valid YAML${line ? ` (line ${line})` : ""}: ${first.message.split("\n")[0]}`,
    );
  }
  try {
    return parsed.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (error) {
    refuse("document", `The YAML could not be read: ${error instanceof Error ? error.message : String(error)}.`);
  }
}
