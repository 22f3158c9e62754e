// Where a tool's output variables come from: a path into the tool's result, written by designers in
// bundles and the tool editor.
//
//   path     := segment ("." segment)*
//   segment  := name selector*
//   selector := "[" digits "]"                 the n-th element of a list
//             | "[" field "={" input "}]"      the element whose `field` equals the tool input `input`
//
// Example: `items[id={order_id}].amount` → the amount of the order whose id is the order_id input.

export type PathStep =
  | { kind: "key"; key: string }
  | { kind: "index"; index: number }
  | { kind: "match"; field: string; input: string };

const NAME = "[A-Za-z_][A-Za-z0-9_]*";
const SEGMENT = new RegExp(`^(${NAME})((?:\\[(?:\\d+|${NAME}=\\{${NAME}\\})\\])*)$`);
const SELECTOR = new RegExp(`\\[(?:(\\d+)|(${NAME})=\\{(${NAME})\\})\\]`, "g");

// Paths are short by nature; 200 characters keeps a hostile bundle from feeding the parser megabytes.
export const TOOL_OUTPUT_PATH_MAX_LENGTH = 200;

/** The steps of a path, or null when it does not follow the grammar above. */
export function parseToolOutputPath(path: string): PathStep[] | null {
  if (path.length === 0 || path.length > TOOL_OUTPUT_PATH_MAX_LENGTH) return null;
  const steps: PathStep[] = [];
  for (const segment of path.split(".")) {
    const match = SEGMENT.exec(segment);
    if (!match?.[1]) return null;
    steps.push({ kind: "key", key: match[1] });
    for (const selector of (match[2] ?? "").matchAll(SELECTOR)) {
      if (selector[1] !== undefined) steps.push({ kind: "index", index: Number(selector[1]) });
      else if (selector[2] && selector[3]) steps.push({ kind: "match", field: selector[2], input: selector[3] });
    }
  }
  return steps;
}

/** The tool inputs a path refers to (`{order_id}`), in order of appearance. */
export function pathInputs(steps: readonly PathStep[]): string[] {
  return steps.flatMap((step) => (step.kind === "match" ? [step.input] : []));
}

/**
 * The value at `steps` in `data`, or undefined when any step finds nothing. Match selectors compare
 * as strings, so an input "123" finds an element whose id is 123 or "123".
 */
export function resolveToolOutputPath(
  data: unknown,
  steps: readonly PathStep[],
  inputs: Readonly<Record<string, unknown>>,
): unknown {
  let current: unknown = data;
  for (const step of steps) {
    if (step.kind === "key") {
      if (current === null || typeof current !== "object" || Array.isArray(current)) return undefined;
      if (!Object.hasOwn(current, step.key)) return undefined;
      current = (current as Record<string, unknown>)[step.key];
    } else if (step.kind === "index") {
      if (!Array.isArray(current)) return undefined;
      current = current[step.index];
    } else {
      if (!Array.isArray(current)) return undefined;
      const wanted = inputs[step.input];
      if (wanted === undefined || wanted === null) return undefined;
      current = current.find(
        (item) =>
          item !== null &&
          typeof item === "object" &&
          String((item as Record<string, unknown>)[step.field]) === String(wanted),
      );
    }
    if (current === undefined) return undefined;
  }
  return current;
}
