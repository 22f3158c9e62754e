import { documentPath, OpenApiImportError, type OpenApiIssue } from "./openapi-issue";

// Checks of the whole document before anything reads it: every `$ref` points inside the document
// (`#/…`: an external one, a URL or a file name, would make the server fetch it — never done, SSRF),
// the value is a tree (a YAML alias can make a value contain itself), and it nests at most 128 deep.

/** Real documents nest 20–30 deep (paths → operation → responses → content → schema → properties…). */
const MAX_DEPTH = 128;
/** The first problems are enough to act on; a document full of external refs would list thousands. */
const MAX_ISSUES = 20;

/** Throws the document's problems (422 with each path) when it has any. */
export function checkDocumentTree(root: unknown): void {
  const issues: OpenApiIssue[] = [];
  const onPath = new Set<object>();
  const visit = (value: unknown, path: PropertyKey[]): void => {
    if (issues.length >= MAX_ISSUES || value === null || typeof value !== "object") return;
    if (onPath.has(value)) {
      issues.push({ path: documentPath(path), message: "This value contains itself (a YAML alias of its own parent)" });
      return;
    }
    if (path.length > MAX_DEPTH) {
      issues.push({ path: documentPath(path), message: `The document nests deeper than ${MAX_DEPTH} levels` });
      return;
    }
    onPath.add(value);
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) visit(item, [...path, i]);
    } else {
      for (const [key, item] of Object.entries(value)) {
        if (key === "$ref" && typeof item === "string" && !item.startsWith("#")) {
          issues.push({
            path: documentPath([...path, key]),
            message: `External $ref "${item.slice(0, 200)}" is never fetched: put what it refers to under #/components in this document`,
          });
        } else visit(item, [...path, key]);
      }
    }
    onPath.delete(value);
  };
  visit(root, []);
  const [first] = issues;
  if (first) throw new OpenApiImportError(`The document cannot be imported: ${first.message} (${first.path}).`, issues);
}
