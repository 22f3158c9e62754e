// Text a converter produced, as a source may keep it (docs/knowledge.md#uploaded-files): a PDF's text
// comes from its glyph maps and a fetched page's from someone else's server, not from a policed body.

/** The C0 controls the text policy allows (input-text-policy.ts): tab, line feed, carriage return. */
const KEPT_CONTROLS = new Set(["\t", "\n", "\r"]);

/**
 * The text as the text policy would admit it: a NUL would not store in jsonb, so controls other than
 * tab, line feed and carriage return are dropped; unpaired surrogates become U+FFFD.
 */
export function storable(text: string): string {
  let out = "";
  for (const char of text.toWellFormed()) {
    if (char >= " " || KEPT_CONTROLS.has(char)) out += char;
  }
  return out;
}

/** Whether the Markdown holds a line of text under its headings. */
export const hasText = (markdown: string) =>
  markdown.split("\n").some((line) => line.trim() !== "" && !/^#{1,6} /.test(line));
