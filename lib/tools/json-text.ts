// The static tool's `data` textarea: JSON checked as it is typed, with the position of the first
// mistake. JSON.parse says where only sometimes ("Unexpected token ']', ... is not valid JSON" has no
// position in V8), so a small scanner finds the spot and says what was expected; JSON.parse then
// builds the value once the scanner is satisfied.

export type JsonTextResult =
  | { ok: true; value: unknown }
  | {
      ok: false;
      message: string;
      /** 0-based offset of the first character that is wrong (the text's length at an early end). */
      position: number;
      /** 1-based, as editors count. */
      line: number;
      column: number;
    };

// Configured data nests a few levels; 200 keeps a pasted pathological file from exhausting the stack.
const MAX_DEPTH = 200;

const NOT_A_NUMBER = "Not a number: write e.g. 42, -1.5 or 2e3 (no leading zeros, no trailing dot)";

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

function nameOfChar(char: string | undefined): string {
  if (char === undefined) return "the end of the text";
  if (char === "\n") return "a line break";
  if (char.trim() === "") return "a space";
  return `"${char}"`;
}

function scan(text: string): void {
  let i = 0;
  // Annotated so that control flow knows a call never returns.
  const fail: (message: string, at?: number) => never = (message, at = i) => {
    throw new JsonSyntaxError(message, at);
  };
  const skipSpace = () => {
    while (i < text.length && " \t\n\r".includes(text.charAt(i))) i++;
  };
  const literal = (word: string) => {
    for (let k = 0; k < word.length; k++) {
      if (text[i + k] !== word[k]) fail(`Expected ${word}; JSON literals are true, false and null (lower case)`, i + k);
    }
    i += word.length;
  };
  const string = () => {
    const start = i;
    i++; // opening quote
    for (;;) {
      const char = text[i];
      if (char === undefined) fail("This string is never closed: add a closing double quote", start);
      if (char === '"') {
        i++;
        return;
      }
      if (char === "\\") {
        const escaped = text[i + 1];
        if (escaped === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail("\\u needs four hex digits, e.g. \\u00e9");
          i += 6;
        } else if (escaped !== undefined && '"\\/bfnrt'.includes(escaped)) i += 2;
        else fail(`Unknown escape \\${escaped ?? ""}: use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX`);
      } else if (char < " ") fail("A line break or control character inside a string: write it as \\n or \\t");
      else i++;
    }
  };
  const number = () => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match) fail(NOT_A_NUMBER);
    const start = i;
    i += match?.[0].length ?? 0;
    // "01", "1." and "1.e3" match a shorter number; the rest would be reported as stray text later.
    const next = text[i];
    if (next !== undefined && /[0-9.eE]/.test(next)) fail(NOT_A_NUMBER, start);
  };
  const value = (depth: number): void => {
    if (depth > MAX_DEPTH) fail(`Nested deeper than ${MAX_DEPTH} levels`);
    skipSpace();
    const char = text[i];
    if (char === "{") object(depth);
    else if (char === "[") array(depth);
    else if (char === '"') string();
    else if (char === "t") literal("true");
    else if (char === "f") literal("false");
    else if (char === "n") literal("null");
    else if (char === "-" || (char !== undefined && char >= "0" && char <= "9")) number();
    else if (char === "'") fail("Strings use double quotes in JSON, not single quotes");
    else fail(`Expected a value (an object, list, string, number, true, false or null), found ${nameOfChar(char)}`);
  };
  /** Steps past an opening bracket: true when `close` follows at once (an empty object or list). */
  const openedEmpty = (close: "}" | "]"): boolean => {
    i++;
    skipSpace();
    if (text[i] !== close) return false;
    i++;
    return true;
  };
  /** After an object's property or a list's item: true when `close` ends it, false when a comma asks for more. */
  const closedAfterMember = (close: "}" | "]", member: string): boolean => {
    skipSpace();
    const char = text[i];
    if (char !== "," && char !== close) fail(`Expected "," or "${close}" after ${member}, found ${nameOfChar(char)}`);
    i++;
    return char === close;
  };
  const object = (depth: number) => {
    if (openedEmpty("}")) return;
    for (;;) {
      skipSpace();
      if (text[i] !== '"') {
        fail(
          text[i] === "}"
            ? "Trailing comma before }: remove the last comma"
            : `Expected a property name in double quotes, found ${nameOfChar(text[i])}`,
        );
      }
      string();
      skipSpace();
      if (text[i] !== ":") fail(`Expected ":" after the property name, found ${nameOfChar(text[i])}`);
      i++;
      value(depth + 1);
      if (closedAfterMember("}", "a property")) return;
    }
  };
  const array = (depth: number) => {
    if (openedEmpty("]")) return;
    for (;;) {
      skipSpace();
      if (text[i] === "]") fail("Trailing comma before ]: remove the last comma");
      value(depth + 1);
      if (closedAfterMember("]", "a list item")) return;
    }
  };

  skipSpace();
  if (i === text.length) fail('Enter JSON, e.g. {} or {"items": []}');
  value(0);
  skipSpace();
  if (i < text.length) fail(`Unexpected ${nameOfChar(text[i])} after the JSON value: the data is one value`);
}

/** 1-based line and column of an offset; a column counts UTF-16 code units, as textareas do. */
export function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position);
  const line = before.split("\n").length;
  return { line, column: position - before.lastIndexOf("\n") };
}

/** The value of a JSON text, or where and why it does not parse. */
export function parseJsonText(text: string): JsonTextResult {
  try {
    scan(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return { ok: false, message: error.message, position: error.position, ...lineAndColumn(text, error.position) };
  }
  return { ok: true, value: JSON.parse(text) };
}

/** "Line 3, column 12: …": how the editor words a JSON error. */
export function formatJsonError(result: Extract<JsonTextResult, { ok: false }>): string {
  return `Line ${result.line}, column ${result.column}: ${result.message}`;
}
