import { parseToolOutputPath, pathInputs, TOOL_OUTPUT_PATH_MAX_LENGTH } from "@/lib/engine/contracts/tool-output-path";

// The live check of an output variable's path (grammar in lib/engine/contracts/tool-output-path.ts).
// parseToolOutputPath decides; this file only says where and why a path fails, so the designer sees
// "column 7: …" while typing rather than the save's generic "not an output path".

export type OutputPathCheck =
  | { ok: true; inputs: string[] }
  | {
      ok: false;
      message: string;
      /** 0-based offset of the first wrong character; null when the whole path is at fault. */
      position: number | null;
    };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const EXAMPLE = "e.g. items[0].status or items[id={order_id}].amount";

/** Where the grammar first breaks in a path parseToolOutputPath refused. */
function locate(path: string): { message: string; position: number | null } {
  let offset = 0;
  for (const segment of path.split(".")) {
    if (segment === "") {
      return { message: `Empty segment: names are joined by single dots (${EXAMPLE})`, position: offset };
    }
    const name = NAME.exec(segment);
    if (!name) {
      return {
        message: "Each segment starts with a field name (letters, digits and _, not starting with a digit)",
        position: offset,
      };
    }
    let at = name[0].length;
    while (at < segment.length) {
      const rest = segment.slice(at);
      const selector = /^\[(?:\d+|[A-Za-z_][A-Za-z0-9_]*=\{[A-Za-z_][A-Za-z0-9_]*\})\]/.exec(rest);
      if (!selector) {
        const message = rest.startsWith("[")
          ? "A selector is [n] for the n-th element or [field={input}] for the element whose field equals an input"
          : `Unexpected "${rest[0]}": after a name comes ".", [n] or [field={input}]`;
        return { message, position: offset + at };
      }
      at += selector[0].length;
    }
    offset += segment.length + 1;
  }
  return { message: `Not an output path (${EXAMPLE})`, position: null };
}

/**
 * A path as the save will judge it: the grammar, then that every `{input}` it uses is one of the
 * tool's inputs (validateBundleReferences refuses it otherwise).
 */
export function checkOutputPath(path: string, inputNames: readonly string[]): OutputPathCheck {
  if (path.trim() === "") return { ok: false, message: `Enter a path into the result, ${EXAMPLE}`, position: null };
  if (path.length > TOOL_OUTPUT_PATH_MAX_LENGTH) {
    return {
      ok: false,
      message: `At most ${TOOL_OUTPUT_PATH_MAX_LENGTH} characters (this one has ${path.length})`,
      position: TOOL_OUTPUT_PATH_MAX_LENGTH,
    };
  }
  const steps = parseToolOutputPath(path);
  if (!steps) return { ok: false, ...locate(path) };
  const inputs = pathInputs(steps);
  const unknown = inputs.find((input) => !inputNames.includes(input));
  if (unknown !== undefined) {
    return {
      ok: false,
      message: `{${unknown}} is not one of this tool's inputs: add an input named ${unknown}, or fix the name`,
      position: path.indexOf(`{${unknown}}`),
    };
  }
  return { ok: true, inputs };
}
