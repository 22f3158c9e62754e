import { ToolFailure } from "./tool-failure";

// The http tool's templates, each filled with the escaping of its place (docs/tools.md#templates):
//   path     "{input}" → encodeURIComponent(value); "." and ".." refused (they would walk the path);
//   query    the raw value, encoded by URLSearchParams;
//   header   the raw value; a CR, LF or other control character but tab refuses the call, since
//            it would end the header and start another;
//   body     a JSON template: a string that is exactly "{input}" becomes the input's JSON value (a
//            number stays a number), a string with placeholders inside gets the values as text;
//            the result is serialised once, never spliced as text.

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const EXACT_PLACEHOLDER = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

function textOf(raw: unknown): string {
  return raw === undefined || raw === null ? "" : typeof raw === "object" ? JSON.stringify(raw) : String(raw);
}

/** The tool's URL with `{name}` filled from the input, each value URL-encoded. */
export function buildToolUrl(template: string, input: Record<string, unknown>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = textOf(input[name]);
    if (/^\.{1,2}$/.test(value)) throw new ToolFailure("refused", `input ${name} may not be "${value}"`);
    return encodeURIComponent(value);
  });
}

/** A query or header template with the values as text, unescaped (the place escapes them). */
export function fillText(template: string, input: Record<string, unknown>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => textOf(input[name]));
}

/** A header's value, refused when it holds a line break or another control character (tab aside). */
export function headerValue(name: string, template: string, input: Record<string, unknown>): string {
  const value = fillText(template, input);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused
  if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value)) {
    throw new ToolFailure("refused", `header ${name} would hold a line break or a control character`);
  }
  return value;
}

/** The body template filled: exact placeholders become the inputs' JSON values. */
export function fillJson(template: unknown, input: Record<string, unknown>): unknown {
  if (typeof template === "string") {
    const exact = EXACT_PLACEHOLDER.exec(template);
    if (exact) return input[exact[1] ?? ""] ?? null;
    return fillText(template, input);
  }
  if (Array.isArray(template)) return template.map((item) => fillJson(item, input));
  if (template && typeof template === "object") {
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fillJson(value, input)]));
  }
  return template;
}
